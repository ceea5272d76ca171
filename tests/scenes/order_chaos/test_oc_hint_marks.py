"""The Hint's marks on the Order & Chaos board: a slide is a path of dots from the counter to its
cell, a place is no path at all but the drawn counter, faint, on its cell (play-test: the dots
from the tray to the cell ran over counters on the board, so a place hint read as a slide)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from game.order_chaos.colours import colour_of
from game.order_chaos.commands import Pass, Place
from scenes.app import AppContext, step
from scenes.kit import palette
from scenes.table import TableScene
from tests.scenes.gestures import DT, at
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1024, 640), ai_watch_delay=0.0) as context:
        yield context


def settle(ctx: AppContext, scene: TableScene) -> None:
    for _ in range(400):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            break


def chaos_to_place(ctx: AppContext) -> TableScene:
    """Chaos to place, with a counter on Bb between the tray and Bf."""
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 3, ["human", "human"]), use_process=False)
    ctx.stack.push(scene)
    settle(ctx, scene)
    assert scene.play(Place(1, (1, 1)))
    settle(ctx, scene)
    assert scene.play(Pass(0))
    settle(ctx, scene)
    assert scene.view.view.get("drawn") is not None
    return scene


def hint_dots(ctx: AppContext, scene: TableScene, hint: tuple[Target, Target]) -> int:
    """How many pixels in the Hint's own blue lie away from both ends of `hint` (a path's dots)."""
    scene.hint = hint
    step(ctx, [], DT)
    ends = [at(scene, t) for t in hint]
    keep_out = scene.view.geo.cell * 0.6  # type: ignore[attr-defined]
    screen = ctx.screen
    return sum(1 for x in range(0, screen.get_width(), 1) for y in range(0, screen.get_height(), 2)
               if screen.get_at((x, y))[:3] == palette.HINT and all(math.dist((x, y), e) > keep_out for e in ends))


def centre_colour(ctx: AppContext, cell: tuple[int, int], scene: TableScene) -> tuple[float, ...]:
    x, y = at(scene, Target("cell", cell))
    box = ctx.screen.subsurface(pygame.Rect(x - 6, y - 6, 12, 12))
    return tuple(pygame.transform.average_color(box)[:3])


def test_a_place_hint_draws_no_path_but_the_drawn_counter_on_its_cell(ctx: AppContext) -> None:
    scene = chaos_to_place(ctx)
    drawn = colour_of(int(scene.view.view["drawn"])).rgb
    step(ctx, [], DT)
    bare = centre_colour(ctx, (1, 5), scene)
    assert hint_dots(ctx, scene, (Target("drawn"), Target("cell", (1, 5)))) == 0, "no dots from the tray"
    hinted = centre_colour(ctx, (1, 5), scene)
    assert math.dist(hinted, drawn) < math.dist(bare, drawn) - 20, (bare, hinted, drawn)


def test_a_slide_hint_still_draws_its_path(ctx: AppContext) -> None:
    scene = chaos_to_place(ctx)
    assert scene.play(Place(1, (3, 3)))
    settle(ctx, scene)
    assert hint_dots(ctx, scene, (Target("cell", (1, 1)), Target("cell", (1, 5)))) > 0
