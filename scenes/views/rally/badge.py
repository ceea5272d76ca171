"""The key numbers of a Rally tile that ships stand on, on small badges inside the hex.

Ships and their cargo pills cover a tile's own numbers, so the numbers that matter go on
badges (titanium / energy: the amount; a portal: its production per era and the entropy at
or below which it works). A badge is placed by a search over the hex rather than at a fixed
corner, because what is free depends on the number of ships, their cargo and the map size
(a 22 px hex is 38 px wide): it stays inside the hex and never covers a cargo pill, a
programmed-cards badge, a ship's seat marker or a portal owner's mark; it prefers not to
touch a hull, and covers part of one only when nothing else is left (three or four ships on
a small hex). A portal gets one badge with both numbers where that fits, else the threshold
on one badge and the production on a second where that fits, else the threshold alone.
Three or four ships on a hex below `CROWD_RADIUS` show one "×N" chip instead of a cargo pill
each (`art.crowded`); the badge keeps off that chip.

Pure drawing from the view's plain data (`docs/rally-contract.md`); placements are cached
per hex content, so playback frames only blit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from scenes.sprites.card import mix
from scenes.views.rally import icons
from scenes.views.rally.art import (
    ENERGY_INK,
    TITANIUM_INK,
    Colour,
    Point,
    cargo_spot,
    crowd_chip_spot,
    font,
    player_colour,
    program_spot,
    seat_badge,
    seat_spot,
    ship_length,
    signed,
    stack_layout,
)
from scenes.views.rally.art import crowded as is_crowded

BADGE_MIN_PX = 9
"""No badge digits smaller than this (the smallest map has 22 px hexes)."""

Part = tuple[str, Colour]
RectT = tuple[int, int, int, int]
Circle = tuple[float, float, float]
HULL = 0.42
"""A ship's body as a circle of this many ship lengths around its middle (it turns any way)."""
HULL_PARTS = ((-0.17, 0.3), (0.24, 0.17))
"""A ship of known heading as two circles (lengths along it from the middle, radius in lengths):
its body with the fins at the rear, its nose ahead; the rest of the lone ship's circle is free."""
TOUCH = 0.12
"""How deep (in ship lengths) a badge may reach into a hull before it counts as covering it:
the nose and tail are thin points."""


@dataclass(frozen=True)
class Cargo:
    """What one ship on the hex shows beside itself (in stack order, as `stack_layout`)."""

    energy: int
    titanium: int
    program_count: int = 0
    number: int = 0
    """The ship's fleet number, led into its pill when it shares the hex (0: none)."""
    owner: int = 0
    heading: float | None = None
    """The ship's heading (screen degrees), which puts its seat mark on the rear half; None: anywhere."""


def tile_key(kind: str, value: int, threshold: int | None, active: bool = True) -> tuple[str, Colour] | None:
    """The number a tile is about and its ink, or None (nothing worth a badge): titanium and
    energy their amount, a portal the entropy at or below which it works."""
    if kind == "titanium" and value:
        return str(value), TITANIUM_INK
    if kind == "energy" and value:
        return str(value), ENERGY_INK
    if kind == "portal" and threshold is not None:
        return f"\u2264{signed(threshold)}", (255, 255, 255) if active else (255, 140, 120)
    return None


def production_part(value: int, active: bool) -> Part:
    """A portal's production per era, in the bolt's yellow (grey while it does not work)."""
    return f"+{value}", ENERGY_INK if active else (170, 166, 150)


def badge_labels(kind: str, value: int, threshold: int | None, active: bool) -> list[tuple[Part, ...]]:
    """What a badge may say, the fullest first: a portal's production and threshold together,
    then its threshold alone; other tiles their one key number (none: nothing to say)."""
    key = tile_key(kind, value, threshold, active)
    if key is None:
        return []
    if kind == "portal":
        return [(production_part(value, active), key), (key,)]
    return [(key,)]


@lru_cache(maxsize=512)
def badge_image(parts: tuple[Part, ...], px: int, portal: bool, active: bool = True,
                owner: int | None = None) -> pygame.Surface:
    """A small dark pill with `parts` in their inks (split by a thin bar), `px` digits;
    portal-edged for a portal (red-edged when it does not work); an owned portal's badge leads
    with the owner's shape in their colour and is edged in it, so whose portal it is still
    shows when ships and the badge hide the tile's own mark."""
    f = font(px, "bold")
    imgs = [f.render(text, True, ink) for text, ink in parts]
    pad, gap = max(2, px // 4), max(3, px // 3)
    h = f.get_height() + 1
    mark = seat_badge(owner, h, bright=True) if owner is not None else None
    lead = h - 1 if mark is not None else 0
    w = pad * 2 + lead + sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1)
    pill = pygame.Surface((w, h), pygame.SRCALPHA)
    box = pill.get_rect()
    edge = (icons.PORTAL if active else (120, 70, 70)) if portal else (120, 126, 150)
    if owner is not None:
        edge = player_colour(owner) if active else mix(player_colour(owner), (90, 90, 100), 0.5)
    pygame.draw.rect(pill, (12, 10, 22, 240), box, border_radius=h // 2)
    pygame.draw.rect(pill, (*edge, 255), box, width=1, border_radius=h // 2)
    x = pad + lead
    if mark is not None:
        pill.blit(mark, mark.get_rect(center=(pad + lead // 2, h // 2)))
    for i, img in enumerate(imgs):
        if i:
            bx = x - gap // 2 - 1
            pygame.draw.line(pill, (*edge, 255), (bx, h * 0.25), (bx, h * 0.75))
        pill.blit(img, img.get_rect(midleft=(x, h // 2 + 1)))
        x += img.get_width() + gap
    return pill


def inside_hex(rect: pygame.Rect, radius: float) -> bool:
    """Every corner of `rect` (relative to the hex centre) inside the pointy-top hex."""
    for x, y in ((rect.left, rect.top), (rect.right, rect.top), (rect.left, rect.bottom), (rect.right, rect.bottom)):
        dx, dy = abs(x), abs(y)
        if dx > radius * math.sqrt(3) / 2 or dy > radius - dx / math.sqrt(3):
            return False
    return True


def covers(radius: int, ships: Sequence[Cargo], owner_mark: bool,
           crowded: bool = False) -> tuple[list[RectT], list[Circle]]:
    """What a badge must not cover on a hex (relative to its centre), and what it had better
    not: cargo pills, programmed-cards badges, seat markers and a portal owner's mark (at the
    top corner, unless the badge carries the owner's shape itself); then each ship's body, a
    circle around its middle. `crowded`: a hex with no room left, where a seat marker may be
    covered in part too (the ship's colour still shows)."""
    hard: list[RectT] = []
    soft: list[Circle] = []
    offsets, scale = stack_layout(len(ships), radius, gap=True)
    stack = len(ships)
    crowd = is_crowded(stack, radius)
    if crowd:  # one "x N" chip instead of the pills
        hard.append(_rect_tuple(crowd_chip_spot(stack, radius)))
    for ship, (dx, dy) in zip(ships, offsets):
        if not crowd:
            _, pill = cargo_spot((dx, dy), radius, ship.energy, ship.titanium, scale, stack, ship.number, ship.owner)
            hard.append(_rect_tuple(pill))
        prog = program_spot((dx, dy), radius, ship.program_count, scale, stack)
        if prog is not None:
            hard.append(_rect_tuple(prog[1]))
        length = ship_length(radius, scale)
        if ship.heading is None:
            soft.append((dx, dy, length * HULL))
        else:  # the dart as it lies: a body at the rear, a thin nose ahead
            a = math.radians(ship.heading)
            for along, size in HULL_PARTS:
                soft.append((dx + math.cos(a) * length * along, dy + math.sin(a) * length * along, length * size))
        marker = seat_spot((dx, dy), radius, scale, ship.heading)
        if crowded:
            soft.append((marker.centerx, marker.centery, marker.width / 2))
        else:
            hard.append(_rect_tuple(marker))
    if owner_mark:
        d = math.ceil(radius * 0.4)
        hard.append((round(-d / 2), round(-radius * 0.8 - d / 2), d, d))
    return hard, soft


def _depth(x: int, y: int, w: int, h: int, circle: Circle) -> float:
    """How far the rect (x, y, w, h) reaches into `circle` (0 when apart)."""
    cx, cy, r = circle
    nx = min(max(cx, x), x + w)
    ny = min(max(cy, y), y + h)
    return max(0.0, r - math.hypot(cx - nx, cy - ny))


@lru_cache(maxsize=1024)
def _spots(w: int, h: int, radius: int, prefer: tuple[int, int], fine: bool = False) -> tuple[tuple[int, int, int], ...]:
    """Top-left corners of every `w` x `h` rect wholly inside the hex (on a grid of about 9
    steps a radius, every pixel if `fine`, relative to the centre), with their squared distance
    from `prefer`, nearest first."""
    step = 1 if fine else max(1, radius // 9)
    half_w = radius * math.sqrt(3) / 2
    out: list[tuple[int, int, int]] = []
    for cy in range(-radius, radius + 1, step):
        y = cy - h // 2
        far_y = max(abs(y), abs(y + h))
        for cx in range(-radius, radius + 1, step):
            x = cx - w // 2
            far_x = max(abs(x), abs(x + w))
            if far_x <= half_w and far_y <= radius - far_x / math.sqrt(3):  # its farthest corner is in
                out.append(((cx - prefer[0]) ** 2 + (cy - prefer[1]) ** 2, x, y))
    out.sort()
    return tuple((x, y, d2) for d2, x, y in out)


def place(size: tuple[int, int], radius: int, hard: Sequence[RectT], soft: Sequence[Circle], prefer: Point,
          hull_ok: bool, touch: float = 0.0, fine: bool = False) -> tuple[float, pygame.Rect] | None:
    """The spot for a `size` badge (relative to the hex centre) inside the hex, touching none of
    `hard`; reaching no deeper than `touch` px into a hull unless `hull_ok` (then as little as
    it can); nearest to `prefer` among equals. Returns its cost and place, or None when there
    is no such spot."""
    w, h = size
    best: tuple[float, int, int] | None = None
    for x, y, d2 in _spots(w, h, radius, (round(prefer[0]), round(prefer[1])), fine):
        if any(x < hx + hw and hx < x + w and y < hy + hh and hy < y + h for hx, hy, hw, hh in hard):
            continue
        depths = [_depth(x, y, w, h, c) for c in soft]
        if not hull_ok:
            if all(d <= touch for d in depths):
                return float(d2), pygame.Rect(x, y, w, h)  # the nearest spot clear of the hulls
            continue
        cost = sum(d * d for d in depths) * 12.0 + d2
        if best is None or cost < best[0]:
            best = (cost, x, y)
    return None if best is None else (best[0], pygame.Rect(best[1], best[2], w, h))


def _sizes(radius: int) -> list[int]:
    """Digit sizes to try, biggest first (a few steps, so a placement stays cheap)."""
    top = max(BADGE_MIN_PX + 1, round(radius * 0.3))
    return sorted({top, (top + BADGE_MIN_PX + 1) // 2, BADGE_MIN_PX}, reverse=True)


@dataclass(frozen=True)
class Placed:
    """One badge drawn on a hex: its picture, where (relative to the hex centre), what it says,
    and whether it carries the portal owner's shape."""

    image: pygame.Surface
    rect: pygame.Rect
    parts: tuple[Part, ...]
    owner_shape: bool = False


@lru_cache(maxsize=512)
def layout(kind: str, value: int, threshold: int | None, active: bool, owner: int | None, radius: int,
           ships: tuple[Cargo, ...]) -> tuple[Placed, ...]:
    """The badges of a tile under `ships` and where they go (relative to the hex centre).

    First the biggest digits that say everything without touching a hull (a portal's production
    on the badge or on a chip of its own), else the biggest that fit clear of the hulls saying
    less; failing that (a small or crowded hex) the badge that covers the least of the ships. An owned
    portal's badge carries the owner's shape; a badge without it keeps the tile's own mark
    (top corner) clear instead."""
    labels = badge_labels(kind, value, threshold, active)
    if not labels or not ships:
        return ()
    portal = kind == "portal"
    variants: list[tuple[tuple[Part, ...], int | None]] = [(parts, owner) for parts in labels]
    if portal and owner is not None:
        variants.append((labels[-1], None))
    # a lone ship's badge sits at its upper left (its cards' count is at its upper right); two
    # ships leave the middle row to it (`stack_layout(gap=True)`); more, wherever it fits
    prefer = {1: (-radius * 0.45, -radius * 0.55), 2: (radius * 0.1, 0.0)}.get(len(ships), (radius * 0.3, -radius * 0.7))
    touch = ship_length(radius, stack_layout(len(ships), radius, gap=True)[1]) * TOUCH
    def finish(rank: int, img: pygame.Surface, spot: pygame.Rect, hard: list[RectT],
               soft: list[Circle]) -> tuple[Placed, ...]:
        parts, mark = variants[rank]
        out = [Placed(img, spot, parts, mark is not None)]
        if portal and len(parts) == 1:  # the threshold alone: the production on a chip
            prod = (production_part(value, active),)
            chip = badge_image(prod, max(BADGE_MIN_PX, img.get_height() - 1), portal, active)
            extra = place(chip.get_size(), radius, [*hard, tuple(spot.inflate(2, 2))], soft,  # type: ignore[list-item]
                          (spot.centerx, spot.centery + spot.height * 1.5), False, touch)
            if extra is not None:
                out.append(Placed(chip, extra[1], prod))
        return tuple(out)

    # clear of the ships: the biggest digits that say everything (with the production's chip),
    # else the biggest that fit
    first: tuple[Placed, ...] = ()
    for px in _sizes(radius):
        for rank, (parts, mark) in enumerate(variants):
            hard, soft = covers(radius, ships, portal and owner is not None and mark is None)
            img = badge_image(parts, px, portal, active, mark)
            found = place(img.get_size(), radius, hard, soft, prefer, False, touch)
            if found is None:
                continue
            result = finish(rank, img, found[1], hard, soft)
            if sum(len(b.parts) for b in result) == len(labels[0]):
                return result
            first = first or result
    if first:
        return first
    # a small or crowded hex: the badge that covers the least of the ships (a short number is
    # searched for pixel by pixel at the end: the gaps left are only a few pixels wide; a
    # portal's threshold is too long for them, and the search costs)
    for crowded, fine in ((False, False), (True, False), (True, True))[:None if not portal else 2]:
        best: tuple[float, int, pygame.Surface, pygame.Rect, list[RectT], list[Circle]] | None = None
        for rank, (parts, mark) in enumerate(variants):
            hard, soft = covers(radius, ships, portal and owner is not None and mark is None, crowded)
            img = badge_image(parts, BADGE_MIN_PX, portal, active, mark)
            found = place(img.get_size(), radius, hard, soft, prefer, True, touch, fine)
            if found is not None and (best is None or (found[0], rank) < best[:2]):
                best = (found[0], rank, img, found[1], hard, soft)
        if best is not None:
            return finish(*best[1:])
    return ()


def has_badge(t: Mapping[str, Any] | None) -> bool:
    """Whether tile `t` (a view entry) has a number to show on a badge under ships (then two
    ships on it leave the badge the middle row: `stack_layout(gap=True)`)."""
    if t is None:
        return False
    th = t.get("threshold")
    return bool(badge_labels(str(t["kind"]), int(t.get("value") or 0), None if th is None else int(th),
                             bool(t.get("active", True))))


def draw_tile_badge(surface: pygame.Surface, t: Mapping[str, Any], centre: Point, radius: int,
                    ships: Sequence[Cargo]) -> list[pygame.Rect]:
    """The key numbers of tile `t` (a view entry, hex centre at `centre`) under `ships` (in
    stack order); returns the areas drawn (none when the tile has nothing to say)."""
    th = t.get("threshold")
    badges = layout(str(t["kind"]), int(t.get("value") or 0), None if th is None else int(th),
                    bool(t.get("active", True)), None if t.get("owner") is None else int(t["owner"]), radius,
                    tuple(ships))
    return [surface.blit(b.image, b.rect.move(round(centre[0]), round(centre[1]))) for b in badges]


def _rect_tuple(rect: pygame.Rect) -> RectT:
    """A rect as the (x, y, w, h) tuple the placement keeps."""
    return (rect.x, rect.y, rect.w, rect.h)
