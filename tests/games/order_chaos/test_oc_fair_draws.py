"""Fair draws: half 2 repeats half 1's colours, known in advance, and searches cannot peek."""

from __future__ import annotations

from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.rng import Rng
from game.order_chaos.commands import Draw
from game.order_chaos.state import OrderChaosState


def _play_first_half(fair: bool, seed: int = 5) -> Match:
    m = Match(get_game("order-chaos"), {"fair_draws": fair}, seed, ["human", "human"])
    while m.state.half == 0:
        actor = m.to_act()[0]
        if actor == CHANCE:
            m.resolve_chance()
        else:
            assert m.submit(m.state.candidates(actor)[-1]).ok
    return m


def test_second_half_draws_are_known_with_certainty_and_repeat_the_first_half() -> None:
    m = _play_first_half(fair=True)
    state = m.state
    assert isinstance(state, OrderChaosState)
    first = list(state.first_half_draws)
    assert len(first) == 49
    outcomes = state.chance_outcomes()
    assert outcomes == [(Draw(CHANCE, first[0]), 1.0)]
    assert state.view(0)["next_known"] == first[0]
    assert state.view(1)["odds"][first[0]] == 1.0


def test_without_fair_draws_the_second_half_is_luck_again() -> None:
    state = _play_first_half(fair=False).state
    assert isinstance(state, OrderChaosState)
    assert state.known_next_draw() is None
    assert len(state.chance_outcomes()) == 7


def test_determinize_in_the_first_half_reveals_no_future_draw() -> None:
    """A search's copy must not know the coming colours: two determinizations differ."""
    state = get_game("order-chaos").new({}, 11)
    seqs = []
    for seed in (1, 2):
        copy = state.determinize(0, Rng(seed))
        seq = []
        for _ in range(10):
            draw = copy.sample_chance()
            seq.append(draw)
            copy.apply(draw)
            copy.apply(copy.candidates(copy.to_act()[0])[0])
            copy.apply(copy.candidates(copy.to_act()[0])[0])
        seqs.append(seq)
    assert seqs[0] != seqs[1]


def test_notation_keeps_the_first_half_draws() -> None:
    state = _play_first_half(fair=True).state
    assert isinstance(state, OrderChaosState)
    back = OrderChaosState.from_notation(state.notation())
    assert back.first_half_draws == state.first_half_draws
    assert back.chance_outcomes() == state.chance_outcomes()
