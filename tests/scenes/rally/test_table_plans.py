"""A computer's plan at the Rally table: its program is played card by card - the same commands
a person's gestures make, no `SetProgram` - each step after the last one's pace, while the
window keeps drawing frames."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.rally.commands import FinishPlanning, ProgramCard, SetProgram
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.flow import PLAN_STEP_SECONDS
from scenes.table import TableScene
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context
from tests.scenes.rally.test_table_rally import played_until, ready


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast", ai_watch_delay=0.0) as context:
        yield context


def planning_table(ctx: AppContext) -> tuple[Match, TableScene]:
    match = played_until(3, ["human", "greedy"], lambda s: s.phase == "planning" and s.to_act() == [0, 1])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    ready(ctx)
    return match, scene


def test_the_computers_program_is_played_card_by_card_at_a_pace_a_person_can_follow(ctx: AppContext) -> None:
    match, scene = planning_table(ctx)
    assert scene.acting_human() == 0
    n = len(match.commands)
    assert scene.play(FinishPlanning(0))  # the person is done at once: the computer's steps are seen
    stamps: list[tuple[float, Any]] = []
    for _ in range(2000):
        seen = len(match.commands)
        step(ctx, [], DT)
        stamps.extend((scene.time, c) for c in match.commands[seen:])
        state = match.state
        assert isinstance(state, RallyState)
        if state.done[1] or state.phase != "planning":
            break
    mine = [(t, c) for t, c in stamps if c.seat == 1]
    assert mine and isinstance(mine[-1][1], FinishPlanning)
    assert any(isinstance(c, ProgramCard) for _, c in mine)
    assert not any(isinstance(c, SetProgram) for c in match.commands[n:])
    assert all(isinstance(c, (ProgramCard, FinishPlanning)) for _, c in mine)
    gaps = [b - a for (a, _), (b, _) in zip(mine, mine[1:])]
    assert gaps and min(gaps) >= PLAN_STEP_SECONDS - 1e-6  # one by one, not all in one frame
