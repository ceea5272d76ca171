"""The Entropy Rally table: the hex map, the entropy bar, the players, the tray and the card dock.

Reads only the seat's plain `view()` dict and speaks in Targets (see
`docs/rally-contract.md`, "As built"): the drawn tile `tile` and a new ship
`ship` go onto a `hex` (with the chosen facing as the hex target's ident),
hand cards (`hand`) into program slots (`program`, "ship:index") or onto a
`ship`, programmed cards back to the `hand`; clicks on a ship (which plays
next) and on buttons (`finish`, `keep`, `give:…`, `swap:…`). Geometry lives in
`layout`, the dock in `planning`, routes in `game/rally/public.py`, the chaos
playback in `animation`, the panels in `controls`, the words in `text` (modules
of this package). A static layer (felt, map, parked ships, panels, dock, routes)
is rendered once per position; ships, tokens and effects in motion, the bar
and the highlights are drawn live.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

import pygame

from game.core.hexgrid import Hex, bounds, direction_angle
from game.core.decisions import Decision
from game.core.match import LogEntry
from game.core.protocol import Command, Event, Seat, Target, redact
from game.rally.cards import KIND_BY_NAME
from game.rally.commands import (
    DistributeEnergy,
    Exchange,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    ProgramCard,
    SetProgram,
    ShipDestroyed,
    UnprogramCard,
)
from scenes.kit import palette
from scenes.animation import Animator, linear
from scenes.pacing import PULSE, STILL
from scenes.sprites.button import draw_pill
from scenes.sprites.felt import felt_surface
from scenes.sprites.hex import blit_centred, hex_glow, hex_hover, hex_shape
from scenes.sprites.text import cut_to, panel
from scenes.views.rally import text as words
from scenes.views.rally.result import draw_chart
from scenes.views.rally.text import ENTROPY_COLOUR, NEUTRAL
from scenes.views.base import Action, Colour, GameView, Overlay, Point, ViewDict, brief_by_command
from scenes.views.rally.labels import RISE, START, label_size_px, number_rects, place_label, swept
from scenes.views.rally.animation import Timeline, build_timeline, cargo_at, pushed_off, seats_at, tiles_shown
from scenes.views.rally.art import (
    BURST_FRAMES,
    PLAYERS,
    burst,
    draw_crowd_chip,
    draw_path,
    draw_ship,
    draw_tokens,
    path_points,
    player_colour,
    player_look,
    seat_badge,
    stack_layout,
    tile,
    tile_image,
    token_sprite,
)
from scenes.views.rally.badge import Cargo, draw_tile_badge, has_badge
from scenes.views.rally.reveal import hex_box, off_tiles
from scenes.views.rally.bar import entropy_bar, portal_marks, scale_start
from scenes.views.rally.controls import (
    DOCK,
    PANEL_SIDES,
    dock_panel_height,
    fits_dock,
    panel_title,
    SplitDraft,
    apply_action,
    draw_panel,
    map_beside,
    panel_geometry,
)
from scenes.kit.camera import Camera
from scenes.kit.playback import PlayControls
from scenes.views.rally.layout import (FIT_PAD, HexFit, TableLayout, fit_hexes, hand_card_h, min_radius,
                                        slot_card_h, table_layout)
from scenes.views.rally.planning import (
    Dock,
    build_dock,
    card_face,
    card_of,
    dock_hit,
    draw_dock,
    fit_hand,
    hand_places,
    rows_in_chaos,
    slot_rect,
    visible_part,
)
from scenes.kit.popups import pop_rect
from game.rally.public import Prediction, predict_all, seen_by_all
from game.rally.words import ENTROPY_TONE, brief, describe_event, wave_loss
from game.core.words import PLAIN, SEAT, Line
from scenes.kit.palette import BRASS, TEXT_DIM as DIM, INK as TEXT

FINISH = Target("button", ident="finish")
KEEP = Target("button", ident="keep")
TILE = Target("tile")
NEW_SHIP = Target("ship")
HexT = tuple[int, int]


ZOOM_STEP = 1.15
"""Zoom per wheel notch."""
ZOOM_MAX = 110
"""The largest hex radius the wheel zooms to (pixels)."""

MAP_HINT = "drag the map or use the arrows to see the rest; wheel zooms, 0 fits"
MAP_HINT_SHORT = "drag: pan \u00b7 wheel: zoom"
"""Said at the map's corner while part of it lies beyond the edges."""


def _hex(h: Sequence[int]) -> HexT:
    return (int(h[0]), int(h[1]))


REST_GLOW = 0.5
"""Strength of the glow on the hexes a tile or a new ship may go to before it is picked up
(while it is held they glow at full strength)."""


class RallyView(GameView):
    """See the module docstring."""

    def __init__(self, ctx: Any, game: Any, text: Any) -> None:
        super().__init__(ctx, game, text)
        self.lay: TableLayout | None = None
        self.fit = HexFit(30, (0.0, 0.0))
        """The hexes as drawn: the fitted map moved by the camera's pan."""
        self._base_fit = HexFit(0, (0.0, 0.0))  # no fit yet: the first one warms its art
        self.camera = Camera(pygame.Rect(0, 0, 0, 0), (0.0, 0.0, 0.0, 0.0))
        self._focus_key: Any = None
        self._pan_goal: Point | None = None
        """Where the camera glides to while a chaos round follows its acting ship."""
        self._last_time: float | None = None
        self._pan_press: Point | None = None
        self._panning = False
        self.dock = Dock(pygame.Rect(0, 0, 0, 0))
        self._dock_first = 0
        """The first ship row the dock shows when its rows do not all fit (the wheel scrolls them)."""
        self.predictions: dict[int, Prediction] = {}
        self.draft: SplitDraft | None = None
        self._panel_side = "bottom"
        """Where the open split panel sits: `controls.DOCK`, else in the map area (the map beside it)."""
        self._chaos_record: list[tuple[ViewDict, list[Event], ViewDict]] = []
        """The last chaos phase as it was played back: (view before, events, view after) a round."""
        self._replay_queue: list[tuple[ViewDict, list[Event], ViewDict]] = []
        """Rounds of a replay asked for and not yet begun."""
        self._replay_asked = False
        self._replaying = False
        """A replay of the last chaos phase is on screen (the banner says so)."""
        self._replay_done_at: float | None = None
        """When the last replay ended (`replay_finished`)."""
        self._now = 0.0
        """The table's clock at the last frame drawn."""
        self.same_order = False
        """The person's ships play in the order they last picked, round after round, without asking
        (issue 17: "same order as before"); the toggle stands on the dock in the chaos phase."""
        self._picks: tuple[Any, list[int]] = (None, [])
        """(era and round, the ships the person picked to play next in it, in order)."""
        self._kept_order: list[int] = []
        """The order the person last picked their ships in (a whole round's picks)."""
        self._drawn_dock = Dock(pygame.Rect(0, 0, 0, 0))
        """The dock as drawn in the last frame (during a playback, the round's own)."""
        self._hand_order: list[int] = []
        """The viewer's cards in the order they came (each keeps its place in the hand)."""
        self._zoom_radius: int | None = None
        """The hex radius the person zoomed to (None: the fit)."""
        self._user_view = False
        """The person zoomed or panned: refits keep their view (0 / Home fits the map again)."""
        self._anchor: tuple[Point, Point] | None = None
        """(screen point, map point in radii from hex (0, 0)) the next refit keeps together."""
        self.play = PlayControls()
        self.watch_paused = False
        self._rounds_watched = 0
        """Chaos rounds played back on this screen (the first one says what Pause and Step do)."""
        self.stop_words = ""
        """The outcome of the key moment a chaos round is paused on (empty: none)."""
        self.facing: int | None = None
        """The facing chosen for the ship being placed (None: the engine's suggestion per hex)."""
        self._held: Target | None = None
        self._mouse: Point = (0.0, 0.0)
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._shape: Any = None
        self._fit_key: Any = None
        self._ship_rects: dict[int, pygame.Rect] = {}
        self._ship_centres: dict[int, Point] = {}
        """Where each drawn ship's hull is (screen pixels), to tell overlapping areas apart."""
        self._playing_round = 0
        """The chaos round being played back (0: none), for the banner."""
        self._reveal: tuple[int, list[float], Any] | None = None
        """(events, their times, tween) of the running playback: their log lines wait for it."""
        self._logged_hidden = 0
        self._reveal_animator: Animator | None = None
        self._warm: list[Callable[[], object]] = []
        """Art to draw ahead on idle frames (see `_queue_warm`)."""
        self._soon: list[Callable[[], object]] = []
        """Art the running round needs next, drawn ahead one piece per frame."""
        self._shown_tiles: Sequence[Mapping[str, Any]] = []
        """The tiles as drawn this frame: during a playback, as they are at that moment of it."""
        self._round_dock: ViewDict | None = None
        """The view before the chaos round playing back: the dock keeps its shape until the
        round has been seen (a ship lost in it keeps its row; the last round keeps the dock)."""
        self._veiled = False
        """Hot-seat: cards came to the seat on screen while nobody held any (the deal after the
        set-up or an era): its hand stays hidden and the table hands the screen over at once
        (`handoff_again`), because the person at the screen may not be the next planner."""
        self._seats_now: ViewDict | None = None
        """During a playback, the view with the players' points, ships and places in the race as
        the playback has shown them so far (`seats_at`); None otherwise."""

    # --- layout ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._shape = None
        self._relayout()

    def _dock_shape(self) -> tuple[int, bool]:
        if self._veiled:  # the table keeps the set-up's shape (no map refit) until the hand-off
            return 0, False
        if self._round_dock is not None:
            return len(rows_in_chaos(self._round_dock)), False
        v = self.view
        phase = v.get("phase")
        seat = v.get("seat")
        if phase in ("planning", "distribute") and int(seat or 0) < 0:  # an observer: no hand
            return len(rows_in_chaos(v)), False
        if phase in ("planning", "distribute"):
            # the split before planning keeps planning's dock (its panel stands there), so the map
            # does not change size between the two
            return sum(1 for s in v.get("ships", []) if s["owner"] == seat), seat is not None and seat >= 0  # an onlooker has no hand
        if phase == "chaos":
            return len(rows_in_chaos(v)), False
        return 0, False

    def _relayout(self) -> None:
        if not self.rect.width:
            return
        h = self._screen_h()
        show_hand = self.view.get("phase") in ("planning", "distribute") and self._round_dock is None \
            and not self._veiled and self.me >= 0  # (an observer holds no hand)
        slot_h = slot_card_h(h, compact=not show_hand)
        rows, hand = self._dock_shape()
        lines, hand_h = 1, hand_card_h(h)
        font = table_layout(self.rect, rows, hand).font
        least = dock_panel_height(self.draft, font) if self.draft is not None else 0
        if hand:
            def sized(n: int, card_h: int | None = None) -> pygame.Rect:
                return table_layout(self.rect, rows, hand, n, card_h, dock_least=least).dock

            lines, hand_h = fit_hand(sized, self.view, slot_h, hand_card_h(h), font, sized=sized)
        shape = (rows, hand, lines, hand_h, least, self.rect.size, self.rect.topleft)
        if shape != self._shape:
            self._shape = shape
            self.lay = table_layout(self.rect, rows, hand, lines, hand_h, dock_least=least)
            self._fit_key = None
        lay = self.lay
        assert lay is not None
        hexes = [_hex(t["hex"]) for t in self.view.get("tiles", [])]
        if self.view.get("drawn_tile") is not None:
            hexes += [_hex(h) for h in self.view.get("legal_tile_hexes", [])]
        area = self._choose_panel_side(hexes, h)
        key = (frozenset(hexes), area.size, area.topleft, self._zoom_radius)
        if key != self._fit_key:
            self._fit_key = key
            # where the person left the view: the point of the map at the centre of the view stays
            # there (a placed tile grew the map and the refit moved it all; issue 17)
            keep = self._anchor
            if keep is None and self._user_view and self._base_fit.radius:
                c = (float(area.centerx), float(area.centery))
                keep = (c, ((c[0] - self.fit.origin[0]) / self.fit.radius, (c[1] - self.fit.origin[1]) / self.fit.radius))
            self._anchor = None
            # the zoom of the whole map area, panel or not (fitted beside an open panel the hexes
            # shrank to the 22 px minimum and jumped back after it); beside a panel the map is
            # centred on the free part and the camera pans within it
            base = self._zoomed(self._fit_in(lay.map, hexes, h), lay.map)
            if area != lay.map:
                base = HexFit(base.radius, (base.origin[0] + area.centerx - lay.map.centerx,
                                            base.origin[1] + area.centery - lay.map.centery))
            pan = self.camera.pan
            if keep is not None:
                # the map drawn where the person left it: the kept point under its screen point,
                # on an axis the map fits too (the camera would centre it there), just kept whole
                (sx, sy), (fx, fy) = keep
                base = HexFit(base.radius, (sx - fx * base.radius, sy - fy * base.radius))
                pan = (0.0, 0.0)
            extent = self._extent(base, hexes)
            if keep is not None:
                tiles = [_hex(t["hex"]) for t in self.view.get("tiles", [])] or hexes
                dx, dy = _keep_whole(self._extent(base, tiles, pad=0.0), area)
                base = HexFit(base.radius, (base.origin[0] + dx, base.origin[1] + dy))
                extent = self._extent(base, hexes)
            self.camera = Camera(pygame.Rect(area), extent, pan)
            self.camera.clamp()
            if base.radius != self._base_fit.radius:
                self._queue_warm()
            self._base_fit = base
        focus = self._focus_hexes()
        fkey = (frozenset(focus), self.view.get("phase"), self._fit_key)
        if fkey != self._focus_key:
            self._focus_key = fkey
            pts = [self._base_fit.centre(c) for c in focus]
            # a view the person chose moves only when none of what they act on is in it
            if not (self._user_view and any(self.camera.in_view([p], 0) for p in pts)):
                self.camera.centre_on(pts, margin=self._base_fit.radius)
        self._apply_pan()
        dock_rect = self._dock_beside_panel(lay, lay.font)
        if dock_rect != lay.dock and hand:  # the hand alone beside the split panel: fitted to that part
            lines, hand_h = fit_hand(lambda n: dock_rect, self.view, slot_h, hand_card_h(h), lay.font, alone=True)
        self.dock = build_dock(dock_rect, self.view, slot_h, hand_h, lay.font, show_hand,
                               not self.shared_screen, lines, rows=dock_rect == lay.dock,
                               hand_order=self._hand_order, first=self._dock_first)
        self._static_key = None

    @staticmethod
    def _extent(base: HexFit, hexes: Sequence[HexT], pad: float = FIT_PAD) -> tuple[float, float, float, float]:
        """The map's box as drawn by `base`, with the margins `fit_hexes` leaves (so a map that
        fits never counts as panned; `pad` 0: the hexes alone)."""
        cells = [Hex(q, r) for q, r in hexes] or [Hex(0, 0)]
        x0, y0, x1, y1 = bounds(cells, base.radius)
        px, py = base.radius * pad * math.sqrt(3), base.radius * pad * 2
        return (x0 + base.origin[0] - px, y0 + base.origin[1] - py, x1 + base.origin[0] + px, y1 + base.origin[1] + py)

    def _screen_h(self) -> int:
        return self.ctx.screen.get_height() if getattr(self.ctx, "screen", None) else 720

    def _dock_beside_panel(self, lay: TableLayout, fs: int) -> pygame.Rect:
        """The dock's part for the rows and the hand: all of it, or beside the split panel when
        the panel sits in the dock (`controls.DOCK`)."""
        if self.draft is None or not self._panel_in_dock(lay, fs):
            return lay.dock
        panel = panel_geometry(self.draft, lay.dock, fs, DOCK, self._dock_title_w(lay, fs)).rect
        x = panel.right + 12
        # the hand alone beside the panel, when there is room for a few cards (the rows wait)
        room = lay.dock.right - x
        return pygame.Rect(x, lay.dock.y, max(0, room), lay.dock.height if room >= lay.dock.width * 0.3 else 0)

    def _panel_in_dock(self, lay: TableLayout, fs: int) -> bool:
        assert self.draft is not None
        return fits_dock(self.draft, lay.dock, fs, self._dock_title_w(lay, fs))

    def _short_title(self, lay: TableLayout, fs: int) -> bool:
        """The panel in the dock takes the short title when the full one does not fit beside its
        buttons (the cargo exchange at 1024x640 fell back over the map for its title's sake)."""
        assert self.draft is not None
        return not fits_dock(self.draft, lay.dock, fs, self._title_w(fs))

    def _dock_title_w(self, lay: TableLayout, fs: int) -> int:
        """The width of the title the panel takes in the dock: the full one, or the short one
        where the full one does not fit beside the buttons (`_short_title`)."""
        return self._title_w(fs, self._short_title(lay, fs))

    def _title_w(self, fs: int, short: bool = False) -> int:
        """The split panel's title width at its longest (nothing shared out yet)."""
        assert self.draft is not None
        full = SplitDraft(self.draft.kind, self.draft.ships, self.draft.owner, self.draft.totals,
                          [[0] * len(self.draft.ships) for _ in self.draft.totals])
        return int(self.text.font(fs, "bold").size(panel_title(full, short))[0])

    def _zoomed(self, fitted: HexFit, area: pygame.Rect) -> HexFit:
        """The fitted map at the person's zoom (`_zoom_radius`), about the area's centre."""
        r = self._zoom_radius
        if r is None or r == fitted.radius:
            return fitted
        k = r / fitted.radius
        cx, cy = area.center
        return HexFit(r, (cx + (fitted.origin[0] - cx) * k, cy + (fitted.origin[1] - cy) * k))

    def zoom(self, steps: int, pos: Point) -> bool:
        """Zoom the map `steps` wheel notches in (or out, below 0) about the screen point `pos`,
        between the readable minimum and a few times the fit; True if the zoom changed."""
        if self.lay is None or not steps:
            return False
        h = self._screen_h()
        hexes = [_hex(t["hex"]) for t in self.view.get("tiles", [])]
        fitted = self._fit_in(self.lay.map, hexes, h).radius
        lo, hi = min(fitted, min_radius(h)), min(ZOOM_MAX, max(fitted * 2, 80))
        r = self.fit.radius
        new = int(round(r * ZOOM_STEP ** steps))
        new -= new % 2
        if new == r:
            new = r + (2 if steps > 0 else -2)
        new = max(lo, min(hi, new))
        if new == r:
            return False
        self._pan_goal = None
        self._user_view = True
        self._zoom_radius = None if new == fitted else new
        self._anchor = (pos, ((pos[0] - self.fit.origin[0]) / r, (pos[1] - self.fit.origin[1]) / r))
        self._fit_key = None
        self._relayout()
        return True

    def fit_view(self) -> None:
        """Back to the whole map fitted to its area (0 or Home): the person's zoom and pan forgotten."""
        self._user_view, self._zoom_radius, self._anchor, self._pan_goal = False, None, None, None
        self.camera.pan = (0.0, 0.0)
        self._fit_key = self._focus_key = None
        self._relayout()

    def _fit_in(self, area: pygame.Rect, hexes: Sequence[HexT], screen_h: int) -> HexFit:
        """The hexes fitted to `area`, never smaller than the readable minimum (then it pans)."""
        assert self.lay is not None
        return fit_hexes(area, hexes, max_radius=max(34, min(60, self.lay.map.height // 6)),
                         min_radius=min_radius(screen_h))

    def _choose_panel_side(self, hexes: Sequence[HexT], screen_h: int) -> pygame.Rect:
        """The map's area now: all of it, or while a split panel is open the part beside the panel
        (at the bottom or the right: the side whose free part holds the ships being split for
        together at the map's zoom, else the bigger free part), so the panel covers no tile and
        the camera keeps those ships in the free part."""
        assert self.lay is not None
        if self.draft is None:
            return pygame.Rect(self.lay.map)
        if self._panel_in_dock(self.lay, self.lay.font):
            self._panel_side = DOCK  # in the dock's place: the map keeps its whole area
            return pygame.Rect(self.lay.map)
        radius = self._fit_in(self.lay.map, hexes, screen_h).radius
        ships = [Hex(*_hex(s["hex"])) for s in self.view.get("ships", []) if int(s["id"]) in self.draft.ships]
        x0, y0, x1, y1 = bounds(ships or [Hex(0, 0)], radius)
        need = (x1 - x0 + 2 * radius, y1 - y0 + 2 * radius)
        best: tuple[tuple[bool, int, int], str, pygame.Rect] | None = None
        for rank, side in enumerate(PANEL_SIDES):
            free = map_beside(self.lay.map, panel_geometry(self.draft, self.lay.map, self.lay.font, side).rect, side)
            score = (free.width >= need[0] and free.height >= need[1], free.width * free.height, -rank)
            if best is None or score > best[0]:
                best = (score, side, free)
        assert best is not None
        self._panel_side = best[1]
        return best[2]

    def _apply_pan(self) -> None:
        """`fit` = the fitted map moved by the camera (everything drawn or hit-tested uses it)."""
        b = self._base_fit
        self.fit = HexFit(b.radius, (b.origin[0] + self.camera.pan[0], b.origin[1] + self.camera.pan[1]))

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by (dx, dy) pixels, kept within its extent (a person's pan stops a glide;
        the view then stays where they put it as the map grows)."""
        self._pan_goal = None
        self._user_view = True
        self.camera.move(dx, dy)
        self._apply_pan()

    def _focus_hexes(self) -> list[HexT]:
        """What the camera should show now: the drawn tile's legal hexes, the hexes a new ship
        may go to, or the viewer's ships while planning (chaos: see `animate`)."""
        v = self.view
        if v.get("legal_tile_hexes"):  # a tile or a new ship to place
            return [_hex(h) for h in v["legal_tile_hexes"]]
        if self.draft is not None:  # the ships the split is for
            return [_hex(s["hex"]) for s in v.get("ships", []) if int(s["id"]) in self.draft.ships]
        pending = v.get("pending") or {}
        if pending.get("kind") == "order_ships" and pending.get("seat") == v.get("seat"):
            # the ships to click (which plays next): the camera had stayed where the last card played
            hexes = [_hex(s["hex"]) for s in v.get("ships", []) if int(s["id"]) in pending.get("ships", [])]
            return hexes if self._fits(hexes) else hexes[:1]
        if v.get("phase") == "planning":
            mine = sorted((s for s in v.get("ships", []) if s["owner"] == v.get("seat")), key=lambda s: int(s["id"]))
            hexes = [_hex(s["hex"]) for s in mine]
            if len(hexes) > 1 and not self._fits(hexes):
                return hexes[:1]  # far apart: the first ship (a click on a row's ship looks at the others)
            return hexes
        return []

    def _fits(self, hexes: Sequence[HexT]) -> bool:
        """These hexes fit in the map area at once (with a hex of margin)."""
        b = self._base_fit
        pts = [b.centre(h) for h in hexes]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        m = self.camera.view
        return max(xs) - min(xs) <= m.width - 2 * b.radius and max(ys) - min(ys) <= m.height - 2 * b.radius

    def look_at_ship(self, sid: int) -> bool:
        """Bring one ship into view (a click on its row in the dock); True if the map moved."""
        ship = next((s for s in self.view.get("ships", []) if int(s["id"]) == sid), None)
        if ship is None or not self.camera.active:
            return False
        goal = self.camera.pan_to_show([self._base_fit.centre(_hex(ship["hex"]))], margin=self._base_fit.radius)
        if goal is None:
            return False
        self._pan_goal = goal
        return True

    def _queue_warm(self) -> None:
        """Art the chaos playback will need at this hex size (explosions, cards turning up),
        drawn one piece per idle frame so a round never stalls on building it."""
        r = self.fit.radius
        todo: list[Callable[[], object]] = []
        for size in (r, int(r * 1.6)):
            todo += [partial(burst, size, (k + 0.5) / BURST_FRAMES) for k in range(BURST_FRAMES)]
        h, w = self._pop_size()
        todo += [partial(card_face, kind, w, h, self._players()) for kind in KIND_BY_NAME]
        self._warm = todo

    def _players(self) -> int:
        """Players at the table: card faces and tooltips show a card's entropy for this count."""
        return int(self.view.get("players", 2))

    def _pop_size(self) -> tuple[int, int]:
        """Height and width of the card a ship turns up beside it."""
        h = max(64, min(112, int(self.fit.radius * 2.2))) // 8 * 8
        return h, int(h * 0.71)

    def set_view(self, view: ViewDict) -> None:
        if self.shared_screen and view.get("seat") == self.view.get("seat") and self.has_secrets(view) \
                and not self.has_secrets(self.view):
            self._veiled = True
        self.predictions = predict_all(view) if view.get("phase") == "planning" else {}
        placing = view.get("phase") == "setup_ships" or (view.get("pending") or {}).get("kind") == "place_built_ship"
        if not placing or view.get("seat") != self.view.get("seat"):
            self.facing = None  # hot seat: the next player's preview starts at the engine's facing, not ours
        self.view = view
        self._hand_order = hand_places(view, self._hand_order)
        self._sync_draft()
        self._relayout()

    def _sync_draft(self) -> None:
        """Start a fresh split when a distribution or an exchange for this seat comes up, once
        the chaos round that led to it has been seen: the cargo panel opened over the round's
        playback, before the ships had got to the hex they share (play-test)."""
        v = self.view
        if self._round_dock is not None:
            self.draft = None
            return
        p = v.get("pending") or {}
        if p.get("kind") not in ("distribute", "exchange") or p.get("seat") != v.get("seat"):
            self.draft = None
            return
        ships = [int(s) for s in p["ships"]]
        totals = [int(p["pool"])] if p["kind"] == "distribute" else [int(p["energy"]), int(p["titanium"])]
        key = (p["kind"], tuple(ships), tuple(totals), v.get("era"), v.get("round"))
        if self.draft is not None and self.draft.key == key:
            return
        draft = SplitDraft(p["kind"], sorted(ships), int(p["seat"]), totals, key=key)
        if p["kind"] == "exchange":
            by_id = {int(s["id"]): s for s in v.get("ships", [])}
            draft.amounts = [[int(by_id[s]["energy"]) for s in draft.ships],
                             [int(by_id[s]["titanium"]) for s in draft.ships]]
        else:
            draft.amounts = [[0] * len(ships)]
            draft.even()
        self.draft = draft

    @property
    def shared_screen(self) -> bool:
        """Several people play at this screen (hot-seat): during the chaos phase, which they
        all watch, nobody's unplayed cards are shown face up."""
        return sum(self.seat_humans) > 1

    @property
    def me(self) -> int:
        return int(self.view.get("seat", 0))

    def _my_turn(self) -> bool:
        """The seat on screen must act now, and a person plays it (computers watched are not
        offered the tray's controls)."""
        return self.me in self.view.get("to_act", []) and self.is_human(self.me)

    # --- table hooks -----------------------------------------------------------------------------
    def has_secrets(self, view: ViewDict) -> bool:
        """A hand or a program (the set-up and the ship placement have neither)."""
        return bool(view.get("hand")) or any(view.get("programs", {}).values())

    def private_decision(self, view: ViewDict) -> bool:
        """The chaos phase's decisions (where a built ship goes, how two ships share their cargo,
        which ship plays next) need nothing only the seat may see: the whole table watches the
        phase on a shared screen, with every unplayed card face down (`shared_screen`), so they
        are played without "I'm ready" and the playback goes on in sight. The energy split before
        planning is private (the seat splits knowing its hand), as is planning itself."""
        return not (view.get("phase") == "chaos" and (view.get("pending") or {}).get("kind") in CHAOS_DECISIONS)

    def next_frame_in(self, overlay: Overlay, animator: Animator) -> float:
        """Every frame while the camera glides or art is drawn ahead a piece a frame (`_soon`,
        `_warm`); `PULSE` while something pulses (a held piece's drops, the tile tray,
        ships to click, a hint); else still (cards in the hand do not pulse)."""
        if self._pan_goal is not None or self._soon or self._warm:
            return 0.0
        if overlay.hint is not None or overlay.held is not None or TILE in overlay.movable \
                or NEW_SHIP in overlay.movable or any(t.zone == "ship" for t in overlay.clickable):
            return PULSE
        if self.replay_finished() and self._replay_done_at is not None:  # a frame when its note goes
            return max(0.0, min(STILL, self._replay_done_at + REPLAY_DONE_S - overlay.time))
        return STILL

    def can_pause(self) -> bool:
        """The chaos phase is played back round by round: Space / Pause hold it (also while its
        last round still plays, though the state has moved on to the expansion)."""
        return self.view.get("phase") == "chaos" or self._playing_round > 0

    def result_width(self, height: int) -> int:
        """A chart of points and entropy over the eras (`result.draw_chart`)."""
        return max(420, int(height * 1.25)) if self.view.get("phase") == "over" else 0

    def draw_result(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_chart(surface, rect, self.view, self.text, self.seat_names, player_colour, ENTROPY_COLOUR)

    def over_reason(self) -> str:
        """Why the game ended, with the table's seat names (the engine says 'Player N')."""
        kind = self.view.get("over_kind") or ""
        if kind == "decided":
            winners = self.view.get("winners") or []
            lead = words.name_of(int(winners[0]), self.seat_names) if winners else "one player"
            verb = "are" if lead == "You" else "is"
            return f"The race is decided: {lead} {verb} the only one still flying, and nobody else can score any more."
        if kind == "entropy":
            return "Entropy reached 0: the era it happened in was the last."
        if kind == "era_limit":
            return "The last era is over."
        if kind == "no_ships":
            return "Every ship has been lost."
        return super().over_reason()

    def spectating(self) -> bool:
        """Every person at the table is out of the race while computers still fly, and the
        screen has shown it: while the round that takes the last person's last ship still
        plays back, that person still watches their own race (the table's 'Skip to the end'
        and Pause would come before the loss they stand for)."""
        if not self._all_people_out(self.view):
            return False
        return self._round_dock is None or self._all_people_out(self._round_dock)

    def _all_people_out(self, view: ViewDict) -> bool:
        alive = view.get("alive") or []
        people = [s for s in range(len(alive)) if self.is_human(s)]
        return bool(people) and view.get("phase") not in (None, "over") and \
            not any(alive[s] for s in people)

    def hold_chance(self, watch_paused: bool) -> bool:
        """While paused every chance step waits (chaos rounds, but also the tile draws of the
        expansion and the deal after it); Step lets exactly one through."""
        self.set_paused(watch_paused)
        return self.play.hold(watch_paused)

    def hold_moves(self, watch_paused: bool) -> bool:
        """While paused the computers' moves (placing drawn tiles, splitting energy) wait too."""
        self.set_paused(watch_paused)
        return self.play.hold(watch_paused)

    def set_paused(self, paused: bool) -> None:
        if paused != self.watch_paused:
            self._static_key = None
        self.watch_paused = paused
        self.play.paused = paused

    def pause_note(self, own_move: bool) -> str:
        """The pop-up in the banner's words (`text.pause_note`)."""
        return words.pause_note(own_move)

    def pause_request(self) -> bool:
        return self.play.take_toggle()

    def _replay_rect(self) -> pygame.Rect:
        """The replay button: where Pause / Step stand during the chaos phase."""
        assert self.lay is not None
        return pygame.Rect(self.lay.controls)

    def _replay_done_words(self) -> tuple[tuple[str, ...], int]:
        """"Replay finished — Back to the game" in the replay button's place: on one line or two,
        whichever fits it at the larger size (it must not run over the entropy bar's end)."""
        assert self.lay is not None
        box = self.lay.controls
        for size in range(self.lay.font - 1, 10, -1):
            font = self.text.font(size, "bold")
            for lines in REPLAY_DONE_LINES:
                if max(font.size(line)[0] for line in lines) <= box.width - 24 \
                        and len(lines) * font.get_linesize() <= box.height - 4:
                    return lines, size
        return REPLAY_DONE_LINES[-1], 11

    def _replay_done_rect(self) -> pygame.Rect:
        assert self.lay is not None
        return pygame.Rect(self.lay.controls)

    def _controls_shown(self) -> bool:
        """The play / pause / step buttons: in the chaos phase, and for as long as it is paused;
        not once people only watch (the table's 'Skip to the end' and Pause are then the one set
        of controls: two Pause buttons were seen at once)."""
        if self.spectating():
            return False
        return self.view.get("phase") == "chaos" or self.watch_paused or self._playing_round > 0

    def view_event(self, event: pygame.event.Event) -> bool:
        """R / E (or the mouse wheel over the map, or Left / Right) turn the ship being placed;
        otherwise the arrows and the wheel pan a map bigger than its area. The wheel over the
        dock's rows scrolls them when they do not all fit."""
        if event.type == pygame.MOUSEWHEEL and self._scroll_rows(-int(event.y)):
            return True
        if not self._placing_ship():
            return self._pan_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._turn(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            return self._pan_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_r, pygame.K_e):
            self._turn(1 if event.key == pygame.K_r and not event.mod & pygame.KMOD_SHIFT else -1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.lay is not None and self.camera.view.collidepoint(self._mouse):
            self._turn(1 if event.y < 0 else -1)
            return True
        return False

    def _scroll_rows(self, by: int) -> bool:
        """Scroll the dock's ship rows `by` rows when the pointer is over them and some are out of
        sight; True if the wheel was theirs."""
        dock = self.dock
        rows_area = pygame.Rect(dock.rect.x, dock.rect.y, (dock.hand.x if dock.hand.width else dock.rect.right)
                                - dock.rect.x, dock.rect.height)
        if dock.total <= len(dock.rows) or not rows_area.collidepoint(self._mouse):
            return False
        first = max(0, min(dock.total - len(dock.rows), dock.first + by))
        if first != dock.first:
            self._dock_first = first
            self._relayout()
        return True

    def _pan_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the map zooms about the pointer; 0 / Home fits the whole map again; the
        arrow keys pan a map bigger than its area (drag on empty map pans too: `view_pointer`)."""
        if self.lay is None:
            return False
        if event.type == pygame.MOUSEWHEEL and self.camera.view.collidepoint(self._mouse):
            self.zoom(int(event.y), self._mouse)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_0, pygame.K_KP0, pygame.K_HOME) \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.fit_view()
            return True
        if not self.camera.active:
            return False
        step = self.fit.radius * 2
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            moves = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                     pygame.K_DOWN: (0, -step)}
            if event.key in moves:
                self.pan(*moves[event.key])
                return True
        return False

    def view_pointer(self, event: pygame.event.Event) -> bool:
        """Drag on empty map (not on a ship, a tile being held or a panel) to pan it. A press
        only arms the pan; it starts after a few pixels of motion, so clicks still work."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._panning = False
            self._pan_press = None
            if self._overview_jump(event.pos):
                return True
            if self.lay is not None and self.camera.active and self.camera.view.collidepoint(event.pos):
                hit = self.hit_test(event.pos)
                if hit is not None and hit.zone == "hex":
                    self._pan_press = (float(event.pos[0]), float(event.pos[1]))
            return False
        if event.type == pygame.MOUSEMOTION and self._pan_press is not None:
            if not event.buttons[0]:
                self._pan_press, self._panning = None, False
                return False
            if not self._panning and math.dist(event.pos, self._pan_press) < 6:
                return False
            self._panning = True
            self.pan(event.pos[0] - self._pan_press[0], event.pos[1] - self._pan_press[1])
            self._pan_press = (float(event.pos[0]), float(event.pos[1]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pan_press is not None:
            was = self._panning
            self._pan_press, self._panning = None, False
            return was
        return False

    def _round_on_screen(self) -> bool:
        """A chaos round (live or replayed) is still being shown: the decision it leads to waits
        for it, or the table would tell of a card before it is played (play-test: a person's
        'New ship' box showed while the first card of the round that built it still played)."""
        return self._round_dock is not None or self._replaying

    def shown_to_act(self, to_act: list[Seat]) -> list[Seat]:
        return [] if self._round_on_screen() else to_act

    def _placing_seat(self) -> int | None:
        """The seat placing a ship now (set-up or a built ship), whoever it is; None while the
        round that built it is still being shown."""
        v = self.view
        if self._round_on_screen():
            return None
        if v.get("phase") == "setup_ships" and int(v.get("turn", -1)) >= 0:
            return int(v["turn"])
        p = v.get("pending") or {}
        return int(p["seat"]) if p.get("kind") == "place_built_ship" else None

    def _placing_ship(self) -> bool:
        v = self.view
        if not self._my_turn() or self._round_on_screen():
            return False
        return v.get("phase") == "setup_ships" or (v.get("pending") or {}).get("kind") == "place_built_ship"

    def _turn(self, step: int) -> None:
        cur = self.facing if self.facing is not None else self._suggested(self._hover_hex())
        self.facing = (cur + step) % 6

    def _hover_hex(self) -> HexT | None:
        if self.lay is None or not self.camera.view.collidepoint(self._mouse):
            return None
        return self.fit.hex_at(self._mouse)

    def _suggested(self, h: HexT | None) -> int:
        """The engine's default facing: the longest run of tiles straight ahead."""
        if h is None:
            return 0
        tiles = {_hex(t["hex"]) for t in self.view.get("tiles", [])}

        def run(d: int) -> int:
            k, cur = 0, Hex(*h).neighbour(d)
            while (cur.q, cur.r) in tiles:
                k, cur = k + 1, cur.neighbour(d)
            return k
        return max(range(6), key=lambda d: (run(d), -d))

    def facing_at(self, h: HexT | None) -> int:
        return self.facing if self.facing is not None else self._suggested(h)

    # --- words ----------------------------------------------------------------------------------------
    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        if self._playing_round:
            text, colour = f"Chaos round {self._playing_round}: the ships play their cards", (255, 150, 90)
            if self._replaying:
                text = f"Replay \u00b7 {text}"
        elif self.replay_finished() and self.can_replay():
            text, colour = words.status(self.view, seat_names, self.me, self.is_human(self.me))
            text = f"Replay finished \u00b7 {text}"
        else:
            text, colour = words.status(self.view, seat_names, self.me, self.is_human(self.me))
            if self.shared_screen and self._my_turn() and self.me < len(seat_names):
                # several people share the screen and turns may pass without a hand-off: say whose
                text = f"{seat_names[self.me]}: {text[:1].lower()}{text[1:]}"
        if self.watch_paused and not self._playing_round:
            if self._my_turn():
                # the pause never holds a person's own move: say what to do, then what waits
                text = f"{text} \u00b7 {words.PAUSED_MINE}"
            else:
                text = f"Paused ({words.PAUSED_GO_ON}) \u00b7 {text}"
        elif self.watch_paused:  # the round on screen holds where it is; Step plays its next card
            text = f"{text} \u00b7 paused ({words.PAUSED_GO_ON}, Step: the next card)"
        # (as the playback has got so far: not before the battle that put the last ship out is shown)
        if self._all_people_out(self._seats_now if self._seats_now is not None else self.view):
            return f"Watching (out of the race) \u00b7 {text}", colour
        return text, colour

    def _hidden_entries(self) -> int:
        """How many of the latest log entries the running playback has not shown yet."""
        if self._reveal is None:
            return 0
        n, times, tween = self._reveal
        if tween.done or self._reveal_animator is None or tween not in self._reveal_animator.tweens:
            self._reveal = None
            return 0
        t = tween.raw * tween.payload["timeline"].duration
        return n - sum(1 for x in times if x <= t)

    def log_lines(self, entries: Sequence[LogEntry], seat_names: Sequence[str]) -> list[tuple[str, Colour]]:
        """The engine's words (`game.rally.words`) for the entries the playback has reached."""
        hidden = min(self._hidden_entries(), len(entries))
        self._logged_hidden = hidden
        return super().log_lines(entries[:len(entries) - hidden], seat_names)

    def log_viewer(self) -> Seat:
        return self.me

    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """Each command by its move in a few words ("You placed Energy 10, Computer placed a
        ship"; `game.rally.words.brief`)."""
        viewer = self.log_viewer()
        return brief_by_command(entries, lambda ev: brief(ev, self.seat_names, viewer), lambda ev: redact(ev, viewer))

    def tone_colour(self, line: Line) -> Colour:
        """Players' lines in their colours, the entropy clock in its own; small steps dim."""
        if line.tone == SEAT and line.seat >= 0:
            return player_colour(line.seat)
        if line.tone == ENTROPY_TONE:
            return ENTROPY_COLOUR
        if line.tone == PLAIN:
            return NEUTRAL
        return super().tone_colour(line)

    def log_stale(self) -> bool:
        return self._hidden_entries() != self._logged_hidden

    def actions(self, seat: Seat) -> list[Action]:
        v = self.view
        if v.get("phase") == "planning" and seat in v.get("to_act", []):
            return [Action("Done planning", FINISH, "Lock in your programs; the chaos starts when everyone "
                           "is done (Enter)", pygame.K_RETURN, confirm=self.planning_worries(seat))]
        if (v.get("pending") or {}).get("kind") == "exchange" and seat in v.get("to_act", []) \
                and self._round_dock is None:  # (with its panel, once the round has been seen)
            return [Action("Keep cargo as is", KEEP, "Leave energy and titanium where they are (K)", pygame.K_k)]
        return []

    def planning_worries(self, seat: Seat) -> str:
        """What the forecast already knows is wrong with the programs about to be locked in (a
        ship with no cards, one flying off the map, one losing a battle), said before Done
        planning commits them; '' when nothing is (no question asked then)."""
        if self.view.get("seat") != seat:
            return ""
        programs = self.view.get("programs", {})
        numbers = {int(s["id"]): int(s.get("number", s["id"])) for s in self.view.get("ships", [])}
        worries = []
        for sid, pred in sorted(self.predictions.items()):
            # the log's name (the engine's shared id, sid + 1, once named someone's only ship "Ship 3")
            name = words.ship_name(seat, numbers.get(sid, sid), self.seat_names)
            if not programs.get(str(sid)):
                worries.append(f"{name} has no cards programmed")
            elif pred.lost_at is not None:
                worries.append(f"{name} would fly off the map (card {pred.lost_at + 1})")
            elif pred.loses_battle:
                worries.append(f"{name} would lose a battle and its cargo (card {(pred.battle_at or 0) + 1})")
        if not worries:
            return ""
        return "; ".join(worries) + ". The programs cannot be changed once locked in."

    # --- same order as before ------------------------------------------------------------------
    def stage(self, command: Command) -> bool:
        """Remembers the order the person picks their ships in (for "same order as before");
        every command is played as it comes."""
        if isinstance(command, OrderShips) and command.seat == self.me:
            when = (self.view.get("era"), self.view.get("round"))
            if self._picks[0] != when:
                self._picks = (when, [])
            self._picks[1].append(command.ship)
            pending = self.view.get("pending") or {}
            rest = [int(sid) for sid in pending.get("ships", []) if int(sid) != command.ship]
            # the last of them plays without being asked: it is last in the order too
            self._kept_order = list(self._picks[1]) + (rest if len(rest) == 1 else [])
        return False

    def plays_for(self, decision: Decision) -> Command | None:
        """With "same order as before" on, which ship plays next is answered from the order the
        person picked last (ships it does not name are asked about); else the table's default."""
        if not self.same_order or decision.kind != "order_ships" or decision.seat != self.me:
            return super().plays_for(decision)
        ships = {c.ship: c for c in decision.options if isinstance(c, OrderShips)}
        first = next((sid for sid in self._kept_order if sid in ships), None)
        if first is None:
            return None
        if len(ships) > 1 and not all(sid in self._kept_order for sid in ships):
            return None  # a ship never ordered before (built since): the person says where it goes
        return ships[first]

    def _fleet_number(self, ship: Mapping[str, Any]) -> int:
        """The number tagged on a ship on the map: its number in its owner's fleet, when the owner
        flies two ships or more (one ship alone needs none); 0 otherwise."""
        owner = int(ship["owner"])
        if sum(1 for s in self.view.get("ships", []) if int(s["owner"]) == owner) < 2 and int(ship.get("number", 1)) < 2:
            return 0
        return int(ship.get("number", 0))

    def hover_link(self, pos: Point) -> tuple[int | None, int | None]:
        """(the ship to ring on the map, the ship whose program row to outline) for the pointer at
        `pos`: over a row, its ship; over a ship on the map, its row; else neither."""
        for row in self._drawn_dock.rows:
            if row.rect.collidepoint(pos):
                return row.ship, None
        if self.camera.view.collidepoint(pos):
            sid = self.ship_under(pos)
            if sid is not None:
                return None, sid
        return None, None

    def ship_under(self, pos: Point) -> int | None:
        """The ship drawn under `pos`: of the ships whose drawn area (hull, pill, badges) holds it,
        the one whose hull is nearest (two ships on a hex overlap in their areas; issue 17)."""
        hits = [sid for sid, rect in self._ship_rects.items() if rect.collidepoint(pos)]
        if not hits:
            return None

        def distance(sid: int) -> float:
            c = self._ship_centres.get(sid, self._ship_rects[sid].center)
            return math.hypot(c[0] - pos[0], c[1] - pos[1])

        return min(hits, key=lambda sid: (distance(sid), -sid))

    def _order_toggle_shown(self) -> bool:
        """The "same order" toggle: the chaos phase, the person on screen flies two or more ships
        with cards to play (the order is theirs to choose)."""
        v = self.view
        if v.get("phase") != "chaos" or not self.is_human(self.me) or self._round_dock is not None \
                or self._replaying or not self.dock.rect.height:
            return False
        return sum(1 for s in rows_in_chaos(v) if s["owner"] == self.me) >= 2

    def _order_toggle_rect(self) -> pygame.Rect:
        assert self.lay is not None
        fs = self.lay.font - 2
        w = self.text.font(fs, "bold").size(ORDER_LABEL + ": off")[0] + 24 if hasattr(self.text, "font") else 220
        r = pygame.Rect(0, 0, w, fs + 10)
        r.topright = (self.dock.rect.right - 4, self.dock.rect.y - 2)
        return r

    # --- targets --------------------------------------------------------------------------------
    def sources(self, seat: Seat) -> list[Target]:
        v = self.view
        if seat not in v.get("to_act", []):
            return []
        phase = v.get("phase")
        if phase in ("setup_tiles", "expansion") and v.get("drawn_tile") is not None:
            return [TILE]
        if self._placing_ship():
            return [NEW_SHIP]
        if phase == "planning":
            out = [Target("hand", ident=str(c)) for c in v.get("hand", [])]
            for sid, cards in v.get("programs", {}).items():
                out += [Target("program", ident=f"{sid}:{i}") for i in range(len(cards))]
            return out
        return []

    def clicks(self, seat: Seat) -> list[Target]:
        p = self.view.get("pending") or {}
        if p.get("kind") == "order_ships" and p.get("seat") == seat:
            return [Target("ship", ident=str(s)) for s in p["ships"]]
        if self.draft is not None:
            return [self.draft.target()] + ([KEEP] if self.draft.kind == "exchange" else [])
        return []

    def _tray(self) -> pygame.Rect:
        assert self.lay is not None
        side = self.lay.side
        n = int(self.view.get("players", 2))
        top = side.y + n * self._panel_h() + 6
        size = min(side.width, max(90, side.bottom - top))
        if self.view.get("drawn_tile") is None and self._placing_seat() is None:
            # only the supplies' four lines: the room below is the overview's (issue 17)
            return pygame.Rect(side.x, top, side.width, min(size, self.lay.font * 4 + 30))
        return pygame.Rect(side.x, top, side.width, min(size, int(self.tray_radius * 2.6) + self.lay.font * 4))

    def _panel_h(self) -> int:
        assert self.lay is not None
        n = int(self.view.get("players", 2))
        return min(int(self.lay.font * 5.4), max(60, (self.lay.side.height - 140) // max(1, n)))

    @property
    def tray_radius(self) -> int:
        """Hex radius of the piece in the tray (the map's, but never wider than the tray)."""
        side = self.lay.side.width if self.lay else 200
        return min(self.fit.radius, int(side * 0.24))

    def _tray_centre(self) -> Point:
        tr = self._tray()
        return (tr.centerx, tr.y + self.lay.font * 1.6 + self.tray_radius * 1.15 if self.lay else tr.centery)

    def _rotate_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        cx, cy = self._tray_centre()
        s = max(24, int(self.tray_radius * 0.7))
        left = pygame.Rect(0, 0, s, s)
        right = pygame.Rect(0, 0, s, s)
        left.center = (int(cx - self.tray_radius * 1.6), int(cy))
        right.center = (int(cx + self.tray_radius * 1.6), int(cy))
        return left, right

    def hit_test(self, pos: Point) -> Target | None:
        self._mouse = pos
        if self.lay is None:
            return None
        if self.draft is not None:
            geo = self._panel_geo()
            if geo.confirm.collidepoint(pos):
                return self.draft.target()
            if geo.keep is not None and geo.keep.collidepoint(pos):
                return KEEP
            if geo.rect.collidepoint(pos):
                return Target("panel")
        held = self._held
        if self._tray().collidepoint(pos):
            srcs = self.sources(self.me)
            if srcs and srcs[0] in (TILE, NEW_SHIP):
                cx, cy = self._tray_centre()
                if math.dist(pos, (cx, cy)) <= self.tray_radius * 1.1:
                    return srcs[0]
            return None
        if self.dock.rect.collidepoint(pos):
            return dock_hit(self.dock, pos, held)
        if not self.camera.view.collidepoint(pos):
            return None
        ov = self._overview()
        if ov is not None and ov[0].collidepoint(pos):
            return None  # the overview covers that corner of the map
        placing = held is not None and held.zone in ("tile", "ship") and held.ident is None
        if not placing:
            sid = self.ship_under(pos)
            if sid is not None:
                return Target("ship", ident=str(sid))
        h = self.fit.hex_at(pos)
        if self._placing_ship():
            return Target("hex", h, ident=str(self.facing_at(h)))
        return Target("hex", h)

    def anchor(self, target: Target) -> Point | None:
        if target.zone in ("tile",) or target == NEW_SHIP:
            return self._tray_centre()
        if target.zone == "hex" and target.cell is not None:
            return self.fit.centre(target.cell)
        if target.zone == "ship" and target.ident is not None:
            rect = self._ship_rects.get(int(target.ident))
            if rect is not None:
                return (float(rect.centerx), float(rect.centery))
            r = slot_rect(self.dock, target)
            return (float(r.centerx), float(r.centery)) if r else None
        if target.zone in ("hand", "program"):
            r = visible_part(self.dock, target)
            return (float(r.centerx), float(r.centery)) if r else None
        if target.zone == "button" and self.draft is not None and self.lay is not None:
            geo = self._panel_geo()
            r = geo.keep if target == KEEP and geo.keep is not None else geo.confirm
            return (float(r.centerx), float(r.centery))
        return None

    def _panel_geo(self) -> Any:
        """Where the split panel goes: beside the map, which is fitted to the rest (`_relayout`)."""
        assert self.draft is not None and self.lay is not None
        if self._panel_side == DOCK:
            fs = self.lay.font
            return panel_geometry(self.draft, self.lay.dock, fs, DOCK, self._dock_title_w(self.lay, fs))
        return panel_geometry(self.draft, self.lay.map, self.lay.font, self._panel_side)

    def view_click(self, pos: Point) -> bool:
        if self.lay is None:
            return False
        if self._controls_shown() and self.play.click(self.lay.controls, pos):
            return True
        if self.replay_finished() and self.can_replay() and self._replay_done_rect().collidepoint(pos):
            self._replay_done_at = None  # back to the game: the note goes, "Replay chaos" is offered again
            return True
        if self.can_replay() and self._replay_rect().collidepoint(pos):
            self._replay_asked = True
            return True
        if self._order_toggle_shown() and self._order_toggle_rect().collidepoint(pos):
            self.same_order = not self.same_order
            return True
        if self.draft is not None:
            geo = self._panel_geo()
            for rect, action in geo.buttons:
                if rect.collidepoint(pos):
                    apply_action(self.draft, action)
                    return True
        if self.view.get("phase") == "planning" and self.dock.rect.collidepoint(pos):
            hit = dock_hit(self.dock, pos, None)
            if hit is not None and hit.zone == "ship" and hit.ident is not None and self.look_at_ship(int(hit.ident)):
                return True
        if self._placing_ship():
            left, right = self._rotate_rects()
            if left.collidepoint(pos) or right.collidepoint(pos):
                self._turn(-1 if left.collidepoint(pos) else 1)
                return True
        return False

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        if isinstance(command, PlaceTile):
            return TILE, Target("hex", command.hex)
        if isinstance(command, PlaceShip):  # the direction rides on the target, as a drop gives it
            return NEW_SHIP, Target("hex", command.hex, ident=str(command.direction))
        if isinstance(command, PlaceBuiltShip):
            return NEW_SHIP, Target("hex", command.hex)
        if isinstance(command, ProgramCard):
            return Target("hand", ident=str(command.card)), Target("program", ident=f"{command.ship}:{command.index}")
        if isinstance(command, UnprogramCard):
            return Target("program", ident=f"{command.ship}:{command.index}"), Target("hand")
        if isinstance(command, MoveCard):
            return (Target("program", ident=f"{command.ship}:{command.index}"),
                    Target("program", ident=f"{command.to_ship}:{command.to_index}"))
        if isinstance(command, SetProgram):
            return self._plan_step(command)
        if isinstance(command, FinishPlanning):
            return FINISH, FINISH
        if isinstance(command, OrderShips):
            return Target("ship", ident=str(command.ship)), Target("ship", ident=str(command.ship))
        if isinstance(command, NoExchange):
            return KEEP, KEEP
        if isinstance(command, (DistributeEnergy, Exchange)) and self.draft is not None:
            # a suggested split is shown by setting the panel to it, Confirm marked
            amounts = [list(command.amounts)] if isinstance(command, DistributeEnergy) else \
                [list(command.energy), list(command.titanium)]
            if [len(a) for a in amounts] == [len(a) for a in self.draft.amounts]:
                self.draft.amounts = amounts
            confirm = self.draft.target()
            return confirm, confirm
        return None

    def _plan_step(self, plan: SetProgram) -> tuple[Target, Target]:
        """The first step still to take towards the computer's whole plan: the first card not yet
        where the plan puts it, from the hand or another slot (a card already placed was circled
        again: issue 17), or one to take back; Done planning once the programs are the plan."""
        now = {str(sid): [int(c) for c in cards] for sid, cards in self.view.get("programs", {}).items()}
        hand = {int(c) for c in self.view.get("hand", [])}
        for sid, cards in plan.programs:
            have = now.get(str(sid), [])
            for i, card in enumerate(cards):
                if i < len(have) and have[i] == card:
                    continue
                goal = Target("program", ident=f"{sid}:{i}")
                if card in hand:
                    return Target("hand", ident=str(card)), goal
                for other, placed in now.items():
                    if card in placed:
                        return Target("program", ident=f"{other}:{placed.index(card)}"), goal
            if len(have) > len(cards):
                return Target("program", ident=f"{sid}:{len(cards)}"), Target("hand")
        return FINISH, FINISH

    def keep_clear(self) -> list[pygame.Rect]:
        """The entropy bar, the programs and hand, and every tile on the map (the guide's note
        leaves them in sight; the players' column beside the map may go under it)."""
        if self.lay is None:
            return []
        r = int(self.fit.radius * 0.87)  # (the box of the hex's inner circle: its corners are drawn)
        tiles = [pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)
                 for x, y in (self.fit.centre(_hex(t["hex"])) for t in self.view.get("tiles", []))]
        return [self.lay.bar, self.lay.dock] + [t.clip(self.lay.map) for t in tiles]

    # --- tooltips --------------------------------------------------------------------------------
    def tooltip(self, pos: Point) -> str | None:
        self._mouse = pos
        if self.lay is None:
            return None
        v, names = self.view, self.seat_names
        if self.lay.bar.collidepoint(pos):
            working = sum(1 for t in v.get("tiles", []) if t.get("kind") == "portal" and t.get("active"))
            return (f"Entropy now {v.get('entropy')}; {working} portal{'s' if working != 1 else ''} working.\n"
                    + words.BAR_TIP)
        if self.replay_finished() and self.can_replay() and self._replay_done_rect().collidepoint(pos):
            return "The replay of the last chaos phase is over: the game goes on from where you are."
        if self.can_replay() and self._replay_rect().collidepoint(pos):
            return REPLAY_TIP
        if self._order_toggle_shown() and self._order_toggle_rect().collidepoint(pos):
            return ORDER_TIP
        if self._controls_shown() and self.lay.controls.collidepoint(pos):
            return ("Pause the table between rounds (or press Space): nothing automatic happens until you "
                    "press Play, not chance draws nor the computers' moves. Step lets one thing happen.")
        for seat in range(int(v.get("players", 2))):
            if self._panel_rect(seat).collidepoint(pos):
                return self._panel_tip(seat)
        ov = self._overview()
        if ov is not None and ov[0].collidepoint(pos):
            return "The whole map, with the part shown framed. Click to look there; drag the map or use the arrows to pan."
        if self._playing_round or self._replaying:
            # the pieces move under a still pointer and the view already holds the round's end: a
            # ship's tooltip stayed up over the playback (and its caption) with the cargo it ends with
            return None
        target = self.hit_test(pos)
        if target is None:
            if self._tray().collidepoint(pos):
                return f"Tiles left in the bag: {v.get('tile_bag_left')}. Cards left in the deck: {v.get('deck_left')}."
            return None
        if target.zone in ("hand", "program"):
            kind = card_of(self.dock, v, target)
            return words.card_tip(kind, self._players()) if kind else None
        if target == TILE and v.get("drawn_tile"):
            d = v["drawn_tile"]
            return ("The tile just drawn: " + words.tile_words(d["kind"], int(d.get("value") or 0), d.get("threshold"))
                    + "\nDrag it onto a glowing hex next to the map.")
        if target == NEW_SHIP:
            return ("Your new ship. Drag it onto a glowing hex; R, E, the arrows or the mouse wheel turn it "
                    "before you drop it.")
        if target.zone == "ship" and target.ident is not None:
            ship = next((s for s in v.get("ships", []) if str(s["id"]) == target.ident), None)
            if ship is None:
                return None
            under = next((t for t in v.get("tiles", []) if _hex(t["hex"]) == _hex(ship["hex"])), None)
            return (words.ship_tip(ship, names, self.me) + ("\n" + words.under_ship(under, names) if under else "")
                    + self._crowd_tip(_hex(ship["hex"])))
        if target.zone == "hex" and target.cell is not None:
            for tok in v.get("tokens", []):
                if _hex(tok["hex"]) == target.cell:
                    return words.token_tip(tok, names)
            for t in v.get("tiles", []):
                if _hex(t["hex"]) == target.cell:
                    return words.tile_tip(t, names) + self._crowd_tip(target.cell)
        return None

    def _crowd_tip(self, cell: HexT) -> str:
        """A tooltip's last lines on a hex three or more ships share: each of them with its cargo
        (on a small map they share one "xN" chip, not a cargo pill each: `art.crowded`); else nothing."""
        here = sorted((s for s in self.view.get("ships", []) if _hex(s["hex"]) == cell), key=lambda s: int(s["id"]))
        return "\n" + words.crowd_tip(here, self.seat_names) if len(here) >= 3 else ""

    def _panel_tip(self, seat: int) -> str:
        v = self._seats_now if self._seats_now is not None else self.view  # a playback: as shown so far
        name = words.name_of(seat, self.seat_names)
        ships = [s for s in v.get("ships", []) if s["owner"] == seat]
        look = player_look(seat)
        lines = [f"{name}: {look.name} {look.symbol}s",
                 f"{v['points'][seat]} points (titanium sent home through portals)",
                 f"{len(ships)} ship(s) carrying {sum(int(s['energy']) for s in ships)} energy and "
                 f"{sum(int(s['titanium']) for s in ships)} titanium",
                 f"{v['hand_sizes'][seat]} card(s) in hand"]
        if v["pool"][seat]:
            lines.append(f"{v['pool'][seat]} energy waiting to be shared out")
        if seat == v.get("starting_player"):
            lines.append("Starting player this era")
        if not v["alive"][seat]:
            lines.append("Out of the race: no ships left, points are final")
        return "\n".join(lines)

    # --- animation -------------------------------------------------------------------------------
    def _record_round(self, before: ViewDict, events: Sequence[Event], after: ViewDict) -> None:
        """A chaos round into the record "Replay chaos" plays back (a new phase starts it afresh)."""
        if self._chaos_record and self._chaos_record[0][0].get("era") != before.get("era"):
            self._chaos_record = []  # a new chaos phase: the last one is this
        record = (before, list(events), after)
        if self.shared_screen:  # a public record: any person at the screen may replay it
            record = (seen_by_all(before, self.me), record[1], seen_by_all(after, self.me))
        self._chaos_record.append(record)

    recall_depth = 400
    """Enough moves back to hold the last chaos phase (a planning phase of four seats and its
    rounds); a longer tail only costs time at loading."""

    def recall(self, steps: Sequence[tuple[ViewDict, Sequence[Event], ViewDict]]) -> None:
        """A loaded game offers "Replay chaos" for its last chaos phase as a game played on does
        (play-test: after loading it was never offered)."""
        for before, events, after in steps:
            if before.get("phase") == "chaos" and events and build_timeline(before, events).duration > 0.05:
                self._record_round(before, events, after)  # the rounds `animate` would have played

    def handoff_again(self) -> bool:
        """Cards were just dealt to the seat on screen of a shared screen (see `_veiled`)."""
        return self._veiled

    def handoff_is_fresh(self) -> bool:
        """Cards were just dealt (`_veiled`): "Pass to ...", not "Back to ... everyone watched
        that" — at the first planning nothing had been watched (issue 17)."""
        return self._veiled

    def screen_taken(self) -> None:
        if self._veiled:
            self._veiled = False
            self._shape = None
            self._relayout()

    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict, origin: Point | None) -> None:
        if not events or not before or self._veiled:  # veiled: the hand-off comes first, at once
            return
        tl = build_timeline(before, events)
        if tl.duration <= 0.05:
            return
        start = origin if origin is not None else self._tray_centre()
        tween = animator.add(tl.duration, "rally", linear, timeline=tl, origin=start, before=before)
        if before.get("phase") == "chaos":  # the view is the round's end already: keep its start's dock
            self._record_round(before, events, self.view)
            self._rounds_watched += 1
            self._round_dock = before
            self._sync_draft()
            self._relayout()
        self._reveal, self._reveal_animator = (len(events), tl.event_times, tween), animator
        self._static_key = None  # the camera follows the action frame by frame (`_follow`)
        # the cards this round turns up are drawn ahead, one per frame, before their turn comes
        h, w = self._pop_size()
        soon = [e for e in reversed(tl.effects) if e.kind == "card"]
        jobs: list[Callable[[], object]] = [partial(card_face, e.card, w, h, self._players()) for e in soon]
        self._soon = jobs + [partial(self._back, w, h)]

    def snap_back(self, source: Target, from_pos: Point, animator: Animator) -> None:
        home = self.anchor(source)
        if home is not None:
            animator.add(0.22, "return", source=source, start=from_pos, end=home)

    # --- drawing ---------------------------------------------------------------------------------
    def _timeline(self, animator: Animator) -> tuple[Timeline, float, Any] | None:
        for tw in animator.of_kind("rally"):
            tl: Timeline = tw.payload["timeline"]
            return tl, tw.raw * tl.duration, tw
        return None

    def can_replay(self) -> bool:
        """"Replay the last chaos phase" is offered: a phase was seen from this seat (or, on a
        shared screen, by the whole table: its record is public), it is over and nothing plays
        back now; the person is to act (so nothing moves on meanwhile)."""
        rec = self._chaos_record
        return bool(rec) and self.view.get("phase") not in ("chaos", "over") and not self._playing_round \
            and not self._replay_queue and not self._replaying and self._my_turn() \
            and (self.shared_screen or rec[0][0].get("seat") == self.view.get("seat")) and not self._controls_shown()

    def _next_replay_round(self, animator: Animator) -> None:
        """A replay asked for starts; each of its rounds starts when the one before has ended."""
        if self._replay_asked:
            self._replay_asked = False
            self._replay_queue = list(self._chaos_record)
        if self._replay_queue and not animator.of_kind("rally"):
            before, events, after = self._replay_queue.pop(0)
            if self.shared_screen:  # the public record, drawn as the seat on screen sits (its rows first)
                before, after = seen_by_all(before, self.me), seen_by_all(after, self.me)
            tl = build_timeline(before, events)
            animator.add(tl.duration, "rally", linear, timeline=tl, origin=self._tray_centre(), before=before,
                         replay=after)

    def busy_words(self) -> str | None:
        """Hint and Undo wait while "Replay chaos" plays (an undo used to end the round on screen
        while the rest of the replay played on; the Hint button stayed lit)."""
        if self._replaying or self._replay_queue or self._replay_asked:
            return REPLAY_BUSY
        if self._round_dock is not None:  # (the buttons are refreshed when this changes)
            return ROUND_BUSY
        return None

    def replay_finished(self) -> bool:
        """The note that the replay is over stands where "Replay chaos" does (a few seconds, or
        until it is clicked): it used to end paused on a Play button that did not say so."""
        return self._replay_done_at is not None and self._now - self._replay_done_at < REPLAY_DONE_S

    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        if self.lay is None:
            return
        self._now = overlay.time
        self._next_replay_round(animator)
        playing = self._timeline(animator)
        was = self._replaying
        self._replaying = playing is not None and playing[2].payload.get("replay") is not None
        if was and not self._replaying and not self._replay_queue:
            self._replay_done_at = overlay.time
            if self.watch_paused:  # the replay ended paused: the table plays on (nothing waits now)
                self.play.toggle = True
        if not self._replaying:
            self._draw(surface, overlay, animator, playing)
            return
        # a replay draws the round as it was: the view of its end stands in for now's, with the
        # round's dock (its program rows; the panel of the step now waits under it: it covered
        # the rows) and no forecast routes (read-only: the table takes no gesture while it plays)
        assert playing is not None
        now, draft, predictions = self.view, self.draft, self.predictions
        self.view, self.draft, self.predictions = playing[2].payload["replay"], None, {}
        try:
            before = playing[2].payload["before"]
            if self._round_dock is not before:
                self._round_dock = before
                self._relayout()
            self._draw(surface, overlay, animator, playing)
        finally:
            self.view, self.draft, self.predictions = now, draft, predictions

    def _draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator, playing: Any) -> None:
        assert self.lay is not None
        self._held = overlay.held
        if self._round_dock is not None and playing is None:  # the round has been seen
            self._round_dock = None
            self._focus_key = None  # the playback moved the camera: show what the person acts on now
            self._sync_draft()  # (its split panel opens now)
            self._relayout()
        self._playing_round = 0
        if playing is not None and playing[2].payload["before"].get("phase") == "chaos":
            self._playing_round = max(1, int(self.view.get("round", 0)))
            playing = self._hold(playing)
        self._follow(playing, overlay.time)
        hidden: set[Target] = set()
        if overlay.held is not None and overlay.drag_pos is not None:
            hidden.add(overlay.held)
        for tw in animator.of_kind("return"):
            hidden.add(tw.payload["source"])
        landing: frozenset[HexT] = frozenset()
        self._shown_tiles = self.view.get("tiles", [])
        self._seats_now = None
        shown_key: tuple[Any, ...] = ()
        if playing is not None:
            tl, t, tw = playing
            landing = frozenset(h for h, tland in tl.tiles.items() if t < tland)
            self._shown_tiles = tiles_shown(tw.payload["before"].get("tiles", []), self._shown_tiles, tl, t)
            shown_key = tuple((x.get("value"), x.get("owner"), x.get("active")) for x in self._shown_tiles)
            shown_key += tuple(track.at(t)[2:4] for track in tl.ships.values())  # the dock's cargo pills
            self._seats_now = seats_at(tw.payload["before"], self.view, tl, t)
            shown_key += (tuple(self._seats_now["points"]), tuple(self._seats_now["alive"]),
                          len(self._seats_now["ships"]))
        key = (id(self.view), self.rect.size, self.rect.topleft, frozenset(hidden), id(playing[2]) if playing else 0,
               landing, shown_key, surface.get_size(), self.fit, self.facing)
        if key != self._static_key or self._static is None:
            self._static = self._render_static(surface.get_size(), hidden, playing, landing)
            self._static_key = key
        surface.blit(self._static, self.rect.topleft)
        self._draw_live(surface, overlay, animator, playing)
        if self._soon:
            self._soon.pop()()
        elif self._warm and not animator.tweens:
            self._warm.pop()()

    def _hold(self, playing: tuple[Timeline, float, Any]) -> tuple[Timeline, float, Any]:
        """A chaos round follows the table's pause: while paused it holds where it is (a Step
        plays on to the next card or key moment), and it pauses by itself on a key moment
        (a battle, a ship lost, titanium banked: `Timeline.stops`, unless the setting is off),
        spelling out the outcome (`stop_words`) until Play or Space."""
        tl, t, tw = playing
        hold: dict[str, Any] = tw.payload.setdefault("hold", {"seen": 0.0, "until": None})
        held = self.watch_paused or self.play.toggle
        if self.watch_paused and self.play.steps > 0:  # Step: on to the next card or key moment
            self.play.steps -= 1
            hold["until"] = tl.next_beat(hold["seen"])
            self.stop_words = ""
        elif self.watch_paused and hold["until"] is None and hold["seen"] == 0.0 and "started" not in hold:
            hold["until"] = tl.next_beat(0.0)  # the Step that let this round through plays its first card
        hold["started"] = True
        if not held:
            hold["until"] = None  # running: a Step's goal no longer counts
        until = hold["until"]
        if held and (until is None or hold["seen"] >= until):
            t = hold["seen"]
            hold["until"] = None
        else:
            if until is not None:
                t = min(t, until)
            if not self.watch_paused:
                self.stop_words = ""
            if self._stops_wanted():
                stop = next((x for x in tl.stops if hold["seen"] < x.t <= t), None)
                if stop is not None:
                    t = stop.t
                    hold["until"] = None
                    self.stop_words = self.stop_text(tl, stop.events, tw.payload["before"])
                    if not self.watch_paused:
                        self.play.toggle = True  # the table pauses (and says how to go on)
        hold["seen"] = t
        tw.elapsed = tw.delay + (t / tl.duration) * tw.duration if tl.duration > 0 else tw.elapsed
        return tl, t, tw

    def _stops_wanted(self) -> bool:
        """Key moments pause the round for a person in the race, unless the setting is off; not
        when only computers play or every person is out (the table's own Pause and 'Skip to
        the end' are then the controls, and a watched game must not wait for ever)."""
        people = any(self.is_human(s) for s in range(int(self.view.get("players", 2))))
        return people and not self.spectating() and \
            bool(getattr(getattr(self.ctx, "settings", None), "key_moment_stops", True))

    def stop_text(self, tl: Timeline, events: Sequence[Event], before: ViewDict) -> str:
        """What a key moment comes to, in the log's words ("Battle on ...: Your ship 1 84→0 ...")."""
        owners = {sid: track.owner for sid, track in tl.ships.items()}
        numbers = {int(s["id"]): int(s.get("number", s["id"])) for s in before.get("ships", [])}
        for s in self.view.get("ships", []):
            numbers.setdefault(int(s["id"]), int(s.get("number", s["id"])))
        places = {(int(x["hex"][0]), int(x["hex"][1])): (str(x.get("kind", "")), int(x.get("value") or 0))
                  for x in before.get("tiles", [])}  # "Battle on the +50 portal", as the log says
        lines: list[Line | None] = []
        for i, ev in enumerate(events):
            if pushed_off(ev, events[i + 1] if i + 1 < len(events) else None):
                continue  # said with the loss it leads to, in one line
            if i and isinstance(ev, ShipDestroyed) and pushed_off(events[i - 1], ev):
                lines.append(wave_loss(ev, self.seat_names, numbers))
                continue
            lines.append(describe_event(ev, self.seat_names, self.me, owners, numbers, places))
        return "\n".join(line.text for line in lines if line is not None)

    def _follow(self, playing: Any, now: float) -> None:
        """The camera during a chaos round: when what happens now (the acting ship, where it goes,
        its shots) is off-screen, glide to it; also finishes a glide asked for elsewhere."""
        dt = 0.0 if self._last_time is None else max(0.0, min(0.1, now - self._last_time))
        self._last_time = now
        if not self.camera.active:
            self._pan_goal = None
            return
        if playing is not None:
            tl, t, _ = playing
            b = self._base_fit
            pts = [_axial(q, r, b.radius, b.origin) for q, r in tl.action_at(t)]
            goal = self.camera.pan_to_show(pts, margin=b.radius * 1.5)  # not left at the very edge
            if goal is not None and (self._pan_goal is None or math.dist(goal, self._pan_goal) > b.radius):
                self._pan_goal = goal
        if self._pan_goal is not None:
            if self.camera.glide(self._pan_goal, dt if dt > 0 else 1 / 60):
                self._pan_goal = None
            self._apply_pan()

    def _render_static(self, screen: tuple[int, int], hidden: set[Target], playing: Any,
                       landing: frozenset[HexT]) -> pygame.Surface:
        assert self.lay is not None
        v = self.view
        layer = pygame.Surface(self.rect.size).convert() if pygame.display.get_surface() else pygame.Surface(self.rect.size)
        layer.blit(felt_surface(screen), (0, 0), self.rect)
        off = (-self.rect.x, -self.rect.y)
        origin = (self.fit.origin[0] + off[0], self.fit.origin[1] + off[1])
        r = self.fit.radius
        layer.set_clip(self.camera.view.move(off))  # a map bigger than its area is cut at its edges
        # parked ships would cover a tile's numbers only in part (half a digit peeking out under a
        # cargo pill): those tiles are drawn bare and their key number goes on a badge
        parked = {_hex(s["hex"]) for s in v.get("ships", [])} if playing is None else set()
        for t in self._shown_tiles:
            h = _hex(t["hex"])
            if h in landing:
                continue
            blit_centred(layer, tile_image(t, r, labels=h not in parked),
                         (self.fit.centre(h)[0] + off[0], self.fit.centre(h)[1] + off[1]))
        if v.get("phase") == "planning":
            self._draw_routes(layer, off)
        self._ship_rects, self._ship_centres = {}, {}
        if playing is None:
            draw_tokens(layer, v.get("tokens", []), r, origin)
            self._draw_parked_ships(layer, off)
        self._draw_edges(layer, off)
        layer.set_clip(None)
        self._draw_overview(layer, off)
        self._draw_map_hint(layer, off)
        for seat in range(int(v.get("players", 2))):
            self._draw_panel(layer, seat, off)
        self._draw_tray(layer, off, hidden)
        dock, dock_view = self._dock_now(playing)
        self._drawn_dock = dock
        if playing is not None and dock_view is not v:
            dock_view = cargo_at(dock_view, playing[0], playing[1])
        draw_dock(layer, dock, dock_view, self.text, self.lay.font, self.predictions, hidden,
                  v.get("phase") == "planning" and not self.read_only, off, self.seat_names,
                  self.is_human(self.me) and not self.read_only)  # replay: no drag prompt
        if playing is None or not playing[0].entropy:
            self._draw_bar(layer, off, float(v.get("entropy", 0)), playing)
        return layer

    def _dock_now(self, playing: Any) -> tuple[Dock, ViewDict]:
        """The dock to show: during a chaos round, the one from before it (its cards turn up live)."""
        if playing is None or self.lay is None or not self.lay.dock.height:
            return self.dock, self.view
        tw = playing[2]
        before: ViewDict = tw.payload["before"]
        if before.get("phase") != "chaos":
            return self.dock, self.view
        if "dock" not in tw.payload:
            h = self.ctx.screen.get_height() if getattr(self.ctx, "screen", None) else 720
            tw.payload["dock"] = build_dock(self.lay.dock, before, slot_card_h(h, compact=True), hand_card_h(h),
                                            self.lay.font, False, not self.shared_screen)
        dock: Dock = tw.payload["dock"]
        return dock, before

    def _draw_bar(self, surface: pygame.Surface, off: tuple[int, int], entropy: float, playing: Any = None) -> None:
        assert self.lay is not None
        lay = self.lay
        bar = entropy_bar(lay.bar.width, lay.bar.height, int(round(entropy)), portal_marks(self._shown_tiles),
                          self.bar_start(playing))
        surface.blit(bar, lay.bar.move(off))

    def bar_start(self, playing: Any = None) -> int:
        """The entropy bar's left end: −1000, or lower once entropy went below it (kept for the
        whole playback of a round, so the scale does not jump while the needle moves)."""
        values = [float(self.view.get("entropy", 0))]
        if playing is not None:
            tl = playing[0]
            values += [float(tl.entropy_start)] + [float(v) for _, a, b in tl.entropy for v in (a, b)]
        return scale_start(*values)

    def _draw_reveals(self, surface: pygame.Surface, playing: Any) -> None:
        """Cards of the round turning face up in the dock as their ships play them."""
        tl, t, tw = playing
        dock, before = self._dock_now(playing)
        if dock is self.dock:
            return
        seen: dict[int, int] = {}
        kinds = {**before.get("cards", {}), **self.view.get("cards", {})}
        for tp, sid, card in tl.played:
            j = seen.get(sid, 0)
            seen[sid] = j + 1
            if t < tp:
                continue
            row = next((rw for rw in dock.rows if rw.ship == sid), None)
            if row is None:
                continue
            waiting = [sl for sl in row.slots if not sl.played]
            kind = kinds.get(str(card))
            if j >= len(waiting) or kind is None:
                continue
            rect = waiting[j].rect
            face = card_face(kind, rect.width, rect.height, self._players())
            k = min(1.0, (t - tp) / 0.3)
            if k < 1.0:
                from scenes.sprites.card import flip_frame

                img = flip_frame(self._back(rect.width, rect.height), face, k)
                surface.blit(img, img.get_rect(center=rect.center))
            else:
                surface.blit(face, rect)
                pygame.draw.rect(surface, BRASS, rect.inflate(2, 2), width=2, border_radius=5)

    def _draw_parked_ships(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        r = self.fit.radius
        by_hex: dict[HexT, list[dict[str, Any]]] = {}
        for s in sorted(self.view.get("ships", []), key=lambda s: int(s["id"])):
            by_hex.setdefault(_hex(s["hex"]), []).append(s)
        tiles = {_hex(t["hex"]): t for t in self.view.get("tiles", [])}
        for h, ships in by_hex.items():
            cx, cy = self.fit.centre(h)
            tile = tiles.get(h)
            offsets, scale = stack_layout(len(ships), r, gap=has_badge(tile))
            for s, (dx, dy) in zip(ships, offsets):
                self._ship_centres[int(s["id"])] = (cx + dx, cy + dy)
                rect = draw_ship(layer, (cx + dx + off[0], cy + dy + off[1]), int(s["owner"]),
                                 direction_angle(int(s["direction"])), r, int(s["energy"]), int(s["titanium"]),
                                 scale=scale, program_count=int(s.get("program_count", 0)), stack=len(ships),
                                 number=self._fleet_number(s))
                self._ship_rects[int(s["id"])] = rect.move(-off[0], -off[1])
            draw_crowd_chip(layer, (cx + off[0], cy + off[1]), r, len(ships))
            if tile is not None:  # the ships cover the tile's own numbers: the key ones, on badges
                draw_tile_badge(layer, tile, (cx + off[0], cy + off[1]), r,
                                [Cargo(int(s["energy"]), int(s["titanium"]), int(s.get("program_count", 0)),
                                       self._fleet_number(s), int(s["owner"]), direction_angle(int(s["direction"])))
                                 for s in ships])

    def stack_offsets(self) -> dict[int, Point]:
        """Each parked ship's offset from its hex's centre (pixels): ships sharing a hex stand
        apart (`stack_layout`), a ship alone at the centre."""
        r = self.fit.radius
        by_hex: dict[HexT, list[dict[str, Any]]] = {}
        for s in sorted(self.view.get("ships", []), key=lambda s: int(s["id"])):
            by_hex.setdefault(_hex(s["hex"]), []).append(s)
        tiles = {_hex(t["hex"]): t for t in self.view.get("tiles", [])}
        out: dict[int, Point] = {}
        for h, ships in by_hex.items():
            offsets, _ = stack_layout(len(ships), r, gap=has_badge(tiles.get(h)))
            out.update({int(s["id"]): o for s, o in zip(ships, offsets)})
        return out

    def _draw_routes(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        """Each programmed ship's forecast path and end. A ship sharing its hex starts its path
        from where it stands and runs it beside the other's (a share of its offset), so two
        ships' paths from one hex stay apart (they were drawn over each other; issue 17)."""
        r = self.fit.radius
        spread = self.stack_offsets()
        for sid, pred in self.predictions.items():
            if len(pred.hexes) < 2 and pred.off_map is None and pred.direction == self._ship_dir(sid):
                continue
            dx, dy = spread.get(sid, (0.0, 0.0))
            lane = (off[0] + dx * ROUTE_LANE, off[1] + dy * ROUTE_LANE)
            origin = (self.fit.origin[0] + lane[0], self.fit.origin[1] + lane[1])
            hexes: list[tuple[int, int]] = list(pred.hexes) + ([pred.off_map] if pred.off_map else [])
            col = player_colour(self.me)
            points = path_points(hexes, r, origin)
            if (dx or dy) and points:
                start = self.fit.centre(hexes[0])
                points[0] = (start[0] + off[0] + dx, start[1] + off[1] + dy)
            draw_path(layer, points, col, r, off_map=pred.off_map is not None)
            if pred.off_map is None:
                ex, ey = self.fit.centre(pred.end)
                draw_ship(layer, (ex + lane[0], ey + lane[1]), self.me, direction_angle(pred.direction), r,
                          ghost=True, scale=0.8 if (dx or dy) else 1.0)

    def _draw_edges(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        """Arrows at each edge of the map area beyond which more map lies (the map is panned)."""
        assert self.lay is not None
        area = self.camera.view.move(off)
        s = max(8, self.fit.radius // 2)
        for (more, (x, y), (dx, dy)) in zip(self.camera.hidden_edges(),
                                             [(area.left + s, area.centery), (area.centerx, area.top + s),
                                              (area.right - s, area.centery), (area.centerx, area.bottom - s)],
                                             [(-1, 0), (0, -1), (1, 0), (0, 1)]):
            if not more:
                continue
            tip = (x + dx * s * 0.6, y + dy * s * 0.6)
            a = (x - dx * s * 0.4 - dy * s, y - dy * s * 0.4 - dx * s)
            b = (x - dx * s * 0.4 + dy * s, y - dy * s * 0.4 + dx * s)
            pygame.draw.polygon(layer, (20, 20, 28), [(p[0] + 1, p[1] + 2) for p in (tip, a, b)])
            pygame.draw.polygon(layer, BRASS, [tip, a, b])

    def _draw_map_hint(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        """How to see the rest of a map bigger than its area: beside the map, under the overview
        (at the map's corner it covered tiles; issue 17)."""
        assert self.lay is not None
        if any(self.camera.hidden_edges()):
            spot = self._hint_rect()
            if spot is not None:
                y = spot.y + off[1]
                size = max(11, self.lay.font - 4)
                lines = self.text.wrap(MAP_HINT, size, spot.width)
                if len(lines) * self.text.render(lines[0], size, DIM).get_height() > spot.height:
                    lines = self.text.wrap(MAP_HINT_SHORT, size, spot.width)  # no sentence cut in half
                for line in lines:
                    img = self.text.render(line, size, DIM)
                    if y + img.get_height() > spot.bottom + off[1]:
                        break
                    layer.blit(img, img.get_rect(midtop=(spot.centerx + off[0], y)))
                    y += img.get_height()

    def _hint_rect(self) -> pygame.Rect | None:
        """Where the pan hint goes: in the side column under the overview (None: no room)."""
        assert self.lay is not None
        ov = self._overview()
        top = ov[0].bottom + 4 if ov is not None else self._tray().bottom + 8
        side = self.lay.side
        room = pygame.Rect(side.x, top, side.width, side.bottom - top)
        return room if room.height >= self.lay.font else None

    def _overview(self) -> tuple[pygame.Rect, float] | None:
        """The small overview of the whole map and its scale, shown only while the map does not
        fit: in the side column under the tray, so it never covers the board (it stood over the
        map's bottom left corner); None when the column has no room left."""
        if self.lay is None or not self.camera.active:
            return None
        side = self.lay.side
        top = self._tray().bottom + 10
        room = pygame.Rect(side.x, top, side.width, side.bottom - top - 2 * (self.lay.font - 2))
        if room.height < 40:
            return None
        x0, y0, x1, y1 = self.camera.extent
        k = min((room.width - 8) / max(1.0, x1 - x0), (room.height - 8) / max(1.0, y1 - y0))
        w, h = int((x1 - x0) * k) + 8, int((y1 - y0) * k) + 8
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (room.centerx, room.y)
        return box, k

    def _to_overview(self, p: Point, box: pygame.Rect, k: float) -> Point:
        return box.x + 4 + (p[0] - self.camera.extent[0]) * k, box.y + 4 + (p[1] - self.camera.extent[1]) * k

    def _draw_overview(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        ov = self._overview()
        if ov is None:
            return
        box, k = ov
        shown = box.move(off)
        back = pygame.Surface(shown.size, pygame.SRCALPHA)
        back.fill((14, 16, 26, 215))
        layer.blit(back, shown)
        pygame.draw.rect(layer, DIM, shown, width=1)
        b = self._base_fit
        dot = max(1.5, b.radius * k * 0.9)

        def at(h: HexT) -> tuple[float, float]:
            x, y = self._to_overview(b.centre(h), box, k)
            return x + off[0], y + off[1]
        for t in self.view.get("tiles", []):
            pygame.draw.circle(layer, (128, 134, 150), at(_hex(t["hex"])), dot)
        for h in self.view.get("legal_tile_hexes", []):
            pygame.draw.circle(layer, palette.HIGHLIGHT, at(_hex(h)), dot, width=1)
        for sh in self.view.get("ships", []):
            pygame.draw.circle(layer, player_colour(int(sh["owner"])), at(_hex(sh["hex"])), max(2.0, dot * 0.8))
        v = self.camera.view.move(-self.camera.pan[0], -self.camera.pan[1])
        tl = self._to_overview((v.x, v.y), box, k)
        frame = pygame.Rect(int(tl[0]) + off[0], int(tl[1]) + off[1], max(4, int(v.width * k)), max(4, int(v.height * k)))
        pygame.draw.rect(layer, BRASS, frame.clip(shown), width=1)

    def _overview_jump(self, pos: Point) -> bool:
        """A click on the overview looks at that part of the map."""
        ov = self._overview()
        if ov is None or not ov[0].collidepoint(pos):
            return False
        box, k = ov
        x = self.camera.extent[0] + (pos[0] - box.x - 4) / k
        y = self.camera.extent[1] + (pos[1] - box.y - 4) / k
        self._pan_goal = None
        self.camera.pan = (self.camera.view.centerx - x, self.camera.view.centery - y)
        self.camera.clamp()
        self._apply_pan()
        return True

    def _ship_dir(self, sid: int) -> int:
        for s in self.view.get("ships", []):
            if int(s["id"]) == sid:
                return int(s["direction"])
        return 0

    def _panel_rect(self, seat: int) -> pygame.Rect:
        assert self.lay is not None
        h = self._panel_h()
        return pygame.Rect(self.lay.side.x, self.lay.side.y + seat * h, self.lay.side.width, h - 6)

    def panel_head(self, seat: int) -> dict[str, tuple[str, pygame.Rect]]:
        """The top row of `seat`'s panel, each part's words and rect (without the layer's offset):
        the name, its seat badge after it, the points at the right and the word 'pts' before
        them. Where a row is too narrow 'pts' goes first (on every card), then the name is cut
        with an ellipsis, so the badge never sits on 'pts' (play-test: three seats at 900x800)."""
        v = self._seats_now if self._seats_now is not None else self.view
        fs = self.lay.font if self.lay is not None else 14
        r = self._panel_rect(seat)
        points = f"{v['points'][seat]}"
        spot = pygame.Rect((0, 0), self.text.font(int(fs * 1.5), "display").size(points))
        spot.topright = (r.right - 10, r.y + 2)
        label = pygame.Rect((0, 0), self.text.font(fs - 4).size("pts"))
        label.topright = (spot.x - 2, r.y + 8)
        badge_d = max(8, int(fs * 0.62))  # the badge's disc (`seat_badge`: half its image)
        bold = self.text.font(fs, "bold")
        name = words.name_of(seat, self.seat_names)
        gap = int(fs * 0.8) - badge_d // 2  # from the name to the badge's left edge, as it was drawn
        left = r.x + 16
        head: dict[str, tuple[str, pygame.Rect]] = {"points": (points, spot)}
        room = label.x - 4 - badge_d - gap - left
        # every card keeps 'pts' or none does: the cards are read down the column
        widest = max(bold.size(words.name_of(s, self.seat_names))[0] for s in range(len(v["points"])))
        if widest <= room:
            head["pts"] = ("pts", label)
        else:
            room = spot.x - 4 - badge_d - gap - left
            name = cut_to(name, bold, room)
        at = pygame.Rect((left, r.y + 5), bold.size(name))
        head["name"] = (name, at)
        head["badge"] = ("", pygame.Rect(at.right + gap, at.centery - badge_d // 2, badge_d, badge_d))
        return head

    def _draw_panel(self, layer: pygame.Surface, seat: int, off: tuple[int, int]) -> None:
        assert self.lay is not None
        v = self._seats_now if self._seats_now is not None else self.view  # a playback: as shown so far
        fs = self.lay.font
        r = self._panel_rect(seat).move(off)
        col = player_colour(seat)
        active = seat in v.get("to_act", [])
        alive = v["alive"][seat]
        layer.blit(_panel(r.size, (20, 22, 36), col if active else (70, 66, 56)), (r.x - 10, r.y - 10))
        pygame.draw.rect(layer, col, pygame.Rect(r.x + 4, r.y + 6, 5, r.height - 12), border_radius=2)
        head = self.panel_head(seat)
        name, spot = head["name"]
        self.text.blit(layer, name, fs, TEXT if alive else DIM, "bold", topleft=spot.move(off).topleft)
        # the seat's shape as well as its colour: the legend for ships, lasers, waves and portals
        blit_centred(layer, seat_badge(seat, max(8, int(fs * 0.62)), bright=True), head["badge"][1].move(off).center)
        points, spot = head["points"]
        self.text.blit(layer, points, int(fs * 1.5), BRASS, "display", topleft=spot.move(off).topleft)
        if "pts" in head:
            self.text.blit(layer, "pts", fs - 4, DIM, topleft=head["pts"][1].move(off).topleft)
        ships = [s for s in v.get("ships", []) if s["owner"] == seat]
        y = r.y + 8 + fs
        hand = int(v["hand_sizes"][seat])
        line = f"{len(ships)} ship{'s' if len(ships) != 1 else ''} \u00b7 {hand} card{'s' if hand != 1 else ''}"
        if v["pool"][seat]:
            line += f" \u00b7 pool {v['pool'][seat]}"
        self.text.blit(layer, line, fs - 3, DIM, topleft=(r.x + 16, y))
        y += fs
        if y + fs - 2 <= r.bottom:
            if v.get("phase") == "over" and self._round_dock is None and not self._playing_round:
                # (not while the round that decided it still plays back: that would tell the end first)
                winners = v.get("winners", [])
                # everyone on the top score is a draw, as on the game-over card ("Winner!" twice misled);
                # some but not all of them share the win, and the card names them as winners
                draw = len(winners) == int(v.get("players", 2))
                state, ink = (("Draw" if draw else "Winner!", BRASS) if seat in winners else ("", DIM))
            elif not alive:
                state, ink = "Out of the race", (255, 130, 110)
            elif v.get("phase") == "planning":
                done = v.get("planning_done", [])[seat] if v.get("planning_done") else False
                state, ink = ("Done planning", (150, 220, 160)) if done else ("Planning\u2026", BRASS)
            elif seat == v.get("starting_player"):
                state, ink = "Starts this era", DIM
            else:
                state, ink = "", DIM
            if state:
                at = self.text.blit(layer, state, fs - 3, ink, "bold", topleft=(r.x + 16, y))
                if state == "Done planning":
                    _tick(layer, (at.right + 6, at.centery), fs * 0.4, ink)

    def _draw_tray(self, layer: pygame.Surface, off: tuple[int, int], hidden: set[Target]) -> None:
        assert self.lay is not None
        v = self.view
        fs = self.lay.font
        tr = self._tray().move(off)
        layer.blit(_panel(tr.size, (18, 20, 32), (90, 76, 50)), (tr.x - 10, tr.y - 10))
        cx, cy = self._tray_centre()
        cx, cy = cx + off[0], cy + off[1]
        srcs = self.sources(self.me)
        drawn = v.get("drawn_tile")
        r = self.tray_radius
        if drawn is not None:
            title = "Drawn tile" if self._my_turn() else "Tile to place"
            self.text.blit(layer, title, fs - 1, BRASS, "bold", midtop=(tr.centerx, tr.y + 6))
            if TILE not in hidden:
                img = tile(drawn["kind"], r, int(drawn.get("value") or 0), drawn.get("threshold"), None,
                           drawn["kind"] == "portal" and drawn.get("threshold") is not None
                           and int(v.get("entropy", 0)) <= int(drawn["threshold"]))
                blit_centred(layer, img, (cx, cy))
            return
        if not srcs and self._placing_seat() is not None:
            self.text.blit(layer, "New ship", fs - 1, BRASS, "bold", midtop=(tr.centerx, tr.y + 6))
            draw_ship(layer, (cx, cy), int(self._placing_seat() or 0), 0.0, r, ghost=True)
            return
        if srcs == [NEW_SHIP]:
            self.text.blit(layer, "Your ship", fs - 1, BRASS, "bold", midtop=(tr.centerx, tr.y + 6))
            if NEW_SHIP not in hidden:
                draw_ship(layer, (cx, cy), self.me, direction_angle(self.facing if self.facing is not None else 0), r)
            for rect, label in zip(self._rotate_rects(), ("\u21ba", "\u21bb")):
                rr = rect.move(off)
                pygame.draw.circle(layer, (40, 44, 62), rr.center, rr.width // 2)
                pygame.draw.circle(layer, BRASS, rr.center, rr.width // 2, width=1)
                self._arrow(layer, rr, label == "\u21bb")
            facing = "faces the longest way ahead" if self.facing is None else f"faces {words.DIRS[self.facing]}"
            self.text.blit(layer, facing, fs - 3, TEXT, midbottom=(tr.centerx, tr.bottom - 4 - fs))
            self.text.blit(layer, "R / wheel / arrows turn it", fs - 4, DIM, midbottom=(tr.centerx, tr.bottom - 4))
            return
        self.text.blit(layer, "Supplies", fs - 1, BRASS, "bold", midtop=(tr.centerx, tr.y + 6))
        self.text.blit(layer, f"{v.get('tile_bag_left', 0)} tiles in the bag", fs - 3, DIM,
                       midtop=(tr.centerx, tr.y + 10 + fs))
        self.text.blit(layer, f"{v.get('deck_left', 0)} cards in the deck", fs - 3, DIM,
                       midtop=(tr.centerx, tr.y + 12 + 2 * fs))
        self.text.blit(layer, f"Era {v.get('era', 0)}", fs - 1, TEXT, "bold", midtop=(tr.centerx, tr.y + 16 + 3 * fs))

    @staticmethod
    def _arrow(layer: pygame.Surface, rect: pygame.Rect, clockwise: bool) -> None:
        """A small curved arrow (the glyphs are not in every font)."""
        c = rect.center
        rad = rect.width * 0.28
        start, end = (-150.0, 120.0) if clockwise else (60.0, 330.0)
        pts = [(c[0] + rad * math.cos(math.radians(a)), c[1] + rad * math.sin(math.radians(a)))
               for a in [start + (end - start) * k / 12 for k in range(13)]]
        pygame.draw.lines(layer, BRASS, False, pts, 2)
        tip_a = math.radians(end if clockwise else start)
        tip = (c[0] + rad * math.cos(tip_a), c[1] + rad * math.sin(tip_a))
        direction = tip_a + (math.pi / 2 if clockwise else -math.pi / 2)
        for da in (2.6, -2.6):
            pygame.draw.line(layer, BRASS, tip, (tip[0] + 6 * math.cos(direction + da),
                                                 tip[1] + 6 * math.sin(direction + da)), 2)

    def _draw_live(self, surface: pygame.Surface, overlay: Overlay, animator: Animator, playing: Any) -> None:
        assert self.lay is not None
        lay = self.lay
        v = self.view
        r = self.fit.radius
        pulse = 0.5 + 0.5 * math.sin(overlay.time * 5.0)
        # the entropy bar moves live while a round changes it (otherwise it is in the static layer)
        if playing is not None and playing[0].entropy:
            self._draw_bar(surface, (0, 0), playing[0].entropy_at(playing[1]), playing)
            self._draw_reveals(surface, playing)
        elif playing is not None:
            self._draw_reveals(surface, playing)
        if self._controls_shown():
            self.play.draw(surface, lay.controls, self.text, lay.font - 1, self._mouse, self.watch_paused)
        elif self.replay_finished() and self.can_replay():
            button = self._replay_done_rect()
            said, size = self._replay_done_words()
            draw_pill(surface, button, "", self.text, size, button.collidepoint(self._mouse), accent=(52, 110, 70))
            step = self.text.font(size, "bold").get_linesize()
            for i, line in enumerate(said):
                self.text.blit(surface, line, size, palette.INK, "bold",
                               center=(button.centerx, round(button.centery + (i - (len(said) - 1) / 2) * step)))
        elif self.can_replay():
            button = self._replay_rect()
            draw_pill(surface, button, REPLAY_LABEL, self.text, lay.font - 1, button.collidepoint(self._mouse))
        if self._order_toggle_shown():
            button = self._order_toggle_rect()
            draw_pill(surface, button, f"{ORDER_LABEL}: {'on' if self.same_order else 'off'}", self.text,
                      lay.font - 2, button.collidepoint(self._mouse), accent=(52, 110, 70) if self.same_order
                      else (58, 62, 82))
        surface.set_clip(self.camera.view)
        # legal hexes while a tile or a ship is held
        if overlay.held is not None and overlay.held.zone in ("tile", "ship") and overlay.held.ident is None:
            glow = hex_glow(r, palette.HIGHLIGHT, round((0.6 + 0.4 * pulse) * 4) / 4)
            cells = {t.cell for t in overlay.legal if t.cell is not None}
            for c in cells:
                blit_centred(surface, glow, self.fit.centre(c))
            if overlay.hover is not None and overlay.hover.cell in cells:
                blit_centred(surface, hex_hover(r), self.fit.centre(overlay.hover.cell))
        elif overlay.movable and (TILE in overlay.movable or NEW_SHIP in overlay.movable):
            # a ship goes onto tiles: a soft glow, as the banner promises ("a glowing hex") - the
            # 1 px outline got lost on tiles with art at small sizes (where a built ship may go, on
            # a long strip); a tile goes onto empty hexes, where the outline shows and a glow on
            # every free hex round the map would be a blaze
            faint = hex_glow(r, palette.HIGHLIGHT, REST_GLOW) if NEW_SHIP in overlay.movable else \
                hex_shape(r, None, (*palette.HIGHLIGHT, 130), 0.05)
            for c in {_hex(h) for h in v.get("legal_tile_hexes", [])}:
                blit_centred(surface, faint, self.fit.centre(c))
        surface.set_clip(None)
        # the source that may be picked up
        if overlay.held is None and (TILE in overlay.movable or NEW_SHIP in overlay.movable):
            cx, cy = self._tray_centre()
            pygame.draw.circle(surface, palette.HIGHLIGHT, (cx, cy), self.tray_radius * (1.05 + 0.05 * pulse), width=2)
        # legal drops for cards
        if overlay.held is not None and overlay.held.zone in ("hand", "program"):
            for t in overlay.legal:
                if t.zone == "program":
                    rect = slot_rect(self.dock, t)
                    if rect is not None:
                        on = overlay.hover == t
                        pygame.draw.rect(surface, palette.HIGHLIGHT, rect.inflate(4, 4), width=3 if on else 1,
                                         border_radius=6)
                elif t.zone == "ship" and t.ident is not None and int(t.ident) in self._ship_rects:
                    rect = self._ship_rects[int(t.ident)]
                    if self.camera.view.collidepoint(rect.center):
                        pygame.draw.circle(surface, palette.HIGHLIGHT, rect.center, r * 0.75, width=2)
                elif t.zone == "hand" and self.dock.hand.width:
                    pygame.draw.rect(surface, palette.HIGHLIGHT, self.dock.hand.inflate(6, 6), width=2,
                                     border_radius=8)
        # clickable ships (which plays next), on the map and in the dock
        shown = self.camera.view  # a ring round a ship off the shown map fell on the side panel and log
        for t in overlay.clickable:
            if t.zone == "ship" and t.ident is not None and int(t.ident) in self._ship_rects:
                rect = self._ship_rects[int(t.ident)]
                if shown.collidepoint(rect.center):
                    pygame.draw.circle(surface, palette.HIGHLIGHT, rect.center, r * (0.8 + 0.08 * pulse), width=3)
                label = slot_rect(self.dock, t)
                if label is not None:
                    pygame.draw.rect(surface, palette.HIGHLIGHT, label.inflate(2, 2), width=2, border_radius=8)
        # a program row under the pointer rings its ship on the map, a ship its row (issue 17)
        ship_lit, row_lit = self.hover_link(self._mouse)
        if ship_lit is not None and ship_lit in self._ship_rects and shown.collidepoint(self._ship_rects[ship_lit].center):
            ring = self._ship_rects[ship_lit].inflate(8, 8)
            pygame.draw.rect(surface, palette.HIGHLIGHT, ring, width=2, border_radius=ring.height // 2)
        if row_lit is not None:
            row = next((rw for rw in self._drawn_dock.rows if rw.ship == row_lit), None)
            if row is not None:
                pygame.draw.rect(surface, palette.HIGHLIGHT, row.rect.inflate(4, 4), width=2, border_radius=9)
        # the ships that share cargo
        if self.draft is not None and self.draft.kind == "exchange":
            for sid in self.draft.ships:
                if sid in self._ship_rects and shown.collidepoint(self._ship_rects[sid].center):
                    pygame.draw.circle(surface, BRASS, self._ship_rects[sid].center, r * 0.7, width=2)
        # a hint from the computer
        if overlay.hint is not None and FINISH in overlay.hint and self.dock.rect.height:
            self.text.blit(surface, "Suggested: Done planning as you are", lay.font, palette.HINT, "bold",
                           topright=(self.dock.rect.right - 6, self.dock.rect.y + 2))
        if overlay.hint is not None:
            for hinted in overlay.hint:
                if hinted is None:
                    continue
                pos = self.anchor(hinted)
                if pos is not None:
                    pygame.draw.circle(surface, palette.HINT, pos, r * (0.7 + 0.1 * pulse), width=3)
        if playing is not None:
            surface.set_clip(self.camera.view)
            self._draw_playback(surface, playing)
            surface.set_clip(None)
        for tw in animator.of_kind("return"):
            self._draw_held(surface, tw.payload["source"], _lerp(tw.payload["start"], tw.payload["end"], tw.value))
        if self.draft is not None:
            geo = self._panel_geo()
            ok = any(t.zone == "button" and t.ident == self.draft.target().ident for t in overlay.clickable)
            info = {int(s["id"]): (int(s["energy"]), int(s["titanium"])) for s in v.get("ships", [])}
            numbers = {int(s["id"]): int(s.get("number", s["id"])) for s in v.get("ships", [])}
            draw_panel(surface, self.draft, geo, self.text, lay.font, self._mouse, ok, info, numbers,
                       self.seat_names, self._panel_side == DOCK and self._short_title(lay, lay.font))
        # a hand card under the pointer comes to the front (the hand overlaps when it is big)
        if overlay.held is None and overlay.hover is not None and overlay.hover.zone == "hand":
            rect = slot_rect(self.dock, overlay.hover) if overlay.hover.ident else None
            kind = card_of(self.dock, v, overlay.hover)
            if rect is not None and kind:
                surface.blit(card_face(kind, rect.width, rect.height, self._players()), rect.move(0, -8))
                if overlay.hover in overlay.movable:
                    pygame.draw.rect(surface, palette.HIGHLIGHT, rect.move(0, -8).inflate(2, 2), width=2,
                                     border_radius=6)
        if overlay.held is not None and overlay.drag_pos is not None:
            self._draw_held(surface, overlay.held, overlay.drag_pos, overlay.hover)

    def _draw_held(self, surface: pygame.Surface, source: Target, pos: Point, hover: Target | None = None) -> None:
        v = self.view
        r = self.fit.radius
        if source == TILE and v.get("drawn_tile"):
            d = v["drawn_tile"]
            at = pos
            if hover is not None and hover.zone == "hex" and hover.cell is not None:
                at = self.fit.centre(hover.cell)
            img = tile(d["kind"], r, int(d.get("value") or 0), d.get("threshold"), None, False)
            blit_centred(surface, img, at)
        elif source == NEW_SHIP:
            cell = hover.cell if hover is not None and hover.zone == "hex" else None
            at = self.fit.centre(cell) if cell is not None else pos
            draw_ship(surface, at, self.me, direction_angle(self.facing_at(cell)), r)
        elif source.zone in ("hand", "program"):
            kind = card_of(self.dock, v, source)
            if kind:
                h = self.dock.hand_h if source.zone == "hand" else self.dock.slot_h
                img = card_face(kind, int(h * 0.71), h, self._players())
                surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def _draw_playback(self, surface: pygame.Surface, playing: Any) -> None:
        tl, t, tw = playing
        r = self.fit.radius
        origin = self.fit.origin
        # tiles flying in from the tray (or from where they were dropped)
        for h, tland in tl.tiles.items():
            if t < tland:
                t_img = next((x for x in self.view.get("tiles", []) if _hex(x["hex"]) == h), None)
                if t_img is not None:
                    k = max(0.0, min(1.0, 1 - (tland - t) / 0.35))
                    k = 1 - (1 - k) ** 3
                    blit_centred(surface, tile_image(t_img, r), _lerp(tw.payload["origin"], self.fit.centre(h), k))
        # ships: where each is now, spread out when several share a hex
        states: dict[int, tuple[tuple[float, float], float, int, int, int, int]] = {}
        final = {int(s["id"]): s for s in self.view.get("ships", [])}
        for sid, track in tl.ships.items():
            pos, angle, energy, titanium, alive = track.at(t)
            if alive:
                states[sid] = (pos, angle, energy, titanium, track.owner, track.program_at(t))
        for sid, s in final.items():
            if sid not in tl.ships:
                states[sid] = ((float(s["hex"][0]), float(s["hex"][1])), direction_angle(int(s["direction"])),
                               int(s["energy"]), int(s["titanium"]), int(s["owner"]), int(s.get("program_count", 0)))
        groups: dict[tuple[int, int], list[int]] = {}
        for sid, st in sorted(states.items()):
            q, rr = st[0]
            if abs(q - round(q)) < 1e-3 and abs(rr - round(rr)) < 1e-3:
                groups.setdefault((round(q), round(rr)), []).append(sid)
        # the tile under ships standing on a hex, as it is at this moment of the round (its cargo
        # not yet taken, the portal's owner and state then): drawn bare under them (they would
        # cover its numbers in part), its key numbers on badges over them, as when parked
        now_tiles = {_hex(x["hex"]): x for x in self._shown_tiles}
        under = {h: now_tiles[h] for h in groups if h in now_tiles and not t < tl.tiles.get(h, -1.0)}
        spread: dict[int, tuple[float, float, float, int]] = {}
        for h, ids in groups.items():
            offsets, scale = stack_layout(len(ids), r, gap=has_badge(under.get(h)))
            for sid, (dx, dy) in zip(ids, offsets):
                spread[sid] = (dx, dy, scale, len(ids))
        for h, tile_now in under.items():
            blit_centred(surface, tile_image(tile_now, r, labels=False), self.fit.centre(h))
        self._ship_rects, self._ship_centres = {}, {}
        for tok in tl.tokens:
            now = tok.at(t)
            if now is None:
                continue
            (q, rr), alpha = now
            img = token_sprite(tok.kind, tok.owner, r, tok.angle)
            if alpha < 1.0:
                img = img.copy()
                img.set_alpha(int(255 * alpha))
            blit_centred(surface, img, _axial(q, rr, r, origin))
        numbers: dict[int, int] = {}
        for sid, (pos, angle, energy, titanium, owner, prog) in states.items():
            dx, dy, scale, stack = spread.get(sid, (0.0, 0.0, 1.0, 1))
            x, y = _axial(pos[0], pos[1], r, origin)
            ship_now = final.get(sid) or next((x_ for x_ in tw.payload["before"].get("ships", [])
                                               if int(x_["id"]) == sid), None)
            numbers[sid] = self._fleet_number(ship_now) if ship_now else 0
            self._ship_centres[sid] = (x + dx, y + dy)
            rect = draw_ship(surface, (x + dx, y + dy), owner, angle, r, energy, titanium, scale=scale,
                             program_count=prog, stack=stack, number=numbers[sid])
            self._ship_rects[sid] = rect
        acting = tl.acting_at(t)
        if acting is not None and acting.ship in self._ship_rects:
            ring = self._ship_rects[acting.ship].inflate(10, 10)
            pygame.draw.rect(surface, BRASS, ring, width=3, border_radius=ring.height // 2)
        for h, ids in groups.items():
            draw_crowd_chip(surface, self.fit.centre(h), r, len(ids))
        badges: list[pygame.Rect] = []
        for h, tile_now in under.items():
            badges += draw_tile_badge(surface, tile_now, self.fit.centre(h), r,
                                      [Cargo(states[sid][2], states[sid][3], states[sid][5], numbers.get(sid, 0),
                                             states[sid][4], states[sid][1])
                                       for sid in groups[h]])
        spots = self.label_spots(tl, t, tw.payload, badges)
        for ef in tl.effects:
            if not ef.t <= t < ef.t + ef.duration:
                continue
            k = (t - ef.t) / ef.duration
            x, y = _axial(ef.hex[0], ef.hex[1], r, origin)
            if ef.kind in ("burst", "boom"):
                blit_centred(surface, burst(int(r * (1.6 if ef.kind == "boom" else 1.0)), k), (x, y))
            elif ef.kind == "label":
                img = self.text.render(ef.text, label_size_px(r), ef.colour, "bold", shadow=True)
                img = img.copy()
                img.set_alpha(int(255 * min(1.0, (1 - k) * 2.5)))
                # rising from a spot clear of the tiles' numbers and of the other labels (issue 17)
                dx, dy = spots.get(id(ef), (0, round(-r * START)))
                surface.blit(img, img.get_rect(center=(int(x + dx), int(y + dy - r * RISE * k))))
            elif ef.kind == "card":
                self._draw_card_pop(surface, ef, k, (x, y), tl, tw)
            elif ef.kind == "banner" and self.lay is not None:
                img = self.text.render(ef.text, max(22, int(self.lay.font * 1.8)), BRASS, "display", shadow=True)
                img = img.copy()
                img.set_alpha(int(255 * min(1.0, (1 - k) * 3)))
                surface.blit(img, img.get_rect(midtop=(self.lay.map.centerx, self.lay.map.y + 6)))

        self._draw_caption(surface, tl, t, tw)

    def acting_words(self, tl: Timeline, t: float, before: ViewDict) -> str:
        """Who acts now, in the log's names: "Computer's ship 1 plays Move 2" (empty between cards)."""
        acting = tl.acting_at(t)
        if acting is None:
            return ""
        track = tl.ships.get(acting.ship)
        numbers = {int(s["id"]): int(s.get("number", s["id"])) for s in before.get("ships", [])}
        name = words.ship_name(track.owner if track else None, numbers.get(acting.ship, acting.ship), self.seat_names)
        kind = KIND_BY_NAME.get(acting.card)
        card = kind.name if kind is not None else acting.card
        return f"{name} {'skips' if acting.skipped else 'plays'} {card}"

    def caption_lines(self, tl: Timeline, t: float, before: ViewDict, fs: int,
                      room: int) -> list[tuple[str, Colour, int, str]]:
        """The caption's lines (text, colour, size, font kind): a key moment's outcome and how
        to go on, else who acts now; in the first round watched, what Pause and Step do."""
        lines: list[tuple[str, Colour, int, str]] = []
        if self.stop_words:
            for said in self.stop_words.split("\n"):
                lines += [(part, (255, 214, 150), fs, "bold") for part in self.text.wrap(said, fs, room, "bold")]
            lines.append((f"Paused: {words.PAUSED_GO_ON}, Step plays the next card", DIM, fs - 2, "regular"))
            return lines
        said = self.acting_words(tl, t, before)
        if said:
            lines.append((said, TEXT, fs, "bold"))
        if said and self._rounds_watched <= 1 and self._controls_shown():
            lines.append((FIRST_ROUND_TIP, DIM, fs - 2, "regular"))
        return lines

    def _draw_caption(self, surface: pygame.Surface, tl: Timeline, t: float, tw: Any) -> None:
        """At the foot of the map: the outcome of the key moment the round is paused on (one
        line per event, wrapped, and how to go on), else the ship acting now and its card."""
        if self.lay is None:
            return
        fs = max(14, int(self.lay.font * 1.1))
        lines = self.caption_lines(tl, t, tw.payload["before"], fs, self.camera.view.width - 44)
        if not lines:
            return
        imgs = [self.text.render(text, size, colour, kind) for text, colour, size, kind in lines]
        # widths in steps of 32 px: a panel (its blurred shadow) is drawn once per size, not per card
        w = min(self.camera.view.width - 16, (max(img.get_width() for img in imgs) + 28 + 31) // 32 * 32)
        h = sum(img.get_height() for img in imgs) + 14
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (self.camera.view.centerx, self.camera.view.bottom - 8)
        surface.blit(_panel(box.size, (30, 34, 50), BRASS if self.stop_words else (120, 100, 64)), box.move(-10, -10))
        y = box.y + 7
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def label_spots(self, tl: Timeline, t: float, payload: dict[str, Any],
                    badges: Sequence[pygame.Rect] = ()) -> dict[int, tuple[int, int]]:
        """Where each floating label showing at time `t` starts, from its hex's centre (keyed by the
        effect's id): chosen once per label, in the order they appear, clear of the tiles' numbers
        (`badges`: those drawn over ships this frame) and of the labels showing before it."""
        spots: dict[Any, tuple[int, int]] = payload.setdefault("label_spots", {})
        r = self.fit.radius
        shown = sorted((ef for ef in tl.effects if ef.kind == "label" and ef.t <= t < ef.t + ef.duration),
                       key=lambda ef: ef.t)
        numbers: list[pygame.Rect] | None = None
        placed: list[pygame.Rect] = []
        out: dict[int, tuple[int, int]] = {}
        for ef in shown:
            at = _axial(ef.hex[0], ef.hex[1], r, self.fit.origin)
            size = self.text.render(ef.text, label_size_px(r), ef.colour, "bold", shadow=True).get_size()
            key = (ef.t, ef.hex, ef.text, r)
            if key not in spots:
                if numbers is None:
                    numbers = number_rects(self._shown_tiles, self.fit.centre, r) + list(badges)
                area = self.camera.view if self.lay is not None else None
                spots[key] = place_label(at, size, r, numbers + placed, area, list(self._ship_rects.values()))
            dx, dy = spots[key]
            out[id(ef)] = (dx, dy)
            placed.append(swept((at[0] + dx, at[1] + dy), size, r).inflate(4, 2))
        return out

    def pop_offset(self, tl: Timeline, ef: Any, payload: dict[str, Any]) -> tuple[int, int]:
        """Where the card a ship plays shows, from the ship's hex centre: chosen once per card
        (so it does not jump as the camera follows) clear of the ship and its targets."""
        spots: dict[Any, tuple[int, int]] = payload.setdefault("pops", {})
        key = (ef.t, ef.ship)
        if key not in spots:
            r = self.fit.radius
            h, w = self._pop_size()
            at = _axial(ef.hex[0], ef.hex[1], r, self.fit.origin)
            clear = [_axial(q, rr, r, self.fit.origin) for q, rr in tl.card_targets(ef)]
            area = self.lay.map if self.lay is not None else pygame.Rect(0, 0, 10 ** 5, 10 ** 5)
            found = off_tiles(at, (w, h), self._pop_walls(clear), self._pop_area()) if self.lay is not None else None
            rect = found or pop_rect(at, (w, h), clear, r, area)
            spots[key] = (round(rect.centerx - at[0]), round(rect.centery - at[1]))
        return spots[key]

    def _pop_area(self) -> pygame.Rect:
        """Where a revealed card may show: the map's shown area above the caption at its foot."""
        assert self.lay is not None
        view = self.camera.view
        caption = 3 * max(14, int(self.lay.font * 1.1)) + 24
        return pygame.Rect(view.x + 4, view.y + 4, view.width - 8, max(0, view.height - 8 - caption))

    def _pop_walls(self, clear: Sequence[Point]) -> list[pygame.Rect]:
        """What a revealed card must not cover: every tile, the hexes the ship acts on (also off the
        map) and the overview (issue 17: the cards covered tiles)."""
        r = self.fit.radius
        walls = [hex_box(self.fit.centre(_hex(t["hex"])), r) for t in self.view.get("tiles", [])]
        walls += [hex_box(p, r) for p in clear]
        ov = self._overview()
        if ov is not None:
            walls.append(ov[0])
        return walls

    def _draw_card_pop(self, surface: pygame.Surface, ef: Any, k: float, at: Point, tl: Timeline,
                       tw: Any) -> None:
        """The card a ship plays rises beside it and turns face up (crossed out when skipped),
        placed where it hides neither the ship nor where it is going (`pop_offset`)."""
        from scenes.sprites.card import flip_frame

        h, w = self._pop_size()
        face = card_face(ef.card, w, h, self._players())
        back = self._back(w, h)
        flip = min(1.0, k / 0.3)
        img = flip_frame(back, face, flip) if flip < 1.0 else face
        dx, dy = self.pop_offset(tl, ef, tw.payload)
        x = at[0] + dx
        y = at[1] + dy + 8 - 8 * min(1.0, k * 4)  # rises into its place
        rect = img.get_rect(center=(int(x), int(y)))
        if k > 0.8:
            img = img.copy()
            img.set_alpha(int(255 * (1 - k) / 0.2))
        surface.blit(img, rect)
        pygame.draw.rect(surface, player_colour(ef.owner), rect.inflate(4, 4), width=2, border_radius=8)
        if ef.skipped and flip >= 1.0:
            pygame.draw.line(surface, (255, 90, 80), rect.topleft, rect.bottomright, 4)
            pygame.draw.line(surface, (255, 90, 80), rect.topright, rect.bottomleft, 4)

    @staticmethod
    def _back(w: int, h: int) -> pygame.Surface:
        from scenes.views.rally.cards import back

        return back(w, h)


ORDER_LABEL = "Same order each round"
ORDER_TIP = ("On: your ships play in the order you last picked, every round, without asking (a ship you "
             "have not placed in that order yet is still asked about). Off: you pick each round.")

REPLAY_LABEL = "Replay chaos"
REPLAY_TIP = ("Replay the last chaos phase: every round again, as it was played (the table waits; Pause and "
              "Step work as before).")

ROUTE_LANE = 0.4
"""The share of a stacked ship's offset its forecast path keeps, so paths from one hex run side by side."""

ROUND_BUSY = "A chaos round is playing back: Hint and Undo wait until it has been shown."
CHAOS_DECISIONS = ("place_built_ship", "exchange", "order_ships")
"""The decisions a chaos round waits for (`rules.describe_pending`): all public (`private_decision`)."""
REPLAY_BUSY = "The last chaos phase is being replayed: Hint and Undo wait until it ends."
REPLAY_DONE_S = 6.0
"""How long "Replay finished" stands where the replay button is (a click on it goes at once)."""
REPLAY_DONE_LINES = (("Replay finished \u2014 Back to the game",), ("Replay finished \u2014", "Back to the game"))

FIRST_ROUND_TIP = "Pause (Space) holds the round where it is \u00b7 Step plays the next card"
"""Said under the acting ship's name during the first chaos round watched (issue 17)."""


def _tick(layer: pygame.Surface, at: Point, size: float, colour: Colour) -> None:
    """A drawn check mark (the glyph is missing from the fonts)."""
    x, y = at
    pygame.draw.lines(layer, colour, False, [(x, y), (x + size * 0.4, y + size * 0.45), (x + size, y - size * 0.5)], 3)


@lru_cache(maxsize=32)
def _panel(size: tuple[int, int], fill: Colour, edge: Colour) -> pygame.Surface:
    """A player panel or the tray box (drawn 10 px out for its shadow; cached)."""
    out: pygame.Surface = panel(size, 10, 215, fill, edge)
    return out


def _axial(q: float, r: float, radius: int, origin: Point) -> Point:
    return (origin[0] + radius * (math.sqrt(3) * q + math.sqrt(3) / 2 * r), origin[1] + radius * 1.5 * r)


def _keep_whole(extent: tuple[float, float, float, float], view: pygame.Rect) -> Point:
    """How far to move a map (its tiles' box) on each axis it fits in `view` so that it lies
    wholly inside (0 on an axis it overflows: the camera pans that one)."""
    x0, y0, x1, y1 = extent
    out = []
    for lo, hi, vlo, vhi in ((x0, x1, view.left, view.right), (y0, y1, view.top, view.bottom)):
        if hi - lo > vhi - vlo:
            out.append(0.0)
        else:
            out.append(vlo - lo if lo < vlo else vhi - hi if hi > vhi else 0.0)
    return out[0], out[1]


def _lerp(a: Point, b: Point, k: float) -> Point:
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def shot_match(seed: int, seats: list[str] | None = None) -> Any:
    """A mid-game position for `shot` and `bench render` (see `game/rally/positions.py`)."""
    from game.rally.positions import shot_match as make

    return make(seed, seats)


def bench_match(seed: int, seats: list[str] | None = None) -> Any:
    """The start of a chaos phase, for `bench render` to measure the round playback."""
    from game.rally.positions import chaos_match

    return chaos_match(seed, seats)


__all__ = ["RallyView", "PLAYERS", "shot_match", "bench_match"]
VIEW = RallyView
