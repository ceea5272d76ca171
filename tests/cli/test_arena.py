"""Arena and engine bench: exact JSON fields, seat rotation, errors reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game.arena as arena
from game.bench import bench_engine
from game.core.protocol import Command, Seat, State

FIELDS = {"game", "agents", "games", "seed", "wins", "draws", "mean_scores",
          "mean_decision_s", "max_decision_s", "errors"}


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


class _Broken:
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


def test_arena_refuses_the_wrong_number_of_agents() -> None:
    with pytest.raises(ValueError):
        arena.run_arena("order-chaos", ["random"], 1, 1, None)


def test_bench_engine_fields() -> None:
    result = bench_engine("order-chaos", 3, 1)
    assert set(result) == {"game", "games", "games_per_s", "commands_per_s"}
    assert result["games"] == 3 and result["games_per_s"] > 0 and result["commands_per_s"] > result["games_per_s"]
