"""Per-game knowledge for the AI, and the registry that finds it by game id.

The search (`game.ai.mcts`) and the simple agents are generic; everything they
know about a particular game enters through a `Knowledge` object:

- `evaluate(state, seat)`: how good the position is for `seat` (any real
  scale; bigger is better). `values(state)` gives it for every seat at once.
- `scored_commands(state, seat)`: the legal commands with a quick one-ply
  score each, used by the greedy agent and to order/prune the search's moves.
- `rollout_command(state, rng)`: the play-out policy for truncated rollouts.
- `horizon_key(state)`: the search stops (and evaluates) at a state whose key
  differs from the root's, e.g. the end of the current half in Order & Chaos
  (ISMCTS: at its `horizon_steps`-th change, so a level may look further).
- `info_key(state, seat)`: what a seat knows, the key of the ISMCTS tree's
  nodes (hidden-information games; default `state.info_key(seat)`).

The base class works for any game (scores as values, uniform rollouts, one-ply
scores through clone/apply); a game's manifest names a subclass with more insight.
"""

from __future__ import annotations

from typing import Callable, Hashable

from game.core.protocol import AUTO, CHANCE, Command, Seat, State
from game.core.registry import manifest_entry
from game.core.rng import Rng

# Above this many chance outcomes a one-ply score uses the state's value after
# the move instead of the exact expectation over the outcomes.
CHEAP_CHANCE_OUTCOMES = 12


class Knowledge:
    """Game-agnostic defaults; subclass and name it in the game's manifest to improve."""

    def seats(self, state: State) -> int:
        """How many seats the state scores."""
        return len(state.scores())

    def evaluate(self, state: State, seat: Seat) -> float:
        """Default: the seat's score minus the best other score (zero-sum margin)."""
        s = state.scores()
        others = [v for i, v in enumerate(s) if i != seat]
        return s[seat] - (max(others) if others else 0.0)

    def values(self, state: State) -> list[float]:
        """`evaluate` for every seat (override when one pass gives all of them)."""
        return [self.evaluate(state, seat) for seat in range(self.seats(state))]

    def horizon_key(self, state: State) -> Hashable:
        """The search does not look past a change of this key (default: never)."""
        return 0

    def info_key(self, state: State, seat: Seat) -> Hashable:
        """What `seat` knows in `state`, as the ISMCTS tree's key (`game.ai.ismcts`).

        Default: `state.info_key(seat)`. Override with something cheaper, or
        coarser (an abstraction that merges information sets), when the game's
        own key is slow; it must never tell apart states the seat cannot.
        """
        key: Hashable = state.info_key(seat)
        return key

    def reopen_choices(self, state: State, seat: Seat) -> State:
        """A determinisation in which the seats other than `seat` that have chosen in
        secret (not yet revealed) are to choose again, for a search that models their
        choice (`ISMCTSBudget.reopen_choices`). Default: unchanged (no such phase)."""
        return state

    def rollout_command(self, state: State, rng: Rng) -> Command:
        """The play-out policy: uniform over the legal commands of the seat to act."""
        seat = state.to_act()[0]
        return rng.choice(state.candidates(seat))

    def scored_commands(self, state: State, seat: Seat) -> list[tuple[float, Command]]:
        """Each legal command with `seat`'s value one ply later.

        When chance acts right after the command and has few outcomes, the value
        is the expectation over them.
        """
        out: list[tuple[float, Command]] = []
        for cmd in state.candidates(seat):
            after = state.clone()
            after.apply(cmd)
            out.append((self._expected(after, seat), cmd))
        return out

    def _expected(self, state: State, seat: Seat) -> float:
        if not state.is_over() and state.to_act() == [AUTO]:
            # the engine's own next step (a reveal, a chaos round) is certain: score after it, as
            # when it was a one-outcome chance step (before it, secret choices are still unresolved)
            after = state.clone()
            after.apply(after.candidates(AUTO)[0])
            return self.evaluate(after, seat)
        if state.is_over() or state.to_act() != [CHANCE]:
            return self.evaluate(state, seat)
        outcomes = state.chance_outcomes()
        if not outcomes or len(outcomes) > CHEAP_CHANCE_OUTCOMES:  # too many, or sampled only
            return self.evaluate(state, seat)
        total = 0.0
        for cmd, p in outcomes:
            nxt = state.clone()
            nxt.apply(cmd)
            total += p * self.evaluate(nxt, seat)
        return total


KnowledgeFactory = Callable[[], Knowledge]
_REGISTRY: dict[str, KnowledgeFactory] = {}


def register_knowledge(game_id: str, factory: KnowledgeFactory) -> None:
    """Make `get_knowledge(game_id)` build its knowledge with `factory`, whatever the game's
    manifest names (for games and tests without a manifest)."""
    _REGISTRY[game_id] = factory


def knowledge_factory(game_id: str) -> KnowledgeFactory:
    """What builds the game's knowledge: a registered factory, else the one its manifest names
    (`GameManifest.knowledge`), else the generic `Knowledge`."""
    factory: KnowledgeFactory = _REGISTRY.get(game_id) or manifest_entry(game_id, "knowledge") or Knowledge
    return factory


def get_knowledge(game_id: str) -> Knowledge:
    """The game's knowledge, or the generic defaults when it has none of its own."""
    return knowledge_factory(game_id)()
