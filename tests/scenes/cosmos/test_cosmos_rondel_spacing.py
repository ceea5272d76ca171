"""The rondel's twelve spaces keep apart: no two circles (with their rims) touch, and no two
names' plates overlap, at 1024x640 and at 1280x720 (play-test at 1024x640: "Aggregate Planet"
and "Primordial Soup" overlapped, circles and plates, and two inner spaces' circles touched)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import math
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.cosmos.game import CONTENT
from scenes.app import AppContext
from scenes.views.cosmos import art, board
from scenes.views.cosmos import text as T
from tests.games.cosmos.positions import bare
from tests.scenes.cosmos.test_cosmos_view import PLAY_AREAS, make_view
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_no_two_rondel_spaces_or_names_meet(ctx: AppContext, area: pygame.Rect) -> None:
    state = bare(2)
    view = make_view(ctx, state, 0, area)
    assert view.lay is not None
    rondel = view.lay.rondel
    face = ctx.font(max(art.MIN_TEXT, view.lay.font - 2))
    shown = state.view(0)
    spaces = range(2 * board.SECTIONS)
    tile_names = {T.WHEEL_NAMES.get(tile.action, "") for tile in CONTENT.tiles}  # any tile on any outer space
    plates: dict[int, list[pygame.Rect]] = {}
    for space in spaces:
        names = {T.WHEEL_NAMES.get(board.action_of(shown, CONTENT, space), "")} if space % 2 == 0 else tile_names
        box = board.name_box(board.space_centre(rondel, space), board.space_radius(rondel, space))
        plates[space] = [board.name_rows(face, box, words).inflate(4, 2) for words in names]
    for a, b in itertools.combinations(spaces, 2):
        (ax, ay), (bx, by) = board.space_centre(rondel, a), board.space_centre(rondel, b)
        apart = math.hypot(ax - bx, ay - by) - board.space_radius(rondel, a) - board.space_radius(rondel, b)
        assert apart >= 4, (a, b, apart)  # a rim of 2 on each, and a gap between
        for pa, pb in itertools.product(plates[a], plates[b]):
            assert not pa.colliderect(pb), (a, b, pa, pb)
