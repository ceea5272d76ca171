"""The rulebook's attack clauses, one test each (game/skirmish/attacks.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.skirmish.attacks import (
    clamp_knack,
    damage_per_hit,
    defended,
    expected_damage,
    hit_chance,
    kill_chance,
    lands,
    with_rerolls,
)


@given(st.integers(-3, 10))
def test_an_unmodified_1_always_fails_and_a_6_always_hits(knack: int) -> None:
    assert not lands(1, knack) and lands(6, knack)


def test_a_die_lands_when_it_meets_or_beats_the_knack() -> None:
    assert lands(4, 4) and lands(5, 4) and not lands(3, 4)
    assert [lands(f, 2) for f in range(1, 7)] == [False, True, True, True, True, True]


@given(st.integers(-3, 10))
def test_a_modified_knack_is_worth_2_to_6(knack: int) -> None:
    assert 2 <= clamp_knack(knack) <= 6
    assert 1 / 6 <= hit_chance(knack) <= 5 / 6


def test_ranged_attacks_with_an_enemy_in_contact_land_only_on_a_6() -> None:
    assert [lands(f, 2, forced_six=True) for f in range(1, 7)] == [False] * 5 + [True]
    assert hit_chance(2, forced_six=True) == hit_chance(6) == 1 / 6


def test_damage_is_doubled_when_effective_against_all_the_targets_types_only() -> None:
    assert damage_per_hit(3, ("Bio",), 0, ("Bio",)) == 6
    assert damage_per_hit(3, ("Bio",), 0, ("Bio", "Arcane")) == 3, "effective against one of two: not doubled"
    assert damage_per_hit(3, ("Bio", "Arcane"), 0, ("Bio", "Arcane")) == 6


def test_a_target_with_no_defence_types_takes_double_from_every_weapon() -> None:
    assert damage_per_hit(2, (), 1, ()) == 3


def test_defence_reduces_damage_but_a_landed_attack_deals_at_least_1() -> None:
    assert damage_per_hit(4, (), 2, ("Physical",)) == 2
    assert damage_per_hit(1, (), 6, ("Physical",)) == 1


def test_cover_adds_3_defence_and_the_physical_type() -> None:
    assert defended(1, ("Bio",), True) == (4, ("Bio", "Physical"))
    assert defended(1, ("Physical",), True) == (4, ("Physical",))
    # effective against Bio only: doubled in the open, not once cover adds Physical
    assert damage_per_hit(3, ("Bio",), 0, ("Bio",)) == 6
    assert damage_per_hit(3, ("Bio",), 0, ("Bio",), cover=True) == 1
    # a target with no types gains Physical from cover, so no longer takes double
    assert damage_per_hit(4, (), 0, (), cover=True) == 1


def test_the_odds_the_screen_shows() -> None:
    assert hit_chance(4) == 0.5
    assert expected_damage(3, 0.5, 2) == 3.0
    assert kill_chance(2, 0.5, 3, 6) == 0.25
    assert kill_chance(1, 1.0, 2, 3) == 0.0
    # two dice at 1/2 with one re-roll: 1 + E[min(failures, 1)] / 2 = 1 + 0.75 / 2 hits of 2
    assert with_rerolls(0.5, 0, 2) == 0.5 and with_rerolls(0.5, 1, 2) == (1 + 0.75 / 2) / 2
    assert with_rerolls(0.5, 9, 2) == 0.75, "every failure re-rolled once"
