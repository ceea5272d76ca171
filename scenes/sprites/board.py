"""A square grid board: a brass frame around a walnut inlay with recessed wells.

`GridGeometry` maps cells to pixels and back; `board_surface` draws the empty
board once per size (cached), so frames only blit it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes.sprites.blur import soft_blur

Colour = tuple[int, int, int]
BRASS_LIGHT: Colour = (236, 204, 132)
BRASS: Colour = (184, 146, 80)
BRASS_DARK: Colour = (104, 76, 36)
WOOD: Colour = (86, 56, 36)
WELL: Colour = (40, 30, 26)


@dataclass(frozen=True)
class GridGeometry:
    """Where an n x n board sits on screen: frame, cells and their centres."""

    rect: pygame.Rect
    n: int

    @property
    def frame(self) -> int:
        return max(10, int(self.rect.width * 0.055))

    @property
    def gap(self) -> float:
        return max(2.0, self.inner.width * 0.014)

    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * self.frame, -2 * self.frame)

    @property
    def cell(self) -> float:
        return (self.inner.width - (self.n + 1) * self.gap) / self.n

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        x = self.inner.x + self.gap + c * (self.cell + self.gap)
        y = self.inner.y + self.gap + r * (self.cell + self.gap)
        return pygame.Rect(round(x), round(y), round(self.cell), round(self.cell))

    def centre(self, r: int, c: int) -> tuple[float, float]:
        x = self.inner.x + self.gap + c * (self.cell + self.gap) + self.cell / 2
        y = self.inner.y + self.gap + r * (self.cell + self.gap) + self.cell / 2
        return (x, y)

    def cell_at(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        """The cell under `pos`, counting the gaps as belonging to the nearest cell."""
        x, y = pos[0] - self.inner.x - self.gap / 2, pos[1] - self.inner.y - self.gap / 2
        step = self.cell + self.gap
        if x < 0 or y < 0:
            return None
        c, r = int(x // step), int(y // step)
        if 0 <= r < self.n and 0 <= c < self.n:
            return (r, c)
        return None


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def _wood(w: int, h: int, seed: int = 3) -> pygame.Surface:
    """Walnut with long wavy grain."""
    rnd = random.Random(seed)
    surf = pygame.Surface((w, h))
    phase = rnd.random() * 10
    for y in range(h):
        g = 0.5 + 0.25 * math.sin(y * 0.21 + 2.5 * math.sin(y * 0.013 + phase)) + 0.25 * math.sin(y * 0.047)
        pygame.draw.line(surf, _mix(_mix(WOOD, (52, 32, 20), 0.6), _mix(WOOD, (128, 88, 56), 0.35), g),
                         (0, y), (w, y))
    streaks = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(h // 6):
        y0 = rnd.uniform(0, h)
        amp, freq, ph = rnd.uniform(1, 6), rnd.uniform(0.004, 0.02), rnd.uniform(0, 6)
        pts = [(x, y0 + amp * math.sin(x * freq + ph)) for x in range(0, w + 8, 8)]
        colour = (30, 18, 10, rnd.randint(18, 45)) if rnd.random() < 0.7 else (170, 120, 80, rnd.randint(10, 25))
        pygame.draw.lines(streaks, colour, False, pts, rnd.choice((1, 1, 2)))
    surf.blit(streaks, (0, 0))
    return surf


def _brass(surf: pygame.Surface, rect: pygame.Rect, seed: int = 5) -> None:
    """Brushed brass: a diagonal light-to-dark sheen with fine horizontal streaks."""
    rnd = random.Random(seed)
    for i in range(rect.height):
        t = i / max(1, rect.height - 1)
        sheen = 0.5 + 0.5 * math.cos(t * math.pi * 1.1 + 0.3)
        colour = _mix(BRASS_DARK, BRASS_LIGHT, 0.25 + 0.75 * sheen)
        colour = _mix(colour, (255, 240, 200) if rnd.random() < 0.5 else (90, 64, 30), rnd.random() * 0.06)
        pygame.draw.line(surf, colour, (rect.x, rect.y + i), (rect.right - 1, rect.y + i))


@lru_cache(maxsize=8)
def board_surface(size: int, n: int, labels: bool = True, font_path: str | None = None) -> pygame.Surface:
    """The empty board, `size` pixels square, with a transparent soft shadow margin."""
    geo = GridGeometry(pygame.Rect(0, 0, size, size), n)
    pad = max(8, size // 30)
    out = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 170), pygame.Rect(pad + pad // 3, pad + pad // 2, size, size),
                     border_radius=size // 40)
    out.blit(soft_blur(shadow, max(2, pad // 2)), (0, 0))
    board = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size // 40
    # brass frame with a gradient, masked to rounded corners
    frame = pygame.Surface((size, size), pygame.SRCALPHA)
    _brass(frame, frame.get_rect())
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    frame.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    board.blit(frame, (0, 0))
    pygame.draw.rect(board, (255, 236, 180), board.get_rect(), width=2, border_radius=radius)
    pygame.draw.rect(board, (70, 50, 24), board.get_rect().inflate(-6, -6), width=1, border_radius=radius)
    inner = geo.inner
    # engraved groove between frame and inlay
    pygame.draw.rect(board, (60, 42, 18), inner.inflate(8, 8), border_radius=4)
    pygame.draw.rect(board, (250, 224, 160), inner.inflate(8, 8).move(1, 1), width=1, border_radius=4)
    board.blit(_wood(inner.width, inner.height), inner.topleft)
    # recessed wells: dark fill, inner shadow top-left, light lip bottom-right
    cr = max(3, int(geo.cell * 0.14))
    for r in range(n):
        for c in range(n):
            cell = geo.cell_rect(r, c)
            pygame.draw.rect(board, (120, 86, 56), cell.move(1, 1), border_radius=cr)
            pygame.draw.rect(board, WELL, cell, border_radius=cr)
            pygame.draw.rect(board, (26, 19, 16), cell.inflate(-2, -2).move(-1, -1), width=max(2, int(geo.cell * 0.05)),
                             border_radius=cr)
            pygame.draw.rect(board, (58, 44, 36), cell.inflate(-int(geo.cell * 0.18), -int(geo.cell * 0.18)).move(1, 1),
                             border_radius=cr)
    if labels:
        font = pygame.font.Font(font_path, max(11, int(geo.frame * 0.62)))
        font.set_bold(font_path is None)
        ink = (62, 40, 14)
        for i in range(n):
            cx, cy = geo.centre(i, i)
            for text, pos in ((chr(ord("A") + i), (geo.frame / 2, cy)), (chr(ord("a") + i), (cx, geo.frame / 2))):
                img = font.render(text, True, ink)
                hi = font.render(text, True, (255, 236, 186))
                rect = img.get_rect(center=(int(pos[0]), int(pos[1])))
                board.blit(hi, rect.move(1, 1))
                board.blit(img, rect)
    out.blit(board, (pad, pad))
    return out


def board_pad(size: int) -> int:
    """The shadow margin `board_surface` adds around the board."""
    return max(8, size // 30)
