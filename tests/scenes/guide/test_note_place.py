"""The guide's note leaves in sight what the step points at and the boxes the view keeps clear
(`GameView.keep_clear`): Order & Chaos's score card, Worlds Collide's "Can still play" list and
Rally's tiles were covered in places. Each guided game is walked at 1024x640 and 1280x720; the
note's "Your move" no longer runs under its Skip button."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.app import step
from scenes.guide.launch import guided_match
from scenes.guide.table import GuidedTableScene, covered
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context

SIZES = [(1024, 640), (1280, 720)]
LEAST = {"order-chaos": 0.1, "worlds-collide": 0.1, "rally": 1.5}
"""The most of the watched boxes a note may hide, in boxes' worth: a corner of the score card or
the list, and about a tile and a half of Rally's map (which fills its area: at 1024x640 and while the
players' column is pointed at, the note must lie over some of it)."""


def watched_boxes(game_id: str, view: Any) -> list[pygame.Rect]:
    """The boxes the play-test saw covered, one game at a time."""
    if game_id == "order-chaos":
        return [view._score_card()]
    if game_id == "worlds-collide":
        return [r for key, r in view.geo.places.items() if key[0] == "can-play"]
    return view.keep_clear()[2:]  # Rally: the tiles on the map


def walk(game_id: str, size: tuple[int, int], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each step's note as it is drawn: its rect, the pointers' rects, the watched boxes, and
    where "Your move" (or the like) and the Skip button went."""
    seen: list[dict[str, Any]] = []
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="off") as ctx:
        match, script = guided_match(game_id)
        scene = GuidedTableScene(ctx, match, script, use_process=False)
        ctx.stack.push(scene)
        step(ctx, [], DT)
        words: list[pygame.Rect] = []
        real_blit = scene.text.blit

        def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
            rect = real_blit(surface, text, *args, **kw)
            if text in ("Your move", "The computer moves...", "Read it, then Continue"):
                words.append(rect)
            return rect

        scene.text.blit = spy  # type: ignore[method-assign]
        done: set[int] = set()
        for _ in range(3000):
            progress = scene.progress
            if progress.done:
                break
            ready = progress.waits_for_next or (scene.acting_human() is not None and not scene.animator.busy)
            if ready and progress.index not in done:
                done.add(progress.index)
                words.clear()
                step(ctx, [], DT)
                marks = scene.marks()
                seen.append({"step": progress.index + 1, "note": pygame.Rect(scene.card_rect),
                             "pointers": [m.rect for m in marks] + [m.arrow_to for m in marks if m.arrow_to],
                             "boxes": watched_boxes(game_id, scene.view), "play": pygame.Rect(scene.play_rect),
                             "words": list(words), "skip": pygame.Rect(scene.btn_skip.rect)})
            if scene.view.held_words() is not None and not scene.animator.busy:
                scene.press_continue()
            elif progress.waits_for_next:
                scene.next_step()
            elif ready:
                assert scene.play(progress.expected[0])
            step(ctx, [], DT)
    assert seen
    return seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", ["order-chaos", "worlds-collide", "rally"])
def test_the_note_leaves_the_pointers_and_the_views_boxes_in_sight(game_id: str, size: tuple[int, int],
                                                                   tmp_path: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for seen in walk(game_id, size, tmp_path, monkeypatch):
        where = f"{game_id} {size} step {seen['step']}"
        play_area = seen["play"].width * seen["play"].height
        pointers = [r for r in seen["pointers"] if r.width * r.height < play_area // 3]
        assert covered(seen["note"], pointers) == 0, f"{where}: the note hides what the step points at"
        if seen["step"] > 1:  # (step 1 points at the whole Order & Chaos board: the note must go somewhere)
            hidden = covered(seen["note"], seen["boxes"])
            assert hidden <= LEAST[game_id], f"{where}: the note hides {hidden:.2f} of the view's boxes"
        for words in seen["words"]:
            assert not words.colliderect(seen["skip"]), f"{where}: the note's words run under Skip"
