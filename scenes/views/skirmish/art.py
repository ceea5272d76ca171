"""The skirmish table's look: side colours, terrain shaded by height, unit icons and bases.

Pure drawing helpers with caches keyed by pixel size (emptied on a resize by the window caches).
Unit icons are Game-icons.net glyphs (`assets/icons/units/`, credited in CREDITS.md), tinted
dark on the side's coloured base.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.resources import asset_path

Colour = tuple[int, int, int]

TABLE: Colour = (58, 70, 52)
"""The bare table: a muted field green."""
TABLE_EDGE: Colour = (150, 122, 74)
GRID: Colour = (66, 80, 60)
SIDE_FALLBACK: tuple[Colour, Colour] = ((96, 170, 232), (232, 112, 72))
INK: Colour = (18, 20, 28)
HEALTH: Colour = (120, 220, 120)
HEALTH_LOST: Colour = (176, 66, 56)
"""A lost point of health: red, where a dark red on the dark green table could not be told from
the table (play-test, eleventh session). A round pip lost is drawn hollow, a dark hole in a
ring of this red (`board._draw_health`), so it differs from a kept pip by shape as well."""
HEALTH_HOLE: Colour = (34, 22, 22)
ZONE_ALPHA = 46
OBJECTIVE: Colour = (236, 204, 132)
TERRAIN_LOW: Colour = (104, 96, 82)
TERRAIN_HIGH: Colour = (196, 188, 168)
KIND_TINT: dict[str, Colour] = {"wall": (150, 140, 124), "rocks": (128, 118, 100), "ruin": (140, 124, 110),
                                "block": (134, 138, 146), "spire": (160, 150, 170), "wreck": (120, 112, 104),
                                "crystal": (140, 176, 196)}


def hex_colour(text: str, fallback: Colour) -> Colour:
    """'#d8683a' as (r, g, b); `fallback` when it is not one."""
    t = text.lstrip("#")
    try:
        return (int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)) if len(t) == 6 else fallback
    except ValueError:
        return fallback


CONTRAST: tuple[Colour, ...] = ((96, 170, 232), (232, 112, 72), (110, 214, 120), (236, 236, 236),
                               (226, 88, 170), (244, 222, 84))
"""Second-side colours for a mirror match (or two factions' colours too alike to tell apart)."""
TOO_CLOSE = 100.0
"""Below this distance in RGB two sides' colours are swapped apart (the factions' own colours
are all at least this far from one another except Cinderhorn/Tessellate and Meridian/Veilmoth)."""


def distinct_sides(first: Colour, second: Colour) -> tuple[Colour, Colour]:
    """The two sides' colours, the second replaced by the `CONTRAST` colour farthest from the
    first when the two are equal or too close (play-test: a mirror match was one colour)."""
    if math.dist(first, second) >= TOO_CLOSE:
        return first, second
    return first, max(CONTRAST, key=lambda c: math.dist(c, first))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, k: float) -> Colour:
    return (max(0, min(255, int(c[0] * k))), max(0, min(255, int(c[1] * k))), max(0, min(255, int(c[2] * k))))


def terrain_colour(kind: str, height: float, tallest: float) -> Colour:
    """Lighter the higher it stands (a map's hill shading), tinted by its kind."""
    t = 0.0 if tallest <= 0 else max(0.0, min(1.0, height / tallest))
    return mix(mix(TERRAIN_LOW, TERRAIN_HIGH, t), KIND_TINT.get(kind, TERRAIN_LOW), 0.35)


@lru_cache(maxsize=96)
def unit_icon(name: str, px: int, colour: Colour = INK) -> pygame.Surface | None:
    """The unit's glyph `px` square, tinted `colour`; None when the file is missing."""
    path = asset_path("icons", "units", f"{name}.png")
    if px < 4 or not path.exists():
        return None
    img = pygame.image.load(str(path)).convert_alpha() if pygame.display.get_surface() else pygame.image.load(str(path))
    img = pygame.transform.smoothscale(img, (px, px))
    tinted = pygame.Surface((px, px), pygame.SRCALPHA)
    tinted.fill((*colour, 255))
    tinted.blit(img, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted


HALO_ALPHA = 165
"""How opaque the part of an enlarged marker outside the true base is: the table and a
neighbour's base show through it, so the solid disc reads as the real base."""


@lru_cache(maxsize=256)
def base_disc(radius: int, colour: Colour, ring: Colour, icon: str, spent: bool,
              true_radius: int = 0, part: str = "whole", glyph: int = 0) -> pygame.Surface:
    """A model's marker: a coloured disc with a darker rim and its icon (greyed once it has
    activated this round). With a `true_radius` smaller than `radius` (a small base drawn
    larger to be read, `board.markers`), the true base is the solid disc with its dark
    rim, and the rest out to `radius` a see-through halo in the same colour, ringed.

    `part` "halo" is only that halo and its ring, "body" only the true base and the icon: the
    table draws every halo first and every body over them, so models in base contact (whose
    halos overlap) keep their true bases and icons whole. `glyph`: the icon's size in pixels
    (0: `ICON_SHARE` of the marker)."""
    size = 2 * radius + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    face = mix(colour, (90, 92, 100), 0.55) if spent else colour
    icon_px = glyph or max(4, int(radius * ICON_SHARE))
    if 0 < true_radius < radius - 1:
        if part != "body":
            halo = mix(face, (235, 235, 235), 0.1)
            pygame.draw.circle(surf, (0, 0, 0, 70), (c[0] + 1, c[1] + 2), radius)
            pygame.draw.circle(surf, (*halo, HALO_ALPHA), c, radius)
            pygame.draw.circle(surf, ring, c, radius, width=max(1, radius // 9))
        if part != "halo":
            pygame.draw.circle(surf, shade(face, 0.45), c, true_radius)
            pygame.draw.circle(surf, face, c, max(1, true_radius - max(1, radius // 9)))
            _blit_icon(surf, icon, icon_px, spent, c)
        return surf
    if part == "halo":  # a marker at its true size has no halo: all of it is the body
        return surf
    pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + 1, c[1] + 2), radius)
    pygame.draw.circle(surf, shade(face, 0.55), c, radius)
    pygame.draw.circle(surf, face, c, max(1, radius - max(1, radius // 7)))
    pygame.draw.circle(surf, ring, c, radius, width=max(1, radius // 9))
    _blit_icon(surf, icon, icon_px, spent, c)
    return surf


ICON_SHARE = 1.25
"""A marker's icon is this many times the marker's radius across."""


def _blit_icon(surf: pygame.Surface, icon: str, px: int, spent: bool, centre: tuple[int, int]) -> None:
    glyph = unit_icon(icon, px, INK if not spent else (52, 54, 62))
    if glyph is not None:
        surf.blit(glyph, glyph.get_rect(center=centre))


def pip_centres(centre: tuple[float, float], radius: float, count: int) -> list[tuple[float, float]]:
    """Health pips in an arc under the base (left to right)."""
    if count <= 0:
        return []
    spread = min(math.pi * 0.9, 0.32 * count)
    out = []
    for i in range(count):
        a = math.pi / 2 + spread / 2 - (spread * (i + 0.5) / count)
        out.append((centre[0] + math.cos(a) * radius * 1.18, centre[1] + math.sin(a) * radius * 1.18))
    return out


TOKEN_LOOKS: dict[str, tuple[tuple[int, int, int, int], Colour, str]] = {
    "smoke": ((150, 150, 156, 150), (210, 210, 214), "puffs"),
    "veil": ((150, 120, 190, 130), (206, 180, 236), "waves"),
    "thorns": ((70, 120, 60, 170), (150, 200, 110), "spikes"),
    "spores": ((150, 160, 60, 130), (214, 222, 120), "dots"),
    "mirror": ((170, 190, 210, 200), (240, 246, 255), "shine"),
    "embers": ((170, 70, 30, 170), (255, 170, 80), "sparks"),
    "pavise": ((120, 92, 60, 220), (214, 180, 130), "bar"),
    "fallen": ((70, 64, 60, 230), (150, 140, 130), "cross"),
}
"""Per token kind: a see-through fill (models under it stay visible), its rim and mark colour,
and a mark, so smoke, thorns and a mirror no longer look alike (hover still names them)."""
OTHER_TOKEN = ((124, 88, 150, 170), (200, 170, 220), "ring")


@lru_cache(maxsize=128)
def token_disc(kind: str, radius: int) -> pygame.Surface:
    """A token of `kind` drawn at `radius` pixels: fill, rim and its kind's mark."""
    fill, ink, mark = TOKEN_LOOKS.get(kind, OTHER_TOKEN)
    size = 2 * radius + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size // 2
    r = radius
    pygame.draw.circle(surf, fill, (cx, cy), r)
    pygame.draw.circle(surf, (*ink, 230), (cx, cy), r, width=max(1, r // 10))
    w = max(1, r // 8)
    if mark == "puffs":
        for dx, dy in ((-0.35, 0.1), (0.3, 0.15), (0.0, -0.3)):
            pygame.draw.circle(surf, (*ink, 170), (cx + dx * r, cy + dy * r), max(2, r // 3), width=w)
    elif mark == "waves":
        for k in (-0.3, 0.1):
            box = pygame.Rect(0, 0, r * 1.2, r * 0.6)
            box.center = (cx, round(cy + k * r))
            pygame.draw.arc(surf, (*ink, 220), box, 0.3, 2.8, w)
    elif mark == "spikes":
        for i in range(10):
            a = i * math.tau / 10
            inner, outer = r * 0.45, r * 0.95
            pygame.draw.line(surf, (*ink, 230), (cx + inner * math.cos(a), cy + inner * math.sin(a)),
                             (cx + outer * math.cos(a), cy + outer * math.sin(a)), w)
    elif mark in ("dots", "sparks"):
        for dx, dy in ((0, 0), (-0.45, -0.2), (0.42, -0.25), (-0.2, 0.45), (0.3, 0.4)):
            pygame.draw.circle(surf, (*ink, 235), (cx + dx * r, cy + dy * r), max(1, r // 7))
    elif mark == "shine":
        k = r * 0.55
        pygame.draw.line(surf, (*ink, 240), (cx - k, cy + k), (cx + k, cy - k), max(1, r // 5))
    elif mark == "bar":
        pygame.draw.rect(surf, (*ink, 240), pygame.Rect(cx - r * 0.7, cy - max(1, r // 5), r * 1.4, 2 * max(1, r // 5)))
    elif mark == "cross":
        k = r * 0.5
        pygame.draw.line(surf, (*ink, 240), (cx - k, cy - k), (cx + k, cy + k), max(2, w))
        pygame.draw.line(surf, (*ink, 240), (cx - k, cy + k), (cx + k, cy - k), max(2, w))
    return surf
