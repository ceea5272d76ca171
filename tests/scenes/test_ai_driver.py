"""The AI driver's queue: several computer seats asked at once, answered one at a time, a hint first."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.protocol import Seat, State
from scenes.ai_driver import AiDriver


class FakeWorker:
    """Answers a request only when told to; records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[Seat, int]] = []
        self.answer: tuple[Any, ...] | None = None
        self.fail = ""
        self.cancelled = 0

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        self.asked.append((seat, seed))
        return len(self.asked)

    def poll(self) -> tuple[Any, ...] | None:
        if self.fail:
            raise RuntimeError(self.fail)
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.cancelled += 1

    def close(self) -> None:
        pass


class FakeState:
    def __init__(self) -> None:
        self.clones = 0

    def clone(self) -> "FakeState":
        self.clones += 1
        return self


@pytest.fixture
def driver() -> AiDriver:
    d = AiDriver("worlds-collide", use_process=False)
    d.worker = FakeWorker()
    return d


def worker(d: AiDriver) -> Any:
    return d.worker


def test_several_seats_are_asked_at_once_and_answered_in_order(driver: AiDriver) -> None:
    state: Any = FakeState()
    driver.request_move(state, 1, "normal", 11, 5, actors=(0, 1, 2))
    driver.request_move(state, 2, "normal", 12, 5, actors=(0, 1, 2))
    assert state.clones == 2  # each request keeps the position as it was asked
    assert driver.asked(1) and driver.asked(2) and not driver.asked(0)
    assert worker(driver).asked == [(1, 11)]  # one worker, one search at a time
    assert driver.thinking and driver.busy
    worker(driver).answer = ("A",)
    first = driver.poll()
    assert first is not None and first.seat == 1 and first.plan == ("A",) and first.command == "A"
    assert first.actors == (0, 1, 2) and first.ply == 5
    assert worker(driver).asked == [(1, 11), (2, 12)]  # the next starts as soon as the first answers
    assert driver.poll() is None  # seat 2 is still thinking
    worker(driver).answer = ("B", "B2")
    answer = driver.poll()
    assert answer is not None and answer.seat == 2 and answer.plan == ("B", "B2") and answer.command == "B"
    assert not driver.busy and not driver.asked(2)


def test_a_hint_goes_ahead_of_waiting_moves(driver: AiDriver) -> None:
    state: Any = FakeState()
    driver.request_move(state, 1, "normal", 1, 0)
    driver.request_move(state, 2, "normal", 2, 0)
    driver.request_hint(state, 0, 3, 0)
    assert driver.wants("hint")
    worker(driver).answer = ("m1",)
    assert driver.poll() is not None
    assert worker(driver).asked[-1] == (0, 3)  # the hint, before seat 2's move


def test_cancel_forgets_everything_and_stops_the_search(driver: AiDriver) -> None:
    state: Any = FakeState()
    driver.request_move(state, 1, "normal", 1, 0)
    driver.request_move(state, 2, "normal", 2, 0)
    driver.cancel()
    assert worker(driver).cancelled == 1
    assert not driver.busy and not driver.asked(1) and not driver.asked(2)
    worker(driver).answer = ("late",)
    assert driver.poll() is None


def test_an_error_is_reported_and_the_queue_goes_on(driver: AiDriver) -> None:
    state: Any = FakeState()
    driver.request_move(state, 1, "normal", 1, 0)
    driver.request_move(state, 2, "normal", 2, 0)
    worker(driver).fail = "boom"
    assert driver.poll() is None
    assert driver.error == "boom" and not driver.asked(1)
    worker(driver).fail = ""
    assert worker(driver).asked[-1] == (2, 2)


def test_an_empty_plan_is_a_failure_not_an_answer(driver: AiDriver) -> None:
    """An agent must answer at least one step: nothing to play is reported like an error (the
    table then asks the player how to go on) instead of an answer without a first step."""
    state: Any = FakeState()
    driver.request_move(state, 1, "normal", 1, 0)
    worker(driver).answer = ()
    assert driver.poll() is None
    assert driver.failed == ("move", 1) and "nothing to play" in driver.error
    assert not driver.busy
