"""If Worlds Collide's content (game/skirmish/content.py, data/*.toml): every built-in file loads,
each faction, mission and layout meets the counts and numbers docs/rules/skirmish.md sets, every
effect is of a known kind, random layouts are fair and repeatable, and a player's own files load or
fail with one line naming the file, the entry and the field while the built-ins keep working.

Polygon checks here are plain math (no shapely: the engine's geometry is game/skirmish/geometry.py).
"""

from __future__ import annotations

import math
import statistics
import tomllib
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from game.skirmish import content as sc
from game.skirmish.content import (
    Ability,
    ConditionEffect,
    Content,
    Effect,
    Faction,
    Mission,
    StatEffect,
    TerrainLayout,
    TokenEffect,
    UnitType,
    Weapon,
)

Pt = tuple[float, float]
BUILTIN = sc.builtin_content()
FACTIONS = sorted(BUILTIN.factions)
MISSIONS = sorted(BUILTIN.missions)
LAYOUTS = sorted(BUILTIN.layouts)


# --- polygon questions (shapely, as the engine) --------------------------------------


def overlap(a: Sequence[Pt], b: Sequence[Pt]) -> bool:
    """The polygons share any point (edges crossing or touching, or one inside the other)."""
    return bool(shapely.Polygon(a).intersects(shapely.Polygon(b)))


def gap(a: Sequence[Pt], b: Sequence[Pt]) -> float:
    """Shortest distance between two polygons (0 when they overlap)."""
    return float(shapely.Polygon(a).distance(shapely.Polygon(b)))


def point_gap(p: Pt, poly: Sequence[Pt]) -> float:
    return float(shapely.Polygon(poly).distance(shapely.Point(p)))


def test_the_polygon_helpers_themselves() -> None:
    square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    moved = [(x + 3, y) for x, y in square]
    assert gap(square, moved) == pytest.approx(1.0)
    assert overlap(square, [(x + 1, y + 1) for x, y in square])
    assert overlap(square, [(0.5, 0.5), (1.0, 0.5), (1.0, 1.0)])          # one inside the other
    assert overlap(square, [(x + 2, y) for x, y in square])                # touching edges
    assert point_gap((1.0, 1.0), square) == 0 and point_gap((5.0, 1.0), square) == pytest.approx(3.0)


def mirrored(poly: Sequence[Pt], table: tuple[float, float]) -> tuple[Pt, ...]:
    """The polygon's corners turned half a turn about the table's centre, in a canonical order."""
    return tuple(sorted((round(table[0] - x, 2) + 0.0, round(table[1] - y, 2) + 0.0) for x, y in poly))


def corners(poly: Sequence[Pt]) -> tuple[Pt, ...]:
    return tuple(sorted((round(x, 2) + 0.0, round(y, 2) + 0.0) for x, y in poly))


# --- walking the content ---------------------------------------------------------------


def all_effects(content: Content = BUILTIN) -> Iterator[tuple[str, sc.Context, Effect]]:
    """Every effect in the data, with where it is and the context it is read in."""
    for faction in content.factions.values():
        for unit in faction.units:
            for ability in unit.abilities:
                context: sc.Context = ("passive" if ability.use == "passive" else
                                       "round_start" if ability.use == "round_start" else "ability")
                for effect in ability.effects:
                    yield f"{faction.id}/{unit.id}/{ability.name}", context, effect
        for tactic in faction.tactics:
            for effect in tactic.effects:
                yield f"{faction.id}/tactic {tactic.name}", "tactic", effect
        for entry in faction.environment:
            for effect in entry.effects:
                yield f"{faction.id}/environment {entry.roll}", "environment", effect
            for effect in entry.penalty:
                yield f"{faction.id}/environment {entry.roll} penalty", "penalty", effect


def weapons(faction: Faction) -> list[Weapon]:
    return [w for u in faction.units for w in u.weapons]


def damage_dealt(weapon: Weapon, target: UnitType) -> int:
    """The rulebook's damage: doubled when effective against all the target's types (always
    against none), minus defence, at least 1."""
    types = set(target.defence_types)
    doubled = not types or types <= set(weapon.effective)
    return max(1, weapon.damage * (2 if doubled else 1) - target.defence)


# --- built-in files ----------------------------------------------------------------------


def test_every_builtin_file_parses_and_adds_something() -> None:
    data = resources.files("game.skirmish").joinpath("data")
    for name in sc.BUILTIN_FILES:
        doc = tomllib.loads(data.joinpath(name).read_text(encoding="utf-8"))
        assert doc and set(doc) <= set(sc.SECTIONS), name
    assert len(BUILTIN.factions) >= 4 and len(BUILTIN.missions) >= 4 and len(BUILTIN.layouts) >= 4
    assert BUILTIN.conditions and BUILTIN.tokens and BUILTIN.templates


def test_builtin_files_read_again_give_the_same_content() -> None:
    data = resources.files("game.skirmish").joinpath("data")
    docs = [(name, tomllib.loads(data.joinpath(name).read_text(encoding="utf-8"))) for name in sc.BUILTIN_FILES]
    again = sc.parse(docs).content
    assert again.fingerprint == BUILTIN.fingerprint
    assert again.factions == BUILTIN.factions and again.missions == BUILTIN.missions


# --- factions ----------------------------------------------------------------------------


@pytest.mark.parametrize("fid", FACTIONS)
def test_faction_has_the_counts_the_docs_promise(fid: str) -> None:
    faction = BUILTIN.factions[fid]
    assert 6 <= len(faction.units) <= 10
    assert any(u.leadership > 0 for u in faction.units), "a leader with leadership"
    assert 3 <= len(faction.tactics) <= 4
    assert all(2 <= t.knack <= 6 and t.effects and t.text for t in faction.tactics)
    assert [e.roll for e in faction.environment] == [1, 2, 3, 4, 5, 6]
    assert all(e.effects and e.penalty and e.text and e.penalty_text for e in faction.environment)
    assert 2 <= len(faction.rosters) <= 3
    unit_ids = {u.id for u in faction.units}
    for roster in faction.rosters:
        assert 10 <= roster.models <= 20, roster.id
        assert {u for u, _ in roster.units} <= unit_ids, roster.id
        assert any(faction.unit(u).is_leader for u, _ in roster.units), f"{roster.id} has no leader"
    used = {u for r in faction.rosters for u, _ in r.units}
    assert used == unit_ids, f"units in no roster: {sorted(unit_ids - used)}"
    assert faction.blurb and faction.name and faction.colour.startswith("#")


@pytest.mark.parametrize("fid", FACTIONS)
def test_unit_numbers_stay_in_the_design_ranges(fid: str) -> None:
    for unit in BUILTIN.factions[fid].units:
        assert 3 <= unit.health <= 12, unit.id
        assert 0 <= unit.defence <= 6, unit.id
        assert 3 <= unit.move <= 8, unit.id
        assert 2 <= unit.knack <= 6, unit.id
        assert unit.base_mm in sc.BASE_SIZES_MM and 0.5 <= unit.height <= 4, unit.id
        assert unit.training and unit.text and unit.icon.replace("-", "").isalnum() and unit.icon.islower()
        assert unit.base_inches == pytest.approx(unit.base_mm / 25.4)
        for weapon in unit.weapons:
            assert 1 <= weapon.damage <= 6 and 1 <= weapon.attacks <= 4 and 2 <= weapon.knack <= 6, weapon.name
            if weapon.melee:
                assert 1 <= weapon.range <= 2, weapon.name
            else:
                assert 6 <= weapon.range <= 30, weapon.name


def test_numbers_hit_the_stated_targets() -> None:
    """docs/rules/skirmish.md, "Numbers": a typical attack lands half the time, and a typical
    hit leaves a model able to take two more (three hits to kill), with no cover."""
    every = [w for f in BUILTIN.factions.values() for w in weapons(f)]
    assert statistics.median((7 - w.knack) / 6 for w in every) == pytest.approx(0.5)
    hits = [math.ceil(t.health / damage_dealt(w, t))
            for f in BUILTIN.factions.values() for w in weapons(f)
            for g in BUILTIN.factions.values() if g is not f for t in g.units]
    assert statistics.median(hits) == 3
    assert sum(h == 1 for h in hits) / len(hits) < 0.2, "too many one-hit kills"


def _mean_health(f: Faction) -> float:
    return statistics.mean(u.health for u in f.units)


def test_factions_play_differently() -> None:
    """The four identities of docs/rules/skirmish.md, measured on the data."""
    f = BUILTIN.factions
    ranged_reach = {k: statistics.mean(w.range for w in weapons(v) if not w.melee) for k, v in f.items()}
    melee_share = {k: sum(w.melee for w in weapons(v)) / len(weapons(v)) for k, v in f.items()}
    lasting = {k: sum(isinstance(e, TokenEffect | ConditionEffect) for where, _, e in all_effects()
                      if where.startswith(k + "/") and "environment" not in where) for k in f}
    patterns = {k: sum(u.formation is not None for u in v.units) for k, v in f.items()}
    assert max(ranged_reach, key=ranged_reach.__getitem__) == "meridian"
    assert min(f, key=lambda k: _mean_health(f[k])) == "meridian"
    assert max(melee_share, key=melee_share.__getitem__) == "cinderhorn"
    assert max(f, key=lambda k: _mean_health(f[k])) == "cinderhorn"
    assert max(lasting, key=lasting.__getitem__) == "veilmoth"
    assert max(patterns, key=patterns.__getitem__) == "tessellate"
    tess = f["tessellate"]
    assert any(len(u.training) > 1 for u in tess.units), "a unit that fits several blocks"
    assert sum(u.is_leader for u in tess.units) >= 2, "leaders to bind mixed formations"


@pytest.mark.parametrize("where,context,effect", list(all_effects()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_effect_is_a_known_kind_with_valid_parameters(where: str, context: sc.Context, effect: Effect) -> None:
    assert isinstance(effect, sc.EFFECT_TYPES)
    assert type(effect).KIND in sc.CONTEXT_KINDS[context]
    assert effect.describe()
    target = getattr(effect, "target", None)
    if target is not None:
        assert target.who in sc.CONTEXT_TARGETS[context]
        needs_reach = target.who in ("friend", "friends", "enemy", "enemies") and context != "environment"
        assert (target.within is not None) == needs_reach or target.who == "all"
        assert target.within is None or 0 < target.within <= 36
    if isinstance(effect, StatEffect):
        assert effect.stat in sc.STATS and effect.delta != 0
        assert effect.duration in sc.CONTEXT_DURATIONS[context]
    if isinstance(effect, ConditionEffect):
        assert effect.condition in BUILTIN.conditions or (effect.mode == "clear" and effect.condition in sc.CLEAR_GROUPS)
    if isinstance(effect, TokenEffect):
        assert effect.token in BUILTIN.tokens and 1 <= effect.count <= 6 and effect.range > 0


def test_every_ability_tactic_and_entry_acts_through_the_vocabulary() -> None:
    """No free-text-only effect: every ability has effects, every faction uses most kinds."""
    for faction in BUILTIN.factions.values():
        abilities: list[Ability] = [a for u in faction.units for a in u.abilities]
        assert all(a.effects and a.text for a in abilities)
    kinds = {type(e).KIND for _, _, e in all_effects()}
    assert kinds == set(sc.EFFECT_KINDS), f"kinds never used: {set(sc.EFFECT_KINDS) - kinds}"


def test_token_kinds_and_conditions_are_used_and_sound() -> None:
    from game.skirmish.rules import FALLEN

    used_tokens = {e.token for _, _, e in all_effects() if isinstance(e, TokenEffect)}
    assert used_tokens | {FALLEN} == set(BUILTIN.tokens), "every kind is placed by an effect, or by the rules"
    for token in BUILTIN.tokens.values():
        assert token.on_touch is None or token.on_touch in BUILTIN.conditions
        assert token.diameter >= 0.5 and token.text
    assert any(t.blocks_sight for t in BUILTIN.tokens.values())
    used_conditions = {e.condition for _, _, e in all_effects() if isinstance(e, ConditionEffect)}
    used_conditions |= {t.on_touch for t in BUILTIN.tokens.values() if t.on_touch}
    assert set(BUILTIN.conditions) <= used_conditions, "a built-in condition nothing gives"
    assert any(c.nature == "boon" for c in BUILTIN.conditions.values())
    assert all(c.text for c in BUILTIN.conditions.values())


# --- missions ----------------------------------------------------------------------------


@pytest.mark.parametrize("mid", MISSIONS)
def test_mission_zones_lie_on_the_table_apart_and_mirror_each_other(mid: str) -> None:
    mission = BUILTIN.missions[mid]
    w, d = mission.table
    assert mission.rounds == 5
    for zone in mission.zones:
        assert all(0 <= x <= w and 0 <= y <= d for x, y in zone)
    assert not overlap(*mission.zones)
    assert gap(*mission.zones) >= 12, "armies start at least 12 inches apart"
    assert corners(mission.zones[1]) == mirrored(mission.zones[0], mission.table)
    objectives = {(o.at, o.radius, o.value) for o in mission.objectives}
    mirrored_objectives = {((round(w - o.at[0], 2), round(d - o.at[1], 2)), o.radius, o.value)
                           for o in mission.objectives}
    assert objectives == mirrored_objectives, "objectives are point-symmetric"
    for o in mission.objectives:
        assert all(point_gap(o.at, z) > o.radius for z in mission.zones), f"{o.id} is not in a deployment zone"
    assert mission.scoring and mission.name and mission.text


def test_missions_cover_the_promised_kinds() -> None:
    rules = {type(r).KIND for m in BUILTIN.missions.values() for r in m.scoring}
    assert rules == set(sc.SCORE_KINDS)
    assert any(len(m.objectives) >= 3 for m in BUILTIN.missions.values()), "several objectives"
    assert any(m.victory.end_early == "no_leaders" for m in BUILTIN.missions.values()), "assassinate"
    assert any(m.table != sc.DEFAULT_TABLE for m in BUILTIN.missions.values()), "another table size"


def test_sever_the_voice_is_played_on_the_severed_line_where_no_straight_lane_crosses() -> None:
    """Eighth session: Sever the Voice's table (its first layout, the one a game uses) has two
    staggered rows of pieces 4" or taller across the middle, so a straight line from one zone to
    the other, anywhere but the outer 1.5" of each flank, meets one of them."""
    mission = BUILTIN.missions["sever_the_voice"]
    layout = BUILTIN.layouts_for(mission)[0]
    assert layout.id == "severed_line"
    tall = [shapely.Polygon(p.points) for p in layout.pieces if p.height >= 4]
    near = max(y for _, y in mission.zones[0])
    far = min(y for _, y in mission.zones[1])
    for i in range(4 * 2, 4 * 34 + 1):
        lane = shapely.LineString([(i / 4, near), (i / 4, far)])
        assert any(lane.intersects(piece) for piece in tall), f"an open lane at x = {i / 4}"


@pytest.mark.parametrize("mid", MISSIONS)
def test_every_mission_has_a_built_in_layout(mid: str) -> None:
    assert BUILTIN.layouts_for(BUILTIN.missions[mid])


# --- layouts -----------------------------------------------------------------------------


def check_layout(layout: TerrainLayout, missions: Sequence[Mission], piece_gap: float, zone_gap: float) -> None:
    w, d = layout.table
    pieces = layout.pieces
    assert 8 <= len(pieces) <= 12
    for i, piece in enumerate(pieces):
        assert all(0 <= x <= w and 0 <= y <= d for x, y in piece.points), f"piece {i} off the table"
        for j in range(i):
            assert gap(piece.points, pieces[j].points) >= piece_gap - 1e-9, f"pieces {j} and {i} too close"
        for mission in missions:
            for zone in mission.zones:
                assert gap(piece.points, zone) >= zone_gap - 1e-9, f"piece {i} in a {mission.id} zone"
            for o in mission.objectives:
                assert point_gap(o.at, piece.points) >= 1.5 - 1e-9, f"piece {i} on objective {o.id}"
    shapes = sorted(corners(p.points) for p in pieces)
    assert shapes == sorted(mirrored(p.points, layout.table) for p in pieces), "not point-symmetric"
    assert sum(p.height >= 3 for p in pieces) >= 4, "pieces tall enough to hide a model"


@pytest.mark.parametrize("lid", LAYOUTS)
def test_layout_is_fair_and_playable(lid: str) -> None:
    layout = BUILTIN.layouts[lid]
    missions = [m for m in BUILTIN.missions.values() if layout.suits(m)]
    assert missions and layout.name and layout.text
    check_layout(layout, missions, piece_gap=1.0, zone_gap=1.0)
    heights = [p.height for p in layout.pieces]
    assert min(heights) <= 1.5 and max(heights) >= 4, "from low walls to tall blocks"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), mid=st.sampled_from(MISSIONS))
def test_random_layout_is_fair_and_repeatable(seed: int, mid: str) -> None:
    mission = BUILTIN.missions[mid]
    layout = sc.random_layout(seed, mission)
    assert layout == sc.random_layout(seed, mission), "the same seed gives the same table"
    assert layout.suits(mission)
    check_layout(layout, [mission], piece_gap=sc.PIECE_GAP, zone_gap=sc.ZONE_MARGIN)
    assert all(sc.EDGE_MARGIN <= x <= mission.table[0] - sc.EDGE_MARGIN for p in layout.pieces for x, _ in p.points)


def test_random_layouts_differ_between_seeds() -> None:
    mission = BUILTIN.missions["hold_the_rift"]
    tables = {sc.random_layout(seed, mission).pieces for seed in range(10)}
    assert len(tables) == 10


# --- user content ------------------------------------------------------------------------

ENVIRONMENT = "\n".join(f"""
[[factions.environment]]
roll = {roll}
name = "Weather {roll}"
text = "Some weather."
effects = [{{ kind = "stat", stat = "move", delta = 1, duration = "round", target = "all" }}]
penalty_text = "Lose a point."
penalty = [{{ kind = "lose_points", amount = 1 }}]
""" for roll in range(1, 7))


def faction_toml(fid: str = "clockfolk", health: str = "5", extra_unit: str = "") -> str:
    return f"""
[[factions]]
id = "{fid}"
name = "The Clockfolk"
colour = "#336699"
blurb = "Tin soldiers wound up once a day."

[[factions.units]]
id = "winder"
name = "Winder"
text = "Turns the key."
health = {health}
defence = 1
defence_types = ["Physical"]
move = 5
knack = 4
leadership = 1
training = ["tin"]
base_mm = 25
height = 1.2
icon = "cog"
weapons = [{{ name = "Key", kind = "melee", range = 1, attacks = 2, damage = 2 }}]
{extra_unit}
[[factions.tactics]]
name = "Wind Up"
knack = 4
text = "One more inch."
effects = [{{ kind = "extra_move", distance = 1, target = "self" }}]
{ENVIRONMENT}
[[factions.rosters]]
id = "box"
name = "A Box of Them"
units = {{ winder = 10 }}
"""


MISSION_TOML = """
[[missions]]
id = "pillow_fort"
name = "Pillow Fort"
text = "Hold the fort."
table = [24, 24]
zones = [[[0, 0], [24, 0], [24, 6], [0, 6]], [[0, 18], [24, 18], [24, 24], [0, 24]]]
objectives = [{ id = "fort", name = "Fort", at = [12, 12], radius = 3, value = 2 }]
scoring = [{ kind = "hold", objectives = ["fort"], when = "round_end" }]
"""


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def test_user_folder_is_under_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path))
    assert sc.user_content_dir() == tmp_path / "skirmish"
    result = sc.load_user_content()                        # the folder does not exist yet
    assert result.errors == () and set(result.content.factions) == set(BUILTIN.factions)


def test_a_good_user_faction_mission_and_roster_load_beside_the_built_ins(tmp_path: Path) -> None:
    write(tmp_path, "clock.toml", faction_toml())
    write(tmp_path, "fort.toml", MISSION_TOML)
    write(tmp_path, "more.toml", """
[[rosters]]
id = "big_box"
name = "A Bigger Box"
faction = "clockfolk"
units = { winder = 12 }

[[rosters]]
id = "all_lenses"
name = "All Lenses"
faction = "meridian"
units = { surveyor = 1, lightwright = 9 }
""")
    result = sc.load_user_content(tmp_path)
    assert result.errors == ()
    content = result.content
    assert set(BUILTIN.factions) < set(content.factions)
    clock = content.factions["clockfolk"]
    assert clock.unit("winder").health == 5 and [r.id for r in clock.rosters] == ["box", "big_box"]
    assert content.factions["meridian"].roster("all_lenses").models == 10
    assert content.missions["pillow_fort"].table == (24.0, 24.0)
    assert set(BUILTIN.missions) < set(content.missions)
    assert content.fingerprint != BUILTIN.fingerprint
    assert len(BUILTIN.factions["meridian"].rosters) == 3, "the built-ins are not changed in place"


def test_a_broken_user_faction_gives_one_line_and_the_rest_still_loads(tmp_path: Path) -> None:
    write(tmp_path, "factions.toml", faction_toml("x", health="0").replace('id = "winder"', 'id = "y"')
          .replace("winder = 10", "y = 10"))
    write(tmp_path, "good.toml", faction_toml("clockfolk"))
    result = sc.load_user_content(tmp_path)
    assert result.errors == ('factions.toml: faction "x", unit "y": health must be a whole number ≥ 1',)
    assert "x" not in result.content.factions and "clockfolk" in result.content.factions
    assert set(BUILTIN.factions) <= set(result.content.factions)
    assert set(BUILTIN.missions) <= set(result.content.missions)


@pytest.mark.parametrize("change,expected", [
    (("knack = 4\nleadership", "knack = 7\nleadership"),
     'unit "winder": knack must be a whole number from 2 to 6'),
    (('defence_types = ["Physical"]', 'defence_types = ["Steel"]'),
     'unit "winder": defence_types must be a list of different names from Physical, Arcane, Energy, Bio'),
    (("base_mm = 25", "base_mm = 28"), 'unit "winder": base_mm must be one of 25, 32, 40, 50, 60'),
    (('kind = "extra_move", distance = 1, target = "self"', 'kind = "extra_move", distance = 1, target = "enemies"'),
     'tactic "Wind Up", effect 1: target must be self or formation for an extra move'),
    (('kind = "extra_move", distance = 1, target = "self"', 'kind = "heal", amount = 2, target = "friends"'),
     'tactic "Wind Up", effect 1: within is missing'),
    (('penalty = [{ kind = "lose_points", amount = 1 }]',
      'penalty = [{ kind = "push", distance = 2, target = "self" }]'),
     'environment 1, effect 1: kind "push" is not allowed in a tactic-failure penalty'),
    (('effects = [{ kind = "stat", stat = "move", delta = 1, duration = "round", target = "all" }]',
      'effects = [{ kind = "condition", condition = "giddy", target = "all" }]'),
     'environment 1, effect 1: condition "giddy" is not a known condition'),
    (("units = { winder = 10 }", "units = { winder = 9 }"),
     'roster "box": units add up to 9 models; a roster has 10 to 20'),
    (("units = { winder = 10 }", "units = { winder = 10, ghost = 1 }"),
     'roster "box": units names "ghost", which is not a unit of faction "clockfolk"'),
    (("roll = 6", "roll = 5"), 'faction "clockfolk": environment must have six entries, rolls 1 to 6, one each'),
    (("height = 1.2", "height = 1.2\nhelth = 3"), 'unit "winder": has unknown field "helth"'),
])
def test_each_broken_field_is_named(tmp_path: Path, change: tuple[str, str], expected: str) -> None:
    old, new = change
    text = faction_toml()
    assert old in text
    write(tmp_path, "mine.toml", text.replace(old, new, 1))
    result = sc.load_user_content(tmp_path)
    assert len(result.errors) == 1 and "\n" not in result.errors[0]
    assert result.errors[0].startswith('mine.toml: faction "clockfolk"')
    assert expected in result.errors[0], result.errors[0]
    assert "clockfolk" not in result.content.factions
    assert set(result.content.factions) == set(BUILTIN.factions)


def test_a_file_that_is_not_toml_is_named_and_skipped(tmp_path: Path) -> None:
    write(tmp_path, "oops.toml", "[[factions]\nid = ")
    write(tmp_path, "fort.toml", MISSION_TOML)
    result = sc.load_user_content(tmp_path)
    assert len(result.errors) == 1 and result.errors[0].startswith("oops.toml: ")
    assert "pillow_fort" in result.content.missions


def test_user_ids_may_not_replace_built_ins(tmp_path: Path) -> None:
    write(tmp_path, "copy.toml", faction_toml("meridian") + MISSION_TOML.replace("pillow_fort", "breakthrough"))
    result = sc.load_user_content(tmp_path)
    assert result.errors == ('copy.toml: faction "meridian": faction id "meridian" is already used by a built-in faction',
                             'copy.toml: mission "breakthrough": mission id "breakthrough" is already used by a '
                             "built-in mission")
    assert result.content.factions["meridian"] == BUILTIN.factions["meridian"]


def test_broken_user_missions_and_sections_are_named(tmp_path: Path) -> None:
    write(tmp_path, "m.toml", MISSION_TOML.replace("[[0, 18], [24, 18]", "[[0, 18], [30, 18]")
          + '\n[[heroes]]\nid = "bob"\n')
    result = sc.load_user_content(tmp_path)
    assert sorted(result.errors) == sorted([
        'm.toml: unknown section "heroes" (a content file may hold conditions, tokens, factions, rosters, '
        "missions, layouts)",
        'm.toml: mission "pillow_fort": zones[2] must lie on the table'])


def test_a_hold_rule_names_its_control_more_by_default_alone_on_request(tmp_path: Path) -> None:
    """Ninth session: a "hold" rule may ask for control by a side alone on the objective
    (`control = "alone"`); without the field it stays `more`, and another word is named."""
    write(tmp_path, "a.toml", MISSION_TOML)
    write(tmp_path, "b.toml", MISSION_TOML.replace("pillow_fort", "lonely_fort").replace(
        'when = "round_end" }', 'when = "round_end", control = "alone" }'))
    write(tmp_path, "c.toml", MISSION_TOML.replace("pillow_fort", "crowded_fort").replace(
        'when = "round_end" }', 'when = "round_end", control = "most" }'))
    result = sc.load_user_content(tmp_path)
    missions = result.content.missions
    assert [r.control for r in missions["pillow_fort"].scoring if isinstance(r, sc.HoldRule)] == ["more"]
    assert [r.control for r in missions["lonely_fort"].scoring if isinstance(r, sc.HoldRule)] == ["alone"]
    assert "crowded_fort" not in missions
    assert any("crowded_fort" in e and "control must be one of more, alone" in e for e in result.errors)


def test_a_user_faction_may_use_its_own_condition_from_another_file(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", faction_toml().replace(
        'effects = [{ kind = "extra_move", distance = 1, target = "self" }]',
        'effects = [{ kind = "condition", condition = "wound_up", target = "self" }]'))
    write(tmp_path, "b.toml", """
[[conditions]]
id = "wound_up"
name = "Wound Up"
nature = "boon"
stats = { move = 2 }
text = "Springs tight."
""")
    result = sc.load_user_content(tmp_path)
    assert result.errors == ()
    effect = result.content.factions["clockfolk"].tactics[0].effects[0]
    assert isinstance(effect, ConditionEffect) and effect.condition == "wound_up"
    assert "wound_up" not in BUILTIN.conditions


def test_the_effects_vocabulary_is_documented_in_the_module() -> None:
    doc = sc.__doc__ or ""
    for kind in sc.EFFECT_KINDS:
        assert f"- `{kind}`" in doc, kind
    for who in sc.TARGET_KINDS:
        assert f"`{who}`" in doc, who
