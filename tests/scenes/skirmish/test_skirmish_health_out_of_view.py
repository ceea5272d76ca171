"""Zoomed in, models out of the table's view keep their health with them, out of sight
(play-test at 1600x900: the pips of models above the view were pulled down into it, tied by
lines to markers that could not be seen)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.views.skirmish import board

VIEW = pygame.Rect(0, 100, 600, 400)


@pytest.mark.parametrize("most", [3, 8])  # pips in an arc, a bar of them
@pytest.mark.parametrize("centre", [(300.0, 60.0), (300.0, 560.0), (-40.0, 300.0), (640.0, 300.0)])
def test_a_model_out_of_view_keeps_its_health_in_its_own_place(most: int, centre: tuple[float, float]) -> None:
    spots = board.health_spots([most, 3], [(centre, 14.0), ((300.0, 300.0), 14.0)], [14.0, 14.0], VIEW)
    assert not spots[0].moved, "the health of a model out of view was pulled into the view"


def test_a_model_cut_by_the_view_s_edge_still_keeps_its_health_in_view() -> None:
    """One whose marker still shows at the edge has its health moved in, as before."""
    spots = board.health_spots([3], [((300.0, 490.0), 14.0)], [14.0], VIEW)
    box = board.health_box(3, (300.0, 490.0), 14, spots[0].above).move(spots[0].dx, spots[0].dy)
    assert VIEW.contains(box)
