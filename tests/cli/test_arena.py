"""Arena and engine bench: exact JSON fields, seat rotation, errors reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game.arena as arena
from game.ai.agents import Agent
from game.bench import bench_engine
from game.core.plans import Plan
from game.core.protocol import Command, Seat, State

FIELDS = {"game", "agents", "games", "seed", "wins", "draws", "mean_scores",
          "mean_decision_s", "max_decision_s", "plans_cut", "errors"}


def test_arena_fields_rotation_and_saves(tmp_path: Path) -> None:
    result = arena.run_arena("order-chaos", ["greedy", "random"], 2, 5, tmp_path)
    assert set(result) == FIELDS
    json.dumps(result)
    assert result["errors"] == []
    assert result["agents"] == ["greedy", "random"] and result["games"] == 2 and result["seed"] == 5
    assert sum(result["wins"]) + result["draws"] == 2
    for key in ("wins", "mean_scores", "mean_decision_s", "max_decision_s"):
        assert len(result[key]) == 2
    assert result["mean_scores"][0] > result["mean_scores"][1]  # greedy outscores random
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    seats = [json.loads(p.read_text())["seats"] for p in saves]
    assert seats == [["greedy", "random"], ["random", "greedy"]]


class _Broken(Agent):
    def choose(self, state: State, seat: Seat) -> Command:
        raise RuntimeError("boom")


def test_arena_reports_a_broken_game_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    real = arena.make_agent

    def fake(level: str, game_id: str, seed: int) -> object:
        return _Broken() if level == "easy" else real(level, game_id, seed)

    monkeypatch.setattr(arena, "make_agent", fake)
    result = arena.run_arena("order-chaos", ["easy", "random"], 2, 1, None)
    assert len(result["errors"]) == 2 and "boom" in result["errors"][0]
    assert result["wins"] == [0, 0] and result["draws"] == 0


def test_arena_adds_a_games_playtest_stats() -> None:
    """Rally reports eras and card counts per game; their means are the `stats` field."""
    result = arena.run_arena("rally", ["greedy", "random"], 2, 3, None)
    assert set(result) == FIELDS | {"stats", "stats_per_game"}
    json.dumps(result)
    per_game = result["stats_per_game"]
    assert len(per_game) == 2 and all(g["eras"] >= 1 for g in per_game)
    assert result["stats"]["eras"] == round(sum(g["eras"] for g in per_game) / 2, 3)
    played = sum(v for k, v in result["stats"].items() if k.startswith("move"))
    assert played > 0


class _SpoiltPlans(Agent):
    """A Rally agent whose planning plans play their first card twice: the second is refused
    (the card has left the hand), so each such plan is cut after one step and asked again."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.asked = 0

    def choose(self, state: State, seat: Seat) -> Command:
        return self.inner.choose(state, seat)

    def plan(self, state: State, seat: Seat) -> Plan:
        self.asked += 1
        plan = self.inner.plan(state, seat)
        return (plan[0],) + plan if len(plan) > 2 else plan


def test_arena_plays_plans_step_by_step_and_asks_again_after_a_refused_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = arena.make_agent
    made: list[_SpoiltPlans] = []

    def fake(level: str, game_id: str, seed: int) -> Agent:
        agent = real(level, game_id, seed)
        if level != "easy":
            return agent
        made.append(_SpoiltPlans(agent))
        return made[-1]

    monkeypatch.setattr(arena, "make_agent", fake)
    result = arena.run_arena("rally", ["easy", "greedy"], 1, 2, tmp_path)
    assert result["errors"] == []
    assert result["plans_cut"][0] > 0 and result["plans_cut"][1] == 0
    (save,) = tmp_path.glob("*.json")
    types = [c["type"] for c in json.loads(save.read_text())["commands"]]
    assert "program_card" in types and "finish_planning" in types
    assert "set_program" not in types  # the computers played the steps a person plays


def test_arena_refuses_the_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError):
        arena.run_arena("order-chaos", ["random"], 1, 1, None)


def test_bench_engine_fields() -> None:
    result = bench_engine("order-chaos", 3, 1)
    assert set(result) == {"game", "games", "games_per_s", "commands_per_s"}
    assert result["games"] == 3 and result["games_per_s"] > 0 and result["commands_per_s"] > result["games_per_s"]


def test_arena_options_set_up_every_game_and_are_reported() -> None:
    config = arena.parse_options("skirmish", ["mission=breakthrough", "faction_2=veilmoth", "terrain=random"])
    assert config == {"mission": "breakthrough", "faction_2": "veilmoth", "terrain": "random"}
    result = arena.run_arena("skirmish", ["random", "random"], 2, 3, None, config)
    assert result["errors"] == [] and result["options"] == config
    assert set(result) == FIELDS | {"options", "stats", "stats_per_game"}  # (the skirmish reports points by source)
    assert "options" not in arena.run_arena("order-chaos", ["random", "random"], 1, 1, None)


@pytest.mark.parametrize("words, reason", [
    (["mission"], "KEY=VALUE"),
    (["colour=red"], "KEY=VALUE"),
    (["mission=nowhere"], "must be one of"),
])
def test_arena_options_name_what_is_wrong(words: list[str], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        arena.parse_options("skirmish", words)
