"""Order & Chaos: the click that places half 1's last counter leaves nothing held into half 2
(play-test at 1024x640: placing it by click-then-click, the first Undo click of half 2 did nothing and
said "Drop the counter on an empty cell in its row or column.")."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target, by_itself
from scenes.app import AppContext, step
from scenes.input.drag import DragState
from scenes.table import TableScene
from tests.scenes.gestures import click
from tests.scenes.oc_greedy_match import greedy_match_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def _to_last_place() -> Match:
    """A match where the person (Chaos in half 1) is to place half 1's last counter."""
    match, _ = greedy_match_until(3, lambda m, actors: actors[0] == 1 and m.state.board.count(None) == 1)
    return match


def test_the_last_place_of_half_one_by_click_then_click_leaves_nothing_held(ctx: AppContext) -> None:
    match = _to_last_place()
    scene = TableScene(ctx, match)
    ctx.stack.push(scene)
    try:
        step(ctx, [], 0.05)
        state: Any = match.state
        cell = state.empty_cells()[0]
        drawn, there = scene.view.anchor(Target("drawn")), scene.view.anchor(Target("cell", cell))
        assert drawn and there
        click(ctx, (int(drawn[0]), int(drawn[1])))
        assert scene.drag.state is DragState.SELECTED
        pos = (int(there[0]), int(there[1]))
        step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.05)
        for _ in range(3):
            step(ctx, [], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.05)
        assert match.state.half == 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (scene.acting_human() == 1 and not scene.animator.busy):
            step(ctx, [], 0.05)
            time.sleep(0.005)
        assert scene.acting_human() == 1, "the computer placed half 2's first counter"
        assert scene.drag.state is DragState.IDLE, "nothing is held from half 1's last click"
    finally:
        scene.ai.close()
