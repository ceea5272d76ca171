"""The computers of a guided game answer with the script's moves (pygame-free).

`ScriptedWorker` stands in for the table's AI worker (`scenes.ai_driver.WorkerLike`): asked for
a computer's move it answers the script's next moves for that seat, and holds the question while
the script has none yet (the player is still reading a step); asked for the player's move (a
hint) it answers the move the step expects. Once the guide is over every question goes to the
real worker, so the game goes on against the level the script names.
"""

from __future__ import annotations

from typing import Any

from game.core.plans import Plan
from game.core.protocol import Seat, State
from scenes.guide.progress import Progress


class ScriptedWorker:
    def __init__(self, progress: Progress, real: Any) -> None:
        self.progress = progress
        self.real = real
        self.held: tuple[State, Seat, str, int] | None = None
        """A question the script has no answer to yet."""
        self._ready: Plan | None = None
        self._delegated = False
        self._ticket = 0

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        self._ticket += 1
        self._ready, self._delegated = None, False
        self.held = (state, seat, level, seed)
        self._settle()
        return self._ticket

    def _settle(self) -> None:
        if self.held is None:
            return
        state, seat, level, seed = self.held
        progress = self.progress
        if seat == progress.script.human and progress.expected:
            self._ready = (progress.expected[0],)  # a hint: the move the step waits for
        elif seat != progress.script.human and progress.reply_for(seat):
            self._ready = progress.reply_for(seat)
        elif progress.done or seat == progress.script.human:
            self.real.request(state, seat, level, seed)
            self._delegated = True
        else:
            return  # the script's answer comes with a later step
        self.held = None

    def poll(self) -> Plan | None:
        self._settle()
        if self._ready is not None:
            ready, self._ready = self._ready, None
            return ready
        if self._delegated:
            plan: Plan | None = self.real.poll()
            if plan is not None:
                self._delegated = False
            return plan
        return None

    def cancel(self) -> None:
        self.held, self._ready = None, None
        if self._delegated:
            self.real.cancel()
        self._delegated = False

    def close(self) -> None:
        self.held, self._ready = None, None
        self.real.close()
