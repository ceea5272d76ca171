"""The table for a game that has no view of its own yet: the game's name, whose turn it is and,
in the table's decision panel, every choice it offers (a new game is playable, and `shot` and
`bench render` draw it, before its table is built; its manifest's `view=` then replaces this)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.decisions import Decision
from game.core.protocol import Event, Seat, Target
from scenes.animation import Animator
from scenes.kit import palette
from scenes.views.base import Colour, GameView, Overlay, Point, ViewDict


class PlainView(GameView):
    """No board: a title card; the table's decision panel shows every pending decision."""

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        surface.fill(palette.FELT, self.rect)
        size = max(18, self.rect.h // 14)
        title = self.text.render(self.game.info.title, size, palette.ACCENT, "display")
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + self.rect.h // 8)))
        note = self.text.render("This game's table is still being built: choose in the panel.",
                                max(12, size // 2), palette.TEXT_DIM)
        surface.blit(note, note.get_rect(midtop=(self.rect.centerx, self.rect.y + self.rect.h // 8 + size * 3 // 2)))

    def hit_test(self, pos: Point) -> Target | None:
        return None

    def sources(self, seat: Seat) -> list[Target]:
        return []

    def anchor(self, target: Target) -> Point | None:
        return None

    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict,
                origin: Point | None) -> None:
        """Nothing moves: the position is words and buttons."""

    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        return f"{self.game.info.title}: make your choice in the panel", palette.TEXT

    def draws_decision(self, decision: Decision) -> bool:
        return False


VIEW = PlainView
