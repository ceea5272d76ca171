"""The words past a ruler's or a route's end (`overlays.words_rect`) stay on the mat, the table's
cloth, when a spot there is clear of the models; the dark frame round it is the last resort."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from scenes.views.skirmish.overlays import first_clear, words_rect

TABLE = pygame.Rect(0, 0, 800, 400)
"""The view's table: the mat and the frame beside it (a wide window)."""
MAT = pygame.Rect(150, 0, 400, 400)
SIZE, CLEAR = (200, 16), 20


def test_words_beside_the_mat_s_right_edge_stay_on_the_mat() -> None:
    """Play-test: a ruler drawn right, to a model by the mat's right edge, wrote "22.7\" base to
    base; not visible" out over the dark frame. Clear spots on the mat come first."""
    pts = [(300.0, 200.0), (520.0, 200.0)]
    rect = words_rect(SIZE, pts, CLEAR, [], TABLE, MAT)
    assert MAT.contains(rect), rect
    assert not rect.collidepoint(520, 200), "the words sit on the line's end"
    assert rect.left <= 520 <= rect.right, "below or above the end, slid onto the mat"


def test_words_below_an_end_by_the_edge_slide_onto_the_mat() -> None:
    """A ruler drawn down to the mat's right edge: the words stay below the end, slid left."""
    pts = [(520.0, 100.0), (520.0, 200.0)]
    rect = words_rect(SIZE, pts, CLEAR, [], TABLE, MAT)
    assert rect.top > 200 and MAT.contains(rect)
    assert rect.right == MAT.right


def test_models_on_the_mat_around_the_end_push_the_words_farther_out_not_off() -> None:
    """Bases round the end (below, beside, above) leave a spot a line farther out on the mat."""
    pts = [(520.0, 100.0), (520.0, 200.0)]
    bases = [pygame.Rect(330, 215, 24, 24), pygame.Rect(360, 190, 24, 24), pygame.Rect(330, 160, 24, 24)]
    rect = words_rect(SIZE, pts, CLEAR, bases, TABLE, MAT)
    assert MAT.contains(rect) and rect.collidelist(bases) < 0, rect


def test_the_frame_is_the_last_resort_and_the_table_s_edge_is_kept() -> None:
    """Nowhere clear on the mat: the words go on the frame, clear of the models; nowhere clear
    at all: they stay inside the table rather than run off it."""
    pts = [(300.0, 200.0), (520.0, 200.0)]
    whole_mat = [MAT.inflate(-2, -2)]
    rect = words_rect(SIZE, pts, CLEAR, whole_mat, TABLE, MAT)
    assert TABLE.contains(rect) and not MAT.contains(rect) and rect.collidelist(whole_mat) < 0
    low = [(300.0, 200.0), (300.0, 395.0)]  # down to the bottom edge: below would leave the table
    everywhere = [TABLE]
    assert TABLE.contains(words_rect(SIZE, low, CLEAR, everywhere, TABLE, MAT))


def test_first_clear_prefers_the_mat_then_the_bounds() -> None:
    on_frame, on_mat = pygame.Rect(600, 10, 50, 10), pygame.Rect(200, 10, 50, 10)
    off_table = pygame.Rect(790, 10, 50, 10)
    assert first_clear([on_frame, on_mat], [], TABLE, MAT) == on_mat
    assert first_clear([on_frame, on_mat], [on_mat], TABLE, MAT) == on_frame
    assert first_clear([off_table, on_frame], [on_frame], TABLE, MAT) == on_frame
    assert first_clear([on_frame, on_mat], []) == on_frame, "no mat given: as before"


def test_a_route_s_length_by_the_mat_s_edge_stays_on_the_mat() -> None:
    """A route's length shares `words_rect`: a move rightwards to the mat's edge keeps its words
    on the mat, not out over the frame."""
    from game.skirmish.public import Route
    from scenes.kit.camera import Camera
    from scenes.sprites.text import TextCache
    from scenes.views.skirmish import overlays

    pygame.font.init()
    camera = Camera.fitted(MAT, (0.0, 0.0, 36.0, 36.0))
    route = Route(((20.0, 18.0), (35.0, 18.0)), 15.0, 16.0, None)
    rect = overlays.draw_route(pygame.Surface(TABLE.size), route, camera, TextCache(lambda size, kind: pygame.font.Font(None, size)), 14, 15, [], TABLE, MAT)
    assert MAT.contains(rect), rect


def test_words_go_a_line_farther_out_before_back_over_the_line() -> None:
    """Models below and beside a ruler's end: the words go a line farther down, not back up
    over the ruler itself (play-test at 1280x720: they lay across the line)."""
    pts = [(300.0, 100.0), (300.0, 200.0)]
    bases = [pygame.Rect(380, 222, 24, 12), pygame.Rect(420, 190, 24, 24), pygame.Rect(160, 190, 24, 24)]
    rect = words_rect(SIZE, pts, CLEAR, bases, TABLE, MAT)
    assert rect.top > 200 and rect.collidelist(bases) < 0, rect


def test_with_nothing_clear_the_words_cover_the_fewest_models() -> None:
    """No spot clear anywhere: the one over the fewest models, the frame's if need be, rather
    than the first on the mat over many (play-test: a long refusal hid a row of pips)."""
    many, few = pygame.Rect(200, 10, 100, 10), pygame.Rect(600, 10, 100, 10)
    models = [pygame.Rect(210 + 20 * k, 12, 5, 5) for k in range(4)] + [pygame.Rect(610, 12, 5, 5)]
    assert first_clear([many, few], models, TABLE, MAT) == few
