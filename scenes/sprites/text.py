"""Cached text rendering: the same label is rasterised once, then only blitted."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

import pygame

from scenes.sprites.blur import soft_blur
from scenes.window_caches import track

Colour = tuple[int, int, int]
FontGetter = Callable[[int, str], pygame.font.Font]


class Measures(Protocol):
    """A font that measures text: pygame's, or pygame-gui's font interface."""

    def size(self, text: str) -> tuple[int, int]: ...


BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")
"""The spaces a line may break at: any white space but the no-break ones (U+00A0, U+2007,
U+202F), which `str.split()` would break at too (play-test: a log line's "to\u00a0Gf" wrapped
its coordinate onto a line of its own)."""


def words_of(text: str) -> list[str]:
    """`text`'s words for wrapping: split at breakable spaces only, so a no-break space keeps
    its words together ("Crimson\u00a0Ff", "4\u00a0VP")."""
    return [word for word in BREAKS.split(text) if word]


def wrap_text(text: str, font: Measures, width: int) -> list[str]:
    """Greedy word wrap to `width` pixels (a word longer than the width stands alone); never
    at a no-break space (`words_of`)."""
    lines: list[str] = []
    line = ""
    for word in words_of(text):
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def cut_to(text: str, font: Measures, width: int, mark: str = "…") -> str:
    """`text` whole if it fits `width`, else its longest run of whole words (or, for one long
    word, of characters) that fits with `mark` after it."""
    if font.size(text)[0] <= width:
        return text
    words = words_of(text)
    while len(words) > 1 and font.size(" ".join(words) + mark)[0] > width:
        words.pop()
    head = " ".join(words)
    while head and font.size(head + mark)[0] > width:
        head = head[:-1]
    return head.rstrip() + mark


class TextCache:
    """Renders (text, size, kind, colour) once; optional soft drop shadow."""

    def __init__(self, font: FontGetter, limit: int = 600) -> None:
        self._font = font
        self._cache: dict[tuple[str, int, str, Colour, bool], pygame.Surface] = {}
        self._limit = limit
        track(self)

    def forget_sizes(self) -> None:
        """The window changed size: the text sizes follow it (see scenes.window_caches)."""
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def font(self, size: int, kind: str = "regular") -> pygame.font.Font:
        return self._font(size, kind)

    def render(self, text: str, size: int, colour: Colour, kind: str = "regular",
               shadow: bool = False) -> pygame.Surface:
        key = (text, size, kind, colour, shadow)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self._limit:
                self._cache.clear()
            font = self._font(size, kind)
            img = font.render(text, True, colour)
            if shadow:
                off = max(1, size // 14)
                out = pygame.Surface((img.get_width() + off, img.get_height() + off), pygame.SRCALPHA)
                shade = font.render(text, True, (0, 0, 0))
                shade.set_alpha(150)
                out.blit(shade, (off, off))
                out.blit(img, (0, 0))
                img = out
            surf = img
            self._cache[key] = surf
        return surf

    def blit(self, surface: pygame.Surface, text: str, size: int, colour: Colour, kind: str = "regular",
             shadow: bool = False, **anchor: tuple[float, float]) -> pygame.Rect:
        """Blit text placed by one rect anchor, e.g. `center=(x, y)` or `midleft=...`."""
        img = self.render(text, size, colour, kind, shadow)
        rect = img.get_rect(**{k: (int(v[0]), int(v[1])) for k, v in anchor.items()})
        surface.blit(img, rect)
        return rect

    def line_height(self, size: int, kind: str = "regular") -> int:
        """How tall a line of text is drawn (taller than the font's `size()` says)."""
        return self._font(size, kind).render("Ag", True, (0, 0, 0)).get_height()

    def wrap_within(self, text: str, size: int, smallest: int, room: tuple[int, int],
                    kind: str = "regular") -> tuple[list[str], int]:
        """`text` wrapped to `room`'s width at the largest size from `size` down to `smallest`
        whose lines (each as tall as it is drawn) stack within `room`'s height; at `smallest`, the
        lines that fit, the last one cut with '…' (the caller keeps the whole text elsewhere)."""
        width, height = room
        for trial in range(size, smallest - 1, -1):
            lines = self.wrap(text, trial, width, kind)
            if len(lines) * self.line_height(trial, kind) <= height:
                return lines, trial
        font = self._font(smallest, kind)
        keep = max(1, height // self.line_height(smallest, kind))
        lines = self.wrap(text, smallest, width, kind)
        return lines[:keep - 1] + [cut_to(" ".join(lines[keep - 1:]), font, width)], smallest

    def wrap(self, text: str, size: int, width: int, kind: str = "regular") -> list[str]:
        """Split text into lines that fit `width` pixels; newlines start new lines."""
        font = self._font(size, kind)
        lines: list[str] = []
        for para in text.split("\n"):
            lines.extend(wrap_text(para, font, width) or [""])
        return lines


def panel(size: tuple[int, int], radius: int = 12, alpha: int = 215,
          fill: Colour = (30, 34, 50), edge: Colour = (120, 100, 64)) -> pygame.Surface:
    """A translucent rounded panel with a soft shadow and a brass hairline (cache it)."""
    w, h = size
    pad = 10
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120), pygame.Rect(pad, pad + 4, w, h), border_radius=radius)
    out.blit(soft_blur(shadow, 6, 2), (0, 0))
    body = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(out, (*fill, alpha), body, border_radius=radius)
    pygame.draw.line(out, (255, 255, 255, 22), (pad + radius, pad + 1), (pad + w - radius, pad + 1))
    pygame.draw.rect(out, (*edge, 200), body, width=1, border_radius=radius)
    return out
