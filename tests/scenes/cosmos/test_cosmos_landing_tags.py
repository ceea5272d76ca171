"""Play-test (issue 14, seventh session): while the Scientist was held, the landing tags hung
under every space ahead, over the spaces below and the hub's round count, and at 1024x640 a tag
could leave the window at its left edge. Every tag sits on its space's rim away from the hub,
inside the rondel, clear of the round count."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from game.core.protocol import Target
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.views.base import Overlay
from scenes.views.cosmos import art, overlays
from tests.games.cosmos.positions import random_positions
from tests.scenes.cosmos.test_cosmos_view import PLAY_AREAS, ctx, make_view  # noqa: F401


@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_landing_tags_stay_off_the_hub_and_inside_the_rondel(ctx: AppContext, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                                                            area: pygame.Rect) -> None:
    tags: list[pygame.Rect] = []
    draw_rect = pygame.draw.rect

    def recorded(surface: Any, colour: Any, rect: Any, *args: Any, **kw: Any) -> Any:
        if tuple(colour) == tuple(art.GOOD):
            tags.append(pygame.Rect(rect))
        return draw_rect(surface, colour, rect, *args, **kw)

    monkeypatch.setattr(overlays.pygame.draw, "rect", recorded)
    checked = 0
    for state in random_positions(2, 500, 300, 1):
        seat = state.to_act()[0]
        view = make_view(ctx, state, seat, area)
        if not view._landings:
            continue
        tags.clear()
        surface = pygame.Surface((1280, 720))
        view.draw(surface, Overlay(held=Target("scientist")), Animator(lambda: 0.0))
        rondel = view.lay.rondel
        hub = pygame.Rect(0, 0, rondel.width // 4, rondel.height // 8)
        hub.center = rondel.center
        assert tags, "a held Scientist shows its landings"
        for box in tags:
            assert rondel.contains(box), (box, rondel)
            assert not box.colliderect(hub), (box, hub)
        checked += len(tags)
        if checked > 40:
            break
    assert checked > 40
