"""Game id -> table view class. Each game module registers its own view lazily."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.views.base import GameView

_MODULES: dict[str, str] = {
    "order-chaos": "scenes.views.order_chaos",
    "worlds-collide": "scenes.views.worlds_collide",
    "rally": "scenes.views.rally",
}
"""Where each game's view lives; a module defines `VIEW` (its GameView subclass)."""


def register_view_module(game_id: str, module: str) -> None:
    """Plug in a later game's view: the module must define `VIEW`."""
    _MODULES[game_id] = module


def view_class(game_id: str) -> type[GameView]:
    try:
        module = _MODULES[game_id]
    except KeyError:
        raise KeyError(f"no table view for game {game_id!r}") from None
    cls: type[GameView] = importlib.import_module(module).VIEW
    return cls


def view_module(game_id: str) -> ModuleType:
    """The module of a game's view (it may also offer `shot_match(seed, seats)`, a representative
    position for `shot` and `bench render` when random play makes a poor one)."""
    return importlib.import_module(_MODULES[game_id])


def has_view(game_id: str) -> bool:
    return game_id in _MODULES
