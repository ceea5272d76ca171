"""Entropy Rally pictograms drawn with plain shapes: bolt, crystals, swirl, tidy grid, hourglass, ship hull.

Shared by the tiles, the ship badges, the entropy bar and the card faces so one
symbol always means one thing. Functions draw straight onto a surface at any
scale; callers supersample (draw big, smoothscale down) and cache the result.
"""

from __future__ import annotations

import math

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]
Ink = Colour | tuple[int, int, int, int]

ENERGY: Colour = (255, 206, 64)
TITANIUM: Colour = (196, 214, 236)
PORTAL: Colour = (196, 126, 255)
TIDY: Colour = (120, 232, 186)
ENTROPY_UP: Colour = (255, 112, 84)
ENTROPY_DOWN: Colour = (120, 232, 186)
INK_DARK: Colour = (16, 18, 30)


def bolt(surf: pygame.Surface, centre: Point, size: float, rgb: Ink) -> None:
    """A lightning bolt `size` tall: energy."""
    cx, cy = centre
    h = size / 2
    w = size * 0.36
    pts = [(cx + w * 0.35, cy - h), (cx - w, cy + h * 0.12), (cx - w * 0.02, cy + h * 0.12),
           (cx - w * 0.45, cy + h), (cx + w, cy - h * 0.18), (cx + w * 0.05, cy - h * 0.18)]
    pygame.draw.polygon(surf, rgb, pts)


def crystals(surf: pygame.Surface, centre: Point, size: float, rgb: Colour) -> None:
    """Three faceted crystals growing from one base: titanium ore."""
    cx, cy = centre
    base = cy + size * 0.42
    dark = tuple(int(v * 0.55) for v in rgb)
    light = tuple(min(255, int(v + (255 - v) * 0.6)) for v in rgb)
    for dx, height, width, tilt in ((-0.26, 0.62, 0.2, -0.22), (0.26, 0.66, 0.2, 0.22), (0.0, 0.9, 0.26, 0.0)):
        bx = cx + dx * size
        half = width * size / 2
        tip = (bx + tilt * size * 0.55, base - height * size)
        shoulder = height * size * 0.72
        left = (bx - half + tilt * size * 0.4, base - shoulder)
        right = (bx + half + tilt * size * 0.4, base - shoulder)
        body = [(bx - half, base), left, tip, right, (bx + half, base)]
        pygame.draw.polygon(surf, rgb, body)
        mid_base = (bx + half * 0.1, base)
        pygame.draw.polygon(surf, dark, [mid_base, (bx + half * 0.1 + tilt * size * 0.4, base - shoulder), tip, right,
                                         (bx + half, base)])
        pygame.draw.polygon(surf, light, [left, tip, (bx + tilt * size * 0.42, base - shoulder * 0.98)])
        pygame.draw.polygon(surf, dark, body, width=max(1, int(size * 0.03)))


def swirl(surf: pygame.Surface, centre: Point, size: float, rgb: Ink, width: float = 0.09,
          arms: int = 3) -> None:
    """A spiral vortex `size` across: a portal."""
    cx, cy = centre
    r_max = size / 2
    lw = max(1, int(size * width))
    for arm in range(arms):
        start = arm * 2 * math.pi / arms
        pts = []
        for i in range(28):
            t = i / 27
            a = start + t * math.pi * 1.5
            r = r_max * (0.16 + 0.84 * t)
            pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
        pygame.draw.lines(surf, rgb, False, pts, lw)
        pygame.draw.circle(surf, rgb, pts[-1], lw * 0.5)
    pygame.draw.circle(surf, rgb, (cx, cy), r_max * 0.2)


def tidy_grid(surf: pygame.Surface, centre: Point, size: float, rgb: Ink) -> None:
    """A neat 3x3 grid of rounded squares: Neatly Organized Space."""
    cx, cy = centre
    cell = size / 3
    gap = cell * 0.22
    for row in range(3):
        for col in range(3):
            rect = pygame.Rect(0, 0, cell - gap, cell - gap)
            rect.center = (round(cx + (col - 1) * cell), round(cy + (row - 1) * cell))
            pygame.draw.rect(surf, rgb, rect, border_radius=max(1, int(cell * 0.18)))


def hourglass(surf: pygame.Surface, centre: Point, size: float, rgb: Ink) -> None:
    """An hourglass `size` tall: entropy (the clock of the universe)."""
    cx, cy = centre
    h = size / 2
    w = size * 0.34
    lw = max(1, int(size * 0.1))
    pygame.draw.line(surf, rgb, (cx - w, cy - h), (cx + w, cy - h), lw)
    pygame.draw.line(surf, rgb, (cx - w, cy + h), (cx + w, cy + h), lw)
    pygame.draw.polygon(surf, rgb, [(cx - w * 0.8, cy - h), (cx + w * 0.8, cy - h), (cx + w * 0.12, cy),
                                    (cx + w * 0.8, cy + h), (cx - w * 0.8, cy + h), (cx - w * 0.12, cy)],
                        width=max(1, int(size * 0.07)))
    pygame.draw.polygon(surf, rgb, [(cx - w * 0.45, cy + h), (cx + w * 0.45, cy + h), (cx, cy + h * 0.45)])


def ship_hull(length: float) -> list[Point]:
    """The ship's outline around (0, 0), pointing east (+x), `length` from nose to tail."""
    L = length
    return [(0.52 * L, 0.0), (0.16 * L, -0.12 * L), (-0.1 * L, -0.16 * L), (-0.4 * L, -0.4 * L),
            (-0.3 * L, -0.12 * L), (-0.42 * L, -0.1 * L), (-0.42 * L, 0.1 * L), (-0.3 * L, 0.12 * L),
            (-0.4 * L, 0.4 * L), (-0.1 * L, 0.16 * L), (0.16 * L, 0.12 * L)]


def place(points: list[Point], centre: Point, angle_deg: float = 0.0) -> list[Point]:
    """Rotate points (screen angle, clockwise positive) and move them to `centre`."""
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    return [(centre[0] + x * ca - y * sa, centre[1] + x * sa + y * ca) for x, y in points]


def arrow_head(surf: pygame.Surface, tip: Point, angle_deg: float, size: float, rgb: Ink) -> None:
    """A solid triangular arrow head with its tip at `tip`, pointing along `angle_deg`."""
    pts = [(0.0, 0.0), (-size, -size * 0.62), (-size * 0.72, 0.0), (-size, size * 0.62)]
    pygame.draw.polygon(surf, rgb, place(pts, tip, angle_deg))


def chevron(surf: pygame.Surface, centre: Point, size: float, rgb: Ink, angle_deg: float = -90.0) -> None:
    """A bold chevron `size` across and about a third as deep, pointing along `angle_deg` (default up)."""
    s = size / 2
    d = size * 0.17  # depth of the point
    t = size * 0.2  # stroke thickness
    pts = [(d, 0.0), (-d, -s), (-d - t, -s), (d - t, 0.0), (-d - t, s), (-d, s)]
    pygame.draw.polygon(surf, rgb, place(pts, centre, angle_deg))


def turn_arc(surf: pygame.Surface, centre: Point, radius: float, degrees: int, rgb: Ink, width: float) -> None:
    """A curved arrow starting straight up and sweeping `degrees` (positive = clockwise/right)."""
    cx, cy = centre
    start = -90.0
    steps = max(8, abs(degrees) // 6)
    sweep = float(degrees)
    pts = []
    for i in range(steps + 1):
        a = math.radians(start + (sweep - math.copysign(18, sweep)) * i / steps)
        pts.append((cx + math.cos(a) * radius, cy + math.sin(a) * radius))
    pygame.draw.lines(surf, rgb, False, pts, max(1, int(width)))
    for p in pts:
        pygame.draw.circle(surf, rgb, p, width * 0.48)
    end = math.radians(start + sweep)
    tip = (cx + math.cos(end) * radius, cy + math.sin(end) * radius)
    tangent = math.degrees(end) + (90.0 if sweep > 0 else -90.0)
    arrow_head(surf, tip, tangent, width * 2.6, rgb)


def dying_sun(surf: pygame.Surface, centre: Point, size: float) -> None:
    """A swollen, fading red star: the heat death at the end of the entropy bar."""
    cx, cy = centre
    r = size / 2
    for i in range(16, 0, -1):
        t = i / 16
        col = (int(180 + 75 * (1 - t)), int(40 + 170 * (1 - t) ** 2), int(30 + 150 * (1 - t) ** 3), int(40 + 215 * (1 - t) ** 0.7))
        pygame.draw.circle(surf, col, (cx, cy), r * t)
    pygame.draw.circle(surf, (255, 236, 210), (cx, cy), r * 0.14)
