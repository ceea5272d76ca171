"""What the map and the dock show while a chaos round plays back: the view is already the end
of the round, so a tile keeps what it had until the ship that takes it gets there, portals
work by the entropy reached so far, and a ship lost in the round keeps its program row (the
dock does not squash the rows of the round's start into the room of the rows left)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import by_itself
from game.rally.commands import CardPlayed, Collected, EntropyChanged, PortalClaimed, ShipDestroyed, ShipMoved
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.views.rally.animation import build_timeline, tiles_shown
from tests.scenes.gestures import DT
from scenes.table import TableScene
from tests.scenes.rally.test_table_rally import ctx, played_until, rally_view  # noqa: F401


def test_a_tile_keeps_its_titanium_until_the_ship_lands_on_it() -> None:
    before = {"entropy": -700, "ships": [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 30,
                                          "titanium": 0}], "tokens": [],
              "tiles": [{"hex": [0, 0], "kind": "space"}, {"hex": [1, 0], "kind": "space"},
                        {"hex": [2, 0], "kind": "titanium", "value": 3}]}
    after_tiles = [{"hex": [0, 0], "kind": "space"}, {"hex": [1, 0], "kind": "space"},
                   {"hex": [2, 0], "kind": "titanium", "value": 0}]
    events = [CardPlayed(ship=1, card=5, kind="move2", paid=7),
              ShipMoved(ship=1, frm=(0, 0), to=(2, 0), path=((1, 0), (2, 0))),
              Collected(ship=1, hex=(2, 0), kind="titanium", amount=3)]
    tl = build_timeline(before, events)
    landed = tl.tile_changes[(2, 0)]
    assert landed > 0.5, "the pickup comes after the card and the flight"
    value = lambda t: next(x["value"] for x in tiles_shown(before["tiles"], after_tiles, tl, t)  # noqa: E731
                           if x["hex"] == [2, 0])
    assert value(0.0) == 3 and value(landed - 0.01) == 3, "still there while the ship flies"
    assert value(landed) == 0 and value(tl.duration) == 0


def test_a_portal_is_claimed_and_switches_off_when_the_playback_gets_there() -> None:
    portal = {"hex": [1, 0], "kind": "portal", "value": 70, "threshold": -650, "owner": None, "active": True}
    before = {"entropy": -660, "ships": [{"id": 2, "owner": 1, "hex": [0, 0], "direction": 0, "energy": 30,
                                          "titanium": 0}], "tokens": [], "tiles": [{"hex": [0, 0], "kind": "space"},
                                                                                 portal]}
    after_tiles = [{"hex": [0, 0], "kind": "space"}, dict(portal, owner=1, active=False)]
    events = [CardPlayed(ship=2, card=5, kind="move1", paid=4),
              EntropyChanged(before=-660, after=-647, cause="card"),
              ShipMoved(ship=2, frm=(0, 0), to=(1, 0), path=((1, 0),)),
              PortalClaimed(player=1, hex=(1, 0), previous=None)]
    tl = build_timeline(before, events)
    shown = lambda t: tiles_shown(before["tiles"], after_tiles, tl, t)[1]  # noqa: E731
    assert shown(0.0)["owner"] is None and shown(0.0)["active"] is False or shown(0.0)["active"] is True
    start = shown(-1.0)
    assert start["owner"] is None and start["active"] is True, "before the card: nobody's, working"
    end = shown(tl.duration)
    assert end["owner"] == 1 and end["active"] is False


def loses_a_ship_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()) or s.round < 1:
        return False
    c = s.clone()
    return any(isinstance(e, ShipDestroyed) for e in c.apply(c.candidates(c.to_act()[0])[0])) and \
        len({sh.id for sh in s.ships.values() if sh.program}) >= 2


def test_a_ship_lost_in_a_round_keeps_its_row_while_the_round_plays(ctx: AppContext) -> None:  # noqa: F811
    match = None
    for seed in range(1, 40):
        try:
            match = played_until(seed, ["human", "random"], loses_a_ship_next_round, limit=1500)
        except AssertionError:
            continue
        if not match.state.is_over():
            break
    assert match is not None and not match.state.is_over(), "no seed loses a ship in a chaos round"
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    assert view.lay is not None and by_itself(match.state.to_act()), "the round is still to come"
    rows_before = len(view.dock.rows)
    dock_h = view.lay.dock.height
    seen: list[Any] = []
    for _ in range(400):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and match.state.round > 0:
            dock, _ = view._dock_now(playing)
            seen.append(dock)
            break
    assert seen, "the round was played back"
    dock = seen[0]
    assert len(dock.rows) == rows_before >= 2
    assert view.lay.dock.height == dock_h, "the dock keeps its size while the lost ship's row shows"
    for row in dock.rows:
        assert row.rect.height >= dock.slot_h, (row.rect, dock.slot_h)
        assert dock.rect.contains(row.rect)


def collects_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()):
        return False
    c = s.clone()
    return any(isinstance(e, Collected) and e.kind == "titanium" for e in c.apply(c.candidates(c.to_act()[0])[0]))


def test_the_map_shows_the_titanium_until_the_playback_collects_it(ctx: AppContext,  # noqa: F811
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window (seed 1, era 3): paused at the start of a round, the titanium tile
    the round's last move would take was already drawn empty."""
    match = next(m for m in (played_until(seed, ["human", "random"], lambda s: collects_next_round(s) or s.is_over())
                             for seed in range(1, 30)) if not m.state.is_over())
    c = match.state.clone()
    taken = next(e for e in c.apply(c.candidates(c.to_act()[0])[0]) if isinstance(e, Collected) and e.kind == "titanium")
    amount = next(t["value"] for t in match.state.view(0)["tiles"] if tuple(t["hex"]) == tuple(taken.hex))
    assert amount > 0
    import scenes.views.rally.view as rally_module

    drawn: dict[tuple[int, int], Any] = {}
    real_image = rally_module.tile_image

    def record(t: Any, radius: int, labels: bool = True) -> Any:
        drawn[tuple(t["hex"])] = t.get("value")
        return real_image(t, radius, labels)

    monkeypatch.setattr(rally_module, "tile_image", record)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    for _ in range(400):
        step(ctx, [], DT)
        if view._timeline(scene.animator) is not None:
            break
    playing = view._timeline(scene.animator)
    assert playing is not None, "the round plays back"
    tl, t, _ = playing
    assert t < tl.tile_changes[tuple(taken.hex)]
    assert drawn[tuple(taken.hex)] == amount, "the tile still shows its titanium"


def on_a_portal_at_a_round(s: RallyState) -> bool:
    return s.phase == "chaos" and by_itself(s.to_act()) and any(
        sh.hex in s.tiles and s.tiles[sh.hex].kind == "portal" for sh in s.ships.values())


def test_tile_badges_follow_the_ships_while_a_round_plays(ctx: AppContext,  # noqa: F811
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Ships standing on a tile cover its numbers during a chaos round as much as when parked:
    its badges are drawn then too (they were not), for the ships standing there at that moment
    and from the tile as it is then (`tiles_shown`), and the tile itself is drawn bare there."""
    match = next(m for m in (played_until(seed, ["human", "random"], lambda s: on_a_portal_at_a_round(s) or s.is_over())
                             for seed in range(1, 30)) if not m.state.is_over())
    import scenes.views.rally.view as rally_module

    badged: list[tuple[Any, int, bool]] = []
    real = rally_module.draw_tile_badge
    scene = TableScene(ctx, match, use_process=False)
    view = rally_view(scene)

    def record(surface: Any, t: Any, centre: Any, radius: int, ships: Any) -> Any:
        playing = view._timeline(scene.animator)
        if playing is not None:
            shown = {tuple(x["hex"]): x for x in view._shown_tiles}
            badged.append((t, len(ships), shown.get(tuple(t["hex"])) is t))
        return real(surface, t, centre, radius, ships)

    monkeypatch.setattr(rally_module, "draw_tile_badge", record)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    for _ in range(600):
        step(ctx, [], DT)
        if badged and view._timeline(scene.animator) is None:
            break
    assert badged, "badges drawn while the round plays"
    assert all(same for _, _, same in badged), "from the tile as it is at that moment"
    assert any(t["kind"] == "portal" for t, _, _ in badged)
    assert all(n >= 1 for _, n, _ in badged)
