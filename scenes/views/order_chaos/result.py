"""The game-over explanation of an Order & Chaos result: both halves' final boards side by side,
each line's points beside it and the scoring palindromes marked on the board (rows in Order's
colour under the counters, columns in brass beside them; nested runs lie inside the marked ones
and are counted in the points). Half 1's board comes from the view (`first_half_board`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.order_chaos.public import line_points, outermost, palindromes
from scenes.kit import palette
from scenes.kit.palette import BRASS, TEXT_DIM
from scenes.sprites.text import TextCache

Counter = Callable[[pygame.Surface, int, tuple[float, float], int], None]
"""Draws a counter of a colour, centred, of a diameter (the view's own `_counter`)."""
ROW_MARK = (150, 200, 255)
COL_MARK = BRASS
LEGEND = (("Blue bands: a row's palindromes; brass: a column's.", ROW_MARK),
          ("Runs nested inside them score too: each run is worth its length.", TEXT_DIM))


def boards_of(view: dict[str, Any]) -> list[tuple[int, list[list[int | None]]]]:
    """(half, board) for each half the view can show: half 1's kept board, then the last one."""
    out: list[tuple[int, list[list[int | None]]]] = []
    first = view.get("first_half_board")
    if first is not None:
        out.append((0, first))
    out.append((int(view.get("half", 0)), view["board"]))
    return out


def board_geometry(rect: pygame.Rect, n: int, boards: int) -> tuple[int, int]:
    """(cell, gap): the cell size that fits `boards` boards of n x n cells, each with a points
    column and row and a title line, side by side in `rect`; the gap between boards."""
    gap = max(12, rect.w // 30)
    per = (rect.w - gap * (boards - 1)) // boards
    cell = min(per // (n + 1.3), (rect.h - 2 * 22) // (n + 1.3))
    return max(8, int(cell)), gap


def result_width(height: int, n: int) -> int:
    """The width two boards want at `height`."""
    cell = max(8, int((height - 44) // (n + 1.3)))
    return int(2 * cell * (n + 1.3) + 40)


def draw_board(surface: pygame.Surface, text: TextCache, top_left: tuple[int, int], cell: int,
               board: Sequence[Sequence[int | None]], counter: Counter, title: str, score: int | None) -> pygame.Rect:
    """One half's board at `top_left` (the title line above it); returns the area used."""
    n = len(board)
    x0, y0 = top_left
    fs = max(11, int(cell * 0.42))
    text.blit(surface, title, max(12, fs), palette.TEXT, "bold", topleft=(x0, y0))
    y0 += int(fs * 1.6)
    grid = pygame.Rect(x0, y0, cell * n, cell * n)
    pygame.draw.rect(surface, (34, 38, 54), grid.inflate(6, 6), border_radius=6)
    for r in range(n):
        for c in range(n):
            box = pygame.Rect(x0 + c * cell, y0 + r * cell, cell, cell)
            pygame.draw.rect(surface, (52, 58, 78), box.inflate(-2, -2), border_radius=3)
    rows, cols = line_points(board)
    lines_r = [list(row) for row in board]
    lines_c = [[row[c] for row in board] for c in range(n)]
    for r, line in enumerate(lines_r):  # row runs: a band under the counters
        for a, b in outermost(palindromes(line)):
            band = pygame.Rect(x0 + a * cell + 2, y0 + r * cell + cell // 2 - cell // 5, (b - a + 1) * cell - 4,
                               2 * (cell // 5))
            pygame.draw.rect(surface, ROW_MARK, band, border_radius=cell // 5)
    for c, line in enumerate(lines_c):  # column runs: a band beside the counters
        for a, b in outermost(palindromes(line)):
            band = pygame.Rect(x0 + c * cell + cell // 2 - cell // 7, y0 + a * cell + 2, 2 * (cell // 7),
                               (b - a + 1) * cell - 4)
            pygame.draw.rect(surface, COL_MARK, band, border_radius=cell // 7)
    for r, row in enumerate(board):
        for c, v in enumerate(row):
            if v is not None:
                counter(surface, v, (x0 + c * cell + cell / 2, y0 + r * cell + cell / 2), int(cell * 0.72))
    for r, points in enumerate(rows):
        text.blit(surface, str(points), fs, ROW_MARK if points else TEXT_DIM, "bold",
                  center=(grid.right + int(cell * 0.65), y0 + r * cell + cell // 2))
    for c, points in enumerate(cols):
        text.blit(surface, str(points), fs, COL_MARK if points else TEXT_DIM, "bold",
                  center=(x0 + c * cell + cell // 2, grid.bottom + int(cell * 0.55)))
    total = sum(rows) + sum(cols) if score is None else score
    text.blit(surface, f"= {total}", fs + 2, palette.ACCENT, "display",
              center=(grid.right + int(cell * 0.65), grid.bottom + int(cell * 0.55)))
    return pygame.Rect(x0, top_left[1], int(cell * (n + 1.3)), grid.bottom + cell - top_left[1])


def draw_halves(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], text: TextCache,
                names: Sequence[str], counter: Counter) -> None:
    """Both halves' boards side by side in `rect` (one when half 1's board is not known)."""
    boards = boards_of(view)
    n = int(view["size"])
    cell, gap = board_geometry(rect, n, 2)
    width = int(cell * (n + 1.3))
    x = rect.x + (rect.w - len(boards) * width - gap * (len(boards) - 1)) // 2
    halves = view.get("half_scores") or [None, None]
    bottom = rect.y
    for half, board in boards:
        order = half  # seat `half` is Order in half `half` + 1
        who = names[order] if order < len(names) else f"Player {order + 1}"
        used = draw_board(surface, text, (x, rect.y), cell, board, counter,
                          f"Half {half + 1} · Order: {who}", halves[half] if half < len(halves) else None)
        bottom = max(bottom, used.bottom)
        x += width + gap
    fs = max(12, int(cell * 0.4))
    for k, (words, colour) in enumerate(LEGEND):
        text.blit(surface, words, fs, colour, topleft=(rect.x + 8, bottom + 8 + k * int(fs * 1.4)))
