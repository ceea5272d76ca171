"""Order & Chaos: Order models a Chaos that has played only greedy places as the greedy player.

The record of places (`OrderChaosState.places`), the test that reads it (`chaos_seems_greedy`),
what the model changes in the knowledge, and the levels that set it per decision.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.agents import BUDGETS, make_agent
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.core.rng import Rng
from game.order_chaos import agents as oc_agents
from game.order_chaos.ai import (
    OrderChaosKnowledge,
    _place_estimates,
    chaos_seems_greedy,
    greedy_places,
)
from game.order_chaos.commands import Pass, Place
from game.order_chaos.state import ORDER, PLACE, OrderChaosState
from tests.ai.test_agents import random_position


def _play(chaos_level: str, seed: int, until_places: int) -> OrderChaosState:
    """Half 1 with the greedy Order and `chaos_level`'s Chaos until `until_places` counters are down."""
    state = get_game("order-chaos").new({}, seed)
    assert isinstance(state, OrderChaosState)
    order = make_agent("greedy", "order-chaos", seed)
    chaos = make_agent(chaos_level, "order-chaos", seed + 1)
    while (len(state.places) < until_places or state.phase == PLACE) and state.half == 0:
        actors = state.to_act()
        if by_itself(actors):
            state.apply(state.sample_chance())
            continue
        agent = order if actors[0] == state.order_seat() else chaos
        state.apply(agent.choose(state, actors[0]))
    return state


def test_each_place_is_recorded_with_the_position_chaos_saw() -> None:
    state = _play("random", 3, 5)
    assert len(state.places) == 5
    first = state.places[0]
    assert first.board == (None,) * 49 and sum(first.bag) == 48 and first.bag[first.colour] == 6
    for seen in state.places:
        assert seen.board[seen.cell] is None
    copy = state.clone()
    assert copy.places == state.places


def test_the_record_starts_again_with_the_second_half() -> None:
    state = _play("random", 4, 49)
    assert state.half == 1 and state.places == ()


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 5_000), places=st.integers(1, 30))
def test_a_greedy_chaos_seems_greedy(seed: int, places: int) -> None:
    assert chaos_seems_greedy(_play("greedy", seed, places))


def test_one_place_off_the_greedy_choice_ends_the_model() -> None:
    state = _play("greedy", 7, 6)
    assert chaos_seems_greedy(state)
    state.apply(Pass(state.order_seat()))
    state.apply(state.sample_chance())
    greedy = set(greedy_places(_place_estimates(state)))
    other = next(i for i, v in enumerate(state.board) if v is None and i not in greedy)
    state.apply(Place(state.chaos_seat(), divmod(other, 7)))
    assert not chaos_seems_greedy(state)


def test_no_place_yet_is_no_evidence() -> None:
    state = get_game("order-chaos").new({}, 1)
    assert isinstance(state, OrderChaosState)
    assert not chaos_seems_greedy(state)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 140))
def test_the_model_shows_the_search_only_the_greedy_places(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    if state.phase != PLACE:
        return
    seat = state.to_act()[0]
    know = OrderChaosKnowledge()
    every = {c for _, c in know.scored_commands(state, seat)}
    know.greedy_chaos = True
    modelled = {c for _, c in know.scored_commands(state, seat)}
    greedy = {Place(seat, divmod(i, 7)) for i in greedy_places(_place_estimates(state))}
    assert modelled == greedy and modelled <= every
    assert know.rollout_command(state, Rng(0)) in greedy


def test_a_tuned_order_plays_greedy_chaos_in_its_play_outs_only_when_modelled() -> None:
    """Order's own numbers rank Chaos's places differently from the greedy Chaos's; the model
    makes the play-outs use the greedy Chaos's ranking."""
    tuned = OrderChaosKnowledge(params=oc_agents.ORDER_PARAMS)
    differs = 0
    for seed in range(40):
        state = random_position(seed, 40)
        if state.phase != PLACE:
            continue
        greedy = {Place(state.chaos_seat(), divmod(i, 7)) for i in greedy_places(_place_estimates(state))}
        tuned.greedy_chaos = False
        plain = tuned.rollout_command(state, Rng(0))
        tuned.greedy_chaos = True
        assert tuned.rollout_command(state, Rng(0)) in greedy
        differs += plain not in greedy
    assert differs > 0


class _Spy:
    """Stands in for Order's search: records whether the model was on when asked."""

    def __init__(self, knowledge: OrderChaosKnowledge) -> None:
        self.knowledge, self.seen = knowledge, []  # type: ignore[var-annotated]

    def choose(self, state: OrderChaosState, seat: int) -> object:
        self.seen.append(self.knowledge.greedy_chaos)
        return state.candidates(seat)[0]


def test_normal_does_without_the_model_in_its_search_but_plans_two_rounds_with_it() -> None:
    """Measured: with normal's one-ply play-outs the model gained nothing (tenth round); its
    planner did (eleventh round). With the fitted line weights (twelfth round) hard's planner beat its
    search with the model, so hard plans too; since the thirteenth round both plan two rounds deep, hard
    within a CPU cap of its own that is above its search's (the second round was cut short at 0.55 s)."""
    agent = make_agent("normal", "order-chaos", 1)
    assert isinstance(agent, oc_agents.RoleAgent) and agent.order_knowledge is None
    assert agent.planner is not None and agent.planner.budget.deep_moves > 0
    assert agent.planner.budget.max_seconds == BUDGETS["normal"].max_seconds
    hard = make_agent("hard", "order-chaos", 1)
    assert isinstance(hard, oc_agents.RoleAgent) and hard.order_knowledge is not None  # its search, with the model
    assert hard.planner is not None and hard.planner.budget.deep_moves > 0
    assert hard.planner.budget.max_seconds == oc_agents.HARD_PLANNER_SECONDS > (oc_agents.HARD.max_seconds or 0.0)
    assert hard.planner.budget.max_wall_seconds == oc_agents.HARD_WALL_SECONDS
    for level in (agent, hard):
        assert level.planner is not None and level.planner.params == oc_agents.PLANNER_PARAMS


def test_hard_sets_the_model_from_the_position_at_each_decision() -> None:
    for level in ("hard",):
        agent = make_agent(level, "order-chaos", 1)
        assert isinstance(agent, oc_agents.RoleAgent) and agent.order_knowledge is not None
        spy = _Spy(agent.order_knowledge)
        agent.order = spy  # type: ignore[assignment]
        agent.planner = None  # the search alone (the planner: below)
        greedy_state = _play("greedy", 2, 5)
        other_state = _play("random", 2, 5)
        assert chaos_seems_greedy(greedy_state) and not chaos_seems_greedy(other_state)
        agent.choose(greedy_state, greedy_state.order_seat())
        agent.choose(other_state, other_state.order_seat())
        assert spy.seen == [True, False]


def _fair_second_half(seed: int, places: int) -> OrderChaosState:
    """A fair-draws match in its second half, both sides greedy, `places` counters into it."""
    state = get_game("order-chaos").new({"fair_draws": True}, seed)
    assert isinstance(state, OrderChaosState)
    greedy = make_agent("greedy", "order-chaos", seed)
    while state.half == 0 or len(state.places) < places or state.phase != ORDER:
        actors = state.to_act()
        state.apply(state.sample_chance() if by_itself(actors) else greedy.choose(state, actors[0]))
    return state


def test_the_planner_plays_order_once_two_greedy_places_show_it() -> None:
    """The first place of a half is on an empty board, where every cell is the greedy choice, so
    the planner waits for a second; a place off the greedy choice, or known draws, leave the search."""
    for level in ("normal",):
        agent = make_agent(level, "order-chaos", 1)
        assert isinstance(agent, oc_agents.RoleAgent) and agent.planner is not None
        spy = _Spy(OrderChaosKnowledge())
        agent.order = spy  # type: ignore[assignment]
        planned = _play("greedy", 2, 2)
        for state in (_play("greedy", 2, 1), _play("random", 2, 5), _fair_second_half(3, 4)):
            assert state.phase == ORDER
            agent.choose(state, state.order_seat())
        assert len(spy.seen) == 3
        command = agent.choose(planned, planned.order_seat())
        assert len(spy.seen) == 3 and command in planned.candidates(planned.order_seat())
        assert chaos_seems_greedy(planned) and oc_agents.plans(planned)
