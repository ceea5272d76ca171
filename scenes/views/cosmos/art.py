"""Cosmos's colours and the few shapes every part of the table shares (a labelled tile, a
token disc, a `Spot`: a drawn thing's rectangle, its target and its hover text)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.core.protocol import Target
from scenes.sprites.text import TextCache, wrap_text
from scenes.views.cosmos import icons
from scenes.views.cosmos.text import KEEP

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
MIN_TEXT = 12
"""The smallest text the table draws (px): every tile, label and button reads at 1024x640."""
PAD_X = 6
"""A tile's text margin, left and right together."""
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


Lines = tuple[tuple[str, Colour], ...]


def tile(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, lines: list[tuple[str, Colour]],
         fill: Colour = TILE, edge: Colour = TILE_EDGE, size: int = 12, stripe: Colour | None = None) -> None:
    """A rounded tile with lines of text from the top (each wrapped to the tile's width) and an
    optional top stripe; drawn once per look and size (`tile_image`), then only blitted. The
    layout gives every tile room for its words (`tile_overflow`, checked by the table's tests)."""
    surface.blit(tile_image(text, rect.size, tuple(lines), fill, edge, size, stripe), rect.topleft)


def text_top(height: int, striped: bool) -> int:
    """Where a tile's first line starts: under the stripe, or a little under the top edge."""
    return (stripe_height(height) if striped else 2) + 1


def stripe_height(height: int) -> int:
    """A tile's coloured top band: thin enough to leave small tiles three lines."""
    return max(3, min(height // 6, 7))


def wrapped(text: TextCache, width: int, lines: Lines, font: int) -> list[tuple[str, Colour]]:
    """A tile's lines wrapped at plain spaces to `width` pixels of text (never inside "4 VP")."""
    face = icons.face(text, font)
    out = []
    for words, colour in lines:
        parts = _wrap(words, face, width)
        out += [(part, colour) for part in parts]
    return out


def _wrap(words: str, face: icons.IconFace, width: int) -> list[str]:
    """Greedy wrap at plain spaces only (a no-break space joins a number to its unit)."""
    rows: list[str] = []
    row = ""
    for word in words.split(" "):
        trial = f"{row} {word}" if row else word
        if face.size(trial)[0] <= width or not row:
            row = trial
        else:
            rows.append(row)
            row = word
    return rows + [row] if row or not rows else rows


def tile_overflow(text: TextCache, size: tuple[int, int], lines: Lines, font: int, striped: bool) -> list[str]:
    """What of a tile's text would not show whole (a word wider than the tile, lines below its
    bottom); empty when everything fits. The measure the table's readability test applies."""
    return list(_overflow(text, size, lines, font, striped))


@lru_cache(maxsize=4096)
def _overflow(text: TextCache, size: tuple[int, int], lines: Lines, font: int, striped: bool) -> tuple[str, ...]:
    """`tile_overflow`, measured once per wording and size (a redraw of the board asks again for
    most tiles; emptied on every resize, as every `lru_cache` under `scenes`)."""
    return tuple(_measure(text, size, lines, font, striped))


def _measure(text: TextCache, size: tuple[int, int], lines: Lines, font: int, striped: bool) -> list[str]:
    w, h = size
    face = icons.face(text, font)
    rows = wrapped(text, w - PAD_X, lines, font)
    out = [words for words, _ in rows if face.size(words)[0] > w - PAD_X]
    room = (h + 1 - text_top(h, striped)) // face.get_linesize()
    out += [words for words, _ in rows[room:]]
    return out + ([f"{font} px < {MIN_TEXT} px"] if font < MIN_TEXT else [])


def tile_height(text: TextCache, font: int, lines: int, striped: bool = True) -> int:
    """The least height of a tile that shows `lines` lines of `font` px text."""
    line_h = text.font(font).get_linesize()
    h = lines * line_h
    while (h + 1 - text_top(h, striped)) // line_h < lines:
        h += 1
    return h


def fit_level(text: TextCache, tiles: list[tuple[tuple[int, int], list[list[tuple[str, Colour]]], bool]],
              font: int) -> int:
    """The fullest wording level at which every tile of a row shows whole (tiles: size, wordings
    fullest first, striped), so a row reads alike; the last level when none does."""
    levels = max((len(v) for _, v, _ in tiles), default=1)
    for level in range(levels):
        if all(not tile_overflow(text, size, tuple(v[min(level, len(v) - 1)]), font, striped)
               for size, v, striped in tiles):
            return level
    return levels - 1


def fit_lines(text: TextCache, size: tuple[int, int], variants: list[list[tuple[str, Colour]]], font: int,
              striped: bool) -> list[tuple[str, Colour]]:
    """The first of a tile's wordings (fullest first) that shows whole at this size; the last,
    the most compact, when none does (the readability test then names it)."""
    for lines in variants:
        if not tile_overflow(text, size, tuple(lines), font, striped):
            return lines
    return variants[-1]


def vertical_label(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, words: str, size: int,
                   colour: Colour, kind: str = "bold") -> None:
    """Words read bottom to top inside a narrow upright `rect` (a row's name beside its tiles)."""
    surface.blit(upright_image(text, rect.size, words, size, colour, kind), rect.topleft)


@lru_cache(maxsize=32)
def upright_image(text: TextCache, size: tuple[int, int], words: str, font: int, colour: Colour,
                  kind: str) -> pygame.Surface:
    """A `vertical_label`'s picture, drawn once per size."""
    flat = pygame.Surface((size[1], size[0]), pygame.SRCALPHA)
    label(flat, text, flat.get_rect(), words, font, colour, kind)
    return pygame.transform.rotate(flat, 90)


@lru_cache(maxsize=1500)
def tile_image(text: TextCache, size: tuple[int, int], lines: Lines, fill: Colour,
               edge: Colour, font: int, stripe: Colour | None) -> pygame.Surface:
    """The picture of a `tile` (cached: most tiles look the same from one position to the next;
    emptied on every resize, as every `lru_cache` under `scenes`)."""
    w, h = size
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    rect = out.get_rect()
    radius = max(3, min(w, h) // 6)
    pygame.draw.rect(out, fill, rect, border_radius=radius)
    if stripe is not None:
        band = pygame.Rect(0, 0, w, stripe_height(h))
        pygame.draw.rect(out, stripe, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(out, edge, rect, width=1, border_radius=radius)
    y = text_top(h, stripe is not None)
    line_h = text.font(font).get_linesize()
    for words, colour in wrapped(text, w - PAD_X, lines, font):
        if y + line_h > h + 1:
            break
        img = icons.render_line(text, words, font, colour)
        out.blit(img, (3, y), pygame.Rect(0, 0, w - PAD_X, img.get_height()))
        y += line_h
    return out


def label(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, words: str, size: int, colour: Colour,
          kind: str = "regular", align: str = "center") -> None:
    """Words inside `rect`, wrapped at word breaks when one line is too wide, centred (or from
    the left: `align="left"`); the layout gives them room (`label_overflow`)."""
    face = icons.face(text, size, kind)
    rows = wrap_text(words, face, rect.width) or [""]
    line_h = face.get_linesize()
    y = rect.centery - len(rows) * line_h / 2
    for row in rows:
        img = icons.render_line(text, row, size, colour, kind)
        at = img.get_rect(midtop=(rect.centerx, int(y))) if align == "center" else img.get_rect(topleft=(rect.x, int(y)))
        surface.blit(img, at)
        y += line_h


def label_overflow(text: TextCache, rect: pygame.Rect, words: str, size: int, kind: str = "regular") -> list[str]:
    """What of a `label` would not show whole inside its rect (empty: it fits)."""
    face = icons.face(text, size, kind)
    rows = wrap_text(words, face, rect.width) or [""]
    out = [row for row in rows if face.size(row)[0] > rect.width]
    if len(rows) * face.get_linesize() > rect.height + 2:
        out.append(f"{len(rows)} lines in {rect.height} px: {words}")
    return out + ([f"{size} px < {MIN_TEXT} px"] if size < MIN_TEXT else [])


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
