"""Set-up and the era cycle of Entropy Rally: one test per rules clause."""

from __future__ import annotations

import pytest
from rally_helpers import (
    P_HIGH,
    P_LOW,
    P_MID,
    do,
    make,
    of,
    portal,
    refused,
    ship,
    start_chaos,
    take_cards,
    tile_type,
)

from game.core.hexgrid import Hex
from game.core.protocol import CHANCE, by_itself
from game.rally import rules
from game.rally.cards import (
    CARDS_PER_SHIP,
    FREE_ENERGY,
    MAX_ERAS,
    SETUP_TILES,
    START_ENTROPY,
)
from game.rally.commands import (
    ChooseStarter,
    DealCards,
    DistributeEnergy,
    DrawTile,
    PlaceShip,
    PlaceTile,
)
from game.rally.game import RALLY
from game.rally.model import Tile
from game.rally.state import RallyState


def started(n: int = 2, starter: int = 1) -> RallyState:
    s = RALLY.new({}, 3, n)
    do(s, ChooseStarter(CHANCE, starter))
    return s


def draw_and_place(s: RallyState, tile: int, hex_: tuple[int, int]) -> None:
    do(s, DrawTile(CHANCE, tile))
    do(s, PlaceTile(s.to_act()[0], hex_))


def test_entropy_starts_at_minus_1000_and_a_random_player_starts() -> None:
    s = RALLY.new({}, 1, 3)
    assert s.entropy == START_ENTROPY == -1000
    outcomes = s.chance_outcomes()
    assert sorted(c.player for c, _ in outcomes) == [0, 1, 2]  # type: ignore[attr-defined]
    assert all(abs(p - 1 / 3) < 1e-9 for _, p in outcomes)
    do(s, ChooseStarter(CHANCE, 2))
    assert s.starter == 2 and by_itself(s.to_act())


def test_setup_tiles_are_drawn_at_random_from_the_bag() -> None:
    s = started()
    outcomes = s.chance_outcomes()
    total = sum(s.bag)
    assert all(abs(p - s.bag[c.tile] / total) < 1e-9 for c, p in outcomes)  # type: ignore[attr-defined]
    do(s, DrawTile(CHANCE, 0))
    assert sum(s.bag) == total - 1 and s.to_act() == [1]


def test_first_tile_goes_in_the_centre_then_next_to_existing_tiles() -> None:
    s = started()
    do(s, DrawTile(CHANCE, 0))
    assert refused(s, PlaceTile(1, (3, 3))) == "The first tile goes in the centre."
    do(s, PlaceTile(1, (0, 0)))
    do(s, DrawTile(CHANCE, 0))
    assert refused(s, PlaceTile(0, (2, 0))) == "That hex is not next to any tile."
    assert refused(s, PlaceTile(0, (0, 0))) == "That hex already has a tile."
    assert {c.hex for c in s.candidates(0)} == {(h.q, h.r) for h in Hex(0, 0).neighbours()}  # type: ignore[attr-defined]


def test_setup_players_take_turns_until_each_placed_five() -> None:
    s = started(3, starter=1)
    order = []
    cells = iter([(0, 0)] + [(q, 0) for q in range(1, 20)])
    while s.phase == "setup_tiles":
        do(s, DrawTile(CHANCE, next(t for t, k in enumerate(s.bag) if k and t != tile_type("tidy"))))
        order.append(s.to_act()[0])
        do(s, PlaceTile(s.to_act()[0], next(cells)))
    assert order == [1, 2, 0] * SETUP_TILES
    assert len(s.tiles) == 3 * SETUP_TILES and s.phase == "setup_ships" and s.to_act() == [1]


def test_neatly_organized_space_lowers_entropy_when_placed() -> None:
    s = started()
    tidy = tile_type("tidy")
    draw_and_place(s, tidy, (0, 0))
    from game.rally.cards import TILE_TYPES
    assert s.entropy == START_ENTROPY - TILE_TYPES[tidy].value


def test_titanium_and_energy_tiles_are_placed_with_their_amount() -> None:
    s = started()
    draw_and_place(s, tile_type("titanium"), (0, 0))
    from game.rally.cards import TILE_TYPES
    assert s.tiles[Hex(0, 0)].value == TILE_TYPES[tile_type("titanium")].value > 0


def _setup_map(n: int) -> RallyState:
    s = started(n, starter=0)
    cells = iter([(q, 0) for q in range(8)] + [(q, 1) for q in range(-1, 8)] + [(q, -1) for q in range(8)])
    while s.phase == "setup_tiles":
        do(s, DrawTile(CHANCE, next(t for t, k in enumerate(s.bag) if k and t != tile_type("tidy"))))
        do(s, PlaceTile(s.to_act()[0], next(cells)))
    return s


def test_each_player_places_one_ship_in_turn_facing_a_chosen_direction() -> None:
    s = _setup_map(2)
    do(s, PlaceShip(0, (0, 0), 3))
    assert s.to_act() == [1]
    do(s, PlaceShip(1, (5, 0), 2))
    assert [(sh.owner, sh.hex, sh.direction) for sh in s.ships.values()] == [(0, Hex(0, 0), 3), (1, Hex(5, 0), 2)]
    assert s.phase == "deal" and s.era == 1 and by_itself(s.to_act())


def test_ship_may_not_start_on_or_next_to_another_ship() -> None:
    s = _setup_map(2)
    do(s, PlaceShip(0, (2, 0), 0))
    assert refused(s, PlaceShip(1, (2, 0), 0)) == "Another ship is already on that tile."
    assert refused(s, PlaceShip(1, (3, 0), 0)) == "Too close: a ship may not start next to another ship."
    assert refused(s, PlaceShip(1, (9, 9), 0)) == "A ship must be placed on a tile."
    assert all(Hex(*c.hex).distance(Hex(2, 0)) >= 2 for c in s.candidates(1))  # type: ignore[attr-defined]


def test_ship_placed_on_titanium_collects_it() -> None:
    s = _setup_map(2)
    s.tiles[Hex(0, 0)] = Tile(tile_type("titanium"), 3)
    do(s, PlaceShip(0, (0, 0), 0))
    assert s.ships[1].titanium == 3 and s.tiles[Hex(0, 0)].value == 0


# --- an era -------------------------------------------------------------------------------


def _era_start(n: int = 2) -> RallyState:
    s = make(n, line=12)
    s.phase = "deal"
    return s


def test_each_player_draws_five_cards_per_ship() -> None:
    s = _era_start(3)
    ship(s, 0, 0, 0)
    ship(s, 0, 2, 0)
    ship(s, 1, 5, 0)
    ship(s, 2, 8, 0)
    do(s, s.sample_chance())
    assert [len(h) for h in s.hands] == [2 * CARDS_PER_SHIP, CARDS_PER_SHIP, CARDS_PER_SHIP]
    assert len(set(s.hands[0] + s.hands[1] + s.hands[2])) == 4 * CARDS_PER_SHIP


def test_deck_reshuffles_discards_when_empty() -> None:
    s = _era_start()
    ship(s, 0, 0, 0)
    ship(s, 1, 5, 0)
    s.discard = s.deck[3:]
    s.deck = s.deck[:3]
    s.buried = [(s.discard.pop(), 1)]
    events = do(s, s.sample_chance())
    assert of(events, "deck_reshuffled")
    assert [len(h) for h in s.hands] == [5, 5] and not s.discard and not s.buried


def test_every_player_gets_50_free_energy() -> None:
    s = _era_start()
    a, b = ship(s, 0, 0, 0, energy=0), ship(s, 1, 5, 0, energy=7)
    do(s, s.sample_chance())
    assert FREE_ENERGY == 50 and (a.energy, b.energy) == (50, 57)
    assert s.entropy == -1000  # the free energy costs no entropy


def test_portal_active_iff_entropy_not_above_threshold() -> None:
    for entropy, paid in ((P_MID, True), (P_MID - 1, True), (P_MID + 1, False)):
        s = _era_start()
        a = ship(s, 0, 0, 0, energy=0)
        ship(s, 1, 5, 0)
        portal(s, 3, 1, P_MID, 30, owner=0)
        s.entropy = entropy
        assert s.view(1)["tiles"][-1]["active"] is paid
        do(s, s.sample_chance())
        assert a.energy == FREE_ENERGY + (30 if paid else 0), entropy


def test_production_pays_owner_and_raises_entropy_by_the_same_amount() -> None:
    s = _era_start()
    a = ship(s, 0, 0, 0, energy=0)
    ship(s, 1, 5, 0, energy=0)
    portal(s, 3, 1, P_HIGH, 20, owner=0)
    portal(s, 4, 1, P_MID, 30, owner=0)
    portal(s, 5, 1, P_LOW, 40)  # not owned: produces nothing
    events = do(s, s.sample_chance())
    assert a.energy == FREE_ENERGY + 50 and s.entropy == -950
    assert [e.portals for e in of(events, "production")] == [50, 0]  # type: ignore[attr-defined]


def test_portals_are_judged_at_the_entropy_before_production() -> None:
    s = _era_start()
    a = ship(s, 0, 0, 0, energy=0)
    ship(s, 1, 5, 0)
    portal(s, 3, 1, P_LOW, 40, owner=0)
    portal(s, 4, 1, P_LOW, 40, owner=0)
    s.entropy = P_LOW - 10
    do(s, s.sample_chance())
    assert a.energy == FREE_ENERGY + 80 and s.entropy == P_LOW + 70


def test_entropy_capped_at_zero() -> None:
    s = make(line=5, entropy=-2)
    ship(s, 0, 0, 0, energy=50, program=("move3",))
    start_chaos(s)
    from rally_helpers import play_chaos
    events = play_chaos(s)
    assert s.entropy == 0
    assert [(e.before, e.after) for e in of(events, "entropy_changed")] == [(-2, 0)]  # type: ignore[attr-defined]


def test_entropy_never_decreases_once_zero() -> None:
    s = make(line=5, entropy=0)
    ship(s, 0, 0, 0, energy=50, program=("tidy_up",))
    start_chaos(s)
    from rally_helpers import play_chaos
    events = play_chaos(s)
    assert of(events, "card_played") and s.entropy == 0
    s.phase, s.drawn, s.turn = "expansion", tile_type("tidy"), 0
    do(s, PlaceTile(0, (0, 1)))
    assert s.entropy == 0


def test_a_single_ship_gets_all_energy_without_asking() -> None:
    s = _era_start()
    a = ship(s, 0, 0, 0, energy=0)
    ship(s, 1, 5, 0, energy=0)
    do(s, s.sample_chance())
    assert s.phase == "planning" and a.energy == 50 and s.pool == [0, 0]


def test_players_with_several_ships_distribute_all_their_energy_in_turn() -> None:
    s = _era_start()
    s.starter = 1
    a1, a2 = ship(s, 0, 0, 0, energy=0), ship(s, 0, 2, 0, energy=0)
    b1, b2 = ship(s, 1, 5, 0, energy=0), ship(s, 1, 7, 0, energy=0)
    do(s, s.sample_chance())
    assert s.phase == "distribute" and s.to_act() == [1]
    assert s.view(1)["pending"] == {"kind": "distribute", "seat": 1, "ships": [3, 4], "pool": 50}
    assert refused(s, DistributeEnergy(1, (20, 20))) == "Share out exactly 50 energy (these amounts add up to 40)."
    assert refused(s, DistributeEnergy(1, (60, -10))) == "Amounts of energy cannot be negative."
    assert refused(s, DistributeEnergy(1, (50,))) == "Give an amount for each of your 2 ships."
    do(s, DistributeEnergy(1, (13, 37)))
    assert s.to_act() == [0]
    do(s, DistributeEnergy(0, (50, 0)))
    assert (a1.energy, a2.energy, b1.energy, b2.energy) == (50, 0, 13, 37) and s.phase == "planning"


def test_starting_player_moves_on_and_game_ends_at_zero_entropy_after_the_era() -> None:
    s = make(line=5)
    ship(s, 0, 0, 0)
    ship(s, 1, 3, 0)
    s.bag = [0] * len(s.bag)  # nothing to expand with
    start_chaos(s)
    assert s.phase == "deal" and s.starter == 1 and s.era == 2
    s.entropy = 0
    s.phase = "planning"
    start_chaos(s)
    assert s.is_over() and s.to_act() == []


def test_game_ends_after_the_last_era() -> None:
    s = make(line=5)
    ship(s, 0, 0, 0)
    ship(s, 1, 3, 0)
    s.bag = [0] * len(s.bag)
    s.era = MAX_ERAS
    start_chaos(s)
    assert s.is_over() and "last" in s.over_reason


@pytest.mark.parametrize("last", ["entropy", "era_limit"])
def test_the_last_era_skips_its_expansion(last: str) -> None:
    """Tiles placed once entropy is at zero (or in the last era) could change no score, so
    the game ends as the chaos phase does, with tiles still in the bag."""
    s = make(line=5)
    ship(s, 0, 0, 0)
    ship(s, 1, 3, 0)
    if last == "entropy":
        s.entropy = 0
    else:
        s.era = MAX_ERAS
    assert sum(s.bag) > 0
    start_chaos(s)
    assert s.is_over() and s.over_kind == last and s.to_act() == []


def test_expansion_starting_player_draws_and_places_three_tiles() -> None:
    s = make(line=5, starter=1)
    ship(s, 0, 0, 0)
    ship(s, 1, 3, 0)
    start_chaos(s)
    placed = []
    for k in range(3):
        assert s.phase == "expansion" and by_itself(s.to_act())
        do(s, DrawTile(CHANCE, tile_type("space")))
        assert s.to_act() == [1]
        assert refused(s, PlaceTile(0, (0, 1))) == "It is Player 2's turn."
        do(s, PlaceTile(1, (k, 1)))
        placed.append((k, 1))
    assert s.phase == "deal" and all(Hex(*h) in s.tiles for h in placed)


def test_most_points_wins_and_ties_share_the_win() -> None:
    s = make(line=5, entropy=0)
    ship(s, 0, 0, 0)
    ship(s, 1, 3, 0)
    s.points = [4, 4]
    s.bag = [0] * len(s.bag)
    events = start_chaos(s)
    assert s.winners() == [0, 1]
    assert of(events, "game_over")[0].winners == (0, 1)  # type: ignore[attr-defined]


def test_rules_only_let_the_acting_seat_act() -> None:
    s = _era_start()
    ship(s, 0, 0, 0)
    ship(s, 1, 5, 0)
    assert RALLY.check(s, PlaceTile(0, (0, 1))) is not None
    assert s.candidates(0) == [] and by_itself(s.to_act())
    assert rules.phase_name(s) == "distribute"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_new_game_for_two_to_four_players(n: int) -> None:
    s = RALLY.new({}, 0, n)
    assert s.n == n and by_itself(s.to_act())
    with pytest.raises(ValueError):
        RALLY.new({}, 0, 5)


def test_cards_are_numbered_and_taken_from_the_deck() -> None:
    s = make()
    cards = take_cards(s, "move1", "laser")
    assert all(c not in s.deck for c in cards)


def test_the_in_app_rules_name_the_era_limit_of_the_data_file() -> None:
    from importlib import resources
    text = resources.files("game.rally").joinpath("data/rules.md").read_text(encoding="utf-8")
    assert f"era {MAX_ERAS}" in text


def test_sensible_games_end_on_entropy_within_the_era_limit() -> None:
    """The entropy clock (or a race decided early), not our era limit, ends
    most games (numbers in rally.toml)."""
    from tools.rally_playtest import play
    ends = [play(seed, 2, ["sensible", "sensible"])[0] for seed in range(6)]
    assert all(s.is_over() and s.era <= MAX_ERAS for s in ends)
    assert sum(s.over_kind in ("entropy", "decided") for s in ends) >= 4
    assert sum(s.over_reason.startswith("Entropy") for s in ends) >= 2


def test_the_in_app_rules_say_what_the_engine_does_on_placing_and_passing_the_token() -> None:
    """Issue 17: the token passes to the next player (turn order, not a side of a table), a
    placed ship (set-up or Build Ship) takes what is on its tile, and a built ship is never
    placed onto another player's ship (`chaos.build_hexes`)."""
    from importlib import resources
    text = " ".join(resources.files("game.rally").joinpath("data/rules.md").read_text(encoding="utf-8").split())
    assert "passes to the left" not in text and "passes to the next player" in text
    assert "takes what is on it" in text and "takes what is on the tile" in text
    assert "not onto another player's ship" in text
