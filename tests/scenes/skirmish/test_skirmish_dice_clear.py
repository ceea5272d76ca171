"""Play-test (fifteenth session): a roll's dice lay at the tray's left, over its buttons and
words. They lie in the table's frame now, beside the mat (or over a corner of it clear of the
models when zoomed in), and a press on one still picks it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.skirmish.game import SKIRMISH
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.views.skirmish.layout import DICE_PAD, dice_spot
from scenes.views.skirmish.view import SkirmishView
from tests.games.skirmish.test_skirmish_rules import two_dice_rolled
from tests.scenes.skirmish.test_skirmish_view import ctx  # noqa: F401

PLAY_AREAS = {(1024, 640): pygame.Rect(0, 64, 754, 576), (1280, 720): pygame.Rect(0, 72, 973, 648)}
"""The view's play area in a window of each size (`TableScene.on_resize`: the top strip and
the side panel taken off)."""


def rolled_view(ctx: AppContext, size: tuple[int, int]) -> SkirmishView:  # noqa: F811
    state = two_dice_rolled(3, 1, 2)
    view = SkirmishView(ctx, SKIRMISH, TextCache(ctx.font))
    view.set_seats(["Player 1", "Player 2"], [True, True])
    view.set_view(state.view(0))
    view.layout(PLAY_AREAS[size])
    view._build_tray()
    return view


def assert_clear(view: SkirmishView, n: int) -> None:
    area = view._dice_area(n)
    panel = area.inflate(2 * DICE_PAD, 2 * DICE_PAD)
    assert view.lay.table.contains(panel), "the dice lie in the table's frame"
    assert not panel.colliderect(view.lay.tray) and not panel.colliderect(view.lay.bar)
    buttons = [rect for rect, label, _, _ in view.tray if label]
    assert buttons and panel.collidelist(buttons) < 0, "no button under the dice"
    assert panel.collidelist(view._base_rects()) < 0, "no model under the dice"
    assert all(area.contains(rect) for _, rect in view._dice_rects(n))


@pytest.mark.parametrize("size", sorted(PLAY_AREAS))
@pytest.mark.parametrize("n", [1, 2, 4, 6, 9])
def test_the_dice_lie_clear_of_the_tray_and_its_buttons(ctx: AppContext, size: tuple[int, int],  # noqa: F811
                                                        n: int) -> None:
    assert_clear(rolled_view(ctx, size), n)


@pytest.mark.parametrize("size", sorted(PLAY_AREAS))
def test_zoomed_in_the_dice_keep_off_the_tray_and_the_models(ctx: AppContext, size: tuple[int, int]) -> None:  # noqa: F811
    view = rolled_view(ctx, size)
    view.camera.zoom_at(3.0, view.camera.to_screen((6.0, 4.0)), 1.0, 200.0)
    view._build_tray()
    assert view._mat_rect().contains(view.lay.table), "the mat fills the frame: no room beside it"
    assert_clear(view, 2)


def test_a_spot_over_the_models_is_taken_only_when_every_spot_is() -> None:
    table = pygame.Rect(0, 0, 400, 300)
    everywhere = [pygame.Rect(0, 0, 400, 300)]
    assert table.contains(dice_spot(3, table, table, everywhere))
    corner = [pygame.Rect(0, 200, 200, 100)]  # the bottom left taken: the bottom right
    assert dice_spot(3, table, table, corner).right > 300


def test_a_press_on_a_die_picks_it_and_does_not_pan(ctx: AppContext) -> None:  # noqa: F811
    view = rolled_view(ctx, (1024, 640))
    (d0, r0), _ = view._dice_rects(2)
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r0.center, button=1)
    assert not view.view_pointer(press) and view.panning is None
    assert view.view_click(r0.center) and view.picked_dice == {d0}
