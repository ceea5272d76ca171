"""The table's flow (scenes/flow.py) without pygame: what happens next at a table of people and
computers - hand-offs, asking computers and playing their plans step by step, chance and the
engine's own steps, refusals, game over and skipping. A `Table` here does what `TableScene`
does with each answer, minus the drawing."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.ai.agents import make_agent
from game.core.match import Match
from game.core.plans import Plan, follow
from game.core.protocol import AUTO, CHANCE, Command, Seat, State
from game.core.registry import get_game
from game.rally.commands import FinishPlanning, ProgramCard
from game.rally.state import RallyState
from scenes.ai_driver import Answer, computer_seed
from scenes.flow import (
    AI_MIN_SECONDS,
    PLAN_STEP_SECONDS,
    AskComputer,
    Auto,
    Chance,
    GameOver,
    Handoff,
    Hint,
    Moment,
    Next,
    PlanStep,
    ShowSeat,
    TableFlow,
    Wait,
    WaitHuman,
)

DT = 1 / 60


@dataclass
class Request:
    seat: Seat
    state: State
    level: str
    seed: int
    ply: int
    actors: tuple[Seat, ...]
    asked_at: float
    purpose: str = "move"


class FakeDriver:
    """The AI driver's surface the flow uses; a test answers each request when it likes, with the
    real agent's plan or a plan of its own."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.open: list[Request] = []
        self.ready: list[Answer] = []
        self.asked_log: list[Request] = []
        self.cancelled = 0

    @property
    def busy(self) -> bool:
        return bool(self.open)

    def asked(self, seat: Seat) -> bool:
        return any(r.seat == seat for r in self.open) or any(a.seat == seat for a in self.ready)

    def request_move(self, state: Any, seat: Seat, level: str, seed: int, ply: int,
                     actors: tuple[Seat, ...] = (), asked_at: float = 0.0) -> None:
        request = Request(seat, state.clone(), level, seed, ply, actors, asked_at)
        self.open.append(request)
        self.asked_log.append(request)

    def hint(self, seat: Seat, command: Command, ply: int) -> None:
        self.ready.append(Answer("hint", seat, (command,), ply))

    def answer(self, plan: Plan | None = None) -> Plan:
        """Answer the oldest request: with `plan`, or with the agent's own plan for it."""
        r = self.open.pop(0)
        if plan is None:
            plan = make_agent(r.level, self.game_id, r.seed).plan(r.state, r.seat)
        self.ready.append(Answer(r.purpose, r.seat, plan, r.ply, r.actors, r.asked_at))
        return plan

    def poll(self) -> Answer | None:
        return self.ready.pop(0) if self.ready else None

    def cancel(self) -> None:
        self.cancelled += 1
        self.open.clear()
        self.ready.clear()


@dataclass
class FakeView:
    """The game view's answers the flow asks for."""

    view: dict[str, Any] = field(default_factory=dict)
    secrets: bool = True
    hold: bool = False
    again: bool = False
    private: bool = True
    """`private_decision`'s answer: the flow asks it once per position and seat, so a test that
    changes it moves the position on too (`Table.same_seat_decides_again`)."""
    prompt: str | None = None
    asked: int = 0
    """How many times `private_decision` was asked."""

    def hold_chance(self, watch_paused: bool) -> bool:
        return self.hold

    def hold_moves(self, watch_paused: bool) -> bool:
        return False

    def has_secrets(self, view: dict[str, Any]) -> bool:
        return self.secrets

    def handoff_again(self) -> bool:
        return self.again

    def private_decision(self, view: dict[str, Any]) -> bool:
        self.asked += 1
        return self.private

    def continue_prompt(self, now: float) -> str | None:
        return self.prompt

    def spectating(self) -> bool:
        return False


class Table:
    """What `TableScene.update` does with the flow's answers, without a window."""

    def __init__(self, game_id: str, seats: list[str], seed: int = 6, watch_delay: float = 0.6) -> None:
        self.match = Match(get_game(game_id), {}, seed, seats)
        self.driver = FakeDriver(game_id)
        self.view = FakeView()
        self.flow = TableFlow(self.match, self.driver, self.view, lambda: watch_delay)
        self.now = 0.0
        self.holding = False
        self.moving = False
        self.paused = False
        self.said: list[str] = []
        self.done: list[Next] = []

    def frame(self, dt: float = DT) -> Next:
        """One frame: collect an answer, ask computers in the background, act on what comes next."""
        self.now += dt
        self.flow.collect()
        self.flow.ask_ahead(self.now)
        nxt = self.flow.next(Moment(self.now, dt, moving=self.moving, holding=self.holding, paused=self.paused))
        self.act(nxt)
        return nxt

    def same_seat_decides_again(self, private: bool) -> None:
        """The position moves on and the same seat decides again, `private`ly or not (as after a
        Reset resolved), without a real move: the state becomes a new object, which is a new
        position to the flow, and the fake view answers `private` from then on."""
        self.match.state = copy.deepcopy(self.match.state)
        self.view.private = private

    def act(self, nxt: Next) -> None:
        self.done.append(nxt)
        match nxt:
            case Chance() | Auto():
                assert self.match.resolve_chance().ok
            case AskComputer(seat):
                self.flow.ask(seat, self.now)
            case PlanStep(seat, command):
                result = self.match.submit(command)
                if not result.ok:
                    self.flow.refused(seat)
                    self.said.append(result.reason)
            case Handoff(seat):
                self.flow.handing_over(seat)
            case ShowSeat(seat, public):
                self.flow.screen_taken(seat, public)
            case GameOver():
                self.flow.game_over_opened = True

    def until(self, kind: type, frames: int = 600) -> Next:
        """Frames until the flow answers a `kind` (returned, already acted on)."""
        for _ in range(frames):
            nxt = self.frame()
            if isinstance(nxt, kind):
                return nxt
        raise AssertionError(f"no {kind.__name__} in {frames} frames; last: {self.done[-5:]}")

    def settle(self) -> None:
        while self.match.to_act() in ([CHANCE], [AUTO]):
            self.match.resolve_chance()


def test_chance_comes_first_and_a_person_then_has_the_move() -> None:
    t = Table("order-chaos", ["human", "human"])
    assert isinstance(t.frame(), Chance)  # the bag draws the first colour
    nxt = t.frame()
    assert nxt == WaitHuman(t.match.to_act()[0])
    assert t.flow.next_frame_in(False) == float("inf")  # nothing happens until the person acts
    assert not t.driver.asked_log


def test_hot_seat_with_two_people_hands_the_screen_over_before_each_secret_choice() -> None:
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    assert t.match.to_act() == [0, 1] and t.flow.hot_seat
    assert t.flow.first_handoff() == 0
    assert t.frame() == Handoff(0)
    assert t.flow.handoff_open and t.flow.acting_human() is None
    assert isinstance(t.frame(), Wait)  # the card is up: nothing happens, no second card
    t.flow.screen_taken(0)  # "I'm ready"
    assert t.frame() == WaitHuman(0)
    assert t.match.submit(t.match.state.candidates(0)[0]).ok
    assert t.frame() == Handoff(1)  # seat 1 chooses in secret too: the screen is handed over
    assert t.flow.handing_over(1) is False  # a new seat, not the one on screen given it back
    t.flow.screen_taken(1)
    assert t.frame() == WaitHuman(1) and t.flow.viewer() == 1


def test_hot_seat_switches_at_once_when_neither_side_has_a_secret() -> None:
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    t.view.secrets = False
    t.flow.screen_taken(0)
    assert t.match.submit(t.match.state.candidates(0)[0]).ok
    assert t.frame() == ShowSeat(1)
    assert t.frame() == WaitHuman(1)


def test_hot_seat_shows_a_public_decision_at_once_and_hands_over_before_the_next_private_one() -> None:
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    t.flow.screen_taken(0)
    assert t.match.submit(t.match.state.candidates(0)[0]).ok
    t.view.private = False  # seat 1's decision needs none of its secrets (a Reset to resolve)
    assert t.frame() == ShowSeat(1, public=True)
    assert t.flow.public_screen and t.frame() == WaitHuman(1)
    t.same_seat_decides_again(private=True)  # the same seat's next decision is private: "I'm ready" first
    assert t.frame() == Handoff(1)
    assert t.flow.handing_over(1) is False  # not a return: the seat never had its secrets shown
    t.flow.screen_taken(1)
    assert not t.flow.public_screen and t.frame() == WaitHuman(1)


def test_a_public_step_asks_the_view_once_per_position_and_seat() -> None:
    """`acting_human` asks `handoff_due` several times a frame: the view's answer is kept until
    the position changes (a move, an undo)."""
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    t.flow.screen_taken(0)
    assert t.match.submit(t.match.state.candidates(0)[0]).ok
    t.view.private = False
    assert t.frame() == ShowSeat(1, public=True)
    asked = t.view.asked
    for _ in range(20):
        assert t.frame() == WaitHuman(1) and t.flow.acting_human() == 1
    assert t.view.asked == asked, "not asked again while the position stands"
    assert t.match.undo(0).ok  # back to seat 0's choice: a new position, asked afresh
    t.frame()
    assert t.view.asked > asked


def test_a_public_first_decision_opens_the_table_without_a_hand_off() -> None:
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    t.view.private = False
    assert t.flow.first_handoff() is None
    assert t.flow.shown == 0 and t.flow.public_screen
    assert t.frame() == WaitHuman(0)


def test_a_moment_held_for_continue_stops_hand_offs_and_computers_until_it_is_read() -> None:
    t = Table("worlds-collide", ["human", "human"])
    t.settle()
    t.flow.screen_taken(0)
    assert t.match.submit(t.match.state.candidates(0)[0]).ok
    t.view.prompt = "Revealed: ..."
    for _ in range(30):
        assert t.frame() == Wait("continue")  # no hand-off covers what everyone reads
    t.view.prompt = None
    assert t.frame() == Handoff(1)


def test_a_person_against_a_computer_the_computer_thinks_visibly_then_plays() -> None:
    t = Table("order-chaos", ["human", "random"])
    t.settle()
    human, computer = 0, 1
    while t.match.to_act() != [human]:  # whoever moves first, get to the person's turn
        if t.match.to_act() == [computer]:
            t.until(AskComputer)
            t.driver.answer()
            t.until(PlanStep)
        else:
            t.settle()
    assert t.frame() == WaitHuman(human)
    assert t.match.submit(t.match.state.candidates(human)[0]).ok
    t.settle()
    asked = t.until(AskComputer)
    asked_at = t.now
    assert asked == AskComputer(computer)
    request = t.driver.asked_log[-1]
    assert request.seed == computer_seed(t.match.seed, len(t.match.commands), computer)
    assert t.frame() == Wait("thinking") and t.flow.next_frame_in(False) < 1
    plan = t.driver.answer()
    assert len(plan) == 1  # Order & Chaos: a plan of one step
    nxt = t.until(PlanStep)
    assert t.now - asked_at >= AI_MIN_SECONDS - 1e-9  # 'thinking' long enough for the person to follow
    assert nxt == PlanStep(computer, plan[0], background=False, first=True)
    assert t.match.commands[-1] == plan[0]


def test_computers_alone_are_paced_by_the_watch_delay_and_play_each_others_moves() -> None:
    t = Table("order-chaos", ["random", "greedy"], watch_delay=0.5)
    assert t.flow.watch_mode
    assert isinstance(t.frame(), Chance)
    waited = 0.0
    while not isinstance(nxt := t.frame(), AskComputer):
        assert nxt == Wait("watch")
        waited += DT
    assert waited >= 0.5 - 2 * DT  # the watch speed's delay before each computer move
    t.driver.answer()
    step = t.until(PlanStep)
    assert step.first and not step.background
    t.paused = True
    for _ in range(200):
        assert not isinstance(t.frame(), AskComputer)  # paused: no computer is asked
    t.paused = False
    for _ in range(2000):
        nxt = t.frame()
        if isinstance(nxt, AskComputer):
            t.driver.answer()
        if t.match.state.is_over():
            break
    assert t.match.state.is_over()
    assert len(t.driver.asked_log) > 10


def test_game_over_opens_once_the_last_position_was_seen() -> None:
    t = Table("order-chaos", ["random", "random"], watch_delay=0.0)
    for _ in range(5000):
        nxt = t.frame()
        if isinstance(nxt, AskComputer):
            t.driver.answer()
        if t.match.state.is_over():
            break
    assert t.match.state.is_over()
    t.moving = True  # the deciding move's animation
    assert t.frame() == Wait("moving")
    t.moving = False
    first = t.frame()
    assert first == Wait("over") and not t.flow.game_over_opened  # the deciding move is seen first
    assert 0 < t.flow.next_frame_in(False) <= 0.3
    nxt = t.until(GameOver, frames=40)
    assert nxt == GameOver() and t.flow.game_over_opened
    assert t.frame() == Wait("over") and t.flow.next_frame_in(False) == float("inf")


def rally_table(seats: list[str]) -> Table:
    """A Rally table at its first planning phase (set-up played by greedy agents for everyone)."""
    t = Table("rally", seats, seed=3)
    agents = [make_agent("greedy", "rally", 10 + s) for s in range(len(seats))]
    while not (isinstance(t.match.state, RallyState) and t.match.state.phase == "planning"
               and set(t.match.to_act()) == set(range(len(seats)))):
        actors = t.match.to_act()
        if actors in ([CHANCE], [AUTO]):
            t.match.resolve_chance()
        else:
            assert t.match.submit(agents[actors[0]].choose(t.match.state, actors[0])).ok
    return t


def test_a_computers_plan_is_played_step_by_step_with_a_gap_between_steps() -> None:
    t = rally_table(["greedy", "greedy"])
    assert isinstance(t.frame(), Wait)  # the watch delay first
    assert t.until(AskComputer) == AskComputer(0)
    t.driver.answer()
    while 0 in t.match.to_act():  # seat 0's short plan
        t.frame()
    assert t.until(AskComputer) == AskComputer(1)
    plan = t.driver.answer()
    assert len(plan) > 2 and isinstance(plan[-1], FinishPlanning)
    times: list[float] = []
    n = len(t.match.commands)
    while len(times) < len(plan):
        nxt = t.frame()
        assert not isinstance(nxt, AskComputer), "the seat is not asked again while its plan plays"
        if isinstance(nxt, PlanStep):
            times.append(t.now)
            assert nxt.first == (len(times) == 1)
    assert t.match.commands[n:] == list(plan)  # each step checked by Match.submit, in order
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert min(gaps) >= min(PLAN_STEP_SECONDS, 0.6) - 1e-9
    assert t.flow.pending is None and isinstance(t.match.state, RallyState) and t.match.state.done[1]


def test_a_refused_step_drops_the_rest_and_the_computer_is_asked_again_with_another_seed() -> None:
    t = rally_table(["human", "greedy"])
    seat = 1
    assert t.match.submit(FinishPlanning(0)).ok  # the person has planned: the computer alone
    t.until(AskComputer)
    real = t.driver.open[0]
    plan = make_agent("greedy", "rally", real.seed).plan(real.state, seat)
    first = plan[0]
    assert isinstance(first, ProgramCard)
    t.driver.answer((first, first) + plan[1:])  # the second step plays a card no longer in hand
    t.until(PlanStep)
    assert t.match.commands[-1] == first
    ply = len(t.match.commands)
    refused = t.until(PlanStep)
    assert refused.command == first and not refused.first
    assert t.said and "not in your hand" in t.said[-1]
    assert len(t.match.commands) == ply and t.flow.pending is None  # the rest was dropped
    again = t.until(AskComputer)
    assert again == AskComputer(seat)
    request = t.driver.asked_log[-1]
    assert request.ply == ply and request.seed == computer_seed(t.match.seed, ply, seat, retry=1)
    t.driver.answer()
    for _ in range(400):
        t.frame()
        if seat not in t.match.to_act():
            break
    assert isinstance(t.match.state, RallyState) and t.match.state.done[seat]


def test_computer_steps_chosen_alongside_a_person_are_played_face_down_but_not_under_their_hand() -> None:
    t = rally_table(["human", "greedy"])
    assert t.flow.acting_human() == 0
    t.frame()  # the computer is asked at once, in the background
    request = t.driver.asked_log[-1]
    assert request.seat == 1 and request.actors == (0, 1)
    plan = t.driver.answer()
    t.holding = True  # the person holds a card
    for _ in range(30):
        assert t.frame() == Wait("holding")
    t.holding = False
    step = t.frame()
    assert isinstance(step, PlanStep) and step.background and step.command == plan[0]
    state = t.match.state
    assert isinstance(state, RallyState)
    card = state.hands[0][0]
    ship = state.ships_of(0)[0].id
    assert t.match.submit(ProgramCard(0, ship, card, 0)).ok  # the person plays between its steps
    played = [step]
    while len(played) < len(plan):
        nxt = t.frame()
        assert isinstance(nxt, PlanStep), "the person's own move does not make the plan stale"
        played.append(nxt)
    assert [p.command for p in played] == list(plan)
    assert t.frame() == WaitHuman(0)


def test_a_plan_is_dropped_when_the_position_moves_on_without_its_seat() -> None:
    """Order & Chaos: a (made-up) plan of two placements for Chaos; after the first, Order
    must slide: the second step no longer fits and is never played."""
    t = Table("order-chaos", ["human", "random"])
    t.settle()
    seat = t.match.to_act()[0]
    if t.match.is_human(seat):
        t.flow.screen_taken(seat)
        assert t.match.submit(t.match.state.candidates(seat)[0]).ok
        t.settle()
        seat = t.match.to_act()[0]
    assert not t.match.is_human(seat)
    t.until(AskComputer)
    options = t.match.state.candidates(seat)
    t.driver.answer((options[0], options[1]))
    t.until(PlanStep)
    n = len(t.match.commands)
    for _ in range(60):
        nxt = t.frame()
        assert not isinstance(nxt, PlanStep)
    assert len(t.match.commands) == n and t.flow.pending is None


def test_an_automatic_step_is_played_unless_the_view_holds_it() -> None:
    t = rally_table(["greedy", "greedy"])
    for seat in (0, 1):
        played, refusal = follow(t.match, seat, make_agent("greedy", "rally", 5).plan(t.match.state, seat))
        assert played and refusal is None
    assert t.match.to_act() == [AUTO]  # the chaos phase: its rounds are the engine's own steps
    t.view.hold = True  # a playback paused between rounds
    assert t.frame() == Wait("held")
    t.view.hold = False
    n = len(t.match.commands)
    assert t.frame() == Auto()
    assert len(t.match.commands) == n + 1 and t.match.commands[-1].seat == AUTO


def test_a_hint_is_shown_only_to_the_person_it_was_asked_for() -> None:
    t = Table("order-chaos", ["human", "random"])
    t.settle()
    while not t.match.is_human(t.match.to_act()[0]):
        t.until(AskComputer)
        t.driver.answer()
        t.until(PlanStep)
        t.settle()
    me = t.match.to_act()[0]
    suggestion = t.match.state.candidates(me)[0]
    t.driver.hint(me, suggestion, len(t.match.commands))
    t.flow.collect()
    assert t.flow.next(Moment(t.now, DT)) == Hint(me, suggestion)
    t.driver.hint(me, suggestion, len(t.match.commands) - 1)  # asked before the last move
    t.flow.collect()
    assert t.flow.next(Moment(t.now, DT)) == WaitHuman(me)  # out of date: dropped


def test_skipping_plays_everything_at_once_until_the_end() -> None:
    t = rally_table(["greedy", "greedy"])
    t.until(AskComputer)
    plan = t.driver.answer()
    t.flow.collect()
    steps = 0
    for _ in range(100_000):
        nxt = t.flow.skip(t.now)
        if isinstance(nxt, GameOver):
            break
        t.act(nxt)
        steps += isinstance(nxt, PlanStep)
        if isinstance(nxt, Wait):
            t.driver.answer()
            t.flow.collect()
    assert t.match.state.is_over()
    assert steps > len(plan)
