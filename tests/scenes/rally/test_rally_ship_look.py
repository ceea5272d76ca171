"""Ships readable at a glance, and two ships on one hex told apart (issue 17): a ship is drawn
most of the hex's width with a light heading arrow at its nose and its seat mark on the rear half;
two ships sharing a hex are each drawn big enough to read, their fleet numbers lead their cargo
pills (behind the tail a number stood on the other ship), their planned paths start where each
stands and run apart, and the pointer picks the ship whose hull it is over."""

from __future__ import annotations

import math

import pygame
import pytest

from game.core.hexgrid import direction_angle
from game.core.match import Match
from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally import art
from scenes.views.rally.badge import has_badge
from tests.scenes.rally.test_table_rally import ctx, open_settled, played_until  # noqa: F401

HEADINGS = [60.0 * k for k in range(6)]


def test_a_ship_takes_most_of_its_hex() -> None:
    for radius in (22, 34, 48):
        assert art.ship_length(radius) >= 1.4 * radius, "a small dart on the tile (1.22 radii) did not read"
        assert art.ship_length(radius) <= math.sqrt(3) * radius, "still inside the hex, whatever its heading"


@pytest.mark.parametrize("angle", HEADINGS)
def test_the_seat_mark_sits_on_the_rear_half_clear_of_the_heading(angle: float) -> None:
    length = art.ship_length(34)
    x, y = art.mark_centre((0.0, 0.0), length, angle)
    a = math.radians(angle)
    along = x * math.cos(a) + y * math.sin(a)
    assert along + length * art.MARK_SIZE / 2 <= 0.0, "the whole disc behind the ship's middle"
    spot = art.seat_spot((0.0, 0.0), 34, 1.0, angle)
    assert spot.collidepoint(round(x), round(y))


@pytest.mark.parametrize("owner", [0, 1, 2, 3])
@pytest.mark.parametrize("angle", HEADINGS)
def test_a_light_arrow_points_the_way_at_the_nose(owner: int, angle: float) -> None:
    """Pixels on the ship's axis between its middle and its nose are near white (the arrow head),
    whatever the seat's colour: the old stripe was the seat's colour, lightened."""
    pygame.display.init()
    length = art.ship_length(34)
    sprite = art.ship_sprite(owner, length, angle)
    c = (sprite.get_width() / 2, sprite.get_height() / 2)
    a = math.radians(angle)
    for along in (0.26, 0.32, 0.38):
        px = sprite.get_at((round(c[0] + math.cos(a) * length * along), round(c[1] + math.sin(a) * length * along)))
        assert min(px.r, px.g, px.b) >= 200 and px.a >= 200, (along, px)


def test_two_ships_on_a_hex_are_drawn_big_enough_and_apart() -> None:
    for gap in (False, True):
        for radius in (22, 34, 48):
            (a, b), scale = art.stack_layout(2, radius, gap)
            length = art.ship_length(radius, scale)
            assert length >= 0.7 * radius, "half a lone ship (0.61 radii) was too small to read"
            assert math.dist(a, b) >= length * 0.95, "the two bodies do not lie on each other"


def _two_on_one_hex() -> Match:
    def shared(s: RallyState) -> bool:
        hexes = [sh.hex for sh in s.ships_of(0)]
        return s.phase == "planning" and not s.done[0] and len(set(hexes)) < len(hexes)

    return played_until(1, ["human", "random"], shared)


def test_two_own_ships_on_one_hex_show_both_numbers_pills_and_paths(ctx: AppContext) -> None:  # noqa: F811
    import random

    from game.rally.positions import _program

    match = _two_on_one_hex()
    state = match.state
    assert isinstance(state, RallyState)
    for cmd in _program(state, 0, random.Random(3)):
        assert match.submit(cmd).ok
    scene, view = open_settled(ctx, match)
    mine = [s for s in view.view["ships"] if s["owner"] == 0]
    hexes = {tuple(s["hex"]) for s in mine}
    assert len(mine) == 2 and len(hexes) == 1
    r = view.fit.radius
    a, b = (int(s["id"]) for s in mine)
    ca, cb = view._ship_centres[a], view._ship_centres[b]
    assert math.dist(ca, cb) >= art.ship_length(r, art.stack_layout(2, r)[1]) * 0.95
    # the pointer over each hull picks that ship (their drawn areas overlap)
    for sid, centre in ((a, ca), (b, cb)):
        assert view.ship_under(centre) == sid
        assert view.hover_link(centre) == (None, sid)
    # each pill is led by the fleet number and stays on the hex, apart from the other's
    pills = []
    offsets, scale = art.stack_layout(2, r, has_badge(next((t for t in view.view["tiles"]
                                                               if tuple(t["hex"]) in hexes), None)))
    for s, (dx, dy) in zip(sorted(mine, key=lambda s: int(s["id"])), offsets):
        img, rect = art.cargo_spot((dx, dy), r, int(s["energy"]), int(s["titanium"]), scale, 2,
                                   view._fleet_number(s), 0)
        plain, _ = art.cargo_spot((dx, dy), r, int(s["energy"]), int(s["titanium"]), scale, 2)
        assert view._fleet_number(s) in (1, 2) and img.get_width() > plain.get_width(), "the number leads the pill"
        assert rect.right <= r * (math.sqrt(3) / 2 + 0.15) + 1
        pills.append(rect)
    assert not pills[0].colliderect(pills[1])
    # planned paths start at each ship and run apart
    spread = view.stack_offsets()
    assert spread[a] != spread[b]
    assert all(view.predictions[sid].hexes for sid in (a, b))


def test_badge_covers_a_ship_by_its_heading() -> None:
    """The tile's badge under a lone ship knows where the ship's seat mark is (its rear half)."""
    from scenes.views.rally import badge

    pygame.font.init()
    east = badge.covers(42, (badge.Cargo(100, 0, 0, heading=direction_angle(0)),), False)[0]
    west = badge.covers(42, (badge.Cargo(100, 0, 0, heading=direction_angle(3)),), False)[0]
    assert east != west, "the seat mark's square moves with the heading"
