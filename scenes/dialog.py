"""A dialog over the dimmed screen: one card that its Close button, Esc or Enter dismisses
(How to play, Settings). One place, so every such dialog closes by the same keys.

A card that leaves the screen behind it in sight (`opaque = False`: a question) draws that
screen's widgets under its dimming (`draw_behind`): they are hidden while covered, and the panel
they were on stayed empty behind the card (the pause menu behind Quit, the menu behind the
guide's offer).
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.ui_picture import draw_picture
from scenes.widgets import UIScene, dim, draw_backdrop, draw_card

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

    def below(self) -> Any:
        """The screen right under this dialog on the stack (None if it is the bottom one)."""
        scenes = self.ctx.stack.scenes
        index = next((i for i, scene in enumerate(scenes) if scene is self), 0)
        return scenes[index - 1] if index > 0 else None

    def draw_behind(self, surface: pygame.Surface, alpha: int = 175) -> None:
        """The covered screen's widgets as they were shown, then the dimming over everything."""
        draw_picture(surface, getattr(self.below(), "picture", None))
        dim(surface, alpha)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The dimmed backdrop and the dialog's card."""
        draw_backdrop(surface)
        draw_card(surface, self._card, radius=22)
