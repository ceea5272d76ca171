"""The skirmish table's geometry: bases, terrain, placement, movement, line of sight and cover.

One module that the rules engine, the AI and the screen all ask, so they get the same
answers. Everything is in inches, positions are floats; x runs across the table's width, y
across its depth, z up from the table top. Shapely 2 (GEOS) answers every polygon and segment
question, vectorised over numpy arrays, with prepared geometries and STRtrees. Round bases and
tokens are exact circles, and a circle question is arithmetic on its centre: distances between
two circles, and a segment meets one when the distance from its centre to the segment's
nearest point, by GEOS's own formula (`_nearest_on_segments`), is within its radius.

Pieces
- `Body(x, y, radius, height, ident)`: a model: its round base and its height. `ident` is
  unique on the table; a query skips the body with the mover's, shooter's or target's ident,
  so `others` may include them. `base_radius(mm)` converts a base size (25, 32, 40, 50,
  60 mm) to inches. A model stands at the table's elevation under its centre.
- `Terrain(points, height, name)`: a polygon footprint and its height above the table. Where
  pieces overlap, the highest counts (a tower on a hill is a piece as high as both).
- `Token(x, y, radius=0.5, height=1.0, passable=True)`: a marker, 1" across unless stated.
  No model ends a move on one; an impassable token also bars the way as a base does. A token
  blocks sight as a model does, up to its height (0: never). `tokens_touched(table, mover,
  path)`: the tokens a move passes over or ends in base contact with (for those that harm).
- `Table(width=36, depth=36, terrain, tokens)`: immutable, prepared once per position.
  `elevation_at(x, y)` (a point on a piece's edge is on top of it), `elevation_of(body)`,
  `elevations(xs, ys)` vectorised, `on_table(body)` (the whole base on the table). It pickles
  as its fields alone (the AI's worker builds its own GEOS structures).

Distances
- `edge_gap(a, b)`: base edge to base edge, as wargamers measure; negative when overlapping.
- `in_base_contact(a, b)`: `edge_gap <= BASE_CONTACT` (a quarter inch): the rulebook's
  "approximate base contact", what pushing two miniatures together gives on a real table.
- `within_melee(a, b, reach)`: `edge_gap <= reach + BASE_CONTACT`. Both are measured flat;
  the rulebook's allowance for a target on a platform is the rules engine's (elevations, Move).
- `in_line(bodies)`, `in_ring(bodies)`: a unit sheet's formation patterns (side by side along
  one straight line; one base touching all the others).
- `placement_refusal(table, others, body)`: None, or why the base may not stand there in a
  player's words: off the table, overlapping a model's base, overlapping a token (more than
  OVERLAP_TOLERANCE; bases may touch). Terrain never refuses: the model stands on top.
- `in_polygon(points, x, y)` (a deployment zone, a mission area; its edge counts as inside) and
  `overlaps_terrain(table, x, y, radius)` (a token being placed).

Movement
- `path(table, others, mover, goal) -> Path | None`: the cheapest legal route of the mover's
  centre to `goal`, or None when the goal is refused or cut off. `Path.cost = length + climb`,
  where climb adds up every change of elevation along the route, up and down (terrain is
  scalable and the vertical distance is paid from the move). The base may not cross another
  base or an impassable token: their circles are inflated by the mover's radius and the centre
  stays out of them; the base stays on the table. Obstacles the mover already overlaps are ignored, so
  it can step away. The route is found by A* (straight distance plus elevation difference as
  the estimate) over a visibility graph. Its nodes: the corners of 16-gons circumscribing the
  inflated circles (a route bends around a base on one, at most 2% longer than the true arc),
  and points CORNER_OFFSET outside and inside every corner of the terrain's flat patches (the
  faces all outlines cut the table into: to pass a piece, or to stay on top of one). A leg is
  checked against the circles and priced by where it crosses terrain edges. The route is the
  cheapest on that graph, and a cheapest route has no reason to bend elsewhere: crossing an
  edge costs the same at any angle. Every leg between nodes is priced: leaving out the legs
  that cut into a 16-gon's corner halved the time but missed shorter legal routes (a leg may
  cut a corner of the 16-gon where it stands off its circle), found by a property test.
- `costs(table, others, mover, points, budget)`: the same cost to many points at once, by
  Dijkstra from the mover over the same graph; inf beyond the budget, for a refused point or
  one cut off. What the AI uses to rate many destinations.
- `reach(table, others, mover, budget)`: a (multi)polygon of the points the mover's centre can
  end on at cost <= budget: `costs` on a grid of REACH_STEP inches, each reached point's cell
  merged and its stairs smoothed (by 3/4 of a step at most), clipped to where the centre may
  stand on the table and with the refused circles cut out. A point more than REACH_TOLERANCE
  inside it has a `path` within the budget; a point more than that outside has none (tested
  on random layouts).

Sight, in 3D (GEOS ignores z, so heights are ours)
- The shooter's eye is its centre at its elevation plus `eye_height` (90%) of its height.
- The target's silhouette is a vertical billboard through its centre, square to the line from
  the eye, sampled at `columns` (5) points evenly across `spread` (80%) of its base's diameter
  times `rows` (20%, 50%, 85%) of its height above its elevation: 15 sight lines.
- A line is blocked by an obstacle (a terrain piece from the table up to its height; another
  model's base cylinder or a token's, up to their top = elevation + height) when the part of
  the line lower than the obstacle's top, projected onto the table, meets its footprint. The
  line is straight in 3D, so that part is one end of the segment, cut where the line passes
  the top's height; GEOS tests it against the footprint. The shooter and the target never
  block their own lines.
- `sight(table, others, shooter, target, rules) -> Sight`: `hidden` is the share of lines
  blocked by anything, `hidden_by_terrain` by terrain, `hidden_by_models` by models and
  tokens (a line blocked by both counts in both); `lines` gives every line's 3D ends and
  flags for the screen to draw; the verdict is "hidden" (not a legal ranged target) when
  hidden >= hidden_at, else "cover" when hidden_by_terrain >= terrain_cover_at or
  hidden_by_models >= model_cover_at, else "clear".
- `SightRules` holds the sampling and the thresholds (their values belong in the game's data
  file). The defaults, and why:
  hidden_at = 0.75: the rulebook's "obscure most of the target" cannot mean just over half,
  since the same rulebook gives terrain cover from 50%: a target half behind a wall is in
  cover, not out of sight. Three quarters blocked (12 of 15 lines; 3 or fewer clear) is a
  player's "mostly hidden": a head, or one shoulder.
  terrain_cover_at = 0.5: the rulebook's own "(50% or more)" for terrain.
  model_cover_at = 0.2: "partially obscured, but still visible" by models and tokens. One
  blocked line of 15 is a base grazing the silhouette's edge, which no player calls cover;
  three lines are a whole column of the silhouette, foot to head, or most of its legs.
- `sight_shares(table, bodies, shooters, targets, rules)`: `sight`'s three shares for chosen
  pairs at once (the AI's query: the pairs a candidate move changes).
- `visibility_matrix(table, bodies, rules)`: hidden[i, j] for shooter i and target j, every
  line of every ordered pair in one batch; equal to `sight(...).hidden` pair by pair (the same
  code computes both). The rules are not symmetric (an eye at 90% of the shooter's height, a
  billboard over the target's), so each ordered pair is computed. Terrain: GEOS decides every
  line a piece blocks, asking about the piece's convex parts (`Terrain.convex_parts`: an L is
  two), each prepared; numpy first leaves out what cannot be a close call, from the parts'
  corners and boxes: parts beside a pair's wedge of columns or beside a column, lines that
  stay above a part's top wherever they can be over it (and it settles those that stay below
  it: blocked exactly when their column meets the part). Only the columns and the stretches of
  lines below a top that remain are asked, and of a run of columns only the outer two when
  both meet the part (the rays from an eye that meet a convex region are a span). Models and
  tokens are circles: boxes around the pair's lines and its middle line pick the candidates,
  numpy measures every column and row of them at once (asking GEOS for each circle and line
  took half of the matrix's time). On the bench table (40 models, 12 pieces) that is some
  2,000 GEOS questions instead of 11,900, and far fewer geometries for the garbage collector
  (the old way ran a dozen collections per matrix).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Callable, Iterable, Literal, Sequence

import numpy as np
import numpy.typing as npt
import shapely
from shapely import MultiPolygon, Polygon, STRtree

Point2 = tuple[float, float]
Point3 = tuple[float, float, float]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.intp]
GeomArray = npt.NDArray[np.object_]
Verdict = Literal["clear", "cover", "hidden"]

MM_PER_INCH = 25.4
BASE_SIZES_MM = (25, 32, 40, 50, 60)
"""The round base sizes miniatures come on."""
TOKEN_RADIUS = 0.5
TOKEN_HEIGHT = 1.0
BASE_CONTACT = 0.25
"""Approximate base contact: bases this close (inches, edge to edge) or closer are touching."""
OVERLAP_TOLERANCE = 1e-6
"""How far two circles may overlap and still count as touching (float noise, not a rule)."""
CIRCLE_SIDES = 16
"""Sides of the polygon a route follows around an inflated base."""
CORNER_OFFSET = 0.01
"""How far outside (and inside) a terrain corner a route's bend lies."""
REACH_STEP = 0.25
"""Grid spacing (inches) on which `reach` samples the cost of moving."""
REACH_TOLERANCE = 2 * REACH_STEP
"""How far `reach`'s edge may lie from the true edge of the points within the budget."""
_EPS = 1e-9
_SLACK = 1e-9
"""How clear of a threshold (inches, or a share of a segment) sight's numpy filters need a case
to be to settle it without GEOS; their rounding errors are some 1e-13 at most."""


def _segments(coords: FloatArray) -> GeomArray:
    """GEOS segments from an (n, 4) array of x0, y0, x1, y1."""
    return np.asarray(shapely.linestrings(np.asarray(coords, dtype=np.float64).reshape(-1, 2, 2)), dtype=object)


def _within(a: GeomArray, b: GeomArray, distance: FloatArray) -> BoolArray:
    """GEOS's dwithin elementwise, with a distance per pair (the stubs allow only one)."""
    return np.asarray(shapely.dwithin(a, b, distance), dtype=np.bool_)  # type: ignore[call-overload]


def _is_convex(polygon: Polygon) -> bool:
    """Whether the polygon fills its convex hull (to a billionth of its area)."""
    hull = polygon.convex_hull
    return bool(hull.area - polygon.area <= 1e-9 * hull.area)


def base_radius(mm: float) -> float:
    """The radius in inches of a round base `mm` millimetres across."""
    return mm / MM_PER_INCH / 2


# --- pieces -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Body:
    """A model on the table: its round base (centre, radius) and its height, in inches."""

    x: float
    y: float
    radius: float
    height: float
    ident: int | str

    def __post_init__(self) -> None:
        if not (self.radius > 0 and self.height > 0):
            raise ValueError(f"a model needs a positive radius and height, not {self.radius}, {self.height}")

    @property
    def centre(self) -> Point2:
        return (self.x, self.y)

    def at(self, x: float, y: float) -> Body:
        """The same model standing elsewhere."""
        return replace(self, x=float(x), y=float(y))


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: a polygon footprint (inches) and its height above the table."""

    points: tuple[Point2, ...]
    height: float
    name: str = ""

    def __post_init__(self) -> None:
        pts = tuple((float(x), float(y)) for x, y in self.points)
        object.__setattr__(self, "points", pts)
        if self.height < 0:
            raise ValueError(f"terrain {self.name!r}: negative height {self.height}")
        polygon = Polygon(pts) if len(pts) >= 3 else Polygon()
        if polygon.is_empty or not polygon.is_valid or polygon.area <= 0:
            raise ValueError(f"terrain {self.name!r}: its points do not make a simple polygon")

    @cached_property
    def footprint(self) -> Polygon:
        return Polygon(self.points)

    @cached_property
    def convex_parts(self) -> tuple[Polygon, ...]:
        """Convex polygons whose union is the footprint (the footprint alone when it is convex):
        sight asks GEOS less about a convex piece. Its constrained Delaunay triangles, merged two
        at a time while the merger stays one convex polygon (an L becomes two or three parts)."""
        if _is_convex(self.footprint):
            return (self.footprint,)
        parts = list(shapely.get_parts(shapely.constrained_delaunay_triangles(self.footprint)))
        merged = True
        while merged:
            merged = False
            for i in range(len(parts)):
                for j in range(i + 1, len(parts)):
                    union = shapely.union(parts[i], parts[j])
                    if isinstance(union, Polygon) and _is_convex(union):
                        parts[i] = union
                        del parts[j]
                        merged = True
                        break
                if merged:
                    break
        return tuple(parts)


@dataclass(frozen=True)
class Token:
    """A marker on the table (a fallen model, smoke...): a short cylinder, 1" across by default."""

    x: float
    y: float
    radius: float = TOKEN_RADIUS
    height: float = TOKEN_HEIGHT
    passable: bool = True
    """Whether a model may move across it (none may end a move on it)."""

    def __post_init__(self) -> None:
        if not (self.radius > 0 and self.height >= 0):
            raise ValueError(f"a token needs a positive radius, not {self.radius} (height {self.height})")


@dataclass(frozen=True)
class Table:
    """The table top, its terrain and its tokens; immutable, with its GEOS structures built once."""

    width: float = 36.0
    depth: float = 36.0
    terrain: tuple[Terrain, ...] = ()
    tokens: tuple[Token, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "terrain", tuple(self.terrain))
        object.__setattr__(self, "tokens", tuple(self.tokens))
        if not (self.width > 0 and self.depth > 0):
            raise ValueError(f"a table needs a positive size, not {self.width} x {self.depth}")

    def __getstate__(self) -> dict[str, object]:
        """Only the fields: the GEOS structures are built (and prepared) again where it lands,
        e.g. in the AI's worker process."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    # prepared once --------------------------------------------------------------------
    @cached_property
    def _polygons(self) -> GeomArray:
        polygons = np.array([piece.footprint for piece in self.terrain] or [], dtype=object)
        shapely.prepare(polygons)
        return polygons

    @cached_property
    def _boundaries(self) -> GeomArray:
        boundaries: GeomArray = np.asarray(shapely.boundary(self._polygons), dtype=object)
        shapely.prepare(boundaries)
        return boundaries

    @cached_property
    def _heights(self) -> FloatArray:
        return np.array([piece.height for piece in self.terrain], dtype=np.float64)

    @cached_property
    def _convex(self) -> BoolArray:
        """Whether each footprint is convex (it fills its convex hull)."""
        hulls = shapely.convex_hull(self._polygons)
        return np.asarray(shapely.area(hulls) - shapely.area(self._polygons) <= 1e-9 * shapely.area(hulls), dtype=np.bool_)

    @cached_property
    def _terrain_boxes(self) -> FloatArray:
        return np.asarray(shapely.bounds(self._polygons), dtype=np.float64).reshape(-1, 4)

    @cached_property
    def _terrain_tree(self) -> STRtree:
        return STRtree(self._polygons)

    @cached_property
    def _sight_parts(self) -> GeomArray:
        """The terrain's convex parts (`Terrain.convex_parts`), prepared: what sight asks GEOS about."""
        parts = np.array([part for piece in self.terrain for part in piece.convex_parts] or [], dtype=object)
        shapely.prepare(parts)
        return parts

    @cached_property
    def _sight_part_heights(self) -> FloatArray:
        return np.array([piece.height for piece in self.terrain for _ in piece.convex_parts], dtype=np.float64)

    @cached_property
    def _sight_part_boxes(self) -> FloatArray:
        return np.asarray(shapely.bounds(self._sight_parts), dtype=np.float64).reshape(-1, 4)

    @cached_property
    def _sight_part_corners(self) -> FloatArray:
        """(2, corners, parts): x and y of each convex part's corners, the last one repeated to
        pad the shorter ones (sight's filters only ask for their extremes, so a repeat changes
        nothing)."""
        corners = [np.asarray(shapely.get_coordinates(part.exterior), dtype=np.float64)[:-1] for part in self._sight_parts]
        most = max((len(c) for c in corners), default=0)
        padded = np.empty((2, most, len(corners)), dtype=np.float64)
        for k, c in enumerate(corners):
            padded[:, :len(c), k], padded[:, len(c):, k] = c.T, c[-1][:, None]
        return padded

    @cached_property
    def _corner_nodes(self) -> FloatArray:
        """Points just outside and just inside every corner of the terrain's flat patches (the
        faces the pieces' outlines cut the table into, so where two pieces' edges cross is a
        corner too): where a route may bend to pass a piece or to stay on top of one."""
        if not self.terrain:
            return np.empty((0, 2))
        outlines = shapely.get_parts(shapely.union_all(shapely.boundary(self._polygons)))
        faces = shapely.get_parts(shapely.polygonize(outlines))
        rings = [shapely.buffer(faces, d, join_style="mitre") for d in (CORNER_OFFSET, -CORNER_OFFSET)]
        return np.unique(shapely.get_coordinates(np.concatenate(rings)), axis=0)

    @cached_property
    def _token_circles(self) -> FloatArray:
        """x, y, radius, top of each token."""
        rows = [(t.x, t.y, t.radius, self.elevation_at(t.x, t.y) + t.height) for t in self.tokens]
        return np.array(rows, dtype=np.float64).reshape(-1, 4)

    # questions --------------------------------------------------------------------------
    def elevation_at(self, x: float, y: float) -> float:
        """Height of the ground at (x, y): the highest terrain there (its edge included), else 0."""
        return float(self.elevations(np.array([x], dtype=np.float64), np.array([y], dtype=np.float64))[0])

    def elevation_of(self, body: Body) -> float:
        """Where a model stands: the elevation under its centre."""
        return self.elevation_at(body.x, body.y)

    def elevations(self, xs: FloatArray, ys: FloatArray) -> FloatArray:
        """`elevation_at` for arrays of points."""
        xs = np.asarray(xs, dtype=np.float64)
        ys = np.asarray(ys, dtype=np.float64)
        out = np.zeros(xs.shape, dtype=np.float64)
        if not self.terrain:
            return out
        if xs.size < 200:  # a few points: one STRtree query; many: each piece's prepared polygon
            on, piece = self._terrain_tree.query(shapely.points(xs.ravel(), ys.ravel()), predicate="intersects")
            np.maximum.at(out.reshape(-1), on, self._heights[piece])
            return out
        for polygon, height, (x0, y0, x1, y1) in zip(self._polygons, self._heights, self._terrain_boxes):
            near = (xs >= x0) & (xs <= x1) & (ys >= y0) & (ys <= y1) & (out < height)
            if near.any():
                inside = shapely.intersects_xy(polygon, xs[near], ys[near])
                out[near] = np.where(inside, height, out[near])
        return out

    def on_table(self, body: Body) -> bool:
        """Whether the whole base lies on the table (touching its edge is on)."""
        r = body.radius - OVERLAP_TOLERANCE
        return r <= body.x <= self.width - r and r <= body.y <= self.depth - r

    def _climb(self, a: FloatArray, b: FloatArray, ea: FloatArray, eb: FloatArray,
               segments: GeomArray | None = None) -> FloatArray:
        """Vertical distance, up and down, walked along each segment a[i] -> b[i] (ea, eb: the
        elevations of its ends).

        A segment that meets no terrain edge stays on one flat patch. One that meets the edges
        of a single convex piece climbs on and off it once if it crosses it from outside to
        outside, else goes from one end's elevation to the other's. The rest get their profile:
        the elevation in the middle of each stretch between two edge crossings (from GEOS)."""
        m = len(a)
        ea = np.asarray(ea, dtype=np.float64)
        eb = np.asarray(eb, dtype=np.float64)
        climb = np.abs(eb - ea)
        if not self.terrain or not m:
            return climb
        if segments is None:
            segments = _segments(np.concatenate([a, b], axis=1))
        si, ti = self._terrain_tree.query(segments)
        meet = np.asarray(shapely.intersects(self._boundaries[ti], segments[si]), dtype=np.bool_)
        si, ti = si[meet], ti[meet]
        single = (np.bincount(si, minlength=m)[si] == 1) & self._convex[ti]
        s1, t1 = si[single], ti[single]
        polygons = self._polygons[t1]
        outside = ~shapely.intersects_xy(polygons, a[s1, 0], a[s1, 1]) & ~shapely.intersects_xy(polygons, b[s1, 0], b[s1, 1])
        through = outside & np.asarray(shapely.crosses(polygons, segments[s1]), dtype=np.bool_)
        climb[s1[through]] = 2 * np.maximum(0.0, self._heights[t1[through]] - ea[s1[through]])
        rest = np.unique(si[~single])
        if rest.size:
            keep = np.isin(si, rest)
            climb[rest] = self._profile_climb(a, b, ea, eb, segments, rest, si[keep], ti[keep])
        return climb

    def _profile_climb(self, a: FloatArray, b: FloatArray, ea: FloatArray, eb: FloatArray, segments: GeomArray,
                       rest: IntArray, si: IntArray, ti: IntArray) -> FloatArray:
        """The climb of the segments `rest` along their profiles; (si, ti): the edges they meet."""
        points = shapely.intersection(segments[si], self._boundaries[ti])
        coords, which = shapely.get_coordinates(points, return_index=True)
        owner = si[which]
        d = b[owner] - a[owner]
        length2 = np.einsum("ij,ij->i", d, d)
        t = np.einsum("ij,ij->i", coords - a[owner], d) / np.where(length2 > 0, length2, 1.0)
        seg = np.concatenate([rest, rest, owner])
        t = np.concatenate([np.zeros(len(rest)), np.ones(len(rest)), np.clip(t, 0.0, 1.0)])
        order = np.lexsort((t, seg))
        seg, t = seg[order], t[order]
        stretch = (seg[1:] == seg[:-1]) & (t[1:] - t[:-1] > _EPS)
        mid_seg = seg[1:][stretch]
        mid_t = (t[1:][stretch] + t[:-1][stretch]) / 2
        mid = a[mid_seg] + (b[mid_seg] - a[mid_seg]) * mid_t[:, None]
        mid_e = self.elevations(mid[:, 0], mid[:, 1])
        # the profile: (segment, position along it, elevation), start first and end last
        p_seg = np.concatenate([rest, mid_seg, rest])
        p_pos = np.concatenate([np.full(len(rest), -1.0), mid_t, np.full(len(rest), 2.0)])
        p_e = np.concatenate([ea[rest], mid_e, eb[rest]])
        order = np.lexsort((p_pos, p_seg))
        p_seg, p_e = p_seg[order], p_e[order]
        same = p_seg[1:] == p_seg[:-1]
        total = np.bincount(p_seg[1:][same], weights=np.abs(np.diff(p_e))[same], minlength=len(a))
        return np.asarray(total[rest], dtype=np.float64)


# --- distances ------------------------------------------------------------------------------


def edge_gap(a: Body, b: Body) -> float:
    """Distance between two bases, edge to edge (negative when they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def in_base_contact(a: Body, b: Body) -> bool:
    """Whether two bases are in (approximate) base contact: BASE_CONTACT apart or closer."""
    return edge_gap(a, b) <= BASE_CONTACT


def within_melee(a: Body, b: Body, reach: float = 0.0) -> bool:
    """Whether b is within a melee weapon's `reach` (inches beyond base contact) of a."""
    return edge_gap(a, b) <= reach + BASE_CONTACT


def in_line(bodies: Sequence[Body]) -> bool:
    """Whether the bases stand side by side: each in base contact with the next along one
    straight line, every centre within half a base (its radius) of the line through the two
    centres farthest apart. One or two touching bases are a line."""
    if len(bodies) < 2:
        return True
    centres = np.array([b.centre for b in bodies], dtype=np.float64)
    gaps = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    i, j = np.unravel_index(int(np.argmax(gaps)), gaps.shape)
    axis = shapely.LineString([centres[i], centres[j]])
    off = np.asarray(shapely.distance(shapely.points(centres), axis), dtype=np.float64)
    if np.any(off > np.array([b.radius for b in bodies]) + 1e-9):
        return False
    along = shapely.line_locate_point(axis, shapely.points(centres))
    ordered = [bodies[k] for k in np.argsort(along)]
    return all(in_base_contact(a, b) for a, b in zip(ordered, ordered[1:]))


def in_ring(bodies: Sequence[Body]) -> bool:
    """Whether one of the bases is in base contact with every other."""
    return any(all(in_base_contact(hub, b) for b in bodies if b is not hub) for hub in bodies)


def _circles(table: Table, others: Iterable[Body], skip: int | str | None, passable: bool = True) -> FloatArray:
    """x, y, radius of every base but `skip`'s and of every token (without `passable`, only of
    the tokens that bar the way)."""
    rows = [(b.x, b.y, b.radius) for b in others if b.ident != skip]
    circles = np.array(rows, dtype=np.float64).reshape(-1, 3)
    tokens = table._token_circles[:, :3]
    if not passable:
        tokens = tokens[[not t.passable for t in table.tokens]]
    return np.concatenate([circles, tokens])


def _refusals(table: Table, others: Sequence[Body], mover: Body, points: FloatArray) -> npt.NDArray[np.int8]:
    """For each point where the mover's centre might stand: 0 fine, 1 off the table, 2 on a base, 3 on a token."""
    x, y = points[:, 0], points[:, 1]
    r = mover.radius - OVERLAP_TOLERANCE
    out = np.zeros(len(points), dtype=np.int8)
    out[~((x >= r) & (x <= table.width - r) & (y >= r) & (y <= table.depth - r))] = 1
    circles = _circles(table, others, mover.ident)
    n_bases = len(circles) - len(table.tokens)
    if len(circles):
        gap = np.hypot(x[:, None] - circles[None, :, 0], y[:, None] - circles[None, :, 1]) - circles[None, :, 2] - mover.radius
        over = gap < -OVERLAP_TOLERANCE
        on_token = over[:, n_bases:].any(axis=1)
        on_base = over[:, :n_bases].any(axis=1)
        out[(out == 0) & on_token] = 3
        out[(out == 0) & on_base] = 2
    return out


ON_A_BASE = "That spot overlaps another model's base."
"""`placement_refusal`'s words for a spot on a base (a token's refusal says more: `rules`)."""
_REFUSALS = {
    1: "That spot is off the table.",
    2: ON_A_BASE,
    3: "That spot overlaps a token.",
}


CONTACT_GAP = 0.05
"""Edge to edge, inches, between a base snapped against another and that base (`contact_spot`):
well inside `BASE_CONTACT`, clear of `OVERLAP_TOLERANCE`."""
_CONTACT_DIRECTIONS = 72
"""Spots tried round each overlapped base (every 5 degrees)."""


def contact_spots(table: Table, others: Sequence[Body], mover: Body, at: Point2) -> FloatArray:
    """Where a base set down at `at` may stand instead, when its base would overlap another
    model's there: the free spots in base contact with a base it overlapped, nearest `at` first
    (a miniature dropped onto another is put against it, as a player sets one down at a table).
    Shape (n, 2); empty when `at` overlaps no base or no such spot is free. Ties, as a drop on a
    base's very centre makes, go to the spot nearest the mover's own place."""
    none = np.zeros((0, 2), dtype=np.float64)
    if int(_refusals(table, others, mover, np.array([at], dtype=np.float64))[0]) != 2:
        return none
    bases = np.array([(b.x, b.y, b.radius) for b in others if b.ident != mover.ident], dtype=np.float64).reshape(-1, 3)
    gap = np.hypot(bases[:, 0] - at[0], bases[:, 1] - at[1]) - bases[:, 2] - mover.radius
    hit = bases[gap < -OVERLAP_TOLERANCE]
    turns = np.arange(_CONTACT_DIRECTIONS) * (2 * math.pi / _CONTACT_DIRECTIONS)
    aims = np.arctan2(at[1] - hit[:, 1], at[0] - hit[:, 0])  # straight out from each base through the drop first
    angles = np.concatenate([aims, (aims[:, None] + turns[None, :]).ravel()])
    hubs = np.concatenate([hit, np.repeat(hit, _CONTACT_DIRECTIONS, axis=0)])
    free = _free_against(table, others, mover, hubs, np.stack([np.cos(angles), np.sin(angles)], axis=1))
    if not len(free):
        return none
    near = np.hypot(free[:, 0] - at[0], free[:, 1] - at[1]) + 1e-3 * np.hypot(free[:, 0] - mover.x, free[:, 1] - mover.y)
    return np.asarray(free[np.argsort(near, kind="stable")], dtype=np.float64)


def spot_beside(table: Table, others: Sequence[Body], mover: Body, at: Point2, neighbours: Sequence[Body],
                within: float | Sequence[float]) -> Point2 | None:
    """The spot in base contact with the nearest of `neighbours` whose base stands within
    `within` of the mover's at `at` (edge to edge; one allowance for all, or one a neighbour)
    without touching it, straight out from that base through `at`; None when none is that near
    or that spot is not free."""
    allow = [float(within)] * len(neighbours) if isinstance(within, (int, float)) else list(within)
    near = [(math.hypot(at[0] - b.x, at[1] - b.y) - b.radius - mover.radius, k) for k, b in enumerate(neighbours)
            if b.ident != mover.ident]
    near = [(gap, k) for gap, k in near if BASE_CONTACT < gap <= allow[k]]
    if not near:
        return None
    b = neighbours[min(near)[1]]
    d = math.hypot(at[0] - b.x, at[1] - b.y)
    free = _free_against(table, others, mover, np.array([[b.x, b.y, b.radius]]),
                         np.array([[(at[0] - b.x) / d, (at[1] - b.y) / d]]))
    return (float(free[0, 0]), float(free[0, 1])) if len(free) else None


def _free_against(table: Table, others: Sequence[Body], mover: Body, hubs: FloatArray,
                  directions: FloatArray) -> FloatArray:
    """The spots where the mover's base stands against each base in `hubs` (rows x, y, radius),
    CONTACT_GAP from it along the matching unit vector in `directions`, keeping, in order, those
    where it may stand (`_refusals` 0): what `contact_spots` and `spot_beside` both set down."""
    far = hubs[:, 2] + mover.radius + CONTACT_GAP
    spots = np.stack([hubs[:, 0] + far * directions[:, 0], hubs[:, 1] + far * directions[:, 1]], axis=1)
    return np.asarray(spots[_refusals(table, others, mover, spots) == 0], dtype=np.float64)


def in_polygon(points: Sequence[Point2], x: float, y: float) -> bool:
    """Whether (x, y) lies inside the polygon through `points` (its edge counts as inside):
    a deployment zone, a mission area."""
    return bool(shapely.intersects_xy(Polygon(points), x, y))


def far_half(size: tuple[float, float], own: Sequence[Point2], enemy: Sequence[Point2]) -> tuple[Point2, ...]:
    """The half of a `size` table on the `enemy` zone's side: the table cut by the line through
    its centre square to the line from `own`'s centroid to `enemy`'s (a mission's "enemy half").
    Its corners; the centre line itself belongs to both halves (`in_polygon` counts edges in)."""
    width, depth = size
    a, b = Polygon(own).centroid, Polygon(enemy).centroid
    norm = math.hypot(b.x - a.x, b.y - a.y)
    if norm < 1e-9:
        raise ValueError("the two zones share a centre: no half of the table faces either")
    ux, uy = (b.x - a.x) / norm, (b.y - a.y) / norm
    cx, cy, far = width / 2, depth / 2, 2 * (width + depth)
    beyond = Polygon([(cx - uy * far, cy + ux * far), (cx + uy * far, cy - ux * far),
                      (cx + (ux + uy) * far, cy + (uy - ux) * far), (cx + (ux - uy) * far, cy + (uy + ux) * far)])
    half = shapely.intersection(shapely.box(0.0, 0.0, width, depth), beyond)
    assert isinstance(half, Polygon), "a convex table cut by a line through its centre is one polygon"
    return tuple((round(x, 6), round(y, 6)) for x, y in list(half.exterior.coords)[:-1])


def lines_screened(spots: Sequence[Point2], lines: Sequence[tuple[Point2, Point2]], radius: float) -> npt.NDArray[np.int64]:
    """How many of the segments `lines` pass within `radius` of each of `spots`: the sight
    lines a round token of that radius set down there would cut across (the AI's screen)."""
    if not spots or not lines:
        return np.zeros(len(spots), dtype=np.int64)
    points = np.asarray(shapely.points(np.asarray(spots, dtype=np.float64)), dtype=object)
    segments = _segments(np.asarray([(a[0], a[1], b[0], b[1]) for a, b in lines], dtype=np.float64))
    near = np.asarray(shapely.dwithin(points[:, None], segments[None, :], radius), dtype=np.bool_)
    return np.asarray(near.sum(axis=1), dtype=np.int64)


FREE_MARGIN = 0.02
"""Inches added round every base when `free_spots` carves them out: the carved discs are
polygons inside the true circles, and the spots are rounded to 0.001"."""


def free_spots(table: Table, others: Sequence[Body], radius: float, area: Sequence[Point2], count: int) -> list[Point2]:
    """Up to `count` points where a base of `radius` may stand with its centre inside the
    polygon `area` (a deployment zone): the polygon, kept `radius` from the table's edges, less
    every base and token grown by `radius`; one point inside each free piece, biggest first.
    A grid of spots can miss the room that models placed off the grid leave; this cannot."""
    region = shapely.intersection(Polygon(area), shapely.box(radius, radius, table.width - radius, table.depth - radius))
    circles = _circles(table, others, None)
    if len(circles):
        grown = shapely.buffer(shapely.points(circles[:, :2]), circles[:, 2] + radius + FREE_MARGIN, quad_segs=16)
        region = shapely.difference(region, shapely.union_all(grown))
    parts = sorted((p for p in shapely.get_parts(region) if not p.is_empty and p.area > 0), key=lambda p: -p.area)
    inside = shapely.point_on_surface(parts[:count])
    return [(round(float(p.x), 3), round(float(p.y), 3)) for p in inside]


def overlaps_terrain(table: Table, x: float, y: float, radius: float) -> bool:
    """Whether a circle (a token being placed) overlaps a terrain piece's footprint."""
    if not table.terrain:
        return False
    disc = shapely.buffer(shapely.points(x, y), radius, quad_segs=16)
    return bool(np.any(shapely.intersects(table._polygons, disc)))


PUSH_STEP = 0.02
"""How finely a push is walked (inches): where it stops is exact to this."""


def slide(table: Table, others: Sequence[Body], mover: Body, direction: Point2, distance: float) -> Point2:
    """Where a base pushed straight along `direction` for up to `distance` inches stops: before
    it would overlap another base or a token, leave the table, or meet ground of another
    height (a push never climbs). The walk is checked at PUSH_STEP intervals, all at once."""
    dx, dy = direction
    norm = math.hypot(dx, dy)
    if norm <= _EPS or distance <= 0:
        return mover.centre
    dx, dy = dx / norm, dy / norm
    steps = np.arange(1, int(distance / PUSH_STEP) + 1) * PUSH_STEP
    if not len(steps) or steps[-1] < distance - _EPS:
        steps = np.append(steps, distance)
    points = np.stack([mover.x + dx * steps, mover.y + dy * steps], axis=1)
    level = table.elevation_at(mover.x, mover.y)
    bad = (_refusals(table, others, mover, points) != 0) | \
        (np.abs(table.elevations(points[:, 0], points[:, 1]) - level) > _EPS)
    stop = int(np.argmax(bad)) if bad.any() else len(points)
    return mover.centre if stop == 0 else (float(points[stop - 1, 0]), float(points[stop - 1, 1]))


def placement_refusal(table: Table, others: Sequence[Body], body: Body) -> str | None:
    """None when the base may stand where it is, else why not (off the table, overlapping)."""
    code = int(_refusals(table, others, body, np.array([[body.x, body.y]], dtype=np.float64))[0])
    return _REFUSALS.get(code)


# --- movement -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Path:
    """A route of a model's centre: its corners from start to goal, its length and its climb."""

    points: tuple[Point2, ...]
    length: float
    climb: float

    @property
    def cost(self) -> float:
        """Inches of movement the route uses: its length plus the vertical distance climbed."""
        return self.length + self.climb


class _Mover:
    """One mover's world: the circles its centre must stay out of and the graph's nodes."""

    def __init__(self, table: Table, others: Sequence[Body], mover: Body) -> None:
        self.table = table
        self.mover = mover
        circles = _circles(table, others, mover.ident, passable=False)
        circles[:, 2] += mover.radius
        gap = np.hypot(circles[:, 0] - mover.x, circles[:, 1] - mover.y) - circles[:, 2]
        circles = circles[gap >= -OVERLAP_TOLERANCE]  # what it already overlaps, it may leave
        self.cx, self.cy, self.cr = circles[:, 0], circles[:, 1], circles[:, 2]
        self.centres: GeomArray = np.asarray(shapely.points(self.cx, self.cy), dtype=object)
        boxes = shapely.box(self.cx - self.cr, self.cy - self.cr, self.cx + self.cr, self.cy + self.cr)
        self.tree = STRtree(np.asarray(boxes, dtype=object))
        r = mover.radius - OVERLAP_TOLERANCE
        self.box = (r, r, table.width - r, table.depth - r)

    def free(self, points: FloatArray) -> BoolArray:
        """Whether the centre may be at each point: on the table and out of every circle."""
        x0, y0, x1, y1 = self.box
        x, y = points[:, 0], points[:, 1]
        ok = (x >= x0) & (x <= x1) & (y >= y0) & (y <= y1)
        if len(self.cr):
            d = np.hypot(x[:, None] - self.cx[None, :], y[:, None] - self.cy[None, :])
            ok &= ~(d < self.cr[None, :] - OVERLAP_TOLERANCE).any(axis=1)
        return ok

    def nodes(self) -> FloatArray:
        """Where a cheapest route may bend: the corners of a 16-gon around each circle and the
        terrain corners. Shape (n, 5, 2): the corner, the previous and the next one along its
        16-gon, its circle's centre and (radius of the 16-gon's corners, 0); NaN but the corner
        for terrain (a route may turn there for more reasons than wrapping around it)."""
        k = np.arange(CIRCLE_SIDES) * (2 * math.pi / CIRCLE_SIDES)
        far = self.cr * (1 / math.cos(math.pi / CIRCLE_SIDES)) * (1 + 1e-9) + 1e-9
        around = np.stack([self.cx[:, None] + far[:, None] * np.cos(k), self.cy[:, None] + far[:, None] * np.sin(k)], axis=-1)
        hub = np.broadcast_to(np.stack([self.cx, self.cy], axis=-1)[:, None, :], around.shape)
        size = np.broadcast_to(np.stack([far, np.zeros_like(far)], axis=-1)[:, None, :], around.shape)
        ring = np.stack([around, np.roll(around, 1, axis=1), np.roll(around, -1, axis=1), hub, size], axis=2)
        corners = np.concatenate([ring.reshape(-1, 5, 2), _corners(self.table._corner_nodes)])
        return corners[self.free(corners[:, 0])]

    def legs(self, a: FloatArray, b: FloatArray, ea: FloatArray, eb: FloatArray) -> tuple[FloatArray, FloatArray]:
        """Length and climb of each straight leg a[i] -> b[i]; inf length where a circle blocks it."""
        length = np.hypot(b[:, 0] - a[:, 0], b[:, 1] - a[:, 1])
        climb = np.zeros(len(a))
        if not len(a):
            return length, climb
        if len(self.cr):
            segments = _segments(np.concatenate([a, b], axis=1))
            si, ci = self.tree.query(segments)
            hit = _within(segments[si], self.centres[ci], self.cr[ci] - OVERLAP_TOLERANCE)
            length[si[hit]] = np.inf
        else:
            segments = None
        open_ = np.isfinite(length)
        climb[open_] = self.table._climb(a[open_], b[open_], ea[open_], eb[open_],
                                         None if segments is None else segments[open_])
        return length, climb


def _corners(points: FloatArray) -> FloatArray:
    """Free points (the start, the goal) as corners with no outline: every leg may leave them."""
    out = np.full((len(points), 5, 2), np.nan)
    out[:, 0] = points
    return out


def path(table: Table, others: Sequence[Body], mover: Body, goal: Point2) -> Path | None:
    """The cheapest legal route for `mover` to end with its centre on `goal` (see the module notes)."""
    gx, gy = float(goal[0]), float(goal[1])
    if placement_refusal(table, others, mover.at(gx, gy)) is not None:
        return None
    start = (float(mover.x), float(mover.y))
    if (gx, gy) == start:
        return Path((start,), 0.0, 0.0)
    world = _Mover(table, others, mover)
    ends = np.array([start, (gx, gy)], dtype=np.float64)
    e_ends = table.elevations(ends[:, 0], ends[:, 1])
    length, climb = world.legs(ends[:1], ends[1:], e_ends[:1], e_ends[1:])
    if np.isfinite(length[0]) and climb[0] <= abs(e_ends[1] - e_ends[0]) + _EPS:
        return Path((start, (gx, gy)), float(length[0]), float(climb[0]))  # the lower bound: optimal
    corners = np.concatenate([_corners(ends), world.nodes()])
    points = corners[:, 0]
    elev = np.concatenate([e_ends, table.elevations(points[2:, 0], points[2:, 1])])
    # A*: h = straight distance + elevation difference, never more than the true cost
    h = np.hypot(points[:, 0] - gx, points[:, 1] - gy) + np.abs(elev - e_ends[1])
    n = len(points)
    g = np.full(n, np.inf)
    g[0] = 0.0
    climbed = np.zeros(n)
    parent = np.full(n, -1, dtype=np.intp)
    closed = np.zeros(n, dtype=np.bool_)
    heap: list[tuple[float, int]] = [(float(h[0]), 0)]
    while heap:
        f, u = heapq.heappop(heap)
        if closed[u] or f > g[u] + h[u] + _EPS:
            continue
        if u == 1:
            break
        closed[u] = True
        bound = g[u] + np.hypot(points[:, 0] - points[u, 0], points[:, 1] - points[u, 1]) + np.abs(elev - elev[u])
        cand = np.flatnonzero(~closed & (bound < g - _EPS) & (bound + h < g[1] - _EPS))
        if not cand.size:
            continue
        length, climb = world.legs(np.repeat(points[u:u + 1], cand.size, axis=0), points[cand],
                                   np.full(cand.size, elev[u]), elev[cand])
        new = g[u] + length + climb
        better = new < g[cand] - _EPS
        for v, cost, c in zip(cand[better], new[better], climb[better]):
            g[v] = cost
            climbed[v] = climbed[u] + c
            parent[v] = u
            heapq.heappush(heap, (float(cost + h[v]), int(v)))
    if not np.isfinite(g[1]):
        return None
    route = [1]
    while route[-1] != 0:
        route.append(int(parent[route[-1]]))
    bends = tuple((float(points[i, 0]), float(points[i, 1])) for i in reversed(route))
    return Path(bends, float(g[1] - climbed[1]), float(climbed[1]))


def _settle(world: _Mover, budget: float) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Dijkstra from the mover over the graph's corners within `budget`: the corners reached,
    their elevations and their costs, cheapest first."""
    table, mover = world.table, world.mover
    nodes = world.nodes()
    nodes = nodes[np.hypot(nodes[:, 0, 0] - mover.x, nodes[:, 0, 1] - mover.y) <= budget]
    corners = np.concatenate([_corners(np.array([[mover.x, mover.y]], dtype=np.float64)), nodes])
    points = corners[:, 0]
    elev = table.elevations(points[:, 0], points[:, 1])
    n = len(points)
    g = np.full(n, np.inf)
    g[0] = 0.0
    done = np.zeros(n, dtype=np.bool_)
    order: list[int] = []
    while True:
        open_ = np.where(done, np.inf, g)
        u = int(np.argmin(open_))
        if not np.isfinite(open_[u]) or open_[u] > budget:
            break
        done[u] = True
        order.append(u)
        bound = g[u] + np.hypot(points[:, 0] - points[u, 0], points[:, 1] - points[u, 1]) + np.abs(elev - elev[u])
        cand = np.flatnonzero(~done & (bound < g - _EPS) & (bound <= budget))
        if cand.size:
            length, climb = world.legs(np.repeat(points[u:u + 1], cand.size, axis=0), points[cand],
                                       np.full(cand.size, elev[u]), elev[cand])
            g[cand] = np.minimum(g[cand], g[u] + length + climb)
    idx = np.array(order, dtype=np.intp)
    return corners[idx], elev[idx], g[idx]


def costs(table: Table, others: Sequence[Body], mover: Body, points: FloatArray | Sequence[Point2],
          budget: float) -> FloatArray:
    """The cost of `path` to each point, where it is at most `budget`; inf elsewhere."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    best = np.full(len(pts), np.inf)
    world = _Mover(table, others, mover)
    legal = np.flatnonzero(_refusals(table, others, mover, pts) == 0)
    if not legal.size or budget < 0:
        return best
    target = pts[legal]
    e_target = table.elevations(target[:, 0], target[:, 1])
    found = np.full(len(target), np.inf)
    for corner, e_node, g in zip(*_settle(world, budget)):
        node = corner[0]
        bound = g + np.hypot(target[:, 0] - node[0], target[:, 1] - node[1]) + np.abs(e_target - e_node)
        cand = np.flatnonzero((bound <= budget + _EPS) & (bound < found - _EPS))
        if cand.size:
            length, climb = world.legs(np.repeat(node[None, :], cand.size, axis=0), target[cand],
                                       np.full(cand.size, e_node), e_target[cand])
            found[cand] = np.minimum(found[cand], g + length + climb)
    found[found > budget + _EPS] = np.inf
    best[legal] = found
    return best


def tokens_touched(table: Table, mover: Body, route: Path) -> tuple[int, ...]:
    """Indices (in `table.tokens`) of the tokens the mover's base passes over along `route`, or
    ends in base contact with (BASE_CONTACT)."""
    if not table.tokens:
        return ()
    line = shapely.LineString(route.points) if len(route.points) > 1 else shapely.Point(route.points[0])
    circles = table._token_circles
    reach = circles[:, 2] + mover.radius
    crossed = _within(np.full(len(circles), line, dtype=object), np.asarray(shapely.points(circles[:, :2]), dtype=object),
                      reach - OVERLAP_TOLERANCE)
    (ex, ey) = route.points[-1]
    ends_by = np.hypot(circles[:, 0] - ex, circles[:, 1] - ey) - reach <= BASE_CONTACT
    return tuple(int(i) for i in np.flatnonzero(crossed | ends_by))


def reach(table: Table, others: Sequence[Body], mover: Body, budget: float) -> Polygon | MultiPolygon:
    """Where the mover's centre can end its move at a cost within `budget` (see the module notes)."""
    if budget < 0:
        return Polygon()
    steps = np.arange(-math.floor(budget / REACH_STEP), math.floor(budget / REACH_STEP) + 1) * REACH_STEP
    gx, gy = np.meshgrid(mover.x + steps, mover.y + steps)
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)
    grid = grid[np.hypot(grid[:, 0] - mover.x, grid[:, 1] - mover.y) <= budget + _EPS]
    cost = costs(table, others, mover, grid, budget)
    inside = grid[np.isfinite(cost)]
    if not len(inside):
        return Polygon()
    half = REACH_STEP / 2
    cells = shapely.box(inside[:, 0] - half, inside[:, 1] - half, inside[:, 0] + half, inside[:, 1] + half)
    area = shapely.simplify(shapely.coverage_union_all(cells), REACH_STEP * 0.75)  # the grid's stairs, smoothed
    r = mover.radius
    area = shapely.intersection(area, shapely.box(r, r, table.width - r, table.depth - r))
    circles = _circles(table, others, mover.ident)
    if len(circles):
        blocked = shapely.buffer(shapely.points(circles[:, :2]), circles[:, 2] + r, quad_segs=16)
        area = shapely.difference(area, shapely.union_all(blocked))
    polygons = [p for p in shapely.get_parts(area) if isinstance(p, Polygon) and not p.is_empty]
    if not polygons:
        return Polygon()
    return polygons[0] if len(polygons) == 1 else MultiPolygon(polygons)


# --- sight ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SightRules:
    """How sight lines are drawn and what share of them blocked makes cover or hides a target.

    The values belong in the game's data file; the defaults and their reasons are in the
    module notes.
    """

    hidden_at: float = 0.75
    terrain_cover_at: float = 0.5
    model_cover_at: float = 0.2
    eye_height: float = 0.9
    columns: int = 5
    spread: float = 0.8
    rows: tuple[float, ...] = (0.2, 0.5, 0.85)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(float(r) for r in self.rows))
        shares = (self.hidden_at, self.terrain_cover_at, self.model_cover_at, self.eye_height, self.spread, *self.rows)
        if not all(0.0 <= v <= 1.0 for v in shares):
            raise ValueError("sight thresholds and fractions lie between 0 and 1")
        if self.columns < 1 or not self.rows:
            raise ValueError("sight needs at least one column and one row of sample points")

    @property
    def lines_per_target(self) -> int:
        return self.columns * len(self.rows)

    def verdict(self, hidden: float, by_terrain: float, by_models: float) -> Verdict:
        """'hidden' (no ranged target), 'cover' or 'clear' for these shares of blocked lines."""
        if hidden >= self.hidden_at - _EPS:
            return "hidden"
        if by_terrain >= self.terrain_cover_at - _EPS or by_models >= self.model_cover_at - _EPS:
            return "cover"
        return "clear"


@dataclass(frozen=True)
class SightLine:
    """One line from the shooter's eye to a point of the target, and what blocks it."""

    start: Point3
    end: Point3
    by_terrain: bool
    by_models: bool

    @property
    def blocked(self) -> bool:
        return self.by_terrain or self.by_models


@dataclass(frozen=True)
class Sight:
    """What a shooter sees of a target: the shares of its sight lines blocked, and the verdict."""

    verdict: Verdict
    hidden: float
    hidden_by_terrain: float
    hidden_by_models: float
    lines: tuple[SightLine, ...] = field(repr=False)

    @property
    def targetable(self) -> bool:
        return self.verdict != "hidden"

    @property
    def cover(self) -> bool:
        return self.verdict == "cover"


class _Bodies:
    """Bodies as arrays (centre, radius, height, elevation), for the lines of many pairs at once."""

    def __init__(self, table: Table, bodies: Sequence[Body]) -> None:
        self.x = np.array([b.x for b in bodies], dtype=np.float64)
        self.y = np.array([b.y for b in bodies], dtype=np.float64)
        self.r = np.array([b.radius for b in bodies], dtype=np.float64)
        self.h = np.array([b.height for b in bodies], dtype=np.float64)
        self.e = table.elevations(self.x, self.y)


@dataclass(frozen=True)
class _Fan:
    """The sight lines of many (shooter, target) pairs. Every line of a pair leaves the same eye;
    the lines of one column share their ground segment and the lines of one row their heights,
    since the target's billboard stands upright."""

    eye: FloatArray  # (pairs, 3): x, y, z
    ends: FloatArray  # (pairs, columns, 2): x, y on the table
    heights: FloatArray  # (pairs, rows): z
    shooters: IntArray
    targets: IntArray

    def lines(self) -> FloatArray:
        """Every line as (x0, y0, z0, x1, y1, z1), pair by pair, row by row, column by column."""
        (p, c, _), r = self.ends.shape, self.heights.shape[1]
        out = np.empty((p, r, c, 6), dtype=np.float64)
        out[..., :3] = self.eye[:, None, None, :]
        out[..., 3:5] = self.ends[:, None, :, :]
        out[..., 5] = self.heights[:, :, None]
        return out.reshape(-1, 6)

    @cached_property
    def box(self) -> FloatArray:
        """(pairs, 4): the box on the table holding each pair's lines (min x, min y, max x, max y)."""
        xs, ys = self.ends[..., 0], self.ends[..., 1]
        return np.stack([np.minimum(self.eye[:, 0], xs.min(axis=1)), np.minimum(self.eye[:, 1], ys.min(axis=1)),
                         np.maximum(self.eye[:, 0], xs.max(axis=1)), np.maximum(self.eye[:, 1], ys.max(axis=1))], axis=1)

    @cached_property
    def lowest(self) -> FloatArray:
        """Per pair, the lowest height its lines reach (at the eye or the billboard's bottom row)."""
        lowest: FloatArray = np.minimum(self.eye[:, 2], self.heights.min(axis=1))
        return lowest


def _fan(bodies: _Bodies, shooters: IntArray, targets: IntArray, rules: SightRules) -> _Fan:
    """The sight lines from each shooter's eye to its target's billboard (see the module notes)."""
    b = bodies
    ex, ey = b.x[shooters], b.y[shooters]
    ez = b.e[shooters] + rules.eye_height * b.h[shooters]
    dx, dy = b.x[targets] - ex, b.y[targets] - ey
    d = np.sqrt(dx * dx + dy * dy)
    safe = np.where(d > 0, d, 1.0)
    ux = np.where(d > 0, -dy / safe, 0.0)  # across the target, square to the line of sight
    uy = np.where(d > 0, dx / safe, 1.0)
    steps = max(rules.columns - 1, 1)
    across = rules.spread * (2 * np.arange(rules.columns) / steps - 1) if rules.columns > 1 else np.zeros(1)  # symmetric
    off = across[None, :] * b.r[targets][:, None]
    ends = np.stack([b.x[targets][:, None] + off * ux[:, None], b.y[targets][:, None] + off * uy[:, None]], axis=-1)
    heights = b.e[targets][:, None] + np.asarray(rules.rows, dtype=np.float64)[None, :] * b.h[targets][:, None]
    return _Fan(np.stack([ex, ey, ez], axis=1), ends, heights, shooters, targets)


def _overlapping(a: FloatArray, b: FloatArray) -> BoolArray:
    """(len(a), len(b)): whether box a[i] and box b[j] overlap (touching counts)."""
    return ((a[:, None, 0] <= b[None, :, 2]) & (a[:, None, 2] >= b[None, :, 0])
            & (a[:, None, 1] <= b[None, :, 3]) & (a[:, None, 3] >= b[None, :, 1]))


def _columns(fan: _Fan, pair: IntArray, column: IntArray) -> GeomArray:
    """The ground segments of the given columns of the given pairs (built only where asked)."""
    return _segments(np.concatenate([fan.eye[pair, :2], fan.ends[pair, column]], axis=1))


def _ask_spans(ask: BoolArray, meets: Callable[[IntArray, IntArray], BoolArray]) -> BoolArray:
    """`meets(k, c)` (GEOS) for each (candidate k, column c) that `ask` holds, False elsewhere,
    where each candidate is a convex part: the columns between two that meet it meet it too.

    The columns of a pair are rays from the eye, and each question is whether a ray's stretch
    between two lines parallel to the billboard (the whole column, or the part of a line below
    a top, which the same cut shortens in every column of the pair) meets the part: the rays
    from a point that meet a convex region are a span of directions. So the outer two asked
    columns go first, and the ones between only when an outer one misses."""
    n_cols = ask.shape[1]
    out = np.zeros(ask.shape, dtype=np.bool_)
    k = np.flatnonzero(ask.any(axis=1))
    if not k.size:
        return out
    first = np.argmax(ask[k], axis=1)
    last = n_cols - 1 - np.argmax(ask[k, ::-1], axis=1)
    two = last != first
    kk, cc = np.concatenate([k, k[two]]), np.concatenate([first, last[two]])
    out[kk, cc] = meets(kk, cc)
    span = out[k, first] & out[k, last]
    columns = np.arange(n_cols)
    between = span[:, None] & (columns >= first[:, None]) & (columns <= last[:, None])
    out[k] |= between & ask[k]
    rest = ask.copy()
    rest[kk, cc] = False
    rest[k[span]] = False
    k, c = np.nonzero(rest)
    if k.size:
        out[k, c] = meets(k, c)
    return out


def _terrain_blocks(table: Table, fan: _Fan) -> tuple[IntArray, BoolArray]:
    """The columns (pair * columns + column) that a terrain piece may block and, for each, which
    rows a piece does block: the part of the line lower than the piece's top meets its footprint,
    i.e. one of the footprint's convex parts (`Terrain.convex_parts`), each asked on its own.

    GEOS decides every line a part blocks, with the part prepared. Numpy first leaves out, or
    settles by their heights, the lines that cannot be close calls, from the part's corners (it
    lies within their extremes): a part whose corners all lie on one side of a pair's wedge of
    columns (from the eye between the outer two) or of a column's segment meets none of them.
    Along a column, the part can only be over the stretch from `lo` to `hi` between its
    corners' extremes; a line that stays at or above the top all along that stretch is clear,
    one that stays below it is blocked exactly when its column meets the part (one GEOS
    question per column), and a line that crosses the top's height within the stretch asks
    GEOS whether the stretch of it below the top meets the part (inside its column, so a
    column whose lines all cross is not asked on its own). A higher row's line lies above a
    lower row's along the same column, so the stretch of it below the top is inside the lower
    row's: once a row is clear, the rows above it are, and rows are asked from the lowest up.
    A case within `_SLACK` of a threshold is left to GEOS; `_ask_spans` saves the questions
    about columns between two that meet a part."""
    n_pairs, n_cols = fan.ends.shape[:2]
    top = table._sight_part_heights
    pair, piece = np.nonzero(_overlapping(fan.box, table._sight_part_boxes) & (top[None, :] > fan.lowest[:, None]))
    # the corners from the eye, (corners, candidates), against the pair's wedge
    ex, ey = fan.eye[pair, 0], fan.eye[pair, 1]
    vx, vy = table._sight_part_corners[0][:, piece] - ex, table._sight_part_corners[1][:, piece] - ey
    fx, fy = fan.ends[pair, 0, 0] - ex, fan.ends[pair, 0, 1] - ey
    lx, ly = fan.ends[pair, -1, 0] - ex, fan.ends[pair, -1, 1] - ey
    f_len, l_len = np.hypot(fx, fy), np.hypot(lx, ly)
    turn = fx * ly - fy * lx  # its sign: on which side of the first column the last one lies
    turn = np.where(np.abs(turn) > _SLACK * f_len * l_len, np.sign(turn), 0.0)  # 0: too narrow to tell
    mx, my = (fx + lx) / 2, (fy + ly) / 2
    m_len = np.hypot(mx, my)
    reach_lo = np.minimum(0.0, np.minimum(mx * fx + my * fy, mx * lx + my * ly))
    reach_hi = np.maximum(mx * fx + my * fy, mx * lx + my * ly)
    along = mx * vx + my * vy
    apart = ((turn * (fx * vy - fy * vx) < -_SLACK * f_len).all(axis=0)
             | (turn * (lx * vy - ly * vx) > _SLACK * l_len).all(axis=0)
             | (along < reach_lo - _SLACK * m_len).all(axis=0) | (along > reach_hi + _SLACK * m_len).all(axis=0))
    keep = np.flatnonzero(~apart)
    if not keep.size:  # often so for a single pair
        return np.empty(0, dtype=np.intp), np.empty((0, fan.heights.shape[1]), dtype=np.bool_)
    pair, piece, ex, ey, vx, vy = pair[keep], piece[keep], ex[keep], ey[keep], vx[:, keep], vy[:, keep]
    # each column of the candidates against the corners: (corners, candidates, columns)
    dx, dy = fan.ends[pair, :, 0] - ex[:, None], fan.ends[pair, :, 1] - ey[:, None]
    length2 = dx * dx + dy * dy
    t = (vx[..., None] * dx + vy[..., None] * dy) / np.where(length2 > 0, length2, 1.0)
    side = vx[..., None] * dy - vy[..., None] * dx  # the column's length times the corner's signed offset
    margin = _SLACK * np.sqrt(length2)
    t_lo, t_hi = t.min(axis=0), t.max(axis=0)
    apart = (side > margin).all(axis=0) | (side < -margin).all(axis=0) | (t_hi < -_SLACK) | (t_lo > 1 + _SLACK)
    # each row's line over the stretch [lo, hi] of its column: (candidates, columns, rows)
    lo, hi = np.clip(t_lo, 0.0, 1.0)[..., None], np.clip(t_hi, 0.0, 1.0)[..., None]
    z0, z1 = fan.eye[pair, 2][:, None, None], fan.heights[pair][:, None, :]
    h = top[piece][:, None, None]
    z_lo, z_hi = z0 + lo * (z1 - z0), z0 + hi * (z1 - z0)
    below = np.maximum(z0, z1) < h  # below the top all along
    partly = ~below & (np.minimum(z0, z1) < h)
    live = ~apart[..., None] & (below | partly)
    under = live & (below | (np.maximum(z_lo, z_hi) < h - _SLACK))
    crossing = live & ~under & (np.minimum(z_lo, z_hi) < h + _SLACK)
    # GEOS: the columns, then the parts of the crossing lines, lowest row first
    polygons = table._sight_parts[piece]

    def column_meets(k: IntArray, c: IntArray) -> BoolArray:
        return np.asarray(shapely.intersects(polygons[k], _columns(fan, pair[k], c)), dtype=np.bool_)  # prepared first

    asked = under.any(axis=-1)
    meets = _ask_spans(asked, column_meets)
    blocked = under & meets[..., None]
    lower_blocked = meets | ~asked
    crossing_rows = crossing.any(axis=(0, 1))
    for r in np.argsort(fan.heights[0], kind="stable") if n_pairs else ():

        def part_meets(k: IntArray, c: IntArray, r: int = int(r)) -> BoolArray:
            a, b, cap = z0[k, 0, 0], z1[k, 0, r], h[k, 0, 0]
            cut = (cap - a) / (b - a)  # a != b: one end is below the top, the other not
            t0 = np.where(a < cap, 0.0, cut)
            t1 = np.where(a < cap, cut, 1.0)
            start, end = fan.eye[pair[k], :2], fan.ends[pair[k], c]
            part = np.concatenate([start + t0[:, None] * (end - start), start + t1[:, None] * (end - start)], axis=1)
            return np.asarray(shapely.intersects(polygons[k], _segments(part)), dtype=np.bool_)

        if crossing_rows[r]:
            blocked[..., r] |= _ask_spans(crossing[..., r] & lower_blocked, part_meets)
        lower_blocked = blocked[..., r]
    k, c = np.nonzero(blocked.any(axis=-1))
    return pair[k] * n_cols + c, blocked[k, c]


def _nearest_on_segments(a: FloatArray, b: FloatArray, p: FloatArray) -> tuple[FloatArray, FloatArray]:
    """For each segment a -> b and point p (arrays (..., 2), broadcast): where along the segment
    (0 to 1) its point nearest p lies, and the distance to it. The arithmetic is GEOS's own
    (`Distance::pointToSegment`, what `dwithin` measures), so a circle's verdict is GEOS's."""
    dx, dy = b[..., 0] - a[..., 0], b[..., 1] - a[..., 1]
    length2 = dx * dx + dy * dy
    safe = np.where(length2 > 0, length2, 1.0)
    ax, ay, px, py = a[..., 0], a[..., 1], p[..., 0], p[..., 1]
    along = ((px - ax) * dx + (py - ay) * dy) / safe
    across = np.abs(((ay - py) * dx - (ax - px) * dy) / safe) * np.sqrt(length2)
    to_a = np.sqrt((px - ax) ** 2 + (py - ay) ** 2)
    to_b = np.sqrt((px - b[..., 0]) ** 2 + (py - b[..., 1]) ** 2)
    start = (along <= 0) | (length2 <= 0)
    distance = np.where(start, to_a, np.where(along >= 1, to_b, across))
    return np.where(start, 0.0, np.minimum(along, 1.0)), distance


def _cylinder_blocks(fan: _Fan, circles: FloatArray, owner: IntArray) -> tuple[IntArray, BoolArray]:
    """The columns that meet a cylinder (a model's base or a token: x, y, radius, top in
    `circles`; `owner` the body's index, -1 for a token) and, for each, which rows it blocks.

    A circle is a question about its centre: a column meets it when the segment's point nearest
    the centre is within the radius. The part of a line lower than the top is a piece of its
    column from one end to the cut; it meets the circle when it holds that nearest point, else
    when the cut (its end nearest that point, as the distance grows away from it) is within
    the radius. The boxes of the pairs' lines and of the circles pick the candidates; a pair's
    own shooter and target, and cylinders lower than all its lines, are left out."""
    n_cols = fan.ends.shape[1]
    cx, cy, cr, top = circles.T
    near = _overlapping(fan.box, np.stack([cx - cr, cy - cr, cx + cr, cy + cr], axis=1))
    near &= (top[None, :] > fan.lowest[:, None]) & (owner[None, :] != fan.shooters[:, None]) \
        & (owner[None, :] != fan.targets[:, None])
    pair, ob = np.nonzero(near)
    # every column lies within `half_width` of the segment from the eye to the middle of the
    # billboard's chord (distance to a segment is convex), so a circle farther off meets none;
    # what is asked is a box around that segment, as long and as wide as that reach allows
    middle = (fan.ends[:, 0] + fan.ends[:, -1]) / 2
    gap = fan.ends - middle[:, None, :]
    half_width = np.sqrt((gap[..., 0] ** 2 + gap[..., 1] ** 2).max(axis=1))
    mx, my = middle[:, 0] - fan.eye[:, 0], middle[:, 1] - fan.eye[:, 1]
    length = np.hypot(mx, my)
    safe = np.where(length > 0, length, 1.0)
    ux, uy = mx / safe, my / safe
    wx, wy = cx[ob] - fan.eye[pair, 0], cy[ob] - fan.eye[pair, 1]
    along = wx * ux[pair] + wy * uy[pair]
    reach = cr[ob] + half_width[pair] + 1e-6
    keep = (np.abs(wy * ux[pair] - wx * uy[pair]) <= reach) & (along >= -reach) & (along <= length[pair] + reach)
    pair, ob = pair[keep], ob[keep]
    eye, centre = fan.eye[pair, :2], circles[ob, :2]
    along, distance = _nearest_on_segments(eye[:, None, :], fan.ends[pair], centre[:, None, :])
    k, c = np.nonzero(distance <= cr[ob][:, None])
    pair, ob, along = pair[k], ob[k], along[k, c]
    z0, z1, t = fan.eye[pair, 2][:, None], fan.heights[pair], top[ob][:, None]
    below = np.maximum(z0, z1) < t  # below the top all along
    partly = ~below & (np.minimum(z0, z1) < t)
    cut = (t - z0) / np.where(partly, z1 - z0, 1.0)  # z1 != z0 where partly
    holds = np.where(z0 < t, along[:, None] <= cut, along[:, None] >= cut)  # the part: [0, cut] or [cut, 1]
    sx, sy = eye[k, 0][:, None], eye[k, 1][:, None]
    ex, ey = fan.ends[pair, c, 0][:, None], fan.ends[pair, c, 1][:, None]
    off_x = sx + cut * (ex - sx) - centre[k, 0][:, None]  # from the centre to where the line passes the top
    off_y = sy + cut * (ey - sy) - centre[k, 1][:, None]
    near_cut = np.sqrt(off_x ** 2 + off_y ** 2) <= cr[ob][:, None]
    return pair * n_cols + c, below | (partly & (holds | near_cut))


def _blocked(table: Table, bodies: _Bodies, fan: _Fan) -> tuple[BoolArray, BoolArray]:
    """For each line of the fan (pairs, rows, columns): blocked by terrain, blocked by a model or
    token. A pair's own shooter and target never block its lines."""
    n_pairs, n_cols = fan.ends.shape[:2]
    n_rows = fan.heights.shape[1]
    by_terrain = np.zeros((n_pairs * n_cols, n_rows), dtype=np.bool_)
    by_models = np.zeros((n_pairs * n_cols, n_rows), dtype=np.bool_)
    if table.terrain:
        col, rows = _terrain_blocks(table, fan)
        by_terrain[col[:, None].repeat(n_rows, axis=1)[rows], np.nonzero(rows)[1]] = True
    # cylinders: the bodies (owner = their index) and the tokens (owner -1)
    tokens = table._token_circles
    tokens = tokens[np.flatnonzero([t.height > 0 for t in table.tokens])]  # flat tokens never block sight
    circles = np.concatenate([np.stack([bodies.x, bodies.y, bodies.r, bodies.e + bodies.h], axis=1), tokens])
    if len(circles):
        owner = np.concatenate([np.arange(len(bodies.x)), np.full(len(tokens), -1)])
        col, rows = _cylinder_blocks(fan, circles, owner)
        by_models[col[:, None].repeat(n_rows, axis=1)[rows], np.nonzero(rows)[1]] = True
    # (pairs * columns, rows) -> (pairs, rows, columns), the order of _Fan.lines
    shape = (n_pairs, n_cols, n_rows)
    return by_terrain.reshape(shape).transpose(0, 2, 1), by_models.reshape(shape).transpose(0, 2, 1)


def sight(table: Table, others: Sequence[Body], shooter: Body, target: Body,
          rules: SightRules = SightRules()) -> Sight:
    """What `shooter` sees of `target` among `others` and the table's terrain and tokens."""
    everyone = [b for b in others if b.ident not in (shooter.ident, target.ident)] + [shooter, target]
    bodies = _Bodies(table, everyone)
    fan = _fan(bodies, np.array([len(everyone) - 2], dtype=np.intp), np.array([len(everyone) - 1], dtype=np.intp), rules)
    by_terrain, by_models = (flags.reshape(-1) for flags in _blocked(table, bodies, fan))
    per = rules.lines_per_target
    hidden = float(np.count_nonzero(by_terrain | by_models)) / per
    terrain_share = float(np.count_nonzero(by_terrain)) / per
    model_share = float(np.count_nonzero(by_models)) / per
    drawn = tuple(
        SightLine((float(l[0]), float(l[1]), float(l[2])), (float(l[3]), float(l[4]), float(l[5])), bool(bt), bool(bm))
        for l, bt, bm in zip(fan.lines(), by_terrain, by_models)
    )
    return Sight(rules.verdict(hidden, terrain_share, model_share), hidden, terrain_share, model_share, drawn)


def sight_shares(table: Table, bodies: Sequence[Body], shooters: Sequence[int], targets: Sequence[int],
                 rules: SightRules = SightRules()) -> FloatArray:
    """(hidden, by terrain, by models) for each pair (bodies[shooters[k]], bodies[targets[k]]),
    in one batch: `sight`'s shares for many chosen pairs (the AI asks for the few pairs a move
    changes, not a whole matrix). A shooter is never its own target."""
    out = np.zeros((len(shooters), 3), dtype=np.float64)
    if not len(shooters):
        return out
    arrays = _Bodies(table, bodies)
    fan = _fan(arrays, np.asarray(shooters, dtype=np.intp), np.asarray(targets, dtype=np.intp), rules)
    by_terrain, by_models = (flags.reshape(len(shooters), -1) for flags in _blocked(table, arrays, fan))
    per = rules.lines_per_target
    out[:, 0] = np.count_nonzero(by_terrain | by_models, axis=1) / per
    out[:, 1] = np.count_nonzero(by_terrain, axis=1) / per
    out[:, 2] = np.count_nonzero(by_models, axis=1) / per
    return out


def visibility_matrix(table: Table, bodies: Sequence[Body], rules: SightRules = SightRules()) -> FloatArray:
    """hidden[i, j]: the share of shooter i's sight lines to target j that are blocked (0 on the diagonal)."""
    n = len(bodies)
    out = np.zeros((n, n), dtype=np.float64)
    if n < 2:
        return out
    arrays = _Bodies(table, bodies)
    s, t = np.nonzero(~np.eye(n, dtype=np.bool_))
    fan = _fan(arrays, s.astype(np.intp), t.astype(np.intp), rules)
    by_terrain, by_models = _blocked(table, arrays, fan)
    blocked = (by_terrain | by_models).reshape(len(s), -1)
    out[s, t] = np.count_nonzero(blocked, axis=1) / rules.lines_per_target
    return out
