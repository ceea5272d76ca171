"""Order & Chaos's own hard level (`game.order_chaos.agents`) and what its evaluator prefers."""

from __future__ import annotations

import dataclasses

from game.ai.agents import BUDGETS, make_agent
from game.ai.mcts import MCTS
from game.core.registry import get_game
from game.ai.search import Clocks
from game.order_chaos.agents import (HARD, HARD_ORDER, HARD_WALL_SECONDS, ORDER_PARAMS,
                                     RoleAgent, agent_factory)
from game.order_chaos.ai import DEFAULT_PARAMS, OrderChaosKnowledge
from game.order_chaos.state import OrderChaosState
from tests.ai.test_agents import random_position

GAME = "order-chaos"


def test_hard_is_the_games_own_budget_and_other_levels_stay_generic() -> None:
    hard = make_agent("hard", GAME, 3)
    assert isinstance(hard, RoleAgent)
    assert hard.order.search.budget == HARD_ORDER and hard.chaos.search.budget == HARD
    for search in (hard.order.search, hard.chaos.search):
        assert search.budget.wall_limit == HARD_WALL_SECONDS
    for level in ("greedy", "easy"):
        assert agent_factory(level, 3) is None


def test_normal_is_the_generic_search_with_the_tuned_numbers_as_order_only() -> None:
    """Seventh round (issue 18): normal's Order evaluates with `ORDER_PARAMS`; its Chaos, and
    so the arena's greedy yardstick, keeps the defaults; both roles search with the generic budget."""
    normal = make_agent("normal", GAME, 3)
    assert isinstance(normal, RoleAgent)
    assert normal.order.search.budget == normal.chaos.search.budget == BUDGETS["normal"]
    order_know, chaos_know = normal.order.search.knowledge, normal.chaos.search.knowledge
    assert isinstance(order_know, OrderChaosKnowledge) and isinstance(chaos_know, OrderChaosKnowledge)
    assert order_know.params == ORDER_PARAMS != DEFAULT_PARAMS == chaos_know.params
    greedy = make_agent("greedy", GAME, 3)
    assert getattr(greedy, "knowledge").params == DEFAULT_PARAMS
    state = random_position(3, 32)
    assert order_know.values(state) != chaos_know.values(state)


def test_hard_fits_a_codecup_half_and_still_searches_more_than_normal() -> None:
    """A half is at most 49 decisions of one seat: at the cap every time, still under 30 s.
    Hard keeps more iterations and a lower exploration than normal (what made it stronger)."""
    normal = BUDGETS["normal"]
    for budget in (HARD, HARD_ORDER):
        assert budget.max_seconds is not None and 49 * budget.max_seconds < 30.0
        assert budget.iterations > normal.iterations
        assert budget.exploration < normal.exploration


def test_hard_as_order_values_a_leaf_after_the_next_counter_is_answered() -> None:
    """Three-ply play-outs as Order (the draw, Chaos's place, Order's slide; issue 18), one as Chaos."""
    assert HARD_ORDER.rollout_depth == 3 and HARD.rollout_depth == 1
    assert dataclasses.replace(HARD_ORDER, rollout_depth=HARD.rollout_depth) == HARD


def test_hard_stops_a_search_at_its_wall_clock_limit_on_a_crowded_machine() -> None:
    """A fake wall clock that runs a second per reading: the search must stop once the limit has
    passed, far short of its iterations and CPU cap, and the next decision gets a fresh limit."""
    ticks = iter(range(10_000))
    hard = agent_factory("hard", 3)
    assert isinstance(hard, RoleAgent)
    for search in (hard.order.search, hard.chaos.search):
        search.clocks = Clocks(cpu=lambda: 0.0, wall=lambda: float(next(ticks)))
    state = random_position(3, 32)
    seat = state.to_act()[0]
    used = hard.order if seat == state.order_seat() else hard.chaos
    for _ in range(2):
        assert hard.choose(state, seat) in state.candidates(seat)
        assert used.stats.iterations == int(HARD_WALL_SECONDS) + 1


def test_hard_as_order_counts_more_promise_and_answers_each_role_with_its_own_search() -> None:
    hard = agent_factory("hard", 3)
    assert isinstance(hard, RoleAgent)
    order_know, chaos_know = hard.order.search.knowledge, hard.chaos.search.knowledge
    assert isinstance(order_know, OrderChaosKnowledge) and isinstance(chaos_know, OrderChaosKnowledge)
    assert order_know.potential == ORDER_PARAMS.potential > chaos_know.potential
    assert order_know.params == ORDER_PARAMS != chaos_know.params
    for search in (hard.order.search, hard.chaos.search):  # no cap: the move depends on the seed only
        search.budget = dataclasses.replace(HARD, iterations=60, max_seconds=None, max_wall_seconds=None)
    for seed, plies in ((3, 32), (5, 21)):  # Order to slide, then Chaos to place
        state = random_position(seed, plies)
        seat = state.to_act()[0]
        used, idle = (hard.order, hard.chaos) if seat == state.order_seat() else (hard.chaos, hard.order)
        used.search.stats.iterations = idle.search.stats.iterations = 0
        assert hard.choose(state, seat) in state.candidates(seat)
        assert used.stats.iterations == 60 and idle.stats.iterations == 0


def test_hard_plays_legal_moves_and_a_seed_replays_them() -> None:
    budget = dataclasses.replace(HARD, iterations=150, max_seconds=None, max_wall_seconds=None)  # no limits: deterministic
    for seed, plies in ((3, 32), (5, 21), (9, 11)):  # Order to slide, Chaos to place
        state = random_position(seed, plies)
        seat = state.to_act()[0]
        before = state.notation()
        first = MCTS(OrderChaosKnowledge(), budget, 7).choose(state, seat)
        again = MCTS(OrderChaosKnowledge(), budget, 7).choose(state, seat)
        assert first == again
        assert first in state.candidates(seat)
        assert state.notation() == before


def test_evaluator_prefers_a_row_of_one_colour_to_the_same_counters_scattered() -> None:
    """Seven counters of one colour along a row score 77 at once; scattered on a diagonal, none."""
    def with_counters(cells: list[int]) -> OrderChaosState:
        state = get_game(GAME).new({}, 1)
        assert isinstance(state, OrderChaosState)
        for i in cells:
            state.board[i] = 0
        state.bag[0] = 0
        return state

    row = with_counters(list(range(7)))
    diagonal = with_counters([i * 8 for i in range(7)])
    know = OrderChaosKnowledge()
    order = row.order_seat()
    assert know.evaluate(row, order) > know.evaluate(diagonal, order) + 50
    assert know.evaluate(row, 1 - order) < know.evaluate(diagonal, 1 - order)


def test_a_knowledge_with_its_own_potential_keeps_its_own_line_values() -> None:
    """Another potential weighs promise differently and must not read the default's cache."""
    from game.order_chaos.ai import POTENTIAL, line_value

    line, bag = (0, 0, 0, None, None, 0, 0), (7, 1, 1, 1, 1, 1, 1)
    base = line_value(line, bag)
    assert line_value(line, bag, POTENTIAL + 0.3) > base
    assert line_value(line, bag) == base
    state = random_position(5, 21)
    seat = state.to_act()[0]
    default, same = OrderChaosKnowledge(), OrderChaosKnowledge(POTENTIAL)
    assert default.scored_commands(state, seat) == same.scored_commands(state, seat)
    assert OrderChaosKnowledge(0.8).evaluate(state, seat) != default.evaluate(state, seat)
