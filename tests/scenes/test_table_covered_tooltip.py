"""A scene opened over the table takes the tooltip away with the pointer, and gives the
pointer back where it is now.

Seen in a real window: Menu clicked with the mouse on it, its tooltip 'Pause menu: save,
rules, settings, quit (Esc)' stayed up under the pause menu, dimmed with the frozen table.
"""

from __future__ import annotations

import pygame
import pytest

from scenes.app import AppContext, step
from scenes.table import TOOLTIP_DELAY
from tests.scenes.gestures import DT
from tests.scenes.test_table import ctx, open_table, settle  # noqa: F401


def test_opening_the_pause_menu_takes_the_menu_buttons_tooltip_away(ctx: AppContext) -> None:  # noqa: F811
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    scene._hover(scene.btn_menu.rect.center)
    for _ in range(int(TOOLTIP_DELAY / DT) + 3):
        step(ctx, [], DT)
    assert scene.tip_text == scene.btn_menu.tooltip, "the tooltip is up before the click"
    scene.open_pause()
    ctx.stack.apply_pending()
    step(ctx, [], DT)
    assert ctx.stack.top is not scene
    assert scene.tip_text is None
    ctx.stack.pop()
    ctx.stack.apply_pending()
    scene._hover(scene.btn_undo.rect.center)
    assert scene.tip_text == scene.btn_undo.tooltip, "back at the table, tooltips work again"


def test_back_at_the_table_hover_goes_by_where_the_pointer_is_now(ctx: AppContext,  # noqa: F811
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # seen in a Rally hot-seat game: Player 1 clicked 'Done planning', Player 2 clicked 'I'm
    # ready' on the hand-off card, and the table showed 'Done planning's tooltip to Player 2 -
    # it still thought the pointer was where Player 1 left it
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    scene._hover(scene.btn_menu.rect.center)
    scene.open_pause()
    ctx.stack.apply_pending()
    step(ctx, [], DT)
    away = (scene.play_rect.x + 4, scene.play_rect.bottom - 4)  # a corner of the table, nothing there
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: away)
    ctx.stack.pop()
    ctx.stack.apply_pending()
    for _ in range(int(TOOLTIP_DELAY / DT) + 3):
        step(ctx, [], DT)
    assert scene.mouse == away
    assert scene.tip_text is None, scene.tip_text


def test_a_click_puts_the_tooltip_away_until_the_pointer_moves(ctx: AppContext) -> None:  # noqa: F811
    """Play-test at 1024x640: after the click that slid a counter to Gg, the counter's tooltip ('Gold
    counter (square) on Gg') came up under the still pointer, over the log and the Undo button."""
    from tests.scenes.gestures import at, click
    from tests.scenes.test_table import cell, play_setup

    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    play_setup(scene, [(0, 0), (0, 2)])
    settle(ctx, scene)
    source, end = at(scene, cell((0, 0))), at(scene, cell((0, 1)))
    wait = int(TOOLTIP_DELAY / DT) + 3
    click(ctx, source)  # pick the counter up
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(0, 0, 0))], DT)
    click(ctx, end)  # and slide it here: the pointer now rests on it
    for _ in range(wait):
        step(ctx, [], DT)
    assert scene.match.state.at((0, 1)) is not None  # type: ignore[attr-defined]
    assert scene.tip_text and "counter" in scene.tip_text, "a tooltip is due for the counter under the pointer"
    assert not scene.tooltip_shown(), "it waits for the pointer to move"
    moved = (end[0] + 8, end[1])
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(8, 0), buttons=(0, 0, 0))], DT)
    for _ in range(wait):
        step(ctx, [], DT)
    assert scene.tooltip_shown(), "tooltips come back once the pointer moves"
