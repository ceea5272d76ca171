"""Re-read (fifteenth session): a model let go just short of a friend is set against it when at
this zoom their markers look touching (`SkirmishView.drop_point`). The allowance took the moved
model's enlargement twice, as if the friend were drawn enlarged alike; a large base is drawn at
its true size, so a small model let go a visible gap short of a large friend was pulled in, and
a large model let go by a small friend drawn touching was not. Each model's own enlargement
counts now."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.protocol import Target
from game.skirmish import rules
from game.skirmish.commands import Activate, Move
from game.skirmish.content import TerrainLayout, TerrainPiece
from game.skirmish.game import SKIRMISH
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


def lay(s: SkirmishState, *pieces: TerrainPiece) -> None:
    """The table's terrain, in the engine and in the view alike (`table()` clears the engine's only)."""
    s.layout = TerrainLayout("test", "test", s.layout.table, pieces)
    s.terrain = tuple(rules.geo.Terrain(p.points, p.height, p.name) for p in pieces)
    s.rebuild_table()


def test_a_drop_in_reach_is_not_set_against_a_friend_whose_spot_the_route_cannot_reach(ctx: AppContext) -> None:  # noqa: F811
    """The rules measure a move along its route (around bases, over terrain at the cost of every
    inch climbed up and down), so the friend's spot is out of reach when its route is, though the
    straight line to it is not: a drop in reach stays where it was let go, rather than being set
    where the engine then refuses it (the slack used to compare straight lines only)."""
    s = table()
    lay(s)
    a = put(s, 0, "lightwright", 10, 10)  # Move 5
    b = put(s, 0, "lightwright", 20, 10)
    s.apply(Activate(0, (a.id,), "move_attack"))
    r = rules.geo.base_radius(a.unit.base_mm)
    b.x = 14.8 + 2 * r + rules.geo.CONTACT_GAP  # the spot against b: 4.8" straight from a
    view = make_view(ctx, s)
    gap = BASE_CONTACT + extra_inches(view, a.id)  # inside both enlarged markers: looks touching
    world = short_of(s, a.id, b.id, gap)
    source = Target("figure", ident=str(a.id))
    spot = view.drop_point(source, world)
    assert spot != world and math.isclose(spot[0], 14.8, abs_tol=1e-6)  # on open ground: set against b
    # a wall 1" high across the whole table between the drop and the spot: 4.8" + 2" climbed
    lay(s, TerrainPiece("Wall", "wall", ((world[0] + 0.02, 0.0), (14.78, 0.0), (14.78, s.table.depth),
                                          (world[0] + 0.02, s.table.depth)), 1.0))
    assert SKIRMISH.check(s, Move(0, a.id, world)) is None
    assert "Out of reach" in SKIRMISH.check(s, Move(0, a.id, spot)).reason
    view = make_view(ctx, s)
    assert view.drop_point(source, world) == world
