"""The hidden `--selftest`: files found, theme loads, one move from a spawned AI process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def test_selftest_passes_from_source(tmp_path: Path) -> None:
    env = dict(os.environ, ENTROPY_TABLETOP_HOME=str(tmp_path / "home"), SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "game.cli", "--selftest"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] and report["frozen"] is False
    assert set(report["checks"]) == {"assets", "pygame_gui_data", "game_data", "ui", "geometry", "worker"}
    worker = report["checks"]["worker"]
    assert worker["pid"] != os.getpid() and worker["command"].startswith("Place(")


def test_selftest_is_not_in_the_help(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "game.cli", "--help"], capture_output=True, text=True, timeout=60)
    assert "selftest" not in out.stdout
