"""Crash reports: what the app writes when something unexpected stops the GUI.

Pure (no pygame): the screens call `write_crash_log` from their last-resort
handler (scenes.launch), and the text is plain so a player can attach it to a
bug report. Only the latest crash is kept (`crash.log` in the user data folder);
if that folder cannot be written, the report goes to the temp folder instead.
"""

from __future__ import annotations

import datetime
import platform
import sys
import tempfile
import traceback
from pathlib import Path

from game.core import paths


def crash_report(exc: BaseException, version: str) -> str:
    """The text of a crash log: when, which build, on what, and the traceback."""
    frozen = "bundle (PyInstaller)" if getattr(sys, "frozen", False) else "source"
    lines = [
        "Entropy Tabletop crash report",
        f"time:     {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"version:  {version} ({frozen})",
        f"platform: {platform.platform()}",
        f"python:   {platform.python_version()} ({platform.python_implementation()})",
        f"command:  {' '.join(sys.argv)}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def write_crash_log(exc: BaseException, version: str) -> Path:
    """Write the report to paths.crash_log_path() (or the temp folder) and return where it went."""
    text = crash_report(exc, version)
    try:
        path = paths.crash_log_path()
        path.write_text(text, encoding="utf-8")
        return path
    except OSError:
        fallback = Path(tempfile.gettempdir()) / "entropy-tabletop-crash.log"
        fallback.write_text(text, encoding="utf-8")
        return fallback
