"""The main menu: title art, the registered games, Continue / Load / Rules / Settings / Quit."""

from __future__ import annotations

import time
from pathlib import Path
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from game import __version__
from game.core import autosaves
from game.core.errors import EntropyError
from game.core.match import Match
from game.core.protocol import GameInfo
from game.core.registry import all_games
from game.core.replay import Replay
from scenes.kit import palette
from scenes.app import ui_scale
from scenes.guide.launch import start_new_game
from scenes.save_list import SaveEntry, fit_text, list_finished, list_saves
from scenes.seat_names import seat_labels, seat_long_labels
from scenes.sprites.text import wrap_text
from scenes.thumbnails import counter_colours, draw_counter, thumbnail
from scenes.widgets import (
    UIScene,
    blit_text,
    draw_backdrop,
    draw_card,
    one_line,
    open_table,
    spaced,
)

VERSION = __version__
BUTTON_W, BUTTON_H, BUTTON_GAP = 320, 54, 12


def unfinished_match(path: Path) -> Match | None:
    """The autosave's match if it loads cleanly and is not over, else None."""
    if not path.exists():
        return None
    try:
        match = Match.load(path)
    except EntropyError:
        return None
    except Exception:  # a save written by a buggy build must never crash the menu
        return None
    return None if match.state.is_over() else match


def autosave_resumable(path: Path) -> bool:
    """True if the autosave loads cleanly and its match is not over."""
    return unfinished_match(path) is not None


def newest_unfinished() -> tuple[Path, Match] | None:
    """The newest unfinished game's autosave that opens cleanly (what Continue resumes), with
    its match, so the menu's line about it needs no second load."""
    for path in autosaves.unfinished():
        match = unfinished_match(path)
        if match is not None:
            return path, match
    return None


def autosave_summary(path: Path, match: Match, levels: bool = True) -> str:
    """'Rally · You vs Computer (hard) · Era 4 · 21 Nov 18:02': which game, who plays (with the
    computers' levels unless `levels` is False) and how far. Play-test: the menu's "Last game"
    said "You vs Computer", and the level played was nowhere to be seen."""
    try:
        stamp = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:  # decoration only
        stamp = ""
    seats = " vs ".join(seat_long_labels(match) if levels else seat_labels(match))
    return "  ·  ".join(x for x in (match.game.info.title, seats, match.state.progress(), stamp) if x)


FEATURE_MIN = 120
"""Rows at least this tall (unscaled px) show the description with the buttons under it ..."""
COMPACT_MIN = 80
"""... shorter ones (many games, a small window), down to this, put the buttons beside the title ..."""
MIN_TITLE_W = 200
"""(A short row keeps its buttons beside the title only if the title keeps this much width.)"""
STACKED_MIN = 104
"""... or, too narrow for that, under the title at full size when the row is this tall ..."""
DENSE_MIN = 76
"""... else a dense row: the title with smaller buttons under it, and the rows start higher
(five or six games in a 1024x640 window)."""
QUICK_W, SETUP_W, ROW_GAP = 170, 130, 12
"""A compact row's buttons and the gap between them (unscaled px)."""


@dataclass(frozen=True)
class RowPlan:
    """Where the games go in the menu's card: the kind of row, the heading's top, one rect per game."""

    kind: str
    """"feature" (description and buttons under the title), "beside" (buttons beside the title),
    "stacked" (buttons under the title) or "dense" (smaller buttons under the title)."""
    heading_y: int
    rows: list[pygame.Rect]


def plan_rows(card: pygame.Rect, n: int, px: Callable[[float], int], title_w: int = 0) -> RowPlan:
    """Rows for `n` games inside `card` (pure arithmetic, `px` the scene's scaling; `title_w` the
    widest title's width, which buttons beside the titles must leave free). Rows shrink to fit
    every game rather than leave one off, down to `DENSE_MIN`; a game whose row would still leave
    the card is left off (more games than that need a scrolling list)."""
    n = max(1, n)

    def rows(top: int, pitch: int, gap: int) -> list[pygame.Rect]:
        out = [pygame.Rect(card.x + px(28), top + i * pitch, card.w - px(56), pitch - gap) for i in range(n)]
        return [r for r in out if r.bottom <= card.bottom - px(10)]

    top = card.y + px(84)
    pitch = min(px(300), (card.bottom - top - px(20)) // n)
    if pitch >= px(FEATURE_MIN):
        return RowPlan("feature", card.y + px(22), rows(top, pitch, px(16)))
    thumb = pitch - px(16)
    room = card.w - px(56) - thumb - px(28)
    if pitch >= px(COMPACT_MIN) and room - (2 * px(ROW_GAP) + px(QUICK_W) + px(SETUP_W)) >= max(px(MIN_TITLE_W),
                                                                                               title_w):
        return RowPlan("beside", card.y + px(22), rows(top, pitch, px(16)))
    if pitch >= px(STACKED_MIN):
        return RowPlan("stacked", card.y + px(22), rows(top, pitch, px(16)))
    top = card.y + px(62)
    pitch = max(px(DENSE_MIN), min(px(STACKED_MIN), (card.bottom - top - px(12)) // n))
    return RowPlan("dense", card.y + px(10), rows(top, pitch, px(6)))


MESSAGE_LINES = 4
"""Lines the Load list's message may wrap onto before the last one clips."""
MESSAGE_CHARS = 240
"""A message longer than this is cut with an ellipsis (four lines hold it at 1024 px wide)."""


def _fits(font: Any, room: int, text: str) -> bool:
    """`text` is at most `room` pixels wide in `font` (a pygame-gui label's)."""
    return font.size(text)[0] <= room


def role_fact(info: GameInfo) -> str:
    """A game's roles as one of its menu facts: two sides read as a match-up ("Order vs Chaos"),
    a cast bigger than the table as a count; numbered sides ("Side 1 vs Side 2") and seat
    colours (Cosmos's four) say nothing worth a place."""
    names = {role.rstrip("0123456789 ") for role in info.roles}
    if len(names) < len(info.roles):
        return ""
    if 0 < len(info.roles) <= 2:
        return " vs ".join(info.roles)
    return f"{len(info.roles)} characters" if len(info.roles) > info.max_players else ""


class MenuScene(UIScene):
    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.games = all_games()
        self.can_continue = False
        self.continue_from: Path | None = None
        """The autosave Continue resumes (the newest unfinished game), found on entering."""
        self.continue_words = ""
        self.continue_short = ""
        """`continue_words` without the computers' levels, for a note too narrow for them."""
        self.continue_note: list[UILabel] = []
        self.mode = "games"  # or "load"
        self.load_tab = "saves"
        """The Load list's part on show: "saves" (games to continue, saved games) or "finished"."""
        self.tab_buttons: dict[str, UIButton] = {}
        self.load_scroller: UIScrollingContainer | None = None
        self._title_font: Any = None
        self.message = ""
        self.message_is_error = True
        self._opening: Callable[[], object] | None = None
        """A save to open once a frame has shown that it is being opened (`open_soon`)."""
        self._opening_frames = 0
        self.extra_continue: list[UIButton] = []
        """The games page's second Continue (on the "Your last game" card), beside `buttons`."""
        self.buttons: dict[str, UIButton] = {}
        self.game_buttons: dict[str, UIButton] = {}
        self.save_buttons: dict[Path, UIButton] = {}
        self.delete_buttons: dict[Path, UIButton] = {}
        self.replay_buttons: dict[Path, UIButton] = {}
        self.message_label: UILabel | None = None
        self.message_labels: list[UILabel] = []
        """The Load list's message, one label per wrapped line (`message_label` is the first)."""
        self._card = pygame.Rect(0, 0, 0, 0)
        self._title_rect = pygame.Rect(0, 0, 0, 0)

    # --- state ---------------------------------------------------------------------
    def enter(self) -> None:
        self._find_continue()
        super().enter()

    def resume(self) -> None:
        self._find_continue()
        super().resume()

    def _find_continue(self) -> None:
        found = newest_unfinished()
        self.continue_from = found[0] if found is not None else None
        self.can_continue = found is not None
        self.continue_words = autosave_summary(*found) if found is not None else ""
        self.continue_short = autosave_summary(*found, levels=False) if found is not None else ""

    # --- layout --------------------------------------------------------------------
    def layout(self, w: int, h: int) -> dict[str, pygame.Rect]:
        """Where everything goes (the Xvfb smoke test reads the button centres from here)."""
        self.scale = ui_scale(w, h)
        px = self.px
        margin = max(40, int(w * 0.07))
        title_top = int(h * 0.09)
        title_h = int(h * 0.17)
        col_x = margin
        col_y = title_top + title_h + int(h * 0.05)
        bh = px(BUTTON_H) if h >= 700 else 46
        gap = px(BUTTON_GAP) if h >= 700 else 8
        bw = px(BUTTON_W)
        names = ["new_game", "continue", "load", "rules", "settings", "quit"]
        rects = {n: pygame.Rect(col_x, col_y + i * (bh + gap), bw, bh) for i, n in enumerate(names)}
        card_x = col_x + bw + max(40, int(w * 0.06))
        col_bottom = rects["quit"].bottom
        full = pygame.Rect(card_x, title_top, w - card_x - margin, col_bottom - title_top)
        plan = plan_rows(full, len(self.games), px, self._title_w())
        if plan.kind in ("stacked", "dense") or len(plan.rows) < len(self.games):
            # many games in a small window: the card reaches down to the version line for them
            full.h = max(full.h, h - px(44) - full.y)
        games_h = px(84) + min(px(300), max(px(150), (full.h - px(104)) // max(1, len(self.games)))) \
            * len(self.games) + px(8)
        if len(self.games) <= 2 and full.h - games_h >= px(150):
            card = pygame.Rect(full.x, full.y, full.w, games_h)
            rects["info"] = pygame.Rect(full.x, card.bottom + px(20), full.w, full.bottom - card.bottom - px(20))
        else:
            card = full
        rects["card"] = card
        rects["title"] = pygame.Rect(margin, title_top, card_x - margin - 20, title_h)
        return rects

    def build(self, w: int, h: int) -> None:
        r = self.layout(w, h)
        self._card = r["card"]
        self._title_rect = r["title"]
        b = self.buttons = {}
        self.extra_continue = []
        b["new_game"] = self.icon_button(r["new_game"], "New game", self.new_game, "play-button",
                                         primary=not self.can_continue,
                                         tooltip="Choose a game, the players and the options")
        b["continue"] = self.icon_button(r["continue"], "Continue", self.continue_soon,
                                         "clockwise-rotation", primary=self.can_continue, enabled=self.can_continue,
                                         tooltip=f"Carry on: {self.continue_words} (Enter)" if self.can_continue
                                         else "No unfinished game to continue")
        b["load"] = self.icon_button(r["load"], "Load game", self.show_load, "open-folder",
                                     tooltip="Open a saved game")
        b["rules"] = self.icon_button(r["rules"], "Rules", self.show_rules, "open-book", tooltip="How to play")
        b["settings"] = self.icon_button(r["settings"], "Settings", self.show_settings, "cog",
                                         tooltip="Window, animation, sound, accessibility")
        b["quit"] = self.icon_button(r["quit"], "Quit", self.ctx.quit, "exit-door")
        self._build_continue_note(r["quit"])
        self._info = r.get("info") if self.mode == "games" else None
        if self.mode == "load":
            self._card = pygame.Rect(self._card.x, self._card.y, self._card.w,
                                     r.get("info", self._card).bottom - self._card.y)
            self._build_load(self._card)
        else:
            self._build_games(self._card)
            if self._info is not None:
                self._build_info(self._info)

    def _build_continue_note(self, quit_rect: pygame.Rect) -> None:
        """Under the buttons, which game Continue resumes and how far it is (readable without
        hovering): 'Last game: Entropy Rally' / 'You vs Computer · Era 4 · 21 Nov 18:02'."""
        self.continue_note = []
        if not self.can_continue or not self.continue_words:
            return
        title, *parts = self.continue_words.split("  ·  ")
        px = self.px
        top = quit_rect.bottom + px(14)
        width = quit_rect.w + px(60)
        probe = self.label(pygame.Rect(0, 0, width, px(26)), "", "@dim")  # (the theme's font)
        dim_font = probe.font
        probe.kill()
        lines: list[tuple[str, str]] = [(f"Last game: {title}", "@save_title")]
        short = self.continue_short.split("  ·  ")[1:]
        for i, part in enumerate(parts):  # the rest wrapped at its dots, not cut (play-test: '... placed · …')
            if dim_font is not None and i < len(short) and dim_font.size(part)[0] > width - px(8):
                part = short[i]  # the players without levels, rather than cut
            joined = f"{lines[-1][0]}  ·  {part}"
            if len(lines) > 1 and dim_font is not None and dim_font.size(joined)[0] <= width - px(8):
                lines[-1] = (joined, "@dim")
            else:
                lines.append((part, "@dim"))
        for i, (text, style) in enumerate(lines):
            rect = pygame.Rect(quit_rect.x + px(4), top + i * px(26), width, px(26))
            if rect.bottom > self.ctx.screen.get_height() - px(12):
                return  # a very short window: the button's tooltip still says it
            label = self.label(rect, "", style)
            font = label.font
            assert font is not None
            while len(text) > 2 and font.size(text)[0] > rect.w - px(8):
                text = text[:-2].rstrip() + "…"
            label.set_text(text)
            self.continue_note.append(label)

    def _title_w(self) -> int:
        """The widest game title in the rows' title font, with the label's own margin."""
        font = self.font(28, "display")
        return max((font.size(g.info.title)[0] for g in self.games), default=0) + self.px(12)

    def _thumb_side(self, row: pygame.Rect) -> int:
        """The game picture's side in `row`: the row's height up to px(220), smaller when the
        widest title would not fit beside it (a narrow, tall window cut 'If Worlds Collide')."""
        return max(self.px(40), min(row.h, self.px(220), row.w - self.px(28) - self._title_w()))

    def _rows(self, card: pygame.Rect) -> list[tuple[Any, pygame.Rect]]:
        """One rect per game inside the card (`plan_rows`)."""
        return list(zip(self.games, plan_rows(card, len(self.games), self.px, self._title_w()).rows))

    def _build_games(self, card: pygame.Rect) -> None:
        self.game_buttons = {}
        self.quick_buttons: dict[str, UIButton] = {}
        px = self.px
        pad = px(28)
        plan = plan_rows(card, len(self.games), px, self._title_w())
        self.label(pygame.Rect(card.x + pad, plan.heading_y, card.w - 2 * pad, px(44)), "Choose a game", "@heading")
        for game, row in zip(self.games, plan.rows):
            info = game.info
            thumb = self._thumb_side(row)
            text_x = row.x + thumb + pad
            compact = plan.kind != "feature"  # too short for the buttons under the text
            beside, dense = plan.kind == "beside", plan.kind == "dense"
            stacked = plan.kind in ("stacked", "dense")
            gap = px(ROW_GAP)
            quick_w, setup_w = (px(QUICK_W), px(SETUP_W)) if compact else (px(190), px(160))
            button_h = px(36) if dense else px(46)
            room = row.right - text_x
            text_w = room - (2 * gap + quick_w + setup_w) if beside else room
            if not beside and quick_w + gap + setup_w > room:  # a narrow row (a square window): smaller buttons
                fit = (room - gap) / (quick_w + setup_w)
                quick_w, setup_w = int(quick_w * fit), int(setup_w * fit)
            y = row.y
            self.label(pygame.Rect(text_x, y, text_w, px(34) if dense else px(40)), info.title, "@title")
            players = (f"{info.min_players} players" if info.min_players == info.max_players
                       else f"{info.min_players}–{info.max_players} players")
            parts = [x for x in (players, info.kind, role_fact(info), "luck of the draw" if info.has_chance else "",
                                 "hidden hands" if info.hidden_info else "") if x]
            while len(parts) > 1 and self.font(15).size("  ·  ".join(parts))[0] > text_w - px(8):
                parts.pop()  # a narrow (compact) row keeps the facts that fit, most important first
            facts = "  ·  ".join(parts)
            if not stacked:  # (stacked, the buttons take the facts' line; the tooltip keeps them)
                self.label(pygame.Rect(text_x, y + px(40), text_w, px(24)), facts, "@caption")
            elif info.kind:  # ... but the kind goes beside the title where it fits (play-test at
                # 1024x640: "Worlds Collide" and "If Worlds Collide" told nothing more)
                title_w = self.font(28, "display").size(info.title)[0] + px(12)
                kind_w = self.font(15).size(info.kind)[0] + px(12)
                if title_w + px(8) + kind_w <= text_w:
                    self.label(pygame.Rect(text_x + title_w + px(8), y + px(8), kind_w, px(24) if dense else px(30)),
                               info.kind, "@caption")
            line_h = px(24)
            lines = wrap_text(info.blurb, self.font(17), text_w - px(14))  # the label's own padding (a line
            # measured to the full width was cut with '...' at some canvas heights: the 720x900 window)
            # Only whole lines that leave room for the buttons below them: a short row (small
            # window) drops the description rather than run it under the buttons.
            max_lines = 0 if compact else max(0, (row.h - px(72) - px(52)) // line_h)
            shown = min(len(lines), max_lines)
            for i, line in enumerate(lines[:shown]):
                cut = i == shown - 1 and shown < len(lines)  # the rest is in the Set up tooltip
                self.label(pygame.Rect(text_x, y + px(72) + i * line_h, text_w, line_h),
                           line.rstrip(".,:;") + "…" if cut else line, "@dim")
            if beside:
                bx, by = text_x + text_w + gap, row.centery - px(23)
            elif stacked:
                bx, by = text_x, row.bottom - button_h
            else:
                bx, by = text_x, y + px(72) + shown * line_h + (px(10) if shown else px(2))
            self.quick_buttons[info.id] = self.button(
                pygame.Rect(bx, by, quick_w, button_h), "Quick play", partial(self.quick_play, info.id),
                class_id="@primary", tooltip=f"You against the {self.ctx.settings.computer_level(info.id)} "
                "computer player, default options")
            self.game_buttons[info.id] = self.button(
                pygame.Rect(bx + quick_w + gap, by, setup_w, button_h), "Set up…", partial(self.new_game, info.id),
                tooltip=f"Choose players, computer strength and options for {info.title}"
                + ("" if shown == len(lines) else f". {info.blurb}") + (f" ({facts})" if stacked else ""))

    def _build_info(self, card: pygame.Rect) -> None:
        """The lower card: the unfinished game, or a pointer to the rules for newcomers."""
        px = self.px
        pad = px(28)
        text_w = card.w - 2 * pad - px(200)
        button = pygame.Rect(card.right - pad - px(180), card.centery - px(23), px(180), px(46))
        summary = self.continue_words if self.can_continue else None
        if summary:
            self.label(pygame.Rect(card.x + pad, card.y + px(18), text_w, px(30)), "Your last game", "@subheading")
            self.label(pygame.Rect(card.x + pad, card.y + px(52), text_w, px(26)),
                       one_line(summary, max(20, text_w // px(8))), "@dim")
            self.extra_continue = [self.button(button, "Continue", self.continue_soon, class_id="@primary",
                                               tooltip="Pick up where you left off (Enter)")]
        else:
            self.label(pygame.Rect(card.x + pad, card.y + px(18), text_w, px(30)), "New to Entropy?", "@subheading")
            self.label(pygame.Rect(card.x + pad, card.y + px(52), text_w, px(26)),
                       "A five-minute read: the rules, with examples of scoring.", "@dim")
            self.button(button, "Read the rules", self.show_rules)

    def _build_empty_note(self, area: pygame.Rect, words: str) -> None:
        """The empty list's note, wrapped to the list's width (play-test at 1024x640: one row was
        cut at the card's edge)."""
        px = self.px
        probe = self.label(pygame.Rect(0, 0, px(100), px(30)), "", "@dim")  # (the theme's font)
        face = probe.font
        probe.kill()
        assert face is not None
        row_h = px(28)
        for i, row in enumerate(wrap_text(words, face, area.w - px(8))):
            rect = pygame.Rect(area.x, area.y + px(10) + i * row_h, area.w, row_h)
            self.label(rect, row, "@dim")

    def _build_load(self, card: pygame.Rect) -> None:
        self.save_buttons = {}
        self.delete_buttons = {}
        self.replay_buttons = {}
        px = self.px
        pad = px(28)
        self.label(pygame.Rect(card.x + pad, card.y + px(22), card.w - 2 * pad - px(120), px(44)), "Load a game",
                   "@heading")
        self.button(pygame.Rect(card.right - pad - px(110), card.y + px(26), px(110), px(38)), "Back",
                    self.show_games, class_id="@small", tooltip="Back to the games (Esc)")
        msg_rect = self._build_message(pygame.Rect(card.x + pad, card.y, card.w - 2 * pad, card.h - px(22)))
        saves, finished = list_saves(), list_finished()
        if self.load_tab == "finished" and not finished and saves:
            self.load_tab = "saves"  # the last finished game was deleted: back to what there is
        self._build_tabs(pygame.Rect(card.x + pad, card.y + px(76), card.w - 2 * pad, px(36)),
                         len(saves), len(finished))
        rows = finished if self.load_tab == "finished" else saves
        list_rect = pygame.Rect(card.x + pad, card.y + px(124), card.w - 2 * pad, msg_rect.y - card.y - px(136))
        self.load_scroller = None
        if not rows:
            empty = ("No finished games yet. Each game you finish is kept here for its replay."
                     if self.load_tab == "finished" else
                     "No saved games yet. Save from the pause menu (Esc) during a game.")
            self._build_empty_note(list_rect, empty)
            return
        scroller = UIScrollingContainer(list_rect, manager=self.ctx.ui, container=self.root,
                                        allow_scroll_x=False)
        self.load_scroller = scroller
        probe = self.label(pygame.Rect(0, 0, px(100), px(22)), "", "@save_title", container=scroller)
        self._title_font = probe.font  # what a row's first line is written in, to measure it
        probe.kill()
        gap = px(8)
        inner_w = list_rect.w - 20
        y = 0
        for entry in rows:
            y = self._save_row(scroller, entry, pygame.Rect(0, y, inner_w, px(64))) + gap
        scroller.set_scrollable_area_dimensions((inner_w, y))

    def _build_tabs(self, area: pygame.Rect, saves: int, finished: int) -> None:
        """The Load list's two parts: games to continue and saved games, and finished games
        (kept for their replays); the one on show is selected."""
        gap = self.px(8)
        w = (area.w - gap) // 2
        tips = {"saves": "Unfinished games and saved games: click one to carry on",
                "finished": f"Games played to the end (the last {autosaves.KEEP_FINISHED}, and any you saved): "
                            "watch their replays"}
        words = {"saves": f"To continue ({saves})", "finished": f"Finished ({finished})"}
        self.tab_buttons = {}
        for i, tab in enumerate(("saves", "finished")):
            button = self.button(pygame.Rect(area.x + i * (w + gap), area.y, w, area.h), words[tab],
                                 partial(self.show_load_tab, tab), class_id="@small", tooltip=tips[tab])
            if tab == self.load_tab:
                button.select()
            self.tab_buttons[tab] = button

    def _save_row(self, scroller: Any, entry: SaveEntry, rect: pygame.Rect) -> int:
        """A save as a button of two lines (a button holds one): the game and its players, then
        how far and when (or why it cannot be opened), on labels the pointer passes through. When
        the first line would be cut, the players get a line of their own (three lines). A finished
        game's row opens its replay. Returns the row's bottom."""
        px = self.px
        bin_w = px(86)
        words = pygame.Rect(rect.x, rect.y, rect.w - bin_w - px(8), rect.h)
        line_room = words.w - px(32) - px(8)
        lines = self._row_lines(entry, line_room)
        rect.h = words.h = px(64) if len(lines) == 2 else px(88)
        # Replay above Delete in one column, so the row's words keep their width
        half = (rect.h - px(4)) // 2
        delete = pygame.Rect(rect.right - bin_w, rect.y + (rect.h - px(38)) // 2, bin_w, px(38))
        if not entry.error:
            delete = pygame.Rect(rect.right - bin_w, rect.bottom - half, bin_w, half)
            self.replay_buttons[entry.path] = self.button(
                pygame.Rect(rect.right - bin_w, rect.y, bin_w, half), "Replay", partial(self.replay_path, entry.path),
                class_id="@small", container=scroller, tooltip="Watch this game move by move, from the start")
        what = "game" if entry.finished else "save"
        self.delete_buttons[entry.path] = self.button(
            delete, "Delete", partial(self.ask_delete, entry), class_id="@small", container=scroller,
            tooltip=f"Delete this {what} for good (asks first)")
        opens = self.replay_path if entry.finished else self.load_path
        self.save_buttons[entry.path] = self.button(
            words, "", partial(self.open_soon, partial(opens, entry.path), entry.title), class_id="@save_row",
            container=scroller, tooltip=entry.full or f"{entry.path.name}: click to open")
        for i, (text, style, keep, spare) in enumerate(lines):
            dy = px(9) + i * px(24) + (px(2) if i == len(lines) - 1 else 0)
            label = self.label(pygame.Rect(words.x + px(16), words.y + dy, words.w - px(32), px(22)), "", style,
                               container=scroller)
            # the pointer is never over the words: the row's button under them keeps its hover and tooltip
            # (pygame-gui lets an element block the hover of those below even when it cannot hover itself)
            label.hover_point = lambda hover_x, hover_y: False  # type: ignore[method-assign]
            font = label.font
            assert font is not None
            fits = partial(_fits, font, label.rect.w - px(8))
            label.set_text(fit_text(one_line(text, len(text)), fits, keep, spare))  # cut by width, not length
        return rect.bottom

    def _row_lines(self, entry: SaveEntry, room: int) -> list[tuple[str, str, str, str]]:
        """A row's lines (text, style, the end kept whole, words of that end it may leave out: see
        `fit_text`): the title, then the detail; when the title would be cut at this width (1024:
        'You vs Comp…') the game and the players on a line each, the players without levels if
        those still do not fit."""
        detail = (entry.detail, "@save_error" if entry.error else "@save_detail", entry.keep, entry.spare)
        probe = self._title_font
        if probe is None or entry.error or not entry.players or probe.size(entry.title)[0] <= room:
            return [(entry.title, "@save_title", "", ""), detail]
        players = entry.players if probe.size(entry.players)[0] <= room else entry.players_short
        return [(entry.game, "@save_title", "", ""), (players, "@save_title", "", ""), detail]

    def _build_message(self, area: pygame.Rect) -> pygame.Rect:
        """The Load list's message at the foot of `area`, wrapped onto up to MESSAGE_LINES lines so
        a long error (a save made with other numbers names the move that failed and why) is read
        whole, not clipped at the card's edge; the list above gives up the room. Returns its rect."""
        px = self.px
        line_h = px(28)
        style = "@error" if self.message_is_error else "@ok"
        probe = self.label(pygame.Rect(area.x, area.bottom - line_h, area.w, line_h), "", style)
        assert probe.font is not None
        lines = wrap_text(self.message, probe.font, area.w - px(12)) or [""]
        probe.kill()
        if len(lines) > MESSAGE_LINES:
            lines = lines[:MESSAGE_LINES - 1] + [" ".join(lines[MESSAGE_LINES - 1:])]  # the last one clips
        top = area.bottom - px(4) - line_h * len(lines)
        self.message_labels = [self.label(pygame.Rect(area.x, top + i * line_h, area.w, line_h), line, style)
                               for i, line in enumerate(lines)]
        self.message_label = self.message_labels[0]
        return pygame.Rect(area.x, top, area.w, line_h * len(lines))

    # --- actions -------------------------------------------------------------------
    def new_game(self, game_id: str | None = None) -> None:
        self.ctx.stack.push(self.ctx.scene("setup", game_id or self.games[0].info.id))

    def quick_play(self, game_id: str) -> None:
        """Straight to the table: you against the computer at the level last set up for this
        game (normal at first), default options, random seed."""
        from scenes.launch import build_match, default_seats

        try:
            match = build_match(game_id, default_seats(game_id, self.ctx.settings.computer_level(game_id)))
        except EntropyError as exc:
            self._error(str(exc))
            return
        err = start_new_game(self.ctx, match)  # a game's first start offers its guided game
        if err:
            self._error(err)

    def continue_game(self) -> None:
        if self.continue_from is not None:
            self.load_path(self.continue_from)

    def continue_soon(self) -> None:
        """Continue, once a frame has said so (`open_soon`) on the Continue buttons."""
        if self.continue_from is not None:
            self.open_soon(self.continue_game, "your last game", on_continue=True)

    def open_soon(self, opener: Callable[[], object], what: str, on_continue: bool = False) -> None:
        """Open a save on the next frame but one, after a frame that says "Opening ...": a long
        game takes seconds to replay from its save on a busy machine, and a window that shows
        nothing meanwhile looks frozen (play-test: about 5 s without a sign after a click)."""
        if self._opening is not None:
            return  # a second click while the first opens
        self._opening, self._opening_frames = opener, 0
        self.message, self.message_is_error = f"Opening {what}\u2026", False
        if self.mode == "load":
            self.rebuild()
        for button in self._continue_buttons() if on_continue else ():  # (a save row: the message says)
            button.set_text("Opening\u2026")
            button.disable()

    def _continue_buttons(self) -> list[UIButton]:
        return [b for b in (self.buttons.get("continue"), *self.extra_continue) if b is not None]

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._opening is not None:
            self._opening_frames += 1
            if self._opening_frames >= 2:  # the frame after the click has shown the note
                opener, self._opening = self._opening, None
                self.message = ""
                opener()

    def next_frame_in(self) -> float:
        return 0.0 if self._opening is not None else super().next_frame_in()

    def load_path(self, path: Path) -> bool:
        """Open a save on the table; a broken file shows one line, never a crash."""
        try:
            match = Match.load(path)
        except EntropyError as exc:
            return self._error(f"Can't open {path.name}: {str(exc).replace(str(path), 'the file')}")
        except Exception as exc:  # noqa: BLE001 - a corrupt save must not take the app down
            return self._error(f"Can't open {path.name}: {exc.__class__.__name__}")
        match.autosave_path = autosaves.autosave_for(path, match.game.info.id, match.to_json())
        err = open_table(self.ctx, match)
        if err:
            return self._error(err)
        return True

    def replay_path(self, path: Path) -> bool:
        """Open a save in the replay viewer (read-only: the save is not changed); a broken file
        shows one line, as Open does."""
        try:
            replay = Replay.of(Match.load(path))
        except EntropyError as exc:
            return self._error(f"Can't replay {path.name}: {str(exc).replace(str(path), 'the file')}")
        except Exception as exc:  # noqa: BLE001 - a corrupt save must not take the app down
            return self._error(f"Can't replay {path.name}: {exc.__class__.__name__}")
        self.ctx.stack.push(self.ctx.scene("replay", replay, start=0))
        return True

    def ask_delete(self, entry: SaveEntry) -> None:
        """Deleting cannot be taken back: the confirmation card names the save first."""
        what = ("this finished game" if entry.finished else
                "this unfinished game" if autosaves.is_autosave(entry.path) else "this save")
        self.ctx.stack.push(self.ctx.scene(
            "confirm", f"Delete {what}?", f"{entry.title} ({entry.detail}). It cannot be brought back.",
            "Delete", partial(self.delete_save, entry.path), "Keep it"))

    def delete_save(self, path: Path) -> None:
        try:
            path.unlink()
        except OSError as exc:
            self._error(f"Can't delete {path.name}: {exc.strerror or exc.__class__.__name__}")
            return
        self.message = f"Deleted {path.name}."
        self.message_is_error = False
        self._find_continue()
        self.rebuild()

    def show_error(self, text: str) -> None:
        """A line from a screen opened over this one that failed (the guided game's offer, when
        the table then could not be opened): it went unsaid."""
        self._error(text)

    def _error(self, text: str) -> bool:
        self.message = one_line(text, MESSAGE_CHARS)
        self.message_is_error = True
        self.mode = "load"
        self.rebuild()  # the message may need more lines than the last one
        return False

    def show_load(self) -> None:
        self.mode = "load"
        self.message = ""
        self.rebuild()

    def show_load_tab(self, tab: str) -> None:
        """Show the Load list's other part ("saves" or "finished")."""
        self.load_tab = tab
        self.message = ""
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> bool:
        """The mouse wheel scrolls the Load list wherever the pointer is over it (pygame-gui
        scrolls a container only with the pointer on its scroll bar)."""
        if event.type != pygame.MOUSEWHEEL or self.mode != "load" or self.load_scroller is None:
            return False
        scroller = self.load_scroller
        bar = scroller.vert_scroll_bar
        if bar is None or not scroller.rect.collidepoint(self.ctx.pointer()):
            return False
        bar.set_scroll_from_start_percentage(min(1.0, max(0.0, bar.start_percentage - event.y * 0.08)))
        return True

    def show_games(self) -> None:
        self.mode = "games"
        self.message = ""
        self.rebuild()

    def show_rules(self) -> None:
        self.ctx.stack.push(self.ctx.scene("rules", self.games[0].info.id))

    def show_settings(self) -> None:
        self.ctx.stack.push(self.ctx.scene("settings"))

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.can_continue:
                self.continue_soon()
            else:
                self.new_game()
            return True
        if event.key == pygame.K_ESCAPE and self.mode == "load":
            self.show_games()
            return True
        return False

    # --- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        draw_title(surface, self.ctx, self._title_rect)
        draw_card(surface, self._card)
        info = getattr(self, "_info", None)
        if self.mode == "games" and info is not None:
            draw_card(surface, info)
        if self.mode == "games":
            rows = self._rows(self._card)
            for i, (game, row) in enumerate(rows):
                side = self._thumb_side(row)
                surface.blit(thumbnail(game.info.id, (side, side)), (row.x, row.y))
                if i < len(rows) - 1:
                    y = (row.bottom + rows[i + 1][1].y) // 2  # halfway to the next row
                    pygame.draw.line(surface, (58, 64, 86), (row.x, y), (row.right, y))
        w, h = surface.get_size()
        blit_text(surface, self.font(14), f"v{VERSION}   ·   F11 full screen", palette.TEXT_DIM,
                  (w - 24, h - 16), "bottomright")


def draw_title(surface: pygame.Surface, ctx: Any, area: pygame.Rect) -> None:
    """ENTROPY in brass over a spaced TABLETOP, with a palindrome of counters beneath."""
    size = max(48, min(int(area.h * 0.55), int(area.w / 4.4)))
    font = ctx.font(size, "display")
    title = "ENTROPY"
    shadow = font.render(title, True, (8, 8, 12))
    surface.blit(shadow, (area.x + 4, area.y + 6))
    face = font.render(title, True, palette.ACCENT)
    surface.blit(face, (area.x, area.y))
    # a lighter top half, like a brass plate catching the light
    shine = font.render(title, True, (246, 214, 150))
    top = pygame.Rect(0, 0, shine.get_width(), int(shine.get_height() * 0.48))
    surface.blit(shine, (area.x, area.y), top)
    sub_font = ctx.font(max(16, size // 5), "bold")
    sub = blit_text(surface, sub_font, spaced("Tabletop", 2), palette.TEXT,
                    (area.x + 4, area.y + int(face.get_height() * 0.92)))
    # seven counters, a palindrome: the thing Order is after
    colours = counter_colours()
    pattern = [4, 0, 2, 5, 2, 0, 4]
    r = max(7, size // 9)
    x0 = sub.right + r * 2 + 6
    cy = sub.centery
    if x0 + len(pattern) * r * 2.6 < area.right + 300:
        for i, k in enumerate(pattern):
            draw_counter(surface, (int(x0 + i * r * 2.6), cy), r, colours[k % len(colours)])
