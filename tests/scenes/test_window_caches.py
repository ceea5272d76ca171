"""Resizing the window forgets the drawings made for the old size (scenes.window_caches): the
caches hold what one size needs, however often the window changes size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from scenes import window_caches
from scenes.app import AppContext, step
from scenes.offscreen import random_match
from scenes.table import TableScene
from tests.scenes.table_context import table_context

DT = 1 / 60
SIZES = [(1000, 700), (1400, 900), (1100, 800), (1600, 1000), (1280, 720), (1200, 760), (900, 650), (1500, 950)]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def resize(ctx: AppContext, size: tuple[int, int]) -> None:
    """What the app does on VIDEORESIZE (the dummy driver sends none)."""
    ctx.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    ctx.window_resized()


def draw_both(ctx: AppContext, tables: list[TableScene], frames: int = 40) -> None:
    """Draw each table on top in turn (a covered table draws nothing)."""
    for _ in tables:
        ctx.stack.scenes.append(ctx.stack.scenes.pop(0))
        for scene in ctx.stack.scenes:
            scene.covered = scene is not ctx.stack.scenes[-1]  # type: ignore[attr-defined]
        for _ in range(frames):
            step(ctx, [], DT)


def test_resizing_with_rally_and_worlds_collide_open_keeps_the_caches_bounded(ctx: AppContext) -> None:
    tables = [TableScene(ctx, random_match(game, 3, 12, ["human", "random"]), use_process=False)
              for game in ("rally", "worlds-collide")]
    for table in tables:
        ctx.stack.push(table)
    step(ctx, [], DT)
    counts: list[int] = []
    fonts: list[int] = []
    for size in SIZES * 2:
        resize(ctx, size)
        draw_both(ctx, tables)
        counts.append(window_caches.entries())
        fonts.append(len(ctx._fonts))
    first, second = counts[:len(SIZES)], counts[len(SIZES):]
    # the same size drawn again holds about what it held the first time (nothing piles up)...
    for size, a, b in zip(SIZES, first, second):
        assert b <= a * 1.15 + 10, f"{size}: {a} drawings cached the first time, {b} the second"
    # ...so sixteen resizes later the caches hold no more than the busiest single size did
    assert counts[-1] <= max(first) * 1.15 + 10, counts
    for a, b in zip(fonts[:len(SIZES)], fonts[len(SIZES):]):
        assert b <= a + 4, f"fonts kept for old sizes: {fonts}"


def test_a_resize_to_the_same_size_keeps_the_caches(ctx: AppContext) -> None:
    table = TableScene(ctx, random_match("worlds-collide", 3, 12, ["human", "random"]), use_process=False)
    ctx.stack.push(table)
    for _ in range(20):
        step(ctx, [], DT)
    held = window_caches.entries()
    assert held > 0
    ctx.window_resized()  # e.g. a VIDEORESIZE that did not change the size
    assert window_caches.entries() == held


def test_every_lru_cache_in_scenes_is_found() -> None:
    """The rule covers caches without registering them: the art modules' lru caches are found."""
    import scenes.sprites.card
    import scenes.sprites.felt
    import scenes.views.worlds_collide.view  # noqa: F401

    names = {f"{c.__module__}.{c.__name__}" for c in window_caches.lru_caches()}
    assert {"scenes.sprites.felt.felt_surface", "scenes.sprites.card.glow_frame",
            "scenes.views.worlds_collide.view._panel"} <= names


def test_drag_resizing_the_menu_leaves_no_widget_shapes_waiting(ctx: AppContext) -> None:
    """A drag-resize passes through a size a frame; each rebuilds the menu's widgets at that size.
    pygame-gui's short-term shape cache took their shapes faster than it filed them (one a frame)
    and never dropped one: 240 sizes left 682 copies (50 MB). Now a resize drops the waiting ones."""
    ctx.stack.push(ctx.scene("menu"))
    step(ctx, [], DT)
    waiting = ctx.ui.get_theme().shape_cache.cache_short_term_lookup
    counts: list[int] = []
    for i in range(30):
        resize(ctx, (1024 + i * 17, 640 + i * 11))
        step(ctx, [], DT)
        counts.append(len(waiting))
    # what one size's widgets made, at most (before, this grew by dozens a size: 30 sizes, 200+)
    assert max(counts) <= 60 and counts[-1] <= max(counts[:3]) + 10, counts


def test_widgets_killed_by_a_resize_are_collected_once_resizing_stops(ctx: AppContext) -> None:
    """pygame-gui widgets hold one another in cycles: the menu's panels killed by a drag-resize
    kept their surfaces (90 MB for 40 sizes) until Python's rare full collection. Now the app
    collects once no rebuild has come for `GARBAGE_SETTLE_S` of frames."""
    import gc
    import weakref

    from scenes.app import GARBAGE_SETTLE_S

    menu = ctx.scene("menu")
    ctx.stack.push(menu)
    step(ctx, [], DT)
    gc.collect()  # everything so far is old: only a full collection would find the panels below
    killed = []
    for i in range(6):
        killed.append(weakref.ref(menu.root))  # type: ignore[attr-defined]
        resize(ctx, (1024 + i * 40, 640 + i * 25))
        step(ctx, [], DT)
    assert any(ref() is not None for ref in killed)  # still waiting while the window is dragged
    for _ in range(int(GARBAGE_SETTLE_S / DT) + 2):
        step(ctx, [], DT)
    assert all(ref() is None for ref in killed), "panels killed by the resizes are still alive"
