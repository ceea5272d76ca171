"""Entropy Rally card faces: a pictogram per card kind, the energy cost and the entropy change.

Built on the generic frames of `scenes/sprites/card.py` (and its shared back) and
cached per kind, numbers and size. A face takes plain data — the kind id from
`docs/rally-contract.md` plus the name, energy cost and entropy change the engine's
data file gives that kind — so the art never reads engine objects. Big faces (hand,
tooltips) carry the name; small ones (h < 90 px: a hand of ten at 1024x640, a ship's program
slots) a short name ("L 60°", "Move 2") over the entropy badge, and the tiniest (under
`SHORT_MIN_H`) the pictogram and the badges only.

Card colour says what a card does: blue moves, teal turns, red strikes, brass
builds and banks, green tidies.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.sprites.blur import soft_blur
from scenes.sprites.card import SS, card_back, finish, gradient_card, mix, shade
from scenes.sprites.hex import glow_layer
from scenes.views.rally import icons
from scenes.views.rally.art import font, outlined, signed

Colour = tuple[int, int, int]
Point = tuple[float, float]

CARD_KINDS: tuple[str, ...] = ("move1", "move2", "move3", "right60", "right120", "turn180", "left120", "left60",
                               "laser", "wave", "titanium_portal", "build_ship", "tidy_up")

DEFAULT_NAMES: dict[str, str] = {
    "move1": "Move 1", "move2": "Move 2", "move3": "Move 3",
    "right60": "Right 60\u00b0", "right120": "Right 120\u00b0", "turn180": "Turn 180\u00b0",
    "left120": "Left 120\u00b0", "left60": "Left 60\u00b0",
    "laser": "Laser", "wave": "Gravity Wave", "titanium_portal": "Titanium Portal",
    "build_ship": "Build Ship", "tidy_up": "Tidy Up",
}
"""Fallback names; the table passes the names from the engine's data file."""

SHORT_NAMES: dict[str, tuple[str, ...]] = {
    "move1": ("Move 1", "Mv 1"), "move2": ("Move 2", "Mv 2"), "move3": ("Move 3", "Mv 3"),
    "right60": ("R 60\u00b0",), "right120": ("R 120\u00b0",), "turn180": ("U-turn", "180\u00b0"),
    "left120": ("L 120\u00b0",), "left60": ("L 60\u00b0",),
    "laser": ("Laser",), "wave": ("Wave",), "titanium_portal": ("Portal",), "build_ship": ("Build",),
    "tidy_up": ("Tidy",),
}
"""What a small face (a hand of ten, a program slot) says its card is, longest first: the first
that fits its width at a readable size; the turns by their side, R or L, as the big faces' names do (issue 17: the two 60\u00b0 turns differed by a small arrow)."""
SHORT_MIN_PX = 8
"""The smallest short name drawn (final pixels); below it the face keeps the pictogram alone."""
SHORT_MAX_PX = 12
SHORT_MIN_H = 44
"""The smallest face (px tall) with a short name: below it the name would crowd out the picture."""

TURNS: dict[str, int] = {"right60": 60, "right120": 120, "turn180": 180, "left120": -120, "left60": -60}
MOVES: dict[str, int] = {"move1": 1, "move2": 2, "move3": 3}

_FAMILY: dict[str, Colour] = {"move": (74, 140, 236), "turn": (40, 178, 170), "strike": (226, 84, 84),
                              "build": (214, 172, 96), "tidy": (96, 206, 150)}
INK: Colour = (244, 240, 228)


def family(kind: str) -> str:
    """The colour family of a card kind: move, turn, strike, build or tidy."""
    if kind in MOVES:
        return "move"
    if kind in TURNS:
        return "turn"
    if kind in ("laser", "wave"):
        return "strike"
    if kind == "tidy_up":
        return "tidy"
    return "build"


def family_colour(kind: str) -> Colour:
    return _FAMILY[family(kind)]


# --- pictograms (drawn at SS scale inside a box of side `size` centred on `c`) --------------------------
def _mini_ship(s: pygame.Surface, c: Point, length: float, rgb: Colour, angle: float = -90.0) -> None:
    hull = icons.place(icons.ship_hull(length), c, angle)
    pygame.draw.polygon(s, rgb, hull)
    pygame.draw.polygon(s, icons.INK_DARK, hull, width=max(1, int(length * 0.05)))


def pictogram(s: pygame.Surface, kind: str, c: Point, size: float, small: bool) -> None:
    """The picture in the middle of a card of `kind`."""
    col = mix(family_colour(kind), INK, 0.35)
    cx, cy = c
    if kind in MOVES:
        n = MOVES[kind]
        step = size * 0.27
        top = cy - (n - 1) * step / 2 - size * 0.04
        for i in range(n):
            icons.chevron(s, (cx, top + i * step), size * 0.62, col)
        pygame.draw.circle(s, shade(col, 0.7), (cx, top + (n - 1) * step + size * 0.3), size * 0.07)
    elif kind in TURNS:
        deg = TURNS[kind]
        _mini_ship(s, (cx, cy + size * 0.02), size * 0.42, INK)
        icons.turn_arc(s, (cx, cy + size * 0.02), size * 0.38, deg, col, size * 0.075)
        if not small:
            txt = outlined(f"{abs(deg)}\u00b0", max(8, int(size * 0.2)), INK)
            s.blit(txt, txt.get_rect(center=(round(cx - math.copysign(size * 0.32, deg)), round(cy + size * 0.38))))
    elif kind == "laser":
        _mini_ship(s, (cx, cy + size * 0.3), size * 0.34, INK)
        beam = pygame.Rect(0, 0, size * 0.12, size * 0.66)
        beam.midbottom = (round(cx), round(cy + size * 0.1))
        glow = glow_layer(s.get_size(), col)
        pygame.draw.rect(glow, (*col, 140), beam.inflate(size * 0.16, size * 0.1), border_radius=int(size * 0.1))
        s.blit(soft_blur(glow, max(2, int(size * 0.05))), (0, 0))
        pygame.draw.rect(s, col, beam, border_radius=int(size * 0.06))
        pygame.draw.rect(s, (255, 255, 255), beam.inflate(-size * 0.07, -size * 0.08), border_radius=int(size * 0.03))
        icons.arrow_head(s, (cx, beam.top - size * 0.12), -90.0, size * 0.16, col)
    elif kind == "wave":
        _mini_ship(s, (cx, cy + size * 0.32), size * 0.34, INK)
        for k, rr in enumerate((0.22, 0.42, 0.62)):
            rect = pygame.Rect(0, 0, size * rr * 2, size * rr * 2)
            rect.center = (round(cx), round(cy + size * 0.18))
            pygame.draw.arc(s, col, rect, math.radians(50), math.radians(130), max(2, int(size * (0.085 - k * 0.01))))
    elif kind == "titanium_portal":
        icons.swirl(s, (cx + size * 0.1, cy - size * 0.08), size * 0.72, mix(icons.PORTAL, INK, 0.2), width=0.08)
        icons.crystals(s, (cx - size * 0.24, cy + size * 0.2), size * 0.42, icons.TITANIUM)
        icons.arrow_head(s, (cx + size * 0.02, cy + size * 0.05), -40.0, size * 0.16, INK)
    elif kind == "build_ship":
        _mini_ship(s, (cx - size * 0.08, cy + size * 0.06), size * 0.62, col)
        w = size * 0.05
        px, py = cx + size * 0.3, cy - size * 0.28
        pygame.draw.rect(s, INK, pygame.Rect(px - size * 0.15, py - w, size * 0.3, w * 2))
        pygame.draw.rect(s, INK, pygame.Rect(px - w, py - size * 0.15, w * 2, size * 0.3))
    elif kind == "tidy_up":
        icons.tidy_grid(s, (cx, cy), size * 0.66, col)


# --- faces ----------------------------------------------------------------------------------------------
def _cost_badge(s: pygame.Surface, cost: int, centre: Point, r: float) -> None:
    """The energy cost: a yellow disc with a faint bolt behind a dark number."""
    pygame.draw.circle(s, icons.INK_DARK, centre, r * 1.1)
    pygame.draw.circle(s, icons.ENERGY, centre, r)
    icons.bolt(s, centre, r * 1.6, shade(icons.ENERGY, 0.82))
    txt = font(max(7, int(r * (1.15 if cost < 10 else 0.95 if cost < 100 else 0.75))), "bold").render(str(cost), True, icons.INK_DARK)
    s.blit(txt, txt.get_rect(center=(round(centre[0]), round(centre[1] + r * 0.04))))


def _entropy_badge(s: pygame.Surface, change: int, anchor: Point, h: float, align: str) -> None:
    """The entropy change: a pill with an hourglass and a signed number (red up, green down)."""
    rgb = icons.ENTROPY_UP if change > 0 else icons.ENTROPY_DOWN
    txt = font(max(7, int(h * 0.72)), "bold").render(signed(change), True, INK)
    w = txt.get_width() + h * 1.2
    rect = pygame.Rect(0, 0, int(w), int(h))
    setattr(rect, align, (round(anchor[0]), round(anchor[1])))
    pygame.draw.rect(s, icons.INK_DARK, rect.inflate(4, 4), border_radius=rect.height // 2 + 2)
    pygame.draw.rect(s, shade(rgb, 0.5), rect, border_radius=rect.height // 2)
    pygame.draw.rect(s, rgb, rect, width=max(1, int(h * 0.08)), border_radius=rect.height // 2)
    icons.hourglass(s, (rect.x + h * 0.55, rect.centery), h * 0.62, INK)
    s.blit(txt, txt.get_rect(midleft=(round(rect.x + h * 0.98), rect.centery)))


@lru_cache(maxsize=32)
def _halo(col: Colour, size: int) -> pygame.Surface:
    """The soft family-coloured disc behind a pictogram (one per colour and size, shared by kinds)."""
    side = int(size * 1.6)
    halo = glow_layer((side, side), col)
    pygame.draw.circle(halo, (*col, 60), (side / 2, side / 2), size * 0.62)
    return soft_blur(halo, max(2, int(size * 0.1)))


def _name_plate(s: pygame.Surface, label: str, col: Colour) -> None:
    """The name at the bottom: one line if it fits at a readable size, else two."""
    W, H = s.get_size()
    size = int(H * 0.095)
    floor = int(H * 0.072)
    lines = [label]
    img = font(size, "display").render(label, True, INK)
    while img.get_width() > W * 0.86 and size > floor:
        size -= 1
        img = font(size, "display").render(label, True, INK)
    words = label.split()
    if img.get_width() > W * 0.86 and len(words) > 1:
        f = font(size, "display")
        splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
        lines = min(splits, key=lambda pair: max(f.size(part)[0] for part in pair))
        size = int(H * 0.085)
    imgs = [font(size, "display").render(line, True, INK) for line in lines]
    while max(i.get_width() for i in imgs) > W * 0.86 and size > 6:
        size -= 1
        imgs = [font(size, "display").render(line, True, INK) for line in lines]
    line_h = imgs[0].get_height() * 0.92
    plate = pygame.Rect(0, 0, int(W * 0.9), int(line_h * len(imgs) + imgs[0].get_height() * 0.3))
    plate.midbottom = (round(W / 2), round(H * 0.95))
    pygame.draw.rect(s, shade(col, 0.25), plate, border_radius=int(imgs[0].get_height() * 0.4))
    pygame.draw.rect(s, shade(col, 0.8), plate, width=max(1, SS), border_radius=int(imgs[0].get_height() * 0.4))
    y = plate.centery - line_h * (len(imgs) - 1) / 2
    for img in imgs:
        s.blit(img, img.get_rect(center=(plate.centerx, round(y))))
        y += line_h


def short_name(kind: str, w: int, h: int) -> tuple[str, int]:
    """The short name a small face `w`x`h` px carries and its size in px ("", 0: none fits)."""
    if h >= 90 or h < SHORT_MIN_H:
        return "", 0
    for px in range(max(SHORT_MIN_PX, min(SHORT_MAX_PX, int(h * 0.17))), SHORT_MIN_PX - 1, -1):
        f = font(px, "bold")
        for text in SHORT_NAMES.get(kind, (DEFAULT_NAMES.get(kind, kind),)):
            if f.size(text)[0] <= w - 4:
                return text, px
    return "", 0


def _short_strip(s: pygame.Surface, text: str, px: int, col: Colour, bottom: float) -> None:
    """A small face's name on a dark strip across the card, its bottom at `bottom` (SS px)."""
    W = s.get_width()
    img = font(px * SS, "bold").render(text, True, INK)
    strip = pygame.Rect(0, 0, W - 2 * SS, img.get_height())
    strip.midbottom = (round(W / 2), round(bottom))
    pygame.draw.rect(s, shade(col, 0.22), strip, border_radius=strip.height // 3)
    s.blit(img, img.get_rect(center=strip.center))


@lru_cache(maxsize=512)
def card_face(kind: str, w: int, h: int, cost: int, entropy: int = 0, name: str | None = None) -> pygame.Surface:
    """The face of a `kind` card at `w`x`h` px: pictogram, cost badge, entropy badge, name (if big)."""
    col = family_colour(kind)
    s = gradient_card(w, h, mix(shade(col, 0.42), (30, 34, 54), 0.35), (16, 18, 30), mix(col, (214, 172, 96), 0.35))
    W, H = s.get_size()
    small = h < 90
    short, short_px = short_name(kind, w, h)
    # a soft disc behind the picture, in the family colour
    pc = (W / 2, H * (0.55 if small else 0.47))
    psize = min(W * (0.9 if small else 0.74), H * (0.56 if small else 0.44))
    strip_bottom = H * 0.95 - (W * 0.27 + 3 * SS if entropy else 0)
    if short:  # the picture between the cost badge and the name
        top, bottom = W * 0.12, strip_bottom - short_px * SS * 1.3
        pc = (W * 0.54, (top + bottom) / 2 + W * 0.04)
        psize = min(W * 0.8, max(bottom - top, 1) * 1.05)
    s.blit(_halo(col, round(psize)), _halo(col, round(psize)).get_rect(center=(round(pc[0]), round(pc[1]))))
    pictogram(s, kind, pc, psize, small)
    r = W * (0.15 if not small else 0.19)
    _cost_badge(s, cost, (W * 0.06 + r, W * 0.06 + r), r)
    if short:
        _short_strip(s, short, short_px, col, strip_bottom)
    elif small and kind in TURNS:
        deg = font(max(7, int(r * 1.05)), "bold").render(f"{abs(TURNS[kind])}\u00b0", True, INK)
        s.blit(deg, deg.get_rect(topright=(round(W * 0.95), round(W * 0.07))))
    if entropy:
        if small:
            _entropy_badge(s, entropy, (W / 2, H * 0.95), W * 0.27, "midbottom")
        else:
            _entropy_badge(s, entropy, (W * 0.93, W * 0.08), W * 0.17, "topright")
    if not small:
        _name_plate(s, (name or DEFAULT_NAMES.get(kind, kind)).upper(), col)
    return finish(s, w, h)


def back(w: int, h: int) -> pygame.Surface:
    """The back every card of the app shares."""
    return card_back(w, h)
