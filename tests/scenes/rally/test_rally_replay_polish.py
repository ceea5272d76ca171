""""Replay chaos" with two ships, while the energy split waits (issue 17's play-test): the replay
shows the round's program rows, not the split panel over them; Hint and Undo wait (greyed, with
the reason) until it ends, so an undo no longer ends one round while the rest plays on; and a
replay that ends paused says it is over and gives the table back instead of a paused Play."""

from __future__ import annotations

import random

from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.views.rally.view import REPLAY_BUSY, RallyView
from tests.scenes.gestures import DT, click
from tests.scenes.rally.test_table_rally import ctx, open_match, played_until, rally_view  # noqa: F401
from tools.rally_playtest import choose


def replay_offered_at_the_split(ctx: AppContext):  # type: ignore[no-untyped-def]
    """Two ships of the person's through a chaos phase, then the energy split of the next era
    waits for them and "Replay chaos" is offered."""
    match = played_until(1, ["human", "random"], lambda s: s.phase == "chaos" and len(s.ships_of(0)) >= 2
                         and s.era >= 3)
    scene = open_match(ctx, match)
    view = rally_view(scene)
    rng = random.Random(5)
    for _ in range(6000):
        step(ctx, [], DT)
        state = match.state
        assert isinstance(state, RallyState) and not state.is_over()
        if state.phase == "distribute" and view.can_replay() and not scene.animator.busy:
            break
        if scene.acting_human() is not None and not scene.animator.busy:
            scene.play(choose(state, 0, rng))
    assert view.can_replay() and view.draft is not None, "the split waits, and the replay is offered"
    return match, scene, view


def _replaying(view: RallyView) -> bool:
    return view._replaying


def test_a_replay_shows_the_rounds_rows_and_hint_and_undo_wait(ctx: AppContext) -> None:  # noqa: F811
    match, scene, view = replay_offered_at_the_split(ctx)
    commands = len(match.commands)
    assert scene.btn_hint.enabled
    click(ctx, view._replay_rect().center)
    for _ in range(20):
        step(ctx, [], DT)
        if _replaying(view):
            break
    assert _replaying(view)
    step(ctx, [], DT)
    assert view._drawn_dock.rows, "the round's program rows (the split panel stood over them)"
    assert view.busy_words() == REPLAY_BUSY
    assert not scene.btn_hint.enabled and scene.btn_hint.tooltip == REPLAY_BUSY
    assert not scene.btn_undo.enabled and scene.undo_refusal() == REPLAY_BUSY
    scene.undo()
    scene.request_hint()
    step(ctx, [], DT)
    assert len(match.commands) == commands and _replaying(view), "the undo waits: the replay plays on"
    assert view.draft is not None, "the split is still the person's, drawn again once the replay ends"


def test_a_replay_that_ends_paused_says_it_is_over_and_plays_on(ctx: AppContext) -> None:  # noqa: F811
    match, scene, view = replay_offered_at_the_split(ctx)
    click(ctx, view._replay_rect().center)
    for _ in range(20):
        step(ctx, [], DT)
        if _replaying(view):
            break
    assert view.lay is not None
    click(ctx, view.play.rects(view.lay.controls)["pause"].center)  # Pause, then Step to the end
    step(ctx, [], DT)
    assert scene.watch_paused
    for i in range(4000):
        if not _replaying(view) and not view._replay_queue:
            break
        if i % 15 == 0:
            click(ctx, view.play.rects(view.lay.controls)["step"].center)
        step(ctx, [], DT)
    for _ in range(3):
        step(ctx, [], DT)
    assert not scene.watch_paused, "the table plays on: nothing of the replay waits"
    assert view.replay_finished() and view.status(scene.names)[0].startswith("Replay finished")
    assert scene.btn_hint.enabled and view.busy_words() is None
    assert view.draft is not None and view._round_dock is None, "the split panel is back in the dock's place"
    click(ctx, view._replay_done_rect().center)
    step(ctx, [], DT)
    assert not view.replay_finished() and view.can_replay(), "back to the game: Replay chaos is offered again"
