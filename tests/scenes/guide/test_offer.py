"""The guided game is offered once, on a game's first start (remembered in the settings, kept
on disk), from Quick play and from the set-up screen's Start; Learn to play on the set-up screen
opens it any time. Driven with real events through the menu's screens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from scenes.app import AppContext, step
from scenes.guide.offer import OfferScene
from scenes.guide.table import GuidedTableScene
from scenes.settings_store import Settings
from scenes.table import TableScene
from tests.scenes.gestures import press_ui_button as click_button
from tests.scenes.gestures import pump as frames
from tests.scenes.table_context import table_context

DT = 1 / 60


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1280, 800)) as context:
        yield context


def open_menu(ctx: AppContext) -> Any:
    ctx.stack.clear_to(ctx.scene("menu"))
    frames(ctx, 2)
    return ctx.stack.top


def test_the_offer_comes_once_per_game_and_is_remembered(ctx: AppContext) -> None:
    menu = open_menu(ctx)
    click_button(ctx, menu, "Quick play")  # the first row: Order & Chaos
    offer = ctx.stack.top
    assert isinstance(offer, OfferScene) and offer.question == "New to Order & Chaos?"
    click_button(ctx, offer, "Just play")
    table = ctx.stack.top
    assert type(table) is TableScene, "Just play starts the game that was being started"
    assert ctx.settings.guides_offered == ["order-chaos"]
    assert Settings.load().guides_offered == ["order-chaos"], "kept on disk"
    menu = open_menu(ctx)
    click_button(ctx, menu, "Quick play")
    assert type(ctx.stack.top) is TableScene, "asked once only"


def test_esc_goes_back_and_asks_again_next_time(ctx: AppContext) -> None:
    menu = open_menu(ctx)
    click_button(ctx, menu, "Quick play")
    assert isinstance(ctx.stack.top, OfferScene)
    step(ctx, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], DT)
    frames(ctx, 2)
    assert ctx.stack.top is menu and ctx.settings.guides_offered == []
    click_button(ctx, menu, "Quick play")
    assert isinstance(ctx.stack.top, OfferScene)


def test_the_set_up_screens_start_offers_it_and_guided_game_opens_it(ctx: AppContext) -> None:
    menu = open_menu(ctx)
    menu.new_game("worlds-collide")
    frames(ctx, 2)
    setup = ctx.stack.top
    click_button(ctx, setup, "Start")
    offer = ctx.stack.top
    assert isinstance(offer, OfferScene) and "Worlds Collide" in offer.question
    click_button(ctx, offer, "Guided game")
    guided = ctx.stack.top
    assert isinstance(guided, GuidedTableScene) and guided.script.game_id == "worlds-collide"
    assert ctx.settings.guides_offered == ["worlds-collide"]
    assert ctx.stack.scenes == [guided], "the guided game replaces the menus like any game"


def test_learn_to_play_on_the_set_up_screen_opens_the_guide_any_time(ctx: AppContext) -> None:
    ctx.settings.guides_offered = ["rally"]
    menu = open_menu(ctx)
    menu.new_game("rally")
    frames(ctx, 2)
    click_button(ctx, ctx.stack.top, "Learn to play")
    guided = ctx.stack.top
    assert isinstance(guided, GuidedTableScene) and guided.match.game.info.id == "rally"
    assert guided.match.autosave_path is not None


def test_the_settings_keep_only_a_list_of_names() -> None:
    from pathlib import Path
    import json
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps({"guides_offered": ["rally", 3]}), encoding="utf-8")
        assert Settings.load(path).guides_offered == [], "a list with anything but names is ignored"
        path.write_text(json.dumps({"guides_offered": ["rally"]}), encoding="utf-8")
        assert Settings.load(path).guides_offered == ["rally"]
        assert Settings().guides_offered == [] and Settings().guides_offered is not Settings().guides_offered


def test_a_guide_opened_from_the_set_up_screen_is_not_offered_again(ctx: AppContext) -> None:
    """Play-test (sixth session): after finishing Rally's guided game, opened with Learn to play,
    starting Rally still asked 'New to Entropy Rally?'."""
    menu = open_menu(ctx)
    menu.new_game("rally")
    frames(ctx, 2)
    click_button(ctx, ctx.stack.top, "Learn to play")
    assert isinstance(ctx.stack.top, GuidedTableScene)
    assert ctx.settings.guides_offered == ["rally"]


def test_a_hot_seat_set_up_is_not_offered_the_guide() -> None:
    """Play-test (sixth session): a 2-person Rally set-up was offered the guide, with Guided game
    the default button, so Enter would have thrown the set-up away."""
    from game.core.match import Match
    from game.core.registry import get_game
    from scenes.guide.launch import should_offer

    settings = Settings()
    rally = get_game("rally")
    assert should_offer(settings, Match(rally, {}, 1, ["human", "normal"]))
    assert not should_offer(settings, Match(rally, {}, 1, ["human", "human"]))
    assert not should_offer(settings, Match(rally, {}, 1, ["human", "human", "normal"]))
    assert not should_offer(settings, Match(rally, {}, 1, ["normal", "normal"]))
