"""What the table draws over the position for a question being asked: a model's reach, the
route a drop would take and its length, sight lines to a target with the verdict and the odds,
the ruler, and every model that sees a point.

The numbers come from `game.skirmish.public` (the engine's own answers); this module only draws
them through the camera.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from shapely.geometry import MultiPolygon, Polygon

from game.core.text import join_names
from game.skirmish.public import AttackPreview, Route
from scenes.kit.camera import Camera
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]
Point = tuple[float, float]

REACH: Colour = (120, 210, 255)
GOOD: Colour = (120, 230, 150)
BAD: Colour = (255, 120, 100)
COVER: Colour = (250, 200, 90)
VERDICT_COLOUR = {"clear": GOOD, "cover": COVER, "hidden": BAD}
VERDICT_WORD = {"clear": "Clear shot", "cover": "In cover (+3 defence)", "hidden": "Not visible"}
BEHIND_WORDS = {"cover": "In cover behind {} (+3 defence)", "hidden": "Not visible behind {}"}
"""The verdict with what the blocked sight lines pass behind (`AttackPreview.blockers`)."""


def reach_layer(area: Polygon | MultiPolygon, camera: Camera, size: tuple[int, int]) -> pygame.Surface:
    """The reach shaded light blue with a crisp edge (cache it per model and camera)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    polys = list(area.geoms) if isinstance(area, MultiPolygon) else [area]
    for poly in polys:
        if poly.is_empty:
            continue
        outer = [camera.to_screen((x, y)) for x, y in poly.exterior.coords]
        if len(outer) >= 3:
            pygame.draw.polygon(layer, (*REACH, 52), outer)
            pygame.draw.polygon(layer, (*REACH, 200), outer, width=2)
        for hole in poly.interiors:
            pts = [camera.to_screen((x, y)) for x, y in hole.coords]
            if len(pts) >= 3:
                pygame.draw.polygon(layer, (0, 0, 0, 0), pts)
                pygame.draw.polygon(layer, (*REACH, 160), pts, width=1)
    return layer


def draw_route(surface: pygame.Surface, route: Route, camera: Camera, text: TextCache, fs: int,
               clear: int = 14, avoid: Sequence[pygame.Rect] = (), bounds: pygame.Rect | None = None,
               mat: pygame.Rect | None = None, label: str | None = None) -> pygame.Rect:
    """The path a drop would take, its cost in inches of the Move, and the refusal if any (or
    `label` instead: a short pointer to the refusal written elsewhere); the
    words go beyond the end, on the side away from the path's last stretch and `clear` pixels
    (the held marker's radius and its pips) from the end (play-test: above the end they sat on
    the path of a model moved down the table, and on the lifted marker), or, if that covers one
    of `avoid` (the other models' bases), the first other side that does not (play-test: the
    length lay over the icon of the model the drop was set against), on the `mat` and inside
    `bounds` as `words_rect` places them. Returns their rect."""
    ok = route.refusal is None
    colour = GOOD if ok else BAD
    pts = [camera.to_screen(p) for p in route.points]
    if len(pts) >= 2:
        pygame.draw.lines(surface, (8, 8, 14), False, pts, 5)
        pygame.draw.lines(surface, colour, False, pts, 2)
    cost = "-" if route.cost == float("inf") else f"{route.cost:.1f}\""
    if label is None:
        label = f"{cost} of {route.budget:g}\"" if ok else (route.refusal or "")
    img = text.render(label, fs, colour, "bold", shadow=True)
    rect = words_rect(img.get_size(), pts, clear, avoid, bounds, mat)
    surface.blit(img, rect)
    return rect


def words_rect(size: tuple[int, int], pts: list[tuple[float, float]], clear: int,
               avoid: Sequence[pygame.Rect] = (), bounds: pygame.Rect | None = None,
               mat: pygame.Rect | None = None) -> pygame.Rect:
    """Where words of `size` pixels go past the end of the line through `pts`: the first three
    of `label_spots`, then the same a line farther out, last the one back over the line, each
    followed by the same slid along its side of the end onto `mat` (the table's cloth on the
    screen); `first_clear` chooses: on the mat where a spot there is clear of `avoid`, the
    frame round it only as a last resort (play-test: beside the mat's right edge the words ran
    onto the dark frame)."""
    near, far = label_spots(pts, clear), label_spots(pts, clear + size[1] + 4)
    rects = []
    for anchor in near[:-1] + far[:-1] + near[-1:]:
        rect = pygame.Rect((0, 0), size)
        for name, (x, y) in anchor.items():
            setattr(rect, name, (int(x), int(y)))
        rects.append(rect)
        if mat is not None:
            slid = _slid_onto(rect, mat, pts[-1], along_x=next(iter(anchor)) in ("midtop", "midbottom"))
            if slid is not None and slid != rect:
                rects.append(slid)
    return first_clear(rects, avoid, bounds, mat)


def _slid_onto(rect: pygame.Rect, mat: pygame.Rect, end: tuple[float, float], along_x: bool) -> pygame.Rect | None:
    """`rect` moved only across its side of the line's `end` (sideways for words below or above
    it, up or down for words beside it) to lie on `mat`; None when it would then no longer
    face the end (the end off the mat, or the words too long for it)."""
    moved = rect.clamp(mat)
    if along_x:
        moved.y = rect.y
        return moved if moved.left <= end[0] <= moved.right else None
    moved.x = rect.x
    return moved if moved.top <= end[1] <= moved.bottom else None


def first_clear(spots: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect],
                bounds: pygame.Rect | None = None, mat: pygame.Rect | None = None) -> pygame.Rect:
    """The first of `spots` (in order of preference) that covers none of `avoid` and lies on
    `mat` (when given); else the first clear one inside `bounds`; else the one inside `bounds`
    covering fewest (the first of those, on the mat first); the first when none is inside.
    Words on the table are placed by it: a model hidden is worse than words on the frame,
    words off the table worst."""
    keep_off = list(avoid)

    def inside(area: pygame.Rect | None) -> list[pygame.Rect]:
        return [r for r in spots if area is None or area.contains(r)]

    on_mat = inside(mat) if mat is not None else []
    in_bounds = inside(bounds)
    for tier in (on_mat, in_bounds):
        clear = next((r for r in tier if r.collidelist(keep_off) < 0), None)
        if clear is not None:
            return clear
    covering = on_mat + in_bounds
    return min(covering, key=lambda r: len(r.collidelistall(keep_off))) if covering else spots[0]


def label_spot(pts: list[tuple[float, float]], clear: int) -> dict[str, tuple[float, float]]:
    """Where a route's words go (a `TextCache.blit` anchor): past its end, away from the last
    stretch of the path: below the end of a path that came down, above one that came up, right
    or left of one that came sideways."""
    return label_spots(pts, clear)[0]


def label_spots(pts: list[tuple[float, float]], clear: int) -> list[dict[str, tuple[float, float]]]:
    """`label_spot` first, then the end's other sides (for words that would cover another model
    there): the two beside the path's last stretch, and last the one back over the path."""
    end = pts[-1]
    before = next((p for p in reversed(pts[:-1]) if p != end), (end[0], end[1] + 1))
    dx, dy = end[0] - before[0], end[1] - before[1]
    below = {"midtop": (end[0], end[1] + clear + 4)}
    above = {"midbottom": (end[0], end[1] - clear - 4)}
    right = {"midleft": (end[0] + clear + 6, end[1])}
    left = {"midright": (end[0] - clear - 6, end[1])}
    if abs(dy) >= abs(dx):
        return [below, right, left, above] if dy > 0 else [above, right, left, below]
    return [right, below, above, left] if dx > 0 else [left, below, above, right]


def draw_sight(surface: pygame.Surface, preview: AttackPreview, camera: Camera) -> None:
    """Each sight line the engine traced: green where clear, red where blocked."""
    for start, end, blocked in preview.lines:
        a, b = camera.to_screen((start[0], start[1])), camera.to_screen((end[0], end[1]))
        pygame.draw.line(surface, BAD if blocked else GOOD, a, b, 1)


def preview_lines(preview: AttackPreview, weapon: str, target: str, melee: bool, gap: float) -> list[tuple[str, Colour]]:
    """The words of an attack preview: verdict and distance, dice and odds, or why it cannot be
    made."""
    colour = VERDICT_COLOUR.get(preview.verdict, GOOD)
    seen = "melee" if melee else VERDICT_WORD.get(preview.verdict, preview.verdict)
    if not melee and preview.verdict in BEHIND_WORDS and preview.blockers:
        seen = BEHIND_WORDS[preview.verdict].format(join_names(list(preview.blockers)))
    lines = [(f"{weapon} at {target}: {seen}, {gap:.1f}\" away", colour if not melee else (232, 228, 216))]
    if preview.refusal:
        lines.append((preview.refusal, BAD))
        return lines
    six = " (only 6s: engaged)" if preview.forced_six else ""
    dice = f"{preview.dice} {'die' if preview.dice == 1 else 'dice'}"
    lines.append((f"{dice} at {preview.knack}+{six}: {preview.chance:.0%} each to hit", (232, 228, 216)))
    lines.append((f"{preview.per_hit} damage a hit, {preview.expected:.1f} expected, {preview.kill:.0%} to fell",
                  (232, 228, 216)))
    return lines


def draw_note(surface: pygame.Surface, lines: Sequence[tuple[str, Colour]], anchor: Point, text: TextCache, fs: int,
              bounds: pygame.Rect) -> pygame.Rect:
    """A small dark note with these lines near `anchor`, kept inside `bounds`."""
    imgs = [text.render(t, fs, c, "bold") for t, c in lines]
    w = max(i.get_width() for i in imgs) + 16
    h = sum(i.get_height() for i in imgs) + 10
    box = pygame.Rect(round(anchor[0]) + 18, round(anchor[1]) - h - 8, w, h).clamp(bounds)
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    bg.fill((14, 16, 24, 225))
    surface.blit(bg, box)
    pygame.draw.rect(surface, (150, 122, 74), box, width=1)
    y = box.y + 5
    for img in imgs:
        surface.blit(img, (box.x + 8, y))
        y += img.get_height()
    return box


def draw_watchers(surface: pygame.Surface, at: Point, watchers: Sequence[tuple[Point, Colour]], camera: Camera,
                  text: TextCache, fs: int) -> None:
    """Lines from every model that sees the point, coloured by side, and their count."""
    p = camera.to_screen(at)
    for centre, colour in watchers:
        pygame.draw.line(surface, (8, 8, 14), camera.to_screen(centre), p, 4)
        pygame.draw.line(surface, colour, camera.to_screen(centre), p, 2)
    pygame.draw.circle(surface, (255, 255, 255), p, 5, width=2)
    text.blit(surface, f"{len(watchers)} model{'s see' if len(watchers) != 1 else ' sees'} this point", fs,
              (255, 255, 255), "bold", shadow=True, midbottom=(p[0], p[1] - 10))
