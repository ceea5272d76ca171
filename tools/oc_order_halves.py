"""Order & Chaos: our Order against a chosen Chaos, one half per seed, the Order score and when it came.

Plays only the first half of each match (seat 0 Order), so measuring Order against the
arena's `greedy` Chaos costs half an arena match. `--potential` gives Order's knowledge
another `POTENTIAL` (the share of a line's random-fill gain it counts) while Chaos keeps
the default, so the yardstick stays the same; `--iterations` gives the level another
iteration budget under its own CPU cap, and `--chaos-potential` gives Chaos's knowledge
another potential instead (to measure our Chaos against a fixed Order), and `--budget FIELD=VALUE`
another value of a field of Order's search budget. Besides the final score it prints the board
score when 32 counters were placed: "late" = final minus that, the points of counters 33-49.

Two experiments of the ninth session (issue 18, "Sixth round" in `docs/rules/order-chaos.md`):
`--late EMPTIES --late-budget FIELD=VALUE` gives Order's search (Chaos's with `--late-chaos`)
another budget once at most EMPTIES cells are empty (a deeper endgame), and `--chaos-top K` shows
Order's tree only Chaos's K best places by the greedy Chaos's own one-ply yardstick (a model of the
arena's `greedy` Chaos: with K = 1 it is that player, ties apart).

The tenth session's: `--params FIELD=VALUE,...` sets any of Order's evaluator numbers
(`game.order_chaos.ai.EvalParams`, as `tools/oc_tune.py` prints them; a potential there wins over
`--potential`).

    .venv/bin/python tools/oc_order_halves.py --order normal --chaos greedy --seeds 1-8
    .venv/bin/python tools/oc_order_halves.py --order normal --potential 0.7 --seeds 1-8
    .venv/bin/python tools/oc_order_halves.py --order hard --potential 0.7 --iterations 2400
    .venv/bin/python tools/oc_order_halves.py --order normal --budget leaf_depth=1 --budget rollout_depth=0
    .venv/bin/python tools/oc_order_halves.py --order normal --potential 0.7 --chaos normal --chaos-potential 0.7
    .venv/bin/python tools/oc_order_halves.py --order normal --late 12 --late-budget iterations=4400
    .venv/bin/python tools/oc_order_halves.py --order normal --chaos normal --late 12 --late-budget iterations=4400 --late-chaos
    .venv/bin/python tools/oc_order_halves.py --order normal --chaos-top 1
    .venv/bin/python tools/oc_order_halves.py --order normal --params potential=0.5,long_bonus=0.6 --seeds 1-20
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time
from pathlib import Path

from game.ai.agents import BUDGETS, Agent, GreedyAgent, MCTSAgent, make_agent
from game.core.protocol import Command, Seat, State
from game.ai.mcts import SearchBudget
from game.ai.search import NO_WALL_LIMIT_ENV
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.order_chaos.agents import HARD, HARD_ORDER
from game.order_chaos.ai import POTENTIAL, EvalParams, OrderChaosKnowledge, _place_estimates, chaos_seems_greedy
from game.order_chaos.commands import Place
from game.order_chaos.line_fit import LineWeights, fitted_weights
from game.order_chaos.planner import GreedyChaosPlanner, PlannerBudget, planned_command
from game.order_chaos.scoring import board_score
from game.order_chaos.state import PLACE, OrderChaosState


class LateAgent(Agent):
    """`early` until at most `empties` cells are empty, then `late` (a search with another budget)."""

    def __init__(self, early: Agent, late: Agent, empties: int) -> None:
        self.early, self.late, self.empties = early, late, empties

    def choose(self, state: State, seat: Seat) -> Command:
        assert isinstance(state, OrderChaosState)
        return (self.late if state.board.count(None) <= self.empties else self.early).choose(state, seat)


class ChaosModelKnowledge(OrderChaosKnowledge):
    """Order's knowledge whose tree sees only Chaos's `top` best places by the greedy Chaos's
    yardstick (the evaluator at `POTENTIAL`, lowest estimate first): a model of that opponent."""

    def __init__(self, potential: float, top: int, params: EvalParams | None = None) -> None:
        super().__init__(potential, params)
        self.top = top

    def scored_commands(self, state: State, seat: Seat) -> list[tuple[float, Command]]:
        out = super().scored_commands(state, seat)
        assert isinstance(state, OrderChaosState)
        if state.phase != PLACE:
            return out
        best = sorted(_place_estimates(state), key=lambda t: t[0])[: self.top]
        keep = {divmod(i, state.size) for _, i in best}
        return [(v, c) for v, c in out if isinstance(c, Place) and c.cell in keep]


class ModelAgent(Agent):
    """`agent` (Order) whose knowledge models Chaos as greedy while Chaos has played greedy this
    half (`chaos_seems_greedy`), as hard's `RoleAgent` does with its `order_knowledge`."""

    def __init__(self, agent: Agent, knowledge: OrderChaosKnowledge,
                 planner: GreedyChaosPlanner | None = None, evidence: int = 1) -> None:
        self.agent, self.knowledge, self.planner = agent, knowledge, planner
        self.evidence = evidence
        """Chaos's places, all greedy's, before the planner plays (`--planner-evidence`; the levels wait for
        `agents.PLANNER_EVIDENCE`, 2; the eleventh and twelfth rounds' figures were measured with 1)."""

    def choose(self, state: State, seat: Seat) -> Command:
        assert isinstance(state, OrderChaosState)
        self.knowledge.greedy_chaos = chaos_seems_greedy(state)
        if self.planner is not None and self.knowledge.greedy_chaos and len(state.places) >= self.evidence:
            return planned_command(self.planner, state, seat)
        return self.agent.choose(state, seat)


def level_agent(level: str, potential: float, seed: int, iterations: int | None = None,
                changes: dict[str, object] | None = None, as_order: bool = True,
                late: tuple[int, dict[str, object]] | None = None, chaos_top: int = 0,
                params: EvalParams | None = None, model_chaos: bool = False,
                planner: PlannerBudget | None = None, planner_lines: LineWeights | None = None,
                planner_evidence: int = 1) -> Agent:
    """Our agent at `level` (Order, or Chaos with `--chaos-potential` and `as_order` False) with its
    knowledge's potential set to `potential` (and `iterations` instead of the level's own, when given;
    `changes`: other fields of its search budget; `params`: all the evaluator's numbers, instead of
    `potential`; `planner_lines`: the planner's fitted line weights, its search's numbers otherwise).
    Hard searches with its budget for that role."""
    know = (ChaosModelKnowledge(potential, chaos_top, params) if chaos_top > 0
            else OrderChaosKnowledge(potential, params))
    if level == "greedy":
        return GreedyAgent(know, seed)
    budget = (HARD_ORDER if as_order else HARD) if level == "hard" else BUDGETS[level]
    if iterations is not None:
        budget = dataclasses.replace(budget, iterations=iterations)
    if changes:
        budget = dataclasses.replace(budget, **changes)  # type: ignore[arg-type]
    agent: Agent = MCTSAgent(know, budget, seed, level)
    if model_chaos or planner is not None:
        plan_params = know.params if planner_lines is None else dataclasses.replace(know.params, lines=planner_lines)
        agent = ModelAgent(agent, know, None if planner is None else GreedyChaosPlanner(plan_params, planner),
                           planner_evidence)
    if late is None:
        return agent
    empties, late_changes = late
    late_budget = dataclasses.replace(budget, **late_changes)  # type: ignore[arg-type]
    return LateAgent(agent, MCTSAgent(know, late_budget, seed + 7, level), empties)


def budget_changes(pairs: list[str]) -> dict[str, object]:
    """`FIELD=VALUE` pairs as budget fields, each value read as the field's default is typed."""
    fields = {f.name: f for f in dataclasses.fields(SearchBudget)}
    out: dict[str, object] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        default = fields[name].default
        if isinstance(default, bool):
            out[name] = text.lower() in ("1", "true", "yes")
        elif isinstance(default, int):
            out[name] = int(text)
        elif isinstance(default, float):
            out[name] = float(text)
        else:  # optional fields (None by default): "none", a whole number or a number
            out[name] = None if text.lower() == "none" else int(text) if text.isdigit() else float(text)
    return out


def planner_budget(pairs: list[str] | None) -> PlannerBudget | None:
    """`--planner`'s `FIELD=VALUE` pairs as a `PlannerBudget` (None: no planner; '-' alone: the defaults)."""
    if pairs is None:
        return None
    fields = {f.name: f for f in dataclasses.fields(PlannerBudget)}
    changes: dict[str, object] = {}
    for pair in pairs:
        if pair == "-":
            continue
        name, _, text = pair.partition("=")
        changes[name] = float(text) if isinstance(fields[name].default, float) else int(text)
    return dataclasses.replace(PlannerBudget(), **changes)  # type: ignore[arg-type]


def planner_lines(text: str | None) -> LineWeights | None:
    """`--planner-lines`: None, the game's fitted weights (`shipped`) or a file's."""
    if not text:
        return None
    if text == "shipped":
        return fitted_weights()
    return LineWeights.from_json(Path(text).read_text(encoding="utf-8"))


def eval_params(text: str, potential: float = POTENTIAL) -> EvalParams:
    """`FIELD=VALUE,...` as `EvalParams` whose potential is `potential` unless the text names one."""
    names = {f.name for f in dataclasses.fields(EvalParams) if f.type in (float, "float")}
    changes: dict[str, float] = {}
    for pair in filter(None, text.split(",")):
        name, _, value = pair.partition("=")
        if name not in names:
            raise ValueError(f"unknown evaluator number {name!r} (choose from {', '.join(sorted(names))})")
        changes[name] = float(value)
    return dataclasses.replace(EvalParams(potential=potential), **changes)


def play_half(order: Agent, chaos: Agent, seed: int, cpu: dict[str, float] | None = None) -> tuple[int, int, float]:
    """(final Order score, board score at 32 counters, Order's seconds per move) of half 1; `cpu`, when
    given, gets each role's CPU seconds for the half added under "order" and "chaos" (a codecup half
    may use 30 s)."""
    state = get_game("order-chaos").new({}, seed)
    assert isinstance(state, OrderChaosState)
    at_32, spent, moves = 0, 0.0, 0
    while state.half == 0 and not state.is_over():
        actors = state.to_act()
        if by_itself(actors):
            state.apply(state.sample_chance())
            continue
        seat = actors[0]
        began = time.process_time()
        if seat == state.order_seat():
            start = time.perf_counter()
            command = order.choose(state, seat)
            spent += time.perf_counter() - start
            moves += 1
        else:
            command = chaos.choose(state, seat)
        if cpu is not None:
            role = "order" if seat == state.order_seat() else "chaos"
            cpu[role] = cpu.get(role, 0.0) + time.process_time() - began
        state.apply(command)
        if state.board.count(None) == len(state.board) - 32 and not at_32:
            at_32 = board_score(state.board, state.size)
    final = state.half_scores[0]
    assert final is not None
    return final, at_32, spent / max(1, moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--order", default="normal")
    parser.add_argument("--chaos", default="greedy")
    parser.add_argument("--potential", type=float, default=POTENTIAL)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--chaos-potential", type=float, default=None)
    parser.add_argument("--budget", action="append", default=[], metavar="FIELD=VALUE",
                        help="another value for a field of Order's search budget (repeatable), e.g. leaf_depth=1")
    parser.add_argument("--late", type=int, default=None, metavar="EMPTIES",
                        help="from this many empty cells on, search with --late-budget's fields changed")
    parser.add_argument("--late-budget", action="append", default=[], metavar="FIELD=VALUE",
                        help="a field of the late search's budget (repeatable), e.g. iterations=4400")
    parser.add_argument("--late-chaos", action="store_true", help="the late budget is Chaos's, not Order's")
    parser.add_argument("--chaos-top", type=int, default=0, metavar="K",
                        help="Order's tree sees only Chaos's K best places by the greedy yardstick")
    parser.add_argument("--model-chaos", action="store_true",
                        help="Order models Chaos as greedy while every place this half was greedy's choice")
    parser.add_argument("--planner", action="append", default=None, metavar="FIELD=VALUE",
                        help="while Chaos plays greedy, Order plays by the exact look-ahead "
                             "(game.order_chaos.planner); FIELD=VALUE sets a PlannerBudget field, '-' none")
    parser.add_argument("--planner-evidence", type=int, default=1, metavar="PLACES",
                        help="Chaos's greedy places before the planner plays (the levels wait for 2; the "
                             "eleventh and twelfth rounds' figures were measured with 1)")
    parser.add_argument("--planner-lines", default=None, metavar="shipped|FILE",
                        help="the planner values lines by fitted weights (game.order_chaos.line_fit): the game's "
                             "or a file of tools/oc_fit.py")
    parser.add_argument("--params", default="", metavar="FIELD=VALUE,...",
                        help="Order's evaluator numbers (EvalParams), e.g. long_bonus=0.6,half_pair=0.8")
    parser.add_argument("--seeds", default="1-8", help="a range FIRST-LAST")
    args = parser.parse_args()
    # Every level's wall-clock limit lifted (the CPU caps kept): a seed replays the same half on a
    # busy machine as long as no CPU cap is reached, so runs at different loads compare.
    os.environ[NO_WALL_LIMIT_ENV] = "1"
    first, last = (int(x) for x in args.seeds.split("-"))
    late = None if args.late is None else (args.late, budget_changes(args.late_budget))
    params = eval_params(args.params, args.potential) if args.params else None
    finals, lates, secs = [], [], []
    cpus: list[dict[str, float]] = []
    for seed in range(first, last + 1):
        order = level_agent(args.order, args.potential, seed, args.iterations, budget_changes(args.budget),
                            late=None if args.late_chaos else late, chaos_top=args.chaos_top, params=params,
                            model_chaos=args.model_chaos, planner=planner_budget(args.planner),
                            planner_lines=planner_lines(args.planner_lines),
                            planner_evidence=args.planner_evidence)
        if args.chaos_potential is None and not args.late_chaos:
            chaos = make_agent(args.chaos, "order-chaos", seed + 1000)
        else:
            chaos = level_agent(args.chaos, args.chaos_potential or POTENTIAL, seed + 1000, as_order=False,
                                late=late if args.late_chaos else None)
        cpu: dict[str, float] = {}
        final, at_32, sec = play_half(order, chaos, seed, cpu)
        finals.append(final)
        lates.append(final - at_32)
        secs.append(sec)
        cpus.append(cpu)
        print(f"seed {seed}: Order {final} (late {final - at_32}), {sec:.2f} s/move; CPU a half: "
              f"Order {cpu.get('order', 0.0):.1f} s, Chaos {cpu.get('chaos', 0.0):.1f} s", flush=True)
    iterations = args.iterations or "the level's"
    changed = "".join(f", {c}" for c in args.budget)
    if late is not None:
        changed += f", {'Chaos' if args.late_chaos else 'Order'} from {args.late} empty cells: {', '.join(args.late_budget)}"
    if params is not None:
        changed += f", evaluator {params}"
    if args.chaos_top:
        changed += f", Chaos modelled by its {args.chaos_top} best places"
    if args.model_chaos:
        changed += ", Chaos modelled as greedy while it plays so"
    if args.planner is not None:
        changed += f", the exact look-ahead while Chaos plays greedy ({planner_budget(args.planner)})"
        if args.planner_lines:
            changed += f" with the fitted line weights ({args.planner_lines})"
    print(f"{args.order} (potential {args.potential}, iterations {iterations}{changed}) as Order vs {args.chaos} Chaos "
          f"(potential {args.chaos_potential or 'of the level'}), "
          f"seeds {args.seeds}: "
          f"mean {statistics.mean(finals):.1f}, late {statistics.mean(lates):.1f}, "
          f"{statistics.mean(secs):.2f} s/move; CPU a half (mean / max): "
          + ", ".join(f"{role} {statistics.mean(c.get(role, 0.0) for c in cpus):.1f} / "
                      f"{max(c.get(role, 0.0) for c in cpus):.1f} s" for role in ("order", "chaos")))


if __name__ == "__main__":
    main()
