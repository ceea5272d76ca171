"""The race is decided (our reconstruction, docs/rules/rally.md): the game ends
as soon as nobody has ships, or the one player still flying already has
strictly more points than everyone else (nobody else can ever score again)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rally_helpers import make, of, play_chaos, round_, ship, start_chaos

from game.rally.cards import KIND_BY_NAME
from game.rally.ending import lone_leader
from game.rally.game import RALLY
from game.rally.state import RallyState

COST = {k: v.cost for k, v in KIND_BY_NAME.items()}


def last_enemy_ship_shot(points: list[int], n: int = 2) -> RallyState:
    """Player 1 (seat 0) lasers the last ship of seat 1 (no energy: it dies);
    further seats, if any, have no ships. Nothing to expand with."""
    s = make(n, line=3)
    ship(s, 0, 0, 0, energy=20, program=("laser", "move1"))
    ship(s, 1, 1, 0, energy=0)
    for p in range(2, n):
        s.alive[p] = False
    s.points = points[:]
    s.bag = [0] * len(s.bag)
    return s


def test_race_decided_when_lone_survivor_leads() -> None:
    s = last_enemy_ship_shot([4, 3])
    start_chaos(s)
    events = round_(s)
    assert s.is_over() and s.over_kind == "decided" and s.winners() == [0]
    tags = [e.TAG for e in events]
    assert tags.index("player_out") < tags.index("race_decided") < tags.index("game_over") == len(tags) - 1
    decided = of(events, "race_decided")[0]
    assert decided.player == 0 and decided.points == (4, 3)  # type: ignore[attr-defined]
    assert "decided" in s.over_reason and "Player 1" in s.over_reason
    # The game ends right after that event: the survivor's second card is never played.
    assert s.ships[1].program and s.to_act() == [] and s.points == [4, 3]
    refusal = RALLY.check(s, RALLY.parse_command(0, "order 1", s))
    assert refusal is not None and refusal.reason == "The game is over."


def test_race_decided_view_reports_the_reason() -> None:
    s = last_enemy_ship_shot([1, 0])
    start_chaos(s)
    round_(s)
    v = s.view(1)
    assert v["phase"] == "over" and v["over_kind"] == "decided" and v["winners"] == [0]
    assert v["over_reason"] == s.over_reason


def test_race_continues_when_lone_survivor_trails() -> None:
    s = last_enemy_ship_shot([0, 5])
    start_chaos(s)
    round_(s)
    assert not s.alive[1] and not s.is_over() and lone_leader(s) is None
    play_chaos(s)
    assert s.phase == "deal" and s.to_act() != []


def test_race_continues_when_lone_survivor_is_tied() -> None:
    s = last_enemy_ship_shot([5, 5])
    start_chaos(s)
    round_(s)
    assert not s.alive[1] and not s.is_over()


def test_race_decided_once_trailing_survivor_banks_ahead() -> None:
    """Behind when alone, then the banked titanium puts them strictly ahead: over at once."""
    s = make(line=3)
    ship(s, 0, 0, 0, energy=COST["titanium_portal"], titanium=3,
         program=("titanium_portal", "move1"))
    s.alive[1] = False
    s.points = [0, 2]
    start_chaos(s)
    events = round_(s)
    assert s.points == [3, 2] and s.is_over() and s.over_kind == "decided"
    assert of(events, "titanium_banked") and of(events, "race_decided")


def test_race_goes_on_while_a_behind_survivor_banks_too_little() -> None:
    s = make(line=3)
    ship(s, 0, 0, 0, energy=COST["titanium_portal"], titanium=2, program=("titanium_portal", "move1"))
    s.alive[1] = False
    s.points = [0, 2]
    start_chaos(s)
    round_(s)
    assert s.points == [2, 2] and not s.is_over()


def test_race_decided_needs_a_lead_over_every_other_player() -> None:
    s = last_enemy_ship_shot([4, 1, 6], n=3)
    start_chaos(s)
    round_(s)
    assert not s.is_over()
    s = last_enemy_ship_shot([7, 1, 6], n=3)
    start_chaos(s)
    round_(s)
    assert s.is_over() and s.over_kind == "decided" and s.winners() == [0]


def test_race_ends_when_no_ships_left() -> None:
    s = make(line=2)
    ship(s, 0, 1, 0, energy=20, program=("move1",))
    ship(s, 1, 0, 3, energy=20, program=("move1",))
    s.points = [3, 1]
    start_chaos(s)
    events = round_(s)
    assert s.is_over() and s.over_kind == "no_ships" and s.winners() == [0]
    assert not of(events, "race_decided") and of(events, "game_over")


def test_playtest_stats_count_the_ending() -> None:
    s = last_enemy_ship_shot([4, 3])
    start_chaos(s)
    round_(s)
    stats = RALLY.playtest_stats(s)
    assert stats["end:decided"] == 1.0 and stats["end:entropy"] == 0.0 and stats["out:era1"] == 1.0
    assert stats["out:by_laser"] == 1.0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=2, max_size=4), st.lists(st.booleans(), min_size=4, max_size=4))
def test_lone_leader_is_the_only_survivor_strictly_ahead(points: list[int], alive: list[bool]) -> None:
    n = len(points)
    s = make(n)
    s.points, s.alive = points[:], alive[:n]
    leader = lone_leader(s)
    flying = [p for p in range(n) if s.alive[p]]
    if leader is None:
        assert len(flying) != 1 or any(points[o] >= points[flying[0]] for o in range(n) if o != flying[0])
    else:
        assert flying == [leader] and all(points[leader] > points[o] for o in range(n) if o != leader)
        assert s.winners() == [leader]


def test_in_app_rules_explain_the_race_decided_ending() -> None:
    from importlib import resources
    text = resources.files("game.rally").joinpath("data/rules.md").read_text(encoding="utf-8")
    assert "race is decided" in text.lower()
