"""Scoring: the rulebook's table of 30 patterns, and the rule behind it.

Rule (rulebook, "The Game"): a pattern is a run of counters that reads the
same both ways; it scores its length, and every pattern inside a pattern
scores too. Distinct letters below are distinct colours.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.order_chaos.scoring import board_lines, board_score, line_score

# The rulebook's table, copied as printed -- except ABABABA (see below).
RULEBOOK_TABLE = {
    "AA": 2, "AAA": 7, "AAAA": 16, "AAAAA": 30, "AAAAAA": 50, "AAAAAAA": 77,
    "AAABAAA": 29, "AABAA": 12, "AABABAA": 25, "AABBAA": 16, "AABBBAA": 23,
    "AABCBAA": 19, "ABA": 3, "ABAAABA": 25, "ABAABA": 18, "ABABA": 14,
    "ABABABA": 27,  # misprint: the stated rule gives 37
    "ABACABA": 21, "ABBA": 6, "ABBABBA": 27, "ABBBA": 12, "ABBBBA": 22,
    "ABBBBBA": 37, "ABBCBBA": 19, "ABCACBA": 15, "ABCBA": 8, "ABCBCBA": 21,
    "ABCCBA": 12, "ABCCCBA": 19, "ABCDCBA": 15,
}
MISPRINT = "ABABABA"
OUR_TABLE = {**RULEBOOK_TABLE, MISPRINT: 37}


def line(pattern: str, colours: str = "ABCDEFG") -> list[int]:
    """Letters to colour ids: A -> 0, B -> 1, ... ('.' is an empty cell)."""
    return [None if ch == "." else colours.index(ch) for ch in pattern]


def brute_force(cells) -> int:
    """Reference: every run of >= 2 counters (no gaps) equal to its reverse scores its length."""
    total = 0
    n = len(cells)
    for i in range(n):
        for j in range(i + 2, n + 1):
            seg = cells[i:j]
            if None not in seg and list(seg) == list(reversed(seg)):
                total += j - i
    return total


def test_table_has_thirty_rows() -> None:
    assert len(OUR_TABLE) == 30


@pytest.mark.parametrize("pattern", sorted(OUR_TABLE))
def test_rulebook_pattern(pattern: str) -> None:
    assert line_score(line(pattern)) == OUR_TABLE[pattern]


@pytest.mark.parametrize("pattern", sorted(OUR_TABLE))
def test_reference_agrees_with_the_table(pattern: str) -> None:
    """The brute-force reading of the rule reproduces the table (29 rows as printed)."""
    assert brute_force(line(pattern)) == OUR_TABLE[pattern]


def test_misprint_ababab_a_scores_37_not_27() -> None:
    """The rulebook prints ABABABA = 27, but its own rule gives 37.

    Inside ABABABA: ABA three times (3 x 3), BAB twice (2 x 3), ABABA twice
    (2 x 5), BABAB once (5), and the whole line (7): 9 + 6 + 10 + 5 + 7 = 37.
    The same rule is what makes the printed ABABA = 14 (5 + 3 x 3) and
    AABABAA = 25 (which counts the inner ABABA), so 27 cannot be right without
    breaking those rows. We keep the rule: see docs/rules/order-chaos.md.
    """
    parts = {"ABA": 3, "BAB": 2, "ABABA": 2, "BABAB": 1, "ABABABA": 1}
    text = MISPRINT
    for sub, times in parts.items():
        found = sum(1 for i in range(len(text)) if text.startswith(sub, i))
        assert found == times, sub
    by_hand = sum(len(sub) * times for sub, times in parts.items())
    assert by_hand == 37
    assert line_score(line(MISPRINT)) == by_hand
    assert RULEBOOK_TABLE[MISPRINT] != by_hand
    # The neighbours that pin the rule down, as printed:
    assert line_score(line("ABABA")) == RULEBOOK_TABLE["ABABA"] == 14
    assert line_score(line("AABABAA")) == RULEBOOK_TABLE["AABABAA"] == 25


def test_rulebook_prose_examples() -> None:
    assert line_score(line("ABCBA")) == 8   # red-green-blue-green-red
    assert line_score(line("ABABA")) == 14  # red-green-red-green-red
    assert line_score(line("AAAA")) == 16   # red-red-red-red


@pytest.mark.parametrize("pattern", ["A", "AB", "ABC", "ABCDEFG", "", "......."])
def test_lines_without_patterns_score_zero(pattern: str) -> None:
    assert line_score(line(pattern)) == 0


@pytest.mark.parametrize("with_gap, parts", [
    ("AA.AA", ["AA", "AA"]),
    ("A.A", []),
    ("ABA.ABA", ["ABA", "ABA"]),
    ("AAA.AAA", ["AAA", "AAA"]),
    ("A.ABA.A", ["ABA"]),
    ("AAAAAA.", ["AAAAAA"]),
    (".ABCBA.", ["ABCBA"]),
])
def test_runs_never_span_an_empty_cell(with_gap: str, parts: list[str]) -> None:
    assert line_score(line(with_gap)) == sum(line_score(line(p)) for p in parts)
    # Filling the gap with a matching colour makes it one longer run, worth more.
    if parts and with_gap.count(".") == 1 and with_gap.index(".") not in (0, len(with_gap) - 1):
        filled = with_gap.replace(".", with_gap[0])
        if filled == filled[::-1]:
            assert line_score(line(filled)) > line_score(line(with_gap))


lines7 = st.lists(st.one_of(st.none(), st.integers(0, 6)), min_size=0, max_size=7)
dense = st.lists(st.integers(0, 3), min_size=0, max_size=9)


@given(lines7)
def test_reference_implementation_agrees(cells) -> None:
    assert line_score(cells) == brute_force(cells)


@given(dense)
def test_reference_implementation_agrees_on_few_colours(cells) -> None:
    assert line_score(cells) == brute_force(cells)


@given(lines7)
def test_reversal_does_not_change_the_score(cells) -> None:
    assert line_score(cells) == line_score(cells[::-1])


@given(lines7, st.permutations(range(7)))
def test_renaming_colours_does_not_change_the_score(cells, perm) -> None:
    renamed = [None if c is None else perm[c] for c in cells]
    assert line_score(renamed) == line_score(cells)


@given(st.integers(2, 7), st.integers(0, 6))
def test_one_colour_run_of_n_scores_all_its_substrings(n: int, colour: int) -> None:
    # Every sub-run of length k >= 2 of a one-colour run is a palindrome: (n-k+1) of them.
    assert line_score([colour] * n) == sum(k * (n - k + 1) for k in range(2, n + 1))


@pytest.mark.parametrize("size", [5, 7])
def test_board_score_is_the_sum_over_rows_and_columns(size: int) -> None:
    r = random.Random(size)
    for _ in range(200):
        board = [r.choice([None] + list(range(size))) for _ in range(size * size)]
        rows = [[board[row * size + c] for c in range(size)] for row in range(size)]
        cols = [[board[row * size + c] for row in range(size)] for c in range(size)]
        assert len(board_lines(board, size)) == 2 * size
        assert board_score(board, size) == sum(brute_force(x) for x in rows + cols)


def test_board_score_counts_columns_as_well_as_rows() -> None:
    size = 7
    board = [None] * 49
    for r in range(3):  # an AAA column in column 4
        board[r * size + 4] = 2
    assert board_score(board, size) == line_score(line("AAA"))
    board = [None] * 49
    for c in range(3):  # the same as a row
        board[c] = 2
    assert board_score(board, size) == line_score(line("AAA"))
