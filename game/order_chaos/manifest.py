"""Order & Chaos in the app: its engine, AI, table view and menu picture."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.order_chaos.game import ORDER_CHAOS

MANIFEST = GameManifest(
    engine=ORDER_CHAOS,
    knowledge="game.order_chaos.ai:OrderChaosKnowledge",
    agents="game.order_chaos.agents:agent_factory",
    view="scenes.views.order_chaos.view",
    thumbnail="scenes.thumbnails:paint_order_chaos",
)
