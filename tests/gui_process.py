"""Ending a real-window app started by a smoke test, and checking it ended cleanly."""

from __future__ import annotations

import signal
import subprocess

import pytest


def quit_cleanly(app: subprocess.Popen[str], timeout: float) -> None:
    """SIGTERM the app (SDL turns it into a QUIT event) and assert a clean exit, no traceback."""
    app.send_signal(signal.SIGTERM)
    try:
        _, err = app.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        app.kill()
        _, err = app.communicate()
        pytest.fail("the app did not quit on SIGTERM")
    assert "Traceback" not in err, err
    assert app.returncode == 0, err
