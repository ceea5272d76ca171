"""The guided game's table: the normal table, with the script's note, pointers and referee.

Everything the player does goes through the normal table (the rules are the engine's); the guide
only adds a check before a person's move is played (`Progress.refusal`: a move the step does not
ask for is refused with a friendly hint and the arrow stays up), answers the computers with the
script's moves (`ScriptedWorker`) and draws the step's note and pointers over the table.

Skip (the note's button, or Esc while the guide runs; it asks first) ends the guide, not the game: the same
position goes on as a normal game against the script's computer level, autosaved like any other
(nothing is lost; the menu is one Esc away). So does the last step's "Play on", and so does a game
that has left the script (`Progress.lost`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Match
from game.core.protocol import Command
from scenes.guide.pointers import Mark, resolve, table_rect
from scenes.guide.progress import Progress
from scenes.guide.script import Script
from scenes.guide.worker import ScriptedWorker
from scenes.kit import palette
from scenes.sprites.button import Button
from scenes.sprites.text import panel
from scenes.table import TableScene
from scenes.views.base import Point

if TYPE_CHECKING:
    from scenes.app import AppContext

Colour = tuple[int, int, int]
RING: Colour = (255, 214, 120)
NOTE_BUTTON_W = 170
"""The width of the note's Next and Skip buttons (narrower in a narrow note)."""
WIDE_NOTE = 600
"""A note at least this wide (a band across the board area) has its buttons beside its text."""
GUIDE_OFF = "The guided game goes step by step: Skip the guide (Esc) to take moves back."



BAND_GAP = 12
"""Pixels between the note's band and the view laid out beside it."""


def area_beside(area: pygame.Rect, band: pygame.Rect | None) -> pygame.Rect:
    """What `area` leaves the view beside `band` (None: all of it): a band narrower than half the
    area sits at a side, any other along the top or the bottom, whichever its centre is nearer."""
    rest = pygame.Rect(area)
    if band is None:
        return rest
    if band.width < rest.width // 2:  # at a side
        if band.centerx < rest.centerx:
            rest.x, rest.width = band.right + BAND_GAP, rest.right - band.right - BAND_GAP
        else:
            rest.width = band.left - BAND_GAP - rest.x
    elif band.centery < rest.centery:  # along the top
        rest.y, rest.height = band.bottom + BAND_GAP, rest.bottom - band.bottom - BAND_GAP
    else:
        rest.height = band.top - BAND_GAP - rest.y
    return rest

class GuidedTableScene(TableScene):
    def __init__(self, ctx: AppContext, match: Match, script: Script, use_process: bool = True) -> None:
        self.progress = Progress(script)
        super().__init__(ctx, match, use_process)
        self.script = script
        self.worker = ScriptedWorker(self.progress, self.ai.worker)
        self.ai.worker = self.worker
        self._stage = self.view.stage
        self.view.stage = self._guarded_stage  # type: ignore[method-assign]
        self.btn_next = Button("Next", self.next_step, "Go on to the next step (Enter)", accent=(120, 96, 56))
        self.btn_skip = Button("Skip guide", self.ask_skip, "Play on as a normal game from here (Esc; asks first)")
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self._note_panel: tuple[tuple[int, int], pygame.Surface] | None = None
        """The note's panel for its last size (`panel` blurs a shadow: too slow for every frame)."""
        self._note_layout: tuple[Any, tuple[pygame.Rect, list[str], int]] | None = None
        """`card_layout`'s last answer and what it was worked out from."""
        self._course_key = -1
        self._strip: pygame.Rect | None = None
        """The band of the board area the note has to itself, when no place over the table left
        everything in sight (at 1024x640 Order & Chaos's board fills its area): the view is then
        laid out beside it until the guide ends or the window is resized (`card_layout`)."""

    # --- where the note goes ----------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)  # (the view takes the whole board area: the note's place is found again)
        self._strip = None
        self._note_layout = None

    @property
    def board_area(self) -> pygame.Rect:
        """Where the view is laid out: the board area, less the note's band if it has one."""
        return area_beside(self.play_rect, self._strip)

    def _choose_band(self, area: pygame.Rect, fs: int) -> pygame.Rect:
        """The note's own band: at the side of the script's corner, or along its top or bottom
        edge (as high as the script's longest note), whichever leaves the view a rect nearer the
        board area's own shape, the shape the views are drawn for (beside a side band at 1024x640
        Order & Chaos's board shrank to a third, and Worlds Collide's choice ran out of its rect)."""
        corner = self.script.note
        tall = max(self._note_lines(s.text, fs, area.width, area.height)[1] for s in self.script.steps)
        across = pygame.Rect(area.x, area.y, area.width, tall)
        if corner.startswith("bottom"):
            across.bottom = area.bottom
        shape = self.play_rect.width / self.play_rect.height

        def strain(band: pygame.Rect) -> float:
            rest = area_beside(self.play_rect, band)
            return abs(math.log(max(1, rest.width) / max(1, rest.height) / shape))

        return min((across, note_band(area, corner)), key=strain)

    def _set_strip(self, strip: pygame.Rect | None) -> None:
        """Give the note `strip` to itself (None: give the view the whole area back) and lay the
        view out in what is left."""
        if strip == self._strip:
            return
        self._strip = strip
        self._note_layout = None
        self.view.layout(self.board_area)

    # --- the guide's own controls ------------------------------------------------------------
    @property
    def guiding(self) -> bool:
        return not self.progress.done

    def guide_buttons(self) -> list[Button]:
        if not self.guiding:
            return []
        return [self.btn_next, self.btn_skip] if self.progress.waits_for_next else [self.btn_skip]

    def next_step(self) -> None:
        if self.progress.next():
            self._step_changed()

    def ask_skip(self) -> None:
        """Skip asks first: the button sits where a fast clicker may have meant Next (play-test),
        and a skipped guide is offered again only from the set-up screen."""
        if not self.guiding:
            return
        self.ctx.stack.push(self.ctx.scene(
            "confirm", "Leave the guided game?",
            "The game goes on as a normal game against the computer. The guide can be started "
            "again from the pause menu's Guided game, or a set-up screen's Learn to play.", "Skip guide", self.skip, "Stay in the guide"))

    def skip(self) -> None:
        """End the guide; the game goes on as a normal game (see the module docstring)."""
        if not self.guiding:
            return
        self.progress.stop()
        self._set_strip(None)
        self.flow.reset()  # a question the script held goes to the real computer player
        self.show("Guide closed: the game goes on against the computer. Esc opens the menu.")
        self._sync()

    def _step_changed(self) -> None:
        self.active_at = self.time
        if self.progress.done:  # (a computer's question held for the script now goes on by itself)
            self._set_strip(None)
            self.show(self.script.outro or "That was the guided game: play on as you like.")
        self._sync()

    def _guarded_stage(self, command: Command) -> bool:
        """A view's select-then-confirm (Worlds Collide's pick) meets the guide's check first."""
        refusal = self._refusal(command)
        if refusal is not None:
            self.refuse(refusal)
            return True  # swallowed: nothing is picked
        return self._stage(command)

    def _refusal(self, command: Command) -> str | None:
        return self.progress.refusal(command) if self.match.is_human(command.seat) else None

    # --- the table, refereed ----------------------------------------------------------------
    def play(self, command: Command, origin: Point | None = None) -> bool:
        refusal = self._refusal(command)
        if refusal is not None:
            self.refuse(refusal)
            return False
        if not super().play(command, origin):
            return False
        if self.progress.played(command):
            self._step_changed()
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        key = len(self.match.commands)
        if key != self._course_key:  # once per position: has the game left the script?
            self._course_key = key
            if self.progress.check_course(self.match):
                self._set_strip(None)
                self.flow.reset()
                self.show("The game has left the guide's script: play on as a normal game.")
                self._sync()

    def undo_refusal(self) -> str | None:
        return GUIDE_OFF if self.guiding else super().undo_refusal()

    def redo_refusal(self) -> str | None:
        return GUIDE_OFF if self.guiding else super().redo_refusal()

    def _ai_overdue(self) -> None:
        if self.guiding and self.worker.held is not None:
            return  # the computer waits for the script's next step, not for a stuck search
        super()._ai_overdue()

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.guiding and not self.covered:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.ask_skip()
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and self.progress.waits_for_next and self.view.held_words() is None:
                self.next_step()
                return True
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                for b in self.guide_buttons():
                    if b.handle(event) and event.type != pygame.MOUSEMOTION:
                        if event.type == pygame.MOUSEBUTTONUP:
                            self.ctx.play("click")
                        return True
                if event.type == pygame.MOUSEBUTTONDOWN and self.card_rect.collidepoint(event.pos):
                    return True  # the note is not the board under it
        return super().handle_event(event)

    def next_frame_in(self) -> float:
        base = super().next_frame_in()
        if self.guiding and not self.covered and self.time - self.active_at < 8.0:
            return min(base, 1 / 12)  # the pointers pulse
        return base

    # --- drawing ---------------------------------------------------------------------------------
    def marks(self) -> list[Mark]:
        """Where the step's pointers are now (a move's: only once the player may make it)."""
        step = self.progress.step
        if step is None:
            return []
        expected = self.progress.expected[0] if self.progress.expected else None
        if step.until != "next" and self.view.held_words() is not None and not self.animator.busy:
            rect = table_rect(self, "actions")  # a moment held to be read: Continue comes first
            return [Mark(rect)] if rect is not None else []
        if step.until != "next" and (self.animator.busy or self.acting_human() is None):
            return []  # a move's pointers wait for the player's turn
        out: list[Mark] = []
        for pointer in step.pointers:
            out += resolve(self, pointer, expected)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.guiding:
            return
        marks = self.marks()
        self._draw_marks(surface, marks)
        self._draw_card(surface, marks)

    def _draw_marks(self, surface: pygame.Surface, marks: list[Mark]) -> None:
        t = min(self.time, self.active_at + 8.0)
        glow = 0.5 + 0.5 * math.sin(t * 4.0)
        width = max(3, self.fs // 5)
        colour = (int(200 + 55 * glow), int(160 + 54 * glow), int(70 + 50 * glow))
        for mark in marks:
            for rect in (mark.rect, mark.arrow_to):
                if rect is not None:
                    ring = rect.inflate(10 + int(6 * glow), 10 + int(6 * glow))
                    # round for a small spot, a rounded box for anything bigger (decided on the
                    # mark itself, so the shape does not flip as the ring pulses)
                    radius = min(ring.w, ring.h) // 2 if min(rect.w, rect.h) < 60 else 16
                    pygame.draw.rect(surface, (20, 16, 8), ring.move(0, 2), width + 2, border_radius=radius)
                    pygame.draw.rect(surface, colour, ring, width, border_radius=radius)
            if mark.arrow_to is not None:
                _arrow(surface, mark.rect.center, mark.arrow_to.center, colour, width + 1)

    def card_layout(self, avoid: list[pygame.Rect],
                    keep: list[pygame.Rect] | None = None) -> tuple[pygame.Rect, list[str], int]:
        """The note's rect, its lines and size. It goes where it hides none of the pointers
        (`avoid`, with the rings drawn round them) and none of the boxes the view keeps clear
        (`keep`, by default `GameView.keep_clear`: a score box, the plays left, the board): of
        the board area's corners (the script's first) and places nearest that corner
        (`note_places`), the first that hides nothing. When every place hides something (at
        1024x640 Order & Chaos's board and Rally's map fill their area), the note takes a band at
        the side of the board area to itself and the view is laid out beside it, for the rest
        of the guide at this size (`board_area`): covering the bag or the score card while
        pointing at them is what the play-test saw."""
        step = self.progress.step
        assert step is not None
        keep = self.view.keep_clear() if keep is None else keep
        key = (self.progress.index, tuple(self.play_rect), self.fs, tuple(map(tuple, avoid)),
               tuple(map(tuple, keep)), tuple(self._strip or ()))
        if self._note_layout is not None and self._note_layout[0] == key:
            return self._note_layout[1]  # (asked every frame: the same answer while nothing moved)
        area = self.play_rect.inflate(-24, -24)
        fs = max(15, self.fs)
        best: pygame.Rect | None = None
        lines: list[str] = []
        if self._strip is None:
            w = min(max(360, int(area.width * 0.42)), area.width)
            lines, h = self._note_lines(step.text, fs, w, area.height)
            rings = [r.inflate(16, 16) for r in avoid]  # (a pointer's ring is drawn round its rect)
            best = next((rect for rect in note_places(area, (w, h), self.script.note)
                         if not covered(rect, rings) and not covered(rect, keep)), None)
            if best is None:
                self._set_strip(self._choose_band(area, fs))
        if self._strip is not None:
            lines, h = self._note_lines(step.text, fs, self._strip.width, self._strip.height)
            best = pygame.Rect(self._strip.x, self._strip.y, self._strip.width, h)
            if self.script.note.startswith("bottom"):
                best.bottom = self._strip.bottom
        assert best is not None
        key = key[:-1] + (tuple(self._strip or ()),)
        self._note_layout = (key, (best, lines, fs))
        return best, lines, fs

    def _note_lines(self, text: str, fs: int, width: int, room: int) -> tuple[list[str], int]:
        """The note's text in lines for a note `width` wide, and the note's height (its heading,
        the lines, its buttons), at most `room`. A wide note (a band across the board area) has
        its buttons in a column beside the text, so the band takes less of the view's height."""
        bh = max(34, int(fs * 2.1))
        line_h = self.text.font(fs).get_linesize()
        if width >= WIDE_NOTE:
            lines = self.text.wrap(text, fs, width - 36 - NOTE_BUTTON_W - 18)
            text_h = 18 + int(fs * 1.5) + 10 + line_h * len(lines) + 14
            return lines, min(max(text_h, 14 + bh + 8 + bh + 14), room)
        lines = self.text.wrap(text, fs, width - 36)
        return lines, min(18 + int(fs * 1.5) + 10 + line_h * len(lines) + 14 + bh + 16, room)

    def _draw_card(self, surface: pygame.Surface, marks: list[Mark]) -> None:
        step = self.progress.step
        if step is None:
            return
        avoid = [m.rect for m in marks] + [m.arrow_to for m in marks if m.arrow_to is not None]
        rect, lines, fs = self.card_layout(avoid)
        self.card_rect = rect
        if self._note_panel is None or self._note_panel[0] != rect.size:
            self._note_panel = (rect.size, panel(rect.size, 16, 238, (26, 30, 46), RING))
        surface.blit(self._note_panel[1], (rect.x - 10, rect.y - 10))
        x, y = rect.x + 18, rect.y + 14
        head = f"Step {self.progress.index + 1} of {self.progress.count}"
        if step.title:
            head += f"  ·  {step.title}"
        self.text.blit(surface, head, fs, palette.BRASS, "bold", topleft=(x, y))
        y += int(fs * 1.5) + 10
        line_h = self.text.font(fs).get_linesize()
        for line in lines:
            self.text.blit(surface, line, fs, palette.TEXT, topleft=(x, y))
            y += line_h
        bh = max(34, int(fs * 2.1))
        buttons = self.guide_buttons()
        last = self.progress.index == self.progress.count - 1
        self.btn_next.label = "Play on" if last else "Next"
        wide = rect.width >= WIDE_NOTE
        bw = NOTE_BUTTON_W if wide else min(NOTE_BUTTON_W, (rect.width - 36 - 10) // 2)
        for b in buttons:  # each button keeps its own place: Skip never comes where Next was
            slot = 0 if b is self.btn_next else 1
            if wide:  # Next above Skip, beside the text
                b.rect = pygame.Rect(rect.right - 18 - bw, rect.y + 14 if slot == 0 else rect.bottom - 14 - bh, bw, bh)
            else:  # Next right of Skip, under the text
                b.rect = pygame.Rect(rect.right - 18 - bw - slot * (bw + 10), rect.bottom - 14 - bh, bw, bh)
            b.draw(surface, self.text, fs)
        if not self.progress.waits_for_next:
            # in Next's place, which is empty while the step waits for a move (on the left it
            # ran under Skip's button)
            waiting = ("Read it, then Continue" if self.view.held_words() is not None
                       else "Your move" if self.acting_human() is not None else "The computer moves...")
            size = fs - 1
            while size > 11 and self.text.font(size, "bold").size(waiting)[0] > bw:
                size -= 1
            self.text.blit(surface, waiting, size, palette.TEXT_DIM, "bold",
                           midright=(rect.right - 18, rect.y + 14 + bh // 2 if wide else rect.bottom - 14 - bh // 2))


def covered(rect: pygame.Rect, boxes: list[pygame.Rect]) -> float:
    """How much of `boxes` `rect` covers, each box by the share of it hidden: a small score box
    hidden whole weighs as much as a whole board, more than a corner of it."""
    total = 0.0
    for box in boxes:
        clip = rect.clip(box)
        if clip.width and clip.height:
            total += clip.width * clip.height / (box.width * box.height)
    return total


def note_band(area: pygame.Rect, corner: str) -> pygame.Rect:
    """The band of `area` a note takes to itself when it cannot lie over the table: the whole
    height, on the side of the script's `corner`, narrow enough to leave the board most of it."""
    width = min(area.width // 2, max(280, int(area.width * 0.34)))
    band = pygame.Rect(area.x, area.y, width, area.height)
    if corner.endswith("right"):
        band.right = area.right
    return band


def note_places(area: pygame.Rect, size: tuple[int, int], corner: str, across: int = 5) -> list[pygame.Rect]:
    """Where a note of `size` may go inside `area`: its corners (`corner` first), then the places
    of an `across` x `across` grid nearest `corner`."""
    w, h = size
    first = pygame.Rect(0, 0, w, h)
    setattr(first, corner, getattr(area, corner))
    xs = [area.left + (area.width - w) * i // (across - 1) for i in range(across)]
    ys = [area.top + (area.height - h) * j // (across - 1) for j in range(across)]
    grid = [pygame.Rect(x, y, w, h) for y in ys for x in xs]
    corners = [r for r in grid if r.x in (xs[0], xs[-1]) and r.y in (ys[0], ys[-1])]
    rest = sorted((r for r in grid if r not in corners),
                  key=lambda r: math.hypot(r.x - first.x, r.y - first.y))
    return [first] + [r for r in corners if r != first] + rest


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: Colour,
           width: int) -> None:
    """A line from `start` to `end` with a head at `end`, stopping short of both rings."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 40:
        return
    ux, uy = dx / length, dy / length
    a = (start[0] + ux * 22, start[1] + uy * 22)
    b = (end[0] - ux * 24, end[1] - uy * 24)
    pygame.draw.line(surface, (20, 16, 8), (a[0], a[1] + 2), (b[0], b[1] + 2), width + 2)
    pygame.draw.line(surface, colour, a, b, width)
    head = max(10, width * 4)
    left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
    right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [b, left, right])
