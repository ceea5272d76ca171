"""Shared fixtures for every test folder.

`xserver`: a private Xvfb display for real-window smoke tests (tests/scenes/test_xvfb_smoke.py
runs the app from source, tests/build/test_bundle.py the PyInstaller build). The test is
skipped, with the reason, when Xvfb or xdotool is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")
"""Property tests assert what holds, never how fast: on a busy 2-core machine a single example
could pass hypothesis's default 200 ms deadline and fail the run for no fault of the code."""

APP_TITLE = "Entropy Tabletop"


class XServer:
    """A running Xvfb: its DISPLAY, and how to find the app's window and photograph the screen."""

    def __init__(self, display: str) -> None:
        self.display = display

    def env(self, base: dict[str, str]) -> dict[str, str]:
        return dict(base, DISPLAY=self.display)

    def window_origin(self, env: dict[str, str], title: str = APP_TITLE,
                      timeout: float = 20.0) -> tuple[int, int] | None:
        """Top-left corner of the window named `title` (xwininfo; xdotool search as a fallback)."""
        deadline = time.time() + timeout
        pattern = re.compile(r'"' + re.escape(title) + r'".*?\d+x\d+\+-?\d+\+-?\d+\s+\+(-?\d+)\+(-?\d+)')
        while time.time() < deadline:
            if shutil.which("xwininfo"):
                r = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True, timeout=5)
                m = pattern.search(r.stdout)
                if m:
                    return int(m.group(1)), int(m.group(2))
            r = subprocess.run(["xdotool", "search", "--name", title, "getwindowgeometry", "--shell"],
                               env=env, capture_output=True, text=True, timeout=5)
            geo = dict(line.split("=", 1) for line in r.stdout.split() if "=" in line)
            if "X" in geo and "Y" in geo:
                return int(geo["X"]), int(geo["Y"])
            time.sleep(0.3)
        return None

    def screenshot(self, out: Path) -> bytes | None:
        """The whole screen as a PNG (ImageMagick's `import`), or None without it."""
        tool = shutil.which("import")
        if tool is None:
            return None
        subprocess.run([tool, "-display", self.display, "-window", "root", str(out)], timeout=10,
                       capture_output=True)
        return out.read_bytes() if out.exists() else None


def _free_display() -> int:
    for n in range(140, 240):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    pytest.skip("no free X display number")


@pytest.fixture
def xserver() -> Iterator[XServer]:
    for tool in ("Xvfb", "xdotool"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt-get install xvfb xdotool imagemagick)")
    n = _free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.1)
        else:
            pytest.skip("Xvfb did not start")
        yield XServer(f":{n}")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
