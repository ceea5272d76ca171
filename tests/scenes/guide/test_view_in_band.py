"""The table views laid out beside the guide's note band (`GuidedTableScene.board_area`) keep
their words inside the area they were given: at 1024x640 Order & Chaos's "48 in the bag" ran past
its left edge, Worlds Collide's Keep dialog sized itself to its title past the area, and its
"THIS ROUND" label ran into an opponent's "Can still play" list. Each guided game is walked with
the note's band the guide chooses and with the band at the side of the script's corner (the other
shape `_choose_band` weighs), at 1024x640 and 1280x720."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.app import step
from scenes.guide.launch import guided_match
from scenes.guide.table import GuidedTableScene, note_band
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context

SIZES = [(1024, 640), (1280, 720)]
GAMES = ["order-chaos", "worlds-collide", "skirmish"]  # (Cosmos draws its words through its own art module)


def words_on_screen(scene: GuidedTableScene, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect | None:
    """Where words blitted at `rect` on `surface` land on the screen: the screen itself, a layer
    the size of the view's area (drawn at its corner: Order & Chaos's and Worlds Collide's still
    layers) or the skirmish's bar (drawn at the bar's corner); None for other drawings."""
    view = scene.view
    if surface is scene.ctx.screen:
        return pygame.Rect(rect)
    if surface.get_size() == view.rect.size:
        return rect.move(view.rect.topleft)
    bar = getattr(getattr(view, "lay", None), "bar", None)
    if bar is not None and surface.get_size() == bar.size:
        return rect.move(bar.topleft)
    return None


def walk(game_id: str, size: tuple[int, int], side: bool, tmp_path: Any,
         monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Each frame of the guided game as the view drew it: the view's area, the words it drew
    (text, screen rect) and Worlds Collide's open dialog. `side`: the note's band is the one at
    the side of the script's corner."""
    frames: list[dict[str, Any]] = []
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="off") as ctx:
        match, script = guided_match(game_id)
        scene = GuidedTableScene(ctx, match, script, use_process=False)
        if side:
            monkeypatch.setattr(scene, "_choose_band", lambda area, fs: note_band(area, script.note))
        ctx.stack.push(scene)
        view = scene.view
        drawn: list[tuple[str, pygame.Rect]] = []
        drawing = [False]
        area = [pygame.Rect(view.rect)]
        real_blit, real_draw = view.text.blit, view.draw

        def blit(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
            rect = real_blit(surface, text, *args, **kw)
            where = words_on_screen(scene, surface, rect) if drawing[0] else None
            if where is not None:
                drawn.append((text, where))
            return rect

        def draw(*args: Any, **kw: Any) -> None:
            area[0] = pygame.Rect(view.rect)  # (the note's band, once chosen, lays the view out again)
            drawing[0] = True
            try:
                real_draw(*args, **kw)
            finally:
                drawing[0] = False

        monkeypatch.setattr(view.text, "blit", blit)
        monkeypatch.setattr(view, "draw", draw)
        for _ in range(3000):
            progress = scene.progress
            if progress.done:
                break
            drawn.clear()
            step(ctx, [], DT)
            frames.append({"step": progress.index + 1, "area": area[0], "words": list(drawn),
                           "dialog": getattr(getattr(view, "geo", None), "modal_rect", None),
                           "banded": scene.board_area != scene.play_rect})
            ready = progress.waits_for_next or (scene.acting_human() is not None and not scene.animator.busy)
            if view.held_words() is not None and not scene.animator.busy:
                scene.press_continue()
            elif progress.waits_for_next:
                scene.next_step()
            elif ready:
                assert scene.play(progress.expected[0])
    assert frames
    return frames


@pytest.mark.parametrize("side", [False, True], ids=["chosen-band", "side-band"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_views_words_stay_in_their_area(game_id: str, size: tuple[int, int], side: bool, tmp_path: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word the view draws, on every frame of its guided game, lies inside the area the
    table gave it, and Worlds Collide's dialog (with its frame) too."""
    frames = walk(game_id, size, side, tmp_path, monkeypatch)
    assert sum(len(f["words"]) for f in frames) > 20, "the spy missed the view's words"
    for frame in frames:
        where = f"{game_id} {size} step {frame['step']} in {frame['area']}"
        for text, rect in frame["words"]:
            assert frame["area"].contains(rect), f"{where}: {text!r} at {rect} runs out of the area"
        if frame["dialog"] is not None:
            assert frame["area"].contains(frame["dialog"].inflate(20, 20)), \
                f"{where}: the dialog {frame['dialog']} runs out of the area"


@pytest.mark.parametrize("side", [False, True], ids=["chosen-band", "side-band"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_worlds_collide_this_round_clears_can_still_play(size: tuple[int, int], side: bool, tmp_path: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The centre row's "THIS ROUND" label overlaps no other words (in the area the top band
    leaves at 1024x640 it ran into the opponent's "Can still play" list, which ran below its panel
    beside a side band), and the walk did lay
    the game out in a band's rest and did open the Keep dialog."""
    frames = walk("worlds-collide", size, side, tmp_path, monkeypatch)
    assert any(f["banded"] for f in frames) and any(f["dialog"] is not None for f in frames)
    for frame in frames:
        if frame["dialog"] is not None:
            continue  # (the dialog lies over the table, veiled)
        labels = [rect for text, rect in frame["words"] if text == "THIS ROUND"]
        for label in labels:
            for text, rect in frame["words"]:
                if text != "THIS ROUND":
                    assert not label.colliderect(rect), \
                        f"step {frame['step']}: THIS ROUND at {label} runs into {text!r} at {rect}"


def test_the_area_beside_a_band_is_the_rest_of_the_board_area_on_the_far_side_of_the_band() -> None:
    """`area_beside` is the one answer to "where does the view go beside the note's band", for the
    layout and for choosing the band alike (the choice once set the scene's band for a moment)."""
    from scenes.guide.table import BAND_GAP, area_beside

    area = pygame.Rect(0, 40, 1000, 600)
    assert area_beside(area, None) == area
    left = area_beside(area, pygame.Rect(0, 40, 300, 600))
    assert left == pygame.Rect(300 + BAND_GAP, 40, 700 - BAND_GAP, 600)
    right = area_beside(area, pygame.Rect(700, 40, 300, 600))
    assert right == pygame.Rect(0, 40, 700 - BAND_GAP, 600)
    top = area_beside(area, pygame.Rect(0, 40, 1000, 120))
    assert top == pygame.Rect(0, 160 + BAND_GAP, 1000, 480 - BAND_GAP)
    bottom = area_beside(area, pygame.Rect(0, 520, 1000, 120))
    assert bottom == pygame.Rect(0, 40, 1000, 480 - BAND_GAP)
