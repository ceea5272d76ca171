"""The kit's camera (`scenes/kit/camera.py`): pan and zoom over a world in its own units. Rally's
map uses it in pixels (scale 1); the skirmish table will measure in inches."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.camera import Camera


@settings(max_examples=200, deadline=None)
@given(st.integers(50, 3000), st.integers(50, 3000), st.integers(100, 1200), st.integers(100, 800),
       st.floats(-5000, 5000), st.floats(-5000, 5000), st.floats(-5000, 5000), st.floats(-5000, 5000))
def test_the_camera_never_pans_the_map_off_its_area(cw: int, ch: int, vw: int, vh: int,
                                                     px: float, py: float, fx: float, fy: float) -> None:
    """However it is panned or re-centred, a map bigger than its area still covers it (no empty
    band at an edge beside hidden map) and a map that fits does not move."""
    view = pygame.Rect(200, 100, vw, vh)
    extent = (view.centerx - cw / 2, view.centery - ch / 2, view.centerx + cw / 2, view.centery + ch / 2)
    cam = Camera(view, extent)
    cam.move(px, py)
    cam.centre_on([(fx, fy)])
    x0, y0, x1, y1 = extent
    for lo, hi, a, b, p in ((x0, x1, view.left, view.right, cam.pan[0]), (y0, y1, view.top, view.bottom, cam.pan[1])):
        if hi - lo <= b - a:
            assert p == 0
        else:
            assert lo + p <= a + 1e-6 and hi + p >= b - 1e-6


@settings(max_examples=200, deadline=None)
@given(st.floats(0.5, 40), st.floats(-3000, 3000), st.floats(-3000, 3000), st.floats(0.25, 4),
       st.integers(0, 599), st.integers(0, 399))
def test_zooming_never_shows_past_the_table_and_keeps_the_point_under_the_pointer(
        scale: float, px: float, py: float, factor: float, mx: int, my: int) -> None:
    """A 44x30 inch table: after any pan and zoom it still covers each axis it overflows, and
    while the pan is free (not at an edge) the inch under the pointer stays under it."""
    view = pygame.Rect(100, 50, 600, 400)
    cam = Camera(view, (0.0, 0.0, 44.0, 30.0), scale=scale, origin=(100.0, 50.0))
    cam.move(px, py)
    pos = (view.x + mx, view.y + my)
    under = cam.to_world(pos)
    cam.zoom_at(factor, pos, min_scale=2.0, max_scale=60.0)
    assert 2.0 <= cam.scale <= 60.0 or cam.scale == scale
    x0, y0, x1, y1 = cam.box()
    for lo, hi, a, b, p in ((x0, x1, view.left, view.right, cam.pan[0]), (y0, y1, view.top, view.bottom, cam.pan[1])):
        if hi - lo <= b - a:
            assert p == 0
        else:
            assert lo + p <= a + 1e-6 and hi + p >= b - 1e-6
    if not any(cam.hidden_edges()) or cam.limits == (0.0, 0.0):
        return
    free = all(abs(e) > 1e-6 for e in (x0 + cam.pan[0] - view.left, x1 + cam.pan[0] - view.right,
                                        y0 + cam.pan[1] - view.top, y1 + cam.pan[1] - view.bottom))
    if free:
        assert cam.to_world(pos) == pytest.approx(under, abs=1e-6)


def test_world_and_screen_points_convert_both_ways() -> None:
    cam = Camera(pygame.Rect(0, 0, 800, 600), (0.0, 0.0, 44.0, 30.0), pan=(-20.0, 10.0), scale=25.0,
                 origin=(5.0, 7.0))
    assert cam.to_screen((2.0, 4.0)) == (5 + 50 - 20, 7 + 100 + 10)
    assert cam.to_world(cam.to_screen((12.5, 3.25))) == pytest.approx((12.5, 3.25))
    assert cam.length(4.5) == 112.5
    assert cam.box() == (5.0, 7.0, 5 + 44 * 25.0, 7 + 30 * 25.0)


def test_fitted_shows_the_whole_table_centred_unless_that_is_below_a_readable_zoom() -> None:
    view = pygame.Rect(0, 0, 880, 700)
    cam = Camera.fitted(view, (0.0, 0.0, 44.0, 30.0))
    assert cam.scale == 20.0, "the width decides: 880 / 44"
    assert cam.to_screen((22.0, 15.0)) == (440.0, 350.0), "the table's centre at the view's"
    assert not cam.active and cam.limits == (0.0, 0.0)
    big = Camera.fitted(view, (0.0, 0.0, 44.0, 30.0), min_scale=30.0)
    assert big.scale == 30.0 and big.active, "a readable minimum makes the table overflow and pan"
    assert big.move(10_000, 0) is None and big.to_screen((0.0, 0.0))[0] == view.left
    assert not big.hidden_edges()[0] and big.hidden_edges()[2]


def test_the_defaults_are_pixels_as_rally_uses_them() -> None:
    """Scale 1 and origin (0, 0): world points are the unpanned pixels, exactly."""
    cam = Camera(pygame.Rect(100, 100, 400, 300), (-300.25, 50.0, 900.5, 400.0))
    assert cam.box() == cam.extent and cam.unpanned((17.125, -3.5)) == (17.125, -3.5)
    cam.move(-1e9, 0)
    assert cam.pan == (500 - 900.5, 0.0)
    assert cam.centre_on([(0.0, 120.0)], margin=20) and cam.in_view([(0.0, 120.0)], margin=20)
    assert not cam.centre_on([(0.0, 120.0)], margin=20), "calm: no re-centring while in view"


def test_a_glide_eases_to_its_goal_then_says_it_is_there() -> None:
    cam = Camera(pygame.Rect(0, 0, 100, 100), (0.0, 0.0, 1000.0, 100.0))
    cam.move(450, 0)  # as far left as it goes: pan 0
    goal = cam.pan_to_show([(900.0, 50.0)])
    assert goal == (-850.0, 0.0) and cam.pan == (0.0, 0.0), "pan_to_show only says where to go"
    steps = 0
    while not cam.glide(goal, 1 / 60):
        steps += 1
        assert steps < 60
    assert cam.pan == goal and steps > 5
    assert cam.pan_to_show([(900.0, 50.0)]) is None
