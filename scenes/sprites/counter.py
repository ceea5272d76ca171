"""Round playing counters drawn procedurally: shaded, bevelled, with an engraved symbol.

Everything is drawn at 4x and smooth-scaled down, so edges are antialiased.
Surfaces are cached per (colour, symbol, diameter, symbols on/off): a frame
only blits.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
SS = 4  # supersampling factor
SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "cross", "ring")


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def luminance(rgb: Colour) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def symbol_points(symbol: str, cx: float, cy: float, r: float) -> list[list[tuple[float, float]]]:
    """Polygons (one or more) outlining `symbol` of radius r; circles/rings are special-cased."""
    if symbol == "triangle":
        return [[(cx + r * math.cos(a), cy + r * 1.05 * math.sin(a) + r * 0.15)
                 for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]]
    if symbol == "square":
        s = r * 0.78
        return [[(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]]
    if symbol == "diamond":
        return [[(cx, cy - r * 1.1), (cx + r * 0.8, cy), (cx, cy + r * 1.1), (cx - r * 0.8, cy)]]
    if symbol == "star":
        pts = []
        for i in range(10):
            rad = r * 1.1 if i % 2 == 0 else r * 0.46
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a) + r * 0.06))
        return [pts]
    if symbol == "cross":
        w, L = r * 0.32, r * 0.95
        return [[(cx - w, cy - L), (cx + w, cy - L), (cx + w, cy - w), (cx + L, cy - w), (cx + L, cy + w),
                 (cx + w, cy + w), (cx + w, cy + L), (cx - w, cy + L), (cx - w, cy + w), (cx - L, cy + w),
                 (cx - L, cy - w), (cx - w, cy - w)]]
    return []


def draw_symbol(surface: pygame.Surface, symbol: str, centre: tuple[float, float], r: float,
                colour: tuple[int, ...]) -> None:
    """Draw a symbol (no antialiasing here: callers supersample)."""
    cx, cy = centre
    if symbol == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.62)
    elif symbol == "ring":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.82, width=max(1, int(r * 0.3)))
    else:
        for poly in symbol_points(symbol, cx, cy, r):
            pygame.draw.polygon(surface, colour, poly)


def symbol_ink(rgb: Colour) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    """(ink, edge-light) for an engraved symbol readable on this face colour."""
    if luminance(rgb) > 150:
        return (*_mix(rgb, (20, 16, 12), 0.78), 235), (255, 255, 255, 90)
    return (*_mix(rgb, (255, 252, 240), 0.86), 240), (0, 0, 0, 110)


@lru_cache(maxsize=256)
def counter_surface(rgb: Colour, symbol: str, diameter: int, show_symbol: bool = True) -> pygame.Surface:
    """A finished counter, `diameter` pixels across, on a transparent surface."""
    d = max(8, diameter)
    big = d * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    R = big / 2 - SS
    rim_dark = _mix(rgb, (0, 0, 0), 0.55)
    # outer edge (the side of the counter) then the face, shaded by concentric discs
    pygame.draw.circle(surface=surf, color=rim_dark, center=(c, c), radius=R)
    steps = 28
    face_r = R * 0.9
    for i in range(steps):
        t = i / (steps - 1)
        r = face_r * (1 - 0.55 * t)
        shade = _mix(_mix(rgb, (0, 0, 0), 0.28), _mix(rgb, (255, 255, 255), 0.22), t)
        off = -R * 0.10 * t
        pygame.draw.circle(surf, shade, (c + off, c + off), r)
    # bevel: light on the upper-left edge, dark on the lower-right
    ring = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(ring, (255, 255, 255, 70), (c - SS * 1.5, c - SS * 1.5), R * 0.93, width=int(R * 0.07))
    pygame.draw.circle(ring, (0, 0, 0, 70), (c + SS * 1.5, c + SS * 1.5), R * 0.93, width=int(R * 0.07))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), R)
    ring.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(ring, (0, 0))
    # inner groove around the face
    pygame.draw.circle(surf, (*_mix(rgb, (0, 0, 0), 0.4), 255), (c, c), R * 0.72, width=max(1, SS))
    pygame.draw.circle(surf, (*_mix(rgb, (255, 255, 255), 0.35), 255), (c + SS * 0.8, c + SS * 0.8),
                       R * 0.72, width=max(1, SS // 2))
    if show_symbol:
        ink, light = symbol_ink(rgb)
        sym = pygame.Surface((big, big), pygame.SRCALPHA)
        draw_symbol(sym, _symbol_name(symbol), (c + SS, c + SS), R * 0.5, light)
        draw_symbol(sym, _symbol_name(symbol), (c, c), R * 0.5, ink)
        surf.blit(sym, (0, 0))
    face = pygame.transform.smoothscale(surf, (d, d))
    # specular highlight, blurred at final size (cheap)
    gloss = pygame.Surface((d, d), pygame.SRCALPHA)
    r1 = d / 2 - 1
    pygame.draw.ellipse(gloss, (255, 255, 255, 60), pygame.Rect(d / 2 - r1 * 0.62, d / 2 - r1 * 0.8, r1 * 0.9, r1 * 0.55))
    face.blit(pygame.transform.gaussian_blur(gloss, max(1, int(r1 * 0.12))), (0, 0))
    return face


def _symbol_name(symbol: str) -> str:
    return symbol if symbol in SYMBOLS else "circle"


@lru_cache(maxsize=64)
def shadow_surface(diameter: int, lifted: bool = False) -> pygame.Surface:
    """A soft drop shadow for a counter (bigger and fainter when it is lifted)."""
    blur = max(2, diameter // (5 if lifted else 9))
    pad = blur * 3
    size = diameter + pad * 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    alpha = 110 if lifted else 150
    pygame.draw.circle(surf, (0, 0, 0, alpha), (size / 2, size / 2), diameter / 2 * (1.02 if lifted else 0.97))
    return pygame.transform.gaussian_blur(surf, blur)


def lift_level(lift: float) -> float:
    """Lift snapped to three steps, so a moving counter reuses cached surfaces."""
    return 0.0 if lift < 0.15 else 0.4 if lift < 0.65 else 1.0


def blit_counter(surface: pygame.Surface, rgb: Colour, symbol: str, centre: tuple[float, float],
                 diameter: int, show_symbol: bool = True, lift: float = 0.0, alpha: int = 255) -> None:
    """Shadow plus counter, centred; `lift` (0..1) raises it off the board."""
    level = lift_level(lift)
    d = int(diameter * (1 + 0.08 * level))
    shadow = shadow_surface(d, level > 0.3)
    off = 2 + 10 * lift
    sx = centre[0] - shadow.get_width() / 2 + off * 0.6
    sy = centre[1] - shadow.get_height() / 2 + off
    face = counter_surface(rgb, symbol, d, show_symbol)
    if alpha < 255:
        shadow = shadow.copy()
        shadow.set_alpha(alpha)
        face = face.copy()
        face.set_alpha(alpha)
    surface.blit(shadow, (sx, sy))
    surface.blit(face, (centre[0] - d / 2, centre[1] - d / 2 - 3 * lift))


def warm(colours: list[tuple[Colour, str]], diameter: int, show_symbol: bool) -> None:
    """Render every counter size a table will use, before the first frame needs them."""
    for level in (0.0, 0.4, 1.0):
        d = int(diameter * (1 + 0.08 * level))
        shadow_surface(d, level > 0.3)
        for rgb, symbol in colours:
            counter_surface(rgb, symbol, d, show_symbol)
