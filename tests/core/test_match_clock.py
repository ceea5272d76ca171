"""The tournament clock kept by the match (`game.core.clock`, `Match.run_clock`): it counts only
the acting person's time, is saved and restored with the game, and a fallen flag plays the game's
rule (Order & Chaos: the player loses the match) and is final."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.clock import MatchClock, clock_text
from game.core.errors import SaveFileError
from game.core.match import SAVE_VERSION, Match
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.order_chaos.commands import Pass, Place, TimeUp

OC = get_game("order-chaos")


def timed(minutes: int = 5, seats: tuple[str, str] = ("human", "human")) -> Match:
    match = Match(OC, {"clock": minutes, "size": 5}, 11, list(seats))
    match.resolve_chance()  # the first counter is drawn: seat 1 (Chaos) decides
    return match


def test_no_clock_by_default_and_the_option_sets_minutes_per_player() -> None:
    assert Match(OC, {}, 1, ["human", "human"]).clock is None
    match = timed(10)
    assert match.clock == MatchClock(600.0, [0.0, 0.0])


def test_only_the_seat_to_act_and_only_a_person_uses_time() -> None:
    match = timed(seats=("human", "greedy"))
    chaos = match.to_act()[0]
    assert chaos == 1  # the computer's seat: its thinking is not on the clock
    assert match.run_clock(1, 30.0) is None and match.clock is not None and match.clock.used_s == [0.0, 0.0]
    assert match.run_clock(0, 30.0) is None and match.clock.used_s == [0.0, 0.0]  # not seat 0's turn
    people = timed()
    people.run_clock(1, 12.5)
    people.run_clock(0, 40.0)
    assert people.clock is not None and people.clock.used_s == [0.0, 12.5]


def test_the_time_is_saved_and_restored_with_the_game(tmp_path: Path) -> None:
    match = timed()
    match.run_clock(1, 42.25)
    assert match.submit(Place(1, (2, 2))).ok
    match.run_clock(0, 7.0)
    path = tmp_path / "timed.json"
    match.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == SAVE_VERSION and data["clock"] == {"used": [7.0, 42.25]}
    loaded = Match.load(path)
    assert loaded.clock is not None and loaded.clock.used_s == [7.0, 42.25]
    assert loaded.clock.left(1) == 300.0 - 42.25


def test_a_version_2_save_loads_untimed_and_a_malformed_clock_is_refused() -> None:
    old = Match(OC, {"size": 5}, 3, ["human", "human"]).to_json()
    old["version"] = 2
    assert Match.from_json(old).clock is None
    data = timed().to_json()
    for bad in ({"used": [1.0]}, {"used": [1.0, -3.0]}, {"used": "lots"}, [1, 2]):
        with pytest.raises(SaveFileError, match="clock"):
            Match.from_json({**data, "clock": bad})


def test_a_fallen_flag_loses_the_match_and_is_final() -> None:
    match = timed(5)
    assert match.run_clock(1, 299.0) is None and not match.state.is_over()
    result = match.run_clock(1, 1.5)
    assert result is not None and result.ok
    assert match.commands[-1] == TimeUp(1)
    assert match.state.is_over() and match.state.winners() == [0]
    assert match.clock is not None and match.clock.left(1) == 0.0
    assert match.undo_point(1) is None and match.undo_point(0) is None
    assert match.undo_refusal(1) == "Can't undo: the time ran out, and a fallen flag is final."
    lines = OC.describe_log(match.log, ["Ann", "Bo"], 0)
    assert lines[-1].text == "Bo ran out of time: Ann wins the match."


def test_a_flag_fallen_game_loads_to_the_same_end() -> None:
    match = timed(5)
    match.run_clock(1, 300.0)
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert again.state.is_over() and again.state.winners() == [0]
    assert again.state.notation() == match.state.notation() and "|flag2|" in again.state.notation()


def test_a_flag_in_the_second_half_loses_whatever_the_first_half_scored() -> None:
    match = Match(OC, {"clock": 5, "size": 5}, 4, ["human", "human"])
    while match.state.half == 0:  # type: ignore[attr-defined]
        if match.to_act() == [CHANCE]:
            match.resolve_chance()
        else:
            seat = match.to_act()[0]
            assert match.submit(match.state.candidates(seat)[0]).ok
    match.resolve_chance()
    chaos = match.to_act()[0]
    assert match.submit(Place(chaos, (0, 0))).ok
    order = match.to_act()[0]
    match.run_clock(order, 300.0)
    assert match.state.winners() == [1 - order]
    assert not match.submit(Pass(order)).ok  # over


def test_clock_text_counts_down_whole_seconds() -> None:
    assert clock_text(600.0) == "10:00"
    assert clock_text(65.2) == "1:06"
    assert clock_text(0.4) == "0:01"
    assert clock_text(0.0) == "0:00"
