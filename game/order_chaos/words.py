"""Order & Chaos's log in words, from the events' fields; seats named as the table names them.

Tones: "chaos" and "order" for each role's moves (the screen colours them by role), `QUIET`
for the bag, `HEADLINE` for the end of a half and of the match.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.protocol import Event, Seat
from game.core.words import HEADLINE, KEEP, QUIET, Line, verb
from game.order_chaos.colours import colour_of
from game.order_chaos.commands import (
    CounterDrawn,
    CounterPlaced,
    CounterSlid,
    FlagFell,
    HalfEnded,
    MatchEnded,
    OrderPassed,
    cell_name,
)

ORDER_TONE = "order"
CHAOS_TONE = "chaos"


def _called(seat: Seat, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def describe(event: Event, names: Sequence[str]) -> Line | None:
    """One event's line (every Order & Chaos event is public, so no viewer is needed)."""
    def role(seat: Seat, name: str) -> str:
        return f"{name} ({names[seat]})" if 0 <= seat < len(names) else name

    if isinstance(event, CounterDrawn):
        colour = colour_of(event.colour)
        return Line(f"Bag: drew {colour.name} ({colour.symbol})", QUIET)
    if isinstance(event, CounterPlaced):
        colour = colour_of(event.colour)
        return Line(f"{role(event.seat, 'Chaos')} placed {colour.name} on{KEEP}{cell_name(event.cell)}", CHAOS_TONE)
    if isinstance(event, CounterSlid):
        colour = colour_of(event.colour)
        # a coordinate stays with its word when the log wraps (play-test: "...slid Crimson Ff to" / "Gf")
        return Line(f"{role(event.seat, 'Order')} slid {colour.name}{KEEP}{cell_name(event.src)} to{KEEP}"
                    f"{cell_name(event.dst)}", ORDER_TONE)
    if isinstance(event, OrderPassed):
        return Line(f"{role(event.seat, 'Order')} passed", ORDER_TONE)
    if isinstance(event, HalfEnded):
        swap = " Roles swap." if event.half == 0 else ""
        return Line(f"Half {event.half + 1} over: {_called(event.order_seat, names)} scored {event.score} as "
                    f"Order.{swap}", HEADLINE)
    if isinstance(event, FlagFell):
        other = _called(1 - event.seat, names)
        return Line(f"{_called(event.seat, names)} ran out of time: {other} {verb(other, 'wins')} the match.",
                    HEADLINE)
    if isinstance(event, MatchEnded):
        scores = ", ".join(f"{_called(i, names)} {score}" for i, score in enumerate(event.scores))
        return Line(f"Match over: {scores}", HEADLINE)
    return None


def brief(event: Event) -> str | None:
    """A move in the fewest words, for undo's note in the log ("Crimson\u00a0Ff→Gf", "Jade
    on\u00a0Gg", "Order's pass"); None for an event that is no move (a draw from the bag, a
    half's end). Play-test: the note said each move as the log had, "Move taken back: Order (You)
    slid ...; also taken back: Chaos (Computer) placed ...", three or four lines at 1024x640."""
    if isinstance(event, CounterPlaced):
        return f"{colour_of(event.colour).name} on{KEEP}{cell_name(event.cell)}"
    if isinstance(event, CounterSlid):
        return f"{colour_of(event.colour).name}{KEEP}{cell_name(event.src)}\u2192{cell_name(event.dst)}"
    if isinstance(event, OrderPassed):
        return "Order's pass"
    return None


def briefer(event: Event) -> str | None:
    """`brief` shorter still, for a note that would otherwise wrap in the log: a slide by its
    cells alone ("Ea\u2192Ga": the counter on the first cell is the one slid, so its colour
    only repeats what the cell says). Play-test at 1024x640: "Undo: Crimson on Bb, Crimson
    Ea\u2192Ga" took two rows."""
    if isinstance(event, CounterSlid):
        return f"{cell_name(event.src)}\u2192{cell_name(event.dst)}"
    return brief(event)
