"""Headless pygame for scene tests; user files go to a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def tabletop_home(tmp_path, monkeypatch):
    """ENTROPY_TABLETOP_HOME in a temporary folder, so no test touches the real user dir."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(home))
    return home


@pytest.fixture
def ui_ctx(tabletop_home):
    """A headless AppContext at the default 1280x800 window."""
    from scenes.app import create_context
    from scenes.settings_store import Settings

    from game.core.registry import all_games

    # these tests start games as a returning player: no first-start offer of a guided game
    # (tests/scenes/guide/test_offer.py covers it)
    ctx = create_context(Settings(guides_offered=[g.info.id for g in all_games()]), size=(1280, 800))
    yield ctx
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()
    pygame.quit()
