"""Drawn buttons in the table's brass-and-ink style (hover, pressed, disabled, accent)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from scenes.kit import palette
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]


def _scale(c: Colour, k: float, add: int = 0) -> Colour:
    return (min(255, int(c[0] * k) + add), min(255, int(c[1] * k) + add), min(255, int(c[2] * k) + add))


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    tooltip: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    accent: Colour | None = None
    hovered: bool = False
    pressed: bool = False
    answers_greyed: bool = False
    """The action checks by itself whether it may run and says why not (Undo, Redo): a click is
    answered even while the button is grey, or went grey between press and release (play-test:
    Undo clicked just as the computer's counter landed did nothing and said nothing)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse events; True when this button used the event."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled or self.answers_greyed
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and (self.enabled or self.answers_greyed) and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, size: int) -> None:
        r = self.rect
        radius = r.height // 2
        base = self.accent or (58, 62, 82)
        if not self.enabled:
            fill, ink, edge = (40, 42, 54), (104, 108, 122), (70, 72, 86)
        elif self.pressed:
            fill, ink, edge = _scale(base, 0.7), (255, 250, 236), (236, 204, 132)
        elif self.hovered:
            fill, ink, edge = _scale(base, 1.25, 10), (255, 252, 240), (236, 204, 132)
        else:
            fill, ink, edge = base, (236, 230, 214), (150, 122, 74)
        shadow = r.move(0, 3)
        pygame.draw.rect(surface, (8, 8, 14), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        hi = pygame.Rect(r.x + 4, r.y + 2, r.width - 8, r.height // 2 - 2)
        pygame.draw.rect(surface, tuple(min(255, c + 18) for c in fill), hi, border_radius=radius)
        pygame.draw.rect(surface, edge, r, width=1, border_radius=radius)
        offset = 1 if self.pressed else 0
        text.blit(surface, self.label, fitted_size(text, self.label, size, r.width - radius), ink, "bold",
                  center=(r.centerx, r.centery + offset))


def fitted_size(text: TextCache, label: str, size: int, width: int, smallest: int = 10) -> int:
    """`size`, or the largest smaller one at which `label` fits `width` (a button's label must not
    run past its rounded ends, e.g. 'Resolve Fracture' beside 'Decline' in a narrow panel)."""
    while size > smallest and text.font(size, "bold").size(label)[0] > width:
        size -= 1
    return size


def shared_size(text: TextCache, buttons: list[Button], size: int) -> int:
    """One label size for a row of buttons: the largest at which every label fits its button
    ('Resolve Fracture' and 'Decline' side by side in the same type, not one shrunk alone)."""
    return min((fitted_size(text, b.label, size, b.rect.width - b.rect.height // 2) for b in buttons), default=size)


def draw_pill(surface: pygame.Surface, r: pygame.Rect, label: str, text: TextCache, fs: int, hot: bool,
              enabled: bool = True, accent: Colour = (58, 62, 82)) -> None:
    """A small flat pill button drawn on the table itself (play / pause / step, a split panel's
    + and − ): a brass edge under the mouse, greyed when it cannot act."""
    fill = accent if enabled else (40, 42, 54)
    if hot and enabled:
        fill = _scale(fill, 1.3, 12)
    pygame.draw.rect(surface, (8, 8, 14), r.move(0, 2), border_radius=r.height // 2)
    pygame.draw.rect(surface, fill, r, border_radius=r.height // 2)
    pygame.draw.rect(surface, palette.BRASS if hot and enabled else (150, 122, 74), r, width=1,
                     border_radius=r.height // 2)
    text.blit(surface, label, fs, palette.INK if enabled else (110, 112, 126), "bold", center=r.center)
