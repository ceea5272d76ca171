"""Run an agent in another process so the window never freezes while it thinks.

Usage from a screen (one worker per table; all calls return at once)::

    worker = AgentWorker("order-chaos")
    ticket = worker.request(state, seat, "normal", seed)   # starts thinking
    ...                                                    # every frame:
    plan = worker.poll()             # None while thinking, then the agent's plan once
    if plan is not None:
        match.submit(plan[0])        # (the table plays it step by step, see scenes.flow)
    worker.cancel()                  # forget the request (undo, new game, menu)
    worker.close()                   # when the table closes

- `request` sends a copy of the state (pickled over a multiprocessing pipe:
  that is IPC only, saves stay JSON) and returns a ticket number; a new request
  replaces any unanswered one. `pending` says whether an answer is awaited,
  `ticket` which request it belongs to.
- The answer is the agent's plan (`Agent.plan`): a tuple of commands, at least one.
- `poll` never blocks. It raises `AgentError` if the agent failed, or its
  subclass `AgentStopped` if the process died, so a screen can show a message
  instead of waiting forever. A process that hangs without dying is the
  caller's to notice (a time limit) and end with `cancel`.
- `cancel` stops the thinking at once (the busy process is ended and a fresh
  one is started by the next request); `close` ends the process for good.
- The process is started with the "spawn" context, which is what Windows,
  macOS and PyInstaller builds use; the app's entry point calls
  `multiprocessing.freeze_support()` first.
- If a process cannot be started (or `use_process=False`), the worker falls
  back to thinking synchronously inside `request`; `poll` then returns the
  answer on the next call. `in_process` tells which mode is in use.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import traceback
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from game.ai.agents import make_agent
from game.core.plans import Plan
from game.core.protocol import Seat, State


class AgentError(RuntimeError):
    """The agent raised, or its process died, while answering a request."""


class AgentStopped(AgentError):
    """The agent's process ended without answering (killed, crashed): a screen words this
    differently from an agent's error, and the next `request` starts a fresh process."""


WORKER_NICENESS = 5
"""How much lower than the window the worker process runs (POSIX `nice`): on a busy 2-core
machine the window's frames come first and the search, whose strength is set by iterations,
not seconds, takes the rest. Windows gets the below-normal priority class instead."""


def lower_priority() -> bool:
    """Lower this process's CPU priority below the window's; False where the OS refused."""
    try:
        if hasattr(os, "nice"):
            os.nice(WORKER_NICENESS)
            return True
        if sys.platform == "win32":
            import ctypes

            below_normal = 0x4000
            kernel = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            return bool(kernel.SetPriorityClass(kernel.GetCurrentProcess(), below_normal))
    except (OSError, AttributeError):
        pass
    return False


def _serve(conn: Connection, game_id: str) -> None:
    """The worker process: answer (ticket, state, seat, level, seed) until told to stop."""
    lower_priority()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        ticket, state, seat, level, seed = job
        try:
            plan = make_agent(level, game_id, seed).plan(state, seat)
            reply: tuple[int, Any, str] = (ticket, tuple(plan), "")
        except Exception:  # reported to the caller, who decides what to show
            reply = (ticket, None, traceback.format_exc(limit=5))
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


class AgentWorker:
    """One agent process for one game; see the module docstring for the protocol."""

    def __init__(self, game_id: str, use_process: bool = True) -> None:
        self.game_id = game_id
        self._use_process = use_process
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ticket = 0
        self._pending = False
        self._ready: Plan | None = None
        self._error: str = ""

    # --- state ---------------------------------------------------------------------
    @property
    def ticket(self) -> int:
        """The number of the latest request."""
        return self._ticket

    @property
    def pending(self) -> bool:
        """True while an answer to the latest request is awaited."""
        return self._pending

    @property
    def in_process(self) -> bool:
        """False when the worker has fallen back to thinking synchronously."""
        return self._use_process

    # --- API -------------------------------------------------------------------------
    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        """Start planning for `seat` in (a copy of) `state`; returns the ticket."""
        if self._pending:
            self.cancel()
        self._ticket += 1
        self._ready, self._error, self._pending = None, "", True
        if self._use_process and self._ensure_process():
            assert self._conn is not None
            try:
                self._conn.send((self._ticket, state.clone(), seat, level, seed))
                return self._ticket
            except (OSError, ValueError, EOFError):
                self._stop_process()
                self._use_process = False
        try:
            self._ready = tuple(make_agent(level, self.game_id, seed).plan(state.clone(), seat))
        except Exception:
            self._error = traceback.format_exc(limit=5)
        return self._ticket

    def poll(self) -> Plan | None:
        """The plan answering the latest request, once (never blocks); None while thinking."""
        if not self._pending:
            return None
        if self._conn is not None:
            try:
                while self._conn.poll():
                    ticket, plan, error = self._conn.recv()
                    if ticket != self._ticket:
                        continue  # an answer to a request cancelled before it arrived
                    self._ready, self._error = plan, error
                    break
            except (EOFError, OSError):
                self._stop_process()
                self._pending = False
                raise AgentStopped("the computer player's process ended before it answered") from None
            if self._ready is None and not self._error and not self._alive():
                self._stop_process()
                self._pending = False
                raise AgentStopped("the computer player's process ended before it answered")
        if self._error:
            self._pending = False
            message, self._error = self._error, ""
            raise AgentError(message.strip().splitlines()[-1])
        if self._ready is not None:
            plan, self._ready = self._ready, None
            self._pending = False
            return plan
        return None

    def cancel(self) -> None:
        """Forget the latest request; a busy process is stopped so the CPU is freed."""
        if self._pending and self._proc is not None:
            self._stop_process(graceful=False)
        self._pending = False
        self._ready, self._error = None, ""

    def close(self) -> None:
        """End the worker process (safe to call twice)."""
        self._pending = False
        if self._conn is not None:
            try:
                self._conn.send(None)
            except (OSError, ValueError, EOFError):
                pass
        self._stop_process()

    def __enter__(self) -> "AgentWorker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- process management -------------------------------------------------------------
    def _alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def _ensure_process(self) -> bool:
        if self._alive():
            return True
        self._stop_process()
        try:
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(child, self.game_id), daemon=True,
                               name=f"entropy-ai-{self.game_id}")
            proc.start()
            child.close()
        except (OSError, ImportError, RuntimeError, AssertionError):
            self._use_process = False
            return False
        self._proc, self._conn = proc, parent
        return True

    def _stop_process(self, graceful: bool = True) -> None:
        """Close the pipe and end the process (after a short grace period if `graceful`). Not
        graceful (a cancelled or stuck search) kills it at once: it holds nothing to save, and a
        hung process may not heed a polite stop (one stopped by the system waits out the join,
        freezing the window for seconds)."""
        proc, conn = self._proc, self._conn
        self._proc, self._conn = None, None
        if conn is not None:
            conn.close()
        if proc is not None:
            if graceful:
                proc.join(timeout=0.2)
                if proc.is_alive():
                    proc.terminate()
                    proc.join(timeout=2.0)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=1.0)
