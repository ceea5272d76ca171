"""Finds bundled files the same way from a source checkout and a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder holding `assets/`: the bundle's unpack dir, or the repo root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return app_root().joinpath("assets", *parts)
