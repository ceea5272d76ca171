"""Where the app keeps user files: settings, autosave, saves, crash logs.

Pure (no pygame) so the CLI and the screens share one answer. The folder can be
moved with ENTROPY_TABLETOP_HOME (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "entropy-tabletop"


def user_data_dir() -> Path:
    override = os.environ.get("ENTROPY_TABLETOP_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir as _platform_dir

        path = Path(_platform_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def autosave_path() -> Path:
    """Earlier versions' single autosave (every game wrote here, so a new game replaced an
    unfinished one); `autosaves.adopt_legacy` moves it into `autosaves_dir()` at start."""
    return user_data_dir() / "autosave.json"


def autosaves_dir() -> Path:
    """One autosave per match, rewritten after every command (see `game.core.autosaves`)."""
    path = user_data_dir() / "autosaves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = user_data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def crash_log_path() -> Path:
    return user_data_dir() / "crash.log"
