"""Tooltips stay whole inside the window: the box clear of every edge, and its text inside the
box (the theme's tooltip padding once wrapped the text wider than the box showed it, so the end
of long lines was cut: seen at the right edge, where tooltips are pushed against it)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from scenes.kit.tooltips import EDGE

LONG = ("Choose players, computer strength and options for Order & Chaos. Eric Solomon's Entropy: "
        "Chaos scatters coloured counters, Order slides them into palindromes. (2 players · Order vs "
        "Chaos · luck of the draw)")


@pytest.mark.parametrize("where", ["right edge", "bottom right corner", "bottom edge", "middle"])
def test_a_tooltip_is_inside_the_window_with_its_text_inside_the_box(ui_ctx, where: str) -> None:
    w, h = 1024, 640
    ui_ctx.screen = pygame.display.set_mode((w, h))
    ui_ctx.ui.set_window_resolution((w, h))
    spot = {"right edge": (960, 200), "bottom right corner": (960, 610), "bottom edge": (400, 615),
            "middle": (450, 300)}[where]
    button = pygame_gui.elements.UIButton(pygame.Rect(spot[0] - 50, spot[1] - 18, 100, 36), "Set up",
                                          manager=ui_ctx.ui, tool_tip_text=LONG)
    tip = ui_ctx.ui.create_tool_tip(LONG, (spot[0] + 40, button.rect.centery), (0, 18), button, None)
    room = pygame.Rect(0, 0, w, h).inflate(-2 * EDGE, -2 * EDGE)
    assert room.contains(tip.rect), tip.rect
    box = tip.text_block
    layout = box.text_box_layout
    inner = box.rect.width - 2 * box.padding[0] - box.border_width["left"] - box.border_width["right"]
    assert layout.layout_rect.width <= inner
    assert all(row.x >= 0 and row.right <= layout.layout_rect.width for row in layout.layout_rows)
    assert not box.rect.collidepoint(spot)  # beside the pointer's button, not over it
