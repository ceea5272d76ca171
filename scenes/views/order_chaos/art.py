"""Order & Chaos pieces of art the view composes: colours, markers, bag chart rows, line tooltips."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.order_chaos.colours import colour_of
from game.order_chaos.public import palindromes as line_runs
from scenes.sprites.blur import soft_blur

Colour = tuple[int, int, int]


@lru_cache(maxsize=32)
def ring_marker(diameter: int, rgb: Colour, width_frac: float = 0.09, glow: bool = True) -> pygame.Surface:
    """A soft glowing ring (legal cells, last move, hints); antialiased by supersampling."""
    ss = 3
    pad = diameter // 4
    size = (diameter + 2 * pad) * ss
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = diameter * ss / 2
    if glow:
        g = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(g, (*rgb, 90), (c, c), r, width=int(r * 0.35))
        surf.blit(soft_blur(g, max(2, pad * ss // 3)), (0, 0))
    pygame.draw.circle(surf, (*rgb, 235), (c, c), r, width=max(2, int(r * width_frac)))
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


@lru_cache(maxsize=32)
def dot_marker(diameter: int, rgb: Colour) -> pygame.Surface:
    """A soft glowing dot for a legal destination."""
    ss = 3
    size = diameter * 2 * ss
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surf, (*rgb, 70), (c, c), diameter * ss * 0.8)
    surf = soft_blur(surf, max(2, diameter * ss // 4))
    pygame.draw.circle(surf, (*rgb, 220), (c, c), diameter * ss * 0.32)
    pygame.draw.circle(surf, (255, 255, 255, 140), (c - diameter * 0.08 * ss, c - diameter * 0.08 * ss),
                       diameter * ss * 0.12)
    return pygame.transform.smoothscale(surf, (size // ss, size // ss))


def palindromes(line: Sequence[int | None]) -> list[tuple[int, int]]:
    """(start, length) of every palindromic run of length >= 2 (runs stop at gaps), left to right
    (`game.order_chaos.public.palindromes`, the game-over boards' runs, as (start, length))."""
    return [(a, b - a + 1) for a, b in sorted(line_runs(line))]


def explain_line(label: str, line: Sequence[int | None], score: int, limit: int = 6) -> str:
    """Tooltip text for one row or column score."""
    runs = sorted(palindromes(line), key=lambda p: (-p[1], p[0]))
    if not runs:
        return (f"{label}: 0 points.\nA line scores every run that reads the same both ways "
                "(two or more counters, no gaps), each worth its length.")
    parts = []
    for start, length in runs[:limit]:
        names = "-".join(colour_of(v).name for v in line[start:start + length] if v is not None)
        parts.append(f"{names} ({length})")
    more = f"\n...and {len(runs) - limit} more" if len(runs) > limit else ""
    return f"{label}: {score} points from {len(runs)} palindromes:\n" + "\n".join(parts) + more


def pouch_fallback(size: int, rgb: Colour) -> pygame.Surface:
    """A simple drawn bag when the icon file is missing."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    body = pygame.Rect(size * 0.15, size * 0.3, size * 0.7, size * 0.62)
    pygame.draw.ellipse(surf, rgb, body)
    pygame.draw.polygon(surf, rgb, [(size * 0.35, size * 0.12), (size * 0.65, size * 0.12),
                                    (size * 0.58, size * 0.36), (size * 0.42, size * 0.36)])
    return surf
