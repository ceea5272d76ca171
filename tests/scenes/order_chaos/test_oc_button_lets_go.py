"""A press or a release on a table button lets go of a held counter and is never a drop (play-test
in half 2 as Order: the first click on Undo was refused with "Drop the counter on an empty cell in
its row or column.", which only a counter still held when the click came can say)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.protocol import Target
from scenes.app import AppContext, step
from scenes.input.drag import DragState
from scenes.table import TableScene
from tests.scenes.gestures import DT, click
from tests.scenes.oc_greedy_match import greedy_match_until
from tests.scenes.table_context import table_context

DROP_WORDS = "Drop the counter"


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def order_in_half_two(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> tuple[TableScene, tuple[int, int]]:
    """The person (Chaos in half 1) is Order in half 2, after the computer's first counter; the
    table and where that counter is."""
    match, _ = greedy_match_until(4, lambda m, actors: m.state.half == 1 and actors == [1])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    monkeypatch.setattr(scene.flow, "ask", lambda *args, **kwargs: None)
    step(ctx, [], DT)
    cell = next((r, c) for r, row in enumerate(match.state.view(1)["board"]) for c, x in enumerate(row)
                if x is not None)
    there = scene.view.anchor(Target("cell", cell))
    assert there is not None and scene.acting_human() == 1
    return scene, (int(there[0]), int(there[1]))


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return int(rect.centerx), int(rect.centery)


def test_a_press_on_a_greyed_button_lets_go_of_the_selected_counter(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, counter = order_in_half_two(ctx, monkeypatch)
    click(ctx, counter)
    assert scene.drag.state is DragState.SELECTED
    assert not scene.btn_redo.enabled
    click(ctx, centre(scene.btn_redo.rect))
    assert scene.drag.state is DragState.IDLE
    assert DROP_WORDS not in scene.status_text


def test_a_counter_still_held_is_never_dropped_on_a_greyed_button(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counter is dragged onto the greyed button and its release is missed (it stays held):
    the click on the button lets it go, no drop is refused."""
    scene, counter = order_in_half_two(ctx, monkeypatch)
    n = len(scene.match.commands)
    redo = centre(scene.btn_redo.rect)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=counter, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=redo, rel=(1, 1), buttons=(1, 0, 0))], DT)
    assert scene.drag.state is DragState.DRAGGING
    click(ctx, redo)
    assert scene.drag.state is DragState.IDLE
    assert DROP_WORDS not in scene.status_text
    assert len(scene.match.commands) == n


def test_a_counter_dragged_onto_undo_is_put_back_without_a_word(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, counter = order_in_half_two(ctx, monkeypatch)
    n = len(scene.match.commands)
    undo = centre(scene.btn_undo.rect)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=counter, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=undo, rel=(1, 1), buttons=(1, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo, button=1)], DT)
    assert scene.drag.state is DragState.IDLE
    assert DROP_WORDS not in scene.status_text
    assert len(scene.match.commands) == n, "neither a drop nor an Undo (its press was not on it)"
    assert scene.btn_undo.enabled, "Undo, under the pointer, is not made to wait by the counter going home"


def test_a_click_on_undo_with_a_counter_selected_takes_the_move_back(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, counter = order_in_half_two(ctx, monkeypatch)
    n = len(scene.match.commands)
    click(ctx, counter)
    assert scene.drag.state is DragState.SELECTED and scene.btn_undo.enabled
    click(ctx, centre(scene.btn_undo.rect))
    assert scene.drag.state is DragState.IDLE
    assert len(scene.match.commands) < n and "taken back" in scene.status_text


def test_a_press_whose_release_was_missed_does_not_become_a_drag(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """Helper's note (seventeenth session): a press whose release the window never saw (let go
    outside it, or while it lost focus) became a drag on the next pointer move with no button
    down, the counter then following the bare pointer. A move that says no button is down puts
    the pressed or dragged counter back."""
    scene, counter = order_in_half_two(ctx, monkeypatch)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=counter, button=1)], DT)
    assert scene.drag.state is DragState.PRESSED
    away = (counter[0] + 60, counter[1])
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(60, 0), buttons=(0, 0, 0))], DT)
    assert scene.drag.state is DragState.IDLE
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=counter, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(60, 0), buttons=(1, 0, 0))], DT)
    assert scene.drag.state is DragState.DRAGGING  # a real drag still drags
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=counter, rel=(-60, 0), buttons=(0, 0, 0))], DT)
    assert scene.drag.state is DragState.IDLE
