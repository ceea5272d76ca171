"""The minutes estimate of `tools/cosmos_minutes.py` counts what it says: only the decisions with
a real choice, the turns of each side, and prices them as its module note says."""

from __future__ import annotations

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.cosmos.game import COSMOS
from tools.cosmos_minutes import HUMAN_SECONDS, THINK_TURN, WATCH_TURN, count_match, minutes


def random_match(seed: int, players: int, commands: int) -> Match:
    """A match of `commands` random commands (chance resolved by the match)."""
    match = Match(COSMOS, {}, seed, ["random"] * players)
    r = Rng(seed)
    while len(match.commands) < commands and not match.state.is_over():
        seat = match.to_act()[0]
        if seat == CHANCE:
            match.resolve_chance()
        else:
            assert match.submit(r.choice(match.state.candidates(seat))).ok
    return match


def test_only_real_choices_are_counted_and_every_turn_once() -> None:
    match = random_match(5, 2, 300)
    g = count_match(match, 0)
    s = COSMOS.new({}, 5, 2)
    real = {0: 0, 1: 0}
    turns = set()
    for cmd in match.commands:
        if cmd.seat != CHANCE:
            turns.add((s.round, cmd.seat))
            real[cmd.seat] += len(s.candidates(cmd.seat)) > 1
        s.apply(cmd)
    assert sum(g["mine"].values()) == real[0] and g["others"] == real[1]
    assert real[0] < sum(1 for c in match.commands if c.seat == 0)  # one-option decisions are not the person's
    assert g["turns"]["person"] == sum(1 for _, seat in turns if seat == 0)
    assert g["turns"]["computers"] == sum(1 for _, seat in turns if seat == 1)


def test_minutes_price_the_counts() -> None:
    g = {"players": 2, "rounds": 10, "mine": {"Move": 10, "PlayLife": 5}, "others": 40,
         "turns": {"person": 10, "computers": 10}}
    m = minutes([g], ai_seconds=0.5, think=30.0)
    person = (10 * HUMAN_SECONDS["Move"] + 5 * HUMAN_SECONDS["PlayLife"] + 10 * 30.0) / 60
    assert m["person_min"] == pytest.approx(person, abs=0.05)
    assert m["computers_min"] == pytest.approx((40 * 0.5 + 10 * WATCH_TURN) / 60, abs=0.05)
    assert m["people_min"] == pytest.approx(2 * person, abs=0.1)   # two people, each at the person's pace
    assert minutes([g], 0.5)["person_min"] == pytest.approx(person + 10 * (THINK_TURN - 30.0) / 60, abs=0.05)
