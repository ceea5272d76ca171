"""The table cloth: a deep-space felt with faint nebulae, grain, stars and a vignette.

Built once per window size (a few tens of milliseconds) and cached.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from scenes.kit import palette


@lru_cache(maxsize=4)
def _grain_tile(size: int = 128) -> pygame.Surface:
    rnd = random.Random(7)
    noise = rnd.randbytes(size * size)
    pixels = bytearray()
    for v in noise:
        pixels += bytes((v, v, v, 10 if v % 3 == 0 else 0))
    return pygame.image.frombuffer(bytes(pixels), (size, size), "RGBA").copy()


@lru_cache(maxsize=4)
def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    rnd = random.Random(1977)
    surf = pygame.Surface((w, h))
    surf.fill(palette.BACKGROUND)
    # nebulae: a coarse random colour field, smooth-scaled into soft clouds
    cw, ch = max(4, w // 90), max(4, h // 90)
    clouds = pygame.Surface((cw, ch))
    tones = [(20, 24, 42), (26, 34, 62), (38, 28, 62), (18, 40, 58), (22, 22, 36), (16, 18, 30)]
    for x in range(cw):
        for y in range(ch):
            clouds.set_at((x, y), rnd.choice(tones))
    clouds = pygame.transform.smoothscale(pygame.transform.smoothscale(clouds, (cw * 4, ch * 4)), (w, h))
    surf.blit(clouds, (0, 0))
    # stars
    for _ in range(w * h // 5000):
        x, y = rnd.randrange(w), rnd.randrange(h)
        b = rnd.randint(70, 170)
        surf.set_at((x, y), (b, b, min(255, b + 30)))
    for _ in range(w * h // 60000):
        x, y = rnd.randrange(w), rnd.randrange(h)
        glow = pygame.Surface((9, 9), pygame.SRCALPHA)
        pygame.draw.circle(glow, (180, 200, 255, 40), (4, 4), 4)
        pygame.draw.circle(glow, (230, 236, 255, 160), (4, 4), 1)
        surf.blit(glow, (x - 4, y - 4))
    # felt grain
    tile = _grain_tile()
    for x in range(0, w, tile.get_width()):
        for y in range(0, h, tile.get_height()):
            surf.blit(tile, (x, y))
    # vignette
    vw, vh = 64, 36
    vig = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for i in range(24):
        t = i / 23
        rect = pygame.Rect(0, 0, vw * (1.5 - 0.9 * t), vh * (1.5 - 0.9 * t))
        rect.center = (vw // 2, vh // 2)
        pygame.draw.ellipse(vig, (0, 0, 0, int(10 * (1 - t))), rect)
    inv = pygame.Surface((vw, vh), pygame.SRCALPHA)
    inv.fill((0, 0, 0, 150))
    inv.blit(vig, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    surf.blit(pygame.transform.smoothscale(inv, (w, h)), (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf
