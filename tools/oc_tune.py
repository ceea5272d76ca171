"""Order & Chaos: tune Order's evaluator by data — a coordinate search over its free numbers.

Each setting of `game.order_chaos.ai.EvalParams` (the potential, the per-pair factors for
half-open and empty mirrored pairs, the bonus for long open runs, the cost of a hole) is scored by the mean Order
score of FAST halves: the `greedy` Order (one ply on the evaluator with those numbers) against
the arena's `greedy` Chaos (the evaluator's defaults, so the yardstick never moves), one first
half per seed. A greedy half takes about a quarter of a second, so a setting costs ~10 s on 40
seeds. The search: from the start point, for each number in turn try one step up and one down
and keep whichever raises the mean (coordinate descent); after a pass with no gain every step is
halved; it stops after `--passes` passes or when the steps are below `--min-step` of their first
size. Deterministic: the seeds are the only randomness (each greedy player's tie breaks).

The tuning seeds default to 101-140, apart from the seeds 1-20 the earlier rounds validated on,
so a setting's gain on `tools/oc_order_halves.py --seeds 1-20` is not the tuning's own noise.
Issue 18, "Seventh round" in `docs/rules/order-chaos.md`.

    .venv/bin/python tools/oc_tune.py --seeds 101-140 --passes 4
    .venv/bin/python tools/oc_tune.py --start potential=0.7 --only potential,long_bonus

`--order normal` (or `hard`) scores each setting by that searching level's Order halves instead (the
eleventh session's option: numbers that suit the greedy Order need not suit a search that looks
ahead). A normal half takes about 8 s of CPU, so a setting costs about 4 minutes on 30 seeds; the
wall limit is lifted (as `tools/oc_order_halves.py` does) so a half replays under any load up to
normal's CPU cap. `--scale` shrinks the first steps (0.5: half of `STEPS`), to search near a start
point that is already good.

    .venv/bin/python tools/oc_tune.py --order normal --seeds 101-130 --scale 0.5 \
        --start potential=0.9,half_pair=0.6,empty_pair=1.3 --only potential,half_pair,empty_pair

`--min-z Z` (the thirteenth session's option) takes a step only when its gain, seed by seed over
the same seeds (a paired comparison), is above Z standard errors: the eleventh session's tuner
climbed noise, as a half's score varies by 15-20 points from seed to seed while two settings on
the same seeds differ far less. With it, use many seeds (greedy halves: 200 take about a minute).
The thirteenth session's features (`odds_power`, `same_run`, `half_far`, `empty_far`, `slide_fill`,
`potential_slope`) are in `STEPS` too.

    .venv/bin/python tools/oc_tune.py --seeds 201-400 --min-z 2 \
        --start potential=0.9,half_pair=0.6,empty_pair=1.3 --only odds_power,same_run,slide_fill

`--order planner` (the fifteenth session's option) scores a setting by hard's Order playing by its exact
look-ahead (`game.order_chaos.planner`) one round deep, as it does while Chaos plays greedy, with no time
limit: deterministic, about 6 s of CPU a half.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root for tools.*

from game.ai.agents import make_agent  # noqa: E402
from game.ai.search import NO_WALL_LIMIT_ENV  # noqa: E402
from game.order_chaos.ai import POTENTIAL, EvalParams  # noqa: E402
from game.order_chaos.planner import PlannerBudget  # noqa: E402
from tools.oc_order_halves import eval_params, level_agent, play_half  # noqa: E402

PLANNER_ONE_ROUND = PlannerBudget(deep_moves=0, max_seconds=1e9)
"""`--order planner`: Order's exact look-ahead one round deep, no time limit, so a half replays under
any load (the fifteenth session's option; Order & Chaos "Eleventh round")."""

STEPS: dict[str, float] = {"potential": 0.2, "half_pair": 0.2, "empty_pair": 0.3, "long_bonus": 0.6,
                           "hole_cost": 2.0, "odds_power": 0.2, "same_run": 0.5, "half_far": 0.1,
                           "empty_far": 0.1, "slide_fill": 0.2, "potential_slope": 0.3}
"""The first step of each number (times `--scale`)."""
BOUNDS: dict[str, tuple[float, float]] = {
    "potential": (0.05, 1.5), "half_pair": (0.2, 2.0), "empty_pair": (0.2, 2.5), "long_bonus": (-0.9, 4.0),
    "hole_cost": (-10.0, 10.0), "odds_power": (0.2, 2.0), "same_run": (-3.0, 5.0), "half_far": (0.5, 1.6),
    "empty_far": (0.5, 1.6), "slide_fill": (-0.5, 1.0), "potential_slope": (-1.0, 1.0)}
"""Where each number may go (the potential past 1.0 counts more than the bag's odds)."""

Score = Callable[[EvalParams], float]
Accept = Callable[[EvalParams, EvalParams], bool]


def seed_range(text: str) -> list[int]:
    """`FIRST-LAST` as a list of seeds."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def order_scores(params: EvalParams, seeds: list[int], level: str = "greedy") -> list[int]:
    """First-half Order score, seed by seed, of `level`'s Order (greedy: one ply) with `params`
    against the arena's greedy Chaos."""
    finals = []
    for seed in seeds:
        order = (level_agent("hard", POTENTIAL, seed, params=params, planner=PLANNER_ONE_ROUND) if level == "planner"
                 else level_agent(level, POTENTIAL, seed, params=params))
        chaos = make_agent("greedy", "order-chaos", seed + 1000)
        finals.append(play_half(order, chaos, seed)[0])
    return finals


def order_score(params: EvalParams, seeds: list[int], level: str = "greedy") -> float:
    """The mean of `order_scores`."""
    return statistics.mean(order_scores(params, seeds, level))


def paired_gain(trial: list[int] | list[float], best: list[int] | list[float]) -> tuple[float, float]:
    """(mean of trial - best, its standard error) over the same seeds, seed by seed: the paired
    comparison the thirteenth session's tuner takes a step by (the seed's own spread cancels)."""
    diffs = [float(t - b) for t, b in zip(trial, best, strict=True)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.mean(diffs), se


def coordinate_search(score: Score, start: EvalParams, names: list[str], passes: int,
                      min_step: float = 0.125, log: Callable[[str], None] = print,
                      scale: float = 1.0, accept: Accept | None = None) -> tuple[EvalParams, float]:
    """The best setting found and its score (higher is better); see the module doc. `scale`: the
    first steps as a share of `STEPS`; `accept(trial, best)`, when given, must also hold for a step
    with a higher score to be taken (a significance test)."""
    seen: dict[EvalParams, float] = {}

    def value(p: EvalParams) -> float:
        if p not in seen:
            seen[p] = score(p)
            log(f"  {describe(p)}: {seen[p]:.2f}")
        return seen[p]

    best, best_value = start, value(start)
    steps = {n: STEPS[n] * scale for n in names}
    for number in range(1, passes + 1):
        gained = False
        for name in names:
            for sign in (1.0, -1.0):
                low, high = BOUNDS[name]
                moved = round(min(high, max(low, getattr(best, name) + sign * steps[name])), 4)
                if moved == getattr(best, name):
                    continue
                trial = dataclasses.replace(best, **{name: moved})
                if value(trial) > best_value and (accept is None or accept(trial, best)):
                    best, best_value, gained = trial, value(trial), True
                    break
        log(f"pass {number}: best {describe(best)}: {best_value:.2f}")
        if not gained:
            steps = {n: s / 2 for n, s in steps.items()}
            if all(steps[n] < STEPS[n] * scale * min_step for n in names):
                break
    return best, best_value


def describe(p: EvalParams) -> str:
    """The setting as `--param` pairs for `tools/oc_order_halves.py` (its numbers: fitted line
    weights are not tuned here)."""
    return ",".join(f"{f.name}={getattr(p, f.name):g}" for f in dataclasses.fields(p)
                    if isinstance(getattr(p, f.name), float))


def build_parser() -> argparse.ArgumentParser:
    """The command line's options (pinned by `tests/ai/test_oc_tune_tool.py`)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", default="101-140", help="tuning seeds FIRST-LAST (one greedy half each)")
    parser.add_argument("--start", default="", metavar="FIELD=VALUE,...", help="the start point (defaults otherwise)")
    parser.add_argument("--only", default=",".join(STEPS), help="the numbers to search, comma-separated")
    parser.add_argument("--passes", type=int, default=4)
    parser.add_argument("--order", default="greedy", choices=("greedy", "normal", "hard", "planner"),
                        help="whose Order halves score a setting (greedy: one ply, fast)")
    parser.add_argument("--scale", type=float, default=1.0, help="the first steps as a share of STEPS")
    parser.add_argument("--min-z", type=float, default=0.0,
                        help="take a step only if its paired gain over the same seeds is above this many "
                             "standard errors")
    return parser


def main() -> None:
    parser = build_parser()
    args = parser.parse_args()
    seeds = seed_range(args.seeds)
    names = [n for n in args.only.split(",") if n]
    for n in names:
        if n not in STEPS:
            parser.error(f"unknown parameter {n!r}")
    os.environ[NO_WALL_LIMIT_ENV] = "1"  # a half replays under any load (only the CPU caps bind)
    runs: dict[EvalParams, list[int]] = {}

    def score(p: EvalParams) -> float:
        runs[p] = order_scores(p, seeds, args.order)
        return statistics.mean(runs[p])

    def accept(trial: EvalParams, best: EvalParams) -> bool:
        gain, se = paired_gain(runs[trial], runs[best])
        print(f"    paired gain {gain:+.2f} (standard error {se:.2f}) over {describe(best)}", flush=True)
        return gain > args.min_z * se

    best, value = coordinate_search(score, eval_params(args.start), names, args.passes, scale=args.scale,
                                    accept=accept if args.min_z > 0 else None)
    print(f"best for {args.order}'s Order on seeds {args.seeds}: {describe(best)}: mean {value:.2f}")


if __name__ == "__main__":
    main()
