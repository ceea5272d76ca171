"""A Hint to pass shows on the table: the Pass button is ringed in the hint's blue and the status
line names it (play-test: asking for a Hint as Order early in a half, when the suggestion was to
pass, showed nothing visible on screen)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.registry import get_game
from game.order_chaos.commands import Pass, Place
from scenes.app import AppContext, step
from scenes.flow import Hint
from scenes.table import TableScene
from tests.scenes.gestures import DT
from tests.scenes.order_chaos.test_oc_hint_marks import settle
from tests.scenes.table_context import table_context


@pytest.fixture(params=[(1024, 640), (1280, 720)])
def ctx(request: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=request.param, ai_watch_delay=0.0) as context:
        yield context


def order_to_move(ctx: AppContext) -> TableScene:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 3, ["human", "human"]), use_process=False)
    ctx.stack.push(scene)
    settle(ctx, scene)
    assert scene.play(Place(1, (1, 1)))
    settle(ctx, scene)
    assert scene.view.view["phase"] == "order"
    return scene


def blue_around(ctx: AppContext, rect: pygame.Rect) -> int:
    """Pixels of the hint's blue (`palette.HINT`) in a band just outside `rect` (the button's
    own face left out)."""
    band = rect.inflate(20, 20)
    hits = 0
    for x in range(band.left, band.right):
        for y in range(band.top, band.bottom):
            if rect.inflate(-2, -2).collidepoint(x, y):
                continue
            r, g, b = ctx.screen.get_at((x, y))[:3]
            hits += b > 120 and b > r + 60  # the hint's blue, however faint its pulse

    return hits


def test_a_hint_to_pass_rings_the_pass_button_and_says_so(ctx: AppContext) -> None:
    scene = order_to_move(ctx)
    button = next(b for b in scene.action_buttons if b.label == "Pass")
    step(ctx, [], DT)
    bare = blue_around(ctx, button.rect)
    seat = scene.acting_human()
    assert seat is not None
    scene._act(Hint(seat, Pass(seat)))
    for _ in range(3):
        step(ctx, [], DT)
    assert blue_around(ctx, button.rect) > bare + 200, (bare, blue_around(ctx, button.rect))
    assert scene.status_text.startswith("Hint: Pass") and "lit" in scene.status_text


def test_a_board_hint_rings_no_button(ctx: AppContext) -> None:
    from game.core.protocol import Target

    scene = order_to_move(ctx)
    button = next(b for b in scene.action_buttons if b.label == "Pass")
    step(ctx, [], DT)
    bare = blue_around(ctx, button.rect)
    scene.hint = (Target("cell", (1, 1)), Target("cell", (1, 5)))
    step(ctx, [], DT)
    assert blue_around(ctx, button.rect) < bare + 50
