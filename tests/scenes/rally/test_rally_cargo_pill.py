"""A ship's cargo pill: its two amounts read apart. The play-test read "102 (crystals) 1" as
"1021" at a small zoom: the gap before the crystals was 3 px and both numbers were near-white."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import math

import pygame
import pytest

from scenes.views.rally.art import cargo_pill


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))


def _widest_dark_run(pill: pygame.Surface) -> int:
    """The widest run of columns inside the pill (its rim aside) with nothing bright on them."""
    rgb = pygame.surfarray.array3d(pill).astype(int)  # (x, y, channel)
    h = pill.get_height()
    inner = rgb[:, h // 4: h - h // 4, :]
    bright = (inner.max(axis=2) > 110).any(axis=1)
    best = run = 0
    for lit in bright[h // 2: -h // 2]:  # past the rounded ends
        run = 0 if lit else run + 1
        best = max(best, run)
    return best


@pytest.mark.parametrize("px", [10, 12, 16])
def test_the_energy_and_titanium_amounts_stand_apart(px: int) -> None:
    both = cargo_pill(102, 1, px)
    assert _widest_dark_run(both) >= 5, "a clear gap between the two amounts"


def test_the_titanium_amount_is_not_the_energy_amounts_colour() -> None:
    px = 22
    energy_only = pygame.surfarray.array3d(cargo_pill(888, None, px)).reshape(-1, 3)
    titanium_only = pygame.surfarray.array3d(cargo_pill(None, 888, px)).reshape(-1, 3)

    def digits(rgb: np.ndarray) -> np.ndarray:
        lit = rgb[rgb.max(axis=1) > 200]
        return lit.mean(axis=0)

    e, t = digits(energy_only), digits(titanium_only)
    assert t[2] - t[0] > 40 and e[0] - e[2] > 40, (e, t)  # gold against blue


@pytest.mark.parametrize("radius", [18, 22, 26, 30, 36, 44, 60])
def test_a_lone_ships_pill_stays_as_wide_as_its_hex(radius: int) -> None:
    """Play-test at 1024x640: the pill under a lone ship was wider than its hex and covered the
    ship on the hex below; now it keeps to the hex's width (the numbers alone where the icons do
    not fit), and keeps its icons on a hex wide enough for them."""
    from scenes.views.rally.art import lone_pill

    room = int(radius * math.sqrt(3))
    for energy, titanium in ((356, 0), (1200, 3), (7, 12)):
        pill = lone_pill(energy, titanium, radius)
        assert pill.get_width() <= room, (radius, energy, titanium, pill.get_width())
    usual = cargo_pill(356, 0, max(13, round(radius * 0.38)))
    if usual.get_width() <= room:
        assert lone_pill(356, 0, radius).get_size() == usual.get_size(), "a wide hex keeps the usual pill"
