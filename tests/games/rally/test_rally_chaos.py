"""The planning and chaos phases of Entropy Rally: one test per rules clause."""

from __future__ import annotations

from rally_helpers import (
    P_MID,
    do,
    make,
    of,
    play_chaos,
    portal,
    refused,
    round_,
    ship,
    start_chaos,
    take_cards,
)

from game.core.hexgrid import Hex
from game.rally.cards import KIND_BY_NAME, LASER_DAMAGE
from game.rally.commands import (
    Exchange,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    ProgramCard,
    SetProgram,
    UnprogramCard,
)
from game.rally.game import RALLY
from game.rally.state import RallyState

COST = {k: v.cost for k, v in KIND_BY_NAME.items()}
ENTROPY = {k: v.entropy(2) for k, v in KIND_BY_NAME.items()}
"""Each card's entropy at a 2-player table (what `make` builds unless told otherwise)."""


def planning(n: int = 2) -> tuple[RallyState, list[int]]:
    s = make(n, line=8)
    ship(s, 0, 0, 0)
    ship(s, 1, 5, 0)
    s.hands[0] = take_cards(s, "move1", "move2", "laser", "right60", "tidy_up")
    s.hands[1] = take_cards(s, "move1", "wave", "left60", "move3", "turn180")
    s.done = [False] * n
    return s, s.hands[0][:]


# --- planning --------------------------------------------------------------------------


def test_planning_is_simultaneous_and_secret() -> None:
    s, cards = planning()
    assert s.to_act() == [0, 1]
    do(s, ProgramCard(0, 1, cards[0], 0))
    do(s, ProgramCard(0, 1, cards[1], 0))
    assert s.ships[1].program == [cards[1], cards[0]]
    other = s.view(1)
    assert other["programs"] == {"2": []} and other["ships"][0]["program_count"] == 2
    assert str(cards[0]) not in other["cards"] and other["hand"] != s.hands[0]
    do(s, FinishPlanning(0))
    assert s.to_act() == [1]
    assert RALLY.check(s, ProgramCard(0, 1, cards[2], 0)) is not None


def test_program_cards_can_be_inserted_removed_and_moved_anywhere() -> None:
    s, c = planning()
    for card in c[:3]:
        do(s, ProgramCard(0, 1, card, 0))
    assert s.ships[1].program == [c[2], c[1], c[0]]
    do(s, MoveCard(0, 1, 0, 1, 2))
    assert s.ships[1].program == [c[1], c[0], c[2]]
    do(s, UnprogramCard(0, 1, 1))
    assert s.ships[1].program == [c[1], c[2]] and c[0] in s.hands[0]
    assert refused(s, ProgramCard(0, 1, c[3], 5)) == "Your ship 1's program has slots 1 to 3."
    assert refused(s, ProgramCard(0, 2, c[3], 0)) == "That is Player 2's ship 1, not yours."
    assert refused(s, ProgramCard(0, 1, c[1], 0)) == "That card is not in your hand."
    assert refused(s, UnprogramCard(0, 1, 4)) == "Your ship 1's program has no card in that slot."


def test_there_is_no_limit_on_program_length() -> None:
    s, c = planning()
    for card in c:
        do(s, ProgramCard(0, 1, card, len(s.ships[1].program)))
    do(s, FinishPlanning(0))
    assert len(s.ships[1].program) == 5
    do(s, FinishPlanning(1))  # an empty program is fine too
    assert s.phase == "chaos"


def test_set_program_replaces_the_draft_and_finishes() -> None:
    s, c = planning()
    do(s, ProgramCard(0, 1, c[0], 0))
    do(s, SetProgram(0, ((1, (c[2], c[3])),)))
    assert s.ships[1].program == [c[2], c[3]] and s.done[0]
    s2, c2 = planning()
    assert refused(s2, SetProgram(0, ((1, (c2[0], c2[0])),))) == "A program uses a card that is not in your hand."
    assert refused(s2, SetProgram(0, ((2, ()),))) == "That is Player 2's ship 1, not yours."


def test_unprogrammed_cards_are_discarded_face_down() -> None:
    s, c = planning()
    do(s, ProgramCard(0, 1, c[0], 0))
    do(s, FinishPlanning(0))
    assert s.hands[0] == [] and sorted(x for x, o in s.buried if o == 0) == sorted(c[1:])
    assert all(str(x) not in s.view(1)["cards"] for x in c)


# --- chaos: order of play ------------------------------------------------------------------


def test_players_play_in_turn_from_the_starting_player_one_card_per_ship_per_round() -> None:
    s = make(3, line=12, starter=2)
    a = ship(s, 0, 0, 0, program=("move1", "move1"))
    b = ship(s, 1, 4, 0, program=("move1",))
    c = ship(s, 2, 8, 0, program=("move1", "move1"))
    start_chaos(s)
    events = round_(s)
    assert [e.ship for e in of(events, "card_played")] == [c.id, a.id, b.id]  # type: ignore[attr-defined]
    assert of(events, "round_started")[0].round == 1  # type: ignore[attr-defined]
    events = round_(s)
    assert [e.ship for e in of(events, "card_played")] == [c.id, a.id]  # type: ignore[attr-defined]
    assert s.phase == "expansion"  # every card was played


def test_player_chooses_the_order_of_their_own_ships() -> None:
    s = make(2, line=12)
    a1 = ship(s, 0, 0, 0, program=("move1",))
    a2 = ship(s, 0, 4, 0, program=("move1",))
    ship(s, 1, 8, 0)
    start_chaos(s)
    round_(s)
    assert s.to_act() == [0] and s.view(0)["pending"] == {"kind": "order_ships", "seat": 0, "ships": [1, 2]}
    assert refused(s, OrderShips(0, 3)) == "That ship has no card to play now (or has played this round)."
    events = do(s, OrderShips(0, a2.id))
    assert [e.ship for e in of(events, "card_played")] == [a2.id, a1.id]  # type: ignore[attr-defined]


def test_card_ignored_when_ship_cannot_pay() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=COST["move2"] - 1, program=("move2", "move1"))
    start_chaos(s)
    events = round_(s)
    ignored = of(events, "card_ignored")
    assert ignored and (ignored[0].kind, ignored[0].reason) == ("move2", "energy")  # type: ignore[attr-defined]
    assert RALLY.describe(ignored[0], ["You", "Computer"], 0) == "Ship 1 skips Move 2: not enough energy"
    assert a.hex == Hex(0, 0) and a.energy == COST["move2"] - 1 and s.entropy == -1000
    round_(s)
    assert a.hex == Hex(1, 0) and a.energy == COST["move2"] - 1 - COST["move1"]


def test_playing_a_card_pays_its_energy_and_changes_entropy() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=30, program=("move3",))
    start_chaos(s)
    round_(s)
    assert a.energy == 30 - COST["move3"] and s.entropy == -1000 + ENTROPY["move3"]
    assert s.discard and s.played == [(a.id, s.discard[0])]


# --- chaos: moving and turning ----------------------------------------------------------------------


def test_move_cards_fly_straight_ahead_one_two_or_three_steps() -> None:
    s = make(line=10)
    a = ship(s, 0, 0, 0, energy=50, program=("move1", "move2", "move3"))
    start_chaos(s)
    events = play_chaos(s)
    assert a.hex == Hex(6, 0)
    assert [e.path for e in of(events, "ship_moved")][-1] == ((4, 0), (5, 0), (6, 0))  # type: ignore[attr-defined]


def test_turn_cards_turn_the_ship() -> None:
    for kind, expected in (("right60", 1), ("right120", 2), ("turn180", 3), ("left120", 4), ("left60", 5)):
        s = make(line=3)
        a = ship(s, 0, 1, 0, energy=20, program=(kind,))
        start_chaos(s)
        play_chaos(s)
        assert a.direction == expected, kind


def test_move_off_map_destroys_ship() -> None:
    s = make(line=3)
    a = ship(s, 0, 1, 0, energy=20, titanium=2, program=("move3",))
    ship(s, 1, 0, 0)
    start_chaos(s)
    events = play_chaos(s)
    assert a.id not in s.ships
    d = of(events, "ship_destroyed")[0]
    assert (d.reason, d.hex, d.titanium) == ("off_map", (3, 0), 2)  # type: ignore[attr-defined]


def test_a_gap_between_tiles_is_off_the_map() -> None:
    s = make(line=2, tiles={(3, 0): ("space", 0)})
    a = ship(s, 0, 1, 0, energy=20, program=("move2",))
    ship(s, 1, 0, 0)
    start_chaos(s)
    play_chaos(s)
    assert a.id not in s.ships


def test_move_lands_only_on_the_final_hex() -> None:
    s = make(line=4, tiles={(1, 0): ("titanium", 3)})
    a = ship(s, 0, 0, 0, energy=20, program=("move2",))
    start_chaos(s)
    play_chaos(s)
    assert a.hex == Hex(2, 0) and a.titanium == 0 and s.tiles[Hex(1, 0)].value == 3


def test_landing_collects_titanium_and_energy() -> None:
    s = make(line=4, tiles={(1, 0): ("titanium", 3), (2, 0): ("energy", 20)})
    a = ship(s, 0, 0, 0, energy=10, program=("move1", "move1"))
    start_chaos(s)
    events = play_chaos(s)
    assert a.titanium == 3 and a.energy == 10 - 2 * COST["move1"] + 20
    assert s.tiles[Hex(1, 0)].value == 0 and s.tiles[Hex(2, 0)].value == 0
    assert [(e.kind, e.amount) for e in of(events, "collected")] == [("titanium", 3), ("energy", 20)]  # type: ignore[attr-defined]


def test_landing_on_portal_takes_ownership() -> None:
    s = make(line=4)
    portal(s, 1, 0, P_MID, 30, owner=1)
    a = ship(s, 0, 0, 0, energy=10, program=("move1",))
    start_chaos(s)
    events = play_chaos(s)
    assert s.tiles[Hex(1, 0)].owner == 0 and a.hex == Hex(1, 0)
    assert of(events, "portal_claimed")[0].previous == 1  # type: ignore[attr-defined]


# --- chaos: lasers and waves --------------------------------------------------------------------------


def test_laser_placed_one_tile_ahead_and_moves_each_round_before_cards() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser", "move1", "move1"))
    start_chaos(s)
    events = round_(s)
    assert of(events, "token_fired")[0].hex == (1, 0)  # type: ignore[attr-defined]
    assert [(t.kind, t.hex) for t in s.tokens] == [("laser", Hex(1, 0))]
    events = round_(s)
    assert events.index(of(events, "token_moved")[0]) < events.index(of(events, "card_played")[0])
    assert s.tokens[0].hex == Hex(2, 0)


def test_laser_hit_costs_two_energy_and_the_laser_disappears() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser", "right60"))
    b = ship(s, 1, 2, 0, direction=3, energy=5)
    start_chaos(s)
    round_(s)
    assert len(s.tokens) == 1 and b.energy == 5
    events = round_(s)
    assert b.energy == 5 - LASER_DAMAGE and not s.tokens
    assert of(events, "laser_hit")[0].ship == b.id  # type: ignore[attr-defined]


def test_laser_hit_below_zero_destroys_ship_and_titanium() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser",))
    b = ship(s, 1, 1, 0, energy=1, titanium=4)
    start_chaos(s)
    events = round_(s)
    assert b.id not in s.ships
    d = of(events, "ship_destroyed")[0]
    assert (d.reason, d.titanium) == ("laser", 4)  # type: ignore[attr-defined]


def test_laser_leaving_exactly_zero_energy_does_not_destroy() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser",))
    b = ship(s, 1, 1, 0, energy=LASER_DAMAGE)
    start_chaos(s)
    round_(s)
    assert b.id in s.ships and b.energy == 0


def test_ship_landing_on_a_laser_is_hit() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser",))
    b = ship(s, 1, 3, 0, direction=3, energy=10, program=("move1", "move1"))
    start_chaos(s)
    round_(s)  # laser on (1,0); b moves to (2,0)
    round_(s)  # laser moves to (2,0) and hits b
    assert b.energy == 10 - 2 * COST["move1"] - LASER_DAMAGE and not s.tokens


def test_token_leaving_the_map_vanishes() -> None:
    s = make(line=3)
    ship(s, 0, 0, 0, energy=20, program=("wave", "move1", "left60", "left60"))
    start_chaos(s)
    events = play_chaos(s)
    moved = of(events, "token_moved")
    assert moved[-1].to is None and not s.tokens  # type: ignore[attr-defined]


def test_tokens_fade_when_the_chaos_phase_ends() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("laser",))
    start_chaos(s)
    round_(s)
    assert s.phase == "expansion" and s.tokens == []


def test_wave_pushes_ship_one_tile_in_its_direction() -> None:
    s = make(line=8)
    ship(s, 0, 0, 0, energy=20, program=("wave",))
    b = ship(s, 1, 1, 0, direction=2, energy=5)
    start_chaos(s)
    events = round_(s)
    assert b.hex == Hex(2, 0) and b.direction == 2 and not s.tokens
    assert of(events, "wave_push")[0].to == (2, 0)  # type: ignore[attr-defined]


def test_wave_push_is_a_landing() -> None:
    s = make(line=8, tiles={(2, 0): ("titanium", 2)})
    ship(s, 0, 0, 0, energy=20, program=("wave",))
    b = ship(s, 1, 1, 0, energy=5)
    start_chaos(s)
    round_(s)
    assert b.titanium == 2


def test_wave_push_off_map_destroys() -> None:
    s = make(line=2)
    ship(s, 0, 0, 0, energy=20, program=("wave",))
    b = ship(s, 1, 1, 0, energy=5)
    start_chaos(s)
    events = round_(s)
    assert b.id not in s.ships and of(events, "ship_destroyed")[0].reason == "off_map"  # type: ignore[attr-defined]


def test_a_wave_that_pushes_a_ship_back_onto_its_hex_leaves_that_hexs_other_tokens_hit_once() -> None:
    """A ship lands on a hex holding a wave and a laser; the wave pushes it onto a wave that
    pushes it back, where the laser hits it: the laser is used up once, nothing is hit twice
    (this used to remove the laser a second time and crash the engine)."""
    from game.rally import chaos
    from game.rally.model import Token

    s = make(line=5)
    b = ship(s, 1, 1, 0, energy=10)
    laser = Token("laser", Hex(1, 0), 3, 0)
    s.tokens = [Token("wave", Hex(1, 0), 0, 0), laser, Token("wave", Hex(2, 0), 3, 0)]
    events: list = []
    chaos.land(s, b, events)
    assert b.hex == Hex(1, 0) and b.energy == 10 - LASER_DAMAGE
    assert s.tokens == [] and len(of(events, "laser_hit")) == 1 and len(of(events, "wave_push")) == 2


# --- chaos: meetings ---------------------------------------------------------------------------------------


def test_battle_each_loses_the_others_combined_energy() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=10 + COST["move1"], program=("move1",))
    b = ship(s, 1, 1, 0, energy=4)
    start_chaos(s)
    events = round_(s)
    assert a.energy == 6 and b.id not in s.ships
    bt = of(events, "battle")[0]
    assert (bt.before, bt.after) == ((10, 4), (6, -6))  # type: ignore[attr-defined]


def test_battle_ship_with_no_energy_left_is_removed_with_its_cargo() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=5 + COST["move1"], titanium=3, program=("move1",))
    b = ship(s, 1, 1, 0, energy=5, titanium=2)
    start_chaos(s)
    events = round_(s)
    assert a.id not in s.ships and b.id not in s.ships  # equal energy: both left with none
    assert sorted(e.titanium for e in of(events, "ship_destroyed")) == [2, 3]  # type: ignore[attr-defined]


def test_battle_with_three_players_pools_the_others_energy() -> None:
    s = make(3, line=6)
    a = ship(s, 0, 0, 0, energy=20 + COST["move1"], program=("move1",))
    b = ship(s, 1, 1, 0, energy=6)
    c = ship(s, 2, 1, 0, energy=7)
    start_chaos(s)
    round_(s)
    assert a.energy == 20 - 13 and b.id not in s.ships and c.id not in s.ships


def test_battle_survivor_then_collects_what_is_on_the_tile() -> None:
    s = make(line=6)
    portal(s, 1, 0, P_MID, 30, owner=1)
    a = ship(s, 0, 0, 0, energy=10 + COST["move1"], program=("move1",))
    ship(s, 1, 1, 0, energy=4)
    start_chaos(s)
    round_(s)
    assert a.id in s.ships and s.tiles[Hex(1, 0)].owner == 0


def test_own_ships_meeting_may_exchange_titanium_and_energy() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=10 + COST["move1"], titanium=1, program=("move1",))
    b = ship(s, 0, 1, 0, energy=4, titanium=5)
    start_chaos(s)
    round_(s)
    assert s.to_act() == [0]
    assert s.view(0)["pending"] == {"kind": "exchange", "seat": 0, "hex": [1, 0], "ships": [1, 2],
                                    "energy": 14, "titanium": 6}
    assert refused(s, Exchange(0, (10, 10), (1, 5))) == (
        "An exchange moves energy and titanium between the ships; it cannot create or lose any.")
    do(s, Exchange(0, (0, 14), (6, 0)))
    assert (a.energy, a.titanium, b.energy, b.titanium) == (0, 6, 14, 0)


def test_exchange_may_be_declined() -> None:
    s = make(line=6)
    a = ship(s, 0, 0, 0, energy=10, program=("move1",))
    ship(s, 0, 1, 0, energy=4)
    start_chaos(s)
    round_(s)
    do(s, NoExchange(0))
    assert a.energy == 10 - COST["move1"] and s.waiting is None


# --- chaos: titanium portal, build ship, tidy up ------------------------------------------------------------


def test_titanium_portal_banks_all_titanium_as_points() -> None:
    s = make(line=4)
    a = ship(s, 0, 0, 0, energy=COST["titanium_portal"], titanium=7, program=("titanium_portal",))
    start_chaos(s)
    events = round_(s)
    assert a.titanium == 0 and s.points == [7, 0] and a.energy == 0
    assert of(events, "titanium_banked")[0].points == 7  # type: ignore[attr-defined]


def test_build_ship_places_a_new_ship_next_to_the_builder() -> None:
    s = make(line=4, tiles={(1, 1): ("energy", 10)})
    a = ship(s, 0, 1, 0, direction=2, energy=COST["build_ship"], program=("build_ship",))
    ship(s, 1, 3, 0)
    start_chaos(s)
    round_(s)
    assert s.to_act() == [0]
    assert s.view(0)["pending"]["hexes"] == [[0, 0], [1, 1], [2, 0]]
    assert refused(s, PlaceBuiltShip(0, (3, 0))) == "The new ship must go on a tile next to your ship 1."
    events = do(s, PlaceBuiltShip(0, (1, 1)))
    new = s.ships[3]
    assert (new.owner, new.hex, new.direction, new.energy) == (0, Hex(1, 1), a.direction, 10)
    assert of(events, "ship_built") and of(events, "collected")


def test_build_ship_not_next_to_another_players_ship() -> None:
    s = make(line=3)
    ship(s, 0, 1, 0, energy=COST["build_ship"], program=("build_ship",))
    ship(s, 1, 2, 0)
    start_chaos(s)
    round_(s)
    assert refused(s, PlaceBuiltShip(0, (2, 0))) == "Another player's ship is on that tile."
    do(s, PlaceBuiltShip(0, (0, 0)))


def test_build_ship_ignored_without_room() -> None:
    s = make(line=1)
    a = ship(s, 0, 0, 0, energy=COST["build_ship"], program=("build_ship",))
    start_chaos(s)
    events = round_(s)
    assert of(events, "card_ignored")[0].reason == "no_room" and a.energy == COST["build_ship"]  # type: ignore[attr-defined]


def test_a_card_changes_entropy_by_its_value_for_the_tables_player_count() -> None:
    """rally.toml gives each card one entropy per player count (more players: a faster
    clock per card); the engine takes the count from the state, not from a global."""
    moved = {}
    for n in (2, 3, 4):
        s = make(n, line=6)
        ship(s, 0, 0, 0, energy=30, program=("move3",))
        start_chaos(s)
        round_(s)
        moved[n] = s.entropy + 1000
    assert moved == {n: KIND_BY_NAME["move3"].entropy(n) for n in (2, 3, 4)}
    assert moved[2] < moved[3] < moved[4]
    assert moved[2] == 14  # two players: the numbers chosen before the per-count values


def test_tidy_up_lowers_entropy() -> None:
    s = make(line=3, entropy=-500)
    ship(s, 0, 0, 0, energy=20, program=("tidy_up",))
    start_chaos(s)
    round_(s)
    assert s.entropy == -500 + ENTROPY["tidy_up"] < -500


def test_player_without_ships_stops_playing_and_keeps_points() -> None:
    s = make(line=3)
    ship(s, 0, 0, 0, energy=20, program=("laser",))
    b = ship(s, 1, 1, 0, energy=0)
    s.points = [0, 5]
    s.bag = [0] * len(s.bag)
    start_chaos(s)
    events = round_(s)
    assert b.id not in s.ships and not s.alive[1] and s.points == [0, 5]
    assert of(events, "player_out")
    play_chaos(s)
    assert s.phase == "deal"
    from game.rally.commands import DealCards
    do(s, s.sample_chance())
    assert s.hands[1] == [] and s.to_act() == [0] and s.pool[1] == 0


def test_game_ends_when_every_ship_is_lost() -> None:
    s = make(line=2)
    ship(s, 0, 1, 0, energy=20, program=("move1",))
    ship(s, 1, 0, 3, energy=20, program=("move1",))
    start_chaos(s)
    round_(s)
    assert s.is_over() and s.over_reason == "Every ship has been lost."


def test_space_tile_does_nothing() -> None:
    s = make(line=3)
    a = ship(s, 0, 0, 0, energy=10, titanium=1, program=("move1",))
    start_chaos(s)
    events = round_(s)
    assert a.hex == Hex(1, 0) and (a.energy, a.titanium) == (10 - COST["move1"], 1)
    assert not of(events, "collected") and not of(events, "portal_claimed")


def test_unowned_portal_produces_nothing_until_a_ship_lands() -> None:
    s = make(line=4)
    portal(s, 1, 0, P_MID, 30)
    a = ship(s, 0, 0, 0, energy=10, program=("move1",))
    ship(s, 1, 3, 0)
    s.bag = [0] * len(s.bag)
    start_chaos(s)
    play_chaos(s)
    from game.rally.commands import DealCards
    before = a.energy
    do(s, s.sample_chance())
    assert a.energy == before + 50 + 30 and s.entropy == -1000 + ENTROPY["move1"] + 30


def test_a_clone_collecting_or_claiming_leaves_the_original_tiles_alone() -> None:
    s = make(line=4, tiles={(1, 0): ("titanium", 3)})
    portal(s, 2, 0, P_MID, 30)
    ship(s, 0, 0, 0, energy=30, program=("move1", "move1"))
    copy = s.clone()
    start_chaos(copy)
    play_chaos(copy)
    assert copy.tiles[Hex(1, 0)].value == 0 and copy.tiles[Hex(2, 0)].owner == 0
    assert s.tiles[Hex(1, 0)].value == 3 and s.tiles[Hex(2, 0)].owner == -1


def test_the_rules_fingerprint_covers_every_player_counts_card_entropy() -> None:
    """Saves record the fingerprint: a 4-player entropy changed in the data file must change it."""
    import copy

    from game.rally.cards import _DATA, RULES_FINGERPRINT, fingerprint

    assert fingerprint(_DATA) == RULES_FINGERPRINT
    changed = copy.deepcopy(_DATA)
    changed["cards"][0]["entropy"]["4"] += 1
    assert fingerprint(changed) != RULES_FINGERPRINT


def test_the_ais_prior_clock_rate_follows_the_tables_card_entropy() -> None:
    """The AI's assumed entropy per era (before the game shows its own) is seven average
    cards of the table's player count, so it expects a faster clock with more players."""
    from game.rally import evaluate

    rates = {n: evaluate.rate(make(n, line=3)) for n in (2, 3, 4)}
    assert rates == {n: 7.0 * evaluate.MEAN_CARD_ENTROPY[n] for n in (2, 3, 4)}
    assert rates[2] < rates[3] < rates[4]
