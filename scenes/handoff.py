"""Hot-seat hand-off: an opaque screen so the next player's secrets stay secret."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.kit import palette
from scenes.seat_names import seat_label
from scenes.widgets import UIScene, blit_text, draw_backdrop, draw_card, icon


class HandoffScene(UIScene):
    """'Pass to <player> — click when ready'. `on_ready` runs after this scene is popped."""

    opaque = True
    overlay_layer = 40

    def __init__(self, ctx: Any, seat_label: str, on_ready: Callable[[], None] | None = None,
                 again: bool = False, match: Any = None) -> None:
        super().__init__(ctx)
        self.match = match
        """The match on the table beneath, for the pause menu Esc opens over this screen (None: Esc does nothing)."""
        self.seat_label = seat_label
        self.again = again
        """The seat on screen gets it back after everyone watched (the words say why)."""
        self.on_ready = on_ready
        self._card = pygame.Rect(0, 0, 0, 0)
        self._done = False
        self._held = False

    @classmethod
    def for_seat(cls, ctx: Any, match: Any, seat: int, on_ready: Callable[[], None] | None = None) -> HandoffScene:
        """The hand-off screen for `seat`, named as the table names it ("Player 2")."""
        return cls(ctx, seat_label(match, seat), on_ready)

    def build(self, w: int, h: int) -> None:
        px = self.px
        self._card = pygame.Rect(0, 0, min(px(620), w - 80), px(360))
        self._card.center = (w // 2, h // 2)
        self.button(pygame.Rect(self._card.centerx - px(130), self._card.bottom - px(84), px(260), px(54)), "I'm ready",
                    self.ready, class_id="@primary", tooltip="Click, or press Space / Enter")

    def ready(self) -> None:
        if self._done:
            return
        self._done = True
        self.ctx.stack.pop()
        if self.on_ready is not None:
            self.on_ready()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ready()
        elif event.key == pygame.K_ESCAPE and self.match is not None:
            # the pause menu over this opaque screen: save, rules or quit without anyone's secrets showing
            self.ctx.stack.push(self.ctx.scene("pause", self.match))
        return True  # nothing beneath may react while the screen is handed over

    def enter(self) -> None:
        super().enter()
        # a button already held when the card appears was pressed on the table (the previous
        # player still clicking): its release must not hand the screen over
        self._held = bool(pygame.mouse.get_pressed()[0])

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._held:
                self._held = False
            else:
                self.ready()
        return True

    @property
    def title(self) -> str:
        return f"Back to {self.seat_label}" if self.again else f"Pass to {self.seat_label}"

    @property
    def subtitle(self) -> str:
        if self.again:
            return "Everyone watched that. Everyone else, look away again. Click when ready."
        return "Everyone else, look away. Click when ready."

    def title_font(self, width: int) -> pygame.font.Font:
        """The title's font, a size smaller until it fits `width` ("Pass to Advaranau's player
        (Player 3)" is wider than the card at the full size)."""
        size = 40
        font = self.font(size, "display")
        while size > 22 and font.size(self.title)[0] > width:
            size -= 2
            font = self.font(size, "display")
        return font

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        draw_card(surface, self._card, radius=22)
        c = self._card
        px = self.px
        glyph = icon("hand", px(84), palette.ACCENT)
        surface.blit(glyph, glyph.get_rect(midtop=(c.centerx, c.y + px(30))))
        blit_text(surface, self.title_font(c.width - px(48)), self.title, palette.TEXT,
                  (c.centerx, c.y + px(160)), "center")
        blit_text(surface, self.font(18), self.subtitle, palette.TEXT_DIM, (c.centerx, c.y + px(204)), "center")
