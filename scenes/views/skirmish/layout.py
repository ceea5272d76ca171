"""Where the skirmish view's parts go inside the play area: the status bar on top, the tray of
controls at the bottom, the table (through the kit camera, in inches) in between.

Plain arithmetic on rectangles, tested without a window: every size from 1024x640 up keeps the
whole table in view at the fitted zoom.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes.kit.dice import GAP

MIN_SCALE = 4.0
"""Pixels per inch below which the table would not be readable (it pans instead)."""
MAX_SCALE = 80.0
NARROW = 900
"""A play area narrower than this (a 1024x640 window's) gives the status bar a fourth row."""


@dataclass(frozen=True)
class Layout:
    fs: int
    """The base font size."""
    bar: pygame.Rect
    """Round, whose activation, points, Environment, mission and score."""
    table: pygame.Rect
    """The camera's view of the table."""
    tray: pygame.Rect
    """The decision under way: models to deploy, orders and tactics, weapons, dice."""


def lay_out(rect: pygame.Rect) -> Layout:
    fs = max(12, min(18, int(min(rect.height / 42, rect.width / 64))))
    # three rows; four where the window is narrow, so the Environment's effect and its tactic
    # penalty each keep a readable row (play-test: at 1024x640 they were shrunk to 9 px)
    bar_h = int(fs * (4.2 if rect.width >= NARROW else 5.3))
    # the prompt line, then one row of buttons or two half-height ones; where narrow, the tactics
    # and orders take two rows, so the tray is taller (play-test: their labels were 10 px at 1024x640)
    tray_h = int(fs * (5.0 if rect.width >= NARROW else 6.0))
    bar = pygame.Rect(rect.x, rect.y, rect.width, bar_h)
    tray = pygame.Rect(rect.x, rect.bottom - tray_h, rect.width, tray_h)
    table = pygame.Rect(rect.x + 6, bar.bottom + 4, rect.width - 12, tray.top - bar.bottom - 8)
    return Layout(fs, bar, table, tray)


DIE_PX = 40
"""A die's side on the table, pixels."""
DICE_PAD = 8
"""The dice's panel reaches this far round them."""


def dice_spot(n: int, table: pygame.Rect, mat: pygame.Rect, avoid: Sequence[pygame.Rect],
              die: int = DIE_PX) -> pygame.Rect:
    """Where a roll's `n` dice lie (their block; the panel reaches `DICE_PAD` round it): inside
    the table's frame, never over the bar or the tray (play-test: at the tray's left they hid
    the next decision's buttons and their words). First the empty frame left of the mat
    (`mat`, the table as drawn), then right of it, at the bottom; zoomed in, where the mat fills
    the frame, a corner of it: the first spot whose panel covers none of `avoid` (the models),
    else the one covering fewest."""
    step = die + int(die * GAP)
    frame = table.inflate(-8, -8)

    def panel(room: int) -> pygame.Rect:
        per_row = max(1, min(n, (room - 2 * DICE_PAD + step - die) // step))
        rows = math.ceil(n / per_row)
        # a pixel over the block: `dice_layout` then draws the dice `die` pixels, not one less
        return pygame.Rect(0, 0, per_row * step - (step - die) + 1 + 2 * DICE_PAD,
                           rows * step - (step - die) + 1 + 2 * DICE_PAD)

    spots: list[pygame.Rect] = []
    left = pygame.Rect(frame.left, frame.top, max(0, min(mat.left, frame.right) - 4 - frame.left), frame.height)
    right = pygame.Rect(max(mat.right, frame.left) + 4, frame.top, 0, frame.height)
    right.width = max(0, frame.right - right.left)
    for side in (left, right):
        box = panel(side.width)
        box.midbottom = side.midbottom
        if side.contains(box):
            spots.append(box)
    box = panel(frame.width // 2)
    for corner in ("bottomleft", "bottomright", "topleft", "topright"):
        spots.append(box.move_to(**{corner: getattr(frame, corner)}))
    keep_off = list(avoid)
    best = min(spots, key=lambda s: len(s.collidelistall(keep_off)))  # the first of the least covering
    return best.inflate(-2 * DICE_PAD, -2 * DICE_PAD)


def pill_size(fs: int) -> int:
    """The type size of the tray's buttons (tactics, orders, weapons): a size under the base,
    never under 11 px."""
    return max(11, fs - 2)


def buttons_in_row(area: pygame.Rect, widths: list[int], gap: int = 8) -> list[pygame.Rect]:
    """Buttons of these widths left to right in `area`, vertically centred, cut at its right
    edge (a button that would not fit is squeezed to what remains, at least 40 pixels)."""
    out: list[pygame.Rect] = []
    x = area.x
    h = area.height
    for w in widths:
        w = min(w, area.right - x)
        if w < 40:
            break
        out.append(pygame.Rect(x, area.y, w, h))
        x += w + gap
    return out


def flow_buttons(area: pygame.Rect, widths: list[int], row_height: int, gap: int = 8,
                 min_width: int = 40, second_row_from: int | None = None) -> list[pygame.Rect]:
    """One rect per width, none dropped: one row `row_height` tall at the top of `area` when they
    fit, else two rows sharing its height (wrapped greedily, or at `second_row_from` when both
    parts fit a row: the tactics above, the orders below), the widths shrunk evenly when even
    two rows are too short. Every order and tactic must stay reachable (play-test: the Glass
    Meridian's long tactic names once pushed "Move twice" off the tray)."""
    if not widths:
        return []
    rows = [widths]
    k = second_row_from
    if sum(widths) + gap * (len(widths) - 1) > area.width and k is not None and 0 < k < len(widths) \
            and all(sum(part) + gap * (len(part) - 1) <= area.width for part in (widths[:k], widths[k:])):
        rows = [widths[:k], widths[k:]]
    elif sum(widths) + gap * (len(widths) - 1) > area.width:
        for factor in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0):
            sized = [max(min(w, min_width), min(area.width, int(w * factor))) for w in widths]
            rows = _wrap(sized, area.width, gap)
            if len(rows) <= 2:
                break
    row_h = max(1, (area.height - 4) // 2)
    out: list[pygame.Rect] = []
    for i, row in enumerate(rows):
        y = area.y + i * (row_h + 4)
        h = row_h if len(rows) > 1 else min(row_height, area.height)
        x = area.x
        for w in row:
            out.append(pygame.Rect(x, y, min(w, area.right - x), h))
            x += w + gap
    return out


def _wrap(widths: list[int], room: int, gap: int) -> list[list[int]]:
    rows: list[list[int]] = [[]]
    used = 0
    for w in widths:
        need = w if not rows[-1] else used + gap + w
        if rows[-1] and need > room:
            rows.append([w])
            used = w
        else:
            rows[-1].append(w)
            used = need
    return rows
