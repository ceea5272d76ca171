"""Drop zones that are regions of a continuous table, not a list of targets.

A skirmish model may be dropped anywhere inside its reach; a view says so with `DropRegion`s
(the kit's shapes, in world units: inches) and the table turns a drop inside one into a
`Target` carrying the world point, which goes to `Game.find_command` like any other target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.protocol import Target
from scenes.kit.hitmap import Shape

Point = tuple[float, float]


@dataclass(frozen=True)
class DropRegion:
    """Any point inside `shape` (world units) is a spot of `zone` (`ident` names which one)."""

    zone: str
    shape: Shape
    ident: str | None = None


def region_target(regions: Sequence[DropRegion], world: Point) -> Target | None:
    """The last listed region holding `world` (later ones lie on top), as a Target with the
    point; None when the point is in none."""
    for region in reversed(regions):
        if region.shape.contains(world):
            return Target(region.zone, ident=region.ident, point=(float(world[0]), float(world[1])))
    return None
