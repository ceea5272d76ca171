"""Ships readable at a glance (issue 17): a ship of a fleet of two or more carries its fleet number
on the map, behind its tail (clear of the nose, which shows the heading, and of the seat's mark in
the middle); a program row under the pointer rings its ship on the map, and a ship its row. And a
small thing of the issue: the hint's next card of a plan (the floating labels: `test_rally_labels`)."""

from __future__ import annotations

import math

import pytest

from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally.art import fleet_tag_spot, ship_length
from tests.scenes.rally.test_table_rally import ctx, open_settled, played_until  # noqa: F401


@pytest.mark.parametrize("angle", [0.0, 60.0, 120.0, 180.0, 240.0, 300.0])
def test_the_fleet_number_stands_behind_the_tail(angle: float) -> None:
    import pygame

    pygame.font.init()
    centre, radius = (200.0, 200.0), 40
    _, rect = fleet_tag_spot(centre, radius, angle, 2, 0)
    a = math.radians(angle)
    along = (rect.centerx - centre[0]) * math.cos(a) + (rect.centery - centre[1]) * math.sin(a)
    assert along <= -ship_length(radius) * 0.45, "behind the ship, away from its nose"


def two_ships_planning():  # type: ignore[no-untyped-def]
    return played_until(10, ["human", "random"], lambda s: s.phase == "planning" and len(s.ships_of(0)) >= 2
                        and not s.done[0])


def test_fleet_numbers_are_shown_for_a_fleet_of_two(ctx: AppContext) -> None:  # noqa: F811
    scene, view = open_settled(ctx, two_ships_planning())
    state = scene.match.state
    assert isinstance(state, RallyState)
    mine = [s for s in view.view["ships"] if s["owner"] == 0]
    theirs = [s for s in view.view["ships"] if s["owner"] == 1]
    assert sorted(view._fleet_number(s) for s in mine) == list(range(1, len(mine) + 1))
    if len(theirs) == 1:
        assert view._fleet_number(theirs[0]) == 0, "a lone ship needs no number"


def test_a_row_under_the_pointer_rings_its_ship_and_a_ship_its_row(ctx: AppContext) -> None:  # noqa: F811
    scene, view = open_settled(ctx, two_ships_planning())
    assert len(view.dock.rows) >= 2
    for row in view.dock.rows:
        assert view.hover_link(row.rect.center) == (row.ship, None)
        rect = view._ship_rects[row.ship]
        ship, lit_row = view.hover_link(rect.center)
        assert ship is None and lit_row is not None
        hex_of = {int(s["id"]): tuple(s["hex"]) for s in view.view["ships"]}
        assert hex_of[lit_row] == hex_of[row.ship], "its row (or a ship on the same hex's)"
    assert view.hover_link((view.lay.map.x + 2, view.lay.map.y + 2)) == (None, None)  # type: ignore[union-attr]


def test_the_hint_points_at_the_next_card_of_the_plan_not_one_already_placed(ctx: AppContext) -> None:  # noqa: F811
    """The computer's whole plan, once its first card is already in the row: the hint used to
    circle that placed card again; it points at the next one and where it goes."""
    from game.rally.commands import ProgramCard, SetProgram
    from game.core.protocol import Target

    match = two_ships_planning()
    state = match.state
    assert isinstance(state, RallyState)
    sid = state.ships_of(0)[0].id
    first, second = list(state.hands[0])[:2]
    assert match.submit(ProgramCard(0, sid, first, 0)).ok
    scene, view = open_settled(ctx, match)
    plan = SetProgram(0, ((sid, (first, second)),))
    assert view.command_targets(plan) == (Target("hand", ident=str(second)), Target("program", ident=f"{sid}:1"))
    done = SetProgram(0, ((sid, (first,)),))
    assert view.command_targets(done)[0].zone == "button", "nothing left to place: Done planning"  # type: ignore[index]
