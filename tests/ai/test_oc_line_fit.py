"""Order & Chaos: line values from fitted weights (`line_fit`), edge lines apart, and the fitting tool.

The fitted value splits the hand-made evaluator's promise into run classes, so weights built from the
hand-made numbers must give its values exactly; edge rows and columns get their own cache, so the
one-ply scores (which redo only the lines a move touches) must still agree with a whole-board
estimate; and the fit must find weights that made the data.
"""

from __future__ import annotations

import dataclasses
import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.order_chaos import agents as oc_agents
from game.order_chaos import ai
from game.order_chaos.ai import EvalParams, board_estimate, place_estimates, slide_estimates
from game.order_chaos.line_fit import FEATURES, LineWeights, fitted_weights, line_features
from game.order_chaos.planner import GreedyChaosPlanner
from tools import oc_fit

HAND = oc_agents.ORDER_PARAMS
LIKE_HAND = EvalParams(lines=LineWeights.like_params(HAND.potential, HAND.half_pair, HAND.empty_pair))
CELLS = st.one_of(st.none(), st.integers(0, 6))
BAGS = st.lists(st.integers(0, 7), min_size=7, max_size=7)


def _edge_apart() -> LineWeights:
    """The hand-made weights inside, twice them on the edge lines."""
    like = LIKE_HAND.lines
    assert like is not None
    return dataclasses.replace(like, edge=tuple(2 * w for w in like.edge))


@settings(max_examples=80, deadline=None)
@given(line=st.lists(CELLS, min_size=7, max_size=7), bag=BAGS)
def test_weights_built_from_the_hand_made_numbers_give_its_values(line: list[int | None], bag: list[int]) -> None:
    key, bag_key = tuple(line), tuple(bag)
    hand = ai._line_value(key, bag_key, HAND)
    assert ai._line_value(key, bag_key, LIKE_HAND) == pytest.approx(hand, abs=1e-9)
    assert ai._line_value(key, bag_key, LIKE_HAND, edge=True) == pytest.approx(hand, abs=1e-9)


def test_a_full_line_has_no_features_and_is_worth_its_score() -> None:
    line = (1, 2, 1, 3, 3, 3, 0)
    assert line_features(line, (7,) * 7) == (0.0,) * len(FEATURES)
    assert fitted_weights().value(line, (7,) * 7, edge=True) == 3 + 2 + 2 + 3  # 121, 33 twice, 333


def _random_board(rng: random.Random, filled: int) -> tuple[list[int | None], tuple[int, ...]]:
    board: list[int | None] = [None] * 49
    bag = [7] * 7
    for cell in rng.sample(range(49), filled):
        colour = rng.choice([c for c in range(7) if bag[c]])
        board[cell] = colour
        bag[colour] -= 1
    return board, tuple(bag)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), filled=st.integers(1, 46))
def test_edge_lines_have_their_own_value_and_one_ply_scores_agree_with_the_whole_board(seed: int, filled: int) -> None:
    rng = random.Random(seed)
    board, bag = _random_board(rng, filled)
    params = EvalParams(lines=_edge_apart())
    for est, src, dst in slide_estimates(board, 7, bag, params):
        after = list(board)
        if src >= 0:
            after[dst], after[src] = after[src], None
        assert est == pytest.approx(board_estimate(after, 7, bag, params), abs=1e-6)
    colour = next(c for c in range(7) if bag[c])
    left = bag[:colour] + (bag[colour] - 1,) + bag[colour + 1:]
    for est, cell in place_estimates(board, 7, left, colour, params):
        after = list(board)
        after[cell] = colour
        assert est == pytest.approx(board_estimate(after, 7, left, params), abs=1e-6)


def test_a_board_adds_its_edge_lines_at_edge_value_and_the_others_at_inner_value() -> None:
    board, bag = _random_board(random.Random(8), 20)
    apart = EvalParams(lines=_edge_apart())
    lines = [(r in (0, 6), tuple(board[r * 7:(r + 1) * 7])) for r in range(7)]
    lines += [(c in (0, 6), tuple(board[c::7])) for c in range(7)]
    expected = sum(ai._line_value(line, bag, apart, edge) for edge, line in lines)
    assert board_estimate(board, 7, bag, apart) == pytest.approx(expected)
    open_edge = next(line for edge, line in lines if edge and None in line)
    assert ai._line_value(open_edge, bag, apart, True) > ai._line_value(open_edge, bag, apart, False)
    assert ai._line_value(open_edge, bag, LIKE_HAND, True) == ai._line_value(open_edge, bag, LIKE_HAND, False)


def test_the_shipped_weights_load_and_a_broken_file_says_why() -> None:
    weights = fitted_weights()
    assert len(weights.inner) == len(weights.edge_late) == len(FEATURES)
    assert LineWeights.from_json(weights.to_json()) == weights
    data = json.loads(weights.to_json())
    for change, words in (({"version": 99}, "version"), ({"features": ["x"]}, "other features"),
                          ({"edge": [1.0]}, "edge has 1 numbers"), ({"inner": "many"}, "inner is not"),
                          ({"size": None}, "no board size")):
        with pytest.raises(ValueError, match=words):
            LineWeights.from_json(json.dumps({**data, **change}))


def test_on_a_board_of_another_size_the_hand_made_numbers_count() -> None:
    """The weights were fitted on 7 x 7; on 5 x 5 they lost to the hand-made numbers, which stay there."""
    params = oc_agents.PLANNER_PARAMS
    assert params.lines is not None and params.lines.fits(7) and not params.lines.fits(5)
    rng = random.Random(2)
    for _ in range(30):
        line = tuple(rng.choice([None, None, 0, 1, 2, 3, 4]) for _ in range(5))
        bag = tuple(rng.randrange(0, 6) for _ in range(5))
        assert ai._line_value(line, bag, params, edge=True) == ai._line_value(line, bag, HAND)
    board: list[int | None] = [0, None, 0, None, None] + [None] * 20
    assert board_estimate(board, 5, (4, 5, 5, 5, 5), params) == board_estimate(board, 5, (4, 5, 5, 5, 5), HAND)


def test_normal_plans_with_the_fitted_weights_and_its_search_keeps_the_hand_made_numbers() -> None:
    agent = oc_agents.agent_factory("normal", 1)
    assert isinstance(agent, oc_agents.RoleAgent)
    assert isinstance(agent.planner, GreedyChaosPlanner)
    assert agent.planner.params.lines == fitted_weights()
    assert agent.order.search.knowledge.params == HAND  # type: ignore[attr-defined]


def test_the_fit_finds_the_weights_that_made_the_scores() -> None:
    """Positions from random boards, each half's final score their present score plus known weights'
    value: the fit (all positions kept, no ridge to speak of) gives those weights back."""
    rng = random.Random(3)
    truth = np.array([rng.uniform(-2, 2) for _ in range(3 + 4 * len(FEATURES))])
    halves = []
    for seed in range(400):
        board, bag = _random_board(rng, rng.randrange(2, 46))
        now, row = oc_fit.position_features(board, list(bag))
        final = now + float(np.dot(truth, row))
        halves.append(oc_fit.LoggedHalf(seed, final, [(board, list(bag))]))  # type: ignore[arg-type]
    weights, report = oc_fit.fit(halves, strength=1e-9)
    assert report["fit"] < 1e-3 < report["hand"]
    expected = oc_fit.weights_of(truth)
    for mine, theirs in zip((weights.inner, weights.edge), (expected.inner, expected.edge)):
        # classes a 7-cell line can not have (more than 3 pairs around a centre) are never seen
        # and the empty cells of edge and inner lines add up to twice the board's, which the stage terms hold
        seen = [i for i in range(len(FEATURES)) if FEATURES[i] != "empty cells"
                and any(line_features(line, (7,) * 7)[i] for line in _lines())]
        assert np.allclose([mine[i] for i in seen], [theirs[i] for i in seen], atol=1e-3)


def _lines() -> list[tuple[int | None, ...]]:
    rng = random.Random(5)
    return [tuple(rng.choice([None, None, 0, 1, 2]) for _ in range(7)) for _ in range(300)]


def test_a_logged_half_keeps_every_position_after_orders_slide() -> None:
    half = oc_fit.play_logged_half(4, HAND)
    assert [sum(bag) for _, bag in half.positions] == list(range(48, 0, -1))
    assert [board.count(None) for board, _ in half.positions] == list(range(48, 0, -1))
    assert 0 < half.final
