"""Entropy Rally board art: hex tiles, ships, lasers and waves, the predicted-path overlay.

Pure drawing from plain data (the fields of `docs/rally-contract.md`'s view:
tile kind/value/threshold/owner/active, a ship's owner/direction/energy/titanium,
a token's kind/direction/owner), never engine objects. Everything is drawn
supersampled and cached per size, so a frame only blits. Card faces are in
`cards.py`, the entropy bar in `bar.py`, the pictograms they all
share in `icons.py`; hex outlines, glows and hover in `scenes/sprites/hex.py`.

Sizes are given by the hex radius (centre to corner, as in `game.core.hexgrid`);
the art is designed to read at 34 px (1280x720 with ~40 tiles) and up to 60+ px.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.core.hexgrid import Hex, direction_angle, hex_to_pixel
from scenes.resources import asset_path
from scenes.sprites.blur import soft_blur
from scenes.sprites.card import mix, shade
from scenes.sprites.counter import draw_symbol
from scenes.sprites.hex import (
    SS,
    blank,
    blit_centred,
    canvas_size,
    downscale,
    glow_layer,
    hex_corners,
)
from scenes.views.rally import icons

Colour = tuple[int, int, int]
Point = tuple[float, float]

TILE_KINDS: tuple[str, ...] = ("space", "titanium", "energy", "portal", "tidy")
MINUS = "\u2212"


# --- players ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerLook:
    """A seat's colour (from the Okabe-Ito colour-blind-safe set, brightened for a dark table) and shape."""

    name: str
    colour: Colour
    symbol: str


PLAYERS: tuple[PlayerLook, ...] = (
    PlayerLook("Blue", (86, 180, 233), "circle"),
    PlayerLook("Orange", (236, 150, 20), "triangle"),
    PlayerLook("Green", (30, 186, 140), "square"),
    PlayerLook("Pink", (222, 132, 184), "diamond"),
)
NEUTRAL: Colour = (150, 156, 172)


def player_look(owner: int | None) -> PlayerLook:
    """The look of seat `owner` (a grey neutral for None or an unknown seat)."""
    if owner is None or not 0 <= owner < len(PLAYERS):
        return PlayerLook("Neutral", NEUTRAL, "ring")
    return PLAYERS[owner]


def player_colour(owner: int | None) -> Colour:
    return player_look(owner).colour


# --- text --------------------------------------------------------------------------------------------
_FONT_FILES = {"regular": "body-regular.ttf", "bold": "body-bold.ttf", "display": "display.ttf"}


_fonts: dict[tuple[int, str], pygame.font.Font] = {}


def font(px: int, kind: str = "bold") -> pygame.font.Font:
    """The app's fonts by pixel size (pygame's default font if a file is missing).

    Cached, but a font made before `pygame.quit()` is dead afterwards (tests and a
    restarted app re-init pygame), so a dead cache is dropped and rebuilt."""
    key = (max(6, px), kind)
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:
            _fonts.clear()
            f = None
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = asset_path("fonts", _FONT_FILES.get(kind, _FONT_FILES["bold"]))
        f = pygame.font.Font(str(path) if path.exists() else None, key[0])
        _fonts[key] = f
    return f


def signed(n: int) -> str:
    """`+20`, `−30` (a true minus sign), `0`."""
    if n > 0:
        return f"+{n}"
    return f"{MINUS}{-n}" if n < 0 else "0"


def outlined(text: str, px: int, rgb: Colour, kind: str = "bold", edge: Colour = icons.INK_DARK) -> pygame.Surface:
    """Text with a dark 1-px outline all round, so it reads on any tile."""
    f = font(px, kind)
    core = f.render(text, True, rgb)
    dark = f.render(text, True, edge)
    o = max(1, px // 12)
    out = pygame.Surface((core.get_width() + 2 * o, core.get_height() + 2 * o), pygame.SRCALPHA)
    for dx in (-o, 0, o):
        for dy in (-o, 0, o):
            if dx or dy:
                out.blit(dark, (o + dx, o + dy))
    out.blit(core, (o, o))
    return out


def _text_px(radius: int, frac: float, floor: int = 10) -> int:
    return max(floor, round(radius * frac))


# --- tiles -------------------------------------------------------------------------------------------
_TILE_TONES: dict[str, tuple[Colour, Colour]] = {
    # (centre, edge) of each kind's radial shading
    "space": ((30, 36, 64), (10, 12, 24)),
    "titanium": ((78, 92, 118), (28, 34, 48)),
    "energy": ((96, 74, 30), (36, 26, 10)),
    "portal": ((74, 42, 110), (24, 12, 40)),
    "tidy": ((32, 90, 76), (10, 34, 30)),
}


def _tile_body(kind: str, radius: int, dim: bool) -> pygame.Surface:
    """The shaded, bevelled hex of one tile kind (SS scale)."""
    s = blank(radius)
    c = s.get_width() / 2
    R = radius * SS * 0.955
    centre_col, edge_col = _TILE_TONES.get(kind, _TILE_TONES["space"])
    if dim:
        grey = (52, 50, 60)
        centre_col, edge_col = mix(centre_col, grey, 0.7), mix(edge_col, (18, 18, 22), 0.6)
    steps = 12
    for i in range(steps):
        t = i / (steps - 1)
        pygame.draw.polygon(s, mix(edge_col, centre_col, t), hex_corners(c, c - R * 0.06 * t, R * (1 - 0.62 * t)))
    pts = hex_corners(c, c, R)
    lw = max(SS, int(R * 0.05))
    lit = shade(centre_col, 1.9)
    for a, b, col in ((3, 4, lit), (4, 5, lit), (5, 0, mix(lit, centre_col, 0.4)),
                      (0, 1, shade(edge_col, 0.5)), (1, 2, shade(edge_col, 0.45)), (2, 3, shade(edge_col, 0.55))):
        pygame.draw.line(s, col, pts[a], pts[b], lw)
    return s


def _stars(s: pygame.Surface, radius: int, variant: int, dim: bool = False) -> None:
    """A seeded sprinkle of stars (and sometimes a faint nebula) clipped to the hex (SS scale)."""
    c = s.get_width() / 2
    R = radius * SS * 0.9
    rng = random.Random(7919 * (variant % 8) + 17)
    layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    if variant % 3 == 1:
        nx, ny = c + rng.uniform(-0.35, 0.35) * R, c + rng.uniform(-0.35, 0.35) * R
        hue = rng.choice(((110, 70, 170), (50, 110, 170), (150, 60, 110)))
        neb = glow_layer(s.get_size(), hue)
        pygame.draw.circle(neb, (*hue, 60), (nx, ny), R * 0.5)
        layer.blit(soft_blur(neb, max(2, int(R * 0.3))), (0, 0))
    count = 9 + variant % 4
    for _ in range(count):
        a = rng.uniform(0, 2 * math.pi)
        d = math.sqrt(rng.uniform(0, 1)) * R * 0.82
        x, y = c + math.cos(a) * d, c + math.sin(a) * d
        big = rng.random() < 0.2
        b = rng.randint(150, 255) if not dim else 110
        pygame.draw.circle(layer, (b, b, min(255, b + 20), 255), (x, y), SS * (1.1 if big else 0.6) * max(1.0, radius / 34))
        if big:
            arm = SS * 2.4 * max(1.0, radius / 34)
            pygame.draw.line(layer, (b, b, 255, 150), (x - arm, y), (x + arm, y), max(1, SS // 2))
            pygame.draw.line(layer, (b, b, 255, 150), (x, y - arm), (x, y + arm), max(1, SS // 2))
    s.blit(layer, (0, 0))


@lru_cache(maxsize=1024)
def tile(kind: str, radius: int, value: int = 0, threshold: int | None = None, owner: int | None = None,
         active: bool = True, variant: int = 0, labels: bool = True) -> pygame.Surface:
    """One map tile, `canvas_size(radius)` square with the hex centred (blit with `blit_centred`).

    `value` is the titanium/energy on the tile, a portal's production per era or
    the entropy a tidy tile removes; `variant` (any int, e.g. from the hex
    coordinates) varies the starfield so neighbouring space tiles differ;
    `labels=False` leaves the numbers off (tiny previews such as the menu picture).
    """
    dim = kind == "portal" and not active
    s = _tile_body(kind, radius, dim)
    c = s.get_width() / 2
    R = radius * SS
    _stars(s, radius, variant if kind == "space" else variant + 3, dim=kind != "space")
    if kind == "titanium":
        icons.crystals(s, (c, c - R * 0.2), R * 0.62, icons.TITANIUM if value else shade(icons.TITANIUM, 0.45))
    elif kind == "energy":
        glow = glow_layer(s.get_size(), icons.ENERGY)
        if value:
            pygame.draw.circle(glow, (*icons.ENERGY, 90), (c, c - R * 0.2), R * 0.34)
            s.blit(soft_blur(glow, max(2, int(R * 0.12))), (0, 0))
        icons.bolt(s, (c, c - R * 0.2), R * 0.66, icons.ENERGY if value else shade(icons.ENERGY, 0.4))
    elif kind == "tidy":
        icons.tidy_grid(s, (c, c - R * 0.2), R * 0.54, icons.TIDY)
    elif kind == "portal":
        _portal_art(s, R, owner, active)
    out = downscale(s, radius)
    if labels:
        _tile_text(out, kind, radius, value, threshold, active)
    return out


def _portal_art(s: pygame.Surface, R: float, owner: int | None, active: bool) -> None:
    c = s.get_width() / 2
    if active:
        glow = glow_layer(s.get_size(), icons.PORTAL)
        pygame.draw.circle(glow, (*icons.PORTAL, 110), (c, c - R * 0.05), R * 0.5)
        s.blit(soft_blur(glow, max(2, int(R * 0.16))), (0, 0))
    # drawn on a layer and blitted: pygame.draw would write its alpha straight into the tile
    layer = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    ink = (*mix(icons.PORTAL, (255, 255, 255), 0.15), 210) if active else (110, 106, 122, 170)
    icons.swirl(layer, (c, c - R * 0.05), R * 1.0, ink, width=0.07)
    s.blit(layer, (0, 0))
    if not active:
        hatch = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        step = max(4, int(R * 0.16))
        for k in range(-s.get_width(), s.get_width(), step):
            pygame.draw.line(hatch, (0, 0, 0, 70), (k, 0), (k + s.get_width(), s.get_width()), max(1, SS))
        mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), hex_corners(c, c, R * 0.93))
        hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(hatch, (0, 0))
    if owner is not None:
        look = player_look(owner)
        col = look.colour if active else mix(look.colour, (90, 90, 100), 0.5)
        pygame.draw.polygon(s, icons.INK_DARK, hex_corners(c, c, R * 0.86), width=max(SS, int(R * 0.15)))
        pygame.draw.polygon(s, col, hex_corners(c, c, R * 0.855), width=max(SS, int(R * 0.1)))
        # the owner's shape at the top corner, for colour-blind players
        pygame.draw.circle(s, icons.INK_DARK, (c, c - R * 0.8), R * 0.17)
        pygame.draw.circle(s, col, (c, c - R * 0.8), R * 0.17, width=max(1, int(R * 0.035)))
        draw_symbol(s, look.symbol, (c, c - R * 0.8), R * 0.1, col)


def _tile_text(out: pygame.Surface, kind: str, radius: int, value: int, threshold: int | None, active: bool) -> None:
    """Numbers at final size (crisper than supersampled text)."""
    c = out.get_width() / 2
    if kind in ("titanium", "energy") and value:
        img = outlined(str(value), _text_px(radius, 0.5, 12), (250, 248, 240))
        blit_centred(out, img, (c, c + radius * 0.42))
    elif kind == "tidy":
        img = outlined(signed(-abs(value)), _text_px(radius, 0.42, 11), icons.TIDY)
        blit_centred(out, img, (c, c + radius * 0.42))
    elif kind == "portal":
        ink = (250, 246, 236) if active else (150, 148, 160)
        prod = outlined(f"+{value}", _text_px(radius, 0.4, 11), mix(icons.ENERGY, ink, 0.3) if active else ink)
        bolt_w = max(6, int(radius * 0.26))
        total = prod.get_width() + bolt_w
        x0 = c - total / 2
        y = c - radius * 0.24
        bolt_layer = pygame.Surface((bolt_w * 4, bolt_w * 6), pygame.SRCALPHA)
        icons.bolt(bolt_layer, (bolt_w * 2, bolt_w * 3), bolt_w * 5, icons.ENERGY if active else (130, 128, 140))
        bolt_img = pygame.transform.smoothscale(bolt_layer, (bolt_w, int(bolt_w * 1.5)))
        out.blit(bolt_img, bolt_img.get_rect(midleft=(round(x0), round(y))))
        out.blit(prod, prod.get_rect(midleft=(round(x0 + bolt_w), round(y))))
        if threshold is not None:
            label = f"\u2264{signed(threshold)}"
            px = _text_px(radius, 0.33, 11)
            txt = font(px, "bold").render(label, True, (255, 255, 255) if active else (255, 140, 120))
            pill = pygame.Rect(0, 0, txt.get_width() + px // 2 + 2, txt.get_height())
            pill.center = (round(c), round(c + radius * 0.45))
            pygame.draw.rect(out, (12, 10, 22), pill, border_radius=pill.height // 2)
            pygame.draw.rect(out, (*(icons.PORTAL if active else (120, 70, 70)), 255), pill, width=1,
                             border_radius=pill.height // 2)
            out.blit(txt, txt.get_rect(center=pill.center))
        if not active:
            off = font(max(8, int(radius * 0.24)), "bold").render("OFFLINE", True, (255, 140, 120))
            chip = off.get_rect(center=(round(c), round(c + radius * 0.05)))
            pygame.draw.rect(out, (20, 10, 14), chip.inflate(4, 0), border_radius=3)
            out.blit(off, chip)


def tile_text_rects(kind: str, radius: int, value: int = 0, threshold: int | None = None,
                    active: bool = True) -> list[pygame.Rect]:
    """Where `_tile_text` writes a tile's numbers, relative to the hex centre (a little padded),
    so that what floats over the map (the chaos phase's labels) can keep clear of them."""
    return [pygame.Rect(r) for r in _tile_text_boxes(kind, radius, value, threshold, active)]


@lru_cache(maxsize=1024)
def _tile_text_boxes(kind: str, radius: int, value: int, threshold: int | None,
                     active: bool) -> tuple[tuple[int, int, int, int], ...]:
    """`tile_text_rects` as plain tuples, cached (measuring renders the numbers)."""
    out: list[pygame.Rect] = []

    def box(w: int, h: int, cx: float, cy: float) -> None:
        out.append(pygame.Rect(0, 0, w + 4, h + 2).move(round(cx - (w + 4) / 2), round(cy - (h + 2) / 2)))

    if kind in ("titanium", "energy") and value:
        img = outlined(str(value), _text_px(radius, 0.5, 12), (250, 248, 240))
        box(img.get_width(), img.get_height(), 0, radius * 0.42)
    elif kind == "tidy":
        img = outlined(signed(-abs(value)), _text_px(radius, 0.42, 11), icons.TIDY)
        box(img.get_width(), img.get_height(), 0, radius * 0.42)
    elif kind == "portal":
        prod = outlined(f"+{value}", _text_px(radius, 0.4, 11), (250, 246, 236))
        bolt_w = max(6, int(radius * 0.26))
        box(prod.get_width() + bolt_w, max(prod.get_height(), int(bolt_w * 1.5)), 0, -radius * 0.24)
        if threshold is not None:
            px = _text_px(radius, 0.33, 11)
            txt = font(px, "bold").render(f"\u2264{signed(threshold)}", True, (255, 255, 255))
            box(txt.get_width() + px // 2 + 2, txt.get_height(), 0, radius * 0.45)
        if not active:
            off = font(max(8, int(radius * 0.24)), "bold").render("OFFLINE", True, (255, 140, 120))
            box(off.get_width() + 4, off.get_height(), 0, radius * 0.05)
    return tuple((r.x, r.y, r.w, r.h) for r in out)


def tile_variant(q: int, r: int) -> int:
    """A stable starfield variant for a hex, so space tiles don't all look alike."""
    return (q * 7 + r * 13) % 8


ENERGY_INK: Colour = (255, 226, 120)
TITANIUM_INK: Colour = (176, 214, 255)
"""Cargo numbers' colours: energy yellow (the bolt's), titanium ice blue (the crystals')."""


# --- ships ---------------------------------------------------------------------------------------------
SHIP_LENGTH = 1.45
"""A lone ship's nose-to-tail length in hex radii: most of the hex's width (1.73 radii), so a ship
reads at a glance on the smallest map (it was 1.22, a small dart on the tile; issue 17)."""


def ship_length(radius: int, scale: float = 1.0) -> int:
    """Nose-to-tail length of a ship on a hex of `radius` (scale < 1 when ships share a hex)."""
    return max(12, round(radius * SHIP_LENGTH * scale))


@lru_cache(maxsize=64)
def _ship_base(owner: int, length: int, ghost: bool) -> pygame.Surface:
    """The hull pointing east, with its centre at the canvas centre (final size)."""
    side = int(length * 1.36) + 4
    S = side * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    L = length * SS
    col = player_colour(owner)
    hull = icons.place(icons.ship_hull(L), (c, c))
    if not ghost:
        # shadow, engine flame, then the hull
        sh = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.polygon(sh, (0, 0, 0, 150), icons.place(icons.ship_hull(L), (c + L * 0.04, c + L * 0.07)))
        s.blit(soft_blur(sh, max(2, int(L * 0.05))), (0, 0))
        flame = [(-0.4 * L, -0.08 * L), (-0.66 * L, 0.0), (-0.4 * L, 0.08 * L)]
        pygame.draw.polygon(s, (255, 170, 60), icons.place(flame, (c, c)))
        core = [(-0.4 * L, -0.04 * L), (-0.55 * L, 0.0), (-0.4 * L, 0.04 * L)]
        pygame.draw.polygon(s, (255, 244, 200), icons.place(core, (c, c)))
        pygame.draw.polygon(s, shade(col, 0.55), hull)
        pygame.draw.polygon(s, col, icons.place(icons.ship_hull(L * 0.86), (c - L * 0.02, c - L * 0.015)))
        pygame.draw.polygon(s, icons.INK_DARK, hull, width=max(SS, int(L * 0.035)))
        # the heading: a light arrow head on the front half, clear of the seat's mark at the tail
        head = [(0.5 * L, 0.0), (0.12 * L, -0.115 * L), (0.2 * L, 0.0), (0.12 * L, 0.115 * L)]
        pygame.draw.polygon(s, (250, 248, 238), icons.place(head, (c, c)))
        pygame.draw.polygon(s, icons.INK_DARK, icons.place(head, (c, c)), width=max(SS, int(L * 0.02)))
    else:
        pygame.draw.polygon(s, (*col, 90), hull)
        pygame.draw.polygon(s, (*mix(col, (255, 255, 255), 0.5), 220), hull, width=max(SS, int(L * 0.045)))
    out = pygame.transform.smoothscale(s, (side, side))
    return out.convert_alpha() if pygame.display.get_surface() else out


MARK_AT = -0.17
"""Where a ship's seat mark sits along the hull (lengths from the centre; negative: towards the
tail), so the front half and its heading arrow stay clear (the mark used to sit near the nose)."""
MARK_SIZE = 0.3
"""The seat mark's size in ship lengths (the disc is half of it across; the whole badge, it)."""


def _ship_badge(owner: int, length: int, ghost: bool) -> pygame.Surface:
    """The upright seat marker placed on the rear half of the hull."""
    return seat_badge(owner, max(8, round(length * MARK_SIZE)), ghost)


def mark_centre(centre: Point, length: int, angle: float) -> Point:
    """Where the seat mark of a ship `length` long at `centre`, heading `angle`, is drawn."""
    a = math.radians(angle)
    return (centre[0] + math.cos(a) * length * MARK_AT, centre[1] + math.sin(a) * length * MARK_AT)


@lru_cache(maxsize=64)
def seat_badge(owner: int | None, d: int, ghost: bool = False, bright: bool = False) -> pygame.Surface:
    """A seat's upright marker, `2 * d` pixels across: a dark disc with the seat's shape in its
    colour, so ships, lasers and waves say whose they are by shape as well as by colour
    (`bright`: the shape nearly white inside a ring of the colour, for small tokens)."""
    S = d * SS * 2
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    look = player_look(owner)
    r = d * SS * 0.5
    pygame.draw.circle(s, (*icons.INK_DARK, 120 if ghost else 235), (c, c), r)
    ink = mix(look.colour, (255, 255, 255), 0.8 if bright else 0.35)
    if bright:
        pygame.draw.circle(s, look.colour, (c, c), r, width=max(SS, round(r * 0.16)))
    draw_symbol(s, look.symbol, (c, c), r * (0.62 if bright else 0.58), (*ink, 160 if ghost else 255))
    return pygame.transform.smoothscale(s, (d * 2, d * 2))


def ship_sprite(owner: int, length: int, angle: float = 0.0, ghost: bool = False) -> pygame.Surface:
    """A ship of seat `owner` pointing at screen `angle` degrees (0 = east, clockwise; see
    `hexgrid.direction_angle`), centred on its canvas. Angles are cached per whole degree,
    so an animated turn reuses sprites. `ghost` = translucent outline for previews."""
    return _ship_sprite(owner, length, round(angle) % 360, ghost)


@lru_cache(maxsize=2048)
def _ship_sprite(owner: int, length: int, deg: int, ghost: bool) -> pygame.Surface:
    rot = pygame.transform.rotozoom(_ship_base(owner, length, ghost), -deg, 1.0)
    mark = _ship_badge(owner, length, ghost)
    # the marker sits on the rear half, so the heading arrow at the nose stays clear (issue 17)
    blit_centred(rot, mark, mark_centre((rot.get_width() / 2, rot.get_height() / 2), length, deg))
    return rot


TITANIUM_DIGITS = (160, 206, 255)
"""The titanium amount's colour: blue beside the energy's gold, so the two amounts read apart."""


def part_gap(px: int) -> int:
    """The room between the energy and the titanium amounts of a cargo pill `px` tall: wide
    enough that the two numbers never read as one ("102 1" was read as "1021" at a small zoom)."""
    return max(5, round(px * 0.6))


@lru_cache(maxsize=1024)
def cargo_pill(energy: int | None, titanium: int | None, px: int) -> pygame.Surface:
    """One small dark pill `px` tall: an energy bolt and number, then titanium crystals and number."""
    parts: list[tuple[str, pygame.Surface]] = []
    f = font(max(8, round(px * 0.86)), "bold")
    if energy is not None:
        parts.append(("energy", f.render(str(energy), True, (255, 236, 170))))
    if titanium is not None:
        parts.append(("titanium", f.render(str(titanium), True, TITANIUM_DIGITS)))
    icon_w = round(px * 0.62)
    pad = max(2, round(px * 0.22))
    w = pad * 2 + sum(icon_w + img.get_width() for _, img in parts) + part_gap(px) * (len(parts) - 1)
    s = pygame.Surface((w * SS, px * SS), pygame.SRCALPHA)
    pygame.draw.rect(s, (10, 12, 22, 235), s.get_rect(), border_radius=px * SS // 2)
    pygame.draw.rect(s, (120, 126, 150, 255), s.get_rect(), width=max(1, SS), border_radius=px * SS // 2)
    x = pad
    spots: list[tuple[int, pygame.Surface]] = []
    for kind, img in parts:
        ic = ((x + icon_w / 2) * SS, px * SS / 2)
        if kind == "energy":
            icons.bolt(s, ic, px * SS * 0.74, icons.ENERGY)
        else:
            icons.crystals(s, (ic[0], ic[1] + px * SS * 0.04), px * SS * 0.66, icons.TITANIUM)
        spots.append((x + icon_w, img))
        x += icon_w + img.get_width() + part_gap(px)
    out = pygame.transform.smoothscale(s, (w, px))
    for x0, img in spots:
        out.blit(img, img.get_rect(midleft=(x0, px // 2)))
    return out


STACK_X = -0.55
"""Where the column of three or four ships sharing a hex stands (hex radii from the centre, leftwards)."""
PAIR_X = -0.45
"""Where two ships sharing a hex stand (hex radii leftwards): nearer the middle than a column of
three, as they are drawn larger (`PAIR_SCALE`)."""
PAIR_SCALE = 0.56
"""Two ships on one hex, each this share of a lone ship's length: about 0.8 of a radius, so
both bodies and their headings read (they were half a lone ship's 1.22 radii; issue 17)."""


def stack_layout(count: int, radius: int, gap: bool = False) -> tuple[list[Point], float]:
    """Offsets from the hex centre and a size factor for `count` ships sharing a hex.

    Shared hexes put the ships in a column on the left half, so each ship's cargo
    pill (and fleet number) can sit to its right (see `stack_pill`); two ships stand a
    ship's length apart at the top and bottom of the hex's wide band, three or more spread
    over the hex's straight sides (within half a radius of the centre), where it is widest.
    `gap`: two ships on a tile with a number to show (`badge`) stand further apart,
    leaving the middle, the widest row of the hex, to the tile's badge."""
    if count <= 1:
        return [(0.0, 0.0)], 1.0
    if count == 2:
        dy = 0.53 if gap else 0.45
        scale = PAIR_SCALE * (0.9 if gap else 1.0)
        return [(radius * PAIR_X, -radius * dy), (radius * PAIR_X, radius * dy)], scale
    step = 1.0 / (count - 1)
    return ([(radius * STACK_X, radius * (-0.5 + i * step)) for i in range(count)],
            min(0.46, step * 0.9) * 1.22 / SHIP_LENGTH)


PILL_FONT_MIN = 9
"""Crowded cargo digits never get smaller than this (7-8 px type did not read on 22 px hexes):
a pill too wide for its room at this size drops its titanium number instead (the tooltip has it)."""


def stack_pill_px(count: int, radius: int) -> int:
    """Height of each cargo pill in a stack of `count` ships: as tall as one alone, but never
    taller than the gap between two ships (so the pills never overlap; they may touch)."""
    px = max(12, round(radius * 0.32))
    if count >= 3:
        px = min(px, int(radius * 1.0 / (count - 1)))
    return max(7, px)


def stack_pill(energy: int, titanium: int, count: int, radius: int, less: int = 0) -> pygame.Surface:
    """The cargo pill of one of `count` ships sharing a hex, narrow enough to stay on the hex:
    the usual pill (icons and numbers) where it fits beside the column, otherwise only the
    numbers in their colours (`compact_pill`, a titanium number only when the ship carries
    some), in digits of at least `PILL_FONT_MIN` px where the rows leave room for them; a
    pill still too wide keeps just its energy (the tooltip spells both out). `less`: pixels of
    the room taken by something before the pill (a fleet number, `numbered_pill`)."""
    px = stack_pill_px(count, radius)
    room = stack_pill_room(count, radius) - less
    if px >= 12 and cargo_pill(188, 88, px).get_width() <= room:  # one style per stack: the widest fits
        return cargo_pill(energy, titanium, px)
    return compact_to_fit(energy, titanium, px, room)


def compact_to_fit(energy: int, titanium: int, px: int, room: int) -> pygame.Surface:
    """The numbers-only pill (`compact_pill`) at the largest size up to `px` no wider than `room`,
    digits no smaller than `PILL_FONT_MIN`; without its titanium number when only that fits."""
    floor = min(px, PILL_FONT_MIN + 1)
    for cargo in ((energy, titanium), (energy, 0)):
        size = px
        while size > floor and compact_pill(*cargo, size).get_width() > room:
            size -= 1
        if compact_pill(*cargo, size).get_width() <= room:
            return compact_pill(*cargo, size)
    return compact_pill(energy, 0, floor)


def lone_pill(energy: int | None, titanium: int | None, radius: int) -> pygame.Surface:
    """The cargo pill under a ship alone on its hex: the usual one (icons and numbers) where it is
    no wider than the hex, else the numbers alone, fitted to the hex's width (play-test at
    1024x640: on small hexes the usual pill spread over the next hexes and covered their ships)."""
    px = max(13, round(radius * 0.38))
    pill = cargo_pill(energy, titanium, px)
    room = int(radius * math.sqrt(3))
    if pill.get_width() <= room or energy is None:
        return pill
    return compact_to_fit(energy, titanium or 0, px, room)


CROWD_RADIUS = 40
"""Below this hex radius three or four ships on a hex have no room for a cargo pill each (their
digits fell to 7-8 px) nor leave room for a portal's badge: the hex is `crowded`."""
CROWD_PX = 12
"""Digit size of a crowded hex's "×N" chip (readable on the smallest, 22 px, map)."""


def crowded(count: int, radius: int) -> bool:
    """Whether `count` ships on a hex of `radius` show one "×N" chip instead of a cargo pill
    each (the tooltip of any of them lists every ship there with its cargo)."""
    return count >= 3 and radius < CROWD_RADIUS


@lru_cache(maxsize=32)
def crowd_chip(count: int, px: int) -> pygame.Surface:
    """A dark pill with "×N" in brass: N ships share this hex (their cargo is in the tooltip)."""
    img = font(px, "bold").render(f"\u00d7{count}", True, (244, 214, 140))
    pad = max(2, px // 4)
    h = img.get_height() + 1
    pill = pygame.Surface((img.get_width() + 2 * pad, h), pygame.SRCALPHA)
    pygame.draw.rect(pill, (12, 10, 22, 240), pill.get_rect(), border_radius=h // 2)
    pygame.draw.rect(pill, (214, 172, 96, 255), pill.get_rect(), width=1, border_radius=h // 2)
    pill.blit(img, img.get_rect(center=(pill.get_width() // 2, h // 2 + 1)))
    return pill


def _in_hex(rect: pygame.Rect, radius: float) -> bool:
    """Every corner of `rect` (relative to the hex centre) inside the pointy-top hex."""
    for x, y in ((rect.left, rect.top), (rect.right, rect.top), (rect.left, rect.bottom), (rect.right, rect.bottom)):
        if abs(x) > radius * math.sqrt(3) / 2 or abs(y) > radius - abs(x) / math.sqrt(3):
            return False
    return True


def crowd_chip_spot(count: int, radius: int) -> pygame.Rect:
    """Where a crowded hex's chip goes, relative to the hex centre: right of the column of ships,
    as low as it stays inside the hex (the upper right is left to the tile's badge)."""
    chip = crowd_chip(count, CROWD_PX).get_rect()
    left = round(stack_pill_left(count, radius))
    for y in range(round(radius * 0.7), -radius, -1):
        spot = chip.move(left, y - chip.height)
        if _in_hex(spot, radius):
            return spot
    return chip.move(left, -chip.height // 2)


def draw_crowd_chip(surface: pygame.Surface, centre: Point, radius: int, count: int) -> pygame.Rect | None:
    """The "×N" chip of a crowded hex whose centre is at `centre` (nothing on other hexes)."""
    if not crowded(count, radius):
        return None
    return surface.blit(crowd_chip(count, CROWD_PX), crowd_chip_spot(count, radius).move(round(centre[0]),
                                                                                         round(centre[1])))


def stack_pill_left(count: int, radius: int) -> float:
    """x of the pills' left edge in a stack, from the hex centre (just right of the ships)."""
    offsets, scale = stack_layout(count, radius)
    return offsets[0][0] + ship_length(radius, scale) * 0.5 + 1


def stack_pill_room(count: int, radius: int) -> int:
    """How wide a stacked ship's pill may be: to the hex's straight side, plus a sliver of the
    gap beyond it (a neighbour's ships stand back from their own hex's edge)."""
    return int(radius * (math.sqrt(3) / 2 + 0.15) - stack_pill_left(count, radius))


@lru_cache(maxsize=1024)
def compact_pill(energy: int, titanium: int, px: int) -> pygame.Surface:
    """A narrow pill `px` tall for crowded hexes: the energy number (yellow, the bolt's colour)
    and, when the ship carries any, the titanium number (ice blue, the crystals' colour) after a
    thin bar; the digits are as tall as the pill allows (about 0.9 of it)."""
    f = font(max(7, round(px * 0.9)), "bold")
    e = f.render(str(energy), True, ENERGY_INK)
    t = f.render(str(titanium), True, TITANIUM_INK) if titanium else None
    pad = max(2, round(px * 0.18))
    gap = 2
    w = pad * 2 + e.get_width() + (gap + t.get_width() if t is not None else 0)
    s = pygame.Surface((w * SS, px * SS), pygame.SRCALPHA)
    pygame.draw.rect(s, (10, 12, 22, 240), s.get_rect(), border_radius=px * SS // 2)
    pygame.draw.rect(s, (120, 126, 150, 255), s.get_rect(), width=max(1, SS), border_radius=px * SS // 2)
    if t is not None:
        bar_x = (pad + e.get_width() + gap / 2) * SS
        pygame.draw.line(s, (120, 126, 150, 255), (bar_x, px * SS * 0.22), (bar_x, px * SS * 0.78), max(1, SS))
    out = pygame.transform.smoothscale(s, (w, px))
    out.blit(e, e.get_rect(midleft=(pad, px // 2)))
    if t is not None:
        out.blit(t, t.get_rect(midleft=(pad + e.get_width() + gap, px // 2)))
    return out


@lru_cache(maxsize=64)
def program_badge(count: int, px: int) -> pygame.Surface:
    """The number of cards programmed on a ship (`px` tall): a little stack of two cards, the
    front one brass with the count in dark ink. The fleet number is a dark round tag with a
    light number (`fleet_tag`); the two read alike as small dark squares (play-test)."""
    w = round(px * 0.74)
    off = max(2, round(px * 0.16))
    S = SS
    s = pygame.Surface(((w + off) * S, (px + off) * S), pygame.SRCALPHA)
    radius = max(2, px * S // 7)
    back = pygame.Rect(off * S, 0, w * S, px * S)
    front = pygame.Rect(0, off * S, w * S, px * S)
    pygame.draw.rect(s, icons.INK_DARK, back, border_radius=radius)
    pygame.draw.rect(s, (150, 118, 66), back.inflate(-S * 2, -S * 2), border_radius=radius)
    pygame.draw.rect(s, icons.INK_DARK, front, border_radius=radius)
    pygame.draw.rect(s, (226, 190, 116), front.inflate(-S * 2, -S * 2), border_radius=radius)
    out = pygame.transform.smoothscale(s, (w + off, px + off))
    txt = font(max(8, round(px * 0.72)), "bold").render(str(count), True, icons.INK_DARK)
    out.blit(txt, txt.get_rect(center=(w // 2, off + px // 2 + 1)))
    return out


@lru_cache(maxsize=256)
def fleet_tag(number: int, owner: int, px: int) -> pygame.Surface:
    """A ship's number in its owner's fleet on the map (`px` across): a round tag ringed in the
    owner's colour, so "ship 2" of the log and the dock can be found at a glance (issue 17)."""
    S = px * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(s, (*icons.INK_DARK, 240), (S / 2, S / 2), S / 2)
    pygame.draw.circle(s, player_colour(owner), (S / 2, S / 2), S / 2, width=max(SS, S // 9))
    out = pygame.transform.smoothscale(s, (px, px))
    txt = font(max(8, round(px * 0.72)), "bold").render(str(number), True, (250, 246, 236))
    out.blit(txt, txt.get_rect(center=(px // 2, px // 2 + 1)))
    return out


def fleet_tag_spot(centre: Point, radius: int, angle: float, number: int, owner: int,
                   scale: float = 1.0) -> tuple[pygame.Surface, pygame.Rect]:
    """The fleet number of a ship at `centre` heading `angle` and where it goes: just behind its
    tail, so it covers neither the nose (the heading) nor the seat's mark in the middle."""
    length = ship_length(radius, scale)
    tag = fleet_tag(number, owner, max(11, round(radius * 0.36 * max(scale, 0.75))))
    a = math.radians(angle)
    at = (centre[0] - math.cos(a) * length * TAG_AT, centre[1] - math.sin(a) * length * TAG_AT)
    return tag, tag.get_rect(center=(round(at[0]), round(at[1])))


TAG_AT = 0.52
"""How far behind a ship's centre its fleet number stands (ship lengths): past the seat mark."""


def program_spot(centre: Point, radius: int, program_count: int, scale: float = 1.0,
                 stack: int = 1) -> tuple[pygame.Surface, pygame.Rect] | None:
    """The programmed-cards badge of a ship at `centre` and where it goes (its upper right), or
    None: no cards, or a crowded hex where it would be bigger than the ship."""
    length = ship_length(radius, scale)
    if program_count <= 0 or not (stack == 1 or length >= 20):
        return None
    badge = program_badge(program_count, max(12, round(radius * 0.4 * max(scale, 0.7))))
    return badge, badge.get_rect(center=(round(centre[0] + length * 0.36), round(centre[1] - length * 0.34)))


def cargo_spot(centre: Point, radius: int, energy: int | None, titanium: int | None, scale: float = 1.0,
               stack: int = 1, number: int = 0, owner: int = 0) -> tuple[pygame.Surface, pygame.Rect]:
    """The cargo pill of a ship at `centre` and where it goes: under a ship alone, to the right
    of one of `stack` > 1 ships sharing a hex (`stack_pill`), led there by the ship's fleet
    `number` when it has one (`numbered_pill`: behind the tail it would stand on the other ship)."""
    length = ship_length(radius, scale)
    if scale >= 1.0:
        pill = lone_pill(energy, titanium, radius)
        return pill, pill.get_rect(midtop=(round(centre[0]), round(centre[1] + length * 0.25)))
    if number:
        pill = numbered_pill(number, owner, energy or 0, titanium or 0, max(2, stack), radius)
    else:
        pill = stack_pill(energy or 0, titanium or 0, max(2, stack), radius)
    return pill, pill.get_rect(midleft=(round(centre[0] + length * 0.5 + 1), round(centre[1])))


@lru_cache(maxsize=256)
def numbered_pill(number: int, owner: int, energy: int, titanium: int, count: int, radius: int) -> pygame.Surface:
    """A stacked ship's fleet number (its owner's ring) and then its cargo pill, within the
    pill's room: two ships of one fleet on a hex are told apart by it (issue 17)."""
    px = stack_pill_px(count, radius)
    tag = fleet_tag(number, owner, max(11, px + 1))
    pill = stack_pill(energy, titanium, count, radius, less=tag.get_width() + 1)
    out = pygame.Surface((tag.get_width() + 1 + pill.get_width(), max(tag.get_height(), pill.get_height())),
                         pygame.SRCALPHA)
    out.blit(tag, tag.get_rect(midleft=(0, out.get_height() // 2)))
    out.blit(pill, pill.get_rect(midleft=(tag.get_width() + 1, out.get_height() // 2)))
    return out


def seat_spot(centre: Point, radius: int, scale: float = 1.0, angle: float | None = None) -> pygame.Rect:
    """The square around a ship's seat marker, which says whose ship it is: on the rear half of
    a ship heading `angle` (`MARK_AT`); without a heading, around wherever it may be."""
    length = ship_length(radius, scale)
    if angle is not None:
        d = max(8, round(length * MARK_SIZE))
        x, y = mark_centre(centre, length, angle)
        return pygame.Rect(round(x - d / 2), round(y - d / 2), d, d)
    d = max(8, round(length * (MARK_SIZE - 2 * MARK_AT)))
    return pygame.Rect(round(centre[0] - d / 2), round(centre[1] - d / 2), d, d)


def draw_ship(surface: pygame.Surface, centre: Point, owner: int, angle: float, radius: int,
              energy: int | None = None, titanium: int | None = None, ghost: bool = False,
              scale: float = 1.0, program_count: int = 0, stack: int = 1, number: int = 0) -> pygame.Rect:
    """A ship with its cargo pill (under it; to its right when it is one of `stack` > 1 ships
    sharing a hex, see `stack_pill`) and, while it has cards programmed, a small card with
    their count at its upper right (left out on a crowded hex where it would hide the ship;
    the tooltip and the dock still say it).

    A `number` (the ship's in its owner's fleet; 0: none) is tagged behind its tail.

    Returns the area drawn (for hit tests and tooltips)."""
    length = ship_length(radius, scale)
    rect = blit_centred(surface, ship_sprite(owner, length, angle, ghost), centre)
    if number and not ghost and stack <= 1:  # in a stack it leads the cargo pill (`cargo_spot`)
        surface.blit(*fleet_tag_spot(centre, radius, angle, number, owner, scale))
    prog = None if ghost else program_spot(centre, radius, program_count, scale, stack)
    if prog is not None:
        rect = rect.union(surface.blit(*prog))
    if ghost or (energy is None and titanium is None) or crowded(stack, radius):
        return rect  # a crowded hex shows one "x N" chip instead (`draw_crowd_chip`)
    return rect.union(surface.blit(*cargo_spot(centre, radius, energy, titanium, scale, stack, number, owner)))


# --- tokens ---------------------------------------------------------------------------------------------
def _tint(owner: int | None) -> Colour:
    return mix(player_colour(owner), (255, 255, 255), 0.3)


@lru_cache(maxsize=32)
def _laser_base(owner: int | None, radius: int) -> pygame.Surface:
    side = canvas_size(radius)
    S = side * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    L = radius * SS * 1.1
    w = radius * SS * 0.17
    col = _tint(owner)
    halo = glow_layer((S, S), col)
    pygame.draw.rect(halo, (*col, 170), pygame.Rect(c - L / 2, c - w * 1.3, L, w * 2.6), border_radius=int(w * 1.3))
    s.blit(soft_blur(halo, max(2, int(w * 1.1))), (0, 0))
    pygame.draw.rect(s, (*col, 255), pygame.Rect(c - L / 2, c - w / 2, L, w), border_radius=int(w / 2))
    pygame.draw.rect(s, (255, 255, 255, 255), pygame.Rect(c - L * 0.1, c - w * 0.22, L * 0.58, w * 0.44),
                     border_radius=int(w * 0.22))
    icons.arrow_head(s, (c + L / 2 + w * 0.6, c), 0.0, w * 1.6, (255, 255, 255, 255))
    return downscale(s, radius)


@lru_cache(maxsize=32)
def _wave_base(owner: int | None, radius: int) -> pygame.Surface:
    side = canvas_size(radius)
    S = side * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    R = radius * SS
    col = _tint(owner)
    halo = glow_layer((S, S), col)
    arcs = ((0.3, 0.12, 255), (0.56, 0.11, 235), (0.82, 0.1, 200))
    for rr, lw, alpha in arcs:
        rect = pygame.Rect(0, 0, R * rr * 2, R * rr * 2)
        rect.center = (round(c - R * 0.4), round(c))
        pygame.draw.arc(halo, (*col, alpha // 2), rect, -0.9, 0.9, max(1, int(R * lw * 2)))
    s.blit(soft_blur(halo, max(2, int(R * 0.08))), (0, 0))
    for rr, lw, alpha in arcs:
        rect = pygame.Rect(0, 0, R * rr * 2, R * rr * 2)
        rect.center = (round(c - R * 0.4), round(c))
        pygame.draw.arc(s, (*col, alpha), rect, -0.9, 0.9, max(1, int(R * lw)))
    pygame.draw.circle(s, (255, 255, 255, 230), (c - R * 0.4, c), R * 0.07)
    return downscale(s, radius)


def token_sprite(kind: str, owner: int | None, radius: int, angle: float) -> pygame.Surface:
    """A laser bolt or a gravitational wave in the owner's tint, travelling at screen `angle`
    (cached per whole degree), with the owner's shape on an upright disc at its tail (a laser)
    or its source point (a wave), so it reads without telling colours apart."""
    return _token_sprite(kind, owner, radius, round(angle) % 360)


TOKEN_BADGE_AT = {"laser": -0.42, "wave": -0.4}
"""Where the owner's marker sits on a token, in hex radii behind its centre."""


@lru_cache(maxsize=1024)
def _token_sprite(kind: str, owner: int | None, radius: int, deg: int) -> pygame.Surface:
    base = _laser_base(owner, radius) if kind == "laser" else _wave_base(owner, radius)
    out = pygame.transform.rotozoom(base, -deg, 1.0)
    if owner is not None:
        a = math.radians(deg)
        back = TOKEN_BADGE_AT.get(kind, -0.4) * radius
        blit_centred(out, seat_badge(owner, max(7, round(radius * 0.3)), bright=True),
                     (out.get_width() / 2 + math.cos(a) * back, out.get_height() / 2 + math.sin(a) * back))
    return out


# --- effects -----------------------------------------------------------------------------------------
BURST_FRAMES = 12


def burst(radius: int, t: float, rgb: Colour = (255, 150, 70)) -> pygame.Surface:
    """An explosion at progress `t` in [0, 1] (a ship destroyed, a laser hit, a battle): a flash,
    an expanding shock ring and flying sparks, fading out. Cached in `BURST_FRAMES` steps."""
    frame = max(0, min(BURST_FRAMES - 1, int(t * BURST_FRAMES)))
    return _burst(radius, frame, rgb)


def _star(centre: Point, outer: float, inner: float, spikes: int, rng: random.Random) -> list[Point]:
    pts = []
    for i in range(spikes * 2):
        a = i * math.pi / spikes
        r = outer * rng.uniform(0.85, 1.1) if i % 2 == 0 else inner
        pts.append((centre[0] + math.cos(a) * r, centre[1] + math.sin(a) * r))
    return pts


@lru_cache(maxsize=128)
def _burst(radius: int, frame: int, rgb: Colour) -> pygame.Surface:
    t = (frame + 0.5) / BURST_FRAMES
    pad = radius // 2
    s = blank(radius, pad)
    c = s.get_width() / 2
    R = radius * SS
    grow = 0.45 + 0.6 * math.sqrt(t)
    rng = random.Random(radius * 31 + 7)
    halo = glow_layer(s.get_size(), rgb)
    pygame.draw.circle(halo, (*rgb, 150), (c, c), R * grow * 0.9)
    s.blit(soft_blur(halo, max(2, int(R * 0.15))), (0, 0))
    pygame.draw.polygon(s, mix(rgb, (200, 40, 30), 0.4), _star((c, c), R * grow * 0.95, R * grow * 0.62, 11, rng))
    pygame.draw.polygon(s, rgb, _star((c, c), R * grow * 0.72, R * grow * 0.46, 9, rng))
    pygame.draw.polygon(s, (255, 226, 140), _star((c, c), R * grow * 0.46, R * grow * 0.3, 7, rng))
    pygame.draw.circle(s, (255, 250, 228), (c, c), R * grow * 0.2 * (1 - t))
    ring = glow_layer(s.get_size(), (255, 240, 210))
    pygame.draw.circle(ring, (255, 240, 210, 230), (c, c), R * (0.35 + 0.85 * t), width=max(SS, int(R * 0.05)))
    s.blit(ring, (0, 0))
    fade = 1.0 - t ** 2
    s.fill((255, 255, 255, int(255 * fade)), special_flags=pygame.BLEND_RGBA_MULT)
    return downscale(s, radius, pad)


# --- from the view's plain data ------------------------------------------------------------------------
def _hex_of(item: Mapping[str, Any]) -> tuple[int, int]:
    q, r = item["hex"]
    return int(q), int(r)


def _centre(q: int, r: int, radius: int, origin: Point) -> Point:
    return hex_to_pixel(Hex(q, r), radius, origin)


def tile_image(t: Mapping[str, Any], radius: int, labels: bool = True) -> pygame.Surface:
    """The tile for one entry of the view's `tiles` (or its `drawn_tile`, which has no hex);
    `labels=False` for a tile under parked ships, whose key number goes on a badge instead."""
    q, r = _hex_of(t) if "hex" in t else (0, 0)
    th = t.get("threshold")
    owner = t.get("owner")
    args = (str(t["kind"]), radius, int(t.get("value", 0)), None if th is None else int(th),
            None if owner is None else int(owner), bool(t.get("active", True)) or t["kind"] != "portal",
            tile_variant(q, r))
    # the labelled tile is called exactly as elsewhere, so every caller shares one cached surface
    return tile(*args) if labels else tile(*args, labels=False)


def draw_tiles(surface: pygame.Surface, tiles: Sequence[Mapping[str, Any]], radius: int, origin: Point) -> None:
    """Every tile of the view at its hex (`origin` = pixel centre of hex (0, 0))."""
    for t in tiles:
        blit_centred(surface, tile_image(t, radius), _centre(*_hex_of(t), radius, origin))


def ship_places(ships: Sequence[Mapping[str, Any]], radius: int, origin: Point) -> dict[int, tuple[Point, float]]:
    """Ship id -> (pixel centre, size factor), spreading ships that share a hex (in id order)."""
    by_hex: dict[tuple[int, int], list[int]] = {}
    for ship in sorted(ships, key=lambda s: int(s["id"])):
        by_hex.setdefault(_hex_of(ship), []).append(int(ship["id"]))
    out: dict[int, tuple[Point, float]] = {}
    for (q, r), ids in by_hex.items():
        cx, cy = _centre(q, r, radius, origin)
        offsets, scale = stack_layout(len(ids), radius)
        for sid, (dx, dy) in zip(ids, offsets):
            out[sid] = ((cx + dx, cy + dy), scale)
    return out


def draw_ships(surface: pygame.Surface, ships: Sequence[Mapping[str, Any]], radius: int,
               origin: Point) -> dict[int, pygame.Rect]:
    """Every ship of the view with its cargo and programmed-card count; returns each ship's
    drawn area (hit tests, tooltips)."""
    places = ship_places(ships, radius, origin)
    per_hex: dict[tuple[int, int], int] = {}
    for ship in ships:
        per_hex[_hex_of(ship)] = per_hex.get(_hex_of(ship), 0) + 1
    stacks = {int(ship["id"]): per_hex[_hex_of(ship)] for ship in ships}
    rects: dict[int, pygame.Rect] = {}
    for ship in ships:
        sid = int(ship["id"])
        pos, scale = places[sid]
        rects[sid] = draw_ship(surface, pos, int(ship["owner"]), direction_angle(int(ship["direction"])), radius,
                               int(ship.get("energy", 0)), int(ship.get("titanium", 0)), scale=scale,
                               program_count=int(ship.get("program_count", 0)), stack=stacks[sid])
    for (q, r), count in per_hex.items():
        draw_crowd_chip(surface, _centre(q, r, radius, origin), radius, count)
    return rects


def draw_tokens(surface: pygame.Surface, tokens: Sequence[Mapping[str, Any]], radius: int, origin: Point) -> None:
    """Every laser and wave of the view, pointing where it travels."""
    for tok in tokens:
        owner = tok.get("owner")
        img = token_sprite(str(tok["kind"]), None if owner is None else int(owner), radius,
                           direction_angle(int(tok["direction"])))
        blit_centred(surface, img, _centre(*_hex_of(tok), radius, origin))


def path_points(hexes: Sequence[Sequence[int]], radius: int, origin: Point) -> list[Point]:
    """Pixel centres of a list of `[q, r]` hexes (for `draw_path`)."""
    return [_centre(int(h[0]), int(h[1]), radius, origin) for h in hexes]


# --- predicted path --------------------------------------------------------------------------------------
OFF_MAP: Colour = (240, 80, 70)


def draw_path(surface: pygame.Surface, points: list[Point], rgb: Colour, radius: int,
              off_map: bool = False) -> None:
    """A planned route: dots from hex centre to hex centre with an arrow head on each step
    (leaving the ship on the first hex clear), the final hex outlined, or a red X there
    when the ship would leave the map."""
    if not points:
        return
    dot = max(2.0, radius * 0.07)
    spacing = max(6.0, radius * 0.24)
    clear = radius * 0.55  # the ship itself sits here
    for i in range(len(points) - 1):
        (x0, y0), (x1, y1) = points[i], points[i + 1]
        last = i == len(points) - 2
        col = OFF_MAP if off_map and last else rgb
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg < 1:
            continue
        n = max(1, int(seg / spacing))
        for k in range(1, n):
            t = k / n
            if i == 0 and t * seg < clear:
                continue
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pygame.draw.circle(surface, icons.INK_DARK, (x, y), dot + 1.2)
            pygame.draw.circle(surface, col, (x, y), dot)
        ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
        mid = (x0 + (x1 - x0) * 0.62, y0 + (y1 - y0) * 0.62)
        icons.arrow_head(surface, (mid[0] + 1, mid[1] + 1), ang, radius * 0.3, icons.INK_DARK)
        icons.arrow_head(surface, mid, ang, radius * 0.26, col)
    end = points[-1]
    if off_map:
        arm = radius * 0.32
        lw = max(3, round(radius * 0.12))
        for sx in (-1, 1):
            pygame.draw.line(surface, icons.INK_DARK, (end[0] - arm, end[1] - sx * arm), (end[0] + arm, end[1] + sx * arm),
                             lw + 3)
        for sx in (-1, 1):
            pygame.draw.line(surface, OFF_MAP, (end[0] - arm, end[1] - sx * arm), (end[0] + arm, end[1] + sx * arm), lw)
    else:
        blit_centred(surface, end_marker(radius, rgb), end)


@lru_cache(maxsize=32)
def end_marker(radius: int, rgb: Colour) -> pygame.Surface:
    """Where a planned route ends: the hex outlined in the player's colour (its numbers stay readable)."""
    s = blank(radius)
    c = s.get_width() / 2
    R = radius * SS
    pygame.draw.polygon(s, icons.INK_DARK, hex_corners(c, c, R * 0.86), width=max(SS, int(R * 0.15)))
    pygame.draw.polygon(s, rgb, hex_corners(c, c, R * 0.855), width=max(SS, int(R * 0.09)))
    return downscale(s, radius)
