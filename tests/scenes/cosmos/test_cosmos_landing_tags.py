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


def test_each_landing_tag_is_tied_to_its_own_space(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Play-test (eighth session): a tag on the rim of a crowded space also touched its neighbour
    ("Star" between Evolve and Biome). A leader runs from each tag to its own space's rim, and the
    space is ringed in the tag's colour."""
    lines: list[tuple[tuple[int, int], tuple[int, int]]] = []
    rings: list[tuple[tuple[int, int], int]] = []
    draw_line, draw_circle = pygame.draw.line, pygame.draw.circle

    def line(surface: Any, colour: Any, a: Any, b: Any, *args: Any, **kw: Any) -> Any:
        if tuple(colour) == tuple(art.GOOD):
            lines.append((tuple(a), tuple(b)))
        return draw_line(surface, colour, a, b, *args, **kw)

    def circle(surface: Any, colour: Any, centre: Any, radius: Any, *args: Any, **kw: Any) -> Any:
        if tuple(colour) == tuple(art.GOOD):
            rings.append((tuple(centre), int(radius)))
        return draw_circle(surface, colour, centre, radius, *args, **kw)

    monkeypatch.setattr(overlays.pygame.draw, "line", line)
    monkeypatch.setattr(overlays.pygame.draw, "circle", circle)
    for state in random_positions(2, 500, 300, 1):
        seat = state.to_act()[0]
        view = make_view(ctx, state, seat, PLAY_AREAS[1])
        reachable = [landing for landing in view._landings if landing.reason is None]
        if not reachable:
            continue
        view.draw(pygame.Surface((1280, 720)), Overlay(held=Target("scientist")), Animator(lambda: 0.0))
        spaces = [view._spot_of(Target("space", ident=str(landing.space))) for landing in reachable]
        assert len(lines) == len(reachable) and len(rings) == len(reachable)
        for spot, (_, end), (centre, radius) in zip(spaces, lines, rings):
            assert spot is not None and centre == spot.rect.center
            gap = ((end[0] - centre[0]) ** 2 + (end[1] - centre[1]) ** 2) ** 0.5
            assert abs(gap - spot.rect.width / 2) <= 1.5, "the leader ends on its own space's rim"
        return
    pytest.fail("no position with a landing")


def test_create_lifes_preview_says_its_bonus_needs_a_card() -> None:
    """Play-test (ninth session): the preview promised "Traffic bonus (distance 1): 2 lifeforms"
    on Create Life; with no card to play, landing there brought nothing."""
    from game.cosmos.public import Landing
    from scenes.views.cosmos.text import landing_text

    life = Landing(4, 2, "create_life", None, None, 2, (), False, False, 0, 1, "lifeform", 2)
    assert landing_text(life)[-1] == ("Bonus for a short move (distance 1): 2 lifeforms more on the life card you play "
                                      "(none without one)")
    other = Landing(5, 2, "soup", None, None, -1, (), False, False, 0, 1, "mass", 1)
    assert landing_text(other)[-1] == "Bonus for a short move (distance 1): 1 mass"
