"""Two skirmish levels in mirrored pairs of games, with each level's CPU and wall seconds per decision.

Each pair is the two games `entropy-tabletop arena skirmish --agents A,B --games 2 --seed S
--option mission=M --option faction_1=F1 --option faction_2=F2` plays (the same game seeds and
agent seeds, the arena's own loop): in the first game A sits on side 1 with F1, in the second B
does, so each level plays each faction on its side once. Unlike the arena it also times every
decision on this process's CPU clock (what a quiet machine would take on the wall clock; the
load changes only the wall time) and prints `uptime`'s load with every game.

    .venv/bin/python tools/skirmish_duel.py --agents hard,normal --no-wall-limit \
        --pair hold_the_rift:cinderhorn:tessellate:1501 --save-dir /tmp/duel --json duel.json

`--pair MISSION:F1:F2:SEED` is repeatable; `--json FILE` writes every game's record, rewritten
after each game so an interrupted run keeps the games played.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import Agent, make_agent  # noqa: E402
from game.arena import _play_one  # noqa: E402
from game.core.plans import Plan  # noqa: E402
from game.core.protocol import Seat, State  # noqa: E402
from game.skirmish.state import SkirmishState  # noqa: E402


class Timed(Agent):
    """An agent that records each `plan` call's CPU and wall seconds."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def plan(self, state: State, seat: Seat) -> Plan:
        c0, w0 = time.process_time(), time.perf_counter()
        out = self.inner.plan(state, seat)
        self.cpu.append(time.process_time() - c0)
        self.wall.append(time.perf_counter() - w0)
        return out

    def choose(self, state: State, seat: Seat) -> Any:
        return self.plan(state, seat)[0]


def load() -> str:
    """The 1-minute load average."""
    return f"{os.getloadavg()[0]:.1f}"


def figures(xs: list[float]) -> dict[str, float]:
    """Mean and max of a list of seconds (0 for none)."""
    return {"mean": round(sum(xs) / len(xs), 3) if xs else 0.0, "max": round(max(xs), 3) if xs else 0.0,
            "n": len(xs)}


def play(agents: list[str], mission: str, f1: str, f2: str, seed: int, g: int,
         save_dir: Path | None) -> dict[str, Any]:
    """Game `g` (0 or 1) of the arena run with `seed`: agent `g` on side 1 (seat 0)."""
    order = [(s + g) % 2 for s in range(2)]
    names = [agents[i] for i in order]
    game_seed = seed * 100_003 + g
    seat_agents = [Timed(make_agent(agents[i], "skirmish", game_seed * 31 + i)) for i in order]
    config = {"mission": mission, "faction_1": f1, "faction_2": f2}
    load0, t0 = load(), time.perf_counter()
    match = _play_one("skirmish", names, list(seat_agents), game_seed, [[], []], [0, 0], config)
    state = match.state
    assert isinstance(state, SkirmishState)
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
        match.save(save_dir / f"skirmish-seed{seed}-game{g:04d}.json")
    winners = state.winners()
    return {"mission": mission, "seed": seed, "game": g, "game_seed": game_seed, "seats": names,
            "factions": [f1, f2], "scores": [float(x) for x in state.score],
            "standing": [sum(1 for f in state.alive(s) if f.on_table) for s in (0, 1)], "winners": [names[w] for w in winners],
            "draw": len(winners) != 1, "minutes": round((time.perf_counter() - t0) / 60, 1),
            "load": [load0, load()],
            "cpu": {names[s]: figures(seat_agents[s].cpu) for s in (0, 1)},
            "wall": {names[s]: figures(seat_agents[s].wall) for s in (0, 1)}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agents", default="hard,normal")
    p.add_argument("--pair", action="append", required=True, help="MISSION:F1:F2:SEED (repeatable)")
    p.add_argument("--games", default="0,1", help="which games of each pair: 0, 1 or 0,1")
    p.add_argument("--save-dir", type=Path, default=None)
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--no-wall-limit", action="store_true", help="lift the wall-clock limits, keep the CPU caps")
    args = p.parse_args(argv)
    if args.no_wall_limit:
        from game.ai.search import NO_WALL_LIMIT_ENV
        os.environ[NO_WALL_LIMIT_ENV] = "1"
    agents = args.agents.split(",")
    records: list[dict[str, Any]] = []
    for spec in args.pair:
        mission, f1, f2, seed = spec.split(":")
        for g in (int(x) for x in args.games.split(",")):
            rec = play(agents, mission, f1, f2, int(seed), g, args.save_dir)
            records.append(rec)
            won = "draw" if rec["draw"] else f"won by {rec['winners'][0]}"
            times = "; ".join(f"{a} cpu {rec['cpu'][a]['mean']:.2f}/{rec['cpu'][a]['max']:.2f} "
                              f"wall {rec['wall'][a]['mean']:.2f}/{rec['wall'][a]['max']:.2f}"
                              for a in dict.fromkeys(rec["seats"]))
            print(f"{mission} seed {seed} g{g}: {f1} ({rec['seats'][0]}) v {f2} ({rec['seats'][1]}) "
                  f"{rec['scores'][0]:.0f}-{rec['scores'][1]:.0f} (standing {rec['standing'][0]}-{rec['standing'][1]}) "
                  f"{won}; {times}; "
                  f"{rec['minutes']} min, load {rec['load'][0]}-{rec['load'][1]}", flush=True)
            if args.json:
                args.json.write_text(json.dumps(records, indent=1))
    for a in dict.fromkeys(agents):
        wins = sum(1 for r in records if not r["draw"] and r["winners"] == [a])
        print(f"{a}: {wins} wins, {sum(r['draw'] for r in records)} draws of {len(records)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
