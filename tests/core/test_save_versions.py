"""Saves made by the version-1 format (before every chance outcome was written into its
command) still load, to exactly the position the older app had reached.

The files in tests/core/data were written by the app at 8304e73 (random play, seed 20261125):
a 3-player Rally game through four deals, whose `deal_cards` carried no cards (its `apply` drew
them from the state's RNG), and a Worlds Collide and an Order & Chaos game. Beside each save is
the notation of its last position as that app printed it.

`rally-v2-set-program.json` was written by the app at 855dd96, before agents answered with plans
(`entropy-tabletop arena rally --agents greedy,greedy --games 1 --seed 7 --save-dir`, cut after
its sixth `set_program`, 50 commands in): its computers set each era's programs with one each.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveFileError
from game.core.match import SAVE_VERSION, Match

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("game_id", ["rally", "worlds-collide", "order-chaos"])
def test_a_version_1_save_loads_to_the_position_it_was_saved_at(game_id: str) -> None:
    path = DATA / f"{game_id}-v1.json"
    assert json.loads(path.read_text())["version"] == 1
    match = Match.load(path)
    assert match.state.notation() == (DATA / f"{game_id}-v1.notation").read_text().rstrip("\n")


def test_a_version_1_rally_deal_gets_its_cards_and_saves_as_the_current_version(tmp_path: Path) -> None:
    match = Match.load(DATA / "rally-v1.json")
    deals = [c for c in match.commands if c.TAG == "deal_cards"]
    assert len(deals) == 4 and all(any(deal.hands) for deal in deals)  # type: ignore[attr-defined]
    saved = tmp_path / "again.json"
    match.save(saved)
    data = json.loads(saved.read_text())
    assert data["version"] == SAVE_VERSION == 3
    assert all("hands" in c for c in data["commands"] if c["type"] == "deal_cards")
    assert Match.load(saved).state.notation() == match.state.notation()


def test_a_version_2_deal_without_its_cards_is_refused() -> None:
    """Only version-1 saves are filled in: a version-2 save must name the cards it dealt."""
    data = json.loads((DATA / "rally-v1.json").read_text())
    data["version"] = 2
    with pytest.raises(SaveFileError, match="hands"):
        Match.from_json(data)


def test_a_deal_of_cards_not_in_the_deck_is_refused() -> None:
    match = Match.load(DATA / "rally-v1.json")
    data = json.loads(json.dumps(match.to_json()))
    first = next(i for i, c in enumerate(data["commands"]) if c["type"] == "deal_cards")
    hands = data["commands"][first]["hands"]
    hands[0][0] = hands[1][0]  # the same card dealt twice
    with pytest.raises(SaveFileError, match=f"move {first + 1} "):
        Match.from_json(data)


def test_a_save_whose_computers_set_whole_programs_still_loads(tmp_path: Path) -> None:
    """Computers no longer answer `SetProgram` (they play the cards one by one), but saves the app
    wrote before hold it: they load to the position they were saved at, and save again as such."""
    path = DATA / "rally-v2-set-program.json"
    raw = json.loads(path.read_text())
    assert raw["version"] == 2 and sum(c["type"] == "set_program" for c in raw["commands"]) == 6
    match = Match.load(path)
    assert match.state.notation() == (DATA / "rally-v2-set-program.notation").read_text().rstrip("\n")
    saved = tmp_path / "again.json"
    match.save(saved)
    assert Match.load(saved).state.notation() == match.state.notation()
