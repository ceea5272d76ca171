"""One position of an Order & Chaos match (two halves, roles reversed).

Seat 0 is Order in the first half and Chaos in the second. A turn is: chance
draws a counter, Chaos places it, Order slides one counter or passes. A half
ends when the board is full; the match ends after the second half, or at once
when a player's flag falls on the tournament clock (`TimeUp`: that player loses).
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from game.core.decisions import Decision, pending_of
from game.core.protocol import CHANCE, Command, Event, JsonDict, Seat, State
from game.core.rng import Rng
from game.order_chaos.commands import (
    Cell,
    CounterDrawn,
    CounterPlaced,
    CounterSlid,
    Draw,
    FlagFell,
    HalfEnded,
    MatchEnded,
    OrderPassed,
    Pass,
    Place,
    Slide,
    TimeUp,
)
from game.order_chaos.scoring import board_lines, board_score, line_score

DRAW, PLACE, ORDER, OVER = "draw", "place", "order", "over"
ROLES = ("Order", "Chaos")
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class PlaceSeen(NamedTuple):
    """One place Chaos made: the board and bag it saw (the drawn counter already out of the
    bag), the colour it placed and the cell's index."""

    board: tuple[int | None, ...]
    bag: tuple[int, ...]
    colour: int
    cell: int


class OrderChaosState(State):
    """Mutable position; `apply` trusts its input (checks live in Game.check)."""

    __slots__ = ("size", "board", "bag", "drawn", "phase", "half", "half_scores",
                 "rng", "fair", "first_half_draws", "last", "first_half_board", "flagged", "places")

    def __init__(self, size: int, fair: bool, rng: Rng) -> None:
        self.size = size
        self.fair = fair
        self.rng = rng
        self.first_half_draws: list[int] = []
        """With fair draws, the colours drawn in half 1: half 2 draws them again, in order."""
        self.board: list[int | None] = [None] * (size * size)
        self.bag = [size] * size
        self.drawn: int | None = None
        self.phase = DRAW
        self.half = 0
        self.half_scores: list[int | None] = [None, None]
        self.last: JsonDict | None = None
        self.first_half_board: list[int | None] | None = None
        """Half 1's final board, kept once half 2 begins (the game-over screen shows both)."""
        self.flagged: Seat | None = None
        """The seat whose time ran out on the tournament clock (it lost the match), if any."""
        self.places: tuple[PlaceSeen, ...] = ()
        """This half's places so far, each with the position Chaos chose it in (public: every
        move is seen by both players). Order's AI reads them to tell a greedy Chaos apart."""

    # --- roles -----------------------------------------------------------
    def order_seat(self) -> Seat:
        return self.half

    def chaos_seat(self) -> Seat:
        return 1 - self.half

    def role_of(self, seat: Seat) -> str:
        return ROLES[0] if seat == self.order_seat() else ROLES[1]

    # --- protocol ----------------------------------------------------------
    def to_act(self) -> list[Seat]:
        if self.phase == DRAW:
            return [CHANCE]
        if self.phase == PLACE:
            return [self.chaos_seat()]
        if self.phase == ORDER:
            return [self.order_seat()]
        return []

    def candidates(self, seat: Seat) -> list[Command]:
        if seat not in self.to_act():
            return []
        if self.phase == DRAW:
            return [c for c, _ in self.chance_outcomes()]
        if self.phase == PLACE:
            return [Place(seat, c) for c in self.empty_cells()]
        moves: list[Command] = [Pass(seat)]
        for src in self.filled_cells():
            moves.extend(Slide(seat, src, dst) for dst in self.slide_targets(src))
        return moves

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        if self.phase != DRAW:
            return []
        known = self.known_next_draw()
        if known is not None:
            return [(Draw(CHANCE, known), 1.0)]
        total = sum(self.bag)
        return [(Draw(CHANCE, col), n / total) for col, n in enumerate(self.bag) if n]

    def known_next_draw(self) -> int | None:
        """With fair draws, the second half repeats the first half's colours: no luck left."""
        if not (self.fair and self.half == 1):
            return None
        drawn_so_far = self.size * self.size - sum(self.bag)
        if drawn_so_far >= len(self.first_half_draws):
            return None
        return self.first_half_draws[drawn_so_far]

    def apply(self, command: Command) -> list[Event]:
        if isinstance(command, Draw):
            self.bag[command.colour] -= 1
            if self.fair and self.half == 0:
                self.first_half_draws.append(command.colour)
            self.drawn = command.colour
            self.phase = PLACE
            return [CounterDrawn(command.colour)]
        if isinstance(command, Place):
            assert self.drawn is not None
            colour = self.drawn
            index = self._index(command.cell)
            self.places += (PlaceSeen(tuple(self.board), tuple(self.bag), colour, index),)
            self.board[index] = colour
            self.drawn = None
            self.last = {"type": "place", "cell": list(command.cell)}
            events: list[Event] = [CounterPlaced(command.cell, colour, self.chaos_seat())]
            if all(v is not None for v in self.board):
                events.extend(self._end_half())
            else:
                self.phase = ORDER
            return events
        if isinstance(command, Slide):
            i, j = self._index(command.src), self._index(command.dst)
            moved = self.board[i]
            assert moved is not None
            self.board[j], self.board[i] = moved, None
            self.phase = DRAW
            self.last = {"type": "slide", "src": list(command.src), "dst": list(command.dst)}
            return [CounterSlid(command.src, command.dst, moved, self.order_seat())]
        if isinstance(command, Pass):
            self.phase = DRAW
            self.last = {"type": "pass"}
            return [OrderPassed(self.order_seat())]
        if isinstance(command, TimeUp):
            self.flagged = command.seat
            self.phase = OVER
            self.drawn = None
            return [FlagFell(command.seat)]
        raise TypeError(f"not an Order & Chaos command: {command!r}")

    def _end_half(self) -> list[Event]:
        score = board_score(self.board, self.size)
        self.half_scores[self.half] = score
        events: list[Event] = [HalfEnded(self.half, self.order_seat(), score)]
        if self.half == 1:
            self.phase = OVER
            final = tuple(int(s or 0) for s in self.half_scores)
            events.append(MatchEnded(final))
            return events
        self.half = 1
        self.first_half_board = self.board
        self.board = [None] * (self.size * self.size)
        self.bag = [self.size] * self.size
        self.last = None
        self.places = ()
        self.phase = DRAW
        return events

    def clone(self) -> "OrderChaosState":
        copy = OrderChaosState.__new__(OrderChaosState)
        copy.size, copy.fair = self.size, self.fair
        copy.rng = self.rng.copy()
        copy.first_half_draws = self.first_half_draws[:]
        copy.board, copy.bag = self.board[:], self.bag[:]
        copy.drawn, copy.phase, copy.half = self.drawn, self.phase, self.half
        copy.half_scores = self.half_scores[:]
        copy.last = dict(self.last) if self.last else None
        copy.first_half_board = self.first_half_board  # never changed once kept: shared
        copy.flagged = self.flagged
        copy.places = self.places  # a tuple of tuples: shared
        return copy

    def is_over(self) -> bool:
        return self.phase == OVER

    def pending(self) -> tuple[Decision, ...]:
        """Chaos places the drawn counter; Order slides one, or passes."""
        if self.phase == ORDER:
            return pending_of(self, "slide", skippable=True)
        return pending_of(self, "place")

    def progress(self) -> str:
        """'Half 1 of 2, 12 of 49 placed' (counters: short enough for the Load list at 1024 wide)."""
        placed = sum(1 for c in self.board if c is not None)
        return f"Half {self.half + 1} of 2, {placed} of {len(self.board)} placed"

    def current_order_score(self) -> int:
        return board_score(self.board, self.size)

    def scores(self) -> list[float]:
        """Each seat's Order score: its finished half, or the live board."""
        out: list[float] = []
        for seat in (0, 1):
            done = self.half_scores[seat]
            if done is not None:
                out.append(float(done))
            elif self.half == seat and self.phase != OVER:
                out.append(float(self.current_order_score()))
            else:
                out.append(0.0)
        return out

    def winners(self) -> list[Seat]:
        """The higher Order score; the other player when a flag fell (whatever the scores)."""
        if not self.is_over():
            return []
        if self.flagged is not None:
            return [1 - self.flagged]
        return super().winners()

    # --- helpers used by rules, AI and views ---------------------------------
    def _index(self, cell: Cell) -> int:
        return cell[0] * self.size + cell[1]

    def at(self, cell: Cell) -> int | None:
        return self.board[self._index(cell)]

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def empty_cells(self) -> list[Cell]:
        n = self.size
        return [(i // n, i % n) for i, v in enumerate(self.board) if v is None]

    def filled_cells(self) -> list[Cell]:
        n = self.size
        return [(i // n, i % n) for i, v in enumerate(self.board) if v is not None]

    def slide_targets(self, src: Cell) -> list[Cell]:
        """Empty cells a rook move from `src` reaches without jumping."""
        out: list[Cell] = []
        for dr, dc in DIRECTIONS:
            r, c = src[0] + dr, src[1] + dc
            while 0 <= r < self.size and 0 <= c < self.size and self.board[r * self.size + c] is None:
                out.append((r, c))
                r, c = r + dr, c + dc
        return out

    def bag_odds(self) -> list[float]:
        """Chance that the next counter drawn is each colour (certain when it is known)."""
        known = self.known_next_draw()
        if known is not None:
            return [1.0 if col == known else 0.0 for col in range(self.size)]
        total = sum(self.bag)
        return [n / total if total else 0.0 for n in self.bag]

    def line_scores(self) -> tuple[list[int], list[int]]:
        lines = board_lines(self.board, self.size)
        scores = [line_score(line) for line in lines]
        return scores[: self.size], scores[self.size:]

    # --- what screens and tests see ------------------------------------------
    def view(self, seat: Seat) -> JsonDict:
        """Everything here is open to both players; the RNG (the future) is not."""
        rows, cols = self.line_scores()
        n = self.size
        return {
            "game": "order-chaos",
            "seat": seat,
            "size": n,
            "board": [self.board[r * n:(r + 1) * n] for r in range(n)],
            "bag": self.bag[:],
            "bag_total": sum(self.bag),
            "odds": self.bag_odds(),
            "drawn": self.drawn,
            "phase": self.phase,
            "half": self.half,
            "roles": {"order": self.order_seat(), "chaos": self.chaos_seat()},
            "to_act": self.to_act(),
            "row_scores": rows,
            "col_scores": cols,
            "total": sum(rows) + sum(cols),
            "half_scores": self.half_scores[:],
            "last": copy.deepcopy(self.last),  # a copy: a screen must not edit the state
            "fair": self.fair,
            "next_known": self.known_next_draw(),
            "first_half_board": None if self.first_half_board is None else
            [self.first_half_board[r * n:(r + 1) * n] for r in range(n)],
            "flagged": self.flagged,
        }

    def notation(self) -> str:
        """`size|half|phase|drawn|rows/..|bag|half scores[|first-half draws]`.

        e.g. `7|1|order|-|1.....3/.......|...|-,-|3`; the last field appears only
        with fair draws once a counter has been drawn (half 2 repeats them).
        """
        n = self.size
        rows = "/".join("".join("." if v is None else str(v + 1) for v in self.board[r * n:(r + 1) * n])
                        for r in range(n))
        drawn = "-" if self.drawn is None else str(self.drawn + 1)
        bag = "".join(str(x) for x in self.bag)
        halves = ",".join("-" if s is None else str(s) for s in self.half_scores)
        phase = self.phase if self.flagged is None else f"flag{self.flagged + 1}"
        text = f"{n}|{self.half + 1}|{phase}|{drawn}|{rows}|{bag}|{halves}"
        if self.first_half_draws:
            text += "|" + "".join(str(c + 1) for c in self.first_half_draws)
        return text

    @classmethod
    def from_notation(cls, text: str, fair: bool = True, rng: Rng | None = None) -> "OrderChaosState":
        """Rebuild a position from `notation()` (golden tests, `shot`)."""
        try:
            parts = text.split("|")
            if len(parts) not in (7, 8):
                raise ValueError("expected 7 or 8 fields")
            size_s, half_s, phase, drawn_s, rows_s, bag_s, halves_s = parts[:7]
            size = int(size_s)
            state = cls(size, fair, rng or Rng(0))
            state.half = int(half_s) - 1
            if phase in ("flag1", "flag2"):
                state.flagged, phase = int(phase[4]) - 1, OVER
            if phase not in (DRAW, PLACE, ORDER, OVER) or state.half not in (0, 1):
                raise ValueError(phase)
            state.phase = phase
            state.drawn = None if drawn_s == "-" else int(drawn_s) - 1
            rows = rows_s.split("/")
            if len(rows) != size or any(len(r) != size for r in rows):
                raise ValueError("board shape")
            state.board = [None if ch == "." else int(ch) - 1 for r in rows for ch in r]
            state.bag = [int(ch) for ch in bag_s]
            if len(state.bag) != size:
                raise ValueError("bag")
            state.half_scores = [None if h == "-" else int(h) for h in halves_s.split(",")]
            if len(parts) == 8:
                state.first_half_draws = [int(ch) - 1 for ch in parts[7]]
        except (ValueError, IndexError) as exc:
            raise ValueError(f"not an Order & Chaos position: {text!r} ({exc})") from None
        return state

