"""Which piece is under a point: hit-testing of shapes in world units.

Pure geometry, no pygame, so it runs in tests and could run anywhere: circles (a model's base:
by distance to the centre), axis-aligned rectangles (a card, a token's box) and polygons (a
terrain footprint, any simple polygon: the winding-number test, with the edges counting as
inside). A `HitMap` holds shapes in drawing order; the topmost hit is the last one drawn that
contains the point. The skirmish engine's own geometry (sight, movement) is shapely's, in
`game/skirmish/geometry.py` (with that game); this only answers the screen's "what did the
pointer touch".
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float

    def contains(self, p: Point) -> bool:
        return math.dist(self.centre, p) <= self.radius


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle from (x0, y0) to (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, p: Point) -> bool:
        return min(self.x0, self.x1) <= p[0] <= max(self.x0, self.x1) and \
            min(self.y0, self.y1) <= p[1] <= max(self.y0, self.y1)


def _cross(a: Point, b: Point, p: Point) -> float:
    """> 0 when `p` lies left of the line from `a` to `b`, < 0 right of it, 0 on it."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])


def _on_segment(a: Point, b: Point, p: Point, eps: float = 1e-9) -> bool:
    return abs(_cross(a, b, p)) <= eps * max(1.0, math.dist(a, b)) and \
        min(a[0], b[0]) - eps <= p[0] <= max(a[0], b[0]) + eps and \
        min(a[1], b[1]) - eps <= p[1] <= max(a[1], b[1]) + eps


@dataclass(frozen=True)
class Polygon:
    """A simple polygon (convex or not) through `points`, in either turning direction."""

    points: tuple[Point, ...]

    def edges(self) -> Iterator[tuple[Point, Point]]:
        pts = self.points
        for i, a in enumerate(pts):
            yield a, pts[(i + 1) % len(pts)]

    def contains(self, p: Point) -> bool:
        """The winding number of the boundary around `p` is not zero (Sunday's form: count the
        edges crossing the horizontal through `p` upwards left of it, minus those crossing
        downwards); a point on an edge is inside."""
        if len(self.points) < 3:
            return False
        winding = 0
        for a, b in self.edges():
            if _on_segment(a, b, p):
                return True
            if a[1] <= p[1]:
                if b[1] > p[1] and _cross(a, b, p) > 0:
                    winding += 1
            elif b[1] <= p[1] and _cross(a, b, p) < 0:
                winding -= 1
        return winding != 0


Shape = Circle | Box | Polygon


@dataclass
class HitMap:
    """Shapes with a key each (a Target, a model id), in drawing order: later ones lie on top."""

    shapes: list[tuple[Hashable, Shape]] = field(default_factory=list)

    def add(self, key: Hashable, shape: Shape) -> None:
        self.shapes.append((key, shape))

    def clear(self) -> None:
        self.shapes.clear()

    def hits(self, p: Point) -> list[Hashable]:
        """Every key whose shape contains `p`, topmost first."""
        return [key for key, shape in reversed(self.shapes) if shape.contains(p)]

    def hit(self, p: Point) -> Hashable | None:
        """The topmost key whose shape contains `p`, or None."""
        for key, shape in reversed(self.shapes):
            if shape.contains(p):
                return key
        return None
