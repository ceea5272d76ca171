"""The game table: a turn banner on top, a side panel (seats, log, buttons), the board in between.

TableScene is generic: it plays the Match (human gestures, chance, AI seats,
undo/redo, hints) and draws the frame; everything game-specific is delegated
to the game's view (`scenes.views`), which draws the board and turns events
into animations. What happens next without input - chance, the engine's own
steps, asking a computer, the steps of its plan, hot-seat hand-offs, game over -
is decided by the pygame-free `scenes.flow.TableFlow`; `update` tells it what the
screen is doing and acts on its answer (`_act`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.clock import clock_text
from game.core.decisions import Decision
from game.core.match import HUMAN, Match
from game.core.protocol import CHANCE, Command, Event, Refusal, Seat, Target
from game.core.words import verb
from scenes.kit import palette
from scenes.ai_driver import AI_ERROR, AI_SLOW, AI_STOPPED, AiDriver
from scenes.animation import Animator, Tween
from scenes.flow import AI_MIN_SECONDS as AI_MIN_SECONDS
from scenes.flow import (
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
from scenes.input.drag import DragController, DragState
from scenes.input.regions import region_target
from scenes.kit.decision_panel import Choice, DecisionPanel
from scenes.pacing import PULSE, STILL
from scenes.sprites.button import Button, shared_size
from scenes.sprites.felt import felt_surface
from scenes.sprites.icons import icon
from scenes.sprites.log_panel import LogPanel
from scenes.seat_names import seat_labels, seat_long_labels, seat_name_within
from scenes.sprites.text import TextCache, panel
from scenes.stack import Scene
from scenes.take_back_log import TakeBackLog
from scenes.views import view_class
from scenes.views.base import TAKE_BACK, Action, GameView, Overlay, Point, ViewDict
from scenes.viewport import OFF_CANVAS

if TYPE_CHECKING:
    from scenes.app import AppContext

Colour = tuple[int, int, int]
BRASS: Colour = (236, 204, 132)
TOOLTIP_DELAY = 0.45
TIP_UNMUTE_PX = 4.0
"""How far the pointer moves after a click before tooltips come back (`tip_muted_at`)."""
STATUS_SECONDS = 4.5
"""The least time a status message (a refusal, a hint, an undo) stays; a long one stays longer
(`status_seconds`)."""
READING_WORDS_PER_S = 3.0
"""How fast a player reads a status message, for `status_seconds`: slower than reading a book,
because the player looks up from the table to read it."""


StatusBox = tuple[list[str], pygame.Surface, pygame.Rect]
"""A status message's lines as drawn, its box and where the box goes (`TableScene.status_box`)."""


def draw_hint_ring(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """A pulsing ring in the hint's blue around a button (`TableScene.hinted_button`), with a
    fainter halo outside it: a blue ring alone read as the Order button's own edge."""
    pulse = 0.5 + 0.5 * math.sin(time * 5.0)
    halo = rect.inflate(16, 16)
    glow = pygame.Surface(halo.size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*palette.HINT, int(40 + 60 * pulse)), glow.get_rect(), width=5,
                     border_radius=halo.height // 2)
    inner = glow.get_rect().inflate(-8, -8)
    light = tuple(int(c + (255 - c) * 0.6 * pulse) for c in palette.HINT)  # paler at its peak: on a blue button
    pygame.draw.rect(glow, (*light, int(170 + 85 * pulse)), inner, width=3, border_radius=inner.height // 2)
    surface.blit(glow, halo)


def status_seconds(text: str) -> float:
    """How long a status message stays before it fades: `STATUS_SECONDS`, or longer for a long
    message, 1.5 s to look up plus its words at `READING_WORDS_PER_S` (play-test: a refused
    formation's 25 words naming the model and its gap faded before they were read)."""
    return max(STATUS_SECONDS, 1.5 + len(text.split()) / READING_WORDS_PER_S)

MIN_STATUS_TEXT = 11
"""The smallest size a status message is shrunk to, to stay inside the top bar, before its end
is cut (`TableScene.status_box`)."""
HINT_TIP = "Ask the computer for a suggestion (H)"
UNDO_TIP = "Take your last move back (Ctrl+Z); Shift-click or Ctrl+Alt+Z: the whole turn so far"
UNDO_WHILE_THINKING_TIP = "Take your last move back (Ctrl+Z): the computer stops thinking and waits for your move"
FRESH_BUTTON_S = 0.4
"""A press on an action button that took another's place less than this long ago is ignored:
play-test, the skirmish's "End activation" clicked twice met "Stop the round" in its place."""
CALM_AFTER = 8.0
"""Seconds without input or anything moving after which highlights stop pulsing and hold
steady (the screen then needs no frames at all, see `next_frame_in`)."""


class TableScene(Scene):
    """Plays one Match on screen; see the module docstring."""

    def __init__(self, ctx: AppContext, match: Match, use_process: bool = True) -> None:
        super().__init__(ctx)
        self.match = match
        self.game = match.game
        self.text = TextCache(ctx.font)
        self.names = seat_labels(match)
        self.long_names = seat_long_labels(match)
        self.seat_names_shown: dict[Seat, tuple[str, int]] = {}
        """Each seat row's name as last drawn and the pixels it had (for tests of the fit)."""
        self.view = view_class(self.game.info.id)(ctx, self.game, self.text)
        self.view.set_seats(self.names, [match.is_human(i) for i in range(len(match.seats))])
        self.animator = Animator(lambda: self.ctx.settings.animation_factor, on_start=self._tween_started)
        self.drag = DragController(self._source_at, self._target_at, self._on_drop, self._on_cancel)
        self.ai = AiDriver(self.game.info.id, use_process)
        self.flow = TableFlow(match, self.ai, self.view, lambda: self.ctx.settings.ai_watch_delay)
        self.log = LogPanel(self.text)
        self.take_back_log = TakeBackLog()
        """The log's lines with "Move taken back" notes where undo took moves back."""
        self.decision_panel = DecisionPanel()
        """A pending decision the view does not draw itself, as buttons (`GameView.draws_decision`)."""
        self.status_text = ""
        self.status_error = False
        self.status_at = -100.0
        self._status_drawn: tuple[tuple[str, bool, int, int, int, int], StatusBox] | None = None
        """The last `status_box` and what it was made from (see there)."""
        self.hint: tuple[Target, Target | None] | None = None
        self.time = 0.0
        self.active_at = 0.0
        """`time` of the last input, animation or computer thought (see CALM_AFTER)."""
        self.watch_paused = False
        self.fast_forward = False
        """'Skip to the end' was pressed: the rest is played at once, without animation."""
        self.covered = False
        self.mouse: Point = (0.0, 0.0)
        self.hover: Target | None = None
        self.tip_text: str | None = None
        self.tip_since = 0.0
        self.tip_muted_at: Point | None = None
        """Where a mouse button last went down: no tooltip until the pointer moves away from there
        (play-test: after the click that slid a counter to the board's edge, its new tooltip came up
        under the still pointer, over the log and the Undo button)."""
        self._slow_card: Scene | None = None
        """The 'taking too long' card while it is open (see `_ai_overdue`)."""
        self._slow_since = 0.0
        """When the request the open card asks about began (a new request has another start)."""
        self._movable_key: object = None
        self._movable: list[Target] = []
        self._legal_key: object = None
        self._legal: list[Target] = []
        self._click_key: object = None
        self._clickable: list[Target] = []
        self._press_target: Target | None = None
        self._refused_press: Target | None = None
        """A press on something neither clickable nor movable: its release says why (`_say_why_not`)."""
        self._forced_key = -1
        self._pending_key: object = None
        self._pending_now: tuple[Decision, ...] = ()
        """`len(match.commands)` of the last position checked for a forced decision."""
        self.buttons: list[Button] = []
        self.action_buttons: list[Button] = []
        self._button_sources: dict[int, Target] = {}
        """The action a button of `action_buttons` plays, by the button's id (a hinted button)."""
        self.actions_changed_at = -FRESH_BUTTON_S
        """When an action button last took the place of another (`FRESH_BUTTON_S`)."""
        self._continue_label = ""
        """The Continue button's label while the view holds a moment on screen ('' otherwise)."""
        self._busy: str | None = None
        """`_busy_words` when the buttons were last refreshed (Hint and Undo wait)."""
        self._bar: pygame.Surface | None = None
        self._shadow = pygame.Surface((1, 1), pygame.SRCALPHA)
        self._sync()
        if self.view.recall_depth and match.commands:  # opened from a save: what it played back before
            self.view.recall(match.recent_steps(self.viewer(), self.view.recall_depth))

    # --- scene lifecycle --------------------------------------------------------------
    def enter(self) -> None:
        self._build_buttons()
        self.on_resize(self.ctx.screen.get_size())
        first = self.flow.first_handoff()  # (a game opening with a deal plays it first: the view then asks)
        if first is not None:
            self._handoff(first)
        elif self.flow.public_screen:  # a public first step is shown at once, its seat's secrets hidden
            self._sync()

    def exit(self) -> None:
        self.ai.close()

    def pause(self) -> None:
        self.covered = True
        self.drag.cancel()
        # the pointer now belongs to the scene on top: a tooltip left up (the Menu button's, as
        # it was clicked) would stay under the pause menu's dimming, still as the table is
        self.tip_text = None

    def resume(self) -> None:
        self.covered = False
        # the pointer moved on while the scene on top had it (a hand-off card's 'I'm ready', the
        # pause menu): hover and tooltips go by where it is now, not where it left the table -
        # else the next player saw 'Done planning's tooltip the last one clicked
        if pygame.display.get_init():
            x, y = self.ctx.pointer()
            self.mouse = (float(x), float(y))
        self._sync()

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        # text and bars are sized by the height, but no further than the width allows: in a canvas
        # much taller than wide (a narrow window, scenes.viewport) the side panel keeps its width,
        # and text sized by the whole height clipped the seat names ('Computer (' beside its chip)
        hs = min(h, int(w * 0.8))
        self.top_h = max(58, min(104, int(hs * 0.1)))
        self.panel_w = max(270, min(430, int(w * 0.24)))
        self.play_rect = pygame.Rect(0, self.top_h, w - self.panel_w, h - self.top_h)
        self.side_rect = pygame.Rect(w - self.panel_w + 4, self.top_h + 12, self.panel_w - 16, h - self.top_h - 24)
        self.view.layout(self.play_rect)
        self.fs = max(14, int(hs * 0.022))
        self._bar = None
        self._layout_panel()
        self._set_log_lines()  # a note may fit a row in its full words now, or no longer
        if self.decision_panel.shown:
            self._show_decision()

    @property
    def board_area(self) -> pygame.Rect:
        """Where the view is laid out (all of `play_rect` here; a guided table may keep a band
        of it for its note)."""
        return pygame.Rect(self.play_rect)

    # --- who plays (the flow decides; these read it) ------------------------------------
    @property
    def humans(self) -> list[Seat]:
        return self.flow.humans

    @property
    def watch_mode(self) -> bool:
        return self.flow.watch_mode

    @property
    def watching(self) -> bool:
        """Nobody at the table can act any more: only computers play (or people are out)."""
        return self.flow.watching

    def can_pause(self) -> bool:
        """Space / Pause have something to hold: watched computers or a view's playback."""
        return not self.match.state.is_over() and (self.watching or self.view.can_pause())

    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen in a game with secrets: each needs a hand-off screen."""
        return self.flow.hot_seat

    def _next_human(self) -> Seat | None:
        return self.flow.next_human()

    def acting_human(self) -> Seat | None:
        """The human seat that must decide now, if any (`TableFlow.acting_human`)."""
        return self.flow.acting_human()

    def viewer(self) -> Seat:
        """The seat whose view is drawn: never a seat that has not been handed the screen."""
        return self.flow.viewer()

    def ai_to_act(self) -> Seat | None:
        """The computer seat the table waits for (the banner says 'thinking'), `TableFlow.ai_to_act`."""
        return self.flow.ai_to_act()

    def thinking_seats(self) -> list[Seat]:
        """Computer seats that must act and whose move the worker is working out (the seat list
        marks them with an hourglass, also while they think in the background)."""
        return self.flow.thinking_seats()

    @property
    def ai_failed(self) -> set[Seat]:
        """Computer seats whose move failed: not asked again until the player chooses (see AiFailedScene)."""
        return self.flow.ai_failed

    @property
    def game_over_opened(self) -> bool:
        return self.flow.game_over_opened

    def _handoff(self, seat: Seat) -> None:
        """Cover the table until `seat`'s player is at the screen, then show that seat's view."""
        from scenes.seat_names import seat_label

        self.drag.cancel()
        again = self.flow.handing_over(seat) and not self.view.handoff_is_fresh()
        role = self.view.role_of(seat)
        label = f"{role}'s player ({seat_label(self.match, seat)})" if role else seat_label(self.match, seat)
        self.ctx.stack.push(self.ctx.scene("handoff", label, lambda: self._take_screen(seat), again=again,
                                           match=self.match))

    def _take_screen(self, seat: Seat, public: bool = False) -> None:
        self.flow.screen_taken(seat, public)
        self.view.screen_taken()
        self.animator.finish_all()
        self.hint = None
        self._sync()

    # --- keeping the picture in step ------------------------------------------------------
    def _sync(self) -> None:
        self._pending_key = None  # the position changed: ask pending() afresh
        self.view.public_screen = self.flow.public_screen  # (the flow decides; the view draws by it)
        self.view.set_view(self.match.state.view(self.viewer()))
        self._set_log_lines()
        self._movable_key = None
        self._legal_key = None
        self._click_key = None
        self._refresh_buttons()
        self._show_decision()
        if self.buttons:
            self._hover(self.mouse)

    def _show_decision(self) -> None:
        """Put the acting person's decision in the generic panel when the view does not draw it."""
        seat = self.acting_human()
        if type(self.view).draws_decision is GameView.draws_decision:
            seat = None  # the view draws every decision itself: no need to list the options
        decision = None if seat is None or self.match.state.is_over() else next(
            (d for d in self._pending() if d.seat == seat), None)
        area = getattr(self, "play_rect", None)  # None before the first layout
        if seat is None or decision is None or area is None or self.view.draws_decision(decision):
            self.decision_panel.show(None, "", [], pygame.Rect(0, 0, 0, 0))
            return
        state = self.match.state
        choices = [Choice(self.game.describe_command(state, c), c) for c in decision.options]
        asks = f" ({decision.open_choice} on the table)" if decision.open_choice else ""
        self.decision_panel.show(decision, f"{self.names[seat]}: choose{asks}", choices, area)

    def _refresh_log(self) -> None:
        """Ask the view for the log again if it reveals lines in step with its animation."""
        if self.view.log_stale():
            self._set_log_lines()

    def _set_log_lines(self) -> None:
        """The log panel's lines, undo's notes in, each note in fewer words where it would take
        two rows of the panel as it is now laid out (a resize asks again)."""
        self.log.set_lines(self.take_back_log.lines(self.view, self.match, self.names,
                                                    fits=lambda text: len(self.log.rows_of(text)) <= 1))

    def movable(self) -> list[Target]:
        seat = self.acting_human()
        # (the view's busy words too: what may be picked up waits while it shows a round, Rally's)
        key = (len(self.match.commands), seat, id(self.match.state), self.view.busy_words())
        if key != self._movable_key:
            self._movable_key = key
            self._movable = [] if seat is None else [
                s for s in self.view.sources(seat)
                if self.game.targets_for(self.match.state, seat, s) or self.view.drop_regions(seat, s)]
        return self._movable

    def clickable(self) -> list[Target]:
        """What a single click would do now: the view's candidates that make a legal command."""
        seat = self.acting_human()
        key = (len(self.match.commands), seat, id(self.match.state), id(self.view.view))
        if key != self._click_key:
            self._click_key = key
            self._clickable = [] if seat is None else [
                t for t in self.view.clicks(seat)
                if not isinstance(self.game.find_command(self.match.state, seat, t, None), Refusal)]
        return self._clickable

    def _click(self, target: Target) -> None:
        seat = self.acting_human()
        if seat is None:
            return
        found = self.game.find_command(self.match.state, seat, target, None)
        if isinstance(found, Refusal):
            self.refuse(found.reason)
        elif self.view.stage(found):
            self._click_key = None  # the view's own choice may add clicks (Cosmos's chooser)
            self._refresh_buttons()  # the view asks for a confirmation of its own
        else:
            self.play(found)

    def _say_why_not(self, target: Target, dropped: Target | None = None) -> None:
        """A click on something that does nothing now, or (`dropped`) a drag of it there: the
        engine's reason, when it has one (a play-test clicked a rondel space twice and heard
        nothing: the hover said why, the click did not; a star that may not evolve, dragged onto a
        system, and a skirmish model dragged again after its move, snapped back in silence)."""
        seat = self.acting_human()
        if seat is None or target in self.clickable() or target in self.movable():
            return
        found = self.game.find_command(self.match.state, seat, target, dropped)
        if isinstance(found, Refusal) and found.reason:
            self.refuse(found.reason)

    def legal_for(self, source: Target | None) -> list[Target]:
        seat = self.acting_human()
        key = (len(self.match.commands), seat, source, id(self.match.state))
        if key != self._legal_key:
            self._legal_key = key
            self._legal = [] if seat is None or source is None else self.game.targets_for(
                self.match.state, seat, source)
        return self._legal

    def show(self, message: str, error: bool = False) -> None:
        self.status_text = message
        self.status_error = error
        self.status_at = self.time

    def refuse(self, reason: str) -> None:
        """A gesture or button that cannot be done now: say why, with the refusal sound."""
        self.show(reason, error=True)
        self.ctx.play("refuse")

    def _tween_started(self, tween: Tween) -> None:
        if tween.sound:
            self.ctx.play(tween.sound)

    # --- drag callbacks -----------------------------------------------------------------
    def _input_open(self) -> bool:
        return not self.animator.busy and not self.covered and self.acting_human() is not None \
            and self.view.held_words() is None

    def _source_at(self, pos: Point) -> Target | None:
        if not self._input_open():
            return None
        target = self.view.hit_test(pos)
        return target if target is not None and target in self.movable() else None

    def _target_at(self, pos: Point) -> Target | None:
        """What a drop at `pos` aims at: a legal hit target first, else the point inside one of
        the view's drop regions (a continuous table), else whatever is under the pointer."""
        hit = self.view.hit_test(pos)
        source, seat = self.drag.source, self.acting_human()
        if source is None or seat is None or (hit is not None and hit in self.legal_for(source)):
            return hit
        inside = region_target(self.view.drop_regions(seat, source), self.view.drop_point(source, self.view.to_world(pos)))
        return inside if inside is not None else hit

    def _on_cancel(self, source: Target) -> None:
        self.view.preview(source, None)

    def _on_drop(self, source: Target, target: Target | None, pos: Point) -> None:
        self.view.preview(source, None)
        dragged = self.drag.dropped_by_drag
        seat = self.acting_human()
        if seat is None:
            self.refuse("Wait: it is not your turn.")
            if dragged:
                self.view.snap_back(source, pos, self.animator)
            return
        found = self.game.find_command(self.match.state, seat, source, target)
        if isinstance(found, Refusal):
            self.refuse(found.reason)
            if dragged:
                self.view.snap_back(source, pos, self.animator)
            return
        if self.view.stage(found):
            self._click_key = None  # the view's own choice may add clicks (Cosmos's chooser)
            self._refresh_buttons()  # the view asks for a confirmation of its own
            return
        if not self.play(found, pos if dragged else None) and dragged:
            self.view.snap_back(source, pos, self.animator)

    # --- playing ---------------------------------------------------------------------------
    def play(self, command: Command, origin: Point | None = None) -> bool:
        """Submit a command; on refusal show why and leave everything as it was."""
        before = self.view.view
        result = self.match.submit(command)
        if not result.ok:
            self.refuse(result.reason)
            return False
        self.hint = None
        if self.status_error:
            self.status_text = ""
        self._sync()
        self._animate(result.events, before, origin)
        return True

    def _animate(self, events: Sequence[Event], before: ViewDict, origin: Point | None) -> None:
        """Play freshly submitted events on the table; the view may now hide secrets or ask for a
        hand-off (e.g. a reveal everyone watches), so the log and buttons are asked again."""
        self.view.animate(events, self.animator, before, origin)
        self._refresh_log()
        self._refresh_buttons()

    def do_action(self, action: Action) -> None:
        """A lit action button pressed: its command (after its confirmation, if it asks one). A
        press while a move is still being shown ends the showing and says to press again, so the
        person sees the position before playing on it (helper's note: during a Redo's half-time
        the lit Pass button ignored presses, silently; a play-tester's Pass pressed as the
        computer's counter was landing was played before it could be seen, and a pass followed
        by a draw cannot be taken back)."""
        seat = self.acting_human()
        if seat is None:
            return
        if self.animator.busy:
            self.animator.finish_all()
            self.show(f"Shown at once: press {action.label} again to play it.")
            return
        self.drag.cancel()
        if action.confirm:
            self.ctx.stack.push(self.ctx.scene("confirm", f"{action.label}?", action.confirm, action.label,
                                               lambda: self._do_action_now(action), icon=action.icon))
            return
        self._do_action_now(action)

    def _do_action_now(self, action: Action) -> None:
        """The action's command, or the engine's reason it is refused (the seat may have
        changed while a confirmation card was open: asked again here)."""
        seat = self.acting_human()
        if seat is None:
            return
        self.animator.finish_all()
        if action.source == TAKE_BACK:
            self.take_back(seat)
            return
        found = self.game.find_command(self.match.state, seat, action.source, None)
        if isinstance(found, Refusal):
            self.refuse(found.reason)
        else:
            self.play(found)

    def take_back_refusal(self, seat: Seat) -> str | None:
        """Why the view's `TAKE_BACK` action (Cancel action) would be refused now, or None."""
        return self.match.undo_to_refusal(seat, self.view.cancel_point(self.match.commands, seat))

    def take_back(self, seat: Seat) -> None:
        """Cut history back to the view's `cancel_point` (one redo group), or say why not."""
        result = self.match.undo_to(seat, self.view.cancel_point(self.match.commands, seat))
        if not result.ok:
            self.refuse(result.reason)
            return
        self._after_history_change()
        name = self.names[seat]
        self.show(f"Action cancelled: {name} {verb(name, 'chooses')} again.")

    def _undo_candidates(self) -> list[Seat]:
        """Seats whose last move Undo may take back, the one at the screen first.

        With open information the player who just moved may take it back while
        the other human looks on. With hidden information the person at the
        screen is only the acting seat: they must not withdraw another human's
        secret choice, so only their own moves are candidates.
        """
        order: list[Seat] = []
        acting = self.acting_human()
        if acting is not None:
            order.append(acting)
            if self.match.game.info.hidden_info:
                return order
        for cmd in reversed(self.match.commands):
            if self.match.is_human(cmd.seat) and cmd.seat not in order:
                order.append(cmd.seat)
        order += [s for s in self.humans if s not in order]
        return order

    def _undo_out(self) -> str | None:
        """Why Undo is not offered at all: every person at the table is out of the game and only
        watches (their moves are far behind chance steps and computers' moves), or None."""
        if self.humans and not self.watch_mode and self.watching:
            return "You are out of the game and only watch now: there is no move of yours left to take back."
        return None

    def computer_moving(self) -> Seat | None:
        """The computer seat whose move is under way now, or None: the table waits for it (it
        thinks, or its plan is being played step by step), or its last command is still
        animating or a chance step of its move (its dice) is still to come. Not in a
        simultaneous choice a person shares (computers answer in the background while the
        person chooses, and still after the person chose: `_shares_choice`), nor for the
        engine's own steps (Rally's chaos rounds belong to nobody)."""
        if self.watching or (self.match.state.is_over() and not self.animator.busy):
            return None
        actors = self.match.to_act()
        if len(actors) > 1 and any(self.match.is_human(s) for s in actors if s >= 0):
            return None
        seat = self.ai_to_act()
        if seat is not None:
            return None if seat in self.ai_failed or self._shares_choice(seat) else seat
        last = next((c.seat for c in reversed(self.match.commands) if c.seat != CHANCE), None)
        if last is None or last < 0 or self.match.is_human(last):
            return None
        return last if self.animator.busy or actors == [CHANCE] else None

    def _shares_choice(self, seat: Seat) -> bool:
        """The computer `seat` answers a simultaneous choice a person took part in (asked in the
        background while the person chose): the person may still take their own choice back, and
        the computer is asked again (Worlds Collide's secret choice)."""
        pending = self.flow.pending
        if pending is not None and pending.purpose == "move" and pending.seat == seat:
            actors = pending.run.actors
        else:
            actors = self.ai.actors_of(seat)
        return any(self.match.is_human(s) for s in actors if s >= 0)

    def computer_words(self) -> str | None:
        """Why Undo and Redo wait while a computer moves (`computer_moving`), or None. Taking a
        move back then would cut the computer's move short at whatever step it had reached
        (play-test: Undo looked lit while the skirmish's computer played its activation)."""
        seat = self.computer_moving()
        if seat is None:
            return None
        name = self.names[seat] if 0 <= seat < len(self.names) else "The computer"
        pending = self.flow.pending
        moving = self.animator.busy or self.ai_to_act() is None or (
            pending is not None and pending.purpose == "move" and pending.played > 0)
        doing = verb(name, "is moving") if moving else verb(name, "is thinking")
        return f"Wait: {name} {doing}. Undo comes back once its move has been played."

    def computer_only_thinking(self) -> bool:
        """The computer the table waits for has played nothing since the person's last move: it
        only thinks (the worker searches, or its answer waits out `AI_MIN_SECONDS`). Undo may then
        take the person's move back (play-test: a mistake seen right after moving waited ~1.3 s
        for a greyed Undo): the history change withdraws the question (`TableFlow.reset` cancels
        the worker's request and forgets an answer taken; a late answer belongs to a cancelled
        ticket and an older ply, and is dropped), and the computer is asked again, afresh."""
        seat = self.computer_moving()
        if seat is None or seat != self.ai_to_act():
            return False
        last = next((c.seat for c in reversed(self.match.commands) if c.seat >= 0), None)
        return last is not None and self.match.is_human(last)

    def _undo_waits(self) -> str | None:
        """Why Undo waits now (`_busy_words`), but not while the computer only thinks
        (`computer_only_thinking`)."""
        busy = self.view.busy_words()
        if busy is not None or self.computer_only_thinking():
            return busy
        return self.computer_words()

    def _busy_words(self) -> str | None:
        """Why Hint and Undo wait now: the view's own playback (`GameView.busy_words`), or a
        computer's move under way (`computer_words`; Undo not while it only thinks: `_undo_waits`)."""
        return self.view.busy_words() or self.computer_words()

    def undo_refusal(self) -> str | None:
        """Why Undo would be refused right now, or None when it would take a move back. The
        button is greyed exactly when this says no, with the same words as the refusal."""
        out = self._undo_out() or self._undo_waits()
        if out is not None:
            return out
        candidates = self._undo_candidates()
        if not candidates:
            return "Only a human player can take a move back."
        if any(self.match.undo_point(seat) is not None for seat in candidates):
            return None
        return self.match.undo_refusal(candidates[0]) or "Nothing to undo."

    def redo_refusal(self) -> str | None:
        """Why Redo would be refused right now (nothing taken back, or not by a seat that may
        replay it here), or None."""
        if any(self.match.redo_refusal(seat) is None for seat in self._undo_candidates()):
            return self.computer_words()
        return "Nothing to redo: Redo replays a move you took back, until a new move is made."

    def undo_tooltip(self) -> str:
        """What Undo would do right now, or why it can't (the button is greyed then)."""
        refusal = self.undo_refusal()
        if refusal is not None:
            return refusal
        return UNDO_WHILE_THINKING_TIP if self.computer_only_thinking() else UNDO_TIP

    def redo_tooltip(self) -> str:
        return self.redo_refusal() or "Replay the move you took back (Ctrl+Y)"

    def _undo_clicked(self) -> None:
        self.undo(whole_turn=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

    def undo(self, whole_turn: bool = False) -> None:
        """Take back the last move, or (`whole_turn`: Shift) every step of the turn so far."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.refuse(refusal)
            return
        for seat in self._undo_candidates():
            if self.match.undo_point(seat) is not None:
                steps = len(self.match.commands) - (self.match.turn_start(seat) or 0) if whole_turn else 1
                result = self.match.undo_turn(seat) if whole_turn else self.match.undo(seat)
                if result.ok:
                    self._after_history_change()
                    what = "Turn taken back" if whole_turn and steps > 1 else "Move taken back"
                    who = self.names[seat]  # play-test: "You to play again" read oddly
                    self.show(f"{what}: " + ("your turn again." if who == "You" else f"{who} to play again."))
                    return
                self.refuse(result.reason)
                return

    def redo(self) -> None:
        refusal = self.redo_refusal()
        if refusal is not None:
            self.refuse(refusal)
            return
        before = self.view.view
        for seat in self._undo_candidates():
            if self.match.redo_refusal(seat) is not None:
                continue
            result = self.match.redo(seat)
            if result.ok:
                self._after_history_change()
                self._animate(result.events, before, None)
                self.show("Move replayed.")
                return
            self.refuse(result.reason)
            return

    def _pending(self) -> tuple[Decision, ...]:
        """`state.pending()`, asked once per position (the decision panel and the forced-move
        check both want it; a big game's candidates are not free)."""
        key = (id(self.match.state), len(self.match.commands))
        if self._pending_key != key:
            self._pending_key, self._pending_now = key, self.match.state.pending()
        return self._pending_now

    def _play_forced(self) -> None:
        """Play a person's decision that has one option only, when the view asks for that
        (`GameView.plays_forced`), or the option the view names (`GameView.plays_for`), once per
        position reached by playing on: after an undo the person sees the decision and makes it
        (or undoes further)."""
        if type(self.view).plays_forced is GameView.plays_forced and type(self.view).plays_for is GameView.plays_for:
            return  # the view never wants it: not even a pending() to ask
        key = len(self.match.commands)
        if self._forced_key == key or self.animator.busy or self.covered or self.drag.active:
            return
        self._forced_key = key
        seat = self.acting_human()
        if seat is None or self.match.state.is_over():
            return
        decision = next((d for d in self._pending() if d.seat == seat), None)
        command = self.view.plays_for(decision) if decision is not None else None
        if command is not None:
            self.play(command)

    def _after_history_change(self) -> None:
        self.take_back_log.forget()
        self._forced_key = len(self.match.commands)  # shown, not played: the person decides
        self.flow.reset()
        self.animator.finish_all()
        self.view.press_continue()  # (a moment held to be read belongs to the history left)
        self.drag.cancel()
        self.hint = None
        self._sync()

    def request_hint(self) -> None:
        seat = self.acting_human()
        if seat is None:
            self.show("Hints are for the human player whose turn it is.", error=True)
            return
        busy = self.view.busy_words()
        if busy is not None:
            self.show(busy, error=True)
            return
        pending = self.flow.pending
        if self.ai.wants("hint") or (pending is not None and pending.purpose == "hint"):
            return
        actors = tuple(s for s in self.match.to_act() if s >= 0)
        self.ai.request_hint(self.match.state, seat, self.flow.seed(seat, hint=True),
                             len(self.match.commands), actors=actors if len(actors) > 1 else ())
        self.show("Thinking about a hint...")

    def toggle_watch(self) -> None:
        if not self.can_pause() and not self.watch_paused:
            return
        self.watch_paused = not self.watch_paused
        self.show(self.view.pause_note(self.acting_human() is not None) if self.watch_paused else "Resumed.")
        self._refresh_buttons()

    # --- a computer player that failed ------------------------------------------------------
    def _ai_error(self) -> None:
        """A request failed. A hint (or a move nobody waits for any more) only says so; a
        computer seat that must still move is not asked again (it would fail the same way
        while the banner said 'thinking' for ever): a card asks the player how to go on."""
        message, failed, stopped = self.ai.error, self.ai.failed, self.ai.stopped
        self.ai.error, self.ai.failed, self.ai.stopped = "", None, False
        seat = failed[1] if failed is not None and failed[0] == "move" else None
        if seat is None or self.match.is_human(seat) or seat not in self.match.to_act():
            what = "hint" if failed is not None and failed[0] == "hint" else "computer player"
            self.show(f"The {what} failed: {message}", error=True)
            return
        self.ai_failed.add(seat)
        self.fast_forward = False
        self.drag.cancel()
        self.ctx.stack.push(self.ctx.scene("ai_failed", self.match, self.names[seat], message,
                                           lambda: self.retry_ai(seat), lambda: self.take_over(seat),
                                           AI_STOPPED if stopped else AI_ERROR))

    def _ai_overdue(self) -> None:
        """The worker has not answered for `TOO_LONG_SECONDS` (its process hangs, or the machine is
        starved). A hint is dropped with a word; a computer seat the table waits for gets the card
        (SLOW): keep waiting, try again with a fresh process, or play the seat yourself."""
        purpose, seat = self.ai.purpose, self.ai.seat
        if purpose == "hint" or seat is None or self.match.is_human(seat) or seat not in self.match.to_act():
            self.ai.abandon()  # a hint, or a move nobody waits for any more: not worth a question
            if purpose == "hint":
                self.show("The hint took too long and was dropped; ask again if you like.", error=True)
            return
        self.fast_forward = False
        self.drag.cancel()
        def retry() -> None:
            self.ai.abandon()
            self.retry_ai(seat)

        def take_over() -> None:
            self.ai.abandon()
            self.take_over(seat)

        self._slow_card = self.ctx.scene("ai_failed", self.match, self.names[seat], "", retry, take_over, AI_SLOW,
                                         self.ai.keep_waiting, self.ai.waited)
        self._slow_since = self.ai.started_at  # which request it asks about (a new one has another)
        self.ctx.stack.push(self._slow_card)

    def _close_answered_card(self) -> None:
        """The 'taking too long' card is moot once the computer answered (or failed): it closes by
        itself when on top (not under the pause menu), and the table goes on."""
        card = self._slow_card
        if card is None:
            return
        if card not in self.ctx.stack.scenes:
            self._slow_card = None  # a choice was made on it
        elif (self.ai.purpose is None or self.ai.started_at != self._slow_since) and self.ctx.stack.top is card:
            self._slow_card = None
            self.ctx.stack.pop()

    def retry_ai(self, seat: Seat) -> None:
        """Ask the failed seat again (with another seed: a failure on one search path may not recur)."""
        self.ai_failed.discard(seat)
        self.flow.retry()
        self.flow.idle_for = max(self.flow.idle_for, self.ctx.settings.ai_watch_delay)
        self._refresh_buttons()

    def take_over(self, seat: Seat) -> None:
        """A person plays the failed seat from now on (the match saves it as a human seat)."""
        self.ai_failed.discard(seat)
        self.match.seats[seat] = HUMAN
        self.names = seat_labels(self.match)
        self.long_names = seat_long_labels(self.match)
        self.view.set_seats(self.names, [self.match.is_human(i) for i in range(len(self.match.seats))])
        self.watch_paused = False
        self._sync()
        self.show(f"You play {self.long_names[seat]} from now on.")

    def open_pause(self) -> None:
        self.drag.cancel()
        try:
            pause = self.ctx.scene("pause", self.match)
        except ImportError:
            self.show("The pause menu is not available.", error=True)
            return
        self.ctx.stack.push(pause)

    def open_game_over(self) -> None:
        self.flow.game_over_opened = True
        try:
            over = self.ctx.scene("game_over", self.match, self.view.over_reason())
        except ImportError:
            self.show("The match is over.")
            return
        self.ctx.stack.push(over)

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.active_at = self.time
        if event.type == pygame.WINDOWLEAVE:
            return self._pointer_left()
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.tip_muted_at = event.pos
        if event.type in (pygame.KEYDOWN, pygame.MOUSEWHEEL) and not self.covered and self.view.view_event(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and not self.covered \
                and not self.drag.active and self.view.view_pointer(event):
            if event.type == pygame.MOUSEBUTTONUP:
                self._after_view_input(event.pos)  # a gesture of the view's own (a box) may pick
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            if self._release_missed(event):
                self.drag.cancel()
            self._hover(event.pos)
            for b in self.buttons + self.action_buttons:
                b.handle(event)
            self.decision_panel.move(event.pos)
            if self.drag.move(event.pos) and self.drag.source is not None:
                self.view.preview(self.drag.source, self._target_at(event.pos))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
                return False  # wheel: handled as MOUSEWHEEL
            if self._button_at(event.pos) is not None:
                self._let_go()
            if event.type == pygame.MOUSEBUTTONDOWN and self.time - self.actions_changed_at < FRESH_BUTTON_S \
                    and any(b.rect.collidepoint(event.pos) for b in self.action_buttons):
                return True  # the second click of a double click meant for the button that was there
            for b in self.buttons + self.action_buttons:
                if b.handle(event):
                    if event.type == pygame.MOUSEBUTTONUP:
                        self.ctx.play("click")  # the button's action ran
                    return True
            self.mouse = event.pos
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.drag.active \
                    and self.decision_panel.contains(event.pos):
                choice = self.decision_panel.choice_at(event.pos)
                if choice is not None and self._input_open():
                    self.ctx.play("click")
                    self.play(choice.command)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.drag.active:
                if self.view.view_click(event.pos):
                    self._after_view_input(event.pos)
                    return True
                hit = self.view.hit_test(event.pos)
                self._press_target = hit if self._input_open() and hit in self.clickable() else None
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press_target is not None:
                pressed, self._press_target = self._press_target, None
                if not self.drag.dragging and self.view.hit_test(event.pos) == pressed:
                    self.drag.cancel()
                    self._click(pressed)
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                used = self.drag.press(event.pos, event.button)
                if not used and event.button == 1 and self.acting_human() is None and \
                        self.view.hit_test(event.pos) is not None and not self.match.state.is_over():
                    self.show("Wait: it is not your turn.", error=False)
                self._refused_press = self.view.hit_test(event.pos) \
                    if not used and event.button == 1 and self._input_open() else None
                return used
            if event.button == 1 and self._refused_press is not None:
                pressed, self._refused_press = self._refused_press, None
                if not self.drag.dragging:
                    released = self.view.hit_test(event.pos)
                    if released == pressed:
                        self._say_why_not(pressed)
                    else:  # dragged: the reason for that drop (play-test: a drag did nothing, silently)
                        dropped = released or self.view.free_drop(event.pos)
                        if dropped is not None:
                            self._say_why_not(pressed, dropped)
            return self.drag.release(event.pos, event.button)
        if event.type == pygame.MOUSEWHEEL:
            return self.log.handle(event, self.ctx.pointer())
        return False

    def _release_missed(self, event: pygame.event.Event) -> bool:
        """Whether a pointer move says the left button is up while a piece is pressed or dragged:
        its release was never seen (let go outside the window, or while focus was elsewhere), and
        the piece goes back rather than follow the bare pointer (helper's note). A move that does
        not say which buttons are down counts as held."""
        buttons: tuple[int, ...] = tuple(getattr(event, "buttons", None) or ())
        return bool(buttons) and not buttons[0] and self.drag.state in (DragState.PRESSED, DragState.DRAGGING)

    def _button_at(self, pos: Point) -> Button | None:
        """The table button (Undo, Redo, Hint, Menu, an action) at `pos`, enabled or not."""
        return next((b for b in self.buttons + self.action_buttons if b.rect.collidepoint(pos)), None)

    def _let_go(self) -> None:
        """A press or a release on a table button, enabled or not, lets go of whatever is held
        first: a piece picked up or selected is put back at once, as a right click does, and never
        dropped on the button; a press the board refused says nothing more (play-test: the first
        click on a greyed Undo left a counter held, and the release, not the button's, dropped it
        there: "Drop the counter on an empty cell in its row or column."). No slide home: a
        table still animating after a computer's move reads as the computer moving, and Undo,
        under the pointer, would say so."""
        self.drag.cancel()
        self._press_target = None
        self._refused_press = None

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        if ctrl and event.key == pygame.K_z:
            if event.mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo(whole_turn=bool(event.mod & pygame.KMOD_ALT))
            return True
        if ctrl and event.key == pygame.K_y:
            self.redo()
            return True
        if event.key == pygame.K_h and not ctrl:
            self.request_hint()
            return True
        if event.key == pygame.K_SPACE:
            if not self.can_pause() and not self.watch_paused:
                return False  # nothing to pause (a person's turn): Space means nothing here
            self.toggle_watch()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.view.held_words() is not None:
            self.press_continue()
            return True
        seat = self.acting_human()
        if seat is not None:
            for action in self.view.actions(seat):
                if action.key == event.key:
                    self.do_action(action)
                    return True
        return False

    def press_continue(self) -> None:
        """The moment the view held on screen has been read: the game goes on."""
        self.view.press_continue()
        self._refresh_buttons()

    def _after_view_input(self, pos: Point) -> None:
        """A click or gesture the view handled itself may have changed what a click does now (a
        model picked) and its buttons, or left a reason to say (a pick refused)."""
        if self.view.notice:
            self.refuse(self.view.notice)
            self.view.notice = None
        self._click_key = None
        self._hover(pos)
        self._refresh_buttons()

    def _pointer_left(self) -> bool:
        """The pointer left the window (WINDOWLEAVE): the table takes it as a move off the
        canvas, so the tooltip, the hover marks and a button's hover light go. Play-test (Cosmos):
        a star's tooltip stayed up after the pointer had left, as no motion said it went. While
        a piece is dragged the window keeps the pointer (SDL captures it): nothing changes."""
        if self.drag.active:
            return False
        return self.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=OFF_CANVAS, rel=(0, 0),
                                                    buttons=(0, 0, 0), touch=False))

    def _hover(self, pos: Point) -> None:
        self.mouse = pos
        self.hover = self.view.hit_test(pos)
        tip = self._tip_at(pos)
        muted = self.tip_muted_at
        if muted is not None and math.dist(muted, pos) > TIP_UNMUTE_PX:
            self.tip_muted_at = None  # the pointer moved on: tooltips again
        if tip != self.tip_text:
            self.tip_text = tip
            self.tip_since = self.time

    def _tip_at(self, pos: Point) -> str | None:
        """The tooltip of what is at `pos` now: a table button, else the view's (its controls,
        pieces, panels)."""
        tip = None
        for b in self.buttons + self.action_buttons:
            if b.rect.collidepoint(pos) and b.tooltip:
                tip = b.tooltip
        if tip is None and not self.drag.active:
            tip = self.view.tooltip(pos)
        return tip if tip is not None else self._status_tip(pos)

    def _status_tip(self, pos: Point) -> str | None:
        """A status message on show but cut to fit the top bar: the whole of it, over its box."""
        if not self.status_text or self.time - self.status_at >= status_seconds(self.status_text):
            return None
        lines, _box, rect = self.status_box()
        cut = " ".join(lines).split() != self.status_text.split()
        return self.status_text if cut and rect.collidepoint(pos) else None

    def _recheck_tip(self) -> None:
        """A tooltip goes with what it belongs to: when that went away under a still mouse (a
        button removed or replaced, Rally's playback Pause gone when the chaos round ends), the
        tooltip goes too; a changed text (the same spot saying something new) replaces it in
        place. Asked while drawing, after the view has drawn, because views drop controls there."""
        if self.tip_text is None:
            return
        tip = self._tip_at(self.mouse)
        if tip is None:
            self.tip_text = None
        elif tip != self.tip_text:
            self.tip_text = tip

    # --- the flow of the game -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        if self.animator.tweens or self.ai.busy:
            self.active_at = self.time
        self.animator.advance(dt)
        self._refresh_log()
        self.flow.collect()
        self._close_answered_card()
        if self.ai.error:
            self._ai_error()
        elif not self.covered and self.ai.overdue():
            self._ai_overdue()
        self.flow.ask_ahead(self.time)
        if self.view.pause_request():
            self.toggle_watch()
        self.view.set_paused(self.watch_paused)
        if self._continue_label and self.view.continue_label(self.time) != self._continue_label \
                or self._busy_words() != self._busy:
            self._refresh_buttons()  # the countdown ticked, the held moment or a view's playback ended
        if self.fast_forward:
            if not self.covered:  # the pause menu holds a skip too
                self._fast_forward()
            return
        moment = Moment(self.time, dt, self.covered, self.animator.busy, self.drag.active, self.watch_paused)
        self._run_clock(moment)
        while self._act(self.flow.next(moment)):
            moment = Moment(self.time, 0.0, self.covered, self.animator.busy, self.drag.active, self.watch_paused)

    def _run_clock(self, moment: Moment) -> None:
        """Count the acting person's thinking on the tournament clock (`TableFlow.clock_seat`);
        a fallen flag's end is shown as any move's, and said."""
        seat = self.flow.clock_seat(moment)
        if seat is None:
            return
        before = self.view.view
        result = self.match.run_clock(seat, moment.dt)
        if result is not None:
            self.drag.cancel()
            self._sync()
            self._animate(result.events, before, None)
            self.show(f"Time! {self.names[seat]} ran out of time on the clock.", error=True)

    def _clock_change_in(self) -> float | None:
        """Seconds until the running clock's shown time changes (whole seconds), or None."""
        clock, seat = self.match.clock, self.acting_human()
        if clock is None or seat is None or self.match.state.is_over():
            return None
        part = clock.left(seat) % 1.0
        return part if part > 0.01 else 1.0

    def _act(self, nxt: Next) -> bool:
        """Do what the flow says comes next; True when the flow should be asked again at once
        (a hint was shown: the game goes on in the same frame)."""
        match nxt:
            case WaitHuman():
                self._play_forced()
            case Wait():
                pass
            case ShowSeat(seat, public):
                self._take_screen(seat, public)
            case Handoff(seat):
                self._handoff(seat)
            case GameOver():
                self.open_game_over()
            case Chance() | Auto():
                before = self.view.view
                result = self.match.resolve_chance()
                if result.ok:
                    self._sync()
                    self._animate(result.events, before, None)
            case AskComputer(seat):
                self.drag.cancel()
                self.flow.ask(seat, self.time)
            case PlanStep():
                self._play_step(nxt)
            case Hint(seat, command):
                targets = self.view.command_targets(command)
                if targets is not None:
                    self.hint = targets
                    self.show(self._hint_words(seat, targets))
                return True
        return False

    def _hint_words(self, seat: Seat, targets: tuple[Target, Target | None]) -> str:
        """A button's move is named by the button's label; any other move (a drag, or a click on
        the board) is marked on the table. (A click on a board piece used to be called "pass".)"""
        label = None if targets[1] is not None else \
            next((a.label for a in self.view.actions(seat) if a.source == targets[0]), None)
        if label is None:
            return "Hint: the suggested move is marked on the table."
        return f"Hint: {label} (the lit button)." if self.hinted_button() is not None else f"Hint: {label}."

    def _play_step(self, step: PlanStep) -> None:
        """Play a step of a computer's plan; a refusal is said and the computer asked again."""
        hint = self.hint
        if not self.play(step.command):
            self.flow.refused(step.seat)
            self.show(f"The computer's move was refused: {self.status_text}", error=True)
        elif step.background:
            self.hint = hint  # the human's hint still stands: only another seat has chosen

    def next_frame_in(self) -> float:
        """See `Scene.next_frame_in`. Every frame while something moves or the game goes on
        by itself (a chance step, a hand-off, skipping); `PULSE` (12 a second) while a computer
        thinks (its dots turn, and its answer is taken within 1/12 s) or the view pulses a
        highlight (until CALM_AFTER); else the next timed change (a tooltip, the status line
        fading); else none."""
        if self.covered:
            return STILL
        if self.fast_forward or self.animator.tweens:
            return 0.0
        view = self.view.next_frame_in(self.overlay(), self.animator)
        if view > 0 and self.time - self.active_at >= CALM_AFTER:
            view = STILL  # calm: the highlights hold still (`pulse_time`)
        waits = [self.flow.next_frame_in(self.watch_paused), view]
        if self._continue_label not in ("", "Continue"):
            waits.append(PULSE)  # a countdown on the Continue button
        age = self.time - self.status_at
        lasts = status_seconds(self.status_text)
        if self.status_text and age < lasts:
            fade = lasts - 0.6
            waits.append(PULSE if age >= fade else fade - age)
        clock = self._clock_change_in()
        if clock is not None:
            waits.append(clock)
        tip_age = self.time - self.tip_since
        if self._tooltip_wanted() and tip_age < TOOLTIP_DELAY:
            waits.append(TOOLTIP_DELAY - tip_age)
        return min(waits)

    def pulse_time(self) -> float:
        """The clock highlights pulse by (`Overlay.time`): it stops CALM_AFTER seconds after
        the last input or movement, so a table left waiting for a person costs no frames; the
        highlights stay, at the brightness they had."""
        return min(self.time, self.active_at + CALM_AFTER)

    def skip_to_end(self) -> None:
        """Play the rest of the game at once (only offered while people merely watch)."""
        if not self.watching or self.match.state.is_over():
            return
        self.fast_forward = True
        self.watch_paused = False
        self.animator.tweens.clear()
        self.show("Skipping to the end...")
        self._refresh_buttons()

    def _fast_forward(self, budget: float = 0.02) -> None:
        """One frame of skipping: chance steps, the engine's own steps and computers' plans, no
        animation, until the game ends (or a person must act again, which stops the skip)."""
        start = time.perf_counter()
        self.animator.tweens.clear()
        while time.perf_counter() - start < budget:
            nxt = self.flow.skip(self.time)
            match nxt:
                case GameOver() | WaitHuman():
                    self.fast_forward = False
                    self._sync()
                    return
                case PlanStep(seat, command):
                    if not self.match.submit(command).ok:
                        self.flow.refused(seat)
                        self.fast_forward = False
                        self.show("The computer's move was refused.", error=True)
                        self._sync()
                        return
                case Chance() | Auto():
                    self.match.resolve_chance()
                case AskComputer(seat):
                    self.flow.ask(seat, self.time)
                    break
                case _:
                    break  # waiting for a computer's answer
        self._sync()

    # --- panel and buttons ----------------------------------------------------------------------
    def _build_buttons(self) -> None:
        # both answer a click while grey too, saying why not (`Button.answers_greyed`)
        self.btn_undo = Button("Undo", self._undo_clicked, UNDO_TIP, answers_greyed=True)
        self.btn_redo = Button("Redo", self.redo, "Replay the move you took back (Ctrl+Y)", answers_greyed=True)
        self.btn_hint = Button("Hint", self.request_hint, HINT_TIP)
        self.btn_watch = Button("Pause", self.toggle_watch, "Pause or resume the computers (Space)")
        self.btn_menu = Button("Menu", self.open_pause, "Pause menu: save, rules, settings, quit (Esc)")
        self.buttons = [self.btn_undo, self.btn_redo, self.btn_hint, self.btn_menu]
        if self.watch_mode:
            self.buttons.append(self.btn_watch)
        self._refresh_buttons()

    def _layout_panel(self) -> None:
        side = self.side_rect
        pad = 14
        bh = max(34, int(self.fs * 2.2))
        seat_h = int(self.fs * 1.9)
        self.seats_top = side.y + pad
        y = self.seats_top + seat_h * len(self.match.seats) + 8
        self.action_rect = pygame.Rect(side.x + pad, y, side.width - 2 * pad, bh)
        y = self.action_rect.bottom + 14
        self.log_title_y = y
        rows = 2
        bottom = side.bottom - pad - rows * bh - (rows - 1) * 10
        self.log.set_rect(pygame.Rect(side.x + pad, y + int(self.fs * 1.6), side.width - 2 * pad,
                                      bottom - 12 - (y + int(self.fs * 1.6))), max(12, self.fs - 2))
        w3 = (side.width - 2 * pad - 20) // 3
        row1 = [self.btn_undo, self.btn_redo, self.btn_hint] if self.buttons else []
        for i, b in enumerate(row1):
            b.rect = pygame.Rect(side.x + pad + i * (w3 + 10), bottom, w3, bh)
        row2 = [b for b in (self.btn_watch, self.btn_menu) if b in self.buttons] if self.buttons else []
        if row2:
            w = (side.width - 2 * pad - 10 * (len(row2) - 1)) // len(row2)
            for i, b in enumerate(row2):
                b.rect = pygame.Rect(side.x + pad + i * (w + 10), bottom + bh + 10, w, bh)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        before = [(pygame.Rect(b.rect), b.label) for b in self.action_buttons]
        self._lay_out_buttons()
        if any(b.rect.colliderect(rect) and b.label != label for b in self.action_buttons for rect, label in before):
            self.actions_changed_at = self.time  # a new button where another was: `FRESH_BUTTON_S`

    def _lay_out_buttons(self) -> None:
        self._continue_label = ""  # (set again below while the view holds a moment)
        busy = self._busy = self._busy_words()
        if not self.buttons:
            return
        acting = self.acting_human()
        self.btn_undo.enabled = self.undo_refusal() is None
        self.btn_redo.enabled = self.redo_refusal() is None
        self.btn_undo.tooltip = self.undo_tooltip()
        self.btn_redo.tooltip = self.redo_tooltip()
        self.btn_hint.enabled = acting is not None and busy is None
        self.btn_hint.tooltip = busy or HINT_TIP
        self.btn_watch.label = "Resume" if self.watch_paused else "Pause"
        self.btn_watch.accent = (150, 112, 52) if self.watch_paused else None
        actions = self.view.actions(acting) if acting is not None else []
        self.action_buttons = []
        self._button_sources = {}
        if self.match.state.is_over() and self.game_over_opened and hasattr(self, "action_rect"):
            results = Button("Show results", self.open_game_over, "The final scores, play again or swap seats")
            results.rect = pygame.Rect(self.action_rect)
            self.action_buttons.append(results)
            return
        if self.humans and self.watching and hasattr(self, "action_rect"):
            self._spectator_buttons()
            return
        held = self.view.held_words()
        if held is not None and hasattr(self, "action_rect"):
            self._continue_label = self.view.continue_label(self.time)
            go_on = Button(self._continue_label, self.press_continue, f"{held} (Enter)", accent=(120, 96, 56))
            go_on.rect = pygame.Rect(self.action_rect)
            self.action_buttons.append(go_on)
            return
        if actions and hasattr(self, "action_rect"):
            n = len(actions)
            w = (self.action_rect.width - 10 * (n - 1)) // n
            role = self.view.role_of(acting) if acting is not None else ""
            accent = palette.ORDER if role == "Order" else palette.CHAOS if role == "Chaos" else (120, 96, 56)
            for i, action in enumerate(actions):
                label = action.label
                dark: Colour = (int(accent[0] * 0.62), int(accent[1] * 0.62), int(accent[2] * 0.62))
                b = Button(label, self._action_callback(action), action.tooltip, accent=dark)
                if action.source == TAKE_BACK and acting is not None:
                    refusal = self.take_back_refusal(acting)
                    b.enabled = refusal is None
                    b.tooltip = action.tooltip if refusal is None else refusal
                b.rect = pygame.Rect(self.action_rect.x + i * (w + 10), self.action_rect.y, w,
                                     self.action_rect.height)
                self.action_buttons.append(b)
                self._button_sources[id(b)] = action.source

    def _spectator_buttons(self) -> None:
        """People out of the game: skip the rest, or pause / resume what they watch."""
        skip = Button("Skipping..." if self.fast_forward else "Skip to the end", self.skip_to_end,
                      "Play the rest of the game at once, without animation", accent=(120, 96, 56))
        skip.enabled = not self.fast_forward
        pause = Button("Resume" if self.watch_paused else "Pause", self.toggle_watch,
                       "Pause or resume what you are watching (Space)",
                       accent=(150, 112, 52) if self.watch_paused else None)
        r = self.action_rect
        w1 = (r.width - 10) * 3 // 5
        skip.rect = pygame.Rect(r.x, r.y, w1, r.height)
        pause.rect = pygame.Rect(r.x + w1 + 10, r.y, r.width - w1 - 10, r.height)
        self.action_buttons = [skip, pause]

    def _action_callback(self, action: Action) -> Callable[[], None]:
        return lambda: self.do_action(action)

    # --- drawing ----------------------------------------------------------------------------------
    def overlay(self) -> Overlay:
        held = self.drag.source if self.drag.active else None
        return Overlay(held=held, drag_pos=self.drag.pos if self.drag.dragging else None,
                       drag_offset=self.drag.offset, legal=self.legal_for(held) if held else [],
                       movable=self.movable() if self._input_open() else [], hover=self.hover,
                       hint=self.hint, clickable=self.clickable() if self._input_open() else [], time=self.pulse_time())

    def draw(self, surface: pygame.Surface) -> None:
        chrome = self._chrome(surface.get_size())
        w, h = surface.get_size()
        surface.blit(chrome, (0, 0), pygame.Rect(0, 0, w, self.top_h))
        right = self.play_rect.right
        surface.blit(chrome, (right, self.top_h), pygame.Rect(right, self.top_h, w - right, h - self.top_h))
        self.view.draw(surface, self.overlay(), self.animator)
        self.decision_panel.draw(surface, self.text, self.fs)
        self._draw_side(surface)
        self._draw_bar(surface)
        self._draw_announcement(surface)
        self._recheck_tip()
        self._draw_tooltip(surface)

    def _chrome(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt, top bar and side panel backgrounds in one opaque surface (built per window size)."""
        if self._bar is not None and self._bar.get_size() == size:
            return self._bar
        w = size[0]
        chrome = felt_surface(size).copy()
        bar = pygame.Surface((w, self.top_h), pygame.SRCALPHA)
        for y in range(self.top_h):
            t = y / self.top_h
            pygame.draw.line(bar, (int(14 + 14 * t), int(16 + 14 * t), int(26 + 20 * t), 240), (0, y), (w, y))
        pygame.draw.line(bar, (150, 122, 74), (0, self.top_h - 1), (w, self.top_h - 1))
        chrome.blit(bar, (0, 0))
        chrome.blit(panel(self.side_rect.size, 14, 225), (self.side_rect.x - 10, self.side_rect.y - 10))
        self._shadow = pygame.Surface((w, 8), pygame.SRCALPHA)
        for i in range(8):
            pygame.draw.line(self._shadow, (0, 0, 0, 90 - i * 11), (0, i), (w, i))
        self._bar = chrome.convert() if pygame.display.get_surface() else chrome
        return self._bar

    def status_box(self, x: int = 24) -> StatusBox:
        """`_make_status_box`, made once per message, size and place: it is asked for every frame
        drawn and on every tooltip query, and wrapping and rendering it each time was wasted work.
        The key holds all it is made from, so a new message or a resize (`fs`, `play_rect`,
        `top_h`) makes it anew. The box is shared: `_draw_bar` sets its alpha before each blit."""
        key = (self.status_text, self.status_error, self.fs, self.play_rect.width, self.top_h, x)
        if self._status_drawn is None or self._status_drawn[0] != key:
            self._status_drawn = (key, self._make_status_box(x))
        return self._status_drawn[1]

    def _make_status_box(self, x: int) -> StatusBox:
        """The status message drawn as one box from `x` in the top bar, under the banner: a
        message wider than the table wraps onto more lines inside it (play-test at 1024x640: a
        formation's refusal ran past the table's edge, its end unread; then its lines came as
        separate bubbles). The box stays inside the bar, over the banner if it must, its words
        smaller if they must (play-test: two lines hung over the skirmish's round-and-points
        bar); what still does not fit is cut with '…' and shown whole by the box's tooltip."""
        ink = (255, 170, 150) if self.status_error else (210, 220, 236)
        kind = "bold" if self.status_error else "regular"
        room = max(80, self.play_rect.width - (x - 8) - 8 - 40)
        lines, size = self.text.wrap_within(self.status_text, self.fs, MIN_STATUS_TEXT,
                                            (room, self.top_h - 4 - 10), kind)
        lines = lines or [self.status_text]
        images = [self.text.render(line, size, ink, kind) for line in lines]
        line_h = max(img.get_height() for img in images)
        rect = pygame.Rect(0, 0, max(img.get_width() for img in images) + 40, line_h * len(images) + 10)
        rect.topleft = (x - 8, int(self.top_h * 0.78) - (line_h + 10) // 2)
        if len(lines) > 1:  # over the banner whole, not half its words showing above it
            rect.centery = self.top_h // 2
        rect.bottom = min(rect.bottom, self.top_h - 2)
        rect.top = max(rect.top, 2)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        # opaque: the box often lies over the banner, whose big title showed through behind a
        # refusal's words (play-test: 'You move' under a formation's refusal); only its fading out
        # (`_draw_bar`'s alpha) lets the bar show
        pygame.draw.rect(box, (90, 30, 28) if self.status_error else (30, 40, 62), box.get_rect(),
                         border_radius=(line_h + 10) // 2)
        for i, img in enumerate(images):
            box.blit(img, (20, 5 + i * line_h))
        return lines, box, rect

    def _draw_bar(self, surface: pygame.Surface) -> None:
        surface.blit(self._shadow, (0, self.top_h), pygame.Rect(0, 0, self.play_rect.width, 8))
        text, colour = self.view.status(self.names)
        if self.match.state.is_over() and not self.animator.busy:  # not while the deciding move still plays
            text, colour = "The match is over", BRASS
        ann = self.view.announcement(self.animator)
        if ann is not None:
            text, colour = ann.title, ann.colour
        # role stripe and banner
        pygame.draw.rect(surface, colour, pygame.Rect(0, self.top_h - 5, self.play_rect.width, 4))
        big = max(20, int(self.top_h * 0.38))
        x = 24
        ai_seat = self.ai_to_act()
        thinking = ai_seat is not None and ai_seat not in self.ai_failed and not self.animator.busy \
            and not self.covered
        wide = self.text.render(text, big, colour, "display", shadow=True).get_width()
        room = self.play_rect.width - 2 * x
        if wide > room:  # a long banner (a pause note, a hot-seat name) shrinks to its bar
            big = max(14, int(big * room / wide))
        rect = self.text.blit(surface, text, big, colour, "display", shadow=True,
                              midleft=(x, self.top_h * 0.40))
        if thinking:
            paused = self.watching and self.watch_paused
            label = "paused" if paused else "thinking"
            r2 = self.text.blit(surface, label, self.fs, BRASS, "bold",
                                midleft=(rect.right + 18, self.top_h * 0.42))
            if not paused:
                for i in range(3):
                    a = 0.5 + 0.5 * math.sin(self.time * 6 - i * 0.9)
                    pygame.draw.circle(surface, (int(120 + 116 * a), int(100 + 104 * a), int(60 + 72 * a)),
                                       (r2.right + 10 + i * 12, r2.centery + 2), 3 + a * 1.5)
                hg = icon("hourglass", int(self.fs * 1.3), BRASS)
                if hg is not None:
                    flip = pygame.transform.flip(hg, False, True) if int(self.time * 1.2) % 2 else hg
                    surface.blit(flip, flip.get_rect(center=(r2.right + 58, r2.centery)))
        # status line (refusals, hints, undo)
        age = self.time - self.status_at
        lasts = status_seconds(self.status_text)
        if self.status_text and age < lasts:
            alpha = 255 if age < lasts - 0.6 else int(255 * (lasts - age) / 0.6)
            _lines, box, rect = self.status_box(x)
            box.set_alpha(alpha)
            surface.blit(box, rect)
        # the game's title over the side panel
        self.text.blit(surface, self.game.info.title, max(18, int(self.top_h * 0.3)), BRASS, "display",
                       shadow=True, center=(self.side_rect.centerx, self.top_h * 0.45))

    def _draw_side(self, surface: pygame.Surface) -> None:
        side = self.side_rect
        fs = self.fs
        y = self.seats_top
        to_act = self.view.shown_to_act(self.match.to_act())
        thinking = self.thinking_seats()
        for seat, kind in enumerate(self.match.seats):
            row = pygame.Rect(side.x + 12, y, side.width - 24, int(fs * 1.7))
            active = seat in to_act
            role = self.view.role_of(seat)
            colour = palette.ORDER if role == "Order" else palette.CHAOS if role == "Chaos" else BRASS
            if active:
                pygame.draw.rect(surface, tuple(int(c * 0.28) for c in colour), row, border_radius=8)
                pygame.draw.rect(surface, colour, row, width=1, border_radius=8)
            ic = icon("person" if kind == HUMAN else "robot-golem", int(fs * 1.2),
                      (230, 226, 214) if active else (150, 156, 172))
            if ic is not None:
                surface.blit(ic, ic.get_rect(midleft=(row.x + 6, row.centery)))
            name_x = row.x + 12 + int(fs * 1.3)
            name_room = row.right - 6 - name_x
            if role:
                tag = self.text.render(role.upper(), max(11, fs - 3), (255, 255, 255), "bold")
                pill = pygame.Rect(0, 0, tag.get_width() + 16, tag.get_height() + 4)
                pill.midright = (row.right - 6, row.centery)
                name_room = pill.x - 6 - name_x
            if seat in thinking:
                hg = icon("hourglass", max(10, int(fs * 0.95)), BRASS)
                if hg is not None:
                    flip = pygame.transform.flip(hg, False, True) if int(self.time * 1.2) % 2 else hg
                    spot = flip.get_rect(midright=((pill.x if role else row.right) - 6, row.centery))
                    surface.blit(flip, spot)
                    name_room = spot.x - 4 - name_x
            if self.match.clock is not None and kind == HUMAN:
                left = self.match.clock.left(seat)
                tone = palette.DANGER if left < 30 else palette.TEXT if active else palette.TEXT_DIM
                shown = self.text.render(clock_text(left), fs, tone, "bold" if active else "regular")
                spot = shown.get_rect(midright=(name_x + name_room, row.centery))
                surface.blit(shown, spot)
                name_room = spot.x - 8 - name_x
            weight = "bold" if active else "regular"
            shown_name = seat_name_within(self.long_names[seat], self.names[seat],
                                          self.text.font(fs, weight), max(0, name_room))
            self.seat_names_shown[seat] = (shown_name, max(0, name_room))
            name = self.text.render(shown_name, fs, palette.TEXT if active else palette.TEXT_DIM, weight)
            surface.blit(name, name.get_rect(midleft=(name_x, row.centery)),
                         pygame.Rect(0, 0, max(0, name_room), name.get_height()))
            if role:
                pygame.draw.rect(surface, tuple(int(c * 0.75) for c in colour), pill, border_radius=pill.height // 2)
                surface.blit(tag, tag.get_rect(center=pill.center))
            y += int(fs * 1.9)
        row_size = shared_size(self.text, self.action_buttons, fs + 2)
        for b in self.action_buttons:
            b.draw(surface, self.text, row_size)
        hinted = self.hinted_button()
        if hinted is not None:
            draw_hint_ring(surface, hinted.rect, self.pulse_time())
        if not self.action_buttons:
            hint = self._action_hint()
            if hint:
                self.text.blit(surface, hint, fs - 1, palette.TEXT_DIM, center=self.action_rect.center)
        self.text.blit(surface, "Game log", fs, BRASS, "bold", topleft=(side.x + 14, self.log_title_y))
        pygame.draw.line(surface, (90, 76, 50), (side.x + 14, self.log.rule_y), (side.right - 14, self.log.rule_y))
        self.log.draw(surface)
        for b in self.buttons:
            b.draw(surface, self.text, fs)

    def hinted_button(self) -> Button | None:
        """The action button the standing hint names (a move made by a button, not on the board:
        Order & Chaos's Pass), lit by `draw_hint_ring`; None when the hint is on the board or
        there is none. Play-test: a hint to pass showed nothing on the table at all."""
        if self.hint is None or self.hint[1] is not None:
            return None
        return next((b for b in self.action_buttons if self._button_sources.get(id(b)) == self.hint[0]), None)

    def _action_hint(self) -> str:
        if self.match.state.is_over():
            return "Good game!"
        if self.watching:
            return "Space: pause or resume"
        seat = self.acting_human()
        if seat is not None:
            own = self.view.input_hint(seat)
            if own is not None:
                return own
            # a piece a single click plays (a Worlds Collide hand card) must not be announced as
            # click-then-click: a second click would land on a move already made
            if self._input_open() and self.clickable():
                return "Drag, or click once to play" if self.movable() else "Click to play"
            return "Drag, or click then click"
        return ""

    def _draw_announcement(self, surface: pygame.Surface) -> None:
        ann = self.view.announcement(self.animator)
        if ann is None:
            return
        title = self.text.render(ann.title, max(28, int(self.play_rect.height * 0.07)), ann.colour, "display", True)
        sub = self.text.render(ann.subtitle, self.fs + 4, palette.TEXT) if ann.subtitle else None
        w = max(title.get_width(), sub.get_width() if sub else 0) + 80
        h = title.get_height() + (sub.get_height() + 10 if sub else 0) + 50
        if getattr(self, "_ann_key", None) != ((w, h), ann.colour):
            self._ann_key = ((w, h), ann.colour)
            self._ann_box = panel((w, h), 18, 235, (24, 26, 40), ann.colour)
        box = self._ann_box
        rect = box.get_rect(center=self.play_rect.center)
        surface.blit(box, rect)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 32)))
        if sub:
            surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.y + 42 + title.get_height())))

    def _tooltip_wanted(self) -> bool:
        """A tooltip is up once its delay is over: there is one, nothing is held, and the pointer
        moved since the last click."""
        return bool(self.tip_text) and not self.drag.active and self.tip_muted_at is None

    def tooltip_shown(self) -> bool:
        """Whether the tooltip is drawn now (`_tooltip_wanted`, its delay over)."""
        return self._tooltip_wanted() and self.time - self.tip_since >= TOOLTIP_DELAY

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if not self.tooltip_shown() or self.tip_text is None:
            return
        fs = max(12, self.fs - 1)
        lines = []
        for para in self.tip_text.split("\n"):
            lines += self.text.wrap(para, fs, 340)
        imgs = [self.text.render(line, fs, palette.TEXT) for line in lines]
        w = max(i.get_width() for i in imgs) + 24
        h = sum(i.get_height() for i in imgs) + 16
        rect = pygame.Rect(self.mouse[0] + 16, self.mouse[1] + 20, w, h)
        rect.clamp_ip(surface.get_rect())
        if rect.collidepoint(self.mouse):
            rect.bottom = int(self.mouse[1]) - 8
            rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, (30, 33, 48), rect, border_radius=8)
        pygame.draw.rect(surface, (150, 122, 74), rect, width=1, border_radius=8)
        y = rect.y + 8
        for img in imgs:
            surface.blit(img, (rect.x + 12, y))
            y += img.get_height()
