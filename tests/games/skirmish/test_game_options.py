"""The skirmish's set-up options: rosters chosen per faction, names for the set-up screen, and the
player's own content files reaching the game (game/skirmish/game.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.skirmish.game import FIRST_ROSTER, SKIRMISH, SkirmishGame
from tests.games.skirmish.test_content import faction_toml, write


def test_a_side_brings_the_roster_it_chose_and_old_saves_bring_the_first() -> None:
    game = SkirmishGame()
    tessellate = game.content.factions["tessellate"]
    chosen = tessellate.rosters[1]
    state = game.new({"faction_1": "tessellate", "roster_1": chosen.id}, seed=3)
    assert sum(1 for f in state.figures if f.side == 0) == chosen.models
    old = game.new({"faction_1": "tessellate"}, seed=3)  # a save from before rosters were chosen
    assert game.validate_config({})["roster_1"] == FIRST_ROSTER
    assert sum(1 for f in old.figures if f.side == 0) == tessellate.rosters[0].models


def test_a_roster_must_be_its_own_factions() -> None:
    other = SKIRMISH.content.factions["cinderhorn"].rosters[0].id
    with pytest.raises(ValueError, match="has no roster"):
        SKIRMISH.validate_config({"faction_1": "meridian", "roster_1": other})


def test_the_roster_choices_follow_the_faction_and_choices_have_names() -> None:
    meridian = SKIRMISH.content.factions["meridian"]
    offered = SKIRMISH.option_choices("roster_1", {"faction_1": "meridian"})
    assert offered == tuple(r.id for r in meridian.rosters)
    assert SKIRMISH.option_choices("mission", {}) == tuple(SKIRMISH.content.missions)
    assert SKIRMISH.choice_label("faction_1", "meridian") == meridian.name.removeprefix("The ")
    roster = meridian.rosters[0]
    assert SKIRMISH.choice_label("roster_1", roster.id) == f"{roster.name} ({roster.models})"
    assert SKIRMISH.choice_label("terrain", "random") is None


def test_the_players_own_faction_is_offered_and_a_broken_file_is_a_notice(tmp_path: Path) -> None:
    write(tmp_path, "good.toml", faction_toml("clockfolk"))
    write(tmp_path, "bad.toml", "this is = = not toml")
    game = SkirmishGame(tmp_path)
    faction = next(o for o in game.info.options if o.key == "faction_1")
    assert "clockfolk" in faction.choices
    state = game.new({"faction_2": "clockfolk"}, seed=1)
    assert state.factions[1].id == "clockfolk"
    assert len(game.notices()) == 1 and game.notices()[0].startswith("bad.toml:")
    assert game.info.rules != SKIRMISH.info.rules, "saves know the content they were made with"
