"""Play-test (eighth session): dragging one of your models before choosing its order only
picked it, with no word, and dragging a picked model again unpicked it. The drop says that the
order comes first, and the model stays picked for it."""

from __future__ import annotations

from game.core.protocol import Target
from scenes.app import AppContext, step
from tests.scenes.gestures import DT, at, drag
from tests.scenes.skirmish.test_skirmish_table import ctx, deploy_all, open_table, settle, state_of  # noqa: F401


def test_a_model_dragged_before_its_order_says_the_order_comes_first(ctx: AppContext) -> None:  # noqa: F811
    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    state = state_of(scene)
    seat = state.to_act()[0]
    model = next(f for f in state.alive(seat) if f.on_table)
    start = at(scene, Target("figure", ident=str(model.id)))
    for attempt in range(2):  # the second drag starts on the model already picked
        drag(ctx, start, (start[0] + 60, start[1] + 40))
        step(ctx, [], DT)
        assert "order" in scene.status_text and scene.status_error, (attempt, scene.status_text)
        assert view.selected == [model.id], attempt
        assert state_of(scene).figures[model.id].at == model.at
        settle(ctx, scene)
