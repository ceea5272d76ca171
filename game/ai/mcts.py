"""Generic Monte Carlo tree search for perfect-information games with chance.

- The root is `state.determinize(seat, rng)`, so the search never reads the
  state's own RNG (the future of the bag or dice); chance nodes are sampled
  from `chance_outcomes()` with the search's own seeded RNG.
- Decision nodes order their moves by the game's one-ply scores
  (`Knowledge.scored_commands`), keep at most `max_children` of them, and open
  them best first by progressive widening: a node visited n times may have
  about `widen_k * n ** widen_alpha` children. That tames branching factors
  like Order's ~200 slides without hiding any move forever.
- A new leaf is valued by a truncated play-out of `rollout_depth` plies with
  the game's policy, ending in the game's evaluator, or (with `leaf_depth`) by
  a small expectimax: `leaf_depth` decision plies, every chance outcome
  weighed by its probability (a step that cannot list its outcomes: a few
  drawn ones, `search.CHANCE_SAMPLES`), the `leaf_top_k` best moves by one-ply score at
  inner decision nodes and the one-ply best at the last, so a leaf's value
  already sees the opponent's best reply to the chance that follows. The
  search also stops at the end of the game or where `Knowledge.horizon_key`
  changes.
- Values are per seat and each seat maximises its own (so n players work);
  UCT works on values min-max normalised over the whole tree.

With a pure iteration budget the result depends only on the state and seed; the time
limits (`search.Deadline`, CPU and wall clock, from the start of each `choose`) are a safety net.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Hashable

from game.ai.knowledge import Knowledge
from game.ai.search import REAL_CLOCKS, Budget, Clocks, Deadline, Stats, ValueRange, chance_spread, gc_paused
from game.core.protocol import CHANCE, Command, Seat, State, by_itself
from game.core.rng import Rng


@dataclass(frozen=True)
class SearchBudget(Budget):
    """How much an MCTS may spend and how it spends it (the shared fields: `Budget`)."""

    widen_k: float = 2.0
    max_children: int | None = None
    leaf_depth: int = 0
    """Decision plies of expectimax that value a new leaf (after any rollout)."""
    leaf_top_k: int = 4
    """Moves (best by one-ply score) the leaf expectimax tries at its inner decision nodes."""


SearchStats = Stats
"""What the last MCTS did: only the fields every search reports."""


class _Node:
    __slots__ = ("actor", "children", "untried", "visits", "totals")

    def __init__(self, actor: Seat, seats: int) -> None:
        self.actor = actor  # CHANCE for a chance node (AUTO's steps too), _STOP for a leaf of the search
        self.children: dict[Command, _Node] = {}
        self.untried: list[Command] | None = None  # best first, popped from the end
        self.visits = 0
        self.totals = [0.0] * seats


_STOP = -99
"""The actor of a leaf node: no seat, no chance, no engine step."""


class MCTS:
    """One search engine, reusable across moves (it keeps no tree between calls)."""

    def __init__(self, knowledge: Knowledge, budget: SearchBudget, seed: int, clocks: Clocks = REAL_CLOCKS) -> None:
        self.knowledge = knowledge
        self.budget = budget
        self.rng = Rng(seed)
        self.clocks = clocks
        """What the time limits read (a test drives fake clocks)."""
        self.stats = SearchStats()

    def choose(self, state: State, seat: Seat) -> Command:
        """The most visited root move for `seat`; `state` itself is never changed."""
        start, deadline = time.perf_counter(), self.budget.deadline(self.clocks)  # the limits count the set-up too
        if seat not in state.to_act():
            raise ValueError(f"seat {seat} is not to act")
        root_state = state.determinize(seat, self.rng)
        moves = root_state.candidates(seat)
        if not moves:
            raise ValueError("no legal command")
        if len(moves) == 1:
            self.stats = SearchStats(0, 0.0, 1, 0)
            return moves[0]
        seats = self.knowledge.seats(root_state)
        with gc_paused():
            return self._search(root_state, seat, seats, start, deadline)

    def _search(self, root_state: State, seat: Seat, seats: int, start: float, deadline: Deadline) -> Command:
        horizon = self.knowledge.horizon_key(root_state)
        root = _Node(seat, seats)
        self._range = ValueRange(seats)  # _select normalises by it
        done = 0
        for done in range(1, self.budget.iterations + 1):
            self._range.add(self._iterate(root, root_state, seats, horizon))
            if deadline.past():
                break
        best_cmd, best = max(root.children.items(),
                             key=lambda kv: (kv[1].visits, kv[1].totals[seat] / max(1, kv[1].visits)))
        self.stats = SearchStats(done, time.perf_counter() - start, len(root.children), best.visits)
        return best_cmd

    # --- one iteration -------------------------------------------------------------
    def _iterate(self, root: _Node, root_state: State, seats: int, horizon: Hashable) -> list[float]:
        state = root_state.clone()
        node = root
        path = [root]
        values: list[float] | None = None
        while values is None:
            if node.actor == _STOP:
                values = self.knowledge.values(state)
                break
            if node.actor == CHANCE:
                cmd = state.sample_chance(self.rng)
                child = node.children.get(cmd)
                state.apply(cmd)
                if child is None:
                    child = self._new_node(state, seats, horizon)
                    node.children[cmd] = child
                    path.append(child)
                    values = self._leaf_value(state, horizon)
                    break
                node = child
                path.append(node)
                continue
            if node.untried is None:
                node.untried = self._ordered_moves(state, node.actor)
            allowed = self.budget.widen_k * (node.visits + 1) ** self.budget.widen_alpha
            if node.untried and (len(node.children) < allowed or not node.children):
                cmd = node.untried.pop()
                state.apply(cmd)
                child = self._new_node(state, seats, horizon)
                node.children[cmd] = child
                path.append(child)
                values = self._leaf_value(state, horizon)
                break
            cmd, node = self._select(node)
            state.apply(cmd)
            path.append(node)
        for n in path:
            n.visits += 1
            t = n.totals
            for i in range(seats):
                t[i] += values[i]
        return values

    def _new_node(self, state: State, seats: int, horizon: Hashable) -> _Node:
        if state.is_over() or self.knowledge.horizon_key(state) != horizon:
            return _Node(_STOP, seats)
        actors = state.to_act()
        return _Node(CHANCE if by_itself(actors) else actors[0], seats)

    def _ordered_moves(self, state: State, seat: Seat) -> list[Command]:
        """Moves worst first (so `pop()` gives the best), cut to `max_children`."""
        scored = self.knowledge.scored_commands(state, seat)
        order = sorted(range(len(scored)), key=lambda i: scored[i][0], reverse=True)
        if self.budget.max_children is not None:
            order = order[: self.budget.max_children]
        return [scored[i][1] for i in reversed(order)]

    def _select(self, node: _Node) -> tuple[Command, _Node]:
        actor = node.actor
        lo, span = self._range.bounds(actor)
        log_n = math.log(node.visits + 1)
        c = self.budget.exploration
        best: tuple[Command, _Node] | None = None
        best_score = -math.inf
        for cmd, child in node.children.items():
            q = (child.totals[actor] / child.visits - lo) / span
            score = q + c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best_score, best = score, (cmd, child)
        assert best is not None
        return best

    def _leaf_value(self, state: State, horizon: Hashable) -> list[float]:
        """Truncated play-out with the game's policy, then the evaluator."""
        for _ in range(self.budget.rollout_depth):
            if state.is_over() or self.knowledge.horizon_key(state) != horizon:
                break
            actors = state.to_act()
            if by_itself(actors):
                state.apply(state.sample_chance(self.rng))
            else:
                state.apply(self.knowledge.rollout_command(state, self.rng))
        if self.budget.leaf_depth > 0:
            return self._expectimax(state, self.budget.leaf_depth, horizon)
        return self.knowledge.values(state)

    def _expectimax(self, state: State, depth: int, horizon: Hashable) -> list[float]:
        """Per-seat values after `depth` decision plies; chance is averaged, not sampled.

        Each deciding seat maximises its own value among its `leaf_top_k` best
        moves by one-ply score (the single best at the last ply).
        """
        know = self.knowledge
        if depth <= 0 or state.is_over() or know.horizon_key(state) != horizon:
            return know.values(state)
        actors = state.to_act()
        if by_itself(actors):
            total: list[float] | None = None
            for cmd, p in chance_spread(state, self.rng):
                nxt = state.clone()
                nxt.apply(cmd)
                v = self._expectimax(nxt, depth, horizon)
                if total is None:
                    total = [p * x for x in v]
                else:
                    for i, x in enumerate(v):
                        total[i] += p * x
            assert total is not None
            return total
        seat = actors[0]
        scored = know.scored_commands(state, seat)
        if depth == 1:
            best_cmd = max(scored, key=lambda sc: sc[0])[1]
            state.apply(best_cmd)
            return self._expectimax(state, 0, horizon)
        order = sorted(range(len(scored)), key=lambda i: scored[i][0], reverse=True)
        best: list[float] | None = None
        for i in order[: max(1, self.budget.leaf_top_k)]:
            nxt = state.clone()
            nxt.apply(scored[i][1])
            v = self._expectimax(nxt, depth - 1, horizon)
            if best is None or v[seat] > best[seat]:
                best = v
        assert best is not None
        return best
