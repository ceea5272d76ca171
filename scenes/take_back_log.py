"""The table's log with undo's notes in it: "Undo: Crimson on Dd", at
the place in the story where it happened, for every game.

The match keeps the notes (`Match.take_backs`: where the log stood, whose move, its entries); the
game's view words the log (`GameView.log_lines`) and so also the move a note names, for the seat
whose eyes read the log (a secret stays one). Where a note goes among the lines is the number of
lines the log had at that point, worded once per position and viewer while history only grows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.match import Match, TakeBack
from game.core.words import LogEntry
from scenes.kit import palette
from scenes.kit.palette import Colour
from scenes.views.base import GameView, gap_verb

LogLine = tuple[str, Colour]


UNDO = "Undo: "
"""How undo's note begins: the word on the button that wrote it."""


def take_back_words(view: GameView, note: TakeBack, names: Sequence[str],
                    before: Sequence[LogEntry] = (), prior: Sequence[LogLine] | None = None,
                    briefer: bool = False) -> str:
    """'Undo: <the move>', then the other seats' replies taken back with it: in the view's few
    words when it has them ("Undo: Crimson Ff→Gf, Jade on Gg", `GameView.brief_move`), else
    as the log said them ("Undo: <its first line> (and 2 more); also <the computer's move>").
    Play-test: "Move taken back: Order (You) slid ...; also taken back: Chaos (Computer) placed
    ..." ran to three or four lines in the log at 1024x640.
    `before` is the log up to the move: a game whose words for a move depend on what came before
    reads it (the skirmish names a model from its deployment: alone, the move said "model 0");
    `prior`, the lines `before` makes, when the caller has them already. The move's lines are
    those the log gains, wherever the game's words put them (the skirmish writes an attack's
    line once its dice are kept, above the dice: a note that counted lines from the end named
    the dice, not the attack).
    `briefer`: the moves in the view's fewer words still (`GameView.briefer_move`) where it has
    them, for a note that would otherwise take two rows."""

    def brief(entries: Sequence[LogEntry]) -> str | None:
        return (briefer and view.briefer_move(entries)) or view.brief_move(entries)

    lines: list[LogLine] = []
    replies: list[LogLine] = []
    if note.entries or note.replies:
        if prior is None:
            prior = view.log_lines(list(before), names) if before else []
        lines = _without(view.log_lines([*before, *note.entries], names), prior)
        if note.replies:
            every = sorted([*note.entries, *note.replies], key=lambda e: e.ply)
            replies = _without(_without(view.log_lines([*before, *every], names), prior), lines)
    if not lines:  # a move the log does not tell (Rally: a card laid in your program)
        who = names[note.seat] if 0 <= note.seat < len(names) else f"Player {note.seat + 1}"
        words = f"{UNDO}{brief(note.entries) or view.brief_commands(note.commands) or f'a move by {who}'}"
    else:
        own = (view.undone_words(note.entries, [text for text, _ in lines]) or brief(note.entries)
               or f"{lines[0][0]}{_more(lines)}")
        words = f"{UNDO}{own}"
    if not replies:
        return words
    # play-test: undo took the computer's answer back too, and the note named only the move
    reply = brief(note.replies)
    return f"{words}, {gap_verb(words.removeprefix(UNDO), reply)}" if reply else f"{words}; also {replies[0][0]}{_more(replies)}"


def _more(lines: Sequence[LogLine]) -> str:
    return f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""


def _without(every: Sequence[LogLine], own: Sequence[LogLine]) -> list[LogLine]:
    """The lines of `every` left once each line of `own` is struck out once, in order."""
    left = [text for text, _ in own]
    out = []
    for line in every:
        if line[0] in left:
            left.remove(line[0])
        else:
            out.append(line)
    return out


class TakeBackLog:
    """The log lines with the notes put in; `forget` whenever history was cut (an undo)."""

    def __init__(self) -> None:
        self._before: dict[tuple[int, int], list[LogLine]] = {}
        self._words: dict[tuple[int, int, int, bool], str] = {}

    def forget(self) -> None:
        self._before.clear()
        self._words.clear()

    def lines(self, view: GameView, match: Match, names: Sequence[str],
              fits: Callable[[str], bool] | None = None) -> list[LogLine]:
        """The log's lines with the notes in; a note `fits` says would not fit (one row of the
        log panel) in the view's fewer words (`GameView.briefer_move`), when it has them."""
        lines = view.log_lines(match.log, names)
        if not match.take_backs:
            return lines
        colour = palette.TAKEN_BACK
        out = list(lines)
        for shift, note in enumerate(match.take_backs):
            key = (note.at, view.log_viewer())
            if key not in self._before:
                self._before[key] = view.log_lines(match.log[:note.at], names)
            words = self._worded(view, note, names, match, key, shift, False)
            if fits is not None and not fits(words):
                words = self._worded(view, note, names, match, key, shift, True)
            out.insert(_end_of(self._before[key], lines) + shift, (words, colour))
        return out

    def _worded(self, view: GameView, note: TakeBack, names: Sequence[str], match: Match,
                key: tuple[int, int], shift: int, briefer: bool) -> str:
        """A note's words (`take_back_words`), worded once per position, viewer and brevity."""
        words_key = (*key, shift, briefer)
        if words_key not in self._words:
            self._words[words_key] = take_back_words(view, note, names, match.log[:note.at],
                                                     self._before[key], briefer)
        return self._words[words_key]


def _end_of(before: Sequence[LogLine], lines: Sequence[LogLine]) -> int:
    """Where the log's lines as they were at a note (`before`) end among its lines now: just past
    the last of them, matched in order. A game whose words put a later line above earlier ones
    (the skirmish writes an attack's line above its dice once they are kept) keeps the note after
    the lines it followed (play-test: after an undone keep and a re-roll the note fell between
    the attack and its first dice). Where they do not all match (a run merged since), their count."""
    if not before:
        return 0
    k = 0
    for i, (text, _) in enumerate(lines):
        if text == before[k][0]:
            k += 1
            if k == len(before):
                return i + 1
    return len(before)
