"""The ruler's distance keeps off the terrain's written heights (play-test at 1280x720: the
ruler's "7.6\"" lay over a hill's "5.9\"" and neither read)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.skirmish.game import SKIRMISH
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.views.base import Overlay
from scenes.views.skirmish import board
from scenes.views.skirmish import view as view_module
from scenes.views.skirmish.view import SkirmishView
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def test_the_ruler_s_distance_keeps_off_a_terrain_height(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.offscreen import position

    state = position("skirmish", 1, 20).state
    view = SkirmishView(ctx, SKIRMISH, TextCache(ctx.font))
    view.set_seats(["Player 1", "Player 2"], [True, True])
    view.set_view(state.view(0))
    view.layout(pygame.Rect(0, 60, 972, 600))
    for fig in view.view["figures"]:  # every model off to a far corner, out of the way
        fig["at"] = [35.0, 35.0]
    view.generation += 1
    heights = board.height_rects(view.view, view.camera, view.text, view.lay.fs)
    assert heights, "the heights are written at this zoom"
    h = heights[0]
    size = view.text.render("6.0\"", view.lay.fs, (0, 0, 0), "bold", shadow=True).get_size()
    line_y = h.centery + 5 + size[1] / 2  # the label's first place, above the line's middle, is on the height
    a = view.camera.to_world((h.centerx - 40.0, line_y))
    b = view.camera.to_world((h.centerx + 40.0, line_y))
    view.ruler = (a, b, None)
    seen: list[tuple[float, float]] = []
    real = view_module.clear_label_spot

    def spy(marks: Any, box: tuple[int, int], *args: Any, **kw: Any) -> tuple[float, float]:
        first = real(marks, box, [], *args[1:], **kw)
        spot = real(marks, box, *args, **kw)
        seen.append(first)
        seen.append(spot)
        return spot

    monkeypatch.setattr(view_module, "clear_label_spot", spy)
    view.draw(pygame.Surface((1280, 720)), Overlay(), Animator())
    first, spot = seen[-2:]
    box = pygame.Rect((0, 0), size)
    assert box.move_to(center=(round(first[0]), round(first[1]))).colliderect(h), "the height is in the way"
    assert not box.move_to(center=(round(spot[0]), round(spot[1]))).colliderect(h), "the distance covers the height"
