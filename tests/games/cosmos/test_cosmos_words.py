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
    assert describe(gained, names, 0, CONTENT).text == "You gain 2 energy from the Traffic Bonus"
    assert describe(caught, names, 0, CONTENT).text == "You catch a radiation asteroid"
    other = E.Gained(1, "energy", 2, "traffic")
    assert describe(other, names, 0, CONTENT).text == "Computer gains 2 energy from the Traffic Bonus"
