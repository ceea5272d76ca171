"""Play-test (seventh session): the menu's "Worlds Collide" and "If Worlds Collide" rows could
not be told apart ("2-4 players, 6 characters" against "2 players, Side 1 vs Side 2"). Each row
says what sort of game it is, and numbered sides are not shown as a match-up."""

from __future__ import annotations

from pygame_gui.elements import UILabel

from game.core.registry import get_game
from tests.scenes.test_menu import push


def test_each_game_row_names_its_kind_and_no_row_shows_numbered_sides(ui_ctx) -> None:
    from scenes.menu import MenuScene

    push(ui_ctx, MenuScene(ui_ctx))
    texts = [e.text for e in ui_ctx.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.alive()]
    card = get_game("worlds-collide").info.kind
    battle = get_game("skirmish").info.kind
    assert card and battle and card != battle
    assert any(card in t for t in texts), texts
    assert any(battle in t for t in texts), texts
    assert not any("Side 1" in t for t in texts), texts
