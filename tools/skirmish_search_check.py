"""Does the skirmish search find the activation its own samples value most? Offline, per decision.

Plays greedy games (the positions a search meets) and, at every `--every`-th activation to start,
takes `normal`'s candidates (`search.macros`, its width, each with its tactic), plays each out
`--samples` times with the dice seeds the search itself uses (common random numbers) and records
every value. From those samples it replays the search's successive halving (`search.choose`'s
shares, on the first samples) and compares its pick, and the pick of the static value (`greedy`'s
yardstick), with the "true" best: the highest mean over the samples the halving never reads.

Printed: the decisions checked; for the halving, the static value and the halving with the static
value as a prior worth K samples (`--prior`), the mean regret (true best's mean minus the pick's)
and the share of decisions where the pick is the true best; where the true best ranks by static
value; and the median spread of one activation's samples. Issue 13, eleventh session (`normal`
against `greedy`): if the halving already finds its own best, more samples or a wider search
cannot lift `normal`; only a better value (or a deeper one) can.

    .venv/bin/python tools/skirmish_search_check.py --games 6 --every 3 --samples 120
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root for tools.*

from game.ai.agents import make_agent  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.plans import follow  # noqa: E402
from game.core.protocol import by_itself  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.skirmish.ai import search  # noqa: E402
from game.skirmish.ai.agent import BUDGETS  # noqa: E402
from game.skirmish.ai.policy import Policy  # noqa: E402
from game.skirmish.ai.sightings import Sightings  # noqa: E402
from game.skirmish.game import SKIRMISH  # noqa: E402
from game.skirmish.state import SkirmishState  # noqa: E402

GAMES: tuple[tuple[str, str, str], ...] = (
    ("hold_the_rift", "meridian", "cinderhorn"), ("scattered_shards", "veilmoth", "tessellate"),
    ("sever_the_voice", "cinderhorn", "veilmoth"), ("breakthrough", "meridian", "tessellate"),
    ("hold_the_rift", "veilmoth", "cinderhorn"), ("scattered_shards", "tessellate", "meridian"))
"""The games the positions come from (mission, side 1's faction, side 2's), each seeded by its index."""
HALVING_SAMPLES = 23
"""The most samples `normal`'s halving gives one activation (80 over 10: 2 + 4 + 6 + 11), so the
truth is read from the samples after these."""


@dataclass(frozen=True)
class Candidate:
    static: float
    values: tuple[float, ...]
    dice: bool
    """Whether its play-out rolls (one that does not is played once: its value is exact)."""


Decision = list[Candidate]
Worth = Callable[[Decision, int, list[float], list[int]], float]


def sampled_decision(s: SkirmishState, samples: int) -> Decision:
    """`normal`'s candidates in `s` for the side to act, each with `samples` play-out values."""
    budget = BUDGETS["normal"]
    side = s.to_act()[0]
    policy = Policy(side, Sightings(), spot_limit=budget.spot_limit, formations=budget.formations)
    player = Policy(side, policy.sights, policy.weights, policy.spot_limit, abilities=budget.playout_abilities,
                    formations=policy.formations)  # as `search.choose` plays its samples
    out = []
    for m in search.macros(s, policy, budget)[:budget.width]:
        m = search.with_tactic(s, policy, m)
        start = search.prefix(s, player, m)
        dice = search._draws_dice(start)
        values = [search.play_out(start, player, m, Rng(1000 + j)) for j in range(samples if dice else 1)]
        out.append(Candidate(m.value, tuple(values * (1 if dice else samples)), dice))
    return out


def decisions(games: int, every: int, samples: int, log: Callable[[str], None] = print) -> list[Decision]:
    """Every `every`-th activation to start in `games` greedy games, sampled."""
    out: list[Decision] = []
    for index, (mission, one, two) in enumerate(GAMES[:games]):
        match = Match(SKIRMISH, {"mission": mission, "faction_1": one, "faction_2": two}, index + 1, ["human", "human"])
        agent = make_agent("greedy", "skirmish", index + 1)
        starts = 0
        while not match.state.is_over():
            s = match.state
            assert isinstance(s, SkirmishState)
            actors = match.to_act()
            if by_itself(actors):
                match.resolve_chance()
                continue
            if s.phase == "activations" and s.activation is None and s.roll is None and s.placing is None:
                starts += 1
                if starts % every == 0:
                    decision = sampled_decision(s, samples)
                    if len(decision) > 1:
                        out.append(decision)
                        log(f"game {index + 1} round {s.round}: {len(decision)} candidates")
            follow(match, actors[0], agent.plan(match.state, actors[0]))
    return out


def halving(decision: Decision, worth: Worth, iterations: int = 80) -> int:
    """The candidate `search.choose`'s successive halving picks, reading the samples in order."""
    n = len(decision)
    totals, counts, used = [0.0] * n, [0] * n, 0
    rounds = max(1, math.ceil(math.log2(n)))
    active = list(range(n))
    for r in range(rounds):
        per = max(1, (iterations - used) // (len(active) * (rounds - r)))
        for i in active:
            for _ in range(per if decision[i].dice else max(0, 1 - counts[i])):
                if used >= iterations:
                    break
                totals[i] += decision[i].values[counts[i]]
                counts[i] += 1
                used += 1
        active.sort(key=lambda i: -worth(decision, i, totals, counts))
        if len(active) <= 2 or r == rounds - 1:
            break
        active = active[:max(2, (len(active) + 1) // 2)]
    return active[0]


def mean_worth(decision: Decision, i: int, totals: list[float], counts: list[int]) -> float:
    """The search's own: the mean of the samples (the static value with none)."""
    return search.worth(decision[i].static, totals[i], counts[i])


def prior_worth(k: float) -> Worth:
    """The search's ranking with the static value counted as `k` samples more (`search.worth`,
    `search.static_shift`: `normal`'s since this tool's first run)."""
    def worth(decision: Decision, i: int, totals: list[float], counts: list[int]) -> float:
        shift = search.static_shift((d.static, totals[j], counts[j], d.dice) for j, d in enumerate(decision))
        return search.worth(decision[i].static, totals[i], counts[i], k, shift, decision[i].dice)
    return worth


def report(found: Sequence[Decision], prior: float = 2.0) -> list[str]:
    """The printed summary (see the module doc)."""
    truth = [[statistics.mean(c.values[HALVING_SAMPLES:]) for c in d] for d in found]
    picks: dict[str, list[int]] = {
        "halving (normal)": [halving(d, mean_worth) for d in found],
        f"halving, static prior worth {prior:g} samples": [halving(d, prior_worth(prior)) for d in found],
        "static value (greedy)": [max(range(len(d)), key=lambda i: d[i].static) for d in found],
    }
    lines = [f"decisions: {len(found)}"]
    for name, chosen in picks.items():
        regret = [max(t) - t[i] for t, i in zip(truth, chosen)]
        best = sum(1 for t, i in zip(truth, chosen) if t[i] == max(t)) / max(1, len(found))
        lines.append(f"{name}: mean regret {statistics.mean(regret) if regret else 0.0:.3f}, the true best {best:.0%}")
    ranks = Counter(sorted(range(len(d)), key=lambda i: -d[i].static).index(max(range(len(t)), key=t.__getitem__))
                    for d, t in zip(found, truth))
    lines.append("the true best's rank by static value: " + ", ".join(f"{r}: {n}" for r, n in sorted(ranks.items())))
    spreads = [statistics.pstdev(c.values) for d in found for c in d if c.dice]
    lines.append(f"one activation's samples: median standard deviation {statistics.median(spreads) if spreads else 0.0:.2f}")
    return lines


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=6, help=f"greedy games the positions come from (at most {len(GAMES)})")
    p.add_argument("--every", type=int, default=3, help="check every Nth activation to start")
    p.add_argument("--samples", type=int, default=120, help="play-outs per candidate (the truth: those past 23)")
    p.add_argument("--prior", type=float, default=2.0, help="the static prior's weight, in samples")
    return p


def main() -> None:
    args = build_parser().parse_args()
    if args.samples <= HALVING_SAMPLES:
        raise SystemExit(f"--samples must be over {HALVING_SAMPLES} (the halving reads that many)")
    for line in report(decisions(args.games, args.every, args.samples), args.prior):
        print(line)


if __name__ == "__main__":
    main()
