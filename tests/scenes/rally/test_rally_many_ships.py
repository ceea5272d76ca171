"""Three or four ships of one fleet at 1024x640 (issue 17): the program rows stay readable (four
rows were 25 px tall, their cards slivers) and the four-ship energy split stands in the dock's
place instead of falling back over the map; the map still keeps half the play area's height (three rows
keep their 35 px and the map its 60%; four rows were 25 px)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.rally.model import Ship
from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally.controls import DOCK
from scenes.views.rally.layout import MAP_SHARE_MANY, ROW_MIN
from tests.scenes.rally.test_table_rally import open_settled, played_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1024, 640), animation_speed="fast", ai_watch_delay=0.0,
                       key_moment_stops=False) as context:
        yield context


def fleet_of(n: int, split: bool) -> Match:
    """The person plans (or, `split`, shares out energy) with `n` ships (the extra ones set on
    free tiles by hand: a fleet of four is rare in play)."""
    def ready(s: RallyState) -> bool:
        if split:
            p = s.view(0).get("pending") or {}
            return p.get("kind") == "distribute" and p.get("seat") == 0 and len(s.ships_of(0)) >= 2
        return s.phase == "planning" and 0 in s.to_act() and len(s.ships_of(0)) >= 2

    match = played_until(11, ["human", "random"], ready)
    state = match.state
    assert isinstance(state, RallyState)
    free = [h for h in state.tiles if all(s.hex != h for s in state.ships.values())]
    while len(state.ships_of(0)) < n:
        sid = state.next_ship
        state.next_ship += 1
        state.ships[sid] = Ship(sid, 0, free.pop(), 1, 40, 1)
    return match


@pytest.mark.parametrize("n", [3, 4])
def test_three_or_four_program_rows_stay_readable(ctx: AppContext, n: int) -> None:
    _, view = open_settled(ctx, fleet_of(n, split=False))
    rows = view.dock.rows
    assert len(rows) == n
    assert all(row.rect.height >= ROW_MIN for row in rows), [row.rect.height for row in rows]
    assert view.lay is not None and view.lay.map.height >= MAP_SHARE_MANY * view.rect.height - 1


@pytest.mark.parametrize("n", [3, 4])
def test_the_split_panel_of_three_or_four_ships_stays_off_the_map(ctx: AppContext, n: int) -> None:
    _, view = open_settled(ctx, fleet_of(n, split=True))
    assert view.draft is not None and len(view.draft.ships) == n
    assert view._panel_side == DOCK, "in the dock's place, not over the map"
    assert view.lay is not None and not view._panel_geo().rect.colliderect(view.lay.map)
