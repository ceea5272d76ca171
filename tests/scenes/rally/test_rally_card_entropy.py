"""With 3 or 4 players a card's entropy is the table's value from rally.toml: the card
faces, the route forecast's entropy and (test_rally_card_tip) the tooltips must say it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.rally.cards import KIND_BY_NAME
from scenes.views.rally import cards as rally_cards
from scenes.views.rally.planning import card_face
from game.rally.public import predict


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def test_a_card_face_shows_the_entropy_of_the_tables_player_count() -> None:
    info = KIND_BY_NAME["build_ship"]
    for players in (2, 3, 4):
        drawn = card_face("build_ship", 96, 134, players)
        wanted = rally_cards.card_face("build_ship", 96, 134, info.cost, info.entropy(players), info.name)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(wanted, "RGBA")
    two, four = (pygame.image.tobytes(card_face("build_ship", 96, 134, n), "RGBA") for n in (2, 4))
    assert two != four  # 4 players: another number on the face


def _view(players: int) -> dict[str, Any]:
    tiles = [{"hex": [q, 0], "kind": "space", "value": 0} for q in range(6)]
    ships = [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 90, "titanium": 0}]
    return {"seat": 0, "players": players, "tiles": tiles, "ships": ships,
            "cards": {"10": "move1", "11": "move2", "12": "laser"}, "programs": {}}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_route_forecast_adds_up_the_entropy_of_the_tables_player_count(players: int) -> None:
    view = _view(players)
    pred = predict(view, view["ships"][0], [10, 11, 12])
    assert pred.entropy == sum(KIND_BY_NAME[k].entropy(players) for k in ("move1", "move2", "laser"))
