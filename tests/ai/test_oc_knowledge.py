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
def test_play_out_move_is_the_first_best_one_ply_move(seed: int, plies: int) -> None:
    """The play-out scores moves without building commands; it must still pick greedy's first best."""
    state = random_position(seed, plies)
    if state.is_over():
        return
    seat = state.to_act()[0]
    know = OrderChaosKnowledge()
    scored = know.scored_commands(state, seat)
    best = max(v for v, _ in scored)
    first_best = next(c for v, c in scored if v == best)
    before = state.notation()
    assert know.rollout_command(state, Rng(0)) == first_best
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
