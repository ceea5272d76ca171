"""Information Set MCTS (single observer) for games with hidden information.

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search"
(2012); generic over the protocol in `game.core.protocol`.

- **Only through determinisations.** Every iteration starts from
  `state.determinize(seat, rng)`: a full state consistent with what `seat` can
  see, hidden facts resampled with the search's own RNG. The state given to
  `choose` is touched for nothing else (its `to_act()` checks the call), so the
  decision for a seed cannot depend on a hidden fact the seat cannot see.
- **Nodes are information sets.** A decision node is found by a key: how many
  decision steps lie between it and the root, the seat that decides, and what
  the tree allows that seat to know there (`Knowledge.info_key`). By default
  (`opponent_model="observer"`, the single-observer variant) every node is
  keyed by the *searcher's* information: other seats choose from statistics
  pooled over all determinisations, as the searcher sees them, and a hidden
  move by another seat does not split the searcher's later nodes (no peeking
  at it). `opponent_model="own"` keys other seats' nodes by their own
  information inside the determinisation (they play their sampled hand, but
  each hand gets fewer visits).
- **Availability.** Legal sets differ across determinisations, so each edge
  counts how often it was legal when its node was visited, and UCB explores
  with `sqrt(ln(available) / visits)` instead of the parent's visit count.
- **Simultaneous choices.** When `to_act()` lists several seats, each of them
  picks its command from its own node, keyed only by its own view of the state
  *before* any of the round's commands is applied (decoupled UCT); only then
  are the commands applied in seat order. No choice in a round conditions on
  another's, and the searcher's root statistics never see the others' choice
  of the same round: a choice another seat already submitted is hidden, so it
  is resampled by `determinize` like any hidden card. With `reopen_choices`
  the search takes such choices back instead (`Knowledge.reopen_choices`) and
  lets those seats choose again from their own nodes, as if the searcher had
  been asked first: a modelled opponent rather than a uniform redraw.
- **Chance** is sampled from `chance_outcomes()` with the search's own RNG; it
  needs no node, since the next node is found by the information it reveals.
- **Leaves.** A new node's value comes from a truncated play-out of
  `rollout_depth` plies (`Knowledge.rollout_command`, chance by the search's
  RNG) ending in `Knowledge.values`; the search also stops at the end of the
  game or once `Knowledge.horizon_key` has changed `horizon_steps` times
  (1: at the first change, e.g. the end of the round; a level that searches
  further sets more). Values are per seat, each seat
  maximises its own, and UCB uses them min-max normalised over the search.

With a pure iteration budget the result depends only on what the seat can see
and on the seed; the time limits (`search.Deadline`, CPU and wall clock, from the start of each
`choose`) are a safety net.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Hashable, Literal

from game.ai.knowledge import Knowledge
from game.ai.search import REAL_CLOCKS, Budget, Clocks, Deadline, Stats, ValueRange, gc_paused
from game.core.protocol import Command, Seat, State, by_itself
from game.core.rng import Rng

OpponentModel = Literal["observer", "own"]


@dataclass(frozen=True)
class ISMCTSBudget(Budget):
    """How much an ISMCTS search may spend and how it spends it (the shared fields:
    `Budget`; here play-outs are longer and exploration wider by default)."""

    rollout_depth: int = 6
    exploration: float = 0.7
    widen_k: float | None = None
    """None: try every available command of a node before reusing any. Otherwise a
    node visited n times uses about `widen_k * n ** widen_alpha` of them, best
    one-ply score (in the current determinisation) first."""
    max_depth: int = 200
    """Decision steps one iteration may take inside the tree."""
    opponent_model: OpponentModel = "observer"
    horizon_steps: int = 1
    """The search evaluates once `Knowledge.horizon_key` has changed this many times
    since the root (1: at the first change)."""
    reopen_choices: bool = False
    """Let seats that already chose in secret choose again inside the search (see the
    module note) instead of keeping the choice `determinize` drew for them."""


@dataclass
class ISMCTSStats(Stats):
    """What the last ISMCTS did: the shared fields, the information sets it opened and
    its root edges."""

    nodes: int = 0
    root: dict[Command, tuple[int, float, int]] = field(default_factory=dict)
    """The searcher's root edges: command -> (visits, mean value, times available)."""


class _Edge:
    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Node:
    """The statistics of one seat at one information set."""

    __slots__ = ("seat", "edges", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.edges: dict[Command, _Edge] = {}
        self.visits = 0


NodeKey = tuple[int, Seat, Hashable]


class ISMCTS:
    """One search engine, reusable across moves (it keeps no tree between calls)."""

    def __init__(self, knowledge: Knowledge, budget: ISMCTSBudget, seed: int, clocks: Clocks = REAL_CLOCKS) -> None:
        if budget.opponent_model not in ("observer", "own"):
            raise ValueError(f"unknown opponent model {budget.opponent_model!r}")
        if budget.horizon_steps < 1:
            raise ValueError("horizon_steps must be at least 1")
        self.knowledge = knowledge
        self.budget = budget
        self.rng = Rng(seed)
        self.clocks = clocks
        """What the time limits read (a test drives fake clocks)."""
        self.stats = ISMCTSStats()

    # --- API ---------------------------------------------------------------------------
    def choose(self, state: State, seat: Seat) -> Command:
        """The most visited root command for `seat`; `state` itself is never changed."""
        start, deadline = time.perf_counter(), self.budget.deadline(self.clocks)  # the limits count the set-up too
        if seat not in state.to_act():
            raise ValueError(f"seat {seat} is not to act")
        first = state.determinize(seat, self.rng)
        moves = first.candidates(seat)
        if not moves:
            raise ValueError(f"seat {seat} has no legal command")
        if len(moves) == 1:
            self.stats = ISMCTSStats(root_children=1)
            return moves[0]
        with gc_paused():
            return self._search(state, first, seat, moves, start, deadline)

    # --- the search --------------------------------------------------------------------
    def _search(self, state: State, first: State, seat: Seat, moves: list[Command], start: float,
                deadline: Deadline) -> Command:
        seats = self.knowledge.seats(first)
        self._searcher = seat
        self._seats = seats
        self._horizon = self.knowledge.horizon_key(first)
        self._range = ValueRange(seats)  # _pick normalises by it
        self._nodes: dict[NodeKey, _Node] = {}
        self._root = _Node(seat)
        done = 0
        det: State | None = first
        reopen = self.budget.reopen_choices
        for done in range(1, self.budget.iterations + 1):
            if det is None:
                det = state.determinize(seat, self.rng)
            if reopen:
                det = self.knowledge.reopen_choices(det, seat)
            self._range.add(self._iterate(det))
            det = None
            if deadline.past():
                break
        edges = self._root.edges
        order = {cmd: i for i, cmd in enumerate(moves)}
        candidates = [c for c in moves if c in edges] or moves

        def rank(cmd: Command) -> tuple[int, float, int]:
            e = edges.get(cmd)
            if e is None or e.visits == 0:
                return (0, -math.inf, -order[cmd])
            return (e.visits, e.total / e.visits, -order[cmd])

        best = max(candidates, key=rank)
        self.stats = ISMCTSStats(
            iterations=done,
            seconds=time.perf_counter() - start,
            nodes=len(self._nodes) + 1,
            root_children=len(edges),
            best_visits=edges[best].visits if best in edges else 0,
            root={c: (e.visits, e.total / e.visits if e.visits else 0.0, e.available)
                  for c, e in edges.items()},
        )
        return best

    def _iterate(self, state: State) -> list[float]:
        """One iteration on a determinisation (changed in place); returns per-seat values."""
        know = self.knowledge
        path: list[tuple[_Node, Command]] = []
        depth = 0
        self._key = self._horizon
        self._changes = 0
        while True:
            if state.is_over() or self._beyond_horizon(state):
                values = know.values(state)
                break
            actors = state.to_act()
            if by_itself(actors):
                state.apply(state.sample_chance(self.rng))
                continue
            if depth >= self.budget.max_depth:
                values = self._rollout(state)
                break
            # Every seat of the round chooses before anything is applied (decoupled).
            expanded = False
            chosen: list[tuple[_Node, Command]] = []
            for actor in actors:
                node, new = self._node(state, actor, depth)
                chosen.append((node, self._pick(node, state, actor)))
                expanded = expanded or new
            for node, cmd in chosen:
                if cmd.seat in state.to_act():
                    state.apply(cmd)
                    path.append((node, cmd))
            depth += 1
            if expanded:
                values = self._rollout(state)
                break
        for node, cmd in path:
            node.visits += 1
            edge = node.edges[cmd]
            edge.visits += 1
            edge.total += values[node.seat]
        return values

    def _node(self, state: State, actor: Seat, depth: int) -> tuple[_Node, bool]:
        """The node where `actor` decides now, and whether it was just created."""
        if depth == 0 and actor == self._searcher:
            return self._root, self._root.visits == 0
        observer = actor if self.budget.opponent_model == "own" else self._searcher
        key: NodeKey = (depth, actor, self.knowledge.info_key(state, observer))
        node = self._nodes.get(key)
        if node is None:
            node = self._nodes[key] = _Node(actor)
            return node, True
        return node, False

    def _pick(self, node: _Node, state: State, seat: Seat) -> Command:
        """UCB over the commands legal here, counting each one's availability."""
        legal = state.candidates(seat)
        if not legal:
            raise ValueError(f"seat {seat} must act but has no legal command")
        edges = node.edges
        untried: list[Command] = []
        tried = 0
        for cmd in legal:
            edge = edges.get(cmd)
            if edge is None:
                edge = edges[cmd] = _Edge()
            edge.available += 1
            if edge.visits == 0:
                untried.append(cmd)
            else:
                tried += 1
        if untried:
            k = self.budget.widen_k
            if k is None:
                return self.rng.choice(untried)
            if tried == 0 or tried < k * (node.visits + 1) ** self.budget.widen_alpha:
                return self._best_untried(state, seat, untried)
        lo, span = self._range.bounds(seat)
        c = self.budget.exploration
        best: Command | None = None
        best_score = -math.inf
        for cmd in legal:
            edge = edges[cmd]
            if edge.visits == 0:
                continue
            q = (edge.total / edge.visits - lo) / span
            score = q + c * math.sqrt(math.log(edge.available) / edge.visits)
            if score > best_score:
                best_score, best = score, cmd
        assert best is not None
        return best

    def _best_untried(self, state: State, seat: Seat, untried: list[Command]) -> Command:
        if len(untried) == 1:
            return untried[0]
        wanted = set(untried)
        scored = [(v, c) for v, c in self.knowledge.scored_commands(state, seat) if c in wanted]
        if not scored:
            return self.rng.choice(untried)
        top = max(v for v, _ in scored)
        ties = [c for v, c in scored if v >= top - 1e-9]
        return ties[self.rng.randrange(len(ties))]

    def _beyond_horizon(self, state: State) -> bool:
        """Whether this iteration has met its `horizon_steps`-th change of the horizon key
        (the count is kept per iteration in `_key` and `_changes`)."""
        key = self.knowledge.horizon_key(state)
        if key == self._key:
            return False
        self._key = key
        self._changes += 1
        return self._changes >= self.budget.horizon_steps

    def _rollout(self, state: State) -> list[float]:
        """Truncated play-out with the game's policy, then the evaluator."""
        know = self.knowledge
        for _ in range(self.budget.rollout_depth):
            if state.is_over() or self._beyond_horizon(state):
                break
            if by_itself(state.to_act()):
                state.apply(state.sample_chance(self.rng))
            else:
                state.apply(know.rollout_command(state, self.rng))
        return know.values(state)
