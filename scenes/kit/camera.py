"""A camera over a table measured in world units: how far a world bigger than its view is
panned, and at what zoom it is shown.

Pure geometry, no drawing. A point `p` of the world (in its own units: inches of a skirmish
table, or the pixels of a fitted hex map) is drawn at `origin + p * scale + pan`: `scale` is the
zoom (pixels per world unit), `origin` where the world's (0, 0) lies before panning, and `pan`
(pixels) how far a person or a glide has moved it. A world bigger than `view` at that zoom
overflows it; the camera keeps the pan inside the world's `extent`, centres on what matters
only when it is off-screen (calm: no re-centring while it is in view), glides there, zooms about
a point and says which edges hide more of the world.

Entropy Rally's map keeps the defaults, `scale` 1 and `origin` (0, 0): its world units are the
pixels of the map as fitted (its hex radius is its zoom, `scenes/views/rally/layout.py`), and
it keeps a readable minimum hex size rather than shrink a long map, so the map pans.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1)"""


@dataclass
class Camera:
    """A pan (pixels) and a zoom of a world whose unpanned drawing lies in `view`; `extent` is
    the world's box (x0, y0, x1, y1) in world units."""

    view: pygame.Rect
    extent: Box
    pan: Point = (0.0, 0.0)
    scale: float = 1.0
    """Pixels per world unit (the zoom)."""
    origin: Point = (0.0, 0.0)
    """Where the world's (0, 0) is drawn before panning (pixels)."""

    @classmethod
    def fitted(cls, view: pygame.Rect, extent: Box, min_scale: float = 0.0,
               max_scale: float = float("inf")) -> Camera:
        """The whole `extent` centred in `view` at the largest zoom that shows all of it, kept
        within `min_scale` (a readable size: below it the world overflows and pans) and
        `max_scale`."""
        x0, y0, x1, y1 = extent
        fit = min(view.width / max(1e-9, x1 - x0), view.height / max(1e-9, y1 - y0))
        scale = max(min_scale, min(max_scale, fit))
        origin = (view.centerx - (x0 + x1) / 2 * scale, view.centery - (y0 + y1) / 2 * scale)
        return cls(pygame.Rect(view), extent, scale=scale, origin=origin)

    def unpanned(self, p: Point) -> Point:
        """Where world point `p` is drawn before panning (pixels)."""
        return (self.origin[0] + p[0] * self.scale, self.origin[1] + p[1] * self.scale)

    def to_screen(self, p: Point) -> Point:
        """Where world point `p` is drawn now (pixels)."""
        x, y = self.unpanned(p)
        return (x + self.pan[0], y + self.pan[1])

    def to_world(self, pos: Point) -> Point:
        """The world point drawn at screen position `pos`."""
        return ((pos[0] - self.pan[0] - self.origin[0]) / self.scale,
                (pos[1] - self.pan[1] - self.origin[1]) / self.scale)

    def length(self, d: float) -> float:
        """A world distance in pixels at this zoom (a base's radius, a ruler's ticks)."""
        return d * self.scale

    def box(self) -> Box:
        """The world's extent as drawn before panning (pixels)."""
        x0, y0 = self.unpanned((self.extent[0], self.extent[1]))
        x1, y1 = self.unpanned((self.extent[2], self.extent[3]))
        return (x0, y0, x1, y1)

    @property
    def limits(self) -> Point:
        """How far the world may move either way on each axis (0: it fits)."""
        x0, y0, x1, y1 = self.box()
        return (max(0.0, ((x1 - x0) - self.view.width) / 2), max(0.0, ((y1 - y0) - self.view.height) / 2))

    @property
    def active(self) -> bool:
        """The world overflows its view by more than a pixel (rounding is not overflow)."""
        lx, ly = self.limits
        return lx > 1.0 or ly > 1.0

    def clamp(self) -> None:
        """Keep the world covering the view on each axis it overflows; an axis that fits stays
        unpanned (the fit already centres it)."""
        x0, y0, x1, y1 = self.box()
        v = self.view
        px = min(v.left - x0, max(v.right - x1, self.pan[0])) if x1 - x0 > v.width else 0.0
        py = min(v.top - y0, max(v.bottom - y1, self.pan[1])) if y1 - y0 > v.height else 0.0
        self.pan = (px, py)

    def move(self, dx: float, dy: float) -> None:
        """Pan by (dx, dy) pixels, kept within the extent."""
        self.pan = (self.pan[0] + dx, self.pan[1] + dy)
        self.clamp()

    def zoom_at(self, factor: float, pos: Point, min_scale: float = 0.0, max_scale: float = float("inf")) -> bool:
        """Zoom by `factor` (within `min_scale` and `max_scale`) keeping the world point under
        screen position `pos` where it is, as far as the extent allows; True if the zoom changed."""
        scale = max(min_scale, min(max_scale, self.scale * factor))
        if scale == self.scale:
            return False
        wx, wy = self.to_world(pos)
        self.scale = scale
        self.pan = (pos[0] - self.origin[0] - wx * scale, pos[1] - self.origin[1] - wy * scale)
        self.clamp()
        return True

    def in_view(self, points: Iterable[Point], margin: float = 0.0) -> bool:
        """Every world point is inside the view, `margin` pixels from its edges."""
        inner = self.view.inflate(-2 * margin, -2 * margin)
        for p in points:
            x, y = self.unpanned(p)
            if not (inner.left <= x + self.pan[0] <= inner.right and inner.top <= y + self.pan[1] <= inner.bottom):
                return False
        return True

    def centre_on(self, points: Iterable[Point], margin: float = 0.0) -> bool:
        """Bring world `points` into view, centred, only if some are off-screen; True if it moved."""
        pts = list(points)
        if not pts or self.in_view(pts, margin):
            return False
        drawn = [self.unpanned(p) for p in pts]
        xs, ys = [p[0] for p in drawn], [p[1] for p in drawn]
        before = self.pan
        self.pan = (self.view.centerx - (min(xs) + max(xs)) / 2, self.view.centery - (min(ys) + max(ys)) / 2)
        self.clamp()
        return self.pan != before

    def pan_to_show(self, points: Iterable[Point], margin: float = 0.0) -> Point | None:
        """The pan that would centre world `points`, if some are off-screen now; else None.
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
        """(left, top, right, bottom): is there more world beyond that edge of the view?"""
        x0, y0, x1, y1 = self.box()
        px, py = self.pan
        v = self.view
        return (x0 + px < v.left - 1, y0 + py < v.top - 1, x1 + px > v.right + 1, y1 + py > v.bottom + 1)
