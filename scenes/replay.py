"""The replay viewer: a finished game or a save, step by step, drawn by the game's own view.

Read-only: the scene holds a `game.core.replay.Replay` (positions rebuilt from the stored
commands), never a live match, and gives the view no overlay to act through; its clicks and keys
go to the viewer's own controls only. Who looks is `Replay.viewpoints` (a neutral observer; each
seat once the game is finished; an unfinished save's one person); the label says whose eyes, and
what they see of the secrets. Controls: first / back / play-pause / forward / last, a slider to
jump to any move (a click or a drag), Home / Left / Space / Right / End, Page Up / Page Down (a
tenth of the game), V for the next viewpoint, Esc back. The view is told it is read-only
(`GameView.read_only`): it draws no prompt for input, since nothing here takes any.

A move is a player's decision (`decision_stops`): a chance step (a bag draw, a deal) goes with
the decision after it, and the engine's own steps (Rally's chaos rounds) with the decision they
follow: the counter counts what the players did (a whole Order & Chaos game is 194 moves; it
said 292, counting the bag's 98 draws).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import AUTO, CHANCE, Command, Seat
from game.core.replay import OBSERVER, Replay
from scenes.animation import Animator
from scenes.kit import palette
from scenes.pacing import PULSE, STILL
from scenes.seat_names import seat_labels
from scenes.sprites.button import Button, shared_size
from scenes.sprites.felt import felt_surface
from scenes.sprites.log_panel import LogPanel
from scenes.sprites.slider import StepSlider
from scenes.sprites.text import TextCache, panel, wrap_text
from scenes.stack import Scene
from scenes.views import view_class
from scenes.views.base import Overlay

if TYPE_CHECKING:
    from scenes.app import AppContext

BRASS = (236, 204, 132)
PLAY_DELAY = 0.6
"""Seconds each step stays on screen while playing (after its animation, if any), at the normal
animation speed (faster settings shorten it)."""


def step_words(step: int, total: int) -> str:
    """The move counter: 'Start', 'Move 12 of 140'."""
    return "Start" if step == 0 else f"Move {step} of {total}"


def decision_stops(commands: list[Command]) -> list[int]:
    """Where the viewer stops, as counts of commands played: the start, then one stop a player's
    decision. A chance step goes with the decision after it (Chaos's draw with Chaos's placing),
    the engine's own steps (`AUTO`) right after a decision with that decision, and whatever is
    left at the end with the last stop: the last stop is always the end of the game."""
    stops = [0]
    for played, command in enumerate(commands, start=1):
        if command.seat >= 0:
            stops.append(played)
        elif command.seat == AUTO and stops[-1] == played - 1:
            stops[-1] = played  # (the start too takes the engine's first steps)
    if stops[-1] != len(commands):
        if len(stops) > 1:
            stops[-1] = len(commands)
        else:
            stops.append(len(commands))
    return stops


def viewpoint_words(viewer: Seat, names: list[str], hidden_info: bool = True) -> str:
    """Whose eyes the replay is watched with, and truly what they see of the secrets: a game
    without hidden information looks the same to everyone; else an onlooker sees no player's
    secrets (a hand, a Hold face down) and a seat only their own. ('Seen by: everyone (no
    secrets)' was said over face-down Holds.)"""
    if not hidden_info:
        return "Seen by: everyone (nothing is hidden in this game)"
    if viewer == OBSERVER:
        return "Seen by: an onlooker (no player's secrets)"
    name = names[viewer]
    return "Seen by: You (only your own secrets)" if name == "You" else \
        f"Seen by: {name} (only their own secrets)"


class ReplayScene(Scene):
    """Step or play through `replay` (see the module docstring)."""

    def __init__(self, ctx: AppContext, replay: Replay, names: list[str] | None = None,
                 on_close: Callable[[], None] | None = None, start: int | None = None) -> None:
        super().__init__(ctx)
        self.replay = replay
        self.game = replay.game
        self.on_close = on_close
        self.names = names or seat_labels(replay)
        self.text = TextCache(ctx.font)
        self.view = view_class(self.game.info.id)(ctx, self.game, self.text)
        # nobody plays here: the view is told no seat is a person's, so it offers nothing to do
        self.view.set_seats(self.names, [False] * len(replay.seats))
        self.view.read_only = True  # and it draws no prompt for input ("drag cards", key hints)
        self.slider = StepSlider(self._slide)
        self.animator = Animator(lambda: self.ctx.settings.animation_factor)
        self.log = LogPanel(self.text)
        self.viewpoints = replay.viewpoints()
        self.viewer: Seat = self.viewpoints[0]
        self.stops = decision_stops(replay.commands)
        """The commands played at each move (`decision_stops`): move k shows `stops[k]`."""
        self.move = self.moves if start is None else max(0, min(start, self.moves))
        self.playing = False
        self.wait = 0.0
        self.time = 0.0
        self.buttons: list[Button] = []
        self._chrome: pygame.Surface | None = None
        self._move_text = ""
        self._counted: tuple[int, Seat, int] = (-1, OBSERVER, 0)
        """(move, viewer, how many log lines it has): playing on needs the log worded once a move."""
        self._show()

    @property
    def moves(self) -> int:
        """How many moves there are after the start (players' decisions)."""
        return len(self.stops) - 1

    @property
    def step(self) -> int:
        """How many of the replay's commands the move on screen has played."""
        return self.stops[self.move]

    # --- the position on screen -----------------------------------------------------------
    def _show(self, animate: bool = False) -> None:
        before = self.view.view
        state = self.replay.state_at(self.step)
        self.view.set_view(state.view(self.viewer))
        if animate and self.move > 0 and before:
            since = self.stops[self.move - 1]
            events = [e.event for e in self.replay.log if since < e.ply <= self.step]
            try:
                self.view.animate(events, self.animator, before, None)
            except Exception:  # noqa: BLE001 - an animation is an extra; the position is what counts
                self.animator.finish_all()
        else:
            self.animator.finish_all()
        lines = self._log_lines(self.replay.log_until(self.step))
        self.log.set_lines(lines)
        # the move's own lines are those the log gained with it: worded within the whole log, since
        # a game's words depend on what came before (Worlds Collide names players by Character)
        if self.move == 0:
            earlier = len(lines)
        elif self._counted[:2] == (self.move - 1, self.viewer):  # one move on: the last count serves
            earlier = self._counted[2]
        else:
            earlier = len(self._log_lines(self.replay.log_until(self.stops[self.move - 1])))
        self._counted = (self.move, self.viewer, len(lines))
        self._move_text = " · ".join(text for text, _ in lines[earlier:])

    def _log_lines(self, entries: list[Any]) -> list[tuple[str, tuple[int, int, int]]]:
        lines = self.view.log_words(entries, self.names, self.viewer)
        return [(line.text, self.view.tone_colour(line)) for line in lines]

    def move_line(self) -> str:
        """The log line(s) of the move on screen, as the viewer reads them; for a move the log
        says nothing of, who moved and what, or that it is hidden from an observer."""
        if self.move == 0:
            return "The game as it was set up."
        if not self._move_text:
            self._move_text = self._unlogged_move()
        return self._move_text

    def _decision(self) -> int:
        """The command (counted from 1) of the move on screen that a player made (its last
        command if none did: chance or the engine alone at the end)."""
        since = self.stops[self.move - 1]
        mine = [k for k in range(since + 1, self.step + 1) if (self.replay.mover(k) or 0) >= 0]
        return mine[-1] if mine else self.step

    def _unlogged_move(self) -> str:
        played = self._decision()
        mover = self.replay.mover(played)
        if mover is None or mover < 0:
            return "Chance" if mover == CHANCE else "The game moves on" if mover == AUTO else ""
        secret = self.game.info.hidden_info and not self.replay.finished and self.viewer != mover
        if secret:  # the command itself may be what is hidden (a program, a secret choice)
            return f"{self.names[mover]} moved" + (" (hidden from an observer)" if self.viewer == OBSERVER else "")
        command = self.replay.commands[played - 1]
        try:  # no events at all (a step ended): the command in the game's words
            words = self.game.describe_command(self.replay.state_at(played - 1), command)
        except Exception:  # noqa: BLE001 - words are an extra; the counter still says which move
            words = ""
        return f"{self.names[mover]}: {words}" if words else f"{self.names[mover]} moved"

    def go(self, move: int, animate: bool = False) -> None:
        move = max(0, min(move, self.moves))
        if move == self.move:
            return
        self.move = move
        self._show(animate)
        self._refresh_buttons()

    def _slide(self, move: int) -> None:
        """The slider picked `move`: go there at once (no animation: a jump, not a move)."""
        self.playing = False
        self.go(move)

    def jump(self, by: int) -> None:
        """A tenth of the game on (or back, `by` < 0): Page Down / Page Up."""
        self.playing = False
        self.go(self.move + by * max(1, self.moves // 10))

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def back(self) -> None:
        self.playing = False
        self.go(self.move - 1)

    def forward(self) -> None:
        self.playing = False
        self.go(self.move + 1, animate=True)

    def last(self) -> None:
        self.playing = False
        self.go(self.moves)

    def toggle_play(self) -> None:
        if not self.playing and self.move >= self.moves:
            self.go(0)  # at the end, Play starts again from the start
        self.playing = not self.playing
        self.wait = 0.0
        self._refresh_buttons()

    def next_viewpoint(self) -> None:
        k = self.viewpoints.index(self.viewer)
        self.viewer = self.viewpoints[(k + 1) % len(self.viewpoints)]
        self._show()
        self._refresh_buttons()

    def close(self) -> None:
        self.ctx.stack.pop()
        if self.on_close is not None:
            self.on_close()

    # --- scene ----------------------------------------------------------------------------
    def enter(self) -> None:
        self.on_resize(self.ctx.screen.get_size())

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        hs = min(h, int(w * 0.8))
        self.fs = max(14, int(hs * 0.022))
        self.top_h = max(58, min(104, int(hs * 0.1)))
        self.bar_h = max(52, int(self.fs * 3.4))
        self.panel_w = max(270, min(430, int(w * 0.24)))
        self.play_rect = pygame.Rect(0, self.top_h, w - self.panel_w, h - self.top_h - self.bar_h)
        self.side_rect = pygame.Rect(w - self.panel_w + 4, self.top_h + 12, self.panel_w - 16,
                                     h - self.top_h - self.bar_h - 24)
        self.bar_rect = pygame.Rect(0, h - self.bar_h, w, self.bar_h)
        self.view.layout(self.play_rect)
        self.log.set_rect(pygame.Rect(self.side_rect.x + 14, self.side_rect.y + int(self.fs * 2.2),
                                      self.side_rect.w - 28, self.side_rect.h - int(self.fs * 2.2) - 14),
                          max(12, self.fs - 2))
        self._chrome = None
        self._build_buttons()

    def _build_buttons(self) -> None:
        bar = self.bar_rect
        bh = max(34, int(self.fs * 2.2))
        y = bar.centery - bh // 2
        small = max(44, int(self.fs * 3.2))
        wide = max(90, int(self.fs * 6))
        specs: list[tuple[str, Callable[[], None], str, int]] = [
            ("|<", self.first, "The start (Home)", small),
            ("<", self.back, "One move back (Left)", small),
            ("Play", self.toggle_play, "Play the moves one after another, or pause (Space)", wide),
            (">", self.forward, "One move on (Right)", small),
            (">|", self.last, "The last move (End)", small),
        ]
        x = bar.x + 16
        self.buttons = []
        for label, action, tip, width in specs:
            b = Button(label, action, tip)
            b.rect = pygame.Rect(x, y, width, bh)
            x += width + 8
            self.buttons.append(b)
        self.btn_first, self.btn_back, self.btn_play, self.btn_forward, self.btn_last = self.buttons
        self.counter_x = x + 10
        widest = step_words(self.moves, self.moves)
        counter_w = self.text.render(widest, self.fs + 2, palette.TEXT, "bold").get_width()
        close = Button("Back", self.close, "Leave the replay (Esc)")
        close.rect = pygame.Rect(bar.right - 16 - wide, y, wide, bh)
        self.btn_close = close
        self.buttons.append(close)
        if len(self.viewpoints) > 1:
            see = Button("Change view", self.next_viewpoint, "Whose eyes the game is watched with (V)")
            see.rect = pygame.Rect(close.rect.x - 10 - int(wide * 1.5), y, int(wide * 1.5), bh)
            self.btn_view: Button | None = see
            self.buttons.append(see)
        else:
            self.btn_view = None
        right = (self.btn_view or close).rect.x
        left = self.counter_x + counter_w + 24
        self.slider.track = pygame.Rect(left, bar.centery - bh // 4, max(0, right - 24 - left), bh // 2)
        self.slider.total = self.moves
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        end = self.moves
        self.btn_first.enabled = self.btn_back.enabled = self.move > 0
        self.btn_forward.enabled = self.btn_last.enabled = self.move < end
        self.btn_play.label = "Pause" if self.playing else "Play"
        self.btn_play.enabled = end > 0
        self.slider.step = self.move

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.close, pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
                pygame.K_SPACE: self.toggle_play, pygame.K_HOME: self.first, pygame.K_END: self.last,
                pygame.K_PAGEDOWN: lambda: self.jump(1), pygame.K_PAGEUP: lambda: self.jump(-1),
                pygame.K_v: self.next_viewpoint if len(self.viewpoints) > 1 else (lambda: None)}
            action = keys.get(event.key)
            if action is not None:
                action()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.slider.handle(event):
                return True
            for b in self.buttons:
                if b.handle(event) and event.type == pygame.MOUSEBUTTONUP:
                    self.ctx.play("click")
                    return True
            return True  # nothing reaches the board: the replay is read-only
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle(event, self.ctx.pointer())
            return True
        return False

    def update(self, dt: float) -> None:
        self.time += dt
        self.animator.advance(dt)
        if not self.playing or self.animator.busy:
            return
        self.wait += dt
        if self.wait >= PLAY_DELAY / max(1.0, self.ctx.settings.animation_factor):
            self.wait = 0.0
            self.go(self.move + 1, animate=True)
            if self.move >= self.moves:
                self.playing = False
                self._refresh_buttons()

    def next_frame_in(self) -> float:
        if self.animator.tweens:
            return 0.0
        return PULSE if self.playing else STILL

    # --- drawing --------------------------------------------------------------------------
    def viewpoint_lines(self, size: int) -> list[str]:
        """The 'Seen by' label in lines as wide as the side panel (two at most: at 1024 wide one
        line ran out of the window)."""
        words = viewpoint_words(self.viewer, self.names, self.game.info.hidden_info)
        font, room = self.text.font(size), self.side_rect.w - 8
        if font.size(words)[0] <= room:
            return [words]
        who, _, why = words.partition(" (")  # whose eyes on one line, what they see on the next
        lines = wrap_text(who, font, room) + (wrap_text(f"({why}", font, room) if why else [])
        return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]

    def _draw_viewpoint(self, surface: pygame.Surface, size: int) -> None:
        lines = self.viewpoint_lines(size)
        step = int(size * 1.25)
        top = self.top_h * 0.5 - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            self.text.blit(surface, line, size, palette.TEXT_DIM, center=(self.side_rect.centerx, top + i * step))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self._chrome is None or self._chrome.get_size() != (w, h):
            chrome = felt_surface((w, h)).copy()
            pygame.draw.rect(chrome, (18, 20, 32), pygame.Rect(0, 0, w, self.top_h))
            pygame.draw.line(chrome, (150, 122, 74), (0, self.top_h - 1), (w, self.top_h - 1))
            pygame.draw.rect(chrome, (18, 20, 32), self.bar_rect)
            pygame.draw.line(chrome, (150, 122, 74), self.bar_rect.topleft, self.bar_rect.topright)
            chrome.blit(panel(self.side_rect.size, 14, 225), (self.side_rect.x - 10, self.side_rect.y - 10))
            self._chrome = chrome
        surface.blit(self._chrome, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.play_rect)
        self.view.draw(surface, Overlay(time=self.time), self.animator)
        surface.set_clip(clip)
        fs = self.fs
        title = f"Replay · {self.game.info.title}"
        self.text.blit(surface, title, max(20, int(self.top_h * 0.34)), BRASS, "display", shadow=True,
                       midleft=(24, self.top_h * 0.36))
        line = self.move_line()
        room = self.play_rect.w - 48
        size = fs
        img = self.text.render(line, size, palette.TEXT)
        while img.get_width() > room and size > 11:
            size -= 1
            img = self.text.render(line, size, palette.TEXT)
        surface.blit(img, img.get_rect(midleft=(24, int(self.top_h * 0.76))),
                     pygame.Rect(0, 0, room, img.get_height()))
        self._draw_viewpoint(surface, fs - 1)
        self.text.blit(surface, "Game log", fs, BRASS, "bold", topleft=(self.side_rect.x + 14, self.side_rect.y + 6))
        self.log.draw(surface)
        row = shared_size(self.text, self.buttons, fs + 2)
        for b in self.buttons:
            b.draw(surface, self.text, row)
        self.text.blit(surface, step_words(self.move, self.moves), fs + 2, palette.TEXT, "bold",
                       midleft=(self.counter_x, self.bar_rect.centery))
        self.slider.draw(surface, self.text, max(12, fs - 2))
