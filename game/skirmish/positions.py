"""Representative skirmish positions for the screen's `shot` and `bench render` (seeded, so a
picture or a measurement is the same every run): both sides deployed by random legal play, the
first round's activations under way.

Kept with the game (no pygame); the view offers them as `shot_match` / `bench_match`.
"""

from __future__ import annotations

import random

from game.core.match import Match
from game.core.protocol import Command, by_itself
from game.core.registry import get_game
from game.skirmish.commands import Activate, Attack, Move
from game.skirmish.state import SkirmishState

BENCH_CONFIG = {"mission": "hold_the_rift", "faction_1": "tessellate", "faction_2": "veilmoth", "terrain": "random"}
"""The most models the built-in rosters put on a 36" table (15 + 13), on a random layout."""


def _play_until(match: Match, rng: random.Random, done: int, limit: int = 400) -> None:
    """Random legal play (chance resolved) until `done` activations have begun."""
    begun = 0
    for _ in range(limit):
        if match.state.is_over():
            return
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        state = match.state
        assert isinstance(state, SkirmishState)
        options: list[Command] = state.candidates(actors[0])
        if state.phase == "activations":
            starts = [c for c in options if isinstance(c, Activate)]
            if starts and begun >= done:
                return
            moves: list[Command] = [c for c in options if isinstance(c, (Move, Attack))]
            options = moves or options
        cmd = rng.choice(options)
        match.submit(cmd)
        begun += isinstance(cmd, Activate)


def shot_match(seed: int, seats: list[str] | None = None) -> Match:
    """Deployed, a few activations played, the next side about to activate."""
    match = Match(get_game("skirmish"), {"terrain": "random"}, seed, seats or ["human", "human"])
    _play_until(match, random.Random(seed), 3)
    return match


def bench_match(seed: int, seats: list[str] | None = None) -> Match:
    """Every model of the biggest built-in rosters deployed among random terrain; a side about to
    activate (the bench then plays random moves: reach overlays, routes and rolls)."""
    match = Match(get_game("skirmish"), BENCH_CONFIG, seed, seats or ["human", "human"])
    _play_until(match, random.Random(seed), 1)
    return match
