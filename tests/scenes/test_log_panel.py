"""The game log panel: newest rows at the bottom, scrolling back, each line wrapped once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from scenes.sprites.log_panel import LogPanel
from scenes.sprites.text import TextCache, wrap_text


def _panel() -> tuple[LogPanel, list[str]]:
    pygame.font.init()
    calls: list[str] = []
    fonts: dict[tuple[int, str], pygame.font.Font] = {}

    def font(size: int, kind: str = "regular") -> pygame.font.Font:
        return fonts.setdefault((size, kind), pygame.font.Font(None, size))

    text = TextCache(font)
    real_wrap = text.wrap

    def wrap(line: str, size: int, width: int, kind: str = "regular") -> list[str]:
        calls.append(line)
        return real_wrap(line, size, width, kind)

    text.wrap = wrap  # type: ignore[method-assign]
    log = LogPanel(text, 14)
    log.set_rect(pygame.Rect(0, 0, 200, 100), 14)
    return log, calls


def test_each_line_is_wrapped_once_as_the_log_grows() -> None:
    log, calls = _panel()
    lines = [(f"line {i} " + "word " * (i % 7), (200, 200, 200)) for i in range(50)]
    log.set_lines(lines[:40])
    log.draw(pygame.Surface((300, 200)))
    assert len(calls) == 40
    log.set_lines(lines)
    log.draw(pygame.Surface((300, 200)))
    assert len(calls) == 50, "only the ten new lines were wrapped"


def test_the_newest_row_is_drawn_at_the_bottom_and_scrolling_shows_older_rows() -> None:
    log, _ = _panel()
    log.set_lines([(f"entry {i}", (255, 255, 255)) for i in range(30)])
    screen = pygame.Surface((300, 200))
    log.draw(screen)
    visible = 100 // log.line_h
    last = screen.subsurface(pygame.Rect(0, (visible - 1) * log.line_h, 200, log.line_h))
    below = screen.subsurface(pygame.Rect(0, visible * log.line_h, 200, 100 - visible * log.line_h))
    assert pygame.transform.average_color(last)[:3] != (0, 0, 0), "the newest row is drawn"
    assert pygame.transform.average_color(below)[:3] == (0, 0, 0), "whole rows only"
    log.scroll_by(100)
    assert log.scroll == 30 - visible
    log.scroll_by(-1000)
    assert log.scroll == 0


def test_a_no_break_space_never_breaks_a_row() -> None:
    """Play-test: a slide's line wrapped as "...slid Crimson Ff to" / "Gf": the wrap broke at the
    no-break spaces too (`str.split()` splits at them); a coordinate stays with its word."""
    log, _ = _panel()
    font = log.text.font(log.size)
    line = "Order (Computer) slid Crimson\u00a0Ff to\u00a0Gf"
    for width in range(40, font.size(line)[0] + 40, 3):
        log.set_rect(pygame.Rect(0, 0, width + 28, 100), log.size)
        rows = log.rows_of(line)
        assert " ".join(rows) == line, rows
        assert any("Crimson\u00a0Ff" in row for row in rows) and any("to\u00a0Gf" in row for row in rows), rows
    assert wrap_text("4\u00a0VP left", font, 1) == ["4\u00a0VP", "left"]


def test_the_mark_for_older_rows_stays_clear_of_the_first_row() -> None:
    """Older rows scrolled out above are marked on the rule over the log, some pixels above the
    first row's letters (play-test: the mark ran across the top of the first entry)."""
    from scenes.app import FONT_FILES
    from scenes.resources import asset_path

    pygame.font.init()
    path = asset_path("fonts", FONT_FILES["regular"])
    fonts: dict[tuple[int, str], pygame.font.Font] = {}

    def font(size: int, kind: str = "regular") -> pygame.font.Font:
        return fonts.setdefault((size, kind), pygame.font.Font(str(path) if path.exists() else None, size))

    for size in (12, 14, 18):
        log = LogPanel(TextCache(font), size)
        log.set_rect(pygame.Rect(10, 40, 260, 90), size)
        log.set_lines([(f"Chaos (You) placed Azure on B{i}", (240, 240, 240)) for i in range(30)])
        surface = pygame.Surface((300, 160))
        log.draw(surface)
        marks = [y for y in range(160) if surface.get_at((150, y))[:3] == (150, 122, 74)]  # the mark's colour
        ink = [y for y in range(160) if any(surface.get_at((x, y))[:3] == (240, 240, 240) or
                                            surface.get_at((x, y))[0] > 60 for x in range(26, 260))
               and y not in marks]
        assert marks and ink, size
        assert max(marks) + 3 <= min(ink), (size, marks, min(ink))
