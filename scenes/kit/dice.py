"""Six-sided dice drawn as faces with pips: a roll shown on the table, some dice picked out
(the hits, the dice a re-roll takes).

`dice_layout` is pure (where each die goes: rows of squares centred in an area, as big as fit,
up to a largest size) and `pip_centres` says where a face's pips go; `draw_dice` draws the faces
there on a pygame Surface, ringing the dice whose indices are highlighted. The number on a face
is never the only signal: pips for the value, a ring as well as a colour for a highlight.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

Colour = tuple[int, int, int]
Square = tuple[int, int, int]
"""(x, y, size) of one die: its top-left corner and side, pixels."""

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
"""Where each value's pips lie on a face, as fractions of its side (from the top left)."""

GAP = 0.2
"""Space between two dice, in dice sides."""

FACE: Colour = (236, 230, 214)
PIP: Colour = (24, 26, 36)
EDGE: Colour = (104, 96, 80)
RING: Colour = (120, 220, 160)
FACE_LIT: Colour = (255, 244, 206)


def dice_layout(n: int, area: tuple[int, int, int, int], largest: int = 64) -> list[Square]:
    """Squares for `n` dice in `area` (x, y, width, height): in rows (the fewest of those giving
    the biggest dice, the last row possibly shorter), `GAP` apart, at most `largest` pixels, the
    block centred in the area and each row centred in the block."""
    if n <= 0:
        return []
    x, y, w, h = area
    best_size, best_rows = -1.0, 1
    for rows in range(1, n + 1):
        per_row = -(-n // rows)
        size = min(w / (per_row + GAP * (per_row - 1)), h / (rows + GAP * (rows - 1)), float(largest))
        if size > best_size + 1e-9:
            best_size, best_rows = size, rows
    size = max(1, int(best_size))
    rows = best_rows
    per_row = -(-n // rows)
    step = size + int(size * GAP)
    block_h = size + step * (rows - 1)
    top = y + (h - block_h) // 2
    out: list[Square] = []
    for r in range(rows):
        in_row = min(per_row, n - r * per_row)
        row_w = size + step * (in_row - 1)
        left = x + (w - row_w) // 2
        out += [(left + k * step, top + r * step, size) for k in range(in_row)]
    return out


def pip_centres(value: int, square: Square) -> list[tuple[float, float]]:
    """The centres of a face's pips (pixels) for `value` 1..6 on the die at `square`."""
    x, y, size = square
    return [(x + fx * size, y + fy * size) for fx, fy in PIPS[value]]


def draw_dice(surface: pygame.Surface, values: Sequence[int], area: tuple[int, int, int, int],
              highlight: Collection[int] = (), largest: int = 64, ring: Colour = RING) -> list[pygame.Rect]:
    """Draw a face per value (1..6) in `area`; the dice whose indices are in `highlight` get a
    lighter face and a `ring` round them. Returns each die's rectangle (for hit-testing and
    tooltips)."""
    rects: list[pygame.Rect] = []
    for i, (value, square) in enumerate(zip(values, dice_layout(len(values), area, largest))):
        x, y, size = square
        r = pygame.Rect(x, y, size, size)
        radius = max(2, size // 6)
        lit = i in highlight
        pygame.draw.rect(surface, (8, 8, 14), r.move(0, max(1, size // 16)), border_radius=radius)
        pygame.draw.rect(surface, FACE_LIT if lit else FACE, r, border_radius=radius)
        pygame.draw.rect(surface, EDGE, r, width=max(1, size // 24), border_radius=radius)
        for cx, cy in pip_centres(value, square):
            pygame.draw.circle(surface, PIP, (cx, cy), max(1.0, size * 0.09))
        if lit:
            pad = max(2, size // 14)
            pygame.draw.rect(surface, ring, r.inflate(2 * pad, 2 * pad), width=max(2, size // 16),
                             border_radius=radius + pad)
        rects.append(r)
    return rects
