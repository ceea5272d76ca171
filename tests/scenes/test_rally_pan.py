"""The Rally map on a long strip: hexes keep a readable size, the map pans (drag on empty map,
arrow keys) with hit-testing following, a tile drag is not taken as a pan, and the camera
brings the drawn tile's legal hexes into view."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.hexgrid import Hex
from game.core.match import Match
from game.core.protocol import Target
from game.rally.commands import PlaceTile
from game.rally.state import RallyState, Tile
from scenes.app import AppContext
from scenes.views.rally_camera import Camera, min_radius
from tests.scenes.gestures import at, click, drag, key
from tests.scenes.test_table_rally import ctx, open_match, rally_view, settle, tile_turn  # noqa: F401

STRIP = 28


def strip_turn() -> Match:
    """A set-up tile turn on a map laid directly in the state as one strip `STRIP` hexes long."""
    match = tile_turn()
    state = match.state
    assert isinstance(state, RallyState)
    h0 = max(state.tiles, key=lambda h: h.q)
    like = state.tiles[h0]
    for i in range(1, STRIP):
        state.tiles.setdefault(Hex(h0.q + i, h0.r), Tile(like.type, like.value))
    return match


def test_a_long_strip_keeps_hexes_readable_and_overflows_its_area(ctx: AppContext) -> None:
    scene = open_match(ctx, strip_turn())
    settle(ctx, scene)
    view = rally_view(scene)
    assert view.fit.radius >= min_radius(720) >= 20
    assert view.camera.active and any(view.camera.hidden_edges())


def test_dragging_empty_map_pans_it_and_a_drop_after_panning_lands_where_shown(ctx: AppContext) -> None:
    match = strip_turn()
    scene = open_match(ctx, match)
    settle(ctx, scene)
    view = rally_view(scene)
    assert view.lay is not None
    m = view.lay.map
    start = (m.centerx, m.y + 6)
    assert view.hit_test(start) is not None and view.hit_test(start).zone == "hex"  # type: ignore[union-attr]
    for dx in (-300, 300):
        before = view.fit.origin
        commands = len(match.commands)
        drag(ctx, start, (start[0] + dx, start[1]))
        moved = view.fit.origin[0] - before[0]
        assert len(match.commands) == commands
        if moved:
            break
    assert moved, "the map moved under the drag"
    # hit-testing follows the pan: a legal hex in view now takes the tile
    legal = [tuple(h) for h in view.view["legal_tile_hexes"]]
    shown = [h for h in legal if m.inflate(-80, -80).collidepoint(view.fit.centre(h))]
    assert shown
    pos = at(scene, Target("hex", shown[0]))
    assert view.hit_test(pos) == Target("hex", shown[0])
    drag(ctx, at(scene, Target("tile")), pos)  # a pan during it would have moved the hex away
    placed = [c for c in match.commands if isinstance(c, PlaceTile)][-1]
    assert placed.hex == shown[0]


def test_arrow_keys_pan_and_the_camera_brings_legal_hexes_back_into_view(ctx: AppContext) -> None:
    match = strip_turn()
    scene = open_match(ctx, match)
    settle(ctx, scene)
    view = rally_view(scene)
    assert view.lay is not None
    before = view.fit.origin
    for _ in range(40):
        key(ctx, pygame.K_RIGHT)
    assert view.fit.origin != before
    # the player looks far away; a new set of legal hexes (a new view) brings them back
    view.pan(10_000, 0)
    legal = [tuple(h) for h in view.view["legal_tile_hexes"]]
    view._focus_key = None
    view.set_view(dict(view.view))
    assert any(view.lay.map.collidepoint(view.fit.centre(h)) for h in legal)


def test_a_click_on_the_overview_looks_at_that_part_of_the_map(ctx: AppContext) -> None:
    scene = open_match(ctx, strip_turn())
    settle(ctx, scene)
    view = rally_view(scene)
    ov = view._overview()
    assert ov is not None
    box, _ = ov
    click(ctx, (box.right - 5, box.centery))
    assert view.camera.hidden_edges()[0] and not view.camera.hidden_edges()[2], "at the right end"
    click(ctx, (box.x + 5, box.centery))
    assert not view.camera.hidden_edges()[0] and view.camera.hidden_edges()[2], "at the left end"
    assert view.hit_test(box.center) is None, "no drop lands under the overview"


@settings(max_examples=200, deadline=None)
@given(st.integers(50, 3000), st.integers(50, 3000), st.integers(100, 1200), st.integers(100, 800),
       st.floats(-5000, 5000), st.floats(-5000, 5000), st.floats(-5000, 5000), st.floats(-5000, 5000))
def test_the_camera_never_pans_the_map_off_its_area(cw: int, ch: int, vw: int, vh: int,
                                                     px: float, py: float, fx: float, fy: float) -> None:
    """However it is panned or re-centred, a map bigger than its area still covers it (no empty
    band at an edge beside hidden map) and a map that fits does not move."""
    view = pygame.Rect(200, 100, vw, vh)
    extent = (view.centerx - cw / 2, view.centery - ch / 2, view.centerx + cw / 2, view.centery + ch / 2)
    cam = Camera(view, extent)
    cam.move(px, py)
    cam.centre_on([(fx, fy)])
    x0, y0, x1, y1 = extent
    for lo, hi, a, b, p in ((x0, x1, view.left, view.right, cam.pan[0]), (y0, y1, view.top, view.bottom, cam.pan[1])):
        if hi - lo <= b - a:
            assert p == 0
        else:
            assert lo + p <= a + 1e-6 and hi + p >= b - 1e-6
