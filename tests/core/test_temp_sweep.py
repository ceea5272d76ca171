"""Temp files that atomic writes cut short by a hard kill left beside a save are swept when the
app starts (issue 19: 22 `.autosave.json.XXXX.tmp` after 40 kills); real saves never are."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.core.match import sweep_stray_temp_files, write_json_atomic


def test_stray_temp_files_of_cut_short_writes_are_swept_and_real_saves_kept(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    write_json_atomic(save, {"a": 1})
    strays = [tmp_path / ".autosave.json.k2j3h4.tmp", tmp_path / ".my game.json.abc_123.tmp"]
    kept = [tmp_path / "notes.tmp", tmp_path / "autosave.json.tmp", tmp_path / ".hidden.json",
            tmp_path / "game.json", tmp_path / ".autosave.json.fresh1.tmp"]
    for path in strays + kept:
        path.write_text("{", encoding="utf-8")
    old = time.time() - 3600
    for path in strays + kept[:-1]:
        os.utime(path, (old, old))
    removed = sweep_stray_temp_files(tmp_path)
    assert sorted(removed) == sorted(strays)
    assert all(p.exists() for p in kept) and save.exists()  # a fresh temp file may be a write in progress
    assert json.loads(save.read_text()) == {"a": 1}


def test_the_app_sweeps_the_user_folders_when_it_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hard kill during an autosave left `.autosave.json.XXXX.tmp` (22 after 40 kills); the
    next start removes them (and those beside saves), before any window opens."""
    from game.core import paths
    from scenes import launch

    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path))
    stray = paths.user_data_dir() / ".autosave.json.x1y2z3.tmp"
    stray_save = paths.saves_dir() / ".rally 3.json.q9w8e7.tmp"
    for path in (stray, stray_save):
        path.write_text("{", encoding="utf-8")
        os.utime(path, (time.time() - 3600,) * 2)
    ran: list[bool] = []
    monkeypatch.setattr("scenes.app.run", lambda first_scene: ran.append(True) or 0)
    assert launch.run_guarded(lambda ctx: None) == 0  # type: ignore[arg-type, return-value]
    assert ran and not stray.exists() and not stray_save.exists()
