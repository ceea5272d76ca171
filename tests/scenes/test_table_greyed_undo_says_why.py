"""A click on a greyed Undo or Redo says why it cannot run (play-test, eighteenth session: Undo
clicked just as the computer's counter landed, while it was grey for that moment, did nothing
and said nothing)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, click
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def test_a_click_on_a_greyed_undo_or_redo_says_why(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    try:
        step(ctx, [], DT)
        for button, refusal in ((scene.btn_undo, scene.undo_refusal()), (scene.btn_redo, scene.redo_refusal())):
            assert not button.enabled and refusal
            played = len(match.commands)
            click(ctx, button.rect.center)
            assert scene.status_text == refusal and scene.status_error
            assert len(match.commands) == played
    finally:
        scene.ai.close()
