"""A moment the table keeps on screen until someone presses Continue (or a countdown ends).

A view sets one after an animation everybody should read before the game moves on (Worlds
Collide's reveal, a clash, the end of a round): the table's flow waits while it stands, the
table shows one Continue button (Enter), and nothing else can be played. With `seconds` > 0
(a setting) it also ends by itself, the button counting down. The countdown starts the first
time the table asks, which is once the animation is over, so it never runs out unseen.
Pure logic (no pygame), tested on its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class ContinueHold:
    """What to read (`words`, also the button's tooltip) and how it ends."""

    words: str
    seconds: float = 0.0
    """0: only Continue ends it; otherwise it also ends this many seconds after it was first shown."""
    started: float | None = None

    def standing(self, now: float) -> bool:
        """Still on screen at `now` (starts the countdown on the first ask)."""
        if self.started is None:
            self.started = now
        return self.seconds <= 0 or now - self.started < self.seconds

    def label(self, now: float) -> str:
        """"Continue", or "Continue (3)" while a countdown runs."""
        if self.seconds <= 0 or self.started is None:
            return "Continue"
        return f"Continue ({max(1, math.ceil(self.seconds - (now - self.started)))})"
