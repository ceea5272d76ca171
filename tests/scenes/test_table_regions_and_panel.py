"""The table's generic hooks for the games to come, driven through Order & Chaos with a view
that claims them: a drop inside a region carries its world point to `find_command`, the view
is asked for a preview on every move of a drag, and a decision the view does not draw is
answered from the generic decision panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.decisions import Decision
from game.core.match import Match
from game.core.protocol import Command, Refusal, Seat, Target, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Pass, Place
from scenes.app import AppContext, step
from scenes.input.regions import DropRegion
from scenes.kit.hitmap import Circle
from scenes.table import TableScene
from tests.scenes.gestures import DT, at, click, drag
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def open_table(ctx: AppContext) -> TableScene:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 3, ["human", "human"]), use_process=False)
    ctx.stack.push(scene)
    for _ in range(200):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            break
    return scene


def test_a_drop_inside_a_region_reaches_the_game_with_its_world_point_and_drags_are_previewed(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_table(ctx)
    source = next(iter(scene.movable()))
    start = at(scene, source)
    end = (scene.play_rect.x + 40, scene.play_rect.bottom - 40)  # the felt: no cell, no piece there
    assert scene.view.hit_test(end) is None
    seen: list[Target | None] = []
    asked: list[Target] = []
    game = scene.game
    real_find = game.find_command

    def find(state: Any, seat: Seat, src: Target, target: Target | None) -> Command | Refusal:
        if target is not None and target.point is not None:
            asked.append(target)
            return Refusal("a region drop")
        return real_find(state, seat, src, target)

    monkeypatch.setattr(scene.view, "drop_regions",
                        lambda seat, src: [DropRegion("table", Circle((end[0] / 10, end[1] / 10), 2.0))])
    monkeypatch.setattr(scene.view, "to_world", lambda pos: (pos[0] / 10, pos[1] / 10))
    monkeypatch.setattr(scene.view, "preview", lambda src, target: seen.append(target))
    monkeypatch.setattr(game, "find_command", find)
    drag(ctx, start, end)
    assert asked and asked[-1].zone == "table" and asked[-1].point == pytest.approx((end[0] / 10, end[1] / 10))
    assert len(seen) >= 3, "a preview on every move of the drag"
    assert seen[-2] is not None and seen[-2].point is not None, "the last move was inside the region"
    assert seen[-1] is None, "the preview is cleared when the piece is let go"
    assert scene.status_text == "a region drop", "the game's refusal is shown"


def test_a_decision_the_view_does_not_draw_is_answered_from_the_generic_panel(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_table(ctx)
    monkeypatch.setattr(type(scene.view), "draws_decision", lambda self, d: d.kind != "slide")
    m = scene.match
    m.submit(Place(m.to_act()[0], (3, 3)))  # Chaos places: Order's slide (or pass) is next
    scene._sync()
    assert m.state.pending()[0].kind == "slide"
    panel = scene.decision_panel
    assert panel.shown and isinstance(panel.decision, Decision)
    labels = [c.label for c in panel.choices]
    assert "Pass" in labels and scene.play_rect.contains(panel.box)
    button = panel.buttons[labels.index("Pass")]
    before = len(m.commands)
    click(ctx, button.center)
    assert len(m.commands) > before and isinstance(m.commands[before], Pass), "the click passed"
