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
