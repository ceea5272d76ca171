"""The card a ship plays during the chaos playback pops up beside it without hiding the ship,
the hexes it then flies through or the hex its laser or wave goes to."""

from __future__ import annotations

import math

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.hexgrid import Hex, hex_to_pixel
from game.rally.commands import CardPlayed, ShipMoved, TokenFired
from scenes.views.rally.animation import build_timeline
from scenes.kit.popups import CLEAR, covers, pop_rect

AREA = pygame.Rect(0, 0, 1000, 560)


def centre(h: Hex, r: int, origin: tuple[float, float]) -> tuple[float, float]:
    return hex_to_pixel(h, r, origin)


@settings(max_examples=200, deadline=None)
@given(direction=st.integers(0, 5), steps=st.integers(0, 3), fires=st.booleans(),
       r=st.sampled_from([22, 28, 34, 48]), x=st.integers(120, 880), y=st.integers(110, 450))
def test_a_played_card_hides_neither_the_ship_nor_where_it_goes(direction: int, steps: int, fires: bool, r: int,
                                                                 x: int, y: int) -> None:
    """Anywhere on a roomy map, whichever way the ship flies (up to three hexes) or fires."""
    origin = (float(x), float(y))
    ship = Hex(0, 0)
    clear = [centre(ship, r, origin)]
    cur = ship
    for _ in range(steps):
        cur = cur.neighbour(direction)
        clear.append(centre(cur, r, origin))
    if fires:
        clear.append(centre(cur.neighbour(direction), r, origin))
    h = max(64, min(112, int(r * 2.2))) // 8 * 8
    rect = pop_rect(clear[0], (int(h * 0.71), h), clear, r, AREA)
    assert AREA.contains(rect)
    for p in clear:
        assert not covers(rect, p, r * CLEAR), (p, rect)


def test_the_old_place_right_of_the_ship_is_avoided_when_the_ship_flies_east() -> None:
    r = 22
    at = (400.0, 300.0)
    east = [hex_to_pixel(Hex(k, 0), r, at) for k in range(4)]
    rect = pop_rect(at, (45, 64), east, r, AREA)
    assert rect.right <= at[0] or rect.bottom <= at[1] - r * CLEAR or rect.top >= at[1] + r * CLEAR
    assert math.dist(rect.center, at) < r * 4, "still beside the ship"


def test_the_timeline_says_what_a_card_must_keep_clear() -> None:
    before = {"entropy": -900, "ships": [{"id": 3, "owner": 1, "hex": [0, 0], "direction": 0, "energy": 9,
                                          "titanium": 0}], "tokens": []}
    events = [CardPlayed(ship=3, card=7, kind="move2", paid=1),
              ShipMoved(ship=3, frm=(0, 0), to=(2, 0), path=((1, 0), (2, 0))),
              CardPlayed(ship=3, card=8, kind="laser", paid=1),
              TokenFired(kind="laser", ship=3, hex=(3, 0), direction=0)]
    tl = build_timeline(before, events)
    cards = [e for e in tl.effects if e.kind == "card"]
    assert len(cards) == 2
    assert set(tl.card_targets(cards[0])) >= {(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)}
    assert (3.0, 0.0) in tl.card_targets(cards[1]) and (2.0, 0.0) in tl.card_targets(cards[1])
