"""Agents and the generic MCTS: legality, no mutation, determinism, obvious moves."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.agents import LEVELS, Agent, MCTSAgent, make_agent
from game.ai.knowledge import Knowledge, get_knowledge
from game.ai.mcts import MCTS, SearchBudget
from game.core.protocol import CHANCE, State, by_itself
from game.core.registry import get_game
from game.core.rng import Rng
from game.order_chaos.ai import OrderChaosKnowledge, line_value
from game.order_chaos.commands import Place, Slide
from game.order_chaos.state import OrderChaosState

GAME = "order-chaos"
SMALL = SearchBudget(iterations=40)


def random_position(seed: int, plies: int) -> OrderChaosState:
    """A position reached by `plies` random commands (chance by the state's RNG)."""
    state = get_game(GAME).new({}, seed)
    rng = Rng(seed + 1)
    assert isinstance(state, OrderChaosState)
    for _ in range(plies):
        actors = state.to_act()
        if not actors:
            break
        if by_itself(actors):
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.candidates(actors[0])))
    if by_itself(state.to_act()):
        state.apply(state.sample_chance())
    return state


def small_agent(level: str, seed: int) -> object:
    if level in ("easy", "normal", "hard"):
        return MCTSAgent(get_knowledge(GAME), SMALL, seed, level)
    return make_agent(level, GAME, seed)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 140), level=st.sampled_from(LEVELS))
def test_agents_return_legal_commands_without_touching_the_state(seed: int, plies: int, level: str) -> None:
    state = random_position(seed, plies)
    if state.is_over():
        return
    seat = state.to_act()[0]
    before, rng_before = state.notation(), state.rng.copy()
    agent = small_agent(level, seed)
    command = agent.choose(state, seat)  # type: ignore[attr-defined]
    assert command in state.candidates(seat)
    assert state.notation() == before
    assert state.rng == rng_before


def test_make_agent_knows_every_level_and_refuses_others() -> None:
    for level in LEVELS:
        assert make_agent(level, GAME, 1) is not None
    with pytest.raises(ValueError):
        make_agent("grandmaster", GAME, 1)


@pytest.mark.parametrize("plies", [1, 2, 61])
def test_mcts_is_deterministic_for_a_seed_with_an_iteration_budget(plies: int) -> None:
    state = random_position(7, plies)
    seat = state.to_act()[0]
    budget = SearchBudget(iterations=120)
    first = MCTS(get_knowledge(GAME), budget, 99).choose(state, seat)
    second = MCTS(get_knowledge(GAME), budget, 99).choose(state.clone(), seat)
    assert first == second


def test_search_does_not_read_the_states_rng() -> None:
    """The future of the bag is not visible: reseeding the state changes nothing."""
    state = random_position(11, 30)
    seat = state.to_act()[0]
    other = state.clone()
    other.rng = Rng(123456789)
    budget = SearchBudget(iterations=150)
    assert MCTS(get_knowledge(GAME), budget, 5).choose(state, seat) == \
        MCTS(get_knowledge(GAME), budget, 5).choose(other, seat)


# Row A holds 1 1 1 . 1 1 1; the 1 at Bd can slide up and complete 1111111 (77 points).
PALINDROME_FOR_ORDER = "7|1|order|-|111.111/...1.../.2...../....3../......4/5....../.......|1676566|-,-"
# Chaos holds a 1 and row A waits for it in its gap.
GIFT_FOR_CHAOS = "7|1|place|1|111.111/......./.2...../....3../......4/5....../.......|0676566|-,-"


def pinned_agent(level: str) -> Agent:
    """The level's agent; a search gets 200 iterations and no time cap (same choice anywhere)."""
    agent = make_agent(level, GAME, 3)
    if isinstance(agent, MCTSAgent):
        return MCTSAgent(get_knowledge(GAME), SearchBudget(iterations=200), 3, level)
    return agent


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_order_completes_the_obvious_palindrome(level: str) -> None:
    state = OrderChaosState.from_notation(PALINDROME_FOR_ORDER)
    agent = pinned_agent(level)
    assert agent.choose(state, 0) == Slide(0, (1, 3), (0, 3))


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_chaos_does_not_fill_the_gap_order_waits_for(level: str) -> None:
    state = OrderChaosState.from_notation(GIFT_FOR_CHAOS)
    agent = pinned_agent(level)
    choice = agent.choose(state, 1)
    assert isinstance(choice, Place)
    assert choice.cell != (0, 3)


def test_knowledge_registry() -> None:
    assert isinstance(get_knowledge(GAME), OrderChaosKnowledge)
    assert type(get_knowledge("no-such-game")) is Knowledge


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 145))
def test_incremental_move_scores_match_the_evaluator(seed: int, plies: int) -> None:
    """The fast one-ply scores equal evaluating the position after each move."""
    state = random_position(seed, plies)
    if state.is_over():
        return
    seat = state.to_act()[0]
    know = OrderChaosKnowledge()
    scored = know.scored_commands(state, seat)
    legal = state.candidates(seat)
    assert len(scored) == len(legal) and {c for _, c in scored} == set(legal)
    for value, cmd in scored[:: max(1, len(scored) // 25)]:
        after = state.clone()
        after.apply(cmd)
        assert value == pytest.approx(know.evaluate(after, seat), abs=1e-6)


def test_line_value_is_the_score_when_full_and_grows_with_promise() -> None:
    bag = (7, 7, 7, 7, 7, 7, 7)
    assert line_value((0, 0, 0, 0, 0, 0, 0), bag) == 77
    assert line_value((0, 1, 2, 3, 4, 5, 6), bag) == 0
    promising = line_value((0, 0, 0, None, 0, 0, 0), (7, 0, 0, 0, 0, 0, 1))
    spoiled = line_value((0, 0, 0, None, 0, 0, 0), (0, 0, 0, 0, 0, 0, 1))
    assert promising > spoiled >= 14


class _Race(State):
    """A toy game with chance to show MCTS is generic: first to 6 points wins.

    Seats alternate: a seat either takes 1 point for sure or rolls a die (chance)
    that gives 0 or 2 points with equal odds.
    """

    def __init__(self) -> None:
        self.rng = Rng(0)
        self.points = [0, 0]
        self.turn = 0
        self.rolling = False

    def to_act(self) -> list[int]:
        if self.is_over():
            return []
        return [CHANCE] if self.rolling else [self.turn]

    def candidates(self, seat: int) -> list:  # type: ignore[type-arg]
        if seat != self.to_act()[0]:
            return []
        if seat == CHANCE:
            return [c for c, _ in self.chance_outcomes()]
        return [("take", seat), ("roll", seat)]

    def apply(self, command) -> list:  # type: ignore[no-untyped-def,type-arg]
        kind, seat = command
        if kind == "take":
            self.points[seat] += 1
            self.turn = 1 - seat
        elif kind == "roll":
            self.rolling = True
        else:
            self.points[self.turn] += 2 if kind == "hit" else 0
            self.rolling = False
            self.turn = 1 - self.turn
        return []

    def chance_outcomes(self) -> list:  # type: ignore[type-arg]
        return [(("hit", CHANCE), 0.5), (("miss", CHANCE), 0.5)] if self.rolling else []

    def clone(self) -> "_Race":
        c = _Race()
        c.rng, c.points, c.turn, c.rolling = self.rng.copy(), self.points[:], self.turn, self.rolling
        return c

    def is_over(self) -> bool:
        return max(self.points) >= 6

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def view(self, seat: int) -> dict:  # type: ignore[type-arg]
        return {"points": self.points[:]}

    def notation(self) -> str:
        return f"{self.points}{self.turn}{self.rolling}"


def test_mcts_is_generic_and_finds_the_safe_win() -> None:
    """At 5-5 taking the sure point wins at once; rolling wins only half the time."""
    state = _Race()
    state.points = [5, 5]
    budget = SearchBudget(iterations=300)
    assert MCTS(Knowledge(), budget, 1).choose(state, 0) == ("take", 0)
    assert state.points == [5, 5]


# --- the leaf expectimax (SearchBudget.leaf_depth) -------------------------------------
LEAF = SearchBudget(iterations=30, leaf_depth=2, leaf_top_k=3)


@pytest.mark.parametrize("plies", [1, 2, 61])
def test_leaf_expectimax_is_deterministic_legal_and_leaves_the_state_alone(plies: int) -> None:
    state = random_position(17, plies)
    seat = state.to_act()[0]
    before, rng_before = state.notation(), state.rng.copy()
    first = MCTS(get_knowledge(GAME), LEAF, 4).choose(state, seat)
    second = MCTS(get_knowledge(GAME), LEAF, 4).choose(state.clone(), seat)
    assert first == second
    assert first in state.candidates(seat)
    assert state.notation() == before and state.rng == rng_before


@pytest.mark.parametrize("level_budget", [LEAF, SearchBudget(iterations=20, leaf_depth=1)])
def test_leaf_expectimax_finds_the_obvious_moves(level_budget: SearchBudget) -> None:
    order = OrderChaosState.from_notation(PALINDROME_FOR_ORDER)
    assert MCTS(get_knowledge(GAME), level_budget, 3).choose(order, 0) == Slide(0, (1, 3), (0, 3))
    chaos = OrderChaosState.from_notation(GIFT_FOR_CHAOS)
    choice = MCTS(get_knowledge(GAME), level_budget, 3).choose(chaos, 1)
    assert isinstance(choice, Place) and choice.cell != (0, 3)


def test_leaf_expectimax_is_generic_and_weighs_chance() -> None:
    """At 5-5 rolling wins only on a hit; the expectimax leaf must see the sure point is better."""
    state = _Race()
    state.points = [5, 5]
    budget = SearchBudget(iterations=4, leaf_depth=2, leaf_top_k=2)
    assert MCTS(Knowledge(), budget, 1).choose(state, 0) == ("take", 0)
    assert state.points == [5, 5]


def test_future_gain_fades_as_the_board_fills() -> None:
    from game.order_chaos.ai import future_gain

    assert future_gain(7, 0, True) == future_gain(7, 0, False) == 0.0
    for before_slide in (True, False):
        gains = [future_gain(7, e, before_slide) for e in range(50)]
        assert gains == sorted(gains) and gains[49] > 40
    assert 0.0 < future_gain(5, 25, False) < future_gain(7, 49, False)
