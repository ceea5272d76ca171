"""Playing recorded steps back: the play / pause / step control, and the pieces of a timeline
that any game's playback is made of.

`PlayControls` is the on-table Play / Pause and Step pair; there is one pause, the table's, which
it mirrors and asks to toggle, and a Step lets exactly one automatic step through. A timeline
lays a piece's moves out as `Segment`s in seconds (from a point and angle to another), and
`along` says where the piece is at any time, eased or not; positions are in the game's own
coordinates (Rally's fractional hexes, a skirmish table's inches), so a resize during a
playback is harmless. Rally's chaos rounds are built from these (`scenes/views/rally/animation.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from scenes.sprites.button import draw_pill
from scenes.sprites.text import TextCache

Point = tuple[float, float]


@dataclass
class Segment:
    """A move from `frm` at angle `a0` to `to` at angle `a1` (degrees), from `t0` to `t1` seconds."""

    t0: float
    t1: float
    frm: Point
    to: Point
    a0: float
    a1: float


def smoothstep(k: float) -> float:
    """Ease in and out over 0..1 (a piece sets off and arrives gently)."""
    return k * k * (3 - 2 * k)


def along(segments: Iterable[Segment], t: float, pos: Point, angle: float = 0.0,
          ease: Callable[[float], float] | None = None) -> tuple[Point, float]:
    """Where a piece that starts at `pos` and `angle` is at time `t`, moved by `segments` in time
    order: at the end of each one finished, part-way (`ease`d, else linear) through the one under
    way, still before the first one starts."""
    for s in segments:
        if t >= s.t1:
            pos, angle = s.to, s.a1
            continue
        if t >= s.t0:
            k = (t - s.t0) / max(1e-6, s.t1 - s.t0)
            if ease is not None:
                k = ease(k)
            pos = (s.frm[0] + (s.to[0] - s.frm[0]) * k, s.frm[1] + (s.to[1] - s.frm[1]) * k)
            angle = s.a0 + (s.a1 - s.a0) * k
        break
    return pos, angle


def shortest_turn(a0: float, a1: float) -> float:
    """`a1` moved by whole turns so the rotation from `a0` is the short way round."""
    d = (a1 - a0 + 180.0) % 360.0 - 180.0
    return a0 + d


@dataclass
class PlayControls:
    """Play / pause / step for a playback and for as long as the table is paused. There is one
    pause, the table's (Space, its Pause button, this one): `paused` mirrors it, a click on
    Pause / Play asks the table to toggle it (`toggle`), Step pauses and lets exactly one
    automatic step through (`steps`; the table asks `hold_chance` / `hold_moves`)."""

    paused: bool = False
    steps: int = 0
    toggle: bool = False

    def rects(self, area: pygame.Rect) -> dict[str, pygame.Rect]:
        w = (area.width - 8) // 2
        return {"pause": pygame.Rect(area.x, area.y, w, area.height),
                "step": pygame.Rect(area.x + w + 8, area.y, w, area.height)}

    def draw(self, surface: pygame.Surface, area: pygame.Rect, text: TextCache, fs: int,
             mouse: tuple[float, float], paused: bool) -> None:
        r = self.rects(area)
        draw_pill(surface, r["pause"], "Play" if paused else "Pause", text, fs, r["pause"].collidepoint(mouse),
                  accent=(150, 112, 52) if paused else (58, 62, 82))
        draw_pill(surface, r["step"], "Step", text, fs, r["step"].collidepoint(mouse), paused)

    def click(self, area: pygame.Rect, pos: tuple[float, float]) -> bool:
        r = self.rects(area)
        if r["pause"].collidepoint(pos):
            self.toggle = not self.toggle
            return True
        if r["step"].collidepoint(pos):
            if not self.paused:
                self.toggle = True
            self.steps += 1
            return True
        return False

    def take_toggle(self) -> bool:
        """True once after Pause / Play (or a Step while running) was clicked."""
        out, self.toggle = self.toggle, False
        return out

    def hold(self, paused: bool) -> bool:
        """Whether an automatic step must wait: only while paused, and not if a Step is owed
        (which this uses up). A Step clicked while running pauses first, then lets one through."""
        if not paused:
            if not self.toggle:
                self.steps = 0
            return False
        if self.steps > 0:
            self.steps -= 1
            return False
        return True
