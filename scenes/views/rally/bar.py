"""The entropy bar: the clock of an Entropy Rally game, from −1000 to the heat death at 0.

Reads left to right: a label block with the current value, a track whose filled
part (cool blue turning to ember red) is the entropy reached so far, ticks every
100 with labels every 200, a pin for each portal at its threshold (in the owner's
colour and shape; lit while the portal works, struck out once entropy passed it),
and the dying sun of the heat death at the right end. Entropy below −1000 stretches
the scale (`scale_start`) with the game's start marked. Drawn for 600–1000 px
widths; the track is cached per size and each finished bar per value, so an
animated entropy change only re-composes a few blits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import pygame

from scenes.sprites.card import mix, shade
from scenes.sprites.counter import draw_symbol
from scenes.sprites.hex import hex_corners
from scenes.views.rally import icons
from scenes.views.rally.art import font, outlined, player_look, signed

Colour = tuple[int, int, int]
PortalMark = tuple[int, int | None, bool]
"""(threshold, owner or None, active) of one portal on the map."""

START = -1000
END = 0
_STOPS: tuple[tuple[float, Colour], ...] = (
    (0.0, (70, 130, 255)), (0.45, (150, 96, 230)), (0.75, (255, 140, 60)), (1.0, (255, 58, 40)),
)


def scale_start(*values: float) -> int:
    """Where the bar's scale starts: −1000, or lower (in steps of 200) when entropy has gone
    below the game's start (Tidy Up and Neatly Organized Space lower it), so the needle still
    points at the value, clear of the left end, instead of sticking to it."""
    low = min((START, *values))
    if low >= START:
        return START
    return int(((low - 100) // 200) * 200)  # at least 100 of room left of the needle


def heat_colour(t: float) -> Colour:
    """The bar's colour at fraction `t` of the way from −1000 (0) to the heat death (1)."""
    t = max(0.0, min(1.0, t))
    for (t0, c0), (t1, c1) in pairwise(_STOPS):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0))
    return _STOPS[-1][1]


@dataclass(frozen=True)
class BarGeometry:
    """Where the parts of a bar of a given size go (also used by views for hit tests)."""

    width: int
    height: int

    @property
    def label_w(self) -> int:
        return max(96, min(140, int(self.width * 0.14)))

    @property
    def cap_w(self) -> int:
        return max(84, min(110, int(self.width * 0.1)))

    @property
    def track(self) -> pygame.Rect:
        x0 = self.label_w + 10
        x1 = self.width - self.cap_w - 6
        h = max(10, int(self.height * 0.28))
        return pygame.Rect(x0, int(self.height * 0.36), x1 - x0, h)

    def x_of(self, entropy: float, start: int = START) -> float:
        """Pixel x of an entropy value on the track."""
        t = (entropy - start) / (END - start)
        tr = self.track
        return tr.x + max(0.0, min(1.0, t)) * tr.w


@lru_cache(maxsize=8)
def _track(width: int, height: int, start: int, lit: bool) -> pygame.Surface:
    """The track's gradient, bright (`lit`, the part already reached) or dim."""
    tr = BarGeometry(width, height).track
    s = pygame.Surface(tr.size, pygame.SRCALPHA)
    for x in range(tr.w):
        col = heat_colour(x / max(1, tr.w - 1))
        if not lit:
            col = mix(shade(col, 0.42), (26, 28, 40), 0.35)
        pygame.draw.line(s, col, (x, 0), (x, tr.h))
    if lit:
        pygame.draw.line(s, (255, 255, 255, 90), (0, 1), (tr.w, 1))
    mask = pygame.Surface(tr.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=tr.h // 2)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return s


@lru_cache(maxsize=8)
def _frame(width: int, height: int, start: int) -> pygame.Surface:
    """Everything that does not depend on the current value: panel, ticks, labels, heat death cap."""
    g = BarGeometry(width, height)
    tr = g.track
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(s, (16, 18, 30, 235), s.get_rect(), border_radius=10)
    pygame.draw.rect(s, (120, 100, 64, 220), s.get_rect(), width=1, border_radius=10)
    head = font(max(10, int(height * 0.2)), "bold").render("ENTROPY", True, (170, 176, 196))
    s.blit(head, (12, int(height * 0.1)))
    # ticks every 100, labels every 200 (the 0 end is the heat death's)
    small = font(max(9, int(height * 0.17)), "regular")
    for v in range(start, END + 1, 100):
        x = round(g.x_of(v, start))
        major = (v - start) % 200 == 0
        y0 = tr.bottom + 2
        pygame.draw.line(s, (150, 156, 172) if major else (90, 96, 112), (x, y0), (x, y0 + (6 if major else 3)))
        if major and v != END:
            img = small.render(signed(v), True, (150, 156, 172))
            s.blit(img, img.get_rect(midtop=(x, y0 + 6)))
    if start < START:
        # the scale was stretched below the game's start: mark where the game began
        x = round(g.x_of(START, start))
        pygame.draw.line(s, (236, 204, 132), (x, tr.top - 5), (x, tr.bottom + 8), 2)
        img = small.render("start", True, (236, 204, 132))
        s.blit(img, img.get_rect(midbottom=(x, tr.top - 4)))
    # heat death cap
    cx = width - g.cap_w / 2 - 2
    d = int(min(g.cap_w * 0.8, height * 0.56))
    sun = pygame.Surface((d * 3, d * 3), pygame.SRCALPHA)
    icons.dying_sun(sun, (d * 1.5, d * 1.5), d * 3)
    sun = pygame.transform.smoothscale(sun, (d, d))
    s.blit(sun, sun.get_rect(center=(round(cx), round(height * 0.4))))
    cap = font(max(9, int(height * 0.17)), "bold")
    img = cap.render("HEAT  DEATH", True, (255, 196, 170))
    s.blit(img, img.get_rect(midbottom=(round(cx), height - 3)))
    return s


def pin_radius(g: BarGeometry) -> int:
    return max(6, int(g.height * 0.14))


def _pin(s: pygame.Surface, x: float, g: BarGeometry, mark: PortalMark, head_x: float) -> None:
    """A portal's threshold: a line across the track and a hex head above it (at `head_x`, so
    portals sharing a threshold sit side by side) with the owner's shape."""
    _, owner, active = mark
    tr = g.track
    col = player_look(owner).colour if active else (110, 110, 122)
    r = pin_radius(g)
    cy = tr.top - r - 1
    pygame.draw.line(s, icons.INK_DARK, (x, tr.top - 2), (x, tr.bottom + 1), 4)
    pygame.draw.line(s, col, (x, tr.top - 2), (x, tr.bottom + 1), 2)
    if head_x != x:
        pygame.draw.line(s, col, (x, tr.top - 2), (head_x, cy), 2)
    head = _pin_head(r, owner, active)
    s.blit(head, head.get_rect(center=(round(head_x), round(cy))))


@lru_cache(maxsize=32)
def _pin_head(r: int, owner: int | None, active: bool) -> pygame.Surface:
    """The hex head of a portal pin: purple while the portal works, grey and struck out after."""
    look = player_look(owner)
    col = look.colour if active else (110, 110, 122)
    ss = 3
    head = pygame.Surface((r * 2 * ss + 2, r * 2 * ss + 2), pygame.SRCALPHA)
    c = head.get_width() / 2
    pygame.draw.polygon(head, icons.INK_DARK, hex_corners(c, c, r * ss))
    pygame.draw.polygon(head, (*icons.PORTAL, 255) if active else (60, 58, 70, 255), hex_corners(c, c, r * ss * 0.8))
    pygame.draw.polygon(head, col, hex_corners(c, c, r * ss * 0.86), width=ss * 2)
    if owner is not None:
        draw_symbol(head, look.symbol, (c, c), r * ss * 0.42, (255, 255, 255) if active else (150, 150, 160))
    if not active:
        pygame.draw.line(head, (255, 120, 100), (c - r * ss * 0.7, c + r * ss * 0.7), (c + r * ss * 0.7, c - r * ss * 0.7), ss * 2)
    return pygame.transform.smoothscale(head, (head.get_width() // ss, head.get_height() // ss))


@lru_cache(maxsize=64)
def entropy_bar(width: int, height: int, entropy: int, portals: tuple[PortalMark, ...] = (),
                start: int = START) -> pygame.Surface:
    """The finished bar for this value and these portals (pass a tuple, sorted, so it caches)."""
    g = BarGeometry(width, height)
    tr = g.track
    # a fresh surface plus an additive blit copies the frame faster than Surface.copy()
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    s.blit(_frame(width, height, start), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    s.blit(_track(width, height, start, False), tr.topleft)
    x = g.x_of(entropy, start)
    fill = round(x - tr.x)
    if fill > 0:
        lit = _track(width, height, start, True)
        s.blit(lit, tr.topleft, pygame.Rect(0, 0, fill, tr.h))
    pygame.draw.rect(s, (6, 6, 12), tr.inflate(2, 2), width=1, border_radius=tr.h // 2 + 1)
    spacing = pin_radius(g) * 1.9
    for threshold in sorted({m[0] for m in portals}):
        group = [m for m in portals if m[0] == threshold]
        x_pin = g.x_of(threshold, start)
        for i, mark in enumerate(group):
            _pin(s, x_pin, g, mark, x_pin + (i - (len(group) - 1) / 2) * spacing)
    # the needle: a white line through the track with a pointer below
    pygame.draw.line(s, icons.INK_DARK, (x, tr.top - 4), (x, tr.bottom + 4), 5)
    pygame.draw.line(s, (255, 255, 255), (x, tr.top - 4), (x, tr.bottom + 4), 3)
    k = max(5, int(height * 0.09))
    pygame.draw.polygon(s, (255, 255, 255), [(x, tr.bottom + 2), (x - k, tr.bottom + 2 + k * 1.3), (x + k, tr.bottom + 2 + k * 1.3)])
    value = outlined(signed(entropy), max(14, int(height * 0.4)), heat_colour((entropy - start) / (END - start)), "display")
    s.blit(value, value.get_rect(topleft=(10, int(height * 0.34))))
    return s


def portal_marks(tiles: Sequence[Mapping[str, object]]) -> tuple[PortalMark, ...]:
    """The pins for a view's tile list (portals with a threshold), ready for `entropy_bar`."""
    out: list[PortalMark] = []
    for t in tiles:
        th = t.get("threshold")
        if t.get("kind") == "portal" and isinstance(th, int):
            owner = t.get("owner")
            out.append((th, owner if isinstance(owner, int) else None, bool(t.get("active", True))))
    return tuple(sorted(out, key=lambda m: (m[0], -1 if m[1] is None else m[1], m[2])))
