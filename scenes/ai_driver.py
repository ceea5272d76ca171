"""Drives computer seats and hint requests through the AI worker, never blocking a frame.

One worker process per table. A request remembers what it was for (a move for
a seat, or a hint for a human) and the ply it was asked at; answers that arrive
after the position changed (undo, a new game) are dropped.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.protocol import Command, Seat, State


class WorkerLike(Protocol):
    def request(self, state: State, seat: Seat, level: str, seed: int) -> int: ...
    def poll(self) -> Command | None: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


class InlineWorker:
    """Thinks synchronously with a random legal command: only for when no worker exists."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._ready: Command | None = None
        self._ticket = 0

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        try:
            from game.ai.agents import make_agent

            self._ready = make_agent("random", self.game_id, seed).choose(state.clone(), seat)
        except ImportError:
            from game.core.rng import Rng

            self._ready = Rng(seed).choice(state.legal_commands(seat))
        self._ticket += 1
        return self._ticket

    def poll(self) -> Command | None:
        ready, self._ready = self._ready, None
        return ready

    def cancel(self) -> None:
        self._ready = None

    def close(self) -> None:
        self._ready = None


def make_worker(game_id: str, use_process: bool = True) -> WorkerLike:
    """The real AgentWorker (its own process), or the inline stand-in if it is missing."""
    try:
        from game.ai.worker import AgentWorker
    except ImportError:
        return InlineWorker(game_id)
    worker: Any = AgentWorker(game_id, use_process=use_process)
    return worker  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Answer:
    purpose: str  # "move" or "hint"
    seat: Seat
    command: Command
    ply: int


class AiDriver:
    """Asks the worker for moves and hints; `poll()` once a frame."""

    def __init__(self, game_id: str, use_process: bool = True) -> None:
        self.worker = make_worker(game_id, use_process)
        self.purpose: str | None = None
        self.seat: Seat | None = None
        self.ply = -1
        self.started_at = 0.0
        self.error = ""

    @property
    def thinking(self) -> bool:
        """True while a move (not a hint) is being worked out."""
        return self.purpose == "move"

    @property
    def busy(self) -> bool:
        return self.purpose is not None

    def request_move(self, state: State, seat: Seat, level: str, seed: int, ply: int) -> None:
        self._start("move", state, seat, level, seed, ply)

    def request_hint(self, state: State, seat: Seat, seed: int, ply: int, level: str = "normal") -> None:
        self._start("hint", state, seat, level, seed, ply)

    def _start(self, purpose: str, state: State, seat: Seat, level: str, seed: int, ply: int) -> None:
        self.purpose, self.seat, self.ply = purpose, seat, ply
        self.started_at = time.perf_counter()
        self.error = ""
        self.worker.request(state, seat, level, seed)

    def poll(self) -> Answer | None:
        """The answer once it is there; errors end the request and set `error`."""
        if self.purpose is None or self.seat is None:
            return None
        try:
            command = self.worker.poll()
        except (RuntimeError, OSError, EOFError) as exc:  # AgentError or a dead process: report, don't hang
            self.error = str(exc) or exc.__class__.__name__
            self.purpose = None
            return None
        if command is None:
            return None
        answer = Answer(self.purpose, self.seat, command, self.ply)
        self.purpose = None
        return answer

    def cancel(self) -> None:
        if self.purpose is not None:
            self.worker.cancel()
        self.purpose = None

    def close(self) -> None:
        self.purpose = None
        self.worker.close()
