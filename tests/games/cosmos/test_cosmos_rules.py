"""The Cosmos engine, one test per rulebook clause (game/cosmos/rules.py), on hand-built
positions (`positions.bare`)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.core.protocol import CHANCE, redact
from game.core.rng import Rng
from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos import model as M
from game.cosmos import area, rules
from game.cosmos.content import LIFEFORMS
from game.cosmos.game import COSMOS
from tests.games.cosmos.positions import bare, planet, play, refused, system, turn
from tests.random_play import pick

A, B = 0, 1


# --- set-up ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players,merged", [(2, [True] * 6), (3, [True, False] * 3), (4, [False] * 6)])
def test_setup_action_tile_sides_follow_the_player_count(players: int, merged: list[bool]) -> None:
    s = COSMOS.new({}, 3, players)
    assert [m for _, m in s.tiles] == merged
    assert sorted(t for t, _ in s.tiles) == list(range(6))


def test_setup_gives_each_player_a_starting_star_planet_its_resources_cards_and_two_missions() -> None:
    s = COSMOS.new({}, 5, 4)
    c = s.content
    stars = [p.systems[0].star for p in s.players]
    assert len(set(stars)) == 4 and all(c.stars[x].starting for x in stars)
    missions = [m for p in s.players for m in p.missions]
    assert all(len(p.missions) == 2 for p in s.players) and len(set(missions)) == 8
    assert len(s.mission_box) == 4
    for p, star in zip(s.players, stars):
        st = c.stars[star]
        planet_ = c.planets[p.systems[0].planets[0].planet]  # type: ignore[union-attr]
        assert planet_.starting and p.pos == st.start_space
        assert p.wild_locked and p.tokens[3] == st.start_space // 2 and p.tokens[:3] == [M.STANDING] * 3
        gained = dict(st.start_gain)
        for what, n in planet_.start_gain:
            gained[what] = gained.get(what, 0) + n
        assert {k: getattr(p, k) for k in ("energy", "mass", "entropy")} == {k: gained.get(k, 0) for k in ("energy", "mass", "entropy")}
        assert sorted(c.life[x].type for x in p.hand) == sorted(t for t, n in st.start_cards for _ in range(n))
    assert s.systems_left == 20 - 4
    assert all(n == 5 for n in s.star_stock.values()) and all(n == 10 for n in s.asteroid_stock.values())


def test_setup_splits_each_deck_in_two_face_up_halves_after_the_starting_cards() -> None:
    s = COSMOS.new({}, 8, 2)
    dealt = sum(len(p.hand) for p in s.players)
    assert sum(pile.size() for pile in s.life_piles) == 66 - dealt
    assert all(pile.top >= 0 for pile in s.life_piles + s.planet_piles + s.biome_piles)
    assert sum(pile.size() for pile in s.planet_piles) == 44 and sum(pile.size() for pile in s.biome_piles) == 36


@pytest.mark.parametrize("players,tiles", [(1, 2), (2, 2), (3, 3), (4, 4)])
def test_setup_removes_small_lifeform_tiles_marked_for_more_players(players: int, tiles: int) -> None:
    s = COSMOS.new({}, 1, players)
    assert all(len(v) == tiles for v in s.small_tiles.values())
    assert all(v[-1] == max(v) for v in s.small_tiles.values())  # the highest on top


# --- movement -----------------------------------------------------------------------------------

def test_movement_must_be_1_to_3_sections_clockwise() -> None:
    s = bare()
    turn(s, A)
    assert "1 to 3" in refused(s, C.Move(A, 4, -1))
    assert "must move" in refused(s, C.Done(A))
    assert {c.steps for c in s.candidates(A) if isinstance(c, C.Move)} == {1, 2, 3}


def test_movement_inner_space_needs_the_matching_or_wild_token_standing() -> None:
    s = bare()
    p = s.players[A]
    p.pos = 1                                  # section 0; section 1's inner space: Aggregate Planet
    turn(s, A)
    assert "planet token" in refused(s, C.Move(A, 1, 0))
    p.tokens[1] = M.LYING
    assert "not standing" in refused(s, C.Move(A, 1, 1))
    p.wild_locked, p.tokens[3] = True, 4
    assert "locked" in refused(s, C.Move(A, 1, 3))
    p.wild_locked, p.tokens[3] = False, M.STANDING
    play(s, C.Move(A, 1, 3))
    assert p.tokens[3] == 1 and p.pos == 2


def test_movement_passing_tokens_retrieves_them_each_for_a_star_activation_or_1_entropy() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    p.pos, p.tokens[0], p.tokens[2] = 1, 1, 2  # tokens in front of sections 1 and 2
    turn(s, A)
    events = play(s, C.Move(A, 3, -1))
    assert p.tokens[0] == p.tokens[2] == M.LYING
    assert sum(isinstance(e, E.TokenBack) and e.reward for e in events) == 2
    assert s.frames[-1] == M.Retrieving(A, 2)
    play(s, C.TakeEntropy(A))
    assert p.entropy == 1 and s.frames[-1] == M.Retrieving(A, 1)
    play(s, C.Activate(A, 0))                  # IA: pay 1 entropy, gain 1 energy
    assert (p.entropy, p.energy) == (0, 1) and isinstance(s.frames[-1], M.Acting)


def test_movement_the_token_in_front_of_the_landing_space_is_retrieved_too() -> None:
    s = bare()
    p = s.players[A]
    p.pos, p.tokens[1] = 1, 1
    turn(s, A)
    assert "not standing" in refused(s, C.Move(A, 1, 1))  # it comes back lying
    play(s, C.Move(A, 1, 3))
    assert p.tokens[1] == M.LYING and p.tokens[3] == 1


def test_movement_a_locked_wild_token_passed_flips_instead_of_coming_back() -> None:
    s = bare()
    p = s.players[A]
    p.pos, p.tokens[3], p.wild_locked = 1, 2, True
    turn(s, A)
    events = play(s, C.Move(A, 2, -1))
    assert not p.wild_locked and p.tokens[3] == 2
    assert [e for e in events if isinstance(e, E.TokenBack)] == [E.TokenBack(A, 3, True, False)]


def test_traffic_bonus_counts_one_more_on_an_occupied_or_merged_space() -> None:
    s = bare()
    p = s.players[A]
    p.pos = 1
    s.players[B].pos = 2 * 2                   # B on section 2's inner space (Create Life)
    turn(s, A)
    play(s, C.Move(A, 1, -1))                  # section 1's tile, not merged: alone, distance 1
    assert p.energy == 2                       # tile 1 (Set Biome), plain side: 2 energy at distance 1
    s2 = bare()
    s2.tiles[2] = (2, True)                    # section 2's tile merged with its inner space
    s2.players[A].pos, s2.players[B].pos = 1, 4
    turn(s2, A)
    events = play(s2, C.Move(A, 2, -1))         # onto section 2's tile, merged with B's space
    assert next(e for e in events if isinstance(e, E.Moved)).distance == 3


def test_moving_3_onto_another_scientist_costs_1_entropy() -> None:
    s = bare()
    p = s.players[A]
    p.pos, s.players[B].pos = 1, 2 * 3 + 1
    turn(s, A)
    assert "1 entropy" in refused(s, C.Move(A, 3, -1))
    p.entropy = 1
    play(s, C.Move(A, 3, -1))
    assert p.entropy == 0


def test_creation_tokens_retrieved_stand_again_at_the_end_of_the_turn() -> None:
    s = bare()
    p = s.players[A]
    p.pos, p.tokens[0] = 1, 1
    turn(s, A)
    play(s, C.Move(A, 1, -1), C.TakeEntropy(A), C.Done(A), C.Done(A))
    assert p.tokens[0] == M.STANDING and s.frames[-1] == M.Moving(B)


# --- the action step ----------------------------------------------------------------------------

def test_action_may_be_skipped_for_the_traffic_bonus_alone() -> None:
    s = bare()
    turn(s, A, M.Acting(A, "soup", 0))
    play(s, C.Done(A))
    assert s.frames[-1] == M.Missioning(A) and s.players[A].generator == 0


def test_entropy_exchange_any_number_of_times_in_the_action_step() -> None:
    s = bare()
    p = s.players[A]
    p.entropy = 5
    turn(s, A, M.Acting(A, "soup", 0))
    play(s, C.Exchange(A, "energy"), C.Exchange(A, "mass"))
    assert (p.entropy, p.energy, p.mass) == (1, 1, 1)
    assert "2 entropy" in refused(s, C.Exchange(A, "energy"))
    p.entropy = 2
    assert "energy or mass" in refused(s, C.Exchange(A, "vp"))


def test_evolve_follows_the_boards_paths_and_never_triggers_the_star() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IB")
    p.energy, p.entropy = 10, 5
    turn(s, A, M.Acting(A, "evolve", 0))
    assert "does not evolve" in refused(s, C.Evolve(A, 0, "IIA"))
    events = play(s, C.Evolve(A, 0, "IIC"))
    assert not [e for e in events if isinstance(e, (E.StarActivated, E.Gained))]
    assert p.entropy == 5


def test_evolving_a_starting_star_returns_it_to_the_box() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "S1")
    p.energy = 2
    stock = dict(s.star_stock)
    turn(s, A, M.Acting(A, "evolve", 0))
    play(s, C.Evolve(A, 0, "IIA"))
    assert "S1" not in s.star_stock and s.star_stock["IIA"] == stock["IIA"] - 1


def test_evolve_to_tier_3_advances_the_stars_objective_in_the_mission_step() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IIA")
    p.energy = 3
    turn(s, A, M.Acting(A, "evolve", 0))
    events = play(s, C.Evolve(A, 0, "IIIA"), C.Done(A), C.Done(A))
    assert p.track == [1, 0, 0] and any(isinstance(e, E.ObjectiveAdvanced) for e in events)


def test_evolve_star_stacks_are_limited() -> None:
    s = bare()
    system(s, A, "IA")
    s.players[A].energy = 5
    s.star_stock["IIA"] = 0
    turn(s, A, M.Acting(A, "evolve", 0))
    assert "No IIA" in refused(s, C.Evolve(A, 0, "IIA"))


def test_aggregate_refills_an_empty_pile_from_the_other_of_its_type() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    p.mass = 10
    pile, twin = s.planet_piles[0], s.planet_piles[1]
    pile.pool = []
    twin_size = twin.size()
    turn(s, A, M.Acting(A, "aggregate", 0))
    play(s, C.Aggregate(A, 0, 0, 1))
    assert pile.top >= 0 and twin.size() == twin_size - 1


def test_aggregate_into_a_new_solar_system_uses_a_limited_system_tile() -> None:
    s = bare()
    system(s, A, "IA")
    s.players[A].mass = 10
    s.systems_left = 0
    turn(s, A, M.Acting(A, "aggregate", 0))
    assert "No Solar System" in refused(s, C.Aggregate(A, 0, 1, 0))


def test_create_life_at_most_3_cards_a_planet_and_its_lifeform_requirement() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IIA")
    slot = planet(s, A, 0, 0, 1)               # a heat planet
    p.hand = [23, 24]                          # plants needing bacteria
    turn(s, A, M.Acting(A, "create_life", 0))
    assert "needs" in refused(s, C.PlayLife(A, 24, 0, 0, -1, ""))
    slot.cards = [1, 2, 3]
    assert "3 life cards" in refused(s, C.PlayLife(A, 23, 0, 0, -1, ""))


def test_create_life_lifeforms_stop_at_5_of_a_type_per_planet() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")                         # heat
    slot = planet(s, A, 0, 0, 1, life=(4, 0, 0))
    p.hand = [1]                               # L1: 1 heat, 3 bacteria
    turn(s, A, M.Acting(A, "create_life", 2))
    play(s, C.PlayLife(A, 1, 0, 0, -1, ""))
    assert slot.life[0] == 5


def test_activate_stars_each_once_and_the_discount_only_from_its_space() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IIA")
    system(s, A, "IIB")
    p.entropy, p.generator = 10, 1              # 1 star discounted
    turn(s, A, M.Acting(A, "activate_stars", 0))
    play(s, C.Activate(A, 0))
    assert p.entropy == 9 and s.frames[-1] == M.Activating(A, (0,), 0)
    assert "only once" in refused(s, C.Activate(A, 0))
    s2 = bare()
    system(s2, A, "IIA")
    s2.players[A].entropy, s2.players[A].generator = 10, 1
    turn(s2, A, M.Single(A, 1))                 # an effect's single activation: no discount
    play(s2, C.Activate(A, 0))
    assert s2.players[A].entropy == 8


def test_set_biome_one_per_planet() -> None:
    s = bare()
    system(s, A, "IA")
    planet(s, A, 0, 0, 1).biome = 3
    turn(s, A, M.Acting(A, "set_biome", 0))
    assert "already" in refused(s, C.SetBiome(A, 0, 0, 0))


def test_biome_rewards_on_landing_abundant_free_scarce_for_1_entropy() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    planet(s, A, 0, 0, 1).biome = 1            # abundant, triggered by Evolve a Star: 1 energy
    planet(s, A, 0, 1, 2).biome = 21           # scarce, triggered by Evolve a Star: 2 energy, 1 mass
    p.pos, p.entropy = 1, 1
    turn(s, A)
    play(s, C.Move(A, 3, 0))                   # section 3: Evolve a Star, distance 3 (no bonus)
    assert p.energy == 1 and s.frames[-1] == M.BiomeOffer(A, 0, 1)
    play(s, C.Accept(A))
    assert (p.entropy, p.energy, p.mass) == (0, 3, 1)


def test_upgrade_costs_3_energy_and_stops_at_tier_2() -> None:
    s = bare()
    p = s.players[A]
    p.energy, p.tiers = 3, [2, 0, 0]
    turn(s, A, M.Acting(A, "upgrade", 0))
    assert "top tier" in refused(s, C.Upgrade(A, 0))
    assert "one of your three" in refused(s, C.Upgrade(A, 3))  # the Wild token has no card


def test_focus_card_triggers_when_its_token_is_placed_but_not_the_wild_one() -> None:
    s = bare()
    p = s.players[A]                            # set A: star card tier 1 gives 2 energy
    p.tiers, p.pos = [1, 0, 0], 2 * 5 + 1
    turn(s, A)
    play(s, C.Move(A, 1, 0))                    # section 0: Evolve a Star, the star token
    assert p.energy == 2 + 2                    # the focus card and the Traffic Bonus (2 energy)
    s2 = bare()
    s2.players[A].tiers, s2.players[A].pos = [1, 0, 0], 2 * 5 + 1
    turn(s2, A)
    play(s2, C.Move(A, 1, 3))
    assert s2.players[A].energy == 2


def test_take_life_cards_two_from_the_offer_and_the_other_deck_refills_an_empty_one() -> None:
    s = bare()
    p = s.players[A]
    s.life_piles[0].pool, s.life_piles[0].bottom = [], []
    first = s.life_piles[0].top
    turn(s, A, M.Acting(A, "take_life", 0))
    play(s, C.Take(A, 0))
    assert s.life_piles[0].top >= 0 and s.life_piles[0].top != first
    assert s.frames[-1] == M.Taking(A, 1)
    play(s, C.Take(A, 0))
    assert len(p.hand) == 2 and isinstance(s.frames[-1], M.Acting)


def test_catch_an_asteroid_two_per_planet_paid_with_a_lifeform_or_2_mass() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    slot = planet(s, A, 0, 0, 1, life=(1, 0, 0), asteroids=("", "heat"))
    p.mass = 0
    turn(s, A, M.Acting(A, "catch_asteroid", 0))
    assert "empty asteroid space" in refused(s, C.Catch(A, "heat", 0, 0, 1, -1))
    assert "one lifeform" in refused(s, C.Catch(A, "heat", 0, 0, 0, 1))
    play(s, C.Catch(A, "heat", 0, 0, 0, 0))
    assert slot.asteroids == ["heat", "heat"] and slot.life[0] == 0


def test_catch_free_costs_nothing_at_all() -> None:
    s = bare()
    system(s, A, "IA")
    slot = planet(s, A, 0, 0, 1)
    turn(s, A, M.Doing(A, "catch_free"))
    play(s, C.Catch(A, "water", 0, 0, 1, -1))
    assert slot.asteroids[1] == "water" and s.players[A].mass == 0


def test_primordial_soup_past_the_generators_end_gives_3_vp() -> None:
    s = bare()
    p = s.players[A]
    p.generator = 7
    turn(s, A, M.Acting(A, "soup", 0))
    play(s, C.Soup(A))
    assert (p.generator, p.vp) == (7, 3)


# --- the mission step -------------------------------------------------------------------------

def test_mission_needs_its_requirement_and_discards_both_cards() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IIIA")
    planet(s, A, 0, 0, 1)
    p.missions = [6, 1]
    turn(s, A, M.Missioning(A))
    assert "requirement" in refused(s, C.Mission(A, 1))
    events = play(s, C.Mission(A, 6))           # M6: 2 entropy for each planet
    assert p.missions == [] and p.done_missions == [6] and p.entropy == 2
    done = next(e for e in events if isinstance(e, E.MissionDone))
    assert done.discarded == 1 and redact(done, B) == E.MissionDone(A, 6, -1, None)


def test_a_mission_step_passed_says_so_and_only_its_seat_learns_how_many_were_met() -> None:
    """Play-test: the Mission step was skipped without a word in the log."""
    s = bare()
    p = s.players[A]
    system(s, A, "IIIA")
    planet(s, A, 0, 0, 1)
    p.missions = [6, 1]                          # M6 is met, M1 is not
    turn(s, A, M.Missioning(A))
    passed = next(e for e in play(s, C.Done(A)) if isinstance(e, E.Passed))
    assert passed == E.Passed(A, "mission", "", 0, 1, (A,))
    assert redact(passed, B) == E.Passed(A, "mission", "", 0, -1, None)


def test_a_reward_left_by_choice_says_what_was_left() -> None:
    s = bare()
    system(s, A, "IA")
    planet(s, A, 0, 0, 1)
    turn(s, A, M.Advancing(A, 2))
    assert E.Passed(A, "advance", "", 2, -1, None) in play(s, C.Done(A))


def test_main_objective_last_space_holds_one_player() -> None:
    s = bare()
    last = len(s.content.track_vp(2)) - 1
    s.players[A].track[2] = last - 1
    s.track_last[2] = B
    s.conditions = [0, 0, 1]
    turn(s, A, M.Missioning(A))
    play(s, C.Done(A))
    assert s.players[A].track[2] == last - 1


def test_an_objective_with_a_track_of_its_own_completes_on_its_own_last_space() -> None:
    """`track_vp_by_condition` gives one objective a longer track (round 6): its last space, not
    the common track's, completes it, and a position scores that track's VP."""
    s = bare()
    numbers = dict(s.content.numbers, track_vp=[0, 3, 7], track_vp_by_condition={"star_tier3": [0, 3, 5, 7]})
    s.content = dataclasses.replace(s.content, numbers=numbers)
    assert [s.content.track_vp(i) for i in range(3)] == [[0, 3, 5, 7], [0, 3, 7], [0, 3, 7]]
    p = s.players[A]
    system(s, A, "IA")
    for advance in (1, 2):
        s.conditions = [1, 0, 0]
        turn(s, A, M.Missioning(A))
        play(s, C.Done(A))
        assert p.track[0] == advance and s.track_last[0] == -1   # the common track would be complete at 2
    assert area.objective_points(s, A)[0] == 5                    # one different star, 5 VP at position 2
    s.conditions = [1, 0, 0]
    turn(s, A, M.Missioning(A))
    play(s, C.Done(A))
    assert p.track[0] == 3 and s.track_last[0] == A and area.objective_points(s, A)[0] == 7


def test_lifeform_objectives_small_once_per_type_big_once_in_the_game() -> None:
    s = bare(2)
    system(s, A, "IA")
    planet(s, A, 0, 0, 1, life=(5, 5, 0))
    planet(s, A, 0, 1, 2, life=(5, 3, 0))
    system(s, A, "IB")
    planet(s, A, 1, 0, 3, life=(1, 0, 0))       # 11 bacteria, 8 plants
    top = s.small_tiles["bacteria"][-1]
    turn(s, A, M.Missioning(A))
    play(s, C.Done(A))
    assert s.players[A].small == {"bacteria": top, "plant": top}
    assert s.big_taken["bacteria"] == -1
    p = s.players[A]
    p.systems[1].planets[0].life = [5, 0, 0]  # type: ignore[union-attr]
    p.systems.append(M.System("IA", [M.Slot(4, life=[5, 0, 0]), None]))   # 20 bacteria
    turn(s, A, M.Missioning(A))
    play(s, C.Done(A))
    assert s.big_taken["bacteria"] == A and p.big == ["bacteria"] and len(s.small_tiles["bacteria"]) == 1


def test_two_objectives_complete_end_the_game_after_one_more_round() -> None:
    s = bare(2)
    s.big_taken["plant"] = B
    s.track_last[0] = B
    s.round = 4
    turn(s, A, M.Missioning(A))
    play(s, C.Done(A))
    assert s.last_round == 5 and not s.over
    for seat in (B, A, B):
        s.frames = [M.Missioning(seat)]
        play(s, C.Done(seat))
    assert s.over and s.to_act() == []


def test_ties_share_the_victory() -> None:
    s = bare(2)
    s.over = True
    assert s.winners() == [A, B]


# --- hidden information and chance ------------------------------------------------------------------

def test_views_hide_other_hands_and_missions_and_determinize_redraws_them() -> None:
    s = COSMOS.new({}, 21, 3)
    view = s.view(A)
    assert view["players"][A]["hand"] == s.players[A].hand
    assert isinstance(view["players"][B]["hand"], dict) and view["players"][B]["missions"] == 2
    worlds = [s.determinize(A, Rng(k)) for k in range(6)]
    assert all(w.players[A].hand == s.players[A].hand and w.players[A].missions == s.players[A].missions for w in worlds)
    assert len({tuple(w.players[B].missions) for w in worlds}) > 1


def test_turning_up_a_card_is_a_chance_command_carrying_the_card() -> None:
    s = bare()
    system(s, A, "IA")
    s.players[A].mass = 10
    turn(s, A, M.Acting(A, "aggregate", 0))
    s.apply(C.Aggregate(A, 0, 0, 1))
    assert s.to_act() == [CHANCE]
    outcomes = s.chance_outcomes()
    assert {c.card for c, _ in outcomes} == set(s.planet_piles[0].pool)  # type: ignore[attr-defined]
    before = s.rng.copy()
    s.apply(outcomes[0][0])
    assert s.rng == before and s.planet_piles[0].top == outcomes[0][0].card  # type: ignore[attr-defined]


def test_lifeform_names_match_the_content() -> None:
    assert LIFEFORMS == ("bacteria", "plant", "animal") and rules.SECTIONS == 6


def test_every_command_prints_a_notation_that_reads_back_and_has_words() -> None:
    s = COSMOS.new({}, 4, 3)
    r = random.Random(4)
    for _ in range(300):
        if s.is_over():
            break
        for seat in s.to_act():
            for cmd in s.candidates(seat):
                assert COSMOS.parse_command(seat, cmd.describe(), s) == cmd
                assert COSMOS.describe_command(s, cmd)[:1].isupper()
        s.apply(pick(s, r))


def test_entropy_exchange_pays_for_an_action_an_effect_grants_but_not_in_the_movement_step() -> None:
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    p.entropy = 2
    turn(s, A, M.Doing(A, "evolve"))
    s.frames.append(M.Retrieving(A, 1))
    assert "Action step" in refused(s, C.Exchange(A, "energy"))
    s.frames.pop()
    assert "costs 2 energy" in refused(s, C.Evolve(A, 0, "IIA"))
    p.energy = 1
    play(s, C.Exchange(A, "energy"), C.Evolve(A, 0, "IIA"))
    assert p.systems[0].star == "IIA" and (p.entropy, p.energy) == (0, 0)


@pytest.mark.parametrize("entropy, asked", [(2, True), (1, False)])
def test_a_granted_action_only_the_exchange_pays_for_is_still_asked(entropy: int, asked: bool) -> None:
    """Stage 1 dropped a granted Evolve nothing paid for, though 2 entropy exchanged would pay for
    it; with less than 2 entropy nothing can, and the frame goes without a prompt."""
    s = bare()
    p = s.players[A]
    system(s, A, "IA")
    p.entropy, p.energy = entropy, 0           # a tier I star in a new system costs 1 energy
    turn(s, A, M.Acting(A, "soup", 0, True))
    s.frames.append(M.Doing(A, "evolve"))
    rules.settle(s, [])
    assert isinstance(s.frames[-1], M.Doing) == asked
    if asked:
        play(s, C.Exchange(A, "energy"), C.Evolve(A, 1, "IA"))
        assert p.systems[1].star == "IA"


def _planet_with(s: object, effect: str) -> int:
    from game.cosmos.game import CONTENT
    return next(pl.id for pl in CONTENT.planets.values() if not pl.starting and len(pl.effect) == 1
                and (effect in [g for g, _ in pl.effect[0].gain] or pl.effect[0].action == effect))


def test_aggregate_activates_the_planets_effect_before_placing_it() -> None:
    """Rulebook: "spend the indicated Mass to take it. Then, activate the Planet's effect, flip it
    over, and place it": a planet's bacteria cannot land on the planet itself."""
    s = bare()
    p = s.players[A]
    si = system(s, A, "IA")
    home = planet(s, A, si, 0, 1)
    pid = _planet_with(s, "bacteria")
    s.planet_piles[0].top = pid
    p.mass = 10
    turn(s, A, M.Acting(A, "aggregate", 0))
    play(s, C.Aggregate(A, 0, si, 1))
    assert isinstance(s.frames[-1], M.Placing) and p.systems[si].planets[1] is None
    assert {(c.system, c.slot) for c in s.candidates(A) if isinstance(c, C.Place)} == {(si, 0)}
    play(s, C.Place(A, si, 0), C.Place(A, si, 0))
    landed = p.systems[si].planets[1]
    assert landed is not None and landed.planet == pid and landed.life == [0, 0, 0] and home.life[0] == 2


def test_a_planet_space_is_held_while_its_planet_s_effect_resolves() -> None:
    s = bare()
    p = s.players[A]
    si = system(s, A, "IA")
    pid = _planet_with(s, "aggregate")
    s.planet_piles[0].top = pid
    p.mass = 20
    turn(s, A, M.Acting(A, "aggregate", 0))
    play(s, C.Aggregate(A, 0, si, 0))
    assert isinstance(s.frames[-1], M.Doing)
    assert "taken" in refused(s, C.Aggregate(A, 2, si, 0))
    play(s, C.Aggregate(A, 2, si, 1))
    while isinstance(s.frames[-1], M.Doing):
        play(s, C.Done(A))
    assert all(sl is not None for sl in p.systems[si].planets) and p.systems[si].planets[0].planet == pid


def test_solo_ends_after_the_last_progress_round_if_the_trigger_has_not() -> None:
    """Our solo mode (docs/rules/cosmos.md): one player with the 2-player sides; the rulebook's
    trigger, or the end of round `solo_rounds` (one per Progress card), ends it."""
    s = COSMOS.new({}, 3, 1)
    r = random.Random(4)
    while not s.is_over():
        s.apply(pick(s, r))
    assert s.round == s.content.n("solo_rounds") or 0 < s.last_round <= s.content.n("solo_rounds")
    assert all(merged for _, merged in s.tiles)
    assert COSMOS.new({}, 3, 1).progress() == "Round 1 of 19"
