"""Undo waits while a computer's move is under way (`TableScene.computer_moving`), and only then:
the engine's own steps (Rally's chaos rounds) are nobody's move."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.protocol import AUTO
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import played_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def test_a_chaos_round_after_the_computer_programmed_is_not_the_computer_moving(ctx: AppContext) -> None:
    """The computer programmed last, then the chaos rounds play (the engine's own steps): Undo's
    words are the match's (a card has been revealed), never 'Computer is moving'."""
    match = None
    for seed in range(1, 30):
        candidate = played_until(seed, ["human", "random"],
                                 lambda s: s.phase == "chaos" and s.to_act() == [AUTO], limit=1500)
        seats = [c.seat for c in candidate.commands if c.seat >= 0]
        if not candidate.state.is_over() and seats and seats[-1] == 1:
            match = candidate
            break
    assert match is not None, "no chaos phase right after the computer's program"
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    seen = 0
    for _ in range(200):
        step(ctx, [], DT)
        if match.to_act() == [AUTO] or scene.animator.busy:
            assert scene.computer_moving() is None
            assert "Computer" not in (scene.undo_refusal() or "")
            seen += 1
        if match.state.phase != "chaos":
            break
    assert seen > 0


def test_a_person_s_secret_choice_stays_theirs_to_take_back_while_the_computer_still_chooses(
        ctx: AppContext) -> None:
    """Worlds Collide against one computer: the person locks in while the computer, asked in the
    background of the same simultaneous choice, still thinks. That is no computer's move under way:
    Undo stays lit and takes the person's choice back (the computer is asked again)."""
    import pygame

    from game.worlds_collide.cards import FRACTURE
    from game.worlds_collide.commands import ChooseAction
    from tests.scenes.gestures import at, click, key
    from tests.scenes.worlds_collide.test_table_wc import hand, held_table, lock_in

    match, scene, held = held_table(ctx, ["human", "random"])
    click(ctx, at(scene, hand(FRACTURE)))
    lock_in(ctx)
    assert ChooseAction(0, FRACTURE) in match.commands and match.to_act() == [1]
    assert scene.ai_to_act() == 1
    assert scene.computer_moving() is None
    assert scene.btn_undo.enabled
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert ChooseAction(0, FRACTURE) not in match.commands
