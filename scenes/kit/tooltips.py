"""Tooltips kept whole inside the window.

pygame-gui puts a widget's tooltip at the pointer and, when it would run past the window's right
or bottom edge, moves it back in; but the text laid out before the move stays clipped, so a
tooltip near the right edge showed its box whole and its text cut (the menu's Set up...
buttons at 1024 wide, the skirmish's panel). `KeptInsideUIManager` makes each tooltip where it
fits from the start: it asks pygame-gui for the tooltip, and when pygame-gui had to move it,
makes it again at the place found, where nothing moves. (The tooltips and pop-ups the app
draws itself, the table's and the views', are clamped into their area as they are drawn.)
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

EDGE = 12
"""Pixels kept clear between a tooltip and the window's edges."""


class KeptInsideUIManager(pygame_gui.UIManager):
    """A UIManager whose tooltips are laid out where they end up (see the module docstring)."""

    def create_tool_tip(self, text: str, position: tuple[int, int], hover_distance: tuple[int, int],
                        parent_element: Any, object_id: Any, *, wrap_width: int | None = None,
                        text_kwargs: dict[str, str] | None = None) -> Any:
        tip: Any = super().create_tool_tip(text, position, hover_distance, parent_element, object_id,
                                           wrap_width=wrap_width, text_kwargs=text_kwargs)
        room = pygame.Rect((0, 0), self.window_resolution).inflate(-2 * EDGE, -2 * EDGE)
        if room.contains(tip.rect):
            return tip
        found = tip.rect.clamp(room)
        tip.kill()
        # the anchor that puts the tooltip's top-left there, clear of the edges: pygame-gui keeps it
        again = (found.left, found.top - int(hover_distance[1]))
        return super().create_tool_tip(text, again, hover_distance, parent_element, object_id,
                                       wrap_width=wrap_width, text_kwargs=text_kwargs)
