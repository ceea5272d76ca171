"""A formation moved as one (`MoveGroup`): the model picked up goes to the point, the others keep
their places beside it, each paying its own route; a model that cannot follow is named with its
reason, and a refused group move changes nothing."""

from __future__ import annotations

from shapely.geometry import GeometryCollection, Point, Polygon

from game.skirmish import rules
from game.skirmish.commands import Activate, EndStep, Move, Moved, MoveGroup
from game.skirmish.content import TerrainLayout
from game.skirmish.game import SKIRMISH
from game.skirmish.model import Figure
from game.skirmish.public import PublicTable, _polygonal
from game.skirmish.state import SkirmishState
from tests.games.skirmish.test_skirmish_rules import put, table


def _line(s: SkirmishState, n: int = 3, x: float = 10.0, y: float = 10.0) -> list[Figure]:
    """`n` Tile Shields (Move 4, a line of 2-5) side by side along x, just touching, numbered 1.."""
    kind = s.factions[0].unit("tile_shield")
    step = 2 * rules.geo.base_radius(kind.base_mm) + 0.05
    line = [put(s, 0, "tile_shield", x + k * step, y) for k in range(n)]
    for k, f in enumerate(line):
        f.number = k + 1
    return line


def _activated(n: int = 3, order: str = "move_attack") -> tuple[SkirmishState, list[Figure]]:
    s = table(faction_1="tessellate")
    put(s, 1, "ash_reaver", 30, 30)
    line = _line(s, n)
    s.apply(Activate(0, tuple(f.id for f in line), order))
    return s, line


def _group(line: list[Figure], lead: Figure, to: tuple[float, float]) -> MoveGroup:
    return MoveGroup(0, lead.id, to, tuple(f.id for f in line))


def test_a_formation_moved_as_one_keeps_its_shape_and_each_model_has_moved() -> None:
    s, line = _activated()
    before = [(f.x, f.y) for f in line]
    cmd = _group(line, line[1], (line[1].x, line[1].y + 3.0))
    assert SKIRMISH.check(s, cmd) is None
    events = s.apply(cmd)
    assert [(f.x, f.y) for f in line] == [(x, y + 3.0) for x, y in before]
    assert sorted(e.model for e in events if isinstance(e, Moved)) == sorted(f.id for f in line)
    assert s.activation is not None and set(s.activation.moved) == {f.id for f in line}
    assert SKIRMISH.check(s, EndStep(0)) is None  # still a touching line
    again = SKIRMISH.check(s, _group(line, line[0], (line[0].x, line[0].y + 1.0)))
    assert again is not None and "never split" in again.reason


def test_the_formations_own_models_are_not_in_each_others_way() -> None:
    """Stepping the line along itself by one base: each model ends where the next one stood."""
    s, line = _activated()
    a, b = line[0], line[1]
    assert "overlaps another model's base" in SKIRMISH.check(s, Move(0, a.id, (b.x, b.y))).reason
    assert SKIRMISH.check(s, _group(line, a, (b.x, b.y))) is None


def test_a_model_that_cannot_follow_past_an_enemy_is_named_and_nothing_moves() -> None:
    s, line = _activated()
    last = line[2]
    put(s, 1, "ash_reaver", last.x, last.y + 3.0)
    before = s.notation()
    refusal = SKIRMISH.check(s, _group(line, line[0], (line[0].x, line[0].y + 3.0)))
    assert refusal is not None
    assert refusal.reason == "Tile Shield 3 cannot follow: That spot overlaps another model's base."
    assert s.notation() == before


def test_a_model_that_cannot_climb_after_the_others_is_named_with_its_cost() -> None:
    """Terrain costs its height up (and down): a block 3" high under one model's spot is 6" of
    a 4" Move for it, though the others walk on the flat."""
    s, line = _activated()
    last = line[2]
    x, y = last.x, last.y + 3.0
    s.terrain = (rules.geo.Terrain(((x - 1, y - 1), (x + 2, y - 1), (x + 2, y + 2), (x - 1, y + 2)), 3.0, "block"),)
    s.rebuild_table()
    refusal = SKIRMISH.check(s, _group(line, line[0], (line[0].x, line[0].y + 3.0)))
    assert refusal is not None and refusal.reason.startswith("Tile Shield 3 cannot follow: Out of reach: that takes ")
    assert refusal.reason.endswith('of a 4" move.')
    assert all(f.y == 10.0 for f in line)


def test_the_model_picked_up_is_refused_in_a_single_models_words() -> None:
    s, line = _activated()
    far = SKIRMISH.check(s, _group(line, line[1], (line[1].x, line[1].y + 6.0)))
    single = SKIRMISH.check(s, Move(0, line[1].id, (line[1].x, line[1].y + 6.0)))
    assert far is not None and single is not None and far.reason == single.reason


def test_a_model_that_already_moved_alone_cannot_follow_and_one_at_a_time_still_works() -> None:
    s, line = _activated()
    s.apply(Move(0, line[2].id, (line[2].x, line[2].y + 1.0)))  # one at a time: the rules allow reshaping
    refusal = SKIRMISH.check(s, _group(line, line[0], (line[0].x, line[0].y + 1.0)))
    assert refusal is not None
    assert refusal.reason == "Tile Shield 3 cannot follow: That model has made this move already (a move is never split)."
    assert SKIRMISH.check(s, _group(line[:2], line[0], (line[0].x, line[0].y + 1.0))) is None


def test_a_group_move_is_a_formations_own_models_only() -> None:
    s, line = _activated(2)
    stranger = put(s, 0, "tile_shield", 20, 20)
    refusal = SKIRMISH.check(s, MoveGroup(0, line[0].id, (10, 12), (line[0].id, line[1].id, stranger.id)))
    assert refusal is not None and "not part of this activation" in refusal.reason
    lone = SKIRMISH.check(s, MoveGroup(0, line[0].id, (10, 12), (line[0].id,)))
    assert lone is not None and "together" in lone.reason


def test_a_group_move_round_trips_through_the_codec_and_the_notation() -> None:
    cmd = MoveGroup(0, 3, (10.5, 2.25), (3, 4, 5))
    assert SKIRMISH.codec.decode(cmd.to_json()) == cmd
    assert cmd.describe() == "move 3,4,5 with 3 10.5,2.2"


# --- the screen's answers (`PublicTable`) ---------------------------------------------------

def _bare(s: SkirmishState) -> SkirmishState:
    """The view shows the layout's pieces: none, as the engine's table here has none."""
    s.layout = TerrainLayout("bare", "bare", s.layout.table, ())
    return s


def test_the_formations_reach_is_where_every_model_can_follow_and_its_route_is_judged_whole() -> None:
    s, line = _activated()
    _bare(s)
    last = line[2]
    put(s, 1, "ash_reaver", last.x, last.y + 3.0)  # in the way of the line's last model only
    public = PublicTable(s.view(0))
    lead = line[0]
    behind_lead = (lead.x, lead.y + 3.0)
    assert public.group(lead.id) == tuple(f.id for f in line)
    assert public.reach(lead.id).contains(Point(behind_lead))  # the lead alone could go there
    assert not public.group_reach(lead.id).contains(Point(behind_lead))  # but Tile Shield 3 cannot follow
    assert public.group_reach(lead.id).contains(Point(lead.x, lead.y - 3.0))
    route = public.route(lead.id, behind_lead)
    assert route.refusal == "Tile Shield 3 cannot follow: That spot overlaps another model's base."
    assert public.route(lead.id, behind_lead, alone=True).refusal is None
    assert public.route(lead.id, (lead.x, lead.y - 3.0)).refusal is None


def test_a_reach_overlap_that_only_touches_in_places_keeps_its_areas() -> None:
    """Two reaches may overlap in an area and touch along an edge elsewhere: shapely gives a
    collection with the line, which the reach's shading must not drop whole (seen in a window:
    after one model of three moved alone, the other two's reach vanished)."""
    b = Polygon([(1, 0), (3, 0), (3, 2), (1, 2)]).union(Polygon([(-1, 3), (1, 3), (1, 4), (-1, 4)]))
    c = Polygon([(0, 0), (2, 0), (2, 3), (0, 3)])  # overlaps b's first square, touches its second along y=3
    overlap = b.intersection(c)
    assert isinstance(overlap, GeometryCollection)
    assert _polygonal(overlap).area == 2.0


def test_a_rooted_model_is_left_out_of_the_formation_that_moves_as_one() -> None:
    """Helper's note (seventeenth session): a formation model that cannot move at all (Rooted)
    made every drag of the formation refused, "... cannot follow: ... cannot move.", while its
    reach was shaded as if it could go. The others now move as one without it (ending in base
    contact with it, as a formation must)."""
    s, line = _activated()
    stuck = line[2]
    stuck.conditions["rooted"] = 1
    assert "cannot move" in SKIRMISH.check(s, Move(0, stuck.id, (stuck.x, stuck.y + 1.0))).reason
    assert rules.movers(s) == (line[0].id, line[1].id)
    table_now = PublicTable(s.view(0))
    assert table_now.group(line[0].id) == (line[0].id, line[1].id)
    cmd = table_now.move_command(line[0].id, (line[0].x, line[0].y - 0.5))
    assert isinstance(cmd, MoveGroup) and stuck.id not in cmd.group
    assert SKIRMISH.check(s, cmd) is None


def test_a_group_move_that_leaves_a_model_which_moved_alone_apart_is_refused() -> None:
    """Play-test (eighteenth session): with one model moved alone first, dragging the others as
    one left it behind, accepted in silence, and only End move refused ("... Undo its move to
    place it again", pointing at the wrong move). Every model left then moves in the drag, so
    nothing could close the gap: the drag itself is refused, naming the model left apart."""
    s, line = _activated()
    alone = line[2]
    assert SKIRMISH.check(s, Move(0, alone.id, (alone.x, alone.y + 0.5))) is None
    s.apply(Move(0, alone.id, (alone.x, alone.y + 0.5)))
    rest = [line[0], line[1]]
    away = _group(rest, rest[0], (rest[0].x, rest[0].y + 3.0))
    refusal = SKIRMISH.check(s, away)
    assert refusal is not None and "base contact" in refusal.reason and f"{alone.unit.name} 3" in refusal.reason
    beside = _group(rest, rest[0], (rest[0].x, rest[0].y + 0.5))
    assert SKIRMISH.check(s, beside) is None  # ends touching it again
    s.apply(beside)
    assert SKIRMISH.check(s, EndStep(0)) is None
