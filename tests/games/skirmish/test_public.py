"""`game.skirmish.public`: the screen's answers, rebuilt from a seat's view, equal the engine's
on the real state, on positions from seeded random play-outs."""

from __future__ import annotations

import math
import random

import pytest

from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.attacks import clamp_knack, damage_per_hit, hit_chance
from game.skirmish.commands import Attack, Move
from game.skirmish.game import SKIRMISH
from game.skirmish.public import PublicTable, models_at, rebuild, unit_sheet
from game.skirmish.state import SkirmishState


def play_out(seed: int, steps: int) -> SkirmishState:
    """A seeded random game, `steps` commands in (or to its end)."""
    state = SKIRMISH.new({"terrain": "random"} if seed % 2 else {}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(state.sample_chance(rng) if seat == CHANCE else rng.choice(state.candidates(seat)))
    return state


POSITIONS = [(seed, steps) for seed in (1, 2, 3, 4) for steps in (45, 90, 160)]


@pytest.mark.parametrize(("seed", "steps"), POSITIONS)
def test_rebuilt_state_is_the_same_position(seed: int, steps: int) -> None:
    state = play_out(seed, steps)
    again = rebuild(state.view(0))
    assert again.notation() == state.notation()
    assert again.view(1) == state.view(1)
    assert sorted(map(repr, again.candidates(again.to_act()[0]))) == sorted(map(repr, state.candidates(state.to_act()[0]))) \
        if again.to_act() and again.to_act()[0] != CHANCE else True


@pytest.mark.parametrize(("seed", "steps"), POSITIONS)
def test_moves_costs_and_reach_equal_the_engines(seed: int, steps: int) -> None:
    state = play_out(seed, steps)
    public = PublicTable(state.view(0))
    rng = random.Random(seed * 7)
    for f in [f for f in state.figures if f.on_table][:6]:
        budget = public.budget(f.id)
        assert budget == rules.stat(state, f, "move") or state.activation is not None
        for _ in range(4):
            drop = (f.x + rng.uniform(-8, 8), f.y + rng.uniform(-8, 8))
            route = public.route(f.id, drop)
            at = rules.landing(state, f.id, drop)  # the drop, or against a base it falls on
            assert route.refusal == rules.why_illegal(state, Move(f.side, f.id, at))
            path = geo.path(state.table, state.bodies(), state.body(f), at)
            assert (path is None and math.isinf(route.cost)) or (path is not None and route.cost == path.cost)
            assert public.cost_to(f.id, at) == geo.costs(state.table, state.bodies(), state.body(f), [at], budget)[0]
        area = public.reach(f.id)
        assert area.equals(geo.reach(state.table, state.bodies(), state.body(f), budget))


@pytest.mark.parametrize(("seed", "steps"), POSITIONS)
def test_attack_previews_equal_the_engines(seed: int, steps: int) -> None:
    state = play_out(seed, steps)
    public = PublicTable(state.view(0))
    on = [f for f in state.figures if f.on_table]
    for f in on[:5]:
        for t in [t for t in on if t.side != f.side][:5]:
            for w, weapon in enumerate(f.unit.weapons):
                p = public.attack(f.id, w, t.id)
                dice = max(1, p.dice)
                assert p.refusal == rules.why_illegal(state, Attack(f.side, f.id, w, t.id, dice))
                if not weapon.melee:
                    sight = rules.sight_of(state, f, t)
                    assert (p.verdict, p.hidden) == (sight.verdict, sight.hidden)
                    assert len(p.lines) == len(sight.lines)
                knack = clamp_knack(int(rules.stat(state, f, "knack", weapon.knack)))
                forced = not weapon.melee and all(not x.melee for x in f.unit.weapons) and rules.engaged(state, f)
                assert p.chance == hit_chance(knack, forced)
                assert p.per_hit == damage_per_hit(int(rules.stat(state, f, "damage", weapon.damage)), weapon.effective,
                                                   int(rules.stat(state, t, "defence")), t.unit.defence_types,
                                                   p.verdict == "cover")
                assert p.expected == pytest.approx(p.dice * p.chance * p.per_hit)


@pytest.mark.parametrize(("seed", "steps"), POSITIONS[:6])
def test_measures_and_watchers_equal_the_engines(seed: int, steps: int) -> None:
    state = play_out(seed, steps)
    public = PublicTable(state.view(1))
    on = [f for f in state.figures if f.on_table]
    rng = random.Random(seed)
    for a in on[:4]:
        for b in on[-4:]:
            assert public.edge_gap(a.id, b.id) == geo.edge_gap(state.body(a), state.body(b))
    for _ in range(3):
        at = (rng.uniform(0, state.table.width), rng.uniform(0, state.table.depth))
        expected = [f.id for f in on if rules.point_in_sight(state, f, at)]
        assert public.watchers(at) == expected
        for f in on[:3]:
            assert public.sees_point(f.id, at) == rules.point_in_sight(state, f, at)


def test_models_at_and_sheet() -> None:
    state = play_out(3, 60)
    view = state.view(0)
    f = next(f for f in state.figures if f.on_table)
    assert f.id in models_at(view, (f.x, f.y))
    assert models_at(view, (-5.0, -5.0)) == []
    sheet = unit_sheet(view, f.id)
    assert sheet[0].startswith(f.unit.name)
    assert any(w.name in line for w in f.unit.weapons for line in sheet)


def test_the_card_says_whether_the_model_has_activated_this_round() -> None:
    """Play-test: the stat card did not say whether the model had had its activation this round."""
    from game.skirmish.commands import Activate, EndActivation
    from tests.games.skirmish.test_skirmish_rules import put, table

    s = table()
    a = put(s, 0, "longsight", 10, 10)
    b = put(s, 0, "surveyor", 20, 10)
    put(s, 1, "ash_reaver", 30, 30)
    assert unit_sheet(s.view(0), a.id)[1] == "Not activated yet this round"
    s.apply(Activate(0, (a.id,), "move_attack"))
    assert unit_sheet(s.view(0), a.id)[1] == "Activating now"
    assert unit_sheet(s.view(0), b.id)[1] == "Not activated yet this round"
    s.apply(EndActivation(0))
    assert a.activated
    assert unit_sheet(s.view(0), a.id)[1] == "Activated this round"
    s.phase = "deploy"  # no activations yet: the card does not say
    assert not any("activated" in line.lower() for line in unit_sheet(s.view(0), b.id))


def test_a_changed_stat_reads_as_now_then_the_sheets(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play_out(3, 60)
    f = next(f for f in state.figures if f.on_table and any(not w.melee for w in f.unit.weapons))
    real = rules.stat
    knack = real(state, f, "knack") + 1

    def changed(s: object, g: object, name: str, base: float | None = None) -> float:
        if name == "knack":
            return knack
        if name == "range":
            return (base or 0.0) + 6  # a tactic's longer reach (play-test: Long Light's 30" did not show)
        return base if base is not None else f.unit.move

    monkeypatch.setattr(rules, "stat", changed)
    sheet = unit_sheet(state.view(0), f.id, PublicTable(state.view(0)))
    line = next(x for x in sheet if "Knack" in x)
    assert f"Knack {knack:g}+ (sheet {f.unit.knack}+)" in line
    assert f"Move {f.unit.move:g}\"  " in line  # unchanged: no brackets
    for w in f.unit.weapons:
        shown = next(x for x in sheet if x.startswith(w.name + ":"))
        assert f"{w.attacks} x {w.damage} dmg" in shown  # unchanged
        if not w.melee:
            assert f"range {w.range + 6:g}\" (sheet {w.range:g}\")" in shown


def test_a_condition_on_the_card_says_what_it_does() -> None:
    """Play-test: the card said "Conditions: dazzled", the id, and not what it does."""
    state = play_out(3, 60)
    f = next(f for f in state.figures if f.on_table)
    f.conditions["dazzled"] = 1
    sheet = unit_sheet(state.view(0), f.id, PublicTable(state.view(0)))
    dazzled = state.conditions["dazzled"]
    assert f"{dazzled.name}: {dazzled.text}" in sheet
    assert not any(line.startswith("Conditions:") for line in sheet)


@pytest.mark.parametrize(("seed", "steps"), POSITIONS[:6])
def test_objective_holders_and_token_words_are_the_engines(seed: int, steps: int) -> None:
    state = play_out(seed, steps)
    public = PublicTable(state.view(0))
    assert public.holders() == [rules.controller(state, o.at, o.radius) for o in state.mission.objectives]
    for i, t in enumerate(state.tokens):
        assert public.token_words(i).startswith(state.token_kinds[t.kind].name + ":")


@pytest.mark.parametrize(("seed", "steps"), POSITIONS[::2])
def test_a_hidden_targets_preview_names_what_it_is_behind(seed: int, steps: int) -> None:
    """'In cover' said nothing of why; the preview now names the terrain (or smoke, or models)
    the blocked lines pass behind - and names terrain only when terrain blocks some line."""
    state = play_out(seed, steps)
    public = PublicTable(state.view(0))
    terrain = {p.name for p in state.terrain}
    on = [f for f in state.figures if f.on_table]
    seen_some = False
    for f in on:
        for t in [t for t in on if t.side != f.side]:
            w = next((i for i, x in enumerate(f.unit.weapons) if not x.melee), None)
            if w is None:
                continue
            p = public.attack(f.id, w, t.id)
            sight = rules.sight_of(state, f, t)
            named = [b for b in p.blockers if b in terrain]
            assert bool(named) == (sight.hidden_by_terrain > 0), (p.blockers, sight.hidden_by_terrain)
            assert (len(p.blockers) > len(named)) == (sight.hidden_by_models > 0), (p.blockers, sight)
            seen_some |= bool(p.blockers)
    assert seen_some or len(on) < 4


def test_the_view_numbers_each_model_as_the_log_does() -> None:
    """Play-test (ninth session): the odds note and the stat card said "Ash Reaver" where the log
    said "Ash Reaver 3" (four of them on the table). A model's number is given as it deploys, by
    the log's own rule, and the view and the sheet carry it."""
    from game.core.match import Match
    from game.core.protocol import by_itself
    from game.skirmish.commands import Deployed
    from game.skirmish.game import SKIRMISH
    from game.skirmish.words import describe_log

    match = Match(SKIRMISH, {"faction_1": "cinderhorn"}, 4, ["random", "random"])
    rng = random.Random(4)
    while match.state.phase == "deploy" or by_itself(match.to_act()):
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
        else:
            assert match.submit(rng.choice(match.state.candidates(actors[0]))).ok
    view = match.state.view(0)
    deploys = [e for e in match.log if isinstance(e.event, Deployed)]
    lines = [line.text for line in describe_log(deploys, ["A", "B"], 0)]
    for entry, line in zip(deploys, lines):
        fig = view["figures"][entry.event.model]
        assert fig["number"] >= 1 and line.endswith(f"{fig['name']} {fig['number']}"), line
        assert unit_sheet(view, fig["id"])[0].startswith(f"{fig['name']} {fig['number']}")
    assert any(f["number"] >= 2 for f in view["figures"]), "a unit fielded more than once is numbered apart"
