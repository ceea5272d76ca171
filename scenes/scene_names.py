"""Screens by name: a screen opens another through `AppContext.scene(name, ...)`, never by
importing its module.

Imported directly, the screens formed one import circle of a dozen modules (the table opens the
pause menu, the pause menu the main menu, the main menu the table). Here each name maps to the
module and class that make it, imported on first use; a build without a screen's module gets an
ImportError from `scene_class`, which callers that can do without it catch.
"""

from __future__ import annotations

import importlib
from typing import Any

SCENES: dict[str, tuple[str, str]] = {
    "menu": ("scenes.menu", "MenuScene"),
    "setup": ("scenes.setup", "SetupScene"),
    "table": ("scenes.table", "TableScene"),
    "pause": ("scenes.pause", "PauseScene"),
    "game_over": ("scenes.game_over", "GameOverScene"),
    "handoff": ("scenes.handoff", "HandoffScene"),
    "ai_failed": ("scenes.ai_failed", "AiFailedScene"),
    "confirm": ("scenes.confirm", "ConfirmScene"),
    "rules": ("scenes.rules_help", "RulesScene"),
    "settings": ("scenes.settings", "SettingsScene"),
    "replay": ("scenes.replay", "ReplayScene"),
    "guided_table": ("scenes.guide.table", "GuidedTableScene"),
    "guide_offer": ("scenes.guide.offer", "OfferScene"),
}


def scene_class(name: str) -> Any:
    """The class of the screen called `name` (KeyError for a name no screen has)."""
    module, cls = SCENES[name]
    return getattr(importlib.import_module(module), cls)
