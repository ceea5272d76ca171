"""Where the Cosmos table's parts go inside the play area: plain arithmetic on rectangles, so it is
tested without a window. Top: the tabs (whose area is shown) and the step line; then the main
board (the rondel on the left, the offers and tracks beside it); below, the play area shown
(console, Solar Systems, hand and missions)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.views.cosmos.art import MIN_TEXT

BOARD_SHARE = 0.55
"""The main board's share of the height under the step line: five rows of offer tiles with three
lines of 12 px text each at 1024x640 (it was 0.47: two lines and a cut third)."""


@dataclass(frozen=True)
class Layout:
    tabs: pygame.Rect
    steps: pygame.Rect
    rondel: pygame.Rect
    offers: pygame.Rect
    console: pygame.Rect
    systems: pygame.Rect
    hand: pygame.Rect
    font: int
    """The text size of the table's headings at this size."""

    @property
    def small(self) -> int:
        """The small print: tiles, cards, cells (never under `art.MIN_TEXT`)."""
        return max(MIN_TEXT, self.font - 2)


def lay_out(rect: pygame.Rect) -> Layout:
    """The parts of the table for a play area `rect` (readable from about 700x540 up)."""
    font = max(MIN_TEXT + 1, min(16, rect.height // 46))
    gap = max(4, rect.height // 110)
    line = font + 10
    tabs = pygame.Rect(rect.x + gap, rect.y + gap, rect.width - 2 * gap, line)
    steps = pygame.Rect(rect.x + gap, tabs.bottom + 2, rect.width - 2 * gap, line)
    top = steps.bottom + gap
    board_h = int((rect.bottom - top) * BOARD_SHARE)
    side = min(board_h, int(rect.width * 0.36))
    rondel = pygame.Rect(rect.x + gap, top, side, side)
    offers = pygame.Rect(rondel.right + gap, top, rect.right - gap - rondel.right - gap, board_h)
    low = pygame.Rect(rect.x + gap, top + board_h + gap, rect.width - 2 * gap, rect.bottom - gap - (top + board_h + gap))
    console_w = int(low.width * 0.3)
    hand_w = int(low.width * 0.21)
    console = pygame.Rect(low.x, low.y, console_w, low.height)
    hand = pygame.Rect(low.right - hand_w, low.y, hand_w, low.height)
    systems = pygame.Rect(console.right + gap, low.y, hand.x - gap - (console.right + gap), low.height)
    return Layout(tabs, steps, rondel, offers, console, systems, hand, font)


def offer_rows(rect: pygame.Rect, label_w: int, three: int, four: int, tall_planets: bool) -> list[pygame.Rect]:
    """The five rows of offer tiles in `rect`, right of their upright names (`label_w` wide), the
    planets row first: equal shares; or, with `tall_planets` where an equal share is under `four`
    px (four lines), the planets row `four` px and the other rows share the rest while each keeps
    `three` (three lines). At 1024x640 a planet's effect with its VP takes two lines, so a
    three-line tile had no line left for its pile's count (play-test, issue 14)."""
    row_h = rect.height // 5
    heights = [row_h - 2] * 5
    if tall_planets and row_h - 2 < four:
        rest = (rect.height - 1 - four - 4 * 2) // 4
        if rest >= three:
            heights = [four] + [rest] * 4
    rows, y = [], rect.y + 1
    for h in heights:
        rows.append(pygame.Rect(rect.x + label_w, y, rect.width - label_w - 4, h))
        y += h + 2
    return rows
