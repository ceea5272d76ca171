"""A star's tooltip closes when the pointer leaves the window (pygame's WINDOWLEAVE): play-test,
it stayed up after the pointer had gone, as no motion told the table it went."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from scenes.app import AppContext, step
from scenes.table import TOOLTIP_DELAY, TableScene
from tests.scenes.cosmos.test_cosmos_table import open_table
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def _on_a_star(scene: TableScene) -> tuple[int, int]:
    """A point of the table whose tooltip is a star's."""
    area = scene.play_rect
    for y in range(area.top, area.bottom, 6):
        for x in range(area.left, area.right, 6):
            tip = scene.view.tooltip((x, y))
            if tip is not None and tip.startswith("Star "):
                return x, y
    raise AssertionError("no star on the table")


def _hover_until_tip(ctx: AppContext, scene: TableScene, pos: tuple[int, int]) -> None:
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], DT)
    for _ in range(int(TOOLTIP_DELAY / DT) + 3):
        step(ctx, [], DT)
    assert scene.tooltip_shown() and scene.tip_text is not None and scene.tip_text.startswith("Star ")


def test_a_star_s_tooltip_closes_when_the_pointer_leaves_the_window(ctx: AppContext) -> None:
    scene = open_table(ctx)
    star = _on_a_star(scene)
    _hover_until_tip(ctx, scene, star)
    assert scene.hover is not None
    step(ctx, [pygame.event.Event(pygame.WINDOWLEAVE)], DT)
    for _ in range(int(TOOLTIP_DELAY / DT) + 3):  # and it does not come back while the pointer is away
        step(ctx, [], DT)
        assert not scene.tooltip_shown() and scene.tip_text is None
    assert scene.hover is None
    _hover_until_tip(ctx, scene, star)  # back in: the tooltip as before


def test_leaving_the_window_mid_drag_keeps_the_drag(ctx: AppContext) -> None:
    """While a piece is dragged the window keeps the pointer: leaving lets nothing go."""
    from game.core.protocol import Target

    scene = open_table(ctx)
    start = scene.view.anchor(Target("scientist"))
    assert start is not None
    pos = (int(start[0]), int(start[1]))
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 30, pos[1]), rel=(30, 0), buttons=(1, 0, 0))], DT)
    assert scene.drag.active
    step(ctx, [pygame.event.Event(pygame.WINDOWLEAVE)], DT)
    assert scene.drag.active
