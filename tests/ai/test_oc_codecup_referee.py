"""The two-program CodeCup referee of `tools/oc_codecup_match.py` (issue 18's outside matches):
it must keep the board as the rules do, score it, and stop on a wrong answer."""

from __future__ import annotations

import random
import shlex
import sys

import pytest

from game.order_chaos.scoring import board_score
from tools.oc_codecup_match import RefereeError, cell_index, draw_bag, play_half, slide_is_legal

# A Chaos that fills the board row by row from the top-left corner.
_FILLING_CHAOS = """
import sys
cells = [r + c for r in "ABCDEFG" for c in "abcdefg"]
n = 0
for line in sys.stdin:
    line = line.strip()
    if line.isdigit():
        print(cells[n], flush=True)
        n += 1
    elif line == "Quit":
        break
"""

# An Order that passes every time, on the cell just placed.
_PASSING_ORDER = """
import sys
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    print(line[1:] * 2, flush=True)
"""

# An Order that tries to move the counter just placed diagonally.
_CROOKED_ORDER = """
import sys
for line in sys.stdin:
    line = line.strip()
    if line == "Quit":
        break
    print(line[1:] + "Gg", flush=True)
"""


def _program(source: str) -> str:
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(source)}"


def test_slides_go_straight_over_empty_cells_only() -> None:
    board: list[int | None] = [None] * 49
    board[cell_index("Dd")] = 3
    board[cell_index("Df")] = 5
    assert slide_is_legal(board, cell_index("Dd"), cell_index("De"))
    assert slide_is_legal(board, cell_index("Dd"), cell_index("Ad"))
    assert slide_is_legal(board, cell_index("Dd"), cell_index("Dd"))  # a pass
    assert not slide_is_legal(board, cell_index("Dd"), cell_index("Dg"))  # over Df
    assert not slide_is_legal(board, cell_index("Dd"), cell_index("Df"))  # onto a counter
    assert not slide_is_legal(board, cell_index("Dd"), cell_index("Ee"))  # crooked
    assert not slide_is_legal(board, cell_index("Aa"), cell_index("Ab"))  # nothing to move


def test_a_half_scores_the_board_the_players_made() -> None:
    bag = draw_bag(random.Random(7))
    half = play_half(_program(_FILLING_CHAOS), _program(_PASSING_ORDER), bag)
    row_by_row: list[int | None] = list(bag)  # every counter stayed where Chaos put it
    assert half.score == board_score(row_by_row, 7)
    assert len(half.chaos_seconds) == 49 and len(half.order_seconds) == 48
    assert half.chaos_cpu >= 0.0 and half.order_cpu >= 0.0


def test_a_crooked_slide_stops_the_half_with_the_reason() -> None:
    with pytest.raises(RefereeError, match="illegal move AaGg"):
        play_half(_program(_FILLING_CHAOS), _program(_CROOKED_ORDER), draw_bag(random.Random(1)))


def test_the_late_points_are_what_counters_33_to_49_added() -> None:
    bag = draw_bag(random.Random(3))
    half = play_half(_program(_FILLING_CHAOS), _program(_PASSING_ORDER), bag)
    at_32: list[int | None] = list(bag[:32]) + [None] * 17
    assert half.late == half.score - board_score(at_32, 7)


def test_the_late_points_of_places_are_what_chaos_gave_away() -> None:
    """With an Order that never slides, every late point came from Chaos's places."""
    half = play_half(_program(_FILLING_CHAOS), _program(_PASSING_ORDER), draw_bag(random.Random(4)))
    assert half.late_places == half.late
