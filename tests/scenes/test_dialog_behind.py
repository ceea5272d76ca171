"""A question sits over the screen it came from, dimmed but in sight: the Quit card over the pause
menu and the guide's offer over the main menu used to leave that screen's panel empty (its
buttons are hidden while it is covered; `scenes.ui_picture`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pygame
import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.confirm import ConfirmScene
from scenes.guide.offer import OfferScene
from scenes.pause import PauseScene
from scenes.ui_picture import widgets_picture
from tests.scenes.gestures import ui_button as button
from tests.scenes.table_context import table_context

DT = 1 / 60
VEIL = (8, 9, 14)
ALPHA = 175


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1280, 800)) as context:
        yield context


def frames(ctx: AppContext, n: int = 2) -> None:
    for _ in range(n):
        step(ctx, [], DT)


def pixels(ctx: AppContext, rect: pygame.Rect) -> np.ndarray:
    return pygame.surfarray.array3d(ctx.screen.subsurface(rect)).astype(float)


def assert_seen_dimmed(before: np.ndarray, after: np.ndarray) -> None:
    """`after` is `before` under the card's veil: same picture, darker (not an empty panel)."""
    a = ALPHA / 255
    expected = before * (1 - a) + np.array(VEIL, dtype=float) * a
    assert before.std() > 20, "the region holds a widget worth seeing"
    assert np.abs(after - expected).mean() < 4


def test_the_quit_card_shows_the_pause_menu_behind_it(ctx: AppContext) -> None:
    table = ctx.scene("table", Match(get_game("order-chaos"), {"size": 5}, 1, ["human", "greedy"]))
    ctx.stack.push(table)
    frames(ctx)
    pause = PauseScene(ctx, table.match)
    ctx.stack.push(pause)
    frames(ctx)
    resume = pygame.Rect(button(pause, "Resume").rect)
    before = pixels(ctx, resume)
    pause.quit()
    frames(ctx)
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and not card._card.colliderect(resume)
    assert_seen_dimmed(before, pixels(ctx, resume))


def test_the_guides_offer_shows_the_menu_behind_it(ctx: AppContext) -> None:
    ctx.settings.guides_offered = []
    ctx.stack.clear_to(ctx.scene("menu"))
    frames(ctx)
    menu = ctx.stack.top
    quick = button(menu, "Quick play")
    region = pygame.Rect(quick.rect)
    before = pixels(ctx, region)
    menu.press(quick)  # the first row: Order & Chaos, never offered its guide
    frames(ctx)
    offer = ctx.stack.top
    assert isinstance(offer, OfferScene) and not offer._card.colliderect(region)
    assert_seen_dimmed(before, pixels(ctx, region))


def test_the_picture_follows_a_resize_and_goes_when_the_card_does(ctx: AppContext) -> None:
    table = ctx.scene("table", Match(get_game("order-chaos"), {"size": 5}, 1, ["human", "greedy"]))
    ctx.stack.push(table)
    pause = PauseScene(ctx, table.match)
    ctx.stack.push(pause)
    frames(ctx)
    pause.quit()
    frames(ctx)
    assert pause.picture is not None and pause.picture.get_size() == (1280, 800)
    ctx.screen = pygame.display.set_mode((1024, 640))
    ctx.ui.set_window_resolution((1024, 640))
    ctx.stack.on_resize((1024, 640))
    assert pause.picture is not None and pause.picture.get_size() == (1024, 640)
    ctx.stack.top.close()  # Stay
    frames(ctx)
    assert ctx.stack.top is pause and pause.picture is None


def test_the_button_that_opened_the_card_is_pictured_unlit(ctx: AppContext) -> None:
    """The picture under the Quit card showed Quit as the pointer left it, lit (hovered); the
    screen behind a card is drawn at rest."""
    table = ctx.scene("table", Match(get_game("order-chaos"), {"size": 5}, 1, ["human", "greedy"]))
    ctx.stack.push(table)
    pause = PauseScene(ctx, table.match)
    ctx.stack.push(pause)
    frames(ctx)
    quit_rect = pygame.Rect(button(pause, "Quit").rect)
    at_rest = pygame.surfarray.array3d(widgets_picture(ctx.ui, pause.root, ctx.size).subsurface(quit_rect))
    pygame.mouse.set_pos(quit_rect.center)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=quit_rect.center, rel=(0, 0), buttons=(0, 0, 0))], DT)
    frames(ctx)
    lit = pygame.surfarray.array3d(widgets_picture(ctx.ui, pause.root, ctx.size).subsurface(quit_rect))
    assert np.abs(lit.astype(float) - at_rest).mean() > 2, "the pointer lights the button (else nothing is tested)"
    pause.quit()  # as its click does, the pointer still on it
    frames(ctx)
    assert pause.picture is not None
    shown = pygame.surfarray.array3d(pause.picture.subsurface(quit_rect))
    assert np.abs(shown.astype(float) - at_rest).mean() < 1
