"""The ruler's and a route's words keep off what is written on the table: the models' health pips, not
only their bases (play-test at 1280x720: a route's refusal and a ruler's words lay over a neighbour's
pips), and the terrain's written heights (the ruler's "7.6\"" lay over a hill's "5.9\"" and neither read)."""

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
from scenes.views.skirmish import board, overlays
from scenes.views.skirmish import view as view_module
from scenes.views.skirmish.view import SkirmishView
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def _view(ctx: AppContext) -> SkirmishView:
    """A hot-seat skirmish view of a position 20 commands in, laid out as at 1280x720."""
    from scenes.offscreen import position

    state = position("skirmish", 1, 20).state
    view = SkirmishView(ctx, SKIRMISH, TextCache(ctx.font))
    view.set_seats(["Player 1", "Player 2"], [True, True])
    view.set_view(state.view(0))
    view.layout(pygame.Rect(0, 60, 972, 600))
    return view


def test_the_ruler_s_words_keep_off_a_neighbour_s_pips(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(ctx)
    figs = [f for f in view.view["figures"] if f["deployed"] and not f["fallen"]]
    start, other = figs[0], figs[1]
    for fig in figs[2:]:  # the rest off to the far corner, out of the way
        fig["at"] = [35.0, 35.0]
    start["at"] = [10.0, 10.0]
    a, b = (10.0, 10.0), (10.0, 16.0)  # a ruler down the table from `start`
    view.ruler = (a, b, int(start["id"]))
    seen: list[pygame.Rect] = []
    real = overlays.words_rect

    def spy(*args: Any, **kw: Any) -> pygame.Rect:
        seen.append(real(*args, **kw))
        return seen[-1]

    monkeypatch.setattr(overlays, "words_rect", spy)
    surface = pygame.Surface((1280, 720))
    other["at"] = [30.0, 30.0]
    view.generation += 1
    view.draw(surface, Overlay(), Animator())
    free = seen[-1]  # below the end, nothing in the way
    # the other model just above the words' place: its base clear of them, its pips under them
    r = view.radius(int(other["id"]))
    pips = board.health_box(int(other["max_health"]), (0.0, 0.0), r)
    cy = free.top - pips.bottom + 2  # the pips' box reaches 2 px into the words
    assert cy + r < free.top, "the base itself would touch the words"
    other["at"] = list(view.camera.to_world((free.right - r - 4, cy)))  # off the ruler's end
    view.generation += 1
    view._radii = None
    view.draw(surface, Overlay(), Animator())
    view.draw(surface, Overlay(), Animator())
    shown = [f for f in view.view["figures"] if f["deployed"] and not f["fallen"]]
    k = shown.index(other)
    assert view._spots_seen is not None
    spot = view._spots_seen[1][k]
    c = view.camera.to_screen((other["at"][0], other["at"][1]))
    drawn = board.health_box(int(other["max_health"]), c, r, spot.above).move(spot.dx, spot.dy)
    assert drawn.colliderect(free), "the pips are in the words' first place"
    assert not seen[-1].colliderect(drawn), "the words cover the pips"


def test_the_ruler_s_distance_keeps_off_a_terrain_height(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view(ctx)
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
