"""The Entropy Rally map's camera: how far a map bigger than its area is panned.

Pure geometry, no drawing. Long strip maps would shrink hexes below a readable size if
fitted whole, so the view keeps a minimum hex radius and lets the map overflow its area;
this module keeps the pan inside the map's extent, centres on what matters only when it is
off-screen (calm: no re-centring while it is in view), and says which edges hide more map.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

Point = tuple[float, float]

READABLE_RADIUS = 22
"""The smallest hex radius (pixels) at a 720-pixel-high window; scaled with the height."""


def min_radius(screen_h: int) -> int:
    """The readable minimum hex radius for a window `screen_h` pixels high (even)."""
    r = max(14, round(READABLE_RADIUS * screen_h / 720))
    return r - r % 2


@dataclass
class Camera:
    """A pan (pixels) of a map whose unpanned drawing is centred on `view`; `extent` is the
    map's unpanned pixel box (x0, y0, x1, y1)."""

    view: pygame.Rect
    extent: tuple[float, float, float, float]
    pan: Point = (0.0, 0.0)

    @property
    def limits(self) -> Point:
        """How far the map may move either way on each axis (0: it fits)."""
        x0, y0, x1, y1 = self.extent
        return (max(0.0, ((x1 - x0) - self.view.width) / 2), max(0.0, ((y1 - y0) - self.view.height) / 2))

    @property
    def active(self) -> bool:
        """The map overflows its area by more than a pixel (rounding is not overflow)."""
        lx, ly = self.limits
        return lx > 1.0 or ly > 1.0

    def clamp(self) -> None:
        """Keep the map covering the view on each axis it overflows; an axis that fits stays
        unpanned (the fit already centres it)."""
        x0, y0, x1, y1 = self.extent
        v = self.view
        px = min(v.left - x0, max(v.right - x1, self.pan[0])) if x1 - x0 > v.width else 0.0
        py = min(v.top - y0, max(v.bottom - y1, self.pan[1])) if y1 - y0 > v.height else 0.0
        self.pan = (px, py)

    def move(self, dx: float, dy: float) -> None:
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)
        self.clamp()

    def in_view(self, points: Iterable[Point], margin: float = 0.0) -> bool:
        """Every point (unpanned) is inside the view, `margin` pixels from its edges."""
        inner = self.view.inflate(-2 * margin, -2 * margin)
        return all(inner.left <= x + self.pan[0] <= inner.right and inner.top <= y + self.pan[1] <= inner.bottom
                   for x, y in points)

    def centre_on(self, points: Iterable[Point], margin: float = 0.0) -> bool:
        """Bring `points` (unpanned) into view, centred, only if some are off-screen; True if it moved."""
        pts = list(points)
        if not pts or self.in_view(pts, margin):
            return False
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        before = self.pan
        self.pan = (self.view.centerx - (min(xs) + max(xs)) / 2, self.view.centery - (min(ys) + max(ys)) / 2)
        self.clamp()
        return self.pan != before

    def pan_to_show(self, points: Iterable[Point], margin: float = 0.0) -> Point | None:
        """The pan that would centre `points` (unpanned), if some are off-screen now; else None.
        (For a glide: the view moves there over a few frames.)"""
        pts = list(points)
        if not pts or self.in_view(pts, margin):
            return None
        before = self.pan
        self.centre_on(pts, margin)
        goal, self.pan = self.pan, before
        return goal if goal != before else None

    def glide(self, goal: Point, dt: float, rate: float = 9.0) -> bool:
        """Move the pan a step towards `goal` (eased, about a third of a second); True once there."""
        k = min(1.0, dt * rate)
        x = self.pan[0] + (goal[0] - self.pan[0]) * k
        y = self.pan[1] + (goal[1] - self.pan[1]) * k
        done = abs(goal[0] - x) < 1.0 and abs(goal[1] - y) < 1.0
        self.pan = goal if done else (x, y)
        self.clamp()
        return done

    def hidden_edges(self) -> tuple[bool, bool, bool, bool]:
        """(left, top, right, bottom): is there map beyond that edge of the view?"""
        x0, y0, x1, y1 = self.extent
        px, py = self.pan
        v = self.view
        return (x0 + px < v.left - 1, y0 + py < v.top - 1, x1 + px > v.right + 1, y1 + py > v.bottom + 1)
