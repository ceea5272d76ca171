"""A real window under Xvfb: click New game, then Start, and check the table appears.

Run with `pytest -m xvfb`. Skipped (with the reason) when Xvfb or xdotool is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

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


def _free_display() -> int:
    for n in range(140, 240):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    pytest.skip("no free X display number")


def _screenshot(display: str, out: Path) -> bytes | None:
    tool = shutil.which("import")
    if tool is None:
        return None
    subprocess.run([tool, "-display", display, "-window", "root", str(out)], timeout=10,
                   capture_output=True)
    return out.read_bytes() if out.exists() else None


def _window(env: dict) -> tuple[int, int] | None:
    """Top-left corner of the app's window on the X screen (xwininfo; xdotool search as a fallback)."""
    deadline = time.time() + 20
    while time.time() < deadline:
        if shutil.which("xwininfo"):
            r = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True, timeout=5)
            m = re.search(r'"Entropy Tabletop".*?\d+x\d+\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)', r.stdout)
            if m:
                return int(m.group(1)), int(m.group(2))
        r = subprocess.run(["xdotool", "search", "--name", "Entropy Tabletop", "getwindowgeometry", "--shell"],
                           env=env, capture_output=True, text=True, timeout=5)
        geo = dict(line.split("=", 1) for line in r.stdout.split() if "=" in line)
        if "X" in geo and "Y" in geo:
            return int(geo["X"]), int(geo["Y"])
        time.sleep(0.3)
    return None


def test_new_game_then_start_shows_the_table(tmp_path):
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install xvfb xdotool imagemagick)")
    home = tmp_path / "home"
    home.mkdir()
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    base_env.update(ENTROPY_TABLETOP_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    coords = json.loads(subprocess.run([sys.executable, "-c", COORDS], cwd=ROOT, env=base_env, capture_output=True,
                                       text=True, timeout=60, check=True).stdout.strip().splitlines()[-1])

    n = _free_display()
    display = f":{n}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = None
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.1)
        else:
            pytest.skip("Xvfb did not start")
        env = dict(base_env, DISPLAY=display, SDL_AUDIODRIVER="dummy")
        app = subprocess.Popen([sys.executable, "-m", "game.cli"], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        origin = _window(env)
        assert origin is not None, f"the window never appeared (exit code {app.poll()})"
        time.sleep(1.5)
        menu_png = _screenshot(display, tmp_path / "menu.png")

        def click(x: int, y: int) -> None:
            subprocess.run(["xdotool", "mousemove", str(origin[0] + x), str(origin[1] + y)], env=env, timeout=5)
            time.sleep(0.3)
            subprocess.run(["xdotool", "click", "1"], env=env, timeout=5)
            time.sleep(1.0)

        click(*coords["new_game"])
        click(*coords["start"])
        time.sleep(2.5)
        assert app.poll() is None, f"the app exited: {app.stderr.read() if app.stderr else ''}"
        table_png = _screenshot(display, tmp_path / "table.png")
        keep = os.environ.get("ENTROPY_SMOKE_SHOTS")  # a folder to keep the screenshots in, for people
        if keep:
            for name in ("menu.png", "table.png"):
                if (tmp_path / name).exists():
                    shutil.copy(tmp_path / name, Path(keep) / f"smoke-{name}")
        autosave = home / "autosave.json"
        assert autosave.exists() or (menu_png is not None and table_png is not None and menu_png != table_png), \
            "neither an autosave nor a changed screen after Start"

        app.send_signal(signal.SIGTERM)  # SDL turns SIGTERM into a QUIT event: a clean exit
        try:
            _, err = app.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            app.kill()
            _, err = app.communicate()
            pytest.fail("the app did not quit on SIGTERM")
        assert "Traceback" not in err, err
        assert app.returncode == 0, err
    finally:
        if app is not None and app.poll() is None:
            app.kill()
            app.wait()
        xvfb.terminate()
        xvfb.wait(timeout=10)
