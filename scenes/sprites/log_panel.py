"""A scrolling game log: newest at the bottom, mouse wheel to scroll back."""

from __future__ import annotations

import pygame

from scenes.kit import palette
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]
Line = tuple[str, Colour]
MORE_ABOVE: Colour = (150, 122, 74)
"""The mark on the rule over the rows when older rows are scrolled out above."""


class LogPanel:
    """Wrapped, coloured lines; re-wrapped only when lines or width change, drawn row by row."""

    def __init__(self, text: TextCache, size: int = 15) -> None:
        self.text = text
        self.size = size
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[Line] = []
        self.scroll = 0  # rows scrolled back from the newest
        self._fresh = False
        """The rows match the lines and the width."""
        self._rows: list[tuple[str, Colour, bool]] = []
        self._wrapped: dict[str, list[str]] = {}
        self._wrap_key: tuple[int, int] = (0, 0)

    def set_rect(self, rect: pygame.Rect, size: int) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self._fresh = False

    def set_lines(self, lines: list[Line]) -> None:
        if lines != self.lines:
            self.lines = list(lines)
            self._fresh = False
            self.scroll = 0

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int]) -> bool:
        """Scroll on the wheel while the pointer (on the canvas, see scenes.viewport) is over the log."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pointer):
            self.scroll_by(event.y * 3)
            return True
        return False

    @property
    def rule_y(self) -> int:
        """Where the rule over the rows goes (the table's, under 'Game log'), and the brighter
        mark that says older rows are above: far enough above the first row that it never runs
        across its letters (play-test: a line cut the top of the first entry)."""
        return self.rect.y - 4

    @property
    def line_h(self) -> int:
        return int(self.size * 1.35)

    def scroll_by(self, rows: int) -> None:
        """Scroll back (positive) or forward (negative) by whole rows."""
        self._render()
        visible = max(1, self.rect.height // self.line_h)
        limit = max(0, len(self._rows) - visible)
        self.scroll = max(0, min(limit, self.scroll + rows))

    def rows_of(self, text: str) -> list[str]:
        """The rows `text` takes in this panel (room is left right of them for the scroll mark)."""
        return self.text.wrap(text, self.size, self.rect.width - 16 - 12)

    def _render(self) -> None:
        """Wrap the lines into rows (each line wrapped once and remembered: a long game's log
        grows by many lines per move, and re-wrapping all of them made frames stutter)."""
        if self._fresh:
            return
        key = (self.size, self.rect.width)
        if key != self._wrap_key:
            self._wrap_key = key
            self._wrapped = {}
        rows: list[tuple[str, Colour, bool]] = []
        for text, colour in self.lines:
            parts = self._wrapped.get(text)
            if parts is None:
                parts = self._wrapped[text] = self.rows_of(text)
            for i, part in enumerate(parts):
                rows.append((part, colour, i == 0))
        self._rows = rows
        self._fresh = True

    def draw(self, surface: pygame.Surface) -> None:
        """Whole rows only; the newest at the bottom unless scrolled back. Only the rows in
        view are drawn (their text images come from the shared text cache)."""
        self._render()
        line_h = self.line_h
        visible = max(1, self.rect.height // line_h)
        total = len(self._rows)
        first = max(0, total - visible - self.scroll)
        count = min(visible, total - first)
        y = self.rect.y if total > visible else self.rect.bottom - count * line_h
        for part, colour, lead in self._rows[first:first + count]:
            if lead:  # an undo's note: a hollow ring, as a move taken back left a gap
                pygame.draw.circle(surface, colour, (self.rect.x + 7, y + line_h // 2), 3,
                                   width=1 if colour == palette.TAKEN_BACK else 0)
            surface.blit(self.text.render(part, self.size, colour), (self.rect.x + 16, y + (line_h - self.size) // 2 - 2))
            y += line_h
        if first > 0:
            pygame.draw.line(surface, MORE_ABOVE, (self.rect.x + 20, self.rule_y), (self.rect.right - 20, self.rule_y))
        if self.scroll > 0:
            pygame.draw.polygon(surface, (236, 204, 132), [(self.rect.right - 14, self.rect.bottom - 10),
                                                           (self.rect.right - 6, self.rect.bottom - 10),
                                                           (self.rect.right - 10, self.rect.bottom - 4)])
