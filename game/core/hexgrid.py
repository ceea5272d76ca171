"""Axial hex coordinates: directions, neighbours, distance, turning, pixel layout.

Pure geometry shared by every hex game (Rally today) and by the screens that
draw hexes. Coordinates are axial `(q, r)` with the implied cube coordinate
`s = -q - r`; the layout is "pointy top". Directions are numbered 0..5
clockwise on screen starting with east, so turning right by 60° adds one and
turning left subtracts one (mod 6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

DIRECTION_COUNT = 6

# Clockwise on screen (y grows downwards) from east: E, SE, SW, W, NW, NE.
_DIRECTION_VECTORS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
)

DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")


@dataclass(frozen=True, order=True)
class Hex:
    """One hex cell in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in `direction` (any int; taken mod 6)."""
        dq, dr = _DIRECTION_VECTORS[direction % DIRECTION_COUNT]
        return Hex(self.q + dq, self.r + dr)

    def step(self, direction: int, distance: int = 1) -> Hex:
        """The hex `distance` steps away in a straight line."""
        dq, dr = _DIRECTION_VECTORS[direction % DIRECTION_COUNT]
        return Hex(self.q + dq * distance, self.r + dr * distance)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return tuple(self.neighbour(d) for d in range(DIRECTION_COUNT))

    def distance(self, other: Hex) -> int:
        """Steps between two hexes on an unobstructed grid."""
        d = self - other
        return max(abs(d.q), abs(d.r), abs(d.s))

    def to_key(self) -> str:
        """A compact text key (`"q,r"`) for JSON objects and notation."""
        return f"{self.q},{self.r}"

    @staticmethod
    def from_key(key: str) -> Hex:
        """Parse `to_key`'s output; raises ValueError on anything else."""
        parts = key.split(",")
        if len(parts) != 2:
            raise ValueError(f"not a hex key: {key!r}")
        return Hex(int(parts[0]), int(parts[1]))


ORIGIN = Hex(0, 0)


def turn(direction: int, degrees: int) -> int:
    """The direction after turning `degrees` (multiple of 60; positive = right/clockwise)."""
    if degrees % 60:
        raise ValueError(f"hex turns are multiples of 60°, not {degrees}")
    return (direction + degrees // 60) % DIRECTION_COUNT


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from `a` to an adjacent `b`, or None when not adjacent."""
    delta = (b.q - a.q, b.r - a.r)
    try:
        return _DIRECTION_VECTORS.index(delta)
    except ValueError:
        return None


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps from `center` (just `center` at 0)."""
    if radius == 0:
        return [center]
    cell = center.step(4, radius)  # start north-west, walk the six sides clockwise
    out: list[Hex] = []
    for side in range(DIRECTION_COUNT):
        for _ in range(radius):
            out.append(cell)
            cell = cell.neighbour(side)
    return out


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex within `radius` of `center`, ring by ring from the middle."""
    for k in range(radius + 1):
        yield from ring(center, k)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight segment from `a` to `b`, both ends included."""
    n = a.distance(b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t))
    return out


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


# ---- pixel layout (pointy top) -------------------------------------------

_SQRT3 = math.sqrt(3.0)


def hex_to_pixel(cell: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Centre of `cell` in pixels for hexes of circumradius `size`."""
    x = size * (_SQRT3 * cell.q + _SQRT3 / 2 * cell.r)
    y = size * (1.5 * cell.r)
    return origin[0] + x, origin[1] + y


def pixel_to_hex(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The hex containing pixel (x, y); the inverse of `hex_to_pixel`."""
    px, py = x - origin[0], y - origin[1]
    fq = (_SQRT3 / 3 * px - py / 3) / size
    fr = (2 / 3 * py) / size
    return _cube_round(fq, fr)


def corners(cell: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
    """The six corner points of `cell`, for drawing its outline."""
    cx, cy = hex_to_pixel(cell, size, origin)
    out = []
    for i in range(DIRECTION_COUNT):
        angle = math.radians(60 * i - 30)
        out.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return out


def direction_angle(direction: int) -> float:
    """Screen angle in degrees of a direction (0 = east, clockwise positive, y down)."""
    return 60.0 * (direction % DIRECTION_COUNT)


def bounds(cells: list[Hex] | tuple[Hex, ...], size: float) -> tuple[float, float, float, float]:
    """(min_x, min_y, max_x, max_y) in pixels of the hexes' outlines around origin 0."""
    if not cells:
        return (0.0, 0.0, 0.0, 0.0)
    xs: list[float] = []
    ys: list[float] = []
    for cell in cells:
        for x, y in corners(cell, size):
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)
