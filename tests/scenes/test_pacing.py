"""The main loop draws only when something changes: idle when still, prompt on input, an AI
answer or an animation (scenes.pacing, Scene.next_frame_in).

The first group drives the real `scenes.app.run` loop for about a second each (wall time):
on the old loop, which drew 60 frames a second whatever happened, every one of them fails.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Command, Seat, State, Target, by_itself
from game.core.registry import get_game
from scenes.app import AppContext, run, step
from scenes.pacing import IDLE_WAIT, PULSE, STILL, FramePacer
from scenes.settings_store import Settings
from scenes.stack import Scene
from scenes.table import AI_MIN_SECONDS, CALM_AFTER, TableScene
from tests.scenes.table_context import table_context

DT = 1 / 60


class Probe(Scene):
    """A scene that records when it is drawn and when events reach it, and quits after
    `seconds`; it asks for every frame while `busy_until` (seconds after its start) lasts."""

    def __init__(self, ctx: AppContext, seconds: float, busy_until: float = 0.0,
                 post: pygame.event.Event | None = None, post_after: float = 0.0) -> None:
        super().__init__(ctx)
        self.seconds, self.busy_until = seconds, busy_until
        self.post, self.post_after = post, post_after
        self.start = time.perf_counter()
        self.draws: list[float] = []
        self.events: list[tuple[float, int]] = []

    def enter(self) -> None:
        self.start = time.perf_counter()
        if self.post is not None:  # SDL's timer thread posts it: nothing in the loop sees it coming
            pygame.time.set_timer(self.post, int(self.post_after * 1000), loops=1)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def update(self, dt: float) -> None:
        if self.elapsed() > self.seconds:
            self.ctx.quit()

    def draw(self, surface: pygame.Surface) -> None:
        self.draws.append(self.elapsed())

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append((self.elapsed(), event.type))
        return True

    def next_frame_in(self) -> float:
        left = self.busy_until - self.elapsed()
        return 0.0 if left > 0 else STILL


def run_probe(**kw: Any) -> Probe:
    box: list[Probe] = []

    def make(ctx: AppContext) -> Probe:
        box.append(Probe(ctx, **kw))
        return box[0]

    run(make, Settings(window_size=(640, 400)))
    return box[0]


def test_a_still_screen_is_drawn_a_few_times_a_second_not_sixty(tabletop_home: Any) -> None:
    probe = run_probe(seconds=1.5)
    later = [t for t in probe.draws if t > 0.2]  # after the first frames
    assert len(later) <= 1.3 / IDLE_WAIT + 2, f"{len(later)} frames of an unchanged screen in 1.3 s"


def test_an_animation_gets_every_frame_then_the_loop_goes_idle(tabletop_home: Any) -> None:
    probe = run_probe(seconds=1.6, busy_until=0.8)
    moving = [t for t in probe.draws if 0.1 < t < 0.8]
    still = [t for t in probe.draws if t > 0.9]
    assert len(moving) >= 20, f"only {len(moving)} frames in 0.7 s of animation"
    assert len(still) <= 0.7 / IDLE_WAIT + 2, f"{len(still)} frames in 0.7 s with nothing moving"


def test_input_wakes_the_idle_loop_at_once(tabletop_home: Any) -> None:
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    probe = run_probe(seconds=1.6, post=press, post_after=0.9)
    keys = [t for t, kind in probe.events if kind == pygame.KEYDOWN]
    assert keys, "the key never arrived"
    before = [t for t in probe.draws if 0.2 < t < keys[0] - 0.01]
    assert len(before) <= (keys[0] - 0.2) / IDLE_WAIT + 2, "the loop was not idle before the key"
    assert keys[0] - 0.9 < 0.05, f"the key was handled {keys[0] - 0.9:.3f} s after it was posted"
    after = [t for t in probe.draws if keys[0] <= t < keys[0] + 0.3]
    assert after and after[0] - keys[0] < 0.03, "the frame after the key came late"
    assert len(after) >= 8, "input keeps the loop awake a moment (hover and press feedback)"


class SlowWorker:
    """A stand-in AI worker: its answer (the first legal command) is ready `delay` s after asking."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.ready_at: float | None = None
        self.asked_at: float | None = None
        self._answer: Command | None = None

    def request(self, state: State, seat: Seat, level: str, seed: int) -> int:
        self.asked_at = time.perf_counter()
        self.ready_at = self.asked_at + self.delay
        self._answer = state.candidates(seat)[0]
        return 1

    def poll(self) -> tuple[Command, ...] | None:
        if self._answer is None or self.ready_at is None or time.perf_counter() < self.ready_at:
            return None
        answer, self._answer = self._answer, None
        return (answer,)

    def cancel(self) -> None:
        self._answer = None

    def close(self) -> None:
        self._answer = None


class WatchedTable(TableScene):
    """The real table, drawn by the real loop, recording frames and the computer's move."""

    def __init__(self, ctx: AppContext, worker: SlowWorker, seconds: float) -> None:
        super().__init__(ctx, Match(get_game("order-chaos"), {}, 4, ["human", "normal"]), use_process=False)
        self.ai.worker = worker
        self.seconds = seconds
        self.start = time.perf_counter()
        self.draws: list[float] = []
        self.moved_at: float | None = None

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.perf_counter()
        if self.moved_at is None and any(c.seat == 1 for c in self.match.commands):  # Chaos moves first
            self.moved_at = now
        if now - self.start > self.seconds:
            self.ctx.quit()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draws.append(time.perf_counter())


def test_the_computers_answer_is_taken_promptly_while_the_loop_idles(tabletop_home: Any) -> None:
    worker = SlowWorker(delay=1.2)  # longer than the table's minimum 'thinking' time
    assert worker.delay > AI_MIN_SECONDS
    box: list[WatchedTable] = []

    def make(ctx: AppContext) -> WatchedTable:
        box.append(WatchedTable(ctx, worker, seconds=2.4))
        return box[0]

    run(make, Settings(window_size=(960, 600), animation_speed="off"))
    table = box[0]
    assert worker.asked_at is not None and worker.ready_at is not None, "the computer was never asked"
    assert table.moved_at is not None, "the computer's move was never played"
    # taken by the first frame or two after it was ready (the table polls at PULSE while it
    # waits; the bounds leave room for a machine loaded by other jobs)
    between = [t for t in table.draws if worker.ready_at <= t < table.moved_at]
    assert len(between) <= 2, f"{len(between)} frames were drawn before the answer was played"
    assert table.moved_at - worker.ready_at < 0.6, \
        f"the answer waited {table.moved_at - worker.ready_at:.3f} s before it was played"
    thinking = [t for t in table.draws if worker.asked_at + 0.05 < t < worker.ready_at]
    span = worker.ready_at - worker.asked_at - 0.05
    assert len(thinking) >= span / PULSE * 0.25, "the 'thinking' dots must keep moving"
    assert len(thinking) <= span / PULSE * 1.5 + 3, f"{len(thinking)} frames in {span:.2f} s of thinking"


# --- what scenes say they need ------------------------------------------------------------

@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def settled_table(ctx: AppContext, seats: list[str]) -> TableScene:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 3, seats), use_process=False)
    ctx.stack.push(scene)
    for _ in range(300):
        step(ctx, [], DT)
        if not scene.animator.tweens and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            break
    for _ in range(int(5 / DT)):  # let the opening status line and tooltips run out
        step(ctx, [], DT)
    return scene


def test_a_table_waiting_for_a_person_is_still_until_the_mouse_finds_a_piece(ctx: AppContext) -> None:
    scene = settled_table(ctx, ["human", "human"])
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 300), rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert scene.next_frame_in() == STILL
    assert ctx.stack.next_frame_in() == STILL
    drawn = scene.view.anchor(Target("drawn"))
    assert drawn is not None
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=drawn, rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert scene.next_frame_in() == PULSE  # the ring under the mouse pulses
    cell = scene.view.anchor(Target("cell", (2, 2)))
    assert cell is not None
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=drawn, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell, rel=(1, 1), buttons=(1, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell, button=1)], DT)
    assert scene.animator.tweens, "the placed counter settles, the next one is drawn"
    assert scene.next_frame_in() == 0.0


def test_highlights_stop_pulsing_a_while_after_the_last_input_and_wake_with_the_next(ctx: AppContext) -> None:
    scene = settled_table(ctx, ["human", "human"])
    drawn = scene.view.anchor(Target("drawn"))
    assert drawn is not None
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=drawn, rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert scene.next_frame_in() == PULSE
    for _ in range(int((CALM_AFTER + 0.5) / DT)):
        step(ctx, [], DT)
    assert scene.next_frame_in() == STILL, "nothing moved for CALM_AFTER seconds: no more frames"
    frozen = scene.overlay().time
    step(ctx, [], 1.0)
    assert scene.overlay().time == frozen, "the highlight holds still instead of jumping"
    assert scene.hover is not None, "the hover highlight itself stays"
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=drawn, rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert scene.next_frame_in() == PULSE
    assert scene.overlay().time > frozen


def test_a_tooltip_and_the_status_line_ask_for_the_frame_they_change_in(ctx: AppContext) -> None:
    scene = settled_table(ctx, ["human", "human"])
    scene.show("Something happened.")
    due = scene.next_frame_in()
    assert 0 < due < math.inf and abs(due - (4.5 - 0.6)) < 0.05  # when it starts to fade
    for _ in range(int(4.0 / DT)):
        step(ctx, [], DT)
    assert scene.next_frame_in() == PULSE  # fading
    for _ in range(int(1.0 / DT)):
        step(ctx, [], DT)
    assert scene.next_frame_in() == STILL
    undo = scene.btn_undo.rect.center
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=undo, rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert 0 < scene.next_frame_in() <= 0.45  # the tooltip shows after its delay


def test_a_thinking_computer_keeps_the_table_polling(ctx: AppContext) -> None:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 4, ["human", "normal"]), use_process=False)
    worker = SlowWorker(delay=60.0)  # the computer plays Chaos, who moves first
    scene.ai.worker = worker
    ctx.stack.push(scene)
    for _ in range(300):
        step(ctx, [], DT)
        if worker.asked_at is not None and not scene.animator.tweens:
            break
    assert scene.ai.busy
    assert scene.next_frame_in() == PULSE


def test_the_menu_is_still_and_a_queued_screen_change_is_not(ctx: AppContext) -> None:
    from scenes.menu import MenuScene

    ctx.stack.push(MenuScene(ctx))
    assert ctx.stack.next_frame_in() == 0.0  # the push waits for the next frame
    step(ctx, [], DT)
    assert ctx.stack.next_frame_in() == STILL


# --- the pacer itself, on a fake clock ---------------------------------------------------------

class FakeTime:
    def __init__(self) -> None:
        self.t = 100.0
        self.waits: list[float] = []
        self.queue: list[tuple[float, pygame.event.Event]] = []
        """(when, event): events that arrive at a moment."""

    def now(self) -> float:
        return self.t

    def sleep(self, s: float) -> None:
        self.t += s

    def wait(self, s: float) -> list[pygame.event.Event]:
        self.waits.append(s)
        due = [(w, e) for w, e in self.queue if w <= self.t + s]
        if due:
            self.t = max(self.t, due[0][0])
            self.queue.remove(due[0])
            return [due[0][1]]
        self.t += s
        return []

    def poll(self) -> list[pygame.event.Event]:
        due = [e for w, e in self.queue if w <= self.t]
        self.queue = [(w, e) for w, e in self.queue if w > self.t]
        return due

    def pacer(self) -> FramePacer:
        return FramePacer(now=self.now, sleep=self.sleep, wait=self.wait, poll=self.poll)


def test_pacer_waits_for_the_scenes_need_within_the_heartbeat() -> None:
    ft = FakeTime()
    pacer = ft.pacer()
    _, dt = pacer.next_frame(STILL)
    assert dt == pytest.approx(IDLE_WAIT)
    _, dt = pacer.next_frame(0.1)
    assert dt == pytest.approx(0.1)
    _, dt = pacer.next_frame(0.0)
    assert dt == pytest.approx(1 / 60)
    assert not ft.waits[2:], "a busy frame sleeps out the frame, it does not wait for events"


def test_pacer_input_ends_the_wait_and_an_animation_it_starts_begins_at_its_first_frame() -> None:
    ft = FakeTime()
    pacer = ft.pacer()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1)
    ft.queue.append((ft.t + 0.1, click))
    events, dt = pacer.next_frame(STILL)
    assert events == [click]
    assert ft.t == pytest.approx(100.1)  # woken at the click, not at the heartbeat
    assert dt == pytest.approx(1 / 60)  # the idle wait is not fed to the animation it starts
    _, dt = pacer.next_frame(STILL)  # awake a moment after input
    assert dt == pytest.approx(1 / 60)
    for _ in range(80):  # AWAKE_AFTER_INPUT runs out
        pacer.next_frame(STILL)
    _, dt = pacer.next_frame(STILL)
    assert dt == pytest.approx(IDLE_WAIT)


def test_pacer_stays_awake_a_moment_after_the_window_is_resized() -> None:
    """Play-test: the hot-seat "Pass to ..." card stayed off-centre with black strips after a
    resize until the mouse moved (one frame was drawn while the window manager still resized)."""
    ft = FakeTime()
    pacer = ft.pacer()
    resized = pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    ft.queue.append((ft.t + 0.1, resized))
    events, _ = pacer.next_frame(STILL)
    assert events == [resized]
    _, dt = pacer.next_frame(STILL)
    assert dt == pytest.approx(1 / 60), "frames keep coming while the window settles"
    for _ in range(80):
        pacer.next_frame(STILL)
    _, dt = pacer.next_frame(STILL)
    assert dt == pytest.approx(IDLE_WAIT), "then the still screen rests again"
