"""A step slider: a track from the first step to the last, a knob at the current one; a click or
a drag anywhere on it picks the step under the pointer (the replay viewer's way to jump to any
move of a long game, where one step at a time was the only way there).

The arithmetic (`step_at`, `knob_x`) is pure, so it is tested without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from scenes.kit import palette
from scenes.sprites.text import TextCache

BRASS = (236, 204, 132)
GRAB = 10
"""Pixels above and below the track that still take a press (the track is thin)."""


def step_at(track: pygame.Rect, x: float, total: int) -> int:
    """The step (0..total) whose place on `track` is nearest to `x` (outside: the nearest end)."""
    if total <= 0 or track.w <= 1:
        return 0
    share = (x - track.x) / (track.w - 1)
    return max(0, min(total, round(share * total)))


def knob_x(track: pygame.Rect, step: int, total: int) -> int:
    """Where step `step` of `total` lies on `track` (the inverse of `step_at`)."""
    if total <= 0:
        return track.x
    return track.x + round(max(0, min(step, total)) / total * (track.w - 1))


@dataclass
class StepSlider:
    """Picks a step of `total` by click or drag; `on_pick(step)` is called for each new step."""

    on_pick: Callable[[int], None]
    track: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    step: int = 0
    total: int = 0
    dragging: bool = False
    hover_x: int | None = None

    def hit_area(self) -> pygame.Rect:
        return self.track.inflate(16, 2 * GRAB)

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse events; True when the slider used the event."""
        if self.total <= 0 or self.track.w <= 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit_area().collidepoint(event.pos):
            self.dragging = True
            self._pick(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_x = event.pos[0] if self.hit_area().collidepoint(event.pos) or self.dragging else None
            if self.dragging:
                self._pick(event.pos[0])
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self._pick(event.pos[0])
            return True
        return False

    def _pick(self, x: float) -> None:
        step = step_at(self.track, x, self.total)
        if step != self.step:
            self.step = step
            self.on_pick(step)

    def draw(self, surface: pygame.Surface, text: TextCache, size: int) -> None:
        t = self.track
        if t.w <= 1:
            return
        groove = pygame.Rect(t.x, t.centery - 3, t.w, 6)
        pygame.draw.rect(surface, (44, 46, 62), groove, border_radius=3)
        x = knob_x(t, self.step, self.total)
        pygame.draw.rect(surface, (150, 122, 74), pygame.Rect(t.x, groove.y, x - t.x + 1, groove.h), border_radius=3)
        r = max(7, t.h // 2)
        pygame.draw.circle(surface, (8, 8, 14), (x, t.centery + 2), r)
        pygame.draw.circle(surface, BRASS if self.dragging or self.hover_x is not None else (206, 178, 116),
                           (x, t.centery), r)
        pygame.draw.circle(surface, (90, 72, 40), (x, t.centery), r, width=1)
        if self.hover_x is not None and not self.dragging:  # where a click would go
            at = step_at(t, self.hover_x, self.total)
            hx = knob_x(t, at, self.total)
            pygame.draw.line(surface, palette.TEXT_DIM, (hx, groove.y - 4), (hx, groove.bottom + 3))
            text.blit(surface, "Start" if at == 0 else f"Move {at}", size, palette.TEXT,
                      midbottom=(max(t.x + 30, min(t.right - 30, hx)), groove.y - 6))
