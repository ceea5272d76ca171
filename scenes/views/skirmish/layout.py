"""Where the skirmish view's parts go inside the play area: the status bar on top, the tray of
controls at the bottom, the table (through the kit camera, in inches) in between.

Plain arithmetic on rectangles, tested without a window: every size from 1024x640 up keeps the
whole table in view at the fitted zoom.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_SCALE = 4.0
"""Pixels per inch below which the table would not be readable (it pans instead)."""
MAX_SCALE = 80.0


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
    bar_h = int(fs * 4.2)
    tray_h = int(fs * 4.4)
    bar = pygame.Rect(rect.x, rect.y, rect.width, bar_h)
    tray = pygame.Rect(rect.x, rect.bottom - tray_h, rect.width, tray_h)
    table = pygame.Rect(rect.x + 6, bar.bottom + 4, rect.width - 12, tray.top - bar.bottom - 8)
    return Layout(fs, bar, table, tray)


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
