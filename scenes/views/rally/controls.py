"""The energy split (and cargo exchange) panel of the Rally view. (The play / pause / step
buttons of the chaos phase are the kit's, `scenes/kit/playback.py`.)

A `SplitDraft` holds the numbers a player is still adjusting (one amount per
ship for each resource that must add up to a total); the panel draws it and
says which little button is under the mouse. The Confirm button's Target
carries the draft (`give:…` / `swap:…/…`), so the engine checks the split.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.core.protocol import Target
from game.rally.words import ship_name
from scenes.sprites.button import draw_pill
from scenes.sprites.text import TextCache
from scenes.views.rally.art import cargo_pill, draw_ship, player_colour
from scenes.kit.palette import BRASS

Colour = tuple[int, int, int]
STEPS = (-10, -1, 1, 10)


@dataclass
class SplitDraft:
    """Amounts per ship (ascending id) for one or two resources, each summing to its total."""

    kind: str
    """distribute or exchange"""
    ships: list[int]
    owner: int
    totals: list[int]
    amounts: list[list[int]] = field(default_factory=list)
    key: tuple[object, ...] = ()

    def left(self, res: int) -> int:
        return self.totals[res] - sum(self.amounts[res])

    def bump(self, res: int, i: int, delta: int) -> None:
        """Change ship `i`'s amount by `delta`, within 0 and what is left to place."""
        cur = self.amounts[res][i]
        room = self.left(res)
        self.amounts[res][i] = max(0, min(cur + delta, cur + room))

    def all_to(self, res: int, i: int) -> None:
        self.amounts[res] = [self.totals[res] if j == i else 0 for j in range(len(self.ships))]

    def even(self) -> None:
        k = len(self.ships)
        for res, total in enumerate(self.totals):
            self.amounts[res] = [total // k + (1 if j < total % k else 0) for j in range(k)]

    def target(self) -> Target:
        """The Confirm button, carrying the split for `Game.find_command`."""
        nums = [",".join(str(a) for a in amounts) for amounts in self.amounts]
        if self.kind == "distribute":
            return Target("button", ident="give:" + nums[0])
        return Target("button", ident="swap:" + nums[0] + "/" + nums[1])


@dataclass
class PanelGeometry:
    rect: pygame.Rect
    rows: list[pygame.Rect]
    buttons: list[tuple[pygame.Rect, str]]
    """(rect, action) where action is `bump:res:i:delta`, `all:res:i`, `even`."""
    confirm: pygame.Rect
    keep: pygame.Rect | None


PANEL_SIDES = ("bottom", "right")
"""Where the split panel may sit in the map area when it does not fit the dock (`DOCK`); the
map is then shown in the rest (see `map_beside`)."""
DOCK = "dock"
"""The split panel in the dock's place under the map (issue 17: the map keeps its whole area);
its buttons go on the title's line and its rows shrink to the dock's height."""


def panel_geometry(draft: SplitDraft, area: pygame.Rect, fs: int, side: str = "bottom",
                   title_w: int = 0) -> PanelGeometry:
    """The panel at the bottom centre of `area` (the map area), one row per ship — or at its
    right, centred, when `side` is "right"; or at the top left of `area` = the dock when `side`
    is `DOCK` (compact: see `DOCK`; wide enough for the title, `title_w`, beside the buttons)."""
    res_n = len(draft.totals)
    row_h = max(34, int(fs * 2.4))
    bw, label_w, gap = panel_columns(res_n, area.width - 16, fs)
    res_w = 4 * (bw + 4) + gap + bw * 2 + 12
    w = min(area.width - 16, label_w + res_n * res_w + 24)
    bh = row_h - 6
    n = len(draft.ships)
    head = fs * 2 + 12
    if side == DOCK:
        bh = max(24, int(fs * 1.8))
        head = bh + 14
        buttons_w = max(140, int(fs * 8)) + 10 + max(110, int(fs * 6)) + \
            (10 + max(120, int(fs * 7)) if draft.kind == "exchange" else 0)
        w = min(area.width, max(w, 14 + title_w + 10 + buttons_w + 12))
        row_h = max(28, min(row_h, (area.height - head - 8) // max(1, n)))
        h = head + n * row_h + 8
    else:
        h = fs * 2 + 16 + n * row_h + row_h + 16
    rect = pygame.Rect(0, 0, w, h)
    if side == "right":
        rect.midright = (area.right - 8, area.centery)
    elif side == DOCK:
        rect.topleft = area.topleft
    else:
        rect.midbottom = (area.centerx, area.bottom - 8)
    rows: list[pygame.Rect] = []
    buttons: list[tuple[pygame.Rect, str]] = []
    y = rect.y + head
    for i in range(n):
        row = pygame.Rect(rect.x + 12, y, w - 24, row_h - 6)
        rows.append(row)
        x = row.x + label_w
        for res in range(res_n):
            for k, d in enumerate(STEPS):
                bx = x + k * (bw + 4) + (gap if d > 0 else 0)
                buttons.append((pygame.Rect(bx, row.y + 2, bw, row.height - 4), f"bump:{res}:{i}:{d}"))
            allx = x + 4 * (bw + 4) + gap + 4
            buttons.append((pygame.Rect(allx, row.y + 2, bw * 2, row.height - 4), f"all:{res}:{i}"))
            x += res_w
        y += row_h
    confirm = pygame.Rect(0, 0, max(140, int(fs * 8)), bh)
    if side == DOCK:
        confirm.topright = (rect.right - 12, rect.y + 7)
    else:
        confirm.bottomright = (rect.right - 12, rect.bottom - 10)
    even = pygame.Rect(0, 0, max(110, int(fs * 6)), bh)
    even.bottomright = (confirm.x - 10, confirm.bottom)
    buttons.append((even, "even"))
    keep = None
    if draft.kind == "exchange":
        keep = pygame.Rect(0, 0, max(120, int(fs * 7)), bh)
        keep.bottomright = (even.x - 10, confirm.bottom)
    return PanelGeometry(rect, rows, buttons, confirm, keep)


def fits_dock(draft: SplitDraft, dock: pygame.Rect, fs: int, title_w: int) -> bool:
    """The compact panel fits a dock this size: rows of 28 px or more, and the title (`title_w`
    wide) beside the buttons on its line."""
    geo = panel_geometry(draft, dock, fs, DOCK, title_w)
    left = min(b.x for b, a in geo.buttons if a == "even")
    if geo.keep is not None:
        left = geo.keep.x
    return geo.rect.height <= dock.height and geo.rect.x + 14 + title_w + 10 <= left and \
        all(r.height >= 22 for r in geo.rows)


def dock_panel_height(draft: SplitDraft, fs: int) -> int:
    """The compact panel's height at its roomiest rows (what it asks of the dock)."""
    bh = max(24, int(fs * 1.8))
    return bh + 14 + len(draft.ships) * max(34, int(fs * 2.4)) + 8


def panel_columns(res_n: int, room: int, fs: int) -> tuple[int, int, int]:
    """(button width, ship label width, room for the amount) of the panel's rows: roomy when they
    fit in `room`, else the label, then the buttons, then the amount's room give way (down to
    what their words need), so no button sticks out of the panel (the exchange's two sets of
    buttons are wider than the map area at 1280x800)."""
    bw, label_w, gap = max(30, int(fs * 2.3)), max(150, int(fs * 9.5)), int(fs * 3.2)

    def width() -> int:
        return label_w + res_n * (4 * (bw + 4) + gap + bw * 2 + 12) + 24

    if width() > room:  # down to the ship's name and cargo pill
        label_w = max(int(fs * 7), room - (width() - label_w))
    if width() > room:
        bw = max(int(fs * 1.6), bw - -(-(width() - room) // (6 * res_n)))
    if width() > room:
        gap = max(int(fs * 2.4), gap - -(-(width() - room) // res_n))
    if width() > room:
        label_w = max(int(fs * 5.6), room - (width() - label_w))
    return bw, label_w, gap


def map_beside(area: pygame.Rect, panel: pygame.Rect, side: str) -> pygame.Rect:
    """The part of the map area the panel at `side` leaves free: the map is shown there while
    the panel is open, so no tile (nor the ships being split for) hides under it."""
    if side == "right":
        return pygame.Rect(area.x, area.y, max(1, panel.x - 8 - area.x), area.height)
    return pygame.Rect(area.x, area.y, area.width, max(1, panel.y - 8 - area.y))


def draw_panel(surface: pygame.Surface, draft: SplitDraft, geo: PanelGeometry, text: TextCache, fs: int,
               mouse: tuple[float, float], confirm_ok: bool, ship_info: dict[int, tuple[int, int]],
               numbers: Mapping[int, int] | None = None, names: Sequence[str] = (),
               short_title: bool = False) -> None:
    """The panel (its title in `short_title` words: see `panel_title`); `ship_info` = ship id -> (energy, titanium) it carries now, `numbers` = ship id ->
    its number in the player's own fleet (the name players see; the id if missing); `names` the
    table's seat names (the ship is called as in the log: "Your ship 1")."""
    r = geo.rect
    box = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (16, 18, 30, 235), box.get_rect(), border_radius=14)
    pygame.draw.rect(box, (*BRASS, 255), box.get_rect(), width=2, border_radius=14)
    surface.blit(box, r)
    title = panel_title(draft, short_title)
    if geo.rows and geo.rows[0].y - r.y < fs * 2 + 12:  # compact (in the dock): beside the buttons
        text.blit(surface, title, fs, BRASS, "bold", midleft=(r.x + 14, geo.confirm.centery))
    else:
        text.blit(surface, title, fs, BRASS, "bold", topleft=(r.x + 14, r.y + 10))
    for i, (sid, row) in enumerate(zip(draft.ships, geo.rows)):
        pygame.draw.rect(surface, (26, 30, 46), row, border_radius=8)
        draw_ship(surface, (row.x + row.height * 0.6, row.centery), draft.owner, -90.0, max(12, int(row.height * 0.7)))
        text.blit(surface, ship_name(draft.owner, (numbers or {}).get(sid, sid), names), fs - 1,
                  player_colour(draft.owner), "bold",
                  midleft=(row.x + row.height * 1.3, row.centery - fs * 0.45))
        e, ti = ship_info.get(sid, (0, 0))
        pill = cargo_pill(e, ti if draft.kind == "exchange" else None, max(12, fs - 3))
        surface.blit(pill, pill.get_rect(midleft=(row.x + int(row.height * 1.3), int(row.centery + fs * 0.55))))
        for res in range(len(draft.totals)):
            value = draft.amounts[res][i]
            spots = [b for b, a in geo.buttons if a.startswith(f"bump:{res}:{i}:")]
            if len(spots) == 4:
                mid = (spots[1].right + spots[2].x) // 2
                word = "" if draft.kind == "distribute" else ("E " if res == 0 else "Ti ")
                text.blit(surface, f"{word}{value}", fs + 2, (255, 236, 170) if res == 0 else (210, 230, 255),
                          "bold", center=(mid, row.centery))
    for b, action in geo.buttons:
        enabled = True
        if action.startswith("bump:"):
            _, res_s, i_s, d_s = action.split(":")
            d, res = int(d_s), int(res_s)
            label = f"{d:+d}".replace("-", "\u2212")
            # greyed when it cannot change anything: + with nothing left to share out (after the
            # even split a + did nothing and said nothing), − on a ship holding none
            enabled = draft.left(res) > 0 if d > 0 else draft.amounts[res][int(i_s)] > 0
        elif action.startswith("all:"):
            label = "All"
        else:
            label = "Even split"
        draw_pill(surface, b, label, text, fs - 2, b.collidepoint(mouse), enabled)
    if geo.keep is not None:
        draw_pill(surface, geo.keep, "Keep as is", text, fs - 1, geo.keep.collidepoint(mouse))
    draw_pill(surface, geo.confirm, "Confirm", text, fs, geo.confirm.collidepoint(mouse), confirm_ok, (52, 110, 70))


def panel_title(draft: SplitDraft, short: bool = False) -> str:
    """The panel's first line: what is shared out and what is left. `short`: the words for a
    dock too narrow for the full line beside the buttons (the banner already says the ships meet)."""
    if draft.kind == "distribute":
        if short:
            return f"Energy left: {draft.left(0)} of {draft.totals[0]}"
        return f"Share out your energy: {draft.left(0)} of {draft.totals[0]} left in the pool"
    if short:
        return f"Left to share: {draft.left(0)} E, {draft.left(1)} Ti"
    return (f"Your ships meet: share {draft.totals[0]} energy and {draft.totals[1]} titanium "
            f"({draft.left(0)} and {draft.left(1)} left)")


def apply_action(draft: SplitDraft, action: str) -> None:
    """Run a small button's action on the draft."""
    parts = action.split(":")
    if parts[0] == "bump":
        draft.bump(int(parts[1]), int(parts[2]), int(parts[3]))
    elif parts[0] == "all":
        draft.all_to(int(parts[1]), int(parts[2]))
    elif parts[0] == "even":
        draft.even()
