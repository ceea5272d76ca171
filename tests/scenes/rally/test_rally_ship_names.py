"""One name per ship everywhere (issue 17): the program rows, the split panel and Done planning's
question call a ship as the log does ("Your ship 1", "Computer's ship 1", "Ann's ship 1"), by its
number in its owner's fleet, never "Orange 1" nor the engine's shared id."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.views.rally.planning import build_dock, draw_dock
from tests.scenes.rally.test_table_rally import ctx, open_settled, played_until  # noqa: F401

CHAOS_VIEW: dict[str, Any] = {
    "seat": 0, "players": 2, "phase": "chaos", "cards": {"5": "move1"}, "programs": {"1": [7]},
    "played": [{"ship": 2, "card": 5}],
    "ships": [{"id": 1, "number": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 50, "titanium": 1,
               "program_count": 1},
              {"id": 2, "number": 1, "owner": 1, "hex": [1, 0], "direction": 3, "energy": 96, "titanium": 0,
               "program_count": 3}],
}


def said_in_rows(names: list[str]) -> list[str]:
    """Every text the chaos dock draws for `CHAOS_VIEW` with the table's seat `names`."""
    pygame.font.init()
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    said: list[str] = []
    real = text.blit

    def record(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
        said.append(words)
        return real(surface, words, *a, **k)

    text.blit = record  # type: ignore[method-assign]
    dock = build_dock(pygame.Rect(0, 0, 760, 140), CHAOS_VIEW, 52, 0, 16, show_hand=False)
    draw_dock(pygame.Surface((800, 200)), dock, CHAOS_VIEW, text, 16, {}, set(), False, (0, 0), names)
    return said


@pytest.mark.parametrize("names, mine, theirs", [
    (["You", "Computer"], "Your ship 1", "Computer's ship 1"),
    (["Ann", "Bob"], "Ann's ship 1", "Bob's ship 1"),
])
def test_program_rows_call_ships_as_the_log_does(names: list[str], mine: str, theirs: str) -> None:
    said = said_in_rows(names)
    assert mine in said and theirs in said
    assert not any(w.startswith(("Orange", "Blue", "Ship ")) for w in said), said


@pytest.fixture
def two_ships_planning() -> Iterator[Any]:
    """Planning with two own ships, whose engine ids differ from their numbers in the fleet."""
    def stop(s: RallyState) -> bool:
        mine = s.ships_of(0)
        return s.phase == "planning" and not s.done[0] and len(mine) >= 2 and \
            any(sh.id != i + 1 for i, sh in enumerate(mine))
    yield played_until(10, ["human", "random"], stop)


def test_done_planning_names_the_ship_by_its_fleet_number(ctx: AppContext, two_ships_planning: Any) -> None:  # noqa: F811
    scene, view = open_settled(ctx, two_ships_planning)
    worry = view.planning_worries(0)
    assert "Your ship 1 has no cards" in worry and "Your ship 2 has no cards" in worry, worry
    ids = sorted(int(s["id"]) for s in view.view["ships"] if s["owner"] == 0)
    assert f"Ship {ids[-1] + 1}" not in worry
