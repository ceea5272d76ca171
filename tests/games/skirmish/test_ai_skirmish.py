"""The skirmish's computer player (game/skirmish/ai): its destinations are legal moves, its
evaluator prefers what is plainly better, its re-roll arithmetic, and its agent's manners (it
never changes the state it is given, a seed replays it, its plans are legal step by step).

Positions are built by hand on a cleared table (`table`, `put` from the rules' tests).
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pytest

from game.ai.agents import make_agent
from game.ai.search import NO_WALL_LIMIT_ENV
from game.core.match import Match
from game.core.plans import follow
from game.core.protocol import CHANCE, by_itself
from game.core.rng import Rng
from game.skirmish import rules
from game.skirmish.ai import odds, search, spots, tactics
from game.skirmish.ai.agent import BUDGETS, SkirmishAgent
from game.skirmish.ai.evaluate import LAST_LEADER_STAKE, Weights, guard, margin
from game.skirmish.ai.policy import Policy
from game.skirmish.ai.sightings import Sightings
from game.skirmish.attacks import hit_chance
from game.skirmish.commands import Activate, Attack, KeepRoll, Move, Reroll, Roll, UseAbility
from game.skirmish.game import SKIRMISH
from game.skirmish.geometry import Terrain
from game.skirmish.model import PendingRoll
from game.skirmish.state import SkirmishState
from tests.games.skirmish.test_skirmish_rules import put, table


def deployed(seed: int, config: dict[str, str] | None = None) -> SkirmishState:
    """A real game's state at its first activation, deployed by random play."""
    match = Match(SKIRMISH, dict(config or {}), seed, ["random", "random"])
    agent = make_agent("random", "skirmish", seed)
    while not (match.state.phase == "activations" and match.state.activation is None and match.state.roll is None):
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
        else:
            follow(match, actors[0], agent.plan(match.state, actors[0]))
    state = match.state
    assert isinstance(state, SkirmishState)
    return state


# --- destinations -------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_destination_is_a_move_the_engine_accepts(seed: int) -> None:
    s = deployed(seed, {"mission": ["hold_the_rift", "scattered_shards", "breakthrough"][seed - 1]})
    side = s.turn
    checked = 0
    for f in s.alive(side)[:5]:
        probe = s.clone()
        probe.apply(Activate(side, (f.id,), "move_attack"))
        for p in spots.destinations(probe, probe.figures[f.id]):
            assert rules.why_illegal(probe, Move(side, f.id, p)) is None, (f.unit.id, f.at, p)
            checked += 1
    assert checked >= 20


def test_destinations_include_base_contact_with_an_enemy_in_charge_reach() -> None:
    s = table("cinderhorn", "meridian")
    brute = put(s, 0, "ash_reaver", 10, 10)
    target = put(s, 1, "lightwright", 10, 15)
    s.apply(Activate(0, (brute.id,), "move_attack"))
    found = spots.destinations(s, brute)
    body = s.body(target)
    assert any(rules.geo.in_base_contact(s.body(brute, *p), body) for p in found)


def test_destinations_include_a_spot_behind_a_wall_from_the_enemy() -> None:
    s = table("meridian", "meridian")
    s.terrain = (Terrain(((12, 14), (24, 14), (24, 15), (12, 15)), 3.0, "wall"),)
    s.rebuild_table()
    shooter = put(s, 0, "lightwright", 18, 11)
    put(s, 1, "longsight", 18, 30)
    s.apply(Activate(0, (shooter.id,), "move_attack"))
    found = spots.destinations(s, shooter)
    assert any(p[1] < 14 and 12 < p[0] < 24 and abs(p[1] - 14) < 1.0 for p in found), found


# --- the evaluator ----------------------------------------------------------------------------

def test_the_evaluator_prefers_a_won_fight_health_lost_by_the_enemy() -> None:
    s = table("cinderhorn", "meridian")
    put(s, 0, "ash_reaver", 10, 10)
    enemy = put(s, 1, "mirror_warden", 20, 25)
    before = margin(s, 0, Sightings())
    enemy.health -= 4
    hurt = margin(s, 0, Sightings())
    enemy.health, enemy.fallen = 0, True
    dead = margin(s, 0, Sightings())
    assert before < hurt < dead


def test_the_evaluator_prefers_holding_the_objective() -> None:
    s = table("cinderhorn", "cinderhorn")  # hold_the_rift: the Rift at (18, 18), radius 3
    mine = put(s, 0, "slag_brute", 5, 5)
    put(s, 1, "slag_brute", 30, 33)
    away = margin(s, 0, Sightings())
    mine.x, mine.y = 18, 17
    assert rules.controller(s, (18, 18), 3) == 0
    assert margin(s, 0, Sightings()) > away + odds.SCORE_WORTH


def breakthrough(round_: int = 2) -> SkirmishState:
    """Breakthrough (zones y 0-10 and 38-48, the centre line at 24) cleared of terrain and models."""
    s = table("meridian", "cinderhorn")
    s.mission = SKIRMISH.content.missions["breakthrough"]
    s.rebuild_table()
    s.round = round_
    return s


def test_the_evaluator_pays_for_a_model_past_the_centre_line_as_breakthrough_scores_it() -> None:
    s = breakthrough()
    runner = put(s, 0, "flare_runner", 18, 23)
    put(s, 1, "hearth_chief", 3, 46)
    short = margin(s, 0, Sightings())
    runner.y = 25
    past = margin(s, 0, Sightings())
    assert past > short + odds.SCORE_WORTH  # 1 point a round for 4 rounds, not a nudge


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_every_level_moves_a_runner_past_the_centre_line_on_breakthrough(level: str) -> None:
    s = breakthrough()
    runner = put(s, 0, "flare_runner", 18, 19)  # Move 7: the line is 5" away
    put(s, 1, "hearth_chief", 3, 46)
    budget = replace(BUDGETS[level], max_seconds=600.0, max_wall_seconds=600.0)
    probe = s.clone()
    for step in SkirmishAgent(level, budget, 1).plan(s, 0):
        probe.apply(step)
    assert probe.figures[runner.id].y > 24, (level, probe.figures[runner.id].at)
    assert rules.geo.in_polygon(rules.reach_area(s.mission, "enemy_half", 0), *probe.figures[runner.id].at)


def test_destinations_include_a_spot_inside_each_area_the_mission_pays_for() -> None:
    s = breakthrough()
    runner = put(s, 0, "flare_runner", 30, 18.5)  # Move 7: straight ahead ends at 25.5
    put(s, 1, "hearth_chief", 3, 46)
    s.apply(Activate(0, (runner.id,), "move_attack"))
    found = spots.destinations(s, runner)
    assert any(24 < p[1] <= 25 for p in found), found
    s.mission = SKIRMISH.content.missions["hold_the_rift"]  # no reach rule: no such spot
    assert not any(24 < p[1] <= 25 and abs(p[0] - 30) < 0.5 for p in spots.destinations(s, runner))


def test_the_evaluator_counts_the_threat_of_the_side_to_act_and_cover_lowers_it() -> None:
    s = table("meridian", "meridian")
    s.terrain = (Terrain(((10, 19), (26, 19), (26, 20), (10, 20)), 4.0, "wall"),)
    s.rebuild_table()
    put(s, 0, "sun_lance", 18, 30)
    mine = put(s, 1, "lightwright", 18, 6)
    s.turn = 0
    exposed = margin(s, 1, Sightings(), next_side=0)
    mine.x, mine.y = 18, 17.5  # right behind the wall
    sheltered = margin(s, 1, Sightings(), next_side=0)
    assert sheltered > exposed


# --- the search's ordering ---------------------------------------------------------------------

def test_the_search_shoots_the_wounded_enemy_it_can_finish() -> None:
    s = table("meridian", "cinderhorn")
    shooter = put(s, 0, "lightwright", 6, 8)
    put(s, 0, "mirror_warden", 30, 6)
    wounded = put(s, 1, "ash_reaver", 6, 26)
    wounded.health = 1
    put(s, 1, "slag_brute", 30, 30)
    policy = Policy(0, Sightings())
    m = search.choose(s, policy, replace(BUDGETS["normal"], max_seconds=600.0, max_wall_seconds=600.0), Rng(1))
    assert m is not None and m.figure == shooter.id
    attacks = [c for c in search.steps_for(s, policy, m) if isinstance(c, Attack)]
    assert attacks and attacks[0].target == wounded.id


# --- odds, re-rolls and tactics ---------------------------------------------------------------

def test_damage_value_is_exact_binomial_and_a_kill_pays_its_last_share() -> None:
    s = table("cinderhorn", "meridian")
    t = put(s, 1, "longsight", 10, 10)  # 3 health
    whole = odds.worth(s, t)
    # one die of 1/2, 3 damage: a kill half the time, the whole worth then
    assert odds.damage_value(s, t, 1, 0.5, 3) == pytest.approx(0.5 * whole)
    # 1 damage: a third of the health share
    assert odds.damage_value(s, t, 1, 0.5, 1) == pytest.approx(0.5 * whole * (1 - odds.ALIVE_SHARE) / 3)
    assert odds.binomial(3, 0.5) == pytest.approx([0.125, 0.375, 0.375, 0.125])


def _attack_roll(s: SkirmishState, attacker: int, target: int, faces: tuple[int, ...]) -> None:
    s.activation = None
    s.apply(Activate(0, (attacker,), "attack_move"))
    s.apply(Attack(0, attacker, 0, target, len(faces)))
    s.apply(Roll(CHANCE, faces))


def test_a_failed_die_is_re_rolled_when_it_may_kill_and_kept_when_it_cannot_matter() -> None:
    s = table("meridian", "meridian", points=5)
    shooter = put(s, 0, "longsight", 10, 10)  # 1 attack, 5 damage, knack 3
    t = put(s, 1, "lightwright", 10, 20)  # 4 health, defence 0, Energy: 5 damage kills
    _attack_roll(s, shooter.id, t.id, (1,))
    assert s.roll is not None and s.roll.faces == (1,)
    assert tactics.reroll_dice(s, 0) == (0,)
    assert isinstance(Policy(0).step(s), Reroll)
    # the same miss with no point to spare beyond the models still waiting: keep
    s.points[0] = 1
    for f in [put(s, 0, "lightwright", 2 + 2 * k, 2) for k in range(3)]:
        f.activated = False
    assert tactics.point_worth(s, 0) == tactics.POINT_WORTH
    gain = odds.reroll_gain(s, t, 0, 1, hit_chance(3), 5)
    assert (tactics.reroll_dice(s, 0) == (0,)) == (gain > tactics.POINT_WORTH)


def test_reroll_gain_is_the_expected_worth_the_extra_dice_add() -> None:
    s = table("cinderhorn", "meridian")
    t = put(s, 1, "mirror_warden", 10, 10)  # 7 health
    p = 0.5
    gain = odds.reroll_gain(s, t, 1, 2, p, 3)  # 3 landed already, +0, +3 or +6
    expect = (2 * p * (1 - p) * (odds.standing(s, t, 4) - odds.standing(s, t, 1))
              + p * p * (odds.standing(s, t, 4) - 0.0))
    assert gain == pytest.approx(expect)


def test_a_roll_with_nothing_to_re_roll_is_kept() -> None:
    s = table("meridian", "meridian")
    s.roll = PendingRoll("attack", 0, 2, 3, faces=(5, 6), figure=0, weapon=0, target=0)
    assert tactics.reroll_dice(s, 0) == ()


def test_a_tactic_that_adds_attacks_is_chosen_for_a_strong_attack_and_none_for_no_attack() -> None:
    s = table("cinderhorn", "meridian")
    reaver = put(s, 0, "slag_brute", 10, 10)
    t = put(s, 1, "mirror_warden", 10, 11.9)
    policy = Policy(0)
    assert policy.attack_value(s, reaver) > 0
    chosen = tactics.choose_tactic(s, 0, lambda boost: policy.attack_value(s, reaver, boost), moving=False)
    assert chosen in {x.name for x in s.factions[0].tactics}
    t.x, t.y = 30, 30
    nothing = tactics.choose_tactic(s, 0, lambda boost: policy.attack_value(s, reaver, boost), moving=False)
    assert nothing not in ("Blood Up", "Horns Lowered")


def test_a_rotting_enemy_is_worth_less_and_the_blightcaster_rots_rather_than_darts_it() -> None:
    """Rotting's damage to come counts in the evaluator (`odds.lasting_health`), so Rot Hex (2
    damage over two round ends, no roll) beats the Bone dart's one die of 1 damage; without it
    the hex looked worth nothing and the computer never used it."""
    s = table("veilmoth", "cinderhorn")
    caster = put(s, 0, "blightcaster", 10, 10)
    reaver = put(s, 1, "ash_reaver", 10, 18)
    put(s, 1, "hearth_chief", 30, 34)
    healthy = margin(s, 0, Sightings())
    reaver.conditions["rotting"] = 2
    assert odds.lasting_health(s, reaver) == reaver.unit.health - 2
    assert margin(s, 0, Sightings()) > healthy
    s.round = s.mission.rounds  # one round end left: it rots once
    assert odds.lasting_health(s, reaver) == reaver.unit.health - 1
    s.round = 1
    del reaver.conditions["rotting"]
    s.apply(Activate(0, (caster.id,), "attack_move"))
    use = Policy(0, Sightings()).step(s)
    assert isinstance(use, UseAbility)
    assert caster.unit.abilities[use.ability].name == "Rot Hex"


def test_the_search_weighs_a_hex_as_an_activation_when_the_casters_weapon_cannot_reach() -> None:
    """An enemy 13" off: out of the Bone dart's 10", inside Rot Hex's 14". The search offers
    the Blightcaster's hex-then-move activation at the hex's worth (before, with no attack from
    where it stood, it offered none, so a caster with a weak weapon was never chosen for its
    hex)."""
    s = table("veilmoth", "cinderhorn")
    caster = put(s, 0, "blightcaster", 10, 10)
    put(s, 1, "ash_reaver", 10, 23.5)
    put(s, 1, "hearth_chief", 30, 34)
    policy = Policy(0, Sightings())
    assert policy.attack_choices(s, caster) == []
    hex_worth = policy.ability_value(s, caster)
    assert hex_worth > 0
    offered = [m for m in search.macros(s, policy, BUDGETS["greedy"]) if m.figure == caster.id]
    assert any(m.order == "attack_move" for m in offered)


def _sampled_hex_activations(monkeypatch: pytest.MonkeyPatch, level: str) -> tuple[
        list[tuple[search.Macro, SkirmishState]], SkirmishState, int]:
    """`level`'s search on a Blightcaster 13" from an Ash Reaver (out of the Bone dart's 10",
    inside Rot Hex's 14"): the caster's hex-then-move activations it sampled, each with its
    sample's start; the position; the reaver's id."""
    monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    s = table("veilmoth", "cinderhorn")
    caster = put(s, 0, "blightcaster", 10, 10)
    reaver = put(s, 1, "ash_reaver", 10, 23.5)
    put(s, 1, "hearth_chief", 30, 34)
    sampled: list[tuple[search.Macro, SkirmishState]] = []
    real_prefix = search.prefix

    def spy(state: SkirmishState, player: Policy, m: search.Macro) -> SkirmishState:
        start = real_prefix(state, player, m)
        sampled.append((m, start))
        return start

    monkeypatch.setattr(search, "prefix", spy)
    budget = BUDGETS[level]
    search.choose(s, Policy(0, Sightings(), spot_limit=budget.spot_limit, formations=True), budget, Rng(1))
    return [(m, start) for m, start in sampled if m.figure == caster.id and m.order == "attack_move"], s, reaver.id


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_a_sampled_hex_activation_hexes(monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    """Every level's samples once played a caster's hex-then-move activation without the hex (no
    dart reaches 13"), so they judged it a bare move and dropped what the weighing had chosen it
    for. `hard`'s play-outs weigh abilities as play does (`Budget.playout_abilities`); `normal`'s
    weigh none (too dear), but the activation carries the use it was weighed for
    (`Macro.ability`) and its samples make it. Either way the Ash Reaver rots in every sample."""
    hexes, s, reaver = _sampled_hex_activations(monkeypatch, level)
    assert hexes, "the hex activation is among those sampled"
    assert all("rotting" in start.figures[reaver].conditions for _, start in hexes)
    assert BUDGETS[level].playout_abilities == (level == "hard")
    if level == "normal":
        assert all(m.ability is not None for m, _ in hexes)
        plan = search.steps_for(s, Policy(0, Sightings()), hexes[0][0])
        assert any(isinstance(c, UseAbility) for c in plan)  # play hexes too (the policy's own choice)


# --- the agent ----------------------------------------------------------------------------

def test_a_veil_goes_across_the_shooters_line_and_thorns_go_by_the_enemy() -> None:
    """A screening token (a veil) is set down where it hides the side's model from the enemy
    shooter, not beside the nearest enemy (a melee brute off to one side: the old rule put it
    there); a hindering token (thorns) still goes as near the enemy as it may."""
    from game.skirmish.commands import PlaceToken
    from tests.games.skirmish.test_skirmish_rules import rolled, veil_tactic

    s = table(faction_1="veilmoth", faction_2="meridian")
    caster = put(s, 0, "dustcaller", 10, 10)
    shooter = put(s, 1, "lightwright", 10, 24)
    put(s, 1, "mirror_warden", 18, 10)
    s.apply(Activate(0, (caster.id,), "move_attack", veil_tactic(s)))
    rolled(s, 6)
    assert s.placing is not None and s.token_kinds[s.placing.kind].id == "veil"
    before = rules.sight_of(s, shooter, caster).hidden
    pick = Policy(0).place_token(s)
    assert isinstance(pick, PlaceToken)
    s.apply(pick)
    assert rules.sight_of(s, shooter, caster).hidden > before + 0.3, pick.at
    assert abs(pick.at[0] - 10) < 2 and pick.at[1] > 10, pick.at

    from game.skirmish.model import PlacingTokens

    s.placing = PlacingTokens(0, "thorns", 1, caster.at, 0.5, 6, 3, False)
    thorns = Policy(0).place_token(s)
    assert isinstance(thorns, PlaceToken)
    others = [c for c in s.candidates(0) if isinstance(c, PlaceToken)]
    nearest = min(min(math.dist(c.at, e.at) for e in s.alive(1)) for c in others)
    assert min(math.dist(thorns.at, e.at) for e in s.alive(1)) == pytest.approx(nearest)


def _already_late() -> search.Deadline:
    """A decision clock past every share of its limits from its first reading on."""
    ticks = iter(range(10**6))
    return search.Deadline(1.0, math.inf, cpu=lambda: float(next(ticks)))


def test_a_clock_cut_weighs_the_model_nearest_the_enemy_not_the_lowest_id() -> None:
    """Past 60% of the limits no more models are weighed: the one weighed is the model nearest
    the enemy (the old order, by id, kept a model far from the fight and dropped the one in it)."""
    s = table("meridian", "cinderhorn")
    far = put(s, 0, "lightwright", 4, 4)
    near = put(s, 0, "lightwright", 20, 20)
    put(s, 1, "ash_reaver", 20, 26)
    assert far.id < near.id
    policy = Policy(0, Sightings())
    weighed = {m.figure for m in search.macros(s, policy, BUDGETS["normal"], _already_late())}
    assert weighed == {near.id}
    assert {m.figure for m in search.macros(s, policy, BUDGETS["normal"])} == {far.id, near.id}


def test_an_activation_the_clock_left_unsampled_keeps_its_static_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the clock stops the samples, an activation not sampled yet is ranked by its static
    value (the module's promise), not dropped as worth nothing: here the one sample drawn came
    out far below the other activation's static value, so that one is chosen."""
    s = table("meridian", "cinderhorn")
    a = put(s, 0, "lightwright", 10, 10)
    b = put(s, 0, "lightwright", 14, 10)
    put(s, 1, "ash_reaver", 12, 30)
    options = [search.Macro(a.id, "attack_move", None, 10.0), search.Macro(b.id, "attack_move", None, 9.0)]
    monkeypatch.setattr(search, "macros", lambda *_args, **_kw: list(options))
    monkeypatch.setattr(search, "play_out", lambda *_args: 0.0)
    monkeypatch.setattr(search, "_draws_dice", lambda _start: True)

    class OneSample:
        samples = 0

        def past(self, share: float = 1.0) -> bool:
            if share < 1.0:
                return False
            self.samples += 1
            return self.samples > 1

    picked = search.choose(s, Policy(0, Sightings()), BUDGETS["normal"], Rng(1), OneSample())  # type: ignore[arg-type]
    assert picked is not None and picked.figure == b.id


def test_the_agent_answers_an_activation_with_a_legal_plan_and_leaves_the_state_alone() -> None:
    s = deployed(4)
    before = s.notation()
    rng_before = (s.rng.seed, s.rng.counter)
    agent = make_agent("greedy", "skirmish", 7)
    assert isinstance(agent, SkirmishAgent)
    plan = agent.plan(s, s.turn)
    assert s.notation() == before
    assert (s.rng.seed, s.rng.counter) == rng_before
    assert isinstance(plan[0], Activate)
    probe = s.clone()
    for step in plan:
        assert SKIRMISH.check(probe, step) is None, step
        probe.apply(step)


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_a_seeded_agent_replays_the_same_plans(level: str) -> None:
    # budgets are samples; the time cap (a safety net on a crowded machine) is lifted here, so
    # that a busy test machine cannot cut one run short and not the other
    s = deployed(5)
    budget = replace(BUDGETS[level], max_seconds=600.0, max_wall_seconds=600.0)
    a = SkirmishAgent(level, budget, 3).plan(s, s.turn)
    b = SkirmishAgent(level, budget, 3).plan(s, s.turn)
    assert a == b


def test_normal_leaves_the_state_alone_and_answers_a_legal_plan() -> None:
    s = deployed(7, {"mission": "breakthrough"})
    before = s.notation()
    rng_before = (s.rng.seed, s.rng.counter)
    plan = make_agent("normal", "skirmish", 2).plan(s, s.turn)
    assert s.notation() == before
    assert (s.rng.seed, s.rng.counter) == rng_before
    probe = s.clone()
    for step in plan:
        assert SKIRMISH.check(probe, step) is None, step
        probe.apply(step)


def test_every_plan_step_is_accepted_from_deployment_to_the_second_round() -> None:
    match = Match(SKIRMISH, {"mission": "sever_the_voice"}, 8, ["greedy", "random"])
    agents = [make_agent("greedy", "skirmish", 1), make_agent("random", "skirmish", 2)]
    cut = 0
    plans = 0
    while not match.state.is_over() and match.state.round <= 2:
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        plan = agents[actors[0]].plan(match.state, actors[0])
        played, refusal = follow(match, actors[0], plan)
        assert played >= 1, refusal
        cut += played < len(plan) and refusal is not None
        plans += actors[0] == 0
    assert cut == 0
    assert plans > 20 and match.state.round == 3


def test_keep_or_reroll_is_answered_directly() -> None:
    s = table("meridian", "meridian")
    shooter = put(s, 0, "lightwright", 10, 10)
    t = put(s, 1, "mirror_warden", 10, 20)
    _attack_roll(s, shooter.id, t.id, (6, 6))
    assert s.roll is None  # nothing failed: settled at once
    _attack_roll(s, shooter.id, t.id, (2, 6))
    plan = make_agent("normal", "skirmish", 1).plan(s, 0)
    assert isinstance(plan[0], (Reroll, KeepRoll))


def test_the_worker_process_answers_with_the_skirmish_agents_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.worker import AgentWorker

    # both searches keep their CPU caps but no wall-clock limit: on a crowded machine the limit cut
    # the worker's search and not this one's, and the plans differed (the worker inherits the env)
    monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    s = deployed(9)
    expected = make_agent("greedy", "skirmish", 4).plan(s, s.turn)
    with AgentWorker("skirmish") as worker:
        worker.request(s, s.turn, "greedy", 4)
        deadline = time.monotonic() + 600  # a wait, not a timing: at load 22-25 120 s ran out
        plan = None
        while plan is None and time.monotonic() < deadline:
            plan = worker.poll()
            time.sleep(0.05)
        assert worker.in_process  # a real process answered (False: the synchronous fallback)
    assert plan == expected


def test_sight_shares_are_sights_shares_pair_by_pair() -> None:
    s = deployed(2)
    bodies = s.bodies()
    pairs = [(i, j) for i in range(0, len(bodies), 3) for j in range(1, len(bodies), 4) if i != j]
    shares = rules.geo.sight_shares(s.table, bodies, [i for i, _ in pairs], [j for _, j in pairs], rules.sight_rules())
    for (i, j), row in zip(pairs, shares):
        one = rules.geo.sight(s.table, bodies, bodies[i], bodies[j], rules.sight_rules())
        assert tuple(row) == pytest.approx((one.hidden, one.hidden_by_terrain, one.hidden_by_models))


def test_the_no_wall_limit_setting_lifts_the_wall_clock_and_keeps_the_cpu_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    budget = BUDGETS["normal"]
    assert budget.wall_limit < 60
    monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    assert budget.wall_limit == float("inf")
    assert budget.max_seconds == BUDGETS["normal"].max_seconds


def test_normal_counts_the_static_value_as_two_samples_in_the_halving() -> None:
    """`tools/skirmish_search_check.py`: `normal`'s halving already picked its samples' best in
    94% of decisions, and with the static value counted as two samples more (shifted by the mean
    gap between sampled and static values) 98%, the regret left falling from 0.13 to 0.01 worth.
    Two lucky first samples no longer outrank a better static value on their own; an activation
    that rolls no dice keeps its exact value."""
    bold = search.Macro(0, "move_attack", (1.0, 1.0), value=2.0)
    sure = search.Macro(1, "move_attack", (2.0, 2.0), value=6.0)
    totals, counts = [2 * 7.0, 2 * 6.0], [2, 2]  # bold rolled well twice
    assert search.worth(bold.value, totals[0], 2) > search.worth(sure.value, totals[1], 2)  # the mean alone
    shift = (7.0 - 2.0 + 6.0 - 6.0) / 2
    with_prior = [search.worth(m.value, t, c, 2.0, shift) for m, t, c in zip((bold, sure), totals, counts)]
    assert shift == search.static_shift([(bold.value, totals[0], 2, True), (sure.value, totals[1], 2, True)])
    assert with_prior[0] < with_prior[1]
    assert search.worth(bold.value, 7.0, 1, 2.0, shift, dice=False) == 7.0
    assert search.worth(bold.value, 0.0, 0, 2.0, shift) == bold.value  # no sample yet: the static value
    assert BUDGETS["normal"].prior == 2.0 and BUDGETS["greedy"].prior == 0.0


def test_normal_guards_its_own_last_leader_only_where_losing_every_leader_ends_the_game() -> None:
    """Sever the Voice ends the game when a side has lost every leader: `normal` once walked its
    only leader into reach in round 1 and lost 0-5. With `Weights.guard`, the side's margin drops
    by the share of its last leader the nearest danger could take; not for a second leader, an
    enemy out of reach, a lead the ending would keep, the enemy's leader, or another mission."""
    s = table("meridian", "cinderhorn")
    leaders = [f for f in s.figures if f.side == 0 and f.unit.is_leader]
    leader = put(s, 0, leaders[0].unit.id, 10, 10)
    for f in leaders:
        if f.id != leader.id:
            f.fallen = True
    brute = put(s, 1, "ash_reaver", 12, 10)
    s.mission = SKIRMISH.content.missions["sever_the_voice"]
    guarded = Weights(guard=1.0)

    def drop(side: int = 0) -> float:
        return margin(s, side, Sightings()) - margin(s, side, Sightings(), w=guarded)

    assert 0.0 < drop() <= LAST_LEADER_STAKE
    assert drop() == pytest.approx(guard(odds.Stats(s), 0, Sightings()))
    assert drop(side=1) == 0.0  # side 1's own leaders are not on the table; side 0's is no lure
    brute.x, brute.y = 34, 34
    assert drop() == 0.0  # out of its reach
    brute.x, brute.y = 12, 10
    s.score = [9, 0]
    assert drop() == 0.0  # its fall would end the game with side 0 still ahead
    s.score = [0, 0]
    second = put(s, 0, leader.unit.id, 20, 20)
    assert second.id != leader.id and not second.fallen
    assert drop() == 0.0
    second.fallen = True
    s.mission = SKIRMISH.content.missions["hold_the_rift"]
    assert drop() == 0.0
