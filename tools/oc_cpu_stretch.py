"""Order & Chaos: CPU seconds a fixed amount of AI work costs now, to see the load stretch them.

A search that stops at a CPU cap searches less when each CPU second buys less work. On the shared
2-core virtual machine the seconds a process is charged for the same work grew with the load (issue
18, "Eleventh round" in `docs/rules/order-chaos.md`: 0.42 s at load 2, 0.83 s at load 6.8). This
times work in which nothing depends on time: Order's one-round planner on three positions of a
greedy half (seed 3), after one warm-up pass, `--rounds` times. Prints CPU and wall seconds and the load.

    .venv/bin/python tools/oc_cpu_stretch.py --rounds 5
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root

from game.ai.agents import make_agent  # noqa: E402
from game.core.protocol import by_itself  # noqa: E402
from game.core.registry import get_game  # noqa: E402
from game.order_chaos.agents import ORDER_PARAMS  # noqa: E402
from game.order_chaos.ai import Bag  # noqa: E402
from game.order_chaos.planner import Board, GreedyChaosPlanner, PlannerBudget  # noqa: E402
from game.order_chaos.state import ORDER, OrderChaosState  # noqa: E402

EMPTIES = (40, 30, 20)
"""The positions timed: Order to slide with this many empty cells."""


def positions(seed: int = 3) -> list[tuple[Board, Bag]]:
    """Order's positions with `EMPTIES` empty cells in a half of greedy play."""
    state = get_game("order-chaos").new({}, seed)
    assert isinstance(state, OrderChaosState)
    greedy = make_agent("greedy", "order-chaos", 1)
    out: list[tuple[Board, Bag]] = []
    while state.half == 0 and not state.is_over():
        actors = state.to_act()
        if by_itself(actors):
            state.apply(state.sample_chance())
            continue
        if state.phase == ORDER and state.board.count(None) in EMPTIES:
            out.append((list(state.board), tuple(state.bag)))
        state.apply(greedy.choose(state, actors[0]))
    return out


def stretch(rounds: int) -> tuple[float, float]:
    """(CPU, wall) seconds of `rounds` passes of the one-round planner over `positions`."""
    planner = GreedyChaosPlanner(ORDER_PARAMS, PlannerBudget(deep_moves=0, max_seconds=1e9))
    timed = positions()
    for board, bag in timed:  # warm the line caches
        planner.choose(board, 7, bag)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(rounds):
        for board, bag in timed:
            planner.choose(board, 7, bag)
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cpu, wall = stretch(args.rounds)
    print(f"CPU {cpu:.2f} s, wall {wall:.2f} s for {args.rounds} rounds; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
