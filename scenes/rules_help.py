"""Rules: the game's data/rules.md shown in a scrolling, styled text box."""

from __future__ import annotations

import html
from functools import partial
from importlib import resources
from typing import Any

import pygame
from markdown_it import MarkdownIt
from markdown_it.token import Token
from pygame_gui.elements import UITextBox

from game.core.registry import all_games, get_game
from scenes.kit import palette
from scenes.app import font_tier
from scenes.dialog import DialogScene
from scenes.widgets import ChoiceGroup, blit_text, icon

ACCENT_HEX = "#%02X%02X%02X" % palette.ACCENT
TAB_PAD = 22
"""A tab's width beyond its title's (unscaled px): the button's own text padding and a margin."""


def tab_rows(widths: list[int], room: int, gap: int) -> list[list[int]]:
    """The games' tabs (each title's width plus its padding) in as few rows as show every title
    whole, in order, each row no wider than `room`; every row's tabs are then widened alike to
    fill it. Returns each row's tab widths. Five titles no longer fit one row at 1024 px wide,
    and equal tabs cut "If Worlds Collide" while "Cosmos" had room to spare."""
    rows: list[list[int]] = [[]]
    for width in widths:
        width = min(width, room)
        if rows[-1] and sum(rows[-1]) + gap * len(rows[-1]) + width > room:
            rows.append([])
        rows[-1].append(width)
    if len(rows) > 1:  # balance the rows: move tabs down while the first row is the longer
        while len(rows[0]) > 1 and sum(rows[0][:-1]) > sum(rows[1]) + rows[0][-1] and \
                sum(rows[1]) + rows[0][-1] + gap * len(rows[1]) <= room:
            rows[1].insert(0, rows[0].pop())
    out = []
    for row in rows:
        extra = (room - sum(row) - gap * (len(row) - 1)) // max(1, len(row))
        out.append([w + extra for w in row])
    return out


def read_rules(game_id: str) -> str | None:
    """The markdown text of game/<package>/data/rules.md, or None if it is missing."""
    try:
        game = get_game(game_id)
        package = type(game).__module__.rsplit(".", 1)[0]
        return resources.files(package).joinpath("data/rules.md").read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError, ValueError, UnicodeDecodeError, TypeError):
        return None
    except Exception:  # noqa: BLE001 - an unknown id or odd packaging: show the fallback
        return None


MARKDOWN = MarkdownIt("commonmark")
"""The rules' Markdown parser (CommonMark: a wrapped list item stays one item, a bold run may
cross a line break); `markdown_to_html` renders its tokens."""
DIM_HEX = "#C8C2B4"
"""Emphasis (*text*) shows in this colour: the text box's fonts have no italic face."""
INDENT = "    "
"""A nested list's items start this much further in, per level."""


def _inline(tokens: list[Token]) -> str:
    """A paragraph's or heading's inline tokens in the text box's markup."""
    out: list[str] = []
    for t in tokens:
        if t.type == "text":
            out.append(html.escape(t.content, quote=False))
        elif t.type == "softbreak":
            out.append(" ")  # a wrapped source line goes on in the same paragraph or item
        elif t.type == "hardbreak":
            out.append("<br>")
        elif t.type in ("strong_open", "strong_close"):
            out.append("<b>" if t.nesting > 0 else "</b>")
        elif t.type in ("em_open", "em_close"):
            out.append(f"<font color='{DIM_HEX}'>" if t.nesting > 0 else "</font>")
        elif t.type == "code_inline":
            out.append(f"<b>{html.escape(t.content, quote=False)}</b>")
        elif t.type == "image":
            out.append(html.escape(t.content, quote=False))  # its alt text
        elif t.type in ("html_inline", "code_block", "fence"):
            out.append(html.escape(t.content, quote=False))
        # link_open / link_close: the link's words are its text tokens; the app opens no links
    return "".join(out)


def markdown_to_html(md: str, scale: float = 1.0) -> str:
    """The rules' Markdown (parsed by markdown-it-py, CommonMark) in the subset of HTML that
    pygame-gui's text box draws: headings as sized fonts, paragraphs, bullet and numbered lists
    (nested ones indented; each item one line however its source wraps), **bold**, *emphasis*
    (dimmed), `code` (bold), code blocks as plain lines. Links show their words."""
    out: list[str] = []
    lists: list[str] = []  # the open lists' kinds, outermost first
    for t in MARKDOWN.parse(md):
        kind = t.type
        if kind == "heading_open":
            level = int(t.tag[1:])
            size = round({1: 30, 2: 24}.get(level, 20) * scale)
            face = "display" if level <= 2 else "body"
            colour = ACCENT_HEX if level <= 2 else "#E8E4D8"
            out.append(f"<font face='{face}' pixel_size={size} color='{colour}'>" + ("" if face == "display" else "<b>"))
        elif kind == "heading_close":
            level = int(t.tag[1:])
            out.append(("" if level <= 2 else "</b>") + "</font><br>")
        elif kind == "inline":
            out.append(_inline(t.children or []))
        elif kind == "paragraph_close":
            out.append("<br>" if lists else "<br><br>")  # an item's text ends its line
        elif kind in ("bullet_list_open", "ordered_list_open"):
            if lists and out and not out[-1].endswith("<br>"):
                out.append("<br>")
            lists.append(kind)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            if not lists:
                out.append("<br>")  # a blank line after the whole list
        elif kind == "list_item_open":
            marker = "•" if lists[-1] == "bullet_list_open" else html.escape(f"{t.info}{t.markup}")
            out.append(INDENT * (len(lists) - 1) + f"<font color='{ACCENT_HEX}'>{marker}</font>  ")
        elif kind in ("code_block", "fence", "html_block"):
            lines = t.content.rstrip("\n").split("\n")
            out.append("<br>".join(html.escape(line, quote=False) for line in lines) + "<br><br>")
        elif kind == "hr":
            out.append("<br>")
    return "".join(out)


def fallback_html(game_id: str, scale: float = 1.0) -> str:
    try:
        info = get_game(game_id).info
        title, blurb = info.title, info.blurb
    except Exception:  # noqa: BLE001
        title, blurb = game_id, ""
    return (f"<font face='display' pixel_size={round(30 * scale)} color='{ACCENT_HEX}'>{html.escape(title)}</font><br>"
            f"{html.escape(blurb)}<br><br>"
            "<font color='#969CAC'>The full rules for this game are not installed in this build.</font>")


class RulesScene(DialogScene):
    def __init__(self, ctx: Any, game_id: str) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        self.text_box: UITextBox | None = None
        self.missing = False
        self.tabs: ChoiceGroup | None = None
        self._rule_y = 0
        """The line under the tabs, above the text."""

    def build(self, w: int, h: int) -> None:
        px = self.px
        card_w = min(px(900), w - 80)
        self._card = pygame.Rect((w - card_w) // 2, px(36), card_w, h - 2 * px(36))
        c = self._card
        pad = px(28)
        games = all_games()
        top = c.y + px(84)
        if len(games) > 1:
            top = self._tabs(games, pygame.Rect(c.x + px(84), c.y + px(24), c.w - px(84 + 28 + 150 + 16), px(40)))
        md = read_rules(self.game_id)
        self.missing = md is None
        tier = font_tier(self.scale)
        body = fallback_html(self.game_id, tier) if md is None else markdown_to_html(md, tier)
        self._rule_y = top - px(6)
        self.text_box = UITextBox(body, pygame.Rect(c.x + pad, top, c.w - 2 * pad, c.bottom - px(26) - top),
                                  manager=self.ctx.ui, container=self.root,
                                  object_id=self.themed(None, "text_box"))
        self.button(pygame.Rect(c.right - pad - px(150), c.y + px(22), px(150), px(44)), "Close", self.close,
                    class_id="@primary", tooltip="Back (Esc)")

    def _tabs(self, games: list[Any], area: pygame.Rect) -> int:
        """One tab per game in `area`'s width, on a second row when one does not show every
        title whole (`tab_rows`); returns where the text below them starts."""
        px = self.px
        font = self.font(16, "bold")  # the @choice buttons' font
        gap = px(6)
        rows = tab_rows([font.size(g.info.title)[0] + px(TAB_PAD) for g in games], area.w, gap)
        row_h = area.h if len(rows) == 1 else px(34)
        y0 = area.y if len(rows) == 1 else area.y - px(12)  # two rows take the room above one
        self.tabs = ChoiceGroup(self.game_id, self.set_game)
        k = 0
        for r, widths in enumerate(rows):
            x = area.x
            for width in widths:
                game = games[k]
                k += 1
                self.tabs.buttons[game.info.id] = self.button(
                    pygame.Rect(x, y0 + r * (row_h + gap), width, row_h), game.info.title,
                    partial(self.tabs.set, game.info.id), class_id="@choice", tooltip=f"How to play {game.info.title}")
                x += width + gap
        self.tabs.refresh()
        return max(area.y + px(60), y0 + len(rows) * (row_h + gap) + px(14))

    def set_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        c = self._card
        px = self.px
        img = icon("open-book", px(40), palette.ACCENT)
        surface.blit(img, (c.x + px(28), c.y + px(24)))
        if len(all_games()) <= 1:
            blit_text(surface, self.font(34, "display"), "How to play", palette.ACCENT,
                      (c.x + px(84), c.y + px(48)), "midleft")
        pygame.draw.line(surface, (58, 64, 86), (c.x + px(28), self._rule_y), (c.right - px(28), self._rule_y))
