"""Pure helpers on an Order & Chaos view for screens (a screen may call them, never the rules
modules): which runs of a line score, and each line's points."""

from __future__ import annotations

from collections.abc import Sequence

from game.order_chaos.scoring import line_score

Run = tuple[int, int]
"""A palindromic run of a line: its first and last cell's index (inclusive)."""


def palindromes(line: Sequence[int | None]) -> list[Run]:
    """Every scoring run of `line` (palindromes of two counters or more, nested and overlapping
    ones included, never across an empty cell), shortest first, left to right: together they
    make `line_score(line)`, each worth its length."""
    runs: list[Run] = []
    n = len(line)
    for start in range(n):
        for end in range(start + 1, n):
            cells = line[start:end + 1]
            if any(c is None for c in cells):
                break
            if list(cells) == list(reversed(cells)):
                runs.append((start, end))
    return sorted(runs, key=lambda r: (r[1] - r[0], r[0]))


def outermost(runs: Sequence[Run]) -> list[Run]:
    """The runs no other run contains (what a board marks; the nested ones lie inside them)."""
    return [r for r in runs if not any(o != r and o[0] <= r[0] and r[1] <= o[1] for o in runs)]


def board_lines(rows: Sequence[Sequence[int | None]]) -> tuple[list[list[int | None]], list[list[int | None]]]:
    """A view's board (`view["board"]`, rows of colours or None) as its rows and its columns."""
    cols = [[row[c] for row in rows] for c in range(len(rows[0]) if rows else 0)]
    return [list(row) for row in rows], cols


def line_points(rows: Sequence[Sequence[int | None]]) -> tuple[list[int], list[int]]:
    """Each row's and each column's points on a view's board: they add up to Order's score."""
    r, c = board_lines(rows)
    return [line_score(line) for line in r], [line_score(line) for line in c]
