"""When the main loop draws the next frame: every 1/60 s while something moves, else on input.

A still screen (the menu, a table waiting for a person) used to be redrawn 60 times a
second, about 40% of a core for an unchanged picture. Now each scene says how soon it
needs its next frame (`Scene.next_frame_in`); `FramePacer` sleeps until then, or until
input arrives, whichever is first. Input is not delayed: the wait looks for events
every 8 ms (`WAIT_SLICE`), twice as often as the old loop drew frames. A heartbeat
(`IDLE_WAIT`) keeps anything a scene forgot to announce at most a second late.

`scenes.app.step` still draws every time it is called, so `bench render` and the tests,
which call it directly, measure and see frames that draw.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import pygame

FPS = 60
STILL = math.inf
"""`next_frame_in` of a picture that only input changes."""
PULSE = 1 / 12
"""`next_frame_in` of slow motion (a highlight pulsing once a second and more slowly, the
'thinking' dots): 12 frames a second. Under Xvfb a 1280x800 flip alone costs about 12 ms of
CPU, so this is what a table waiting for a person with pulsing highlights costs."""
IDLE_WAIT = 1.0
"""The longest sleep between two frames: a timer a scene did not announce is at most this late.
(A still menu frame costs ~18 ms of CPU under Xvfb, two thirds of it the flip: 2% of a core.)"""
AWAKE_AFTER_INPUT = 1.1
"""Full frame rate this long after input: hover and press feedback settle, and pygame-gui's
tooltips (shown after 1.0 s of hovering) come on time."""

INPUT_EVENTS = frozenset({
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.MOUSEMOTION,
    pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.FINGERDOWN,
    pygame.FINGERUP, pygame.FINGERMOTION,
})
"""A person's input: the pacer stays awake a moment after it. Any other event (a pygame-gui
message, say) ends a wait too, for one frame."""

WINDOW_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.WINDOWRESIZED})
"""The window changed size: the pacer stays awake a moment after it too.
One frame was not enough: a window manager resizes in steps, and a still screen (the hot-seat
"Pass to ..." card) stayed drawn off-centre, with black strips, until the mouse moved. Only a resize
from outside counts: SDL also reports the app's own size changes (WINDOWSIZECHANGED), which kept the
start-up awake on a busy machine."""


WAIT_SLICE = 0.008
"""How often a wait looks for input: a queued event is noticed within 8 ms (the old loop
looked once a frame, every 16.7 ms). Sleeping in slices costs ~1% of a core under Xvfb,
where `pygame.event.wait(timeout)` cost 3% even for a one-second wait, and it lets Python
threads run (that wait keeps the GIL)."""


def wait_event(seconds: float) -> list[pygame.event.Event]:
    """Sleep until events are queued (returned at once) or `seconds` pass ([])."""
    end = time.perf_counter() + seconds
    while True:
        if pygame.event.peek():  # pumps the window system's events first
            return pygame.event.get()
        left = end - time.perf_counter()
        if left <= 0:
            return []
        time.sleep(min(left, WAIT_SLICE))


def ui_next_frame_in(ui: object) -> float:
    """How soon pygame-gui needs a frame by itself: often while a text field has the focus
    (its caret blinks), else never (hover and presses come with input events)."""
    from pygame_gui.elements import UITextEntryBox, UITextEntryLine

    get_focus = getattr(ui, "get_focus_set", None)
    focused = get_focus() if get_focus is not None else None
    if focused and any(isinstance(e, (UITextEntryLine, UITextEntryBox)) for e in focused):
        return 0.1
    return STILL


class FramePacer:
    """Waits for the next frame and says how long the last one took (`dt`).

    `next_frame(need)`: `need` is the soonest `next_frame_in` of the scenes (seconds
    after the frame just drawn). Returns the events that arrived and the seconds since
    the previous frame. The clock, sleep and event sources are injectable for tests.
    """

    def __init__(self, fps: int = FPS, idle_wait: float = IDLE_WAIT, awake: float = AWAKE_AFTER_INPUT,
                 now: Callable[[], float] = time.perf_counter, sleep: Callable[[float], None] = time.sleep,
                 wait: Callable[[float], list[pygame.event.Event]] = wait_event,
                 poll: Callable[[], list[pygame.event.Event]] = pygame.event.get) -> None:
        self.period = 1.0 / fps
        self.idle_wait = idle_wait
        self.awake = awake
        self._now, self._sleep, self._wait, self._poll = now, sleep, wait, poll
        self.last_frame = now()
        self.last_input = -math.inf
        self.idle_frames = 0
        """Frames drawn after an idle wait (for tests and measurements)."""

    def due_in(self, need: float) -> float:
        """Seconds after the last frame when the next one is drawn, if no input comes first."""
        if self._now() - self.last_input < self.awake:
            need = 0.0
        return max(self.period, min(max(0.0, need), self.idle_wait))

    def next_frame(self, need: float) -> tuple[list[pygame.event.Event], float]:
        due = self.last_frame + self.due_in(need)
        idle = due - self.last_frame > self.period
        events: list[pygame.event.Event] = []
        if idle:
            left = due - self._now()
            if left > 0:
                events = self._wait(left)
            if events:  # input ends the wait, but frames still come at most `period` apart
                self._pause_until(self.last_frame + self.period)
        else:
            self._pause_until(due)
        events += self._poll()
        now = self._now()
        dt = now - self.last_frame
        if idle:
            self.idle_frames += 1
            if events:
                # An animation this input starts begins at its first frame, not `dt` into it
                # (timers lose the idle wait, at most IDLE_WAIT: nothing moved meanwhile).
                dt = min(dt, self.period)
        self.last_frame = now
        if any(e.type in INPUT_EVENTS or e.type in WINDOW_EVENTS for e in events):
            self.last_input = now
        return events, dt

    def _pause_until(self, moment: float) -> None:
        left = moment - self._now()
        if left > 0:
            self._sleep(left)
