"""Tweens with easing, timed in seconds and scaled by the player's animation speed.

A `Tween` only knows its progress; what moves is the caller's business (views
read `tween.value` each frame). `Animator` runs them and says when all are done,
which is how the table knows it may resolve the next draw or open the next screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc_point(a: tuple[float, float], b: tuple[float, float], t: float, lift: float) -> tuple[float, float]:
    """A point on a shallow arc from a to b (a counter lifted from the bag)."""
    x, y = lerp_point(a, b, t)
    return (x, y - lift * math.sin(math.pi * t))


@dataclass
class Tween:
    """Progress from 0 to 1 over `duration` seconds after `delay`, eased."""

    duration: float
    ease: Easing = ease_out_cubic
    delay: float = 0.0
    payload: dict[str, Any] = field(default_factory=dict)
    kind: str = ""
    elapsed: float = 0.0
    blocking: bool = True
    """Blocking tweens hold the game flow (the next draw waits for them)."""
    sound: str = ""
    """A sound effect name to play when the tween starts (the view chooses, the table plays)."""
    announced: bool = False

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


MAX_FRAME_STEP = 0.1
"""The most a frame moves the animations on (seconds): a slow frame (a busy machine, a save
being written) slows a playback down rather than jumping over part of it (play-test: a Rally
chaos round skipped half a move after a hitch)."""


class Animator:
    """Runs tweens; durations are divided by the speed factor (0 = instant)."""

    def __init__(self, factor: Callable[[], float] | float = 1.0,
                 on_start: Callable[[Tween], None] | None = None) -> None:
        self._factor = factor
        self.on_start = on_start
        """Called once per tween when it starts (after its delay), even if it lasts no time."""
        self.tweens: list[Tween] = []

    @property
    def factor(self) -> float:
        return float(self._factor() if callable(self._factor) else self._factor)

    def scaled(self, seconds: float) -> float:
        f = self.factor
        return 0.0 if f <= 0 else seconds / f

    def add(self, duration: float, kind: str = "", ease: Easing = ease_out_cubic, delay: float = 0.0,
            blocking: bool = True, scale: bool = True, sound: str = "", **payload: Any) -> Tween:
        """Start a tween; `scale=False` keeps real seconds (banners people must read)."""
        if scale:
            duration, delay = self.scaled(duration), self.scaled(delay)
        tween = Tween(duration, ease, delay, dict(payload), kind, blocking=blocking, sound=sound)
        self.tweens.append(tween)
        return tween

    def advance(self, frame_dt: float) -> None:
        """One frame's worth of `update`, at most `MAX_FRAME_STEP` however long the frame took."""
        self.update(min(frame_dt, MAX_FRAME_STEP))

    def update(self, dt: float) -> None:
        for tween in self.tweens:
            tween.elapsed += dt
        for tween in list(self.tweens):
            if tween.started and not tween.announced:
                tween.announced = True
                if self.on_start is not None:
                    self.on_start(tween)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        return any(t.blocking for t in self.tweens)

    def of_kind(self, kind: str) -> list[Tween]:
        return [t for t in self.tweens if t.kind == kind]

    def finish_all(self) -> None:
        self.tweens.clear()

    def cancel(self, kind: str) -> None:
        self.tweens = [t for t in self.tweens if t.kind != kind]
