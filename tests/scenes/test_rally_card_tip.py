"""A card's tooltip warns of flying off the map only on the cards that move the ship."""

from __future__ import annotations

import pytest

from game.rally.cards import KIND_BY_NAME, MOVES
from scenes.views.rally_text import card_tip


@pytest.mark.parametrize("kind", sorted(KIND_BY_NAME))
def test_only_a_move_card_speaks_of_flying_off_the_map(kind: str) -> None:
    # a Titanium Portal's tooltip said 'Off the map means the ship is lost' (seen in a real window)
    tip = card_tip(kind)
    assert ("Off the map" in tip) == (kind in MOVES)
    assert tip.startswith(KIND_BY_NAME[kind].name)
    assert "cannot pay for is skipped" in tip
