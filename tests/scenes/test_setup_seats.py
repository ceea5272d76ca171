"""The set-up screen's seats: swapped (two seats) or moved up one (more), and remembered per game
for the next set-up and for Quick play's computer level (play-test: a game set up against the
hard computer came back against the normal one)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.core import paths
from scenes.app import step

DT = 1 / 60


def frames(ctx, n: int = 2) -> None:
    for _ in range(n):
        step(ctx, pygame.event.get(), DT)


def click(ctx, element) -> None:
    pos = element.rect.center
    pygame.mouse.set_pos(pos)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    frames(ctx, 2)


def setup_of(ctx, game_id: str):
    from scenes.setup import SetupScene

    setup = SetupScene(ctx, game_id)
    ctx.stack.push(setup)
    frames(ctx, 2)
    return setup


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("game_id", ["order-chaos", "rally"])
def test_two_seats_swap_with_one_button_inside_the_card(tabletop_home, size, game_id) -> None:
    from scenes.app import create_context
    from scenes.settings_store import Settings

    ctx = create_context(Settings(), size=size)
    try:
        setup = setup_of(ctx, game_id)
        assert setup.seats == ["human", "normal"] and not setup.move_buttons
        swap = setup.swap_button
        assert setup._cards[0].contains(swap.rect)
        elements = setup.root.get_container().elements
        others = [label.rect for label in setup.seat_labels] + [e.rect for e in elements
                                                                  if e is not swap and getattr(e, "text", "") in ("−", "+")]
        assert not any(swap.rect.colliderect(r) for r in others), "clear of the seats and of − / +"
        heading = next(e for e in elements if getattr(e, "text", "") == "Players")
        assert swap.rect.left > heading.rect.x + heading.font.size("Players")[0] + 10
        click(ctx, swap)
        assert setup.seats == ["normal", "human"]
        assert [label.text for label in setup.seat_labels] == ["Computer", "You"]
    finally:
        while ctx.stack.scenes:
            ctx.stack._pop()


def test_the_swap_says_which_role_each_seat_starts_as(ui_ctx) -> None:
    tip = setup_of(ui_ctx, "order-chaos").swap_button.tool_tip_text
    assert "Order" in tip and "Chaos" in tip


def test_a_swap_takes_the_typed_names_along(ui_ctx) -> None:
    setup = setup_of(ui_ctx, "order-chaos")
    setup.seats = ["human", "human"]
    setup.rebuild()
    setup.name_entries[0].set_text("Anna")
    setup.name_entries[1].set_text("Ben")
    click(ui_ctx, setup.swap_button)
    assert [setup.name_entries[i].get_text() for i in (0, 1)] == ["Ben", "Anna"]
    assert setup.build_match().names == ["Ben", "Anna"]


def test_more_seats_each_move_up_one_and_the_first_has_no_button(ui_ctx) -> None:
    setup = setup_of(ui_ctx, "rally")
    setup.seats = ["human", "easy", "hard", "random"]
    setup.rebuild()
    assert setup.swap_button is None
    assert sorted(setup.move_buttons) == [1, 2, 3]
    card = setup._cards[0]
    for i, button in setup.move_buttons.items():
        assert card.contains(button.rect)
        group = setup.seat_groups[i]
        controls = [b.rect for b in getattr(group, "buttons", {}).values()] or [group.forward.rect]
        assert not any(button.rect.colliderect(r) for r in controls), "beside the seat's control, not on it"
    click(ui_ctx, setup.move_buttons[2])
    assert setup.seats == ["human", "hard", "easy", "random"]
    click(ui_ctx, setup.move_buttons[1])
    assert setup.seats == ["hard", "human", "easy", "random"]


def test_the_seats_a_game_started_with_are_remembered_for_that_game(ui_ctx) -> None:
    from scenes.settings_store import Settings

    setup = setup_of(ui_ctx, "order-chaos")
    setup.set_seat(1, "hard")
    click(ui_ctx, setup.swap_button)
    click(ui_ctx, setup.start_button)
    assert Settings.load().last_seats == {"order-chaos": ["hard", "human"]}
    ui_ctx.stack.clear_to(_fresh_setup(ui_ctx, "order-chaos"))
    frames(ui_ctx, 2)
    again = ui_ctx.stack.top
    assert again.seats == ["hard", "human"]
    again.set_game("rally")  # another game keeps its own seats
    assert again.seats == ["human", "normal"]


def _fresh_setup(ctx, game_id: str):
    from scenes.setup import SetupScene

    return SetupScene(ctx, game_id)


def test_a_broken_remembered_entry_is_left_out_and_the_rest_kept(tabletop_home) -> None:
    from scenes.settings_store import Settings

    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text(json.dumps({"last_seats": {
        "order-chaos": ["human", "hard"], "rally": ["human", "godlike"], "cosmos": "human", "x": []}}))
    loaded = Settings.load()
    assert loaded.last_seats == {"order-chaos": ["human", "hard"]}
    assert loaded.computer_level("order-chaos") == "hard" and loaded.computer_level("rally") == "normal"


def test_quick_play_keeps_the_level_last_set_up_and_says_so(ui_ctx) -> None:
    from scenes.menu import MenuScene

    ui_ctx.settings.remember_seats("order-chaos", ["hard", "human"])
    menu = MenuScene(ui_ctx)
    ui_ctx.stack.push(menu)
    frames(ui_ctx, 2)
    assert "hard computer" in menu.quick_buttons["order-chaos"].tool_tip_text
    assert "normal computer" in menu.quick_buttons["rally"].tool_tip_text
    click(ui_ctx, menu.quick_buttons["order-chaos"])
    assert ui_ctx.stack.top.match.seats == ["human", "hard"]


def test_a_seat_stepper_tells_the_level_it_shows(tabletop_home) -> None:
    """Play-test (eighteenth session): the narrow window's level stepper had one tooltip listing
    every level in a run-on line; it describes the level shown, and follows a step."""
    from scenes.app import create_context
    from scenes.settings_store import Settings

    ctx = create_context(Settings(), size=(1024, 640))
    try:
        setup = setup_of(ctx, "order-chaos")
        group = setup.seat_groups[1]
        assert group.name is not None and group.value == "normal"
        tip = group.name.tool_tip_text
        assert tip == "Normal \u2013 a fair opponent. Click for the next level.", tip  # (one colon at most)
        click(ctx, group.name)
        group = setup.seat_groups[1]
        assert group.value == "hard" and group.name is not None
        assert group.name.tool_tip_text == "Hard \u2013 thinks longest: a real challenge. Click for the next level."
    finally:
        while ctx.stack.scenes:
            ctx.stack._pop()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_adding_a_seat_keeps_the_cards_and_the_plus_button_in_place(tabletop_home, size) -> None:
    """Play-test (eighteenth session): each seat added moved the title, the cards and − / + up
    by 6-11 px, so a second click on + landed off it."""
    from scenes.app import create_context
    from scenes.settings_store import Settings

    ctx = create_context(Settings(), size=size)
    try:
        setup = setup_of(ctx, "worlds-collide")
        assert len(setup.seats) == 2

        def plus():
            return next(e for e in setup.root.get_container().elements if getattr(e, "text", "") == "+")

        before = [pygame.Rect(c) for c in setup._cards], pygame.Rect(plus().rect)
        for seats in (3, 4):
            click(ctx, plus())
            assert len(setup.seats) == seats
            assert ([pygame.Rect(c) for c in setup._cards], pygame.Rect(plus().rect)) == before, seats
    finally:
        while ctx.stack.scenes:
            ctx.stack._pop()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_making_every_seat_a_computer_keeps_the_cards_in_place(tabletop_home, size) -> None:
    """Play-test (eighteenth session): when the last person's seat became a computer, the watch
    speed's row appeared and the whole page moved up, so the next click landed on another seat."""
    from scenes.app import create_context
    from scenes.settings_store import Settings

    ctx = create_context(Settings(), size=size)
    try:
        setup = setup_of(ctx, "worlds-collide")
        before = [pygame.Rect(c) for c in setup._cards]
        setup.set_seat(0, "normal")
        frames(ctx, 2)
        assert all(s != "human" for s in setup.seats) and setup.speed_group is not None
        assert [pygame.Rect(c) for c in setup._cards] == before
        window = pygame.Rect(0, 0, *size)
        assert all(window.contains(c) for c in setup._cards)
    finally:
        while ctx.stack.scenes:
            ctx.stack._pop()
