"""Play-test (issue 13, seventh session): at 1024x640 the status bar's Environment and mission
lines were shrunk to 9-10 px to keep them on one row each. Every Environment entry of every
faction, with every mission, reads at 11 px or more at 1024x640 and 1280x720, whole (the bar
takes a fourth row where the window is narrow, the Environment's penalty on a row of its own)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.skirmish.game import SKIRMISH
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.views.skirmish import hud
from scenes.views.skirmish.layout import lay_out
from tests.scenes.table_context import table_context

PLAY_AREAS = {"1024x640": pygame.Rect(0, 60, 750, 520), "1280x720": pygame.Rect(0, 60, 960, 600)}


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


@pytest.mark.parametrize("area", list(PLAY_AREAS.values()), ids=list(PLAY_AREAS))
def test_every_environment_and_mission_reads_at_eleven_px_or_more(ctx: AppContext, monkeypatch: pytest.MonkeyPatch,
                                                                  area: pygame.Rect) -> None:
    drawn: list[tuple[str, int]] = []
    shrink = hud.shrink_to_fit

    def recorded(text: Any, line: str, size: int, width: int, kind: str = "regular", smallest: int = 9) -> Any:
        shown, used = shrink(text, line, size, width, kind, smallest)
        drawn.append((shown, used))
        return shown, used

    monkeypatch.setattr(hud, "shrink_to_fit", recorded)
    content = SKIRMISH.content  # type: ignore[attr-defined]
    state = SKIRMISH.new({}, 1)
    view = dict(state.view(0))
    lay = lay_out(area)
    text = TextCache(ctx.font)
    factions = list(content.factions)
    for mission in content.missions:
        for fid in factions:
            for roll in range(1, 7):
                v = dict(view, mission=mission, factions=[fid, fid], environment={"side": 0, "roll": roll})
                hud.bar_surface(tuple(hud.bar_lines(v, ["Player 1", "Player 2"], content)), lay.bar.size, text,
                                lay.fs, (200, 200, 200))
    assert len(drawn) >= 3 * len(content.missions) * len(factions) * 6
    small = sorted({(size, line) for line, size in drawn if size < hud.MIN_BAR_TEXT or line.endswith("...")})
    assert not small, small[:10]


def test_a_finished_games_bar_does_not_wait_for_an_environment() -> None:
    """Play-test (thirteenth session): the end screen's bar said "Environment: none yet this
    round", as if the game went on."""
    state = SKIRMISH.new({}, 1)
    view = state.view(0)
    content = SKIRMISH.content  # type: ignore[attr-defined]
    assert hud.bar_lines(view, ["A", "B"], content)[1] == "Environment: none yet this round"
    view = dict(view, phase="over", environment=None)
    assert hud.bar_lines(view, ["A", "B"], content)[1] == "Environment: none (the game is over)"
