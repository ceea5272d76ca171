"""Palindrome scoring for Order & Chaos.

A line scores every run of counters that reads the same both ways, nested runs
included, each worth its length (so AAA = 2 + 2 + 3 = 7). Runs never span an
empty cell. Results are cached per line: a 7-cell line has few distinct shapes
in play, and the search scores lines constantly.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence


@lru_cache(maxsize=1 << 18)
def _segment_score(seg: tuple[int, ...]) -> int:
    """Sum of the lengths of all palindromic substrings of length >= 2."""
    n = len(seg)
    total = 0
    for centre in range(2 * n - 1):
        lo = centre // 2
        hi = lo + centre % 2
        while lo >= 0 and hi < n and seg[lo] == seg[hi]:
            if hi > lo:
                total += hi - lo + 1
            lo -= 1
            hi += 1
    return total


@lru_cache(maxsize=1 << 18)
def _line_score_cached(line: tuple[int | None, ...]) -> int:
    total = 0
    run: list[int] = []
    for v in line + (None,):
        if v is None:
            if len(run) >= 2:
                total += _segment_score(tuple(run))
            run = []
        else:
            run.append(v)
    return total


def line_score(line: Sequence[int | None]) -> int:
    """Score of one row or column; `None` marks an empty cell."""
    return _line_score_cached(tuple(line))


def board_lines(board: Sequence[int | None], size: int) -> list[tuple[int | None, ...]]:
    """The size rows then the size columns of a row-major board."""
    rows = [tuple(board[r * size:(r + 1) * size]) for r in range(size)]
    cols = [tuple(board[c::size]) for c in range(size)]
    return rows + cols


def board_score(board: Sequence[int | None], size: int) -> int:
    """Order's score: the sum over all rows and columns."""
    return sum(_line_score_cached(line) for line in board_lines(board, size))
