"""Play-test (eighteenth session, the skirmish at 1280x720): Undo pressed while lit (the computer
only thought) and released a moment later, once the computer had started its move, did nothing
and said nothing: the button had gone grey between the press and the release, and a greyed
button's release was dropped. The release now says why Undo waits."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from scenes.app import AppContext, step
from tests.scenes.gestures import DT
from tests.scenes.order_chaos.test_oc_undo_while_thinking import placed_and_answered
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def test_undo_pressed_while_lit_and_released_once_the_computer_moves_says_why(ctx: AppContext) -> None:
    scene, n = placed_and_answered(ctx)
    assert scene.btn_undo.enabled
    pos = scene.btn_undo.rect.center
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    for _ in range(40):  # the computer's answer comes in while the button is held
        if len(scene.match.commands) > n + 1:
            break
        step(ctx, [], DT)
    assert scene.match.commands[-1].seat == 0 and not scene.btn_undo.enabled
    scene.status_text = ""
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    assert scene.status_error and "Undo comes back" in scene.status_text, scene.status_text
