"""Tinted icons from assets/icons (white-on-transparent PNGs), cached per size and colour."""

from __future__ import annotations

from functools import lru_cache

import pygame

from scenes.resources import asset_path

Colour = tuple[int, int, int]


@lru_cache(maxsize=128)
def icon(name: str, size: int, colour: Colour = (236, 204, 132)) -> pygame.Surface | None:
    """The icon `name` at `size` px tinted `colour`, or None if the file is missing."""
    path = asset_path("icons", f"{name}.png")
    if not path.exists():
        return None
    try:
        img = pygame.image.load(str(path))
    except (pygame.error, OSError):
        return None
    img = img.convert_alpha() if pygame.display.get_surface() else img
    img = pygame.transform.smoothscale(img, (size, size))
    tinted = img.copy()
    tinted.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted
