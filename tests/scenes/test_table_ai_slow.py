"""A computer player that never answers: after TOO_LONG_SECONDS (shortened here) the table asks
'keep waiting, try again, or play this seat yourself', and a worker process that died is said
at once - never 'thinking' for ever. Two kinds of silence are injected: a worker that never
answers (the logic, fast), and the real worker process stopped with SIGSTOP (a true hang) or
killed with SIGKILL (it died)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

import scenes.ai_driver as driver_module
from game.ai.agents import make_agent
from game.core.match import Match
from game.core.protocol import Command, Seat, State
from game.core.registry import get_game
from scenes.ai_failed import SLOW, STOPPED, AiFailedScene
from scenes.app import AppContext, next_frame_in, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, key
from tests.scenes.table_context import table_context

LIMIT = 0.3
"""The shortened limit (seconds of real time) for the tests."""


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


class Silent:
    """A worker whose first `hangs` requests are never answered (as from a process stuck in a
    loop); later ones are answered at once by the random agent. Records every call."""

    def __init__(self, hangs: int) -> None:
        self.hangs = hangs
        self.asked: list[int] = []
        self.cancelled = 0
        self._ready: tuple[Command, ...] | None = None

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        self.asked.append(seed)
        if len(self.asked) > self.hangs:
            self._ready = make_agent("random", "order-chaos", seed).plan(state.clone(), seat)
        return len(self.asked)

    def poll(self) -> tuple[Command, ...] | None:
        ready, self._ready = self._ready, None
        return ready

    def cancel(self) -> None:
        self.cancelled += 1
        self._ready = None

    def close(self) -> None:
        self._ready = None


def run_until(ctx: AppContext, done: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Frames with real time passing (the limit is on the real clock) until `done()`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step(ctx, [], DT)
        if done():
            return True
        time.sleep(0.01)
    return False


def top(ctx: AppContext) -> Any:
    return ctx.stack.scenes[-1]


def card_up(ctx: AppContext) -> bool:
    return isinstance(top(ctx), AiFailedScene)


def open_silent(ctx: AppContext, monkeypatch: pytest.MonkeyPatch, hangs: int) -> tuple[TableScene, Silent]:
    monkeypatch.setattr(driver_module, "TOO_LONG_SECONDS", LIMIT)
    match = Match(get_game("order-chaos"), {}, 3, ["human", "greedy"])  # the computer is Chaos: it starts
    scene = TableScene(ctx, match, use_process=False)
    silent = Silent(hangs)
    scene.ai.worker = silent
    ctx.stack.push(scene)
    assert run_until(ctx, lambda: scene.ai.busy)  # (after the opening draw) the computer is asked
    return scene, silent


def position(scene: TableScene) -> tuple[int, str]:
    return len(scene.match.commands), scene.match.state.notation()


def test_a_silent_computer_gets_the_card_and_the_game_is_unchanged(ctx: AppContext,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    scene, silent = open_silent(ctx, monkeypatch, hangs=99)
    before = position(scene)
    started = time.monotonic()
    assert run_until(ctx, lambda: card_up(ctx))
    assert time.monotonic() - started >= LIMIT  # not before the limit
    card = top(ctx)
    assert card.kind == SLOW and card.who == "Computer"
    assert card.words()[0] == "Computer is taking too long"
    assert position(scene) == before and len(silent.asked) == 1
    assert next_frame_in(ctx) <= 1.0  # the seconds on the card count up: the window keeps drawing
    for _ in range(20):
        step(ctx, [], DT)
    assert position(scene) == before and card_up(ctx) and len(silent.asked) == 1


def test_keep_waiting_closes_the_card_and_asks_again_only_after_another_limit(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, silent = open_silent(ctx, monkeypatch, hangs=99)
    assert run_until(ctx, lambda: card_up(ctx))
    key(ctx, pygame.K_RETURN)  # Enter = Keep waiting
    step(ctx, [], DT)
    closed_at = time.monotonic()
    assert not card_up(ctx) and scene.ai.thinking and silent.cancelled == 0
    assert next_frame_in(ctx) <= 1 / 12 + 1e-9  # 'thinking' dots turn again
    assert run_until(ctx, lambda: card_up(ctx))
    assert time.monotonic() - closed_at >= LIMIT
    assert len(silent.asked) == 1  # the same request, waited on: never asked twice


def test_try_again_ends_the_stuck_request_and_asks_afresh(ctx: AppContext,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    scene, silent = open_silent(ctx, monkeypatch, hangs=1)
    assert run_until(ctx, lambda: card_up(ctx))
    n = len(scene.match.commands)
    top(ctx).retry()
    assert run_until(ctx, lambda: any(c.seat == 1 for c in scene.match.commands[n:]))
    assert silent.cancelled == 1 and len(silent.asked) == 2
    assert silent.asked[0] != silent.asked[1]  # another seed
    assert not any(isinstance(s, AiFailedScene) for s in ctx.stack.scenes)


def test_play_this_seat_yourself_ends_the_request_and_hands_over(ctx: AppContext,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    scene, silent = open_silent(ctx, monkeypatch, hangs=99)
    assert run_until(ctx, lambda: card_up(ctx))
    before = position(scene)
    top(ctx).take_over()
    for _ in range(20):
        step(ctx, [], DT)
    assert scene.match.seats == ["human", "human"] and scene.acting_human() == 1
    assert silent.cancelled == 1 and not scene.ai.busy and position(scene) == before


def test_a_late_answer_closes_the_card_and_is_played(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, silent = open_silent(ctx, monkeypatch, hangs=99)
    assert run_until(ctx, lambda: card_up(ctx))
    n = len(scene.match.commands)
    silent._ready = make_agent("random", "order-chaos", 1).plan(scene.match.state.clone(), 1)
    assert run_until(ctx, lambda: any(c.seat == 1 for c in scene.match.commands[n:]))
    assert not any(isinstance(s, AiFailedScene) for s in ctx.stack.scenes)


def test_a_stuck_hint_is_dropped_with_a_word(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver_module, "TOO_LONG_SECONDS", LIMIT)
    match = Match(get_game("order-chaos"), {}, 3, ["greedy", "human"])  # the person (seat 1) is Chaos: starts
    scene = TableScene(ctx, match, use_process=False)
    silent = Silent(99)
    scene.ai.worker = silent
    ctx.stack.push(scene)
    step(ctx, [], DT)
    scene.request_hint()
    assert run_until(ctx, lambda: not scene.ai.busy)
    assert "hint took too long" in scene.status_text and not card_up(ctx)
    assert silent.cancelled == 1 and scene.acting_human() == 1  # the person still has the move


# --- the real worker process ------------------------------------------------------------------

needs_signals = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP / SIGKILL")


def open_real(ctx: AppContext) -> TableScene:
    match = Match(get_game("order-chaos"), {}, 4, ["human", "hard"])
    scene = TableScene(ctx, match, use_process=True)
    ctx.stack.push(scene)
    assert run_until(ctx, lambda: scene.ai.busy and scene.ai.worker._proc is not None)  # type: ignore[attr-defined]
    return scene


@needs_signals
def test_a_killed_worker_process_is_said_at_once_and_try_again_starts_another(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_real(ctx)
    try:
        before = position(scene)
        first = scene.ai.worker._proc  # type: ignore[attr-defined]
        os.kill(first.pid, signal.SIGKILL)
        killed_at = time.monotonic()
        assert run_until(ctx, lambda: card_up(ctx))
        assert time.monotonic() - killed_at < 5.0  # at once, not after TOO_LONG_SECONDS
        card = top(ctx)
        assert card.kind == STOPPED and "stopped" in card.words()[0] and "ended before it answered" in card.detail
        assert position(scene) == before
        card.retry()
        assert run_until(ctx, lambda: any(c.seat == 1 for c in scene.match.commands), seconds=60)
        assert scene.ai.worker._proc is not first  # type: ignore[attr-defined]
    finally:
        scene.ai.close()


@needs_signals
def test_a_hung_worker_process_gets_the_card_and_try_again_replaces_it(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver_module, "TOO_LONG_SECONDS", 1.0)
    scene = open_real(ctx)
    first = scene.ai.worker._proc  # type: ignore[attr-defined]
    try:
        os.kill(first.pid, signal.SIGSTOP)  # alive, but it will never answer
        assert run_until(ctx, lambda: card_up(ctx))
        assert top(ctx).kind == SLOW and first.is_alive()
        monkeypatch.setattr(driver_module, "TOO_LONG_SECONDS", 120.0)  # the fresh process may take its time
        t0 = time.perf_counter()
        top(ctx).retry()
        step(ctx, [], DT)
        assert time.perf_counter() - t0 < 1.0  # ending the stuck process does not freeze the window
        assert run_until(ctx, lambda: any(c.seat == 1 for c in scene.match.commands), seconds=60)
        assert not first.is_alive() and scene.ai.worker._proc is not first  # type: ignore[attr-defined]
    finally:
        if first.is_alive():
            os.kill(first.pid, signal.SIGKILL)
        scene.ai.close()
