"""A measuring line on the table: from one world point to another, drawn through the camera,
with ticks every world unit and the distance as a label in world units (`4.5"`).

`ruler_marks` is pure (where the ends, the ticks and the label go on screen, and what the label
says); `clear_label_spot` moves the label off what it would hide; `draw_ruler` draws them. The distance is the world's (inches on a skirmish table), so a
zoom changes how long the line looks, never what it says.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes.kit.camera import Camera
from scenes.sprites.text import TextCache

Point = tuple[float, float]
Colour = tuple[int, int, int]

INK: Colour = (236, 204, 132)
SHADOW: Colour = (8, 8, 14)


@dataclass(frozen=True)
class RulerMarks:
    """What a ruler shows (screen pixels, but `length` in world units)."""

    start: Point
    end: Point
    length: float
    label: str
    label_at: Point
    ticks: tuple[tuple[Point, Point], ...]
    """Each tick as a short segment across the line, one per whole `tick` world units."""


def distance_label(length: float, unit: str = '"', decimals: int = 1) -> str:
    """`4.5"`: the distance rounded to `decimals` places, with its unit."""
    return f"{length:.{decimals}f}{unit}"


def ruler_marks(camera: Camera, a: Point, b: Point, unit: str = '"', tick: float = 1.0,
                tick_px: float = 5.0, label_gap: float = 14.0, decimals: int = 1) -> RulerMarks:
    """The ruler from world point `a` to `b`: its ends on screen, a tick every `tick` world units
    from `a` (`tick_px` pixels each side of the line; none where they would crowd closer than 4
    pixels), and the label `label_gap` pixels beside the line's middle, on the side above it (so
    it never sits on the line nor, for a line going up, under the pointer at its end)."""
    start, end = camera.to_screen(a), camera.to_screen(b)
    length = math.dist(a, b)
    dx, dy = end[0] - start[0], end[1] - start[1]
    px_len = math.hypot(dx, dy)
    ux, uy = (dx / px_len, dy / px_len) if px_len > 0 else (1.0, 0.0)
    nx, ny = -uy, ux
    if ny > 0 or (ny == 0 and nx > 0):  # the normal that points up the screen (or left)
        nx, ny = -nx, -ny
    ticks: list[tuple[Point, Point]] = []
    if tick > 0 and camera.length(tick) >= 4.0:
        k = 1
        while k * tick <= length + 1e-9:
            f = k * tick / length
            cx, cy = start[0] + dx * f, start[1] + dy * f
            ticks.append(((cx - nx * tick_px, cy - ny * tick_px), (cx + nx * tick_px, cy + ny * tick_px)))
            k += 1
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    label_at = (mid[0] + nx * label_gap, mid[1] + ny * label_gap)
    return RulerMarks(start, end, length, distance_label(length, unit, decimals), label_at, tuple(ticks))


def clear_label_spot(marks: RulerMarks, size: tuple[int, int], avoid: Sequence[pygame.Rect],
                     bounds: pygame.Rect, edge_gap: float = 5.0, mat: pygame.Rect | None = None) -> Point:
    """Where the label (`size` pixels) is centred: beside the line's middle on `marks.label_at`'s
    side, else the other side, else beside the line a third of the way from either end, then
    the same a line farther out; the first that covers none of `avoid` (the models' bases) and
    stays inside `mat` (the table's cloth, when given), else the first clear one inside
    `bounds` (play-test: by the mat's left edge the distance sat out on the dark frame with
    the mat beside the line clear); failing that, the one inside over the fewest (play-test:
    the distance lay over a model's base and hid it). Each spot keeps `edge_gap` pixels
    between the label's box and the line."""
    (sx, sy), (ex, ey) = marks.start, marks.end
    mid = ((sx + ex) / 2, (sy + ey) / 2)
    ox, oy = marks.label_at[0] - mid[0], marks.label_at[1] - mid[1]
    off = math.hypot(ox, oy)
    nx, ny = (ox / off, oy / off) if off > 0 else (0.0, -1.0)
    w, h = size
    near = edge_gap + (abs(nx) * w + abs(ny) * h) / 2
    spots: list[Point] = []
    for extra in (0.0, h + 4.0, 2 * h + 8.0):
        for f in (0.5, 0.3, 0.7):
            px, py = sx + (ex - sx) * f, sy + (ey - sy) * f
            spots += [(px + nx * (near + extra) * side, py + ny * (near + extra) * side) for side in (1, -1)]
    box = pygame.Rect(0, 0, w, h)
    best: tuple[int, int, Point] | None = None
    framed: Point | None = None
    for i, (x, y) in enumerate(spots):
        r = box.move_to(center=(round(x), round(y)))
        if not bounds.contains(r):
            continue
        covered = len(r.collidelistall(list(avoid)))
        if covered == 0 and (mat is None or mat.contains(r)):
            return (x, y)
        if covered == 0:
            framed = framed or (x, y)
        if best is None or covered < best[0]:
            best = (covered, i, (x, y))
    if framed is not None:
        return framed
    return best[2] if best is not None else spots[0]


def draw_ruler(surface: pygame.Surface, marks: RulerMarks, text: TextCache, fs: int, colour: Colour = INK,
               width: int = 2) -> None:
    """The line (over a dark edge so it reads on any table), its ticks, end dots and the label."""
    pygame.draw.line(surface, SHADOW, marks.start, marks.end, width + 2)
    pygame.draw.line(surface, colour, marks.start, marks.end, width)
    for p, q in marks.ticks:
        pygame.draw.line(surface, colour, p, q, 1)
    for p in (marks.start, marks.end):
        pygame.draw.circle(surface, SHADOW, p, width + 3)
        pygame.draw.circle(surface, colour, p, width + 2)
    text.blit(surface, marks.label, fs, colour, "bold", shadow=True,
              center=(round(marks.label_at[0]), round(marks.label_at[1])))
