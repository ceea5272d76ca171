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
        plan = _wait(worker)
        assert worker.in_process
        assert isinstance(plan, tuple) and len(plan) == 1  # a plan: one step in Order & Chaos
        assert plan[0] in state.candidates(1)
        assert worker.poll() is None and not worker.pending  # an answer comes once

        second = worker.request(state, 1, "hard", 2)
        assert second == first + 1
        worker.cancel()
        assert not worker.pending
        time.sleep(0.05)
        assert worker.poll() is None  # the cancelled request never answers

        worker.request(state, 1, "easy", 3)
        plan = _wait(worker)
        assert isinstance(plan, tuple) and plan[0] in state.candidates(1)
    assert state.notation() == before


def test_synchronous_fallback() -> None:
    state = _position()
    worker = AgentWorker("order-chaos", use_process=False)
    worker.request(state, 1, "easy", 1)
    assert not worker.in_process
    plan = worker.poll()
    assert plan is not None and plan[0] in state.candidates(1)
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


def test_a_rally_planning_answer_is_the_whole_plan_card_by_card() -> None:
    """The worker answers the agent's plan, not only its first step: in Rally's planning, the
    cards one by one and 'done', as a person plays them."""
    from game.ai.agents import make_agent
    from game.core.protocol import by_itself
    from game.rally.commands import FinishPlanning, ProgramCard
    from game.rally.state import RallyState

    state = get_game("rally").new({}, 3, 2)
    assert isinstance(state, RallyState)
    agent = make_agent("greedy", "rally", 1)
    while state.phase != "planning":
        actors = state.to_act()
        state.apply(state.sample_chance() if by_itself(actors) else agent.choose(state, actors[0]))
    seat = state.to_act()[0]
    worker = AgentWorker("rally", use_process=False)
    worker.request(state, seat, "greedy", 2)
    plan = worker.poll()
    worker.close()
    assert plan is not None and len(plan) > 1
    assert isinstance(plan[0], ProgramCard) and isinstance(plan[-1], FinishPlanning)
    assert plan == make_agent("greedy", "rally", 2).plan(state, seat)


def test_the_worker_process_runs_at_a_lower_priority_than_the_window() -> None:
    """The search takes what the window's frames leave: its process is niced (POSIX)."""
    import os

    import pytest

    from game.ai.worker import WORKER_NICENESS

    if not hasattr(os, "getpriority"):
        pytest.skip("process priorities are read this way on POSIX only")
    with AgentWorker("order-chaos") as worker:
        worker.request(_position(), 1, "greedy", 1)
        _wait(worker)
        proc = worker._proc
        assert proc is not None and proc.pid is not None
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, proc.pid) == min(19, mine + WORKER_NICENESS)
