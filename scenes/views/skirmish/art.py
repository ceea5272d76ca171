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
HEALTH_LOST: Colour = (70, 40, 40)
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


@lru_cache(maxsize=256)
def base_disc(radius: int, colour: Colour, ring: Colour, icon: str, spent: bool) -> pygame.Surface:
    """A model's base: a coloured disc with a darker rim and its icon (greyed once it has
    activated this round)."""
    size = 2 * radius + 4
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    face = mix(colour, (90, 92, 100), 0.55) if spent else colour
    pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + 1, c[1] + 2), radius)
    pygame.draw.circle(surf, shade(face, 0.55), c, radius)
    pygame.draw.circle(surf, face, c, max(1, radius - max(1, radius // 7)))
    pygame.draw.circle(surf, ring, c, radius, width=max(1, radius // 9))
    glyph = unit_icon(icon, max(4, int(radius * 1.25)), INK if not spent else (52, 54, 62))
    if glyph is not None:
        surf.blit(glyph, glyph.get_rect(center=c))
    return surf


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
