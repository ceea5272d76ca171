"""A game whose manifest names no view is played on the plain table (`scenes.views.plain`): its
decisions in the table's decision panel. Cosmos's engine was there before its table; `shot` and
`bench render` drew nothing but a KeyError."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from game.core import registry
from scenes import views
from scenes.app import AppContext, step
from scenes.offscreen import accept_handoffs, position
from scenes.table import TableScene
from scenes.views.plain import PlainView
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def test_a_game_without_a_view_gets_the_plain_one_and_a_named_view_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    rally = registry.find_manifest("rally")
    assert rally is not None
    monkeypatch.setitem(registry._MANIFESTS, "rally", dataclasses.replace(rally, view=None))
    assert not views.has_view("rally") and views.view_class("rally") is PlainView
    monkeypatch.setitem(registry._MANIFESTS, "rally", rally)
    assert views.view_class("rally") is not PlainView


def test_a_cosmos_table_without_its_view_plays_through_the_decision_panel(ctx: AppContext,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    cosmos = registry.find_manifest("cosmos")
    assert cosmos is not None
    # as before its table lands, whatever the manifest says by now
    monkeypatch.setattr(views, "find_manifest",
                        lambda game_id: dataclasses.replace(cosmos, view=None) if game_id == "cosmos" else None)
    match = position("cosmos", 3, 10, ["human", "human", "human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    assert isinstance(scene.view, PlainView)
    ctx.stack.push(scene)
    played = 0
    for _ in range(40):
        accept_handoffs(ctx)
        step(ctx, [], 1 / 60)
        if scene.decision_panel.shown and scene.decision_panel.choices and not scene.animator.busy:
            before = len(match.commands)
            scene.play(scene.decision_panel.choices[0].command)
            played += len(match.commands) > before
    assert played >= 3, "the panel's choices did not play"
