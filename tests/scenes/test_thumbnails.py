"""The menu's counter colours (scenes/thumbnails.py) are the Order & Chaos view's, read once
from the game's data file; a failed read falls back to greys instead of breaking the menu."""

from __future__ import annotations

import pytest

from scenes import thumbnails
from scenes.kit import palette
from game.order_chaos.colours import counter_colours


def test_menu_counters_use_the_games_own_colours() -> None:
    colours = thumbnails.counter_colours()
    assert colours == [c.rgb for c in counter_colours()]
    assert len(colours) == 7 and colours[0] == (206, 62, 62)  # red, first in colours.toml


def test_a_failed_read_gives_greys_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise OSError("no data file")

    monkeypatch.setattr(thumbnails, "oc_counter_colours", broken)
    assert thumbnails.counter_colours() == [palette.TEXT_DIM, palette.TEXT]


@pytest.mark.parametrize("size", [(24, 24), (64, 64), (220, 220), (160, 120)])
def test_cosmos_has_its_own_menu_picture_at_every_size(size: tuple[int, int]) -> None:
    """Its manifest names `paint_cosmos` (a rondel and a Solar System), not the neutral tile."""
    import pygame

    pygame.init()
    assert thumbnails.painter("cosmos") is thumbnails.paint_cosmos
    picture = thumbnails.thumbnail("cosmos", size)
    assert picture.get_size() == size
    neutral = thumbnails._fallback("cosmos", size)
    w, h = size
    points = [(x, y) for x in range(0, w, max(1, w // 8)) for y in range(0, h, max(1, h // 8))]
    assert sum(picture.get_at(p) != neutral.get_at(p) for p in points) > len(points) // 3
    # the star's yellow is in the lower right, the rondel's ring in the upper left
    assert any(picture.get_at((x, y))[0] > 200 and picture.get_at((x, y))[2] < 140
               for x in range(w // 2, w) for y in range(h // 2, h))
