"""Order & Chaos's own `hard` level: a budget that fits a CodeCup game's 30 s of thinking.

The generic `hard` (`game.ai.agents.BUDGETS`: 3000 iterations, a 2.4 s cap) beats normal
head to head but spends 20-47 s on one half's ~49 decisions, more than the 30 s a CodeCup
game allows, and no more points against outside players than normal (issue 18). This
budget keeps what made hard stronger than normal (a smaller exploration constant, so the
extra iterations go deeper instead of spreading evenly over the root's moves) with about
twice normal's iterations and a CPU cap that keeps a whole half under 30 s even when the
cap is hit at every move (49 x 0.55 s). Every other level stays the generic one.

A crowded machine makes the CPU cap slow on the wall clock (0.55 s of CPU took up to 5.7 s
at load 18), so hard also stops a search after `HARD_WALL_SECONDS` of the wall clock (the
generic `Budget.max_wall_seconds`, counted per decision; every level has one, see
`game.ai.search`): an answer then comes in time for CodeCup's 5 s, weaker rather than later.
On a quiet machine the iterations or the CPU cap end the search first.

As Order, hard's knowledge counts more of a line's random-fill promise (0.7, since the seventh
round `ORDER_PARAMS`, below, against the evaluator's 0.5): it then builds lines and collects late,
as the issue's strongest outside Order did. Measured with `tools/oc_order_halves.py` (normal's budget):
against the greedy Chaos 120.5 against 110.8 (8 halves), against normal's Chaos 85.0
against 77.8 (6 halves). As Chaos it keeps the evaluator's 0.5.

As Order, hard's play-outs also go three plies (`HARD_ORDER`: the draw, Chaos's greedy place,
Order's greedy slide) instead of one, so a leaf is valued after the next counter has come and been
answered. Against the greedy Chaos hard's Order scored 118.0 against 110.6 (seeds 1-8, higher on 6);
normal's with the same play-outs 118.8 against 109.2 (20 seeds), and 79.5 against 77.8 against
normal's Chaos (6 seeds). Head to head hard then beat normal in 14 of 20 matches with a draw, as many
as before (issue 18, `docs/rules/order-chaos.md`, "Fourth round").

Both hard and normal, as Order, evaluate with `ORDER_PARAMS`, the evaluator's numbers found by
`tools/oc_tune.py` (a search scored by greedy halves against the greedy Chaos, seeds 101-160: 109.2
against 89.0 for the defaults); `normal` is otherwise the generic normal. With normal's search they
gave 118.8 against 109.2 against the greedy Chaos (seeds 1-20, higher on 15) and 88.7 against 79.4
against normal's Chaos (seeds 1-12, higher on 9, lower on 2); with hard's (instead of its 0.7
potential) 131.6 against 112.8 against the greedy Chaos (seeds 1-8, higher on 7) and 96.2 against
93.2 against normal's Chaos (seeds 1-6, higher on 4): "Seventh round". As Chaos both keep the
defaults, so the arena's greedy and every Chaos yardstick are unchanged.

Hard, as Order, also models a Chaos that has placed every counter of the half where the
greedy Chaos would (`ai.chaos_seems_greedy`): Order's tree then offers Chaos only the greedy
choices, and the play-outs place as the greedy Chaos does, so the search plans against the
player it meets instead of a stronger one (the issue: "let Order cash in on a weak Chaos"). One
place off the greedy choice ends the model for the half; a searching Chaos (normal's) makes that
miss by its second place, so against it Order plays as before from its second decision on.
The model pays with hard's three-ply play-outs (136.2 against 119.7 against the greedy Chaos over
seeds 1-20); with normal's one-ply play-outs it gained nothing (119.2 against 118.8), so normal
does without ("Tenth round" in `docs/rules/order-chaos.md`).

Normal's Order, while the model holds (after two places, `plans`), plays by an exact look-ahead over the
draws instead of its search (`planner.GreedyChaosPlanner`, `NORMAL_PLANNER`; one round deep until the
thirteenth round): with Chaos's answer to each colour known, chance is all that is left, and the planner
averages over every colour where a search samples a few. It lifted normal's Order against the greedy Chaos
from 118.8 to 132.2 (seeds 1-20) at about 6 s of CPU a half. Hard keeps its search with the model: the
planner two rounds deep played as well (136.7 against 136.2) for 10 s less CPU a half, but no better, and
scored 133.1 against 141.5 in the arena's 10 matches ("Eleventh round" in `docs/rules/order-chaos.md`).

Since the twelfth round the planner values lines by weights fitted to final scores against the greedy
Chaos (`PLANNER_PARAMS`, `line_fit`, `tools/oc_fit.py`) instead of `ORDER_PARAMS`: +7.9 and +15.4 over
the hand-made numbers in two sets of 40 halves, 150.5 against 132.5 in the arena's 10 matches. Hard then
plans too, two rounds deep within its own caps (`HARD_PLANNER`; 146.9 in the arena against its search's
141.5). The searches keep `ORDER_PARAMS`, as the fit knows only the greedy Chaos ("Twelfth round" in
`docs/rules/order-chaos.md`).

Since the thirteenth round both levels plan two rounds deep from the start of the half: with the fitted
weights the second round pays (uncapped, seeds 1-40: 157.4 against 140.1 for one round), where hard's
0.55 s cap had cut it short on most moves. Hard's planner gets a CPU cap of its own
(`HARD_PLANNER_SECONDS`) that keeps a CodeCup game within 30 s ("Thirteenth round").

Against an outside player (the public CodeCup 2023 MCTS bot the issue used, through
`tools/oc_codecup_match.py`, 40 bags with roles swapped) hard now wins by 49.9 points a match and normal
by 41.1: hard better by 8.8 (SE 3.8), where the issue found it no better ("Fourteenth round").
"""

from __future__ import annotations

import dataclasses

from game.ai.agents import BUDGETS, Agent, MCTSAgent
from game.ai.mcts import SearchBudget
from game.core.protocol import Command, Seat, State
from game.order_chaos.ai import EvalParams, OrderChaosKnowledge, chaos_seems_greedy
from game.order_chaos.line_fit import fitted_weights
from game.order_chaos.planner import GreedyChaosPlanner, PlannerBudget, planned_command
from game.order_chaos.state import OrderChaosState

HARD_WALL_SECONDS = 3.5
"""Hard's wall-clock limit per decision: CodeCup's 5 s less room for reading, answering and a
last slow iteration (the generic `WALL_FACTOR` would give 2.2 s)."""
HARD = SearchBudget(iterations=1200, max_seconds=0.55, max_wall_seconds=HARD_WALL_SECONDS, rollout_depth=1,
                    exploration=0.2)
"""Hard's budget for Order & Chaos (see the module doc), as Chaos."""
HARD_ORDER = dataclasses.replace(HARD, rollout_depth=3)
"""Hard's budget as Order: three-ply play-outs (see the module doc)."""
ORDER_PARAMS = EvalParams(potential=0.9, half_pair=0.6, empty_pair=1.3)
"""Hard's and normal's evaluator numbers as Order (tuned by `tools/oc_tune.py`, see the module doc):
count most of a line's promise, but trust a mirrored pair with one end filled less than the bag's
odds (0.6) and one with both ends empty more (1.3). Found by data, not argued: the tuner's best of
30 settings."""


class RoleAgent(Agent):
    """One search per role: `order` answers when the seat is Order, `chaos` when it is Chaos.

    Given `order_knowledge` (the knowledge of `order`'s search), Order's search models Chaos as
    the greedy player for as long as every place Chaos made this half was the greedy choice
    (`ai.chaos_seems_greedy`, read afresh from the position at each decision, so a new agent per
    request, as the table's worker makes, decides the same). Given a `planner`, Order plays by
    that exact look-ahead instead while the same holds (after `PLANNER_EVIDENCE` places, `plans`)."""

    def __init__(self, order: MCTSAgent, chaos: MCTSAgent, level: str,
                 order_knowledge: OrderChaosKnowledge | None = None,
                 planner: GreedyChaosPlanner | None = None) -> None:
        self.order, self.chaos, self.level = order, chaos, level
        self.order_knowledge = order_knowledge
        self.planner = planner
        """Order's exact look-ahead, used instead of the search while the model holds (`plans`)."""

    def choose(self, state: State, seat: Seat) -> Command:
        assert isinstance(state, OrderChaosState)
        if seat != state.order_seat():
            return self.chaos.choose(state, seat)
        if self.order_knowledge is None and self.planner is None:
            return self.order.choose(state, seat)
        greedy = chaos_seems_greedy(state)
        if self.order_knowledge is not None:
            self.order_knowledge.greedy_chaos = greedy
        if greedy and self.planner is not None and plans(state):
            return planned_command(self.planner, state, seat)
        return self.order.choose(state, seat)


PLANNER_EVIDENCE = 2
"""Chaos's places this half, all of them greedy's choice, before Order trusts the planner: the first
place of a half is on an empty board, where every cell is a greedy choice, so it shows nothing."""


def plans(state: OrderChaosState) -> bool:
    """Whether a `RoleAgent` with a planner plays Order's move by it, the model holding: after
    `PLANNER_EVIDENCE` places, and not when the draws are known (with fair draws the second half
    repeats the first's colours, which the planner, averaging over the bag, does not read)."""
    return len(state.places) >= PLANNER_EVIDENCE and not (state.fair and state.half == 1)


PLANNER_PARAMS = dataclasses.replace(ORDER_PARAMS, lines=fitted_weights())
"""The planner's evaluator: line weights fitted to final scores against the greedy Chaos (`line_fit`,
`tools/oc_fit.py`), edge lines apart, on 7 x 7 (on 5 x 5 `ORDER_PARAMS`' numbers count). The searches
keep `ORDER_PARAMS`: the fit knows only that Chaos."""
NORMAL_PLANNER = PlannerBudget(max_seconds=BUDGETS["normal"].max_seconds or 0.85)
"""Normal's look-ahead while Chaos plays greedy: two rounds deep for the 6 best of its 30 slides valued
one round deep (since the thirteenth round; 0.35 s of CPU a move on average, 0.65 s at most, within
normal's cap; see the module doc)."""
HARD_PLANNER_SECONDS = 0.8
"""Hard's CPU cap per decision while it plans: above its search's 0.55 s, which cut the second round
short on most moves of the middle of a half (an uncapped plan takes 0.45-0.65 s there). A planned half
then takes 17-19 s of CPU, and with the Chaos half's 6 s a CodeCup game stays within its 30 s."""
HARD_PLANNER = PlannerBudget(max_seconds=HARD_PLANNER_SECONDS, max_wall_seconds=HARD_WALL_SECONDS)
"""Hard's look-ahead while Chaos plays greedy: normal's two rounds within hard's own caps (its wall
limit keeps CodeCup's 5 s; on a crowded machine it falls back to one round)."""


def agent_factory(level: str, seed: int) -> Agent | None:
    """Hard with `HARD_ORDER` and `ORDER_PARAMS` as Order, modelling a Chaos that plays greedy (see
    `RoleAgent`) and planning two rounds deep (`HARD_PLANNER`) once two places show it, and `HARD` as
    Chaos; normal with the generic budget in both roles, `ORDER_PARAMS` as Order and `NORMAL_PLANNER`
    (two rounds deep too, within normal's cap) while Chaos plays greedy; None (the generic agents)
    otherwise. Both plan with `PLANNER_PARAMS`."""
    if level not in ("normal", "hard"):
        return None
    knowledge = OrderChaosKnowledge(params=ORDER_PARAMS)
    if level == "normal":  # its search without the model (it gained nothing there), the planner with it
        budget = BUDGETS[level]
        return RoleAgent(MCTSAgent(knowledge, budget, seed, level),
                         MCTSAgent(OrderChaosKnowledge(), budget, seed, level), level, None,
                         GreedyChaosPlanner(PLANNER_PARAMS, NORMAL_PLANNER))
    return RoleAgent(MCTSAgent(knowledge, HARD_ORDER, seed, level),
                     MCTSAgent(OrderChaosKnowledge(), HARD, seed, level), level, knowledge,
                     GreedyChaosPlanner(PLANNER_PARAMS, HARD_PLANNER))
