"""The Rally map on a long strip: hexes keep a readable size, the map pans (drag on empty map,
arrow keys) with hit-testing following, a tile drag is not taken as a pan, and the camera
brings the drawn tile's legal hexes into view."""

from __future__ import annotations

import pygame

from game.core.hexgrid import Hex
from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.rally.commands import PlaceTile
from game.rally.model import Tile
from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally.layout import min_radius
from tests.scenes.gestures import DT, at, click, drag, key
from scenes.app import step
from tests.scenes.rally.test_table_rally import (  # noqa: F401
    ctx, open_match, open_settled, played_until, rally_view, tile_turn,
)

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
    scene, view = open_settled(ctx, strip_turn())
    assert view.fit.radius >= min_radius(720) >= 20
    assert view.camera.active and any(view.camera.hidden_edges())


def test_a_map_that_fits_shows_no_panning_aids(ctx: AppContext) -> None:
    """Rows of 3 to 12 tiles: whenever the fit did not have to stop at the readable minimum, the
    map fits its area: no edge arrows, overview or pan hint (they once showed because the
    camera's margin was wider than the fit's)."""
    fitted = 0
    for extra in range(0, 10):
        match = tile_turn()
        state = match.state
        assert isinstance(state, RallyState)
        h0 = max(state.tiles, key=lambda h: h.q)
        for i in range(1, extra + 1):
            state.tiles.setdefault(Hex(h0.q + i, h0.r), Tile(0, 0))
        scene, view = open_settled(ctx, match)
        assert view.lay is not None
        if min_radius(720) < view.fit.radius < min(60, view.lay.map.height // 6):
            fitted += 1
            assert not view.camera.active and not any(view.camera.hidden_edges()), extra
            assert view._overview() is None
        ctx.stack.scenes.clear()
    assert fitted >= 3


def test_dragging_empty_map_pans_it_and_a_drop_after_panning_lands_where_shown(ctx: AppContext) -> None:
    match = strip_turn()
    scene, view = open_settled(ctx, match)
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
    scene, view = open_settled(ctx, match)
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
    scene, view = open_settled(ctx, strip_turn())
    ov = view._overview()
    assert ov is not None
    box, _ = ov
    click(ctx, (box.right - 5, box.centery))
    assert view.camera.hidden_edges()[0] and not view.camera.hidden_edges()[2], "at the right end"
    click(ctx, (box.x + 5, box.centery))
    assert not view.camera.hidden_edges()[0] and view.camera.hidden_edges()[2], "at the left end"
    assert view.hit_test(box.center) is None, "no drop lands under the overview"


def chaos_on_a_strip() -> Match:
    """The start of a chaos phase (several rounds to play) on a map stretched by a long strip
    of empty space east of every ship."""
    match = played_until(7, ["human", "normal"], lambda s: s.phase == "chaos" and by_itself(s.to_act())
                         and s.round == 0 and max(len(sh.program) for sh in s.ships.values()) >= 3)
    state = match.state
    assert isinstance(state, RallyState)
    h0 = max(state.tiles, key=lambda h: h.q)
    for i in range(1, STRIP):
        state.tiles.setdefault(Hex(h0.q + i, h0.r), Tile(0, 0))
    return match


def test_the_camera_follows_the_acting_ship_through_a_chaos_round(ctx: AppContext) -> None:
    """Looking at the far end of a long strip when the ships start to play, the camera glides to
    whatever acts (the ship turning up its card, where it flies, its shots) and keeps it in view."""
    match = chaos_on_a_strip()
    scene = open_match(ctx, match)
    view = rally_view(scene)
    assert view.camera.active and view.lay is not None
    view.pan(-10_000, 0)  # the empty east end of the strip
    seen = shown = 0
    for _ in range(2400):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is None:
            if match.state.phase != "chaos" or scene.acting_human() is not None:
                break
            continue
        tl, t, _ = playing
        if t < 0.6:
            continue  # a glide takes about a third of a second
        hexes = tl.action_at(t)
        if not hexes:
            continue
        seen += 1
        inside = view.lay.map.inflate(8, 8)
        if all(inside.collidepoint(view.fit.centre((round(q), round(r)))) for q, r in hexes):
            shown += 1
    assert seen > 20
    assert shown >= 0.85 * seen, (shown, seen)


def test_planning_shows_the_first_own_ship_when_they_are_far_apart_and_a_row_click_looks_at_another(
        ctx: AppContext) -> None:
    match = played_until(11, ["human", "normal"], lambda s: s.phase == "planning" and 0 in s.to_act()
                         and sum(1 for sh in s.ships.values() if sh.owner == 0) >= 2)
    state = match.state
    assert isinstance(state, RallyState)
    mine = sorted((sh for sh in state.ships.values() if sh.owner == 0), key=lambda sh: sh.id)
    # lay a long strip between the two ships' hexes' row and put the second ship at its far end
    h0 = max(state.tiles, key=lambda h: h.q)
    for i in range(1, STRIP):
        state.tiles.setdefault(Hex(h0.q + i, h0.r), Tile(0, 0))
    mine[1].hex = Hex(h0.q + STRIP - 1, h0.r)
    scene, view = open_settled(ctx, match)
    assert view.lay is not None and view.camera.active
    area = view.lay.map
    first, second = view.fit.centre((mine[0].hex.q, mine[0].hex.r)), view.fit.centre((mine[1].hex.q, mine[1].hex.r))
    assert area.collidepoint(first), "the first ship is in view, not the empty middle between them"
    assert not area.collidepoint(second)
    row = next(r for r in view.dock.rows if r.ship == mine[1].id)
    click(ctx, row.label.center)
    for _ in range(60):
        step(ctx, [], DT)
    second = view.fit.centre((mine[1].hex.q, mine[1].hex.r))
    assert area.collidepoint(second), "a click on the ship's row looks at it"
