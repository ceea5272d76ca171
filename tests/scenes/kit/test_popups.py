"""The kit's pop-up placement (`scenes/kit/popups.py`): beside its piece, clear of the points to
keep clear, inside its area; Rally's played cards are tested with hexes in tests/scenes/rally."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.popups import CLEAR, covers, pop_rect

AREA = pygame.Rect(0, 0, 800, 600)


def test_the_first_place_is_right_of_the_piece_when_nothing_is_in_the_way() -> None:
    rect = pop_rect((400.0, 300.0), (60, 80), [(400.0, 300.0)], 20.0, AREA)
    assert rect.left > 400 and abs(rect.centery - (300 - 20 * 0.4)) <= 1
    assert not covers(rect, (400.0, 300.0), 20 * CLEAR)


def test_a_point_to_keep_clear_on_the_right_sends_it_left() -> None:
    at = (400.0, 300.0)
    right = pop_rect(at, (60, 80), [at], 20.0, AREA)
    rect = pop_rect(at, (60, 80), [at, right.center], 20.0, AREA)
    assert rect.right < 400


def test_at_the_areas_edge_it_stays_inside() -> None:
    at = (790.0, 300.0)
    rect = pop_rect(at, (60, 80), [at], 20.0, AREA)
    assert AREA.contains(rect) and rect.right <= 790


def test_when_every_place_covers_something_the_least_covering_one_is_moved_into_the_area() -> None:
    at = (30.0, 30.0)
    crowd = [(x, y) for x in range(0, 200, 10) for y in range(0, 200, 10)]
    rect = pop_rect(at, (60, 80), [(float(x), float(y)) for x, y in crowd], 20.0, AREA)
    assert AREA.contains(rect)


def test_covers_measures_from_the_nearest_edge() -> None:
    rect = pygame.Rect(100, 100, 50, 50)
    assert covers(rect, (125.0, 125.0), 1.0), "inside"
    assert covers(rect, (160.0, 125.0), 10.5) and not covers(rect, (160.0, 125.0), 9.5)
    assert not covers(rect, (160.0, 160.0), 14.0) and covers(rect, (160.0, 160.0), 14.2), "corner: 10*sqrt(2)"


@settings(max_examples=150, deadline=None)
@given(x=st.integers(200, 600), y=st.integers(200, 400), radius=st.sampled_from([12.0, 20.0, 30.0]),
       w=st.integers(30, 90), h=st.integers(40, 120))
def test_a_lone_piece_in_a_roomy_area_is_never_covered(x: int, y: int, radius: float, w: int, h: int) -> None:
    at = (float(x), float(y))
    rect = pop_rect(at, (w, h), [at], radius, AREA)
    assert AREA.contains(rect)
    assert not covers(rect, at, radius * CLEAR), rect
