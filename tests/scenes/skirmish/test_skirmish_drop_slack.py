"""Re-read (fifteenth session): a model let go just short of a friend is set against it when at
this zoom their markers look touching (`SkirmishView.drop_point`). The allowance took the moved
model's enlargement twice, as if the friend were drawn enlarged alike; a large base is drawn at
its true size, so a small model let go a visible gap short of a large friend was pulled in, and
a large model let go by a small friend drawn touching was not. Each model's own enlargement
counts now."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.protocol import Target
from game.skirmish import rules
from game.skirmish.commands import Activate
from game.skirmish.geometry import BASE_CONTACT
from game.skirmish.state import SkirmishState
from scenes.app import AppContext
from scenes.views.skirmish import board
from scenes.views.skirmish.view import SkirmishView
from tests.games.skirmish.test_skirmish_rules import put, table
from tests.scenes.skirmish.test_skirmish_view import ctx, make_view  # noqa: F401


def pair(ctx: AppContext, mover: str, friend: str) -> tuple[SkirmishView, SkirmishState, int, int]:  # noqa: F811
    s = table()
    a = put(s, 0, mover, 10, 10)
    b = put(s, 0, friend, 14, 10)
    s.apply(Activate(0, (a.id,), "move_attack"))
    return make_view(ctx, s), s, a.id, b.id


def extra_inches(view: SkirmishView, model: int) -> float:
    """How far the model's marker reaches past its true base, in inches at this zoom."""
    fig = view.view["figures"][model]
    return (view.marker(model).radius - board.base_px(view.camera, fig["base_mm"])) / view.camera.length(1.0)


def short_of(s: SkirmishState, a: int, b: int, gap: float) -> tuple[float, float]:
    """Where `a` stands `gap` inches (edge to edge) left of `b`."""
    ra, rb = (rules.geo.base_radius(s.figures[m].unit.base_mm) for m in (a, b))
    return (s.figures[b].x - rb - ra - gap, s.figures[b].y)


def test_a_small_model_a_visible_gap_short_of_a_large_friend_stays_where_it_was_let_go(ctx: AppContext) -> None:  # noqa: F811
    view, s, small, large = pair(ctx, "lightwright", "sun_lance")
    assert extra_inches(view, large) == 0 < extra_inches(view, small), "the large base drawn true, the small enlarged"
    gap = BASE_CONTACT + 1.5 * extra_inches(view, small)  # past both markers' reach, short of twice the small one's
    spot = short_of(s, small, large, gap)
    assert view.drop_point(Target("figure", ident=str(small)), spot) == spot


def test_a_large_model_let_go_by_a_small_friend_drawn_touching_is_set_against_it(ctx: AppContext) -> None:  # noqa: F811
    view, s, large, small = pair(ctx, "sun_lance", "lightwright")
    gap = BASE_CONTACT + 0.5 * extra_inches(view, small)  # inside the small friend's enlarged marker
    spot = short_of(s, large, small, gap)
    put_down = view.drop_point(Target("figure", ident=str(large)), spot)
    assert put_down != spot and rules.geo.in_base_contact(s.body(s.figures[large], *put_down), s.body(s.figures[small]))
