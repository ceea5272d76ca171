"""Undo while the computer thinks about its answer to the person's move (play-test: a mistake seen
right after moving waited ~1.3 s for a greyed Undo): it is lit, takes the person's move back at
once, and the computer's withdrawn answer is never played."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import Target
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, at, click, drag
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def placed_and_answered(ctx: AppContext) -> tuple[TableScene, int]:
    """The person (Chaos) has placed a counter and the computer's answer waits to be shown (it
    'thinks' at least `AI_MIN_SECONDS`); the table and the history's length before the place."""
    match = Match(get_game("order-chaos"), {}, 11, ["greedy", "human"])
    scene = TableScene(ctx, match, use_process=False)  # the worker answers at once: no timing luck
    ctx.stack.push(scene)
    for _ in range(100):
        step(ctx, [], DT)
        if scene.acting_human() == 1 and not scene.animator.busy:
            break
    n = len(match.commands)
    drag(ctx, at(scene, Target("drawn")), at(scene, Target("cell", (2, 4))))
    assert len(match.commands) == n + 1
    for _ in range(40):
        if scene.flow.pending is not None:
            break
        step(ctx, [], 0.02)
    assert scene.flow.pending is not None and scene.flow.pending.played == 0
    return scene, n


def test_undo_is_lit_while_the_computer_thinks_and_takes_the_move_back(ctx: AppContext) -> None:
    scene, n = placed_and_answered(ctx)
    assert scene.computer_only_thinking() and scene.ai_to_act() == 0
    assert scene.btn_undo.enabled and "stops thinking" in scene.btn_undo.tooltip
    click(ctx, (scene.btn_undo.rect.centerx, scene.btn_undo.rect.centery))
    assert len(scene.match.commands) == n and scene.acting_human() == 1
    assert "taken back" in scene.status_text
    assert scene.flow.pending is None and not scene.ai.busy and scene.ai.poll() is None
    for _ in range(40):  # the answer withdrawn is never played, nothing is asked
        step(ctx, [], DT)
    assert len(scene.match.commands) == n and scene.acting_human() == 1


def test_once_the_computer_has_played_undo_waits_for_its_move(ctx: AppContext) -> None:
    """Its counter flying in is its move under way: Undo is greyed and says so, as before."""
    scene, n = placed_and_answered(ctx)
    for _ in range(40):
        step(ctx, [], DT)
        if len(scene.match.commands) > n + 1:
            break
    assert scene.match.commands[-1].seat == 0 and scene.animator.busy
    assert not scene.computer_only_thinking()
    assert not scene.btn_undo.enabled and "Undo comes back" in scene.btn_undo.tooltip
