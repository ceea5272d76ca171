"""The Order & Chaos table: board, drawn counter, bag odds and scores from a seat's view.

Everything here reads the plain `view()` dict; gestures come back as Targets
(`Target("drawn")`, `Target("cell", (r, c))`, `Target("pass")`) for
`Game.find_command`. A static layer (felt, board, counters, scores, bag chart)
is rendered once per position and blitted each frame; only moving pieces and
highlights are drawn live.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.core.protocol import Command, Event, Seat, Target
from game.core.words import Line, LogEntry
from game.order_chaos.commands import (
    CounterDrawn,
    CounterPlaced,
    CounterSlid,
    HalfEnded,
    MatchEnded,
    Pass,
    Place,
    Slide,
    cell_name,
)
from game.order_chaos.scoring import line_score
from game.order_chaos.words import CHAOS_TONE, ORDER_TONE, brief, briefer
from scenes.kit import palette
from scenes.animation import (
    Animator,
    Tween,
    arc_point,
    ease_in_out_cubic,
    ease_out_cubic,
    lerp_point,
)
from scenes.pacing import PULSE, STILL
from scenes.sprites.board import GridGeometry, board_pad, board_surface
from scenes.sprites.counter import blit_counter, warm
from scenes.sprites.felt import felt_surface
from scenes.sprites.icons import icon
from scenes.sprites.text import cut_to
from scenes.views.base import (
    Action,
    Announcement,
    Colour,
    GameView,
    Overlay,
    Point,
    ViewDict,
)
from scenes.views.order_chaos.art import (
    colour_of,
    dot_marker,
    explain_line,
    pouch_fallback,
    ring_marker,
)
from scenes.views.order_chaos.result import draw_halves, result_width
from scenes.kit.palette import BRASS, TEXT_DIM as DIM

DRAWN = Target("drawn")
PASS = Target("pass")
SCORE_GAP = 10
"""Pixels kept between a seat's name and its half score on the score card."""
MOVE_S, DRAW_S, RETURN_S = 0.25, 0.45, 0.22
HALFTIME_S, FINAL_S = 3.0, 1.4


def role_colour(role: str) -> Colour:
    colour: Colour = palette.ORDER if role == "Order" else palette.CHAOS
    return colour


def _score_lines(snap: ViewDict) -> None:
    """A board snapshot's line scores and total, from its own `board` (a half's full board the
    view shows in place of the state's)."""
    board = snap["board"]
    snap["row_scores"] = [line_score(row) for row in board]
    snap["col_scores"] = [line_score([row[c] for row in board]) for c in range(len(board))]
    snap["total"] = sum(snap["row_scores"]) + sum(snap["col_scores"])


def _moves_in(entries: Sequence[LogEntry], worded: Callable[[Event], str | None]) -> str | None:
    """The moves of `entries` as `worded` says them, joined ("Crimson Ff→Gf, Jade on Gg"); None
    when none is a move."""
    return ", ".join(words for words in (worded(entry.event) for entry in entries) if words) or None


class OrderChaosView(GameView):
    """See the module docstring."""

    _kept: tuple[ViewDict, ViewDict] | None = None
    """(a replay's view, half 1's board shown for it): `_half_one_kept`."""
    _half_shown: ViewDict | None = None
    """Half 1's board the last frame drew for its half-time (`_display`), else None: the banner
    goes with it (`status`)."""

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        w, h = rect.size
        # margins and text follow the height, but no further than the width lets the board grow:
        # in a play area taller than wide the board is as wide as it can be, and text sized by the
        # height overflowed the info column beside it (the score box lost its rows)
        hs = min(h, int(w * 0.95))
        m = max(10, int(hs * 0.03))
        self.score_w = max(30, int(hs * 0.055))
        info_w = max(210, min(380, int(w * 0.27)))
        side = min(h - 2 * m - self.score_w, w - info_w - self.score_w - 3 * m)
        side = max(120, side)
        free_x = rect.x + info_w + 2 * m
        free_w = rect.right - m - free_x
        bx = free_x + max(0, (free_w - side - self.score_w) // 2)
        by = rect.y + m + max(0, (h - 2 * m - self.score_w - side) // 2)
        self.board_rect = pygame.Rect(bx, by, side, side)
        self.info = pygame.Rect(rect.x + m, by, info_w, side + self.score_w)
        self.geo = GridGeometry(self.board_rect, self.n)
        self.piece_d = int(self.geo.cell * 0.84)
        self.font_s = max(13, int(hs * 0.024))
        # bag and tray at the top of the info column
        tray_d = int(self.piece_d * 1.25)
        self.bag_rect = pygame.Rect(self.info.x + 8, self.info.y + 22, tray_d, tray_d)
        self.tray_centre: Point = (self.info.right - tray_d * 0.75, self.bag_rect.centery)
        self.tray_r = tray_d * 0.62
        self._static_key: Any = None
        self._static: pygame.Surface | None = None
        self.warm()

    def warm(self) -> None:
        """Pre-render the counters this layout uses (no hitch on the first move)."""
        cols = [(colour_of(i).rgb, colour_of(i).symbol) for i in range(self.n)]
        warm(cols, self.piece_d, self.symbols)

    @property
    def n(self) -> int:
        return int(self.view.get("size", 7)) if self.view else 7

    def set_view(self, view: ViewDict) -> None:
        resize = self.view and view.get("size") != self.view.get("size")
        self.view = view
        self._half_shown = None
        if resize and self.rect.width:
            self.layout(self.rect)
        self._static_key = None

    # --- roles and names -----------------------------------------------------
    def next_frame_in(self, overlay: Overlay, animator: Animator) -> float:
        """Only the hint, a held counter's drops and the ring under the mouse pulse here: a
        board waiting for a move with none of those is still."""
        if overlay.hint is not None or overlay.held is not None or \
                (overlay.hover is not None and overlay.hover in overlay.movable):
            return PULSE
        return STILL

    def keep_clear(self) -> list[pygame.Rect]:
        """The board with its rows' and columns' points, and the score card (the guide's note)."""
        if self.board_rect.width == 0:
            return []
        n = self.n - 1
        return [self.board_rect.union(self._row_score_rect(n)).union(self._col_score_rect(n)), self._score_card()]

    def role_of(self, seat: Seat) -> str:
        roles = self.view.get("roles", {})
        if seat == roles.get("order"):
            return "Order"
        if seat == roles.get("chaos"):
            return "Chaos"
        return ""

    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        """Whose turn and what to do; on a half-time's frames, as half 1's board drawn there (a
        Redo across half-time said 'Order (You): slide a counter or pass' over half 1's board,
        its last counter still flying in)."""
        v = self._half_shown or self.view
        roles = v.get("roles", {})
        phase = v.get("phase")
        if phase == "place":
            return f"Chaos ({seat_names[roles['chaos']]}): place the counter", palette.CHAOS
        if phase == "order":
            return f"Order ({seat_names[roles['order']]}): slide a counter or pass", palette.ORDER
        if phase == "draw":
            return "Drawing a counter from the bag...", BRASS
        return "The match is over", BRASS

    def result_width(self, height: int) -> int:
        """Both halves' final boards with their palindromes (`result.draw_halves`)."""
        return result_width(height, self.n) if self.view.get("phase") == "over" else 0

    def draw_result(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_halves(surface, rect, self.view, self.text, self.seat_names, self._counter)

    def actions(self, seat: Seat) -> list[Action]:
        if self.view.get("phase") == "order" and seat == self.view["roles"]["order"]:
            return [Action("Pass", PASS, "Leave the board as it is (P)", pygame.K_p)]
        return []

    # --- hit testing -----------------------------------------------------------
    def hit_test(self, pos: Point) -> Target | None:
        if self.view.get("drawn") is not None:
            cx, cy = self.tray_centre
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= self.tray_r ** 2:
                return DRAWN
        if self.board_rect.collidepoint(pos):
            cell = self.geo.cell_at(pos)
            if cell is not None:
                return Target("cell", cell)
        return None

    def sources(self, seat: Seat) -> list[Target]:
        v = self.view
        if v.get("phase") == "place" and seat == v["roles"]["chaos"] and v.get("drawn") is not None:
            return [DRAWN]
        if v.get("phase") == "order" and seat == v["roles"]["order"]:
            return [Target("cell", (r, c)) for r, row in enumerate(v["board"])
                    for c, x in enumerate(row) if x is not None]
        return []

    def anchor(self, target: Target) -> Point | None:
        if target.zone == "drawn":
            return self.tray_centre
        if target.zone == "cell" and target.cell is not None:
            return self.geo.centre(*target.cell)
        return None

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        if isinstance(command, Place):
            return DRAWN, Target("cell", command.cell)
        if isinstance(command, Slide):
            return Target("cell", command.src), Target("cell", command.dst)
        if isinstance(command, Pass):
            return PASS, None
        return None

    # --- events -> animations ---------------------------------------------------
    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict,
                origin: Point | None) -> None:
        move_time = 0.0
        after_half = 0.0  # where the events after a half's end begin (real seconds): its half-time's end
        for i, ev in enumerate(events):
            tw: Tween | None = None
            if isinstance(ev, CounterDrawn):
                bag = self.bag_rect.center
                tw = animator.add(DRAW_S, "draw", ease_in_out_cubic, sound="draw", colour=ev.colour,
                                  start=(float(bag[0]), float(bag[1])), end=self.tray_centre)
            elif isinstance(ev, CounterPlaced):
                start = origin or self.tray_centre
                dur = MOVE_S if origin else MOVE_S * 1.6
                tw = animator.add(dur, "move", ease_out_cubic, sound="place", colour=ev.colour, cell=tuple(ev.cell),
                                  start=start, end=self.geo.centre(*ev.cell), lift=origin is None)
                move_time = after_half + tw.duration
            elif isinstance(ev, CounterSlid):
                start = origin or self.geo.centre(*ev.src)
                dist = math.dist(start, self.geo.centre(*ev.dst)) / max(1.0, self.geo.cell)
                dur = MOVE_S * (1.0 if origin else min(2.2, 0.9 + 0.25 * dist))
                tw = animator.add(dur, "move", ease_out_cubic, sound="slide", colour=ev.colour, cell=tuple(ev.dst),
                                  start=start, end=self.geo.centre(*ev.dst), lift=origin is None)
                move_time = after_half + tw.duration
            elif isinstance(ev, HalfEnded) and not any(isinstance(e, MatchEnded) for e in events):
                snapshot = self._half_snapshot(before, events[:i])
                animator.add(HALFTIME_S, "halftime", delay=move_time, scale=False, sound="halftime",
                             score=ev.score, order_seat=ev.order_seat, view=snapshot)
                after_half = move_time + HALFTIME_S
            elif isinstance(ev, MatchEnded):
                animator.add(FINAL_S, "final", delay=move_time, scale=False, blocking=True, sound="gameover")
            if tw is not None and after_half:
                self._after_half_time(tw, after_half)
        self._static_key = None

    @staticmethod
    def _after_half_time(tween: Tween, begins: float) -> None:
        """Hold a tween of half 2's first moves (a Redo replays them with half 1's last) until
        the half-time is over (`begins`): drawn before, they put half 2's counter on half 1's
        board and flew over its half-time (play-test: a Redo across half-time showed half 1's
        board with half 2's first counter, its score 175 instead of 181)."""
        tween.delay += begins
        tween.payload["after_half"] = True

    def _half_snapshot(self, before: ViewDict, events: Sequence[Event]) -> ViewDict:
        """The full board of the half just ended (the new view already shows an empty one):
        `before` with `events` up to the half's end played on it (none of half 2's)."""
        snap = dict(before)
        board = [list(row) for row in before["board"]]
        for ev in events:
            if isinstance(ev, CounterPlaced):
                board[ev.cell[0]][ev.cell[1]] = ev.colour
        snap["board"] = board
        snap["drawn"] = None
        _score_lines(snap)
        for ev in events:
            if isinstance(ev, CounterPlaced):
                snap["last"] = {"type": "place", "cell": list(ev.cell)}
        return snap

    def snap_back(self, source: Target, from_pos: Point, animator: Animator) -> None:
        home = self.anchor(source)
        if home is None:
            return
        colour = self._colour_at(source)
        if colour is None:
            return
        animator.add(RETURN_S, "return", ease_out_cubic, colour=colour, source=source, start=from_pos, end=home)

    def announcement(self, animator: Animator) -> Announcement | None:
        for tw in animator.of_kind("halftime"):
            if tw.started:
                return Announcement(f"Half time: Order scored {tw.payload['score']}",
                                    "Roles swap: the other player is Order now", BRASS)
        return None

    # --- words ------------------------------------------------------------------
    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """The moves by their counters and cells ("Crimson Ff→Gf, Jade on Gg"), draws left out."""
        return _moves_in(entries, brief)

    def briefer_move(self, entries: Sequence[LogEntry]) -> str | None:
        """Slides by their cells alone ("Crimson on Bb, Ea\u2192Ga"), where the note would wrap."""
        return _moves_in(entries, briefer)

    def tone_colour(self, line: Line) -> Colour:
        """Each role's moves in its colour (the game's words: `game.order_chaos.words`)."""
        return {ORDER_TONE: palette.ORDER, CHAOS_TONE: palette.CHAOS}.get(line.tone) or super().tone_colour(line)

    def tooltip(self, pos: Point) -> str | None:
        v = self.view
        target = self.hit_test(pos)
        if target == DRAWN and v.get("drawn") is not None:
            col = colour_of(v["drawn"])
            return f"{col.name} counter ({col.symbol}), just drawn.\nChaos drags it onto any empty cell."
        if target is not None and target.cell is not None:
            x = v["board"][target.cell[0]][target.cell[1]]
            if x is not None:
                col = colour_of(x)
                extra = "\nOrder may slide it along its row or column." if v.get("phase") == "order" else ""
                return f"{col.name} counter ({col.symbol}) on {cell_name(target.cell)}{extra}"
            return None
        for r in range(self.n):
            if self._row_score_rect(r).collidepoint(pos):
                return explain_line(f"Row {cell_name((r, 0))[0]}", v["board"][r], v["row_scores"][r])
        for c in range(self.n):
            if self._col_score_rect(c).collidepoint(pos):
                return explain_line(f"Column {cell_name((0, c))[1]}", [row[c] for row in v["board"]],
                                    v["col_scores"][c])
        if self.bag_rect.collidepoint(pos):
            return f"The bag: {v['bag_total']} counters left. Chance draws the next one after Order moves."
        for i, rect in enumerate(self._chart_rows()):
            if rect.collidepoint(pos):
                col = colour_of(i)
                return (f"{col.name} ({col.symbol}): {v['bag'][i]} left in the bag, "
                        f"{v['odds'][i] * 100:.0f}% chance to be drawn next")
        if self._score_card().collidepoint(pos):
            return ("Order scores every palindrome in every row and column.\n"
                    "Each player is Order for one half; the higher Order score wins.")
        return None

    # --- geometry helpers ---------------------------------------------------------
    def _row_score_rect(self, r: int) -> pygame.Rect:
        cy = self.geo.centre(r, self.n - 1)[1]
        w = self.score_w
        return pygame.Rect(self.board_rect.right + 6, int(cy - w * 0.36), w - 4, int(w * 0.72))

    def _col_score_rect(self, c: int) -> pygame.Rect:
        cx = self.geo.centre(self.n - 1, c)[0]
        w = self.score_w
        return pygame.Rect(int(cx - w * 0.5), self.board_rect.bottom + 6, w, int(w * 0.72))

    def _chart_top(self) -> int:
        return self.bag_rect.bottom + int(self.font_s * 2.2)

    def _chart_rows(self) -> list[pygame.Rect]:
        row_h = max(20, int(self.font_s * 1.75))
        top = self._chart_top() + int(self.font_s * 1.6)
        return [pygame.Rect(self.info.x, top + i * row_h, self.info.width, row_h - 2)
                for i in range(len(self.view.get("bag", [])))]

    def _score_card(self) -> pygame.Rect:
        rows = self._chart_rows()
        top = (rows[-1].bottom if rows else self._chart_top()) + 14
        height = int(self.font_s * 7.4)
        return pygame.Rect(self.info.x, top, self.info.width, max(40, min(height, self.info.bottom - top)))

    def _colour_at(self, target: Target) -> int | None:
        if target.zone == "drawn":
            d = self.view.get("drawn")
            return int(d) if d is not None else None
        if target.zone == "cell" and target.cell is not None:
            x = self.view["board"][target.cell[0]][target.cell[1]]
            return int(x) if x is not None else None
        return None

    @property
    def symbols(self) -> bool:
        return bool(self.ctx.settings.colour_blind_symbols)

    def _counter(self, surface: pygame.Surface, colour: int, centre: Point, d: int, lift: float = 0.0,
                 alpha: int = 255) -> None:
        col = colour_of(colour)
        blit_counter(surface, col.rgb, col.symbol, centre, d, self.symbols, lift, alpha)

    # --- drawing ------------------------------------------------------------------
    def _draw_hint(self, surface: pygame.Surface, view: ViewDict, hint: tuple[Target, Target | None],
                   time: float) -> None:
        """The Hint's move in blue: a slide as a ring on its counter, dots running along its path
        and a dot in a ring on its cell; a place as a ring on the drawn counter and that counter,
        faint and smaller, on its cell in a ring. No path for a place (play-test: the dots from the tray ran
        over counters on the board, so a place hint looked like a slide)."""
        src, dst = hint
        pulse = 0.5 + 0.5 * math.sin(time * 5.0)
        a = self.anchor(src)
        b = self.anchor(dst) if dst is not None else None
        cell_d = int(self.geo.cell)
        alpha = int(150 + 105 * pulse)
        place = src == DRAWN and view.get("drawn") is not None
        if a is not None and b is not None and not place:
            steps = max(2, int(math.dist(a, b) / (self.geo.cell * 0.3)))
            shift = (time * 2.0) % 1.0 / steps
            for i in range(1, steps):
                px, py = lerp_point(a, b, min(1.0, i / steps + shift))
                pygame.draw.circle(surface, palette.HINT, (px, py), max(2, self.geo.cell * 0.05))
        if b is not None:
            ring = ring_marker(int(cell_d * 0.9), palette.HINT, 0.08)
            ring.set_alpha(alpha)
            surface.blit(ring, ring.get_rect(center=(int(b[0]), int(b[1]))))
            if place:
                self._counter(surface, int(view["drawn"]), b, int(self.piece_d * 0.85), alpha=int(70 + 50 * pulse))
            else:
                dot = dot_marker(int(cell_d * 0.6), palette.HINT)
                dot.set_alpha(alpha)
                surface.blit(dot, dot.get_rect(center=(int(b[0]), int(b[1]))))
        if a is not None:
            ring = ring_marker(int(cell_d * 0.96), palette.HINT, 0.07)
            ring.set_alpha(alpha)
            surface.blit(ring, ring.get_rect(center=(int(a[0]), int(a[1]))))

    def _display(self, animator: Animator) -> ViewDict:
        for tw in animator.of_kind("halftime"):
            view: ViewDict = tw.payload["view"]
            return view
        if self.read_only:
            return self._half_one_kept(self.view)
        return self.view

    def _half_one_kept(self, view: ViewDict) -> ViewDict:
        """In a replay, the move that ended half 1 shows half 1's full board and its score (the
        state after it already holds half 2's empty board: play-test, the replay never showed the
        finished half 1). Otherwise `view` itself. Kept per view, so the board is drawn once."""
        first = view.get("first_half_board")
        if first is None or view.get("last") is not None or any(x is not None for row in view["board"] for x in row):
            return view
        if self._kept is not None and self._kept[0] is view:
            return self._kept[1]
        snap = dict(view)
        snap["board"] = [list(row) for row in first]
        snap["half"], snap["drawn"], snap["phase"] = 0, None, "over"
        snap["roles"] = {"order": view["roles"]["chaos"], "chaos": view["roles"]["order"]}
        snap["bag"] = [0] * len(view["bag"])
        snap["bag_total"] = 0
        snap["odds"] = [0.0] * len(view["odds"])
        _score_lines(snap)
        self._kept = (view, snap)
        return snap

    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        view = self._display(animator)
        self._half_shown = view if animator.of_kind("halftime") else None
        hidden_cells: set[tuple[int, int]] = set()
        hide_drawn = False
        for tw in self._moving_now(animator):
            if tw.kind == "move":
                hidden_cells.add((int(tw.payload["cell"][0]), int(tw.payload["cell"][1])))
            elif tw.kind == "draw":
                hide_drawn = True
            elif tw.kind == "return":
                src: Target = tw.payload["source"]
                if src.zone == "drawn":
                    hide_drawn = True
                elif src.cell is not None:
                    hidden_cells.add(src.cell)
        if overlay.held is not None and overlay.drag_pos is not None:
            if overlay.held.zone == "drawn":
                hide_drawn = True
            elif overlay.held.cell is not None:
                hidden_cells.add(overlay.held.cell)
        key = (id(view), self.rect.size, self.rect.topleft, frozenset(hidden_cells), hide_drawn, self.symbols,
               surface.get_size())
        if key != self._static_key or self._static is None:
            self._static = self._render_static(view, hidden_cells, hide_drawn, surface.get_size())
            self._static_key = key
        surface.blit(self._static, self.rect.topleft)
        self._draw_live(surface, view, overlay, animator)

    @staticmethod
    def _moving_now(animator: Animator) -> list[Tween]:
        """The tweens of the board on screen: during a half-time, not half 2's held for after it
        (`_after_half_time`), whose cells are not on half 1's board."""
        if not animator.of_kind("halftime"):
            return list(animator.tweens)
        return [tw for tw in animator.tweens if not tw.payload.get("after_half")]

    def _render_static(self, view: ViewDict, hidden: set[tuple[int, int]], hide_drawn: bool,
                       screen: tuple[int, int]) -> pygame.Surface:
        layer = pygame.Surface(self.rect.size).convert() if pygame.display.get_surface() else pygame.Surface(self.rect.size)
        felt = felt_surface(screen)
        layer.blit(felt, (0, 0), self.rect)
        ox, oy = -self.rect.x, -self.rect.y
        pad = board_pad(self.board_rect.width)
        font_path = self._font_path()
        layer.blit(board_surface(self.board_rect.width, self.n, True, font_path),
                   (self.board_rect.x - pad + ox, self.board_rect.y - pad + oy))
        # last move
        last = view.get("last")
        if last and last.get("type") in ("place", "slide"):
            cell = tuple(last["cell"] if last["type"] == "place" else last["dst"])
            cx, cy = self.geo.centre(*cell)
            ring = ring_marker(int(self.geo.cell * 0.98), BRASS, 0.05, glow=True)
            if last["type"] == "slide":
                sx, sy = self.geo.centre(*last["src"])
                steps = max(2, int(math.dist((sx, sy), (cx, cy)) / (self.geo.cell * 0.33)))
                for i in range(steps):
                    px, py = lerp_point((sx, sy), (cx, cy), i / steps)
                    pygame.draw.circle(layer, (214, 172, 96), (px + ox, py + oy), max(2, self.geo.cell * 0.05))
                pygame.draw.circle(layer, (214, 172, 96), (sx + ox, sy + oy), self.geo.cell * 0.16, width=2)
            layer.blit(ring, ring.get_rect(center=(int(cx + ox), int(cy + oy))))
        # counters
        for r, row in enumerate(view["board"]):
            for c, x in enumerate(row):
                if x is not None and (r, c) not in hidden:
                    cx, cy = self.geo.centre(r, c)
                    self._counter(layer, x, (cx + ox, cy + oy), self.piece_d)
        self._draw_line_scores(layer, view, (ox, oy))
        self._draw_info(layer, view, hide_drawn, (ox, oy))
        return layer

    def _font_path(self) -> str | None:
        from scenes.resources import asset_path

        p = asset_path("fonts", "body-bold.ttf")
        return str(p) if p.exists() else None

    def _draw_line_scores(self, layer: pygame.Surface, view: ViewDict, off: Point) -> None:
        size = max(12, int(self.score_w * 0.42))
        for i in range(self.n):
            for rect, score in ((self._row_score_rect(i), view["row_scores"][i]),
                                (self._col_score_rect(i), view["col_scores"][i])):
                rect = rect.move(off)
                live = score > 0
                fill = (74, 58, 34) if live else (34, 38, 52)
                edge = BRASS if live else (70, 76, 96)
                pygame.draw.rect(layer, (8, 8, 14), rect.move(0, 2), border_radius=rect.height // 2)
                pygame.draw.rect(layer, fill, rect, border_radius=rect.height // 2)
                pygame.draw.rect(layer, edge, rect, width=1, border_radius=rect.height // 2)
                self.text.blit(layer, str(score), size, (255, 236, 190) if live else DIM, "bold",
                               center=rect.center)

    def _draw_info(self, layer: pygame.Surface, view: ViewDict, hide_drawn: bool, off: Point) -> None:
        fs = self.font_s
        ox, oy = off
        info = self.info.move(off)
        # bag icon and the tray for the drawn counter
        bag = self.bag_rect.move(off)
        img = icon("swap-bag", bag.width, (214, 172, 96)) or pouch_fallback(bag.width, (214, 172, 96))
        layer.blit(img, bag)
        # under the bag, but never left of the info column (the counters are small in a narrow
        # area, beside the guide's note, and the centred words ran past the view's left edge)
        words = f"{view['bag_total']} in the bag"
        label = self.text.render(words, fs - 1, DIM).get_rect(midtop=(bag.centerx, bag.bottom + 2))
        label.left = max(label.left, info.left)
        self.text.blit(layer, words, fs - 1, DIM, topleft=label.topleft)
        tx, ty = self.tray_centre[0] + ox, self.tray_centre[1] + oy
        tray = pygame.Surface((int(self.tray_r * 2 + 8), int(self.tray_r * 2 + 8)), pygame.SRCALPHA)
        tc = tray.get_width() / 2
        pygame.draw.circle(tray, (12, 12, 20, 200), (tc, tc), self.tray_r)
        pygame.draw.circle(tray, (150, 122, 74, 255), (tc, tc), self.tray_r, width=2)
        layer.blit(tray, (tx - tc, ty - tc))
        self.text.blit(layer, "DRAWN", max(11, fs - 3), (150, 122, 74), "bold",
                       midbottom=(tx, ty - self.tray_r - 2))
        if view.get("drawn") is not None and not hide_drawn:
            self._counter(layer, view["drawn"], (tx, ty), self.piece_d)
        # bag chart: remaining counts and odds of the next draw
        self.text.blit(layer, "Next draw odds", fs, BRASS, "bold", topleft=(info.x, self._chart_top() + oy))
        bag_counts: list[int] = view["bag"]
        full = max(1, self.n)
        for i, rect in enumerate(self._chart_rows()):
            rect = rect.move(off)
            d = int(rect.height * 0.9)
            self._counter(layer, i, (rect.x + d / 2 + 2, rect.centery), d)
            bar_x = rect.x + d + 10
            bar_w = rect.width - d - 10 - int(fs * 5.2)
            bar = pygame.Rect(bar_x, rect.centery - rect.height * 0.22, bar_w, int(rect.height * 0.44))
            pygame.draw.rect(layer, (30, 32, 46), bar, border_radius=bar.height // 2)
            filled = bar.copy()
            filled.width = int(bar_w * bag_counts[i] / full)
            if filled.width > 0:
                pygame.draw.rect(layer, colour_of(i).rgb, filled, border_radius=bar.height // 2)
            self.text.blit(layer, str(bag_counts[i]), fs, palette.TEXT, "bold",
                           midleft=(bar.right + 8, rect.centery))
            self.text.blit(layer, f"{view['odds'][i] * 100:.0f}%", fs, DIM,
                           midright=(rect.right, rect.centery))
        # score card
        card = self._score_card().move(off)
        pygame.draw.rect(layer, (22, 24, 36), card, border_radius=10)
        pygame.draw.rect(layer, (90, 76, 50), card, width=1, border_radius=10)
        half = int(view["half"]) + 1
        self.text.blit(layer, f"Half {half} of 2", fs, BRASS, "bold", topleft=(card.x + 12, card.y + 8))
        big = max(22, int(fs * 2.1))
        self.text.blit(layer, str(view["total"]), big, (255, 244, 214), "display",
                       topright=(card.right - 12, card.y + 4))
        self.text.blit(layer, "Order's score now", fs - 1, DIM, topleft=(card.x + 12, card.y + 8 + int(fs * 1.4)))
        y = card.y + 14 + int(fs * 2.8)
        for seat, (name, val) in enumerate(self.score_rows(view, card.width)):
            colour = role_colour(self._role_in(view, seat))
            if y + fs * 1.3 < card.bottom:
                pygame.draw.circle(layer, colour, (card.x + 18, y + fs * 0.65), 5)
                self.text.blit(layer, name, fs, palette.TEXT, "bold", topleft=(card.x + 30, y))
                self.text.blit(layer, val, fs, DIM, topright=(card.right - 12, y))
            y += int(fs * 1.5)

    def score_rows(self, view: ViewDict, card_w: int) -> list[tuple[str, str]]:
        """Each seat's name and half score for the score card `card_w` wide, fitted to one row
        with a gap between them: 'Order in half 2' says 'Order next' when too wide, then the
        name is cut with an ellipsis (play-test: 'Computer' ran into 'Order in half 2' at 900x800)."""
        fs = self.font_s
        bold, plain = self.text.font(fs, "bold"), self.text.font(fs)
        room = card_w - 30 - 12 - SCORE_GAP
        names = self.seat_names or ["Player 1", "Player 2"]
        rows: list[tuple[str, str]] = []
        for seat in (0, 1):
            done = view["half_scores"][seat]
            if done is not None:
                choices = [str(done)]
            elif view["half"] == seat:
                choices = [f"{view['total']} so far"]
            else:
                choices = ["Order in half 2", "Order next"]
            name = names[seat]
            val = next((c for c in choices if bold.size(name)[0] + plain.size(c)[0] <= room), choices[-1])
            rows.append((cut_to(name, bold, room - plain.size(val)[0]), val))
        return rows

    @staticmethod
    def _role_in(view: ViewDict, seat: Seat) -> str:
        return "Order" if view["roles"]["order"] == seat else "Chaos"

    def _draw_live(self, surface: pygame.Surface, view: ViewDict, overlay: Overlay, animator: Animator) -> None:
        pulse = 0.5 + 0.5 * math.sin(overlay.time * 5.0)
        cell_d = int(self.geo.cell)
        if overlay.hint is not None:
            self._draw_hint(surface, view, overlay.hint, overlay.time)
        # legal destinations while a piece is held
        if overlay.held is not None:
            dot = dot_marker(int(cell_d * 0.5), palette.HIGHLIGHT)
            ring = ring_marker(int(cell_d * 0.92), palette.HIGHLIGHT, 0.06)
            dot.set_alpha(int(170 + 85 * pulse))
            for t in overlay.legal:
                pos = self.anchor(t)
                if pos is None:
                    continue
                centre = (int(pos[0]), int(pos[1]))
                surface.blit(dot, dot.get_rect(center=centre))
                if overlay.hover == t:
                    surface.blit(ring, ring.get_rect(center=centre))
            home = self.anchor(overlay.held)
            if home is not None and overlay.drag_pos is None:
                sel = ring_marker(int(cell_d * 0.98), palette.HIGHLIGHT, 0.08)
                surface.blit(sel, sel.get_rect(center=(int(home[0]), int(home[1]))))
        elif overlay.hover is not None and overlay.hover in overlay.movable:
            pos = self.anchor(overlay.hover)
            colour = self._colour_at(overlay.hover)
            if pos is not None and colour is not None:
                ring = ring_marker(int(cell_d * 0.96), palette.HIGHLIGHT, 0.06)
                ring.set_alpha(int(160 + 95 * pulse))
                surface.blit(ring, ring.get_rect(center=(int(pos[0]), int(pos[1]))))
                self._counter(surface, colour, pos, self.piece_d, lift=0.35)
        # moving pieces
        for tw in self._moving_now(animator):
            if not tw.started or tw.kind not in ("move", "draw", "return"):
                continue
            p = tw.payload
            if tw.kind == "draw":
                pos = arc_point(p["start"], p["end"], tw.value, self.geo.cell * 0.8)
                self._counter(surface, p["colour"], pos, self.piece_d, lift=math.sin(math.pi * tw.raw))
            else:
                pos = lerp_point(p["start"], p["end"], tw.value)
                lift = (1 - tw.value) * (0.8 if p.get("lift", True) else 0.6)
                self._counter(surface, p["colour"], pos, self.piece_d, lift=lift)
        # the piece in the hand
        if overlay.held is not None and overlay.drag_pos is not None:
            colour = self._colour_at(overlay.held)
            if colour is not None:
                self._counter(surface, colour, overlay.drag_pos, self.piece_d, lift=1.0)


VIEW = OrderChaosView
