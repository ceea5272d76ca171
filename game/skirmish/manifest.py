"""If Worlds Collide in the app: its engine, table view and menu picture (its AI is another
stage of issue 13). Listed in `registry.PACKAGES_IN_PROGRESS` until the AI is in too."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.skirmish.game import SKIRMISH

MANIFEST = GameManifest(
    engine=SKIRMISH,
    view="scenes.views.skirmish.view",
    thumbnail="scenes.thumbnails:paint_skirmish",
)
