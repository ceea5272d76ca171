"""How every screen names a seat: one set of rules, so the table, the log and the
game-over card never disagree.

Rules (short form, `seat_label`):
- exactly one human at the screen: that seat is "You"; computer seats are
  "Computer", or "Computer 1", "Computer 2"... when there are several;
- several humans: humans are "Player N" (N = seat number, from 1), or the name typed for
  the seat at set-up (`Match.names`); computer
  seats are named as above ("Computer" or "Computer N", numbered among the
  computers only);
- no human (computers watched): "Computer 1", "Computer 2"... (or "Computer").

The long form (`seat_long_label`) adds a computer's level: "Computer (normal)".
Both accept a Match or a plain list of seat kinds (the set-up screen has no match yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.match import HUMAN
from scenes.sprites.text import Measures, cut_to


def _kinds(match_or_seats: Any) -> Sequence[str]:
    seats = getattr(match_or_seats, "seats", match_or_seats)
    return list(seats)


def seat_label(match_or_seats: Any, seat: int) -> str:
    """'You', 'Computer', 'Computer 2' or 'Player 3' (see the module rules); in a hot-seat game a
    name the person typed for the seat (a Match's `names`) instead of 'Player 3'."""
    seats = _kinds(match_or_seats)
    if not 0 <= seat < len(seats):
        return f"Player {seat + 1}"
    humans = [i for i, kind in enumerate(seats) if kind == HUMAN]
    computers = [i for i, kind in enumerate(seats) if kind != HUMAN]
    if seats[seat] == HUMAN:
        names = getattr(match_or_seats, "names", None) or []
        typed = names[seat].strip() if seat < len(names) else ""
        return "You" if len(humans) == 1 else typed or f"Player {seat + 1}"
    if len(computers) == 1:
        return "Computer"
    return f"Computer {computers.index(seat) + 1}"


def seat_long_label(match_or_seats: Any, seat: int) -> str:
    """The short label plus a computer's level: 'Computer 2 (hard)'; humans as in the short form."""
    seats = _kinds(match_or_seats)
    name = seat_label(match_or_seats, seat)
    if 0 <= seat < len(seats) and seats[seat] != HUMAN:
        return f"{name} ({seats[seat]})"
    return name


def seat_labels(match_or_seats: Any) -> list[str]:
    return [seat_label(match_or_seats, i) for i in range(len(_kinds(match_or_seats)))]


def seat_long_labels(match_or_seats: Any) -> list[str]:
    return [seat_long_label(match_or_seats, i) for i in range(len(_kinds(match_or_seats)))]


def seat_name_within(long: str, short: str, font: Measures, width: int) -> str:
    """The seat's name for a row `width` pixels wide: the long form ('Computer 1 (normal)') when
    it fits, else the short one without the level, else the short one cut with an ellipsis -
    never a name clipped mid-letter (play-test: 'Computer 1 (nor' beside a character badge)."""
    for name in (long, short):
        if font.size(name)[0] <= width:
            return name
    return cut_to(short, font, width)
