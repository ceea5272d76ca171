"""Hint on the skirmish table (play-test: "Hint: the suggested move is marked on the table", and
nothing was marked): the view draws the table's hint over the models, the place and the tray."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.protocol import CHANCE
from game.skirmish import commands as C
from game.skirmish import rules
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.views.base import Overlay
from scenes.views.skirmish.hint import HINT_GOLD, hint_marks
from scenes.views.skirmish.view import ORDER_WORDS
from tests.scenes.skirmish.test_skirmish_view import make_view, until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def gold_near(surface: pygame.Surface, centre: tuple[float, float], reach: int) -> int:
    """Pixels of the hint's gold within `reach` of `centre`."""
    cx, cy = round(centre[0]), round(centre[1])
    found = 0
    for x in range(max(0, cx - reach), min(surface.get_width(), cx + reach + 1)):
        for y in range(max(0, cy - reach), min(surface.get_height(), cy + reach + 1)):
            if tuple(surface.get_at((x, y)))[:3] == HINT_GOLD:
                found += 1
    return found


def test_a_hinted_activation_rings_its_model_and_says_the_order(ctx: AppContext) -> None:
    state = until(3, "activate")
    seat = state.to_act()[0]
    assert seat != CHANCE
    command = next(c for c in state.candidates(seat) if isinstance(c, C.Activate))
    view = make_view(ctx, state)
    targets = view.command_targets(command)
    assert targets is not None
    marks = hint_marks(targets, view.tray, ORDER_WORDS)
    assert marks.models == tuple(command.models)
    assert marks.words.startswith(ORDER_WORDS[command.order])
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(time=0.0), Animator())
    centre = view.camera.to_screen(state.figures[command.models[0]].at)
    reach = view.radius(command.models[0]) + 14
    assert gold_near(surface, centre, reach) == 0, "no gold before the hint"
    view.draw(surface, Overlay(hint=targets, time=0.0), Animator())
    assert gold_near(surface, centre, reach) > 20, "the hinted model is ringed in gold"


def test_a_hinted_move_marks_the_model_and_the_place_it_goes(ctx: AppContext) -> None:
    state = until(4, "move")
    seat = state.to_act()[0]
    move = next(c for c in state.candidates(seat) if isinstance(c, C.Move))
    view = make_view(ctx, state)
    targets = view.command_targets(move)
    assert targets is not None and rules.decision_kind(state) == "move"
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(hint=targets, time=0.0), Animator())
    to = view.camera.to_screen(move.to)
    assert gold_near(surface, to, 16) > 10, "the place the hint moves to is marked"


def test_a_hinted_deployment_outlines_the_models_tray_button_and_rings_no_spot_off_the_table(
        ctx: AppContext) -> None:
    """Seen in a real window: a model still to deploy has no place on the table, and its ring and
    line were drawn from the table's corner; the tray button and the spot are what to mark."""
    state = until(5, "deploy")
    seat = state.to_act()[0]
    deploy = next(c for c in state.candidates(seat) if isinstance(c, C.Deploy))
    view = make_view(ctx, state)
    targets = view.command_targets(deploy)
    assert targets is not None
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(hint=targets, time=0.0), Animator())
    marks = view._hint_marks(Overlay(hint=targets))
    assert marks is not None and marks.models == () and marks.point == deploy.at
    assert marks.buttons, "the model's tray button is outlined"
    corner = view.camera.to_screen((0.0, 0.0))
    assert gold_near(surface, corner, 6) == 0, "nothing drawn from the table's corner"
