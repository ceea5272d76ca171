"""The kit's ruler (`scenes/kit/ruler.py`): a measuring line between two world points, its
label in world units whatever the zoom, ticks every unit, the label clear of the line."""

from __future__ import annotations

import math

import pygame
import pytest

from scenes.kit.camera import Camera
from scenes.kit.ruler import distance_label, draw_ruler, ruler_marks
from scenes.sprites.text import TextCache

TABLE = (0.0, 0.0, 44.0, 30.0)


def camera(scale: float) -> Camera:
    return Camera(pygame.Rect(0, 0, 1200, 800), TABLE, scale=scale, origin=(10.0, 20.0))


def test_the_label_is_the_world_distance_in_inches() -> None:
    assert distance_label(4.5) == '4.5"' and distance_label(4.449) == '4.4"' and distance_label(12.0) == '12.0"'
    assert distance_label(3.0, " cm", 0) == "3 cm"
    for scale in (10.0, 25.0):
        marks = ruler_marks(camera(scale), (2.0, 2.0), (5.6, 6.8))
        assert marks.label == '6.0"' and marks.length == pytest.approx(6.0)
        assert marks.start == (10 + 2 * scale, 20 + 2 * scale)
        assert marks.end == pytest.approx((10 + 5.6 * scale, 20 + 6.8 * scale))


def test_a_tick_every_inch_across_the_line() -> None:
    marks = ruler_marks(camera(20.0), (1.0, 1.0), (5.5, 1.0))
    assert len(marks.ticks) == 4
    for k, (p, q) in enumerate(marks.ticks, start=1):
        assert p[0] == pytest.approx(10 + (1 + k) * 20) == pytest.approx(q[0])
        assert abs(p[1] - q[1]) == pytest.approx(10.0), "5 px each side"
    assert ruler_marks(camera(3.0), (1.0, 1.0), (5.5, 1.0)).ticks == (), "no ticks closer than 4 px"
    assert ruler_marks(camera(20.0), (1.0, 1.0), (1.0, 1.0)).ticks == ()


@pytest.mark.parametrize("b", [(9.0, 5.0), (1.0, 5.0), (5.0, 9.0), (5.0, 1.0), (8.0, 8.0), (2.0, 8.0)])
def test_the_label_sits_beside_the_middle_of_the_line_above_it(b: tuple[float, float]) -> None:
    a = (5.0, 5.0)
    marks = ruler_marks(camera(20.0), a, b, label_gap=14.0)
    mid = ((marks.start[0] + marks.end[0]) / 2, (marks.start[1] + marks.end[1]) / 2)
    assert math.dist(mid, marks.label_at) == pytest.approx(14.0)
    assert marks.label_at[1] < mid[1] or (marks.label_at[1] == pytest.approx(mid[1]) and marks.label_at[0] < mid[0])


def test_drawing_puts_the_line_and_its_label_on_the_surface() -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    marks = ruler_marks(Camera(pygame.Rect(0, 0, 400, 200), TABLE, scale=30.0), (1.0, 4.0), (11.0, 4.0))
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    draw_ruler(surface, marks, text, 16, colour=(250, 200, 100))
    assert surface.get_at((165, 120))[:3] == (250, 200, 100), "on the line"
    lx, ly = round(marks.label_at[0]), round(marks.label_at[1])
    label = [surface.get_at((x, y))[:3] for x in range(lx - 15, lx + 15) for y in range(ly - 6, ly + 6)]
    assert (0, 0, 0) in label and any(c != (0, 0, 0) for c in label)


def test_the_label_keeps_off_a_models_base_and_stays_on_the_table() -> None:
    """Play-test: the ruler's distance lay over a model's base. With nothing in the way the label
    stays beside the middle above the line; over a base it moves (the other side first), never
    off the table; boxed in everywhere, it covers as few bases as it can."""
    from scenes.kit.ruler import clear_label_spot

    cam = camera(20.0)
    marks = ruler_marks(cam, (5.0, 5.0), (13.0, 5.0))  # left to right across the screen
    size = (40, 18)
    table = pygame.Rect(0, 0, 1200, 800)
    box = pygame.Rect(0, 0, *size)
    assert clear_label_spot(marks, size, [], table) == pytest.approx(marks.label_at, abs=1.0)
    base = box.move_to(center=(round(marks.label_at[0]), round(marks.label_at[1]))).inflate(10, 10)
    spot = clear_label_spot(marks, size, [base], table)
    placed = box.move_to(center=(round(spot[0]), round(spot[1])))
    assert not placed.colliderect(base) and table.contains(placed)
    assert spot[1] > marks.start[1], "the other side of the line, below it"
    assert abs(spot[1] - marks.start[1]) >= size[1] / 2 + 4, "clear of the line"
    # near the table's top edge the spot above is off the table: below instead
    high = ruler_marks(cam, (5.0, -0.6), (13.0, -0.6))
    spot = clear_label_spot(high, size, [], pygame.Rect(0, 0, 1200, 800))
    assert table.contains(box.move_to(center=(round(spot[0]), round(spot[1]))))
    # bases all along both sides of the line: the spot covers the fewest it can
    wall = [box.move_to(center=(round(x), round(marks.start[1] + dy))).inflate(4, 4)
            for x in range(int(marks.start[0]), int(marks.end[0]) + 1, 20) for dy in (-16, 16)]
    spot = clear_label_spot(marks, size, wall, table)
    placed = box.move_to(center=(round(spot[0]), round(spot[1])))
    assert placed.collidelist(wall) < 0 and table.contains(placed)


def test_the_label_by_the_mat_s_edge_stays_on_the_mat() -> None:
    """Play-test at 1280x720: a ruler down the mat's left edge had its distance out on the dark
    frame beside the mat, with the mat on the line's other side clear. A clear spot on `mat`
    comes first; the frame only when none is."""
    from scenes.kit.ruler import clear_label_spot

    cam = camera(20.0)
    marks = ruler_marks(cam, (0.3, 2.0), (0.3, 10.0))  # down the table, by its left edge
    size = (40, 18)
    table = pygame.Rect(-200, -200, 1400, 1000)
    mat = pygame.Rect(round(marks.start[0]) - 6, -200, 800, 1000)
    box = pygame.Rect(0, 0, *size)
    assert not mat.contains(box.move_to(center=(round(marks.label_at[0]), round(marks.label_at[1])))), \
        "the usual side is off the mat here"
    spot = clear_label_spot(marks, size, [], table, mat=mat)
    assert mat.contains(box.move_to(center=(round(spot[0]), round(spot[1]))))
    covered = [mat]  # nothing clear on the mat: the frame, clear, rather than over a model
    spot = clear_label_spot(marks, size, covered, table, mat=mat)
    assert not box.move_to(center=(round(spot[0]), round(spot[1]))).colliderect(mat)
