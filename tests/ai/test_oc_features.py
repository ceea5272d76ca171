"""The thirteenth session's evaluator features (issue 18, "Ninth round" in `docs/rules/order-chaos.md`):
each is off by default (the old values to the bit, pinned against a copy of the old code in
`test_oc_tune_tool.py`), and each moves the values it names the way its note says."""

from __future__ import annotations

import dataclasses

import pytest

from game.order_chaos import ai
from game.order_chaos.ai import EvalParams
from game.order_chaos.scoring import line_score
from tests.ai.test_oc_tune_tool import BAG, _reference
from tools.oc_tune import BOUNDS, STEPS, coordinate_search, paired_gain

BASE = EvalParams()
NEW = {"odds_power": 1.0, "same_run": 0.0, "half_far": 1.0, "empty_far": 1.0, "slide_fill": 0.0,
       "potential_slope": 0.0}
LINES = [(0, None, 0, 1, None, None, 2), (None,) * 7, (1, 1, None, 1, 1, 2, None), (3, None, 4, 4, None, 3, 0),
         (2, None, 1, None, None, None, None), (1, None, 1, None, None, None, None)]


def value(line: tuple[int | None, ...], bag: tuple[int, ...] = BAG, **changes: float) -> float:
    return ai._line_value(line, bag, dataclasses.replace(BASE, **changes))


@pytest.mark.parametrize("line", LINES)
def test_the_new_features_are_off_by_default_and_give_the_old_values(line: tuple[int | None, ...]) -> None:
    assert {name: getattr(BASE, name) for name in NEW} == NEW
    tuned = EvalParams(potential=0.9, half_pair=0.6, empty_pair=1.3)
    old = ai._line_value(line, BAG, tuned)
    assert ai._line_value(line, BAG) == _reference(line, BAG, 0.5)
    for name, default in NEW.items():  # a feature set to its default by hand changes nothing either
        assert ai._line_value(line, BAG, dataclasses.replace(tuned, **{name: default})) == old
    assert all(name in STEPS and name in BOUNDS for name in NEW)


def test_a_lower_odds_power_raises_half_open_pairs_only() -> None:
    half_open = (2, 1, None, None, None, None, None)
    assert value(half_open, odds_power=0.6) > value(half_open)
    assert value((None,) * 7, odds_power=0.6) == value((None,) * 7)


def test_same_run_pays_for_neighbours_of_one_colour_in_open_lines_only() -> None:
    runs = (1, 1, 1, None, 2, 3, 2)  # two neighbouring pairs of one colour
    assert value(runs, same_run=1.5) == pytest.approx(value(runs) + 2 * 1.5)
    assert value((1, 2, 1, None, 2, 3, 2), same_run=1.5) == value((1, 2, 1, None, 2, 3, 2))
    full = (1, 1, 1, 2, 2, 3, 2)
    assert value(full, same_run=1.5) == line_score(full)


def test_the_far_factors_move_far_pairs_of_their_kind() -> None:
    half_open = (2, None, None, None, None, None, None)  # only half-open pairs (0, k) and empty pairs
    assert value(half_open, half_far=1.3) > value(half_open)
    assert value(half_open, half_far=0.7) < value(half_open)
    assert value((None,) * 7, half_far=1.3) == value((None,) * 7)
    assert value((None,) * 7, empty_far=1.3) > value((None,) * 7) > value((None,) * 7, empty_far=0.7)
    # adjacent pairs (no cell between) keep their factor: a line of two cells has only one pair
    assert value((None, None), (3, 4)) == value((None, None), (3, 4), empty_far=1.3)


def test_slide_fill_counts_a_pair_a_counter_of_its_colour_can_slide_into() -> None:
    can_slide = (1, None, 1, None, None, None, None)  # the pair (1, 2): colour 1 waits at cell 0
    cannot = (2, None, 1, None, None, None, None)  # the same shape, but cell 0 holds another colour
    assert value(can_slide, slide_fill=0.5) > value(can_slide)
    assert value(cannot, slide_fill=0.5) == value(cannot)


def test_potential_slope_counts_less_early_and_more_late() -> None:
    line = (0, None, None, 1, None, None, 0)
    full_bag, late_bag = (7,) * 7, (1, 1, 0, 2, 0, 1, 1)
    assert value(line, full_bag, potential_slope=0.4) < value(line, full_bag)
    assert value(line, late_bag, potential_slope=0.4) > value(line, late_bag)


def test_the_paired_gain_and_a_search_that_takes_only_significant_steps() -> None:
    gain, se = paired_gain([10, 12, 14, 16], [9, 11, 13, 15])
    assert gain == 1.0 and se == 0.0
    gain, se = paired_gain([10, 0], [0, 10])
    assert gain == 0.0 and se == 10.0

    def score(p: EvalParams) -> float:
        return -abs(p.potential - 0.9)

    free, _ = coordinate_search(score, EvalParams(), ["potential"], passes=3, log=lambda _: None)
    held, _ = coordinate_search(score, EvalParams(), ["potential"], passes=3, log=lambda _: None,
                                accept=lambda trial, best: False)
    assert free.potential != 0.5 and held == EvalParams()
