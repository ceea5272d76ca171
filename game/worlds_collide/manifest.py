"""Worlds Collide in the app: its engine, AI, table view and menu picture."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.worlds_collide.game import WORLDS_COLLIDE

MANIFEST = GameManifest(
    engine=WORLDS_COLLIDE,
    knowledge="game.worlds_collide.ai:WorldsCollideKnowledge",
    view="scenes.views.worlds_collide.view",
    thumbnail="scenes.thumbnails:paint_worlds_collide",
)
