"""What the two searches share (game/ai/search.py): the budget's fields and defaults, a decision's
time limits (CPU and wall clock, driven by fake clocks here), the value range UCB normalises by,
chance drawn by the search's RNG, the paused GC."""

from __future__ import annotations

import dataclasses
import gc
import math
import random
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.agents import BUDGETS, ISMCTS_BUDGETS, ISMCTSAgent, MCTSAgent, make_agent
from game.ai.ismcts import ISMCTS, ISMCTSBudget, ISMCTSStats
from game.ai.mcts import MCTS, SearchBudget, SearchStats
from game.ai.search import (NO_WALL_LIMIT_ENV, WALL_FACTOR, Budget, Clocks, Deadline, Stats, ValueRange,
                            decision_began, gc_paused, wall_limit)
from game.core.protocol import State, by_itself
from game.core.registry import get_game
from game.core.rng import Rng
from game.order_chaos.agents import HARD_WALL_SECONDS, RoleAgent


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


def test_the_cpu_limit_counts_only_once_a_cap_is_set_and_passed() -> None:
    assert not Deadline(None, math.inf, cpu=Ticking(), wall=lambda: 0.0).past()
    capped = Deadline(2.5, math.inf, cpu=Ticking(), wall=lambda: 0.0)
    assert [capped.past() for _ in range(4)] == [False, False, True, True]  # 1 s, 2 s, 3 s of 2.5


def test_the_time_cap_counts_this_process_work_not_the_time_others_take() -> None:
    """A busy machine (another program, the niced worker) must not cut a level's search short:
    waiting does not count towards the CPU cap, working does."""
    deadline = Deadline(0.2, math.inf)
    time.sleep(0.3)  # the CPU is someone else's meanwhile
    assert not deadline.past()


def test_inside_decision_began_the_wall_limit_counts_from_the_turns_start() -> None:
    """Issue 18: the codecup player's first turn began when the program started; its search must
    not take its whole wall-clock limit on top of the start."""
    def at(now: float) -> Deadline:
        return Deadline(None, 3.0, cpu=lambda: 0.0, wall=lambda: now)

    assert not at(10.0).past()
    with decision_began(8.0):
        assert not at(10.0).past()  # 2 s of 3 gone
        assert at(11.5).past()  # 3.5 s gone before the search began
        assert not at(5.0).past()  # a turn "beginning" after the search counts from the search
    assert not at(11.5).past()  # outside the block each decision counts from its own start


class Ticking:
    """A fake clock: each reading a `step` later than the one before."""

    def __init__(self, step: float = 1.0) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def crowded() -> Clocks:
    """A crowded machine: every reading of the wall clock a second later, no CPU time spent."""
    return Clocks(cpu=lambda: 0.0, wall=Ticking())


def test_every_generic_level_has_a_wall_limit_of_a_multiple_of_its_cpu_cap() -> None:
    for budget in [*BUDGETS.values(), *ISMCTS_BUDGETS.values()]:
        assert budget.max_seconds is not None
        assert budget.wall_limit == WALL_FACTOR * budget.max_seconds
    assert BUDGETS["normal"].wall_limit < 5.0  # Order & Chaos's codecup default within CodeCup's 5 s
    assert Budget(max_seconds=1.0, max_wall_seconds=2.5).wall_limit == 2.5  # a budget may name its own
    assert Budget().wall_limit == math.inf  # no CPU cap (tests, tools): no wall limit either


def test_the_no_wall_limit_setting_lifts_every_wall_limit_and_keeps_the_cpu_caps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    assert wall_limit(1.0) == wall_limit(1.0, 3.0) == math.inf
    for budget in [*BUDGETS.values(), *ISMCTS_BUDGETS.values()]:
        assert budget.wall_limit == math.inf and budget.max_seconds is not None


def decision(game_id: str, seed: int) -> tuple[State, int]:
    """A position of `game_id` after a few random commands where a seat chooses among several."""
    rng = random.Random(seed)
    state = get_game(game_id).new({}, seed)
    for ply in range(400):
        actors = state.to_act()
        assert actors and not state.is_over()
        if by_itself(actors):
            state.apply(state.sample_chance(Rng(rng.randrange(1 << 30))))
            continue
        moves = state.candidates(actors[0])
        if ply >= 6 and len(moves) > 1:
            return state, actors[0]
        state.apply(rng.choice(moves))
    raise AssertionError("no decision with a choice")


def searches(agent: object) -> list[MCTS | ISMCTS]:
    """The tree searches an agent decides with (one per role for Order & Chaos's hard)."""
    if isinstance(agent, RoleAgent):
        return [agent.order.search, agent.chaos.search]
    assert isinstance(agent, (MCTSAgent, ISMCTSAgent))
    return [agent.search]


CASES = [("order-chaos", "normal"), ("order-chaos", "hard"), ("worlds-collide", "normal"),
         ("worlds-collide", "hard"), ("cosmos", "easy")]
"""Generic MCTS, Order & Chaos's own hard, generic ISMCTS, and Cosmos's own ISMCTS budgets."""


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_a_search_stops_at_its_wall_limit_afresh_at_every_decision(game_id: str, level: str) -> None:
    """On a crowded machine (the wall clock runs, this process gets no CPU) a search stops once its
    wall-clock limit has passed, far short of its iterations, and the next decision of the same
    search gets the whole limit again."""
    state, seat = decision(game_id, 4)
    agent = make_agent(level, game_id, 3)
    for search in searches(agent):
        search.clocks = crowded()
    limit = searches(agent)[0].budget.wall_limit
    assert searches(agent)[0].budget.iterations > limit + 1
    if game_id == "order-chaos" and level == "hard":
        assert limit == HARD_WALL_SECONDS
    for _ in range(2):
        assert agent.choose(state, seat) in state.candidates(seat)
        used = [s for s in searches(agent) if s.stats.iterations]
        assert [s.stats.iterations for s in used] == [math.floor(limit) + 1]
        for search in used:
            search.stats.iterations = 0


@pytest.mark.parametrize(("game_id", "level"), CASES)
def test_the_no_wall_limit_setting_lets_every_game_search_all_its_iterations(
        game_id: str, level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    state, seat = decision(game_id, 4)
    agent = make_agent(level, game_id, 3)
    for search in searches(agent):
        search.clocks = crowded()
        search.budget = dataclasses.replace(search.budget, iterations=12)
    assert agent.choose(state, seat) in state.candidates(seat)
    assert [s.stats.iterations for s in searches(agent) if s.stats.iterations] == [12]


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
