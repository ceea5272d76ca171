"""TableScene with synthetic mouse and key events fed through scenes.app.step (headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Refusal, Target, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Draw, Pass, Place, Slide
from scenes.app import AppContext, step
from scenes.table import STATUS_SECONDS, UNDO_TIP, TableScene, status_seconds
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.table_context import table_context


# --- helpers (kept here so they never clash with the shared conftest) -----------------------
@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def open_table(ctx: AppContext, seats: list[str], seed: int = 3, config: dict[str, Any] | None = None,
               use_process: bool = False) -> TableScene:
    match = Match(get_game("order-chaos"), config or {}, seed, seats)
    scene = TableScene(ctx, match, use_process=use_process)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    return scene


def settle(ctx: AppContext, scene: TableScene, frames: int = 200) -> None:
    """Step until animations end and chance has drawn (a human may act)."""
    for _ in range(frames):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            return


def cell(rc: tuple[int, int]) -> Target:
    return Target("cell", rc)


def play_setup(scene: TableScene, places: list[tuple[int, int]]) -> None:
    """Chaos places at each cell in turn, Order passing in between (fast, through the match)."""
    m = scene.match
    for i, rc in enumerate(places):
        if by_itself(m.to_act()):
            m.resolve_chance()
        assert m.submit(Place(m.to_act()[0], rc)).ok
        if i < len(places) - 1:
            assert m.submit(Pass(m.to_act()[0])).ok
    scene.resume()  # re-sync the picture with the match


# --- the tests ---------------------------------------------------------------------------------
def test_dragging_the_drawn_counter_places_it(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    assert isinstance(scene.match.commands[-1], Draw)
    chaos = scene.match.to_act()[0]
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((2, 4))))
    assert scene.match.commands[-1] == Place(chaos, (2, 4))
    assert scene.animator.busy  # the counter settles into its cell


def test_order_slides_by_drag(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((3, 3))))
    settle(ctx, scene)
    order = scene.match.to_act()[0]
    assert scene.view.view["phase"] == "order"
    drag(ctx, at(scene, cell((3, 3))), at(scene, cell((3, 0))))
    assert scene.match.commands[-1] == Slide(order, (3, 3), (3, 0))


def test_click_then_click_places(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    chaos = scene.match.to_act()[0]
    click(ctx, at(scene, Target("drawn")))
    assert scene.drag.active and scene.overlay().legal  # destinations are highlighted
    click(ctx, at(scene, cell((6, 6))))
    assert scene.match.commands[-1] == Place(chaos, (6, 6))


def test_right_click_cancels_a_selection(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    n = len(scene.match.commands)
    click(ctx, at(scene, Target("drawn")))
    click(ctx, at(scene, cell((1, 1))), button=3)
    assert not scene.drag.active
    click(ctx, at(scene, cell((1, 1))))
    assert len(scene.match.commands) == n


@pytest.mark.parametrize("src, dst, words", [
    ((0, 0), (1, 1), "rook"),        # diagonal
    ((0, 0), (0, 2), "blocked"),     # jumps over (0, 1)
    ((0, 0), (0, 1), "taken"),       # occupied
])
def test_illegal_order_drop_is_refused_with_the_reason(ctx: AppContext, src: tuple[int, int],
                                                       dst: tuple[int, int], words: str) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    play_setup(scene, [(0, 0), (0, 1)])
    settle(ctx, scene)
    assert scene.view.view["phase"] == "order"
    seat = scene.match.to_act()[0]
    before = scene.match.state.notation()
    drag(ctx, at(scene, cell(src)), at(scene, cell(dst)))
    refusal = get_game("order-chaos").find_command(scene.match.state, seat, cell(src), cell(dst))
    assert isinstance(refusal, Refusal) and words in refusal.reason
    assert scene.status_text == refusal.reason
    assert scene.match.state.notation() == before
    assert scene.animator.of_kind("return")  # the counter snaps back


def test_dropping_on_an_occupied_cell_is_refused(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    play_setup(scene, [(4, 4)])
    settle(ctx, scene)
    scene.match.submit(Pass(scene.match.to_act()[0]))
    scene.resume()
    settle(ctx, scene)
    before = scene.match.state.notation()
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((4, 4))))
    assert scene.status_text == "That cell is already taken: place the counter on an empty cell."
    assert scene.match.state.notation() == before


def test_ctrl_z_undoes_and_ctrl_y_redoes(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    before = scene.match.state.notation()
    n = len(scene.match.commands)
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((5, 2))))
    assert len(scene.match.commands) == n + 1
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.match.state.notation() == before and len(scene.match.commands) == n
    key(ctx, pygame.K_y, pygame.KMOD_LCTRL)
    assert len(scene.match.commands) == n + 1


def test_undo_refusal_is_shown(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.status_text == scene.match.undo_refusal(scene.match.to_act()[0])
    assert scene.status_error


def test_pass_key_and_button(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((0, 6))))
    settle(ctx, scene)
    order = scene.match.to_act()[0]
    assert [b.label for b in scene.action_buttons] == ["Pass"]
    click(ctx, scene.action_buttons[0].rect.center)
    assert Pass(order) in scene.match.commands[-2:]  # the next draw may follow at once


def test_hint_highlights_but_never_plays(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    n = len(scene.match.commands)
    key(ctx, pygame.K_h)
    for _ in range(100):
        step(ctx, [], DT)
        if scene.hint is not None:
            break
    assert scene.hint is not None and scene.hint[0] == Target("drawn")
    assert len(scene.match.commands) == n


def test_a_hint_for_a_click_on_the_board_says_it_is_marked_not_pass(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    seat = scene.match.to_act()[0]
    board_click = (Target("cell", (0, 0)), None)
    assert scene._hint_words(seat, board_click) == "Hint: the suggested move is marked on the table."


def test_escape_opens_the_pause_menu(ctx: AppContext) -> None:
    pause = pytest.importorskip("scenes.pause")
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    key(ctx, pygame.K_ESCAPE)
    step(ctx, [], DT)
    assert isinstance(ctx.stack.top, pause.PauseScene)
    assert scene.covered


def test_half_time_banner_then_game_over(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"], config={"size": 5})
    m = scene.match
    from game.core.rng import Rng

    rng = Rng(5)
    while not (m.state.view(0)["phase"] == "place" and m.state.view(0)["bag_total"] == 0):
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(rng.choice(m.state.candidates(m.to_act()[0])))
    scene.resume()
    settle(ctx, scene)
    empty = [(r, c) for r, row in enumerate(scene.view.view["board"]) for c, x in enumerate(row) if x is None]
    drag(ctx, at(scene, Target("drawn")), at(scene, cell(empty[0])))
    for _ in range(10):
        step(ctx, [], DT)
    ann = scene.view.announcement(scene.animator)
    assert ann is not None and ann.title.startswith("Half time: Order scored")
    while not m.state.is_over():
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(rng.choice(m.state.candidates(m.to_act()[0])))
    scene.animator.finish_all()
    scene.resume()
    for _ in range(20):
        step(ctx, [], DT)
    assert scene.game_over_opened
    game_over = pytest.importorskip("scenes.game_over")
    assert any(isinstance(s, game_over.GameOverScene) for s in ctx.stack.scenes)


def test_tooltips_for_counters_and_line_scores(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    play_setup(scene, [(0, 0), (0, 2)])
    settle(ctx, scene)
    tip = scene.view.tooltip(at(scene, cell((0, 0))))
    assert tip is not None and "counter" in tip
    row = scene.view._row_score_rect(0).center  # type: ignore[attr-defined]
    text = scene.view.tooltip(row)
    assert text is not None and text.startswith("Row A")


def test_window_resize_relayouts(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    small = scene.view.board_rect.width  # type: ignore[attr-defined]
    ctx.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    ctx.stack.on_resize((1920, 1080))
    step(ctx, [], DT)
    assert scene.view.board_rect.width > small  # type: ignore[attr-defined]
    assert scene.view.board_rect.bottom < 1080  # type: ignore[attr-defined]


def test_undo_and_redo_tooltips_say_why_now(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    # the bag has drawn since the start: nothing of Chaos's own to take back
    assert scene.btn_undo.tooltip == scene.match.undo_refusal(scene.match.to_act()[0])
    assert scene.btn_undo.tooltip.startswith(("Can't undo", "Nothing to undo"))
    assert scene.btn_redo.tooltip.startswith("Nothing to redo")
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((5, 2))))
    assert scene.btn_undo.tooltip == UNDO_TIP and "Ctrl+Z" in UNDO_TIP
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.btn_redo.tooltip == "Replay the move you took back (Ctrl+Y)"
    settle(ctx, scene)
    scene._hover(scene.btn_undo.rect.center)
    assert scene.tip_text == scene.btn_undo.tooltip


def test_undo_tooltip_names_the_reveal(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    drag(ctx, at(scene, Target("drawn")), at(scene, cell((5, 2))))
    settle(ctx, scene)  # Order (the other human) to act
    drag(ctx, at(scene, cell((5, 2))), at(scene, cell((5, 0))))
    settle(ctx, scene)  # the bag draws again: Order's slide is behind new information
    assert scene.btn_undo.tooltip == "Can't undo: a new counter from the bag has been revealed since your move."


LONG_REFUSAL = ("A formation's models must be in base contact with each other: Tile Shield 3 is 0.6\" from "
                "the nearest of the others (touching: 0.25\" or less).")


def test_a_long_refusal_wraps_inside_the_table_and_stays_until_read(tmp_path: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test at 1024x640: a formation's refusal ran past the table's edge and faded after
    4.5 s, before its 25 words were read. It now wraps onto lines that stay inside the table,
    every word kept, in one box, and stays `status_seconds` (longer for more words)."""
    with table_context(tmp_path, monkeypatch, size=(1024, 640)) as ctx:
        scene = open_table(ctx, ["human", "human"])
        scene.refuse(LONG_REFUSAL)
        lines, _box, rect = scene.status_box()
        assert len(lines) >= 2
        assert scene.play_rect.left <= rect.left and rect.right <= scene.play_rect.right
        assert " ".join(lines).split() == LONG_REFUSAL.split()
        assert status_seconds(LONG_REFUSAL) > 6.0 and status_seconds("Not your turn.") == STATUS_SECONDS
        first = rect
        for _ in range(int(5.5 / DT)):
            step(ctx, [], DT)
        assert scene.time - scene.status_at > 5.0
        red = ctx.screen.get_at((first.left + 6, first.centery))
        assert red.r > red.g + 20  # the refusal's red pill is still drawn


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_long_refusal_stays_inside_the_top_bar_and_a_cut_one_is_whole_on_hover(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """Play-test at 1024x640: a formation's refusal, wrapped onto two lines, hung out of the top
    bar over the skirmish's round-and-points bar. The box now stays inside the top bar, every
    word kept; a refusal too long for the bar even at the smallest size is cut with '…', and
    the box's tooltip gives it whole."""
    with table_context(tmp_path, monkeypatch, size=size) as ctx:
        scene = open_table(ctx, ["human", "human"])
        bar = pygame.Rect(0, 0, scene.play_rect.width, scene.top_h)
        scene.refuse(LONG_REFUSAL)
        lines, box, rect = scene.status_box()
        assert bar.contains(rect), (rect, bar)
        assert " ".join(lines).split() == LONG_REFUSAL.split()
        assert scene._tip_at(rect.center) is None  # nothing was cut: no tooltip needed
        longer = " ".join([LONG_REFUSAL] * 8)
        scene.refuse(longer)
        lines, box, rect = scene.status_box()
        assert bar.contains(rect), (rect, bar)
        assert lines[-1].endswith("…") and " ".join(lines).split() != longer.split()
        assert scene._tip_at(rect.center) == longer
        assert scene._tip_at((rect.right + 5, rect.centery)) != longer


@pytest.mark.parametrize("error", [True, False])
def test_the_status_box_hides_the_banner_behind_it(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                   error: bool) -> None:
    """Play-test: a refusal's box was a little see-through, and the banner's big title ('You
    move') showed behind its words. The box is opaque until it fades out."""
    with table_context(tmp_path, monkeypatch, size=(1024, 640)) as ctx:
        scene = open_table(ctx, ["human", "human"])
        scene.show(LONG_REFUSAL, error=error)
        _lines, box, rect = scene.status_box()
        inside = [box.get_at((x, y)).a for x in range(rect.height // 2, rect.width - rect.height // 2, 7)
                  for y in range(2, rect.height - 2, 3)]
        assert min(inside) == 255


def test_the_status_box_is_made_once_per_message_and_size(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    """The status box was wrapped and rendered anew every frame and every tooltip query; it is
    now made once for a message at a size, and made anew after a new message, a change between
    refusal and note, or a resize (never a stale box)."""
    scene = open_table(ctx, ["human", "human"])
    calls: list[str] = []
    wrap = scene.text.wrap_within

    def counted(text: str, *args: Any, **kwargs: Any) -> tuple[list[str], int]:
        calls.append(text)
        return wrap(text, *args, **kwargs)

    monkeypatch.setattr(scene.text, "wrap_within", counted)
    scene.refuse(LONG_REFUSAL)
    first = scene.status_box()
    again = scene.status_box()
    assert calls == [LONG_REFUSAL] and again is first
    for _ in range(5):
        step(ctx, [], DT)  # drawn each frame, and the tooltip asked each frame
    scene._tip_at(first[2].center)
    assert calls == [LONG_REFUSAL]
    scene.refuse("Not your turn.")
    lines, _box, _rect = scene.status_box()
    assert lines == ["Not your turn."] and len(calls) == 2
    scene.status_error = False  # the same words as a note, not a refusal: another ink
    before = scene.status_box()
    assert len(calls) == 3
    ctx.screen = pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    ctx.window_resized()
    after = scene.status_box()
    assert len(calls) == 4 and after is not before
    assert after[2].right <= scene.play_rect.right
