"""The game-over explanation of a Rally result: a small chart of each player's points and of the
entropy clock over the eras, from the public history the view carries (`era_history`: the figures
at the end of every era, and where the game stopped). Points on the left scale, entropy (from its
start up to zero, when the old universe is gone) on the right."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.kit import palette
from scenes.kit.palette import TEXT_DIM
from scenes.sprites.text import TextCache

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Series:
    """One line of the chart: its label, colour and a value per era (era 0 is the start)."""

    label: str
    colour: Colour
    values: tuple[float, ...]


def chart_series(view: dict[str, Any], names: Sequence[str], colour: Callable[[int], Colour],
                 entropy_colour: Colour) -> tuple[list[Series], Series]:
    """Each player's points and the entropy, from the start (0 points, the starting entropy) to
    every era's end (pure: the chart and its test read the same numbers)."""
    history = view.get("era_history") or []
    players = int(view["players"])
    series = [Series(names[p] if p < len(names) else f"Player {p + 1}", colour(p),
                     tuple([0.0] + [float(e["points"][p]) for e in history])) for p in range(players)]
    entropy = Series("Entropy", entropy_colour,
                     tuple([float(view["entropy_start"])] + [float(e["entropy"]) for e in history]))
    return series, entropy


def nice_top(value: float) -> int:
    """The points scale's top: four equal steps of a round size (2, 5, 10, 20, 25, 50 ...), the
    least that reaches `value` (at least 8), so every line of the scale is a whole number."""
    for step in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if 4 * step >= value:
            return 4 * step
    return int(-(-value // 4000) * 4000)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], text: TextCache,
               names: Sequence[str], colour: Callable[[int], Colour], entropy_colour: Colour) -> None:
    series, entropy = chart_series(view, names, colour, entropy_colour)
    eras = len(entropy.values) - 1
    fs = max(12, min(16, rect.h // 22))
    text.blit(surface, "Points and entropy, era by era", fs + 1, palette.TEXT, "bold", topleft=rect.topleft)
    legend_h = int(fs * 1.5) * ((len(series) + 2) // 2)
    plot = pygame.Rect(rect.x + int(fs * 2.6), rect.y + int(fs * 2.2), rect.w - int(fs * 5.4),
                       rect.h - int(fs * 2.2) - int(fs * 2.2) - legend_h)
    pygame.draw.rect(surface, (30, 34, 50), plot)
    top = nice_top(max((max(s.values) for s in series), default=0.0))
    low = min(entropy.values)

    def x_at(i: int) -> int:
        return plot.x + (plot.w * i // max(1, eras))

    def y_points(v: float) -> int:
        return plot.bottom - int(plot.h * v / top)

    def y_entropy(v: float) -> int:
        return plot.bottom - int(plot.h * (v - low) / (0 - low)) if low < 0 else plot.bottom

    for k in range(5):  # the points scale's lines, left
        v = top * k / 4
        y = y_points(v)
        pygame.draw.line(surface, (48, 54, 74), (plot.x, y), (plot.right, y))
        text.blit(surface, f"{v:g}", fs - 2, TEXT_DIM, midright=(plot.x - 4, y))
    for v in (low, low / 2, 0):  # the entropy scale, right
        text.blit(surface, f"{v:g}", fs - 2, entropy.colour, midleft=(plot.right + 4, y_entropy(v)))
    for i in range(eras + 1):
        text.blit(surface, str(i), fs - 2, TEXT_DIM, midtop=(x_at(i), plot.bottom + 3))
    text.blit(surface, "era", fs - 2, TEXT_DIM, topright=(plot.right, plot.bottom + fs))
    lines = [(entropy, y_entropy)] + [(s, y_points) for s in series]
    for s, y_of in lines:
        points = [(x_at(i), y_of(v)) for i, v in enumerate(s.values)]
        if len(points) > 1:
            pygame.draw.lines(surface, s.colour, False, points, 3 if s is not entropy else 2)
        for p in points:
            pygame.draw.circle(surface, s.colour, p, 4 if s is not entropy else 3)
    y = plot.bottom + int(fs * 2.4)
    for k, s in enumerate([entropy] + series):
        x = rect.x + (k % 2) * rect.w // 2
        row = y + (k // 2) * int(fs * 1.5)
        pygame.draw.line(surface, s.colour, (x, row + fs // 2), (x + 18, row + fs // 2), 3)
        last = s.values[-1]
        text.blit(surface, f"{s.label}: {last:g}", fs - 1, palette.TEXT, topleft=(x + 24, row))
