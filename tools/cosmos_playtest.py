"""A plain, sensible Cosmos policy for playtesting the numbers in game/cosmos/data, and a report
of the figures behind docs/rules/cosmos.md.

Not the game's AI (that is game/cosmos/ai.py, whose evaluator it borrows): a turn planner. At
the Movement step it plays each landing out to the end of the turn, every later decision taken
greedily by the evaluator's potential of its own seat, and moves where the finished turn is
worth most; every later decision is that one-ply greedy choice. It reads a determinisation of
its seat's view, never another seat's hidden cards. Run from the project root:

    .venv/bin/python tools/cosmos_playtest.py [games] [seed] [--players 1 2 3 4] [--set KEY=JSON ...]

`--set` tries other numbers of `data/rules.toml` for this run only (`--set track_vp=[0,1,3,7]`).

Prints one dict of figures per table size: how the end was triggered, and the usage summary of
`tools/cosmos_usage.py` (rounds, final scores and their make-up, the winners' strategies, how
often each action, star path, life card, planet, biome, asteroid and Focus card is used).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root for tools.*

from game.core.protocol import CHANCE, Command, Seat  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.cosmos import model as M  # noqa: E402
from game.cosmos.ai import potential, thin  # noqa: E402
from game.cosmos.game import COSMOS  # noqa: E402
from game.cosmos.state import CosmosState  # noqa: E402
from tools.cosmos_usage import Usage, set_numbers  # noqa: E402


def finish_turn(s: CosmosState, seat: Seat, rng: Rng) -> None:
    """Play `s` (changed in place) greedily to the end of `seat`'s turn."""
    turn = (s.round, seat)
    for _ in range(60):
        if s.over or (s.round, s.frames[-1].seat if s.frames else -1) != turn and not s.reveals:
            return
        actor = s.to_act()[0]
        if actor == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        s.apply(greedy(s, actor, rng))


def worth(s: CosmosState, seat: Seat) -> float:
    """The potential, with the objective conditions met this turn already on their tracks (they
    advance only at the turn's end, which a one-ply look does not reach)."""
    if s.over or not s.frames or s.frames[-1].seat != seat or not any(s.conditions):
        return potential(s, seat)
    ahead = s.clone()
    p = ahead.players[seat]
    for i, n in enumerate(ahead.conditions):
        last = len(s.content.track_vp(i)) - 1
        for _ in range(n):
            if p.track[i] < last and not (p.track[i] + 1 == last and ahead.track_last[i] >= 0):
                p.track[i] += 1
                if p.track[i] == last:
                    ahead.track_last[i] = seat
    ahead.conditions = [0, 0, 0]
    return potential(ahead, seat)


def greedy(s: CosmosState, seat: Seat, rng: Rng) -> Command:
    """The candidate whose position one ply later is worth most (ties: at random)."""
    best, best_v = None, -1e9
    for cmd in thin(s, s.candidates(seat)):
        after = s.clone()
        after.apply(cmd)
        v = worth(after, seat) + rng.random() * 1e-3
        if v > best_v:
            best, best_v = cmd, v
    assert best is not None
    return best


def choose(s: CosmosState, seat: Seat, rng: Rng) -> Command:
    """The playtest policy's command for `seat` (see the module note)."""
    world = s.determinize(seat, rng)
    if not isinstance(world.frames[-1], M.Moving):
        return greedy(world, seat, rng)
    best, best_v = None, -1e9
    for cmd in world.candidates(seat):
        after = world.clone()
        after.apply(cmd)
        finish_turn(after, seat, rng)
        v = potential(after, seat) + rng.random() * 1e-3
        if v > best_v:
            best, best_v = cmd, v
    assert best is not None
    return best


def play(players: int, seed: int, usage: Usage | None = None) -> dict[str, Any]:
    """One game with the policy in every seat: its figures and final position (`state`), its
    usage counted into `usage`."""
    s = COSMOS.new({}, seed, players)
    rng = Rng(seed * 7919 + 1)
    usage = usage if usage is not None else Usage()
    usage.start(s)
    while not s.is_over():
        actor = s.to_act()[0]
        cmd = s.sample_chance(rng) if actor == CHANCE else choose(s, actor, rng)
        usage.observe(s, s.apply(cmd))
    usage.finish(s)
    trig = "solo round limit" if players == 1 and s.round < s.content.n("max_rounds") else "engine guard"
    if s.last_round > 0:
        tracks = sum(x >= 0 for x in s.track_last)
        bigs = sum(x >= 0 for x in s.big_taken.values())
        trig = f"tracks{tracks}+big{bigs}"
    return {"rounds": s.round, "scores": s.scores(), "trigger": trig,
            "focus": [p.focus for p in s.players], "tiers": [sum(p.tiers) for p in s.players], "state": s}


def report(players: int, games: int, seed: int) -> dict[str, Any]:
    """`games` games at a table of `players`: how they ended, and the usage summary."""
    seconds = []
    triggers: Counter[str] = Counter()
    usage = Usage()
    for g in range(games):
        t = time.perf_counter()
        r = play(players, seed + g, usage)
        seconds.append(time.perf_counter() - t)
        triggers[r["trigger"]] += 1
        print(players, "players game", g, r["rounds"], "rounds", r["scores"], r["trigger"], flush=True)
    return {"players": players, "games": games, "triggers": dict(triggers),
            "seconds_per_game": round(sum(seconds) / games, 1), **usage.summary()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", type=int, nargs="?", default=6)
    ap.add_argument("seed", type=int, nargs="?", default=1)
    ap.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4])
    ap.add_argument("--set", nargs="*", default=[], metavar="KEY=JSON")
    args = ap.parse_args()
    set_numbers(args.set)
    for n in args.players:
        print(report(n, args.games, args.seed), flush=True)


if __name__ == "__main__":
    main()
