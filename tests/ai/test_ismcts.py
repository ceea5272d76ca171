"""ISMCTS on a toy hidden-information game with simultaneous secret choices.

The toy ("card duel", not registered): chance deals each of two seats a secret
card 1-3; then, for a few rounds, both seats secretly and simultaneously show a
sign (rock, paper, scissors) or fold. Signs are revealed together: the better
sign wins, equal signs go to the higher card (equal cards: a draw). A win is
worth 2 points, folding gives the other seat 1 point. A config can restrict the
signs each seat may show (a player who always shows rock).
"""

from __future__ import annotations

from game.core.protocol import by_itself
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import agents
from game.ai.agents import GreedyAgent, ISMCTSAgent, MCTSAgent, make_agent
from game.order_chaos.agents import RoleAgent
from game.ai.ismcts import ISMCTS, ISMCTSBudget
from game.ai.knowledge import Knowledge
from game.ai.mcts import MCTS, SearchBudget
from game.core import registry
from game.core.protocol import (CHANCE, Command, CommandCodec, Game, GameInfo, JsonDict, Refusal,
                                State, Target)
from game.core.rng import Rng

SIGNS = ("rock", "paper", "scissors", "fold")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
ALL = ("rock", "paper", "scissors", "fold")


@dataclass(frozen=True)
class Deal(Command):
    TAG: ClassVar[str] = "deal"
    cards: tuple[int, int]


@dataclass(frozen=True)
class Show(Command):
    TAG: ClassVar[str] = "show"
    sign: str


def outcome(signs: tuple[str, str], cards: tuple[int, int]) -> tuple[int, int]:
    """Points each seat gains from one round."""
    a, b = signs
    if a == "fold" and b == "fold":
        return (0, 0)
    if a == "fold":
        return (0, 1)
    if b == "fold":
        return (1, 0)
    if BEATS[a] == b:
        return (2, 0)
    if BEATS[b] == a:
        return (0, 2)
    if cards[0] != cards[1]:
        return (2, 0) if cards[0] > cards[1] else (0, 2)
    return (0, 0)


class Duel(State):
    def __init__(self, rounds: int = 1, allowed: tuple[tuple[str, ...], tuple[str, ...]] = (ALL, ALL),
                 seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.rounds = rounds
        self.allowed = allowed
        self.cards: tuple[int, int] | None = None
        self.pending: list[str | None] = [None, None]
        self.history: list[tuple[str, str]] = []
        self.points = [0, 0]

    # --- protocol ----------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.is_over():
            return []
        if self.cards is None:
            return [CHANCE]
        return [s for s in (0, 1) if self.pending[s] is None]

    def candidates(self, seat: int) -> list[Command]:
        if seat not in self.to_act():
            return []
        if seat == CHANCE:
            return [c for c, _ in self.chance_outcomes()]
        return [Show(seat, s) for s in self.allowed[seat]]

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        if self.cards is not None:
            return []
        return [(Deal(CHANCE, (a, b)), 1 / 9) for a in (1, 2, 3) for b in (1, 2, 3)]

    def apply(self, command: Command) -> list[Any]:
        if isinstance(command, Deal):
            self.cards = command.cards
            return []
        assert isinstance(command, Show) and self.cards is not None
        self.pending[command.seat] = command.sign
        if None not in self.pending:
            signs = (str(self.pending[0]), str(self.pending[1]))
            gain = outcome(signs, self.cards)
            self.points = [self.points[0] + gain[0], self.points[1] + gain[1]]
            self.history.append(signs)
            self.pending = [None, None]
        return []

    def clone(self) -> "Duel":
        c = Duel(self.rounds, self.allowed)
        c.rng = self.rng.copy()
        c.cards, c.pending, c.history, c.points = self.cards, self.pending[:], self.history[:], self.points[:]
        return c

    def is_over(self) -> bool:
        return len(self.history) >= self.rounds

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def view(self, seat: int) -> JsonDict:
        return {
            "card": None if self.cards is None else self.cards[seat],
            "dealt": self.cards is not None,
            "mine": self.pending[seat],
            "submitted": [p is not None for p in self.pending],
            "history": [list(h) for h in self.history],
            "points": self.points[:],
            "rounds": self.rounds,
            "allowed": [list(a) for a in self.allowed],
        }

    def notation(self) -> str:
        return f"{self.cards}|{self.pending}|{self.history}|{self.points}"

    def determinize(self, seat: int, rng: Rng) -> "Duel":
        """Resample the other seat's card (among those consistent with the history)
        and any sign it has submitted but not yet revealed."""
        copy = self.clone()
        copy.rng = rng.fork()
        other = 1 - seat
        if self.cards is not None:
            mine = self.cards[seat]
            options = []
            for card in (1, 2, 3):
                cards = (mine, card) if seat == 0 else (card, mine)
                points = [0, 0]
                for signs in self.history:
                    g = outcome(signs, cards)
                    points = [points[0] + g[0], points[1] + g[1]]
                if points == self.points:
                    options.append(card)
            card = rng.choice(options)
            copy.cards = (mine, card) if seat == 0 else (card, mine)
        if self.pending[other] is not None:
            copy.pending[other] = rng.choice(self.allowed[other])
        return copy


class Sealed(Duel):
    """A state whose hidden facts may only be reached through `determinize`."""

    def _refuse(self, *args: object) -> Any:
        raise AssertionError("the search read the real state instead of a determinisation")

    candidates = apply = chance_outcomes = clone = view = info_key = scores = notation = _refuse  # type: ignore[assignment]

    def determinize(self, seat: int, rng: Rng) -> Duel:
        plain = Duel(self.rounds, self.allowed)
        plain.cards, plain.pending = self.cards, self.pending[:]
        plain.history, plain.points = self.history[:], self.points[:]
        return plain.determinize(seat, rng)


def dealt(cards: tuple[int, int], rounds: int = 1,
          allowed: tuple[tuple[str, ...], tuple[str, ...]] = (ALL, ALL)) -> Duel:
    state = Duel(rounds, allowed)
    state.apply(Deal(CHANCE, cards))
    return state


def search(seed: int = 1, iterations: int = 400, **kw: Any) -> ISMCTS:
    return ISMCTS(Knowledge(), ISMCTSBudget(iterations=iterations, **kw), seed)


def random_position(seed: int, plies: int, rounds: int = 3) -> Duel:
    state = Duel(rounds, seed=seed)
    rng = Rng(seed + 1)
    for _ in range(plies):
        actors = state.to_act()
        if not actors:
            break
        if by_itself(actors):
            state.apply(state.sample_chance())
        else:
            seat = rng.choice(actors)
            state.apply(rng.choice(state.candidates(seat)))
    if by_itself(state.to_act()):
        state.apply(state.sample_chance())
    return state


# --- the toy itself --------------------------------------------------------------------

def test_the_toys_determinisation_keeps_the_seats_information() -> None:
    rng = Rng(3)
    for seed in range(30):
        state = random_position(seed, seed % 7)
        for seat in state.to_act():
            for _ in range(5):
                assert state.determinize(seat, rng).info_key(seat) == state.info_key(seat)


# --- contract: legal, no mutation, deterministic ------------------------------------------

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 6), model=st.sampled_from(["observer", "own"]),
       widen=st.sampled_from([None, 1.5]))
def test_returns_a_legal_command_and_leaves_the_state_alone(seed: int, plies: int, model: str,
                                                            widen: float | None) -> None:
    state = random_position(seed, plies)
    if state.is_over():
        return
    seat = state.to_act()[seed % len(state.to_act())]
    before, rng_before = state.notation(), state.rng.copy()
    command = search(seed, 60, opponent_model=model, widen_k=widen).choose(state, seat)
    assert command in state.candidates(seat)
    assert state.notation() == before and state.rng == rng_before


def test_refuses_a_seat_that_is_not_to_act() -> None:
    state = dealt((1, 2))
    state.apply(Show(0, "rock"))
    with pytest.raises(ValueError):
        search().choose(state, 0)


def test_a_single_legal_command_is_returned_without_search() -> None:
    state = dealt((1, 2), allowed=(ALL, ("rock",)))
    engine = search()
    assert engine.choose(state, 1) == Show(1, "rock")
    assert engine.stats.iterations == 0


@pytest.mark.parametrize("seed", [2, 17])
def test_deterministic_for_a_seed(seed: int) -> None:
    state = random_position(seed, 3)
    seat = state.to_act()[0]
    first = search(seed, 300).choose(state, seat)
    engine = search(seed, 300)
    assert engine.choose(state.clone(), seat) == first
    assert engine.stats.iterations == 300


# --- hidden facts ------------------------------------------------------------------------

def test_never_reads_the_real_state_except_through_determinize() -> None:
    state = Sealed(3)
    state.cards = (2, 3)
    assert search(5, 200).choose(state, 1) in [Show(1, s) for s in ALL]


@pytest.mark.parametrize("seat", [0, 1])
def test_decision_does_not_change_with_the_opponents_hidden_card(seat: int) -> None:
    for mine in (1, 2, 3):
        choices = set()
        for theirs in (1, 2, 3):
            cards = (mine, theirs) if seat == 0 else (theirs, mine)
            engine = search(11, 300)
            choices.add(engine.choose(dealt(cards, rounds=2), seat))
        assert len(choices) == 1, (mine, choices)


def test_root_statistics_are_identical_whatever_the_hidden_facts() -> None:
    """Not just the same answer: the whole root table, to the last visit."""
    tables = []
    for theirs in (1, 2, 3):
        engine = search(4, 250)
        engine.choose(dealt((theirs, 2), rounds=2), 1)
        tables.append(engine.stats.root)
    assert tables[0] == tables[1] == tables[2]


def test_no_peeking_at_a_choice_already_submitted() -> None:
    """Seat 0 has shown its sign face down; seat 1's decision cannot depend on it."""
    answers = []
    tables = []
    for sign in ("rock", "paper", "scissors", "fold"):
        state = dealt((2, 2), rounds=2)
        state.apply(Show(0, sign))
        engine = search(8, 300)
        answers.append(engine.choose(state, 1))
        tables.append(engine.stats.root)
    assert len(set(answers)) == 1
    assert all(t == tables[0] for t in tables)


# --- playing strength --------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("model", ["observer", "own"])
def test_beats_a_player_who_always_shows_rock(seed: int, model: str) -> None:
    state = dealt((3, 1), allowed=(("rock",), ALL))
    assert search(seed, 300, opponent_model=model).choose(state, 1) == Show(1, "paper")
    # Also when the rock is already on the table, face down.
    state.apply(Show(0, "rock"))
    assert search(seed, 300, opponent_model=model).choose(state, 1) == Show(1, "paper")


@pytest.mark.parametrize("seed", [1, 2])
def test_uses_its_own_card_and_averages_over_the_hidden_one(seed: int) -> None:
    """Against rock, with only rock or fold: a 1 loses 2/3 of ties (-4/3 < -1: fold),
    a 3 wins 2/3 of them (+4/3: show rock)."""
    allowed = (("rock",), ("rock", "fold"))
    for theirs in (1, 2, 3):
        low = dealt((theirs, 1), allowed=allowed)
        high = dealt((theirs, 3), allowed=allowed)
        assert search(seed, 600).choose(low, 1) == Show(1, "fold")
        assert search(seed, 600).choose(high, 1) == Show(1, "rock")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_simultaneous_choices_are_decoupled(seed: int) -> None:
    """Neither seat sees the other's sign, so each sign is worth about 0 on
    average and folding (-1) is a mistake. A search that let the later mover see
    the earlier one would find every sign punished (-2) and fold: the plain
    perfect-information MCTS, which plays the round as two turns, does."""
    state = dealt((2, 2))
    engine = search(seed, 800)
    assert engine.choose(state, 0) != Show(0, "fold")
    root = engine.stats.root
    fold = root[Show(0, "fold")][1]
    assert all(root[Show(0, s)][1] > fold for s in ("rock", "paper", "scissors"))
    # The contrast: a sequential search lets seat 1 answer seat 0's sign.
    peeking = MCTS(Knowledge(), SearchBudget(iterations=800), seed).choose(state, 0)
    assert peeking == Show(0, "fold")


def test_searches_several_rounds_with_the_default_budget_shape() -> None:
    state = dealt((3, 1), rounds=3, allowed=(("rock",), ALL))
    engine = search(3, 500, widen_k=2.0)
    assert engine.choose(state, 1) == Show(1, "paper")
    assert engine.stats.nodes > 3


class RoundHorizon(Knowledge):
    """The duel's round as the horizon key; records the rounds it evaluated at."""

    def __init__(self) -> None:
        self.evaluated: set[int] = set()

    def horizon_key(self, state: State) -> int:
        assert isinstance(state, Duel)
        return len(state.history)

    def values(self, state: State) -> list[float]:
        assert isinstance(state, Duel)
        self.evaluated.add(len(state.history))
        return super().values(state)


@pytest.mark.parametrize("steps", [1, 2, 3])
def test_the_search_looks_past_horizon_steps_changes_of_the_key(steps: int) -> None:
    """`horizon_steps` = n: every iteration (tree and play-out) stops at the n-th
    change of the horizon key, never before and never after."""
    know = RoundHorizon()
    budget = ISMCTSBudget(iterations=300, rollout_depth=20, horizon_steps=steps)
    ISMCTS(know, budget, 1).choose(dealt((2, 2), rounds=5), 0)
    assert know.evaluated == {steps}


def test_horizon_steps_must_be_positive() -> None:
    with pytest.raises(ValueError):
        ISMCTS(Knowledge(), ISMCTSBudget(horizon_steps=0), 1)


def test_iteration_time_cap() -> None:
    engine = search(1, 10**9, max_seconds=0.05)
    engine.choose(dealt((1, 2), rounds=5), 0)
    assert 0 < engine.stats.iterations < 10**9


# --- agents ----------------------------------------------------------------------------------

class DuelGame(Game):
    info = GameInfo("toy-duel", "Card duel", 2, 2, ("A", "B"), True, True)
    codec = CommandCodec(Deal, Show)

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> State:
        return Duel(1, seed=seed)

    def find_command(self, state: State, seat: int, source: Target, target: Target | None) -> Command | Refusal:
        return Refusal("no gestures in the toy")


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> str:
    registry.all_games()  # load the built-in games first
    monkeypatch.setitem(registry._GAMES, "toy-duel", DuelGame())
    return "toy-duel"


def test_make_agent_uses_ismcts_for_hidden_information(toy_registered: str) -> None:
    for level in ("easy", "normal", "hard"):
        assert isinstance(make_agent(level, toy_registered, 1), ISMCTSAgent)
        agent = make_agent(level, "order-chaos", 1)  # (hard: one MCTS search per role, issue 18)
        searches = [agent.order, agent.chaos] if isinstance(agent, RoleAgent) else [agent]
        assert all(isinstance(a, MCTSAgent) for a in searches)
    greedy = make_agent("greedy", toy_registered, 1)
    assert isinstance(greedy, GreedyAgent) and greedy.samples > 1
    greedy_oc = make_agent("greedy", "order-chaos", 1)
    assert isinstance(greedy_oc, GreedyAgent) and greedy_oc.samples == 1


@pytest.mark.parametrize("level", agents.LEVELS)
def test_every_level_plays_the_toy_legally_and_blind(toy_registered: str, level: str) -> None:
    for seed in range(3):
        state = random_position(seed, 2)
        seat = state.to_act()[-1]
        before = state.notation()
        agent = make_agent(level, toy_registered, seed)
        if isinstance(agent, ISMCTSAgent):
            agent = ISMCTSAgent(Knowledge(), ISMCTSBudget(iterations=80), seed, level)
        command = agent.choose(state, seat)
        assert command in state.candidates(seat)
        assert state.notation() == before
    # Blind: the opponent's hidden card does not change the answer.
    answers = set()
    for theirs in (1, 2, 3):
        agent = make_agent(level, toy_registered, 5)
        if isinstance(agent, ISMCTSAgent):
            agent = ISMCTSAgent(Knowledge(), ISMCTSBudget(iterations=80), 5, level)
        answers.add(agent.choose(dealt((theirs, 2)), 1))
    assert len(answers) == 1


def test_greedy_averages_over_determinisations() -> None:
    """With a 1 against rock (rock or fold): rock is worth -4/3 on average, fold -1."""
    state = dealt((2, 1), allowed=(("rock",), ("rock", "fold")))
    state.apply(Show(0, "rock"))
    assert GreedyAgent(Knowledge(), 1, samples=60).choose(state, 1) == Show(1, "fold")


# --- more than two seats ---------------------------------------------------------------------

class Unique(State):
    """Three seats secretly pick 1-3 at once; a pick nobody else made scores 1."""

    def __init__(self, allowed: tuple[tuple[int, ...], ...]) -> None:
        self.rng = Rng(0)
        self.allowed = allowed
        self.picks: list[int | None] = [None, None, None]

    def to_act(self) -> list[int]:
        return [s for s in range(3) if self.picks[s] is None]

    def candidates(self, seat: int) -> list[Command]:
        return [Show(seat, str(n)) for n in self.allowed[seat]] if seat in self.to_act() else []

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        return []

    def apply(self, command: Command) -> list[Any]:
        assert isinstance(command, Show)
        self.picks[command.seat] = int(command.sign)
        return []

    def clone(self) -> "Unique":
        c = Unique(self.allowed)
        c.rng, c.picks = self.rng.copy(), self.picks[:]
        return c

    def is_over(self) -> bool:
        return None not in self.picks

    def scores(self) -> list[float]:
        return [float(self.is_over() and self.picks.count(p) == 1) for p in self.picks]

    def view(self, seat: int) -> JsonDict:
        return {"mine": self.picks[seat], "done": [p is not None for p in self.picks]}

    def notation(self) -> str:
        return str(self.picks)

    def determinize(self, seat: int, rng: Rng) -> "Unique":
        copy = self.clone()
        copy.rng = rng.fork()
        for s in range(3):
            if s != seat and self.picks[s] is not None:
                copy.picks[s] = rng.choice(self.allowed[s])
        return copy


@pytest.mark.parametrize("model", ["observer", "own"])
def test_three_seats_choosing_at_once(model: str) -> None:
    """Seats 1 and 2 always pick 2 and 3: seat 0's only unique pick is 1."""
    state = Unique(((1, 2, 3), (2,), (3,)))
    assert search(1, 200, opponent_model=model).choose(state, 0) == Show(0, "1")
    # Seat 2 has already picked (face down): seats 0 and 1 still choose together.
    state.picks[2] = 3
    assert state.to_act() == [0, 1]
    engine = search(2, 200, opponent_model=model)
    assert engine.choose(state, 0) == Show(0, "1")
    assert engine.stats.root[Show(0, "1")][1] > engine.stats.root[Show(0, "3")][1]
