"""The registry of games: ids to Game objects and their manifests, in menu order.

A game is registered by its package's `manifest.py` (`game.core.manifest`) and its package's
name in `GAME_PACKAGES`; the list is written out rather than found by scanning, so the menu
order is explicit and the PyInstaller bundle needs nothing special.
"""

from __future__ import annotations

import importlib
from typing import Any

from game.core.errors import UnknownGameError
from game.core.manifest import GameManifest, resolve
from game.core.protocol import Game

GAME_PACKAGES: tuple[str, ...] = ("game.order_chaos", "game.worlds_collide", "game.rally", "game.skirmish",
                                   "game.cosmos")
"""The built-in games' packages, in menu order; each has `manifest.py` defining `MANIFEST`."""
PACKAGES_IN_PROGRESS: tuple[str, ...] = ()
"""Game engines still being built (Cosmos: issue 14): not in the menus
(`all_games`) until they are complete, but `get_game` finds them (a save made by a tool loads)
and the conformance suite runs on them (`in_progress_games`); listed so that no engine package
is forgotten."""

_GAMES: dict[str, Game] = {}
_MANIFESTS: dict[str, GameManifest] = {}
_loaded = False
_ALONE: dict[str, GameManifest] = {}
"""Games loaded one by one (`load_alone`), by id: answered from while the registry as a whole is not loaded."""


def register(manifest: GameManifest) -> Game:
    """Add a game; its id is its engine's."""
    game_id = manifest.id
    if game_id in _GAMES:
        raise ValueError(f"game {game_id!r} registered twice")
    _GAMES[game_id] = manifest.engine
    _MANIFESTS[game_id] = manifest
    return manifest.engine


def load_manifest(package: str) -> GameManifest:
    """The `MANIFEST` of `package.manifest`."""
    manifest = importlib.import_module(f"{package}.manifest").MANIFEST
    if not isinstance(manifest, GameManifest):
        raise TypeError(f"{package}.manifest.MANIFEST is not a GameManifest")
    return manifest


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    manifests = [load_manifest(package) for package in GAME_PACKAGES]  # all or none
    _loaded = True
    for manifest in manifests:
        register(manifest)


def load_alone(package: str) -> Game:
    """Make one built-in game (its package, one of `GAME_PACKAGES`) known without importing the others.

    For a program that plays that game only: the `codecup` player's start imported all five games
    (shapely and numpy for the skirmish), 10-22 s at a heavy load before its first answer (issue 18).
    Until something needs every game (`all_games`, or an id not loaded alone), `get_game` and
    `find_manifest` answer for this one from its own manifest; after that from the whole registry,
    which holds the same manifest object.
    """
    if package not in GAME_PACKAGES:
        raise ValueError(f"{package!r} is not a built-in game package")
    manifest = load_manifest(package)
    _ALONE[manifest.id] = manifest
    return manifest.engine


def _alone(game_id: str) -> GameManifest | None:
    """The manifest of a game loaded alone, while the whole registry is not loaded (after, None)."""
    return None if _loaded else _ALONE.get(game_id)


def all_games() -> list[Game]:
    _load_builtin()
    return list(_GAMES.values())


def in_progress_games() -> list[Game]:
    """The engines of `PACKAGES_IN_PROGRESS` (not offered to players yet)."""
    return [load_manifest(package).engine for package in PACKAGES_IN_PROGRESS]


def get_game(game_id: str) -> Game:
    alone = _alone(game_id)
    if alone is not None:
        return alone.engine
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        for game in in_progress_games():
            if game.info.id == game_id:
                return game
        known = ", ".join(_GAMES) or "none"
        raise UnknownGameError(f"unknown game {game_id!r} (registered: {known})") from None


def find_manifest(game_id: str) -> GameManifest | None:
    """The game's manifest, or None for an unknown id (or a game registered without one). An
    engine still in progress is found too (as `get_game` finds it), so its screen can be tried
    (`play`, `shot`) and its AI played (`arena`) before it is in the menus."""
    alone = _alone(game_id)
    if alone is not None:
        return alone
    _load_builtin()
    found = _MANIFESTS.get(game_id)
    if found is None:
        found = next((m for m in map(load_manifest, PACKAGES_IN_PROGRESS) if m.id == game_id), None)
    return found


def manifest_entry(game_id: str, entry: str) -> Any:
    """The object a game's manifest names for `entry` ("knowledge", "agents", "thumbnail"),
    imported; None when the game has no manifest or the manifest names nothing there."""
    manifest = find_manifest(game_id)
    name = None if manifest is None else getattr(manifest, entry)
    return None if name is None else resolve(name)
