"""Where the chaos phase's floating labels ("+30 energy", "New ship", "Battle!") go.

A label rises from its hex's top edge for its whole life; placed there blindly it covered the
numbers of the tiles above and the labels rising beside it (issue 17). `place_label` looks for
the nearest spot whose whole rise keeps clear of the tiles' numbers and of the labels already
showing; the view chooses each label's spot once, when it first shows, so it never jumps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.core.hexgrid import Hex
from scenes.views.base import Point
from scenes.views.rally.art import tile_text_rects

RISE = 0.2
"""How far a label rises over its life (hex radii): a little, so that it fits the band between two
rows of tiles' numbers (it rose 0.6, across the numbers of the row above)."""
START = 0.95
"""Where a label starts, above its hex's centre (hex radii): the hex's top edge."""


def label_size_px(radius: int) -> int:
    """A floating label's text size at tile radius `radius` (a small map gets smaller labels, not
    labels that hide its ships)."""
    return max(11, int(radius * 0.45))


def swept(centre: Point, size: tuple[int, int], radius: int) -> pygame.Rect:
    """All a label covers over its life: from where it starts (`centre`) to where it has risen."""
    w, h = size
    start = pygame.Rect(0, 0, w, h)
    start.center = (round(centre[0]), round(centre[1]))
    return start.union(start.move(0, -round(radius * RISE)))


def place_label(anchor: Point, size: tuple[int, int], radius: int, avoid: Sequence[pygame.Rect],
                area: pygame.Rect | None = None, soft: Sequence[pygame.Rect] = ()) -> tuple[int, int]:
    """Where a label of `size` rising from the hex centred at `anchor` starts, as an offset from
    `anchor`: the spot nearest the hex's top edge whose whole rise (`swept`) touches nothing in
    `avoid` and stays in `area`, and of those one clear of `soft` (the ships and their cargo
    pills) if it can; failing that, the one covering the least of them."""
    step = max(3, size[1] // 3)
    avoid, soft = list(avoid), list(soft)
    best: tuple[float, tuple[int, int]] | None = None
    for dx_r in (0.0, -0.5, 0.5, -0.9, 0.9, -1.3, 1.3, -1.8, 1.8):
        for i in range(int(radius * 3.2 / step) + 1):
            for sign in (1, -1) if i else (1,):
                dx, dy = round(dx_r * radius), round(-START * radius - sign * i * step)
                rect = swept((anchor[0] + dx, anchor[1] + dy), size, radius)
                cost = abs(dy + START * radius) * (1.0 if sign > 0 else 1.6) + abs(dx) * 1.3
                if sign < 0 and dy > -radius * 0.3:
                    continue  # not down over the ship on the hex itself
                if area is not None and not area.contains(rect):
                    cost += 10 ** 6
                hits = rect.collidelistall(avoid)
                if hits:
                    cost += 10 ** 4 + sum(_overlap(rect, avoid[k]) for k in hits)
                soft_hits = rect.collidelistall(soft)
                if soft_hits:
                    cost += 10 ** 3 + sum(_overlap(rect, soft[k]) for k in soft_hits) / 10
                if best is None or cost < best[0]:
                    best = (cost, (dx, dy))
    assert best is not None
    return best[1]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height


def number_rects(tiles: Sequence[Mapping[str, Any]], centre: Any, radius: int) -> list[pygame.Rect]:
    """Where the numbers of `tiles` (view entries) are on the map; `centre` maps a hex to its
    centre in pixels."""
    out: list[pygame.Rect] = []
    for t in tiles:
        h: Hex = Hex(int(t["hex"][0]), int(t["hex"][1]))
        th = t.get("threshold")
        rects = tile_text_rects(str(t["kind"]), radius, int(t.get("value") or 0), None if th is None else int(th),
                                bool(t.get("active", True)))
        x, y = centre(h)
        out += [r.move(round(x), round(y)) for r in rects]
    return out
