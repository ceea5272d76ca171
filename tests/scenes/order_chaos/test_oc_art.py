"""The Order & Chaos view's own words (`scenes/views/order_chaos/art.py`): the line tooltip
names every palindrome the score counts, by colour name, longest first."""

from __future__ import annotations

from game.order_chaos.scoring import line_score
from scenes.views.order_chaos.art import explain_line, palindromes


def test_palindromes_are_every_run_reading_the_same_both_ways_and_stop_at_gaps() -> None:
    assert palindromes([0, 1, 0, 0]) == [(0, 3), (2, 2)]
    assert palindromes([0, 0, None, 0, 0]) == [(0, 2), (3, 2)]
    assert palindromes([0, 1, 2]) == []


def test_the_line_tooltip_names_the_runs_the_score_counts() -> None:
    line = [0, 1, 0, 0, None, 2]
    score = line_score(tuple(line))
    text = explain_line("Row 1", line, score)
    assert text.startswith(f"Row 1: {score} points from 2 palindromes:")
    assert "Crimson-Amber-Crimson (3)" in text and "Crimson-Crimson (2)" in text
    assert text.index("(3)") < text.index("(2)"), "longest first"
    assert explain_line("Column 2", [None] * 6, 0).startswith("Column 2: 0 points.")


def test_a_long_list_of_runs_is_cut_with_a_count_of_the_rest() -> None:
    line = [0] * 6
    text = explain_line("Row 2", line, line_score(tuple(line)), limit=3)
    assert text.count("\n") == 4 and text.endswith("...and 12 more")
