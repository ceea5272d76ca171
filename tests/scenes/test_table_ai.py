"""Computer seats move through the worker process while the table keeps drawing frames."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def test_ai_seat_moves_through_the_worker_while_frames_draw(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 5, ["human", "greedy"])
    scene = TableScene(ctx, match, use_process=True)
    ctx.stack.push(scene)
    frames = 0
    thinking_frames = 0
    deadline = time.monotonic() + 25
    try:
        while time.monotonic() < deadline:
            step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(frames % 500, 300), rel=(1, 0), buttons=(0, 0, 0))],
                 1 / 60)
            frames += 1
            if scene.ai.thinking:
                thinking_frames += 1
            if any(c.seat == 1 for c in match.commands):
                break
            time.sleep(0.005)
        assert any(c.seat == 1 for c in match.commands), "the AI never moved"
        # frames kept coming while the search ran (a frame blocked on it would see it think once
        # at most); how long a frame takes is measured by `bench render --thinking`, not asserted
        # here (a 1 s limit failed at load 22-25)
        assert thinking_frames >= 3, "frames must keep coming while the AI thinks"
        assert scene.ai.worker.in_process  # type: ignore[attr-defined]
    finally:
        scene.ai.close()


def test_escape_and_undo_while_the_ai_thinks(ctx: AppContext) -> None:
    """Esc opens the pause menu while the computer thinks; Undo is lit while the computer only
    thinks and takes the person's move back at once (play-test: a mistake seen right after moving
    waited ~1.3 s for a greyed Undo): the computer's question is withdrawn, no answer of it is
    played afterwards, and the person's next move is answered afresh."""
    match = Match(get_game("order-chaos"), {}, 6, ["hard", "human"])  # the human is Chaos in half 1
    scene = TableScene(ctx, match, use_process=True)
    ctx.stack.push(scene)
    try:
        for _ in range(60):
            step(ctx, [], 0.05)
            if scene.acting_human() == 1 and not scene.animator.busy:
                break
        n = len(match.commands)
        start = scene.view.anchor(Target("drawn"))
        end = scene.view.anchor(Target("cell", (3, 3)))
        assert start and end
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.05)
        assert len(match.commands) == n + 1
        for _ in range(40):
            step(ctx, [], 0.05)
            if scene.ai.thinking:
                break
        assert scene.ai.thinking
        step(ctx, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.05)
        step(ctx, [], 0.05)
        assert ctx.stack.top is not scene or scene.status_text  # the pause menu (or a message) answered
        if ctx.stack.top is not scene:
            ctx.stack.pop()
        step(ctx, [], 0.05)
        assert scene.computer_only_thinking()
        assert scene.btn_undo.enabled and "stops thinking" in scene.btn_undo.tooltip
        ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
        step(ctx, [ctrl_z], 0.05)
        assert len(match.commands) == n and scene.acting_human() == 1
        assert not scene.ai.busy and scene.flow.pending is None
        for _ in range(40):  # the withdrawn question's answer never comes to the table
            step(ctx, [], 0.05)
            time.sleep(0.01)
        assert len(match.commands) == n and scene.acting_human() == 1
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))], 0.05)
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], 0.05)
        assert len(match.commands) == n + 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (scene.acting_human() == 1 and not scene.animator.busy):
            step(ctx, [], 0.05)
            time.sleep(0.005)
        assert scene.acting_human() == 1 and len(match.commands) > n + 1, "the computer answered the new move"
        assert match.commands[n].seat == 1 and all(c.seat != 1 for c in match.commands[n + 1:])
        assert not scene.ai.busy
    finally:
        scene.ai.close()


def test_computers_think_in_the_worker_while_the_human_chooses(ctx: AppContext) -> None:
    """Worlds Collide: the computer seats of a simultaneous choice are asked at once, answer through
    the real worker process while frames keep coming, and the human is never made to wait."""

    match = Match(get_game("worlds-collide"), {}, 4, ["human", "normal", "normal"])
    scene = TableScene(ctx, match, use_process=True)
    ctx.stack.push(scene)
    deadline = time.monotonic() + 40
    choosing_frames = 0
    frames = 0
    try:
        while time.monotonic() < deadline:
            step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(frames % 500, 300), rel=(1, 0),
                                          buttons=(0, 0, 0))], 1 / 60)
            if not by_itself(match.to_act()) and match.state.round == 1 and scene.acting_human() == 0 \
                    and not (match.state.choices[1] and match.state.choices[2]):
                choosing_frames += 1  # frames while the human chooses and the computers think
            frames += 1
            if match.state.choices[1] and match.state.choices[2]:
                break
            time.sleep(0.005)
        assert match.state.choices[1] and match.state.choices[2], "the computers never chose"
        assert not match.state.choices[0] and scene.acting_human() == 0  # the human is still choosing
        # the table kept drawing while they thought (frame times: `bench render --thinking`)
        assert choosing_frames >= 3
        assert scene.ai.worker.in_process  # type: ignore[attr-defined]
    finally:
        scene.ai.close()
