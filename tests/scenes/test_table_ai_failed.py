"""A computer player whose move fails: the table says so and offers a way on, never hangs.

The failing agent is injected where the worker makes agents (in-process worker, so the
failure arrives as the worker's AgentError, as it does from the real process)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import game.ai.worker as worker_module
from game.core.match import Match
from game.core.registry import get_game
from scenes.ai_failed import AiFailedScene
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


class Broken:
    """Fails the first `failures` requests the way a bug in an agent does, then plays for real."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls = 0
        self.real = worker_module.make_agent

    def __call__(self, level: str, game_id: str, seed: int) -> Any:
        self.calls += 1
        if self.calls <= self.failures:
            return self

        return self.real(level, game_id, seed)

    def choose(self, state: Any, seat: int) -> Any:
        return state.no_such_thing  # AttributeError, as seen in a real game


def open_failing(ctx: AppContext, monkeypatch: pytest.MonkeyPatch, failures: int) -> tuple[TableScene, Broken]:
    broken = Broken(failures)
    monkeypatch.setattr(worker_module, "make_agent", broken)
    match = Match(get_game("order-chaos"), {}, 3, ["human", "greedy"])  # the computer is Chaos: it starts
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(400):
        step(ctx, [], DT)
        if isinstance(ctx.stack.scenes[-1], AiFailedScene):
            break
    return scene, broken


def card(ctx: AppContext) -> AiFailedScene:
    top = ctx.stack.scenes[-1]
    assert isinstance(top, AiFailedScene)
    return top


def test_a_failed_move_shows_a_card_and_the_game_waits_unchanged(ctx: AppContext,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    scene, broken = open_failing(ctx, monkeypatch, failures=99)
    shown = card(ctx)
    assert shown.who == "Computer" and "AttributeError" in shown.detail
    before = (len(scene.match.commands), scene.match.state.notation())
    for _ in range(120):  # two seconds: the seat is not asked again behind the card
        step(ctx, [], DT)
    assert broken.calls == 1
    assert (len(scene.match.commands), scene.match.state.notation()) == before
    assert scene.ai_failed == {1} and not scene.ai.busy


def test_try_again_plays_the_move_once_the_agent_recovers(ctx: AppContext,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    scene, broken = open_failing(ctx, monkeypatch, failures=1)
    n = len(scene.match.commands)
    key(ctx, pygame.K_RETURN)  # Enter = Try again
    for _ in range(400):
        step(ctx, [], DT)
        if any(c.seat == 1 for c in scene.match.commands[n:]):
            break
    assert any(c.seat == 1 for c in scene.match.commands[n:])
    assert broken.calls == 2 and not scene.ai_failed
    assert not any(isinstance(s, AiFailedScene) for s in ctx.stack.scenes)


def test_failing_again_brings_the_card_back(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, broken = open_failing(ctx, monkeypatch, failures=2)
    card(ctx).retry()
    for _ in range(200):
        step(ctx, [], DT)
        if isinstance(ctx.stack.scenes[-1], AiFailedScene):
            break
    assert broken.calls == 2 and card(ctx) is not None


def test_play_this_seat_yourself_hands_the_seat_to_a_person(ctx: AppContext,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    scene, broken = open_failing(ctx, monkeypatch, failures=99)
    before = scene.match.state.notation()
    card(ctx).take_over()
    for _ in range(30):
        step(ctx, [], DT)
    assert scene.match.seats == ["human", "human"]
    assert scene.match.to_act() == [1] and scene.acting_human() == 1
    assert scene.names == ["Player 1", "Player 2"] and scene.match.state.notation() == before
    assert broken.calls == 1 and scene.match.to_json()["seats"] == ["human", "human"]


def test_esc_on_the_card_opens_the_pause_menu_over_it(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.pause import PauseScene

    open_failing(ctx, monkeypatch, failures=99)
    key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.scenes[-1], PauseScene)
    key(ctx, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.scenes[-1], AiFailedScene)
