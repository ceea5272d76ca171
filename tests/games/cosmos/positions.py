"""Cosmos positions for the tests: `random_positions` walks a seeded random game; `bare()` is a
set-up with every play area
emptied, the action tiles in data order on plain sides (tile k beside section k), and the
Scientists parked; `system` / `planet` build a play area; `play` submits commands through the
referee (each must be legal) and resolves chance as it comes."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.core.protocol import CHANCE, Command, Event
from game.cosmos import model as M
from game.cosmos.game import COSMOS
from game.cosmos.state import CosmosState


def bare(players: int = 2, seed: int = 1) -> CosmosState:
    s = COSMOS.new({"focus": "in order"}, seed, players)
    s.tiles = [(k, False) for k in range(6)]
    s.systems_left = 20
    for i, p in enumerate(s.players):
        p.systems, p.hand, p.missions = [], [], []
        p.energy = p.mass = p.entropy = p.vp = 0
        p.tokens = [M.STANDING] * 4
        p.wild_locked = False
        p.pos = 2 * ((3 + 2 * i) % 6) + 1  # parked on outer spaces, out of the way
    return s


def system(s: CosmosState, seat: int, star: str) -> int:
    p = s.players[seat]
    p.systems.append(M.System(star, [None, None]))
    s.systems_left -= 1
    return len(p.systems) - 1


def planet(s: CosmosState, seat: int, si: int, k: int, pid: int, life: tuple[int, int, int] = (0, 0, 0),
           asteroids: tuple[str, str] = ("", "")) -> M.Slot:
    slot = M.Slot(pid, list(asteroids), list(life))
    s.players[seat].systems[si].planets[k] = slot
    return slot


def turn(s: CosmosState, seat: int, frame: M.Frame | None = None) -> None:
    """Make it `seat`'s turn, at its Movement step or at `frame`: an Action or Mission step, or a
    reward met inside the Action step (a resolved Primordial Soup below it)."""
    frame = frame or M.Moving(seat)
    steps = (M.Moving, M.Acting, M.Missioning)
    s.frames = [frame] if isinstance(frame, steps) else [M.Acting(seat, "soup", 0, True), frame]


def play(s: CosmosState, *commands: Command) -> list[Event]:
    events: list[Event] = []
    for cmd in commands:
        refusal = COSMOS.check(s, cmd)
        assert refusal is None, (cmd, refusal)
        events += s.apply(cmd)
        while s.to_act() == [CHANCE]:
            events += s.apply(s.sample_chance())
    return events


def refused(s: CosmosState, cmd: Command) -> str:
    refusal = COSMOS.check(s, cmd)
    assert refusal is not None, cmd
    return refusal.reason


def random_positions(players: int, seed: int, steps: int = 260, every: int = 7) -> Iterator[CosmosState]:
    """A random game's positions, one in `every` steps (a person's decision each)."""
    state = COSMOS.new({}, seed, players)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_over():
            return
        seat = state.to_act()[0]
        if seat == CHANCE:
            state.apply(state.sample_chance())
            continue
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.candidates(seat)))


def retrieve_positions() -> Iterator[tuple[CosmosState, int, bool]]:
    """Decisions on a retrieved token's reward from seeded random games, as (state, seat, whether
    a star activation is on offer), until both kinds have come; fails if one never does."""
    from game.cosmos import commands as C

    seen = {True: 0, False: 0}
    for seed in range(30):
        for state in random_positions(2, 500 + seed, steps=300, every=1):
            seat = state.to_act()[0]
            if state.frames[-1].KIND != "retrieve":
                continue
            can = any(isinstance(c, C.Activate) for c in state.candidates(seat))
            seen[can] += 1
            yield state, seat, can
        if all(seen.values()):
            return
    raise AssertionError(f"a retrieve decision of each kind never came: {seen}")

