"""The Cosmos table view: the main board, the play area shown (tabs: yours by default, the others'
one click away), the turn's step and its queue of pending decisions, and the gestures.

Modules, one job each: `layout.py` (rectangles), `board.py` (rondel, offers, tracks), `player_area.py`
(console, Solar Systems, hand), `text.py` (every hover text and the move preview), `turn.py` (the
decisions' words, zones, banner and buttons), `overlays.py` (what is drawn while the player acts),
`art.py` (colours, tiles), `icons.py` (pictograms inside a tile's words). Rules questions go to `game/cosmos/public.py` (the seat's view rebuilt, the
engine's own functions asked); legality is the Match's (`CosmosGame.find_command` /
`targets_for`, `game/cosmos/gestures.py`). The board and the area are drawn once per position
and size into a static layer; a frame blits it and draws the highlights, the held piece and the
preview on top.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.core.decisions import Decision
from game.core.protocol import Command, Event, Seat, Target
from game.core.words import Line, LogEntry
from game.cosmos import commands as C
from game.cosmos import gestures, public, words
from game.cosmos.game import CONTENT, CosmosGame
from scenes.animation import Animator
from scenes.kit import palette
from scenes.sprites.text import TextCache
from scenes.views.base import Action, Colour, GameView, Overlay, Point, ViewDict, brief_by_command
from scenes.views.cosmos import art, motion, overlays, turn
from scenes.views.cosmos import text as T
from scenes.views.cosmos.art import ROLES, Spot
from scenes.views.cosmos.board import (SECTIONS, action_of, draw_offers, draw_rondel, draw_scientists, names_over,
                                       slide_point)
from scenes.views.cosmos.layout import Layout, lay_out
from scenes.views.cosmos.player_area import draw_console, draw_hand, draw_systems
from scenes.views.cosmos.turn import frame_words
from scenes.window_caches import track

DRAGGED = ("scientist", "planet_pile", "biome_pile", "card", "asteroid", "star")
STATIC_TEXTS = 2500
OWN_ZONES = ("slot", "system", "focus", "mission", "exchange", "card")
"""Targets in a play area: only its owner plays on them (another seat's area is to read)."""


HINT_GOLD = palette.HINT_GOLD
"""A hint's mark: apart from the blue of what may be played now and the brass of what is held."""


ROUND_ZONES = ("space", "scientist")
"""Targets drawn as discs (the rondel's spaces, a Scientist): marked with a ring, not a square
whose corners reached into the neighbouring names and the hub's round number."""


def _mark(surface: pygame.Surface, spot: Spot, colour: Colour, width: int, grow: int = 0) -> None:
    """A highlight around `spot`: a ring around a round piece, a rounded rectangle around a tile."""
    if spot.target is not None and spot.target.zone in ROUND_ZONES:
        pygame.draw.ellipse(surface, colour, spot.rect.inflate(4 + grow, 4 + grow), width)
    else:
        art.outline(surface, spot.rect.inflate(grow, grow), colour, width)


CLICKABLE = (232, 232, 222)
"""The ring of what may be clicked now: near white, not a seat's colour (play-test: its light
blue read as the blue player's)."""


TAB_WIDTH = 270
"""A seat's tab at most this wide: room for "Blue (Computer): 12 VP if it ended now" (230 dropped
the name once the score said what it is)."""


class CosmosView(GameView):
    """See the module docstring."""

    def __init__(self, ctx: Any, game: Any, text: Any) -> None:
        super().__init__(ctx, game, text)
        self.board_text = TextCache(ctx.font, limit=STATIC_TEXTS)
        """The static layer's own text cache: a 4-player board draws more strings than the
        table's shared cache holds, which would empty it on every redraw."""
        track(self.board_text)
        self.lay: Layout | None = None
        self.spots: list[Spot] = []
        self.tab_spots: list[tuple[pygame.Rect, int]] = []
        self.tab = 0
        self._tab_for = -2
        """The seat the tab was last reset for (a hot-seat hand-off shows the new seat's area)."""
        self._decision_for: tuple[str, int, int] = ("", -2, -1)
        """The decision the tab was last reset for: each new decision of the viewer's brings
        their own area back (play-test: a planet dropped on another player's area was refused)."""
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        self._landings: list[public.Landing] = []
        self._checks: list[public.MissionCheck] = []
        self._scores: list[int] = []
        self._drag: tuple[Target, Target | None] | None = None
        self._made_for_you = ""
        """A choice the table made because it had one way (a life card's only discard), said in the
        banner until the player's next decision."""
        self._made_at: str | None = None
        """The position that choice led to (`_note_moment`): the note goes once it changes."""
        self._pawns: list[pygame.Rect] = []
        """The Scientists' rectangles as last drawn (the names they reach are written over them)."""
        self._me_of: object = None
        self._me = -1
        self.chooser: list[Spot] = []
        """The lifeform advancements offered on the planet clicked in an advancement step."""
        self.menu: list[Spot] = []
        self.suggested: Target | None = None
        """The chooser's button a hint stands for (`command_targets` of a discard or a catch)."""
        """Every lifeform advancement of an advancement step, a row per planet named as its tile is
        (it was the generic decision panel's list: "On system 1, planet 2: ..." past its buttons)."""
        self._menu_box = pygame.Rect(0, 0, 0, 0)
        self._menu_names: list[tuple[pygame.Rect, str]] = []
        self._menu_title = ""

    # --- position -------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.lay = lay_out(self.rect)
        self._refresh()

    def set_view(self, view: ViewDict) -> None:
        self.view = view
        self.chooser = []
        if self._made_for_you:  # kept for the position the choice led to, gone with the next decision
            moment = self._note_moment()
            if self._made_at is None:
                self._made_at = moment
            elif moment != self._made_at:
                self._made_for_you = ""
        me = self.me
        if me != self._tab_for:
            self._tab_for = me
            self.tab = max(0, me)
        self._static = None
        kind, seat = public.frame_kind(view)
        decision = (kind, seat, len(view.get("frames") or []))
        if decision != self._decision_for:
            self._decision_for = decision
            if seat == me >= 0:  # a new decision of yours is made on your own area: show it
                self.tab = me
        self._landings = public.landings(view, me) if kind == "move" and seat == me >= 0 else []
        self._checks = public.missions(view, me) if me >= 0 else []
        self._scores = [sum(part.values()) for part in public.scores(view)]
        self._refresh()

    def _static_key_now(self) -> object:
        return (id(self.view), self.tab, self.rect.size, self.rect.topleft, self.private_shown(),
                tuple(self.seat_names))

    def _refresh(self) -> None:
        """Draw the static layer now (its spots are the hit targets, asked before any frame)."""
        if self.lay is not None and self.view:
            self._static = self._render_static()
            self._static_key = self._static_key_now()

    @property
    def me(self) -> int:
        """The seat whose view this is (the one whose hand is a list), -1 for a seat without secrets."""
        if self._me_of is not self.view:
            self._me_of = self.view
            players = self.view.get("players", [])
            self._me = next((i for i, p in enumerate(players) if isinstance(p["hand"], list)), -1)
        return self._me

    def acting(self) -> int:
        return public.frame_kind(self.view)[1] if self.view else -1

    def private_shown(self) -> bool:
        """On a shared hot-seat screen while another seat acts: the viewer's own hand and missions
        are drawn as the others see them."""
        humans = sum(1 for h in self.seat_humans if h)
        return humans > 1 and self.acting() != self.me

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        if self.lay is None or not self.view:
            return
        if self._static is None or self._static_key_now() != self._static_key:
            self._refresh()
        assert self._static is not None
        surface.blit(self._static, self.rect.topleft)
        assert self.lay is not None
        moving = {seat: slide_point(self.lay.rondel, int(t.payload["start"]), int(t.payload["to"]), t.value)
                  for seat, t in motion.sliding(animator).items()}
        self._pawns = draw_scientists(surface, self.lay.rondel, self.view, self.me, moving)
        motion.draw_flights(surface, self.text, animator, self.lay.small)
        self._draw_overlay(surface, overlay)

    def _render_static(self) -> pygame.Surface:
        assert self.lay is not None
        lay, view, font = self.lay, self.view, self.lay.font
        out = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shift = (-self.rect.x, -self.rect.y)
        spots: list[Spot] = []
        canvas = out

        def local(r: pygame.Rect) -> pygame.Rect:
            return r.move(shift)

        self.tab_spots = []
        tabs = local(lay.tabs)
        n = len(view["players"])
        w = min(tabs.width // max(1, n), TAB_WIDTH)
        for seat in range(n):
            cell = pygame.Rect(tabs.x + seat * w, tabs.y, w - 6, tabs.height)
            on = seat == self.tab
            pygame.draw.rect(canvas, art.shade(art.SEATS[seat], 0.45 if on else 0.22), cell, border_radius=7)
            if on:
                pygame.draw.rect(canvas, art.SEATS[seat], cell, width=2, border_radius=7)
            name = self.seat_names[seat] if seat < len(self.seat_names) else ROLES[seat]
            score = self._scores[seat] if seat < len(self._scores) else 0
            kind = "bold" if on else "regular"
            box = cell.inflate(-14, -2)
            wordings = T.score_wordings(ROLES[seat], score, name)
            words = next((w for w in wordings if self.text.font(font, kind).size(w)[0] <= box.width), wordings[-1])
            art.label(canvas, self.text, box, words, font, art.INK, kind, align="left")
            self.tab_spots.append((cell.move(self.rect.x, self.rect.y), seat))
            spots.append(Spot(cell.move(self.rect.x, self.rect.y), None,
                              [f"Show {ROLES[seat]}'s area ({name})" if not on else f"{ROLES[seat]}'s area is shown",
                               T.score_meaning(score)]))
        self._draw_steps(canvas, local(lay.steps), font)
        board_spots = draw_rondel(canvas, self.board_text, local(lay.rondel), view, CONTENT, self.me, font)
        board_spots += draw_offers(canvas, self.board_text, local(lay.offers), view, CONTENT, font)
        seat = self.tab
        mine = seat == self.me and not self.private_shown()
        checks = self._checks if mine else None
        score = self._scores[seat] if seat < len(self._scores) else 0
        board_spots += draw_console(canvas, self.board_text, local(lay.console), view, CONTENT, seat, checks, score, font)
        used = public.activated(view) if public.frame_kind(view)[1] == seat else ()
        board_spots += draw_systems(canvas, self.board_text, local(lay.systems), view, CONTENT, seat, seat == self.me,
                                    font, used)
        board_spots += draw_hand(canvas, self.board_text, local(lay.hand), view, CONTENT, seat, mine, font)
        for spot in board_spots:
            spot.rect = spot.rect.move(self.rect.x, self.rect.y)
            if seat != self.me and spot.target is not None and spot.target.zone in OWN_ZONES:
                spot.target = None  # another seat's area: to read, not to play on
        self.spots = spots + board_spots
        self._build_menu()
        return out

    def _build_menu(self) -> None:
        """The advancement menu over the offers while the viewer chooses a lifeform advancement."""
        self.menu, self._menu_names = [], []
        kind, acting = public.frame_kind(self.view)
        if kind != "advance" or acting != self.me or self.lay is None or self.private_shown():
            return
        planets = [(si, k, f"P{sl['planet']} {CONTENT.planets[int(sl['planet'])].type}")
                   for si, sy in enumerate(self.view["players"][self.me]["systems"])
                   for k, sl in enumerate(sy["planets"]) if sl is not None]
        font = self.lay.small
        self._menu_box, self._menu_names, buttons = overlays.menu_layout(self.lay.offers, self.text, planets, font)
        left = turn.frame_args(str(self.view["frames"][-1]))[1]
        self._menu_title = f"Choose a lifeform advancement ({left} to make)"
        for rect, ident in buttons:
            si, k, step = (int(x) for x in ident.split(":"))
            why = public.why_advance(self.view, self.me, si, k, step)
            name = next(n for (a, b, n) in planets if (a, b) == (si, k))
            self.menu.append(Spot(rect, Target("advance", ident=ident),
                                  [overlays.STEP_WORDS[step], f"On {name}: " + (why or "click to make it")]))

    def _draw_steps(self, surface: pygame.Surface, rect: pygame.Rect, font: int) -> None:
        """The turn-step indicator (Movement / Action / Mission) and the queue of pending decisions."""
        kind, seat = public.frame_kind(self.view)
        if not kind:
            self.text.blit(surface, "The game is over", font, art.BRASS, "bold", midleft=(rect.x + 4, rect.centery))
            return
        step = T.STEP_OF_FRAME.get(kind, "Action")
        x = rect.x
        pygame.draw.circle(surface, art.SEATS[seat], (x + 8, rect.centery), 6)
        x += 20
        for name in T.STEPS:
            on = name == step
            img = self.text.render(name, font, (20, 20, 26) if on else art.DIM, "bold" if on else "regular")
            box = pygame.Rect(x, rect.y + 1, img.get_width() + 14, rect.height - 2)
            if on:
                pygame.draw.rect(surface, art.BRASS, box, border_radius=box.height // 2)
            else:
                pygame.draw.rect(surface, art.TILE_EDGE, box, width=1, border_radius=box.height // 2)
            surface.blit(img, img.get_rect(center=box.center))
            x = box.right + 6
        codes = [str(c) for c in self.view.get("frames", []) if not str(c).startswith(("land", "close"))]
        queue = [frame_words(c) for c in reversed(codes)]
        size = max(art.MIN_TEXT, font - 1)
        box = pygame.Rect(x + 8, rect.y, rect.right - x - 12, rect.height)
        words = ""
        for shown in range(len(queue), 0, -1):  # as much of the queue as fits, the rest counted
            rest = len(queue) - shown
            words = "Now: " + queue[0] + ("   then: " + " > ".join(queue[1:shown]) if shown > 1 else "") + \
                (f" (+{rest} more)" if rest else "")
            if self.text.font(size).size(words)[0] <= box.width:
                break
        if words:
            art.label(surface, self.text, box, words, size, art.INK, align="left")

    def _spot_of(self, target: Target) -> Spot | None:
        return next((s for s in self.spots if s.target == target), None)

    def _draw_overlay(self, surface: pygame.Surface, overlay: Overlay) -> None:
        pulse = 150 + int(80 * abs(((overlay.time * 1.6) % 2) - 1))
        lit = (pulse, 230, 160)
        for target in overlay.clickable:
            spot = self._spot_of(target)
            if spot is not None:
                _mark(surface, spot, CLICKABLE, 2)
        for target in overlay.movable:
            spot = self._spot_of(target)
            if spot is not None and overlay.held is None:
                _mark(surface, spot, (214, 184, 110), 2)
        if overlay.held is not None:
            held = self._spot_of(overlay.held)
            if held is not None:
                _mark(surface, held, art.BRASS, 2)
            for target in overlay.legal:
                spot = self._spot_of(target)
                if spot is not None:
                    _mark(surface, spot, lit, 3)
            if overlay.held.zone == "scientist" and self.lay is not None:
                overlays.landing_marks(surface, self.text, self._spot_of, self._landings, self._font(),
                                        self.lay.rondel)
        if overlay.hover is not None:
            spot = self._spot_of(overlay.hover)
            if spot is not None:
                _mark(surface, spot, art.INK, 1)
        if overlay.hint is not None:  # gold and pulsing: every playable piece is already outlined blue
            grow = 6 + round(3 * (1 + math.sin(overlay.time * 5)))
            for hinted in overlay.hint:
                spot = self._spot_of(hinted) if hinted is not None else None
                if spot is not None:
                    _mark(surface, spot, HINT_GOLD, 4, grow)
        self._names_over_pawns(surface, overlay)
        if overlay.held is not None and overlay.drag_pos is not None:
            held = self._spot_of(overlay.held)
            if held is not None:
                overlays.ghost(surface, held.rect, overlay.drag_pos)
        if self._drag is not None and overlay.drag_pos is not None:
            lines = self.preview_lines(*self._drag, legal=overlay.legal)
            overlays.note(surface, self.text, lines, overlay.drag_pos, self.rect, self._font())
        if self.menu:
            overlays.advancement_menu(surface, self.text, self._menu_box, self._menu_title, self._menu_names, self.menu,
                                      overlay, self.lay.small if self.lay else art.MIN_TEXT)
        overlays.chooser(surface, self.text, self.chooser, overlay, self._font())
        if overlay.hint is not None:  # the hinted discard or catch among the chooser's buttons
            button = next((spot for spot in self.chooser if spot.target == self.suggested), None)
            if button is not None:
                art.outline(surface, button.rect.inflate(4, 4), HINT_GOLD, 3)

    def _names_over_pawns(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """The action names a Scientist, or the outline marking the viewer's, reaches: written again
        over them (play-test at 1024x640: the Scientist on Create Life hid "Create")."""
        if self.lay is None:
            return
        covers = list(self._pawns)
        mine = self._spot_of(Target("scientist"))
        marks = [*overlay.movable, *(overlay.hint or ()), overlay.held, overlay.hover]
        if mine is not None and Target("scientist") in marks:
            covers.append(mine.rect.inflate(20, 20))  # the widest mark: a pulsing hint
        names_over(surface, self.board_text, self.lay.rondel, self.view, CONTENT, self.lay.font, covers)

    def _font(self) -> int:
        return self.lay.font if self.lay else 13

    def preview_lines(self, source: Target, target: Target | None, legal: Sequence[Target] = ()) -> list[str]:
        """The drop preview's words: the rondel space's landing, or whether the card / tile may go
        on the planet under the pointer and why not."""
        if target is None:
            return []
        if source.zone == "scientist" and target.zone == "space":
            landing = next((x for x in self._landings if str(x.space) == target.ident), None)
            return T.landing_text(landing) if landing else ["Cannot land: only 1 to 3 spaces ahead"]
        if target in legal:
            if source.zone == "card" and target.zone == "slot" and target.ident:
                si, _, k = target.ident.partition(":")
                found = public.discard_options(self.view, self.me, int(source.ident or 0), int(si), int(k))
                if len(found) > 1:
                    return ["Drop to play it here", f"It needs a discard: you choose which of {len(found)} next"]
                if found:
                    return ["Drop to play it here", f"Discards L{found[0][0]} for its {found[0][1]}"]
                return ["Drop to play it here"]
            if source.zone == "asteroid" and target.zone == "slot" and target.ident:
                si, _, k = target.ident.partition(":")
                free = turn.live_action(self.view) == "catch_free"
                ways = public.catch_options(self.view, self.me, str(source.ident), int(si), int(k), free)
                if len(ways) > 1:
                    return ["Drop to catch it here", f"Then choose its space and payment ({len(ways)} ways)"]
                if ways:
                    return ["Drop to catch it here", T.catch_words(ways[0], str(source.ident) in CONTENT.asteroid_extra_mass,
                                                                   free)]
            return ["Drop here"]
        where = self._where(target)
        if where is not None and self.me >= 0 and source.zone in DRAGGED[1:]:
            why = public.why_drop(self.view, self.me, source.zone, str(source.ident), *where)
            return ["Not here", why or "Not in this step"]
        return ["Not here"]

    def _where(self, target: Target) -> tuple[int, int] | None:
        """The (system, planet space) a drop target names (a system's star: space 0)."""
        if target.zone == "slot" and target.ident:
            si, _, k = target.ident.partition(":")
            return int(si), int(k)
        if target.zone == "system" and target.ident:
            return int(target.ident), 0
        return None

    # --- input ------------------------------------------------------------------------------
    def hit_test(self, pos: Point) -> Target | None:
        for spot in self.chooser + self.menu:
            if spot.rect.collidepoint(pos):
                return spot.target
        for spot in reversed(self.spots):
            if spot.target is not None and spot.rect.collidepoint(pos):
                return spot.target
        return None

    def view_click(self, pos: Point) -> bool:
        if self.chooser:
            if any(spot.rect.collidepoint(pos) for spot in self.chooser):
                return False  # the table plays the advancement clicked
            self.chooser = []
        kind, acting = public.frame_kind(self.view)
        if kind == "advance" and acting == self.me >= 0 and self.tab == self.me:
            hit = self.hit_test(pos)
            if hit is not None and hit.zone == "slot" and hit.ident:
                spot = self._spot_of(hit)
                si, _, k = hit.ident.partition(":")
                if spot is not None and int(si) < len(self.view["players"][self.me]["systems"]):
                    self.open_chooser(spot.rect, int(si), int(k))
                    return True
        for rect, seat in self.tab_spots:
            if rect.collidepoint(pos):
                if seat != self.tab:
                    self.tab = seat
                    self._refresh()
                return True
        return False

    def view_event(self, event: pygame.event.Event) -> bool:
        """Keys 1-4 show that seat's area (Tab: the next one)."""
        if event.type != pygame.KEYDOWN or not self.view:
            return False
        n = len(self.view["players"])
        if event.key == pygame.K_TAB:
            self.tab = (self.tab + 1) % n
        elif pygame.K_1 <= event.key < pygame.K_1 + n:
            self.tab = event.key - pygame.K_1
        else:
            return False
        self._refresh()
        return True

    def open_chooser(self, near: pygame.Rect, si: int, k: int) -> None:
        """The three lifeform advancements on planet (si, k) as buttons over it, each with the
        engine's reason when it cannot be made."""
        words = ("Gain a bacterium", "Bacterium -> plant", "Plant -> animal")
        options = []
        for step, label in enumerate(words):
            why = public.why_advance(self.view, self.me, si, k, step)
            options.append((label, Target("advance", ident=f"{si}:{k}:{step}"),
                            [why] if why else ["Click to make this advancement"]))
        self._open_buttons(near, options)

    def _open_buttons(self, near: pygame.Rect, options: Sequence[tuple[str, Target, list[str]]]) -> None:
        """A column of buttons over `near` (the chooser): each a label, its click target and the
        rest of its hover text; sized to the widest label, inside the play area."""
        font = self.lay.font if self.lay else 13
        h = font + 12
        w = max(self.text.font(font).size(label)[0] for label, _, _ in options) + 24
        box = pygame.Rect(0, 0, min(w, self.rect.width - 8), len(options) * h + 4)
        box.midtop = (near.centerx, near.y + 4)
        box.clamp_ip(self.rect)
        self.chooser = [Spot(pygame.Rect(box.x + 2, box.y + 2 + i * h, box.width - 4, h - 2), target, [label] + tip)
                        for i, (label, target, tip) in enumerate(options)]

    def stage(self, command: Command) -> bool:
        """A drop that leaves a choice the engine would otherwise make (which card to discard for a
        missing icon, which asteroid space and payment) opens a chooser over the planet instead
        of playing, with nothing picked: the player clicks one (played then) or clicks away
        (nothing happens). A drop with only one legal way is played at once."""
        picked = self._picked_target(command)
        if picked is not None and any(spot.target == picked for spot in self.chooser):
            self.chooser = []  # a button of the chooser was clicked: that command plays
            return False
        options = self._ways(command)
        if len(options) == 1 and isinstance(command, C.PlayLife):  # the one way is played: say what went
            self._made_for_you, self._made_at = self._discard_note(command), None
        if len(options) < 2:
            return False
        spot = self._spot_of(Target("slot", ident=f"{getattr(command, 'system', 0)}:{getattr(command, 'slot', 0)}"))
        self._open_buttons(spot.rect if spot is not None else self.rect, options)
        return True

    def _discard_note(self, command: C.PlayLife) -> str:
        """The banner's words for a discard the table made because it was the card's only way."""
        slot = self.view["players"][self.me]["systems"][command.system]["planets"][command.slot]
        return (f"L{command.discard} was discarded for its {command.icon} icon: the only way L{command.card} "
                f"lives on P{slot['planet']}")

    def _note_moment(self) -> str:
        """What changes with each decision made: the pending decisions and the viewer's hand."""
        hand = self.view["players"][self.me]["hand"] if self.me >= 0 else []
        return repr((self.view.get("frames"), hand))

    @staticmethod
    def _picked_target(command: Command) -> Target | None:
        """The chooser's button that names exactly `command` (a discard, a catch's way)."""
        if isinstance(command, C.PlayLife) and command.discard >= 0:
            return Target("discard", ident=gestures.discard_ident(command))
        if isinstance(command, C.Catch):
            return Target("catch", ident=gestures.catch_ident(command))
        return None

    def _ways(self, command: Command) -> list[tuple[str, Target, list[str]]]:
        """The legal ways of the drop that made `command`, as chooser buttons (from the seat's own
        view: its hand, its planet, its resources)."""
        if isinstance(command, C.PlayLife) and command.discard >= 0:
            found = public.discard_options(self.view, self.me, command.card, command.system, command.slot)
            return [(f"Discard L{other} (lends its {icon})",
                     Target("discard", ident=gestures.discard_ident(dataclasses.replace(command, discard=other, icon=icon))),
                     T.life_text(CONTENT, other)[:2] + [f"Play L{command.card} with the {icon} it lends"])
                    for other, icon in found]
        if isinstance(command, C.Catch):
            free = turn.live_action(self.view) == "catch_free"
            extra = command.kind in CONTENT.asteroid_extra_mass
            ways = public.catch_options(self.view, self.me, command.kind, command.system, command.slot, free)
            return [(T.catch_words((space, life), extra, free),
                     Target("catch", ident=gestures.catch_ident(dataclasses.replace(command, space=space, life=life))),
                     ["Click to catch it so"]) for space, life in ways]
        return []

    def live_zones(self) -> tuple[str, ...]:
        return turn.live_zones(self.view)

    def sources(self, seat: Seat) -> list[Target]:
        if seat != self.me or self.lay is None:
            return []
        zones = self.live_zones()
        return [s.target for s in self.spots if s.target is not None and s.target.zone in DRAGGED
                and s.target.zone in zones]

    def clicks(self, seat: Seat) -> list[Target]:
        if seat != self.me:
            return []
        zones = self.live_zones()
        return [s.target for s in self.chooser + self.menu + self.spots if s.target is not None
                and s.target.zone not in DRAGGED
                and s.target.zone in zones]

    def anchor(self, target: Target) -> Point | None:
        spot = self._spot_of(target)
        return None if spot is None else (float(spot.rect.centerx), float(spot.rect.centery))

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        """The drag or click that makes `command` (a hint, a computer's move). A life card played
        with a discard and a caught asteroid are the drag that opens the chooser (card or asteroid
        onto the planet); the button that names `command` is remembered (`suggested`) and marked
        when the chooser shows it, since the drag alone might make a sibling command."""
        where = Target("slot", ident=f"{getattr(command, 'system', 0)}:{getattr(command, 'slot', 0)}")
        picked = self._picked_target(command)
        if picked is not None:
            self.suggested = picked
            source = Target("card", ident=str(command.card)) if isinstance(command, C.PlayLife) else \
                Target("asteroid", ident=str(getattr(command, "kind", "")))
            return source, where
        if isinstance(command, C.Move):
            landing = next((x for x in self._landings if x.command == command), None)
            return None if landing is None else (Target("scientist"), Target("space", ident=str(landing.space)))
        if isinstance(command, C.Aggregate):
            return Target("planet_pile", ident=str(command.pile)), where
        if isinstance(command, C.SetBiome):
            return Target("biome_pile", ident=str(command.pile)), where
        if isinstance(command, C.PlayLife):
            return Target("card", ident=str(command.card)), where
        if isinstance(command, C.Evolve):
            return Target("star", ident=command.star), Target("system", ident=str(command.system))
        if isinstance(command, C.Take):
            return Target("life_pile", ident=str(command.pile)), None
        if isinstance(command, C.Activate):
            return Target("system", ident=str(command.system)), None
        if isinstance(command, (C.Place, C.Fulfil)):
            return where, None
        if isinstance(command, C.Advance):
            return Target("advance", ident=f"{command.system}:{command.slot}:{command.step}"), None
        if isinstance(command, C.Upgrade):
            return Target("focus", ident=str(command.card)), None
        if isinstance(command, C.Mission):
            return Target("mission", ident=str(command.mission)), None
        if isinstance(command, C.Exchange):
            return Target("exchange", ident=command.resource), None
        tags: dict[type, str] = {C.TakeEntropy: "entropy", C.Accept: "accept", C.Soup: "soup", C.Done: "done"}
        tag = tags.get(type(command))
        return None if tag is None else (Target(tag), None)

    def preview(self, source: Target, target: Target | None) -> None:
        self._drag = None if target is None else (source, target)

    def draws_decision(self, decision: Decision) -> bool:
        """The board shows every decision: drags, clicks, the action buttons and the advancement
        menu (`overlays.advancement_menu`)."""
        return True

    def actions(self, seat: Seat) -> list[Action]:
        return turn.step_actions(self.view, seat)

    def plays_forced(self, decision: Decision) -> bool:
        """A decision with one option is made for the player (the log says what it was), except
        the end of the Action step: the player confirms it, with Cancel action still at hand."""
        return decision.kind != "action"

    def plays_for(self, decision: Decision) -> Command | None:
        """Primordial Soup plays itself on landing there (play-test: an extra click for gains
        nobody declines); the player still ends the Action step, with Cancel action at hand."""
        soup = C.Soup(decision.seat)
        if decision.kind == "action" and soup in decision.options:
            return soup
        return super().plays_for(decision)

    def cancel_point(self, commands: Sequence[Command], seat: Seat) -> int | None:
        """Where Cancel action cuts history back to: just after `seat`'s last Movement (its Action
        step's start), or None when nothing was done since."""
        for i in range(len(commands) - 1, -1, -1):
            if isinstance(commands[i], C.Move) and commands[i].seat == seat:
                return i + 1 if i + 1 < len(commands) else None
        return None

    # --- words ------------------------------------------------------------------------------
    def tooltip(self, pos: Point) -> str | None:
        if self._drag is not None:
            return None
        for spot in self.chooser + self.menu:
            if spot.rect.collidepoint(pos):
                return "\n".join(spot.tip)
        if self.chooser:  # the board's hover texts wait while its buttons ask (play-test: a planet's covered them)
            return None
        for spot in reversed(self.spots):
            if spot.rect.collidepoint(pos) and spot.tip:
                lines = list(spot.tip)
                if spot.target is not None and spot.target.zone == "space":
                    landing = next((x for x in self._landings if str(x.space) == spot.target.ident), None)
                    if landing is not None:
                        lines = T.landing_text(landing)
                if spot.target is not None and spot.target.zone == "card" and self.me >= 0:
                    lines += self.card_checks(int(spot.target.ident or 0))
                elif spot.target is not None and spot.target.zone in DRAGGED[1:] and self.me >= 0:
                    lines.append(self.drop_check(spot.target))
                return "\n".join(lines)
        return None

    def card_checks(self, card: int) -> list[str]:
        """Life card `card` checked live on each of the viewer's planets (without a discard)."""
        out = []
        for si, system in enumerate(self.view["players"][self.me]["systems"]):
            for k, slot in enumerate(system["planets"]):
                if slot is not None:
                    why = public.why_play(self.view, self.me, card, si, k)
                    out.append(f"P{slot['planet']} (system {si + 1}): " + ("can live here" if why is None else why))
        return out

    def drop_check(self, source: Target) -> str:
        """Whether this offer's tile, star or asteroid could go into the viewer's area now, on its
        own terms (cost, room, path), or `public.pile_reason`: the words a click on it gives."""
        why = public.pile_reason(self.view, self.me, source.zone, str(source.ident))
        if why is None:
            action = {"planet_pile": "Aggregate Planet", "biome_pile": "Set Biome", "star": "Evolve a Star",
                      "asteroid": "Catch an Asteroid"}[source.zone]
            return f"You could place it now ({action} action)"
        return f"Not now: {why}"  # what is wrong wherever it goes

    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        words, seat = turn.banner(self.view, seat_names, self.is_human(public.frame_kind(self.view)[1]))
        if self._made_for_you and self._made_at is not None:
            words = f"{self._made_for_you}. {words}"
        return words, art.SEATS[seat] if seat >= 0 else art.BRASS

    def keep_clear(self) -> list[pygame.Rect]:
        """The tabs (each seat's score) and the step line (what is asked now), and the offers
        while the viewer's Action step is under way (a tile is taken from them): the guide's
        note leaves them in sight. (The offers always kept clear would push the note into a band
        at 1024x640 and the table below the size it is readable at.)"""
        if self.lay is None or not self.view:
            return []
        keep = [self.lay.tabs.union(self.lay.steps)]
        action = public.action_frame(self.view)
        if action is not None and not action[1] and public.frame_kind(self.view)[1] == self.me:
            keep.append(pygame.Rect(self.lay.offers))
        return keep

    def role_of(self, seat: Seat) -> str:
        """The seat's colour (Orange, Blue...): the side panel's pill and the hand-off name it
        (play-test: "Pass to Player 1" said nothing of which colour is theirs)."""
        roles = self.game.info.roles
        return roles[seat] if 0 <= seat < len(roles) else ""

    def log_words(self, entries: Sequence[LogEntry], seat_names: Sequence[str], viewer: Seat) -> list[Line]:
        """The log for `viewer` with every rondel space named by the action the view shows there
        ("moves 2 to Create Life": the wheel has no numbers, and an action tile's place is in the
        view, not in the event), in the table's log and the replay's alike."""
        if not self.view:
            return super().log_words(entries, seat_names, viewer)
        actions = tuple(action_of(self.view, CONTENT, space) for space in range(2 * SECTIONS))
        assert isinstance(self.game, CosmosGame)
        return words.log_lines(self.game.visible_events(entries, viewer), seat_names, viewer, CONTENT, actions)

    def log_viewer(self) -> Seat:
        return -1 if self.private_shown() else self.me

    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """Each seat's run of commands by its first ("You played L10, Computer moved to Upgrade
        Console …"; `game.cosmos.words.brief`), rondel spaces named as the view shows them."""
        assert isinstance(self.game, CosmosGame)
        game, viewer = self.game, self.log_viewer()
        actions = tuple(action_of(self.view, CONTENT, space) for space in range(2 * SECTIONS)) if self.view else ()

        def name(event: Event) -> str:
            return words.seat_name(self.seat_names, getattr(event, "seat", -1))

        return brief_by_command(entries, lambda ev: words.brief(ev, name(ev), CONTENT, actions),
                                lambda ev: game.redact_event(ev, viewer), runs=True,
                                aside=lambda ev: words.brief_aside(ev, name(ev)))

    def tone_colour(self, line: Line) -> Colour:
        if line.tone == "seat" and line.seat is not None and 0 <= line.seat < len(art.SEATS):
            return art.SEATS[line.seat]
        return super().tone_colour(line)

    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict, origin: Point | None) -> None:
        """Short, non-blocking moves (`motion`): the Scientist slides along the rondel, a tile or
        card flies to where it went. The position has already changed; nothing waits for them."""
        if self.lay is None or not before:
            return
        motion.add(events, before, animator, lambda t: (s.rect if (s := self._spot_of(t)) else None), self._area_rect)

    def _area_rect(self, seat: int, part: str) -> pygame.Rect | None:
        """Where a piece of `seat`'s area is on screen (its "hand", a "slot:s:k" or a "system:s"),
        or its tab when another area is shown."""
        if seat != self.tab or self.lay is None:
            return next((rect for rect, s in self.tab_spots if s == seat), None)
        if part == "hand":
            return pygame.Rect(self.lay.hand)
        zone, _, ident = part.partition(":")
        spot = self._spot_of(Target(zone, ident=ident))
        return spot.rect if spot is not None else None

    def has_secrets(self, view: ViewDict) -> bool:
        return True


VIEW = CosmosView
