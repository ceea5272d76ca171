"""Playing-card pieces any card game can compose: frame, shared back, shadow, flip.

All art is procedural and drawn supersampled (2x, then smoothscaled) so edges
are smooth; callers cache the results per size (faces are built once per
card and size, never per frame).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.sprites.blur import soft_blur

Colour = tuple[int, int, int]
SS = 2
"""Supersampling factor for card art."""

BACK_INK: Colour = (214, 172, 96)
BACK_FILL: Colour = (26, 30, 52)


def radius_for(w: int) -> int:
    return max(4, int(w * 0.08))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: Colour, f: float) -> Colour:
    return (max(0, min(255, int(c[0] * f))), max(0, min(255, int(c[1] * f))), max(0, min(255, int(c[2] * f))))


def gradient_card(w: int, h: int, top: Colour, bottom: Colour, edge: Colour, edge_w: float = 0.035) -> pygame.Surface:
    """A rounded card at SS scale: vertical gradient, outer edge line and an inner hairline."""
    W, H = w * SS, h * SS
    r = radius_for(w) * SS
    body = pygame.Surface((W, H), pygame.SRCALPHA)
    for y in range(H):
        pygame.draw.line(body, mix(top, bottom, y / max(1, H - 1)), (0, y), (W, y))
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    ew = max(2, int(w * edge_w * SS))
    pygame.draw.rect(body, edge, body.get_rect(), width=ew, border_radius=r)
    inner = body.get_rect().inflate(-ew * 3, -ew * 3)
    pygame.draw.rect(body, (*shade(edge, 0.75), 150), inner, width=max(1, ew // 2), border_radius=max(2, r - ew))
    return body


def finish(surface: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """Scale an SS-size drawing down to the card size."""
    out = pygame.transform.smoothscale(surface, (w, h))
    return out.convert_alpha() if pygame.display.get_surface() else out


@lru_cache(maxsize=64)
def card_back(w: int, h: int) -> pygame.Surface:
    """The shared back of every card: a brass compass rose on a night-blue lattice."""
    s = gradient_card(w, h, (34, 40, 70), (18, 20, 38), BACK_INK)
    W, H = s.get_size()
    cx, cy = W / 2, H / 2
    ink = (*BACK_INK, 60)
    step = max(6, int(W * 0.16))
    lattice = pygame.Surface((W, H), pygame.SRCALPHA)
    for k in range(-H // step - 2, W // step + 3):
        x0 = k * step
        pygame.draw.line(lattice, ink, (x0, 0), (x0 + H, H), max(1, SS))
        pygame.draw.line(lattice, ink, (x0, H), (x0 + H, 0), max(1, SS))
    inset = pygame.Rect(0, 0, W, H).inflate(-int(W * 0.16), -int(W * 0.16))
    clip = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), inset, border_radius=radius_for(w) * SS)
    lattice.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(lattice, (0, 0))
    pygame.draw.rect(s, (*BACK_INK, 180), inset, width=max(1, SS), border_radius=radius_for(w) * SS)
    # the rose: eight rays and two rings
    r = min(W, H) * 0.3
    pygame.draw.circle(s, (20, 22, 40, 255), (cx, cy), r * 1.05)
    for i in range(8):
        a = i * math.pi / 4
        length = r if i % 2 == 0 else r * 0.6
        tip = (cx + math.cos(a) * length, cy + math.sin(a) * length)
        left = (cx + math.cos(a + 0.5) * r * 0.16, cy + math.sin(a + 0.5) * r * 0.16)
        right = (cx + math.cos(a - 0.5) * r * 0.16, cy + math.sin(a - 0.5) * r * 0.16)
        pygame.draw.polygon(s, BACK_INK if i % 2 == 0 else shade(BACK_INK, 0.7), [left, tip, right, (cx, cy)])
    pygame.draw.circle(s, BACK_INK, (cx, cy), r * 1.05, width=max(1, SS))
    pygame.draw.circle(s, BACK_INK, (cx, cy), r * 0.22)
    pygame.draw.circle(s, (20, 22, 40), (cx, cy), r * 0.1)
    return finish(s, w, h)


@lru_cache(maxsize=64)
def card_shadow(w: int, h: int, spread: int = 6) -> pygame.Surface:
    """A soft drop shadow for a card of this size (blit at card pos - spread, + offset)."""
    out = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    pygame.draw.rect(out, (0, 0, 0, 130), pygame.Rect(spread, spread, w, h), border_radius=radius_for(w))
    return soft_blur(out, max(2, spread))


@lru_cache(maxsize=24)
def slot_outline(w: int, h: int, rgb: Colour = (150, 122, 74), alpha: int = 150) -> pygame.Surface:
    """An empty card place: a dashed rounded outline on a faint fill."""
    W, H = w * SS, h * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    r = radius_for(w) * SS
    pygame.draw.rect(s, (0, 0, 0, 60), s.get_rect(), border_radius=r)
    dash = max(6, W // 9)
    lw = max(2, SS)
    for x in range(r, W - r, dash * 2):
        pygame.draw.line(s, (*rgb, alpha), (x, lw // 2), (min(W - r, x + dash), lw // 2), lw)
        pygame.draw.line(s, (*rgb, alpha), (x, H - 1 - lw // 2), (min(W - r, x + dash), H - 1 - lw // 2), lw)
    for y in range(r, H - r, dash * 2):
        pygame.draw.line(s, (*rgb, alpha), (lw // 2, y), (lw // 2, min(H - r, y + dash)), lw)
        pygame.draw.line(s, (*rgb, alpha), (W - 1 - lw // 2, y), (W - 1 - lw // 2, min(H - r, y + dash)), lw)
    return finish(s, w, h)


@lru_cache(maxsize=256)
def glow_frame(w: int, h: int, rgb: Colour, thick: int = 3) -> pygame.Surface:
    """A glowing outline around a card (legal target, selection); blit at pos - pad."""
    pad = thick * 4
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    rect = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(out, (*rgb, 160), rect.inflate(thick * 2, thick * 2), width=thick * 2,
                     border_radius=radius_for(w) + thick)
    out = soft_blur(out, max(2, thick * 2))
    pygame.draw.rect(out, (*rgb, 240), rect.inflate(thick, thick), width=max(2, thick - 1),
                     border_radius=radius_for(w) + thick // 2)
    return out


def flip_frame(back: pygame.Surface, face: pygame.Surface, t: float) -> pygame.Surface:
    """A card turning over at progress t in [0, 1]: the back squashes to an edge, then the face grows."""
    w, h = face.get_size()
    if t < 0.5:
        sx = math.cos(t * math.pi)
        img = back
    else:
        sx = -math.cos(t * math.pi)
        img = face
    width = max(1, int(w * sx))
    lift = int(h * 0.04 * math.sin(t * math.pi))
    squashed = pygame.transform.smoothscale(img, (width, h + lift))
    return squashed
