"""While a chaos round plays back the table keeps out of its way (play-test, issue 17): a
ship's tooltip left up by a still pointer went on standing over the moving ships and the
round's caption, with the cargo the ship ends the round with."""

from __future__ import annotations

from game.rally.state import RallyState
from scenes.app import AppContext, step
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import ctx, open_match, played_until, rally_view, settle  # noqa: F401


def test_no_map_tooltip_stands_over_a_playing_chaos_round(ctx: AppContext) -> None:  # noqa: F811
    match = played_until(11, ["human", "random"], lambda s: s.phase == "chaos")
    scene = open_match(ctx, match)
    view = rally_view(scene)
    for _ in range(60):
        step(ctx, [], DT)
        if view._playing_round and view._ship_centres:
            break
    assert view._playing_round, "a chaos round plays back"
    spot = next(iter(view._ship_centres.values()))
    scene._hover((int(spot[0]), int(spot[1])))
    assert view.tooltip(scene.mouse) is None, "no tooltip of a moving piece"
    scene.tip_text = "left up from before the round"
    step(ctx, [], DT)
    assert scene.tip_text is None, "a tooltip up when the round began goes"
    state = match.state
    assert isinstance(state, RallyState)
    settle(ctx, scene)
    assert not view._playing_round
    centre = next(iter(view._ship_centres.values()))
    assert view.tooltip((int(centre[0]), int(centre[1]))), "the ships answer again once the round is over"
