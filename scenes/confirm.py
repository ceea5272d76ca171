"""A question before something that cannot be taken back: "Stop the round?" with the reason
it matters, a button that goes on and one that goes back.

Any table action whose `Action.confirm` is set opens this card instead of acting at once (see
`TableScene.do_action`). Going back is the safe default: Esc, a click beside the card and the
second button all leave the game as it was; only the first button or Enter goes on.

A double press of Enter answers one question only: the card holds Enter for a moment when an
Enter opened it (Rally's Done planning: the press's second half cannot answer it) and when it is
answered (the second press
is swallowed, not handed to the card or table that comes next; `SceneStack.hold_enter`), and a
card answers once however its answers arrive.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.dialog import DialogScene
from scenes.kit import palette
from scenes.sprites.text import wrap_text
from scenes.widgets import blit_text, draw_card


class ConfirmScene(DialogScene):
    """`go_on` is called after the card closes, only if the player confirms."""

    opaque = False
    yes_tip = "Go on (Enter)"
    no_tip = "Leave the game as it is (Esc)"
    no_icon = "anticlockwise-rotation"

    def __init__(self, ctx: Any, question: str, detail: str, yes: str, go_on: Callable[[], None],
                 no: str = "Go back", icon: str = "play-button") -> None:
        super().__init__(ctx)
        self.question = question
        self.detail = detail
        self.yes = yes
        self.no = no
        self._go_on = go_on
        self.answered = False
        """Confirmed or closed: any further answer (a second Enter, a click) is ignored."""
        self.icon = icon
        """The go-on button's icon (an `assets/icons/ui` name)."""

    def enter(self) -> None:
        super().enter()
        if self.ctx.stack.enter_pressed_lately():
            self.ctx.stack.hold_enter()

    def build(self, w: int, h: int) -> None:
        px = self.px
        pad, gap = px(32), px(16)
        self._card = pygame.Rect(0, 0, min(px(600), w - 60), px(250))
        self._card.center = (w // 2, h // 2)
        c = self._card
        bw = (c.w - 2 * pad - gap) // 2
        y = c.bottom - px(84)
        self.icon_button(pygame.Rect(c.x + pad, y, bw, px(52)), self.yes, self.confirm, self.icon,
                         primary=True, tooltip=self.yes_tip)
        self.icon_button(pygame.Rect(c.x + pad + bw + gap, y, bw, px(52)), self.no, self.answer_no,
                         self.no_icon, tooltip=self.no_tip)

    def answer_no(self) -> None:
        """The second button: go back (a card asking something else may go on another way)."""
        self.close()

    def confirm(self) -> None:
        if self.answered:
            return
        self.answered = True
        self.ctx.stack.hold_enter()
        self.ctx.stack.pop()
        self._go_on()

    def close(self) -> None:
        if self.answered:
            return
        self.answered = True
        self.ctx.stack.release_enter()  # going back commits nothing: Enter may ask again at once
        super().close()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        return True

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and not self._card.collidepoint(event.pos):
            self.close()  # a click beside the card means "not now"
            return True
        # the table beneath must not take pointer input while the card asks its question
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def detail_lines(self) -> list[str]:
        """The explanation wrapped to the card (at most three lines)."""
        font = self.font(16)
        return wrap_text(self.detail, font, self._card.w - self.px(64))[:3]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_behind(surface)  # the screen it came from, dimmed but in sight
        draw_card(surface, self._card, radius=22)
        c = self._card
        x = c.x + self.px(32)
        blit_text(surface, self.font(24, "bold"), self.question, palette.TEXT, (x, c.y + self.px(28)))
        body = self.font(16)
        for i, line in enumerate(self.detail_lines()):
            blit_text(surface, body, line, palette.TEXT, (x, c.y + self.px(76) + i * self.px(22)))
