"""Order & Chaos commands and events: plain frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.protocol import CHANCE, Command, CommandCodec, Event, Seat

Cell = tuple[int, int]
ROW_LETTERS = "ABCDEFGHI"
COL_LETTERS = "abcdefghi"


def cell_name(cell: Cell) -> str:
    """CodeCup style: row letter A.. then column letter a.. (e.g. 'Dd')."""
    return ROW_LETTERS[cell[0]] + COL_LETTERS[cell[1]]


def parse_cell(text: str, size: int) -> Cell:
    if len(text) != 2 or text[0] not in ROW_LETTERS[:size] or text[1] not in COL_LETTERS[:size]:
        raise ValueError(f"not a cell: {text!r}")
    return ROW_LETTERS.index(text[0]), COL_LETTERS.index(text[1])


@dataclass(frozen=True)
class Draw(Command):
    """Chance draws a counter of this colour (0-based) from the bag."""

    TAG: ClassVar[str] = "draw"
    colour: int

    def describe(self) -> str:
        return f"draw {self.colour + 1}"


@dataclass(frozen=True)
class Place(Command):
    """Chaos puts the drawn counter on an empty cell."""

    TAG: ClassVar[str] = "place"
    cell: Cell

    def describe(self) -> str:
        return cell_name(self.cell)


@dataclass(frozen=True)
class Slide(Command):
    """Order slides one counter like a rook through empty cells."""

    TAG: ClassVar[str] = "slide"
    src: Cell
    dst: Cell

    def describe(self) -> str:
        return cell_name(self.src) + cell_name(self.dst)


@dataclass(frozen=True)
class Pass(Command):
    """Order leaves the board as it is."""

    TAG: ClassVar[str] = "pass"


@dataclass(frozen=True)
class TimeUp(Command):
    """The seat to act ran out of time on the tournament clock: it loses the match. Only the match
    plays it (`Match.run_clock`), when the seat's time runs out on its own decision."""

    TAG: ClassVar[str] = "time_up"

    def describe(self) -> str:
        return "time"


CODEC = CommandCodec(Draw, Place, Slide, Pass, TimeUp)


@dataclass(frozen=True)
class CounterDrawn(Event):
    TAG: ClassVar[str] = "drawn"
    colour: int


@dataclass(frozen=True)
class CounterPlaced(Event):
    TAG: ClassVar[str] = "placed"
    cell: Cell
    colour: int
    seat: Seat
    """Who placed it (Chaos this half)."""


@dataclass(frozen=True)
class CounterSlid(Event):
    TAG: ClassVar[str] = "slid"
    src: Cell
    dst: Cell
    colour: int
    seat: Seat
    """Who slid it (Order this half)."""


@dataclass(frozen=True)
class OrderPassed(Event):
    TAG: ClassVar[str] = "passed"
    seat: Seat
    """Order this half."""


@dataclass(frozen=True)
class HalfEnded(Event):
    TAG: ClassVar[str] = "half_ended"
    half: int
    order_seat: int
    score: int


@dataclass(frozen=True)
class FlagFell(Event):
    """`seat`'s time ran out: the match is over and the other player wins it."""

    TAG: ClassVar[str] = "flag_fell"
    seat: Seat


@dataclass(frozen=True)
class MatchEnded(Event):
    TAG: ClassVar[str] = "match_ended"
    scores: tuple[int, ...]


__all__ = ["CHANCE", "CODEC", "Cell", "Draw", "Place", "Slide", "Pass", "TimeUp", "cell_name", "parse_cell"]
