"""The kit's dice (`scenes/kit/dice.py`): faces laid out in an area, pips where a die has them,
highlighted dice picked out by a ring as well as a lighter face."""

from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.dice import FACE, FACE_LIT, PIP, RING, dice_layout, draw_dice, pip_centres


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 30), st.integers(0, 500), st.integers(0, 300), st.integers(20, 900), st.integers(20, 500),
       st.integers(8, 96))
def test_the_dice_fit_their_area_without_overlapping(n: int, x: int, y: int, w: int, h: int, largest: int) -> None:
    squares = dice_layout(n, (x, y, w, h), largest)
    assert len(squares) == n
    area = pygame.Rect(x, y, w, h)
    rects = [pygame.Rect(sx, sy, s, s) for sx, sy, s in squares]
    assert len({s for _, _, s in squares}) == 1 and 1 <= squares[0][2] <= largest
    if squares[0][2] > 1:
        assert all(area.contains(r) for r in rects)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b)


def test_one_row_while_it_gives_the_biggest_dice_then_more_rows_centred() -> None:
    row = dice_layout(3, (0, 0, 400, 100), largest=64)
    assert [s for _, _, s in row] == [64] * 3 and len({y for _, y, _ in row}) == 1
    assert abs(row[0][0] - (400 - row[-1][0] - 64)) <= 1, "centred"
    tall = dice_layout(5, (0, 0, 120, 400), largest=64)
    assert len({y for _, y, _ in tall}) > 1, "a narrow, tall area stacks them"
    assert dice_layout(0, (0, 0, 100, 100)) == []


@pytest.mark.parametrize("value", range(1, 7))
def test_a_face_has_as_many_pips_as_its_value_inside_it(value: int) -> None:
    pips = pip_centres(value, (10, 20, 60))
    assert len(pips) == value and len(set(pips)) == value
    assert all(10 < px < 70 and 20 < py < 80 for px, py in pips)


def test_highlighted_dice_are_ringed_and_lighter() -> None:
    surface = pygame.Surface((400, 120))
    surface.fill((0, 0, 0))
    rects = draw_dice(surface, [6, 1, 4], (0, 0, 400, 120), highlight={1})
    assert len(rects) == 3
    plain, lit = rects[0], rects[1]
    assert surface.get_at(plain.center)[:3] == FACE, "a six has no pip in the middle..."
    assert surface.get_at((int(plain.x + plain.width * 0.27), plain.centery))[:3] == PIP, "...but one each side"
    assert surface.get_at((plain.x + plain.width // 2, plain.y + plain.height // 8))[:3] == FACE
    assert surface.get_at(lit.center)[:3] == PIP, "a one's pip in the middle"
    assert surface.get_at((lit.x + lit.width // 2, lit.y + lit.height // 8))[:3] == FACE_LIT
    ring_at = (lit.centerx, lit.y - max(2, lit.width // 14))
    assert surface.get_at(ring_at)[:3] == RING
    assert surface.get_at((plain.centerx, plain.y - max(2, plain.width // 14)))[:3] != RING
