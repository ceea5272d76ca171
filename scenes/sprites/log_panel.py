"""A scrolling game log: newest at the bottom, mouse wheel to scroll back."""

from __future__ import annotations

import pygame

from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]
Line = tuple[str, Colour]


class LogPanel:
    """Wrapped, coloured lines; re-rendered only when lines or width change."""

    def __init__(self, text: TextCache, size: int = 15) -> None:
        self.text = text
        self.size = size
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[Line] = []
        self.scroll = 0  # pixels scrolled up from the bottom
        self._surface: pygame.Surface | None = None
        self._key: tuple[int, int, int] | None = None

    def set_rect(self, rect: pygame.Rect, size: int) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self._surface = None

    def set_lines(self, lines: list[Line]) -> None:
        if lines != self.lines:
            self.lines = list(lines)
            self._surface = None
            self.scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(event.y * self.size * 3)
            return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self._render()
        assert self._surface is not None
        limit = max(0, self._surface.get_height() - self.rect.height)
        self.scroll = max(0, min(limit, self.scroll + pixels))

    def _render(self) -> None:
        if self._surface is not None:
            return
        width = self.rect.width - 16
        line_h = int(self.size * 1.35)
        rows: list[tuple[str, Colour, bool]] = []
        for text, colour in self.lines:
            for i, part in enumerate(self.text.wrap(text, self.size, width - 12)):
                rows.append((part, colour, i == 0))
        surf = pygame.Surface((self.rect.width, max(1, len(rows) * line_h + 6)), pygame.SRCALPHA)
        for i, (part, colour, first) in enumerate(rows):
            y = 3 + i * line_h
            if first:
                pygame.draw.circle(surf, colour, (7, y + line_h // 2), 3)
            surf.blit(self.text.render(part, self.size, colour), (16, y))
        self._surface = surf

    def draw(self, surface: pygame.Surface) -> None:
        self._render()
        assert self._surface is not None
        h = self._surface.get_height()
        line_h = int(self.size * 1.35)
        view_h = max(line_h, self.rect.height - self.rect.height % line_h)
        src_y = max(0, h - view_h - self.scroll)
        src_y -= (src_y - 3) % line_h if src_y > 3 else 0
        area = pygame.Rect(0, src_y, self.rect.width, min(view_h, h))
        y = self.rect.bottom - area.height if h < view_h else self.rect.y
        surface.blit(self._surface, (self.rect.x, y), area)
        if src_y > 0:  # fade hint that there is more above
            pygame.draw.line(surface, (150, 122, 74), (self.rect.x + 20, self.rect.y), (self.rect.right - 20, self.rect.y))
        if self.scroll > 0:
            pygame.draw.polygon(surface, (236, 204, 132), [(self.rect.right - 14, self.rect.bottom - 10),
                                                           (self.rect.right - 6, self.rect.bottom - 10),
                                                           (self.rect.right - 10, self.rect.bottom - 4)])
