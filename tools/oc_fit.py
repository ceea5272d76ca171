"""Order & Chaos: fit Order's line weights to final scores against the greedy Chaos (issue 18).

Plays first halves (seat 0 Order) with Order on the one-round planner (`planner.GreedyChaosPlanner`,
`ONE_ROUND`) against the arena's `greedy` Chaos, logs every position right after Order's slide
with the half's final score, and fits `line_fit.LineWeights` by ridge regression: the final score
less the board's present score, on each line's features (`line_fit.line_features`), edge lines
apart from inner ones, each weight flat and times the stage (the share of counters still to come).
A fifth of the halves (every fifth) is held out and the fit's error on them printed against the
hand-made evaluator's (`ORDER_PARAMS`, with an affine correction by stage) on the same positions.

With `--explore P` Order plays, with chance P, one of its 2nd-6th best slides by one-ply estimate
instead of the planner's: the fit then also sees positions the planner would avoid. The weights the
halves are played with are `--policy` (`shipped`: the game's data file; `hand`: `ORDER_PARAMS`; or a
file this tool wrote), so a fit can be repeated on the halves its own weights play (policy iteration).

    .venv/bin/python tools/oc_fit.py --seeds 1001-1400 --policy hand --log /tmp/halves0.jsonl \
        --out game/order_chaos/data/order_lines.json
    .venv/bin/python tools/oc_fit.py --seeds 2001-2300 --policy shipped --log /tmp/halves1.jsonl --out /tmp/w1.json
    .venv/bin/python tools/oc_fit.py --fit-only --log /tmp/halves0.jsonl --log /tmp/halves1.jsonl --out /tmp/w01.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from game.ai.agents import Agent, GreedyAgent
from game.ai.search import NO_WALL_LIMIT_ENV
from game.core.protocol import Command, Seat, State
from game.order_chaos.agents import ORDER_PARAMS
from game.order_chaos.ai import EvalParams, OrderChaosKnowledge, board_estimate, future_gain, slide_estimates
from game.order_chaos.commands import Pass, Slide
from game.order_chaos.line_fit import FEATURES, LineWeights, is_edge, line_features
from game.order_chaos.planner import GreedyChaosPlanner, PlannerBudget
from game.order_chaos.scoring import board_lines, line_score
from game.order_chaos.state import OrderChaosState
from tools.oc_order_halves import planner_lines, play_half

ONE_ROUND = PlannerBudget(deep_moves=0, max_seconds=0.85)
"""The planner the halves are played with: one round deep under normal's CPU cap, normal's own planner
when the shipped weights were fitted (twelfth round), so the logged halves replay."""

Board = list[int | None]
Position = tuple[Board, list[int]]
"""A board right after Order's slide and the counters still to come."""


@dataclass
class LoggedHalf:
    seed: int
    final: int
    positions: list[Position]


def policy_params(policy: str) -> EvalParams:
    """Order's evaluator numbers for `--policy`: `hand`, `shipped` or a weights file's path (read as
    `tools/oc_order_halves.py --planner-lines` reads them)."""
    lines = None if policy == "hand" else planner_lines(policy)
    return ORDER_PARAMS if lines is None else dataclasses.replace(ORDER_PARAMS, lines=lines)


class LoggingOrder(Agent):
    """Order on the one-round planner with `params` (a one-ply alternative with chance `explore`),
    keeping every position right after its slide."""

    def __init__(self, seed: int, params: EvalParams, explore: float) -> None:
        self.rng = random.Random(seed * 7919)
        self.params, self.explore = params, explore
        self.planner = GreedyChaosPlanner(params, ONE_ROUND)
        self.positions: list[Position] = []

    def choose(self, state: State, seat: Seat) -> Command:
        assert isinstance(state, OrderChaosState)
        n, bag = state.size, tuple(state.bag)
        if self.explore and self.rng.random() < self.explore:
            ranked = sorted(slide_estimates(state.board, n, bag, self.params), key=lambda e: -e[0])
            _, src, dst = ranked[self.rng.randrange(1, min(6, len(ranked)))] if len(ranked) > 1 else ranked[0]
        else:
            src, dst = self.planner.choose(state.board, n, bag)
        after = list(state.board)
        if src >= 0:
            after[dst], after[src] = after[src], None
        self.positions.append((after, list(bag)))  # a slide leaves the counters to come as they are
        return Pass(seat) if src < 0 else Slide(seat, divmod(src, n), divmod(dst, n))


def play_logged_half(seed: int, params: EvalParams, explore: float = 0.0) -> LoggedHalf:
    """One first half (`oc_order_halves.play_half`), Order a `LoggingOrder`, Chaos the arena's greedy:
    every position after Order's slide, and the final score."""
    order = LoggingOrder(seed, params, explore)
    final, _, _ = play_half(order, GreedyAgent(OrderChaosKnowledge(), seed), seed)
    return LoggedHalf(seed, final, order.positions)


def position_features(board: Board, bag: list[int], n: int = 7) -> tuple[int, list[float]]:
    """(present score, the regression's row): stage terms, then edge, inner, edge x stage, inner x stage."""
    key = tuple(bag)
    stage = sum(bag) / (n * n)
    edge = [0.0] * len(FEATURES)
    inner = [0.0] * len(FEATURES)
    now = 0
    for k, line in enumerate(board_lines(board, n)):  # the rows, then the columns
        now += line_score(line)
        into = edge if is_edge(k % n, n) else inner
        for i, x in enumerate(line_features(line, key)):
            into[i] += x
    flat = edge + inner
    return now, [1.0, stage, stage * stage] + flat + [x * stage for x in flat]


def weights_of(solution: np.ndarray) -> LineWeights:
    """The regression's solution (in `position_features`' order) as line weights."""
    k = len(FEATURES)
    part = [tuple(float(x) for x in solution[3 + i * k:3 + (i + 1) * k]) for i in range(4)]
    return LineWeights(inner=part[1], inner_late=part[3], edge=part[0], edge_late=part[2])


def ridge(rows: np.ndarray, target: np.ndarray, strength: float) -> np.ndarray:
    """Least squares with `strength` times the identity added (the weights of rare classes stay small)."""
    return np.linalg.solve(rows.T @ rows + strength * np.eye(rows.shape[1]), rows.T @ target)


def fit(halves: list[LoggedHalf], strength: float = 10.0) -> tuple[LineWeights, dict[str, float]]:
    """The weights fitted on four fifths of `halves` and the held-out fifth's errors (root mean square:
    'fit', and 'hand' for the hand-made evaluator with an affine correction by stage)."""
    rows, target, hand, held = [], [], [], []
    for k, half in enumerate(halves):
        for board, bag in half.positions:
            now, row = position_features(board, bag)
            rows.append(row)
            target.append(half.final - now)
            empties = board.count(None)
            hand.append(board_estimate(board, 7, tuple(bag), ORDER_PARAMS) + future_gain(7, empties, False) - now)
            held.append(k % 5 == 0)
    x, y, h, test = np.array(rows), np.array(target), np.array(hand), np.array(held)
    train = ~test if test.any() and (~test).any() else np.ones_like(test)
    solution = ridge(x[train], y[train], strength)
    stage = x[:, 1]
    affine = np.column_stack([np.ones_like(stage), stage, stage * stage, h, h * stage])
    hand_solution = ridge(affine[train], y[train], 1.0)
    check = test if test.any() else train
    report = {"positions": float(len(y)), "held_out": float(check.sum()),
              "fit": float(np.sqrt(np.mean((y - x @ solution)[check] ** 2))),
              "hand": float(np.sqrt(np.mean((y - affine @ hand_solution)[check] ** 2)))}
    return weights_of(solution), report


def _play(job: tuple[int, str, float]) -> LoggedHalf:
    seed, policy, explore = job
    return play_logged_half(seed, policy_params(policy), explore)


def read_log(path: Path) -> list[LoggedHalf]:
    """The halves a `--log` file holds (one JSON object a line)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        out.append(LoggedHalf(data["seed"], data["final"], [(b, g) for b, g in data["positions"]]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1001-1400", help="a range FIRST-LAST of halves to play")
    parser.add_argument("--policy", default="hand", help="Order's weights while playing: hand, shipped or a file")
    parser.add_argument("--explore", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--log", action="append", default=[], type=Path,
                        help="where the played halves go (the first); with --fit-only, the halves to fit")
    parser.add_argument("--fit-only", action="store_true", help="play nothing: fit the --log files' halves")
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--out", type=Path, help="write the fitted weights here")
    args = parser.parse_args()
    os.environ[NO_WALL_LIMIT_ENV] = "1"
    halves: list[LoggedHalf] = []
    if args.fit_only:
        for path in args.log:
            halves += read_log(path)
    else:
        first, _, last = args.seeds.partition("-")
        jobs = [(seed, args.policy, args.explore) for seed in range(int(first), int(last or first) + 1)]
        began = time.time()
        log = args.log[0].open("w", encoding="utf-8") if args.log else None
        with Pool(args.jobs) as pool:
            for half in pool.imap_unordered(_play, jobs):
                halves.append(half)
                if log is not None:
                    log.write(json.dumps({"seed": half.seed, "final": half.final, "positions": half.positions}) + "\n")
                    log.flush()
        if log is not None:
            log.close()
        print(f"played {len(halves)} halves in {time.time() - began:.0f} s, mean final "
              f"{sum(h.final for h in halves) / max(1, len(halves)):.1f}", file=sys.stderr)
    weights, report = fit(halves, args.ridge)
    print(json.dumps(report))
    if args.out:
        seeds = sorted(h.seed for h in halves)
        note = {"by": "tools/oc_fit.py", "halves": len(halves), "seeds": f"{seeds[0]}-{seeds[-1]}" if seeds else "",
                "policy": args.policy, "explore": args.explore,
                "ridge": args.ridge, "held_out_rmse": round(report["fit"], 3), "hand_rmse": round(report["hand"], 3)}
        args.out.write_text(weights.to_json(note), encoding="utf-8")


if __name__ == "__main__":
    main()
