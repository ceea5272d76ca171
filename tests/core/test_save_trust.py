"""Saves the loader used to trust (issue 19): every such file gives the one-line SaveFileError,
and `check-save` exits 2 with one line instead of a traceback, a MemoryError or a hang.

Found by fuzzing: a number of more than 4,300 digits (ValueError from Python's int parser),
/dev/zero (MemoryError), a FIFO (blocked for ever), and int fields holding 1.0, true or 1.5 -
`check-save` said "ok" to those, and the Load list then crashed drawing a Rally `place_ship`
whose direction was 1.0.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

import game.core.match as match_mod
from game.cli import main
from game.core.errors import SaveFileError
from game.core.match import Match
from game.core.protocol import Command, by_itself
from game.core.registry import all_games, get_game
from tests.random_play import random_match

GAME_IDS = [g.info.id for g in all_games()]


def one_line(exc: SaveFileError) -> str:
    text = str(exc)
    assert text.strip() and "\n" not in text
    return text


def check_save(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["check-save", str(path)])
    err = capsys.readouterr().err
    return code, err


def played(game_id: str, seed: int = 4, steps: int = 40) -> Match:
    game = get_game(game_id)
    match = Match(game, {}, seed, ["human"] * game.info.min_players)
    r = random.Random(seed)
    for _ in range(steps):
        if match.state.is_over():
            break
        random_match(match, r, 1)
    return match


# --- files that are no save --------------------------------------------------------------------

def test_a_number_longer_than_pythons_int_limit_is_refused(tmp_path: Path, capsys: Any) -> None:
    data = played("order-chaos").to_json()
    text = json.dumps(data).replace('"seed": ', '"seed": ' + "9" * 5000 + ", \"x\": ", 1)
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        Match.load(path)
    assert "number" in one_line(info.value)
    code, err = check_save(path, capsys)
    assert code == 2 and err.count("\n") == 1


def test_a_file_bigger_than_a_save_can_be_is_refused_before_reading(tmp_path: Path, capsys: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_mod, "MAX_SAVE_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 2000 + "1]", encoding="utf-8")
    with pytest.raises(SaveFileError, match="too big"):
        Match.load(path)
    code, err = check_save(path, capsys)
    assert code == 2 and "too big" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_without_reading_it(capsys: Any) -> None:
    with pytest.raises(SaveFileError, match="not a regular file"):
        Match.load(Path("/dev/zero"))
    code, err = check_save(Path("/dev/zero"), capsys)
    assert code == 2 and err.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, capsys: Any) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(SaveFileError, match="not a regular file"):
        Match.load(fifo)
    code, err = check_save(fifo, capsys)
    assert code == 2 and err.count("\n") == 1
    assert time.monotonic() - started < 5


# --- fields of the wrong type in commands ----------------------------------------------------

def int_fields(raw: dict[str, Any]) -> list[str]:
    """The command's top-level fields that hold a whole number (its seat aside)."""
    return [k for k, v in raw.items() if k not in ("type", "seat") and type(v) is int]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", [1.0, True, 1.5, "1"], ids=["float with an int's value", "bool", "fraction", "text"])
def test_an_int_field_of_another_type_is_refused_in_every_game(game_id: str, bad: Any, tmp_path: Path,
                                                               capsys: Any) -> None:
    """Each player command with a whole-number field, that field replaced: the save is refused
    at that move (it used to pass `check`, 1.0 == 1, and crash later)."""
    data = json.loads(json.dumps(played(game_id).to_json()))
    tried = 0
    for i, raw in enumerate(data["commands"]):
        for name in int_fields(raw):
            value = raw[name]
            broken = json.loads(json.dumps(data))
            broken["commands"][i][name] = bad if not isinstance(bad, float) or bad != 1.0 else float(value)
            with pytest.raises(SaveFileError) as info:
                Match.from_json(broken)
            assert f"move {i + 1} " in one_line(info.value)
            tried += 1
            if tried == 1:
                path = tmp_path / "bad.json"
                path.write_text(json.dumps(broken), encoding="utf-8")
                code, err = check_save(path, capsys)
                assert code == 2 and err.count("\n") == 1, err
        if tried >= 6:
            break
    assert tried, f"{game_id}: no command with a whole-number field in 40 moves"


def test_a_rally_ship_placed_facing_1_0_is_refused(tmp_path: Path, capsys: Any) -> None:
    """The save that crashed the Load list: a `place_ship` whose direction is 1.0."""
    match = played("rally", steps=80)
    data = json.loads(json.dumps(match.to_json()))
    places = [i for i, c in enumerate(data["commands"]) if c["type"] == "place_ship"]
    assert places
    data["commands"][places[0]]["direction"] = float(data["commands"][places[0]]["direction"])
    path = tmp_path / "rally.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, err = check_save(path, capsys)
    assert code == 2 and "direction" in err


def with_first_int_as_float(value: Any) -> tuple[Any, bool]:
    """`value` (a field of a command) with its first whole number turned into a float."""
    if type(value) is int:
        return float(value), True
    if isinstance(value, tuple):
        items = list(value)
        for i, item in enumerate(items):
            items[i], done = with_first_int_as_float(item)
            if done:
                return tuple(items), True
    return value, False


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_command_object_with_a_field_of_the_wrong_type_is_refused_by_submit(game_id: str) -> None:
    """`Match.submit` refuses a legal command rebuilt with 1.0 for a whole number (Worlds Collide
    played it, and its log said 'chose' action 1.0), the state unchanged; so is another game's."""
    match = played(game_id, steps=6)
    while by_itself(match.to_act()):
        match.resolve_chance()
    seat = match.to_act()[0]
    tried = 0
    for legal in match.state.candidates(seat):
        for f in dataclasses.fields(legal):
            if f.name == "seat":
                continue
            value, done = with_first_int_as_float(getattr(legal, f.name))
            if not done:
                continue
            bad: Command = dataclasses.replace(legal, **{f.name: value})
            assert bad == legal  # 1.0 == 1: a membership test cannot tell them apart
            before, moves = match.state.notation(), len(match.commands)
            result = match.submit(bad)
            assert not result.ok and "malformed" in result.reason
            assert match.state.notation() == before and len(match.commands) == moves
            tried += 1
    assert tried, f"{game_id}: no command with a whole number to spoil"
    other = next(g for g in all_games() if g.info.id != game_id)
    foreign = played(other.info.id, steps=2).commands[-1]
    assert not match.submit(foreign).ok


@pytest.mark.parametrize("value", [7.0, True, "7"])
def test_an_option_of_another_type_than_its_choices_is_refused(value: Any, tmp_path: Path, capsys: Any) -> None:
    """`"size": 7.0` passed (7.0 == 7) and the autosave then kept the float (seen by a play-tester)."""
    data = json.loads(json.dumps(played("order-chaos", steps=4).to_json()))
    data["config"]["size"] = value
    with pytest.raises(SaveFileError, match="size"):
        Match.from_json(data)
    path = tmp_path / "opt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, err = check_save(path, capsys)
    assert code == 2 and err.count("\n") == 1
