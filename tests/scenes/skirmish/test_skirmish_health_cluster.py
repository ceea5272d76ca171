"""Play-test (fifteenth session): models in base contact in a tight group drew their health
under and over their markers into each other and under their neighbours, and it could not be
read. `board.health_spots` moves a health that would overlap another (beside the marker, then
a row farther out, tied to it by a line), so no two overlap and, where it can, none lies under
another model's base."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from scenes.views.skirmish import board

BACKGROUND = (60, 80, 60)
TABLE = pygame.Rect(0, 0, 600, 500)


def hexagon(centre: tuple[float, float], apart: float, rings: int = 1) -> list[tuple[float, float]]:
    """Centres of bases in base contact packed round `centre`: a hexagonal cluster."""
    out = [centre]
    for k in range(1, rings + 1):
        for side in range(6):
            for step in range(k):
                a, b = side * math.pi / 3, (side + 2) * math.pi / 3
                out.append((centre[0] + apart * (k * math.cos(a) + step * math.cos(b)),
                            centre[1] + apart * (k * math.sin(a) + step * math.sin(b))))
    return out


# (marker radius, true base radius): 1024x640's readable floor over a 25 mm base, and 1280x720's
@pytest.mark.parametrize(("radius", "true"), [(10, 7), (12, 8)])
@pytest.mark.parametrize("mosts", [(3,), (6,), (10,), (3, 6, 10, 5)])
@pytest.mark.parametrize("rings", [1, 2])
def test_in_a_tight_cluster_no_two_healths_overlap(radius: int, true: int, mosts: tuple[int, ...], rings: int) -> None:
    centres = hexagon((300.0, 250.0), 2 * true + 0.5, rings)
    discs = [(c, float(radius)) for c in centres]
    most = [mosts[i % len(mosts)] for i in range(len(centres))]
    natural = [board.health_box(n, c, radius, above) for n, (c, _), above in zip(most, discs, board.health_above(discs))]
    assert any(a.colliderect(b) for i, a in enumerate(natural) for b in natural[i + 1:]) \
        or any(under_base(box, i, centres, true) for i, box in enumerate(natural)), "as drawn before: unreadable"
    spots = board.health_spots(most, discs, [float(true)] * len(discs), TABLE)
    drawn = [board.health_box(n, c, radius, s.above).move(s.dx, s.dy) for n, (c, _), s in zip(most, discs, spots)]
    for i, a in enumerate(drawn):
        assert TABLE.contains(a)
        for b in drawn[i + 1:]:
            assert not a.colliderect(b), f"{a} and {b} overlap"
    assert not any(s.on_top for s in spots), "each found a spot clear of the other bases"
    assert not any(under_base(box, i, centres, true) for i, box in enumerate(drawn))


def under_base(box: pygame.Rect, me: int, centres: list[tuple[float, float]], true: int) -> bool:
    """Whether `box` reaches under another model's base (true radius `true`)."""
    return any(math.dist((min(max(x, box.left), box.right), min(max(y, box.top), box.bottom)), (x, y)) < true
               for j, (x, y) in enumerate(centres) if j != me)


def test_a_free_model_keeps_its_place_and_health_above_still_decides_the_side() -> None:
    me = ((100.0, 60.0), 14.0)
    below = ((100.0, 60.0 + 28), 14.0)
    alone = board.health_spots([4], [me], [10.0], TABLE)[0]
    assert (alone.above, alone.moved) == (False, False)
    pair = board.health_spots([4, 4], [me, below], [10.0, 10.0], TABLE)
    assert pair[0].above and not pair[0].moved, "a neighbour under it: over its marker (`health_above`)"
    assert not pair[1].above and not pair[1].moved


@pytest.mark.parametrize("most", [2, 4, 5, 6, 9, 12])
@pytest.mark.parametrize("radius", [7, 10, 14])
@pytest.mark.parametrize("above", [False, True])
def test_the_health_is_drawn_inside_its_box(most: int, radius: int, above: bool) -> None:
    surface = pygame.Surface((200, 160))
    surface.fill(BACKGROUND)
    board._draw_health(surface, {"health": most // 2, "max_health": most}, (100, 80), radius, above)
    box = board.health_box(most, (100, 80), radius, above)
    painted = [(x, y) for x in range(200) for y in range(160) if surface.get_at((x, y))[:3] != BACKGROUND]
    assert painted and all(box.collidepoint(p) for p in painted)
