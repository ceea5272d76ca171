"""What the AI knows about Entropy Rally, and its agents.

- **Evaluator** (`game.rally.evaluate`): each seat's potential in points —
  banked titanium, carried titanium times the chance to bank it, energy,
  ships, working portals for the eras left, nearness to titanium — and a
  seat's value is its potential minus the best other seat's.
- **Rollout policy**: a cheap heuristic per decision, for any generic search
  that wants to play Rally out: planning takes the planner's single best
  program per ship (`game.rally.planner` with a beam of one), set at once with
  `SetProgram` (a shortcut inside a search; the agents answer the table with the
  card-by-card steps a person plays, `game.rally.agent.program_steps`), distribution
  the even split, tiles and the other small decisions the first sensible
  option. It reads only the acting seat's hand and ships.
- **Agents**: every level but `random` is a `game.rally.agent.RallyAgent`
  (planning by simulated chaos phases), made by `agent_factory`, which the
  manifest names for `game.ai.agents.make_agent`.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.ai.agents import Agent
from game.ai.knowledge import Knowledge
from game.core.protocol import Command, Seat, State, by_itself
from game.core.rng import Rng
from game.rally import evaluate, planner, rules
from game.rally.agent import SETTINGS, RallyAgent, quick_decision
from game.rally.commands import DistributeEnergy, SetProgram
from game.rally.state import RallyState


class RallyKnowledge(Knowledge):
    """Rally's evaluator and play-out policy (see the module docstring)."""

    def seats(self, state: State) -> int:
        assert isinstance(state, RallyState)
        return state.n

    def evaluate(self, state: State, seat: Seat) -> float:
        assert isinstance(state, RallyState)
        return evaluate.margins(state)[seat]

    def values(self, state: State) -> list[float]:
        assert isinstance(state, RallyState)
        return evaluate.margins(state)

    def horizon_key(self, state: State) -> Hashable:
        """A search stops at the end of the era's chaos phase (the programs' effect)."""
        assert isinstance(state, RallyState)
        return (state.era, state.phase in ("planning", "chaos", "distribute", "deal"))

    def rollout_command(self, state: State, rng: Rng) -> Command:
        assert isinstance(state, RallyState)
        seat = state.to_act()[0]
        return policy_command(state, seat, rng)


def policy_command(s: RallyState, seat: Seat, rng: Rng) -> Command:
    """The cheap play-out policy (see the module docstring); chance by `rng`."""
    actors = s.to_act()
    if by_itself(actors):  # chance by `rng`, or the next chaos round
        return s.sample_chance(rng)
    if s.phase == "planning":
        hand = sorted(s.hands[seat] + [c for sh in s.ships_of(seat) for c in sh.program])
        joint = planner.joint_programs(s, seat, hand, 1, 1)[0][1]
        return SetProgram(seat, joint)
    if s.phase == "distribute":
        k = len(s.ships_of(seat))
        pool = s.pool[seat]
        return DistributeEnergy(seat, tuple(pool // k + (1 if j < pool % k else 0) for j in range(k)))
    if s.phase == "chaos":
        return quick_decision(s, seat)
    return rng.choice(rules.candidates(s, seat))


def agent_factory(level: str, seed: int) -> Agent | None:
    """Rally's agent for `level` (the manifest names it, `game.ai.agents.make_agent` asks it)."""
    settings = SETTINGS.get(level)
    return None if settings is None else RallyAgent(level, settings, seed)
