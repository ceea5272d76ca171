"""Where a pop-up (a card being played, a roll's result) shows beside the piece it belongs to:
never over the piece itself nor over the places it is about to act on.

Pure geometry (pixels): the view gives the piece's centre, the pop-up's size, the points to keep
clear (the piece and where it moves or shoots), the size of one place (`radius`: Rally's hex
radius, a base's radius) and the area to stay in; `pop_rect` tries the places around the piece
in a fixed order and keeps the first that covers none of them and stays in the area. Rally's
chaos playback pops each played card up so, beside its ship.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]

CLEAR = 0.75
"""How far (in radii of a place) around each point to keep clear: most of that place."""


def _places(at: Point, w: int, h: int, radius: float) -> list[Point]:
    """Pop-up centres around the piece, nearest first: right, left, above, below, then the diagonals."""
    side = radius * 1.1 + w / 2
    up = radius * 1.0 + h / 2
    x, y = at
    return [(x + side, y - radius * 0.4), (x - side, y - radius * 0.4), (x, y - up), (x, y + up),
            (x + side, y - up * 0.8), (x - side, y - up * 0.8), (x + side, y + up * 0.8), (x - side, y + up * 0.8),
            (x + side * 1.9, y - radius * 0.4), (x - side * 1.9, y - radius * 0.4)]


def covers(rect: pygame.Rect, point: Point, reach: float) -> bool:
    """The pop-up's rectangle comes within `reach` pixels of `point`."""
    nx = min(max(point[0], rect.left), rect.right)
    ny = min(max(point[1], rect.top), rect.bottom)
    return math.hypot(point[0] - nx, point[1] - ny) < reach


def pop_rect(at: Point, size: tuple[int, int], keep_clear: Sequence[Point], radius: float,
             area: pygame.Rect) -> pygame.Rect:
    """The pop-up's rectangle (see the module docstring). When every place covers something (a
    crowded corner of a small map) the one covering the fewest points wins, moved into `area`."""
    w, h = size
    reach = radius * CLEAR
    best: tuple[int, int, pygame.Rect] | None = None
    for i, (cx, cy) in enumerate(_places(at, w, h, radius)):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(cx), round(cy))
        hits = sum(1 for p in keep_clear if covers(rect, p, reach))
        inside = area.contains(rect)
        if hits == 0 and inside:
            return rect
        score = (hits * 2 + (0 if inside else 1), i)
        if best is None or score < best[:2]:
            best = (score[0], score[1], rect)
    assert best is not None
    return best[2].clamp(area)
