"""The generic decision panel: its layout stays inside the area and a click finds the option."""

from __future__ import annotations

import pygame
import pytest

from game.core.decisions import Decision
from game.order_chaos.commands import Pass, Slide
from scenes.kit.decision_panel import MAX_ROWS, Choice, DecisionPanel, panel_layout


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (420, 260)])
@pytest.mark.parametrize("count", [1, 3, 12])
def test_the_panel_and_its_buttons_stay_inside_the_area_one_row_per_option(size: tuple[int, int], count: int) -> None:
    area = pygame.Rect(0, 0, *size)
    box, buttons = panel_layout(area, count)
    assert area.contains(box)
    assert 1 <= len(buttons) <= min(count, MAX_ROWS)
    assert all(box.contains(b) for b in buttons)
    assert all(a.bottom <= b.top for a, b in zip(buttons, buttons[1:])), "stacked, never overlapping"


def test_a_click_on_a_button_answers_with_its_command_and_outside_with_nothing() -> None:
    slide, skip = Slide(0, (0, 0), (0, 3)), Pass(0)
    decision = Decision(0, "slide", (slide, skip), skippable=True)
    panel = DecisionPanel()
    panel.show(decision, "Order: slide or pass", [Choice("Slide A1 to A4", slide), Choice("Pass", skip)],
               pygame.Rect(0, 0, 1024, 640))
    assert panel.shown and panel.contains(panel.buttons[1].center)
    chosen = panel.choice_at(panel.buttons[1].center)
    assert chosen is not None and chosen.command == skip
    assert panel.choice_at((5, 5)) is None
    panel.move(panel.buttons[0].center)
    assert panel.hover == 0
    panel.show(None, "", [], pygame.Rect(0, 0, 1024, 640))
    assert not panel.shown and panel.choice_at(panel.box.center) is None
