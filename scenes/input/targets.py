"""Hit areas: screen rectangles or circles that stand for a `Target`.

Views register where their pieces, cells and piles are; input asks which
Target lies under the mouse. Targets are engine value objects, so a drop can go
straight to `Game.find_command`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.protocol import Target

Point = tuple[float, float]


@dataclass(frozen=True)
class HitArea:
    """A rectangle (or, with `radius`, a circle at its centre) meaning `target`."""

    rect: pygame.Rect
    target: Target
    radius: float = 0.0

    def contains(self, pos: Point) -> bool:
        if self.radius > 0:
            cx, cy = self.rect.center
            return (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= self.radius ** 2
        return bool(self.rect.collidepoint(pos))

    @property
    def centre(self) -> tuple[int, int]:
        return (self.rect.centerx, self.rect.centery)


class HitMap:
    """Areas in draw order; the last added wins when they overlap (it is on top)."""

    def __init__(self) -> None:
        self.areas: list[HitArea] = []

    def clear(self) -> None:
        self.areas.clear()

    def add(self, rect: pygame.Rect, target: Target, radius: float = 0.0) -> None:
        self.areas.append(HitArea(pygame.Rect(rect), target, radius))

    def at(self, pos: Point) -> Target | None:
        for area in reversed(self.areas):
            if area.contains(pos):
                return area.target
        return None

    def area_of(self, target: Target) -> HitArea | None:
        for area in reversed(self.areas):
            if area.target == target:
                return area
        return None

    def centre_of(self, target: Target) -> tuple[int, int] | None:
        area = self.area_of(target)
        return area.centre if area else None


def describe(target: Target | None) -> str:
    """A debug-free short name for a target (used in tests and tooltips)."""
    if target is None:
        return "nothing"
    if target.cell is not None:
        return f"{target.zone} {target.cell[0]},{target.cell[1]}"
    if target.ident is not None:
        return f"{target.zone} {target.ident}"
    return target.zone
