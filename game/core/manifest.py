"""A game's manifest: the one place that ties a game to its engine, AI, view and thumbnail.

Each game package has `manifest.py` defining `MANIFEST`; the registries (`game.core.registry`,
`game.ai.knowledge`, `game.ai.agents`, `scenes.views`, `scenes.thumbnails`) read it instead of
keeping tables of their own. The id is the engine's `GameInfo.id`, written nowhere else.
`game/` never imports pygame or `scenes`, so every entry but the engine is a name,
"package.module" or "package.module:attribute", imported only by whoever needs it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from game.core.protocol import Game


@dataclass(frozen=True)
class GameManifest:
    engine: Game
    """The rules (`Game`); its `info.id` is the game's id."""
    knowledge: str | None = None
    """The AI's `Knowledge` factory, "module:attribute" (None: the generic `Knowledge`)."""
    agents: str | None = None
    """Its own agents, "module:attribute" of `(level, seed) -> Agent | None` (`game.ai.agents`)."""
    view: str | None = None
    """The table view's module, which defines `VIEW` (None: the game has no screen)."""
    thumbnail: str | None = None
    """The menu picture's painter `(size) -> Surface`, "module:attribute" (None: a neutral tile)."""

    @property
    def id(self) -> str:
        return self.engine.info.id


def resolve(name: str) -> Any:
    """The object a manifest entry names: a module ("a.b") or an attribute of one ("a.b:c")."""
    module, _, attribute = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found
