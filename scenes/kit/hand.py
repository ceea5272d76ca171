"""Laying out a row of cards: a hand, a row of played cards, a fanned pile.

Pure arithmetic (pixels), shared by the games' views: how far apart cards of a row go (side by
side while they fit, else squeezed to overlap), how wide the row is and where it starts when
centred, and how a big hand splits into whole lines at the largest card height that fits.
Entropy Rally's hand and Worlds Collide's hand, played Actions and Discard use it.
"""

from __future__ import annotations

from collections.abc import Callable


def fan_step(count: int, card_w: int, room: int, natural: int, least: int | None = None) -> int:
    """The distance from one card's left edge to the next in a row of `count` cards `card_w`
    wide: `natural` (a card's width and a gap, or less for a fan) while the row fits in `room`,
    else squeezed so the last card ends at `room`, never below `least`."""
    squeezed = (room - card_w) // max(1, count - 1)
    return min(natural, squeezed if least is None else max(least, squeezed))


def fan_width(count: int, card_w: int, step: int) -> int:
    """How wide a row of `count` cards `step` apart is."""
    return step * max(0, count - 1) + card_w


def fan_left(centre_x: int, count: int, card_w: int, step: int) -> int:
    """Where a row of `count` cards `step` apart starts when centred on `centre_x`."""
    return centre_x - fan_width(count, card_w, step) // 2


def per_line(count: int, lines: int) -> int:
    """Cards on each of `lines` whole lines (the last may hold fewer)."""
    return (count + lines - 1) // max(1, lines)


def fit_lines(count: int, room_for: Callable[[int], tuple[int, int]], tallest: int, aspect: float,
              gap: int, line_gap: int, max_lines: int, least: int = 1) -> tuple[int, int]:
    """(lines, card height) of a hand of `count` cards: whole lines of cards side by side, `gap`
    apart, none covering another, at the largest height up to `tallest` (the fewest lines of
    those), and at least `least`; `room_for(lines)` is the (width, height) the hand has when it
    takes that many lines, `aspect` a card's width over its height."""
    n = max(1, count)
    best = (1, 0)
    for lines in range(1, max_lines + 1):
        width, height = room_for(lines)
        by_width = int(((width + gap) / per_line(n, lines) - gap) / aspect)
        by_height = (height - (lines - 1) * line_gap) // lines
        card_h = min(tallest, by_width, by_height)
        if card_h > best[1]:
            best = (lines, card_h)
        if card_h >= tallest:
            break
    return best[0], max(least, best[1])
