"""Match refuses what no player may do: choosing a draw, unknown seat kinds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveFileError
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game


def test_no_caller_may_choose_the_colour_drawn() -> None:
    m = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    before = m.state.notation()
    legal_draw = m.state.candidates(CHANCE)[0]
    result = m.submit(legal_draw)
    assert not result.ok and "random" in result.reason
    assert m.state.notation() == before and m.commands == []


def test_unknown_seat_kind_is_refused_at_creation() -> None:
    with pytest.raises(ValueError, match="seat kind"):
        Match(get_game("order-chaos"), {}, 1, ["human", "banana"])


def test_save_with_unknown_seat_kind_is_a_one_line_error(tmp_path: Path) -> None:
    data = Match(get_game("order-chaos"), {}, 1, ["human", "normal"]).to_json()
    data["seats"] = ["banana", "x"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as info:
        Match.load(path)
    assert "seats" in str(info.value) and "\n" not in str(info.value)


def test_undo_refusal_names_what_the_game_revealed() -> None:
    m = Match(get_game("order-chaos"), {}, 2, ["human", "human"])
    m.resolve_chance()
    assert m.submit(m.state.candidates(1)[0]).ok  # Chaos (seat 1) places
    assert m.submit(m.state.candidates(0)[0]).ok  # Order (seat 0) passes or slides
    m.resolve_chance()
    reason = m.undo_refusal(0)
    assert reason is not None and "counter from the bag" in reason
    assert not m.undo(0).ok


def test_undo_refusal_before_a_seat_has_moved_says_so() -> None:
    m = Match(get_game("order-chaos"), {}, 2, ["human", "greedy"])
    m.resolve_chance()
    assert m.submit(m.state.candidates(1)[0]).ok  # the computer (Chaos) places first
    assert m.undo_refusal(0) == "Nothing to undo: you haven't made a move yet."
