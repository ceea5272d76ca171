"""A card's tooltip warns of flying off the map only on the cards that move the ship."""

from __future__ import annotations

import pytest

from game.rally.cards import KIND_BY_NAME, MOVES
from scenes.views.rally.text import card_tip


@pytest.mark.parametrize("kind", sorted(KIND_BY_NAME))
def test_only_a_move_card_speaks_of_flying_off_the_map(kind: str) -> None:
    # a Titanium Portal's tooltip said 'Off the map means the ship is lost' (seen in a real window)
    tip = card_tip(kind, 2)
    assert ("Off the map" in tip) == (kind in MOVES)
    assert tip.startswith(KIND_BY_NAME[kind].name)
    assert "cannot pay for is skipped" in tip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cards_tooltip_gives_its_entropy_at_this_tables_player_count(players: int) -> None:
    # with 3 or 4 players a card raises entropy more (rally.toml): the tooltip must say the table's value
    info = KIND_BY_NAME["move2"]
    assert f"entropy {info.entropy(players):+d}." in card_tip("move2", players)


def test_the_laser_and_wave_tips_say_they_stop_at_the_first_ship() -> None:
    """Issue 17: the laser's tip said 'each ship it reaches'; the engine's token is gone at the
    first hex with ships on it (`chaos.advance_tokens`)."""
    from scenes.views.rally.text import card_tip, token_tip

    for kind in ("laser", "wave"):
        tip = card_tip(kind, 2)
        assert "each ship" not in tip and "first ship" in tip, tip
        flying = token_tip({"kind": kind, "direction": 0, "owner": None, "hex": [0, 0]}, ["You", "Computer"])
        assert "first ship" in flying, flying
