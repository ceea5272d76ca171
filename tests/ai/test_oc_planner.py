"""Order & Chaos: Order's exact look-ahead against a Chaos modelled as the greedy player.

The planner works on bare boards and bags for speed; these tests hold it to the engine: its value
of a move is what the engine's own draws, the greedy Chaos's places and Order's best reply give, its
moves are legal, the half's end is exact, and the time limits still give an answer.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.protocol import Command
from game.core.registry import get_game
from game.order_chaos import agents as oc_agents
from game.order_chaos.ai import _place_estimates, _slide_estimates, future_gain, greedy_places
from game.order_chaos.commands import Pass, Place, Slide
from game.order_chaos.planner import (PASS, GreedyChaosPlanner, Move, PlannerBudget, _ties,
                                      planned_command)
from game.order_chaos.state import ORDER, OrderChaosState
from tests.ai.test_agents import random_position


def _command(state: OrderChaosState, move: Move) -> Command:
    seat = state.order_seat()
    if move == PASS:
        return Pass(seat)
    return Slide(seat, divmod(move[0], 7), divmod(move[1], 7))


def _engine_value(state: OrderChaosState, move: Move) -> float:
    """One round after `move`, played through the engine: each draw by its odds, the greedy
    Chaos's place (its ties averaged as the planner spreads them), Order's best slide by hard's
    numbers, or the final score when the half ends."""
    after = state.clone()
    after.apply(_command(state, move))
    if after.half != state.half or after.is_over():
        score = after.half_scores[state.half]
        assert score is not None
        return float(score)
    value = 0.0
    for draw, odds in after.chance_outcomes():
        drawn = after.clone()
        drawn.apply(draw)
        cells = _ties(greedy_places(_place_estimates(drawn)))
        part = 0.0
        for cell in cells:
            placed = drawn.clone()
            placed.apply(Place(placed.chaos_seat(), divmod(cell, 7)))
            if placed.half != state.half or placed.is_over():
                score = placed.half_scores[state.half]
                assert score is not None
                part += score
            else:
                best = max(e[0] for e in _slide_estimates(placed, oc_agents.ORDER_PARAMS))
                part += best + future_gain(7, placed.board.count(None), False)
        value += odds * part / len(cells)
    return value


def _order_position(seed: int, plies: int) -> OrderChaosState | None:
    """A random first-half position with Order to slide, about `plies` random commands in."""
    for more in range(3):  # a draw, a place and a slide make a round
        state = random_position(seed, plies + more)
        if state.phase == ORDER and state.half == 0:
            return state
    return None


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(40, 147))
def test_a_move_is_valued_as_the_engine_plays_the_round_out(seed: int, plies: int) -> None:
    state = _order_position(seed, plies)
    if state is None:
        return
    planner = GreedyChaosPlanner(oc_agents.ORDER_PARAMS)
    moves: list[Move] = [PASS] + [(s, d) for _, s, d in _slide_estimates(state)[1:4]]
    for move in moves:
        mine = planner.value_after(state.board, 7, tuple(state.bag), move, 1)
        assert abs(mine - _engine_value(state, move)) < 1e-6


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(2, 147))
def test_the_planned_move_is_legal_and_leaves_the_board_as_it_was(seed: int, plies: int) -> None:
    state = _order_position(seed, plies)
    if state is None:
        return
    board = list(state.board)
    planner = GreedyChaosPlanner(oc_agents.ORDER_PARAMS, PlannerBudget(root_moves=8, deep_moves=2))
    command = planned_command(planner, state, state.order_seat())
    assert command in state.candidates(state.order_seat())
    assert state.board == board


def _last_slide(seed: int) -> OrderChaosState:
    """Half 1 played at random up to Order's slide before the last counter (one cell empty)."""
    state = get_game("order-chaos").new({}, seed)
    assert isinstance(state, OrderChaosState)
    plies = 0
    while not (state.phase == ORDER and state.board.count(None) == 1):
        plies += 1
        state = random_position(seed, plies)
    return state


@given(seed=st.integers(0, 2_000))
@settings(max_examples=6, deadline=None)
def test_before_the_last_counter_the_planner_takes_the_best_final_score(seed: int) -> None:
    state = _last_slide(seed)
    finals = {}
    for command in state.candidates(state.order_seat()):
        after = state.clone()
        after.apply(command)
        after.apply(after.sample_chance())
        last = after.board.index(None)
        after.apply(Place(after.chaos_seat(), divmod(last, 7)))
        finals[command] = after.half_scores[0]
    chosen = planned_command(GreedyChaosPlanner(oc_agents.ORDER_PARAMS), state, state.order_seat())
    assert finals[chosen] == max(finals.values())


def test_two_rounds_are_used_when_time_allows_and_one_when_it_does_not() -> None:
    state = next(s for s in (_order_position(seed, 70) for seed in range(50)) if s is not None)
    roomy = GreedyChaosPlanner(oc_agents.ORDER_PARAMS, PlannerBudget(max_seconds=60.0, deep_moves=3))
    roomy.choose(state.board, 7, tuple(state.bag))
    assert roomy.stats.depth == 2
    hurried = GreedyChaosPlanner(oc_agents.ORDER_PARAMS, PlannerBudget(max_seconds=0.0))
    move = hurried.choose(state.board, 7, tuple(state.bag))
    assert hurried.stats.depth == 1 and hurried.stats.root_moves == 1
    assert _command(state, move) in state.candidates(state.order_seat())


def test_ties_are_spread_over_the_list() -> None:
    assert _ties([5, 6, 7]) == [5, 6, 7]
    assert _ties(list(range(12))) == [0, 3, 6, 9]
