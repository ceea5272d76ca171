"""Generic hex pieces any hex board can compose: a filled/outlined hex, a legal-target glow, hover.

Pointy-top hexes like `game.core.hexgrid` (a corner straight up, `radius` = centre
to corner). Every function returns a square transparent surface with the hex at
its centre, drawn supersampled and cached per size and colour, so a frame only
blits; `blit_centred` places such a surface on a hex centre.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.sprites.blur import soft_blur

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
SS = 3
"""Supersampling factor for hex art."""

SQRT3 = math.sqrt(3.0)


def hex_corners(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (same order as `hexgrid.corners`)."""
    return [(cx + radius * math.cos(math.radians(60 * i - 30)), cy + radius * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def canvas_size(radius: int, pad: int = 0) -> int:
    """Side of the square surface holding a hex of `radius` plus `pad` pixels all round."""
    return 2 * (radius + pad) + 2


def blank(radius: int, pad: int = 0, ss: int = SS) -> pygame.Surface:
    """An empty transparent canvas (at `ss` scale) for a hex of `radius`."""
    side = canvas_size(radius, pad) * ss
    return pygame.Surface((side, side), pygame.SRCALPHA)


def downscale(surface: pygame.Surface, radius: int, pad: int = 0) -> pygame.Surface:
    """Shrink a supersampled canvas back to its final size (antialiasing every edge)."""
    side = canvas_size(radius, pad)
    out = pygame.transform.smoothscale(surface, (side, side))
    return out.convert_alpha() if pygame.display.get_surface() else out


def glow_layer(size: tuple[int, int], rgb: Colour) -> pygame.Surface:
    """A transparent layer whose empty pixels already carry `rgb`, so blurring or smooth-scaling
    a glow drawn on it fades to transparent instead of darkening through black."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*rgb, 0))
    return layer


def blit_centred(dst: pygame.Surface, img: pygame.Surface, centre: tuple[float, float]) -> pygame.Rect:
    """Blit `img` with its centre on `centre`; returns the rect drawn."""
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    return dst.blit(img, rect)


@lru_cache(maxsize=128)
def hex_shape(radius: int, fill: RGBA | None = None, edge: RGBA | None = None,
              edge_width: float = 0.06) -> pygame.Surface:
    """A hex filled with `fill` and/or outlined with `edge` (width as a fraction of the radius)."""
    s = blank(radius)
    c = s.get_width() / 2
    pts = hex_corners(c, c, radius * SS)
    if fill is not None:
        pygame.draw.polygon(s, fill, pts)
    if edge is not None:
        w = max(SS, int(radius * SS * edge_width))
        inner = hex_corners(c, c, radius * SS - w / 2)
        pygame.draw.polygon(s, edge, inner, width=w)
    return downscale(s, radius)


@lru_cache(maxsize=64)
def hex_mask(radius: int) -> pygame.Surface:
    """An opaque white hex on transparency, for clipping art to a hex (BLEND_RGBA_MIN)."""
    return hex_shape(radius, (255, 255, 255, 255))


@lru_cache(maxsize=64)
def hex_glow(radius: int, rgb: Colour, strength: float = 1.0) -> pygame.Surface:
    """A glowing outline marking a legal hex: a soft halo and a bright inner rim."""
    pad = max(3, radius // 4)
    s = blank(radius, pad)
    c = s.get_width() / 2
    halo = glow_layer(s.get_size(), rgb)
    w = max(SS * 2, int(radius * SS * 0.22))
    pygame.draw.polygon(halo, (*rgb, int(150 * strength)), hex_corners(c, c, radius * SS * 0.96), width=w)
    s.blit(soft_blur(halo, max(2, pad * SS // 2)), (0, 0))
    pygame.draw.polygon(s, (*rgb, int(40 * strength)), hex_corners(c, c, radius * SS * 0.88))
    rim = max(SS, int(radius * SS * 0.07))
    pygame.draw.polygon(s, (*rgb, int(235 * strength)), hex_corners(c, c, radius * SS * 0.9), width=rim)
    return downscale(s, radius, pad)


@lru_cache(maxsize=32)
def hex_hover(radius: int, rgb: Colour = (255, 255, 255)) -> pygame.Surface:
    """A light wash and a crisp rim for the hex under the pointer."""
    s = blank(radius)
    c = s.get_width() / 2
    pygame.draw.polygon(s, (*rgb, 46), hex_corners(c, c, radius * SS * 0.94))
    pygame.draw.polygon(s, (*rgb, 200), hex_corners(c, c, radius * SS * 0.92),
                        width=max(SS, int(radius * SS * 0.05)))
    return downscale(s, radius)


def glow_pad(radius: int) -> int:
    """How far `hex_glow` reaches beyond the hex (for dirty rects)."""
    return max(3, radius // 4)


@lru_cache(maxsize=32)
def hex_shadow(radius: int, lifted: bool = False) -> pygame.Surface:
    """A soft drop shadow for a hex piece (bigger and fainter when lifted, e.g. a tile being dragged);
    blit it centred a few pixels below and right of the piece."""
    pad = max(3, radius // (3 if lifted else 5))
    s = blank(radius, pad)
    c = s.get_width() / 2
    pygame.draw.polygon(s, (0, 0, 0, 110 if lifted else 150), hex_corners(c, c, radius * SS * (1.02 if lifted else 0.97)))
    return downscale(soft_blur(s, max(2, pad * SS // 2)), radius, pad)
