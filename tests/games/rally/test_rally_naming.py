"""Ships are named per owner: a player's first ship is their ship 1, whatever the engine's shared id."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.core.match import Match
from game.core.registry import get_game
from game.rally.naming import fleet_numbers
from tests.random_play import random_match


@given(st.lists(st.integers(0, 3), max_size=30))
def test_each_owners_ships_are_numbered_1_to_k_in_the_order_they_were_made(owners: list[int]) -> None:
    numbers = fleet_numbers((sid, owner) for sid, owner in enumerate(owners, start=1))
    for owner in set(owners):
        ids = [sid for sid, o in enumerate(owners, start=1) if o == owner]
        assert [numbers[sid] for sid in ids] == list(range(1, len(ids) + 1))


@given(st.lists(st.tuples(st.integers(1, 40), st.integers(0, 3)), max_size=30), st.randoms())
def test_numbers_do_not_depend_on_the_order_pairs_are_given_in(pairs: list[tuple[int, int]], r: random.Random) -> None:
    first: dict[int, int] = {}
    for sid, owner in pairs:
        first.setdefault(sid, owner)
    pairs = list(first.items())
    shuffled = pairs[:]
    r.shuffle(shuffled)
    assert fleet_numbers(pairs) == fleet_numbers(shuffled)


def test_the_view_numbers_a_players_only_ship_1_and_keeps_numbers_after_a_loss() -> None:
    """Seed 3, two players: the second to place gets engine ship 2, which the view calls ship 1;
    numbers in the view stay those given when the ship was made, even once others are lost."""
    m = Match(get_game("rally"), {}, 3, ["human", "human"])
    r = random.Random(3)
    seen: dict[int, int] = {}
    for _ in range(600):
        if m.state.is_over():
            break
        random_match(m, r, 1)
        for s in m.state.view(0)["ships"]:
            assert seen.setdefault(s["id"], s["number"]) == s["number"], "a ship's number changed"
    assert m.state.fleet, "no ship was made"
    firsts = {owner: min(sid for sid, o in m.state.fleet if o == owner) for _, owner in m.state.fleet}
    numbers = fleet_numbers(m.state.fleet)
    assert all(numbers[sid] == 1 for sid in firsts.values())
    assert any(sid != 1 for sid in firsts.values()), "every first ship had id 1: nothing was tested"
