"""Smoke test of the standalone build (PyInstaller): `make test-bundle`.

Builds dist/ with build_scripts/build.py unless dist/build-info.json says it was
built from exactly these sources, then runs the one-folder app and the one-file
executable: the hidden --selftest (files, theme, pygame-gui data, game data, the
skirmish's geometry on shapely/GEOS, a spawned AI process), `shot` (pixel for pixel the same picture as from source),
`bench render` headlessly, and the main menu in a real window under Xvfb, timing
process start to first frame. Timings go to build/bundle-timings.json.
Skipped when PyInstaller is not installed, and unless selected (-m bundle).
"""

from __future__ import annotations

import importlib.util
import json
import os
import selectors
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from game import __version__
from tests.gui_process import quit_cleanly

pytestmark = pytest.mark.bundle

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "build_scripts" / "build.py"
TIMINGS = ROOT / "build" / "bundle-timings.json"
ONEFILE_LIMIT = 80 * 1000 * 1000
KINDS = ("onedir", "onefile")


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("entropy_build", BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bundle() -> SimpleNamespace:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed: `make test-bundle` installs the build extra first")
    build = _build_module()
    if not build.is_up_to_date():
        subprocess.run([sys.executable, str(BUILD_SCRIPT)], cwd=ROOT, check=True, timeout=1200)
    info = build.read_info()
    assert info is not None and build.is_up_to_date(), "the build did not record itself in dist/build-info.json"
    return SimpleNamespace(info=info, onedir=ROOT / info["onedir_executable"], onefile=ROOT / info["onefile"])


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "ENTROPY_"))}
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env.update(ENTROPY_TABLETOP_HOME=str(home), SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(extra)
    return env


def _run(exe: Path, args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(exe), *args], cwd=env["ENTROPY_TABLETOP_HOME"], env=env, capture_output=True,
                         text=True, timeout=timeout)
    assert out.returncode == 0, f"{exe.name} {' '.join(args)} exited {out.returncode}:\n{out.stdout}\n{out.stderr}"
    return out


def _record(key: str, value: object) -> None:
    data = {}
    if TIMINGS.exists():
        try:
            data = json.loads(TIMINGS.read_text(encoding="utf-8"))
        except ValueError:
            data = {}
    data[key] = value
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    TIMINGS.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def test_sizes_are_recorded_and_the_one_file_stays_small(bundle):
    info = bundle.info
    assert info["version"] == __version__
    assert bundle.onedir.is_file() and bundle.onefile.is_file()
    assert info["onefile_bytes"] == bundle.onefile.stat().st_size
    assert info["onefile_bytes"] <= ONEFILE_LIMIT, f"one-file build is {info['onefile_bytes'] / 1e6:.1f} MB"


@pytest.mark.parametrize("kind", KINDS)
def test_version_and_selftest(bundle, kind, tmp_path):
    exe = getattr(bundle, kind)
    env = _env(tmp_path)
    assert _run(exe, ["--version"], env).stdout.strip() == f"Entropy Tabletop {__version__}"
    report = json.loads(_run(exe, ["--selftest"], env).stdout)
    assert report["frozen"] is True, "this is the source tree, not the bundle"
    assert report["ok"], json.dumps(report, indent=2)
    worker = report["checks"]["worker"]
    assert worker["pid"] and worker["command"].startswith("Place("), worker
    geometry = report["checks"]["geometry"]  # shapely's GEOS libraries and numpy made it into the bundle
    assert geometry["ok"] and geometry["geos"], geometry


def test_shot_is_the_same_picture_as_from_source(bundle, tmp_path):
    """Same fonts, icons, theme and colours data: the bundle draws exactly what the source draws."""
    args = ["shot", "order-chaos", "--seed", "4", "--plies", "12", "--size", "960x600"]
    env = _env(tmp_path, SDL_VIDEODRIVER="dummy")
    _run(bundle.onedir, [*args, "--out", str(tmp_path / "bundle.png")], env)
    src = subprocess.run([sys.executable, "-m", "game.cli", *args, "--out", str(tmp_path / "source.png")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert src.returncode == 0, src.stderr
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    frozen, source = (pygame.image.load(str(tmp_path / name)) for name in ("bundle.png", "source.png"))
    assert frozen.get_size() == source.get_size() == (960, 600)
    assert pygame.image.tobytes(frozen, "RGBA") == pygame.image.tobytes(source, "RGBA")


def test_bench_render_headless(bundle, tmp_path):
    out = _run(bundle.onedir, ["bench", "render", "order-chaos", "--frames", "60", "--json"],
               _env(tmp_path, SDL_VIDEODRIVER="dummy"))
    result = json.loads(out.stdout)
    assert result["frame_ms"]["median"] > 0
    _record("bench_render_frame_ms_onedir", result["frame_ms"])


def _first_frame(proc: subprocess.Popen[str], timeout: float) -> float | None:
    """The perf_counter() time at which the app printed `first-frame`; None if it never did."""
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if not sel.select(timeout=0.2):
            if proc.poll() is not None:
                return None
            continue
        line = proc.stdout.readline()
        if not line:
            return None
        if line.startswith("first-frame"):
            return time.perf_counter()
    return None


@pytest.mark.parametrize("kind", KINDS)
def test_main_menu_in_a_real_window(bundle, kind, tmp_path, xserver):
    exe = getattr(bundle, kind)
    env = xserver.env(_env(tmp_path, ENTROPY_TABLETOP_REPORT_FIRST_FRAME="1"))
    started = time.perf_counter()
    app = subprocess.Popen([str(exe)], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    try:
        at = _first_frame(app, timeout=60)
        assert at is not None, f"no first frame (exit code {app.poll()}): {app.stderr.read() if app.stderr else ''}"
        seconds = round(at - started, 3)
        _record(f"first_frame_s_{kind}", seconds)
        assert xserver.window_origin(env) is not None, "no window titled Entropy Tabletop"
        time.sleep(1.5)
        shot = tmp_path / f"bundle-menu-{kind}.png"
        assert xserver.screenshot(shot) is not None or shutil.which("import") is None
        keep = os.environ.get("ENTROPY_SMOKE_SHOTS")
        if keep and shot.exists():
            shutil.copy(shot, Path(keep) / shot.name)
        assert app.poll() is None, "the app closed by itself"
        quit_cleanly(app, timeout=20)
        assert seconds < 20, f"{seconds} s to the first frame"
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
