"""Play-test (issue 13, seventh session): at 1024x640 a 6-health model's bar lost the lines
between its pips and read as one green stroke, so its health could not be counted. Every bar
shows one segment per point of health, whatever the marker's size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import math
from collections.abc import Sequence

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.views.skirmish import art, board

BACKGROUND = (60, 80, 60)


def _drawn(health: int, most: int, radius: int) -> pygame.Surface:
    surface = pygame.Surface((200, 120))
    surface.fill(BACKGROUND)
    board._draw_health(surface, {"health": health, "max_health": most}, (100, 40), radius)
    return surface


def _bar_rows(surface: pygame.Surface, top: int) -> list[int]:
    """The middle line of each row of the bar (rows of pip colour, a dark line apart)."""
    coloured = [y for y in range(top, 120)
                if any(surface.get_at((x, y))[:3] in (art.HEALTH, art.HEALTH_LOST) for x in range(200))]
    groups: list[list[int]] = []
    for y in coloured:
        if groups and y == groups[-1][-1] + 1:
            groups[-1].append(y)
        else:
            groups.append([y])
    return [g[len(g) // 2] for g in groups]


def segments(health: int, most: int, radius: int) -> tuple[int, int]:
    """The bar's segments read along each row's middle line: (lit, dark) counts of runs of colour."""
    surface = _drawn(health, most, radius)
    runs: list[tuple[int, ...]] = []
    for y in _bar_rows(surface, 40 + radius):
        previous: tuple[int, ...] = ()
        for x in range(200):
            colour = tuple(surface.get_at((x, y))[:3])
            if colour != previous and colour in (art.HEALTH, art.HEALTH_LOST):
                runs.append(colour)
            previous = colour
    return runs.count(art.HEALTH), runs.count(art.HEALTH_LOST)


def width(health: int, most: int, radius: int) -> int:
    """How wide the bar is drawn, outline included."""
    surface = _drawn(health, most, radius)
    xs = [x for y in range(40 + radius, 120) for x in range(200) if surface.get_at((x, y))[:3] != BACKGROUND]
    return max(xs) - min(xs) + 1


@pytest.mark.parametrize("most", [6, 7, 8, 9, 11])
@pytest.mark.parametrize("radius", [6, 9, 12])
def test_a_health_bar_shows_one_segment_per_point(most: int, radius: int) -> None:
    health = most - 2
    lit, lost = segments(health, most, radius)
    assert (lit, lost) == (health, 2)


@pytest.mark.parametrize("most", [6, 8, 10, 12])
@pytest.mark.parametrize("radius", [6, 9, 12])
def test_a_health_bar_is_no_wider_than_its_base(most: int, radius: int) -> None:
    """Play-test: the bars of models side by side ran together into one; a long bar now goes in
    rows under its own base (a small base's at least 10 px across, as before)."""
    assert width(most - 1, most, radius) <= max(12, 2 * radius + 2 + 2 * 4)


def test_a_lost_round_pip_is_a_red_ring_round_a_dark_hole() -> None:
    """Play-test (eleventh session): a lost pip, dark red on the dark green table, was hard to
    see. A lost pip is now hollow in a bright red ring, a kept one filled green; both stand out
    from the table."""
    surface = _drawn(2, 4, 12)
    pips = art.pip_centres((100, 40), 12, 4)
    centres = [tuple(surface.get_at((round(x), round(y)))[:3]) for x, y in pips]
    assert centres[:2] == [art.HEALTH, art.HEALTH]
    assert all(sum(c) < 100 for c in centres[2:])  # the lost ones: a dark hole
    pr = max(2, 12 // 6)
    for x, y in pips[2:]:
        rim = [tuple(surface.get_at((round(x) + dx, round(y) + dy))[:3]) for dx in range(-pr, pr + 1)
               for dy in range(-pr, pr + 1)]
        assert art.HEALTH_LOST in rim
    for colour in (art.HEALTH, art.HEALTH_LOST):
        assert sum(abs(a - b) for a, b in zip(colour, BACKGROUND)) >= 120  # far from the table's green


def test_a_model_with_a_neighbour_under_it_shows_its_health_over_its_marker() -> None:
    """Play-test (thirteenth session): a model moved into base contact just above another lost
    its health bar under the other's marker. With the place under it covered and the place over
    it free, its health is drawn over it, whole; otherwise under it, as before."""
    me = ((100.0, 40.0), 14.0)
    neighbour_below = [((100.0, 40.0 + 2 * 14), 14.0)]
    assert board.health_above([me, *neighbour_below])[0]
    assert board.health_above([me]) == [False]
    assert not board.health_above([me, *neighbour_below, ((100.0, 40.0 - 2 * 14), 14.0)])[0], \
        "covered both ways: under it, as always"
    for most, radius in ((4, 14), (7, 14)):  # an arc of pips and a bar
        surface = pygame.Surface((200, 120))
        surface.fill(BACKGROUND)
        board._draw_health(surface, {"health": most, "max_health": most}, (100, 60), radius, above=True)
        lit = [y for y in range(120) for x in range(200) if surface.get_at((x, y))[:3] == art.HEALTH]
        assert lit and max(lit) < 60 - radius + 2, f"{most} pips all over the marker"


def _health_above_one_by_one(centre: tuple[float, float], radius: float,
                             others: Sequence[tuple[tuple[float, float], float]]) -> bool:
    """`board.health_above` for one marker as it was, in pure Python (the reference)."""
    def covered(y: float) -> bool:
        return any(math.dist((centre[0], y), c) < r for c, r in others)
    return covered(centre[1] + radius + 4) and not covered(centre[1] - radius - 4)


_coordinate = st.one_of(st.integers(0, 400).map(float), st.floats(0, 400, allow_nan=False))
_discs = st.lists(st.tuples(st.tuples(_coordinate, _coordinate), st.integers(3, 40).map(float)), max_size=24)


@settings(max_examples=300, deadline=None)
@given(_discs)
def test_health_above_for_every_marker_at_once_matches_one_by_one(discs: list[tuple[tuple[float, float], float]]) -> None:
    """The one numpy step gives what the per-marker function gave (it ran O(n^2) Python each
    frame), markers crowded on a small screen so neighbours often cover each other's places."""
    expected = [_health_above_one_by_one(c, r, discs[:k] + discs[k + 1:]) for k, (c, r) in enumerate(discs)]
    assert board.health_above(discs) == expected
