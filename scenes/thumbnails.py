"""Small pictures of each game for the menu and set-up screens, drawn procedurally.

`thumbnail(game_id, size)` returns a cached surface from the painter the game's manifest
names (`GameManifest.thumbnail`); a game without one gets a neutral tile with its initials,
so a newly registered game never breaks the menu.
"""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache
from typing import Callable

import pygame

from game.core.registry import manifest_entry
from scenes.kit import palette
from game.order_chaos.colours import counter_colours as oc_counter_colours


def counter_colours() -> list[tuple[int, int, int]]:
    """The Order & Chaos counter colours, as the game's view reads them from its data file
    (`game.order_chaos.colours.counter_colours`, cached); two greys should that fail: the picture is decoration,
    never a reason for the menu to fail."""
    try:
        return [c.rgb for c in oc_counter_colours()]
    except Exception:  # noqa: BLE001 - decoration only
        return [palette.TEXT_DIM, palette.TEXT]


def draw_counter(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: tuple[int, int, int]) -> None:
    """A glossy round counter: shadow, rim, face, highlight."""
    x, y = centre
    pygame.draw.circle(surface, (0, 0, 0, 90) if surface.get_flags() & pygame.SRCALPHA else (10, 10, 14),
                       (x + max(1, radius // 6), y + max(1, radius // 5)), radius)
    dark = tuple(int(c * 0.62) for c in colour)
    pygame.draw.circle(surface, dark, centre, radius)
    pygame.draw.circle(surface, colour, centre, max(1, radius - max(1, radius // 6)))
    light = tuple(min(255, int(c + (255 - c) * 0.45)) for c in colour)
    pygame.draw.circle(surface, light, (x - radius // 3, y - radius // 3), max(1, radius // 4))


def paint_order_chaos(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (38, 30, 24), surf.get_rect(), border_radius=max(4, w // 14))
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    n = 5
    margin = max(6, w // 10)
    cell = (min(w, h) - 2 * margin) / n
    ox = (w - cell * n) / 2
    oy = (h - cell * n) / 2
    colours = counter_colours()
    # a position with a highlighted palindrome on the middle row
    layout = {
        (0, 1): 4, (0, 3): 0, (1, 0): 2, (1, 2): 5, (1, 4): 3,
        (2, 0): 0, (2, 1): 4, (2, 2): 2, (2, 3): 4, (2, 4): 0,
        (3, 1): 1, (3, 3): 6, (4, 0): 3, (4, 2): 1, (4, 4): 5,
    }
    for r in range(n):
        for c in range(n):
            rect = pygame.Rect(round(ox + c * cell) + 1, round(oy + r * cell) + 1, round(cell) - 2, round(cell) - 2)
            pygame.draw.rect(surf, palette.CELL, rect, border_radius=max(2, int(cell) // 8))
    band = pygame.Rect(round(ox) - 2, round(oy + 2 * cell) - 2, round(cell * n) + 4, round(cell) + 4)
    pygame.draw.rect(surf, palette.ACCENT, band, width=max(2, w // 64), border_radius=max(3, int(cell) // 4))
    for (r, c), k in layout.items():
        centre = (round(ox + (c + 0.5) * cell), round(oy + (r + 0.5) * cell))
        draw_counter(surf, centre, max(3, int(cell * 0.36)), colours[k % len(colours)])
    return surf


def _fallback(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    digest = hashlib.sha1(game_id.encode("utf-8")).digest()
    hue = digest[0] / 255 * 360
    base = pygame.Color(0)
    base.hsva = (hue, 45, 42, 100)
    pygame.draw.rect(surf, base, surf.get_rect(), border_radius=max(4, w // 14))
    # a small hex lattice as a neutral motif
    r = max(4, w // 10)
    for row in range(-1, h // r + 2):
        for col in range(-1, w // r + 2):
            cx = col * r * 1.75 + (row % 2) * r * 0.875
            cy = row * r * 1.5
            pts = [(cx + r * 0.8 * math.cos(math.radians(60 * i + 30)), cy + r * 0.8 * math.sin(math.radians(60 * i + 30)))
                   for i in range(6)]
            pygame.draw.polygon(surf, (255, 255, 255, 18), pts, width=1)
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    initials = "".join(part[0] for part in game_id.replace("_", "-").split("-") if part)[:2].upper() or "?"
    font = pygame.font.Font(None, max(12, h // 2))
    img = font.render(initials, True, palette.TEXT)
    surf.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return surf


def paint_worlds_collide(size: tuple[int, int]) -> pygame.Surface:
    """Three Shards fanned over a Character card, on the night-blue table."""
    from scenes.resources import asset_path
    from scenes.views.worlds_collide.art import CardArt

    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (24, 28, 46), surf.get_rect(), border_radius=max(4, w // 14))
    fonts: dict[tuple[int, str], pygame.font.Font] = {}

    def font(px: int, kind: str) -> pygame.font.Font:
        if (px, kind) not in fonts:
            name = {"display": "display.ttf", "bold": "body-bold.ttf"}.get(kind, "body-regular.ttf")
            path = asset_path("fonts", name)
            fonts[(px, kind)] = pygame.font.Font(str(path) if path.exists() else None, px)
        return fonts[(px, kind)]

    art = CardArt(font)
    ch = int(h * 0.54)
    cw = int(ch * 0.7)
    cards = [("shard", 16), ("char", 3), ("shard", 24), ("shard", 6)]
    for i, face in enumerate(cards):
        img = art.face(face, cw, ch)
        angle = (1.5 - i) * 12
        rot = pygame.transform.rotozoom(img, angle, 1.0)
        cx = w * (0.27 + i * 0.153)
        cy = h * 0.52 + abs(1.5 - i) * h * 0.04
        surf.blit(rot, rot.get_rect(center=(int(cx), int(cy))))
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    return surf


def paint_rally(size: tuple[int, int]) -> pygame.Surface:
    """A patch of Entropy Rally's map (portal, ore, energy) with two ships trading a laser shot."""
    from game.core.hexgrid import Hex, direction_angle, hex_to_pixel
    from scenes.sprites.hex import blit_centred
    from scenes.views.rally.art import draw_ship, tile, tile_variant, token_sprite
    from scenes.views.rally.bar import heat_colour

    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (12, 14, 26), surf.get_rect(), border_radius=max(4, w // 14))
    radius = max(8, int(min(w, h) / 5.9))
    origin = (w / 2 - radius * 0.1, h * 0.43)
    layout = [(Hex(0, 0), "portal", 40), (Hex(1, 0), "titanium", 3), (Hex(-1, 0), "space", 0),
              (Hex(0, -1), "energy", 8), (Hex(1, -1), "space", 0), (Hex(-1, 1), "tidy", 30), (Hex(0, 1), "space", 0)]
    for cell, kind, value in layout:
        img = tile(kind, radius, value, -300 if kind == "portal" else None, 0 if kind == "portal" else None,
                   True, tile_variant(cell.q, cell.r), labels=w >= 160)
        blit_centred(surf, img, hex_to_pixel(cell, radius, origin))
    draw_ship(surf, hex_to_pixel(Hex(-1, 0), radius, origin), 0, direction_angle(0), radius)
    draw_ship(surf, hex_to_pixel(Hex(1, -1), radius, origin), 1, direction_angle(2), radius)
    a, b = hex_to_pixel(Hex(-1, 0), radius, origin), hex_to_pixel(Hex(0, 0), radius, origin)
    blit_centred(surf, token_sprite("laser", 0, radius, direction_angle(0)), ((a[0] + b[0] * 2) / 3, (a[1] + b[1] * 2) / 3))
    # the entropy clock along the bottom, two thirds gone
    bar = pygame.Rect(0, 0, int(w * 0.76), max(4, h // 16))
    bar.midbottom = (w // 2, int(h * 0.92))
    for x in range(bar.w):
        t = x / max(1, bar.w - 1)
        col = heat_colour(t) if t < 0.66 else tuple(int(c * 0.35) for c in heat_colour(t))
        pygame.draw.line(surf, col, (bar.x + x, bar.y), (bar.x + x, bar.bottom - 1))
    needle = bar.x + int(bar.w * 0.66)
    pygame.draw.line(surf, (255, 255, 255), (needle, bar.y - 3), (needle, bar.bottom + 2), 2)
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    return surf


def paint_skirmish(size: tuple[int, int]) -> pygame.Surface:
    """A corner of a skirmish table: a ruin and a rock, two bases facing off, a sight line."""
    from scenes.views.skirmish import art

    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, art.TABLE, surf.get_rect(), border_radius=max(4, w // 14))
    for pts, height, kind in ((((0.12, 0.16), (0.5, 0.12), (0.46, 0.4), (0.18, 0.36)), 3.0, "ruin"),
                              (((0.58, 0.56), (0.86, 0.6), (0.8, 0.82), (0.6, 0.78)), 1.5, "rocks")):
        poly = [(x * w, y * h) for x, y in pts]
        colour = art.terrain_colour(kind, height, 3.0)
        pygame.draw.polygon(surf, (14, 14, 18), [(x + 2, y + 3) for x, y in poly])
        pygame.draw.polygon(surf, colour, poly)
        pygame.draw.polygon(surf, art.shade(colour, 0.45), poly, width=max(1, w // 64))
    a, b = (w * 0.24, h * 0.7), (w * 0.76, h * 0.3)
    pygame.draw.line(surf, (120, 230, 150), a, b, max(1, w // 60))
    r = max(5, w // 9)
    for at, colour, icon in ((a, (143, 211, 232), "rifle"), (b, (216, 104, 58), "horned-helm")):
        disc = art.base_disc(r, colour, art.shade(colour, 0.5), icon, False)
        surf.blit(disc, disc.get_rect(center=(int(at[0]), int(at[1]))))
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    return surf


COSMOS_SEATS = ((232, 132, 48), (70, 130, 220), (52, 180, 168), (150, 96, 206))
"""Cosmos's player colours in seat order: Orange, Blue, Teal, Violet (the engine's roles)."""


def paint_cosmos(size: tuple[int, int]) -> pygame.Surface:
    """Cosmos: the double rondel (six action tiles round six action spaces, a scientist on each
    ring) and, below right, a small Solar System: a star, two orbits, three planets, an asteroid."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (14, 12, 30), surf.get_rect(), border_radius=max(4, w // 14))
    unit = min(w, h)
    for k in range(40):  # a sprinkle of fixed stars (the same every time)
        x = (k * 73 + 17) % 97 / 97 * w
        y = (k * 41 + 29) % 89 / 89 * h
        shade = 90 + (k * 37) % 120
        surf.set_at((int(x), int(y)), (shade, shade, min(255, shade + 40), 255))
    # the rondel: an outer ring of six tiles and an inner ring of six spaces, clockwise
    cx, cy, outer = w * 0.38, h * 0.38, unit * 0.31
    inner, hub = outer * 0.66, outer * 0.34
    tile_colours = ((172, 92, 60), (64, 112, 168), (104, 140, 76), (176, 146, 70), (124, 92, 160), (70, 150, 150))

    def ring_segment(r0: float, r1: float, a0: float, a1: float) -> list[tuple[float, float]]:
        steps = 6
        arc = [a0 + (a1 - a0) * i / steps for i in range(steps + 1)]
        return ([(cx + r1 * math.cos(a), cy + r1 * math.sin(a)) for a in arc]
                + [(cx + r0 * math.cos(a), cy + r0 * math.sin(a)) for a in reversed(arc)])

    for i in range(6):
        a0, a1 = math.radians(i * 60 - 90 + 2), math.radians(i * 60 - 30 - 2)
        pygame.draw.polygon(surf, tile_colours[i], ring_segment(inner + 1, outer, a0, a1))
        pygame.draw.polygon(surf, (40, 44, 66) if i % 2 else (52, 58, 84), ring_segment(hub, inner - 1, a0, a1))
        mid = (a0 + a1) / 2  # a tile's emblem, and the creation token an inner space asks for
        emblem = (int(cx + (inner + outer) / 2 * math.cos(mid)), int(cy + (inner + outer) / 2 * math.sin(mid)))
        pygame.draw.circle(surf, (236, 228, 210), emblem, max(1, int(unit * 0.022)), width=max(1, w // 110))
        token = pygame.Rect(0, 0, max(2, int(unit * 0.04)), max(2, int(unit * 0.04)))
        token.center = (int(cx + (hub + inner) / 2 * math.cos(mid)), int(cy + (hub + inner) / 2 * math.sin(mid)))
        pygame.draw.rect(surf, tile_colours[i], token, border_radius=max(1, token.w // 3))
    pygame.draw.circle(surf, palette.BOARD_EDGE, (int(cx), int(cy)), int(outer), width=max(1, w // 80))
    pygame.draw.circle(surf, (30, 26, 52), (int(cx), int(cy)), int(hub))
    pygame.draw.circle(surf, palette.ACCENT, (int(cx), int(cy)), int(hub), width=max(1, w // 96))
    for seat, (radius, angle) in enumerate(((outer * 0.83, -60), (inner * 0.77, 150))):  # two scientists
        at = (int(cx + radius * math.cos(math.radians(angle))), int(cy + radius * math.sin(math.radians(angle))))
        draw_counter(surf, at, max(3, int(unit * 0.05)), COSMOS_SEATS[seat])
    # the Solar System: a glowing star, orbits, planets of three types and an asteroid
    sx, sy = w * 0.72, h * 0.76
    for rx, ry in ((0.15, 0.075), (0.22, 0.115)):
        box = pygame.Rect(0, 0, int(unit * rx * 2), int(unit * ry * 2))
        box.center = (int(sx), int(sy))
        pygame.draw.ellipse(surf, (120, 120, 160, 150), box, width=1)
    glow = max(4, int(unit * 0.085))
    for r, alpha in ((glow * 1.6, 40), (glow * 1.25, 80)):
        pygame.draw.circle(surf, (255, 200, 90, alpha), (int(sx), int(sy)), int(r))
    pygame.draw.circle(surf, (255, 214, 110), (int(sx), int(sy)), glow)
    pygame.draw.circle(surf, (255, 244, 200), (int(sx - glow / 3), int(sy - glow / 3)), max(1, glow // 3))
    planets = (((0.15, 0.075), 200, (214, 86, 54), 0.04),   # heat
               ((0.22, 0.115), 20, (64, 130, 214), 0.045),  # water
               ((0.22, 0.115), 115, (120, 150, 90), 0.035))  # carbon
    for (rx, ry), angle, colour, size_ in planets:
        at = (int(sx + unit * rx * math.cos(math.radians(angle))), int(sy + unit * ry * math.sin(math.radians(angle))))
        draw_counter(surf, at, max(2, int(unit * size_)), colour)
    rock = (sx + unit * 0.22 * math.cos(math.radians(20)) - unit * 0.01, sy + unit * 0.115 * math.sin(math.radians(20)) - unit * 0.065)
    r = max(2, unit * 0.018)
    pygame.draw.polygon(surf, (150, 140, 128), [(rock[0] + r * math.cos(math.radians(a)) * (1 + 0.3 * (k % 2)),
                                                  rock[1] + r * math.sin(math.radians(a)) * (1 + 0.3 * (k % 2)))
                                                 for k, a in enumerate(range(0, 360, 60))])
    pygame.draw.rect(surf, palette.BOARD_EDGE, surf.get_rect(), width=max(2, w // 48), border_radius=max(4, w // 14))
    return surf


Painter = Callable[[tuple[int, int]], pygame.Surface]


def painter(game_id: str) -> Painter | None:
    """The painter the game's manifest names, or None (no manifest, or no picture of its own)."""
    named: Painter | None = manifest_entry(game_id, "thumbnail")
    return named


@lru_cache(maxsize=32)
def thumbnail(game_id: str, size: tuple[int, int] = (96, 96)) -> pygame.Surface:
    paint = painter(game_id)
    if paint is None:
        return _fallback(game_id, size)
    return paint(size)
