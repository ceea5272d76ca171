"""The card dock of the Rally table: the hand and one program row per ship.

While planning, the viewer's hand sits at the right and each own ship has a
row of slots at the left (drag a card into a slot, reorder by dragging, drag
it back to the hand to take it out); each row ends with the energy the program
costs against what the ship carries, a warning naming the card that would be
skipped, and the entropy the program adds. During the chaos phase every ship
has a row: cards already played lie face up, the rest stay face down unless
they are the viewer's own. A view never holds another seat's cards, so this
module cannot draw them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.hexgrid import direction_angle
from game.core.protocol import Target
from game.rally.cards import KIND_BY_NAME
from scenes.kit.hand import fan_step, fit_lines, per_line
from scenes.sprites.card import slot_outline
from scenes.sprites.text import TextCache
from scenes.views.rally import cards as rally_cards
from scenes.views.rally.art import cargo_pill, draw_ship, player_colour
from scenes.views.rally.layout import CARD_ASPECT, HAND_LINE_GAP, HAND_MAX_LINES, card_w
from game.rally.public import Prediction
from game.rally.words import ship_name
from scenes.kit.palette import BRASS, TEXT_DIM as DIM, INK as TEXT

Colour = tuple[int, int, int]
WARN: Colour = (255, 150, 120)
GOOD: Colour = (150, 220, 160)


@dataclass(frozen=True)
class Slot:
    """One card place in a row: its rect, the card (None = face down) and its program index."""

    rect: pygame.Rect
    card: int | None
    kind: str | None
    index: int | None
    played: bool = False


@dataclass
class Row:
    ship: int
    owner: int
    rect: pygame.Rect
    label: pygame.Rect
    slots: list[Slot] = field(default_factory=list)
    free: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where a card dropped at the end of the row would go."""
    info: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    own: bool = False


@dataclass
class Dock:
    rect: pygame.Rect
    rows: list[Row] = field(default_factory=list)
    hand: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hand_cards: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    slot_h: int = 0
    hand_h: int = 0
    hand_lines: int = 1
    first: int = 0
    """The first ship whose row is shown (rows that do not fit scroll: `ROW_LEAST`)."""
    total: int = 0
    """How many ships have a row, shown or not."""


def card_face(kind: str, w: int, h: int, players: int) -> pygame.Surface:
    """A face with the numbers and name of the engine's data file (the entropy of a table of `players`)."""
    info = KIND_BY_NAME[kind]
    return rally_cards.card_face(kind, w, h, info.cost, info.entropy(players), info.name)


def rows_in_chaos(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The ships with a row during the chaos phase: those with cards this era (own first)."""
    seat = view.get("seat")
    played = {int(p["ship"]) for p in view.get("played", [])}
    ships = [s for s in view.get("ships", []) if int(s.get("program_count", 0)) > 0 or int(s["id"]) in played]
    return sorted(ships, key=lambda s: (s["owner"] != seat, s["owner"], s["id"]))


ROW_SHOWN = 0.4
"""The least share of its width a card in a long, overlapping program row shows (the rest lies
under the next card): a row used to squeeze nine cards into 8 px slivers (issue 17)."""

ROW_ROOM = 6
"""Cards a program row makes room for side by side (a longer program overlaps its cards)."""


ROW_LEAST = 38
"""The least pitch (px) of a program row while planning: `layout.ROW_MIN` and its gap. A fleet
whose rows do not fit at it shows as many as fit and scrolls the rest (the wheel over the dock);
fourteen ships at 1024x640 ran their rows 20 px tall and off the bottom of the window."""
CHAOS_ROW_LEAST = 28
"""The same during the chaos phase (every ship's row, read-only; the name over the cargo pill):
rows take more columns first, as many as the width gives `CHAOS_COLUMN_W`."""
CHAOS_COLUMN_W = 230
"""The least width of a column of chaos rows: the label and four or five small cards."""


def held_cards(view: Mapping[str, Any]) -> list[int]:
    """The viewer's cards this era: in the hand or programmed (the hand is laid out for all)."""
    out = [int(c) for c in view.get("hand", [])]
    for cards in view.get("programs", {}).values():
        out += [int(c) for c in cards]
    return out


def hand_places(view: Mapping[str, Any], order: Sequence[int] = ()) -> list[int]:
    """The hand's places, one per card held this era, in `order` (the order they came in), then any
    others as held: a card keeps its place in the hand while it is programmed and comes back to it."""
    held = held_cards(view)
    known = set(held)
    first = [c for c in order if c in known]
    seen = set(first)
    return first + [c for c in held if c not in seen]


def piles(view: Mapping[str, Any], order: Sequence[int] = ()) -> list[list[int]]:
    """The hand's places when its cards cannot lie side by side (a fleet of a dozen ships holds
    sixty cards: they fanned into 15 px slivers at 1024x640): one pile per kind of card, in the
    order the kinds first came (`hand_places`), each pile's cards in that order."""
    kinds: Mapping[str, str] = view.get("cards", {})
    out: dict[str, list[int]] = {}
    for card in hand_places(view, order):
        out.setdefault(kinds.get(str(card), ""), []).append(card)
    return list(out.values())


def hand_count(view: Mapping[str, Any], piled: bool) -> int:
    """How many places the hand lays out: one per card held this era, or one per kind (`piles`)."""
    return len(piles(view)) if piled else len(held_cards(view))


def label_width(fs: int) -> int:
    """The width of a program row's label: the ship's whole name ("Computer 2's ship 1", shrunk a
    little if need be), its icon and cargo."""
    return max(112, int(fs * 7.6))


def info_width(fs: int) -> int:
    """The width of a program row's bill (its cost and entropy), right of its cards."""
    return max(110, int(fs * 7.5))


ROWS_SHARE = 0.62
"""The most of the dock's width the program rows take while the hand keeps its full-size cards."""
ROWS_SHARE_WHOLE = 0.67
"""The most they take when the hand gives way (`fit_hand`) so that every row lays its cards side by side."""
HAND_GIVES_WAY_H = 60
"""The smallest hand card (px tall) the hand shrinks to so that the program rows lay their cards
side by side instead of overlapping them (play-test at 1024x640: one ship's four cards overlapped
beside a hand of one full-size card and an empty half dock); a hand already smaller keeps its size.
At 60 px a face still carries its short name, cost and entropy badges."""


HAND_LEAST_H = 40
"""The smallest hand card (px tall) laid side by side; a hand that would need smaller cards lies
in piles, one per kind of card, each with its count."""


def row_card_h(slot_h: int, height: int, fs: int, rows: int) -> int:
    """The height of a card in one of `rows` program rows (one column) of a dock `height` tall:
    `slot_h`, less when the rows share too little height (as `build_dock` lays them)."""
    row_h = min(slot_h + 10, max(24, (height - fs - 10) // max(1, rows)))
    return row_h - 8


def _rows_needs(view: Mapping[str, Any], slot_h: int, fs: int, height: int = 10_000) -> tuple[int, int]:
    """(least, wanted) width of the program rows of a dock `height` tall: two whole cards and the
    free slot; the longest program expected (the cards held this era shared out among the ships,
    up to `ROW_ROOM`) and the free slot side by side (the room `build_dock` leaves them)."""
    ships = max(1, len(view.get("programs", {})))
    sw = card_w(row_card_h(slot_h, height, fs, ships))
    # label, gap, cards, the free slot (half of it shows beside a full row), gap, the bill, the
    # row's right margin
    fixed = label_width(fs) + 4 + sw - sw // 2 + 4 + info_width(fs) + 8
    # from what does not change while cards move (every card held this era, the ships), so the
    # hand keeps its place and size after each drop
    cards = len(held_cards(view))
    longest = min(ROW_ROOM, -(-cards // ships))
    # two whole full-size cards and the free slot
    rows_min = label_width(fs) + info_width(fs) + (card_w(slot_h) + 4) * 3
    return rows_min, max(rows_min, fixed + sw * longest + 2 * (longest - 1))  # (cards 2 px apart or more)


def dock_widths(width: int, view: Mapping[str, Any], slot_h: int, hand_h: int, fs: int,
                lines: int = 1, height: int = 10_000) -> tuple[int, int]:
    """(rows width, hand width) of a dock `width` wide: the hand gets the room its cards need
    side by side (on `lines` lines), the rows the rest; rows never go below two slots (a longer
    row overlaps its cards) nor above `ROWS_SHARE` of the width, or `ROWS_SHARE_WHOLE` when the
    hand's cards are small enough to leave the rows whole."""
    rows_min, rows_need = _rows_needs(view, slot_h, fs, height)
    cards = len(held_cards(view))
    hand_need = per_line(cards, lines) * (card_w(hand_h) + 6) - 6  # (no gap after the last card)
    if hand_need > width - 12 - rows_min:  # the cards cannot lie side by side: piles (as `build_dock`)
        hand_need = per_line(hand_count(view, True), lines) * (card_w(hand_h) + 6) - 6
    cap = int(width * (ROWS_SHARE_WHOLE if width - 12 - hand_need >= rows_need else ROWS_SHARE))
    # what the hand does not need goes to the rows, up to the cap (a longer program than the
    # cards make likely then still lies side by side; the hand used to take it as empty room)
    rows_w = min(cap, max(rows_min, width - 12 - hand_need))
    return rows_w, width - rows_w - 12


def hand_room(width: int, view: Mapping[str, Any], slot_h: int, fs: int, whole: bool = False,
              height: int = 10_000) -> int:
    """The most width a dock `width` wide (and `height` tall) can give the hand: its rows at
    their narrowest, or (`whole`) wide enough for their cards side by side."""
    if not whole:
        return dock_widths(width, view, slot_h, 10_000, fs, height=height)[1]
    rows_need = _rows_needs(view, slot_h, fs, height)[1]
    return width - 12 - min(int(width * ROWS_SHARE_WHOLE), rows_need)


def fit_hand(dock_for: Callable[[int], pygame.Rect], view: Mapping[str, Any], slot_h: int,
             hand_h: int, fs: int, alone: bool = False,
             sized: Callable[[int, int], pygame.Rect] | None = None) -> tuple[int, int]:
    """(lines, card height) of the hand: whole lines of cards side by side, none covering
    another, at the largest height up to `hand_h` (the fewest lines of those); `dock_for(lines)`
    is the dock the table lays out for that many lines of full-height cards (`table_layout`);
    `alone`: the hand has the dock's whole width (beside the split panel, no rows). The hand
    gives the program rows the width for their cards side by side when its cards stay at least
    `HAND_GIVES_WAY_H` tall (or as tall as they would be anyway), unless they already have it
    (`sized(lines, card_h)`: the dock laid out for such a hand, `dock_for` by default)."""
    def fit(whole: bool) -> tuple[int, int]:
        def room(lines: int) -> tuple[int, int]:
            dock = dock_for(lines)
            return ((dock.width if alone else hand_room(dock.width, view, slot_h, fs, whole, dock.height)),
                    dock.height - fs - 12)

        single = fit_lines(len(held_cards(view)), room, hand_h, CARD_ASPECT, 6, HAND_LINE_GAP, HAND_MAX_LINES)
        if single[1] >= HAND_LEAST_H:
            return single
        # too many cards to lie side by side at a readable size: a pile per kind (`piles`)
        return fit_lines(hand_count(view, True), room, hand_h, CARD_ASPECT, 6, HAND_LINE_GAP, HAND_MAX_LINES,
                         least=HAND_LEAST_H)

    narrow = fit(False)
    if alone:
        return narrow
    dock = sized(*narrow) if sized is not None else dock_for(narrow[0])
    if dock_widths(dock.width, view, slot_h, narrow[1], fs, narrow[0], dock.height)[0] \
            >= _rows_needs(view, slot_h, fs, dock.height)[1]:
        return narrow  # the rows have their room beside the hand as it is
    whole = fit(True)
    return whole if whole[1] >= min(narrow[1], HAND_GIVES_WAY_H) else narrow


def row_pages(height: int, fs: int, count: int, width: int, spread: bool) -> tuple[int, int]:
    """(columns, rows per column) for `count` rows in a rows area `width` x `height` (title
    included): one column beside the hand; without it (`spread`: the chaos phase, an onlooker)
    two past three rows, more while the rows would be under `CHAOS_ROW_LEAST` and the width
    allows; rows per column as many as fit at the least pitch, at most all of them."""
    avail = height - fs - 10
    least = CHAOS_ROW_LEAST if spread else ROW_LEAST
    columns = 2 if (spread and count > 3) else 1
    if spread:
        most = max(columns, width // CHAOS_COLUMN_W)
        while columns < most and -(-count // columns) * least > avail:
            columns += 1
    per_col = max(1, -(-count // columns))
    return columns, max(1, min(per_col, avail // least))


def build_dock(rect: pygame.Rect, view: Mapping[str, Any], slot_h: int, hand_h: int, fs: int,
               show_hand: bool, reveal_own: bool = True, hand_lines: int = 1, rows: bool = True,
               hand_order: Sequence[int] = (), first: int = 0) -> Dock:
    """Place the rows (own ships while planning; every ship in the chaos phase) and the hand.
    Without `reveal_own` (several people share the screen during the chaos phase) the
    viewer's own cards still to play lie face down like everyone else's. With `hand_lines` > 1
    the hand lies in that many whole lines, `HAND_LINE_GAP` apart (the list holds the last
    line first). Without `rows` only the hand is placed (beside the split panel in the dock).
    `hand_order` is the order the viewer's cards came in (`hand_places`). Rows that do not fit
    (`row_pages`) scroll: those from the `first` on are laid out."""
    dock = Dock(rect, slot_h=slot_h, hand_h=hand_h, hand_lines=hand_lines)
    if rect.height <= 0:
        return dock
    seat = view.get("seat")
    chaos = view.get("phase") == "chaos"
    ships = sorted(view.get("ships", []), key=lambda s: (s["owner"] != seat, s["owner"], s["id"]))
    # an observer (the replay viewer's "everyone") owns no ship: every programmed ship's row
    ships = [s for s in ships if s["owner"] == seat] if not chaos and int(seat or 0) >= 0 else rows_in_chaos(view)
    if not rows:
        ships = []
    label_w = label_width(fs)
    info_w = info_width(fs)
    rows_w = rect.width
    if show_hand:
        if rows:
            rows_w, hand_w = dock_widths(rect.width, view, slot_h, hand_h, fs, hand_lines, rect.height)
        else:
            rows_w, hand_w = -12, rect.width
        dock.hand = pygame.Rect(rect.x + rows_w + 12, rect.y + fs + 10, hand_w, rect.height - fs - 12)
        hw = card_w(hand_h)
        # every card held this era keeps its place: one dropped into a program leaves a gap, and
        # the hand's size and lines do not change with each drop (issue 17: the hand reflowed)
        places: list[list[int]] = [[c] for c in hand_places(view, hand_order)]
        if per_line(len(places), hand_lines) * (hw + 6) - 6 > dock.hand.width:
            places = piles(view, hand_order)  # too many to lie side by side: a pile per kind
        in_hand = {int(c) for c in view.get("hand", [])}
        on_line = per_line(len(places), hand_lines)
        stride = fan_step(on_line, hw, dock.hand.width, hw + 6, 12)
        step_y = hand_h + HAND_LINE_GAP
        for line in reversed(range(-(-len(places) // max(1, on_line)))):
            for i, pile in enumerate(places[line * on_line:(line + 1) * on_line]):
                for card in pile:  # a pile's cards share its place; the last lies on top
                    if card in in_hand:
                        dock.hand_cards.append((card, pygame.Rect(dock.hand.x + i * stride,
                                                                  dock.hand.y + line * step_y, hw, hand_h)))
    top = rect.y + fs + 10
    columns, per_col = row_pages(rect.height, fs, len(ships), rows_w, not show_hand)
    shown = columns * per_col
    dock.total = len(ships)
    dock.first = max(0, min(first, len(ships) - shown))
    ships = ships[dock.first:dock.first + shown]
    col_w = rows_w // columns
    h = row_card_h(slot_h, rect.height, fs, per_col)  # (rect.bottom - top is rect.height - fs - 10)
    row_h = h + 8
    w = card_w(h)
    programs: Mapping[str, list[int]] = view.get("programs", {})
    kinds: Mapping[str, str] = view.get("cards", {})
    played = [(int(p["ship"]), int(p["card"])) for p in view.get("played", [])]
    for i, ship in enumerate(ships):
        col, r = divmod(i, per_col)
        x0 = rect.x + col * col_w
        row = pygame.Rect(x0, top + r * row_h, col_w - 8, row_h - 4)
        sid, owner = int(ship["id"]), int(ship["owner"])
        own = owner == seat
        label = pygame.Rect(row.x, row.y, label_w, row.height)
        info = pygame.Rect(row.right - (info_w if own and not chaos else 0), row.y,
                           info_w if own and not chaos else 0, row.height)
        out = Row(sid, owner, row, label, info=info, own=own)
        x = label.right + 4
        count = (sum(1 for s, _ in played if s == sid) if chaos else 0) + (
            len(programs.get(str(sid), [])) if own and (reveal_own or not chaos) else int(ship.get("program_count", 0)))
        room = (info.x if info.width else row.right) - x - 4 - (w if own and not chaos else 0)
        cw, ch = w, h
        if count * (w + 4) <= room:
            step = w + 4
        else:
            room += w // 2 if own and not chaos else 0  # the free slot shows half (a drop on the row ends it)  # cards overlap in a row too short for them all (the free slot stays whole), each
            # showing at least `ROW_SHOWN` of itself; smaller when even that is too long (no slivers)
            cw = max(12, min(w, int(room / (ROW_SHOWN * max(0, count - 1) + 1))))
            ch = min(h, int(cw / CARD_ASPECT))
            step = max(int(cw * ROW_SHOWN), (room - cw) // max(1, count - 1)) if count > 1 else cw + 4
            step = min(step, cw + 4)
        top_y = row.y + 2 + (h - ch) // 2
        if chaos:
            for s, card in played:
                if s == sid:
                    k = kinds.get(str(card))
                    out.slots.append(Slot(pygame.Rect(x, top_y, cw, ch), card, k, None, True))
                    x += step
        if own and (reveal_own or not chaos):
            for index, card in enumerate(programs.get(str(sid), [])):
                out.slots.append(Slot(pygame.Rect(x, top_y, cw, ch), int(card), kinds.get(str(card)), index))
                x += step
        else:
            for _ in range(int(ship.get("program_count", 0))):
                out.slots.append(Slot(pygame.Rect(x, top_y, cw, ch), None, None, None))
                x += step
        if step < cw + 4 and out.slots:
            x = out.slots[-1].rect.right + 4
        out.free = pygame.Rect(x, row.y + 2, max(w // 2, (info.x if info.width else row.right) - x - 4), h)
        dock.rows.append(out)
    return dock


def draw_dock(layer: pygame.Surface, dock: Dock, view: Mapping[str, Any], text: TextCache, fs: int,
              predictions: Mapping[int, Prediction], hidden: set[Target], planning: bool,
              off: tuple[int, int], names: Sequence[str] = (), person: bool = True) -> None:
    """The dock into the static layer (`off` = layer offset); `hidden` cards are being moved;
    `names` are the table's seat names (a row calls its ship as the log does). Without a
    `person` at the seat on screen (a computer watched, the replay viewer) the dock tells nobody
    to drag cards, and the hand is the seat's by name, not "Your hand"."""
    ox, oy = off
    if dock.rect.height <= 0:
        return
    box = dock.rect.move(ox, oy).inflate(8, 6)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (14, 16, 28, 205), panel.get_rect(), border_radius=10)
    pygame.draw.rect(panel, (90, 76, 50, 255), panel.get_rect(), width=1, border_radius=10)
    layer.blit(panel, box)
    # the title and the entropy sum stop short of the hand's own title (narrow docks: shorter words)
    room = (dock.hand.x - 10 if dock.hand.width > 0 else dock.rect.right - 4) - (dock.rect.x + 4)
    extra = ""
    if planning and any(view.get("programs", {}).values()):  # nothing programmed yet: the hint matters more
        extra = f"\u00b7 entropy {sum(p.entropy for p in predictions.values()):+d} in all"
    titles = ["Programs: drag cards into a row", "Programs"] if planning and person \
        else ["Programs this era", "Programs"]
    title = titles[-1]
    for option in titles if dock.rows or not dock.hand.width else []:  # (the hand alone: no title)
        width = text.render(option, fs - 1, BRASS, "bold").get_width()
        if width + (8 + text.render(extra, fs - 2, DIM, "bold").get_width() if extra else 0) <= room:
            title = option
            break
    if not dock.rows and dock.hand.width:
        title, extra = "", ""
    more = ""
    if dock.total > len(dock.rows):  # rows out of sight: which are shown, and that the wheel scrolls them
        more = f"ships {dock.first + 1}\u2013{dock.first + len(dock.rows)} of {dock.total} \u00b7 wheel scrolls"
        room -= text.render(more, fs - 2, TEXT, "bold").get_width() + 12
        for option in titles:
            title = option
            if text.render(option, fs - 1, BRASS, "bold").get_width() <= room:
                break
        extra = ""
        right = dock.hand.x - 12 if dock.hand.width > 0 else dock.rect.right - 4
        text.blit(layer, more, fs - 2, TEXT, "bold", topright=(right + ox, dock.rect.y + oy + 3))
    at = text.blit(layer, title, fs - 1, BRASS, "bold", topleft=(dock.rect.x + ox + 4, dock.rect.y + oy + 2))
    if extra and at.right - ox - dock.rect.x + 8 + text.render(extra, fs - 2, DIM, "bold").get_width() <= room + 4:
        text.blit(layer, extra, fs - 2, DIM, "bold", midleft=(at.right + 8, at.centery))
    if dock.hand.width > 0:
        seat = int(view.get("seat", 0))
        whose = "Your hand" if person or not 0 <= seat < len(names) or names[seat] == "You" \
            else f"{names[seat]}'s hand"  # (the seat named "You" in a replay: not "You's hand")
        text.blit(layer, f"{whose} ({len(dock.hand_cards)})", fs - 1, BRASS, "bold",
                  topleft=(dock.hand.x + ox, dock.rect.y + oy + 2))
        if not dock.hand_cards:
            text.blit(layer, "No cards left in your hand", fs - 2, DIM,
                      midleft=(dock.hand.x + ox + 4, dock.hand.y + oy + dock.hand_h // 2))
        for card, r in dock.hand_cards:
            if Target("hand", ident=str(card)) in hidden:
                layer.blit(slot_outline(r.width, r.height), r.move(ox, oy))
                continue
            kind = view.get("cards", {}).get(str(card))
            if kind:
                layer.blit(card_face(kind, r.width, r.height, int(view["players"])), r.move(ox, oy))
        _pile_counts(layer, dock, hidden, text, fs, off)
    for row in dock.rows:
        _draw_row(layer, row, view, text, fs, predictions.get(row.ship), hidden, planning, off, names)


def _pile_counts(layer: pygame.Surface, dock: Dock, hidden: set[Target], text: TextCache, fs: int,
                 off: tuple[int, int]) -> None:
    """"×N" on each pile of the hand (`piles`) holding two cards or more, those being dragged aside."""
    counts: dict[tuple[int, int, int, int], int] = {}
    for card, r in dock.hand_cards:
        if Target("hand", ident=str(card)) not in hidden:
            counts[(r.x, r.y, r.width, r.height)] = counts.get((r.x, r.y, r.width, r.height), 0) + 1
    for (x, y, w, h), n in counts.items():
        if n < 2:
            continue
        label = text.render(f"\u00d7{n}", fs - 2, TEXT, "bold")
        box = pygame.Rect(0, 0, label.get_width() + 8, label.get_height() + 2)
        box.topright = (x + w + off[0] - 1, y + off[1] + 1)  # (clear of the cost, top left, and the entropy below)
        pygame.draw.rect(layer, (14, 16, 28), box, border_radius=box.height // 2)
        pygame.draw.rect(layer, BRASS, box, width=1, border_radius=box.height // 2)
        layer.blit(label, label.get_rect(center=box.center))


def _draw_row(layer: pygame.Surface, row: Row, view: Mapping[str, Any], text: TextCache, fs: int,
              pred: Prediction | None, hidden: set[Target], planning: bool, off: tuple[int, int],
              names: Sequence[str] = ()) -> None:
    ox, oy = off
    col = player_colour(row.owner)
    r = row.rect.move(ox, oy)
    pygame.draw.rect(layer, (24, 27, 42), r, border_radius=8)
    pygame.draw.rect(layer, tuple(int(c * 0.6) for c in col), r, width=1, border_radius=8)
    ship = next((s for s in view.get("ships", []) if int(s["id"]) == row.ship), None)
    lab = row.label.move(ox, oy)
    if ship is not None:
        # one name per ship everywhere: the log's ("Your ship 1", "Computer's ship 1"), over the
        # whole label; it shrinks rather than run under the cards ("Orange 1" was the row's own name)
        label = ship_name(row.owner, int(ship.get("number", row.ship)), names)
        room = lab.width - 8
        size = fs - 2
        while size > 9 and text.font(size, "bold").size(label)[0] > room:
            size -= 1
        text.blit(layer, label, size, col, "bold", topleft=(lab.x + 4, lab.y + 2))
        low = lab.y + 4 + size
        sh = max(12, min(lab.bottom - low - 2, 30))
        # the ship's own heading, as on the map (it always pointed north: issue 17)
        heading = direction_angle(int(ship.get("direction", 0)))
        draw_ship(layer, (lab.x + 4 + sh * 0.5, low + sh * 0.5), row.owner, heading, max(10, int(sh * 0.7)))
        pill = cargo_pill(int(ship["energy"]), int(ship["titanium"]), max(12, fs - 3))
        layer.blit(pill, pill.get_rect(midleft=(lab.x + 8 + sh, int(low + sh * 0.5))))
    for slot in row.slots:
        sr = slot.rect.move(ox, oy)
        if slot.index is not None and Target("program", ident=f"{row.ship}:{slot.index}") in hidden:
            layer.blit(slot_outline(sr.width, sr.height), sr)
            continue
        if slot.kind is None:
            layer.blit(rally_cards.back(sr.width, sr.height), sr)
            continue
        face = card_face(slot.kind, sr.width, sr.height, int(view["players"]))
        if slot.played:
            face = face.copy()
            face.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
        layer.blit(face, sr)
        if pred is not None and slot.index is not None and (slot.index in pred.skipped or slot.index == pred.lost_at
                                                            or (pred.loses_battle and slot.index == pred.battle_at)):
            pygame.draw.rect(layer, WARN, sr.inflate(4, 4), width=3, border_radius=6)
            pygame.draw.line(layer, WARN, sr.bottomleft, sr.topright, 3)
    if row.own and planning:
        fr = row.free.move(ox, oy)
        if fr.width > 8:
            layer.blit(slot_outline(min(fr.width, row.slots[0].rect.width if row.slots else fr.height * 7 // 10),
                                    fr.height, (120, 112, 90), 110), fr.topleft)
    if row.info.width and pred is not None and ship is not None:
        _draw_bill(layer, row.info.move(ox, oy), pred, int(ship["energy"]), view, text, fs)


def _draw_bill(layer: pygame.Surface, r: pygame.Rect, pred: Prediction, energy: int, view: Mapping[str, Any],
               text: TextCache, fs: int) -> None:
    """Cost against energy carried, the first card that would be skipped, and the entropy added."""
    short = pred.cost > energy
    text.blit(layer, f"Costs {pred.cost} of {energy}", fs - 2, WARN if short else GOOD, "bold",
              topleft=(r.x + 4, r.y + 2))
    y = r.y + 2 + fs
    if pred.lost_at is not None:
        text.blit(layer, "Flies off the map!", fs - 3, WARN, "bold", topleft=(r.x + 4, y))
    elif pred.loses_battle:  # lands on a stronger rival ship as things stand: gone, cargo and all
        text.blit(layer, "Loses a battle!", fs - 3, WARN, "bold", topleft=(r.x + 4, y))
        _battle_odds(layer, r, y + fs, pred, text, fs)
    elif pred.skipped:
        kinds = view.get("cards", {})
        cards = view.get("programs", {}).get(str(pred.ship), [])
        first = cards[pred.skipped[0]] if pred.skipped[0] < len(cards) else None
        name = KIND_BY_NAME[kinds[str(first)]].name if first is not None and str(first) in kinds else "a card"
        more = f" +{len(pred.skipped) - 1}" if len(pred.skipped) > 1 else ""
        text.blit(layer, f"Skips {name}{more}", fs - 3, WARN, "bold", topleft=(r.x + 4, y))
    elif pred.battle_at is not None:
        text.blit(layer, "Wins a battle", fs - 3, GOOD, "bold", topleft=(r.x + 4, y))
        _battle_odds(layer, r, y + fs, pred, text, fs)
    else:
        text.blit(layer, f"Entropy {pred.entropy:+d}", fs - 3, DIM, topleft=(r.x + 4, y))


def _battle_odds(layer: pygame.Surface, r: pygame.Rect, y: int, pred: Prediction, text: TextCache, fs: int) -> None:
    """The energies a forecast battle weighs (own ship against the rivals there), room permitting."""
    if y + fs - 4 <= r.bottom:
        text.blit(layer, f"{pred.battle_energy} v {pred.battle_foes} energy", fs - 4, DIM, topleft=(r.x + 4, y))


def dock_hit(dock: Dock, pos: tuple[float, float], held: Target | None) -> Target | None:
    """The card, slot, ship row or hand under `pos` (what a drop there would mean)."""
    for card, r in reversed(dock.hand_cards):
        if r.collidepoint(pos):
            return Target("hand", ident=str(card))
    if dock.hand.collidepoint(pos):
        return Target("hand")
    for row in dock.rows:
        if not row.rect.collidepoint(pos) or not row.own:
            continue
        if row.label.collidepoint(pos):
            return Target("ship", ident=str(row.ship))
        for slot in reversed(row.slots):  # later cards lie on top where a long row overlaps
            if slot.index is not None and slot.rect.collidepoint(pos):
                return Target("program", ident=f"{row.ship}:{slot.index}")
        count = sum(1 for s in row.slots if s.index is not None)
        same = held is not None and held.zone == "program" and (held.ident or "").split(":")[0] == str(row.ship)
        end = count - 1 if same else count
        return Target("program", ident=f"{row.ship}:{max(0, end)}")
    return None


def slot_rect(dock: Dock, target: Target) -> pygame.Rect | None:
    """Where a hand card, program slot or row end is on screen."""
    if target.zone == "hand":
        if target.ident is None:
            return dock.hand if dock.hand.width else None
        for card, r in dock.hand_cards:
            if str(card) == target.ident:
                return r
        return None
    if target.zone == "program":
        sid, _, index = (target.ident or ":").partition(":")
        for row in dock.rows:
            if str(row.ship) != sid:
                continue
            for slot in row.slots:
                if slot.index is not None and str(slot.index) == index:
                    return slot.rect
            return row.free
    if target.zone == "ship":
        for row in dock.rows:
            if str(row.ship) == target.ident:
                return row.label
    return None


def visible_part(dock: Dock, target: Target) -> pygame.Rect | None:
    """The part of a hand or programmed card not covered by the next one (where a press picks
    it up)."""
    rect = slot_rect(dock, target)
    if rect is None or target.zone not in ("hand", "program") or target.ident is None:
        return rect
    if target.zone == "program":
        rects = [sl.rect for row in dock.rows if str(row.ship) == target.ident.split(":")[0] for sl in row.slots]
    else:
        rects = [r for _, r in dock.hand_cards]
    i = rects.index(rect) if rect in rects else -1
    out = pygame.Rect(rect)
    if 0 <= i < len(rects) - 1 and rects[i + 1].y == rect.y and rect.x < rects[i + 1].x < rect.right:
        out.width = rects[i + 1].x - rect.x
    above = [r.bottom for r in rects[i + 1:] if r.y < rect.y and r.colliderect(out)] if i >= 0 else []
    if above:  # a hand card of the second line, under the first line's cards
        top = max(above)
        out = pygame.Rect(out.x, top, out.width, max(1, out.bottom - top))
    return out


def card_of(dock: Dock, view: Mapping[str, Any], target: Target) -> str | None:
    """The kind of the card a hand or program target stands for, only where the dock shows it
    face up: a program slot drawn face down (the chaos phase on a shared screen) names nothing,
    though the view knows the card (its tooltip named the ship's next card to the whole table)."""
    kinds: Mapping[str, str] = view.get("cards", {})
    if target.zone == "hand" and target.ident is not None:
        shown = any(str(card) == target.ident for card, _ in dock.hand_cards)
        return kinds.get(target.ident) if shown else None
    if target.zone == "program":
        sid, _, index = (target.ident or ":").partition(":")
        for row in dock.rows:
            if str(row.ship) == sid:
                slot = next((s for s in row.slots if s.index is not None and str(s.index) == index), None)
                return kinds.get(str(slot.card)) if slot is not None and slot.card is not None else None
    return None
