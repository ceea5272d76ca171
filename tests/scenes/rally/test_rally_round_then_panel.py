"""A decision a chaos round leads to is put to the person once the round has been shown
(play-test, issue 17): the cargo exchange panel opened while the round still played back,
before the ships had got to the hex they share."""

from __future__ import annotations

from collections.abc import Callable

from game.core.match import Match
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.rally.view import NEW_SHIP, ROUND_BUSY, RallyView
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import ctx, pending_for_0, rally_view, settle  # noqa: F401


def before_the_round_that_asks(kind: str) -> Match:
    """The match one step before `kind` is asked of seat 0: the chaos round that leads to it."""
    asked = pending_for_0(kind)
    assert asked.commands[-1].seat < 0, "a chaos round (the engine's own step) leads to it"
    match = Match(get_game("rally"), {}, asked.seed, list(asked.seats))
    for command in asked.commands[:-1]:
        assert (match.resolve_chance() if command.seat < 0 else match.submit(command)).ok
    return match


def watch_the_round(ctx: AppContext, kind: str, while_playing: Callable[[TableScene, RallyView], None]
                    ) -> tuple[TableScene, RallyView]:
    """Open the table one step before `kind` is asked of seat 0, call `while_playing` on every
    frame of the round's playback that leads to it, then let the round end; the scene and view."""
    match = before_the_round_that_asks(kind)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    view = rally_view(scene)
    playing = 0
    for _ in range(600):
        step(ctx, [], DT)
        if (view.view.get("pending") or {}).get("kind") != kind:
            continue
        if not view._playing_round:
            break
        playing += 1
        while_playing(scene, view)
    assert playing > 10, f"the round leading to the {kind} decision was played back"
    settle(ctx, scene)
    step(ctx, [], DT)  # (the table refreshes its buttons in the frame after the round's last)
    return scene, view


def test_the_cargo_panel_opens_when_the_round_has_been_shown(ctx: AppContext) -> None:  # noqa: F811
    def during(scene: TableScene, view: RallyView) -> None:
        assert view.draft is None, "no cargo panel over the round's playback"
        assert not view.actions(0), "nor its 'Keep cargo as is'"
        assert view.busy_words() == ROUND_BUSY

    scene, view = watch_the_round(ctx, "exchange", during)
    assert view.draft is not None and view.draft.kind == "exchange", "the panel opens once it has been shown"
    assert [a.label for a in view.actions(0)] == ["Keep cargo as is"]
    assert view.busy_words() is None and scene.btn_hint.enabled
    assert [b.label for b in scene.action_buttons] == ["Keep cargo as is"]


def test_a_built_ship_is_offered_once_the_round_that_built_it_has_been_shown(ctx: AppContext) -> None:  # noqa: F811
    """Play-test (sixth session): the 'New ship' box and its placing showed while the round's
    first card still played, telling the table of a Build Ship before it was played."""
    def during(scene: TableScene, view: RallyView) -> None:
        assert view._placing_seat() is None and not view._placing_ship(), "no ship to place over the playback"
        to_act = scene.match.to_act()
        assert to_act == [0] and view.shown_to_act(to_act) == [], "nor a seat marked to act"

    scene, view = watch_the_round(ctx, "place_built_ship", during)
    assert view._placing_seat() == 0 and view._placing_ship(), "the ship is offered once the round has been shown"
    assert scene.movable() == [NEW_SHIP], "and it may be picked up (its hexes glow)"
    assert view.shown_to_act(scene.match.to_act()) == [0]
