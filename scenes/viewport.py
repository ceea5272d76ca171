"""The canvas every scene draws on, and how it maps onto the window.

The screens are laid out for windows of at least `MIN_SIZE` (1024x640), and the
app asks the window manager for that minimum. A window can still come out
smaller: a window manager that ignores the hint, a tiled half screen, full screen
on a small display. Below the minimum, scenes draw on a canvas of the window's
shape scaled up until both sides reach the minimum, and the picture is scaled
down into the window; pointer positions are scaled up to match. So no layout
ever sees a window smaller than it was designed for - the old crash was a
layout asking for a card or panel of zero or negative size - and a small window
shows the whole table, only smaller.
"""

from __future__ import annotations

import math

import pygame

MIN_SIZE: tuple[int, int] = (1024, 640)
"""The smallest window the screens are laid out for."""

POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
OFF_CANVAS: tuple[int, int] = (-10_000, -10_000)
"""Where a scene takes the pointer to be once it has left the window (pygame's WINDOWLEAVE):
over nothing, so no tooltip or hover mark stays for a pointer that is gone."""


def clamp_window_size(size: tuple[int, int], floor: tuple[int, int] = MIN_SIZE) -> tuple[int, int]:
    """`size` raised to at least `floor` on each side."""
    return max(size[0], floor[0]), max(size[1], floor[1])


CANVAS_ASPECTS: tuple[float, float] = (1 / 3, 4.0)
"""The narrowest and widest shape (width over height) a canvas below the minimum takes. A
window outside them (a sliver a window manager allows) shows the canvas as large as fits, from
its top left corner. Play-test: a window dragged to 8x640 made a 1024x81920 canvas, and
drawing the table's panels on it crashed the app (a segmentation fault in pygame's scaling)."""


def canvas_size(window_size: tuple[int, int]) -> tuple[int, int]:
    """The canvas for a window: the window itself from the minimum up; below it, the window's
    shape (within `CANVAS_ASPECTS`) scaled up until both sides reach the minimum."""
    w, h = max(1, window_size[0]), max(1, window_size[1])
    if w >= MIN_SIZE[0] and h >= MIN_SIZE[1]:
        return window_size
    aspect = min(CANVAS_ASPECTS[1], max(CANVAS_ASPECTS[0], w / h))
    if aspect == w / h:
        k = max(MIN_SIZE[0] / w, MIN_SIZE[1] / h)
        return max(MIN_SIZE[0], math.ceil(w * k)), max(MIN_SIZE[1], math.ceil(h * k))
    height = max(MIN_SIZE[1], math.ceil(MIN_SIZE[0] / aspect))
    return max(MIN_SIZE[0], math.ceil(height * aspect)), height


def canvas_scale(window_size: tuple[int, int]) -> float:
    """Canvas pixels a window pixel: 1 from the minimum up; below it, as much as the whole
    canvas needs to fit in the window."""
    cw, ch = canvas_size(window_size)
    w, h = max(1, window_size[0]), max(1, window_size[1])
    return max(1.0, cw / w, ch / h)


class Viewport:
    """A window surface and the canvas scenes draw on (the window itself when big enough)."""

    def __init__(self, window: pygame.Surface) -> None:
        self.window = window
        size = window.get_size()
        self.scale = canvas_scale(size)
        if self.scale == 1.0:
            self.canvas = window
        else:
            canvas = pygame.Surface(canvas_size(size))
            self.canvas = canvas.convert() if pygame.display.get_surface() is not None else canvas

    @property
    def scaled(self) -> bool:
        """True when the window is below the minimum and the canvas is scaled into it."""
        return self.canvas is not self.window

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position (the pointer's) on the canvas."""
        return int(pos[0] * self.scale), int(pos[1] * self.scale)

    def event(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` with its pointer position and motion on the canvas (unchanged when not scaled)."""
        if not self.scaled or event.type not in POINTER_EVENTS:
            return event
        data = dict(event.dict)
        data["pos"] = self.to_canvas(data["pos"])
        if "rel" in data:
            data["rel"] = self.to_canvas(data["rel"])
        return pygame.event.Event(event.type, data)

    def pointer(self) -> tuple[int, int]:
        """Where the pointer is now, on the canvas."""
        return self.to_canvas(pygame.mouse.get_pos())

    def present(self) -> None:
        """Put the canvas on the window (scaled down when the window is below the minimum), from
        its top left corner: pointer positions map by `scale` alone, as pygame-gui maps them."""
        if not self.scaled:
            return
        w, h = self.window.get_size()
        cw, ch = self.canvas.get_size()
        shown = (min(w, max(1, round(cw / self.scale))), min(h, max(1, round(ch / self.scale))))
        if shown == (w, h):
            pygame.transform.smoothscale(self.canvas, shown, self.window)
            return
        self.window.fill((18, 20, 28))
        pygame.transform.smoothscale(self.canvas, shown, self.window.subsurface(pygame.Rect((0, 0), shown)))
