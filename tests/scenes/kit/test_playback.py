"""The kit's playback pieces (`scenes/kit/playback.py`): the play / pause / step control with
the table's one pause, and pieces moved along timed segments."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.playback import PlayControls, Segment, along, shortest_turn, smoothstep
from scenes.sprites.text import TextCache

AREA = pygame.Rect(100, 20, 168, 40)


def test_pause_asks_the_table_to_toggle_once() -> None:
    play = PlayControls()
    assert play.click(AREA, play.rects(AREA)["pause"].center)
    assert play.take_toggle() and not play.take_toggle()
    assert not play.click(AREA, (0, 0)), "a click elsewhere is not the control's"


def test_step_while_running_pauses_then_lets_exactly_one_step_through() -> None:
    play = PlayControls()
    assert play.click(AREA, play.rects(AREA)["step"].center)
    assert play.steps == 1 and play.toggle, "running: Step asks for the pause first"
    assert play.take_toggle()
    play.paused = True  # the table paused
    assert not play.hold(True), "the owed step goes through"
    assert play.hold(True) and play.hold(True), "then the pause holds"


def test_steps_clicked_while_paused_add_up_and_running_forgets_them() -> None:
    play = PlayControls(paused=True)
    step = play.rects(AREA)["step"].center
    play.click(AREA, step)
    play.click(AREA, step)
    assert not play.toggle and play.steps == 2
    assert not play.hold(True) and not play.hold(True) and play.hold(True)
    play.steps = 3
    assert not play.hold(False) and play.steps == 0, "playing on: no step is owed any more"


def test_the_two_buttons_split_the_area_and_draw() -> None:
    pygame.font.init()
    r = PlayControls().rects(AREA)
    assert r["pause"].left == AREA.left and r["step"].right <= AREA.right
    assert not r["pause"].colliderect(r["step"])
    surface = pygame.Surface((400, 100))
    surface.fill((0, 0, 0))
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    PlayControls().draw(surface, AREA, text, 14, r["pause"].center, paused=True)
    assert surface.get_at(r["pause"].center)[:3] != (0, 0, 0)


def test_a_piece_moves_along_its_segments_eased_or_linear() -> None:
    segments = [Segment(1.0, 2.0, (0.0, 0.0), (2.0, 0.0), 0.0, 0.0),
                Segment(2.0, 3.0, (2.0, 0.0), (2.0, 0.0), 0.0, 90.0)]
    start = ((0.0, 0.0), 0.0)
    assert along(segments, 0.5, *start) == start, "before the first segment"
    assert along(segments, 1.25, *start)[0] == (0.5, 0.0), "linear"
    assert along(segments, 1.25, *start, ease=smoothstep)[0] == pytest.approx((2 * smoothstep(0.25), 0.0))
    assert along(segments, 2.5, *start) == ((2.0, 0.0), 45.0), "turning on the spot"
    assert along(segments, 9.0, *start) == ((2.0, 0.0), 90.0), "at the end of the last one"
    assert along([], 5.0, (3.0, 4.0), 30.0) == ((3.0, 4.0), 30.0)


def test_smoothstep_starts_and_ends_gently() -> None:
    assert smoothstep(0.0) == 0.0 and smoothstep(1.0) == 1.0 and smoothstep(0.5) == 0.5
    assert smoothstep(0.1) < 0.1 and smoothstep(0.9) > 0.9


@pytest.mark.parametrize("a0, a1, turn", [(0.0, 90.0, 90.0), (0.0, 270.0, -90.0), (350.0, 10.0, 20.0),
                                           (-170.0, 170.0, -20.0), (30.0, 30.0, 0.0)])
def test_turns_go_the_short_way_round(a0: float, a1: float, turn: float) -> None:
    assert shortest_turn(a0, a1) - a0 == pytest.approx(turn)
    assert (shortest_turn(a0, a1) - a1) % 360.0 == pytest.approx(0.0, abs=1e-9)
