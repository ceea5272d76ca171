""""Same order as before" (issue 17): with the toggle on, the person's ships play in the order they
last picked, round after round, without being asked again; off, each round asks."""

from __future__ import annotations

from typing import Any

from game.core.match import Match
from game.core.protocol import Target
from game.rally.commands import OrderShips
from game.rally.state import RallyState
from scenes.app import AppContext, step
from tests.scenes.gestures import DT, at, click
from tests.scenes.rally.test_table_rally import ctx, open_match, played_until, rally_view, ready, settle  # noqa: F401


def order_asked() -> Match:
    """The chaos phase: the person (seat 0) picks which of two ships plays next, and both still hold
    cards for a later round."""
    def stop(s: RallyState) -> bool:
        mine = [s.ships[i] for i in s.chaos_ships if i in s.ships]
        return s.phase == "chaos" and s.turn == 0 and len(s.chaos_ships) >= 2 and \
            all(len(sh.program) >= 2 for sh in mine)
    return played_until(10, ["human", "random"], stop)


def orders_of_0(match: Match, since: int) -> list[OrderShips]:
    return [c for c in match.commands[since:] if isinstance(c, OrderShips) and c.seat == 0]


def play_on(ctx: AppContext, scene: Any, match: Match, since: int, frames: int = 3000) -> bool:
    """Step until seat 0 has ordered its ships twice; False if it is left waiting to be asked."""
    waiting = 0
    for _ in range(frames):
        step(ctx, [], DT)
        ready(ctx)
        state = match.state
        assert isinstance(state, RallyState)
        if len(orders_of_0(match, since)) >= 2 or state.phase != "chaos":
            return True
        asked = any(d.kind == "order_ships" and d.seat == 0 for d in state.pending())
        waiting = waiting + 1 if asked and not scene.animator.busy else 0
        if waiting > 30:
            return False
    return True


def test_with_same_order_on_the_next_round_is_not_asked(ctx: AppContext) -> None:  # noqa: F811
    match = order_asked()
    scene = open_match(ctx, match)
    settle(ctx, scene)
    view = rally_view(scene)
    assert view._order_toggle_shown()
    click(ctx, view._order_toggle_rect().center)
    assert view.same_order
    state = match.state
    assert isinstance(state, RallyState)
    picked = max(state.chaos_ships)  # not the first listed: the order is the person's
    since = len(match.commands)
    click(ctx, at(scene, Target("ship", ident=str(picked))))
    assert orders_of_0(match, since)[0].ship == picked
    assert play_on(ctx, scene, match, since), "asked again although the order is kept"
    orders = orders_of_0(match, since)
    assert len(orders) >= 2 and orders[1].ship == picked, orders


def test_with_same_order_off_each_round_asks(ctx: AppContext) -> None:  # noqa: F811
    match = order_asked()
    scene = open_match(ctx, match)
    settle(ctx, scene)
    view = rally_view(scene)
    assert not view.same_order
    state = match.state
    assert isinstance(state, RallyState)
    since = len(match.commands)
    click(ctx, at(scene, Target("ship", ident=str(max(state.chaos_ships)))))
    assert not play_on(ctx, scene, match, since), "the next round asks again"
