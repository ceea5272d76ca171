"""The Order & Chaos tournament clock at the table: it runs only on the acting person's own
decision (not while the computer thinks, the pause menu is up or a move is still moving), is shown
beside each person's name, and a fallen flag ends the match as the rules say."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Place, TimeUp
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def open_timed(ctx: AppContext, seats: list[str], minutes: int = 5) -> TableScene:
    match = Match(get_game("order-chaos"), {"clock": minutes}, 8, seats)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(200):  # until the first counter is drawn and has landed: a person decides
        step(ctx, [], 1 / 60)
        if not scene.animator.busy and not by_itself(match.to_act()) and scene.acting_human() is not None:
            break
    return scene


def frames(ctx: AppContext, n: int, dt: float = 0.5) -> None:
    for _ in range(n):
        step(ctx, [], dt)


def used(scene: TableScene) -> list[float]:
    assert scene.match.clock is not None
    return [round(u, 6) for u in scene.match.clock.used_s]


def test_the_clock_runs_on_the_persons_decision_only(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_timed(ctx, ["greedy", "human"])  # the person is Chaos in half 1: they decide first
    monkeypatch.setattr(scene.flow, "ask", lambda *args, **kwargs: None)  # the computer thinks for ever
    start = used(scene)[1]
    frames(ctx, 10)
    assert used(scene) == [0.0, start + 5.0]
    scene.open_pause()
    frames(ctx, 10)  # paused: nobody's time
    assert used(scene) == [0.0, start + 5.0]
    step(ctx, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 1 / 60)
    frames(ctx, 1, 0.25)
    thought = used(scene)[1]
    assert thought >= start + 5.0
    assert scene.play(Place(1, (3, 3)))
    frames(ctx, 20)  # the counter lands, then the computer (Order) thinks: not on anybody's clock
    assert scene.match.to_act() == [0] and scene.ai_to_act() == 0
    assert used(scene) == [0.0, thought]


def test_each_persons_time_is_shown_beside_their_name(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_timed(ctx, ["human", "human"], minutes=10)
    assert scene.match.clock is not None
    scene.match.clock.used_s = [65.0, 500.2]
    drawn: list[str] = []
    real = scene.text.render

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(scene.text, "render", spy)
    scene.draw(ctx.screen)
    assert "8:55" in drawn and "1:40" in drawn  # 600 - 65 s, 600 - 500.2 s


def test_a_fallen_flag_ends_the_match_at_the_table(ctx: AppContext) -> None:
    scene = open_timed(ctx, ["human", "human"], minutes=5)
    seat = scene.acting_human()
    assert seat is not None and scene.match.clock is not None
    scene.match.clock.used_s[seat] = 299.0
    frames(ctx, 3)
    assert scene.match.commands[-1] == TimeUp(seat)
    assert scene.match.state.is_over() and scene.match.state.winners() == [1 - seat]
    assert "ran out of time" in scene.status_text
    assert any("ran out of time" in text for text, _ in scene.log.lines)
    assert scene.undo_refusal() == "Can't undo: the time ran out, and a fallen flag is final."
