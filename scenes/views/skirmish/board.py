"""Drawing the table through the camera: the mat, deployment zones, objectives, terrain shaded
by height with clear edges, tokens, and the models as bases of their real size with icon and
health pips.

Everything is measured in inches and turned into pixels by the kit camera, so a zoom or a
resize changes only the scale. The static layer (mat, zones, terrain) is drawn once per camera
and size and blitted each frame; models are drawn on top each frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import pygame
from shapely.geometry import Polygon as ShapelyPolygon

from game.skirmish.geometry import base_radius
from scenes.kit.camera import Camera
from scenes.sprites.text import TextCache
from scenes.views.skirmish import art
from scenes.views.skirmish.overlays import first_clear

Colour = tuple[int, int, int]
Point = tuple[float, float]
View = Mapping[str, Any]

MIN_BASE_PX = 7
"""The smallest radius (pixels) a base is drawn at, even beside another model: a 25 mm base is
about 5 px at a 36" table's fit zoom in a 1024x640 window, too small to see or to hit."""
MIN_HIT_PX = 10
"""The smallest radius (pixels) around a model's centre that a pointer hits it within."""
READ_SHARE = 0.8
"""A model's least marker radius as a share of the base font size: 12 px at 1280x720 (24 px
across), 10-11 px at 1024x640. Play-test: at the full-table zoom a 25 mm base was drawn 14 px
across, and a new player could not read its icon or health pips; models in a formation were
still drawn near their true 16-18 px until the seventh session gave them the same floor."""


class Marker(NamedTuple):
    """How a model is drawn: its marker's radius and its icon's size, in pixels."""
    radius: int
    glyph: int


def base_px(camera: Camera, base_mm: float) -> int:
    """A base's true radius in pixels at this zoom (at least MIN_BASE_PX): what the engine
    measures reach, sight and base contact with."""
    return max(MIN_BASE_PX, round(camera.length(base_radius(float(base_mm)))))


def readable_px(fs: int) -> int:
    """The radius a model's marker is drawn at least, for the base font size `fs`."""
    return max(10, round(fs * READ_SHARE))


def markers(view: View, camera: Camera, fs: int) -> dict[int, Marker]:
    """Each model on the table: its marker. The radius is its true base radius when that is
    readable, else `readable_px`, alone or in a formation alike: the true base stays drawn
    solid inside an enlarged marker's see-through halo (`art.base_disc`), and the table draws
    every halo before every base and icon, so neighbours' halos overlap without hiding a base.
    The icon keeps `art.ICON_SHARE` of the radius, but stops short of every other model's true
    base, so a neighbour's icon never runs onto this base (nor this one onto its). Every rule
    measures true sizes."""
    least = readable_px(fs)
    on = [(int(f["id"]), camera.to_screen((float(f["at"][0]), float(f["at"][1]))), base_px(camera, f["base_mm"]))
          for f in view["figures"] if f["deployed"] and not f["fallen"]]
    out: dict[int, Marker] = {}
    for m, c, true in on:
        radius = max(true, least)
        glyph = int(radius * art.ICON_SHARE)
        clear = min((math.dist(c, o) - r for n, o, r in on if n != m), default=math.inf)
        if 2 * clear - 1 < glyph:
            glyph = max(int(true * art.ICON_SHARE), int(2 * clear) - 1)
        out[m] = Marker(radius, max(4, glyph))
    return out


def table_layer(view: View, camera: Camera, size: tuple[int, int], sides: Sequence[Colour], text: TextCache,
                fs: int) -> pygame.Surface:
    """The still part of the table at this camera (blit at (0, 0) of the view's surface)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    w, d = float(view["table"][0]), float(view["table"][1])
    x0, y0 = camera.to_screen((0.0, 0.0))
    x1, y1 = camera.to_screen((w, d))
    mat = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    pygame.draw.rect(layer, (10, 10, 14), mat.inflate(10, 10).move(0, 3), border_radius=6)
    pygame.draw.rect(layer, art.TABLE, mat)
    step = 6.0 if camera.scale * 6 >= 24 else 12.0
    k = step
    while k < w:
        x = camera.to_screen((k, 0.0))[0]
        pygame.draw.line(layer, art.GRID, (x, mat.top), (x, mat.bottom), 1)
        k += step
    k = step
    while k < d:
        y = camera.to_screen((0.0, k))[1]
        pygame.draw.line(layer, art.GRID, (mat.left, y), (mat.right, y), 1)
        k += step
    pygame.draw.rect(layer, art.TABLE_EDGE, mat, width=2)
    for side, zone in enumerate(view["zones"]):
        pts = [camera.to_screen((p[0], p[1])) for p in zone]
        if len(pts) >= 3:
            colour = sides[side]
            zl = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(zl, (*colour, art.ZONE_ALPHA), pts)
            layer.blit(zl, (0, 0))
            pygame.draw.polygon(layer, art.shade(colour, 0.8), pts, width=2)
    for a, b in view.get("score_lines", []):
        _dashed(layer, camera.to_screen((a[0], a[1])), camera.to_screen((b[0], b[1])), art.OBJECTIVE)
    for ob in view["objectives"]:
        c = camera.to_screen((ob["at"][0], ob["at"][1]))
        r = max(4, round(camera.length(float(ob["radius"]))))
        ring = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.circle(ring, (*art.OBJECTIVE, 40), c, r)
        layer.blit(ring, (0, 0))
        pygame.draw.circle(layer, art.OBJECTIVE, c, r, width=2)
        pygame.draw.circle(layer, art.OBJECTIVE, c, max(3, r // 6))
    tallest = max((float(t["height"]) for t in view["terrain"]), default=1.0)
    for piece in sorted(view["terrain"], key=lambda t: float(t["height"])):
        pts = [camera.to_screen((p[0], p[1])) for p in piece["points"]]
        colour = art.terrain_colour(str(piece["kind"]), float(piece["height"]), tallest)
        drop = max(2, round(camera.length(min(1.2, float(piece["height"]) * 0.25))))
        pygame.draw.polygon(layer, (14, 14, 18), [(x + drop * 0.5, y + drop) for x, y in pts])
        pygame.draw.polygon(layer, colour, pts)
        pygame.draw.polygon(layer, art.shade(colour, 0.45), pts, width=2)
        if camera.scale >= HEIGHTS_FROM:
            text.blit(layer, _height_words(piece), max(9, fs - 4), art.shade(colour, 0.35), "bold",
                      center=_height_at(piece, camera))
    return layer


HEIGHTS_FROM = 9
"""Pixels per inch from which each terrain piece shows its height."""


def _height_words(piece: Mapping[str, Any]) -> str:
    return f"{float(piece['height']):.1f}\""


def _height_at(piece: Mapping[str, Any], camera: Camera) -> Point:
    """Where a terrain piece's height is written: a point inside it, on the screen."""
    inside = ShapelyPolygon(piece["points"]).representative_point()
    return camera.to_screen((inside.x, inside.y))


def height_rects(view: View, camera: Camera, text: TextCache, fs: int) -> list[pygame.Rect]:
    """Where `table_layer` writes the terrain pieces' heights on the screen, with 3 pixels
    round (none when zoomed out too far for them), for words on the table to keep off
    (play-test at 1280x720: the ruler's "7.6\"" lay over a hill's "5.9\"" and neither read)."""
    if camera.scale < HEIGHTS_FROM:
        return []
    out = []
    for piece in view["terrain"]:
        box = text.render(_height_words(piece), max(9, fs - 4), (0, 0, 0), "bold").get_rect()
        cx, cy = _height_at(piece, camera)
        out.append(box.move_to(center=(round(cx), round(cy))).inflate(6, 6))  # a little air round them
    return out


def objective_names(view: View, camera: Camera, text: TextCache, fs: int, bases: Sequence[pygame.Rect],
                    bounds: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Each objective's name ("The Rift (1)") and where it goes: under its ring, else over it,
    else right of it, else left: the first spot clear of every model's base (`bases`) and
    inside `bounds`; when none is, the first inside `bounds` (`first_clear`). The view draws
    them after the models, so a name that must touch a base still reads (play-test: "The Rift
    (1)" lay hidden under a model; before that, under a terrain piece drawn after it)."""
    out = []
    for ob in view["objectives"]:
        img = text.render(f"{ob['name']} ({ob['value']})", max(10, fs - 3), art.OBJECTIVE, "bold", shadow=True)
        x, y = (round(v) for v in camera.to_screen((ob["at"][0], ob["at"][1])))
        r = max(4, round(camera.length(float(ob["radius"]))))
        box = img.get_rect()
        spots = [box.move_to(midtop=(x, y + r + 2)), box.move_to(midbottom=(x, y - r - 2)),
                 box.move_to(midleft=(x + r + 4, y)), box.move_to(midright=(x - r - 4, y))]
        out.append((img, first_clear(spots, bases, bounds)))
    return out


def _dashed(surface: pygame.Surface, a: Point, b: Point, colour: Colour, dash: float = 12.0) -> None:
    """A dashed line from `a` to `b` (screen points): a mission's scoring line, which is not a wall."""
    length = math.dist(a, b)
    steps = max(1, int(length // dash))
    for k in range(0, steps, 2):
        t0, t1 = k / steps, min(1.0, (k + 1) / steps)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)


def draw_tokens(surface: pygame.Surface, view: View, camera: Camera) -> None:
    """Each token at its real size, in its kind's look (`art.TOKEN_LOOKS`)."""
    for t in view["tokens"]:
        c = camera.to_screen((t["at"][0], t["at"][1]))
        r = max(3, round(camera.length(float(t["diameter"]) / 2)))
        disc = art.token_disc(str(t["kind"]), r)
        surface.blit(disc, (round(c[0]) - disc.get_width() // 2, round(c[1]) - disc.get_height() // 2))


def draw_model(surface: pygame.Surface, fig: Mapping[str, Any], at: Point, camera: Camera, colour: Colour,
               icon: str, ring: Colour, lifted: bool = False, radius: int = 0, part: str = "whole",
               glyph: int = 0, health_above: bool = False, health_at: tuple[int, int] = (0, 0)) -> None:
    """One model at world point `at`: its marker `radius` pixels (0: its true base size) with
    the true base inside when the marker is larger, its icon (`glyph` pixels; 0: the marker's
    share) and health pips. `part` draws one layer: "halo" an enlarged marker's see-through halo,
    "pips" the health pips, "body" the true base, icon and condition mark (`art.base_disc`), so
    a table of neighbours draws every halo, then every model's pips, then every body: a pip
    that reaches a neighbour goes under its base, never over its icon. `health_above` puts the
    pips over the marker instead of under it (`health_above`, the function: a neighbour covers
    the place under it), `health_at` moves them (`health_spots`)."""
    c = camera.to_screen(at)
    true = base_px(camera, fig["base_mm"])
    r = max(true, radius)
    if part == "halo" and not true < r - 1:
        return  # a marker at its true size has no halo (`art.base_disc`)
    if part != "pips":
        disc = art.base_disc(r, colour, ring, icon, bool(fig["activated"]), true_radius=true,
                             part=part, glyph=glyph)
        off = (-2, -4) if lifted else (0, 0)
        surface.blit(disc, (round(c[0]) - disc.get_width() // 2 + off[0],
                            round(c[1]) - disc.get_height() // 2 + off[1]))
    if part in ("whole", "pips"):
        _draw_health(surface, fig, c, r, health_above, *health_at)
    if part in ("whole", "body") and fig["conditions"] and r >= 7:
        pygame.draw.circle(surface, (196, 120, 230), (c[0] + r * 0.75, c[1] - r * 0.75), max(3, r // 4))


def health_above(discs: Sequence[tuple[Point, float]]) -> list[bool]:
    """For each model's marker (screen centre, radius), whether its health goes over it: when
    another marker covers the place under it and none covers the place over it (play-test: a
    model moved into base contact above another lost its health bar under the other's base).
    One numpy step over every pair, as it runs each frame (the pure Python one was O(n^2) calls)."""
    if not discs:
        return []
    x, y, r = np.array([(c[0], c[1], rad) for c, rad in discs], dtype=np.float64).reshape(-1, 3).T
    probes = np.stack([y + r + 4, y - r - 4])  # (under, over) x each marker
    covered = np.hypot(x[:, None] - x[None, :], probes[:, :, None] - y[None, None, :]) < r[None, None, :]
    k = np.arange(len(x))
    covered[:, k, k] = False  # a marker never covers its own
    anywhere = np.asarray(covered.any(axis=2), dtype=np.bool_)
    return [bool(v) for v in anywhere[0] & ~anywhere[1]]


class HealthSpot(NamedTuple):
    """Where a model's health is drawn: over its marker or under it, moved (`dx`, `dy`)
    pixels, and whether it goes over the models' bodies (`on_top`: no spot was clear of them)."""
    above: bool
    dx: int
    dy: int
    on_top: bool

    @property
    def moved(self) -> bool:
        return bool(self.dx or self.dy)


def health_box(most: int, c: Point, r: int, above: bool = False) -> pygame.Rect:
    """The rectangle `_draw_health` draws a `most`-health model's pips or bar in (outline
    included), for a marker of radius `r` at `c`."""
    if most <= 5 and r >= 9:
        pr = max(2, r // 6) + 1
        pts = [(round(px), round(2 * c[1] - py if above else py)) for px, py in art.pip_centres(c, r, most)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        return pygame.Rect(min(xs) - pr, min(ys) - pr, max(xs) - min(xs) + 2 * pr + 1, max(ys) - min(ys) + 2 * pr + 1)
    rows, _, w, h = _bar_shape(most, r)
    top = round(c[1] - r - 2) - rows * (h + 1) + 1 if above else round(c[1] + r + 2)
    return pygame.Rect(round(c[0] - w / 2) - 1, top - 1, w + 2, rows * (h + 1) + 1)


def health_spots(mosts: Sequence[int], discs: Sequence[tuple[Point, float]], bodies: Sequence[float],
                 bounds: pygame.Rect | None = None, steps: int = 8) -> list[HealthSpot]:
    """Where each model's health goes (`mosts` its most health, `discs` its marker's screen
    centre and radius, `bodies` its true base's radius in pixels) so that no two overlap and,
    where it can be, none lies under another model's base. Play-test (fifteenth session): in a
    tight group the bars under and over the markers ran into each other and under the
    neighbours, and could not be read. Each takes the side `health_above` gives (the other side
    next), else beside the marker, else a row farther out at a time, inside `bounds`, until clear,
    the models whose own place is free placed first; a moved one is tied to its marker by a line
    (`_draw_health`), and one with no spot clear of the bases is drawn over them."""
    aboves = health_above(discs)
    boxes = [(health_box(n, c, round(r), a), health_box(n, c, round(r), not a))
             for n, (c, r), a in zip(mosts, discs, aboves)]

    bases = [pygame.Rect(math.floor(x - b), math.floor(y - b), math.ceil(2 * b) + 1, math.ceil(2 * b) + 1)
             for ((x, y), _), b in zip(discs, bodies)]

    def under_base(box: pygame.Rect, me: int) -> bool:
        """Whether `box` reaches under a base other than `me`'s (the bases' boxes first: a
        model in the open asks no further)."""
        for j in box.collidelistall(bases):
            (x, y), _ = discs[j]
            if j != me and math.dist((min(max(x, box.left), box.right), min(max(y, box.top), box.bottom)),
                                     (x, y)) < bodies[j]:
                return True
        return False

    order = sorted(range(len(discs)), key=lambda i: (under_base(boxes[i][0], i), i))  # the free first
    placed: list[pygame.Rect] = []
    out: dict[int, HealthSpot] = {}
    for i in order:
        spot = _first_clear(_health_options(discs[i], boxes[i], aboves[i], bounds, steps), placed,
                            lambda found: [under_base(box, i) for box in found])
        placed.append(spot[1])
        out[i] = spot[0]
    return [out[i] for i in range(len(discs))]


Option = tuple[bool, int, int, pygame.Rect]
"""A place for a model's health: over its marker, moved (dx, dy), the box it then takes."""


def _health_options(disc: tuple[Point, float], boxes: tuple[pygame.Rect, pygame.Rect], above: bool,
                    bounds: pygame.Rect | None, steps: int) -> Iterator[list[Option]]:
    """A model's places for its health inside `bounds`, nearest first, in tiers (made only as
    they are asked for): its own two sides and beside the marker, then a row farther out at a
    time; its own first place when none is inside, or when the marker itself lies outside
    `bounds` (play-test at 1600x900, zoomed in: the pips of models above the view were pulled
    down into it, tied by lines to markers out of sight)."""
    (x, y), r = disc
    first, second = boxes
    marker = pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
    if bounds is not None and not bounds.colliderect(marker):
        yield [(above, 0, 0, first)]
        return
    beside = [first.move_to(midleft=(round(x + r + 3), round(y))), first.move_to(midright=(round(x - r - 3), round(y)))]
    near: list[Option] = [(above, 0, 0, first), (not above, 0, 0, second)]
    near += [(above, to.x - first.x, to.y - first.y, to) for to in beside]
    given = False
    for k in range(steps + 1):
        tier = near
        if k:  # over and under, then beside
            tier = []
            for up, box in ((above, first), (not above, second)):
                dy = (-1 if up else 1) * k * (box.height + 1)
                tier.append((up, 0, dy, box.move(0, dy)))
            for to in beside:
                for dy in (k * (to.height + 1), -k * (to.height + 1)):
                    tier.append((above, to.x - first.x, to.y + dy - first.y, to.move(0, dy)))
        tier = [o for o in tier if bounds is None or bounds.contains(o[3])]
        if tier:
            given = True
            yield tier
    if not given:
        yield near[:1]


def _first_clear(tiers: Iterable[list[Option]], placed: list[pygame.Rect],
                 hidden: Callable[[list[pygame.Rect]], list[bool]]) -> tuple[HealthSpot, pygame.Rect]:
    """The first option clear of every box `placed` and of the bases (`hidden` says which
    reach under one), tier by tier (a free model asks only its first); else the first clear of
    the boxes, drawn over the bases; else the very first."""
    fallback: Option | None = None
    first: Option | None = None
    for tier in tiers:
        first = first or tier[0]
        free = [o for o in tier if o[3].collidelist(placed) < 0]
        if not free:
            continue
        under = hidden([o[3] for o in free])
        if False in under:
            above, dx, dy, box = free[under.index(False)]
            return HealthSpot(above, dx, dy, False), box
        fallback = fallback or free[0]
    assert first is not None  # `_health_options` gives one at least
    above, dx, dy, box = fallback or first
    return HealthSpot(above, dx, dy, fallback is not None or bool(hidden([box])[0])), box


def _bar_shape(most: int, r: int) -> tuple[int, int, int, int]:
    """A bar of health's rows, pips a row, width and row height, for a marker of radius `r`:
    each pip at least 3 px and a dark line apart (play-test: at 1024x640 a 6-health bar lost its
    lines and read as one green stroke); no wider than the base, in rows if it must be
    (play-test: the bars of models side by side ran together into one)."""
    per_pip = 4 if most <= 8 else 3
    rows = max(1, math.ceil(most * per_pip / max(10, 2 * r + 2)))
    per_row = math.ceil(most / rows)
    return rows, per_row, max(10, per_row * per_pip), max(3, r // 4)


def _draw_health(surface: pygame.Surface, fig: Mapping[str, Any], c: Point, r: int, above: bool = False,
                 dx: int = 0, dy: int = 0) -> None:
    """A model's health under its marker of radius `r` (over it, `above`), moved (`dx`, `dy`)
    pixels (`health_spots`: then a thin line ties it to the marker's centre, drawn first so that
    the marker covers its start): pips in an arc, or a bar of them."""
    health, most = int(fig["health"]), int(fig["max_health"])
    if dx or dy:
        box = health_box(most, c, r, above).move(dx, dy)
        end = (min(max(c[0], box.left), box.right - 1), min(max(c[1], box.top), box.bottom - 1))
        pygame.draw.line(surface, (10, 10, 14), c, end, 3)
        pygame.draw.line(surface, art.HEALTH, c, end, 1)
    if most <= 5 and r >= 9:
        pr = max(2, r // 6)
        for i, (px, py) in enumerate(art.pip_centres(c, r, most)):
            py = 2 * c[1] - py if above else py
            p = (round(px) + dx, round(py) + dy)  # on whole pixels: a 2 px pip at a fraction drew lopsided
            pygame.draw.circle(surface, (10, 10, 14), p, pr + 1)
            if i < health:
                pygame.draw.circle(surface, art.HEALTH, p, pr)
            else:  # hollow: told from a kept pip by shape, not by colour alone
                pygame.draw.circle(surface, art.HEALTH_HOLE, p, pr)
                pygame.draw.circle(surface, art.HEALTH_LOST, p, pr, width=1)
    else:  # many pips or a small base: a bar of pips under the base (`_bar_shape`)
        rows, per_row, w, h = _bar_shape(most, r)
        for row in range(rows):
            first = row * per_row
            count = min(per_row, most - first)
            if count <= 0:
                break
            width = round(w * count / per_row)
            top = round(c[1] - r - 2) - (rows - row) * (h + 1) + 1 if above else round(c[1] + r + 2) + row * (h + 1)
            bar = pygame.Rect(round(c[0] - w / 2) + dx, top + dy, width, h)
            pygame.draw.rect(surface, (10, 10, 14), bar.inflate(2, 2))
            pygame.draw.rect(surface, art.HEALTH_LOST, bar)
            lit = min(count, max(0, health - first))
            pygame.draw.rect(surface, art.HEALTH, (bar.x, bar.y, round(w * lit / per_row), h))
            for i in range(1, count):
                x = bar.x + round(w * i / per_row)
                pygame.draw.line(surface, (10, 10, 14), (x, bar.y), (x, bar.bottom - 1))
