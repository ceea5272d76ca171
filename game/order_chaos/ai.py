"""What the AI knows about Order & Chaos: an evaluator and fast move scoring.

The evaluator estimates Order's final score for the current half. Each row and
column is worth its present palindromes plus a share (`POTENTIAL`) of what it
would gain if its empty cells were filled at random from the bag: a run of
cells reads the same both ways with probability the product, over its mirrored
pairs, of the chance that both ends match (1/0 when both are filled, the bag
odds of the filled colour when one is, the chance two draws agree when none
is). Only part of that counts because Chaos, not luck, fills the holes. (No
term costs cells shut in on all sides: the first version of this note said one
did, but the code never had it.)
`EvalParams` names these free numbers so a tool can tune them (`tools/oc_tune.py`).
Line values are cached per (line, bag), and a move is scored by redoing only
the rows and columns it touches, so the search can afford hundreds of them.

The random-fill estimate knows nothing of the slides Order has still to make,
so it falls short of the final score by more the emptier the board is (about
60 points on an empty board). `future_gain` adds that shortfall, measured in
self-play as a function of the empty cells and of who moves next. It changes
no ranking among the moves of one position (they all leave the same number of
empties), but it puts positions at different depths on one scale: without it
every extra ply Order searches looks like a gain, and MCTS prefers whichever
move it happened to search deepest over the move that is best.

Against a Chaos that has played only the greedy player's places this half, Order's search may
model it as that player (`greedy_chaos`, `chaos_seems_greedy`): Chaos's nodes then hold only the
places the greedy Chaos chooses among, and the play-outs place by its yardstick.

`EvalParams.lines` replaces the hand-made numbers with weights fitted to final scores against the
greedy Chaos (`line_fit`): the rows and columns on the board's edge are then valued apart, each with
a line cache of its own (`_line_caches`); without it every line shares one cache, as before.

A seat's value is its match margin: its Order score (final, estimated for the
half in play, or the empty-board estimate for a half not begun) minus the
other seat's. The search horizon is the end of the current half.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable, Sequence, Union

from game.ai.knowledge import Knowledge
from game.core.protocol import Command, Seat, State
from game.core.rng import Rng
from game.order_chaos.commands import Pass, Place, Slide
from game.order_chaos.line_fit import LineWeights, is_edge
from game.order_chaos.scoring import line_score
from game.order_chaos.state import DRAW, ORDER, OVER, PLACE, OrderChaosState

Line = tuple[int | None, ...]
Bag = tuple[int, ...]

POTENTIAL = 0.5
"""Share of a line's random-fill gain counted as Order's (Chaos spoils the rest)."""


@dataclass(frozen=True)
class EvalParams:
    """The evaluator's free numbers; the defaults are the evaluator every level used before.

    `potential`: the share of a run's random-fill promise counted (`POTENTIAL`).
    `half_pair`: an extra factor on a run's chance for each mirrored pair with one end filled
    and one empty (below 1: Chaos spoils such a pair more often than the bag's odds say).
    `empty_pair`: the same for each mirrored pair with both ends empty.
    `long_bonus`: a run still open (an empty cell in it) of length L counts
    1 + long_bonus * (L - 2) / (n - 2) times its length: above 0 favours long open runs.
    `hole_cost`: taken off the estimate for each empty cell shut in on all four sides (by
    counters or the board's edge): Chaos's safe dump, where a counter joins no line Order
    can still shape by sliding into it. 0 by default (no term at all).
    The thirteenth session's features (issue 18, "Ninth round"; each off by default):
    `odds_power`: a half-open pair's chance is the bag's odds of the filled colour to this power
    (below 1: a rare colour's pair is worth more than the odds say, as Order can wait for it).
    `same_run`: points per two neighbouring counters of one colour in a line still open (runs of
    one colour, which every later counter of that colour extends).
    `half_far` / `empty_far`: an extra factor on a half-open / empty pair per cell between its ends
    (above 1: far pairs, which close long palindromes, count more).
    `slide_fill`: a half-open pair whose empty end faces, outwards along the line with only empty
    cells between, a counter of the filled end's colour, is completed with this share of the
    chance the bag leaves (Order can slide that counter in).
    `potential_slope`: the potential grows by this much from an empty board to a full one
    (the share counted early and late differ).
    With the defaults every factor is exactly 1.0, so the values are bit for bit the old ones.
    `lines` (the sixteenth session's, "Twelfth round"): fitted weights (`line_fit.LineWeights`) that
    replace all the numbers above with a value per run class, edge lines apart from inner ones, on the
    board size they were fitted on (on another, the numbers above count).
    Tuned by `tools/oc_tune.py` (issue 18, "Seventh round" in `docs/rules/order-chaos.md`).
    """

    potential: float = POTENTIAL
    half_pair: float = 1.0
    empty_pair: float = 1.0
    long_bonus: float = 0.0
    hole_cost: float = 0.0
    odds_power: float = 1.0
    same_run: float = 0.0
    half_far: float = 1.0
    empty_far: float = 1.0
    slide_fill: float = 0.0
    potential_slope: float = 0.0
    lines: LineWeights | None = None


DEFAULT_PARAMS = EvalParams()
Params = Union[float, EvalParams]
"""A potential alone (the other numbers at their defaults) or a whole `EvalParams`."""


def as_params(p: Params) -> EvalParams:
    """`p` as `EvalParams` (a bare float is a potential)."""
    if isinstance(p, EvalParams):
        return p
    return DEFAULT_PARAMS if p == POTENTIAL else EvalParams(potential=p)


class _LineCache(dict[Line, float]):
    """Line values for one bag (of edge lines with `edge`): `cache[line]` computes a missing value once.

    A plain dict lookup is the hot path of the search (hundreds per slide
    scoring); `__missing__` keeps it free of Python-level calls, and plain
    dicts are nearly free for the garbage collector to walk.
    """

    def __init__(self, bag: Bag, params: EvalParams, edge: bool = False) -> None:
        super().__init__()
        self.bag = bag
        self.params = params
        self.edge = edge

    def __missing__(self, line: Line) -> float:
        global _cached
        _cached += 1
        value = self[line] = _line_value(line, self.bag, self.params, self.edge)
        return value


_CACHE: dict[Bag, _LineCache] = {}
"""The line caches at `DEFAULT_PARAMS`, by bag."""
_OTHER_CACHES: dict[tuple[EvalParams, bool], dict[Bag, _LineCache]] = {}
"""The line caches of knowledge built with other parameters, by (parameters, edge lines) and bag."""
_CACHE_LIMIT = 400_000
_cached = 0


def line_value(line: Line, bag: Bag, potential: Params = POTENTIAL) -> float:
    """Present score plus `potential` times the expected gain under a random fill (cached)."""
    return _bag_cache(bag, potential)[line]


def _line_value(line: Line, bag: Bag, potential: Params = POTENTIAL, edge: bool = False) -> float:
    """A line's value (`edge`: a row or column on the board's edge, which only fitted weights tell apart)."""
    params = as_params(potential)
    if params.lines is not None and params.lines.fits(len(line)):
        return params.lines.value(line, bag, edge)
    half_pair, empty_pair, long_bonus = params.half_pair, params.empty_pair, params.long_bonus
    now = line_score(line)
    if None not in line:
        return float(now)
    total = sum(bag)
    if total <= 0:
        return float(now)
    odds = [c / total for c in bag]
    if params.odds_power != 1.0:
        odds = [o ** params.odds_power for o in odds]
    both = sum(c * (c - 1) for c in bag) / (total * (total - 1)) if total > 1 else 0.0
    n = len(line)
    half_far, empty_far, slide_fill = params.half_far, params.empty_far, params.slide_fill
    shaped = half_far != 1.0 or empty_far != 1.0 or slide_fill != 0.0
    expected = 0.0
    for centre in range(2 * n - 1):
        lo = centre // 2
        hi = lo + centre % 2
        p = 1.0
        is_open = line[lo] is None  # an odd run's empty centre leaves it open too
        while lo >= 0 and hi < n:
            if hi > lo:
                a, b = line[lo], line[hi]
                if a is None:
                    if b is None:
                        p *= both * empty_pair * (empty_far ** (hi - lo - 1) if shaped else 1.0)
                    else:
                        p *= _half_chance(line, b, lo, -1, hi - lo - 1, odds, params) if shaped else odds[b] * half_pair
                    is_open = True
                elif b is None:
                    p *= _half_chance(line, a, hi, 1, hi - lo - 1, odds, params) if shaped else odds[a] * half_pair
                    is_open = True
                elif a != b:
                    break
                if p <= 0.0:
                    break
                length = hi - lo + 1
                weight = 1.0 + long_bonus * (length - 2) / (n - 2) if is_open and n > 2 else 1.0
                expected += p * length * weight
            lo -= 1
            hi += 1
    share = params.potential
    if params.potential_slope:
        share += params.potential_slope * (1.0 - total / (n * n) - 0.5)
    value = now + share * (expected - now)
    if params.same_run:
        value += params.same_run * sum(1 for i in range(n - 1) if line[i] is not None and line[i] == line[i + 1])
    return value


def _half_chance(line: Line, colour: int, empty: int, outwards: int, gap: int, odds: list[float],
                 params: EvalParams) -> float:
    """The factor of a half-open pair whose filled end has `colour` and whose empty end is at `empty`
    (`outwards`: the step away from the pair's centre; `gap`: the cells between the ends), with the
    shaped features of `EvalParams`."""
    chance = odds[colour]
    if params.slide_fill:
        i = empty + outwards
        while 0 <= i < len(line) and line[i] is None:
            i += outwards
        if 0 <= i < len(line) and line[i] == colour:
            chance += params.slide_fill * (1.0 - chance)
    return chance * params.half_pair * params.half_far ** gap


# Mean final score minus `board_estimate`, by empty cells, in normal-vs-normal
# self-play on 7x7 (both halves; smoothed over neighbouring counts). Index = empty cells.
_GAIN_BEFORE_PLACE = (
    0.0, 4.1, 4.9, 6.4, 7.5, 8.5, 9.9, 11.3, 12.9, 14.4, 15.6, 16.8, 17.8, 19.2, 20.6, 22.4, 23.7,
    25.1, 26.2, 27.5, 28.5, 29.9, 31.5, 33.2, 34.8, 36.4, 38.2, 39.8, 41.4, 42.7, 44.3, 45.6, 46.9,
    48.1, 49.2, 50.5, 51.9, 53.1, 54.2, 55.1, 56.0, 56.7, 57.4, 57.9, 58.4, 58.8, 59.1, 59.4, 59.5,
    59.5,
)
"""Chaos to place (or a counter to draw) with this many empty cells."""
_GAIN_BEFORE_SLIDE = (
    0.0, 5.2, 6.1, 7.8, 9.1, 10.5, 12.0, 13.6, 15.2, 16.4, 17.6, 18.8, 20.2, 21.6, 23.2, 24.6, 26.0,
    27.2, 28.4, 29.3, 30.7, 32.3, 34.1, 35.5, 37.0, 38.8, 40.4, 42.1, 43.4, 45.1, 46.5, 47.7, 48.8,
    49.8, 51.0, 52.3, 53.6, 54.7, 55.6, 56.5, 57.1, 57.8, 58.3, 58.7, 59.0, 59.3, 59.5, 59.6, 59.6,
    59.6,
)
"""Order to slide with this many empty cells (none left: the half is over, nothing to add)."""


def future_gain(size: int, empties: int, order_to_slide: bool) -> float:
    """What Order's remaining play adds to `board_estimate` on average (see the module doc).

    Measured on 7x7; other sizes scale the 7x7 curve by their share of the cells.
    """
    if empties <= 0:
        return 0.0
    table = _GAIN_BEFORE_SLIDE if order_to_slide else _GAIN_BEFORE_PLACE
    cells = size * size
    if cells == 49:
        return table[min(empties, 49)]
    return table[min(49, round(empties * 49 / cells))] * cells / 49


def _bag_key(state: OrderChaosState) -> Bag:
    """The counters still to come: the bag plus the one Chaos holds."""
    if state.drawn is None:
        return tuple(state.bag)
    bag = list(state.bag)
    bag[state.drawn] += 1
    return tuple(bag)


def board_estimate(board: list[int | None], size: int, bag: Bag, potential: Params = POTENTIAL) -> float:
    """Estimated final Order score of a board with `bag` still to be placed."""
    caches = _line_caches(bag, potential, size)
    total = 0.0
    for r in range(size):
        total += caches[r][tuple(board[r * size:(r + 1) * size])]
    for c in range(size):
        total += caches[c][tuple(board[c::size])]
    hole_cost = caches[0].params.hole_cost
    if hole_cost:
        total -= hole_cost * sum(_is_hole(board, size, i) for i in range(size * size))
    return total


def _is_hole(board: list[int | None], n: int, i: int) -> bool:
    """Whether cell `i` is empty with every orthogonal neighbour filled (or off the board)."""
    if board[i] is not None:
        return False
    r, c = divmod(i, n)
    return ((r == 0 or board[i - n] is not None) and (r == n - 1 or board[i + n] is not None)
            and (c == 0 or board[i - 1] is not None) and (c == n - 1 or board[i + 1] is not None))


def _near(n: int, cells: tuple[int, ...]) -> set[int]:
    """`cells` and their orthogonal neighbours: where a hole can appear or vanish when they change."""
    out: set[int] = set()
    for i in cells:
        r, c = divmod(i, n)
        out.add(i)
        if r > 0:
            out.add(i - n)
        if r < n - 1:
            out.add(i + n)
        if c > 0:
            out.add(i - 1)
        if c < n - 1:
            out.add(i + 1)
    return out


@lru_cache(maxsize=8)
def _empty_estimate(size: int, potential: Params = POTENTIAL) -> float:
    cells = size * size
    return board_estimate([None] * cells, size, (size,) * size, potential) + future_gain(size, cells, False)


class OrderChaosKnowledge(Knowledge):
    """Evaluator, incremental one-ply scoring and play-out policy for Order & Chaos.

    `potential` is the share of a line's random-fill gain counted (`POTENTIAL` unless a
    level or an experiment asks for another); `params` gives all the evaluator's free numbers
    at once (`EvalParams`; its potential then wins over `potential`)."""

    def __init__(self, potential: float = POTENTIAL, params: EvalParams | None = None) -> None:
        self.params = as_params(potential) if params is None else params
        self.potential = self.params.potential
        self.greedy_chaos = False
        """Model Chaos as the greedy player: its places in the tree and the play-outs are only
        those the greedy Chaos would choose. Set per decision by the agent that owns this
        knowledge (`agents.RoleAgent`, from `chaos_seems_greedy`), never by the search."""

    def seats(self, state: State) -> int:
        return 2

    def horizon_key(self, state: State) -> Hashable:
        assert isinstance(state, OrderChaosState)
        return (state.half, state.phase == OVER)

    def order_estimates(self, state: OrderChaosState) -> list[float]:
        """Each seat's Order score: final, estimated (half in play) or the empty-board prior."""
        out: list[float] = []
        for h in (0, 1):
            done = state.half_scores[h]
            if done is not None:
                out.append(float(done))
            elif h == state.half and state.phase != OVER:
                gain = future_gain(state.size, state.board.count(None), state.phase == ORDER)
                out.append(board_estimate(state.board, state.size, _bag_key(state), self.params) + gain)
            else:
                out.append(_empty_estimate(state.size, self.params))
        return out

    def values(self, state: State) -> list[float]:
        assert isinstance(state, OrderChaosState)
        est = self.order_estimates(state)
        return [est[0] - est[1], est[1] - est[0]]

    def evaluate(self, state: State, seat: Seat) -> float:
        return self.values(state)[seat]

    # --- one-ply scores, computed on the changed lines only -----------------------
    def scored_commands(self, state: State, seat: Seat) -> list[tuple[float, Command]]:
        assert isinstance(state, OrderChaosState)
        if seat not in state.to_act():
            return []
        if state.phase == PLACE:
            return self._scored_places(state, seat)
        if state.phase == ORDER:
            return self._scored_slides(state, seat)
        return super().scored_commands(state, seat)

    def _margin_parts(self, state: OrderChaosState, seat: Seat) -> tuple[float, float]:
        """(sign, offset) so that seat's value = sign * current-half estimate + offset."""
        est = self.order_estimates(state)
        other = est[1 - state.half]
        sign = 1.0 if seat == state.order_seat() else -1.0
        return sign, -sign * other

    def _scored_places(self, state: OrderChaosState, seat: Seat) -> list[tuple[float, Command]]:
        sign, offset = self._margin_parts(state, seat)
        gain = future_gain(state.size, state.board.count(None) - 1, True)  # after the place, Order slides
        n = state.size
        scored = _place_estimates(state, self.params)
        if self.greedy_chaos:
            keep = set(greedy_places(_place_estimates(state)))
            scored = [(est, i) for est, i in scored if i in keep]
        return [(sign * (est + gain) + offset, Place(seat, divmod(i, n))) for est, i in scored]

    def _scored_slides(self, state: OrderChaosState, seat: Seat) -> list[tuple[float, Command]]:
        sign, offset = self._margin_parts(state, seat)
        gain = future_gain(state.size, state.board.count(None), False)  # after the slide, the next counter comes
        n = state.size
        out: list[tuple[float, Command]] = []
        for est, src, dst in _slide_estimates(state, self.params):
            cmd: Command = Pass(seat) if src < 0 else Slide(seat, divmod(src, n), divmod(dst, n))
            out.append((sign * (est + gain) + offset, cmd))
        return out

    # --- play-outs ------------------------------------------------------------------
    def rollout_command(self, state: State, rng: Rng) -> Command:
        """Greedy play-outs: each side takes its best one-ply move (ties to the first).

        Only the winner becomes a command: building one per candidate cost more
        than scoring them.
        """
        assert isinstance(state, OrderChaosState)
        seat = state.to_act()[0]
        n = state.size
        if state.phase == PLACE:  # Chaos: the lowest estimate for Order (by its own yardstick if modelled)
            _, i = min(_place_estimates(state, DEFAULT_PARAMS if self.greedy_chaos else self.params), key=_first)
            return Place(seat, divmod(i, n))
        if state.phase == ORDER:
            _, src, dst = max(_slide_estimates(state, self.params), key=_first)
            return Pass(seat) if src < 0 else Slide(seat, divmod(src, n), divmod(dst, n))
        assert state.phase != DRAW, "chance is sampled by the search, not the policy"
        return super().rollout_command(state, rng)


def _first(item: tuple[float, int] | tuple[float, int, int]) -> float:
    return item[0]


def _bag_cache(bag: Bag, potential: Params = POTENTIAL, edge: bool = False) -> _LineCache:
    """The line-value cache of one bag (of edge lines with `edge`, when the numbers tell them apart);
    all of them are dropped when they grow too big."""
    global _cached
    params = as_params(potential)
    edge = edge and params.lines is not None
    default = not edge and (params is DEFAULT_PARAMS or params == DEFAULT_PARAMS)
    caches = _CACHE if default else _OTHER_CACHES.setdefault((params, edge), {})
    per_bag = caches.get(bag)
    if per_bag is None:
        if _cached > _CACHE_LIMIT:
            _CACHE.clear()
            _OTHER_CACHES.clear()
            _cached = 0
            caches = _CACHE if default else _OTHER_CACHES.setdefault((params, edge), {})
        per_bag = caches[bag] = _LineCache(bag, params, edge)
    return per_bag


def _line_caches(bag: Bag, potential: Params, n: int) -> list[_LineCache]:
    """The cache of each row (or column) index of an `n` x `n` board: one for all of them unless
    fitted weights value the edge lines apart."""
    inner = _bag_cache(bag, potential)
    if inner.params.lines is None or not inner.params.lines.fits(n):
        return [inner] * n
    edge = _bag_cache(bag, potential, True)
    return [edge if is_edge(k, n) else inner for k in range(n)]


def _place_estimates(state: OrderChaosState, potential: Params = POTENTIAL) -> list[tuple[float, int]]:
    """(board estimate after placing the drawn counter there, cell index) for every empty cell."""
    assert state.drawn is not None
    return place_estimates(state.board, state.size, tuple(state.bag), state.drawn, potential)


def place_estimates(board_now: Sequence[int | None], n: int, bag: Bag, colour: int,
                    potential: Params = POTENTIAL) -> list[tuple[float, int]]:
    """(board estimate after placing `colour` there, cell index) for every empty cell of
    `board_now` (`bag`: the bag with that counter already drawn).

    Only the row and column of the cell change, so each costs two line values.
    """
    board = list(board_now)
    caches = _line_caches(bag, potential, n)
    rows = [caches[r][tuple(board[r * n:(r + 1) * n])] for r in range(n)]
    cols = [caches[c][tuple(board[c::n])] for c in range(n)]
    base = sum(rows) + sum(cols)
    hole_cost = caches[0].params.hole_cost
    holes = [_is_hole(board, n, i) for i in range(n * n)] if hole_cost else []
    if hole_cost:
        base -= hole_cost * sum(holes)
    out: list[tuple[float, int]] = []
    for i, v in enumerate(board):
        if v is not None:
            continue
        r, c = divmod(i, n)
        board[i] = colour
        est = (base - rows[r] - cols[c] + caches[r][tuple(board[r * n:(r + 1) * n])]
               + caches[c][tuple(board[c::n])])
        if hole_cost:
            est -= hole_cost * sum(_is_hole(board, n, j) - holes[j] for j in _near(n, (i,)))
        board[i] = None
        out.append((est, i))
    return out


GREEDY_TIE = 1e-9
"""Estimates closer than this are one: the greedy Chaos picks among them at random."""


def greedy_places(estimates: list[tuple[float, int]]) -> list[int]:
    """The cells the greedy Chaos chooses among: the lowest estimate by its yardstick (ties all)."""
    low = min(est for est, _ in estimates)
    return [i for est, i in estimates if est <= low + GREEDY_TIE]


def chaos_seems_greedy(state: OrderChaosState) -> bool:
    """True when Chaos has placed at least one counter this half and every one of them on a
    cell the greedy Chaos (`greedy`, the evaluator's default numbers one ply ahead) would
    have chosen: Order may then model it as that player (`OrderChaosKnowledge.greedy_chaos`).
    A Chaos that searches misses the greedy choice about two places in three (normal's
    Chaos: 16 of 48 on the greedy choice), so one miss turns the model off for the half."""
    if not state.places:
        return False
    for seen in state.places:
        estimates = place_estimates(seen.board, state.size, seen.bag, seen.colour)
        if seen.cell not in greedy_places(estimates):
            return False
    return True


def _slide_estimates(state: OrderChaosState, potential: Params = POTENTIAL) -> list[tuple[float, int, int]]:
    """`slide_estimates` of the state's board and bag."""
    return slide_estimates(state.board, state.size, tuple(state.bag), potential)


def slide_estimates(board_now: Sequence[int | None], n: int, bag: Bag,
                    potential: Params = POTENTIAL) -> list[tuple[float, int, int]]:
    """(board estimate after the slide, source index, destination index) for every slide Order
    can make on `board_now` with `bag` still to come.

    A pass comes first, as (estimate, -1, -1). A slide along a row changes that
    row, the source's column (the same for every destination, so valued once
    per source) and the destination's column; along a column likewise.
    """
    board = list(board_now)
    caches = _line_caches(bag, potential, n)
    rows = [caches[r][tuple(board[r * n:(r + 1) * n])] for r in range(n)]
    cols = [caches[c][tuple(board[c::n])] for c in range(n)]
    base = sum(rows) + sum(cols)
    hole_cost = caches[0].params.hole_cost
    holes = [_is_hole(board, n, i) for i in range(n * n)] if hole_cost else []
    if hole_cost:
        base -= hole_cost * sum(holes)
    out: list[tuple[float, int, int]] = [(base, -1, -1)]
    for src in range(n * n):
        colour = board[src]
        if colour is None:
            continue
        sr, sc = divmod(src, n)
        board[src] = None
        left = base - rows[sr] - cols[sc]
        col_without: float | None = None  # the source's column without it (moves along the row)
        row_without: float | None = None  # the source's row without it (moves along the column)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r, c = sr + dr, sc + dc
            if not (0 <= r < n and 0 <= c < n and board[r * n + c] is None):
                continue
            if dr == 0:  # along the row: the row and both columns change
                if col_without is None:
                    col_without = caches[sc][tuple(board[sc::n])]
                fixed = left + col_without
                while 0 <= c < n and board[sr * n + c] is None:
                    dst = sr * n + c
                    board[dst] = colour
                    est = (fixed - cols[c] + caches[sr][tuple(board[sr * n:(sr + 1) * n])]
                           + caches[c][tuple(board[c::n])])
                    if hole_cost:
                        est -= hole_cost * sum(_is_hole(board, n, j) - holes[j] for j in _near(n, (src, dst)))
                    board[dst] = None
                    out.append((est, src, dst))
                    c += dc
            else:  # along the column: the column and both rows change
                if row_without is None:
                    row_without = caches[sr][tuple(board[sr * n:(sr + 1) * n])]
                fixed = left + row_without
                while 0 <= r < n and board[r * n + sc] is None:
                    dst = r * n + sc
                    board[dst] = colour
                    est = (fixed - rows[r] + caches[sc][tuple(board[sc::n])]
                           + caches[r][tuple(board[r * n:(r + 1) * n])])
                    if hole_cost:
                        est -= hole_cost * sum(_is_hole(board, n, j) - holes[j] for j in _near(n, (src, dst)))
                    board[dst] = None
                    out.append((est, src, dst))
                    r += dr
        board[src] = colour
    return out
