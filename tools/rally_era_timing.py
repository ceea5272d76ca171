"""How long a Rally AI level thinks per era (all its decisions in one era added up),
the figure the issue bounds ("`normal` plans a whole era within 3 s"). Run:

    .venv/bin/python tools/rally_era_timing.py [level] [opponent] [games] [seed]

Prints one JSON object: eras timed, mean and max seconds per era, and the
largest single planning decision. Seats alternate from game to game.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict

from game.ai.agents import make_agent
from game.core.protocol import by_itself
from game.rally.game import RALLY


def main(level: str = "normal", opponent: str = "greedy", games: int = 4, seed: int = 1) -> dict[str, object]:
    per_era: list[float] = []
    worst_plan = 0.0
    for g in range(games):
        me = g % 2
        s = RALLY.new({}, seed * 1000 + g, 2)
        agents = {me: make_agent(level, "rally", seed + g), 1 - me: make_agent(opponent, "rally", seed + g + 500)}
        spent: dict[int, float] = defaultdict(float)
        while not s.is_over():
            actors = s.to_act()
            if by_itself(actors):
                s.apply(s.sample_chance())
                continue
            seat = actors[0]
            t0 = time.perf_counter()
            plan = agents[seat].plan(s, seat)
            dt = time.perf_counter() - t0
            if seat == me and s.era >= 1:
                spent[s.era] += dt
                if s.phase == "planning":
                    worst_plan = max(worst_plan, dt)
            for cmd in plan:  # the plan step by step (a whole program, card by card)
                if seat not in s.to_act():
                    break
                s.apply(cmd)
        per_era.extend(spent.values())
    return {"level": level, "opponent": opponent, "games": games, "eras_timed": len(per_era),
            "mean_s_per_era": round(sum(per_era) / len(per_era), 3) if per_era else 0.0,
            "max_s_per_era": round(max(per_era), 3) if per_era else 0.0,
            "max_planning_decision_s": round(worst_plan, 3)}


if __name__ == "__main__":
    args = sys.argv[1:]
    print(json.dumps(main(*(args[:2]), *(int(a) for a in args[2:4]))))
