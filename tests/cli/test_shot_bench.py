"""`shot` writes a PNG of the requested size; `bench render` returns its documented fields."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    return tmp_path


def test_shot_writes_a_png_of_the_requested_size(tmp_path: Path) -> None:
    from scenes.offscreen import render_shot

    out = tmp_path / "shots" / "oc.png"
    render_shot("order-chaos", out, seed=2, plies=15, size=(960, 600))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(out)).get_size() == (960, 600)


def test_shot_through_the_cli(tmp_path: Path) -> None:
    from game.cli import run

    out = tmp_path / "cli.png"
    assert run(["shot", "order-chaos", "--out", str(out), "--plies", "4", "--size", "800x500"]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 500)


def test_bench_render_reports_frame_times() -> None:
    from scenes.offscreen import bench_render

    result = bench_render("order-chaos", frames=30, size=(1280, 720))
    assert result["game"] == "order-chaos"
    assert result["frames"] == 30
    assert result["size"] == "1280x720"
    for key in ("frame_ms", "ai_thinking_frame_ms"):
        times = result[key]
        assert set(times) == {"median", "p95", "p99", "max"}
        assert 0 < times["median"] <= times["p95"] <= times["p99"] <= times["max"]


def test_shot_and_bench_take_a_number_of_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--players 4` seats four at a Cosmos table (its fewest is one, a solo game), passed on to the
    view's own position maker when it has one; a number the game does not allow is refused."""
    from game.cli import run
    from scenes import offscreen

    seen: list[list[str] | None] = []
    real = offscreen.position

    def spy(game_id, seed, plies, seats=None, purpose="shot"):  # type: ignore[no-untyped-def]
        seen.append(seats)
        match = real(game_id, seed, plies, seats, purpose)
        assert len(match.seats) == (len(seats) if seats else 1)
        return match

    monkeypatch.setattr(offscreen, "position", spy)
    out = tmp_path / "cosmos.png"
    assert run(["shot", "cosmos", "--out", str(out), "--players", "4", "--plies", "30", "--size", "1024x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
    assert seen == [["human"] * 4]
    assert offscreen.seat_count("cosmos", None) == 1 and offscreen.seat_count("order-chaos", None) == 2
    from game.core.errors import EntropyError

    with pytest.raises(EntropyError, match="1-4 players, not 5"):
        offscreen.seat_count("cosmos", 5)
    with pytest.raises(EntropyError, match="not 3"):
        run(["shot", "order-chaos", "--out", str(out), "--players", "3"])


def test_bench_render_seats_the_players_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes import offscreen

    seen: list[list[str] | None] = []
    real = offscreen.position

    def spy(game_id, seed, plies, seats=None, purpose="shot"):  # type: ignore[no-untyped-def]
        seen.append(seats)
        return real(game_id, seed, plies, seats, purpose)

    monkeypatch.setattr(offscreen, "position", spy)
    result = offscreen.bench_render("cosmos", frames=10, size=(1024, 640), players=4, plies=12)
    assert seen == [["human", "random", "random", "random"]]
    assert set(result) == {"game", "frames", "size", "frame_ms", "ai_thinking_frame_ms"}


def test_bench_render_thinking_measures_while_a_computer_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--thinking`: the frames are drawn while a worker process searches, with the same fields."""
    from game.ai.worker import AgentWorker
    from scenes.offscreen import bench_render

    asked: list[str] = []
    request = AgentWorker.request

    def counted(self: AgentWorker, *args: object, **kwargs: object) -> int:
        asked.append(str(args[2]))
        return request(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(AgentWorker, "request", counted)
    result = bench_render("order-chaos", frames=20, size=(1024, 640), thinking=True)
    assert "hard" in asked  # the search ran while the measured frames were drawn
    assert set(result["frame_ms"]) == {"median", "p95", "p99", "max"}
    from game.cli import build_parser

    args = build_parser().parse_args(["bench", "render", "rally", "--thinking"])
    assert args.thinking is True
