"""Order & Chaos knowledge: the fast play-out policy and the line-value cache agree with the slow paths."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.order_chaos import ai
from game.order_chaos.ai import OrderChaosKnowledge, line_value
from tests.ai.test_agents import random_position


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 145))
def test_play_out_move_is_a_best_one_ply_move(seed: int, plies: int) -> None:
    """The play-out scores moves without building commands; it must still pick a best one-ply move
    (ties, to rounding, may go either way: the two paths add the same terms in another order)."""
    state = random_position(seed, plies)
    if state.is_over():
        return
    seat = state.to_act()[0]
    know = OrderChaosKnowledge()
    scored = dict((c, v) for v, c in know.scored_commands(state, seat))
    before = state.notation()
    chosen = know.rollout_command(state, Rng(0))
    assert scored[chosen] >= max(scored.values()) - 1e-9
    assert state.notation() == before


@settings(max_examples=60, deadline=None)
@given(line=st.lists(st.one_of(st.none(), st.integers(0, 6)), min_size=7, max_size=7),
       bag=st.lists(st.integers(0, 7), min_size=7, max_size=7))
def test_cached_line_value_equals_a_fresh_computation(line: list[int | None], bag: list[int]) -> None:
    key, bag_key = tuple(line), tuple(bag)
    fresh = ai._line_value(key, bag_key)
    assert line_value(key, bag_key) == fresh
    assert line_value(key, bag_key) == fresh  # second read comes from the cache
    assert ai._CACHE[bag_key][key] == fresh


def test_hard_spends_its_iterations_on_its_best_lines() -> None:
    """Hard's lower exploration is there to deepen the best moves: its favourite must get a
    clearly bigger share of the visits than the same search at normal's exploration."""
    import dataclasses

    from game.ai.agents import BUDGETS
    from game.ai.knowledge import get_knowledge
    from game.ai.mcts import MCTS

    hard = dataclasses.replace(BUDGETS["hard"], iterations=600, max_seconds=None)
    wide = dataclasses.replace(hard, exploration=BUDGETS["normal"].exploration)
    assert hard.exploration < wide.exploration
    assert BUDGETS["hard"].max_seconds is not None and BUDGETS["hard"].max_seconds <= 2.7
    shares = {"hard": 0.0, "wide": 0.0}
    for seed, plies in ((3, 32), (5, 20), (9, 11)):  # Order to slide: ~50-200 moves
        state = random_position(seed, plies)
        seat = state.to_act()[0]
        for name, budget in (("hard", hard), ("wide", wide)):
            search = MCTS(get_knowledge("order-chaos"), budget, 1)
            search.choose(state, seat)
            shares[name] += search.stats.best_visits / search.stats.iterations
    assert shares["hard"] > 1.5 * shares["wide"]
