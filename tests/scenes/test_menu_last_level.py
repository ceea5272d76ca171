"""The menu's "Last game" note names the computers' levels, and Continue resumes at them
(play-test: the note said "You vs Computer", and the level played was nowhere to be seen)."""

from __future__ import annotations

import pygame
import pytest

from game.core import autosaves
from game.core.match import Match
from game.core.registry import get_game
from scenes.app import step

DT = 1 / 60


def frames(ctx, n: int = 2) -> None:
    for _ in range(n):
        step(ctx, pygame.event.get(), DT)


def unfinished(seats: list[str]) -> Match:
    match = Match(get_game("order-chaos"), {}, 5, seats)
    match.resolve_chance()
    match.save(autosaves.new_autosave_path("order-chaos"))
    return match


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_last_game_note_names_the_computers_level(tabletop_home, size) -> None:
    from scenes.app import create_context
    from scenes.menu import MenuScene
    from scenes.settings_store import Settings

    unfinished(["human", "hard"])
    ctx = create_context(Settings(guides_offered=["order-chaos"]), size=size)
    try:
        menu = MenuScene(ctx)
        ctx.stack.push(menu)
        frames(ctx)
        texts = [label.text for label in menu.continue_note]
        assert texts[0] == "Last game: Order & Chaos"
        assert "You vs Computer (hard)" in texts[1:], texts
        assert any(t.startswith("Half 1 of 2") for t in texts), "the level costs no line of the note's rest"
        assert "You vs Computer (hard)" in menu.buttons["continue"].tool_tip_text
        menu.continue_game()
        frames(ctx)
        assert ctx.stack.top.match.seats == ["human", "hard"]
    finally:
        while ctx.stack.scenes:
            ctx.stack._pop()


def test_players_too_long_for_the_note_lose_their_levels_not_their_names(ui_ctx) -> None:
    from scenes.menu import MenuScene

    menu = MenuScene(ui_ctx)
    ui_ctx.stack.push(menu)
    frames(ui_ctx)
    menu.can_continue = True
    players = " vs ".join(f"Computer {i} (normal)" for i in range(1, 5))
    menu.continue_words = "  ·  ".join(("Entropy Rally", players, "Era 2"))
    menu.continue_short = "  ·  ".join(("Entropy Rally", "Computer 1 vs Computer 2 vs Computer 3 vs You", "Era 2"))
    menu.build(1024, 640)
    texts = [label.text for label in menu.continue_note]
    assert "Computer 1 vs Computer 2 vs Computer 3 vs You" in texts, texts
