"""The agent worker: a real spawned process answers, cancel stops it, fallback works."""

from __future__ import annotations

import time

from game.ai.worker import AgentWorker
from game.core.registry import get_game
from game.order_chaos.state import OrderChaosState


def _position() -> OrderChaosState:
    state = get_game("order-chaos").new({}, 4)
    assert isinstance(state, OrderChaosState)
    state.apply(state.sample_chance())
    return state


def _wait(worker: AgentWorker, seconds: float = 60.0) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = worker.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the worker did not answer")


def test_worker_process_returns_a_legal_command_and_cancel_works() -> None:
    state = _position()
    before = state.notation()
    with AgentWorker("order-chaos") as worker:
        first = worker.request(state, 1, "greedy", 1)
        assert worker.pending
        command = _wait(worker)
        assert worker.in_process
        assert command in state.candidates(1)
        assert worker.poll() is None and not worker.pending  # an answer comes once

        second = worker.request(state, 1, "hard", 2)
        assert second == first + 1
        worker.cancel()
        assert not worker.pending
        time.sleep(0.05)
        assert worker.poll() is None  # the cancelled request never answers

        worker.request(state, 1, "easy", 3)
        assert _wait(worker) in state.candidates(1)
    assert state.notation() == before


def test_synchronous_fallback() -> None:
    state = _position()
    worker = AgentWorker("order-chaos", use_process=False)
    worker.request(state, 1, "easy", 1)
    assert not worker.in_process
    assert worker.poll() in state.candidates(1)
    worker.close()


def test_agent_errors_are_raised_by_poll() -> None:
    state = _position()
    worker = AgentWorker("order-chaos", use_process=False)
    worker.request(state, 0, "greedy", 1)  # seat 0 is Order and not to act now
    try:
        worker.poll()
    except RuntimeError as exc:
        assert "no legal command" in str(exc) or "not to act" in str(exc)
    else:
        raise AssertionError("poll should report the agent's failure")
