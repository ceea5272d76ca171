"""Order's look-ahead against a Chaos that places as the greedy player does (issue 18).

Once every place of a half was the greedy Chaos's choice (`ai.chaos_seems_greedy`), chance is the
only thing Order does not know: whatever colour comes, Chaos will put it on the cell that lowers the
greedy yardstick most. The search can then be exact over the draws instead of sampling them. A tree
search of hard's budget (a few hundred iterations over dozens of slides, each drawing one of up to 7
colours) sees each slide's next draw only a handful of times; this planner averages over every
colour, weighted by the bag, for each of Order's best slides:

- **one round** (depth 1): Order's slide, every draw, Chaos's greedy place, Order's best reply by
  the evaluator (`ai.slide_estimates` with Order's numbers);
- **two rounds** (depth 2), for the best few slides of depth 1, while the CPU cap allows: the same
  with Order's best few replies each followed by a round of their own.

Chaos's ties (cells its yardstick values alike, among which the greedy player picks at random) are
averaged, up to `MAX_TIES` of them. The half's end is exact: after the last counter there is no
slide, and the score is the board's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.ai.search import Deadline, cpu_seconds, wall_limit
from game.core.protocol import Command, Seat
from game.order_chaos.commands import Pass, Slide
from game.order_chaos.state import OrderChaosState
from game.order_chaos.ai import (DEFAULT_PARAMS, Bag, EvalParams, future_gain, greedy_places,
                                 place_estimates, slide_estimates)
from game.order_chaos.scoring import board_score

Board = list[int | None]
Move = tuple[int, int]
"""(source, destination) cell indices; (-1, -1) is a pass."""
PASS: Move = (-1, -1)
MAX_TIES = 4
"""Chaos's tied cells averaged at most (spread over the tie list); more cost time and change little."""


@dataclass(frozen=True)
class PlannerBudget:
    """How wide and how long the planner looks."""

    root_moves: int = 30
    """Order's slides (best by one-ply estimate) valued one round ahead."""
    deep_moves: int = 6
    """Of those, the best by one round, valued two rounds ahead when time allows."""
    reply_moves: int = 3
    """Order's replies (best by one-ply estimate) followed by a round of their own at depth 2."""
    max_seconds: float = 0.55
    """The CPU cap of one decision: deep moves are valued (best first) while 60% of it is left
    unspent, and depth 2 decides when at least two of them were valued in full."""
    max_wall_seconds: float | None = None


@dataclass
class PlanStats:
    """What the last plan did (for tools and tests)."""

    depth: int = 0
    root_moves: int = 0
    seconds: float = 0.0


def _apply(board: Board, move: Move) -> int | None:
    """Make `move` on `board`; returns the counter moved (None for a pass) for `_undo`."""
    src, dst = move
    if src < 0:
        return None
    colour = board[src]
    board[src], board[dst] = None, colour
    return colour


def _undo(board: Board, move: Move, colour: int | None) -> None:
    src, dst = move
    if src >= 0:
        board[dst], board[src] = None, colour


def _ties(cells: list[int]) -> list[int]:
    """At most `MAX_TIES` of `cells`, spread over the list."""
    if len(cells) <= MAX_TIES:
        return cells
    step = len(cells) / MAX_TIES
    return [cells[int(k * step)] for k in range(MAX_TIES)]


class GreedyChaosPlanner:
    """Exact look-ahead for Order over the draws, Chaos modelled as the greedy player."""

    def __init__(self, params: EvalParams, budget: PlannerBudget = PlannerBudget()) -> None:
        self.params, self.budget = params, budget
        self.stats = PlanStats()

    def choose(self, board: Board, n: int, bag: Bag) -> Move:
        """Order's slide (or `PASS`) on `board` with `bag` still to come."""
        budget = self.budget
        start = time.process_time()
        deadline = Deadline(budget.max_seconds, wall_limit(budget.max_seconds, budget.max_wall_seconds),
                            cpu_seconds, time.monotonic)
        work = list(board)
        ranked = sorted(slide_estimates(work, n, bag, self.params), key=lambda e: -e[0])
        roots: list[Move] = [(src, dst) for _, src, dst in ranked[:budget.root_moves]]
        one: list[tuple[float, Move]] = []
        for move in roots:  # best first, so a crowded machine's wall limit cuts the least promising
            if one and deadline.past():
                break
            one.append((self._after_move(work, n, bag, move, 1), move))
        one.sort(key=lambda e: -e[0])
        best, depth = one[0][1], 1
        deep: list[tuple[float, Move]] = []
        for _, move in one[:budget.deep_moves]:
            if deadline.past(0.6):
                break
            value = self._after_move(work, n, bag, move, 2, deadline)
            if deadline.past():  # cut short: part of it is one round deep
                break
            deep.append((value, move))
        if len(deep) >= 2:  # the best of the slides valued two rounds deep
            best, depth = max(deep, key=lambda e: e[0])[1], 2
        self.stats = PlanStats(depth, len(one), time.process_time() - start)
        return best

    def value_after(self, board: Board, n: int, bag: Bag, move: Move, depth: int) -> float:
        """Order's expected value of making `move` on `board`, `depth` rounds deep (no time limit)."""
        return self._after_move(list(board), n, bag, move, depth)

    def _after_move(self, board: Board, n: int, bag: Bag, move: Move, depth: int,
                    deadline: Deadline | None = None) -> float:
        colour = _apply(board, move)
        try:
            return self._expected(board, n, bag, depth, deadline)
        finally:
            _undo(board, move, colour)

    def _expected(self, board: Board, n: int, bag: Bag, depth: int, deadline: Deadline | None) -> float:
        """Order's expected value after its move: every draw, Chaos's greedy place, Order's best
        reply, `depth` rounds deep (the evaluator at the end, the board's score if the half ends)."""
        total = sum(bag)
        empties = board.count(None)
        if total == 0 or empties == 0:
            return float(board_score(board, n))
        value = 0.0
        for colour, count in enumerate(bag):
            if not count:
                continue
            left = bag[:colour] + (count - 1,) + bag[colour + 1:]
            cells = _ties(greedy_places(place_estimates(board, n, left, colour, DEFAULT_PARAMS)))
            part = 0.0
            for cell in cells:
                board[cell] = colour
                part += self._reply(board, n, left, empties - 1, depth, deadline)
                board[cell] = None
            value += count / total * part / len(cells)
        return value

    def _reply(self, board: Board, n: int, bag: Bag, empties: int, depth: int, deadline: Deadline | None) -> float:
        """Order's best value with `bag` to come, after a place left `empties` empty cells."""
        if empties == 0:  # the last counter: no slide follows
            return float(board_score(board, n))
        estimates = slide_estimates(board, n, bag, self.params)
        if depth <= 1 or (deadline is not None and deadline.past()):
            return max(e[0] for e in estimates) + future_gain(n, empties, False)
        estimates.sort(key=lambda e: -e[0])
        return max(self._after_move(board, n, bag, (src, dst), depth - 1, deadline)
                   for _, src, dst in estimates[:self.budget.reply_moves])


def planned_command(planner: GreedyChaosPlanner, state: OrderChaosState, seat: Seat) -> Command:
    """The planner's move in `state` (Order to slide) as a command for `seat`."""
    src, dst = planner.choose(state.board, state.size, tuple(state.bag))
    if src < 0:
        return Pass(seat)
    return Slide(seat, divmod(src, state.size), divmod(dst, state.size))
