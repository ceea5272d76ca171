"""A small set of destinations for one model's move, derived from the table's geometry.

Kinds, in the order they are kept when there are too many:
- **charges**: points in base contact with an enemy the model could reach (straight at it, and
  turned either way round its base, in case the straight side is taken);
- **objectives**: a point inside each objective's circle, or as near as the move gets (only
  objectives a "hold" rule still pays for);
- **zones**: the nearest point just inside each area a "reach" rule pays for (`rules.reach_area`),
  or as near as the move gets;
- **firing**: for each enemy out of a weapon's range, the nearest point that brings it in range;
- **cover**: points just off each terrain piece's edge on its far side from the enemy (the piece
  between the model and their centre);
- **fallback**: straight away from the nearest enemy, the whole move and half of it;
- **directions**: the engine's eight directions at the whole move (`rules.DIRECTIONS`).
Every point is then priced by `geometry.costs`, the Dijkstra the engine's own candidates use,
and kept only when it is within the move: so each is a move `rules.why_illegal` accepts.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import shapely

from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.ai.evaluate import events_left
from game.skirmish.content import HoldRule, Objective, Polygon, ReachRule
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

Point = tuple[float, float]
ZONE_DEPTH = 0.75
"""How far inside a scoring area's edge a zone spot aims (the base centre must be inside)."""
MAX_SPOTS = 14
"""At most this many destinations per model (each costs an evaluation)."""
CHARGE_TURNS = (0.0, 0.7, -0.7)
"""Radians round the enemy's base tried for a charge (straight, then either side)."""
CONTACT_GAP = 0.1
"""Edge-to-edge gap a charge aims at (inside the engine's quarter-inch base contact)."""
COVER_SAMPLES = 16
"""Points sampled round a terrain piece's edge."""


@lru_cache(maxsize=256)
def _outline(terrain: tuple[geo.Terrain, ...], radius: float) -> tuple[tuple[Point, Point], ...]:
    """Points round each piece's footprint, a base's radius off its edge, each with its piece's
    centre: (point, centre)."""
    out: list[tuple[Point, Point]] = []
    for piece in terrain:
        ring = shapely.buffer(piece.footprint, radius + 0.05, quad_segs=2).exterior
        c = piece.footprint.centroid
        for k in range(COVER_SAMPLES):
            p = ring.interpolate(k / COVER_SAMPLES, normalized=True)
            out.append(((p.x, p.y), (c.x, c.y)))
    return tuple(out)


def _toward(a: Point, b: Point, distance: float) -> Point:
    d = math.dist(a, b)
    if d < 1e-9:
        return a
    k = min(1.0, distance / d)
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def scoring_objectives(s: SkirmishState) -> list[Objective]:
    """The objectives some "hold" rule of the mission still pays for (not a decoration)."""
    named: set[str] = set()
    for rule in s.mission.scoring:
        if isinstance(rule, HoldRule) and events_left(s, rule.when, rule.from_round):
            named.update(rule.objectives or (o.id for o in s.mission.objectives))
    return [o for o in s.mission.objectives if o.id in named]


def reach_areas(s: SkirmishState, side: int) -> list[Polygon]:
    """The areas where `side`'s models still score by the mission's "reach" rules (the engine's
    own `rules.reach_area`), each once."""
    out: list[Polygon] = []
    for rule in s.mission.scoring:
        if isinstance(rule, ReachRule) and events_left(s, rule.when, rule.from_round):
            area = rules.reach_area(s.mission, rule.zone, side)
            if area not in out:
                out.append(area)
    return out


def nearest_inside(area: Polygon, at: Point, depth: float = ZONE_DEPTH) -> Point:
    """The point of `area` nearest `at`, `depth` inside its edge (or its nearest point when the
    area is too thin for that)."""
    poly = shapely.Polygon(area)
    inner = shapely.buffer(poly, -depth)
    target = poly if inner.is_empty else inner
    x, y = shapely.shortest_line(target, shapely.Point(at)).coords[0]
    return (x, y)


def candidate_points(s: SkirmishState, f: Figure, budget: float) -> list[Point]:
    """The destinations before pricing (see the module docstring), nearest kinds first."""
    me = s.body(f)
    enemies = [e for e in s.alive(1 - f.side) if e.on_table]
    out: list[Point] = []
    reach = max((w.range for w in f.unit.weapons if w.melee), default=-1.0)
    if reach >= 0:
        near = sorted(enemies, key=lambda e: geo.edge_gap(me, s.body(e)))[:3]
        for e in near:
            if geo.edge_gap(me, s.body(e)) > budget + reach + geo.BASE_CONTACT:
                continue
            d = geo.base_radius(e.unit.base_mm) + me.radius + CONTACT_GAP
            base = math.atan2(f.y - e.y, f.x - e.x)
            for turn in CHARGE_TURNS:
                a = base + turn
                out.append((e.x + math.cos(a) * d, e.y + math.sin(a) * d))
    for obj in scoring_objectives(s):
        inside = _toward(obj.at, f.at, obj.radius * 0.5)
        out.append(inside if math.dist(f.at, inside) <= budget else _toward(f.at, inside, budget))
    for area in reach_areas(s, f.side):
        if not geo.in_polygon(area, f.x, f.y):
            inside = nearest_inside(area, f.at)
            out.append(inside if math.dist(f.at, inside) <= budget else _toward(f.at, inside, budget))
    ranged = [w for w in f.unit.weapons if not w.melee]
    if ranged:
        longest = max(rules.stat(s, f, "range", w.range) for w in ranged)
        for e in sorted(enemies, key=lambda e: geo.edge_gap(me, s.body(e)))[:2]:
            gap = geo.edge_gap(me, s.body(e))
            if longest < gap <= longest + budget:
                out.append(_toward(f.at, e.at, gap - longest + 0.3))
    if enemies:
        cx = sum(e.x for e in enemies) / len(enemies)
        cy = sum(e.y for e in enemies) / len(enemies)
        cover = []
        for p, c in _outline(s.terrain, round(me.radius, 3)):
            d = math.dist(p, f.at)
            if d <= budget and (p[0] - c[0]) * (c[0] - cx) + (p[1] - c[1]) * (c[1] - cy) > 0:
                cover.append((d, p))
        cover.sort()
        out.extend(p for _, p in cover[:: max(1, len(cover) // 4)][:4])
        nearest = min(enemies, key=lambda e: math.dist(e.at, f.at))
        away = (2 * f.x - nearest.x, 2 * f.y - nearest.y)
        out.append(_toward(f.at, away, budget))
        out.append(_toward(f.at, away, budget / 2))
    for k in range(rules.DIRECTIONS):
        a = 2 * math.pi * k / rules.DIRECTIONS
        out.append((f.x + math.cos(a) * budget, f.y + math.sin(a) * budget))
    return out


def _cleaned(s: SkirmishState, f: Figure, raw: list[Point]) -> list[Point]:
    """Points kept on the table, distinct (a quarter inch apart) and off the model's own spot."""
    r = geo.base_radius(f.unit.base_mm)
    seen: set[tuple[int, int]] = set()
    points: list[Point] = []
    for x, y in raw:
        x = min(max(x, r + 0.01), s.table.width - r - 0.01)
        y = min(max(y, r + 0.01), s.table.depth - r - 0.01)
        key = (round(x * 4), round(y * 4))
        if key in seen or math.dist((x, y), f.at) < 0.25:
            continue
        seen.add(key)
        points.append((round(x, 3), round(y, 3)))
    return points


def destinations(s: SkirmishState, f: Figure, budget: float | None = None, limit: int = MAX_SPOTS) -> list[Point]:
    """Up to `limit` distinct points `f` may legally move to now, within `budget` (its Move by
    default), each priced by the engine's geometry (see the module docstring)."""
    return reachable(s, f, budget, limit, 0)[0]


def reachable(s: SkirmishState, f: Figure, budget: float | None = None, limit: int = MAX_SPOTS,
              far_limit: int = 0) -> tuple[list[Point], list[Point]]:
    """`destinations` within one move, and (up to `far_limit`) beyond one move but within two,
    for a double move: one pricing (`geometry.costs`) for both."""
    budget = rules.stat(s, f, "move") if budget is None else budget
    if budget <= 0 or "cannot_move" in rules.flags(s, f):
        return [], []
    near = _cleaned(s, f, candidate_points(s, f, budget))
    far = _cleaned(s, f, candidate_points(s, f, 2 * budget)) if far_limit else []
    points = near + far
    if not points:
        return [], []
    cost = geo.costs(s.table, s.bodies(), s.body(f), points, 2 * budget if far else budget)
    one = [p for p, c in zip(near, cost) if c <= budget + 1e-9][:limit]
    two = [p for p, c in zip(far, cost[len(near):]) if budget < c <= 2 * budget + 1e-9][:far_limit]
    return one, two
