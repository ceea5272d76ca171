"""`State.pending()` names each game's decisions (contract v2): who decides, what, whether the
options are all the choices or a sample of an open one, and whether it may be skipped."""

from __future__ import annotations

import random

from game.core.match import Match
from game.core.protocol import AUTO, CHANCE
from game.core.registry import get_game
from game.order_chaos.commands import Pass
from game.rally.commands import FinishPlanning
from game.worlds_collide.commands import ChooseAction
from tests.random_play import random_match


def until(game_id: str, players: int, seed: int, stop, limit: int = 3000) -> Match:
    match = Match(get_game(game_id), {}, seed, ["human"] * players)
    r = random.Random(seed)
    for _ in range(limit):
        if match.state.is_over() or stop(match):
            return match
        random_match(match, r, 1)
    raise AssertionError("never reached")


def test_order_and_chaos_order_may_pass_chaos_must_place() -> None:
    m = until("order-chaos", 2, 1, lambda m: m.state.phase == "order")
    (order,) = m.state.pending()
    assert order.kind == "slide" and order.skippable and Pass(order.seat) in order.options
    m.submit(Pass(order.seat))
    assert m.state.pending()[0].seat == CHANCE and m.state.pending()[0].kind == "chance"
    m.resolve_chance()
    (chaos,) = m.state.pending()
    assert chaos.kind == "place" and not chaos.skippable and chaos.open_choice is None


def test_worlds_collide_secret_choices_are_one_decision_per_seat_and_the_reveal_is_auto() -> None:
    m = until("worlds-collide", 3, 2, lambda m: not m.state.stack and m.state.round >= 1)
    decisions = m.state.pending()
    assert [d.seat for d in decisions] == [0, 1, 2] and {d.kind for d in decisions} == {"choose_action"}
    assert all(isinstance(c, ChooseAction) for d in decisions for c in d.options)
    for d in decisions:
        m.submit(d.options[0])
    assert [(d.seat, d.kind) for d in m.state.pending()] == [(AUTO, "auto")]


def test_rally_programs_are_an_open_choice_that_may_be_finished_empty() -> None:
    m = until("rally", 2, 3, lambda m: m.state.phase == "planning")
    decisions = m.state.pending()
    assert decisions and all(d.kind == "program" and d.open_choice == "program" and d.skippable
                             for d in decisions)
    assert FinishPlanning(decisions[0].seat) in decisions[0].options
    m = until("rally", 2, 3, lambda m: m.state.phase == "deal")
    (deal,) = m.state.pending()
    assert deal.seat == CHANCE and deal.open_choice == "sample"
