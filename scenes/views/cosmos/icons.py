"""Cosmos's pictograms (energy, mass, entropy, the three lifeforms, the four life conditions, a
lifeform advancement, a star activation, the Generator) and words with pictograms inside them.

A tile's line names a pictogram by one private-use character (`text.GLYPH`), so wrapping, fitting and
caching treat it as a letter: `face` measures such words (a pictogram is as wide as it is
tall), `render_line` draws them. The play-test found "2ent", "1ma", "H C W" hard to read: where
the word does not fit, its pictogram stands in, in the colour the table gives that thing; the
hover text keeps the words. Drawn with plain shapes, supersampled, cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from scenes.sprites.text import TextCache
from scenes.views.cosmos.text import GLYPH

Colour = tuple[int, int, int]
Point = tuple[float, float]

NAME_OF = {ch: name for name, ch in GLYPH.items()}
COLOURS: dict[str, Colour] = {
    "energy": (246, 214, 84), "mass": (186, 160, 128), "entropy": (178, 128, 244),
    "bacteria": (232, 128, 180), "plant": (104, 206, 118), "animal": (222, 178, 100),
    "heat": (232, 104, 70), "carbon": (170, 166, 156), "water": (86, 156, 236), "radiation": (160, 216, 78),
    "advance": (120, 220, 160), "activate": (250, 236, 150), "generator": (236, 204, 132), "done": (120, 220, 160)}
"""A pictogram's colour: the table's colour of that resource, lifeform or life condition."""
SUPER = 4
"""Drawn this many times larger, then smoothed down."""


def has_glyph(words: str) -> bool:
    return any(ch in NAME_OF for ch in words)


def width_of(font_px: int) -> int:
    """A pictogram's advance in a line of `font_px` text: its square and a pixel of air."""
    return font_px + 2


class IconFace:
    """A font that measures words with pictograms in them (`size`, `get_linesize`), so the
    table's wrapping and fitting work on them unchanged."""

    def __init__(self, face: pygame.font.Font, font_px: int) -> None:
        self.face = face
        self.px = font_px

    def size(self, words: str) -> tuple[int, int]:
        if not has_glyph(words):
            return self.face.size(words)
        w = 0
        for run, icon in runs(words):
            w += width_of(self.px) if icon else self.face.size(run)[0]
        return w, self.face.get_height()

    def get_linesize(self) -> int:
        return int(self.face.get_linesize())

    def get_height(self) -> int:
        return int(self.face.get_height())


def face(text: TextCache, font_px: int, kind: str = "regular") -> IconFace:
    return IconFace(text.font(font_px, kind), font_px)


def runs(words: str) -> list[tuple[str, bool]]:
    """`words` as runs of plain text and single pictograms (True: a pictogram's name)."""
    out: list[tuple[str, bool]] = []
    plain = ""
    for ch in words:
        if ch in NAME_OF:
            if plain:
                out.append((plain, False))
                plain = ""
            out.append((NAME_OF[ch], True))
        else:
            plain += ch
    return out + ([(plain, False)] if plain else [])


def render_line(text: TextCache, words: str, font_px: int, colour: Colour, kind: str = "regular") -> pygame.Surface:
    """`words` drawn in `colour`, each pictogram in its own colour (plain words: the text cache's)."""
    if not has_glyph(words):
        return text.render(words, font_px, colour, kind)
    return _line(text, words, font_px, colour, kind)


@lru_cache(maxsize=1024)
def _line(text: TextCache, words: str, font_px: int, colour: Colour, kind: str) -> pygame.Surface:
    """A line with pictograms, composed once per wording and size (emptied on every resize, as
    every `lru_cache` under `scenes`)."""
    height = text.font(font_px, kind).get_height()
    w = IconFace(text.font(font_px, kind), font_px).size(words)[0]
    out = pygame.Surface((max(1, w), height), pygame.SRCALPHA)
    x = 0
    for run, icon in runs(words):
        if icon:
            img = icon_image(run, font_px)
            out.blit(img, (x + 1, (height - img.get_height()) // 2 + 1))
            x += width_of(font_px)
        else:
            img = text.render(run, font_px, colour, kind)
            out.blit(img, (x, 0))
            x += img.get_width()
    return out


@lru_cache(maxsize=128)
def icon_image(name: str, px: int) -> pygame.Surface:
    """Pictogram `name` in a `px` square, in its colour."""
    big = pygame.Surface((px * SUPER, px * SUPER), pygame.SRCALPHA)
    DRAW[name](big, COLOURS[name])
    return pygame.transform.smoothscale(big, (px, px))


def _scaled(surf: pygame.Surface, points: list[Point]) -> list[Point]:
    """Points given in a unit square (0-1) on `surf`."""
    s = surf.get_width()
    return [(x * s, y * s) for x, y in points]


def _energy(surf: pygame.Surface, rgb: Colour) -> None:
    pygame.draw.polygon(surf, rgb, _scaled(surf, [(0.62, 0.02), (0.18, 0.56), (0.46, 0.56), (0.34, 0.98),
                                                  (0.82, 0.40), (0.54, 0.40)]))


def _mass(surf: pygame.Surface, rgb: Colour) -> None:
    """A cube: three faces in three shades."""
    top = [(0.5, 0.06), (0.92, 0.28), (0.5, 0.5), (0.08, 0.28)]
    left = [(0.08, 0.28), (0.5, 0.5), (0.5, 0.96), (0.08, 0.74)]
    right = [(0.5, 0.5), (0.92, 0.28), (0.92, 0.74), (0.5, 0.96)]
    for pts, k in ((top, 1.15), (left, 0.8), (right, 0.6)):
        pygame.draw.polygon(surf, tuple(min(255, int(c * k)) for c in rgb), _scaled(surf, pts))


def _entropy(surf: pygame.Surface, rgb: Colour) -> None:
    """A spiral."""
    s = surf.get_width()
    c = s / 2
    pts = []
    for i in range(60):
        t = i / 59
        a = t * 2.6 * math.pi
        r = s * (0.06 + 0.40 * t)
        pts.append((c + math.cos(a) * r, c + math.sin(a) * r))
    pygame.draw.lines(surf, rgb, False, pts, max(2, s // 8))


def _bacteria(surf: pygame.Surface, rgb: Colour) -> None:
    """A capsule with two dots inside."""
    s = surf.get_width()
    body = pygame.Rect(int(s * 0.06), int(s * 0.26), int(s * 0.88), int(s * 0.48))
    pygame.draw.rect(surf, rgb, body, border_radius=body.height // 2)
    dark = tuple(int(c * 0.45) for c in rgb)
    for x in (0.34, 0.64):
        pygame.draw.circle(surf, dark, (int(s * x), s // 2), max(1, s // 11))


def _plant(surf: pygame.Surface, rgb: Colour) -> None:
    """A leaf on a stem."""
    s = surf.get_width()
    leaf = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.ellipse(leaf, rgb, pygame.Rect(int(s * 0.26), int(s * 0.02), int(s * 0.48), int(s * 0.78)))
    leaf = pygame.transform.rotate(leaf, -35)
    surf.blit(leaf, leaf.get_rect(center=(int(s * 0.56), int(s * 0.42))))
    pygame.draw.line(surf, rgb, (int(s * 0.5), int(s * 0.62)), (int(s * 0.36), int(s * 0.98)), max(2, s // 10))


def _animal(surf: pygame.Surface, rgb: Colour) -> None:
    """A paw print: a pad and four toes."""
    s = surf.get_width()
    pygame.draw.ellipse(surf, rgb, pygame.Rect(int(s * 0.24), int(s * 0.50), int(s * 0.52), int(s * 0.44)))
    for x, y in ((0.14, 0.40), (0.36, 0.18), (0.64, 0.18), (0.86, 0.40)):
        pygame.draw.circle(surf, rgb, (int(s * x), int(s * y)), int(s * 0.12))


def _heat(surf: pygame.Surface, rgb: Colour) -> None:
    """A flame."""
    s = surf.get_width()
    pygame.draw.circle(surf, rgb, (s // 2, int(s * 0.66)), int(s * 0.30))
    pygame.draw.polygon(surf, rgb, _scaled(surf, [(0.22, 0.62), (0.5, 0.02), (0.78, 0.62)]))
    inner = (250, 210, 110)
    pygame.draw.circle(surf, inner, (s // 2, int(s * 0.74)), int(s * 0.13))


def _carbon(surf: pygame.Surface, rgb: Colour) -> None:
    """A hexagonal ring."""
    s = surf.get_width()
    pts = [(s / 2 + math.cos(math.radians(30 + 60 * k)) * s * 0.42, s / 2 + math.sin(math.radians(30 + 60 * k)) * s * 0.42)
           for k in range(6)]
    pygame.draw.polygon(surf, rgb, pts, max(2, s // 7))


def _water(surf: pygame.Surface, rgb: Colour) -> None:
    """A drop."""
    s = surf.get_width()
    pygame.draw.circle(surf, rgb, (s // 2, int(s * 0.64)), int(s * 0.31))
    pygame.draw.polygon(surf, rgb, _scaled(surf, [(0.21, 0.60), (0.5, 0.02), (0.79, 0.60)]))


def _radiation(surf: pygame.Surface, rgb: Colour) -> None:
    """A trefoil: three blades around a dot."""
    s = surf.get_width()
    c = s / 2
    for k in range(3):
        a0 = math.radians(-90 + 120 * k - 30)
        a1 = math.radians(-90 + 120 * k + 30)
        pts = [(c + math.cos(a0 + (a1 - a0) * i / 8) * s * 0.48, c + math.sin(a0 + (a1 - a0) * i / 8) * s * 0.48)
               for i in range(9)]
        pts += [(c + math.cos(a1) * s * 0.16, c + math.sin(a1) * s * 0.16),
                (c + math.cos(a0) * s * 0.16, c + math.sin(a0) * s * 0.16)]
        pygame.draw.polygon(surf, rgb, pts)
    pygame.draw.circle(surf, rgb, (int(c), int(c)), int(s * 0.09))


def _advance(surf: pygame.Surface, rgb: Colour) -> None:
    """An arrow up out of a bar: a lifeform moves up a kind."""
    pygame.draw.polygon(surf, rgb, _scaled(surf, [(0.5, 0.02), (0.94, 0.50), (0.66, 0.50), (0.66, 0.98),
                                                  (0.34, 0.98), (0.34, 0.50), (0.06, 0.50)]))


def _activate(surf: pygame.Surface, rgb: Colour) -> None:
    """A five-pointed star: one star activation."""
    s = surf.get_width()
    pts = []
    for k in range(10):
        r = s * (0.49 if k % 2 == 0 else 0.21)
        a = math.radians(-90 + 36 * k)
        pts.append((s / 2 + math.cos(a) * r, s * 0.54 + math.sin(a) * r))
    pygame.draw.polygon(surf, rgb, pts)


def _generator(surf: pygame.Surface, rgb: Colour) -> None:
    """A cog."""
    s = surf.get_width()
    c = s / 2
    for k in range(8):
        a = math.radians(45 * k)
        pygame.draw.line(surf, rgb, (c, c), (c + math.cos(a) * s * 0.47, c + math.sin(a) * s * 0.47), max(2, s // 6))
    pygame.draw.circle(surf, rgb, (int(c), int(c)), int(s * 0.34))
    pygame.draw.circle(surf, (0, 0, 0, 0), (int(c), int(c)), int(s * 0.13))


def _done(surf: pygame.Surface, rgb: Colour) -> None:
    """A tick: fulfilled (the font has no check mark)."""
    pygame.draw.lines(surf, rgb, False, _scaled(surf, [(0.08, 0.52), (0.38, 0.84), (0.92, 0.16)]),
                      max(3, surf.get_width() // 6))


DRAW = {"energy": _energy, "mass": _mass, "entropy": _entropy, "bacteria": _bacteria, "plant": _plant,
        "animal": _animal, "heat": _heat, "carbon": _carbon, "water": _water, "radiation": _radiation,
        "advance": _advance, "activate": _activate, "generator": _generator,
        "done": _done}
