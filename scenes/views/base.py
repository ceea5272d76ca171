"""The small interface a game's table view implements; TableScene knows only this.

A view turns a seat's `view()` dict into pixels and hit areas, turns events into
animations, and words the turn banner and the log. It never touches the Match:
the table does the playing, the view does the showing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from itertools import groupby
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.decisions import Decision
from game.core.match import LogEntry
from game.core.protocol import Command, Event, Game, Seat, Target
from game.core.words import ALERT, HEADLINE, PLAIN, QUIET, Line
from scenes.animation import Animator
from scenes.input.regions import DropRegion
from scenes.kit.hold import ContinueHold
from scenes.pacing import PULSE, STILL
from scenes.sprites.text import TextCache

if TYPE_CHECKING:
    from scenes.app import AppContext

Colour = tuple[int, int, int]
Point = tuple[float, float]
ViewDict = dict[str, Any]

TONE_COLOURS: dict[str, Colour] = {PLAIN: (220, 220, 220), QUIET: (150, 156, 172), HEADLINE: (236, 204, 132),
                                   ALERT: (255, 130, 110)}
"""The log's colours for the generic tones (a view maps its game's own tones itself)."""


def brief_by_command(entries: Sequence[LogEntry], brief: Callable[[Event], str | None],
                     shown: Callable[[Event], Event | None], runs: bool = False,
                     aside: Callable[[Event], str | None] | None = None) -> str | None:
    """Undo's note for `entries` in few words (`GameView.brief_move`): each command by the first
    of its events that `brief` words, as `shown` lets the log's reader see it (a redacted copy,
    None: not at all); what followed from it left out ("Ronin kept a Shard" for the keep, its
    two discards and a new round). With `runs`, a seat's commands in a row are said by the
    first with "…" after it (Cosmos: a computer's turn of a move and its steps). A command none
    of whose events `brief` words is said by the first that `aside` words (Cosmos: "You paid 2
    entropy", for an exchange, where a cost only follows an activated star). None when no
    command is worded."""
    said: list[tuple[int, Seat, str]] = []
    for ply, run in groupby(entries, key=lambda entry: entry.ply):
        group = list(run)
        events = [ev for ev in (shown(entry.event) for entry in group) if ev is not None]
        words = next((w for w in map(brief, events) if w), None) or \
            (next((w for w in map(aside, events) if w), None) if aside is not None else None)
        if words:
            said.append((ply, group[0].seat, words))
    if runs:
        kept: list[tuple[int, Seat, str]] = []
        for ply, seat, words in said:
            if kept and kept[-1][1] == seat:
                kept[-1] = (kept[-1][0], seat, kept[-1][2].removesuffix(" \u2026") + " \u2026")
            else:
                kept.append((ply, seat, words))
        said = kept
    return ", ".join(_gapped([words for _, _, words in said])) or None


def _gapped(phrases: Sequence[str]) -> list[str]:
    out: list[str] = []
    for i, phrase in enumerate(phrases):
        out.append(gap_verb(phrases[i - 1], phrase) if i else phrase)
    return out


def gap_verb(before: str, phrase: str) -> str:
    """`phrase` without its verb when it repeats the verb of `before`'s last phrase, as English
    does ("You deployed Meridian Surveyor, Computer Hearth-Chief"): a row less in the log at
    1024x640. Only a verb in -ed ("placed", "moved"): "Amber on Bb, Jade on Gg" keeps its "on"."""
    last, words = before.rsplit(", ", 1)[-1].split(" "), phrase.split(" ")
    if len(words) > 2 and len(last) > 2 and words[1] == last[1] and words[1].endswith("ed") and words[0] != last[0]:
        return " ".join([words[0], *words[2:]])
    return phrase


@dataclass
class Overlay:
    """What the table wants shown on top of the position this frame."""

    held: Target | None = None
    """The source being dragged or selected."""
    drag_pos: Point | None = None
    """Where the mouse carries the held piece (None when only selected)."""
    drag_offset: Point = (0.0, 0.0)
    legal: list[Target] = field(default_factory=list)
    """Destinations that would make a legal command from `held`."""
    movable: list[Target] = field(default_factory=list)
    """Sources the human to act may pick up."""
    hover: Target | None = None
    hint: tuple[Target, Target | None] | None = None
    clickable: list[Target] = field(default_factory=list)
    """Targets a single click would act on now (from `GameView.clicks`, legal ones only)."""
    time: float = 0.0
    """Seconds since the table opened (for pulsing highlights)."""


@dataclass(frozen=True)
class Action:
    """A button the view offers the seat to act (Pass, End turn...)."""

    label: str
    source: Target
    tooltip: str = ""
    key: int | None = None
    confirm: str = ""
    """Set for a step that cannot be taken back: the table asks "<label>?" with these words
    (why it matters) before acting."""
    icon: str = "play-button"
    """The icon on the confirmation card's go-on button (an `assets/icons/ui` name): what the
    step does, e.g. a pause for stopping a round, not a "play" arrow."""


TAKE_BACK = Target("take_back")
"""An `Action` with this source asks the table to take history back to the view's
`cancel_point` (Cosmos's "Cancel action"), not to play a command: the button is greyed, with
the Match's reason, when that point lies behind new information or another player's move."""


@dataclass(frozen=True)
class Announcement:
    """A big centred banner (half time, last round...)."""

    title: str
    subtitle: str = ""
    colour: Colour = (236, 204, 132)


class GameView(ABC):
    """Base class; `layout` gets the play area (the table leaves room for its bars)."""

    def __init__(self, ctx: AppContext, game: Game, text: TextCache) -> None:
        self.ctx = ctx
        self.game = game
        self.text = text
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.view: ViewDict = {}
        self.seat_names: list[str] = []
        """Set by the table: how each seat is called ("You", "Computer", "Player 2")."""
        self.seat_humans: list[bool] = []
        """Set by the table (`set_seats`): True for each seat a person plays. Views decide
        who is a person from this, never from the seat's name."""
        self.notice: str | None = None
        """A refusal the view's own choices met (`view_click`: a pick the rules forbid), for the
        table to say as it says the engine's refusals; the table clears it once shown."""
        self.hold: ContinueHold | None = None
        """A moment kept on screen until Continue (`continue_prompt`); a view sets it after an
        animation everybody should read."""
        self.public_screen = False
        """Set by the table: on a shared screen, the seat shown was given it without a hand-off
        (a public step): nothing private of that seat may be drawn."""
        self.read_only = False
        """Set by the replay viewer: nobody acts on this view, so it draws no prompt for input
        (a drag hint, key hints, "Your hand"); the table leaves it False."""

    def set_seats(self, names: Sequence[str], humans: Sequence[bool]) -> None:
        """The table tells the view each seat's name and whether a person plays it."""
        self.seat_names = list(names)
        self.seat_humans = list(humans)

    def is_human(self, seat: Seat) -> bool:
        return 0 <= seat < len(self.seat_humans) and self.seat_humans[seat]

    @abstractmethod
    def layout(self, rect: pygame.Rect) -> None:
        """Place everything inside `rect` (called on open and on every resize)."""

    def set_view(self, view: ViewDict) -> None:
        """The position changed (a move, an undo): show this view from now on."""
        self.view = view

    @abstractmethod
    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        """Draw the position, the running animations and the overlay."""

    @abstractmethod
    def hit_test(self, pos: Point) -> Target | None:
        """The Target under `pos` (a cell, a pile, a card...), or None."""

    @abstractmethod
    def sources(self, seat: Seat) -> list[Target]:
        """Pieces `seat` might pick up now (the table keeps those with legal targets)."""

    @abstractmethod
    def anchor(self, target: Target) -> Point | None:
        """Screen centre of a target (snap-back, hint arrows)."""

    @abstractmethod
    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict,
                origin: Point | None) -> None:
        """Start animations for these events; `origin` is where a dragged piece was dropped."""

    recall_depth: int = 0
    """How many of a loaded game's last moves `recall` wants (0: none, the default)."""

    def recall(self, steps: Sequence[tuple[ViewDict, Sequence[Event], ViewDict]]) -> None:
        """A game opened from its save: its last moves (at most `recall_depth`) as the seat on
        screen saw them, each as (view before, events, view after), for a view that keeps a record
        of what it played back (Rally's "Replay chaos"). Nothing by default."""

    def snap_back(self, source: Target, from_pos: Point, animator: Animator) -> None:
        """Animate a refused piece back home."""

    @abstractmethod
    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        """The turn banner: whose turn and what to do, and the role colour."""

    def actions(self, seat: Seat) -> list[Action]:
        return []

    def tooltip(self, pos: Point) -> str | None:
        return None

    def clicks(self, seat: Seat) -> list[Target]:
        """Targets that might act on a single click (a card to play, a pile to aim at);
        the table keeps those `Game.find_command` accepts and highlights them."""
        return []

    def view_click(self, pos: Point) -> bool:
        """A click the view handles itself (open a pile browser...); True if it used it."""
        return False

    def view_event(self, event: pygame.event.Event) -> bool:
        """A key or mouse-wheel event the view handles itself (turn a piece before dropping it);
        asked before the table's own shortcuts. True if it used it."""
        return False

    def view_pointer(self, event: pygame.event.Event) -> bool:
        """A mouse button or motion event the view uses itself before the table's drag and click
        handling (e.g. dragging empty map to pan it). True if it used it."""
        return False

    def hold_chance(self, watch_paused: bool) -> bool:
        """True to make the table wait before resolving the next chance step (a view that plays a
        phase back step by step, with its own pause / step controls). `watch_paused` is the
        table's own pause (Space, the Pause button when computers are watched)."""
        return False

    def can_pause(self) -> bool:
        """True while the view plays something back that Space / Pause can hold (the table
        also pauses watched computers on its own)."""
        return False

    def has_secrets(self, view: ViewDict) -> bool:
        """True when this seat's view holds something the other players must not see (a hand,
        programs). The hot-seat table switches between two seats without a hand-off screen only
        when neither view has any (Rally's set-up: nobody holds a card yet)."""
        return True

    def hold_moves(self, watch_paused: bool) -> bool:
        """True to keep computers from moving while the table is paused even though people
        still play (a view whose pause holds every automatic step, not only chance steps)."""
        return False

    def set_paused(self, paused: bool) -> None:
        """The table's pause as it is now (told every frame), for a view that draws its own
        pause control."""

    def pause_note(self, own_move: bool) -> str:
        """What the table says when Space / Pause pauses it: what the pause holds and what the
        player can still do (`own_move`: a person may act now, and a pause never holds that)."""
        if own_move:
            return "Paused: only the computers' moves wait; yours is still yours to make. Space resumes."
        return "Paused: press Space to resume."

    def pause_request(self) -> bool:
        """True once after the view's own Pause / Play control was clicked: the table toggles
        its one pause (the same as Space and its Pause button)."""
        return False

    def spectating(self) -> bool:
        """True when every person at the table is out of the game while computers play on:
        the table then offers to watch (pause) or skip to the end."""
        return False

    def handoff_again(self) -> bool:
        """True when the whole table has just watched something public on a shared screen (a
        reveal): the table then shows the hand-off again before the seat on screen acts, even
        though the seat does not change. `screen_taken` clears it."""
        return False

    def screen_taken(self) -> None:
        """The table handed the screen to a seat (its person pressed "I'm ready")."""

    def private_decision(self, view: ViewDict) -> bool:
        """True when the decision the seat of `view` must make now needs what only that seat
        may see (its hand, a secret choice). On a shared screen the table then hands the
        screen over with "I'm ready" first; a public decision (False) is shown at once, with
        that seat's secrets drawn as the others see them (`public_screen`)."""
        return True

    def continue_prompt(self, now: float) -> str | None:
        """What the table keeps on screen until Continue (`hold`), or None: the table's flow
        waits while it stands and only the Continue button (Enter) acts."""
        if self.hold is not None and not self.hold.standing(now):
            self.hold = None
        return self.hold.words if self.hold is not None else None

    def held_words(self) -> str | None:
        """The held moment's words, without starting its countdown (the table's button and keys)."""
        return self.hold.words if self.hold is not None else None

    def continue_label(self, now: float) -> str:
        return self.hold.label(now) if self.hold is not None else "Continue"

    def press_continue(self) -> None:
        """Continue was pressed: the held moment ends."""
        self.hold = None

    def over_reason(self) -> str:
        """Why the game ended, in a sentence for the game-over screen ('' when the game does
        not say)."""
        return str(self.view.get("over_reason") or "")

    def result_width(self, height: int) -> int:
        """How wide the game-over card's explanation of the result would like to be at `height`
        pixels high (Order & Chaos's two final boards, Worlds Collide's revealed cards, Rally's
        chart); 0, the default: the game has none and the card shows the scores alone. Asked
        on a view holding the neutral observer's final view (`game.core.replay.OBSERVER`)."""
        return 0

    def draw_result(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the explanation of the result (see `result_width`) inside `rect`."""

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        """Source and destination that show a command (a hint) on the board."""
        return None

    def log_lines(self, entries: Sequence[LogEntry], seat_names: Sequence[str]) -> list[tuple[str, Colour]]:
        """The log in the view's words (`log_words`) for `log_viewer`, coloured by `tone_colour`."""
        lines = self.log_words(entries, seat_names, self.log_viewer())
        return [(line.text, self.tone_colour(line)) for line in lines]

    def log_words(self, entries: Sequence[LogEntry], seat_names: Sequence[str], viewer: Seat) -> list[Line]:
        """The log's lines for `viewer`, as the table's log and the replay viewer both show them:
        `Game.describe_log` by default; a view that knows more than the events say words it
        from what it shows (Cosmos: the action on each rondel space)."""
        return self.game.describe_log(entries, seat_names, viewer)

    def drop_regions(self, seat: Seat, source: Target) -> list[DropRegion]:
        """Regions of the table (world units) where `source` may be dropped, beside the hit
        targets: a drop inside one is the Target(zone, point=the world point). None by default;
        a continuous table (the skirmish's reach) lists its shapes here."""
        return []

    def free_drop(self, pos: Point) -> Target | None:
        """What a drag let go at `pos`, over no piece, was dropped on, for the reason the engine
        gives when the piece may not be dragged now; None by default (a board of pieces: no
        reason is said). A continuous table gives the point (`Target` with `point`)."""
        return None

    def drop_point(self, source: Target, world: Point) -> Point:
        """Where `source` let go at the world point `world` is put down: `world` by default; a
        continuous table may settle it (the skirmish sets a model let go just short of a friend,
        as drawn, against it)."""
        return world

    def to_world(self, pos: Point) -> Point:
        """A screen position in the view's world units (inches on a skirmish table); screen
        pixels by default, for views without a camera."""
        return pos

    def input_hint(self, seat: Seat) -> str | None:
        """The side bar's one-line "how to act" for `seat`, when the table's generic words ("Drag,
        or click once to play") would mislead here (a pick that waits for Lock in); None: those."""
        return None

    def stage(self, command: Command) -> bool:
        """A legal command a click or a drop made, offered to the view before it is played: a
        view that wants select-then-confirm (a secret choice that can still be picked up again)
        keeps it and offers its own confirming `Action`; True if it kept it. Default: play it."""
        return False

    def preview(self, source: Target, target: Target | None) -> None:
        """Called on every pointer move while `source` is dragged, with the target a drop there
        would make (None: nothing): a view shows what would happen (a path and its length,
        sight lines, cover) before the player lets go. Nothing by default."""

    def plays_forced(self, decision: Decision) -> bool:
        """True to have the table play a person's `decision` by itself when it has one option
        only (Cosmos: a Mission step with no mission met, an Action step with nothing left
        but ending it); never after an undo. False by default."""
        return False

    def handoff_is_fresh(self) -> bool:
        """The hand-off the view asked for (`handoff_again`) passes the screen afresh rather than
        giving it back after a moment everyone watched (Rally: cards dealt after the set-up, when
        nobody had held the screen for a secret yet). False by default."""
        return False

    def plays_for(self, decision: Decision) -> Command | None:
        """The command the table plays by itself for a person's `decision` (never after an undo),
        None to let the person decide. Default: its one option when `plays_forced` says so. A view
        may also name one option of several that needs no thought (Cosmos: Primordial Soup's gains
        on landing there; nothing is lost by taking them, and the person still ends the step)."""
        if len(decision.options) == 1 and decision.open_choice is None and self.plays_forced(decision):
            return decision.options[0]
        return None

    def cancel_point(self, commands: Sequence[Command], seat: Seat) -> int | None:
        """Where a `TAKE_BACK` action cuts the Match's `commands` back to for `seat` (the start of
        a step under way), or None when there is nothing to take back. None by default."""
        return None

    def draws_decision(self, decision: Decision) -> bool:
        """Whether this view shows `decision` on its own board (drags, its own buttons); the
        table draws a decision the view does not in the generic decision panel. The three
        first games draw all of theirs."""
        return True

    def log_viewer(self) -> Seat:
        """Whose eyes the log is read with; -1 (a seat that knows nothing secret) by default."""
        return -1

    def undone_words(self, entries: Sequence[LogEntry], lines: Sequence[str]) -> str | None:
        """How undo's note names a move taken back, given its log entries and the lines the log
        lost (`scenes.take_back_log`); None: by its first line, as the log said it. A view words
        a move whose lines say something else (the skirmish's kept roll: its attack's line)."""
        return None

    def brief_commands(self, commands: Sequence[Command]) -> str | None:
        """A move taken back that the log told nothing of, by its commands ("You ended the
        move"), for undo's note; None (the default): "a move by <seat>"."""
        return None

    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """The moves of `entries` (a move taken back, or the replies taken back with it) in a
        few words for undo's note ("Crimson Ff→Gf"), so the note keeps to a line or so, telling
        no more than the log tells `log_viewer`; None (the default): the note says them by
        their log lines."""
        return None

    def briefer_move(self, entries: Sequence[LogEntry]) -> str | None:
        """`brief_move` in fewer words still, for a note that would take two rows in the log
        (`scenes.take_back_log.TakeBackLog.lines`); None (the default): there is no shorter."""
        return None

    def tone_colour(self, line: Line) -> Colour:
        """A log line's colour from its tone (`game.core.words`); views add their games' tones
        and colour `SEAT` lines by seat."""
        return TONE_COLOURS.get(line.tone, TONE_COLOURS[PLAIN])

    def log_stale(self) -> bool:
        """True when `log_lines` would now give other lines (a view revealing lines in step with
        its playback); the table then asks again."""
        return False

    def announcement(self, animator: Animator) -> Announcement | None:
        return None

    def shown_to_act(self, to_act: list[Seat]) -> list[Seat]:
        """The seats the side panel marks as acting: by default whoever must act. A view still
        showing what led to the decision (Rally's round playback) marks nobody yet, or the panel
        would tell of a card before it is played."""
        return to_act

    def busy_words(self) -> str | None:
        """Why Hint and Undo wait now: the view plays back something the person asked to watch
        (Rally's "Replay chaos"), in words for the greyed buttons' tooltips; None by default."""
        return None

    def next_frame_in(self, overlay: Overlay, animator: Animator) -> float:
        """Seconds until the board looks different without input, tweens aside (the table
        draws every frame while `animator` has any): see `Scene.next_frame_in`. This default
        pulses whatever `overlay` highlights (`overlay.time` drives the pulse); a view that
        moves on its own (a camera glide) or pulses less says so."""
        if overlay.hint is not None or overlay.held is not None or overlay.movable or overlay.clickable:
            return PULSE
        return STILL

    def role_of(self, seat: Seat) -> str:
        """The seat's current role name (for seat labels), '' when the game has none."""
        return ""

    def keep_clear(self) -> list[pygame.Rect]:
        """The boxes on screen a note laid over the table (the guide's) should leave in sight:
        a score, what a seat can still play, the pieces themselves. This default names none."""
        return []
