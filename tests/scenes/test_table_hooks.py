"""Generic table hooks a view may use: holding chance steps (a paused playback) and its own keys."""

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
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def test_a_view_holding_chance_keeps_the_table_waiting_and_is_told_the_watch_pause(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    asked: list[bool] = []

    def hold(watch_paused: bool) -> bool:
        asked.append(watch_paused)
        return True

    scene.view.hold_chance = hold  # type: ignore[method-assign]
    scene.view.can_pause = lambda: True  # type: ignore[method-assign]  # it says it plays something back
    ctx.stack.push(scene)
    for _ in range(5):
        step(ctx, [], DT)
    assert by_itself(match.to_act()) and not match.commands
    assert asked and asked[-1] is False
    scene.toggle_watch()
    step(ctx, [], DT)
    assert asked[-1] is True
    scene.view.hold_chance = lambda watch_paused: False  # type: ignore[method-assign]
    step(ctx, [], DT)
    assert match.commands, "released: the draw is resolved"


def test_a_key_the_view_uses_never_reaches_the_table(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    seen: list[int] = []

    def view_event(event: pygame.event.Event) -> bool:
        seen.append(event.key)
        return event.key == pygame.K_h

    scene.view.view_event = view_event  # type: ignore[method-assign]
    ctx.stack.push(scene)
    step(ctx, [], DT)
    key(ctx, pygame.K_h)
    assert seen == [pygame.K_h]
    assert "hint" not in scene.status_text.lower(), "H was the view's, so no hint was asked"
