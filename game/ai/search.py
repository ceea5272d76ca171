"""What the two tree searches (`game.ai.mcts`, `game.ai.ismcts`) share: the budget's
common fields and the statistics both report, the time cap, the per-seat value range UCB normalises by, the
chance outcomes a leaf search averages over, and switching the garbage collector off while
a search runs. (A search samples chance with `state.sample_chance(its own rng)`.)

Kept in one place so a fix to any of them (say, how the cap is counted) reaches
both searches; each search keeps its own tree and selection rule.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from game.core.protocol import AUTO, Command, State
from game.core.rng import Rng

CHANCE_SAMPLES = 4
"""How many outcomes a leaf search draws of a chance step that cannot be listed: it caps the
branching a deal or a throw of dice adds to an exhaustive look-ahead."""
MAX_LISTED_OUTCOMES = 16
"""A listed chance step with more outcomes than this is sampled too (CHANCE_SAMPLES of them):
a leaf search must not branch on every card of a big deck (Order & Chaos's bag has 7 colours)."""

@dataclass(frozen=True)
class Budget:
    """How much a search may spend: the fields every search reads. Each search's budget
    adds its own and may give these other defaults."""

    iterations: int = 1000
    max_seconds: float | None = None
    """A safety cap; hitting it makes the result depend on the machine."""
    rollout_depth: int = 0
    """Plies of the game's play-out policy that value a new leaf."""
    exploration: float = 0.5
    """The UCB constant, on values normalised to the range seen so far."""
    widen_alpha: float = 0.5
    """Progressive widening: a node visited n times uses about `widen_k * n ** widen_alpha`
    of its moves (`widen_k` is the search's own field)."""

    def out_of_time(self, start: float) -> bool:
        """Whether the cap is set and more than it has passed since `start` (`cpu_seconds`)."""
        return self.max_seconds is not None and cpu_seconds() - start > self.max_seconds


def cpu_seconds() -> float:
    """This process's CPU seconds: the time cap counts the search's own work, so a busy machine
    (another program, the niced worker under the window) makes an answer later but never cuts
    a level's iterations short; a search that is itself slow still meets the cap."""
    return time.process_time()


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
