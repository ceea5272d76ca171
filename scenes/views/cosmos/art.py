"""Cosmos's colours and the few shapes every part of the table shares (a labelled tile, a
token disc, a `Spot`: a drawn thing's rectangle, its target and its hover text)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.core.protocol import Target
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]

ROLES = ("Orange", "Blue", "Teal", "Violet")
"""The engine's role names, one per seat."""
SEATS: tuple[Colour, ...] = ((236, 142, 52), (86, 146, 236), (56, 192, 178), (176, 118, 226))
"""Orange, Blue, Teal, Violet: the engine's role names, brightened for the dark table."""
CONDITIONS: dict[str, Colour] = {"heat": (222, 96, 64), "carbon": (150, 146, 136), "water": (76, 146, 226),
                                 "radiation": (150, 206, 70)}
LIFE: dict[str, Colour] = {"bacteria": (222, 120, 170), "plant": (96, 196, 110), "animal": (214, 170, 92)}
RESOURCE: dict[str, Colour] = {"energy": (246, 214, 84), "mass": (176, 150, 120), "entropy": (170, 120, 236),
                               "vp": (236, 204, 132)}
BOARD = (30, 34, 50)
BOARD_EDGE = (96, 86, 120)
TILE = (44, 50, 70)
TILE_EDGE = (104, 112, 140)
INK = (226, 226, 232)
DIM = (150, 156, 172)
GOOD = (120, 220, 160)
BAD = (240, 120, 100)
BRASS = (236, 204, 132)


@dataclass
class Spot:
    """Something drawn that the pointer can point at: `target` (None: hover text only)."""

    rect: pygame.Rect
    target: Target | None
    tip: list[str] = field(default_factory=list)


def shade(colour: Colour, k: float) -> Colour:
    return (min(255, int(colour[0] * k)), min(255, int(colour[1] * k)), min(255, int(colour[2] * k)))


def tile(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, lines: list[tuple[str, Colour]],
         fill: Colour = TILE, edge: Colour = TILE_EDGE, size: int = 12, stripe: Colour | None = None) -> None:
    """A rounded tile with lines of text from the top (cut to fit) and an optional top stripe;
    drawn once per look and size (`tile_image`), then only blitted."""
    surface.blit(tile_image(text, rect.size, tuple(lines), fill, edge, size, stripe), rect.topleft)


@lru_cache(maxsize=1500)
def tile_image(text: TextCache, size: tuple[int, int], lines: tuple[tuple[str, Colour], ...], fill: Colour,
               edge: Colour, font: int, stripe: Colour | None) -> pygame.Surface:
    """The picture of a `tile` (cached: most tiles look the same from one position to the next;
    emptied on every resize, as every `lru_cache` under `scenes`)."""
    w, h = size
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    rect = out.get_rect()
    radius = max(3, min(w, h) // 6)
    pygame.draw.rect(out, fill, rect, border_radius=radius)
    band_h = max(3, h // 6)
    if stripe is not None:
        band = pygame.Rect(0, 0, w, band_h)
        pygame.draw.rect(out, stripe, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(out, edge, rect, width=1, border_radius=radius)
    y = (band_h if stripe is not None else 2) + 1
    line_h = text.font(font).get_linesize()
    for words, colour in lines:
        if y + line_h > h + 2:
            break
        img = text.render(words, font, colour)
        out.blit(img, (4, y), pygame.Rect(0, 0, w - 7, img.get_height()))
        y += line_h
    return out


def disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour, lying: bool = False,
         edge: Colour = (20, 20, 26)) -> None:
    """A Creation token or a Scientist's base: standing is a full disc, lying a hollow ring."""
    if lying:
        pygame.draw.circle(surface, shade(colour, 0.45), centre, radius)
        pygame.draw.circle(surface, colour, centre, radius, width=max(2, radius // 3))
    else:
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, edge, centre, radius, width=1)


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int = 2) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width, border_radius=6)
