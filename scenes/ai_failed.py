"""The card shown when a computer player's move failed: its program raised (`ERROR`), its
process stopped without answering (`STOPPED`), or it has thought far longer than any normal
move (`SLOW`: the process hangs; see `scenes.ai_driver.TOO_LONG_SECONDS`).

The table stops asking that seat (asking again would fail the same way, and the banner
would say 'thinking' for ever) and this card offers the ways on: try the computer's move
again (a fresh process if it stopped or hangs), or let a person play that seat from now on;
for `SLOW` also keep waiting (the default: the search may still finish). Nothing was played
for the seat, so the game is as it was. Enter takes the highlighted choice; Esc opens the
pause menu (save, rules, quit) over this card, which stays until a choice is made - or, for
`SLOW`, until the late answer arrives (the table then closes the card and plays it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from scenes.kit import palette
from scenes.ai_driver import AI_ERROR, AI_SLOW, AI_STOPPED
from scenes.dialog import DialogScene
from scenes.pacing import STILL
from scenes.widgets import blit_text, dim, draw_card, one_line

ERROR, STOPPED, SLOW = AI_ERROR, AI_STOPPED, AI_SLOW
"""Why the card is shown (see the module docstring)."""


class AiFailedScene(DialogScene):
    """See the module docstring; `retry` and `take_over` are the table's, called after the card closes.
    Not opaque: the table stays in sight, dimmed and still, as under the pause menu."""

    opaque = False

    def __init__(self, ctx: Any, match: Any, who: str, detail: str,
                 retry: Callable[[], None], take_over: Callable[[], None], kind: str = ERROR,
                 keep_waiting: Callable[[], None] | None = None,
                 waited: Callable[[], float] | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.who = who
        self.detail = detail
        self.kind = kind
        self._retry = retry
        self._take_over = take_over
        self._keep_waiting = keep_waiting
        self._waited = waited
        """`SLOW`: the seconds the computer has been thinking, shown as they grow."""

    def build(self, w: int, h: int) -> None:
        px = self.px
        pad, gap = px(36), px(16)
        slow = self.kind == SLOW
        again = "Stop it and ask for its move afresh" if slow else \
            "Start the computer player again and ask for its move" if self.kind == STOPPED else \
            "Ask the computer for its move once more"
        choices: list[tuple[str, Callable[[], None], str, str]] = [
            ("Try again", self.retry, "clockwise-rotation", again + ("" if slow else " (Enter)")),
            ("Play this seat yourself", self.take_over, "person",
             "A person makes this seat's moves from now on (saved with the game)")]
        if slow:
            choices.insert(0, ("Keep waiting", self.keep_waiting, "hourglass",
                               "Let it think on; you will be asked again if it still has not moved (Enter)"))
        # each button as wide as its words (the theme's 20-point font) and its glyph; the card
        # widens for three buttons, and on a narrow window they share the room by those widths
        widths = [self.font(21).size(text)[0] + px(84) for text, *_ in choices]
        card_w = min(max(px(680), sum(widths) + gap * (len(choices) - 1) + 2 * pad), w - 60)
        self._card = pygame.Rect(0, 0, card_w, px(330))
        self._card.center = (w // 2, h // 2)
        c = self._card
        room = c.w - 2 * pad - gap * (len(choices) - 1)
        widths = [max(1, room * wide // sum(widths)) for wide in widths]
        y = c.bottom - px(110)
        x = c.x + pad
        for (text, action, glyph, tip), bw in zip(choices, widths):
            self.icon_button(pygame.Rect(x, y, bw, px(52)), text, action, glyph, primary=x == c.x + pad,
                             tooltip=tip)
            x += bw + gap

    # --- the choices ---------------------------------------------------------------
    def retry(self) -> None:
        self.ctx.stack.pop()
        self._retry()

    def take_over(self) -> None:
        self.ctx.stack.pop()
        self._take_over()

    def keep_waiting(self) -> None:
        self.ctx.stack.pop()
        if self._keep_waiting is not None:
            self._keep_waiting()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keep_waiting() if self.kind == SLOW else self.retry()
        elif event.key == pygame.K_ESCAPE:
            self.ctx.stack.push(self.ctx.scene("pause", self.match))
        return True

    def on_event(self, event: pygame.event.Event) -> bool:
        # the table beneath must not take pointer input while the card asks its question
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def next_frame_in(self) -> float:
        """`SLOW`: the seconds count up, once a second (the table beneath polls for a late answer
        at its own pace); otherwise only input changes the card."""
        return 1.0 if self.kind == SLOW else STILL

    def words(self) -> tuple[str, str, str]:
        """The card's heading, first line of explanation and detail line, by `kind`."""
        if self.kind == SLOW:
            seconds = int(self._waited()) if self._waited is not None else 0
            return (f"{self.who} is taking too long",
                    f"It has been thinking for {seconds} s; a move normally takes a few seconds.",
                    "Its program may be stuck. Waiting costs nothing but time.")
        if self.kind == STOPPED:
            return (f"{self.who} stopped without answering",
                    "The computer player stopped before it chose a move.",
                    f"Details: {self.detail}")
        return (f"{self.who} could not choose a move", "Its program stopped with an error.",
                f"Details: {self.detail}")

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 175)
        draw_card(surface, self._card, radius=22)
        c = self._card
        px = self.px
        x = c.x + px(36)
        heading, first, detail = self.words()
        blit_text(surface, self.font(26, "bold"), heading, palette.TEXT, (x, c.y + px(30)))
        body = self.font(16)
        blit_text(surface, body, first, palette.TEXT, (x, c.y + px(84)))
        blit_text(surface, body, "Nothing has been played for it: the game is exactly as it was.",
                  palette.TEXT, (x, c.y + px(108)))
        limit = max(30, (c.w - px(72)) // max(1, self.font(13).size("n")[0]))
        blit_text(surface, self.font(13), one_line(detail, limit), palette.TEXT_DIM, (x, c.y + px(148)))
        enter = "Enter keeps waiting" if self.kind == SLOW else "Enter tries again"
        blit_text(surface, self.font(13), f"{enter}  ·  Esc opens the pause menu (save, quit)",
                  palette.TEXT_DIM, (c.centerx, c.bottom - px(30)), "center")
