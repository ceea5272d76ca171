"""What the two searches share (game/ai/search.py): the budget's fields and defaults, the time
cap, the value range UCB normalises by, chance drawn by the search's RNG, the paused GC."""

from __future__ import annotations

import gc
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.ismcts import ISMCTSBudget, ISMCTSStats
from game.ai.mcts import SearchBudget, SearchStats
from game.ai.search import Budget, Stats, ValueRange, cpu_seconds, gc_paused
from game.core.registry import get_game
from game.core.rng import Rng


def test_each_search_keeps_its_own_defaults_on_the_shared_fields() -> None:
    assert isinstance(SearchBudget(), Budget) and isinstance(ISMCTSBudget(), Budget)
    assert (SearchBudget().rollout_depth, SearchBudget().exploration, SearchBudget().widen_k) == (0, 0.5, 2.0)
    assert (ISMCTSBudget().rollout_depth, ISMCTSBudget().exploration, ISMCTSBudget().widen_k) == (6, 0.7, None)
    assert SearchBudget().iterations == ISMCTSBudget().iterations == 1000


def test_both_searches_report_the_shared_stats_by_name() -> None:
    shared = {"iterations", "seconds", "root_children", "best_visits"}
    assert SearchStats is Stats
    one = ISMCTSStats(root_children=1, nodes=3)
    assert isinstance(one, Stats) and shared <= set(vars(one))
    assert (one.iterations, one.root_children, one.best_visits, one.nodes, one.root) == (0, 1, 0, 3, {})


def test_out_of_time_only_with_a_cap_that_has_passed() -> None:
    long_ago = cpu_seconds() - 10.0
    assert not Budget().out_of_time(long_ago)
    assert Budget(max_seconds=1.0).out_of_time(long_ago)
    assert not Budget(max_seconds=60.0).out_of_time(cpu_seconds())


def test_the_time_cap_counts_this_process_work_not_the_time_others_take() -> None:
    """A busy machine (another program, the niced worker) must not cut a level's search short:
    waiting does not count towards the cap, working does."""
    start = cpu_seconds()
    time.sleep(0.3)  # the CPU is someone else's meanwhile
    assert not Budget(max_seconds=0.2).out_of_time(start)


@given(st.lists(st.lists(st.floats(-1e6, 1e6), min_size=3, max_size=3), min_size=1, max_size=20))
def test_value_range_normalises_every_seen_value_into_0_1(rows: list[list[float]]) -> None:
    vr = ValueRange(3)
    for row in rows:
        vr.add(row)
    for seat in range(3):
        lo, span = vr.bounds(seat)
        assert span > 0
        seen = [row[seat] for row in rows]
        assert lo == min(seen)
        for v in seen:
            assert -1e-9 <= (v - lo) / span <= 1 + 1e-9


def test_value_range_before_two_values_has_span_one() -> None:
    vr = ValueRange(2)
    vr.add([3.0, 3.0])
    assert vr.bounds(0) == (3.0, 1.0)


def test_sample_chance_draws_with_the_given_rng_and_leaves_the_state_alone() -> None:
    state = get_game("order-chaos").new({}, 5)
    assert state.to_act() == [-1]
    before = state.view(0)
    outcomes = dict(state.chance_outcomes())
    draws = [state.sample_chance(Rng(seed)) for seed in range(40)]
    assert all(d in outcomes for d in draws)
    assert len(set(draws)) > 1  # several colours in the bag, several seeds
    assert draws == [state.sample_chance(Rng(seed)) for seed in range(40)]
    assert state.view(0) == before


@pytest.mark.parametrize("was_on", [True, False])
def test_gc_paused_restores_the_collector_as_it_was(was_on: bool) -> None:
    (gc.enable if was_on else gc.disable)()
    try:
        with pytest.raises(RuntimeError), gc_paused():
            assert not gc.isenabled()
            raise RuntimeError("a search failed")
        assert gc.isenabled() == was_on
    finally:
        gc.enable()


def test_chance_spread_lists_few_outcomes_and_samples_many_or_unlisted_ones() -> None:
    """Leaf searches cap how many chance outcomes they branch on (issue 12): a short list is
    averaged whole, a step with more than MAX_LISTED_OUTCOMES or none listed is sampled."""
    from game.ai.search import CHANCE_SAMPLES, MAX_LISTED_OUTCOMES, chance_spread
    from game.core.protocol import CHANCE

    bag = get_game("order-chaos").new({}, 1)
    assert bag.to_act() == [CHANCE]
    assert chance_spread(bag, Rng(1)) == bag.chance_outcomes() and len(bag.chance_outcomes()) <= MAX_LISTED_OUTCOMES
    deal = get_game("rally").new({}, 1, 2)
    deal.phase = "deal"  # a deal lists no outcomes: it is sampled
    assert deal.chance_outcomes() == [] and len(chance_spread(deal, Rng(1))) == CHANCE_SAMPLES

    class ManyOutcomes:
        """A stand-in chance step with 40 outcomes."""

        def to_act(self) -> list[int]:
            return [CHANCE]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(k, 1 / 40) for k in range(40)]

        def sample_chance(self, rng: Rng) -> int:
            return rng.randrange(40)

    spread = chance_spread(ManyOutcomes(), Rng(2))  # type: ignore[arg-type]
    assert len(spread) == CHANCE_SAMPLES and all(p == 1 / CHANCE_SAMPLES for _, p in spread)
