"""An action button pressed while a move is still being shown ends the showing at once and says
to press again, which plays (helper's note, seventeenth session: during a Redo's half-time, Order
& Chaos's Pass button was lit but presses on it did nothing, silently; play-test, eighteenth
session: a Pass pressed as the computer's counter landed was played unseen)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.order_chaos.commands import Pass
from game.order_chaos.state import ORDER
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import click
from tests.scenes.oc_greedy_match import greedy_match_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def test_pass_pressed_while_a_move_is_shown_shows_it_then_passes(ctx: AppContext) -> None:
    match, _ = greedy_match_until(4, lambda m, actors: actors[0] == 1 and m.state.phase == ORDER)  # type: ignore[attr-defined]
    scene = TableScene(ctx, match)
    ctx.stack.push(scene)
    try:
        step(ctx, [], 0.05)
        scene.animator.add(5.0, "shown", scale=False)  # a long showing: a half-time banner
        step(ctx, [], 0.05)
        assert scene.animator.busy
        button = next(b for b in scene.action_buttons if b.label == "Pass")
        assert button.enabled
        played = len(match.commands)
        click(ctx, button.rect.center)
        assert not scene.animator.busy, "the showing ends at the press"
        assert len(match.commands) == played and "press Pass again" in scene.status_text
        button = next(b for b in scene.action_buttons if b.label == "Pass")
        click(ctx, button.rect.center)
        assert len(match.commands) > played and isinstance(match.commands[played], Pass)
    finally:
        scene.ai.close()
