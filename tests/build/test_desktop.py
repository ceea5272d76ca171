"""`make install-desktop` / `make uninstall-desktop` (build_scripts/desktop.py), inside a temporary XDG_DATA_HOME."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "build_scripts" / "desktop.py"
ENTRY = Path("applications/entropy-tabletop.desktop")
ICON = Path("icons/hicolor/256x256/apps/entropy-tabletop.png")


def desktop(*args: str, data_home: Path, make: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    cmd = (["make", "--no-print-directory", f"{args[0]}-desktop", f"PYTHON={sys.executable}"] if make
           else [sys.executable, str(SCRIPT), *args])
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True)


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_install_points_at_the_venv_script_without_a_build(tmp_path):
    desktop("install", "--dist", str(tmp_path / "no-dist"), data_home=tmp_path)
    entry = read_entry(tmp_path / ENTRY)
    assert entry["Name"] == "Entropy Tabletop" and entry["Type"] == "Application"
    assert entry["Icon"] == "entropy-tabletop" and entry["Terminal"] == "false"
    exe = Path(entry["Exec"])
    assert exe.name == "entropy-tabletop" and exe.is_file() and exe.parent == Path(sys.executable).parent
    icon = (tmp_path / ICON).read_bytes()
    assert icon == (ROOT / "assets/icons/app-icon.png").read_bytes()
    assert icon[16:24] == (256).to_bytes(4, "big") * 2  # PNG IHDR: 256 x 256


def test_install_prefers_the_built_one_folder_app(tmp_path):
    dist = tmp_path / "dist dir"  # a space: Exec= must quote it
    app = dist / "entropy-tabletop" / "entropy-tabletop"
    app.parent.mkdir(parents=True)
    app.write_text("#!/bin/sh\n")
    app.chmod(0o755)
    desktop("install", "--dist", str(dist), data_home=tmp_path)
    assert read_entry(tmp_path / ENTRY)["Exec"] == f'"{app.resolve()}"'


def test_uninstall_removes_both_and_is_safe_twice(tmp_path):
    desktop("install", "--dist", str(tmp_path / "no-dist"), data_home=tmp_path)
    desktop("uninstall", data_home=tmp_path)
    assert not (tmp_path / ENTRY).exists() and not (tmp_path / ICON).exists()
    out = desktop("uninstall", data_home=tmp_path)
    assert "was not there" in out.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="desktop entries are a Linux (freedesktop) thing")
def test_make_targets_respect_xdg_data_home(tmp_path):
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("the Makefile targets use .venv")
    desktop("install", data_home=tmp_path, make=True)
    assert (tmp_path / ENTRY).is_file() and (tmp_path / ICON).is_file()
    desktop("uninstall", data_home=tmp_path, make=True)
    assert not (tmp_path / ENTRY).exists() and not (tmp_path / ICON).exists()
