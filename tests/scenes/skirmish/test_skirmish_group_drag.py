"""A formation moved as one at the table: dragging any of its models takes the others along,
each keeping its place beside it (`MoveGroup`); shift-dragging one moves it alone (a formation
may change its shape one model at a time); a follower that cannot follow is named in the bar."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target
from game.skirmish import rules
from game.skirmish.commands import Activate, Move, MoveGroup
from game.skirmish.game import SKIRMISH
from game.skirmish.model import Figure
from game.skirmish.state import SkirmishState
from scenes.app import AppContext
from scenes.table import TableScene
from scenes.views.skirmish.view import SkirmishView
from tests.random_play import random_match
from tests.scenes.gestures import DT, at, drag
from tests.scenes.skirmish.test_skirmish_table import settle
from tests.scenes.table_context import table_context

TESSELLATE = {"faction_1": "tessellate", "faction_2": "tessellate", "roster_1": "phalanx", "roster_2": "phalanx"}


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def _shield_line(seed: int = 4) -> tuple[Match, list[Figure], tuple[float, float]]:
    """A match at its first activation, the side to act's first three Tile Shields stood side
    by side in open table and activated as a formation; and an offset the whole line may move by."""
    match = Match(SKIRMISH, TESSELLATE, seed, ["human", "human"])
    r = random.Random(seed)
    state = match.state
    assert isinstance(state, SkirmishState)
    while state.phase != "activations" or state.activation is not None or state.turn not in state.to_act():
        random_match(match, r, 1)
        state = match.state
        assert isinstance(state, SkirmishState)
    side = state.turn
    line = [f for f in state.figures if f.side == side and f.unit.id == "tile_shield" and f.on_table][:3]
    step = 2 * rules.geo.base_radius(line[0].unit.base_mm) + 0.05
    offsets = [(0.0, 2.5), (0.0, -2.5), (2.5, 0.0), (-2.5, 0.0)]
    for y in range(4, int(state.table.depth) - 4):
        for x in range(4, int(state.table.width) - 8):
            for k, f in enumerate(line):
                f.x, f.y = float(x) + k * step, float(y)
            if any(rules.geo.placement_refusal(state.table, state.bodies(), state.body(f)) for f in line) \
                    or any(state.table.elevations([f.x], [f.y])[0] > 0 for f in line):
                continue
            probe = state.clone()
            probe.apply(Activate(side, tuple(f.id for f in line), "move_attack"))
            for dx, dy in offsets:
                to = (line[0].x + dx, line[0].y + dy)
                if rules.why_illegal(probe, MoveGroup(side, line[0].id, to, tuple(f.id for f in line))) is None:
                    assert match.submit(Activate(side, tuple(f.id for f in line), "move_attack")).ok
                    return match, line, (dx, dy)
    raise AssertionError("no open room for a line of shields")


def _table(ctx: AppContext, match: Match) -> tuple[TableScene, SkirmishView]:
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    settle(ctx, scene)
    assert isinstance(scene.view, SkirmishView)
    return scene, scene.view


def test_dragging_one_model_of_a_formation_moves_the_whole_formation_in_its_shape(ctx: AppContext) -> None:
    match, line, (dx, dy) = _shield_line()
    scene, view = _table(ctx, match)
    before = [f.at for f in line]
    lead = line[1]
    goal = (lead.x + dx, lead.y + dy)
    drag(ctx, at(scene, Target("figure", ident=str(lead.id))), at(scene, Target("table", point=goal)))
    settle(ctx, scene)
    assert isinstance(match.commands[-1], MoveGroup), scene.status_text
    state = match.state
    assert isinstance(state, SkirmishState)
    moved = [state.figures[f.id].at for f in line]
    shifts = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(before, moved)]
    assert all(math.dist(s, shifts[0]) < 1e-9 for s in shifts)  # the same offset for all: the shape kept
    assert math.dist(shifts[0], (dx, dy)) < 0.1  # where the pointer let go, to the pixel
    assert state.activation is not None and set(state.activation.moved) == {f.id for f in line}


def test_shift_dragging_one_model_of_a_formation_moves_it_alone(ctx: AppContext) -> None:
    match, line, (dx, dy) = _shield_line()
    scene, view = _table(ctx, match)
    before = [f.at for f in line]
    last = line[2]
    goal = (last.x + dx / 5, last.y + dy / 5)  # half an inch: still touching the line's middle model
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        assert view.hit_test(at(scene, Target("figure", ident=str(last.id)))) == Target("figure", ident=f"{last.id}/alone")
        drag(ctx, at(scene, Target("figure", ident=str(last.id))), at(scene, Target("table", point=goal)))
    finally:
        pygame.key.set_mods(0)
    settle(ctx, scene)
    assert isinstance(match.commands[-1], Move), scene.status_text
    state = match.state
    assert isinstance(state, SkirmishState)
    assert [state.figures[f.id].at for f in line[:2]] == before[:2]
    assert state.figures[last.id].at != before[2]


def test_a_drag_a_follower_cannot_follow_snaps_back_naming_it(ctx: AppContext) -> None:
    match, line, (dx, dy) = _shield_line()
    state = match.state
    assert isinstance(state, SkirmishState)
    enemy = next(f for f in state.figures if f.side != line[0].side and f.on_table)
    enemy.x, enemy.y = line[2].x + dx, line[2].y + dy  # where the line's last model would stand
    scene, view = _table(ctx, match)
    before = len(match.commands)
    lead = line[0]
    drag(ctx, at(scene, Target("figure", ident=str(lead.id))), at(scene, Target("table", point=(lead.x + dx, lead.y + dy))))
    settle(ctx, scene)
    assert len(match.commands) == before
    assert scene.status_error and "cannot follow" in scene.status_text
    assert [f.at for f in line] == [state.figures[f.id].at for f in line]
