"""The end of a match: final scores, the winner or a draw, and what next."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import autosaves
from game.core.match import Match
from game.core.replay import OBSERVER, Replay
from game.core.text import join_names
from scenes.kit import palette
from scenes.seat_names import seat_label, seat_labels, seat_long_label
from scenes.sprites.text import TextCache, wrap_text
from scenes.views import view_class
from scenes.views.base import GameView
from scenes.widgets import (
    UIScene,
    blit_text,
    dim,
    draw_card,
    icon,
    one_line,
    open_table,
)


def score_lines(match: Any) -> list[tuple[str, str, str]]:
    """(who, detail, points) rows. Order & Chaos lists each half's Order score."""
    state = match.state
    halves = getattr(state, "half_scores", None)
    rows: list[tuple[str, str, str]] = []
    if isinstance(halves, list) and len(halves) == len(match.seats) == 2:
        for half, score in enumerate(halves):
            rows.append((seat_long_label(match, half), f"as Order in half {half + 1}",
                         "–" if score is None else str(score)))
        return rows
    for seat, score in enumerate(state.scores()):
        rows.append((seat_long_label(match, seat), "", f"{score:g}"))
    return rows


def result_text(match: Any) -> str:
    winners = match.state.winners() if match.state.is_over() else []
    if not winners:
        return "Game over"
    if len(match.seats) == 1:  # a solo game has no one to draw with: its result is the score
        return f"{match.state.scores()[0]:g} points"
    if len(winners) == len(match.seats):
        return "A draw!"
    if len(winners) > 1:  # some, not all, share the win (Worlds Collide's round limit with 3 or 4)
        return f"{join_names([seat_long_label(match, w) for w in winners])} win"
    name = seat_long_label(match, winners[0])
    return "You win!" if name == "You" else f"{name} wins"


def reason_text(match: Any) -> str:
    """Why the game ended, from the game's own view ('' when the game does not say)."""
    try:
        view = match.state.view(0)
    except Exception:  # a game without views for seat 0 simply has no reason to show
        return ""
    return str(view.get("over_reason") or "") if isinstance(view, dict) else ""


TOTAL = "Total"


def score_table(match: Any) -> list[tuple[str, list[int]]]:
    """The game's final-scoring parts (`Game.score_details`) as rows of (what, points per seat),
    in the order the game gives them, then the total; empty when the game gives no parts."""
    try:
        details = match.game.score_details(match.state)
    except Exception:  # noqa: BLE001 - the breakdown is an extra: the totals still show
        return []
    if not details or len(details) != len(match.seats):
        return []
    labels: list[str] = []
    for parts in details:
        labels += [label for label, _ in parts if label not in labels]
    rows = [(label, [dict(parts).get(label, 0) for parts in details]) for label in labels]
    return rows + [(TOTAL, [sum(points for _, points in parts) for parts in details])]


@dataclass(frozen=True)
class TableLayout:
    """The breakdown table inside the game-over card: the labels' column, one column per seat."""

    labels: pygame.Rect
    """The labels' column, the header row to the total row."""
    seats: list[pygame.Rect]
    header_h: int
    row_h: int


TABLE_ROW = 26
"""A breakdown row's height (unscaled px), lowered to TABLE_ROW_MIN when the window is short."""
TABLE_ROW_MIN = 19
TABLE_HEADER = 30
TABLE_SEAT_MAX = 150
"""A seat's column is at most this wide (one or two seats leave the rest of the card empty)."""


def table_layout(area: pygame.Rect, label_w: int, seats: int, rows: int, px: Any,
                 room_h: int | None = None) -> TableLayout:
    """The breakdown's columns in `area`'s width (pure arithmetic): the labels' column as wide as
    the widest label but leaving each seat at least a name's width (px(84)); the seats share the
    rest alike, up to TABLE_SEAT_MAX each, the whole centred. Rows are TABLE_ROW high, shorter
    (to TABLE_ROW_MIN) when `room_h` is less."""
    min_seat = px(84)
    label_w = max(px(80), min(label_w, area.w - seats * min_seat))
    row_h = px(TABLE_ROW)
    if room_h is not None:
        row_h = max(px(TABLE_ROW_MIN), min(row_h, (room_h - px(TABLE_HEADER)) // max(1, rows)))
    height = px(TABLE_HEADER) + rows * row_h
    each = min(px(TABLE_SEAT_MAX), (area.w - label_w) // max(1, seats))
    x = area.x + (area.w - label_w - each * seats) // 2  # fewer seats: the table sits in the middle
    columns = [pygame.Rect(x + label_w + k * each, area.y, each, height) for k in range(seats)]
    return TableLayout(pygame.Rect(x, area.y, label_w, height), columns, px(TABLE_HEADER), row_h)


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut with an ellipsis until it fits `width` pixels."""
    while len(text) > 1 and font.size(text)[0] > width:
        text = text[:-2].rstrip() + "…"
    return text


class GameOverScene(UIScene):
    opaque = False
    overlay_layer = 40

    def __init__(self, ctx: Any, match: Any, reason: str | None = None) -> None:
        """`reason`: why the game ended, in the table's words (None: the view's `over_reason`)."""
        super().__init__(ctx)
        self.match = match
        self.reason = reason_text(match) if reason is None else reason
        autosaves.prune()  # this game joins the Load list's Finished games; the oldest beyond the limit go
        self._reason_lines: list[str] = []
        self._card = pygame.Rect(0, 0, 0, 0)
        self.message = ""
        self.table = score_table(match)
        """The final scoring in parts (`score_table`), shown instead of the score rows when the game gives it."""
        self.table_layout: TableLayout | None = None
        self._main = pygame.Rect(0, 0, 0, 0)
        """The scores' part of the card (all of it when the game explains nothing more)."""
        self.result_view = self._make_result_view()
        self.result_rect: pygame.Rect | None = None
        """Where the game's own explanation of the result is drawn (`GameView.draw_result`)."""

    def _make_result_view(self) -> GameView | None:
        """The game's own view over the final position as a neutral observer sees it (at the end
        nothing is secret), when it explains the result (`GameView.result_width`)."""
        m = self.match
        try:
            view = view_class(m.game.info.id)(self.ctx, m.game, TextCache(self.ctx.font))
            view.set_seats(seat_labels(m), [m.is_human(i) for i in range(len(m.seats))])
            view.set_view(m.state.view(OBSERVER))
        except Exception:  # noqa: BLE001 - the explanation is an extra: the scores still show
            return None
        return view if type(view).result_width is not GameView.result_width else None

    def build(self, w: int, h: int) -> None:
        rows = score_lines(self.match)
        px = self.px
        width = min(px(760) if self.table else px(640), w - 60)
        result_w = 0
        if self.result_view is not None:  # the scores on the left, the explanation on the right
            width = min(width, px(420))
            result_h = min(h - 40, px(600)) - px(160)
            result_w = min(self.result_view.result_width(result_h), w - 40 - width - px(24), px(760))
            if result_w < px(200):
                result_w = 0
        self._reason_lines = wrap_text(self.reason, self.font(16, "bold"), width - px(80))[:3] if self.reason else []
        reason_h = px(22) * len(self._reason_lines)
        if self.table:
            # the table between the 'final scores' line (px(200) down) and the buttons (px(84) up)
            label_w = max(self.font(15).size(label)[0] for label, _ in self.table) + px(16)
            room = h - 24 - px(200 + 84 + 12) - reason_h
            self.table_layout = table_layout(pygame.Rect(0, 0, width - px(80), 0), label_w, len(self.match.seats),
                                             len(self.table), px, room)
            table_h = self.table_layout.labels.h
            self._main = pygame.Rect(0, 0, width, px(200 + 84 + 12) + reason_h + table_h)
        else:
            self.table_layout = None
            self._main = pygame.Rect(0, 0, width, px(330) + px(62) * len(rows) + reason_h)
        self._card = pygame.Rect(0, 0, width + (result_w + px(24) if result_w else 0), self._main.h)
        if result_w:
            self._card.h = max(self._main.h, min(h - 40, px(600)))
            self._main.h = self._card.h
        self._card.center = (w // 2, h // 2)
        self._main.topleft = self._card.topleft
        self.result_rect = pygame.Rect(self._main.right, self._card.y + px(60), result_w,
                                       self._card.h - px(60 + 100)) if result_w else None
        c = self._main
        if self.table_layout is not None:  # into the card, under the 'final scores' line
            dx, dy = c.x + px(40), c.y + px(200) + reason_h
            t = self.table_layout
            self.table_layout = TableLayout(t.labels.move(dx, dy), [r.move(dx, dy) for r in t.seats],
                                            t.header_h, t.row_h)
        by = c.bottom - px(84)
        gap = px(12)
        row = self._card if self.result_rect is not None else c  # under both parts when there are two
        bw = min(px(240), (row.w - px(80) - 2 * gap) // 3)
        bx = row.centerx - (3 * bw + 2 * gap) // 2
        bh = px(54)
        self.icon_button(pygame.Rect(bx, by, bw, bh), "Play again", self.play_again, "rolling-dices",
                         primary=True, tooltip="Same players, a new deal")
        self.icon_button(pygame.Rect(bx + bw + gap, by, bw, bh), "Swap seats", self.swap_seats,
                         "card-exchange", tooltip="Same players, seats reversed")
        self.icon_button(pygame.Rect(bx + 2 * (bw + gap), by, bw, bh), "Main menu", self.main_menu,
                         "vortex")
        top = self._card
        self.button(pygame.Rect(top.right - px(164), top.y + px(16), px(148), px(34)), "See the board",
                    self.see_board, tooltip="Close this to look at the final board (Esc)")
        self.button(pygame.Rect(top.x + px(16), top.y + px(16), px(148), px(34)), "Watch replay",
                    self.watch_replay, tooltip="Step or play through the game move by move (R)")
        if self.message:
            self.label(pygame.Rect(c.x + px(20), c.bottom - px(26), c.w - px(40), px(22)), self.message,
                       "@error_center")

    def _rematch(self, seats: list[str], names: list[str] | None = None) -> None:
        m = self.match
        match = Match(m.game, dict(m.config), random.randrange(1, 2**31), seats)
        match.names = list(m.names) if names is None else names  # the people keep their names
        match.autosave_path = autosaves.new_autosave_path(m.game.info.id)
        err = open_table(self.ctx, match)
        if err:
            self.message = one_line(err)
            self.rebuild()

    def play_again(self) -> None:
        self._rematch(list(self.match.seats))

    def swap_seats(self) -> None:
        names = list(self.match.names) + [""] * (len(self.match.seats) - len(self.match.names))
        self._rematch(list(reversed(self.match.seats)), list(reversed(names)))

    def see_board(self) -> None:
        """Close the card; the table offers 'Show results' to bring it back."""
        self.ctx.stack.pop()

    def watch_replay(self) -> None:
        """The whole game again, move by move, in the replay viewer (Esc comes back here)."""
        self.ctx.stack.push(self.ctx.scene("replay", Replay.of(self.match), seat_labels(self.match), start=0))

    def main_menu(self) -> None:
        self.ctx.stack.clear_to(self.ctx.scene("menu"))

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_again()
        elif event.key == pygame.K_ESCAPE:
            self.see_board()
        elif event.key == pygame.K_r:
            self.watch_replay()
        return True

    def on_event(self, event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        draw_card(surface, self._card, radius=22)
        if self.result_view is not None and self.result_rect is not None:
            pygame.draw.line(surface, (70, 76, 100), (self._main.right, self._card.y + self.px(60)),
                             (self._main.right, self._card.bottom - self.px(100)))
            self.result_view.draw_result(surface, self.result_rect.inflate(-self.px(16), 0))
        c = self._main
        px = self.px
        winners = self.match.state.winners() if self.match.state.is_over() else []
        emblem = icon("trophy-cup" if len(winners) == 1 else "laurels", px(72), palette.ACCENT)
        surface.blit(emblem, emblem.get_rect(midtop=(c.centerx, c.y + px(24))))
        title, size = result_text(self.match), 46
        while size > 24 and self.font(size, "display").size(title)[0] > c.w - px(32):
            size -= 2  # a long name ('Computer (greedy) wins') in a narrow scores' part
        blit_text(surface, self.font(size, "display"), title, palette.TEXT, (c.centerx, c.y + px(134)), "center")
        y = c.y + px(172)
        for line in self._reason_lines:
            blit_text(surface, self.font(16, "bold"), line, palette.ACCENT, (c.centerx, y), "center")
            y += px(22)
        blit_text(surface, self.font(16), f"{self.match.game.info.title}  ·  final scores", palette.TEXT_DIM,
                  (c.centerx, y), "center")
        y += px(28)
        if self.table_layout is not None:
            self._draw_table(surface, self.table_layout, winners)
            return
        name_f, detail_f, pts_f = self.font(20, "bold"), self.font(15), self.font(30, "display")
        for seat, (who, detail, pts) in enumerate(score_lines(self.match)):
            row = pygame.Rect(c.x + px(40), y, c.w - px(80), px(54))
            won = seat in winners and len(winners) < len(self.match.seats) and not detail
            if detail:  # per-half rows: highlight the half whose Order player won
                won = len(winners) == 1 and seat == winners[0]
            pygame.draw.rect(surface, (58, 48, 30) if won else (40, 46, 64), row, border_radius=10)
            if won:
                pygame.draw.rect(surface, palette.ACCENT, row, width=2, border_radius=10)
            blit_text(surface, name_f, who, palette.TEXT, (row.x + px(18), row.centery - (px(10) if detail else 0)),
                      "midleft")
            if detail:
                blit_text(surface, detail_f, detail, palette.TEXT_DIM, (row.x + px(18), row.centery + px(13)),
                          "midleft")
            blit_text(surface, pts_f, pts, palette.ACCENT if won else palette.TEXT,
                      (row.right - px(20), row.centery + 2), "midright")
            y += px(62)

    def _draw_table(self, surface: pygame.Surface, t: TableLayout, winners: list[int]) -> None:
        """The final scoring in parts: a column per seat (the winners' outlined), a row per part,
        the total last."""
        px = self.px
        label_f, num_f, name_f, total_f = self.font(15), self.font(17, "bold"), self.font(16, "bold"), \
            self.font(22, "display")
        shared = len(winners) < len(self.match.seats)
        for seat, col in enumerate(t.seats):
            box = col.inflate(-px(6), 0)
            won = seat in winners and shared
            pygame.draw.rect(surface, (58, 48, 30) if won else (40, 46, 64), box, border_radius=8)
            if won:
                pygame.draw.rect(surface, palette.ACCENT, box, width=2, border_radius=8)
            name = fit_text(name_f, seat_label(self.match, seat), box.w - px(10))
            blit_text(surface, name_f, name, palette.TEXT, (box.centerx, col.y + t.header_h // 2), "center")
        for k, (label, points) in enumerate(self.table):
            total = label == TOTAL and k == len(self.table) - 1
            y = t.labels.y + t.header_h + k * t.row_h + t.row_h // 2
            if total:
                pygame.draw.line(surface, (90, 96, 120), (t.labels.x, y - t.row_h // 2),
                                 (t.seats[-1].right - px(3), y - t.row_h // 2))
            blit_text(surface, label_f if not total else name_f, fit_text(label_f, label, t.labels.w - px(8)),
                      palette.TEXT if total else palette.TEXT_DIM, (t.labels.x, y), "midleft")
            for seat, col in enumerate(t.seats):
                font = total_f if total else num_f
                colour = palette.ACCENT if total and seat in winners else palette.TEXT
                blit_text(surface, font, str(points[seat]), colour, (col.centerx, y + (2 if total else 0)), "center")
