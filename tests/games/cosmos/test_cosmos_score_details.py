"""The final-scoring breakdown the game-over screen shows (`Game.score_details`): Cosmos's parts,
in plain words, add up to each seat's score."""

from __future__ import annotations

import random

import pytest

from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.cosmos.game import COSMOS
from tests.games.cosmos.positions import bare, planet, system

TEAL = 2


def test_teals_final_scoring_of_134_in_parts() -> None:
    """The rulebook's example (see test_teals_final_scoring_is_134), part by part."""
    s = bare(3)
    t = s.players[TEAL]
    for i, (star, pid) in enumerate(zip(("IIA", "IIB", "IIC"), (1, 13, 23))):
        system(s, TEAL, star)
        slot = planet(s, TEAL, i, 0, pid, life=(6, 3, 0))
        slot.biome, slot.cards = 1 + i, [23 + i]
    t.vp, t.big, t.small = 43, ["bacteria"], {"bacteria": 12, "plant": 12}
    t.track = [3, 1, 2]   # the Stars track's last space is its 4th (round 6)
    t.hand, t.mass, t.entropy, t.energy = [1, 2, 3], 2, 2, 4
    details = COSMOS.score_details(s)
    assert details[TEAL] == [("Points won in play", 43), ("Lifeform tiles", 44), ("Stars objective", 21),
                             ("Asteroids objective", 3), ("Biomes objective", 21),
                             ("Cards and resources left, 1 per 4", 2)]
    assert sum(points for _, points in details[TEAL]) == s.scores()[TEAL] == 134


def finished(players: int, seed: int, alternative: bool = False):  # type: ignore[no-untyped-def]
    state = COSMOS.new({"alternative": alternative}, seed, players)
    rng = random.Random(seed)
    while not state.is_over():
        actor = state.to_act()[0]
        state.apply(state.sample_chance() if actor == CHANCE else rng.choice(state.candidates(actor)))
    return state


@pytest.mark.parametrize("players, seed, alternative", [(1, 3, False), (2, 4, False), (3, 5, False), (4, 6, False),
                                                       (2, 7, True), (4, 8, True)])
def test_the_parts_add_up_to_every_seats_score_with_the_same_labels(players: int, seed: int,
                                                                    alternative: bool) -> None:
    state = finished(players, seed, alternative)
    details = COSMOS.score_details(state)
    assert len(details) == players
    labels = [label for label, _ in details[0]]
    assert len(labels) == len(set(labels)) == 6
    for seat, parts in enumerate(details):
        assert [label for label, _ in parts] == labels
        assert all(isinstance(points, int) and points >= 0 for _, points in parts)
        assert sum(points for _, points in parts) == state.scores()[seat]
    assert any(points for parts in details for _, points in parts), "a random game scored nothing"


def test_a_game_without_parts_shows_its_totals_only() -> None:
    game = get_game("order-chaos")
    assert game.score_details(game.new(game.default_config(), 1)) == []
