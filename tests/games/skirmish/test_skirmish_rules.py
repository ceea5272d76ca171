"""The skirmish engine's rules, one test per rulebook clause (game/skirmish/rules.py), and a first
conformance pass (random games end; candidates are legal; apply never draws).

Positions are built by hand: `table()` gives a state in the activation phase with no model on
the table; `put` stands a model somewhere.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE, Refusal, Target
from game.core.words import LogEntry
from game.skirmish import rules, words
from game.skirmish.commands import (
    Activate,
    Attack,
    Deploy,
    EndActivation,
    EndStep,
    EnvironmentCard,
    EnvironmentRoll,
    Fell,
    KeepRoll,
    Move,
    Reroll,
    Roll,
    Rolled,
    RollOff,
    Stop,
)
from game.skirmish.game import SKIRMISH
from game.skirmish.model import Figure
from game.skirmish.state import SkirmishState
from tests.random_play import random_match


def table(faction_1: str = "meridian", faction_2: str = "cinderhorn", points: int = 5) -> SkirmishState:
    """A state in round 1's activations, nobody deployed, both sides with `points`, on a table
    cleared of terrain (a test that needs a piece adds it)."""
    s = SKIRMISH.new({"faction_1": faction_1, "faction_2": faction_2}, seed=1)
    s.terrain = ()
    s.rebuild_table()
    s.phase, s.round, s.turn, s.points = "activations", 1, 0, [points, points]
    s.environment = (0, 1)
    return s


def put(s: SkirmishState, side: int, unit: str, x: float, y: float) -> Figure:
    """Stand the first undeployed model of `unit` on `side` at (x, y); one more joins the side's
    roster when it has none left."""
    f = next((g for g in s.figures if g.side == side and g.unit.id == unit and not g.deployed), None)
    if f is None:
        kind = s.factions[side].unit(unit)
        f = Figure(len(s.figures), side, kind, health=kind.health)
        s.figures.append(f)
    f.x, f.y, f.deployed = x, y, True
    return f


def environment(s: SkirmishState, face: int) -> None:
    """Roll `face` on the Environment table, placing any tokens it brings where first offered."""
    s.apply(SKIRMISH.codec.decode({"type": "environment_roll", "seat": CHANCE, "face": face}))
    while s.placing is not None:
        s.apply(s.candidates(s.placing.side)[0])


def rolled(s: SkirmishState, *faces: int) -> list:
    cmd = Roll(CHANCE, faces)
    assert SKIRMISH.check(s, cmd) is None
    return s.apply(cmd)


# --- deployment ------------------------------------------------------------------------------

def test_the_roll_off_winner_deploys_first_and_sides_alternate_one_model_at_a_time() -> None:
    s = SKIRMISH.new({}, seed=2)
    assert s.to_act() == [CHANCE]
    s.apply(RollOff(CHANCE, (3, 3)))
    assert s.phase == "deploy_rolloff", "equal faces roll again"
    s.apply(RollOff(CHANCE, (2, 5)))
    assert s.phase == "deploy" and s.to_act() == [1]
    first = next(c for c in s.candidates(1) if isinstance(c, Deploy))
    s.apply(first)
    assert s.to_act() == [0]


def test_a_model_deploys_only_inside_its_zone_and_not_on_another_base() -> None:
    s = SKIRMISH.new({}, seed=2)
    s.apply(RollOff(CHANCE, (5, 2)))
    f = next(g for g in s.figures if g.side == 0)
    assert SKIRMISH.check(s, Deploy(0, f.id, (18.0, 18.0))).reason == "Deploy inside your deployment zone."
    ok = next(c for c in s.candidates(0) if isinstance(c, Deploy))
    s.apply(ok)
    s.apply(next(c for c in s.candidates(1) if isinstance(c, Deploy)))
    g = next(x for x in s.figures if x.side == 0 and not x.deployed)
    assert "overlaps another model" in SKIRMISH.check(s, Deploy(0, g.id, ok.at)).reason


def test_a_model_always_has_a_deployment_spot_when_its_zone_has_room() -> None:
    """Found by the conformance suite (hypothesis): random deployments left no point of the
    spot grid free for the Siege Mantis's 60 mm base though its zone had room, so the seat had
    no legal command (and the AI's `deploy` would have failed). Played out as found."""
    from game.core.rng import Rng
    from tests.conformance.test_conformance import random_match as play_in
    from tests.random_play import pick

    config = {"mission": "scattered_shards", "faction_1": "meridian", "roster_1": "survey_party",
              "faction_2": "tessellate", "roster_2": "siege_line", "terrain": "mission", "environment": "dice"}
    seed = 219831
    s = play_in(SKIRMISH, config, seed, 2, 8, random.Random(seed)).state.determinize(1, Rng(seed + 1))
    r = random.Random(1)
    deployed = 0
    while s.phase in ("deploy_rolloff", "deploy"):
        for seat in s.to_act():
            if seat >= 0:
                legal = s.candidates(seat)
                assert legal, f"seat {seat} has no spot for its next model"
                assert all(SKIRMISH.check(s, c) is None for c in legal)
                deployed += 1
        s.apply(pick(s, r))
    assert deployed >= 10 and all(f.deployed for f in s.figures)


# --- activation points -------------------------------------------------------------------

def test_points_are_2_plus_living_leaders_leadership_and_carry_over() -> None:
    s = table(points=0)
    s.points = [3, 1]  # unspent points from an earlier round
    for f in s.figures:
        f.deployed, f.x, f.y = True, 1.0 + (f.id % 30), 1.0 + f.side * 30 + (f.id // 30)
    leaders = [sum(f.unit.leadership for f in s.figures if f.side == side and f.unit.is_leader) for side in (0, 1)]
    s.phase = "environment"
    environment(s, 2)
    assert s.points == [3 + 2 + leaders[0], 1 + 2 + leaders[1]]


def test_the_side_with_fewer_points_goes_first_and_equal_points_roll_off() -> None:
    s = table()
    for f in s.figures:
        f.deployed, f.x, f.y = True, 1.0 + (f.id % 30), 1.0 + f.side * 30 + (f.id // 30)
    s.phase, s.environment = "environment", (0, 0)
    s.points = [10, 0]
    environment(s, 3)
    assert s.phase == "activations" and s.turn == 1
    s2 = table()
    for f in s2.figures:
        f.deployed, f.x, f.y = True, 1.0 + (f.id % 30), 1.0 + f.side * 30 + (f.id // 30)
    s2.phase, s2.environment, s2.points = "environment", (0, 0), [0, 0]
    before = s2.points[:]
    environment(s2, 3)
    if s2.points[0] == s2.points[1]:
        assert s2.phase == "first_rolloff", "a tie is decided by a roll"
    else:
        assert before != s2.points


def test_an_activation_costs_one_point_and_a_model_activates_once_a_round() -> None:
    s = table(points=2)
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (a.id,), "move_attack"))
    assert s.points[0] == 1
    s.apply(EndActivation(0))
    s.turn = 0
    assert "already activated" in SKIRMISH.check(s, Activate(0, (a.id,), "move_attack")).reason


def test_a_side_may_stop_and_keep_its_points_for_later_rounds() -> None:
    s = table(points=4)
    put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Stop(0))
    assert s.out[0] and s.points[0] == 4 and s.to_act() == [1]


# --- formations --------------------------------------------------------------------------

def test_a_formation_is_in_base_contact_and_shares_a_training_unless_a_leader_leads() -> None:
    s = table(faction_1="tessellate")
    shield = put(s, 0, "tile_shield", 10, 10)
    other = put(s, 0, "tile_shield", 10 + 1.0, 10)  # 25 mm bases? touching or not, by base size
    gap = rules.geo.edge_gap(s.body(shield), s.body(other))
    if gap > rules.geo.BASE_CONTACT:
        other.x = shield.x + 2 * rules.geo.base_radius(shield.unit.base_mm)
    put(s, 1, "ash_reaver", 30, 30)
    assert SKIRMISH.check(s, Activate(0, (shield.id, other.id), "move_attack")) is None
    other.x = shield.x + 5
    assert "base contact" in SKIRMISH.check(s, Activate(0, (shield.id, other.id), "move_attack")).reason


def _row(s: SkirmishState, unit: str, n: int, x: float = 10.0, y: float = 10.0) -> list[Figure]:
    """`n` models of `unit` on side 0 side by side along x from (x, y), just touching."""
    kind = s.factions[0].unit(unit)
    step = 2 * rules.geo.base_radius(kind.base_mm) + 0.05
    return [put(s, 0, unit, x + k * step, y) for k in range(n)]


def test_a_unit_sheets_line_pattern_is_kept_by_its_models_activating_together() -> None:
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    line = _row(s, "tile_shield", 3)
    assert SKIRMISH.check(s, Activate(0, tuple(f.id for f in line), "move_attack")) is None
    bent = _row(s, "tile_shield", 2, y=20)
    bent.append(put(s, 0, "tile_shield", bent[1].x, bent[1].y + bent[1].x - bent[0].x))  # an L: touching, bent
    assert all(rules.geo.in_base_contact(s.body(a), s.body(b)) for a, b in zip(bent, bent[1:]))
    refusal = SKIRMISH.check(s, Activate(0, tuple(f.id for f in bent), "move_attack"))
    assert refusal is not None and "straight line" in refusal.reason


def test_a_formation_refused_for_a_gap_names_the_model_and_the_gap() -> None:
    """Play-test: models that looked touching at fit zoom were refused as a formation with no
    word of which one stood apart, or by how much."""
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    a, b = _row(s, "tile_shield", 2)
    c = put(s, 0, "tile_shield", b.x + 2 * rules.geo.base_radius(b.unit.base_mm) + 0.6, b.y)
    c.number = 3
    refusal = SKIRMISH.check(s, Activate(0, (a.id, b.id, c.id), "move_attack"))
    assert refusal is not None
    assert "Tile Shield 3 is 0.6\" from the nearest of the others" in refusal.reason
    assert "0.25\" or less" in refusal.reason


def test_a_unit_sheets_pattern_bounds_the_number_of_its_models() -> None:
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    runners = _row(s, "vanguard", 3)
    refusal = SKIRMISH.check(s, Activate(0, tuple(f.id for f in runners), "move_attack"))
    assert refusal is not None and "pair of 2, not 3" in refusal.reason
    assert SKIRMISH.check(s, Activate(0, tuple(f.id for f in runners[:2]), "move_attack")) is None


def test_a_formation_ends_its_move_still_in_its_pattern() -> None:
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    a, b, c = _row(s, "tile_shield", 3)
    s.apply(Activate(0, (a.id, b.id, c.id), "double_move"))
    s.apply(Move(0, c.id, (b.x, b.y + 2 * rules.geo.base_radius(b.unit.base_mm) + 0.05)))  # an L, still touching
    refusal = SKIRMISH.check(s, EndStep(0))
    assert refusal is not None and "in its pattern" in refusal.reason and "straight line" in refusal.reason


def test_a_formation_that_ends_its_move_apart_is_refused_naming_the_model_and_the_gap() -> None:
    """Play-test: "The formation must end its move together, in base contact." named no model
    though they all looked touching, and a moved model cannot be dragged again."""
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    a, b = _row(s, "tile_shield", 2)
    b.number = 2
    s.apply(Activate(0, (a.id, b.id), "double_move"))
    s.apply(Move(0, a.id, (a.x, a.y + 1.0)))
    s.apply(Move(0, b.id, (b.x + 0.45, b.y + 1.0)))  # 0.05" apart before, 0.5" now
    refusal = SKIRMISH.check(s, EndStep(0))
    assert refusal is not None
    assert "Tile Shield 2 is 0.5\" from the nearest of the others" in refusal.reason
    assert "Undo its move" in refusal.reason


def test_ring_and_line_shapes() -> None:
    body = rules.geo.Body
    r = 0.5
    ring = [body(0, 0, r, 1, 0), body(1.0, 0, r, 1, 1), body(0, 1.0, r, 1, 2), body(-1.0, 0, r, 1, 3)]
    assert rules.geo.in_ring(ring) and not rules.geo.in_line(ring)
    line = [body(2.0, 0, r, 1, 0), body(0, 0, r, 1, 1), body(1.0, 0, r, 1, 2)]  # out of order on purpose
    assert rules.geo.in_line(line) and not rules.geo.in_ring(line[:1] + [body(5, 5, r, 1, 9)])


# --- movement ----------------------------------------------------------------------------

def test_a_move_is_measured_along_its_path_and_refused_beyond_the_move_with_the_distance() -> None:
    s = table()
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (a.id,), "move_attack"))
    far = SKIRMISH.check(s, Move(0, a.id, (10 + a.unit.move + 1, 10)))
    assert far is not None and "Out of reach" in far.reason and f'{a.unit.move:g}"' in far.reason
    assert SKIRMISH.check(s, Move(0, a.id, (10 + a.unit.move - 0.5, 10))) is None


def test_a_drop_beyond_the_straight_line_is_refused_without_searching_a_route(monkeypatch) -> None:
    """A drop across the table searched the whole route first (up to half a second on the
    window's thread); no route is shorter than the straight line, so that answers at once."""
    s = table()
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (a.id,), "move_attack"))

    def no_search(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the route was searched")

    monkeypatch.setattr(rules.geo, "path", no_search)
    far = SKIRMISH.check(s, Move(0, a.id, (10, 34)))
    assert far is not None and far.reason == f'Out of reach: that takes at least 24.0" of a {a.unit.move:g}" move.'


def test_a_model_dropped_onto_an_enemy_is_put_against_it_in_base_contact() -> None:
    """Play-test: dragging a model onto the enemy it means to fight was refused ("overlaps
    another model's base"); a drop on a base now lands against it, on the drop's side."""
    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "ash_reaver", 10, 10)
    t = put(s, 1, "surveyor", 13, 10)
    s.apply(Activate(0, (a.id,), "move_attack"))
    cmd = SKIRMISH.find_command(s, 0, Target("figure", ident=str(a.id)), Target("table", point=(12.8, 10.1)))
    assert isinstance(cmd, Move), cmd
    assert rules.geo.in_base_contact(s.body(a, *cmd.to), s.body(t)) and cmd.to[0] < t.x, "against it, on the near side"
    assert rules.geo.edge_gap(s.body(a, *cmd.to), s.body(t)) >= 0.0
    s.apply(cmd)
    s.apply(EndStep(0))
    assert SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)) is None, "in base contact: the melee weapon reaches"


def test_a_drop_on_a_base_snaps_to_a_contact_spot_the_move_reaches() -> None:
    """Dropped on the far half of a base, the nearest contact spot is beyond the move: the one
    the move reaches is taken instead; a drop on open table is kept as it is."""
    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "ash_reaver", 10, 10)
    gap = rules.geo.base_radius(a.unit.base_mm)
    t = put(s, 1, "surveyor", 10 + a.unit.move + gap, 10)
    s.apply(Activate(0, (a.id,), "move_attack"))
    far_side = (t.x + 0.3, t.y)
    at = rules.landing(s, a.id, far_side)
    assert at[0] < t.x and SKIRMISH.check(s, Move(0, a.id, at)) is None
    assert rules.landing(s, a.id, (11.0, 12.0)) == (11.0, 12.0)


def test_a_drop_on_a_base_with_no_room_around_it_keeps_its_refusal() -> None:
    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "ash_reaver", 14, 18)
    t = put(s, 1, "surveyor", 18, 18)
    ring = rules.geo.base_radius(a.unit.base_mm) + rules.geo.base_radius(t.unit.base_mm) + rules.geo.CONTACT_GAP
    for k in range(16):  # a crowd standing on every spot against it
        put(s, 1, "surveyor", 18 + ring * math.cos(k * math.pi / 8), 18 + ring * math.sin(k * math.pi / 8))
    s.apply(Activate(0, (a.id,), "move_attack"))
    assert not len(rules.geo.contact_spots(s.table, s.bodies(), s.body(a), (18.0, 18.0)))
    refusal = SKIRMISH.find_command(s, 0, Target("figure", ident=str(a.id)), Target("table", point=(18.0, 18.0)))
    assert isinstance(refusal, Refusal) and "overlaps another model" in refusal.reason


def test_a_model_deployed_onto_a_friend_stands_against_it_inside_the_zone() -> None:
    s = SKIRMISH.new({"faction_1": "cinderhorn", "faction_2": "meridian"}, seed=3)
    while s.phase != "deploy" or s.to_act() == [CHANCE]:
        s.apply(s.candidates(s.to_act()[0])[0])
    seat = s.to_act()[0]
    first = next(c for c in s.candidates(seat) if isinstance(c, Deploy))
    s.apply(first)
    while s.to_act()[0] != seat:
        s.apply(next(c for c in s.candidates(s.to_act()[0]) if isinstance(c, Deploy)))
    friend = s.figures[first.model]
    mover = next(f for f in s.figures if f.side == seat and not f.deployed)
    cmd = SKIRMISH.find_command(s, seat, Target("figure", ident=str(mover.id)), Target("table", point=friend.at))
    assert isinstance(cmd, Deploy), cmd
    assert rules.geo.in_base_contact(s.body(mover, *cmd.at), s.body(friend))


def test_movement_is_never_split_and_moving_twice_replaces_the_attacks() -> None:
    s = table()
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (a.id,), "double_move"))
    s.apply(Move(0, a.id, (12, 10)))
    assert "never split" in SKIRMISH.check(s, Move(0, a.id, (13, 10))).reason
    s.apply(EndStep(0))
    assert s.activation is not None and s.activation.step == "move"
    assert SKIRMISH.check(s, Move(0, a.id, (14, 10))) is None
    s.apply(EndStep(0))
    assert s.activation is None and a.activated, "two moves, no attack step"


# --- attacks -----------------------------------------------------------------------------

def test_melee_needs_approximate_base_contact() -> None:
    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "ash_reaver", 10, 10)
    t = put(s, 1, "surveyor", 15, 10)
    s.apply(Activate(0, (a.id,), "attack_move"))
    assert "reaches only models in base contact" in SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)).reason
    t.x = a.x + rules.geo.base_radius(a.unit.base_mm) + rules.geo.base_radius(t.unit.base_mm) + 0.1
    assert SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)) is None


def test_ranged_needs_line_of_sight_a_wall_hides_the_target() -> None:
    s = table()
    a = put(s, 0, "lightwright", 3, 3)
    t = put(s, 1, "ash_reaver", 20, 3)
    s.apply(Activate(0, (a.id,), "attack_move"))
    clear = rules.sight_of(s, a, t)
    assert clear.verdict != "hidden"
    s.terrain = (rules.geo.Terrain(((11, 0.5), (12, 0.5), (12, 6), (11, 6)), 10.0, "wall"),)
    s.rebuild_table()
    assert rules.sight_of(s, a, t).verdict == "hidden"
    assert "Out of sight" in SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)).reason


def test_landed_dice_deal_damage_and_a_model_at_0_health_falls() -> None:
    s = table()
    a = put(s, 0, "lightwright", 3, 3)
    t = put(s, 1, "ash_reaver", 12, 3)
    s.apply(Activate(0, (a.id,), "attack_move"))
    weapon = a.unit.weapons[0]
    s.apply(Attack(0, a.id, 0, t.id, weapon.attacks))
    t.health = 1
    events = rolled(s, *([6] * weapon.attacks))
    assert any(type(e).__name__ == "Fell" and e.model == t.id for e in events)
    assert t.fallen and t.health == 0


def test_each_attack_and_each_weapon_may_choose_its_own_target_in_the_attackers_order() -> None:
    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "smoke_runner", 10, 10)  # Javelins (ranged, 2 attacks) and a Knife (melee)
    near = put(s, 1, "surveyor", 10 + 2 * rules.geo.base_radius(a.unit.base_mm) + 0.3, 10)
    far = put(s, 1, "lightwright", 18, 10)
    s.apply(Activate(0, (a.id,), "attack_move"))
    s.apply(Attack(0, a.id, 0, far.id, 1))  # the first javelin at the far target
    before_far = far.health
    rolled(s, 6)
    assert far.health < before_far and s.roll is None
    before_near = near.health
    s.apply(Attack(0, a.id, 0, near.id, 1))  # the second javelin at another target
    rolled(s, 6)
    assert near.health < before_near
    assert SKIRMISH.check(s, Attack(0, a.id, 0, far.id, 1)) is not None, "both javelins are spent"
    assert SKIRMISH.check(s, Attack(0, a.id, 1, near.id, 1)) is None, "the knife still has its own attack"


def test_exclusively_ranged_weapons_land_only_on_6_within_an_enemys_melee_reach() -> None:
    s = table(faction_1="cinderhorn", faction_2="cinderhorn")
    runner = put(s, 0, "smoke_runner", 10, 10)  # Javelins (ranged) and a Knife (melee, 1")
    reach = runner.unit.weapons[1].range
    gap = 0.6  # out of base contact, inside the enemy's (and its own) 1" melee reach
    enemy = put(s, 1, "smoke_runner", 10 + 2 * rules.geo.base_radius(runner.unit.base_mm) + gap, 10)
    assert rules.geo.BASE_CONTACT < gap <= reach
    s.apply(Activate(0, (runner.id,), "attack_move"))
    s.apply(Attack(0, runner.id, 0, enemy.id, 1))
    assert s.roll is not None and s.roll.forced_six, "the javelins, though the model also has a knife"
    s.roll = None
    s.apply(Attack(0, runner.id, 1, enemy.id, 1))
    assert s.roll is not None and not s.roll.forced_six, "the knife is a melee weapon"


def test_an_enemys_melee_reach_engages_a_shooter_without_melee_weapons() -> None:
    s = table(faction_1="meridian", faction_2="cinderhorn")
    shooter = next(u for u in s.factions[0].units if all(not w.melee for w in u.weapons))
    a = put(s, 0, shooter.id, 10, 10)
    knife = put(s, 1, "smoke_runner", 0, 0)  # its Knife reaches 1"
    knife.x = a.x + rules.geo.base_radius(shooter.base_mm) + rules.geo.base_radius(knife.unit.base_mm) + 0.6
    knife.y = a.y
    assert rules.engaged(s, a), "within the enemy's 1-inch knife, though not in base contact"
    knife.x += 1.0
    assert not rules.engaged(s, a)


def two_dice_rolled(points: int, *faces: int) -> SkirmishState:
    """A Lightwright's two-die attack on an Ash Reaver rolled as `faces`, its side having had
    `points` (the activation took one)."""
    s = table(points=points)
    a = put(s, 0, "lightwright", 3, 3)
    t = put(s, 1, "ash_reaver", 12, 3)
    s.apply(Activate(0, (a.id,), "attack_move"))
    s.apply(Attack(0, a.id, 0, t.id, 2))
    rolled(s, *faces)
    return s


def test_failed_dice_may_be_rolled_again_once_each_at_a_point_each() -> None:
    s = two_dice_rolled(3, 1, 1)
    assert s.to_act() == [0] and s.points[0] == 2
    assert SKIRMISH.check(s, Reroll(0, (0, 1))) is None
    s.apply(Reroll(0, (0,)))
    assert s.points[0] == 1 and s.to_act() == [CHANCE]
    rolled(s, 1)  # one die again
    assert "once at most" in SKIRMISH.check(s, Reroll(0, (0,))).reason
    s.apply(KeepRoll(0))
    assert s.roll is None


def test_a_re_roll_reports_each_die_rolled_again_with_its_own_verdict() -> None:
    """Play-test (ninth session): die 1 hit, die 2 missed, die 2 rolled again a 3 (need 4+): the
    log said "Attack dice: 3, a hit", the event pairing the new die with the first die's verdict."""
    from game.skirmish.commands import Rolled
    from game.skirmish.words import describe_log
    from game.core.match import LogEntry

    s = two_dice_rolled(3, 5, 1)
    s.apply(Reroll(0, (1,)))
    events = rolled(s, 3)
    again = next(e for e in events if isinstance(e, Rolled))
    assert again.faces == (3,) and again.landed == (False,)
    lines = [line.text for line in describe_log([LogEntry(1, CHANCE, again)], ["You", "Computer"], 0)]
    assert lines == ["Attack dice: 3, a miss"]


def test_a_side_short_of_points_for_every_failed_die_is_offered_the_dice_it_can_pay_for() -> None:
    """Play-test (eighth session): with 2 failed dice and 1 point left the only offer was "Re-roll
    2 failed (2 AP)", refused; a point a die means one of them may still be rolled again."""
    s = two_dice_rolled(2, 1, 2)
    assert s.points[0] == 1
    rerolls = [c for c in s.candidates(0) if isinstance(c, Reroll)]
    assert rerolls == [Reroll(0, (0,))] and SKIRMISH.check(s, rerolls[0]) is None
    assert SKIRMISH.find_command(s, 0, Target("reroll"), None) == Reroll(0, (0,))
    assert SKIRMISH.find_command(s, 0, Target("reroll", ident="1"), None) == Reroll(0, (1,))
    s.apply(Reroll(0, (1,)))
    assert s.points[0] == 0
    rolled(s, 1)
    assert not [c for c in s.candidates(0) if isinstance(c, Reroll)], "no points: keep only"
    refusal = SKIRMISH.find_command(s, 0, Target("reroll"), None)
    assert not isinstance(refusal, Reroll) or "too few" in (SKIRMISH.check(s, refusal).reason or "")


def test_a_tactic_failure_applies_the_environment_penalty_and_the_activation_goes_on() -> None:
    s = table(points=5)
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    tactic = s.factions[0].tactics[0]
    s.environment = (0, 1)  # Crystal Skies: its penalty costs activation points
    s.apply(Activate(0, (a.id,), "move_attack", tactic.name))
    before = s.points[0]
    events = rolled(s, 1)
    if s.roll is not None:
        s.apply(KeepRoll(0))
    names = [type(e).__name__ for e in events]
    assert "Rolled" in names
    assert s.activation is not None and s.activation.step == "move", "the activation goes on"
    assert s.points[0] < before, "the penalty took points"


def test_a_failed_tactic_with_no_point_left_is_kept_and_the_log_says_why() -> None:
    """Play-test (tenth session): the last point spent on the activation, a failed tactic check's
    penalty came without a word about the re-roll that was not offered."""
    s = table(points=1)
    a = put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    tactic = s.factions[0].tactics[0]
    s.apply(Activate(0, (a.id,), "move_attack", tactic.name))
    assert s.points[0] == 0
    events = rolled(s, 1)
    assert s.roll is None, "kept by itself: nothing to pay a re-roll with"
    roll = next(e for e in events if isinstance(e, Rolled))
    assert roll.unpaid
    lines = [line.text for line in SKIRMISH.describe_log([LogEntry(0, -1, e) for e in events], ["You", "Them"], 0)]
    assert any("no activation point left to re-roll" in t for t in lines), lines
    with_points = table(points=5)
    b = put(with_points, 0, "surveyor", 10, 10)
    put(with_points, 1, "ash_reaver", 30, 30)
    with_points.apply(Activate(0, (b.id,), "move_attack", tactic.name))
    again = next(e for e in rolled(with_points, 1) if isinstance(e, Rolled))
    assert not again.unpaid and with_points.roll is not None, "a point left: the re-roll is offered"


# --- the Environment step -------------------------------------------------------------------

def _round_start(environment: str = "dice") -> SkirmishState:
    """A game at the start of round 1, one model a side deployed, the rest out of the game."""
    s = table()
    s.deck_mode = environment == "deck"
    put(s, 0, "surveyor", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.figures = [f for f in s.figures if f.deployed]
    s.points, s.round, s.environment = [0, 0], 0, None
    rules._begin_round(s, [])
    return s


def test_the_environment_roll_off_winner_rolls_on_their_own_factions_table() -> None:
    s = _round_start()
    assert s.phase == "environment_rolloff" and s.to_act() == [CHANCE]
    s.apply(RollOff(CHANCE, (2, 5)))
    assert s.phase == "environment"
    assert {c.face for c, _ in s.chance_outcomes()} == {1, 2, 3, 4, 5, 6}, "one d6"
    events = s.apply(EnvironmentRoll(CHANCE, 4))
    assert s.environment == (1, 4), "the roll-off's winner (side 2) rolled: their table's entry 4"
    chosen = next(e for e in events if type(e).__name__ == "EnvironmentChosen")
    assert (chosen.side, chosen.face) == (1, 4)


def test_the_environment_effect_is_active_for_both_players() -> None:
    s = _round_start()
    s.apply(RollOff(CHANCE, (6, 1)))
    s.apply(EnvironmentRoll(CHANCE, 1))  # Meridian's Crystal Skies: ranged weapons reach 4" farther
    ours, theirs = (next(f for f in s.figures if f.side == side) for side in (0, 1))
    assert rules.stat(s, ours, "range", 10) == 14 and rules.stat(s, theirs, "range", 10) == 14


def test_the_deck_option_turns_one_of_twelve_cards_a_round_without_a_roll_off_or_repeats() -> None:
    s = _round_start("deck")
    assert s.phase == "environment", "a card decides whose entry it is: no roll-off"
    cards = {(c.side, c.face) for c, _ in s.chance_outcomes()}
    assert cards == {(side, face) for side in (0, 1) for face in range(1, 7)}, "6 cards from each faction"
    s.apply(EnvironmentCard(CHANCE, 1, 2))
    assert s.environment == (1, 2)
    s.phase = "over"  # end the round by hand: only the deck is looked at next
    rules._begin_round(s, [])
    assert (1, 2) not in {(c.side, c.face) for c, _ in s.chance_outcomes()} and len(s.chance_outcomes()) == 11


# --- scoring and the end -------------------------------------------------------------------

def test_an_objective_is_held_by_more_models_touching_it() -> None:
    s = table()
    obj = s.mission.objectives[0]
    a = put(s, 0, "surveyor", obj.at[0], obj.at[1])
    assert rules.controller(s, obj.at, obj.radius) == 0
    put(s, 1, "ash_reaver", obj.at[0] + 1.5, obj.at[1])
    assert rules.controller(s, obj.at, obj.radius) == -1, "a tie: nobody"
    a.fallen = True
    assert rules.controller(s, obj.at, obj.radius) == 1


def test_an_objective_held_alone_is_contested_by_any_enemy_base() -> None:
    """Ninth session's `control = "alone"`: a side scores an objective only with no enemy base
    touching it; two models against one hold it by count (`more`), not alone."""
    s = table()
    obj = s.mission.objectives[0]
    put(s, 0, "surveyor", obj.at[0], obj.at[1])
    put(s, 0, "surveyor", obj.at[0], obj.at[1] + 1.0)
    assert rules.controller(s, obj.at, obj.radius, "alone") == 0
    b = put(s, 1, "ash_reaver", obj.at[0] + 1.5, obj.at[1])
    assert rules.controller(s, obj.at, obj.radius, "more") == 0
    assert rules.controller(s, obj.at, obj.radius, "alone") == -1, "contested: nobody"
    b.fallen = True
    assert rules.controller(s, obj.at, obj.radius, "alone") == 0


def breakthrough_round(round_: int) -> SkirmishState:
    """Breakthrough in `round_`'s activations, every model standing in its own zone."""
    s = SKIRMISH.new({"mission": "breakthrough", "faction_1": "meridian", "faction_2": "cinderhorn"}, seed=1)
    s.phase, s.round, s.turn = "activations", round_, 0
    for f in s.figures:
        f.deployed, f.x, f.y = True, 1.5 + (f.id % 20) * 1.7, 2.0 + f.side * 42 + (f.id // 20) * 2.0
    return s


def test_breakthrough_scores_1_a_model_past_the_centre_line_and_2_more_in_the_enemy_zone() -> None:
    s = breakthrough_round(2)
    mine = [f for f in s.figures if f.side == 0]
    theirs = [f for f in s.figures if f.side == 1]
    mine[0].x, mine[0].y = 5.0, 30.0  # past the centre line (24), short of the zone (38)
    mine[1].x, mine[1].y = 10.0, 42.0  # in the enemy's deployment zone
    theirs[0].x, theirs[0].y = 20.0, 23.0  # past the centre line from the other side
    theirs[1].x, theirs[1].y = 30.0, 25.0  # short of it
    rules._end_round(s, [])
    assert s.score == [1 + 3, 1]
    assert {(side, what) for side, what, _ in s.score_parts} == {(0, "reach:enemy_half"), (0, "reach:enemy_deployment"),
                                                                 (1, "reach:enemy_half")}


def test_breakthrough_pays_nothing_for_reaching_at_the_end_of_round_1() -> None:
    s = breakthrough_round(1)
    s.figures[0].x, s.figures[0].y = 10.0, 42.0
    rules._end_round(s, [])
    assert s.score == [0, 0]


def test_the_enemy_half_is_the_table_past_the_centre_square_to_the_line_between_the_zones() -> None:
    bt = SKIRMISH.new({"mission": "breakthrough"}, seed=1).mission
    assert sorted(rules.reach_area(bt, "enemy_half", 0)) == [(0, 24), (0, 48), (36, 24), (36, 48)]
    assert sorted(rules.reach_area(bt, "enemy_half", 1)) == [(0, 0), (0, 24), (36, 0), (36, 24)]
    assert rules.reach_area(bt, "enemy_deployment", 0) == bt.zones[1]
    shards = SKIRMISH.new({"mission": "scattered_shards"}, seed=1).mission  # zones in opposite corners
    assert sorted(rules.reach_area(shards, "enemy_half", 0)) == [(0, 36), (36, 0), (36, 36)]


def test_a_game_level_on_points_names_its_tie_break_and_its_figures_or_a_draw() -> None:
    s = breakthrough_round(5)  # 12 Meridian models against 10 Cinderhorn
    rules._end_round(s, [])
    assert s.score == [0, 0] and s.winners() == [0]
    said = words.over_reason(s.view(1), ["Computer", "You"])
    assert said == "After the last round, 0 all on points; the tie-break is more models left: Computer has 12, You 10."
    s = breakthrough_round(5)
    for f in [f for f in s.figures if f.side == 0][:2]:
        f.fallen = True
    rules._end_round(s, [])
    assert s.winners() == [0, 1]
    assert words.over_reason(s.view(0), ["You", "Computer"]) == \
        "After the last round, 0 all on points and 10 models left each: a draw."


# --- a first conformance pass --------------------------------------------------------------

def random_games(count: int, steps: int = 4000) -> Iterator[Match]:
    for seed in range(count):
        m = Match(SKIRMISH, {}, seed, ["human", "human"])
        r = random.Random(seed)
        for _ in range(steps):
            if m.state.is_over():
                break
            random_match(m, r, 1)
        yield m


def test_random_games_end_after_the_missions_rounds_with_winners() -> None:
    for m in random_games(2):
        s = m.state
        assert isinstance(s, SkirmishState)
        assert s.is_over() and s.won and (s.round == s.mission.rounds or s.over_reason == "wiped_out")


@pytest.mark.parametrize("seed", [3])
def test_every_candidate_passes_check_and_apply_never_draws(seed: int) -> None:
    m = Match(SKIRMISH, {}, seed, ["human", "human"])
    r = random.Random(seed)
    for _ in range(200):
        if m.state.is_over():
            break
        for seat in m.state.to_act():
            if seat == CHANCE:
                continue
            for c in m.state.candidates(seat):
                assert SKIRMISH.check(m.state, c) is None, c
            cmd = r.choice(m.state.candidates(seat))
            rng = m.state.rng.copy()
            assert m.submit(cmd).ok
            assert m.state.rng == rng, "a seat's command never draws"
            break
        else:
            assert m.resolve_chance().ok


def test_a_tactics_extra_move_is_made_at_once_within_its_distance_and_the_step_goes_on() -> None:
    """Cinderhorn's Charge! (an extra_move): on a success the model may move its extra inches
    at once, by the usual rules; then its activation's own move is still to come."""
    from game.skirmish.content import ExtraMoveEffect

    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "ash_reaver", 10, 10)
    put(s, 1, "surveyor", 30, 30)
    tactic = next(t for t in s.factions[0].tactics if any(isinstance(e, ExtraMoveEffect) for e in t.effects))
    extra = next(e for e in tactic.effects if isinstance(e, ExtraMoveEffect)).distance
    s.apply(Activate(0, (a.id,), "move_attack", tactic.name))
    rolled(s, 6)
    assert s.activation is not None and s.activation.step == "bonus"
    assert "Out of reach" in SKIRMISH.check(s, Move(0, a.id, (10 + extra + 0.5, 10))).reason
    s.apply(Move(0, a.id, (10 + extra - 0.1, 10)))
    assert s.activation.step == "move", "the activation's own move is still to come"
    assert SKIRMISH.check(s, Move(0, a.id, (a.x + a.unit.move - 0.1, 10))) is None



def veil_tactic(s: SkirmishState) -> str:
    from game.skirmish.content import TokenEffect

    return next(t.name for t in s.factions[0].tactics if any(isinstance(e, TokenEffect) for e in t.effects))


def test_a_tactics_tokens_are_placed_at_once_within_range_and_then_block_sight() -> None:
    """Veilmoth's veil: the acting side places each token wholly within range of its model,
    off other bases; a veil (2.5" high) then blocks sight like terrain of its height."""
    from game.skirmish.commands import PlaceToken

    s = table(faction_1="veilmoth", faction_2="meridian")
    a = put(s, 0, "dustcaller", 10, 10)
    shooter = put(s, 1, "lightwright", 10, 24)
    s.apply(Activate(0, (a.id,), "move_attack", veil_tactic(s)))
    rolled(s, 6)
    assert s.placing is not None and s.to_act() == [0]
    assert "wholly within" in SKIRMISH.check(s, PlaceToken(0, (10, 30))).reason
    assert "may not lie on a model's base: set it on open ground within" in SKIRMISH.check(s, PlaceToken(0, (10, 10))).reason
    assert SKIRMISH.check(s, Move(0, a.id, (11, 10))).reason == "Place the token first."
    before = rules.sight_of(s, shooter, a).hidden
    s.apply(PlaceToken(0, (10, 13)))
    while s.placing is not None:
        s.apply(s.candidates(0)[0])
    assert rules.sight_of(s, shooter, a).hidden > before, "the veil hides the caster from the shooter"
    assert s.activation is not None and s.activation.step == "move", "the activation goes on"


def test_tokens_leave_when_their_rounds_run_out() -> None:
    from game.skirmish.model import PlacedToken

    s = table(faction_1="veilmoth", faction_2="meridian")
    s.tokens = [PlacedToken("veil", 5, 5, 2, 0), PlacedToken("smoke", 20, 20, 1, 0), PlacedToken("pavise", 9, 9, 0, 0)]
    s.rebuild_table()
    rules._end_round(s, [])
    assert [(t.kind, t.rounds) for t in s.tokens] == [("veil", 1), ("pavise", 0)]
    assert len(s.table.tokens) == 2


def test_rotting_burning_and_regrowing_act_as_each_round_they_last_ends() -> None:
    """Conditions with damage or healing a round act before they count down: a two-round
    Rotting deals 1 twice, a one-round Burning its 2 once, Regrowing heals up to full health,
    and a model they bring to 0 falls (the engine had read these numbers and never used them)."""
    s = table(faction_1="veilmoth", faction_2="cinderhorn")
    rot = put(s, 1, "ash_reaver", 20, 20)
    burn = put(s, 1, "forge_hound", 25, 20)
    grow = put(s, 1, "hearth_chief", 30, 20)
    frail = put(s, 0, "dustcaller", 10, 10)
    put(s, 0, "veilmother", 5, 5)
    rot.conditions["rotting"] = 2
    burn.conditions["burning"] = 1
    grow.conditions["regrowing"] = 2
    grow.health = grow.unit.health - 3
    frail.health = 1
    frail.conditions["rotting"] = 2
    ev: list = []
    rules._end_round(s, ev)
    assert (rot.health, burn.health, grow.health) == (rot.unit.health - 1, burn.unit.health - 2, grow.unit.health - 1)
    assert frail.fallen and any(isinstance(e, Fell) and e.model == frail.id for e in ev)
    assert "burning" not in burn.conditions and rot.conditions["rotting"] == 1
    s.phase = "activations"
    rules._end_round(s, [])
    assert (rot.health, burn.health, grow.health) == (rot.unit.health - 2, burn.unit.health - 2, grow.unit.health)
    assert "rotting" not in rot.conditions and "regrowing" not in grow.conditions


def test_a_model_that_crosses_a_thorn_patch_is_slowed() -> None:
    from game.skirmish.model import PlacedToken

    s = table(faction_1="veilmoth", faction_2="meridian")
    a = put(s, 0, "dustcaller", 10, 10)
    put(s, 1, "lightwright", 30, 30)
    s.tokens = [PlacedToken("thorns", 12.5, 10, 3, 1)]
    s.rebuild_table()
    s.apply(Activate(0, (a.id,), "move_attack"))
    s.apply(Move(0, a.id, (15, 10)))
    assert "slowed" in a.conditions


def test_an_ability_used_instead_of_attacking_applies_its_effect_and_then_the_model_cannot_attack() -> None:
    """Meridian's Flare Runner: Dazzling Flare (instead of attacking) dazzles an enemy in sight
    within 14"; after it, the runner's attacks are refused; a second use in the activation too."""
    from game.skirmish.commands import UseAbility

    s = table()
    a = put(s, 0, "flare_runner", 10, 10)
    t = put(s, 1, "ash_reaver", 20, 10)
    far = put(s, 1, "ash_reaver", 10, 30)
    s.apply(Activate(0, (a.id,), "attack_move"))
    assert "Out of reach" in SKIRMISH.check(s, UseAbility(0, a.id, 0, target=far.id)).reason
    assert SKIRMISH.check(s, UseAbility(0, a.id, 0, target=a.id)).reason == "Choose an enemy model."
    s.apply(UseAbility(0, a.id, 0, target=t.id))
    assert "dazzled" in t.conditions
    assert "instead of attacking" in SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)).reason
    assert "has been used" in SKIRMISH.check(s, UseAbility(0, a.id, 0, target=t.id)).reason


def _ability(f: Figure, name: str) -> int:
    return next(i for i, a in enumerate(f.unit.abilities) if a.name == name)


def test_a_standing_still_ability_is_refused_in_the_attack_step_after_the_model_moved() -> None:
    """Play-test (thirteenth session): a Lightwright moved 3.2" in its move step and then took
    Steady Aim ("standing still") in its attack step: the next step forgot who had moved."""
    from game.skirmish.commands import UseAbility

    s = table()
    a = put(s, 0, "lightwright", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (a.id,), "move_attack"))
    s.apply(Move(0, a.id, (12, 10)))
    s.apply(EndStep(0))
    assert s.activation is not None and s.activation.step == "attack"
    refusal = SKIRMISH.check(s, UseAbility(0, a.id, _ability(a, "Steady Aim")))
    assert refusal is not None and "instead of moving, and this model has moved" in refusal.reason


def test_after_a_standing_still_ability_the_move_step_refuses_the_move_and_a_second_use() -> None:
    """Play-test: a Longsight with "attack, then move" took Pinpoint in its attack step, then
    moved 2.5" in its move step, and after an undo took Pinpoint a second time: the move step
    had forgotten both. Both are refused now, and the +2 damage is counted once."""
    from game.skirmish.commands import UseAbility

    s = table()
    a = put(s, 0, "longsight", 10, 10)
    put(s, 1, "ash_reaver", 30, 30)
    damage = rules.stat(s, a, "damage", a.unit.weapons[0].damage)
    s.apply(Activate(0, (a.id,), "attack_move"))
    pinpoint = UseAbility(0, a.id, _ability(a, "Pinpoint"))
    s.apply(pinpoint)
    s.apply(EndStep(0))
    assert s.activation is not None and s.activation.step == "move"
    assert "instead of moving" in SKIRMISH.check(s, Move(0, a.id, (12, 10))).reason
    assert "has been used in this activation" in SKIRMISH.check(s, pinpoint).reason
    assert rules.stat(s, a, "damage", a.unit.weapons[0].damage) == damage + 2


def test_an_instead_of_attacking_ability_is_refused_in_the_move_step_after_an_attack() -> None:
    """The same forgetting, the other way round: with "attack, then move", an attack in the
    attack step and Dazzling Flare (instead of attacking) in the move step."""
    from game.skirmish.commands import UseAbility

    s = table()
    a = put(s, 0, "flare_runner", 10, 10)
    t = put(s, 1, "ash_reaver", 14, 10)
    s.apply(Activate(0, (a.id,), "attack_move"))
    s.apply(Attack(0, a.id, 0, t.id, 1))
    while s.roll is not None or s.to_act() == [CHANCE]:
        if s.to_act() == [CHANCE]:
            rolled(s, *([3] * (s.roll.dice if s.roll is not None else 1)))
        else:
            s.apply(KeepRoll(0))
    s.apply(EndStep(0))
    assert s.activation is not None and s.activation.step == "move"
    refusal = SKIRMISH.check(s, UseAbility(0, a.id, _ability(a, "Dazzling Flare"), target=t.id))
    assert refusal is not None and "instead of attacking, and this model has attacked" in refusal.reason


def test_a_passive_ability_is_in_force_on_friends_in_reach_once_per_source() -> None:
    """Tessellate's Tile Shield: Locked Shields gives friends within 1" +1 defence; two shields
    beside the same friend still give +1 (one source does not stack with itself)."""
    s = table(faction_1="tessellate")
    captain = put(s, 0, "tile_captain", 10, 10)
    base = captain.unit.defence
    assert rules.stat(s, captain, "defence") == base
    shield = put(s, 0, "tile_shield", 10, 10 + 2 * rules.geo.base_radius(captain.unit.base_mm) + 0.3)
    assert rules.stat(s, captain, "defence") == base + 1
    put(s, 0, "tile_shield", 10, 10 - 2 * rules.geo.base_radius(captain.unit.base_mm) - 0.3)
    assert rules.stat(s, captain, "defence") == base + 1
    shield.x = 30
    assert rules.stat(s, captain, "defence") == base + 1, "the other shield is still beside it"


def test_a_push_moves_the_enemy_straight_away_until_something_stops_it() -> None:
    """Cinderhorn's Emberhide: Gore pushes an enemy in contact 2" straight away; a model behind
    it stops the push as the bases touch."""
    from game.skirmish.commands import UseAbility

    s = table(faction_1="cinderhorn", faction_2="meridian")
    a = put(s, 0, "emberhide", 10, 10)
    gap = rules.geo.base_radius(a.unit.base_mm)
    t = put(s, 1, "surveyor", 0, 10)
    t.x = 10 + gap + rules.geo.base_radius(t.unit.base_mm) + 0.1
    start = t.x
    s.apply(Activate(0, (a.id,), "attack_move"))
    s.apply(UseAbility(0, a.id, 0, target=t.id))
    assert t.x == pytest.approx(start + 2) and t.y == 10
    wall = put(s, 1, "surveyor", t.x + 2 * rules.geo.base_radius(t.unit.base_mm) + 0.5, 10)
    s.turn, s.activation = 0, None
    a.activated = False
    s.apply(Activate(0, (a.id,), "attack_move"))
    a.x = t.x - gap - rules.geo.base_radius(t.unit.base_mm) - 0.1
    before = t.x
    s.apply(UseAbility(0, a.id, 0, target=t.id))
    assert before < t.x <= before + 0.5 + 1e-9 and rules.geo.edge_gap(s.body(t), s.body(wall)) >= -1e-6


def test_an_area_attack_rolls_for_every_enemy_its_circle_touches_one_after_another() -> None:
    """Veilmoth's Blightcaster: Spore Burst (radius 2", range 12") rolls for each enemy caught,
    without cover; the friend standing by is spared."""
    from game.skirmish.commands import UseAbility

    s = table(faction_1="veilmoth", faction_2="cinderhorn")
    a = put(s, 0, "blightcaster", 10, 10)
    one = put(s, 1, "ash_reaver", 18, 10)
    two = put(s, 1, "ash_reaver", 18, 12)
    put(s, 1, "ash_reaver", 18, 20)  # out of the circle
    s.apply(Activate(0, (a.id,), "attack_move"))
    assert "within 12" in SKIRMISH.check(s, UseAbility(0, a.id, 1, (30.0, 10.0))).reason
    s.apply(UseAbility(0, a.id, 1, (18.0, 11.0)))
    assert s.roll is not None and s.roll.purpose == "blast" and len(s.rolls_next) == 1
    health = (one.health, two.health)
    rolled(s, 6)
    assert s.roll is not None and s.roll.target == two.id, "the second model's roll comes next"
    rolled(s, 6)
    assert s.roll is None and one.health < health[0] and two.health < health[1]


def test_a_round_start_ability_places_its_token_after_the_environment_step() -> None:
    s = table(faction_1="veilmoth", faction_2="meridian")
    put(s, 0, "spore_tender", 10, 10)
    put(s, 1, "lightwright", 30, 30)
    s.phase, s.environment = "environment", (1, 0)
    s.apply(SKIRMISH.codec.decode({"type": "environment_roll", "seat": CHANCE, "face": 1}))
    placing = [p for p in [s.placing, *s.placing_next] if p is not None]
    assert any(p.kind == "spores" and p.side == 0 for p in placing)


def test_a_fallen_model_leaves_a_low_marker_that_blocks_little_and_can_be_stepped_over() -> None:
    s = table()
    a = put(s, 0, "lightwright", 3, 3)
    t = put(s, 1, "ash_reaver", 12, 3)
    s.apply(Activate(0, (a.id,), "attack_move"))
    s.apply(Attack(0, a.id, 0, t.id, a.unit.weapons[0].attacks))
    t.health = 1
    rolled(s, *([6] * a.unit.weapons[0].attacks))
    assert [(k.kind, k.x, k.y) for k in s.tokens] == [("fallen", 12, 3)] and len(s.table.tokens) == 1
    assert s.table.tokens[0].passable and s.table.tokens[0].radius == 0.5


def test_melee_up_or_down_a_platform_needs_the_move_to_climb_it() -> None:
    """The rulebook's allowance: a model may strike one above or below it if its move could
    climb the height; a taller drop is out of reach."""
    s = table(faction_1="cinderhorn", faction_2="meridian")
    s.terrain = (rules.geo.Terrain(((14, 0), (30, 0), (30, 30), (14, 30)), 9.0, "cliff"),)
    s.rebuild_table()
    a = put(s, 0, "ash_reaver", 13, 10)
    t = put(s, 1, "surveyor", 14.6, 10)
    s.apply(Activate(0, (a.id,), "attack_move"))
    assert "above or below" in SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)).reason
    s.terrain = (rules.geo.Terrain(((14, 0), (30, 0), (30, 30), (14, 30)), 2.0, "ledge"),)
    s.rebuild_table()
    assert SKIRMISH.check(s, Attack(0, a.id, 0, t.id, 1)) is None


def test_sever_the_voice_ends_at_the_end_of_the_round_a_side_loses_its_last_leader() -> None:
    s = SKIRMISH.new({"mission": "sever_the_voice"}, seed=1)
    s.phase, s.round, s.turn = "activations", 2, 0
    for f in s.figures:
        f.deployed, f.x, f.y = True, 1.0 + (f.id % 30), 2.0 + f.side * 30 + (f.id // 30) * 0.1
    for f in s.figures:
        if f.side == 1 and f.unit.is_leader:
            f.fallen = True
    rules._end_round(s, [])
    assert s.is_over() and s.over_reason == "no_leaders"


def sever_round(round_: int) -> SkirmishState:
    """Sever the Voice in `round_`'s activations, every model standing in its own zone."""
    s = SKIRMISH.new({"mission": "sever_the_voice", "faction_1": "meridian", "faction_2": "cinderhorn"}, seed=1)
    s.phase, s.round, s.turn = "activations", round_, 0
    for f in s.figures:
        f.deployed, f.x, f.y = True, 1.0 + (f.id % 30), 2.0 + f.side * 30 + (f.id // 30) * 0.1
    return s


def test_sever_the_voice_pays_2_a_round_from_round_2_for_each_model_in_the_enemy_zone() -> None:
    """Eighth session: a kills-only Sever the Voice went to the longest guns (the side that
    outranged the other sat in its zone); a model that stands in the enemy's zone now scores 2 at
    the end of rounds 2-5, so the side outranged has points to walk to, and the zones, 14" apart,
    are one activation's double move for most of its models."""
    s = sever_round(2)
    mine = [f for f in s.figures if f.side == 0]
    mine[0].y = 26.0  # inside the enemy's zone (25-36)
    mine[1].y = 20.0  # past the middle, short of the zone: nothing
    rules._end_round(s, [])
    assert s.score == [2, 0]
    assert {(side, what) for side, what, _ in s.score_parts} == {(0, "reach:enemy_deployment")}
    s = sever_round(1)
    s.figures[0].y = 26.0
    rules._end_round(s, [])
    assert s.score == [0, 0], "round 1 does not pay for reaching"
    mission = s.mission
    assert rules.reach_area(mission, "enemy_deployment", 0) == mission.zones[1]
    assert min(y for _, y in mission.zones[1]) - max(y for _, y in mission.zones[0]) == 14


def test_scattered_shards_pays_each_held_shard_every_round_and_1_a_kill_2_a_leader() -> None:
    """Eighth session: on shards alone the toughest bodies won (whoever survives standing on them
    scores); a kill now scores too, 1 for a model and 2 for a leader, so the side that clears a
    shard by shooting earns what the side that stands on it does. Holding still pays every round.
    Ninth session: the Heart Shard is worth 1, as every other shard (it was 2)."""
    s = SKIRMISH.new({"mission": "scattered_shards", "faction_1": "meridian", "faction_2": "cinderhorn"}, seed=1)
    s.phase, s.round, s.turn = "activations", 1, 0
    for f in s.figures:  # everyone in its own corner, touching no shard
        f.deployed, f.x, f.y = True, 1.0 + f.id % 5, 1.0 + f.id // 5 * 0.8
        if f.side == 1:
            f.x, f.y = 36 - f.x, 36 - f.y
    mine = [f for f in s.figures if f.side == 0]
    mine[0].x, mine[0].y = 18.0, 18.0  # on the Heart Shard (1)
    mine[1].x, mine[1].y = 30.0, 6.0  # on the North Shard (1)
    leader = next(f for f in s.figures if f.side == 1 and f.unit.is_leader)
    other = next(f for f in s.figures if f.side == 1 and not f.unit.is_leader)
    rules._hurt(s, leader, leader.health, "attack", [])
    rules._hurt(s, other, other.health, "attack", [])
    assert s.score == [2 + 1, 0]
    rules._end_round(s, [])
    assert s.score == [3 + 1 + 1, 0]
    assert {what for _, what, _ in s.score_parts} == {"slay", "hold:heart", "hold:north"}


def test_sever_the_voice_still_pays_4_for_a_leader_and_1_for_any_other_model() -> None:
    s = sever_round(2)
    leader = next(f for f in s.figures if f.side == 1 and f.unit.is_leader)
    other = next(f for f in s.figures if f.side == 1 and not f.unit.is_leader)
    rules._hurt(s, leader, leader.health, "attack", [])
    rules._hurt(s, other, other.health, "attack", [])
    assert s.score == [5, 0]


def test_the_log_names_models_by_unit_and_number_shows_every_die_and_speaks_to_you() -> None:
    from game.core.match import LogEntry
    from game.skirmish.commands import Damaged, Deployed, Rolled, RolledOff
    from game.skirmish.words import describe_log

    log = [LogEntry(1, CHANCE, RolledOff((5, 2), 0, "deploy")),
           LogEntry(2, 0, Deployed(0, 0, (3.0, 3.0), "ash_reaver", "cinderhorn")),
           LogEntry(3, 0, Deployed(0, 1, (5.0, 3.0), "ash_reaver", "cinderhorn")),
           LogEntry(9, CHANCE, Rolled("attack", (6, 1, 4), (True, False, True))),
           LogEntry(9, CHANCE, Damaged(1, 3, 4, "attack", 0, 0))]
    lines = [line.text for line in describe_log(log, ["You", "Computer"], 0)]
    assert lines == ["Roll-off 5–2: You deploy first", "You deploy Ash Reaver 1", "You deploy Ash Reaver 2",
                     "Attack dice: rolled 6 (hit), 1 (miss), 4 (hit): 2 of 3 hit", "Ash Reaver 2 takes 3 damage (4 health left)"]
    assert describe_log(log[:2], ["Ann", "Bob"], 0)[0].text == "Roll-off 5–2: Ann deploys first"


def test_the_log_names_an_attack_before_its_dice_re_rolls_included() -> None:
    """Play-test: "Attack dice ..." was listed before "X attacks Y", since the engine records
    the attack once its dice (and any re-roll) are settled."""
    from game.core.match import LogEntry
    from game.skirmish.commands import Attacked, Damaged, Deployed, PointsLost, Rolled
    from game.skirmish.words import describe_log

    log = [LogEntry(1, 0, Deployed(0, 0, (3.0, 3.0), "ash_reaver", "cinderhorn")),
           LogEntry(2, 1, Deployed(1, 1, (5.0, 3.0), "surveyor", "meridian")),
           LogEntry(3, CHANCE, Rolled("attack", (6, 1), (True, False))),
           LogEntry(4, 0, PointsLost(0, 1, 2)),
           LogEntry(5, CHANCE, Rolled("attack", (4,), (True,))),
           LogEntry(5, CHANCE, Attacked(0, 0, 1, 2, False)),
           LogEntry(5, CHANCE, Damaged(1, 6, 1, "attack", 0, 0))]
    lines = [line.text for line in describe_log(log, ["You", "Computer"], 0)]
    assert lines[2].startswith("Ash Reaver 1 attacks Meridian Surveyor 1 with "), lines
    assert lines[3:] == ["Attack dice: rolled 6 (hit), 1 (miss): 1 of 2 hit", "You spend 1 activation point (2 left)",
                         "Attack dice: 4, a hit", "Meridian Surveyor 1 takes 6 damage (1 health left)"]


def test_the_log_reads_naturally() -> None:
    """Play-test wording: a plural for one point, the objective's name not its id, a lone die in words."""
    from game.core.words import LogEntry
    from game.skirmish.commands import Rolled, Scored, Stopped
    from game.skirmish.words import describe_log

    log = [LogEntry(1, 0, Stopped(0, 1)), LogEntry(2, 1, Stopped(1, 2)),
           LogEntry(3, CHANCE, Scored(0, 2, 5, "hold:east")),
           LogEntry(4, CHANCE, Rolled("tactic", (2,), (False,))), LogEntry(5, CHANCE, Rolled("tactic", (5,), (True,)))]
    lines = [line.text for line in describe_log(log, ["You", "Computer"], 0)]
    assert lines == ["You stop for the round, keeping 1 point", "Computer stops for the round, keeping 2 points",
                     "You score 2 (holding East Shard): 5 in all", "Tactic roll: 2, a miss", "Tactic roll: 5, a hit"]


def test_a_token_dropped_on_a_model_lies_against_its_base_where_the_rules_allow() -> None:
    """Play-test: a mirror dropped on the Mirror Warden raising it (or on a friend beside it) was
    refused ("overlaps another model's base"). The rules forbid a token on a model, not beside
    one: the drop lies against the base, at the nearest spot the token may lie (in range, off
    terrain), as a model dropped on a base does; a drop with no such spot is refused, and the
    refusal says where a token may go."""
    from game.skirmish import geometry as geo
    from game.skirmish.commands import PlaceToken, UseAbility

    s = table()
    warden = put(s, 0, "mirror_warden", 10, 10)
    friend = put(s, 0, "lightwright", 10, 12.4)  # at the edge of the mirrors' 3" reach
    far = put(s, 1, "ash_reaver", 30, 30)
    s.apply(Activate(0, (warden.id,), "attack_move"))
    s.apply(UseAbility(0, warden.id, next(k for k, ab in enumerate(warden.unit.abilities) if ab.name == "Raise Mirrors")))
    assert s.placing is not None
    token = s.token_kinds[s.placing.kind].diameter / 2
    for f in (warden, friend):
        found = SKIRMISH.find_command(s, 0, Target("token"), Target("table", point=(f.x, f.y + 0.1)))
        assert isinstance(found, PlaceToken), found
        gap = math.dist(found.at, (f.x, f.y)) - geo.base_radius(f.unit.base_mm) - token
        assert 0 <= gap <= geo.BASE_CONTACT and rules.why_illegal(s, found) is None
    refused = SKIRMISH.find_command(s, 0, Target("token"), Target("table", point=(far.x, far.y)))
    assert not isinstance(refused, PlaceToken) and "within 3\"" in refused.reason
    assert rules.token_landing(s, (20.0, 5.0)) == (20.0, 5.0), "open ground: where it was dropped"
