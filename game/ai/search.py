"""What the two tree searches (`game.ai.mcts`, `game.ai.ismcts`) share: the budget's
common fields and the statistics both report, a decision's time limits, the per-seat value range
UCB normalises by, the chance outcomes a leaf search averages over, and switching the garbage
collector off while a search runs. (A search samples chance with `state.sample_chance(its own rng)`.)

Kept in one place so a fix to any of them (say, how the cap is counted) reaches
both searches; each search keeps its own tree and selection rule.

**Time limits** (a safety net; iterations set a level's strength): a decision may spend
`Budget.max_seconds` of this process's CPU (`cpu_seconds`: a busy machine makes an answer later,
not weaker) and `Budget.wall_limit` seconds of the wall clock (`WALL_FACTOR` times the CPU cap
unless a budget names its own): on a crowded machine, where the CPU cap can take ten times as
long on the wall clock, the answer still comes in time, weaker. Both are counted from the start
of each decision (`Deadline`, a fresh one per `choose`), or, inside `decision_began(t)`, the wall
limit from `t`: a player whose turn began before its search did (the `codecup` player, whose
first turn began when the program started) does not spend the limit twice. `NO_WALL_LIMIT_ENV`
lifts every wall limit of every game and keeps the CPU caps. Games with searches of their own (the skirmish's, Rally's planner)
use the same `Deadline` and `wall_limit`.
"""

from __future__ import annotations

import gc
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from game.core.protocol import AUTO, Command, State
from game.core.rng import Rng

CHANCE_SAMPLES = 4
"""How many outcomes a leaf search draws of a chance step that cannot be listed: it caps the
branching a deal or a throw of dice adds to an exhaustive look-ahead."""
MAX_LISTED_OUTCOMES = 16
"""A listed chance step with more outcomes than this is sampled too (CHANCE_SAMPLES of them):
a leaf search must not branch on every card of a big deck (Order & Chaos's bag has 7 colours)."""

NO_WALL_LIMIT_ENV = "ENTROPY_TABLETOP_NO_WALL_LIMIT"
"""Set (to anything) to lift every decision's wall-clock limit, in every game, and keep the CPU
caps: strength as on a quiet machine, for measurements on a crowded one and for tests that compare
answers from two processes (a crowded machine cut the worker's search and not the test's; a
spawned worker inherits the setting)."""
WALL_FACTOR = 4.0
"""A decision's wall-clock limit over its CPU cap, when its budget names none. The CPU cap took
up to ten times as long on the wall clock on the shared 2-core machine (0.55 s took 5.7 s at load
18); at four times the limit acts only once the search gets less than a quarter of a core, and
Order & Chaos's `normal` (0.85 s of CPU, the `codecup` default) then still answers within 3.4 s
plus one iteration, inside CodeCup's 5 s a move."""

Timer = Callable[[], float]
"""A clock: seconds since some fixed point."""


def cpu_seconds() -> float:
    """This process's CPU seconds: the time cap counts the search's own work, so a busy machine
    (another program, the niced worker under the window) makes an answer later but never cuts
    a level's iterations short; a search that is itself slow still meets the cap."""
    return time.process_time()


def wall_limit(cpu_cap: float | None, wall_seconds: float | None = None, factor: float = WALL_FACTOR) -> float:
    """A decision's wall-clock limit: `wall_seconds` if given, else `factor` x `cpu_cap` (no limit,
    `inf`, without a CPU cap); `inf` whenever `NO_WALL_LIMIT_ENV` is set. Read at each decision, so
    setting the variable takes effect at once."""
    if os.environ.get(NO_WALL_LIMIT_ENV):
        return math.inf
    if wall_seconds is not None:
        return wall_seconds
    return math.inf if cpu_cap is None else factor * cpu_cap


@dataclass(frozen=True)
class Clocks:
    """The two clocks a decision's limits read; a test drives fake ones through a search."""

    cpu: Timer = cpu_seconds
    wall: Timer = time.monotonic


REAL_CLOCKS = Clocks()


_TURN_BEGAN: ContextVar[float | None] = ContextVar("turn_began", default=None)
"""When the current turn began on the wall clock, if a caller said so (`decision_began`)."""


@contextmanager
def decision_began(wall_time: float) -> Iterator[None]:
    """Count the wall-clock limit of every decision made inside the block from `wall_time` (a
    reading of the searches' wall clock, `time.monotonic`) instead of from the search's own start:
    the time already gone since the turn began (reading the opponent's move, starting the program)
    is then spent from the limit, so the answer still comes within it. A `wall_time` later than
    the search's start counts from the start."""
    token = _TURN_BEGAN.set(wall_time)
    try:
        yield
    finally:
        _TURN_BEGAN.reset(token)


class Deadline:
    """A decision's time limits, from its start: `cap` CPU seconds of this process (None: no cap)
    and `wall_cap` seconds of the wall clock (`inf`: none), the latter from the turn's start when a
    caller named one (`decision_began`). The clocks are parameters so that a test can drive them."""

    def __init__(self, cap: float | None, wall_cap: float, cpu: Timer = cpu_seconds,
                 wall: Timer = time.monotonic) -> None:
        self.cap = math.inf if cap is None else cap
        self.wall_cap = wall_cap
        self._cpu, self._wall = cpu, wall
        self._cpu0, self._wall0 = cpu(), wall()
        began = _TURN_BEGAN.get()
        if began is not None:
            self._wall0 = min(self._wall0, began)

    def past(self, share: float = 1.0) -> bool:
        """Whether `share` of either limit is spent (the CPU clock is read first, the wall clock
        only when the CPU limit is not yet reached)."""
        return self._cpu() - self._cpu0 > share * self.cap or self._wall() - self._wall0 > share * self.wall_cap


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: the fields every search reads. Each search's budget
    adds its own and may give these other defaults."""

    iterations: int = 1000
    max_seconds: float | None = None
    """A safety cap of CPU seconds per decision; hitting it makes the result depend on the machine."""
    max_wall_seconds: float | None = None
    """The wall-clock limit of a decision (None: `WALL_FACTOR` x `max_seconds`; see `wall_limit`)."""
    rollout_depth: int = 0
    """Plies of the game's play-out policy that value a new leaf."""
    exploration: float = 0.5
    """The UCB constant, on values normalised to the range seen so far."""
    widen_alpha: float = 0.5
    """Progressive widening: a node visited n times uses about `widen_k * n ** widen_alpha`
    of its moves (`widen_k` is the search's own field)."""

    @property
    def wall_limit(self) -> float:
        """This budget's wall-clock limit per decision (`wall_limit`: `inf` when lifted or none)."""
        return wall_limit(self.max_seconds, self.max_wall_seconds)

    def deadline(self, clocks: Clocks = REAL_CLOCKS) -> Deadline:
        """Both limits of one decision, counted from now."""
        return Deadline(self.max_seconds, self.wall_limit, clocks.cpu, clocks.wall)


@dataclass
class Stats:
    """What the last search did (for benches and tests): what every search reports."""

    iterations: int = 0
    seconds: float = 0.0
    root_children: int = 0
    best_visits: int = 0


class ValueRange:
    """The lowest and highest value each seat has received in one search, so UCB can
    work on values normalised to [0, 1] whatever the evaluator's scale."""

    __slots__ = ("hi", "lo")

    def __init__(self, seats: int) -> None:
        self.lo = [float("inf")] * seats
        self.hi = [float("-inf")] * seats

    def add(self, values: Sequence[float]) -> None:
        lo, hi = self.lo, self.hi
        for i, v in enumerate(values):
            if v < lo[i]:
                lo[i] = v
            if v > hi[i]:
                hi[i] = v

    def bounds(self, seat: int) -> tuple[float, float]:
        """`(lo, span)` for `seat`: normalised value = (value - lo) / span (span 1 before
        two different values were seen)."""
        lo, hi = self.lo[seat], self.hi[seat]
        return lo, (hi - lo if hi > lo else 1.0)


def chance_spread(state: State, rng: Rng, samples: int = CHANCE_SAMPLES) -> list[tuple[Command, float]]:
    """The chance outcomes a leaf search averages over: all of them with their probabilities
    when the game lists at most MAX_LISTED_OUTCOMES, else `samples` outcomes drawn with `rng`,
    equally weighted (a deal or a throw of dice that cannot be listed, a big deck); the
    engine's own step is one outcome."""
    if state.to_act() == [AUTO]:
        return [(state.candidates(AUTO)[0], 1.0)]
    outcomes = state.chance_outcomes()
    if outcomes and len(outcomes) <= MAX_LISTED_OUTCOMES:
        return outcomes
    return [(state.sample_chance(rng), 1.0 / samples) for _ in range(samples)]


@contextmanager
def gc_paused() -> Iterator[None]:
    """The garbage collector off for the block: search trees hold no cycles, and a full
    collection over big caches would stall a move. Restored as it was afterwards."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
