"""Where the parts of the Entropy Rally table go, and how the hex map fits its area.

Pure geometry: the entropy bar across the top (with the chaos play controls at
its right), the players' panels and the piece tray in a left column, the card
dock (hand and program rows) at the bottom while cards matter, and the map in
what is left — scaled and centred so every tile (and every hex a tile could go
to) fits as the map grows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.core.hexgrid import Hex, bounds, hex_to_pixel, pixel_to_hex

HexT = tuple[int, int]
Point = tuple[float, float]
CARD_ASPECT = 0.71


@dataclass(frozen=True)
class TableLayout:
    """The rectangles of one play area (see the module docstring)."""

    area: pygame.Rect
    bar: pygame.Rect
    controls: pygame.Rect
    side: pygame.Rect
    map: pygame.Rect
    dock: pygame.Rect
    font: int

    @property
    def margin(self) -> int:
        return max(8, self.area.height // 60)


HAND_LINE_GAP = 6
"""Pixels between two lines of hand cards: a big hand lies in whole lines, none covering
another (a second line half hidden under the first was taken for cards cut off by the
screen's edge)."""

HAND_MAX_LINES = 3
"""Lines a hand may take (fifteen cards at 1024x640 take three, of smaller faces)."""


def hand_height(screen_h: int, lines: int = 1, card_h: int | None = None) -> int:
    """Height of the hand's cards area: `lines` whole lines of cards (`card_h` tall, by default
    `hand_card_h`), `HAND_LINE_GAP` apart."""
    ch = card_h or hand_card_h(screen_h)
    return lines * ch + (lines - 1) * HAND_LINE_GAP


MAP_SHARE = 0.6
"""The least share of the play area's height the map keeps in every phase (issue 17: with two
ships and a hand the dock took half the height and the map shrank to a strip)."""
MAP_SHARE_MANY = 0.5
"""The least share the map keeps when the dock's rows would be under `ROW_MIN` (or the split
panel would not fit) at `MAP_SHARE`: a fleet of three or four ships at 1024x640 had 25 px rows,
and the four-ship split panel fell back over the map. The dock then takes only what they need."""
ROW_MIN = 34
"""The least height of a program row while planning (the ship's name, its icon and cargo, cards
about 26 px; three rows fit under `MAP_SHARE` at 1024x640); the rows are laid 4 px apart."""


def table_layout(area: pygame.Rect, dock_rows: int, hand: bool, hand_lines: int = 1,
                 hand_card: int | None = None, dock_least: int = 0) -> TableLayout:
    """Split `area`: a dock across the whole width at the bottom for `dock_rows` program rows (0
    and no `hand` and no `dock_least` = no dock), with the hand beside them when `hand` (without a
    hand, more than three rows go in two columns); `hand_lines` makes room for a big hand in that
    many whole lines of cards `hand_card` tall; `dock_least` asks for at least that height (the
    split panel). The dock never takes so much that the map keeps less than `MAP_SHARE` of the
    area's height: its rows and cards shrink instead. The players' panels and the tray stand left
    of the map, above the dock."""
    w, h = area.size
    m = max(8, h // 60)
    fs = max(13, int(h * 0.024))
    bar_h = max(48, min(84, int(h * 0.095)))
    ctrl_w = max(120, min(170, int(w * 0.15)))
    bar_w = max(300, min(1000, w - 3 * m - ctrl_w))
    bar = pygame.Rect(area.x + m, area.y + m, bar_w, bar_h)
    controls = pygame.Rect(bar.right + m, bar.y + bar_h // 6, ctrl_w, bar_h * 2 // 3)
    side_w = max(180, min(270, int(w * 0.2)))
    top = bar.bottom + m
    right = pygame.Rect(area.x + m + side_w + m, top, area.right - m - (area.x + m + side_w + m), area.bottom - m - top)
    dock_h = 0
    if dock_rows or hand or dock_least:
        hand_h = hand_height(h, hand_lines, hand_card) + fs + 16 if hand else 0
        row_h = slot_card_h(h, compact=not hand) + 10
        rows_h = (dock_rows if hand else (dock_rows + 1) // 2 if dock_rows > 3 else dock_rows) * row_h + fs + 12
        # the person's own rows while planning (cards are dragged into them) keep `ROW_MIN`;
        # the chaos phase's rows (every ship's, read-only) shrink as before
        need = max(dock_rows * (ROW_MIN + 4) + fs + 12 if hand else 0, dock_least)
        dock_h = min(dock_room(area, need), max(hand_h, rows_h, dock_least))
    dock = pygame.Rect(area.x + m, area.bottom - m - dock_h, area.width - 2 * m, dock_h)
    map_rect = pygame.Rect(right.x, right.y, right.width, right.height - dock_h - (m if dock_h else 0))
    side = pygame.Rect(area.x + m, top, side_w, map_rect.height)
    return TableLayout(area, bar, controls, side, map_rect, dock, fs)


def dock_room(area: pygame.Rect, need: int = 0) -> int:
    """The tallest dock `area` allows: the map keeps `MAP_SHARE` of the area's height, unless the
    dock `need`s more (its rows at `ROW_MIN`, the split panel): then up to `MAP_SHARE_MANY`."""
    h = area.height
    m = max(8, h // 60)
    bar_h = max(48, min(84, int(h * 0.095)))
    room = max(0, h - 3 * m - bar_h - m - math.ceil(MAP_SHARE * h))
    if need > room:
        room = min(need, max(0, h - 3 * m - bar_h - m - math.ceil(MAP_SHARE_MANY * h)))
    return room


def hand_card_h(screen_h: int) -> int:
    """Height of a card in the hand (big enough for the name plate at 720 px and up)."""
    return max(92, min(150, int(screen_h * 0.13)))


def slot_card_h(screen_h: int, compact: bool = False) -> int:
    """Height of a card in a program row (the small face: pictogram and badges); `compact`
    while the chaos phase shows every ship's row and the map needs the room."""
    h = max(46, min(80, int(screen_h * 0.085)))
    return max(38, int(h * 0.78)) if compact else h


def card_w(card_h: int) -> int:
    return int(card_h * CARD_ASPECT)


@dataclass(frozen=True)
class HexFit:
    """Hexes of `radius` with hex (0, 0) at `origin` (pixels), fitted into a rectangle."""

    radius: int
    origin: Point

    def centre(self, h: HexT | Hex) -> Point:
        if isinstance(h, Hex):
            return hex_to_pixel(h, self.radius, self.origin)
        return hex_to_pixel(Hex(int(h[0]), int(h[1])), self.radius, self.origin)

    def hex_at(self, pos: Point) -> HexT:
        c = pixel_to_hex(pos[0], pos[1], self.radius, self.origin)
        return (c.q, c.r)


READABLE_RADIUS = 22
"""The smallest hex radius (pixels) at a 720-pixel-high window; scaled with the height. Long
strip maps would shrink hexes below it if fitted whole: the map overflows its area instead and
the camera (`scenes/kit/camera.py`) pans it."""


def min_radius(screen_h: int) -> int:
    """The readable minimum hex radius for a window `screen_h` pixels high (even)."""
    r = max(14, round(READABLE_RADIUS * screen_h / 720))
    return r - r % 2


FIT_PAD = 0.25
"""Room left around the outermost hexes (in radii, times √3 across and 2 down) for glows and cargo pills."""


def fit_hexes(rect: pygame.Rect, hexes: Iterable[HexT], max_radius: int = 64, min_radius: int = 8) -> HexFit:
    """The largest radius (capped) at which `hexes` fit in `rect`, centred there."""
    cells = [Hex(int(q), int(r)) for q, r in hexes] or [Hex(0, 0)]
    x0, y0, x1, y1 = bounds(cells, 1.0)
    pad = FIT_PAD
    fit_w = rect.width / max(1e-6, (x1 - x0) + 2 * pad * math.sqrt(3))
    fit_h = rect.height / max(1e-6, (y1 - y0) + 2 * pad * 2)
    radius = int(max(min_radius, min(max_radius, fit_w, fit_h)))
    radius -= radius % 2  # even sizes only: fewer distinct sizes of cached art as the map grows
    cx = rect.centerx - (x0 + x1) / 2 * radius
    cy = rect.centery - (y0 + y1) / 2 * radius
    return HexFit(radius, (cx, cy))
