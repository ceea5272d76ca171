"""The shared hex geometry: directions, turning, distance, rings, pixel round trip."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.core.hexgrid import (
    DIRECTION_COUNT,
    ORIGIN,
    Hex,
    direction_between,
    hex_to_pixel,
    line,
    pixel_to_hex,
    ring,
    spiral,
    turn,
)

coords = st.integers(min_value=-50, max_value=50)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(min_value=0, max_value=5)


def test_six_neighbours_are_distinct_and_adjacent() -> None:
    around = ORIGIN.neighbours()
    assert len(set(around)) == DIRECTION_COUNT
    assert all(ORIGIN.distance(n) == 1 for n in around)


def test_directions_run_clockwise_on_screen_from_east() -> None:
    # y grows downwards on screen, so clockwise means the angle of the pixel vector grows.
    import math

    angles = []
    for d in range(DIRECTION_COUNT):
        x, y = hex_to_pixel(ORIGIN.neighbour(d), 10.0)
        angles.append(math.degrees(math.atan2(y, x)) % 360)
    assert [round(a) for a in angles] == [0, 60, 120, 180, 240, 300]


@given(directions)
def test_turning_right_then_left_returns(direction: int) -> None:
    assert turn(turn(direction, 60), -60) == direction
    assert turn(direction, 180) == (direction + 3) % 6
    assert turn(turn(direction, 120), 120) == turn(direction, -120)


def test_turn_rejects_non_multiples_of_60() -> None:
    import pytest

    with pytest.raises(ValueError):
        turn(0, 45)


@given(hexes, directions)
def test_opposite_direction_comes_back(cell: Hex, direction: int) -> None:
    assert cell.neighbour(direction).neighbour(turn(direction, 180)) == cell
    assert direction_between(cell, cell.neighbour(direction)) == direction


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert len(line(a, b)) == a.distance(b) + 1
    path = line(a, b)
    assert all(p.distance(n) == 1 for p, n in zip(path, path[1:]))


@given(hexes, st.integers(min_value=0, max_value=6))
def test_ring_has_6r_cells_all_at_distance_r(center: Hex, radius: int) -> None:
    cells = ring(center, radius)
    assert len(cells) == max(1, 6 * radius)
    assert len(set(cells)) == len(cells)
    assert all(center.distance(c) == radius for c in cells)
    assert len(set(spiral(center, radius))) == 1 + 3 * radius * (radius + 1)


@given(hexes, st.floats(min_value=5, max_value=80))
def test_pixel_round_trip(cell: Hex, size: float) -> None:
    x, y = hex_to_pixel(cell, size, (100.0, 50.0))
    assert pixel_to_hex(x, y, size, (100.0, 50.0)) == cell
    # a point well inside the hex still maps to it
    assert pixel_to_hex(x + size * 0.4, y - size * 0.3, size, (100.0, 50.0)) == cell


@given(hexes)
def test_key_round_trip(cell: Hex) -> None:
    assert Hex.from_key(cell.to_key()) == cell
