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
    from scenes.widgets import StepperGroup

    rows = [b.rect for g in setup.seat_groups
            for b in ([g.back, g.name, g.forward] if isinstance(g, StepperGroup) else g.buttons.values())
            if b is not None]
    rows += [label.rect for label in setup.seat_labels]
    if setup.speed_group is not None:
        rows += [b.rect for b in setup.speed_group.buttons.values()]
    card = setup._cards[0]
    assert len(setup.tip_labels) == 2
    for tip in setup.tip_labels:
        assert card.contains(tip.rect)
        hits = [r for r in rows if r.colliderect(tip.rect)]
        assert not hits, f"tip {tip.text!r} at {tip.rect} covers {hits}"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("game_id, seats", [("order-chaos", ["human", "normal"]),
                                            ("rally", ["human", "normal", "normal", "normal"])])
def test_every_seat_shows_its_levels_names_whole(tabletop_home, size, game_id, seats):
    """At 1024 wide the six level buttons clipped 'Human', 'Random' and 'Normal': a narrow window
    gets one whole name between arrows instead, and stepping it sets the seat."""
    import pygame

    from scenes.app import create_context
    from scenes.settings_store import Settings
    from scenes.widgets import StepperGroup

    ctx = create_context(Settings(), size=size)
    try:
        setup = _built(ctx, game_id, seats)
        for i, group in enumerate(setup.seat_groups):
            if isinstance(group, StepperGroup):
                assert group.name is not None
                font = group.name.font
                assert font.size(group.name.text)[0] <= group.name.rect.w
                group.step(1)
                assert setup.seats[i] == group.value != seats[i]
            else:
                for button in group.buttons.values():
                    assert button.font.size(button.text)[0] + 4 <= button.rect.w, (size, button.text)
    finally:
        ctx.stack.apply_pending()
        while ctx.stack.scenes:
            ctx.stack._pop()
        pygame.quit()


def _row_rects(setup, i: int):
    """Seat `i`'s widgets left to right: its name, its level control's buttons, its move-up button."""
    from scenes.widgets import StepperGroup

    group = setup.seat_groups[i]
    buttons = [group.back, group.name, group.forward] if isinstance(group, StepperGroup) else group.buttons.values()
    move = setup.move_buttons.get(i)
    return [setup.seat_labels[i].rect] + [b.rect for b in buttons] + ([move.rect] if move is not None else [])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("game_id, seats", [("rally", ["human", "normal", "normal", "normal"]),
                                            ("worlds-collide", ["human", "human", "normal", "normal"])])
def test_four_seat_rows_fit_with_the_move_up_button_set_apart(tabletop_home, size, game_id, seats):
    """With four seats the move-up column sat 6 px from the stepper's '>' (read as a third arrow)
    and squeezed the six level buttons of 1280x720 into a stepper: every row's widgets stay
    inside the card without touching, the move-up button clearly apart, and at 1280x720 the
    level buttons are still buttons."""
    import pygame

    from scenes.app import create_context
    from scenes.settings_store import Settings
    from scenes.widgets import ChoiceGroup

    ctx = create_context(Settings(), size=size)
    try:
        setup = _built(ctx, game_id, seats)
        card = setup._cards[0]
        for i in range(len(seats)):
            rects = _row_rects(setup, i)
            for a, b in zip(rects, rects[1:]):
                assert a.right < b.x, (size, i, a, b)
                assert card.contains(b)
            move = setup.move_buttons.get(i)
            if move is not None:
                assert move.rect.x - rects[-2].right >= setup.px(12), (size, i)
        if size == (1280, 720):
            assert all(isinstance(g, ChoiceGroup) for g in setup.seat_groups)
    finally:
        ctx.stack.apply_pending()
        while ctx.stack.scenes:
            ctx.stack._pop()
        pygame.quit()
