"""Pieces every "minutes at the real table" script shares (`rally_minutes.py`, `skirmish_minutes.py`):
a frame of the app stepped without events on a simulated clock, and small statistics.

Not a test: measurement scripts import it. The app's real loop is `scenes.app.step`; these scripts
step the same scene stack frame by frame with a simulated clock, so a busy machine does not change
what they measure.
"""

from __future__ import annotations

import resource
import time
from pathlib import Path
from typing import Any, Callable


def step_frame(ctx: Any, dt: float, draw: bool) -> None:
    """`scenes.app.step` without events; drawing only every few frames to save time (the flow
    of the table does not depend on drawing, except a view's art warm-up, done while idle)."""
    import pygame

    ctx.stack.apply_pending()
    ctx.ui.update(dt)
    ctx.stack.update(dt)
    if draw:
        ctx.screen.fill((18, 20, 28))
        ctx.stack.draw(ctx.screen)
        ctx.ui.draw_ui(ctx.screen)
        pygame.display.flip()


def time_requests(worker: Any, on_spent: Callable[[float], None]) -> None:
    """Make the in-process AI worker report the real seconds of each request to `on_spent` (the
    app thinks in another process; a script that thinks in-process times it apart)."""
    real_request = worker.request

    def timed_request(state: Any, seat: int, level: str, seed: int) -> int:
        t0 = time.perf_counter()
        ticket = real_request(state, seat, level, seed)
        on_spent(time.perf_counter() - t0)
        return int(ticket)

    worker.request = timed_request


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * resource.getpagesize() / 2**20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
