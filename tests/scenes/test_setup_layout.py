"""The set-up card's layout: the tips at the foot of the players card stay clear of the rows."""

from __future__ import annotations

import pytest

from scenes.app import step


def _built(ctx, game_id: str, seats: list[str]):
    from scenes.setup import SetupScene

    setup = SetupScene(ctx, game_id)
    ctx.stack.push(setup)
    step(ctx, [], 1 / 60)
    setup.seats = list(seats)
    setup.rebuild()
    return setup


@pytest.mark.parametrize("seats", [
    ["human", "normal"],
    ["human", "normal", "normal"],
    ["human", "normal", "normal", "normal"],
    ["normal", "normal", "normal", "normal"],  # all computers: the watch-speed row too
])
def test_the_tips_stay_below_every_seat_row_and_inside_the_card(ui_ctx, seats):
    # with 4 seats the 'Hover over a level' tip was drawn across the last seat's buttons
    setup = _built(ui_ctx, "rally", seats)
    rows = [b.rect for g in setup.seat_groups for b in g.buttons.values()]
    rows += [label.rect for label in setup.seat_labels]
    if setup.speed_group is not None:
        rows += [b.rect for b in setup.speed_group.buttons.values()]
    card = setup._cards[0]
    assert len(setup.tip_labels) == 2
    for tip in setup.tip_labels:
        assert card.contains(tip.rect)
        hits = [r for r in rows if r.colliderect(tip.rect)]
        assert not hits, f"tip {tip.text!r} at {tip.rect} covers {hits}"
