"""The Rally AI (game/rally/ai.py, agent.py, planner.py, evaluate.py): legal
decisions at every level, blind to every hidden fact, and a planner that finds
the obviously good program in a constructed position."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from game.ai.agents import Agent, make_agent
from game.ai.knowledge import get_knowledge
from game.core.hexgrid import Hex
from game.core.plans import Plan
from game.core.protocol import by_itself
from game.core.rng import Rng
from game.rally import agent as agent_module
from game.rally import ambush, evaluate, mapshape, planner, routes
from game.rally.agent import SETTINGS, RallyAgent, simulate
from game.rally.ai import RallyKnowledge, policy_command
from game.rally.cards import CARD_KIND, KIND_BY_NAME, TILE_TYPES
from game.rally.commands import DrawTile, FinishPlanning, ProgramCard, SetProgram, UnprogramCard
from game.rally.game import RALLY
from game.rally.model import Tile
from game.rally.state import RallyState
from tests.games.rally.rally_helpers import (
    P_HIGH,
    make,
    portal,
    ship,
    take_cards,
    tile_type,
)


def _play_to(seed: int, players: int, plies: int) -> RallyState:
    """A position after `plies` commands of the cheap policy (chance by the state's RNG)."""
    s = RALLY.new({}, seed, players)
    rng = Rng(seed + 1)
    for _ in range(plies):
        actors = s.to_act()
        if not actors:
            break
        if by_itself(actors):
            s.apply(s.sample_chance())
        else:
            s.apply(policy_command(s, actors[0], rng))
    while by_itself(s.to_act()):
        s.apply(s.sample_chance())
    return s


def _positions(kinds: tuple[str, ...], count: int) -> list[tuple[RallyState, int]]:
    """Decision positions in the given phases, 2-4 players."""
    out: list[tuple[RallyState, int]] = []
    for seed in range(200):
        s = _play_to(seed, 2 + seed % 3, 3 + (seed * 37) % 220)
        if s.is_over() or s.phase not in kinds:
            continue
        out.append((s, s.to_act()[-1]))
        if len(out) >= count:
            break
    return out


def scramble_hidden(s: RallyState, seat: int, r: random.Random) -> RallyState:
    """Change every fact `seat` cannot see: other hands, other programs, others'
    face-down discards, the deck and the RNG (counts stay, so the view does too)."""
    t = s.clone()
    pool = list(t.deck) + [c for p in range(t.n) if p != seat for c in t.hands[p]]
    pool += [c for sh in t.ships.values() if sh.owner != seat for c in sh.program]
    pool += [c for c, o in t.buried if o != seat]
    r.shuffle(pool)
    it = iter(pool)
    for p in range(t.n):
        if p != seat:
            t.hands[p] = [next(it) for _ in t.hands[p]]
    for sh in t.ships.values():
        if sh.owner != seat:
            sh.program = [next(it) for _ in sh.program]
    t.buried = [(next(it), o) if o != seat else (c, o) for c, o in t.buried]
    t.deck = list(it)
    r.shuffle(t.deck)
    t.rng = Rng(r.randrange(1 << 60))
    return t


def play_plan(s: RallyState, agent: Agent, seat: int) -> Plan:
    """Ask `agent` for its plan and play it on `s` step by step, each step checked first."""
    plan = agent.plan(s, seat)
    assert plan
    for cmd in plan:
        assert RALLY.check(s, cmd) is None, (s.phase, cmd)
        s.apply(cmd)
    return plan


def planned_programs(s: RallyState, seat: int, plan: Plan) -> dict[int, tuple[int, ...]]:
    """The programs `plan` leaves on `seat`'s ships, played on a copy of `s`: every step must be
    an ordinary planning command a person could play, pass `check` where it is played, and
    the last one finish planning."""
    t = s.clone()
    for cmd in plan:
        assert isinstance(cmd, (ProgramCard, UnprogramCard, FinishPlanning)), cmd
        assert RALLY.check(t, cmd) is None, cmd
        t.apply(cmd)
    assert isinstance(plan[-1], FinishPlanning) and t.done[seat]
    return {sh.id: tuple(sh.program) for sh in t.ships_of(seat)}


# --- registration ------------------------------------------------------------------------

def test_rally_registers_its_knowledge_and_agents_while_other_games_keep_theirs() -> None:
    assert isinstance(get_knowledge("rally"), RallyKnowledge)
    for level in ("greedy", "easy", "normal", "hard"):
        agent = make_agent(level, "rally", 1)
        assert isinstance(agent, RallyAgent) and agent.level == level
    assert not isinstance(make_agent("normal", "worlds-collide", 1), RallyAgent)
    assert not isinstance(make_agent("normal", "order-chaos", 1), RallyAgent)
    with pytest.raises(ValueError):
        make_agent("genius", "rally", 1)


# --- legal decisions ---------------------------------------------------------------------

@pytest.mark.parametrize("level", ["greedy", "easy"])
def test_every_decision_is_accepted_by_the_referee(level: str) -> None:
    phases = ("setup_tiles", "setup_ships", "distribute", "planning", "chaos", "expansion")
    positions = _positions(phases, 30)
    seen = {s.phase for s, _ in positions}
    assert {"setup_tiles", "planning", "expansion"} <= seen
    for s, seat in positions:
        before = s.notation()
        cmd = make_agent(level, "rally", 3).choose(s, seat)
        assert RALLY.check(s, cmd) is None, (s.phase, cmd)
        assert s.notation() == before  # the agent never changes the state it is handed


def test_a_whole_game_between_levels_ends_with_only_legal_commands() -> None:
    s = RALLY.new({}, 11, 2)
    agents = [make_agent("easy", "rally", 5), make_agent("greedy", "rally", 6)]
    while not s.is_over():
        actors = s.to_act()
        if by_itself(actors):
            s.apply(s.sample_chance())
            continue
        play_plan(s, agents[actors[0]], actors[0])
    assert s.era >= 2


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_a_planning_plan_is_the_steps_a_person_plays_each_legal_in_turn(level: str) -> None:
    """In planning the agent answers the very commands of the table's planning gestures (no
    `SetProgram`), each legal where the one before leaves the position; outside planning, one
    command. `choose` is the plan's first step."""
    settings = dataclasses.replace(SETTINGS[level], max_seconds=None, samples=2)
    positions = _positions(("planning",), 4)
    assert positions
    for s, seat in positions:
        before = s.notation()
        plan = RallyAgent(level, settings, 5).plan(s, seat)
        assert not any(isinstance(c, SetProgram) for c in plan)
        programs = planned_programs(s, seat, plan)
        assert sum(len(p) for p in programs.values()) == sum(isinstance(c, ProgramCard) for c in plan)
        assert s.notation() == before  # the agent never changes the state it is handed
        assert RallyAgent(level, settings, 5).choose(s, seat) == plan[0]
    for s, seat in _positions(("distribute", "expansion"), 3):
        assert len(make_agent(level, "rally", 5).plan(s, seat)) == 1


def test_the_steps_turn_a_draft_into_the_program_and_leave_the_hand_as_set_program_does() -> None:
    """`program_steps` from a draft: drafted cards past the kept start are taken back (one may
    change ships), the rest appended; from an empty draft the buried hand comes out as
    `SetProgram` leaves it (so an arena game plays on exactly as it did with `SetProgram`)."""
    s = make(2, line=6, tiles={(0, 2): ("space", 0)})
    ship(s, 0, 0, 0, 0, energy=40)
    ship(s, 0, 0, 2, 0, energy=40)
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move1", "move2", "laser", "left60", "wave")
    a, b = sorted(sh.id for sh in s.ships_of(0))
    c = s.hands[0]
    joint = ((a, (c[1], c[0])), (b, (c[2],)))
    fresh = s.clone()
    steps = agent_module.program_steps(fresh, 0, joint)
    assert [type(x) for x in steps] == [ProgramCard, ProgramCard, ProgramCard, FinishPlanning]
    whole = s.clone()
    whole.apply(SetProgram(0, joint))
    assert planned_programs(fresh, 0, steps) == {a: (c[1], c[0]), b: (c[2],)}
    for cmd in steps:
        fresh.apply(cmd)
    assert fresh.buried == whole.buried and fresh.hands == whole.hands
    draft = s.clone()
    for cmd in (ProgramCard(0, a, c[1], 0), ProgramCard(0, a, c[2], 1), ProgramCard(0, b, c[3], 0)):
        draft.apply(cmd)
    steps = agent_module.program_steps(draft, 0, joint)
    assert steps[:2] == (UnprogramCard(0, a, 1), UnprogramCard(0, b, 0))  # c[1] stays first on a
    assert planned_programs(draft, 0, steps) == {a: (c[1], c[0]), b: (c[2],)}


def test_policy_plans_are_legal_programs() -> None:
    """The cheap play-out policy of a search inside the AI still sets whole programs at once."""
    for s, seat in _positions(("planning",), 10):
        cmd = policy_command(s, seat, Rng(1))
        assert isinstance(cmd, SetProgram) and RALLY.check(s, cmd) is None


# --- never reads hidden facts --------------------------------------------------------------

def test_normal_decision_unchanged_when_every_hidden_fact_changes() -> None:
    """The issue's test: with the same seed, `normal` (without its time cap, so the
    budget is exact) decides the same when every fact the seat cannot see is changed."""
    settings = dataclasses.replace(SETTINGS["normal"], max_seconds=None, samples=2)
    r = random.Random(4)
    checked = 0
    positions = _positions(("planning",), 6) + _positions(("distribute", "expansion", "chaos"), 6)
    for s, seat in positions:
        other = scramble_hidden(s, seat, r)
        assert other.view(seat) == s.view(seat)
        assert other.notation() != s.notation() or not any(s.hands[p] for p in range(s.n) if p != seat)
        a = RallyAgent("normal", settings, 99).plan(s, seat)
        b = RallyAgent("normal", settings, 99).plan(other, seat)
        assert a == b, (s.phase, a, b)
        checked += 1
    assert checked >= 8


def test_an_opponents_finished_program_does_not_change_the_plan() -> None:
    s = make(2, line=6, tiles={(3, 0): ("titanium", 3)})
    ship(s, 0, 0, 0, 0, energy=40)
    ship(s, 1, 5, 0, 3, energy=40, program=("move1", "laser"))
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move3", "titanium_portal", "move1", "left60", "laser")
    settings = dataclasses.replace(SETTINGS["normal"], max_seconds=None)
    first = RallyAgent("normal", settings, 7).plan(s, 0)
    t = s.clone()
    t.deck.extend(t.ships[2].program)  # the same cards stay unseen: only their places change
    t.ships[2].program = take_cards(t, "move2", "wave")
    assert t.view(0) == s.view(0)
    assert RallyAgent("normal", settings, 7).plan(t, 0) == first


# --- the planner ----------------------------------------------------------------------------

def _titanium_position() -> RallyState:
    """Ship 1 at 0,0 facing east on a row of six tiles; 3 titanium two tiles ahead."""
    s = make(2, line=6, tiles={(2, 0): ("titanium", 3), (0, 3): ("space", 0)})
    ship(s, 0, 0, 0, 0, energy=40)
    ship(s, 1, 0, 3, 0, energy=40)
    s.hands[0] = take_cards(s, "move2", "titanium_portal", "turn180", "move3", "left60")
    s.hands[1] = take_cards(s, "move1")
    return s


def test_planner_reaches_the_titanium_and_banks_it() -> None:
    s = _titanium_position()
    joints = planner.joint_programs(s, 0, sorted(s.hands[0]), 8, 8)
    best = dict(joints[0][1])[1]
    kinds = [CARD_KIND[c] for c in best]
    assert kinds[:2] == ["move2", "titanium_portal"], kinds


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_agent_prefers_collect_and_bank_over_a_bad_program(level: str) -> None:
    s = _titanium_position()
    programs = planned_programs(s, 0, make_agent(level, "rally", 2).plan(s, 0))
    kinds = [CARD_KIND[c] for c in programs[1]]
    assert kinds[:2] == ["move2", "titanium_portal"]
    good = programs[1]
    world = s.determinize(0, Rng(1))
    hand = sorted(s.hands[0])
    bad = tuple(c for c in hand if CARD_KIND[c] in ("turn180", "move3"))
    assert simulate(world, 0, ((1, good),)) > simulate(world, 0, ((1, bad),)) + 2.0


def test_evaluator_values_banked_over_carried_over_lost() -> None:
    s = _titanium_position()
    carried, banked = s.clone(), s.clone()
    carried.ships[1].titanium = 3
    banked.points[0] = 3
    lost = s.clone()
    del lost.ships[1]
    lost.alive[0] = False
    v = [evaluate.margins(x)[0] for x in (lost, s, carried, banked)]
    assert v == sorted(v) and len(set(v)) == 4


def test_normal_plans_an_era_in_time() -> None:
    """Measured, not asserted (the machine is shared): one era of `normal` decisions."""
    s = _positions(("distribute", "planning"), 1)[0][0]
    agent = make_agent("normal", "rally", 1)
    t0 = time.perf_counter()
    while s.phase in ("distribute", "planning") and not by_itself(s.to_act()):
        play_plan(s, agent, s.to_act()[0])
    print(f"normal: one era's distribution and planning took {time.perf_counter() - t0:.2f} s")


# --- defending its ships (careful levels) ---------------------------------------------------

def _careful_plan(s: RallyState, seat: int = 0) -> list[str]:
    """`normal`'s program (card kinds) for its only ship, with an exact budget."""
    settings = dataclasses.replace(SETTINGS["normal"], max_seconds=None)
    programs = planned_programs(s, seat, RallyAgent("normal", settings, 3).plan(s, seat))
    ((_, program),) = programs.items()
    return [CARD_KIND[c] for c in program]


def _fork() -> RallyState:
    """A row of tiles (0..4, 0) with a branch going south-east from (4, 0) to (4, 3)."""
    s = make(2, line=5)
    for r in (1, 2, 3):
        s.tiles[Hex(4, r)] = Tile(tile_type("space"), 0)
    return s


def test_careful_evaluation_sees_a_ship_in_reach_of_a_stronger_enemy() -> None:
    s = _fork()
    mine = ship(s, 0, 3, 0, 0, energy=20)
    ship(s, 1, 0, 0, 0, energy=150)
    s.phase = "expansion"
    exposed = evaluate.margins(s, careful=True)[0]
    assert evaluate.threat(s, 0, evaluate.eras_left(s)) > evaluate.WIN / 3  # one Move 3 away, last ship
    mine.hex = Hex(4, 2)  # no straight line or single turn from the enemy leads there
    assert evaluate.threat(s, 0, evaluate.eras_left(s)) == 0.0
    assert evaluate.margins(s, careful=True)[0] > exposed + 5.0
    assert evaluate.margins(s)[0] == pytest.approx(evaluate.margins(s, careful=True)[0])


def test_a_ship_at_the_edge_in_line_of_an_enemy_wave_is_at_risk() -> None:
    s = make(2, line=6)
    mine = ship(s, 0, 5, 0, 0, energy=100)  # the last tile of the row: a wave from the west pushes it off
    foe = ship(s, 1, 1, 0, 0, energy=10)
    s.phase = "expansion"
    assert evaluate.wave_cards(s, foe, mine) == 1
    assert evaluate.threat(s, 0, evaluate.eras_left(s)) > 0.0  # not by battle: it has more energy
    foe.direction = 3
    assert evaluate.wave_cards(s, foe, mine) == 2  # a turn first
    mine.hex = Hex(4, 0)
    assert evaluate.wave_cards(s, foe, mine) is None
    assert evaluate.threat(s, 0, evaluate.eras_left(s)) == 0.0


def test_normal_takes_its_last_ship_out_of_reach_of_a_stronger_enemy() -> None:
    """The enemy (150 energy, already planned nothing this era) can land on our ship
    with one Move 3 next era; the only way out is down the branch. The plain
    evaluation kept the energy and stayed (no titanium anywhere to go for)."""
    s = _fork()
    ship(s, 0, 3, 0, 0, energy=20)
    ship(s, 1, 0, 0, 0, energy=150)
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move1", "right60", "move2", "laser", "tidy_up")
    kinds = _careful_plan(s)
    assert kinds[:3] == ["move1", "right60", "move2"], kinds


def _survives(s: RallyState, seat: int, kinds: list[str]) -> bool:
    """Whether `seat` still has a ship after playing `kinds` (nobody else has cards)."""
    t = s.clone()
    ((sid, _),) = [(sh.id, 0) for sh in t.ships_of(seat)]
    t.hands[seat] = t.hands[seat] + take_cards(t, *kinds)
    program = tuple(next(c for c in t.hands[seat] if CARD_KIND[c] == k) for k in kinds)
    t.done = [p != seat for p in range(t.n)]
    t.apply(SetProgram(seat, ((sid, program),)))
    while t.phase == "chaos" and by_itself(t.to_act()):
        t.apply(t.sample_chance())
    return bool(t.ships_of(seat))


def test_normal_does_not_fly_its_last_ship_off_the_map_when_behind() -> None:
    """Trailing 0-3 against a rich enemy far away, facing the edge: losing the last
    ship would end the race at once at -3, which the plain margins rated above
    playing on (they counted a lost race as its point margin)."""
    s = make(2, line=12)
    portal(s, 11, 0, P_HIGH, 70, owner=1)
    ship(s, 0, 0, 0, 3, energy=30)
    ship(s, 1, 11, 0, 0, energy=400)
    s.points = [0, 3]
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move1", "tidy_up", "laser", "right60", "titanium_portal")
    kinds = _careful_plan(s)
    assert _survives(s, 0, kinds), kinds
    world = s.determinize(0, Rng(1))
    off = ((1, (next(c for c in s.hands[0] if CARD_KIND[c] == "move1"),)),)
    assert simulate(world, 0, off, careful=True) < simulate(world, 0, off) - evaluate.WIN / 2


def test_normal_does_not_ram_when_winning_the_battle_leaves_it_in_reach_of_a_stronger_ship() -> None:
    """A weak enemy ship with 3 titanium sits two hexes ahead, a strong one (300
    energy) right behind it, facing it: a Move 2 wins that battle, but our only
    ship would end next to the strong one (one Move 1 away next era). Both enemy
    ships have already planned no cards (a tile behind ours: no wave can push it off)."""
    s = make(2, line=8, tiles={(-1, 0): ("space", 0)})
    ship(s, 0, 0, 0, 0, energy=60)
    ship(s, 1, 2, 0, 0, energy=20, titanium=3)
    ship(s, 1, 4, 0, 3, energy=300)
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move2", "tidy_up", "laser", "left60", "titanium_portal")
    kinds = _careful_plan(s)
    assert "move2" not in kinds, kinds
def test_normal_rams_when_the_battle_is_safely_won() -> None:
    """Ahead 2-0, the enemy's last ship (5 energy, already planned no cards) sits two
    hexes ahead: a Move 2 wins the battle whatever it does, and the race with it."""
    s = make(2, line=8)
    ship(s, 0, 0, 0, 0, energy=60)
    ship(s, 1, 2, 0, 3, energy=5, titanium=1)
    s.points = [2, 0]
    s.done = [False, True]
    s.hands[0] = take_cards(s, "move2", "move1", "tidy_up", "laser", "left60")
    kinds = _careful_plan(s)
    assert "move2" in kinds, kinds


# --- map shape ----------------------------------------------------------------------------

def test_compact_key_prefers_a_hex_that_keeps_the_map_round() -> None:
    row = [Hex(q, 0) for q in range(4)]
    end_of_row, beside = Hex(4, 0), Hex(1, 1)  # the strip's next hex / touching two tiles
    assert mapshape.extents(row + [end_of_row]) == (5, 1, 5)
    assert mapshape.compact_key(row, beside) < mapshape.compact_key(row, end_of_row)


def test_ai_tiles_among_equal_hexes_grow_a_blob_not_a_strip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Set-up with plain tiles only: every hex rates the same, so the shape decides."""
    monkeypatch.setattr(agent_module, "COMPACT_TIES", True)
    s = RALLY.new({}, 5, 2)
    agents = [make_agent("greedy", "rally", 1), make_agent("normal", "rally", 2)]
    while s.phase in ("start", "setup_tiles"):
        actors = s.to_act()
        if by_itself(actors):
            spaces = [c for c, _ in s.chance_outcomes() if isinstance(c, DrawTile) and c.tile == tile_type("space")]
            s.apply(spaces[0] if spaces else s.sample_chance())
            continue
        s.apply(agents[actors[0]].choose(s, actors[0]))
    e = mapshape.extents(list(s.tiles))
    assert len(s.tiles) == 10 and max(e) <= 4, e


def test_band_key_widens_a_strip_to_a_band_before_letting_it_grow_long() -> None:
    row = [Hex(q, 0) for q in range(4)]
    end_of_row, beside, above = Hex(4, 0), Hex(1, 1), Hex(1, -1)
    assert mapshape.band_key(row, beside) < mapshape.band_key(row, end_of_row)
    band = row + [Hex(q, 1) for q in range(3)]  # two rows: a third is still wanted
    assert mapshape.band_key(band, above) < mapshape.band_key(band, Hex(3, 1))
    wide = band + [Hex(q, -1) for q in range(1, 5)]  # three rows: any hex touching two is as good
    assert mapshape.band_key(wide, Hex(3, 1)) == mapshape.band_key(wide, Hex(0, -1)) == (0, 0)


def test_set_up_threat_sees_the_richer_start_a_later_player_can_take_in_line() -> None:
    """Set-up, the other player still to place: an energy 30 tile three hexes from
    our ship would start them with 80 energy against our 50, one Move 3 away."""
    s = make(2, line=10, tiles={(0, 0): ("energy", 30)})
    s.phase = "setup_ships"
    mine = ship(s, 0, 3, 0, 0, energy=0)
    assert agent_module.setup_threat(s, 0, mine.hex) == pytest.approx(
        evaluate.HIT_ONE_CARD * (evaluate.WIN + evaluate.fleet_value(1, evaluate.eras_left(s))))
    mine.hex = Hex(9, 0)
    assert agent_module.setup_threat(s, 0, mine.hex) == 0.0
    ship(s, 1, 0, 0, 0)  # once the other player has placed, the threat term between eras takes over
    assert agent_module.setup_threat(s, 0, mine.hex) == 0.0


# --- alone on the map and behind (careful levels) ---------------------------------------------

def _alone(players: int, titanium: dict[tuple[int, int], int], *, carried: int = 0,
           bag_titanium: bool = True) -> RallyState:
    """Seat 0 flies alone (the others are out with 2 points each, so it trails 0-2) at
    the west end of a row of 16 tiles, facing east; `titanium` tiles lie on the map."""
    s = make(players, line=16, tiles={h: ("titanium", v) for h, v in titanium.items()})
    ship(s, 0, 0, 0, 0, energy=60, titanium=carried)
    s.points = [0] + [2] * (players - 1)
    s.alive = [True] + [False] * (players - 1)
    s.done = [False] + [True] * (players - 1)
    if not bag_titanium:
        s.bag = [0 if TILE_TYPES[i].kind == "titanium" else n for i, n in enumerate(s.bag)]
    return s


def _fly_alone(s: RallyState, level: str, eras: int, seed: int = 5) -> list[tuple[int, int | None, int]]:
    """Play the game on with `level` deciding for seat 0 (chance by the state's RNG) for
    at most `eras` eras; (era, distance from the ship to the nearest titanium, points)
    at each of its planning decisions, and once more at the end."""
    agent = make_agent(level, "rally", seed)
    seen: list[tuple[int, int | None, int]] = []

    def row() -> tuple[int, int | None, int]:
        tiles = [h for h, t in s.tiles.items() if t.kind == "titanium" and t.value > 0]
        ships = s.ships_of(0)
        near = min((sh.hex.distance(h) for sh in ships for h in tiles), default=None)
        return s.era, near, s.points[0]

    start = s.era
    while not s.is_over() and s.era < start + eras:
        actors = s.to_act()
        if by_itself(actors):
            s.apply(s.sample_chance())
            continue
        if s.phase == "planning":
            seen.append(row())
        play_plan(s, agent, actors[0])
    seen.append(row())
    return seen


@pytest.mark.parametrize("players", [2, 3])
def test_a_lone_survivor_behind_banks_the_titanium_it_carries(players: int) -> None:
    """Carrying 3 titanium, 0-2 behind, a Titanium Portal in hand: banking wins the race
    at once. The old careful margins counted the players who are out as losers while
    the game went on, so playing on (its ship, energy and eras to come) looked better
    than winning, and it held the titanium era after era."""
    s = _alone(players, {}, carried=3)
    s.hands[0] = take_cards(s, "titanium_portal", "move1", "move2", "right60", "tidy_up")
    kinds = _careful_plan(s)
    assert "titanium_portal" in kinds, kinds
    world = s.determinize(0, Rng(1))
    portal_card = next(c for c in s.hands[0] if CARD_KIND[c] == "titanium_portal")
    assert simulate(world, 0, ((1, (portal_card,)),), careful=True) > simulate(world, 0, ((1, ()),), careful=True)


@pytest.mark.parametrize("players", [2, 3])
def test_a_lone_survivor_behind_flies_to_far_titanium_and_banks_it(players: int) -> None:
    """3 titanium 13 hexes east (more than an era's flight with five cards), nothing
    nearer: alone and behind, `normal` closes in era after era, collects it and banks
    it, which wins (the race is decided). The old evaluation kept its energy (the
    nearness term hardly changes that far away) and never banked."""
    s = _alone(players, {(13, 0): 3}, bag_titanium=False)
    seen = _fly_alone(s, "normal", 12)
    distances = [d for _, d, _ in seen if d is not None]
    assert distances and distances[0] == 13
    assert all(b <= a for a, b in zip(distances, distances[1:])), seen
    assert s.is_over() and s.over_kind == "decided" and s.winners() == [0], seen
    assert s.points[0] >= 3


def test_a_lone_survivor_with_no_titanium_anywhere_runs_the_clock() -> None:
    """Nothing left to collect (none on the map, none carried, none in the bag): it
    cannot catch up, so it plays the cards that raise entropy instead of keeping them."""
    s = _alone(2, {}, bag_titanium=False)
    s.hands[0] = take_cards(s, "move1", "right60", "left60", "move1", "laser")
    kinds = _careful_plan(s)
    assert len(kinds) >= 4, kinds


def test_routes_count_cards_over_the_tiles_not_the_straight_line() -> None:
    """On the fork (a row, and a branch south-east from (4, 0)), (4, 3) is three hexes
    from (3, 0) but needs a Move 1, a turn and a Move 3 over the tiles; a hex with
    no tile between is no way at all."""
    s = _fork()
    way = routes.cards_to(s.tiles, [Hex(4, 3)])
    assert way[(Hex(4, 3), 0)] == 0
    assert way[(Hex(4, 0), 1)] == 1  # Move 3 down the branch
    assert way[(Hex(4, 0), 0)] == 2  # a turn first
    assert way[(Hex(3, 0), 0)] == 3
    assert way[(Hex(0, 0), 3)] == 5  # facing away: turn, Move 3, Move 1, turn, Move 3
    island = routes.cards_to(set(s.tiles) | {Hex(9, 9)}, [Hex(9, 9)])
    assert (Hex(0, 0), 0) not in island


# --- not gifting the last ship (game/rally/ambush.py) ---------------------------------------

def _strip_ambush() -> RallyState:
    """Era 1 of a saved normal-vs-normal game (seed 8, game 1), moved to (0..9, 0): our only
    ship (50 energy) at the east end facing west, titanium at 4, 6 and 7; the enemy (120
    energy, its portal's production) at 1 facing east, its five cards not yet planned. The
    old plan (Move 1, Move 3, Move 1) collected two titanium and stopped at 3, where the
    enemy's Move 2 lands: that game ended there, decided."""
    s = make(2, line=10, tiles={(4, 0): ("titanium", 2), (6, 0): ("titanium", 2), (7, 0): ("titanium", 2)},
             entropy=-960, starter=1)
    portal(s, 1, 0, P_HIGH, 70, owner=1)
    ship(s, 1, 1, 0, 0, energy=120)
    ship(s, 0, 8, 0, 3, energy=50)
    s.hands[1] = take_cards(s, "move1", "move2", "laser", "left60", "tidy_up")
    s.hands[0] = take_cards(s, "move1", "move3", "left60", "left60", "move1")
    return s


def _stop(s: RallyState, seat: int, kinds: list[str]) -> Hex:
    """Where `seat`'s only ship ends its program of moves and turns flown alone."""
    ((ship_,),) = [s.ships_of(seat)]
    here, facing = ship_.hex, ship_.direction
    for kind in kinds:
        info = KIND_BY_NAME[kind]
        if kind.startswith("move"):
            for _ in range(info.amount):
                here = here.neighbour(facing)
        elif kind in ("right60", "right120", "turn180", "left120", "left60"):
            facing = (facing + info.amount // 60) % 6
    return here


def test_ambush_reach_counts_cards_and_the_energy_left() -> None:
    s = _strip_ambush()
    foe = next(sh for sh in s.ships.values() if sh.owner == 1)
    ways = ambush.reach(frozenset(s.tiles), foe, 2)
    move2, turn = KIND_BY_NAME["move2"].cost, min(KIND_BY_NAME[k].cost for k in ("left60", "right60"))
    assert ways[(3, 0)] == (1, 120 - move2)  # one Move 2 along the strip
    assert ways[(7, 0)][0] == 2  # two Moves
    assert (9, 0) not in ways  # eight hexes: more than two cards
    assert (0, 0) in ways and ways[(0, 0)] == (2, 120 - turn - KIND_BY_NAME["move1"].cost)


def test_normal_does_not_end_its_last_ship_in_one_move_of_a_stronger_enemy() -> None:
    s = _strip_ambush()
    kinds = _careful_plan(s)
    stop = _stop(s, 0, kinds)
    assert stop.q > 4, (kinds, stop)  # not on 2, 3 or 4: the enemy's Move 1-3 from 1 lands there
    ctx = planner.guard(planner.context(s, 0), s, 0)
    ((ours,),) = [s.ships_of(0)]
    old = planner.fly(ctx, ours, ("move1", "move3", "move1"))
    assert planner.danger_cost(ctx, old) > evaluate.WIN * ambush.CHANCE[1] * 0.9
    assert planner.danger_cost(ctx, planner.fly(ctx, ours, tuple(kinds))) < planner.danger_cost(ctx, old) / 2


# --- running the clock when not behind (evaluate.LEAD_CLOCK) --------------------------------

def _nothing_left(points: tuple[int, int]) -> RallyState:
    """Era 12, entropy -150, an empty bag, no titanium anywhere: two ships of 60 energy at
    the ends of a row of fourteen tiles, facing each other."""
    s = make(2, line=14, entropy=-150)
    s.bag = [0] * len(s.bag)
    s.era = 12
    ship(s, 0, 0, 0, 0, energy=60)
    ship(s, 1, 13, 0, 3, energy=60)
    s.points = list(points)
    s.hands[0] = take_cards(s, "move1", "laser", "left60", "right60", "turn180")
    s.hands[1] = take_cards(s, "move1", "tidy_up", "laser", "left60", "right60")
    return s


def test_a_tied_careful_seat_values_the_clock_and_a_trailing_one_does_not() -> None:
    tied, behind = _nothing_left((4, 4)), _nothing_left((3, 4))
    assert planner.guard(planner.context(tied, 0), tied, 0).clock_value == evaluate.LEAD_CLOCK
    assert planner.guard(planner.context(behind, 0), behind, 0).clock_value == 0.0
    assert planner.context(tied, 0).clock_value == 0.0  # greedy and easy: unchanged
    ctx = planner.guard(planner.context(tied, 0), tied, 0)
    ((ours,),) = [tied.ships_of(0)]
    turned = planner.fly(ctx, ours, ("right60", "left60"))
    assert planner.score(ctx, turned) > planner.score(ctx, planner.fly(ctx, ours, ()))


def test_tied_with_nothing_to_gain_normal_plays_cards_that_run_the_clock() -> None:
    """The old `normal` kept its five cards (and its energy) era after era here, and so
    did the other player: only the era limit ended such games."""
    s = _nothing_left((4, 4))
    kinds = _careful_plan(s)
    raised = sum(KIND_BY_NAME[k].entropy(s.n) for k in kinds)
    assert len(kinds) >= 2 and raised > 0, kinds


# --- battle awareness for every ship, no spinning (issue 17) -----------------------------------

def _strip_ambush_with_a_second_ship() -> RallyState:
    """`_strip_ambush` with a second ship of ours parked far off the strip: `normal` once sent
    a ship of 84 energy onto one of 282 while it had another ship (issue 17)."""
    s = _strip_ambush()
    s.tiles[Hex(9, 4)] = Tile(tile_type("space"), 0)
    ship(s, 0, 9, 4, 0, energy=50)
    return s


def test_the_danger_is_mapped_for_every_ship_not_only_a_last_one() -> None:
    s = _strip_ambush_with_a_second_ship()
    assert len(s.ships_of(0)) == 2
    assert ambush.danger(s, 0), "the enemy's reach is mapped with two ships too"
    ctx = planner.guard(planner.context(s, 0), s, 0)
    ours = next(sh for sh in s.ships_of(0) if sh.hex == Hex(8, 0))
    old = planner.fly(ctx, ours, ("move1", "move3", "move1"))  # stops at 3: one Move 2 of the enemy
    assert planner.danger_cost(ctx, old) > 0.0
    assert ctx.danger_stake == ctx.loss_value < evaluate.WIN, "one of two ships: the fleet's loss, not the race"
    joints = planner.joint_programs(s, 0, sorted(s.hands[0]), 12, 12, ctx=ctx)
    best = dict(joints[0][1]).get(ours.id, ())
    kinds = [CARD_KIND[c] for c in best]
    here = planner.fly(ctx, ours, tuple(kinds))
    assert planner.danger_chance(ctx, here) < planner.danger_chance(ctx, old), kinds


def test_the_planner_never_plays_three_turn_cards_in_a_row() -> None:
    """A seat not behind values the clock (`evaluate.LEAD_CLOCK`): turn cards raise entropy
    cheaply, and `normal` spun through three in a row (issue 17)."""
    s = _nothing_left((4, 4))
    s.hands[0] = take_cards(s, "left60", "right60", "right120", "left120", "turn180")
    ctx = planner.guard(planner.context(s, 0), s, 0)
    ((ours,),) = [s.ships_of(0)]
    for cand in planner.beam(ctx, ours, planner.kinds_of(s.hands[0]), 12, 12):
        kinds = cand.program
        for k in range(len(kinds) - 2):
            assert not all(x in ("left60", "right60", "right120", "left120", "turn180") for x in kinds[k:k + 3]), kinds


@pytest.mark.parametrize("lifted", [False, True])
def test_normal_planning_stops_at_its_wall_limit_on_a_crowded_machine(lifted: bool,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Rally's planner had only its CPU cap: on a crowded machine (the wall clock runs, this
    process gets no CPU) it now stops simulating candidates once the generic wall limit
    (`search.wall_limit`) has passed, unless the no-wall-limit setting lifts it."""
    from game.ai.search import NO_WALL_LIMIT_ENV, wall_limit
    from tests.ai.test_search import crowded

    if lifted:
        monkeypatch.setenv(NO_WALL_LIMIT_ENV, "1")
    simulated: list[int] = []
    real_play_out = agent_module.play_out

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        simulated.append(1)
        return real_play_out(*args, **kwargs)

    monkeypatch.setattr(agent_module, "play_out", counted)
    s, seat = next((s, seat) for s, seat in _positions(("planning",), 12) if len(s.hands[seat]) >= 5)
    agent = RallyAgent("normal", SETTINGS["normal"], 3)
    agent.clocks = crowded()
    agent.plan(s, seat)
    settings = SETTINGS["normal"]
    candidates = len(simulated) // settings.samples
    assert len(simulated) % settings.samples == 0
    if lifted:
        assert candidates == min(agent.last_candidates, settings.candidates) > 7
    else:
        assert candidates == int(wall_limit(settings.max_seconds)) + 1 < agent.last_candidates
