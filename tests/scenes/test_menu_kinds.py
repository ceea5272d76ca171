"""Play-test (seventh session): the menu's "Worlds Collide" and "If Worlds Collide" rows could
not be told apart ("2-4 players, 6 characters" against "2 players, Side 1 vs Side 2", and at
1024x640 the titles alone). Each row says what sort of game it is, at every window size, and
numbered sides are not shown as a match-up."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.core.registry import get_game
from tests.scenes.test_menu import push


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1280, 800)])
def test_each_game_row_names_its_kind_and_no_row_shows_numbered_sides(ui_ctx, size) -> None:
    from scenes.menu import MenuScene

    ui_ctx.use_window(pygame.Surface(size))
    push(ui_ctx, MenuScene(ui_ctx))
    labels = [e for e in ui_ctx.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.alive()]
    texts = [e.text for e in labels]
    card = get_game("worlds-collide").info.kind
    battle = get_game("skirmish").info.kind
    assert card and battle and card != battle
    from game.core.registry import all_games

    for kind in {g.info.kind for g in all_games()}:  # every row (play-test: Cosmos's lost it at 1280x720)
        shown = [e for e in labels if kind in e.text]
        assert shown, (size, texts)
        assert all(e.font.size(e.text)[0] <= e.rect.w for e in shown), "whole, not cut"
    assert not any("Side 1" in t for t in texts), texts
