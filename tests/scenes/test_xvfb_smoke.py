"""A real window under Xvfb: click New game, then Start, and check the table appears.

Run with `pytest -m xvfb`. Skipped (with the reason) when Xvfb or xdotool is missing.
The X server and the window/screenshot helpers are the `xserver` fixture (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.gui_process import quit_cleanly

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 800)

# Prints the window-relative centres of "New game" (menu) and "Start" (set-up) at SIZE,
# computed by the same layout code the app runs, headlessly.
COORDS = r"""
import json, os
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
from scenes.app import create_context
from scenes.settings_store import Settings
from scenes.menu import MenuScene
from scenes.setup import SetupScene
ctx = create_context(Settings(), size=(%d, %d))
menu = MenuScene(ctx); ctx.stack.push(menu); ctx.stack.apply_pending()
setup = SetupScene(ctx, None); ctx.stack.push(setup); ctx.stack.apply_pending()
print(json.dumps({"new_game": menu.layout(*ctx.size)["new_game"].center,
                  "start": setup.start_button.rect.center}))
""" % SIZE


def _changed(png: bytes | None, before: bytes | None) -> bytes | None:
    """`png` when it differs from `before` (or there is no screenshot tool: None both), else None."""
    return png if png is not None and png != before else None


def _until(probe, seconds: float = 20.0, step: float = 0.5):
    """`probe()`'s first true value within `seconds`, polled every `step`; its last value otherwise."""
    end = time.monotonic() + seconds
    while True:
        value = probe()
        if value or time.monotonic() > end:
            return value
        time.sleep(step)


def test_new_game_then_start_shows_the_table(tmp_path, xserver):
    home = tmp_path / "home"
    home.mkdir()
    # a returning player: Start opens the table, not the first start's offer of a guided game
    (home / "settings.json").write_text(json.dumps({"guides_offered": [
        "order-chaos", "worlds-collide", "rally", "skirmish", "cosmos"]}), encoding="utf-8")
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    base_env.update(ENTROPY_TABLETOP_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    coords = json.loads(subprocess.run([sys.executable, "-c", COORDS], cwd=ROOT, env=base_env, capture_output=True,
                                       text=True, timeout=60, check=True).stdout.strip().splitlines()[-1])

    app = None
    try:
        env = xserver.env(dict(base_env, SDL_AUDIODRIVER="dummy"))
        blank_png = xserver.screenshot(tmp_path / "blank.png")  # the empty screen, before the app
        app = subprocess.Popen([sys.executable, "-m", "game.cli"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        origin = xserver.window_origin(env)
        assert origin is not None, f"the window never appeared (exit code {app.poll()})"
        time.sleep(1.5)
        # On a busy machine the window can stand empty for a while after it appears: wait for the
        # menu to be drawn before clicking (a CI run at load 10 clicked an empty window).
        menu_png = (xserver.screenshot(tmp_path / "menu.png") if blank_png is None  # no screenshot tool
                    else _until(lambda: _changed(xserver.screenshot(tmp_path / "menu.png"), blank_png)))

        def click(x: int, y: int) -> None:
            subprocess.run(["xdotool", "mousemove", str(origin[0] + x), str(origin[1] + y)], env=env, timeout=5)
            time.sleep(0.3)
            subprocess.run(["xdotool", "click", "1"], env=env, timeout=5)
            time.sleep(1.0)

        click(*coords["new_game"])
        click(*coords["start"])
        time.sleep(2.5)
        assert app.poll() is None, f"the app exited: {app.stderr.read() if app.stderr else ''}"

        def table_shown() -> bool:
            shot = xserver.screenshot(tmp_path / "table.png")
            return any((home / "autosaves").glob("*.json")) or _changed(shot, menu_png) is not None

        _until(table_shown, 0.0 if menu_png is None else 20.0)
        table_png = (tmp_path / "table.png").read_bytes() if (tmp_path / "table.png").exists() else None
        keep = os.environ.get("ENTROPY_SMOKE_SHOTS")  # a folder to keep the screenshots in, for people
        if keep:
            for name in ("menu.png", "table.png"):
                if (tmp_path / name).exists():
                    shutil.copy(tmp_path / name, Path(keep) / f"smoke-{name}")
        autosave = any((home / "autosaves").glob("*.json"))
        assert autosave or (menu_png is not None and table_png is not None and menu_png != table_png), \
            "neither an autosave nor a changed screen after Start"

        quit_cleanly(app, timeout=15)
    finally:
        if app is not None and app.poll() is None:
            app.kill()
            app.wait()
