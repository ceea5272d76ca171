"""Whatever leaves the table from the pause menu asks first, and says the game is saved: Load game
used to leave at once. The pause menu also opens this game's guided game (or starts a guide
over), asking first, and its eight buttons fit a 1024x640 window."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core import autosaves
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game
from scenes.app import AppContext
from scenes.confirm import ConfirmScene
from scenes.guide.launch import open_guided
from scenes.guide.table import GuidedTableScene
from scenes.pause import PauseScene
from tests.scenes.gestures import press_ui_button as click
from tests.scenes.gestures import pump as frames
from tests.scenes.table_context import table_context

@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1280, 800)) as context:
        yield context


def person_moves(match: Match) -> None:
    """Play on until the person at the table has made a move (a game is kept from then on)."""
    while not match.person_moved():
        seat = match.to_act()[0]
        result = match.resolve_chance() if seat == CHANCE else match.submit(match.state.candidates(seat)[0])
        assert result.ok


def paused_table(ctx: AppContext, moved: bool = True) -> tuple[Any, PauseScene]:
    match = Match(get_game("order-chaos"), {"size": 5}, 1, ["human", "greedy"])
    match.autosave_path = autosaves.new_autosave_path("order-chaos")
    if moved:
        person_moves(match)
    table = ctx.scene("table", match)
    ctx.stack.clear_to(table)
    frames(ctx)
    table.open_pause()
    frames(ctx)
    pause = ctx.stack.top
    assert isinstance(pause, PauseScene)
    return table, pause


def test_load_game_asks_first_and_says_the_game_is_saved(ctx: AppContext) -> None:
    table, pause = paused_table(ctx)
    click(ctx, pause, "Load game")
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and table in ctx.stack.scenes, "nothing left yet"
    # play-test (eighteenth session): Continue would name the game loaded next, not this one
    assert "saved" in card.detail and "To continue" in card.detail and "Continue in" not in card.detail
    click(ctx, card, "Stay")
    assert ctx.stack.top is pause and table in ctx.stack.scenes
    click(ctx, pause, "Load game")
    click(ctx, ctx.stack.top, "Load game")
    menu = ctx.stack.top
    assert table not in ctx.stack.scenes and getattr(menu, "mode", None) == "load"
    assert table.match.autosave_path in autosaves.unfinished(), "the game left is kept"


def test_guided_game_from_the_pause_menu_asks_then_keeps_the_game_left(ctx: AppContext) -> None:
    table, pause = paused_table(ctx)
    click(ctx, pause, "Guided game")
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and "saved" in card.detail and table in ctx.stack.scenes
    assert "To continue" in card.detail
    click(ctx, card, "Guided game")
    guided = ctx.stack.top
    assert isinstance(guided, GuidedTableScene) and guided.match.game.info.id == "order-chaos"
    assert guided.match.autosave_path != table.match.autosave_path
    assert table.match.autosave_path in autosaves.unfinished()


def test_restart_the_guide_starts_it_over_in_the_same_autosave_slot(ctx: AppContext) -> None:
    assert open_guided(ctx, "order-chaos") is None
    frames(ctx)
    first = ctx.stack.top
    assert isinstance(first, GuidedTableScene)
    first.next_step()  # a step further on
    assert first.progress.index == 1
    first.open_pause()
    frames(ctx)
    pause = ctx.stack.top
    assert isinstance(pause, PauseScene)
    click(ctx, pause, "Restart the guide")
    assert isinstance(ctx.stack.top, ConfirmScene) and ctx.stack.top.question == "Restart the guide?"
    click(ctx, ctx.stack.top, "Restart")
    again = ctx.stack.top
    assert isinstance(again, GuidedTableScene) and again is not first
    assert again.progress.index == 0 and again.match.autosave_path == first.match.autosave_path


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1280, 800)])
def test_the_pause_menus_buttons_fit_the_window(ctx: AppContext, size: tuple[int, int]) -> None:
    pause = PauseScene(ctx, Match(get_game("order-chaos"), {"size": 5}, 1, ["human", "greedy"]))
    r = pause.layout(*size)
    window = pygame.Rect(0, 0, *size)
    buttons = [rect for name, rect in r.items() if name != "card"]
    assert len(buttons) == 8 and "guided" in r
    assert window.contains(r["card"]) and all(r["card"].contains(b) for b in buttons)
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])


def test_main_menu_asks_first_and_says_continue_brings_the_game_back(ctx: AppContext) -> None:
    """Main menu left the table at once; it asks now, as Load game and Quit do."""
    table, pause = paused_table(ctx)
    click(ctx, pause, "Main menu")
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and table in ctx.stack.scenes, "nothing left yet"
    assert "saved" in card.detail and "Continue" in card.detail
    click(ctx, card, "Stay")
    assert ctx.stack.top is pause and table in ctx.stack.scenes
    click(ctx, pause, "Main menu")
    click(ctx, ctx.stack.top, "Main menu")
    assert table not in ctx.stack.scenes and type(ctx.stack.top).__name__ == "MenuScene"
    assert table.match.autosave_path in autosaves.unfinished(), "the game left is kept"


def test_a_finished_match_is_not_promised_a_continue(ctx: AppContext) -> None:
    """Play-test (eighteenth session): the leave card after a finished match said Continue picks
    it up, with nothing to continue; it says where the game is kept instead."""
    table, pause = paused_table(ctx)
    match = table.match
    while not match.state.is_over():
        seat = match.to_act()[0]
        assert (match.resolve_chance() if seat == CHANCE else match.submit(match.state.candidates(seat)[0])).ok
    for button in ("Main menu", "Load game", "Quit"):
        click(ctx, pause, button)
        card = ctx.stack.top
        assert isinstance(card, ConfirmScene)
        assert "Continue" not in card.detail and "Finished games" in card.detail, (button, card.detail)
        click(ctx, card, "Stay")


def test_a_game_left_before_a_persons_move_is_not_promised_a_continue(ctx: AppContext) -> None:
    """A game no person has moved in is not kept for Continue (`Match.kept`), and the card says so."""
    table, pause = paused_table(ctx, moved=False)
    click(ctx, pause, "Main menu")
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and "Continue" not in card.detail and "not kept" in card.detail
    click(ctx, card, "Main menu")
    assert table.match.autosave_path not in autosaves.unfinished()


def test_a_game_whose_moves_were_all_taken_back_is_said_so(ctx: AppContext) -> None:
    """Play-test (eighteenth session): after a move and its undo, the card said "You have not
    made a move yet"; it says no move of the person's is on the board."""
    table, pause = paused_table(ctx, moved=False)
    match = table.match
    person_moves(match)
    seat = next(s for s, kind in enumerate(match.seats) if kind == "human")
    assert match.undo(seat).ok and not match.person_moved()
    click(ctx, pause, "Main menu")
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene)
    assert "No move of yours is on the board" in card.detail and "not made a move yet" not in card.detail
