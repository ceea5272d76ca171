"""The tenth session's evaluator numbers (`EvalParams`) and their tuning tool `tools/oc_tune.py`
(issue 18): the defaults are the old evaluator to the bit, each number moves the values it
should, and the search and the command line stay as documented."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.order_chaos import ai
from game.order_chaos.ai import DEFAULT_PARAMS, POTENTIAL, EvalParams, OrderChaosKnowledge, as_params
from game.order_chaos.scoring import line_score
from game.order_chaos.state import ORDER, PLACE
from tests.ai.test_agents import random_position
from game.ai.agents import make_agent
from tools.oc_order_halves import eval_params, level_agent, play_half
from tools.oc_tune import BOUNDS, STEPS, build_parser, coordinate_search, order_score, order_scores

BAG = (3, 4, 2, 5, 1, 6, 4)


def _reference(line: tuple[int | None, ...], bag: tuple[int, ...], potential: float) -> float:
    """The evaluator's line value as it was before `EvalParams` (a copy of the old code)."""
    now = line_score(line)
    if None not in line:
        return float(now)
    total = sum(bag)
    odds = [c / total for c in bag]
    both = sum(c * (c - 1) for c in bag) / (total * (total - 1))
    n, expected = len(line), 0.0
    for centre in range(2 * n - 1):
        lo, hi, p = centre // 2, centre // 2 + centre % 2, 1.0
        while lo >= 0 and hi < n:
            if hi > lo:
                a, b = line[lo], line[hi]
                if a is None:
                    p *= both if b is None else odds[b]
                elif b is None:
                    p *= odds[a]
                elif a != b:
                    break
                if p <= 0.0:
                    break
                expected += p * (hi - lo + 1)
            lo, hi = lo - 1, hi + 1
    return now + potential * (expected - now)


@pytest.mark.parametrize("line", [(0, None, 0, 1, None, None, 2), (None,) * 7, (1, 1, None, 1, 1, 2, None),
                                  (3, None, 4, 4, None, 3, 0)])
def test_the_default_numbers_give_the_old_values_to_the_bit(line: tuple[int | None, ...]) -> None:
    assert ai._line_value(line, BAG) == _reference(line, BAG, POTENTIAL)
    assert ai._line_value(line, BAG, 0.7) == _reference(line, BAG, 0.7)
    assert ai._line_value(line, BAG, EvalParams(potential=0.7)) == _reference(line, BAG, 0.7)
    assert as_params(POTENTIAL) is DEFAULT_PARAMS and OrderChaosKnowledge().params == DEFAULT_PARAMS


def test_each_number_moves_the_lines_it_names_and_no_other() -> None:
    half_open = (2, 1, None, None, None, None, None)  # pairs with one end filled
    empty = (None,) * 7  # only pairs with both ends empty
    gapped = (1, 2, 1, None, 3, 3, 0)  # closed palindromes on each side, open runs over the gap
    base = EvalParams()
    lower_half = dataclasses.replace(base, half_pair=0.5)
    lower_empty = dataclasses.replace(base, empty_pair=0.5)
    longer = dataclasses.replace(base, long_bonus=1.0)
    assert ai._line_value(half_open, BAG, lower_half) < ai._line_value(half_open, BAG, base)
    assert ai._line_value(empty, BAG, lower_half) == ai._line_value(empty, BAG, base)
    assert ai._line_value(empty, BAG, lower_empty) < ai._line_value(empty, BAG, base)
    assert ai._line_value(empty, BAG, longer) > ai._line_value(empty, BAG, base)
    full = (1, 2, 1, 3, 3, 2, 0)
    assert ai._line_value(full, BAG, longer) == ai._line_value(full, BAG, base) == line_score(full)
    assert ai._line_value(gapped, BAG, longer) > ai._line_value(gapped, BAG, base)


def test_a_knowledge_with_other_numbers_keeps_its_own_line_cache() -> None:
    state = random_position(4, 12)
    other = OrderChaosKnowledge(params=EvalParams(long_bonus=2.0, half_pair=0.7))
    default = OrderChaosKnowledge()
    before = default.values(state)
    assert other.values(state) != before
    assert default.values(state) == before


def test_the_search_climbs_to_the_best_setting_within_bounds() -> None:
    target = {"potential": 0.9, "long_bonus": 1.2}

    def score(p: EvalParams) -> float:
        return -sum((float(getattr(p, n)) - v) ** 2 for n, v in target.items())

    best, value = coordinate_search(score, EvalParams(), ["potential", "long_bonus"], passes=20,
                                    log=lambda _: None)
    assert abs(best.potential - 0.9) < 0.06 and abs(best.long_bonus - 1.2) < 0.1
    assert best.half_pair == 1.0 and value == score(best)
    capped, _ = coordinate_search(lambda p: float(p.potential), EvalParams(), ["potential"], passes=20, log=lambda _: None)
    assert capped.potential == BOUNDS["potential"][1]


def test_a_scaled_search_tries_smaller_first_steps() -> None:
    tried: list[float] = []

    def score(p: EvalParams) -> float:
        tried.append(p.potential)
        return -abs(p.potential - 0.7)

    coordinate_search(score, EvalParams(potential=0.9), ["potential"], passes=1, log=lambda _: None, scale=0.5)
    assert tried[:2] == [0.9, round(0.9 + STEPS["potential"] * 0.5, 4)]


def test_the_greedy_score_is_the_greedy_order_with_those_numbers() -> None:
    params = EvalParams(potential=0.9, half_pair=0.6)
    order = level_agent("greedy", 0.5, 7, params=params)
    chaos = make_agent("greedy", "order-chaos", 1007)
    assert order_score(params, [7]) == play_half(order, chaos, 7)[0]


def test_the_planner_score_replays_and_is_the_one_round_planners_half() -> None:
    """`--order planner`: hard's Order by its exact look-ahead, one round deep, no time limit."""
    from tools.oc_tune import PLANNER_ONE_ROUND

    assert PLANNER_ONE_ROUND.deep_moves == 0 and PLANNER_ONE_ROUND.max_seconds > 1e6
    params = EvalParams(potential=0.9, half_pair=0.6, empty_pair=1.3)
    first = order_scores(params, [3], "planner")
    assert first == order_scores(params, [3], "planner")
    order = level_agent("hard", 0.5, 3, params=params, planner=PLANNER_ONE_ROUND)
    assert first[0] == play_half(order, make_agent("greedy", "order-chaos", 1003), 3)[0]


def test_the_tool_options_and_the_order_tool_params_are_pinned() -> None:
    args = build_parser().parse_args([])
    assert (args.seeds, args.start, args.passes, args.order, args.scale) == ("101-140", "", 4, "greedy", 1.0)
    assert build_parser().parse_args(["--order", "normal"]).order == "normal"
    assert build_parser().parse_args(["--order", "planner"]).order == "planner"
    assert args.only.split(",") == list(STEPS) == ["potential", "half_pair", "empty_pair", "long_bonus", "hole_cost",
                                                   "odds_power", "same_run", "half_far", "empty_far", "slide_fill",
                                                   "potential_slope"]
    assert args.min_z == 0.0 and build_parser().parse_args(["--min-z", "2"]).min_z == 2.0
    assert eval_params("long_bonus=0.6", 0.7) == EvalParams(potential=0.7, long_bonus=0.6)
    assert eval_params("potential=0.6", 0.7).potential == 0.6
    with pytest.raises(ValueError):
        eval_params("holes=1")
    agent = level_agent("greedy", 0.5, 1, params=EvalParams(empty_pair=1.3))
    assert agent.knowledge.params == EvalParams(empty_pair=1.3)  # type: ignore[attr-defined]


def test_a_hole_costs_its_price_and_the_one_ply_scores_count_it_as_the_estimate_does() -> None:
    board: list[int | None] = [0] * 49
    board[0] = board[10] = board[40] = board[41] = None  # two holes (a corner, an inner cell); 40-41 are open
    holes = EvalParams(hole_cost=2.5)
    assert ai.board_estimate(board, 7, BAG, holes) == ai.board_estimate(board, 7, BAG) - 2 * 2.5
    checked = set()
    for plies in range(30, 120, 7):
        state = random_position(plies % 5, plies)
        bag = tuple(state.bag)
        if state.phase == PLACE:
            for est, i in ai._place_estimates(state, holes):
                after = state.board[:]
                after[i] = state.drawn
                assert abs(est - ai.board_estimate(after, state.size, bag, holes)) < 1e-9
            checked.add(PLACE)
        elif state.phase == ORDER:
            for est, src, dst in ai._slide_estimates(state, holes):
                after = state.board[:]
                if src >= 0:
                    after[dst], after[src] = after[src], None
                assert abs(est - ai.board_estimate(after, state.size, bag, holes)) < 1e-9
            checked.add(ORDER)
    assert checked == {PLACE, ORDER}


def test_the_tuner_runs_as_the_docs_say_a_script_from_the_project_root() -> None:
    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "tools/oc_tune.py", "--help"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "--order" in done.stdout
