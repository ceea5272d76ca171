"""If Worlds Collide in the app: its engine, AI (its own agents too), table view and menu picture."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.skirmish.game import SKIRMISH

MANIFEST = GameManifest(
    engine=SKIRMISH,
    knowledge="game.skirmish.ai.agent:SkirmishKnowledge",
    agents="game.skirmish.ai.agent:agent_factory",
    view="scenes.views.skirmish.view",
    thumbnail="scenes.thumbnails:paint_skirmish",
)
