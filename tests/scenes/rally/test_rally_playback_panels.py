"""The player panels and the banner follow the chaos playback, not the round's end.

Seen in a real window (3 players, my only ship lost in a battle in round 1):
while round 1 was still playing back - my ship on the map, playing its
Titanium Portal - my panel already said '0 ships', 'Out of the race', and the
banner 'Watching (out of the race)', because both read the view, which is
already the end of the round.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import by_itself
from game.rally.commands import Battle, CardPlayed, ShipDestroyed, ShipMoved, TitaniumBanked
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.rally.animation import build_timeline, seats_at
from tests.scenes.gestures import DT
from tests.scenes.rally.test_rally_dock_live import record_text
from tests.scenes.rally.test_table_rally import ctx, played_until, rally_view  # noqa: F401


def test_points_ships_and_the_race_change_when_the_playback_shows_them() -> None:
    ships = [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 40, "titanium": 3},
             {"id": 2, "owner": 1, "hex": [1, 0], "direction": 3, "energy": 200, "titanium": 0}]
    before = {"entropy": -700, "ships": ships, "tokens": [], "tiles": [], "points": [0, 0], "alive": [True, True]}
    after = {**before, "ships": [dict(ships[1], energy=172)], "points": [3, 0], "alive": [False, True]}
    events = [CardPlayed(ship=1, card=5, kind="titanium_portal", paid=12),
              TitaniumBanked(player=0, ship=1, amount=3, points=3),
              CardPlayed(ship=2, card=6, kind="move1", paid=4),
              ShipMoved(ship=2, frm=(1, 0), to=(0, 0), path=((0, 0),)),
              Battle(hex=(0, 0), ships=(1, 2), before=(28, 196), after=(-168, 168)),
              ShipDestroyed(ship=1, player=0, hex=(0, 0), reason="battle", titanium=0, energy=0)]
    tl = build_timeline(before, events)
    start, end = seats_at(before, after, tl, 0.0), seats_at(before, after, tl, tl.duration)
    assert start["points"] == [0, 0] and start["alive"] == [True, True]
    assert sorted(s["owner"] for s in start["ships"]) == [0, 1]
    assert end["points"] == [3, 0] and end["alive"] == [False, True]
    assert [s["owner"] for s in end["ships"]] == [1]
    banked = tl.banked[0][0]
    assert seats_at(before, after, tl, banked)["points"] == [3, 0]
    assert seats_at(before, after, tl, banked)["alive"] == [True, True], "banked, not yet in the battle"


def loses_the_last_ship_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()) or not s.alive[0]:
        return False
    c = s.clone()
    c.apply(c.candidates(c.to_act()[0])[0])
    return not c.alive[0] and not c.is_over()


def test_the_panel_says_out_of_the_race_only_once_the_loss_is_shown(ctx: AppContext,  # noqa: F811
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    match = None
    for seed in range(1, 60):
        try:
            match = played_until(seed, ["human", "random", "random"], loses_the_last_ship_next_round, limit=3000)
        except AssertionError:
            continue
        if not match.state.is_over():
            break
    assert match is not None and not match.state.is_over(), "no seed loses the person's last ship in a round"
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    said = record_text(monkeypatch)
    early: list[Any] = []
    for _ in range(600):
        view._static_key = None  # the panels are drawn anew every frame (not from the cached layer)
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and playing[1] > 0 and not match.state.alive[0]:  # type: ignore[attr-defined]
            early.append((list(said), view.status(scene.names)[0]))
            break
        said.clear()
    assert early, "the round that loses the ship was played back"
    texts, banner = early[0]
    assert "Out of the race" not in texts, "the panel tells the loss before the playback shows it"
    assert not banner.startswith("Watching"), banner
    for _ in range(1200):  # the playback ends: now the panel says it
        said.clear()
        step(ctx, [], DT)
        if view._timeline(scene.animator) is None:
            break
    said.clear()
    view._static_key = None
    step(ctx, [], DT)
    assert "Out of the race" in said


@pytest.mark.parametrize("amount, words", [(1, "+1 point"), (3, "+3 points")])
def test_the_banking_label_counts_its_points(amount: int, words: str) -> None:
    # a real window showed '+1 points' over a ship that sent one titanium home
    before = {"entropy": -700, "ships": [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 40,
                                          "titanium": amount}], "tokens": [], "tiles": []}
    tl = build_timeline(before, [CardPlayed(ship=1, card=5, kind="titanium_portal", paid=12),
                                 TitaniumBanked(player=0, ship=1, amount=amount, points=amount)])
    assert [e.text for e in tl.effects if e.kind == "label"] == [words]
