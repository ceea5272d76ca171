"""If Worlds Collide in the app: its engine, AI (its own agents too), table view and menu
picture. Listed in `registry.PACKAGES_IN_PROGRESS` until the table and the AI are merged and
measured together."""

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
