"""What each unit type did in skirmish games: activations, attacks, damage, kills, abilities, tactics.

Plays mirrored games (as `tools/skirmish_balance.py`: the arena's own game loop, factions swapping
sides every game) and reads each game's log, so a faction that loses can be looked into: which of
its units deal the damage, which only stand, which abilities and tactics the computer uses.

    .venv/bin/python tools/skirmish_units.py --agents greedy,greedy --missions breakthrough \
        --factions veilmoth,meridian --games 2 --seed 1302 --no-wall-limit

Per faction it prints one row per unit type (summed over every game it played): models fielded,
activations, attack dice, damage dealt to the enemy by attacks and by effects and blasts, models
it brought to 0 health, damage it took with no attacker (conditions, the Environment), and each
ability's uses; then its tactics declared
and succeeded, and its points by source. `--json FILE` writes the same tallies.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.skirmish.commands import (  # noqa: E402
    AbilityUsed, ActivationBegan, Attacked, Damaged, TacticResolved,
)
from tools.skirmish_balance import chosen, first_arena_game, lift_wall_limits  # noqa: E402

Tally = dict[str, Counter[str]]


def tally_game(match: Any, tallies: dict[str, Tally], points: dict[str, Counter[str]]) -> list[int]:
    """Add one finished game's log to `tallies[faction][unit id]` and `points[faction]`; returns the
    winners (seats)."""
    state = match.state
    figures = state.figures
    faction_of = [state.factions[s].id for s in (0, 1)]
    for entry in match.log:
        e = entry.event
        if isinstance(e, ActivationBegan):
            for m in e.models:
                tallies[faction_of[figures[m].side]][figures[m].unit.id]["activations"] += 1
            if e.tactic >= 0:
                points[faction_of[e.side]][f"tactic {state.factions[e.side].tactics[e.tactic].name}"] += 1
        elif isinstance(e, TacticResolved) and e.success:
            points[faction_of[e.side]][f"tactic {state.factions[e.side].tactics[e.tactic].name} ok"] += 1
        elif isinstance(e, Attacked):
            f = figures[e.model]
            tallies[faction_of[f.side]][f.unit.id]["attack dice"] += e.dice
        elif isinstance(e, Damaged) and e.by < 0 and e.cause == "effect":
            f = figures[e.model]
            tallies[faction_of[f.side]][f.unit.id]["damage taken with no attacker (conditions, Environment)"] += e.amount
        elif isinstance(e, Damaged) and e.by >= 0 and figures[e.by].side != figures[e.model].side:
            f = figures[e.by]
            key = "damage by attacks" if e.cause == "attack" else "damage by effects"
            tallies[faction_of[f.side]][f.unit.id][key] += e.amount
            if e.health <= 0:
                tallies[faction_of[f.side]][f.unit.id]["removed"] += 1
        elif isinstance(e, AbilityUsed):
            f = figures[e.model]
            name = f.unit.abilities[e.ability].name
            tallies[faction_of[f.side]][f.unit.id][f"ability {name}"] += 1
    for side in (0, 1):
        for f in figures:
            if f.side == side:
                tallies[faction_of[side]][f.unit.id]["models"] += 1
                tallies[faction_of[side]][f.unit.id]["lost"] += int(f.fallen)
        for side_, what, p in state.score_parts:
            if side_ == side:
                points[faction_of[side]][f"points {what.split(':')[0]}"] += p
    return list(state.winners())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agents", default="greedy,greedy")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--missions", default="breakthrough")
    p.add_argument("--factions", default="all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--no-wall-limit", action="store_true")
    args = p.parse_args(argv)
    if args.no_wall_limit:
        lift_wall_limits()
    agents = args.agents.split(",")
    missions = chosen(args.missions, "mission")
    factions = chosen(args.factions, "faction_1")
    tallies: dict[str, Tally] = defaultdict(lambda: defaultdict(Counter))
    points: dict[str, Counter[str]] = defaultdict(Counter)
    wins: Counter[str] = Counter()
    seed = args.seed
    for mission in missions:
        for a, b in itertools.combinations(factions, 2):
            for g in range(args.games):
                fa = (a, b) if g % 2 == 0 else (b, a)
                config = {"mission": mission, "faction_1": fa[0], "faction_2": fa[1]}
                match = first_arena_game(agents, config, seed)  # the balance tool's game of `seed`
                won = tally_game(match, tallies, points)
                for s in won:
                    wins[fa[s]] += 1
                print(f"{mission} seed {seed}: {fa[0]} v {fa[1]}: score {match.state.score[0]}-{match.state.score[1]}, "
                      f"won by {[fa[s] for s in won]}", flush=True)
                seed += 1
    for faction in sorted(tallies):
        print(f"\n{faction} (won {wins[faction]}):")
        keys = sorted({k for c in tallies[faction].values() for k in c})
        for unit, c in sorted(tallies[faction].items()):
            print(f"  {unit:16} " + ", ".join(f"{k} {c[k]}" for k in keys if c[k]))
        print("  " + ", ".join(f"{k} {v}" for k, v in sorted(points[faction].items())))
    if args.json:
        args.json.write_text(json.dumps({"tallies": tallies, "points": points, "wins": wins}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
