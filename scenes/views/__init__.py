"""Game id -> table view class, from the module each game's manifest names (`GameManifest.view`)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from game.core.registry import find_manifest

if TYPE_CHECKING:
    from scenes.views.base import GameView

_MODULES: dict[str, str] = {}
"""Views plugged in by `register_view_module`, over the manifests' (tests, games without one)."""


def register_view_module(game_id: str, module: str) -> None:
    """Plug in a view for a game: the module must define `VIEW` (its GameView subclass)."""
    _MODULES[game_id] = module


def view_module_name(game_id: str) -> str | None:
    """Where the game's view lives: a registered module, else its manifest's, else None."""
    if game_id in _MODULES:
        return _MODULES[game_id]
    manifest = find_manifest(game_id)
    return None if manifest is None else manifest.view


def view_module(game_id: str) -> ModuleType:
    """The module of a game's view (it may also offer `shot_match(seed, seats)`, a representative
    position for `shot` and `bench render` when random play makes a poor one)."""
    module = view_module_name(game_id)
    if module is None:
        raise KeyError(f"no table view for game {game_id!r}")
    return importlib.import_module(module)


PLAIN_VIEW = "scenes.views.plain"
"""The table of a game without a view of its own (an engine whose screens are still being built)."""


def view_class(game_id: str) -> type[GameView]:
    """The game's view class; `PLAIN_VIEW`'s when the game names none."""
    module = view_module(game_id) if has_view(game_id) else importlib.import_module(PLAIN_VIEW)
    cls: type[GameView] = module.VIEW
    return cls


def has_view(game_id: str) -> bool:
    return view_module_name(game_id) is not None
