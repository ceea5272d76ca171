"""A representative mid-game Entropy Rally position for `shot` and `bench render`.

Random play makes a poor picture of Rally (a few tiles, ships flying off the map
in the first round), so this plays a plain, sensible policy instead: tiles go
where they touch the most tiles, ships take the engine's default facing,
energy is split evenly, and each ship is programmed with cards that keep it on
the map (by the planning screen's own route forecast). It stops while seat 0
is planning, its programs drafted, so the routes show. It plays the engine (and reads its
rules), so it lives with the game; the view offers it as `shot_match` / `bench_match`.
"""

from __future__ import annotations

import random
from typing import Any

from game.core.hexgrid import Hex
from game.core.match import Match
from game.core.protocol import Command, by_itself
from game.core.registry import get_game
from game.rally.commands import (
    DistributeEnergy,
    FinishPlanning,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    ProgramCard,
)
from game.rally.game import best_direction
from game.rally.rules import legal_hexes_for
from game.rally.state import RallyState
from game.rally.public import predict

SHOT_ERA = 3
SEED_ATTEMPTS = 20  # candidate seeds tried before giving up (none of 1-11 needs more than 2)
SEED_STRIDE = 7919  # a prime step, so candidate seeds of nearby requests rarely coincide


def _program(state: RallyState, seat: int, rng: random.Random) -> list[Command]:
    """Cards for each own ship that the route forecast keeps on the map and can pay for."""
    view = state.view(seat)
    hand = list(state.hands[seat])
    out: list[Command] = []
    for ship in state.ships_of(seat):
        sv = next(s for s in view["ships"] if s["id"] == ship.id)
        cards: list[int] = []
        for _ in range(4):
            options = [c for c in hand if (lambda p: p.off_map is None and not p.skipped)(predict(view, sv, cards + [c]))]
            if not options:
                break
            card = rng.choice(options)
            hand.remove(card)
            cards.append(card)
        out += [ProgramCard(seat, ship.id, c, i) for i, c in enumerate(cards)]
    return out


def _choose(state: RallyState, seat: int, rng: random.Random) -> list[Command]:
    phase = state.phase
    if phase in ("setup_tiles", "expansion"):
        frontier = legal_hexes_for(state, seat)
        best = max(frontier, key=lambda h: (sum(n in state.tiles for n in h.neighbours()), rng.random()))
        return [PlaceTile(seat, (best.q, best.r))]
    if phase == "setup_ships":
        h = rng.choice(legal_hexes_for(state, seat))
        return [PlaceShip(seat, (h.q, h.r), best_direction(state, Hex(h.q, h.r)))]
    if phase == "distribute":
        k = len(state.ships_of(seat))
        pool = state.pool[seat]
        return [DistributeEnergy(seat, tuple(pool // k + (1 if j < pool % k else 0) for j in range(k)))]
    if phase == "planning":
        return _program(state, seat, rng) + [FinishPlanning(seat)]
    if state.building() is not None:
        h = rng.choice(legal_hexes_for(state, seat))
        return [PlaceBuiltShip(seat, (h.q, h.r))]
    if state.meeting() is not None:
        return [NoExchange(seat)]
    return [OrderShips(seat, state.chaos_ships[0])]


def shot_match(seed: int, seats: list[str] | None = None, players: int = 2) -> Match:
    """Era `SHOT_ERA`'s planning, seat 0's programs drafted but not finished.

    Some seeds lose seat 0's last ship before that era (the policy is plain), and the game would
    then play on to its end: such a seed gives way to the next candidate seed, so `shot` and
    `bench render` always show a live table with seat 0 planning, never the final screen."""
    seats = seats or ["human"] * players
    match = _play_to_shot(seed, seats)
    for attempt in range(1, SEED_ATTEMPTS):
        if _seat_zero_plans(match):
            break
        match = _play_to_shot(seed + attempt * SEED_STRIDE, seats)
    return match


def _seat_zero_plans(match: Match) -> bool:
    state: Any = match.state
    return 0 in match.to_act() and state.phase == "planning"


def _play_to_shot(seed: int, seats: list[str]) -> Match:
    """The plain policy from the start until seat 0 plans in era `SHOT_ERA` (or the game ends)."""
    match = Match(get_game("rally"), {}, seed, seats)
    rng = random.Random(seed)
    for _ in range(5000):
        state: Any = match.state
        if state.is_over():
            break
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        if state.phase == "planning" and state.era >= SHOT_ERA and 0 in actors:
            for cmd in _program(state, 0, rng):
                match.submit(cmd)
            break
        for cmd in _choose(state, actors[0], rng):
            if not match.submit(cmd).ok:
                break
    return match


def chaos_match(seed: int, seats: list[str] | None = None, players: int = 2) -> Match:
    """`shot_match`, then every seat finishes planning: the chaos phase is about to start."""
    match = shot_match(seed, seats, players)
    rng = random.Random(seed + 1)
    for _ in range(50):
        state: Any = match.state
        if state.phase != "planning":
            break
        seat = [s for s in match.to_act() if s >= 0][0]
        cmds: list[Command] = [FinishPlanning(seat)] if seat == 0 else _program(state, seat, rng) + [FinishPlanning(seat)]
        for cmd in cmds:
            match.submit(cmd)
    return match
