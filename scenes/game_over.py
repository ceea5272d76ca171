"""The end of a match: final scores, the winner or a draw, and what next."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core import autosaves
from game.core.match import Match
from game.core.text import join_names
from scenes.kit import palette
from scenes.seat_names import seat_long_label
from scenes.sprites.text import wrap_text
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


class GameOverScene(UIScene):
    opaque = False
    overlay_layer = 40

    def __init__(self, ctx: Any, match: Any, reason: str | None = None) -> None:
        """`reason`: why the game ended, in the table's words (None: the view's `over_reason`)."""
        super().__init__(ctx)
        self.match = match
        self.reason = reason_text(match) if reason is None else reason
        self._reason_lines: list[str] = []
        self._card = pygame.Rect(0, 0, 0, 0)
        self.message = ""

    def build(self, w: int, h: int) -> None:
        rows = score_lines(self.match)
        px = self.px
        width = min(px(640), w - 60)
        self._reason_lines = wrap_text(self.reason, self.font(16, "bold"), width - px(80))[:3] if self.reason else []
        self._card = pygame.Rect(0, 0, width, px(330) + px(62) * len(rows) + px(22) * len(self._reason_lines))
        self._card.center = (w // 2, h // 2)
        c = self._card
        by = c.bottom - px(84)
        gap = px(12)
        bw = (c.w - px(80) - 2 * gap) // 3
        bh = px(54)
        self.icon_button(pygame.Rect(c.x + px(40), by, bw, bh), "Play again", self.play_again, "rolling-dices",
                         primary=True, tooltip="Same players, a new deal")
        self.icon_button(pygame.Rect(c.x + px(40) + bw + gap, by, bw, bh), "Swap seats", self.swap_seats,
                         "card-exchange", tooltip="Same players, seats reversed")
        self.icon_button(pygame.Rect(c.x + px(40) + 2 * (bw + gap), by, bw, bh), "Main menu", self.main_menu,
                         "vortex")
        self.button(pygame.Rect(c.right - px(164), c.y + px(16), px(148), px(34)), "See the board",
                    self.see_board, tooltip="Close this to look at the final board (Esc)")
        if self.message:
            self.label(pygame.Rect(c.x + px(20), c.bottom - px(26), c.w - px(40), px(22)), self.message,
                       "@error_center")

    def _rematch(self, seats: list[str]) -> None:
        m = self.match
        match = Match(m.game, dict(m.config), random.randrange(1, 2**31), seats)
        match.autosave_path = autosaves.new_autosave_path(m.game.info.id)
        err = open_table(self.ctx, match)
        if err:
            self.message = one_line(err)
            self.rebuild()

    def play_again(self) -> None:
        self._rematch(list(self.match.seats))

    def swap_seats(self) -> None:
        self._rematch(list(reversed(self.match.seats)))

    def see_board(self) -> None:
        """Close the card; the table offers 'Show results' to bring it back."""
        self.ctx.stack.pop()

    def main_menu(self) -> None:
        self.ctx.stack.clear_to(self.ctx.scene("menu"))

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_again()
        elif event.key == pygame.K_ESCAPE:
            self.see_board()
        return True

    def on_event(self, event: pygame.event.Event) -> bool:
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        c = self._card
        draw_card(surface, c, radius=22)
        px = self.px
        winners = self.match.state.winners() if self.match.state.is_over() else []
        emblem = icon("trophy-cup" if len(winners) == 1 else "laurels", px(72), palette.ACCENT)
        surface.blit(emblem, emblem.get_rect(midtop=(c.centerx, c.y + px(24))))
        blit_text(surface, self.font(46, "display"), result_text(self.match), palette.TEXT,
                  (c.centerx, c.y + px(134)), "center")
        y = c.y + px(172)
        for line in self._reason_lines:
            blit_text(surface, self.font(16, "bold"), line, palette.ACCENT, (c.centerx, y), "center")
            y += px(22)
        blit_text(surface, self.font(16), f"{self.match.game.info.title}  ·  final scores", palette.TEXT_DIM,
                  (c.centerx, y), "center")
        y += px(28)
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
