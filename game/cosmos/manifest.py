"""Cosmos in the app: its engine, AI, table view and menu picture."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.cosmos.game import COSMOS

MANIFEST = GameManifest(
    engine=COSMOS,
    knowledge="game.cosmos.ai:CosmosKnowledge",
    agents="game.cosmos.ai:agents",
    view="scenes.views.cosmos.view",
    thumbnail="scenes.thumbnails:paint_cosmos",
)
