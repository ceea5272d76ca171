"""Cosmos in the app: only its engine so far (the AI and the table are the next stages of issue
14), so it is listed in `registry.PACKAGES_IN_PROGRESS`, not in the menus."""

from __future__ import annotations

from game.core.manifest import GameManifest
from game.cosmos.game import COSMOS

MANIFEST = GameManifest(engine=COSMOS)
