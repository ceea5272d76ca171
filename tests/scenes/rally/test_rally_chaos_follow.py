"""A chaos phase you can follow (issue 17): about a second a card, the acting ship named, and
the playback pausing by itself on a battle, a lost ship or banked titanium with the outcome
spelt out, until Play (a setting turns the stops off); Pause holds a round where it is and
Step plays its next card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.protocol import by_itself
from game.rally.commands import Battle, CardPlayed, ShipDestroyed, ShipMoved, ShipTurned, TitaniumBanked
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.rally.animation import CARD_BEAT_S, build_timeline
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import played_until, rally_view
from tests.scenes.table_context import table_context

SHIPS = [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 84, "titanium": 0, "number": 1},
         {"id": 2, "owner": 1, "hex": [3, 0], "direction": 3, "energy": 282, "titanium": 0, "number": 1}]
BEFORE = {"entropy": -700, "ships": SHIPS, "tokens": [], "tiles": []}


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast", ai_watch_delay=0.0) as context:
        yield context


def test_each_card_takes_about_a_second_and_names_its_ship() -> None:
    events = [CardPlayed(ship=1, card=5, kind="move1", paid=4),
              ShipMoved(ship=1, frm=(0, 0), to=(1, 0), path=((1, 0),)),
              CardPlayed(ship=2, card=9, kind="right60", paid=2),
              ShipTurned(ship=2, frm=3, to=4)]
    tl = build_timeline(BEFORE, events)
    starts = [t for t, _, _ in tl.played]
    assert starts[1] - starts[0] >= CARD_BEAT_S >= 0.95, "a card was 0.4-0.7 s: a round went by in a blur"
    assert tl.duration - starts[1] >= CARD_BEAT_S
    assert [tn.ship for tn in tl.turns] == [1, 2]
    first = tl.acting_at(starts[0] + 0.1)
    assert first is not None and first.ship == 1 and first.card == "move1"
    later = tl.acting_at(starts[1] + 0.1)
    assert later is not None and later.ship == 2


def test_a_battle_and_the_wreck_it_makes_are_one_stop() -> None:
    events = [CardPlayed(ship=1, card=5, kind="move2", paid=7),
              ShipMoved(ship=1, frm=(0, 0), to=(3, 0), path=((1, 0), (2, 0), (3, 0))),
              Battle(hex=(3, 0), ships=(1, 2), before=(77, 282), after=(-205, 205)),
              ShipDestroyed(ship=1, player=0, hex=(3, 0), reason="battle", titanium=0, energy=0)]
    tl = build_timeline(BEFORE, events)
    assert len(tl.stops) == 1
    stop = tl.stops[0]
    assert [type(e) for e in stop.events] == [Battle, ShipDestroyed]
    assert 0 < stop.t < tl.duration
    banked = build_timeline(BEFORE, [TitaniumBanked(player=1, ship=2, amount=3, points=3)])
    assert len(banked.stops) == 1, "banked titanium is a key moment too"
    nothing = build_timeline(BEFORE, [TitaniumBanked(player=1, ship=2, amount=0, points=0)])
    assert not nothing.stops, "a portal card with no titanium aboard is no key moment (it paused on '+0 points')"
    assert tl.next_beat(0.05) == stop.t, "Step stops at the battle (no later card in the round)"


def loses_a_ship_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()) or s.round < 1:
        return False
    c = s.clone()
    return any(isinstance(e, ShipDestroyed) for e in c.apply(c.candidates(c.to_act()[0])[0]))


def _round_with_a_loss(ctx: AppContext) -> tuple[TableScene, Any]:
    match = next(m for m in (played_until(seed, ["human", "random"], lambda s: loses_a_ship_next_round(s)
                                          or s.is_over()) for seed in range(1, 40)) if not m.state.is_over())
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene, rally_view(scene)


def test_the_playback_pauses_on_a_lost_ship_and_says_what_happened(ctx: AppContext) -> None:
    scene, view = _round_with_a_loss(ctx)
    stopped_at = None
    for _ in range(3000):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and scene.watch_paused:
            stopped_at = playing[1]
            break
    assert stopped_at is not None, "the round paused by itself"
    assert "lost" in view.stop_words or "Battle" in view.stop_words or "shot down" in view.stop_words \
        or "flew off" in view.stop_words, view.stop_words
    assert "Player " not in view.stop_words, "the table's names, as in the log"
    assert "on a tile" not in view.stop_words, "the hex named by its tile, as in the log"
    for _ in range(60):
        step(ctx, [], DT)
    playing = view._timeline(scene.animator)
    assert playing is not None and abs(playing[1] - stopped_at) < 1e-6, "it waits for Play"
    scene.toggle_watch()  # Play (or Space)
    for _ in range(3000):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is None or playing[1] > stopped_at + 0.05:
            break
    assert not view.stop_words, "the outcome goes once the round goes on"
    assert playing is None or playing[1] > stopped_at


def test_the_stops_can_be_turned_off(ctx: AppContext) -> None:
    ctx.settings.key_moment_stops = False
    scene, view = _round_with_a_loss(ctx)
    rounds_seen = 0
    for _ in range(3000):
        step(ctx, [], DT)
        if view._timeline(scene.animator) is not None:
            rounds_seen += 1
        elif rounds_seen:
            break
        assert not scene.watch_paused, "nothing paused the table"
    assert rounds_seen, "the round played through"


def test_pause_holds_a_round_and_step_plays_its_next_card(ctx: AppContext) -> None:
    ctx.settings.key_moment_stops = False
    scene, view = _round_with_a_loss(ctx)
    playing = None
    for _ in range(3000):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and playing[1] > 0.2:
            break
    assert playing is not None
    scene.toggle_watch()
    step(ctx, [], DT)
    held = view._timeline(scene.animator)
    assert held is not None
    for _ in range(30):
        step(ctx, [], DT)
    now = view._timeline(scene.animator)
    assert now is not None and abs(now[1] - held[1]) < 1e-6, "paused mid-round: it holds where it is"
    tl = now[0]
    goal = tl.next_beat(now[1])
    view.play.steps += 1  # Step
    for _ in range(600):
        step(ctx, [], DT)
        now = view._timeline(scene.animator)
        if now is None or now[1] >= goal - 1e-6:
            break
    assert now is not None and abs(now[1] - goal) < 1e-6, "Step played on to the next card, and held there"
    acting = tl.acting_at(goal)
    if acting is not None:
        said = view.acting_words(tl, goal, now[2].payload["before"])
        assert "ship" in said and ("plays" in said or "skips" in said)


def test_a_program_rows_ship_icon_points_where_the_ship_heads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: the program row's ship icon always pointed north (-90°), whatever its heading."""
    import pygame

    import scenes.views.rally.planning as planning
    from game.core.hexgrid import direction_angle
    from scenes.sprites.text import TextCache

    drawn: list[float] = []
    monkeypatch.setattr(planning, "draw_ship", lambda layer, at, owner, angle, r, *a, **k: drawn.append(angle))
    pygame.init()
    layer = pygame.Surface((600, 120))
    view = {"players": 2, "seat": 0, "ships": [dict(SHIPS[1], direction=2)]}
    row = planning.Row(2, 1, pygame.Rect(0, 0, 600, 100), pygame.Rect(0, 0, 120, 100))
    planning._draw_row(layer, row, view, TextCache(lambda size, kind: pygame.font.Font(None, size)), 16, None, set(), False, (0, 0))
    assert drawn == [direction_angle(2)] and direction_angle(2) != -90.0


def test_the_first_round_names_the_acting_ship_and_explains_pause_and_step(ctx: AppContext) -> None:
    from scenes.views.rally.view import FIRST_ROUND_TIP

    ctx.settings.key_moment_stops = False
    scene, view = _round_with_a_loss(ctx)
    caption: list[Any] = []
    for _ in range(3000):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and playing[0].acting_at(playing[1]) is not None:
            caption = view.caption_lines(playing[0], playing[1], playing[2].payload["before"], 16, 2000)
            break
    texts = [line[0] for line in caption]
    assert texts and ("plays" in texts[0] or "skips" in texts[0]) and "ship" in texts[0], texts
    assert FIRST_ROUND_TIP in texts, "the first round says what Pause and Step do"
    assert view.play.rects(view.lay.controls)["step"].width > 0 if view.lay else False
    view._rounds_watched = 2
    later = view.caption_lines(playing[0], playing[1], playing[2].payload["before"], 16, 2000)
    assert FIRST_ROUND_TIP not in [line[0] for line in later], "said once, not every round"


def test_in_hot_seat_the_next_players_ship_preview_does_not_keep_the_last_ones_facing(
        ctx: AppContext) -> None:
    """Issue 17: at set-up, a player's ship preview kept the rotation the previous player chose."""
    match = played_until(3, ["human", "human"], lambda s: s.phase == "setup_ships")
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    state = match.state
    first = view.view.get("seat")
    view.facing = 4  # the player on screen turned the preview (R)
    view.set_view(state.view(first))
    assert view.facing == 4, "the same player keeps their choice while placing"
    view.set_view(state.view(1 - int(first)))
    assert view.facing is None, "the next player starts from the engine's facing"
