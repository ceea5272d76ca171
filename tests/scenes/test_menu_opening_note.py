"""Play-test (seventh session): after Continue or a click on a save, the window showed nothing
for about 5 s on a busy machine while the game was replayed from its save, and looked frozen.
A frame that says "Opening..." comes first; the game opens on the frames after it."""

from __future__ import annotations

import pygame

from game.core import autosaves
from scenes.app import step
from scenes.table import TableScene
from tests.scenes.test_menu import DT, frames, played_match, push


def press(ctx, element) -> None:
    """A click on `element`, without the frames after it (those are the test's to step)."""
    pos = element.rect.center
    pygame.mouse.set_pos(pos)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def test_continue_shows_that_it_is_opening_before_the_table_comes(ui_ctx) -> None:
    from scenes.menu import MenuScene

    played_match().save(autosaves.new_autosave_path("order-chaos"))
    menu = push(ui_ctx, MenuScene(ui_ctx))
    button = menu.buttons["continue"]
    press(ui_ctx, button)
    shown = []
    for _ in range(6):
        step(ui_ctx, pygame.event.get(), DT)
        shown.append((button.text, type(ui_ctx.stack.top).__name__))
        if isinstance(ui_ctx.stack.top, TableScene):
            break
    assert ("Opening\u2026", "MenuScene") in shown, shown
    assert isinstance(ui_ctx.stack.top, TableScene), shown


def test_a_save_row_says_it_is_opening_in_the_load_list(ui_ctx) -> None:
    from scenes.menu import MenuScene

    played_match().save(autosaves.new_autosave_path("order-chaos"))
    menu = push(ui_ctx, MenuScene(ui_ctx))
    menu.show_load()
    frames(ui_ctx, 2)
    row = next(iter(menu.save_buttons.values()))
    press(ui_ctx, row)
    messages = []
    for _ in range(6):
        step(ui_ctx, pygame.event.get(), DT)
        if isinstance(ui_ctx.stack.top, TableScene):
            break
        messages.append(menu.message)
    assert any(m.startswith("Opening ") and not menu.message_is_error for m in messages), messages
    assert all(b.text != "Opening\u2026" for b in menu._continue_buttons()), "Continue is not what opens"
    assert isinstance(ui_ctx.stack.top, TableScene)
