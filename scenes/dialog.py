"""A dialog over the dimmed screen: one card that its Close button, Esc or Enter dismisses
(How to play, Settings). One place, so every such dialog closes by the same keys."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.widgets import UIScene, draw_backdrop, draw_card

CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)


class DialogScene(UIScene):
    """Subclasses set `_card` in `build`, bind their Close button to `close` and start
    `draw` with `draw_frame`. `close` is the one way out (override it to save first)."""

    overlay_layer = 60

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self._card = pygame.Rect(0, 0, 0, 0)

    def close(self) -> None:
        self.ctx.stack.pop()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in CLOSE_KEYS:
            self.close()
        return True  # the scene beneath must not react to keys while the dialog is open

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The dimmed backdrop and the dialog's card."""
        draw_backdrop(surface)
        draw_card(surface, self._card, radius=22)
