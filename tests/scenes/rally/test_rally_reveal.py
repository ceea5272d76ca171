"""The card a ship turns up in the chaos playback shows beside the map's tiles, never over one
(issue 17: the revealed cards covered tiles), at both design sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.rally.positions import chaos_match
from scenes.app import AppContext, step
from scenes.views.rally.reveal import hex_box, off_tiles
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import open_match, rally_view
from tests.scenes.table_context import table_context


def test_the_nearest_place_clear_of_every_tile_inside_the_area() -> None:
    area = pygame.Rect(0, 0, 400, 300)
    tiles = [hex_box((200.0 + dx, 150.0), 30) for dx in (-52, 0, 52)]
    rect = off_tiles((200.0, 150.0), (50, 70), tiles, area)
    assert rect is not None and area.contains(rect)
    assert rect.collidelist(tiles) == -1
    assert abs(rect.centerx - 200) <= 40, "the nearest free place: above or below the row, not a corner"
    assert off_tiles((200.0, 150.0), (50, 70), [area], area) is None, "no free place: None"


@pytest.fixture(params=[(1280, 720), (1024, 640)])
def ctx(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=request.param, animation_speed="normal", ai_watch_delay=0.0,
                       key_moment_stops=False) as context:
        yield context


@pytest.mark.parametrize("players", [2, 4])
def test_no_revealed_card_covers_a_tile(ctx: AppContext, players: int) -> None:
    match: Match = chaos_match(1, ["human"] * players, players)
    scene = open_match(ctx, match)
    view = rally_view(scene)
    seen = 0
    for _ in range(900):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is None:
            continue
        tl, t, tw = playing
        r = view.fit.radius
        tiles = [hex_box(view.fit.centre((int(x["hex"][0]), int(x["hex"][1]))), r) for x in view.view["tiles"]]
        h, w = view._pop_size()
        for ef in tl.effects:
            if ef.kind != "card" or not ef.t <= t < ef.t + ef.duration:
                continue
            dx, dy = view.pop_offset(tl, ef, tw.payload)
            at = view.fit.centre((round(ef.hex[0]), round(ef.hex[1])))
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(at[0] + dx), round(at[1] + dy))
            assert rect.collidelist(tiles) == -1, (ef.card, rect)
            assert view.camera.view.contains(rect)
            seen += 1
        if seen >= 6:
            break
    assert seen >= 3, "cards were revealed"
