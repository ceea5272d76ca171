"""The screen's slow questions answered off the drawing thread: a model's reach and the route
to a point under the pointer (with 40 models on the table the engine's reach grid takes a fifth
of a second, and the route to a point far out of reach as long: A* explores every way round).

One worker thread answers one question at a time; while it works only the newest question asked
waits (the pointer has moved on from the others), and the view draws the newest answer it has,
so no frame waits for the engine. The worker rebuilds its own `PublicTable` from the view
(plain data): nothing is shared with the drawing thread but the answers.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.skirmish.public import PublicTable

_POOL: ThreadPoolExecutor | None = None
_TABLES: dict[int, tuple[Mapping[str, Any], PublicTable]] = {}
"""The worker thread's own tables, by the id of the view they were built from (worker only)."""


def _executor() -> ThreadPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skirmish-questions")
    return _POOL


def table_for(view: Mapping[str, Any]) -> PublicTable:
    """The worker's `PublicTable` of `view` (built once per view; call only inside a job)."""
    found = _TABLES.get(id(view))
    if found is None or found[0] is not view:
        _TABLES.clear()
        found = (view, PublicTable(view))
        _TABLES[id(view)] = found
    return found[1]


class Questions:
    """Answers by key: `ask` gives the answer when it is there, else queues the question (only
    the newest one waits) and gives None."""

    def __init__(self, keep: int = 64) -> None:
        self.keep = keep
        self._answers: dict[Hashable, Any] = {}
        self._running: tuple[Hashable, Future[Any]] | None = None
        self._wanted: tuple[Hashable, Callable[[], Any]] | None = None

    def ask(self, key: Hashable, job: Callable[[], Any]) -> Any | None:
        self._pump()
        if key in self._answers:
            return self._answers[key]
        if self._running is None or self._running[0] != key:
            self._wanted = (key, job)
        self._pump()
        return self._answers.get(key)

    def wait(self, key: Hashable, job: Callable[[], Any]) -> Any:
        """The answer, waiting for it (tests; a view that must have it now)."""
        while True:
            found = self.ask(key, job)
            if found is not None or key in self._answers:
                return found
            if self._running is not None:
                self._running[1].result()

    @property
    def pending(self) -> bool:
        self._pump()
        return self._running is not None or self._wanted is not None

    def _pump(self) -> None:
        if self._running is not None and self._running[1].done():
            key, future = self._running
            self._running = None
            try:
                self._answers[key] = future.result()
            except Exception:  # noqa: BLE001 - a question the engine cannot answer shows nothing
                self._answers[key] = None
            if len(self._answers) > self.keep:
                self._answers.pop(next(iter(self._answers)))
        if self._running is None and self._wanted is not None:
            key, job = self._wanted
            self._wanted = None
            if key not in self._answers:
                self._running = (key, _executor().submit(job))
