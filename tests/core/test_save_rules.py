"""A save records its game's rules fingerprint, so when its moves no longer replay because the
numbers changed since (a balance change in data/rally.toml), the message says so first instead
of only 'move 141 (give 0,85) is illegal: Share out exactly 135 energy' (what a Rally save from
before the entropy clock was halved said, clipped to one line in the Load list)."""

from __future__ import annotations

import json
import random

import pytest

from game.core.errors import SaveFileError
from game.core.match import Match
from game.core.registry import get_game
from game.rally.cards import RULES_FINGERPRINT
from tests.random_play import random_match

RALLY = get_game("rally")


def _rally_save(steps: int = 40, seed: int = 4) -> dict[str, object]:
    m = random_match(Match(RALLY, {}, seed, ["human", "human"]), random.Random(seed), steps)
    data: dict[str, object] = json.loads(json.dumps(m.to_json()))
    return data


def _break_a_move(data: dict[str, object]) -> None:
    """A legal move made illegal, as a change of numbers does (here: a tile placed far away)."""
    commands = data["commands"]
    assert isinstance(commands, list)
    for raw in commands:
        if raw.get("type") == "place_tile":
            raw["hex"] = [40, 40]
            return
    raise AssertionError("no tile placement to break")


def test_a_rally_save_records_the_rules_fingerprint_and_loads() -> None:
    data = _rally_save()
    assert data["rules"] == RULES_FINGERPRINT == RALLY.info.rules and len(RULES_FINGERPRINT) == 12
    Match.from_json(data)


@pytest.mark.parametrize("saved, words", [
    ("0123456789ab", "saved with other Entropy Rally numbers: move "),
    (None, "perhaps older Entropy Rally numbers: move "),
])
def test_a_save_with_other_numbers_says_so_when_it_does_not_replay(saved: str | None, words: str) -> None:
    data = _rally_save()
    _break_a_move(data)
    if saved is None:
        del data["rules"]
    else:
        data["rules"] = saved
    with pytest.raises(SaveFileError) as err:
        Match.from_json(data)
    assert str(err.value).startswith(words) and "is illegal" in str(err.value)


def test_the_same_numbers_keep_the_plain_message() -> None:
    data = _rally_save()
    _break_a_move(data)
    with pytest.raises(SaveFileError) as err:
        Match.from_json(data)
    assert str(err.value).startswith("move ") and "numbers" not in str(err.value)


def test_a_save_with_other_numbers_that_still_replays_loads() -> None:
    """Only a failing replay is blamed on the numbers: a save that replays loads as before."""
    data = _rally_save()
    data["rules"] = "0123456789ab"
    Match.from_json(data)
