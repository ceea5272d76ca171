"""Cosmos's log lines: about the person at the screen they read in the second person."""

from __future__ import annotations

from game.cosmos import events as E
from game.cosmos.content import builtin_content
from game.cosmos.words import describe

CONTENT = builtin_content()


def test_lines_about_you_read_in_the_second_person_and_others_in_the_third() -> None:
    """The table showed "You gains 2 energy", "You catches a radiation asteroid"."""
    names = ["You", "Computer"]
    gained = E.Gained(0, "energy", 2, "traffic")
    caught = E.AsteroidCaught(0, "radiation", 0, 0, 0)
    assert describe(gained, names, 0, CONTENT).text == "You gain 2 energy for a short move"
    assert describe(caught, names, 0, CONTENT).text == "You catch a radiation asteroid"
    other = E.Gained(1, "energy", 2, "traffic")
    assert describe(other, names, 0, CONTENT).text == "Computer gains 2 energy for a short move"


def test_a_step_ended_by_choice_says_what_was_left() -> None:
    """Play-test: the Mission step (and every reward declined) passed without a log line."""
    names = ["You", "Computer"]
    assert describe(E.Passed(0, "mission", "", 0, 0, (0,)), names, 0, CONTENT).text == \
        "You end the turn: no mission met"
    assert describe(E.Passed(1, "mission", "", 0, -1, None), names, 0, CONTENT).text == \
        "Computer ends the turn without fulfilling a mission"
    assert describe(E.Passed(0, "mission", "", 0, 2, (0,)), names, 0, CONTENT).text == \
        "You end the turn without fulfilling a mission (2 met)"
    assert describe(E.Passed(1, "advance", "", 1, -1, None), names, 0, CONTENT).text == \
        "Computer leaves 1 lifeform advancement unused"
    assert describe(E.Passed(0, "place", "plant", 2, -1, None), names, 0, CONTENT).text == \
        "You leave 2 plants unplaced"
    assert describe(E.Passed(0, "action", "set_biome", 0, -1, None), names, 0, CONTENT).text == \
        "You skip the Set Biome action"
    assert describe(E.Passed(1, "retrieve", "", 2, -1, None), names, 0, CONTENT).text == \
        "Computer takes nothing for 2 retrieved tokens"


def test_a_life_card_played_names_its_planet_and_an_old_log_still_reads() -> None:
    names = ["You", "Computer"]
    played = E.LifePlayed(1, 12, 0, 1, -1, "", 34)
    assert describe(played, names, 0, CONTENT).text == \
        f"Computer plays life card L12 (bacteria) on planet P34 ({CONTENT.planets[34].type}) in system 1"
    old = E.LifePlayed(1, 12, 0, 1, -1, "")  # a log written before the planet was recorded
    assert describe(old, names, 0, CONTENT).text == "Computer plays life card L12 (bacteria) on a planet of system 1"


def test_points_and_actions_are_named_as_the_board_names_them() -> None:
    """Play-test (fifth session): the log said "You gain 4 vp from planet P23" and "You pay 2 mass
    for the aggregate action"."""
    names = ["You", "Computer"]
    assert describe(E.Gained(0, "vp", 4, "planet:23"), names, 0, CONTENT).text == "You gain 4 VP from planet P23"
    assert describe(E.Paid(0, "mass", 2, "action:aggregate"), names, 0, CONTENT).text == \
        "You pay 2 mass for the Aggregate Planet action"


def test_a_card_turned_up_is_named() -> None:
    """Play-test (fifth session): "A new life is turned up" named neither the card nor the deck."""
    life = next(iter(CONTENT.life.values()))
    planet = next(p for p in CONTENT.planets.values() if not p.starting)
    line = describe(E.Revealed("life", 0, life.id), ["You"], 0, CONTENT)
    assert line is not None and line.text == f"Life card L{life.id} ({life.type}) is turned up in the offer"
    line = describe(E.Revealed("planet", 0, planet.id), ["You"], 0, CONTENT)
    assert line is not None and line.text == f"Planet P{planet.id} ({planet.type}) is turned up in the offer"


def test_a_star_activation_says_its_cost_once() -> None:
    """Play-test (fifth session): "You pay 2 entropy for star IIA" then "You activate star IIA for
    2 entropy"."""
    names = ["You", "Computer"]
    assert describe(E.Paid(0, "entropy", 2, "star:IIA"), names, 0, CONTENT) is None
    line = describe(E.StarActivated(0, 0, "IIA", 2), names, 0, CONTENT)
    assert line is not None and line.text == "You activate star IIA, paying 2 entropy"


def test_skipping_create_life_says_its_bonus_comes_only_with_a_card() -> None:
    """Play-test (ninth session): landing on Create Life with no card to play and ending the step
    said "You take only the Traffic Bonus", though that bonus is lifeforms on the card played:
    nothing was gained."""
    names = ["You", "Computer"]
    words = describe(E.Passed(0, "action", "create_life", 0, -1, None), names, 0, CONTENT).text
    assert words == "You skip Create Life (its bonus for a short move comes only with a life card played)"
    assert "only the Traffic Bonus" not in words

