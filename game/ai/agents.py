"""Computer players behind one interface: `agent.plan(state, seat) -> Plan`.

An agent answers with a plan (`game.core.plans`): the commands its seat will play until
another seat, chance or a reveal intervenes, each an ordinary command a person could play.
Most decisions are one command, and the default plan is one step, `choose`'s command; an
agent whose decisions come in chains (Rally's program, card by card, then "done") overrides
`plan`. Whoever plays a plan (the arena, the table) plays it step by step, checking each,
and asks again when a step is refused or the position changed in a way it did not foresee:

    agent = make_agent("normal", "rally", seed)
    plan = agent.plan(state, seat)      # (ProgramCard(...), ..., FinishPlanning(seat))
    step = agent.choose(state, seat)    # the first step alone

Agents look at the position only through `state.determinize(seat, rng)` (a
copy that cannot predict chance), never change the state they are given, and
draw every random choice from their own seeded RNG, so a seed replays them.

Levels (`make_agent(level, game_id, seed)`):
- `random`: a uniformly random legal command.
- `greedy`: the best command one ply ahead by the game's evaluator (the
  expectation over a following chance node when that is cheap); in a game with
  hidden information, averaged over a few determinisations.
- `easy`, `normal`, `hard`: MCTS (`game.ai.mcts`) with growing budgets, or
  ISMCTS (`game.ai.ismcts`) for games whose `GameInfo.hidden_info` is set
  (which includes every game with simultaneous secret choices: a choice
  submitted and not yet revealed is hidden information).

A game whose decisions suit neither search (Rally's programs are whole card
sequences) names its own agent factory in its manifest (`GameManifest.agents`); its
factory is asked first for every level but `random`, and may decline a level
(return None) to fall back to the generic agents above.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Callable

from game.ai.ismcts import ISMCTS, ISMCTSBudget, ISMCTSStats
from game.ai.knowledge import Knowledge, get_knowledge
from game.ai.mcts import MCTS, SearchBudget, SearchStats
from game.core.errors import UnknownGameError
from game.core.plans import Plan
from game.core.protocol import Command, Seat, State
from game.core.registry import get_game, manifest_entry
from game.core.rng import Rng

LEVELS = ("random", "greedy", "easy", "normal", "hard")

BUDGETS: dict[str, SearchBudget] = {
    "easy": SearchBudget(iterations=60, max_seconds=0.5, exploration=0.7),
    "normal": SearchBudget(iterations=550, max_seconds=0.85, rollout_depth=1),
    "hard": SearchBudget(iterations=3000, max_seconds=2.4, rollout_depth=1, exploration=0.2),
}
"""Iteration budgets (deterministic) with time limits as a safety net: a CPU cap, and a wall-clock
limit of `search.WALL_FACTOR` (4) times it, from the start of each decision (easy 2.0 s, normal
3.4 s, hard 9.6 s): on a crowded machine an answer comes weaker rather than later, and Order &
Chaos's `normal` (the `codecup` default) answers within CodeCup's 5 s. Hard explores less:
at 0.5 its visits spread almost evenly over the root's moves (value gaps of a point or
two are small against the tree's spread), so more iterations bought breadth, not depth."""

ISMCTS_BUDGETS: dict[str, ISMCTSBudget] = {
    "easy": ISMCTSBudget(iterations=150, max_seconds=0.5, rollout_depth=12, exploration=1.0),
    "normal": ISMCTSBudget(iterations=1000, max_seconds=0.6, rollout_depth=30, widen_k=1.0),
    "hard": ISMCTSBudget(iterations=3000, max_seconds=2.2, rollout_depth=80, widen_k=1.0, horizon_steps=2,
                         reopen_choices=True),
}
"""The same levels for games with hidden information (tuned on Worlds Collide, whose
search stops at the end of the round: a round's play-out is 10-40 commands). Hard looks
one horizon further (to the end of the next round in Worlds Collide): more iterations
within one round added almost nothing, a second round lets it weigh what a choice
leaves in hand. Hard also lets an opponent that already chose in secret choose again
inside its search (`reopen_choices`) rather than play a uniformly redrawn choice;
normal keeps the redraw, as measured before. The time caps leave room for the last iteration, determinising and the
caller, so that normal decides within 1 s and hard within 3 s on a slow, shared machine; the wall-clock
limits (`search.WALL_FACTOR` times the caps: easy 2.0 s, normal 2.4 s, hard 8.8 s) keep a crowded
machine from making an answer much later than that."""

GREEDY_SAMPLES = 8
"""Determinisations the greedy level averages over when information is hidden."""


class Agent(ABC):
    """A computer player for one game."""

    level: str = ""

    @abstractmethod
    def choose(self, state: State, seat: Seat) -> Command:
        """A legal command for `seat`, which must be to act in `state`."""

    def plan(self, state: State, seat: Seat) -> Plan:
        """The commands `seat` will play from `state` on, in order (at least one): the first is
        legal now, each next one is meant for the position the previous one leaves, as long as
        no other seat, chance or reveal comes in between. By default one step, `choose`'s."""
        return (self.choose(state, seat),)


class RandomAgent(Agent):
    """Plays uniformly at random: the baseline every other level must beat."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: Seat) -> Command:
        moves = state.determinize(seat, self.rng).candidates(seat)
        if not moves:
            raise ValueError(f"seat {seat} has no legal command")
        return self.rng.choice(moves)


class GreedyAgent(Agent):
    """Takes the best one-ply score from the game's knowledge; random among ties."""

    level = "greedy"

    def __init__(self, knowledge: Knowledge, seed: int, samples: int = 1) -> None:
        self.knowledge = knowledge
        self.rng = Rng(seed)
        self.samples = max(1, samples)
        """Determinisations whose one-ply scores are averaged (1 with open information)."""

    def choose(self, state: State, seat: Seat) -> Command:
        scored = self.knowledge.scored_commands(state.determinize(seat, self.rng), seat)
        if not scored:
            raise ValueError(f"seat {seat} has no legal command")
        if self.samples > 1:
            scored = self._averaged(state, seat, scored)
        best = max(v for v, _ in scored)
        ties = [c for v, c in scored if v >= best - 1e-9]
        return ties[self.rng.randrange(len(ties))]

    def _averaged(self, state: State, seat: Seat,
                  first: list[tuple[float, Command]]) -> list[tuple[float, Command]]:
        """Mean one-ply score of each command over `samples` determinisations."""
        totals = {c: v for v, c in first}
        for _ in range(self.samples - 1):
            for v, c in self.knowledge.scored_commands(state.determinize(seat, self.rng), seat):
                if c in totals:
                    totals[c] += v
        return [(totals[c] / self.samples, c) for _, c in first]


class MCTSAgent(Agent):
    """Monte Carlo tree search with the game's knowledge and a level's budget."""

    def __init__(self, knowledge: Knowledge, budget: SearchBudget, seed: int, level: str = "mcts") -> None:
        self.level = level
        self.search = MCTS(knowledge, budget, seed)

    @property
    def stats(self) -> SearchStats:
        return self.search.stats

    def choose(self, state: State, seat: Seat) -> Command:
        return self.search.choose(state, seat)


class ISMCTSAgent(Agent):
    """Information Set MCTS with the game's knowledge, for hidden information."""

    def __init__(self, knowledge: Knowledge, budget: ISMCTSBudget, seed: int, level: str = "ismcts") -> None:
        self.level = level
        self.search = ISMCTS(knowledge, budget, seed)

    @property
    def stats(self) -> ISMCTSStats:
        return self.search.stats

    def choose(self, state: State, seat: Seat) -> Command:
        return self.search.choose(state, seat)


AgentFactory = Callable[[str, int], "Agent | None"]
"""`(level, seed) -> agent`, or None to leave that level to the generic agents."""
_AGENT_FACTORIES: dict[str, AgentFactory] = {}


def register_agent_factory(game_id: str, factory: AgentFactory) -> None:
    """Let `game_id` build its own agents, whatever its manifest names (for games and tests
    without a manifest)."""
    _AGENT_FACTORIES[game_id] = factory


def agent_factory(game_id: str) -> AgentFactory | None:
    """The game's own agent factory: a registered one, else the one its manifest names
    (`GameManifest.agents`), else None (the generic agents)."""
    factory: AgentFactory | None = _AGENT_FACTORIES.get(game_id) or manifest_entry(game_id, "agents")
    return factory


def _hidden_info(game_id: str) -> bool:
    try:
        return get_game(game_id).info.hidden_info
    except UnknownGameError:
        return False


def make_agent(level: str, game_id: str, seed: int) -> Agent:
    """An agent of `level` (one of LEVELS) for the game `game_id`."""
    if level == "random":
        return RandomAgent(seed)
    knowledge = get_knowledge(game_id)
    factory = agent_factory(game_id)
    if factory is not None:
        if level not in LEVELS:
            raise ValueError(f"unknown agent level {level!r} (choose from {', '.join(LEVELS)})")
        agent = factory(level, seed)
        if agent is not None:
            return agent
    hidden = _hidden_info(game_id)
    if level == "greedy":
        return GreedyAgent(knowledge, seed, GREEDY_SAMPLES if hidden else 1)
    budget = BUDGETS.get(level)
    if budget is None:
        raise ValueError(f"unknown agent level {level!r} (choose from {', '.join(LEVELS)})")
    if hidden:
        return ISMCTSAgent(knowledge, ISMCTS_BUDGETS[level], seed, level)
    return MCTSAgent(knowledge, budget, seed, level)
