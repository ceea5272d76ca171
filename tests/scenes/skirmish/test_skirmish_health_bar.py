"""Play-test (issue 13, seventh session): at 1024x640 a 6-health model's bar lost the lines
between its pips and read as one green stroke, so its health could not be counted. Every bar
shows one segment per point of health, whatever the marker's size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.views.skirmish import art, board

BACKGROUND = (60, 80, 60)


def segments(health: int, most: int, radius: int) -> tuple[int, int]:
    """The bar's segments read along its middle row: (lit, dark) counts of runs of colour."""
    surface = pygame.Surface((200, 120))
    surface.fill(BACKGROUND)
    board._draw_health(surface, {"health": health, "max_health": most}, (100, 40), radius)
    y = next(y for y in range(40 + radius, 120)
             if any(surface.get_at((x, y))[:3] in (art.HEALTH, art.HEALTH_LOST) for x in range(200)))
    runs: list[tuple[int, ...]] = []
    previous: tuple[int, ...] = ()
    for x in range(200):
        colour = tuple(surface.get_at((x, y))[:3])
        if colour != previous and colour in (art.HEALTH, art.HEALTH_LOST):
            runs.append(colour)
        previous = colour
    return runs.count(art.HEALTH), runs.count(art.HEALTH_LOST)


@pytest.mark.parametrize("most", [6, 7, 8, 9, 11])
@pytest.mark.parametrize("radius", [6, 9, 12])
def test_a_health_bar_shows_one_segment_per_point(most: int, radius: int) -> None:
    health = most - 2
    lit, lost = segments(health, most, radius)
    assert (lit, lost) == (health, 2)
