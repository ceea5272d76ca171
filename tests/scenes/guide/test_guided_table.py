"""The guided first game of Order & Chaos driven through real events on a headless table: the
note and its pointers, Next, a wrong move refused with the guide's hint, the expected drag
played, the computer answering with the script's move, and Skip leaving a normal game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.protocol import Target
from game.order_chaos.commands import Place, Slide
from scenes.app import AppContext, step
from scenes.guide.launch import guided_match
from scenes.guide.table import GuidedTableScene
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def open_guide(ctx: AppContext) -> GuidedTableScene:
    match, script = guided_match("order-chaos")
    scene = GuidedTableScene(ctx, match, script, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    return scene


def frames(ctx: AppContext, scene: GuidedTableScene, until: Any, limit: int = 300) -> None:
    for _ in range(limit):
        if until():
            return
        step(ctx, [], DT)
    raise AssertionError("the table never got there")


def cell(rc: tuple[int, int]) -> Target:
    return Target("cell", rc)


def test_the_first_steps_of_order_and_chaos_through_real_events(ctx: AppContext) -> None:
    scene = open_guide(ctx)
    assert scene.progress.index == 0 and scene.progress.waits_for_next
    board = scene.view.board_rect  # type: ignore[attr-defined]
    assert any(m.rect == board for m in scene.marks()), "step 1 rings the board"
    # Chaos (the computer) answers with the script's move, without waiting for any search
    frames(ctx, scene, lambda: any(isinstance(c, Place) for c in scene.match.commands))
    assert scene.match.commands[-1] == Place(1, (3, 1))
    # a move while the note asks to read on is refused, and nothing is played
    frames(ctx, scene, lambda: not scene.animator.busy)
    played = len(scene.match.commands)
    drag(ctx, at(scene, cell((3, 1))), at(scene, cell((0, 1))))
    assert len(scene.match.commands) == played and scene.status_error
    # Next (the note's button), then Enter, lead to the slide
    click(ctx, scene.btn_next.rect.center)
    assert scene.progress.index == 1
    key(ctx, pygame.K_RETURN)
    assert scene.progress.index == 2 and scene.progress.expected == [Slide(0, (3, 1), (3, 3))]
    # the pointer is the move's arrow: from the counter to its cell
    frames(ctx, scene, lambda: bool(scene.marks()))
    mark = scene.marks()[0]
    assert mark.rect.collidepoint(at(scene, cell((3, 1)))) and mark.arrow_to is not None \
        and mark.arrow_to.collidepoint(at(scene, cell((3, 3))))
    # a legal slide that is not the step's is refused with the step's hint, the board unchanged
    drag(ctx, at(scene, cell((3, 1))), at(scene, cell((0, 1))))
    assert len(scene.match.commands) == played
    assert scene.status_text == scene.script.steps[2].hint
    # the expected drag is played and the guide moves on
    drag(ctx, at(scene, cell((3, 1))), at(scene, cell((3, 3))))
    assert scene.match.commands[played] == Slide(0, (3, 1), (3, 3))
    assert scene.progress.index == 3
    frames(ctx, scene, lambda: scene.match.commands[-1] == Place(1, (3, 6)))
    # undo is off while the guide runs (greyed, with the reason)
    assert not scene.btn_undo.enabled and "Skip the guide" in scene.btn_undo.tooltip


def test_skip_leaves_a_normal_game_that_goes_on(ctx: AppContext) -> None:
    scene = open_guide(ctx)
    frames(ctx, scene, lambda: scene.acting_human() is not None and not scene.animator.busy)
    key(ctx, pygame.K_ESCAPE)  # Esc asks first (play-test: Skip was clicked by accident)
    ctx.stack.apply_pending()
    assert scene.guiding and ctx.stack.top is not scene
    assert "Guided game" in ctx.stack.top.detail  # the pause menu's own name for it (play-test)
    key(ctx, pygame.K_RETURN)  # "Skip guide": the guide ends; the table stays
    ctx.stack.apply_pending()
    assert scene.progress.done and ctx.stack.top is scene
    assert scene.btn_undo.tooltip != "" and scene.guide_buttons() == []
    drag(ctx, at(scene, cell((3, 1))), at(scene, cell((0, 1))))  # now any legal move is played
    assert scene.match.commands[-1] == Slide(0, (3, 1), (0, 1))
    assert scene.match.autosave_path is not None and scene.match.autosave_path.exists(), "nothing is lost"


def test_the_pointers_follow_a_resize(ctx: AppContext) -> None:
    scene = open_guide(ctx)
    before = [m.rect for m in scene.marks()]
    scene.on_resize((1024, 640))
    after = [m.rect for m in scene.marks()]
    assert before and after and before != after
    assert after[0] == scene.view.board_rect  # type: ignore[attr-defined]
    rect, _, _ = scene.card_layout([m.rect for m in scene.marks()])
    assert scene.play_rect.contains(rect)


def test_skip_never_sits_where_next_was_and_going_back_keeps_the_guide(ctx: AppContext) -> None:
    scene = open_guide(ctx)
    frames(ctx, scene, lambda: scene.progress.waits_for_next)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    next_rect = scene.btn_next.rect.copy()
    while scene.progress.waits_for_next:  # on to the first step that waits for a move
        scene.next_step()
    scene.draw(surface)
    assert scene.guide_buttons() == [scene.btn_skip]
    assert not scene.btn_skip.rect.colliderect(next_rect)  # a quick second click hits nothing
    key(ctx, pygame.K_ESCAPE)
    ctx.stack.apply_pending()
    key(ctx, pygame.K_ESCAPE)  # "Stay in the guide"
    ctx.stack.apply_pending()
    assert ctx.stack.top is scene and scene.guiding
