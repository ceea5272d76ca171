"""The planning forecast warns of a battle: a move that ends on another player's ship.

Seen in a real window (seed 7, 3 players): my ship (96 energy) was programmed
Move 1 onto the hex of Computer 1's ship (223 energy); the bill said only
'Costs 8 of 96' and the ship was lost in the battle with its 3 titanium.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.sprites.text import TextCache
from scenes.views.rally.planning import _draw_bill
from game.rally.cards import KIND_BY_NAME
from game.rally.public import predict


def _view(foe_energy: int, own_energy: int = 96) -> dict[str, Any]:
    """A row of five tiles; my ship on the first facing east, a rival's ship on the third."""
    tiles = [{"hex": [q, 0], "kind": "space", "value": 0} for q in range(5)]
    ships = [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": own_energy, "titanium": 3},
             {"id": 2, "owner": 1, "hex": [2, 0], "direction": 3, "energy": foe_energy, "titanium": 0},
             {"id": 3, "owner": 0, "hex": [4, 0], "direction": 3, "energy": 500, "titanium": 0}]
    return {"seat": 0, "players": 2, "tiles": tiles, "ships": ships, "cards": {"10": "move1", "11": "move1", "12": "move2"},
            "programs": {}}


def _bill_text(view: dict[str, Any], cards: list[int]) -> list[str]:
    pygame.font.init()
    said: list[str] = []
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    real = text.blit

    def record(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> Any:
        said.append(words)
        return real(surface, words, *a, **k)

    text.blit = record  # type: ignore[method-assign]
    view["programs"] = {"1": cards}
    pred = predict(view, view["ships"][0], cards)
    _draw_bill(pygame.Surface((200, 80)), pygame.Rect(0, 0, 200, 80), pred, 96, view, text, 16)
    return said


def test_a_move_ending_on_a_stronger_rival_forecasts_a_lost_battle() -> None:
    view = _view(foe_energy=223)
    pred = predict(view, view["ships"][0], [10, 11])
    assert pred.battle_at == 1  # the second Move 1 lands on the rival
    assert (pred.battle_energy, pred.battle_foes) == (96 - 8, 223)
    assert pred.loses_battle
    said = _bill_text(view, [10, 11])
    assert "Loses a battle!" in said and "88 v 223 energy" in said


def test_flying_over_a_rival_is_no_battle_and_a_weaker_one_is_won() -> None:
    view = _view(foe_energy=50)
    over = predict(view, view["ships"][0], [12, 10])  # Move 2 lands on the rival: a battle it wins
    assert over.battle_at == 0 and not over.loses_battle
    assert "Wins a battle" in _bill_text(view, [12, 10])
    view = _view(foe_energy=500)
    past = predict(view, view["ships"][0], [10])  # one hex on: next to the rival, nothing happens
    assert past.battle_at is None and not past.loses_battle
    assert not any("battle" in s for s in _bill_text(view, [10]))


@pytest.mark.parametrize("own", [54, 55])
def test_a_tie_loses_like_the_engine_removes_a_ship_left_with_no_energy(own: int) -> None:
    view = _view(foe_energy=46, own_energy=own)  # lands with own - 8: 46 (a tie, both gone) or 47
    pred = predict(view, view["ships"][0], [10, 11])
    assert pred.loses_battle == (own == 54)


def test_own_ships_are_never_a_battle() -> None:
    view = _view(foe_energy=10)
    view["ships"][1]["owner"] = 0
    pred = predict(view, view["ships"][0], [10, 11])
    assert pred.battle_at is None


def test_the_forecast_plays_the_engines_battle_a_lost_one_ends_the_route() -> None:
    """The route is the engine's own chaos rules on the view's position: after a lost battle the
    ship is gone, so the route stops on the rival's hex and later cards only add to the bill."""
    view = _view(foe_energy=223)
    pred = predict(view, view["ships"][0], [10, 11, 10])
    assert pred.loses_battle and pred.hexes == [(0, 0), (1, 0), (2, 0)]
    move1 = KIND_BY_NAME["move1"].cost
    assert pred.paid == 2 * move1 and pred.cost == 3 * move1


def test_a_won_battle_costs_the_ship_the_rivals_energy_for_the_cards_after_it() -> None:
    """Each side loses the other's energy: a ship left with 20 after the battle cannot pay for a
    third Move 3, which the forecast then marks as skipped (as the chaos phase would)."""
    cost = KIND_BY_NAME["move3"].cost
    view = _view(foe_energy=96 - 2 * KIND_BY_NAME["move1"].cost - (cost - 1), own_energy=96)
    view["cards"]["13"] = "move3"
    pred = predict(view, view["ships"][0], [10, 11, 13])
    assert pred.battle_at == 1 and not pred.loses_battle
    assert pred.skipped == [2] and pred.energy_left == cost - 1
