"""Where a card a ship turns up in the chaos playback shows: beside the map's tiles, never over one.

The kit's `pop_rect` put the card beside its ship clear of the ship and where it goes, but
over other tiles (issue 17: the revealed cards covered tiles). Here the card goes to the
nearest place in the map's area that covers no tile (nor any other place to keep clear), so
the play is read off the card while every tile stays in sight. Pure geometry, in pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]

STEP = 12
"""Pixels between the places tried (a few thousand at most on a full-screen map)."""


def hex_box(centre: Point, radius: float) -> pygame.Rect:
    """The box around a pointy-top hex of `radius` at `centre` (what a card must not touch)."""
    w, h = math.sqrt(3) * radius, 2 * radius
    return pygame.Rect(round(centre[0] - w / 2), round(centre[1] - h / 2), math.ceil(w), math.ceil(h))


def off_tiles(near: Point, size: tuple[int, int], blocked: Sequence[pygame.Rect], area: pygame.Rect,
              gap: int = 4) -> pygame.Rect | None:
    """The `size` rectangle inside `area`, at least `gap` pixels from every rectangle of `blocked`,
    whose centre is nearest `near`; None when there is no such place."""
    w, h = size
    if w > area.width or h > area.height:
        return None
    walls = [b.inflate(2 * gap, 2 * gap) for b in blocked]
    best: tuple[float, pygame.Rect] | None = None
    for y in range(area.top, area.bottom - h + 1, STEP):
        for x in range(area.left, area.right - w + 1, STEP):
            rect = pygame.Rect(x, y, w, h)
            if rect.collidelist(walls) != -1:
                continue
            d = math.hypot(rect.centerx - near[0], rect.centery - near[1])
            if best is None or d < best[0]:
                best = (d, rect)
    return None if best is None else best[1]
