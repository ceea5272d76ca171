"""GUI entry points used by `game.cli`: the main menu, or straight onto a table."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core import paths  # noqa: E402
from game.core.errors import EntropyError  # noqa: E402
from game.core.match import HUMAN, Match  # noqa: E402
from game.core.registry import get_game  # noqa: E402

DEFAULT_AI = "normal"


def default_seats(game_id: str) -> list[str]:
    """Human first, then the normal AI for every other seat."""
    info = get_game(game_id).info
    return [HUMAN] + [DEFAULT_AI] * (max(2, info.min_players) - 1)


def build_match(game_id: str, seats: Sequence[str] | None = None, seed: int | None = None,
                load_path: Path | None = None) -> Match:
    """The match `play` opens: from a save (SaveFileError says what is wrong) or fresh."""
    if load_path is not None:
        match = Match.load(Path(load_path))
        if match.game.info.id != game_id:
            raise EntropyError(f"{load_path} is a save of {match.game.info.id}, not {game_id}")
    else:
        game = get_game(game_id)
        info = game.info
        seat_list = list(seats) if seats else default_seats(game_id)
        if not info.min_players <= len(seat_list) <= info.max_players:
            span = (str(info.min_players) if info.min_players == info.max_players
                    else f"{info.min_players} to {info.max_players}")
            raise EntropyError(f"{info.title} needs {span} seats, not {len(seat_list)}")
        match = Match(game, {}, seed if seed is not None else random.randrange(1, 2**31), seat_list)
    match.autosave_path = paths.autosave_path()
    return match


def run_menu() -> int:
    from scenes.app import run
    from scenes.menu import MenuScene

    return run(MenuScene)


def run_play(game_id: str, seats: Sequence[str] | None, seed: int | None, load_path: Path | None) -> int:
    match = build_match(game_id, seats, seed, load_path)  # errors surface before a window opens
    try:
        from scenes.table import TableScene
    except ImportError:
        raise EntropyError("the game table is not part of this build yet") from None
    from scenes.app import run

    return run(lambda ctx: TableScene(ctx, match))
