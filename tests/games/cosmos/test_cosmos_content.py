"""Cosmos's content: what the rulebook prints is copied exactly, the counts match the component
list, and a bad data file is refused naming the file, the entry and the problem."""

from __future__ import annotations

import copy

import pytest

from game.cosmos.content import ContentError, Effect, builtin_content, load, read_builtin

CONTENT = builtin_content()


def test_component_counts_match_the_rulebook() -> None:
    regular = [s for s in CONTENT.stars.values() if not s.starting]
    assert len(regular) * CONTENT.n("stars_per_type") == 55
    assert sum(s.starting for s in CONTENT.stars.values()) == 6
    assert sum(not p.starting for p in CONTENT.planets.values()) == 44
    assert sum(p.starting for p in CONTENT.planets.values()) == 8
    assert sum(b.scarce for b in CONTENT.biomes.values()) == sum(not b.scarce for b in CONTENT.biomes.values()) == 18
    assert [sum(c.type == t for c in CONTENT.life.values()) for t in ("bacteria", "plant", "animal")] == [22, 22, 22]
    assert len(CONTENT.missions) == 12 and len(CONTENT.tiles) == 6 and len(CONTENT.focus) == 4
    assert CONTENT.n("asteroids_per_type") * len(CONTENT.asteroid_icons) == 40
    assert CONTENT.n("system_tiles") == 20


def test_tier_iv_stars_as_printed() -> None:
    iv = {k: CONTENT.stars[k] for k in ("IVA", "IVB", "IVC")}
    assert all(s.tier == 4 and s.cost == 4 for s in iv.values())
    assert iv["IVA"].effect == (Effect(gain=(("vp", 1),), per="played"),)
    assert iv["IVB"].effect == (Effect(gain=(("vp", 3),), per="stars"),)
    assert iv["IVC"].effect == (Effect(gain=(("vp", 2),), per="planets"),)


@pytest.mark.parametrize("card,gain,per", [
    (45, {"entropy": 1, "vp": 2}, "planet_type_max"), (46, {"plant": 1, "vp": 3}, "fulfilled_biomes"),
    (49, {"vp": 2}, "star_tiers"), (51, {"energy": 1, "vp": 2}, "played_type_max"),
    (60, {"vp": 1}, "star_tier_sum"), (65, {"energy": 1, "vp": 3}, "asteroid_types"), (66, {"vp": 9}, ""),
])
def test_animal_cards_as_printed(card: int, gain: dict[str, int], per: str) -> None:
    (effect,) = CONTENT.life[card].effect
    assert dict(effect.gain) == gain and effect.per == per and CONTENT.life[card].type == "animal"


@pytest.mark.parametrize("mission,requirement,value,arg", [
    (1, "planet_types", 3, ""), (2, "asteroid_types", 3, ""), (3, "focus_tier2", 0, ""), (4, "focus_all", 0, ""),
    (5, "generator", 3, ""), (6, "star", 0, "IIIA"), (7, "star", 0, "IIIB"), (8, "star", 0, "IIIC"),
    (9, "system_icons", 3, "heat"), (10, "system_icons", 3, "carbon"), (11, "system_icons", 3, "water"),
    (12, "system_icons", 3, "radiation"),
])
def test_missions_as_printed(mission: int, requirement: str, value: int, arg: str) -> None:
    m = CONTENT.missions[mission]
    assert (m.requirement, m.value, m.arg) == (requirement, value, arg) and m.reward


def test_objectives_and_their_alternatives() -> None:
    assert [o.condition for o in CONTENT.objectives] == ["star_tier3", "first_asteroid", "fulfil_biome"]
    assert {o.scoring for o in CONTENT.objectives} == {"different_stars", "planet_type_max", "biome_with_life"}
    assert {o.alternative for o in CONTENT.objectives} == {"focus_tiers", "asteroids_on_lifeform", "planets_all_lifeforms"}


def test_every_star_path_leads_to_the_next_tier() -> None:
    for star in CONTENT.stars.values():
        assert all(CONTENT.stars[n].tier == star.tier + 1 for n in star.next)
        assert star.tier == 4 or star.next


def _broken(file: str, change) -> str:  # type: ignore[no-untyped-def]
    docs = copy.deepcopy(read_builtin())
    change(docs[file])
    with pytest.raises(ContentError) as err:
        load(docs)
    return str(err.value)


def test_bad_entries_are_refused_naming_file_entry_and_problem() -> None:
    msg = _broken("life.toml", lambda d: d["card"][4].update(type="fungus"))
    assert "life.toml" in msg and "L5" in msg and "fungus" in msg
    msg = _broken("planets.toml", lambda d: d["planet"][0]["effect"].append({"gain": {"gold": 1}}))
    assert "planets.toml" in msg and "planet 1" in msg and "gold" in msg
    msg = _broken("stars.toml", lambda d: d["star"][0].update(next=["IIIA"]))
    assert "IA" in msg and "IIIA" in msg
    msg = _broken("missions.toml", lambda d: d["mission"][0]["reward"][0].update(per="moons"))
    assert "M1" in msg and "moons" in msg
    msg = _broken("biomes.toml", lambda d: d["biome"].pop())
    assert "scarce biomes" in msg and "18" in msg
    msg = _broken("life.toml", lambda d: d["card"][0].update(gain=1.5))
    assert "L1" in msg and "whole number" in msg
