"""The console script's contract: names, JSON-only stdout, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _run(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ENTROPY_TABLETOP_HOME=str(tmp_path / "home"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    return subprocess.run([sys.executable, "-m", "game.cli", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_games_lists_registered_ids_one_per_line(tmp_path: Path) -> None:
    from game.core.registry import all_games

    out = _run(["games"], tmp_path)
    assert out.returncode == 0
    assert out.stdout.split() == [g.info.id for g in all_games()]


def test_version(tmp_path: Path) -> None:
    out = _run(["--version"], tmp_path)
    assert out.returncode == 0 and out.stdout.startswith("Entropy Tabletop ")


@pytest.mark.parametrize("args, fields", [
    (["bench", "engine", "order-chaos", "--games", "2", "--json"],
     {"game", "games", "games_per_s", "commands_per_s"}),
    (["bench", "render", "order-chaos", "--frames", "20", "--json"],
     {"game", "frames", "size", "frame_ms"}),
    (["arena", "order-chaos", "--agents", "random,greedy", "--games", "2", "--json"],
     {"game", "agents", "games", "seed", "wins", "draws", "mean_scores",
      "mean_decision_s", "max_decision_s", "errors"}),
])
def test_json_commands_print_one_object_and_nothing_else(tmp_path: Path, args: list[str], fields: set[str]) -> None:
    out = _run(args, tmp_path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)  # fails if a banner or log line shares stdout
    assert fields <= set(data)
    assert data["game"] == "order-chaos"


def test_render_bench_reports_the_requested_size_and_frame_stats(tmp_path: Path) -> None:
    data = json.loads(_run(["bench", "render", "order-chaos", "--frames", "12", "--size", "800x600", "--json"],
                           tmp_path).stdout)
    assert data["size"] == "800x600" and data["frames"] == 12
    ms = data["frame_ms"]
    assert 0 < ms["median"] <= ms["p95"] <= ms["p99"] <= ms["max"]


def test_check_save_accepts_an_arena_save_and_rejects_garbage(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    assert _run(["arena", "order-chaos", "--agents", "random,random", "--games", "1",
                 "--save-dir", str(saves)], tmp_path).returncode == 0
    [save] = list(saves.iterdir())
    ok = _run(["check-save", str(save)], tmp_path)
    assert ok.returncode == 0 and ok.stdout.startswith("ok: order-chaos")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "entropy-tabletop-save", "version": 1, "game": "order-chaos"')
    bad = _run(["check-save", str(broken)], tmp_path)
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr


def test_unknown_game_and_bad_agent_are_one_line_errors(tmp_path: Path) -> None:
    unknown = _run(["arena", "no-such-game", "--agents", "random,random"], tmp_path)
    assert unknown.returncode == 2 and "unknown game" in unknown.stderr and "Traceback" not in unknown.stderr
    bad_agent = _run(["arena", "order-chaos", "--agents", "random,genius"], tmp_path)
    assert bad_agent.returncode == 2 and "genius" in bad_agent.stderr
    bad_option = _run(["arena", "skirmish", "--agents", "random,random", "--option", "mission=nowhere"], tmp_path)
    assert bad_option.returncode == 2 and "mission" in bad_option.stderr and "Traceback" not in bad_option.stderr


def test_one_version_everywhere() -> None:
    import tomllib

    from game import __version__
    from game.cli import VERSION
    from scenes.menu import VERSION as MENU_VERSION

    root = Path(__file__).resolve().parents[2]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == __version__ == VERSION == MENU_VERSION


def test_the_skirmish_engine_bench_reports_line_of_sight_speed(tmp_path: Path) -> None:
    """`bench engine skirmish` adds its own figures (`Game.bench_figures`): sight queries per
    second and a visibility matrix, on a deployed table; the other games add none."""
    data = json.loads(_run(["bench", "engine", "skirmish", "--games", "1", "--json"], tmp_path).stdout)
    assert data["los_queries_per_s"] > 0 and data["visibility_matrix_ms"] > 0
    assert data["models"] >= 20 and data["terrain_pieces"] >= 8
    plain = json.loads(_run(["bench", "engine", "order-chaos", "--games", "1", "--json"], tmp_path).stdout)
    assert "los_queries_per_s" not in plain
