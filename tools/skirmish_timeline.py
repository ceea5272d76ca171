"""One skirmish game told activation by activation: who activated, with which order and tactic,
where each model moved, every attack and ability, the damage and who fell; then the score.

Plays the game `tools/skirmish_units.py` plays for the same seed (the arena's own game loop, the
same agent seeds), so a game whose tallies look odd can be read move by move, and saves it
(`--save FILE`) to open on the table with `entropy-tabletop play skirmish --load FILE`.

    .venv/bin/python tools/skirmish_timeline.py --mission sever_the_voice --factions veilmoth,tessellate \
        --seed 1341 --no-wall-limit

Models are named "A:" (side 1) or "B:" (side 2), their unit and their id. The seventh session read
Sever the Voice this way: Veilmoth's models declared Moth-Dance and did not move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.skirmish.commands import (  # noqa: E402
    AbilityUsed, ActivationBegan, Attacked, Damaged, Fell, Moved, RoundBegan, TacticResolved,
)
from tools.skirmish_balance import first_arena_game, lift_wall_limits  # noqa: E402


def timeline(match: Any) -> list[str]:
    """The finished game's log as lines, a round heading before each round."""
    state = match.state
    figures = state.figures

    def name(m: int) -> str:
        return f"{'AB'[figures[m].side]}:{figures[m].unit.name}#{m}"

    out: list[str] = []
    for entry in match.log:
        e = entry.event
        if isinstance(e, RoundBegan):
            out.append(f"=== round {e.round}")
        elif isinstance(e, ActivationBegan):
            tactic = state.factions[e.side].tactics[e.tactic].name if e.tactic >= 0 else "no tactic"
            out.append(f" {'AB'[e.side]} activates {', '.join(name(m) for m in e.models)}: {e.order}, {tactic}")
        elif isinstance(e, TacticResolved):
            out.append(f"   tactic {'succeeded' if e.success else 'failed'}")
        elif isinstance(e, Moved):
            x, y = e.path[-1]
            out.append(f"   {name(e.model)} moves {e.length:.1f}\" to ({x:.1f}, {y:.1f})")
        elif isinstance(e, Attacked):
            cover = " (in cover)" if e.cover else ""
            out.append(f"   {name(e.model)} attacks {name(e.target)}{cover}: {e.dice} dice, weapon {e.weapon}")
        elif isinstance(e, Damaged):
            by = f" by {name(e.by)}" if e.by >= 0 else ""
            out.append(f"   {name(e.model)} takes {e.amount} ({e.cause}{by}), {e.health} left")
        elif isinstance(e, Fell):
            out.append(f"   {name(e.model)} falls")
        elif isinstance(e, AbilityUsed):
            out.append(f"   {name(e.model)} uses {figures[e.model].unit.abilities[e.ability].name}")
    out.append(f"score {state.score[0]}-{state.score[1]}, won by side {[s + 1 for s in state.winners()]}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agents", default="greedy,greedy")
    p.add_argument("--mission", default="sever_the_voice")
    p.add_argument("--factions", default="veilmoth,tessellate", help="side 1's, then side 2's")
    p.add_argument("--seed", type=int, default=1, help="the balance tool's seed of the game")
    p.add_argument("--save", type=Path, default=None)
    p.add_argument("--no-wall-limit", action="store_true")
    args = p.parse_args(argv)
    if args.no_wall_limit:
        lift_wall_limits()
    agents = args.agents.split(",")
    first, second = args.factions.split(",")
    config = {"mission": args.mission, "faction_1": first, "faction_2": second}
    match = first_arena_game(agents, config, args.seed)
    print("\n".join(timeline(match)))
    if args.save:
        match.save(args.save)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
