"""The skirmish AI's formations (`game/skirmish/ai/formations.py`, `search._block_macros`)
and its decision's time limits (`search.Deadline`): blocks it activates are legal, a block that
plainly beats any single model is chosen, deployments join blocks, and the wall-clock limit
cuts a decision short by logic (a driven clock, nothing timed)."""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai.agents import make_agent
from game.core.match import Match
from game.core.plans import follow
from game.core.protocol import by_itself
from game.core.rng import Rng
from game.skirmish import rules
from game.skirmish.ai import formations, search
from game.skirmish.ai.agent import BUDGETS, SkirmishAgent
from game.skirmish.ai.policy import Policy
from game.skirmish.ai.sightings import Sightings
from game.skirmish.commands import Activate, Attack, Deploy, Move
from game.skirmish.game import SKIRMISH
from game.skirmish.state import SkirmishState
from tests.games.skirmish.test_ai_skirmish import deployed
from tests.games.skirmish.test_skirmish_rules import put, table

UNCAPPED = 600.0
"""A time cap no test run reaches: budgets are samples, so runs compare equal."""


def two_shooters() -> SkirmishState:
    """Two Meridian carbines in base contact (one training, `lens`) in a corner, far from the
    Rift, a lone warden of another training far off, and two wounded Cinderhorn models in
    carbine range: a shot each may kill."""
    s = table("meridian", "cinderhorn")
    put(s, 0, "lightwright", 3, 4)
    put(s, 0, "lightwright", 4.0, 4)
    put(s, 0, "mirror_warden", 33, 3)
    put(s, 1, "slag_brute", 3, 20).health = 2
    put(s, 1, "ash_reaver", 9, 22).health = 2
    return s


def test_groups_are_blocks_the_rules_accept_and_need_a_shared_training_or_a_leader() -> None:
    s = table("meridian", "cinderhorn")
    a = put(s, 0, "lightwright", 10, 8)
    b = put(s, 0, "lightwright", 11.0, 8)
    scout = put(s, 0, "flare_runner", 10, 9.0)  # touches a, training "scout": no block with it
    assert formations.groups(s, 0) == [(a.id, b.id)]
    leader = put(s, 0, "surveyor", 20, 20)
    leader.x, leader.y = 10.5, 9.2  # a leader touching all three lets the trainings mix
    found = formations.groups(s, 0)
    assert found and set(found[0]) == {a.id, b.id, scout.id, leader.id}
    assert all(rules.formation_refusal(s, [s.figures[i] for i in g]) is None for g in found)
    a.activated = True
    assert all(a.id not in g for g in formations.groups(s, 0))


def test_every_formation_activation_is_a_plan_the_engine_accepts_step_by_step() -> None:
    s = two_shooters()
    policy = Policy(0, Sightings(), formations=True)
    budget = BUDGETS["normal"]
    pair = {f.id for f in s.figures if f.on_table and f.unit.id == "lightwright"}
    groups = formations.groups(s, policy.side)
    assert groups, "the two carbines make a block"
    found = [m for members in groups for m in search._block_macros(s, policy, budget, members)]
    assert any(m.moves for m in found) and any(not m.moves for m in found)
    assert any(m.order == "double_move" for m in found)
    for m in found:
        assert set(m.models) == pair
        plan = search.steps_for(s, policy, m)
        assert isinstance(plan[0], Activate) and len(plan[0].models) == 2
        moves = [c for c in plan if isinstance(c, Move)]
        assert len(moves) == len(m.moves) == (4 if m.order == "double_move" else 2 if m.moves else 0)
        probe = s.clone()
        for step in plan:
            assert SKIRMISH.check(probe, step) is None, (m, step)
            probe.apply(step)
        if m.moves:  # the block kept its shape: every member moved by the same step
            shifts = {(round(probe.figures[i].x - s.figures[i].x, 3), round(probe.figures[i].y - s.figures[i].y, 3))
                      for i in m.models}
            assert len(shifts) == 1


def test_normal_activates_the_block_when_both_can_shoot_and_greedy_a_single_model() -> None:
    s = two_shooters()
    pair = {f.id for f in s.figures if f.on_table and f.unit.id == "lightwright"}
    before = s.notation()
    budget = replace(BUDGETS["normal"], max_seconds=UNCAPPED, max_wall_seconds=UNCAPPED)
    plan = SkirmishAgent("normal", budget, 4).plan(s, 0)
    assert s.notation() == before
    assert isinstance(plan[0], Activate) and set(plan[0].models) == pair
    assert any(isinstance(c, Attack) for c in plan)
    greedy = make_agent("greedy", "skirmish", 4).plan(s, 0)
    assert isinstance(greedy[0], Activate) and len(greedy[0].models) == 1


def test_a_seeded_normal_replays_the_same_formation_plans() -> None:
    s = two_shooters()
    budget = replace(BUDGETS["normal"], max_seconds=UNCAPPED, max_wall_seconds=UNCAPPED)
    a = SkirmishAgent("normal", budget, 9).plan(s, 0)
    b = SkirmishAgent("normal", budget, 9).plan(s, 0)
    assert a == b and len(a[0].models) == 2  # type: ignore[attr-defined]


def test_join_spots_are_legal_deployments_that_make_a_block() -> None:
    match = Match(SKIRMISH, {"mission": "hold_the_rift", "faction_1": "meridian", "faction_2": "cinderhorn"},
                  3, ["random", "random"])
    agent = make_agent("random", "skirmish", 3)
    while True:
        s = match.state
        assert isinstance(s, SkirmishState)
        if s.phase == "deploy" and sum(1 for f in s.figures if f.side == s.turn and f.deployed) >= 2:
            break
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
        else:
            follow(match, actors[0], agent.plan(s, actors[0]))
    side = s.turn
    f = next(g for g in s.figures if g.side == side and not g.deployed)
    found = formations.join_spots(s, f)
    legal = [p for p in found if rules.why_illegal(s, Deploy(side, f.id, p)) is None]
    assert legal
    for p in legal:
        probe = s.clone()
        probe.apply(Deploy(side, f.id, p))
        assert any(f.id in g for g in formations.groups(probe, side))


def test_normal_deploys_in_blocks_and_greedy_does_not_need_to() -> None:
    s = deployed(11, {"mission": "hold_the_rift", "faction_1": "tessellate", "faction_2": "meridian"})
    plain = len(formations.groups(s, 0)) + len(formations.groups(s, 1))
    match = Match(SKIRMISH, {"mission": "hold_the_rift", "faction_1": "tessellate", "faction_2": "meridian"},
                  11, ["normal", "normal"])
    agents = [make_agent("normal", "skirmish", 1), make_agent("normal", "skirmish", 2)]
    while match.state.phase != "activations" or match.state.round < 1:
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
        else:
            follow(match, actors[0], agents[actors[0]].plan(match.state, actors[0]))
    state = match.state
    assert isinstance(state, SkirmishState)
    blocks = [g for side in (0, 1) for g in formations.groups(state, side)]
    assert len(blocks) >= 4 and len(blocks) > plain


class Ticking:
    """A clock that moves on by `step` every time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def test_the_wall_limit_cuts_a_decision_short_though_no_cpu_time_passes() -> None:
    s = deployed(5)
    side = s.turn
    budget = BUDGETS["normal"]
    assert budget.wall_limit <= 5.0  # the "at most 5 s" for normal, with room to finish
    full = Policy(side, Sightings(), spot_limit=budget.spot_limit, formations=True)
    assert search.choose(s, full, budget, Rng(1), search.Deadline(UNCAPPED, UNCAPPED)) is not None
    wall = Ticking(1.0)  # each reading of the wall clock a second later; the CPU clock stands still
    cut = Policy(side, Sightings(), spot_limit=budget.spot_limit, formations=True)
    deadline = search.Deadline(budget.max_seconds, budget.wall_limit, cpu=lambda: 0.0, wall=wall)
    m = search.choose(s, cut, budget, Rng(1), deadline)
    assert m is not None and m.figure in {f.id for f in s.alive(side)}
    assert cut.evaluations < full.evaluations / 3
    plan = search.steps_for(s, cut, m)
    probe = s.clone()
    for step in plan:
        assert SKIRMISH.check(probe, step) is None, step
        probe.apply(step)


def test_the_cpu_limit_still_counts_when_the_wall_clock_stands_still() -> None:
    cpu = Ticking(1.0)
    deadline = search.Deadline(3.0, 6.0, cpu=cpu, wall=lambda: 0.0)
    assert not deadline.past(0.6)  # 1 s of 1.8
    assert deadline.past(0.6)  # 2 s of 1.8
    wall = Ticking(1.0)
    by_wall = search.Deadline(3.0, 6.0, cpu=lambda: 0.0, wall=wall)
    assert [by_wall.past(1.0) for _ in range(8)] == [False] * 6 + [True] * 2  # 1 s, 2 s, ... of 6


def test_the_weighing_order_puts_models_and_blocks_nearest_an_enemy_first() -> None:
    """`search._weighing_order` (each ready model's nearness now worked out once, before the
    sort): every ready model alone and every block, by its nearest member's distance to its
    nearest enemy, then the smaller job, then the ids, as a plain recount gives it."""
    s = two_shooters()
    side = 0
    enemies = [e.at for e in s.alive(1) if e.on_table]

    def near(i: int) -> float:
        return min(math.dist(s.figures[i].at, e) for e in enemies)

    ready = [(f.id,) for f in s.alive(side) if f.on_table and not f.activated]
    blocks = formations.groups(s, side)
    expected = sorted(ready + blocks, key=lambda job: (min(near(i) for i in job), len(job), job))
    assert search._weighing_order(s, side, True) == expected and len(blocks) == 1
    assert search._weighing_order(s, side, False) == [j for j in expected if len(j) == 1]
    assert expected[0] != blocks[0] and expected.index(blocks[0]) < expected.index(ready[-1])
