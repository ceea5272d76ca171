"""A wave that pushes a ship off the map is said on the table, as a battle's outcome is
(play-test, issue 17): the map said only "Pushed!" where the ship stood and "Destroyed!" in the
void beyond the tiles, and the pause on the loss read "... flew off the map"; only the log
named the wave."""

from __future__ import annotations

from game.rally.commands import ShipDestroyed, TokenMoved, WavePush
from scenes.app import AppContext
from scenes.views.rally.animation import build_timeline
from tests.scenes.rally.test_table_rally import ctx, open_settled, planning  # noqa: F401

SHIPS = [{"id": 4, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 30, "titanium": 2, "number": 2}]
BEFORE = {"entropy": -700, "ships": SHIPS, "tiles": [{"hex": [0, 0], "kind": "space"}],
          "tokens": [{"kind": "wave", "hex": [-1, 0], "direction": 0, "owner": 1}]}
OFF = [TokenMoved(kind="wave", frm=(-1, 0), to=(0, 0)),
       WavePush(ship=4, frm=(0, 0), to=(1, 0), direction=0),
       ShipDestroyed(ship=4, player=0, hex=(1, 0), reason="off_map", titanium=2, energy=30)]


def labels(events: list) -> list[str]:  # type: ignore[type-arg]
    return [ef.text for ef in build_timeline(BEFORE, events).effects if ef.kind == "label"]


def test_the_push_off_the_map_is_labelled_where_the_ship_stood_and_the_pause_names_the_wave() -> None:
    tl = build_timeline(BEFORE, OFF)
    push = next(ef for ef in tl.effects if ef.kind == "label" and ef.text.startswith("Pushed"))
    assert push.text == "Pushed off the map!" and push.hex == (0.0, 0.0), "on the tile the ship was pushed from"
    assert len(tl.stops) == 1 and [type(e) for e in tl.stops[0].events] == [WavePush, ShipDestroyed]
    kept = [TokenMoved(kind="wave", frm=(-1, 0), to=(0, 0)), WavePush(ship=4, frm=(0, 0), to=(1, 0), direction=0)]
    assert "Pushed!" in labels(kept), "a push onto a tile stays 'Pushed!'"


def test_the_pause_on_a_wave_loss_says_a_wave_pushed_the_ship_off(ctx: AppContext) -> None:  # noqa: F811
    _, view = open_settled(ctx, planning())
    tl = build_timeline(BEFORE, OFF)
    said = view.stop_text(tl, tl.stops[0].events, BEFORE)
    assert said == "A wave pushed your ship 2 off the map: it is lost, 2 titanium lost", said
