"""Replay the last chaos phase (issue 17): once a chaos phase has played back, a button where
Pause / Step stood plays every round of it again as it was, read-only (the table takes no gesture
and nothing of theirs is played meanwhile), and then the table is as it was."""

from __future__ import annotations

from game.rally.commands import OrderShips
from game.rally.state import RallyState
from scenes.app import AppContext, step
from tests.scenes.gestures import DT, click
from tests.scenes.rally.test_table_rally import ctx, open_match, played_until, rally_view, settle  # noqa: F401


def after_a_chaos_phase(ctx: AppContext):  # type: ignore[no-untyped-def]
    """The table right after a chaos phase it played back, the person to act again."""
    match = played_until(11, ["human", "random"], lambda s: s.phase == "chaos")
    scene = open_match(ctx, match)
    for _ in range(40):
        settle(ctx, scene)
        state = match.state
        assert isinstance(state, RallyState)
        if state.phase != "chaos" or state.is_over():
            break
        pending = state.pending()
        if pending and pending.get("kind") == "order_ships":
            scene.play(OrderShips(0, pending["ships"][0]))
    return match, scene, rally_view(scene)


def test_the_last_chaos_phase_can_be_replayed_read_only(ctx: AppContext) -> None:  # noqa: F811
    match, scene, view = after_a_chaos_phase(ctx)
    assert not match.state.is_over()
    rounds = len(view._chaos_record)
    assert rounds >= 1 and view.can_replay(), "offered once the phase is over"
    commands = len(match.commands)
    click(ctx, view._replay_rect().center)
    step(ctx, [], DT)
    seen: set[int] = set()
    for _ in range(3000):
        tweens = [tw for tw in scene.animator.of_kind("rally") if tw.payload.get("replay") is not None]
        if not tweens and not view._replay_queue and seen:
            break
        if tweens:
            seen.add(id(tweens[0]))
            assert "Replay" in view.status(scene.names)[0]
            assert not scene._input_open(), "read-only while it plays"
        step(ctx, [], DT)
    assert len(seen) == rounds, "every round of the phase again"
    assert not [c for c in match.commands[commands:] if c.seat == 0], "nothing of the person's was played"
    assert match.state.phase != "chaos", "the replay played no chaos round (a computer may plan meanwhile)"
    assert scene._input_open() and view.can_replay(), "the table is the person's again"


def test_no_replay_is_offered_before_any_chaos_phase(ctx: AppContext) -> None:  # noqa: F811
    match = played_until(11, ["human", "random"], lambda s: s.phase == "planning" and s.era == 1 and not s.done[0])
    scene = open_match(ctx, match)
    settle(ctx, scene)
    assert not rally_view(scene).can_replay()
