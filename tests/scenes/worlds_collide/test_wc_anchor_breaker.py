"""`anchor_breaker`: the one place the table works out whose Anchor broke a Clash (the animation's
banner and the moment held to be read both ask it)."""

from __future__ import annotations

from game.worlds_collide.commands import AnchorUsed, Clash
from scenes.views.worlds_collide.view import anchor_breaker


def test_the_anchor_used_on_the_clashing_action_by_a_clashing_seat_broke_it() -> None:
    clash = Clash(action=6, seats=(0, 2))
    assert anchor_breaker(clash, [AnchorUsed(seat=2, action=6)]) == 2


def test_an_anchor_used_elsewhere_broke_nothing() -> None:
    clash = Clash(action=6, seats=(0, 2))
    assert anchor_breaker(clash, []) is None
    assert anchor_breaker(clash, [AnchorUsed(seat=2, action=5)]) is None  # another Action
    assert anchor_breaker(clash, [AnchorUsed(seat=1, action=6)]) is None  # a seat not in the Clash
