"""Entropy Rally in the app: its engine, AI (its own agents too), table view and menu picture."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.rally.game import RALLY

MANIFEST = GameManifest(
    engine=RALLY,
    knowledge="game.rally.ai:RallyKnowledge",
    agents="game.rally.ai:agent_factory",
    view="scenes.views.rally.view",
    thumbnail="scenes.thumbnails:paint_rally",
)
