"""`tools/skirmish_search_check.py` (issue 13, eleventh session): its replay of the halving is the
search's own, and its report reads the truth from samples the halving never reads."""

from __future__ import annotations

import pytest

from tools.skirmish_search_check import HALVING_SAMPLES, Candidate, build_parser, halving, mean_worth, prior_worth, report


def _decision(means: list[float], statics: list[float], noise: float = 0.0) -> list[Candidate]:
    """Candidates whose samples alternate mean +- noise (120 each)."""
    return [Candidate(st, tuple(m + (noise if j % 2 else -noise) for j in range(120)), True)
            for m, st in zip(means, statics)]


def test_the_halving_finds_the_best_mean_and_the_static_pick_follows_the_static_value() -> None:
    d = _decision([1.0, 3.0, 2.0, 0.5], [4.0, 1.0, 2.0, 3.0])
    assert halving(d, mean_worth) == 1
    lines = report([d])
    assert lines[0] == "decisions: 1"
    assert "halving (normal): mean regret 0.000, the true best 100%" in lines[1]
    assert "static value (greedy): mean regret 2.000, the true best 0%" in lines[3]
    assert lines[4] == "the true best's rank by static value: 3: 1"


def test_the_truth_is_read_past_the_samples_the_halving_reads() -> None:
    early = [Candidate(0.0, tuple([5.0] * HALVING_SAMPLES + [0.0] * 97), True),
             Candidate(0.0, tuple([1.0] * 120), True)]
    assert halving(early, mean_worth) == 0  # the early samples mislead the halving...
    assert "mean regret 1.000, the true best 0%" in report([early])[1]  # ...and the truth says so


def test_a_static_prior_counts_as_samples_and_an_exact_play_out_ignores_it() -> None:
    d = _decision([1.0, 1.2], [3.0, 0.0])
    worth = prior_worth(2.0)
    totals, counts = [2.0, 2.4], [2, 2]
    assert worth(d, 0, totals, counts) > worth(d, 1, totals, counts)  # the static value's pull
    assert mean_worth(d, 0, totals, counts) < mean_worth(d, 1, totals, counts)
    exact = [Candidate(9.0, (1.0,) * 120, False), d[1]]
    assert prior_worth(2.0)(exact, 0, [1.0, 2.4], [1, 2]) == 1.0


def test_the_options_are_pinned() -> None:
    args = build_parser().parse_args([])
    assert (args.games, args.every, args.samples, args.prior) == (6, 3, 120, 2.0)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--games", "x"])
