"""The registry of games: ids to Game objects, in menu order."""

from __future__ import annotations

from game.core.errors import UnknownGameError
from game.core.protocol import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.info.id in _GAMES:
        raise ValueError(f"game {game.info.id!r} registered twice")
    _GAMES[game.info.id] = game
    return game


def _load_builtin() -> None:
    if _GAMES:
        return
    from game.order_chaos.game import ORDER_CHAOS
    from game.rally.game import RALLY
    from game.worlds_collide.game import WORLDS_COLLIDE

    register(ORDER_CHAOS)
    register(WORLDS_COLLIDE)
    register(RALLY)


def all_games() -> list[Game]:
    _load_builtin()
    return list(_GAMES.values())


def get_game(game_id: str) -> Game:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES) or "none"
        raise UnknownGameError(f"unknown game {game_id!r} (registered: {known})") from None
