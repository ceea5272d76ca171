"""The skirmish's agent: one search per activation, answered as a plan; cheap direct answers
for every other decision. Plugged in through `game/skirmish/manifest.py` (`agent_factory`,
`SkirmishKnowledge`), so `make_agent`, the arena and the worker process find it.

Levels (`BUDGETS`): `greedy` plays the best static value (one ply, no samples); `easy`,
`normal` and `hard` sample more activations more often (`search.Budget`); `normal` and `hard`
also activate formations and deploy to form them (`formations`); `hard`'s samples also use
abilities as play does (`search.Budget.playout_abilities`). Budgets are counted in
samples; the time limits (CPU seconds, and a wall-clock limit for a crowded machine: `normal`
4 s, so its decisions stay within the issue's 5 s) are only a safety net. Every level shares
the evaluator, the destinations, the tactic and re-roll rules (`tactics`) and the deployment
(`policy`).
"""

from __future__ import annotations

from game.ai.agents import Agent
from game.ai.knowledge import Knowledge
from game.core.plans import Plan
from game.core.protocol import Command, Seat, State
from game.core.rng import Rng
from game.skirmish import rules
from game.skirmish.ai import search
from game.skirmish.ai.evaluate import Weights, margin
from game.skirmish.ai.policy import Policy
from game.skirmish.ai.sightings import Sightings
from game.skirmish.commands import Stop
from game.skirmish.state import SkirmishState

BUDGETS: dict[str, search.Budget] = {
    "greedy": search.Budget(width=1, iterations=0, max_seconds=5.0, spot_limit=12),
    "easy": search.Budget(width=3, iterations=9, max_seconds=2.0, spot_limit=8, double_spots=4),
    "normal": search.Budget(width=10, iterations=80, max_seconds=3.0, spot_limit=12, per_model=2, formations=True,
                            max_wall_seconds=4.0, prior=2.0, guard=1.0),
    "hard": search.Budget(width=14, iterations=200, max_seconds=8.0, spot_limit=14, double_spots=8, per_model=2,
                          formations=True, playout_abilities=True, guard=1.0),
}


class SkirmishAgent(Agent):
    """See the module docstring. It reads only `state.determinize(seat, rng)` and draws from its
    own seeded RNG; the state it is given is never changed."""

    def __init__(self, level: str, budget: search.Budget, seed: int) -> None:
        self.level = level
        self.budget = budget
        self.rng = Rng(seed)

    def plan(self, state: State, seat: Seat) -> Plan:
        assert isinstance(state, SkirmishState)
        s = state.determinize(seat, self.rng)
        assert isinstance(s, SkirmishState)
        policy = Policy(seat, Sightings(), Weights(guard=self.budget.guard), spot_limit=self.budget.spot_limit,
                        formations=self.budget.formations)
        if s.phase == "activations" and s.activation is None and s.roll is None and s.placing is None:
            m = search.choose(s, policy, self.budget, self.rng)
            if m is None:
                return (Stop(seat),)
            steps = search.steps_for(s, policy, m)
        else:
            steps = search.steps_for(s, policy, None)
        if not steps:  # deployment, or a decision the plan could not start with
            answer = policy.step(s) if s.phase == "deploy" or s.activation is not None or s.roll is not None \
                or s.placing is not None else None
            if answer is None or rules.why_illegal(s, answer) is not None:
                answer = s.candidates(seat)[0]  # never reached in the tests: the engine's own candidate
            steps = [answer]
        return tuple(steps)

    def choose(self, state: State, seat: Seat) -> Command:
        return self.plan(state, seat)[0]


class SkirmishKnowledge(Knowledge):
    """The evaluator for the generic searches (`evaluate.margin`)."""

    def evaluate(self, state: State, seat: Seat) -> float:
        assert isinstance(state, SkirmishState)
        return margin(state, seat, Sightings())


def agent_factory(level: str, seed: int) -> Agent | None:
    """The skirmish's agent for `level` (the manifest names it; `make_agent` asks it)."""
    budget = BUDGETS.get(level)
    return None if budget is None else SkirmishAgent(level, budget, seed)
