"""Every game's table lays out and draws at every size a window can take (issue 19).

Worlds Collide crashed at 640x480, 800x800 and 1000x1000 (a card shadow of no
size), Rally at widths up to 420 and Order & Chaos up to 260; a normal exit then
stored the size and the crash came back on every start. Below the minimum the
app now draws on a canvas of at least 1024x640 and scales it into the window
(scenes.viewport); stored sizes open at the minimum.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.registry import all_games
from game.core.rng import Rng
from scenes.app import AppContext, step
from scenes.offscreen import accept_handoffs, position
from scenes.settings_store import Settings
from scenes.table import TableScene
from scenes.viewport import MIN_SIZE, Viewport, canvas_size
from tests.scenes.table_context import table_context

DT = 1 / 60
SIZES = [(100, 80), (640, 480), (720, 900), (1000, 1000), (1024, 640), (2400, 300), (300, 1600), (3840, 2160),
         (8, 640), (900, 6)]
"""Tiny, the crash reports' sizes, the designed minimum, wide, tall, huge, and slivers."""
EXTREMES = [(100, 80), (2400, 300), (300, 1600), (3840, 2160)]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_every_table_draws_at_every_window_size(ctx: AppContext, game_id: str, size: tuple[int, int]) -> None:
    """The window the window manager gives (a plain surface of that size stands in for it):
    frames are drawn and moves played, and the whole picture reaches the window."""
    rng = Rng(4)
    window = pygame.Surface(size)
    ctx.use_window(window)
    assert ctx.size == canvas_size(size)
    assert ctx.size[0] >= MIN_SIZE[0] and ctx.size[1] >= MIN_SIZE[1]
    match = position(game_id, 5, 12)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(25):
        accept_handoffs(ctx)
        seat = scene.acting_human()
        if seat is not None and not scene.animator.busy and not match.state.is_over():
            scene.play(rng.choice(match.state.candidates(seat)))
        step(ctx, [], DT)
    # the table was drawn into the window itself (not left on an unseen canvas)
    assert len({window.get_at((x, y))[:3] for x in range(0, size[0], max(1, size[0] // 12))
                for y in range(0, size[1], max(1, size[1] // 12))}) > 3, size
    ctx.stack.pop()
    ctx.stack.apply_pending()


def test_pointer_below_the_minimum_lands_where_the_picture_shows_it(ctx: AppContext) -> None:
    """At 640x480 the canvas is 1024x768: a click at a window point reaches the scene at the
    matching canvas point, so what is under the pointer is what gets pressed."""
    ctx.use_window(pygame.Surface((640, 480)))
    assert ctx.viewport is not None and ctx.viewport.scale == pytest.approx(1.6)
    seen: list[tuple[int, int]] = []

    class Probe:
        opaque = True

        def handle_event(self, event: pygame.event.Event) -> bool:
            if event.type == pygame.MOUSEBUTTONDOWN:
                seen.append(event.pos)
            return True

    ctx.stack.handle_event = Probe().handle_event  # type: ignore[method-assign]
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 240), button=1)], DT)
    assert seen == [(512, 384)]


@pytest.mark.parametrize("size", [(8, 640), (1, 1000), (900, 6), (4000, 1), (1, 1)])
def test_a_sliver_of_a_window_gets_a_canvas_of_bounded_size(size: tuple[int, int]) -> None:
    """Play-test: a window dragged to 8x640 made a 1024x81920 canvas, and drawing the table's
    side panel on it crashed the app (a segmentation fault in pygame's scaling). A sliver's
    canvas keeps a shape within `CANVAS_ASPECTS`, so it is never more than 4 minimums large,
    and the whole of it is shown in the window, from its top left corner."""
    from scenes.viewport import CANVAS_ASPECTS

    cw, ch = canvas_size(size)
    assert cw >= MIN_SIZE[0] and ch >= MIN_SIZE[1]
    assert cw * ch <= 4 * MIN_SIZE[0] * MIN_SIZE[1] * max(CANVAS_ASPECTS[1] / 1.6, 1.6 / CANVAS_ASPECTS[0])
    window = pygame.Surface(size)
    viewport = Viewport(window)
    assert viewport.canvas.get_size() == (cw, ch)
    viewport.canvas.fill((200, 40, 40))
    viewport.present()
    assert window.get_at((0, 0))[:3] != (18, 20, 28)  # the picture starts in the corner, not the margin
    far = viewport.to_canvas((size[0] - 1, size[1] - 1))
    assert far[0] >= cw - viewport.scale - 1 or far[1] >= ch - viewport.scale - 1  # it reaches an edge


def test_a_window_at_or_above_the_minimum_is_its_own_canvas() -> None:
    window = pygame.Surface((1280, 720))
    viewport = Viewport(window)
    assert viewport.canvas is window and viewport.scale == 1.0
    event = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(1, 1), buttons=(0, 0, 0))
    assert viewport.event(event) is event


@pytest.mark.parametrize("stored, opened", [([640, 480], (1024, 640)), ([800, 800], (1024, 800)),
                                            ([1000, 1000], (1024, 1000)), ([1600, 900], (1600, 900)),
                                            ([320, 200], (1024, 640))])
def test_a_stored_small_size_opens_at_the_minimum(tmp_path: Path, stored: list[int],
                                                  opened: tuple[int, int]) -> None:
    """The crash repeated on every start because the small size was stored and trusted."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_size": stored}), encoding="utf-8")
    assert Settings.load(path).window_size == opened


@pytest.mark.parametrize("stored", [[True, 900], [1280.0, 800], [0, 800], [-5, 700], [20000, 800], "big"])
def test_a_stored_size_that_is_no_size_gives_the_default(tmp_path: Path, stored: Any) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_size": stored}), encoding="utf-8")
    assert Settings.load(path).window_size == Settings().window_size


def test_the_window_opens_at_least_at_the_minimum(tabletop_home: Path) -> None:
    """A small stored size opens a window of the minimum size, which the window manager is told."""
    from scenes.app import create_context

    context = create_context(Settings(window_size=(640, 480)))
    assert context.window_size == MIN_SIZE and context.size == MIN_SIZE
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_SIZE


def menu_screens(ctx: AppContext) -> list[Any]:
    """Every screen outside the table, each as a player opens it."""
    from scenes.game_over import GameOverScene
    from scenes.handoff import HandoffScene
    from scenes.menu import MenuScene
    from scenes.pause import PauseScene
    from scenes.rules_help import RulesScene
    from scenes.settings import SettingsScene
    from scenes.setup import SetupScene

    finished = position("order-chaos", 2, 200)
    return [MenuScene(ctx), SetupScene(ctx, "rally"), SettingsScene(ctx), RulesScene(ctx, "worlds-collide"),
            PauseScene(ctx, finished), GameOverScene(ctx, finished), HandoffScene(ctx, "Player 2")]


@pytest.mark.parametrize("size", [*EXTREMES, (720, 900), (8, 640)])
@pytest.mark.filterwarnings("error:Label Rect is too small")  # a narrow, tall window cut a game's title
# (720x900, a 1024x1280 canvas: three games' descriptions were cut, measured without the label's padding)
def test_every_menu_screen_draws_at_every_window_size(ctx: AppContext, size: tuple[int, int]) -> None:
    ctx.use_window(pygame.Surface(size))
    for scene in menu_screens(ctx):
        ctx.stack.push(scene)
        for _ in range(3):
            step(ctx, [], DT)
        ctx.stack.pop()
        ctx.stack.apply_pending()


@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_every_view_lays_out_a_play_area_much_taller_than_wide(ctx: AppContext, game_id: str) -> None:
    """A play area of any shape the minimum canvas can give (the tallest: 1024 wide, 5461 high):
    Worlds Collide sized its cards by height and asked for a card shadow of negative width once
    the play area was about 1.1 times taller than wide (fails on the old code)."""
    scene = TableScene(ctx, position(game_id, 5, 12), use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    accept_handoffs(ctx)
    canvas = pygame.Surface((1024, 5600))
    for rect in (pygame.Rect(0, 60, 754, 900), pygame.Rect(0, 60, 754, 1600), pygame.Rect(0, 60, 754, 5400)):
        scene.view.layout(rect)
        scene.view.draw(canvas, scene.overlay(), scene.animator)
    ctx.stack.pop()
    ctx.stack.apply_pending()
