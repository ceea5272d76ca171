"""GUI entry points used by `game.cli`: the main menu, or straight onto a table."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core import autosaves, paths  # noqa: E402
from game.core.errors import EntropyError  # noqa: E402
from game.core.match import HUMAN, SEAT_KINDS, Match, sweep_stray_temp_files  # noqa: E402
from game.core.registry import get_game  # noqa: E402
from scenes.scene_names import scene_class  # noqa: E402

if TYPE_CHECKING:
    from scenes.app import AppContext
    from scenes.stack import Scene

DEFAULT_AI = "normal"
CRASH_TITLE = "Entropy Tabletop stopped"


def default_seats(game_id: str, level: str = DEFAULT_AI) -> list[str]:
    """Human first, then the computer at `level` (normal by default) for every other seat."""
    info = get_game(game_id).info
    return [HUMAN] + [level] * (max(2, info.min_players) - 1)


def build_match(game_id: str, seats: Sequence[str] | None = None, seed: int | None = None,
                load_path: Path | None = None) -> Match:
    """The match `play` opens: from a save (SaveFileError says what is wrong) or fresh. Seats
    named with a save take over its seats (play-test: `--seats human,normal --load` kept the
    save's two people without a word)."""
    if load_path is not None:
        match = Match.load(Path(load_path))
        if match.game.info.id != game_id:
            raise EntropyError(f"{load_path} is a save of {match.game.info.id}, not {game_id}")
        if seats:
            if len(seats) != len(match.seats):
                raise EntropyError(f"{load_path} is a game of {len(match.seats)} seats, not {len(seats)}")
            bad = [kind for kind in seats if kind not in SEAT_KINDS]
            if bad:
                raise EntropyError(f"unknown seat {bad[0]!r} (use {', '.join(SEAT_KINDS)})")
            match.seats = list(seats)
    else:
        game = get_game(game_id)
        info = game.info
        seat_list = list(seats) if seats else default_seats(game_id)
        if not info.min_players <= len(seat_list) <= info.max_players:
            span = (str(info.min_players) if info.min_players == info.max_players
                    else f"{info.min_players} to {info.max_players}")
            raise EntropyError(f"{info.title} needs {span} seats, not {len(seat_list)}")
        match = Match(game, {}, seed if seed is not None else random.randrange(1, 2**31), seat_list)
    match.autosave_path = autosaves.autosave_for(Path(load_path) if load_path is not None else None,
                                                 match.game.info.id,
                                                 match.to_json() if load_path is not None else None)
    return match


def sweep_user_folders() -> None:
    """At start, remove the temp files that writes cut short by a hard kill left beside the
    autosave, the settings and the saves (game.core.match.sweep_stray_temp_files)."""
    try:
        folders = [paths.user_data_dir(), paths.saves_dir(), paths.autosaves_dir()]
    except OSError:
        return
    for folder in folders:
        sweep_stray_temp_files(folder)
    autosaves.adopt_legacy()  # an earlier version's single autosave joins the others
    autosaves.prune()
    autosaves.drop_unplayed()


def run_menu() -> int:
    return run_guarded(lambda ctx: ctx.scene("menu"))


def run_play(game_id: str, seats: Sequence[str] | None, seed: int | None, load_path: Path | None) -> int:
    match = build_match(game_id, seats, seed, load_path)  # errors surface before a window opens
    try:
        scene_class("table")
    except ImportError as exc:
        from scenes.widgets import table_failed  # (pygame_gui: only when it is needed)

        raise EntropyError(table_failed(exc)) from None
    return run_guarded(lambda ctx: ctx.scene("table", match))


# --- the last-resort handler: a crash never just vanishes --------------------------------

def run_guarded(first_scene: Callable[[AppContext], Scene]) -> int:
    """scenes.app.run, but an unexpected exception becomes a crash log, a message and exit code 1."""
    from scenes import app

    sweep_user_folders()
    try:
        return app.run(first_scene)
    except Exception as exc:  # noqa: BLE001 - anything the screens did not expect
        return report_crash(exc)


def crash_message(log: Path, can_continue: bool) -> str:
    """What the player reads after a crash (in the message box and, shorter, on stderr)."""
    parts = ["Something unexpected went wrong and the game had to close."]
    if can_continue:
        parts.append("Your game was saved after the last move: choose Continue in the main menu to pick it up.")
    parts.append(f"A crash report was written to:\n{log}\nPlease attach it if you report the problem.")
    return "\n\n".join(parts)


def report_crash(exc: BaseException) -> int:
    """Write the crash log, close the window, tell the player where the log is; returns 1."""
    from game import __version__
    from game.core.crash import write_crash_log

    try:
        log = write_crash_log(exc, __version__)
    except Exception:  # noqa: BLE001 - not even the temp folder: say so on stderr at least
        log = None
    try:
        can_continue = bool(autosaves.unfinished())
    except Exception:  # noqa: BLE001
        can_continue = False
    where = f"details in {log}" if log is not None else "no crash log could be written"
    print(f"entropy-tabletop: crashed ({type(exc).__name__}: {exc}); {where}", file=sys.stderr)
    if log is None:
        import traceback

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        return 1
    _close_window()
    if not _headless():
        show_message(CRASH_TITLE, crash_message(log, can_continue))
    return 1


def _headless() -> bool:
    """No one can click a message box under SDL's dummy/offscreen drivers (tests, CI)."""
    return os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen")


def _close_window() -> None:
    try:
        import pygame

        pygame.display.quit()
    except Exception:  # noqa: BLE001, S110 - best effort: the message box must still show
        pass


def show_message(title: str, text: str) -> None:
    """A native error message box (pygame-ce >= 2.5); silently nothing where SDL cannot show one."""
    try:
        import pygame

        pygame.display.message_box(title, text, message_type="error")
    except Exception:  # noqa: BLE001, S110 - stderr already has the one-line message
        pass
