"""What the Load list says about each save: the game, who sits at it, how far it has come and
when it was saved, read straight from the save's JSON (no replay, so a long list opens at once).
A finished game (its own part of the list, for its replay) says its result instead of how far
('You won 84–71', from the save's `result`). An autosave's row starts 'Autosave:' and its
tooltip says when it was autosaved (play-test: a game's autosave and a save of it made from the
pause menu read alike; 'Unfinished:' did not say which one the app had written by itself); its
second line says 'autosaved' before the time, so that line alone tells them apart too.

A file that cannot be a save of a known game says why in one line instead; opening it still
goes through `Match.load`, which checks everything (a save whose moves no longer replay is
only found out then).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from game.core import autosaves, paths
from game.core.errors import EntropyError
from game.core.match import SAVE_FORMAT, SEAT_KINDS, read_json
from game.core.registry import get_game
from game.core.text import join_names
from scenes.seat_names import seat_labels, seat_long_labels

LONG_TITLE = 64
"""A row's first line longer than this (in characters) names the seats without their levels."""
AUTOSAVED = "autosaved "
"""Before an autosave's time on its row's second line (`SaveEntry.spare`)."""


@dataclass
class SaveEntry:
    path: Path
    title: str
    """First line: 'Rally · You vs Computer (normal)' (or the file's trouble)."""
    detail: str
    """Second line: 'Era 3 · 22 Nov 10:13', an autosave's 'Era 3 · autosaved 22 Nov 10:13' (or the
    file's one-line error)."""
    error: bool = False
    keep: str = ""
    """The end of `detail` a narrow row keeps whole (' · 22 Nov 10:13', ' · autosaved 22 Nov
    10:13'): when it was saved matters as much as how far, so the progress is cut first
    (`fit_text`)."""
    spare: str = ""
    """The words of `keep` a row too narrow for all of `detail` leaves out before it cuts the
    progress (an autosave's 'autosaved ': its first line says 'Autosave:' anyway)."""
    full: str = ""
    """Everything the row says, uncut, with the full date (the row's tooltip)."""
    game: str = ""
    """The first line's game part ('Autosave: Order & Chaos'), when the title is too wide for
    a row: the row then gives the players a line of their own."""
    players: str = ""
    """The first line's players part ('You vs Computer (greedy)'); `players_short` without levels."""
    players_short: str = ""
    finished: bool = False
    """A finished game (the Load list's Finished games): replayed, never continued."""


def _moment(data: dict[str, Any], path: Path) -> float | None:
    """The save's own time stamp (UTC in the file); else the file's date; None if neither."""
    stamp = data.get("saved_at")
    moment: float | None = None
    if isinstance(stamp, str):
        try:
            moment = datetime.fromisoformat(stamp).timestamp()
        except ValueError:
            moment = None
    if moment is None:
        try:
            moment = path.stat().st_mtime
        except OSError:
            return None
    return moment


def _when(moment: float | None) -> str:
    """'Thu 26 Nov 2026, 10:08' in local time (the tooltip's full date)."""
    return "" if moment is None else time.strftime("%a %d %b %Y, %H:%M", time.localtime(moment))


def _short_when(moment: float | None) -> str:
    """'26 Nov 10:08' in local time (the year too when it is not this one): short enough for a
    row of the list at the smallest window."""
    if moment is None:
        return ""
    local = time.localtime(moment)
    this_year = local.tm_year == time.localtime().tm_year
    return time.strftime("%d %b %H:%M" if this_year else "%d %b %Y %H:%M", local).lstrip("0")


def _stamp(moment: float | None, autosave: bool) -> str:
    """A row's second line's end: when it was saved ('22 Nov 10:13'), for an autosave 'autosaved
    22 Nov 10:13' (only the first line told an autosave from a save made by hand; the second
    read the same). A narrow row keeps it whole (`SaveEntry.keep`)."""
    when = _short_when(moment)
    return f"{AUTOSAVED}{when}".rstrip() if autosave else when


def fit_text(text: str, fits: Callable[[str], bool], keep: str = "", spare: str = "") -> str:
    """`text` if it `fits`; else, `spare` (words inside `keep`) left out if that fits; else its
    start cut with '…' before `keep` (its ending, shown whole), without `spare`; when not even
    '…' and `keep` fit, the whole text cut at its end."""
    if fits(text):
        return text
    if spare and spare in keep and text.endswith(keep):
        shorter = keep.replace(spare, "", 1)
        return fit_text(text[:len(text) - len(keep)] + shorter, fits, shorter)
    tail = keep if keep and text.endswith(keep) else ""
    head = text[:len(text) - len(tail)]
    while head and not fits(head.rstrip() + "…" + tail):
        head = head[:-1]
    if head:
        return head.rstrip() + "…" + tail
    if tail:
        return fit_text(text, fits)
    return "…"


def _progress(data: dict[str, Any]) -> str:
    """The save's own words ('Era 3'); an older save without them: how many moves were made."""
    words = data.get("progress")
    if isinstance(words, str) and words:
        return words
    moves = sum(1 for c in data.get("commands", []) if isinstance(c, dict) and c.get("seat", 0) != -1)
    return f"{moves} move{'s' if moves != 1 else ''} made"


def _score(value: float) -> str:
    return f"{value:g}"


def result_words(result: object, labels: list[str]) -> str:
    """A finished game's outcome from its save's `result` ({winners, scores}), as the Load list
    says it: 'You won 84–71', 'You lost 71–84', 'Computer 2 won 60–52–41', 'A draw, 80–80',
    '37 points' (solo); 'Finished' when the save does not say (an older save)."""
    if not isinstance(result, dict):
        return "Finished"
    winners, scores = result.get("winners"), result.get("scores")
    n = len(labels)
    if not (isinstance(winners, list) and isinstance(scores, list) and len(scores) == n and n > 0
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in scores)
            and winners and all(isinstance(w, int) and 0 <= w < n for w in winners)):
        return "Finished"
    if n == 1:
        return f"{_score(scores[0])} points"
    best_first = "–".join(_score(v) for v in sorted(scores, reverse=True))
    if len(winners) == n:
        return f"A draw, {best_first}"
    you = labels.index("You") if "You" in labels else None
    if you is not None and you in winners:
        return f"You {'won' if len(winners) == 1 else 'shared the win'} {best_first}"
    if you is not None and n == 2:
        return f"You lost {_score(scores[you])}–{_score(scores[1 - you])}"
    names = join_names([labels[w] for w in winners])
    return f"{names} {'won' if len(winners) == 1 else 'shared the win'} {best_first}"


def summarise(path: Path, autosave: bool = False, finished: bool | None = False) -> SaveEntry:
    """One row of the Load list for `path` (never raises); `finished`: a row of the Finished
    games, which says the result where the others say how far (None: as the file says, for a
    save made by hand, which may be of a game already over)."""
    label = "Finished" if finished else "Autosave" if autosave else path.stem
    try:
        data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise EntropyError("not an Entropy Tabletop save file")
        if finished is None:
            finished = data.get("progress") == autosaves.FINISHED
        game = get_game(str(data.get("game")))
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) and s in SEAT_KINDS for s in seats):
            raise EntropyError("its seats cannot be read")
    except EntropyError as exc:
        return SaveEntry(path, f"{label} · cannot be opened", _one_line(str(exc), path), error=True)
    except Exception as exc:  # noqa: BLE001 - one odd file must not take the list down
        return SaveEntry(path, f"{label} · cannot be opened", exc.__class__.__name__, error=True)
    title = game.info.title if finished or not autosave else f"{label}: {game.info.title}"
    names = data.get("names")
    who = SimpleNamespace(seats=seats, names=names if isinstance(names, list) and all(
        isinstance(n, str) for n in names) else [])
    short = " vs ".join(seat_labels(who))
    players = " vs ".join(seat_long_labels(who))
    if len(title) + len(players) > LONG_TITLE:  # four seats with levels: the names alone
        players = short
    moment = _moment(data, path)
    keep = f" · {_stamp(moment, autosave and not finished)}"
    spare = AUTOSAVED if autosave and not finished else ""
    head = f"{title} · {players}"
    if finished:
        result = result_words(data.get("result"), seat_labels(who))
        full = f"{head}<br>{result}<br>Ended {_when(moment)}<br>{path.name}: click to watch the replay"
        return SaveEntry(path, head, f"{result}{keep}", keep=keep, full=full, game=title, players=players,
                         players_short=short, finished=True)
    how = f"Autosaved {_when(moment)} (the app rewrites it after every move)" if autosave else \
        f"Saved {_when(moment)}"
    full = f"{head}<br>{_progress(data)}<br>{how}<br>{path.name}: click to open"
    return SaveEntry(path, head, f"{_progress(data)}{keep}", keep=keep, full=full, game=title, players=players,
                     players_short=short, spare=spare)


def _one_line(text: str, path: Path) -> str:
    """An error without the folder part of the path (the row already names the file)."""
    return " ".join(text.replace(str(path), path.name).split())


def _saved_by_hand() -> list[SaveEntry]:
    """The rows of saves/, newest first; a finished game's says its result (`summarise`)."""
    try:
        files = sorted((p for p in paths.saves_dir().glob("*.json") if p.is_file()),
                       key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        files = []
    return [summarise(p, finished=None) for p in files]


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves() -> list[SaveEntry]:
    """Every unfinished game's autosave first, then saves/ (games not over, and files that cannot
    be read), each newest first."""
    out = [summarise(path, autosave=True) for path in autosaves.unfinished()]
    return out + [entry for entry in _saved_by_hand() if not entry.finished]


def list_finished() -> list[SaveEntry]:
    """Every finished game, newest first, for its replay: the autosaves kept
    (`autosaves.KEEP_FINISHED`) and the games over saved by hand into saves/ (which stayed among
    the games to continue, where there was nothing to continue)."""
    rows = [summarise(path, finished=True) for path in autosaves.finished()]
    rows += [entry for entry in _saved_by_hand() if entry.finished]
    return sorted(rows, key=lambda entry: _mtime(entry.path), reverse=True)
