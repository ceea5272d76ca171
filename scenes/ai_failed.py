"""The card shown when a computer player's move failed (its program raised or its process died).

The table stops asking that seat (asking again would fail the same way, and the banner
would say 'thinking' for ever) and this card offers the ways on: try the computer's move
again, or let a person play that seat from now on. Nothing was played for the seat, so
the game is as it was before the failure. Enter tries again; Esc opens the pause menu
(save, rules, quit) over this card, which stays until a choice is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes import palette
from scenes.dialog import DialogScene
from scenes.widgets import blit_text, dim, draw_card, one_line


class AiFailedScene(DialogScene):
    """See the module docstring; `retry` and `take_over` are the table's, called after the card closes.
    Not opaque: the table stays in sight, dimmed and still, as under the pause menu."""

    opaque = False

    def __init__(self, ctx: Any, match: Any, who: str, detail: str,
                 retry: Callable[[], None], take_over: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.match = match
        self.who = who
        self.detail = detail
        self._retry = retry
        self._take_over = take_over

    def build(self, w: int, h: int) -> None:
        px = self.px
        card_w = min(px(680), w - 60)
        self._card = pygame.Rect(0, 0, card_w, px(330))
        self._card.center = (w // 2, h // 2)
        c = self._card
        pad = px(36)
        bw = (c.w - 2 * pad - px(16)) // 2
        y = c.bottom - px(110)
        self.icon_button(pygame.Rect(c.x + pad, y, bw, px(52)), "Try again", self.retry, "clockwise-rotation",
                         primary=True, tooltip="Ask the computer for its move once more (Enter)")
        self.icon_button(pygame.Rect(c.right - pad - bw, y, bw, px(52)), "Play this seat yourself",
                         self.take_over, "person",
                         tooltip="A person makes this seat's moves from now on (saved with the game)")

    # --- the choices ---------------------------------------------------------------
    def retry(self) -> None:
        self.ctx.stack.pop()
        self._retry()

    def take_over(self) -> None:
        self.ctx.stack.pop()
        self._take_over()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.retry()
        elif event.key == pygame.K_ESCAPE:
            from scenes.pause import PauseScene

            self.ctx.stack.push(PauseScene(self.ctx, self.match))
        return True

    def on_event(self, event: pygame.event.Event) -> bool:
        # the table beneath must not take pointer input while the card asks its question
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 175)
        draw_card(surface, self._card, radius=22)
        c = self._card
        px = self.px
        x = c.x + px(36)
        blit_text(surface, self.font(26, "bold"), f"{self.who} could not choose a move", palette.TEXT,
                  (x, c.y + px(30)))
        body = self.font(16)
        blit_text(surface, body, "Its program stopped with an error. Nothing was played for it:",
                  palette.TEXT, (x, c.y + px(84)))
        blit_text(surface, body, "the game is exactly as it was.", palette.TEXT, (x, c.y + px(108)))
        limit = max(30, (c.w - px(72)) // max(1, self.font(13).size("n")[0]))
        blit_text(surface, self.font(13), one_line(f"Details: {self.detail}", limit), palette.TEXT_DIM,
                  (x, c.y + px(148)))
        blit_text(surface, self.font(13), "Enter tries again  ·  Esc opens the pause menu (save, quit)",
                  palette.TEXT_DIM, (c.centerx, c.bottom - px(30)), "center")
