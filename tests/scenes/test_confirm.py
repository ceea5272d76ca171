"""The confirmation card (`scenes.confirm`): a double press of Enter answers one question only."""

from __future__ import annotations

import pygame

from scenes.app import step
from scenes.confirm import ConfirmScene
from scenes.stack import ENTER_HOLD_S, Scene

DT = 1 / 60


def enter_key() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


class KeyRecorder(Scene):
    """A scene beneath the card (the table) that acts on every Enter it is given."""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.enters = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.enters += 1
            return True
        return False


def open_card(ctx, answers: list[str], name: str = "first") -> ConfirmScene:
    card = ConfirmScene(ctx, f"Do the {name} thing?", "It cannot be taken back.", "Do it",
                        lambda: answers.append(name))
    ctx.stack.push(card)
    step(ctx, [], DT)
    return card


def wait(ctx, seconds: float) -> None:
    for _ in range(int(seconds / DT) + 2):
        step(ctx, [], DT)


def test_a_double_enter_confirms_once_and_the_table_beneath_gets_nothing(ui_ctx) -> None:
    table = KeyRecorder(ui_ctx)
    ui_ctx.stack.push(table)
    answers: list[str] = []
    open_card(ui_ctx, answers)
    wait(ui_ctx, ENTER_HOLD_S)  # the card has been read
    step(ui_ctx, [enter_key(), enter_key()], DT)  # both presses in one frame
    step(ui_ctx, [enter_key()], DT)  # and one a frame later
    assert answers == ["first"]
    assert ui_ctx.stack.top is table and table.enters == 0


def test_the_second_enter_does_not_confirm_the_card_that_opens_next(ui_ctx) -> None:
    ui_ctx.stack.push(KeyRecorder(ui_ctx))
    answers: list[str] = []

    def chain() -> None:
        answers.append("first")
        open_card(ui_ctx, answers, "second")

    card = ConfirmScene(ui_ctx, "Do the first thing?", "", "Do it", chain)
    ui_ctx.stack.push(card)
    wait(ui_ctx, ENTER_HOLD_S)
    step(ui_ctx, [enter_key()], DT)
    step(ui_ctx, [enter_key()], DT)  # the double press's second half, on the second card
    assert answers == ["first"]
    second = ui_ctx.stack.top
    assert isinstance(second, ConfirmScene) and second.question == "Do the second thing?"
    wait(ui_ctx, ENTER_HOLD_S)  # read, then answered on purpose: it goes on
    step(ui_ctx, [enter_key()], DT)
    assert answers == ["first", "second"]


class EnterOpensACard(Scene):
    """A table whose Enter asks first (Rally's Done planning with a worry)."""

    def __init__(self, ctx, answers: list[str]) -> None:
        super().__init__(ctx)
        self.answers = answers

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.ctx.stack.push(ConfirmScene(self.ctx, "Done planning?", "", "Done",
                                             lambda: self.answers.append("done")))
            return True
        return False


def test_the_double_enter_that_opened_a_card_does_not_also_answer_it(ui_ctx) -> None:
    answers: list[str] = []
    ui_ctx.stack.push(EnterOpensACard(ui_ctx, answers))
    step(ui_ctx, [], DT)
    step(ui_ctx, [enter_key(), enter_key()], DT)
    step(ui_ctx, [enter_key()], DT)
    assert answers == [] and isinstance(ui_ctx.stack.top, ConfirmScene)
    wait(ui_ctx, ENTER_HOLD_S)
    step(ui_ctx, [enter_key()], DT)
    assert answers == ["done"]


def test_a_card_opened_otherwise_takes_enter_at_once(ui_ctx) -> None:
    answers: list[str] = []
    open_card(ui_ctx, answers)
    step(ui_ctx, [enter_key()], DT)
    assert answers == ["first"]


def test_a_card_opened_by_another_key_just_after_an_enter_takes_enter_at_once(ui_ctx) -> None:
    """Enter (Continue), then D (Decline) opens the card: the next Enter answers it."""
    answers: list[str] = []

    class KeyOpensACard(Scene):
        def handle_event(self, event: pygame.event.Event) -> bool:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
                self.ctx.stack.push(ConfirmScene(self.ctx, "Decline?", "", "Decline",
                                                 lambda: answers.append("declined")))
            return event.type == pygame.KEYDOWN

    ui_ctx.stack.push(KeyOpensACard(ui_ctx))
    step(ui_ctx, [], DT)
    d_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)
    step(ui_ctx, [enter_key(), d_key], DT)
    step(ui_ctx, [enter_key()], DT)
    assert answers == ["declined"]
