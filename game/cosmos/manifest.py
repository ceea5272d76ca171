"""Cosmos in the app: its engine and AI (the table is the next stage of issue 14), so it is listed
in `registry.PACKAGES_IN_PROGRESS`, not in the menus."""

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
