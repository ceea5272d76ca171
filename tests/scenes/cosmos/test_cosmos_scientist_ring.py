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
