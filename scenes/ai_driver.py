"""Drives computer seats and hint requests through the AI worker, never blocking a frame.

One worker process per table. A request remembers what it was for (a move for
a seat, or a hint for a human) and the ply it was asked at. An answer is the
agent's plan (`Answer.plan`, see `game.core.plans`); the table's flow
(`scenes.flow`) plays it step by step, and drops what no longer fits the
position (undo, a new game, another seat's move it did not foresee). A request that takes
far longer than any normal move (`TOO_LONG_SECONDS`: the process hangs) is
`overdue`; the table then asks the player whether to wait, and `abandon` ends it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.plans import Plan
from game.core.protocol import Command, Seat, State

def computer_seed(match_seed: int, ply: int, seat: Seat, retry: int = 0, hint: bool = False) -> int:
    """The seed a computer (or a hint) searches with at ply `ply`: one formula, so the same
    position gets the same move however the table asks - in the background while a person
    chooses too, in turn, or while skipping to the end (three formulas gave three seeds) -
    and 'Try again' (`retry`) asks with another. A hint searches another stream."""
    base = match_seed * 7919 if hint else match_seed * 1000003
    return base + ply + 7919 * (seat + 1) + 104729 * retry


AI_ERROR, AI_STOPPED, AI_SLOW = "error", "stopped", "slow"
"""How a computer player failed, for the card that asks the player what to do (scenes.ai_failed):
its program raised, its process ended without answering, or it is taking too long."""

try:
    from game.ai.worker import AgentStopped
except ImportError:  # no AI package: the inline worker never stops on its own
    class AgentStopped(RuntimeError):  # type: ignore[no-redef]
        """Stand-in so `isinstance` checks work without the AI package."""

TOO_LONG_SECONDS = 30.0
"""A request still unanswered after this long is `overdue` (the process hangs). The slowest
moves, level `hard` in self-play on a 2-core machine under load 2-5: Rally (4 players) at
most 4.6 s in 538 moves (p95 1.1 s), Worlds Collide 3.2 s in 49 (p95 2.5 s), Order & Chaos
2.5 s in 30. 30 s is over six times the worst, so a slow but healthy search never sees
the question, and a stuck one is noticed within half a minute."""


class WorkerLike(Protocol):
    def request(self, state: State, seat: Seat, level: str, seed: int) -> int: ...
    def poll(self) -> Plan | None: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


class InlineWorker:
    """Thinks synchronously with a random legal command: only for when no worker exists."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._ready: Plan | None = None
        self._ticket = 0

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        try:
            from game.ai.agents import make_agent

            self._ready = tuple(make_agent("random", self.game_id, seed).plan(state.clone(), seat))
        except ImportError:
            from game.core.rng import Rng

            self._ready = (Rng(seed).choice(state.candidates(seat)),)
        self._ticket += 1
        return self._ticket

    def poll(self) -> Plan | None:
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
    return worker


@dataclass(frozen=True)
class Answer:
    purpose: str  # "move" or "hint"
    seat: Seat
    plan: Plan
    """The agent's plan: the commands the seat will play, at least one (a hint shows the first)."""
    ply: int
    actors: tuple[Seat, ...] = ()
    """The seats that were choosing together when this was asked (a simultaneous choice), else empty."""
    asked_at: float = 0.0
    """The table's clock when it was asked (so a shown move can be given a minimum 'thinking' time)."""

    @property
    def command(self) -> Command:
        """The plan's first step (what a hint shows)."""
        return self.plan[0]


@dataclass(frozen=True)
class _Job:
    purpose: str
    seat: Seat
    state: State
    level: str
    seed: int
    ply: int
    actors: tuple[Seat, ...]
    asked_at: float


class AiDriver:
    """Asks the worker for moves and hints; `poll()` once a frame.

    Requests wait in a queue and the one worker answers them one at a time:
    several computer seats of a simultaneous choice are all asked at once (each
    with the position as it was when asked, so none can see another's choice),
    and think one after another in the background while the human chooses. One
    process rather than one per seat: the searches are time-capped, and on a
    machine with few cores parallel searches would each get weaker, not faster.
    Answers wait in `poll()` until the table takes them.
    """

    def __init__(self, game_id: str, use_process: bool = True) -> None:
        self.worker = make_worker(game_id, use_process)
        self._queue: list[_Job] = []
        self._current: _Job | None = None
        self._ready: list[Answer] = []
        self.started_at = 0.0
        self.error = ""
        self.failed: tuple[str, Seat] | None = None
        """What the last failed request was for ("move" or "hint", and its seat), set with `error`."""
        self.stopped = False
        """The last failure was the worker process ending without an answer (set with `error`)."""
        self._patience_from = 0.0
        """When the current request's wait began (its start, or the last `keep_waiting`)."""

    @property
    def purpose(self) -> str | None:
        """What the worker is working on now: "move", "hint" or None."""
        return self._current.purpose if self._current is not None else None

    @property
    def seat(self) -> Seat | None:
        return self._current.seat if self._current is not None else None

    @property
    def ply(self) -> int:
        return self._current.ply if self._current is not None else -1

    @property
    def thinking(self) -> bool:
        """True while a move (not a hint) is being worked out or waits its turn."""
        return any(job.purpose == "move" for job in self._jobs())

    @property
    def busy(self) -> bool:
        return bool(self._jobs())

    def wants(self, purpose: str) -> bool:
        """A request of this purpose is queued, being worked out, or answered and not yet taken."""
        return any(job.purpose == purpose for job in self._jobs()) or any(a.purpose == purpose for a in self._ready)

    def asked(self, seat: Seat) -> bool:
        """A move for `seat` is queued, being worked out, or answered and not yet taken."""
        return any(job.purpose == "move" and job.seat == seat for job in self._jobs()) or \
            any(a.purpose == "move" and a.seat == seat for a in self._ready)

    def actors_of(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats choosing together when `seat`'s move (queued, being worked out, or answered
        and not yet taken) was asked: () when it was not asked in a simultaneous choice."""
        for job in self._jobs():
            if job.purpose == "move" and job.seat == seat:
                return job.actors
        return next((a.actors for a in self._ready if a.purpose == "move" and a.seat == seat), ())

    def request_move(self, state: State, seat: Seat, level: str, seed: int, ply: int,
                     actors: tuple[Seat, ...] = (), asked_at: float = 0.0) -> None:
        self._enqueue(_Job("move", seat, state.clone(), level, seed, ply, actors, asked_at))

    def request_hint(self, state: State, seat: Seat, seed: int, ply: int, level: str = "normal",
                     actors: tuple[Seat, ...] = ()) -> None:
        """A hint goes ahead of computer moves still waiting (the player is looking at the screen)."""
        self._queue.insert(0, _Job("hint", seat, state.clone(), level, seed, ply, actors, 0.0))
        self._pump()

    def _enqueue(self, job: _Job) -> None:
        self._queue.append(job)
        self._pump()

    def _jobs(self) -> list[_Job]:
        return ([self._current] if self._current is not None else []) + self._queue

    def _pump(self) -> None:
        """Collect a finished answer and start the next job (never blocks)."""
        job = self._current
        if job is not None:
            try:
                plan = self.worker.poll()
            except (RuntimeError, OSError, EOFError) as exc:  # AgentError or a dead process: report, don't hang
                self.error = str(exc) or exc.__class__.__name__
                self.failed = (job.purpose, job.seat)
                self.stopped = isinstance(exc, (AgentStopped, OSError, EOFError))
                self._current = None
            else:
                if plan is not None and not plan:  # an agent must answer at least one step
                    self.error = "the computer player answered with nothing to play"
                    self.failed = (job.purpose, job.seat)
                    self.stopped = False
                    self._current = None
                elif plan is not None:
                    self._ready.append(Answer(job.purpose, job.seat, tuple(plan), job.ply, job.actors, job.asked_at))
                    self._current = None
        if self._current is None and self._queue:
            job = self._current = self._queue.pop(0)
            self.started_at = self._patience_from = time.perf_counter()
            self.worker.request(job.state, job.seat, job.level, job.seed)

    def poll(self) -> Answer | None:
        """The next answer once it is there (oldest first); errors end that request and set `error`."""
        self._pump()
        return self._ready.pop(0) if self._ready else None

    def waited(self) -> float:
        """Seconds the current request has been worked on (0 when there is none)."""
        return time.perf_counter() - self.started_at if self._current is not None else 0.0

    def overdue(self, limit: float | None = None) -> bool:
        """The current request has gone unanswered for `limit` seconds (default `TOO_LONG_SECONDS`,
        read at call time so tests can shorten it) since it began or since `keep_waiting`."""
        if self._current is None:
            return False
        wait = TOO_LONG_SECONDS if limit is None else limit
        return time.perf_counter() - self._patience_from >= wait

    def keep_waiting(self) -> None:
        """The player chose to wait: `overdue` counts a whole limit again from now."""
        self._patience_from = time.perf_counter()

    def abandon(self) -> None:
        """Give up on the current request: its process is ended (a fresh one starts with the next
        request) and requests still queued go on. Nothing was played for it."""
        if self._current is None:
            return
        self.worker.cancel()
        self._current = None
        self._pump()

    def cancel(self) -> None:
        """Forget every request and answer (undo, a new game)."""
        if self._current is not None:
            self.worker.cancel()
        self._current = None
        self._queue.clear()
        self._ready.clear()

    def close(self) -> None:
        self._current = None
        self._queue.clear()
        self._ready.clear()
        self.worker.close()
