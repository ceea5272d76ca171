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
