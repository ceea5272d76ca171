"""Hot-seat Rally: the screen changes hands only when it must.

The play-test of issue 17 saw era 2 hand the screen to Player 1 and back: Player 2 split its
energy, planning then asked both seats, and the table called the first seat in order."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.handoff import HandoffScene
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import played_until
from tests.scenes.table_context import table_context
from tools.rally_playtest import choose


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast", ai_watch_delay=0.0,
                       key_moment_stops=False) as context:
        yield context


def test_the_seat_that_split_its_energy_plans_next_without_handing_the_screen_away_and_back(
        ctx: AppContext) -> None:
    from scenes.table import TableScene

    # seed 2: in era 2 only Player 2 owns two ships, so only Player 2 splits energy
    match = played_until(2, ["human", "human"], lambda s: s.era == 2 and s.phase == "distribute")
    state = match.state
    assert isinstance(state, RallyState) and match.to_act() == [1]
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    rng = random.Random(5)
    handed_to: list[int] = []
    decided_by: list[int] = []
    for _ in range(600):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        top = ctx.stack.top
        if isinstance(top, HandoffScene):
            top.ready()
            ctx.stack.apply_pending()
            step(ctx, [], DT)
            assert scene.flow.shown is not None
            handed_to.append(scene.flow.shown)
            continue
        state = match.state
        assert isinstance(state, RallyState)
        if state.phase not in ("distribute", "planning"):
            break
        actor = scene.acting_human()
        if actor is not None and not scene.animator.busy:
            decided_by.append(actor)
            assert scene.play(choose(state, actor, rng))
    assert decided_by[:2] == [1, 1], "Player 2 splits its energy, then plans on the same screen"
    assert handed_to == [1, 0], "one hand-off to Player 2, then one to Player 1: never 2 -> 1 -> 2"
