"""Mirrored skirmish games between every pair of factions: win rates by faction (and by agent).

For every mission asked and every pair of factions (a faction against itself too with
`--mirror`), plays `--games` games (factions swap sides every game, agents every two games:
with 2 games each faction plays each side once, with 4 each agent also plays each faction on
each side) through the arena's own game loop
(`game.arena.run_arena`, one game per call, with the set-up as options), then prints:
- each faction's win rate against each other (row's wins over games between the two; a draw
  counts half), and its overall rate;
- with two different agents, each agent's wins, draws and mean decision time over all games.

    .venv/bin/python tools/skirmish_balance.py --agents normal,normal --games 2 --missions all
    .venv/bin/python tools/skirmish_balance.py --agents normal,random --games 2 --factions meridian,veilmoth

`--json FILE` writes every game's record (mission, factions and agents by seat, winners).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.agents import make_agent  # noqa: E402
from game.arena import _play_one, run_arena  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.registry import get_game  # noqa: E402


def choices(key: str) -> list[str]:
    """The values a set-up option of the skirmish takes (the factions, the missions)."""
    spec = next(o for o in get_game("skirmish").info.options if o.key == key)
    return [str(c) for c in spec.choices]


def chosen(arg: str, key: str) -> list[str]:
    """A comma list given on the command line, or every value of set-up option `key` for "all"."""
    return choices(key) if arg == "all" else arg.split(",")


def first_arena_game(agents: list[str], config: dict[str, str], seed: int) -> Match:
    """The game `arena` plays first for `seed` (its game seed, and each seat's agent seeded as it
    seeds them), played out: the unit tally and the timeline tools replay a balance game so."""
    game_seed = seed * 100_003
    seat_agents = [make_agent(agents[i], "skirmish", game_seed * 31 + i) for i in (0, 1)]
    return _play_one("skirmish", agents, seat_agents, game_seed, [[], []], [0, 0], config)


def play(agents: list[str], mission: str, factions: tuple[str, str], seed: int) -> dict[str, Any]:
    """One game: `agents[0]` on side 1 with `factions[0]` (the arena seats agent 0 first in a
    game whose index is even)."""
    config = {"mission": mission, "faction_1": factions[0], "faction_2": factions[1]}
    out = run_arena("skirmish", agents, 1, seed, None, config)
    if out["errors"]:
        raise RuntimeError(out["errors"][0])
    won = [i for i in (0, 1) if out["wins"][i]]
    stats = (out.get("stats_per_game") or [{}])[0]
    return {"mission": mission, "factions": list(factions), "agents": list(agents), "winner_agent": won,
            "points": {kind: [stats.get(f"points_{seat}_{kind}", 0.0) for seat in (0, 1)]
                       for kind in ("hold", "reach", "slay")},
            "draw": bool(out["draws"]), "mean_decision_s": out["mean_decision_s"],
            "max_decision_s": out["max_decision_s"]}


def score(rec: dict[str, Any], seat: int) -> float:
    """A seat's mission points in a game's record, every source."""
    return sum(parts[seat] for parts in rec["points"].values())


def lift_wall_limits() -> None:
    """Every level's wall-clock limit lifted, its CPU caps kept (`game.ai.search.NO_WALL_LIMIT_ENV`,
    which processes started from here inherit too)."""
    from game.ai.search import NO_WALL_LIMIT_ENV
    os.environ[NO_WALL_LIMIT_ENV] = "1"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agents", default="normal,normal")
    p.add_argument("--games", type=int, default=2, help="games per faction pair and mission (even)")
    p.add_argument("--missions", default="all")
    p.add_argument("--factions", default="all")
    p.add_argument("--mirror", action="store_true", help="also a faction against itself")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--no-wall-limit", action="store_true",
                   help="lift the AI's wall-clock limit (keep its CPU caps): strength as on a quiet machine, "
                        "where the limit never triggers, measured on a crowded one")
    args = p.parse_args(argv)
    if args.no_wall_limit:
        lift_wall_limits()
    agents = args.agents.split(",")
    missions = chosen(args.missions, "mission")
    factions = chosen(args.factions, "faction_1")
    pairs = list(itertools.combinations_with_replacement(factions, 2) if args.mirror
                 else itertools.combinations(factions, 2))
    records = []
    seed = args.seed
    start = time.perf_counter()
    for mission in missions:
        for a, b in pairs:
            for g in range(args.games):
                # the factions swap sides every game, the agents every two games: two games play
                # each faction on each side; four, each agent with each faction on each side
                fa = (a, b) if g % 2 == 0 else (b, a)
                order = agents if g % 4 < 2 else agents[::-1]
                rec = play(order, mission, fa, seed)
                seed += 1
                won = [order[i] for i in rec["winner_agent"]]
                # the faction of each agent: order[0] has fa[0]
                rec["winner_faction"] = [fa[0] if w == 0 else fa[1] for w in rec["winner_agent"]]
                rec["winner_agent_name"] = won
                records.append(rec)
                print(f"{mission:17} {fa[0]:>11} ({order[0]}) v {fa[1]:<11} ({order[1]}): "
                      f"{'draw' if rec['draw'] else 'won by ' + won[0] + ' / ' + rec['winner_faction'][0]}"
                      f" {score(rec, 0):.0f}-{score(rec, 1):.0f} (reach {rec['points']['reach'][0]:.0f}-"
                      f"{rec['points']['reach'][1]:.0f})", flush=True)
    print(f"\n{len(records)} games in {time.perf_counter() - start:.0f} s")
    print("\nmission points by source (both sides, all games):")
    for mission in missions:
        games = [r for r in records if r["mission"] == mission]
        sums = {kind: sum(sum(r["points"][kind]) for r in games) for kind in ("hold", "reach", "slay")}
        print(f"  {mission:17} " + ", ".join(f"{kind} {v:.0f}" for kind, v in sums.items())
              + f" ({len(games)} games)")
    table = {f: {g: [0.0, 0] for g in factions} for f in factions}
    for r in records:
        fa, fb = r["factions"]
        if fa == fb:
            continue
        for me, other in ((fa, fb), (fb, fa)):
            table[me][other][1] += 1
            table[me][other][0] += 0.5 if r["draw"] else float(me in r["winner_faction"])
    print("\nfaction win rate (row against column):")
    print(" " * 12 + "".join(f"{f:>12}" for f in factions) + f"{'overall':>12}")
    for f in factions:
        cells = [table[f][g] for g in factions]
        won, games = sum(c[0] for c in cells), sum(c[1] for c in cells)
        print(f"{f:>12}" + "".join(f"{(c[0] / c[1] if c[1] else float('nan')):>12.2f}" for c in cells)
              + f"{(won / games if games else float('nan')):>12.2f}")
    if len(set(agents)) > 1:
        print("\nagent results:")
        for name in dict.fromkeys(agents):
            wins = sum(1 for r in records if name in r["winner_agent_name"] and not r["draw"])
            draws = sum(1 for r in records if r["draw"])
            times = [r["mean_decision_s"][r["agents"].index(name)] for r in records]
            worst = max(r["max_decision_s"][r["agents"].index(name)] for r in records)
            print(f"  {name}: {wins} wins, {draws} draws of {len(records)}; mean decision "
                  f"{sum(times) / len(times):.3f} s, max {worst:.3f} s")
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
