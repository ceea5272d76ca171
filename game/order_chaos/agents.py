"""Order & Chaos's own `hard` level: a budget that fits a CodeCup game's 30 s of thinking.

The generic `hard` (`game.ai.agents.BUDGETS`: 3000 iterations, a 2.4 s cap) beats normal
head to head but spends 20-47 s on one half's ~49 decisions, more than the 30 s a CodeCup
game allows, and no more points against outside players than normal (issue 18). This
budget keeps what made hard stronger than normal (a smaller exploration constant, so the
extra iterations go deeper instead of spreading evenly over the root's moves) with about
twice normal's iterations and a CPU cap that keeps a whole half under 30 s even when the
cap is hit at every move (49 x 0.55 s). Every other level stays the generic one.
"""

from __future__ import annotations

from game.ai.agents import Agent, MCTSAgent
from game.ai.mcts import SearchBudget
from game.order_chaos.ai import OrderChaosKnowledge

HARD = SearchBudget(iterations=1200, max_seconds=0.55, rollout_depth=1, exploration=0.2)
"""Hard's budget for Order & Chaos (see the module doc)."""


def agent_factory(level: str, seed: int) -> Agent | None:
    """Hard with `HARD`; None (the generic agents) for every other level."""
    if level != "hard":
        return None
    return MCTSAgent(OrderChaosKnowledge(), HARD, seed, level)
