"""Where the card a ship plays pops up during the chaos playback: beside the ship, never over
the ship itself, the hexes it is about to fly through or the hex its laser / wave goes to.

Pure geometry (pixels): the view gives the ship's centre, the card's size, the points to keep
clear (ship and target hex centres) and the map area; `pop_rect` tries the places around the
ship in a fixed order and keeps the first that covers none of them and stays on the map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]

CLEAR = 0.75
"""How far (in hex radii) around each point to keep clear: most of its hex."""


def _places(at: Point, w: int, h: int, radius: float) -> list[Point]:
    """Card centres around the ship, nearest first: right, left, above, below, then the diagonals."""
    side = radius * 1.1 + w / 2
    up = radius * 1.0 + h / 2
    x, y = at
    return [(x + side, y - radius * 0.4), (x - side, y - radius * 0.4), (x, y - up), (x, y + up),
            (x + side, y - up * 0.8), (x - side, y - up * 0.8), (x + side, y + up * 0.8), (x - side, y + up * 0.8),
            (x + side * 1.9, y - radius * 0.4), (x - side * 1.9, y - radius * 0.4)]


def covers(rect: pygame.Rect, point: Point, reach: float) -> bool:
    """The card rectangle comes within `reach` pixels of `point`."""
    nx = min(max(point[0], rect.left), rect.right)
    ny = min(max(point[1], rect.top), rect.bottom)
    return math.hypot(point[0] - nx, point[1] - ny) < reach


def pop_rect(at: Point, size: tuple[int, int], keep_clear: Sequence[Point], radius: float,
             area: pygame.Rect) -> pygame.Rect:
    """The card's rectangle (see the module docstring). When every place covers something (a
    crowded corner of a small map) the one covering the fewest points wins, moved onto the map."""
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
