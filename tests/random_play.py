"""Random play for tests: chance drawn by the state's own RNG, every seat's choice at random."""

from __future__ import annotations

import random
from typing import TypeVar

from game.core.match import Match
from game.core.protocol import Command, State, by_itself

S = TypeVar("S", bound=State)


def pick(state: State, r: random.Random) -> Command:
    """A command for whoever must act: chance by the state's RNG, seats at random."""
    actors = state.to_act()
    assert actors, "someone must act while the game is not over"
    if by_itself(actors):
        return state.sample_chance()
    seat = r.choice(actors)
    legal = state.candidates(seat)
    assert legal, f"seat {seat} must act but has no legal command"
    return r.choice(legal)


def random_walk(state: S, r: random.Random, steps: int) -> S:
    """`state` after up to `steps` random commands (fewer if the game ends), changed in place."""
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(pick(state, r))
    return state


def random_match(match: Match, r: random.Random, steps: int) -> Match:
    """`match` after `steps` random legal commands submitted the way the table does
    (chance through the match's own resolver, then the first seat to act), each one accepted;
    fewer if the game ends."""
    for _ in range(steps):
        if match.state.is_over():
            break
        if by_itself(match.to_act()):
            assert match.resolve_chance().ok
        else:
            seat = match.to_act()[0]
            assert match.submit(r.choice(match.state.candidates(seat))).ok
    return match


def finish_match(match: Match, r: random.Random) -> Match:
    """`match` played to its end as `random_match` plays it."""
    while not match.state.is_over():
        random_match(match, r, 100)
    return match
