"""One naming rule for seats, used by the table, the log, game over, set-up and hand-off."""

from __future__ import annotations

import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.seat_names import seat_label, seat_labels, seat_long_label, seat_long_labels


@pytest.mark.parametrize("seats, short, long", [
    (["human", "normal"], ["You", "Computer"], ["You", "Computer (normal)"]),
    (["greedy", "human"], ["Computer", "You"], ["Computer (greedy)", "You"]),
    (["human", "human"], ["Player 1", "Player 2"], ["Player 1", "Player 2"]),
    (["easy", "hard"], ["Computer 1", "Computer 2"], ["Computer 1 (easy)", "Computer 2 (hard)"]),
    (["human", "easy", "hard"], ["You", "Computer 1", "Computer 2"],
     ["You", "Computer 1 (easy)", "Computer 2 (hard)"]),
    (["human", "normal", "human"], ["Player 1", "Computer", "Player 3"],
     ["Player 1", "Computer (normal)", "Player 3"]),
])
def test_naming_rules(seats, short, long):
    assert seat_labels(seats) == short
    assert seat_long_labels(seats) == long
    assert [seat_label(seats, i) for i in range(len(seats))] == short
    assert [seat_long_label(seats, i) for i in range(len(seats))] == long


def test_accepts_a_match_and_out_of_range_seats():
    match = Match(get_game("order-chaos"), {}, 1, ["human", "greedy"])
    assert seat_label(match, 0) == "You"
    assert seat_long_label(match, 1) == "Computer (greedy)"
    assert seat_label(match, 5) == "Player 6"


def test_game_over_and_table_use_the_same_names(ui_ctx):
    from scenes.game_over import score_lines
    from scenes.table import TableScene

    match = Match(get_game("order-chaos"), {"size": 5}, 1, ["greedy", "human"])
    table = TableScene(ui_ctx, match, use_process=False)
    assert table.names == ["Computer", "You"]
    assert table.view.seat_names == ["Computer", "You"]
    assert [row[0] for row in score_lines(match)] == ["Computer (greedy)", "You"]
    table.ai.close()


def test_setup_rows_follow_the_seat_kinds(ui_ctx):
    from scenes.setup import SetupScene

    setup = SetupScene(ui_ctx)
    ui_ctx.stack.push(setup)
    ui_ctx.stack.apply_pending()
    assert [lbl.text for lbl in setup.seat_labels] == ["You", "Computer"]
    setup.set_seat(1, "human")
    assert [lbl.text for lbl in setup.seat_labels] == ["Player 1", "Player 2"]
