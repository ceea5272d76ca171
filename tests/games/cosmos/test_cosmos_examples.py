"""Every worked example of the rulebook, played out in the engine (golden tests). Where the
rulebook's picture is not in its text (which star gives what, which planet), the example uses
the reconstructed content that fits it (docs/rules/cosmos.md)."""

from __future__ import annotations

from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos import model as M
from game.cosmos import area, rules
from tests.games.cosmos.positions import bare, planet, play, system, turn

ORANGE, BLUE, TEAL = 0, 1, 2


def test_oranges_movement_retrieves_a_token_activates_a_star_and_gets_no_traffic_bonus() -> None:
    """Orange moves 2 (A), passes its star token (B), lays it on the Console (C), activates star
    IA for 1 entropy (D), lands on Aggregate Planet (E) placing the planet token (F); another
    Scientist is there, so the distance counts 3: no Traffic Bonus (G)."""
    s = bare(2)
    o = s.players[ORANGE]
    system(s, ORANGE, "IA")
    o.pos, o.entropy = 2 * 5 + 1, 1          # section 5, outer
    o.tokens[0] = 0                          # the star token in front of section 0's space
    s.players[BLUE].pos = 2                  # Blue's Scientist on Aggregate Planet (section 1)
    turn(s, ORANGE)
    events = play(s, C.Move(ORANGE, 2, 1))
    assert o.tokens[0] == M.LYING and o.tokens[1] == 1 and o.pos == 2
    moved = next(e for e in events if isinstance(e, E.Moved))
    assert (moved.steps, moved.distance) == (2, 3)
    assert not [e for e in events if isinstance(e, E.Gained) and e.source == "traffic"]
    assert isinstance(s.frames[-1], M.Retrieving)
    play(s, C.Activate(ORANGE, 0))
    assert (o.entropy, o.energy) == (0, 1)
    assert isinstance(s.frames[-1], M.Acting) and s.frames[-1].action == "aggregate"


def test_blues_evolve_exchanges_ib_for_iib_for_2_energy_or_adds_a_tier_i_star_for_1() -> None:
    s = bare(2)
    b = s.players[BLUE]
    system(s, BLUE, "IB")
    b.energy = 3
    stock = dict(s.star_stock)
    turn(s, BLUE, M.Acting(BLUE, "evolve", 0))
    play(s, C.Evolve(BLUE, 0, "IIB"))
    assert b.systems[0].star == "IIB" and b.energy == 1
    assert s.star_stock["IB"] == stock["IB"] + 1 and s.star_stock["IIB"] == stock["IIB"] - 1
    # The alternative: 1 energy for a IA or IB star in a new Solar System.
    s2 = bare(2)
    system(s2, BLUE, "IB")
    s2.players[BLUE].energy = 1
    turn(s2, BLUE, M.Acting(BLUE, "evolve", 0))
    play(s2, C.Evolve(BLUE, 1, "IA"))
    assert [sy.star for sy in s2.players[BLUE].systems] == ["IB", "IA"] and s2.players[BLUE].energy == 0


def test_blues_aggregate_pays_4_mass_takes_a_card_by_the_planets_effect_and_places_it() -> None:
    s = bare(2)
    b = s.players[BLUE]
    system(s, BLUE, "IB")
    b.mass = 4
    s.planet_piles[4].top = 28                # a water ("blue") planet: 4 mass, gain 1 life card
    offered = s.life_piles[2].top
    turn(s, BLUE, M.Acting(BLUE, "aggregate", 0))
    play(s, C.Aggregate(BLUE, 4, 0, 1))
    assert b.mass == 0 and isinstance(s.frames[-1], M.Taking)
    play(s, C.Take(BLUE, 2))
    assert b.hand == [offered]
    assert b.systems[0].planets[1] is not None and b.systems[0].planets[1].planet == 28
    assert s.planet_piles[4].top not in (-1, 28)  # the offer refilled


def test_oranges_create_life_discards_a_heat_card_removes_a_bacterium_and_evolves() -> None:
    """A plant card needing 3 heat and the removal of 1 bacterium, on a blue planet with a heat
    asteroid under a IIC star (2 heat): a discarded card lends the third. 2 plants from the card,
    1 from the Traffic Bonus (moved 2, alone), then its effect: an Evolve a Star action."""
    s = bare(2)
    o = s.players[ORANGE]
    system(s, ORANGE, "IIC")
    slot = planet(s, ORANGE, 0, 0, 23, life=(2, 0, 0), asteroids=("heat", ""))
    o.hand, o.energy = [30, 1], 1             # 1 energy: the Evolve the card grants can add a star
    o.pos = 2 * 0 + 1
    turn(s, ORANGE)
    play(s, C.Move(ORANGE, 2, 2))             # section 2: Create Life, the life token
    assert s.frames[-1] == M.Acting(ORANGE, "create_life", 1)
    assert rules.why_illegal(s, C.PlayLife(ORANGE, 30, 0, 0, -1, "")) is not None
    play(s, C.PlayLife(ORANGE, 30, 0, 0, 1, "heat"))
    assert slot.life == [1, 3, 0] and slot.cards == [30] and o.hand == []
    assert s.life_piles[0].bottom == [1]      # the discard under the leftmost bacteria deck
    assert s.frames[-1] == M.Doing(ORANGE, "evolve")
    play(s, C.Evolve(ORANGE, 1, "IA"))
    assert [sy.star for sy in o.systems] == ["IIC", "IA"]


def test_teals_activate_stars_with_a_generator_discount_for_three_stars() -> None:
    s = bare(3)
    t = s.players[TEAL]
    for star in ("IIA", "IIB", "IIC"):
        system(s, TEAL, star)
    planet(s, TEAL, 2, 0, 23, life=(2, 0, 0))
    t.entropy, t.generator = 4, 5             # position 5 discounts 3 stars by 1
    turn(s, TEAL, M.Acting(TEAL, "activate_stars", 0))
    play(s, C.Activate(TEAL, 0))
    assert (t.entropy, t.energy) == (3, 3)
    play(s, C.Activate(TEAL, 1))
    assert (t.entropy, t.mass) == (2, 3)
    play(s, C.Activate(TEAL, 2))
    assert t.entropy == 0 and s.frames[-1] == M.Advancing(TEAL, 2)
    play(s, C.Advance(TEAL, 2, 0, 1), C.Advance(TEAL, 2, 0, 1))
    assert t.systems[2].planets[0] is not None and t.systems[2].planets[0].life == [0, 2, 0]


def test_oranges_set_biome_goes_to_the_planet_without_one_and_is_fulfilled_at_once() -> None:
    s = bare(2)
    o = s.players[ORANGE]
    system(s, ORANGE, "IA")
    planet(s, ORANGE, 0, 0, 23).biome = 2
    slot = planet(s, ORANGE, 0, 1, 24, life=(3, 0, 0))
    s.biome_piles[0].top = 1                  # abundant: 3 bacteria fulfil it (the picture's count is not in the text)
    turn(s, ORANGE, M.Acting(ORANGE, "set_biome", 0))
    events = play(s, C.SetBiome(ORANGE, 0, 0, 1))
    assert slot.biome == 1 and slot.fulfilled
    assert any(isinstance(e, E.BiomeFulfilled) for e in events) and s.conditions[2] == 1


def test_blues_upgrade_flips_the_planet_focus_card_and_retrieves_its_token() -> None:
    s = bare(2)
    b = s.players[BLUE]
    b.energy, b.tokens[1] = 3, 4              # the planet token is on the board (section 4)
    turn(s, BLUE, M.Acting(BLUE, "upgrade", 0))
    events = play(s, C.Upgrade(BLUE, 1))
    assert b.tiers == [0, 1, 0] and b.energy == 0 and b.tokens[1] == M.LYING
    assert not [e for e in events if isinstance(e, E.Gained)]  # no activation, no entropy


def test_teals_asteroid_pays_2_mass_for_the_top_space_plus_1_for_its_type_then_aggregates() -> None:
    s = bare(3)
    t = s.players[TEAL]
    system(s, TEAL, "IA")
    slot = planet(s, TEAL, 0, 0, 19, life=(3, 0, 0))  # a planet whose effect is Aggregate Planet
    t.mass = 5
    s.planet_piles[4].top = 24                # a 2-mass planet in the offer
    turn(s, TEAL, M.Acting(TEAL, "catch_asteroid", 0))
    play(s, C.Catch(TEAL, "water", 0, 0, 1, -1))
    assert slot.asteroids == ["", "water"] and slot.life == [3, 0, 0] and t.mass == 2
    assert s.frames[-1] == M.Doing(TEAL, "aggregate") and s.conditions[1] == 1


def test_teals_primordial_soup_advances_two_lifeforms_then_the_generator_for_3_vp() -> None:
    s = bare(3)
    t = s.players[TEAL]
    system(s, TEAL, "IA")
    a = planet(s, TEAL, 0, 0, 23, life=(0, 1, 0))
    b = planet(s, TEAL, 0, 1, 24)
    t.pos, t.generator = 2 * 4 + 1, 6
    s.players[BLUE].pos = 2 * 2 + 1           # nobody on the Soup
    turn(s, TEAL)
    play(s, C.Move(TEAL, 1, -1))              # section 5's tile: Primordial Soup, distance 1
    assert s.frames[-1] == M.Advancing(TEAL, 2)
    play(s, C.Advance(TEAL, 0, 0, 2), C.Advance(TEAL, 0, 1, 0))
    assert a.life == [0, 0, 1] and b.life == [1, 0, 0]
    play(s, C.Soup(TEAL))
    assert (t.generator, t.vp, t.mass, t.energy) == (7, 3, 1, 1)


def test_teals_final_scoring_is_134() -> None:
    """43 VP tokens, the big bacteria tile (20), the small bacteria and plant tiles (24), main
    objectives 3 + 21 + 21, and 2 VP for 3 cards, 2 mass, 2 entropy and 4 energy."""
    s = bare(3)
    t = s.players[TEAL]
    stars = ("IIA", "IIB", "IIC")
    for i, (star, pid) in enumerate(zip(stars, (1, 13, 23))):  # a heat, a carbon, a water planet
        system(s, TEAL, star)
        slot = planet(s, TEAL, i, 0, pid, life=(6, 3, 0))
        slot.biome, slot.cards = 1 + i, [23 + i]
    t.vp, t.big, t.small = 43, ["bacteria"], {"bacteria": 12, "plant": 12}
    t.track = [3, 1, 2]                        # stars 7 VP each (the last of its 4 spaces); 3 VP for each planet of the same type (one); biomes 7 VP each
    t.hand, t.mass, t.entropy, t.energy = [1, 2, 3], 2, 2, 4
    breakdown = area.score_breakdown(s, TEAL)
    assert breakdown == {"tokens": 43, "big": 20, "small": 24, "objectives": 45, "leftovers": 2}
    assert area.final_scores(s)[TEAL] == 134
