"""Play-test (issue 14, ninth session): a Scientist stands on its space's top rim, where it also
touches the next space, so which space it was on could not be told. Its space is ringed in its
seat's colour."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.views.cosmos import art, board
from tests.games.cosmos.positions import random_positions


def test_each_scientists_space_is_ringed_in_its_seats_colour() -> None:
    state = next(iter(random_positions(2, 300, 40, 1)))
    view = state.view(0)
    rect = pygame.Rect(0, 0, 380, 380)
    surface = pygame.Surface(rect.size)
    board.draw_scientists(surface, rect, view, 0, {})
    for seat, p in enumerate(view["players"]):
        pos = int(p["pos"])
        cx, cy = board.space_centre(rect, pos)
        r = board.space_radius(rect, pos) + 1
        below = (round(cx), round(cy + r - 1))  # the ring's bottom, away from the pawn on top
        others = [i for i, q in enumerate(view["players"]) if q["pos"] == pos]
        if others.index(seat) == 0:
            assert tuple(surface.get_at(below))[:3] == tuple(art.SEATS[seat])[:3], (seat, below)


def test_scientists_on_one_space_stand_side_by_side_each_ringed_by_its_one_place() -> None:
    """`board.sharing` gives a Scientist's place among those on its space once, for its pawn
    (`pawn_at`, which works it out alone when not handed it) and its ring (`draw_scientists`):
    4 Scientists on one space stand left to right in seat order, their rings nested 3 px apart."""
    state = next(iter(random_positions(4, 301, 40, 1)))
    view = state.view(0)
    for p in view["players"]:
        p["pos"] = 4
    rect = pygame.Rect(0, 0, 380, 380)
    surface = pygame.Surface(rect.size)
    board.draw_scientists(surface, rect, view, 0, {})
    cx, cy = board.space_centre(rect, 4)
    xs = []
    for seat in range(4):
        assert board.sharing(view, seat) == (seat, 4)
        spot = board.pawn_at(rect, view, seat)
        assert spot == board.pawn_at(rect, view, seat, (seat, 4))
        xs.append(spot[0][0])
        ring = board.space_radius(rect, 4) + 1 + 3 * seat
        assert tuple(surface.get_at((round(cx), round(cy + ring - 1))))[:3] == tuple(art.SEATS[seat])[:3], seat
    assert xs == sorted(xs) and len(set(xs)) == 4, xs
