"""The kit's hit-testing in world units (`scenes/kit/hitmap.py`): pygame-free shapes and the
topmost hit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.hitmap import Box, Circle, HitMap, Polygon

L_SHAPE = Polygon(((0.0, 0.0), (6.0, 0.0), (6.0, 2.0), (2.0, 2.0), (2.0, 6.0), (0.0, 6.0)))
"""A concave terrain footprint: an L six inches each way, two thick."""


def test_a_circle_is_hit_within_its_radius_edge_included() -> None:
    base = Circle((10.0, 5.0), 0.5)
    assert base.contains((10.0, 5.0)) and base.contains((10.5, 5.0)) and base.contains((10.3, 5.39))
    assert not base.contains((10.36, 5.36)) and not base.contains((9.0, 5.0))


def test_a_box_is_hit_inside_and_on_its_edges_whichever_corners_are_given() -> None:
    for box in (Box(1.0, 1.0, 3.0, 2.0), Box(3.0, 2.0, 1.0, 1.0)):
        assert box.contains((2.0, 1.5)) and box.contains((1.0, 1.0)) and box.contains((3.0, 1.7))
        assert not box.contains((3.01, 1.5)) and not box.contains((2.0, 0.99))


@pytest.mark.parametrize("p, inside", [((1.0, 1.0), True), ((5.0, 1.0), True), ((1.0, 5.0), True),
                                       ((4.0, 4.0), False), ((3.0, 3.0), False), ((7.0, 1.0), False),
                                       ((-0.1, 3.0), False), ((6.0, 1.0), True), ((2.0, 4.0), True),
                                       ((0.0, 0.0), True), ((4.0, 2.0), True), ((2.0, 2.0), True)])
def test_a_concave_polygon_leaves_out_its_notch_and_keeps_its_edges(p: tuple[float, float], inside: bool) -> None:
    assert L_SHAPE.contains(p) is inside
    assert Polygon(tuple(reversed(L_SHAPE.points))).contains(p) is inside, "either turning direction"


def test_too_few_points_make_no_polygon() -> None:
    assert not Polygon(((0.0, 0.0), (1.0, 1.0))).contains((0.5, 0.5))


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 12), st.floats(0.5, 20), st.floats(-20, 20), st.floats(-20, 20), st.floats(0, 6.28))
def test_a_regular_polygon_agrees_with_its_inscribed_and_circumscribed_circles(
        sides: int, r: float, x: float, y: float, turn: float) -> None:
    """Inside the inscribed circle means inside the polygon; outside the circumscribed one, outside."""
    pts = tuple((r * math.cos(turn + 2 * math.pi * k / sides), r * math.sin(turn + 2 * math.pi * k / sides))
                for k in range(sides))
    d = math.hypot(x, y)
    if d < r * math.cos(math.pi / sides) - 1e-6:
        assert Polygon(pts).contains((x, y))
    elif d > r + 1e-6:
        assert not Polygon(pts).contains((x, y))


def test_the_topmost_shape_drawn_last_wins() -> None:
    hits = HitMap()
    hits.add("ruin", L_SHAPE)
    hits.add(("model", 3), Circle((1.0, 1.0), 0.5))
    hits.add("card", Box(0.8, 0.8, 1.2, 1.2))
    assert hits.hit((1.0, 1.0)) == "card"
    assert hits.hits((1.0, 1.0)) == ["card", ("model", 3), "ruin"]
    assert hits.hit((1.4, 1.0)) == ("model", 3)
    assert hits.hit((5.0, 1.0)) == "ruin"
    assert hits.hit((4.0, 4.0)) is None and hits.hits((4.0, 4.0)) == []
    hits.clear()
    assert hits.hit((1.0, 1.0)) is None


def test_the_hitmap_needs_no_pygame() -> None:
    import subprocess
    import sys

    code = "import sys, scenes.kit.hitmap; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0
