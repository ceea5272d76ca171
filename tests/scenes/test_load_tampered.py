"""Opening a tampered save from the menu shows one line and keeps the menu (issue 19): a Rally
save whose `place_ship` faced 1.0 passed `check-save` and crashed the app at once when opened
from the Load list (the log tried to name direction 1.0)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.core import paths
from game.core.match import Match
from game.core.registry import get_game
from scenes.menu import MenuScene
from tests.random_play import random_match


def test_a_rally_save_facing_1_0_is_refused_with_one_line_in_the_menu(ui_ctx, tabletop_home: Path) -> None:
    match = random_match(Match(get_game("rally"), {}, 4, ["human", "human"]), random.Random(4), 25)
    data = json.loads(json.dumps(match.to_json()))
    place = next(i for i, c in enumerate(data["commands"]) if c["type"] == "place_ship")
    data["commands"][place]["direction"] = float(data["commands"][place]["direction"])
    path = paths.saves_dir() / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    menu = MenuScene(ui_ctx)
    ui_ctx.stack.push(menu)
    ui_ctx.stack.apply_pending()
    shown: list[str] = []
    menu._error = lambda text: shown.append(text) or False  # type: ignore[method-assign]
    assert menu.load_path(path) is False
    ui_ctx.stack.apply_pending()
    assert ui_ctx.stack.top is menu
    assert len(shown) == 1 and "\n" not in shown[0] and "direction" in shown[0]
