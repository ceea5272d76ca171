"""The table's flow, apart from its drawing: what happens next at the table.

`TableFlow.next(moment)` looks at the match, the seats, the AI driver and what the screen is
doing (a `Moment`: the clock, whether something moves or covers the table, a piece in a
person's hand, the pause) and answers one small typed value, `Next`:

- `Chance()` / `Auto()`: let chance decide, or play the engine's own step (`game.core.seats`);
- `AskComputer(seat)`: a computer must decide and nobody is asking it yet;
- `PlanStep(seat, command)`: play the next step of a computer's plan (`game.core.plans`) - the
  first once the computer has 'thought' long enough for a person to follow, each next one
  after the last one's animation and a short gap (`PLAN_STEP_SECONDS`); a step chosen
  alongside a person (a simultaneous choice) is played face down at once, never under the
  person's hand;
- `Hint(seat, command)`: a hint the person at the screen asked for has come;
- `Handoff(seat)` / `ShowSeat(seat)`: hot-seat, give the screen to the next person (with the
  hand-off card, or at once when neither view holds a secret, or when the decision is public:
  `ShowSeat(seat, public=True)`, that seat's secrets then drawn as the others see them);
- `GameOver()`: open the game-over screen;
- `WaitHuman(seat)`: a person decides; `Wait(why)`: nothing to do this frame (also while the
  view keeps a moment on screen until Continue: `continue_prompt`).

`TableScene` acts on it (resolves, asks the driver through `ask`, plays, pushes the hand-off or
game-over screen, animates) and draws. The flow never imports pygame (a test checks it), so
it is tested without a window (`tests/scenes/test_flow.py`). A step of a plan is handed out
once; if the table's `Match.submit` refuses it, the table says so (`refused`), the rest is
dropped, and the seat is asked again with another seed. The rest of a plan is also dropped
when the position moved on in a way it did not foresee (`PlanInPlay.fits`): undo, chance, a
reveal, or any seat's move outside the simultaneous choice it was planned in.

    flow = TableFlow(match, AiDriver(game_id), view, lambda: settings.ai_watch_delay)
    nxt = flow.next(Moment(now=t, dt=dt, moving=animator.busy))
    match nxt:
        case AskComputer(seat):
            flow.ask(seat, t)
        case PlanStep(seat, command):
            if not match.submit(command).ok:
                flow.refused(seat)

One function computes the seed a computer (or a hint) searches with: `seed`, built on
`scenes.ai_driver.computer_seed`, for a move asked in turn, in the background or while skipping.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.core.match import Match
from game.core.plans import PlanInPlay
from game.core.protocol import CHANCE, Command, Seat, by_itself
from scenes.ai_driver import Answer, computer_seed

AI_MIN_SECONDS = 0.45
"""With a person at the table, a computer's answer shows 'thinking' at least this long, so it can be followed."""
PLAN_STEP_SECONDS = 0.25
"""The gap between two steps of a computer's plan once the last one's animation is over (when
computers are only watched, no more than the watch speed's delay): a program's cards land one
by one at a pace a person can follow, without making them wait a whole move's time per card."""
GAME_OVER_AFTER = 0.3
"""Seconds the last position stays on screen before the game-over screen opens."""
POLL = 1 / 12
"""How soon the table looks again while a computer thinks or a plan is played (the table's PULSE)."""
STILL = math.inf
"""Nothing will happen without input."""


# --- what happens next -------------------------------------------------------------------------

@dataclass(frozen=True)
class Wait:
    """Nothing to do now; `why` says what is awaited ("moving", "covered", "thinking", "pacing", ...)."""

    why: str = ""


@dataclass(frozen=True)
class WaitHuman:
    """A person decides: `seat` has the screen and must act."""

    seat: Seat


@dataclass(frozen=True)
class Chance:
    """Chance decides now (`Match.resolve_chance`)."""


@dataclass(frozen=True)
class Auto:
    """The engine plays its own next step now (`Match.resolve_chance`)."""


@dataclass(frozen=True)
class AskComputer:
    """A computer seat must decide: ask the AI driver (`TableFlow.ask`)."""

    seat: Seat


@dataclass(frozen=True)
class PlanStep:
    """Play `command`, the next step of `seat`'s plan (`Match.submit`; on refusal `TableFlow.refused`)."""

    seat: Seat
    command: Command
    background: bool = False
    """Chosen alongside a person (a simultaneous choice): played face down, their hint stays."""
    first: bool = True
    """The plan's first step (later ones follow it without a new 'thinking' time)."""


@dataclass(frozen=True)
class Hint:
    """The hint asked for `seat` (the person at the screen): show `command`."""

    seat: Seat
    command: Command


@dataclass(frozen=True)
class Handoff:
    """Hot-seat: cover the table until `seat`'s person is at the screen (`TableFlow.handing_over`)."""

    seat: Seat


@dataclass(frozen=True)
class ShowSeat:
    """Hot-seat: show `seat`'s view at once; neither its view nor the one on screen holds a secret,
    or (`public`) its decision needs none of its secrets, which stay drawn as the others see them."""

    seat: Seat
    public: bool = False


@dataclass(frozen=True)
class GameOver:
    """The game is over and its last position has been seen: open the game-over screen."""


Next = Wait | WaitHuman | Chance | Auto | AskComputer | PlanStep | Hint | Handoff | ShowSeat | GameOver


@dataclass(frozen=True)
class Moment:
    """What the screen is doing this frame, as far as the flow cares."""

    now: float
    """The table's clock (seconds)."""
    dt: float = 0.0
    """Seconds since the last frame."""
    covered: bool = False
    """Another screen is on top of the table (pause menu, hand-off card, a question)."""
    moving: bool = False
    """An animation is playing."""
    holding: bool = False
    """A person holds a piece (a drag): a computer's move chosen alongside waits until it is put down."""
    paused: bool = False
    """The table's pause (Space, the Pause button)."""


class FlowView(Protocol):
    """What the flow asks the game's view (`scenes.views.base.GameView` answers all of it)."""

    @property
    def view(self) -> dict[str, Any]:
        """The view on screen now."""

    def hold_chance(self, watch_paused: bool) -> bool: ...
    def hold_moves(self, watch_paused: bool) -> bool: ...
    def has_secrets(self, view: dict[str, Any]) -> bool: ...
    def private_decision(self, view: dict[str, Any]) -> bool: ...
    def continue_prompt(self, now: float) -> str | None: ...
    def handoff_again(self) -> bool: ...
    def spectating(self) -> bool: ...


class Driver(Protocol):
    """What the flow uses of the AI driver (`scenes.ai_driver.AiDriver`)."""

    @property
    def busy(self) -> bool: ...
    def asked(self, seat: Seat) -> bool: ...
    def poll(self) -> Answer | None: ...
    def cancel(self) -> None: ...
    def request_move(self, state: Any, seat: Seat, level: str, seed: int, ply: int,
                     actors: tuple[Seat, ...] = (), asked_at: float = 0.0) -> None: ...


@dataclass(frozen=True)
class Pending:
    """An answer taken from the driver and not yet wholly played (a hint waits to be shown)."""

    purpose: str
    """"move" or "hint"."""
    run: PlanInPlay
    """The steps left, and the position the next one was planned for."""
    asked_at: float
    played: int = 0
    """Steps of it already played."""
    last_at: float = 0.0
    """The table's clock when the last step was handed out."""

    @property
    def seat(self) -> Seat:
        return self.run.seat


# --- the flow ------------------------------------------------------------------------------------

class TableFlow:
    """Decides what happens next at one table; see the module docstring."""

    def __init__(self, match: Match, ai: Driver, view: FlowView, watch_delay: Callable[[], float]) -> None:
        self.match = match
        self.ai = ai
        self.view = view
        self.watch_delay = watch_delay
        """The watch speed: seconds a watched computer's move waits after the last one (a setting)."""
        self.pending: Pending | None = None
        self.idle_for = 0.0
        """Seconds nothing has moved or covered the table."""
        self.ai_requested_at = 0.0
        """The clock when a computer the table waits for was last asked."""
        self.ai_failed: set[Seat] = set()
        """Computer seats whose move failed: not asked again until the player chooses (see AiFailedScene)."""
        self.ai_retry = (-1, 0)
        """(ply, times) another seed was wanted at that ply ('Try again', a refused step)."""
        self.game_over_opened = False
        self.shown: Seat | None = None
        """Hot-seat: the human seat whose view is on screen (changes only after a hand-off)."""
        self.handoff_open = False
        self.handed = False
        """Some seat has pressed "I'm ready" (a hand-off to the seat on screen is then a return)."""
        self.public_screen = False
        """Hot-seat: the seat on screen was shown without a hand-off, for a public decision; its
        next private decision needs one."""
        self._private: dict[Seat, tuple[Any, int, bool]] = {}
        """Per seat: the position (state object, ply) `private_step` last answered for, and its answer."""

    # --- who plays -----------------------------------------------------------------------------
    @property
    def humans(self) -> list[Seat]:
        return [i for i in range(len(self.match.seats)) if self.match.is_human(i)]

    @property
    def watch_mode(self) -> bool:
        return not self.humans

    @property
    def watching(self) -> bool:
        """Nobody at the table can act any more: only computers play (or people are out)."""
        return self.watch_mode or (not self.match.state.is_over() and self.view.spectating())

    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen in a game with secrets: each needs a hand-off screen."""
        return bool(self.match.game.info.hidden_info) and len(self.humans) > 1

    def next_human(self) -> Seat | None:
        """The human seat that decides next: in hot-seat the seat on screen while it is among
        the actors (a simultaneous step after its own decision does not hand the screen away and
        back again: Rally's energy split then planning did), else the first human actor."""
        humans = [seat for seat in self.match.to_act() if seat >= 0 and self.match.is_human(seat)]
        if not humans:
            return None
        if self.hot_seat and self.shown in humans:
            return self.shown
        return humans[0]

    def acting_human(self) -> Seat | None:
        """The human seat that must decide now, if any (in hot-seat, only once it has the screen,
        and not while the view asks for that seat to be handed the screen again after a moment
        everyone watched: its buttons and banner wait for 'I'm ready' like its cards)."""
        seat = self.next_human()
        if seat is not None and self.handoff_due(seat):
            return None
        return seat

    def clock_seat(self, m: Moment) -> Seat | None:
        """The seat whose tournament clock runs this frame (`Match.run_clock`): a person who has
        the decision on screen, with nothing over the table (pause menu, hand-off card, a
        question) and nothing moving (the last move's animation is not their thinking time).
        A computer's thinking is never on the clock: the table waits for it, not for a person."""
        if m.covered or m.moving or self.match.clock is None or self.match.state.is_over():
            return None
        return self.acting_human()

    def handoff_due(self, seat: Seat) -> bool:
        """Hot-seat: `seat` must be handed the screen before it acts (another seat has it, or
        the view asks for it again after a moment everyone watched)."""
        return self.hot_seat and (seat != self.shown or self.view.handoff_again() or (
            self.public_screen and self.private_step(seat)))

    def private_step(self, seat: Seat) -> bool:
        """The view's `private_decision` on `seat`'s view of the position now, asked once per
        position and seat: `acting_human` asks it several times a frame while a public step is
        on screen, and the answer changes only with the position (a move, an undo: the ply or
        the state object)."""
        state, ply = self.match.state, len(self.match.commands)
        known = self._private.get(seat)
        if known is not None and known[0] is state and known[1] == ply:
            return known[2]
        answer = self.view.private_decision(state.view(seat))
        self._private[seat] = (state, ply, answer)
        return answer

    def viewer(self) -> Seat:
        """The seat whose view is drawn: never a seat that has not been handed the screen."""
        if self.hot_seat:
            if self.shown is None:
                nxt = self.next_human()
                self.shown = nxt if nxt is not None else self.humans[0]
            return self.shown
        seat = self.acting_human()
        if seat is not None:
            return seat
        return self.humans[0] if self.humans else 0

    def ai_to_act(self) -> Seat | None:
        """The computer seat the table waits for (the banner says 'thinking'): the only actor, or
        (simultaneous choices) one of several once no human among them is still to choose.
        Computer seats choosing alongside a human are asked earlier, by `ask_ahead`."""
        actors = self.match.to_act()
        if not actors or by_itself(actors) or any(self.match.is_human(s) for s in actors if s >= 0):
            return None
        return actors[0] if actors[0] >= 0 else None

    def thinking_seats(self) -> list[Seat]:
        """Computer seats that must act and whose move the worker is working out."""
        return [s for s in self.match.to_act() if s >= 0 and not self.match.is_human(s) and self.ai.asked(s)]

    def first_handoff(self) -> Seat | None:
        """Hot-seat, as the table opens: the seat to hand the screen to first (None when no one
        is handed it yet: the game is over, or opens with chance - the view then asks)."""
        if not self.hot_seat or self.match.state.is_over() or by_itself(self.match.to_act()):
            return None
        first = self.next_human()
        if first is not None and not self.private_step(first):
            self.shown, self.public_screen = first, True  # a public first step: no "I'm ready"
            return None
        return first if first is not None else self.humans[0]

    # --- asking the computers --------------------------------------------------------------------
    def seed(self, seat: Seat, hint: bool = False) -> int:
        """The seed a computer's move (or a hint) for `seat` is asked with now (computer_seed):
        the retry count applies at the ply another seed was wanted."""
        n = len(self.match.commands)
        retry = self.ai_retry[1] if self.ai_retry[0] == n else 0
        return computer_seed(self.match.seed, n, seat, retry, hint)

    def retry(self) -> None:
        """Ask with another seed at this ply ('Try again', or a step refused here)."""
        ply, times = self.ai_retry
        n = len(self.match.commands)
        self.ai_retry = (n, times + 1 if ply == n else 1)

    def ask(self, seat: Seat, now: float, actors: tuple[Seat, ...] = ()) -> None:
        """Ask the driver for `seat`'s plan in the position as it is (`actors`: the seats choosing
        together, when it is asked in the background of a person's simultaneous choice)."""
        if not actors:
            self.ai_requested_at = now
        self.ai.request_move(self.match.state, seat, self.match.seats[seat], self.seed(seat),
                             len(self.match.commands), actors, now)

    def ask_ahead(self, now: float) -> None:
        """A simultaneous choice with a human among the actors: computer actors start thinking now,
        in the background, from the position as it is (their plans are played, face down, only
        when the table is idle; nothing of what they chose is shown before the reveal)."""
        if not self.humans or self.match.state.is_over():
            return
        actors = tuple(s for s in self.match.to_act() if s >= 0)
        if len(actors) < 2 or not any(self.match.is_human(s) for s in actors):
            return
        pending = self.pending
        for seat in actors:
            if self.match.is_human(seat) or self.ai.asked(seat) or seat in self.ai_failed:
                continue
            if pending is not None and pending.purpose == "move" and pending.seat == seat:
                continue
            self.ask(seat, now, actors)

    def collect(self) -> None:
        """Take the driver's next answer once the last one is wholly played or shown."""
        if self.pending is not None:
            return
        answer = self.ai.poll()
        if answer is not None:
            self.pending = Pending(answer.purpose, PlanInPlay(answer.seat, answer.plan, answer.ply, answer.actors),
                                   answer.asked_at)

    def refused(self, seat: Seat) -> None:
        """The table's `Match.submit` refused the step just handed out for `seat`: the rest of its
        plan is dropped, and the seat will be asked again, with another seed."""
        if self.pending is not None and self.pending.seat == seat:
            self.pending = None
        self.retry()

    def reset(self) -> None:
        """History changed (undo, redo): every question and answer is forgotten."""
        self.ai.cancel()
        self.pending = None
        self.idle_for = 0.0

    # --- hand-offs and game over (the table's screens report back) ----------------------------------
    def handing_over(self, seat: Seat) -> bool:
        """The hand-off card for `seat` is up; True when it gives the seat on screen its screen
        back (after a moment everyone watched) rather than a new seat."""
        self.handoff_open = True
        return seat == self.shown and self.handed and not self.public_screen

    def screen_taken(self, seat: Seat, public: bool = False) -> None:
        """`seat`'s person pressed "I'm ready" (or nothing had to be hidden, or `public`: its
        decision is public and its secrets stay hidden): its view is on screen."""
        self.handoff_open = False
        self.handed = self.handed or not public
        self.shown = seat
        self.public_screen = public

    # --- deciding ---------------------------------------------------------------------------------
    def next(self, m: Moment) -> Next:
        """What happens next (see the module docstring); call once a frame, act on the answer."""
        if m.covered or m.moving:
            self.idle_for = 0.0
            return Wait("covered" if m.covered else "moving")
        if self.view.continue_prompt(m.now) is not None:
            self.idle_for = 0.0
            return Wait("continue")  # a moment everybody reads before the game moves on
        state = self.match.state
        if self.hot_seat and not state.is_over() and self.pending is None:
            nxt = self.next_human()
            if nxt is not None and self.handoff_due(nxt) and not self.handoff_open:
                if not self.private_step(nxt):
                    return ShowSeat(nxt, public=True)  # a public step: no "I'm ready", secrets stay hidden
                if nxt != self.shown and not self.view.has_secrets(self.view.view) \
                        and not self.view.has_secrets(state.view(nxt)):
                    return ShowSeat(nxt)  # nothing hidden on either side: no hand-off screen
                return Handoff(nxt)
        self.idle_for += m.dt
        if self.pending is not None:
            out = self._pending_next(m)
            if out is not None:
                return out
        if state.is_over():
            if not self.game_over_opened and self.idle_for > GAME_OVER_AFTER:
                return GameOver()
            return Wait("over")
        actors = self.match.to_act()
        if by_itself(actors):
            if self.view.hold_chance(m.paused):
                return Wait("held")
            return Chance() if actors == [CHANCE] else Auto()
        seat = self.ai_to_act()
        if seat is not None and seat not in self.ai_failed and not self.ai.busy and self.pending is None:
            if self.watching and (m.paused or self.idle_for < self.watch_delay()):
                return Wait("watch")
            return AskComputer(seat)
        human = self.acting_human()
        if human is not None:
            return WaitHuman(human)
        return Wait("thinking" if self.ai.busy else "")

    def _pending_next(self, m: Moment) -> Next | None:
        """The pending answer's turn: its next step, a hint, a wait (None: it was dropped, or a
        hint nobody at the screen asked for any more, and the flow goes on)."""
        p = self.pending
        assert p is not None
        if not p.run.fits(self.match.commands, self.match.to_act()):
            self.pending = None  # the position moved on: the seat, if it must still act, is asked again
            return None
        if p.purpose == "hint":
            self.pending = None
            return Hint(p.seat, p.run.steps[0]) if self.acting_human() == p.seat else None
        background = any(self.match.is_human(s) for s in self.match.to_act() if s >= 0)
        if background:
            if m.holding:
                return Wait("holding")  # never under the person's hand
        elif p.played == 0:
            if self.humans and m.now - max(self.ai_requested_at, p.asked_at) < AI_MIN_SECONDS:
                return Wait("pacing")
        elif min(m.now - p.last_at, self.idle_for) < self.step_gap():
            return Wait("pacing")
        if m.paused and not background and (self.view.hold_moves(m.paused) or (p.played > 0 and self.watching)):
            return Wait("paused")  # a paused table holds a computer's move (a step lets it through)
        return self._hand_out(m.now, background)

    def _hand_out(self, now: float, background: bool) -> PlanStep:
        """The pending plan's next step, counted as played (a refusal is reported by `refused`)."""
        p = self.pending
        assert p is not None
        command = p.run.steps[0]
        rest = p.run.played(len(self.match.commands) + 1)
        self.pending = replace(p, run=rest, played=p.played + 1, last_at=now) if rest.steps else None
        return PlanStep(p.seat, command, background, first=p.played == 0)

    def step_gap(self) -> float:
        """Seconds between two steps of a plan (`PLAN_STEP_SECONDS`; when computers are only
        watched, no longer than the watch speed's delay)."""
        return min(PLAN_STEP_SECONDS, self.watch_delay()) if self.watch_mode else PLAN_STEP_SECONDS

    def skip(self, now: float) -> Next:
        """Skipping to the end: what to do next at once, without pacing, holds or animation.
        `GameOver` or `WaitHuman` end the skip; `Wait` means a computer is thinking."""
        while True:
            if self.match.state.is_over():
                return GameOver()
            human = self.acting_human()
            if human is not None:
                return WaitHuman(human)
            p = self.pending
            if p is None:
                break
            if p.purpose == "move" and p.run.fits(self.match.commands, self.match.to_act()):
                return self._hand_out(now, background=False)
            self.pending = None  # a hint, or out of date
        actors = self.match.to_act()
        if by_itself(actors):
            return Chance() if actors == [CHANCE] else Auto()
        seat = self.ai_to_act()
        if seat is not None and not self.ai.busy:
            return AskComputer(seat)
        return Wait("thinking")

    def next_frame_in(self, paused: bool) -> float:
        """How soon `next` may move the game on without input: at once for a chance step or a
        hand-off, `POLL` while a computer thinks or its plan plays, `STILL` when it waits for a
        person (or is paused), the time left before the game-over screen."""
        if self.match.state.is_over():
            return STILL if self.game_over_opened else max(0.0, GAME_OVER_AFTER - self.idle_for)
        if self.ai.busy or self.pending is not None:
            return POLL
        if by_itself(self.match.to_act()):
            return STILL if paused else 0.0
        if self.ai_to_act() is not None:
            return STILL if self.watching and paused else POLL
        nxt = self.next_human()
        if not self.handoff_open and nxt is not None and self.handoff_due(nxt):
            return 0.0
        return STILL
