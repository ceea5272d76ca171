"""A panel that draws any pending decision a game's view does not draw itself.

The table asks the view (`GameView.draws_decision`) whether it shows a seat's `Decision` on
its own board (a drag, a button of its own); when it does not, this panel lists the
decision's options as buttons, worded by the game (`Game.describe_command`), and a click
answers with that command. An open choice (a point, an amount) cannot be listed: the panel
then says what is asked and offers only the listed options it has (the skip, if any). The
layout is plain arithmetic on rectangles, tested without a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.decisions import Decision
from game.core.protocol import Command
from scenes.kit import palette
from scenes.sprites.text import TextCache, panel

BUTTON_H = 34
GAP = 8
PAD = 14
TITLE_H = 28
MAX_ROWS = 8
"""More options than this are cut to the first ones (a view draws long lists itself)."""


@dataclass(frozen=True)
class Choice:
    """One button of the panel: its words and the command it answers with."""

    label: str
    command: Command


def panel_layout(area: pygame.Rect, count: int, width: int = 300) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The panel's box (bottom right of `area`, clear of its edge) and one button per option,
    at most MAX_ROWS, stacked top to bottom; everything inside `area`."""
    rows = min(count, MAX_ROWS)
    w = min(width, area.width - 2 * GAP)
    h = min(area.height - 2 * GAP, PAD * 2 + TITLE_H + rows * BUTTON_H + max(0, rows - 1) * GAP)
    box = pygame.Rect(area.right - GAP - w, area.bottom - GAP - h, w, h)
    buttons: list[pygame.Rect] = []
    y = box.y + PAD + TITLE_H
    for _ in range(rows):
        if y + BUTTON_H > box.bottom - PAD + 1:
            break
        buttons.append(pygame.Rect(box.x + PAD, y, w - 2 * PAD, BUTTON_H))
        y += BUTTON_H + GAP
    return box, buttons


class DecisionPanel:
    """The decision of one seat as a small panel of buttons (see the module docstring)."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.title = ""
        self.choices: list[Choice] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[pygame.Rect] = []
        self.hover = -1

    @property
    def shown(self) -> bool:
        return self.decision is not None

    def show(self, decision: Decision | None, title: str, choices: Sequence[Choice], area: pygame.Rect) -> None:
        """Show `decision` (None hides the panel) inside `area`."""
        self.decision = decision
        self.title = title
        self.choices = list(choices) if decision is not None else []
        self.box, self.buttons = panel_layout(area, len(self.choices)) if decision is not None \
            else (pygame.Rect(0, 0, 0, 0), [])
        self.hover = -1

    def choice_at(self, pos: tuple[float, float]) -> Choice | None:
        for button, choice in zip(self.buttons, self.choices):
            if button.collidepoint(pos):
                return choice
        return None

    def contains(self, pos: tuple[float, float]) -> bool:
        return self.shown and bool(self.box.collidepoint(pos))

    def move(self, pos: tuple[float, float]) -> None:
        self.hover = next((i for i, b in enumerate(self.buttons) if b.collidepoint(pos)), -1)

    def draw(self, surface: pygame.Surface, text: TextCache, size: int = 16) -> None:
        if not self.shown:
            return
        surface.blit(panel(self.box.size), (self.box.x - 10, self.box.y - 10))
        text.blit(surface, self.title, size, palette.ACCENT, "bold", midleft=(self.box.x + PAD, self.box.y + PAD + TITLE_H // 2 - 4))
        for i, (button, choice) in enumerate(zip(self.buttons, self.choices)):
            fill = palette.PANEL_EDGE if i == self.hover else palette.PANEL
            pygame.draw.rect(surface, fill, button, border_radius=8)
            pygame.draw.rect(surface, palette.ACCENT, button, width=1, border_radius=8)
            text.blit(surface, choice.label, size, palette.TEXT, center=button.center)
