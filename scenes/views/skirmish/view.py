"""If Worlds Collide's table view: a top-down table in inches through the kit camera.

What a player does here:
- Deploy: drag a model from the tray into the shaded zone (or click it, then click the spot).
- Activate: click one of your models (shift-click, or shift-drag a box, adds models in base
  contact: a formation), pick a tactic if you like, then the order button (move then attack, attack then move, move
  twice). Moving: the reach is shaded as the engine computes it; drag a model (or click it,
  then click a point) and the route and its length follow the pointer; a refused drop snaps
  back with the engine's reason. A formation's models move as one: drag any of them and the
  others follow, keeping their places (the reach shaded is the whole formation's); shift-drag
  one to move it alone (to change the formation's shape). Attacking: pick the weapon in the tray and hover an enemy:
  sight lines, clear / in cover / not visible, the hit chance and expected damage; click it to
  attack. Dice roll on screen; a re-roll button names its activation-point cost.
- Any time: M measures (drag from a model or any point: base edge to base edge, and whether
  the model sees the end point); hold V to see every model that could see the point under the
  pointer; the wheel zooms, dragging empty table pans; hovering a model shows its stat card.

Every rules answer comes from `game.skirmish.public` on the seat's view (the engine's own
functions); this module turns pointer and keys into Targets for `Game.find_command`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pygame

from game.core.decisions import Decision
from game.core.match import LogEntry
from game.core.protocol import Command, Event, Seat, Target, redact
from game.skirmish import commands as C
from game.skirmish.attacks import lands
from game.skirmish import words as skirmish_words
from game.skirmish.geometry import BASE_CONTACT, base_radius
from game.core.words import owner, verb
from game.skirmish.game import ALONE
from game.skirmish.public import AttackPreview, PublicTable, Route, _content, models_at, unit_sheet
from scenes.animation import Animator, ease_in_out_cubic
from scenes.input.regions import DropRegion
from scenes.kit import palette
from scenes.kit.camera import Camera
from scenes.input.drag import DRAG_THRESHOLD
from scenes.kit.dice import dice_layout, draw_dice
from scenes.kit.hitmap import Box
from scenes.kit.ruler import INK, clear_label_spot, draw_ruler, ruler_marks
from scenes.pacing import PULSE, STILL
from scenes.sprites.button import draw_pill
from scenes.views.base import Action, GameView, Overlay, ViewDict, brief_by_command
from scenes.views.skirmish import art, board, hud, overlays
from scenes.views.skirmish.background import Questions, table_for
from scenes.views.skirmish.hint import HINT_GOLD, HintMarks, draw_hint_buttons, draw_hint_on_table, hint_marks
from scenes.views.skirmish.layout import DIE_PX, DICE_PAD, MAX_SCALE, MIN_SCALE, Layout, dice_spot, flow_buttons, lay_out, \
    pill_size
from scenes.views.skirmish.log import merge_runs

Colour = tuple[int, int, int]
Point = tuple[float, float]

ORDER_WORDS = {"move_attack": "Move, then attack", "attack_move": "Attack, then move", "double_move": "Move twice"}
ORDER_TIPS = {
    "move_attack": "Each model may move up to its Move, then fire or strike with every weapon it has.",
    "attack_move": "Each model uses its weapons first, then may move up to its Move: shoot, then get out of sight.",
    "double_move": "No attacks: each model may move up to its Move, and then up to its Move again.",
}
"""The order buttons' tooltips (play-test: the buttons had none)."""
KEY_HINTS = "M: measure   hold V: who sees   wheel: zoom   0: fit"
"""The tray's key hints (V shows the watchers only while it is held)."""
DICE_S = 1.6
"""A roll on screen: the dice tumble for `TUMBLE_PART` of it, then show what they did for about a
second (play-test: at 0.9 s, 0.36 s of result, "the roll resolves instantly")."""
TUMBLE_PART = 0.3
MISS_S = 1.2
HURT_S = MISS_S
"""How long "-N", "+N" and "Fallen" float over a model (play-test: at 0.9 s "-1" was gone before
it was read)."""
"""How long a roll shows its tumbling faces before it lands (seconds at normal speed)."""
SPENT_DIE = (128, 124, 118)
"""The frame of a failed die already rolled again (no second re-roll): grey, not the red of one
that may still be."""
MOVE_S_PER_INCH = 0.06


def _undone_numbers(figures: Sequence[ViewDict], entries: Sequence[LogEntry]) -> dict[int, int]:
    """The numbers taken-back deployments gave their models ("Ash Reaver 2"), which the board,
    where they stand undeployed again, no longer shows: each the next after its side's deployed
    models of its unit, in the order they were deployed (helper's note: "Undo: Computer deployed
    Ash Reaver")."""
    numbers: dict[int, int] = {}
    for entry in entries:
        ev = entry.event
        if not isinstance(ev, C.Deployed) or not 0 <= ev.model < len(figures) or figures[ev.model].get("number"):
            continue
        fig = figures[ev.model]
        kin = [i for i, f in enumerate(figures)
               if f.get("side") == fig.get("side") and f.get("unit") == fig.get("unit")]
        numbers[ev.model] = 1 + sum(1 for i in kin if figures[i].get("number")) + sum(1 for m in numbers if m in kin)
    return numbers


def figure_of(target: Target | None) -> tuple[int, bool] | None:
    """The model a figure target picks up and whether it moves alone (ident "3", or "3/alone":
    a formation's model moved by itself); None for any other target (a weapon's "3/1")."""
    if target is None or target.zone != "figure":
        return None
    model, _, rest = (target.ident or "").partition("/")
    if not model.isdigit() or rest not in ("", ALONE):
        return None
    return int(model), rest == ALONE


CARD_DELAY = 0.4
"""Seconds the pointer rests on a model before its stat card opens (play-test at 1024x640: the
card opened at once under every pass of the pointer and after every drop, over the table's
middle or the tray's buttons)."""


def label_spot(x0: float, x1: float, y0: float, y1: float, models: Sequence[Point], half_width: float = 0.0,
               half_height: float = 0.0) -> Point:
    """Where a zone's label `half_width` inches wide and `half_height` tall each side goes
    (inches): the spot of the zone farthest from the models deployed so far (up to
    `LABEL_CLEAR_IN`: beyond, the nearest the middle), measured from the label's whole box
    (play-test: "Your zone" sat under a model; measured from its middle line only, it went 2"
    under a model held over it, onto the model's health pips)."""
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    spots = [(x0 + (x1 - x0) * k / 12, y0 + (y1 - y0) * j / 4) for j in (2, 1, 3) for k in range(2, 11)]

    def room(p: Point) -> tuple[float, float]:
        clear = min((math.hypot(max(0.0, abs(p[0] - m[0]) - half_width), max(0.0, abs(p[1] - m[1]) - half_height))
                     for m in models), default=math.inf)
        return (min(clear, LABEL_CLEAR_IN), -math.dist(p, centre))

    return max(spots, key=room)


LABEL_CLEAR_IN = 2.0
"""Inches between a zone label's edge and every model that count as clear (nearer spots rank by distance)."""
OUTSIDER_S = 6.0
"""How long a refused formation's left-out model stays ringed (`SkirmishView.outsider`): about
as long as its refusal's words stay up (`scenes.table.status_seconds`)."""
OUTSIDER_RED = (236, 84, 64)
LONG_REFUSAL = 1 / 3
"""A route's refusal wider than this share of the table's view is written in the tray's message
line, wrapped, and the route's end only points to it (`SEE_BELOW`): play-test at 1024x640, a
formation's "Tile Shield 1 cannot follow: That spot overlaps another model's base." ran in one
line off the table's edge."""
SEE_BELOW = "Cannot go here (see below)"


class SkirmishView(GameView):
    def __init__(self, ctx: Any, game: Any, text: Any) -> None:
        super().__init__(ctx, game, text)
        self.lay: Layout = lay_out(pygame.Rect(0, 0, 1024, 600))
        self.camera = Camera.fitted(self.lay.table, (0.0, 0.0, 36.0, 36.0))
        self.public: PublicTable | None = None
        self.selected: list[int] = []
        """Own models picked for the next activation (a formation when several)."""
        self.outsider: tuple[int, float | None] | None = None
        """(model, the overlay time it was first drawn) a refused formation left out of base
        contact: ringed in red for `OUTSIDER_S` (play-test: a refusal naming "Tile Shield 3"
        did not show which of the look-alike models on the table it meant)."""
        self._apart: tuple[int, int | None] = (-1, None)
        """(view generation, `_formation_apart`'s answer for it)."""
        self.tactic = ""
        self.picked_dice: set[int] = set()
        """Failed dice the player clicked to re-roll (the re-roll button then rolls only these):
        a click picks, the button commits, so a stray click spends no point."""
        self.attacker: tuple[int, int] | None = None
        """(model, weapon) the attack step aims with."""
        self.generation = 0
        """Counts the positions shown (set_view), for the caches' keys."""
        self.held_at: Point | None = None
        """Where the model held while the armies deploy would stand (inches), set by each `draw`:
        the zone labels keep clear of it as of a deployed model (`zone_labels`)."""
        self.tray: list[tuple[pygame.Rect, str, Target | None, str]] = []
        self._tray_key: tuple[Any, ...] | None = None
        """(rect, label, Target it plays or None, local key) of the tray's controls."""
        self.tray_refusal: str | None = None
        """The refusal of the route drawn this frame when it is too long for the table
        (`LONG_REFUSAL`): the tray writes it in place of its prompt."""
        self.routes: dict[tuple[int, float, float, bool], Route] = {}
        self.preview_at: tuple[int, Point, bool] | None = None
        """(model, world point, alone) of the drop being previewed."""
        self._landed: tuple[tuple[int, int, float, float, bool], Point] | None = None
        """The last landing spot `_landing` found, by (generation, model, rounded point): a deploy's
        as `rules.landing` has it; a move's or bonus move's the nearest contact spot, shown until
        the route says which spot the move reaches."""
        self._settled: tuple[tuple[int, int, bool, float, float, float], Point] | None = None
        """The last drop point settled against a friend (`drop_point`), by position, model, zoom and point."""
        self.drop_source: Target | None = None
        self.measuring = False
        self.ruler: tuple[Point, Point, int | None] | None = None
        """(start, end, model the ruler starts on) in inches."""
        self.panning: Point | None = None
        self.boxing: tuple[Point, Point] | None = None
        self._pick_press: tuple[Point, int] | None = None
        """Where a model was just picked to activate (and which), while the button is down."""
        self._pick_dragged = False
        """A shift-drag on empty table while activating: the corners of the box that picks a formation."""
        self.mouse: Point = (0.0, 0.0)
        """The pointer: from motion events the view sees, and from the system pointer when it moved."""
        self._pointer_seen: Point | None = None
        self._layer: tuple[tuple[Any, ...], pygame.Surface] | None = None
        """What the still table layer shows, and the layer (the terrain never changes during a game)."""
        self._heights: tuple[tuple[Any, ...], list[pygame.Rect]] | None = None
        """(terrain and camera, where the terrain's heights are written: `board.height_rects`)."""
        self._reach: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._terrain_key = ""
        self._held_by: tuple[int, list[int]] | None = None
        self.questions = Questions()
        self._last_route: tuple[tuple[int, int, bool], Route] | None = None
        self.card_rect: pygame.Rect | None = None
        """Where the stat card was last drawn (None: not yet)."""
        self._seen: tuple[tuple[int, int, int], list[int]] | None = None
        """The point last asked who sees it (position, quarter inches), and the watchers (`_watchers`)."""
        self._spots_seen: tuple[Any, list[board.HealthSpot]] | None = None
        """Where each model's health went last frame, and what it was asked for (`_health_spots`)."""
        self.rolling: list[int] = []
        """Faces of the roll being shown."""
        self._card_hover: tuple[int | None, float] = (None, 0.0)
        """(the model under the pointer, the overlay time it came under it): the card waits CARD_DELAY."""
        self._card_quiet_at: Point | None = None
        """Where the pointer stood when the position last changed: no card until it moves (the
        model just dropped under it, or moved by the computer under a resting pointer)."""
        self._radii: tuple[tuple[Any, ...], dict[int, board.Marker]] | None = None
        """(position and camera, each model's marker: `board.markers`)."""

    # --- layout and view ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """A new play area (a resize): the table fits it again, but a player who had zoomed in
        keeps the same zoom relative to the fit, centred on the same point of the table."""
        before = self._zoom_kept() if self.view and hasattr(self, "lay") else None
        self.rect = pygame.Rect(rect)
        self.lay = lay_out(self.rect)
        self._fit()
        if before is not None:
            ratio, centre = before
            view = self.camera.view
            self.camera.zoom_at(ratio, view.center, self._min_zoom(), MAX_SCALE)
            sx, sy = self.camera.to_screen(centre)
            self.camera.move(view.centerx - sx, view.centery - sy)
            self._centre_fitting_axes()  # an axis the table fits at this zoom sits centred, as after a wheel zoom

    def _zoom_kept(self) -> tuple[float, tuple[float, float]] | None:
        """(zoom relative to the fitted one, the table point at the view's centre), or None
        when the table is shown as fitted (nothing to keep)."""
        w, d = (float(v) for v in self.view.get("table", (36.0, 36.0)))
        fitted = Camera.fitted(self.lay.table.inflate(-12, -12), (0.0, 0.0, w, d), min_scale=MIN_SCALE,
                               max_scale=MAX_SCALE)
        ratio = self.camera.scale / fitted.scale
        if abs(ratio - 1.0) < 1e-6 and self.camera.pan == (0.0, 0.0):
            return None
        return ratio, self.camera.to_world(self.camera.view.center)

    def _fit(self) -> None:
        w, d = (float(v) for v in self.view.get("table", (36.0, 36.0)))
        self.camera = Camera.fitted(self.lay.table.inflate(-12, -12), (0.0, 0.0, w, d), min_scale=MIN_SCALE,
                                    max_scale=MAX_SCALE)
        self.camera.view = pygame.Rect(self.lay.table)
        self.camera.clamp()
        self._layer = None

    def set_view(self, view: ViewDict) -> None:
        first = not self.view
        self.view = view
        self.generation += 1  # caches key on this, never on id(view): a freed dict's id comes back
        self._card_quiet_at = self.mouse
        self.public = PublicTable(view) if view else None
        self._terrain_key = repr((view.get("mission"), view.get("terrain"), view.get("table")))
        self.routes.clear()
        self._reach = None
        self._layer = None if first or self._layer is None else self._layer
        if first:
            self._fit()
        self.picked_dice = set()
        act = view.get("activation")
        if act is None:
            self.attacker = None if view.get("roll") is None else self.attacker
        else:
            self.selected, self.tactic = [], ""
        self._settle_attacker()

    def _settle_attacker(self) -> None:
        """Keep the chosen weapon while it has attacks left, else take the first that has."""
        act, pub = self.view.get("activation"), self.public
        if act is None or pub is None or act["step"] != "attack":
            return
        if self.attacker is not None and self.attacker[0] in act["figures"] \
                and not self.view["figures"][self.attacker[0]]["fallen"] \
                and pub.attacks_left(*self.attacker) > 0:
            return
        self.attacker = next(((m, w) for m in act["figures"] if not self.view["figures"][m]["fallen"]
                              for w in range(len(pub.state.figures[m].unit.weapons)) if pub.attacks_left(m, w) > 0),
                             None)

    # --- who's who ------------------------------------------------------------------------
    def side_colour(self, side: int) -> Colour:
        """The side's faction colour; side 2's swapped for a contrasting one when the two are
        alike (models, zones, holders, the card, the V overlay and the bar all ask here)."""
        content = _content()
        ids = self.view.get("factions", ["", ""])
        own = [art.hex_colour(content.factions[ids[s]].colour, art.SIDE_FALLBACK[s]) if ids[s] in content.factions
               else art.SIDE_FALLBACK[s] for s in (0, 1)]
        return art.distinct_sides(own[0], own[1])[side]

    def _icon(self, model: int) -> str:
        pub = self.public
        return pub.state.figures[model].unit.icon if pub is not None else ""

    def _name(self, model: int) -> str:
        fig = self.view["figures"][model]
        return skirmish_words.numbered_name(str(fig["name"]), int(fig.get("number", 0)))

    def decision(self) -> str:
        """The decision under way: deploy, place_token, reroll, activate, move, attack, bonus, ..."""
        v = self.view
        if v.get("phase") == "deploy":
            return "deploy"
        if v.get("placing") is not None:
            return "place_token"
        if v.get("roll") is not None:
            return "reroll"
        if v.get("phase") != "activations":
            return "wait"
        act = v.get("activation")
        return "activate" if act is None else str(act["step"])

    def _mine(self, seat: Seat) -> bool:
        return seat in self.view.get("to_act", [])

    # --- the tray -------------------------------------------------------------------------
    def _build_tray(self) -> None:
        """The controls for the decision under way (rects, labels and what they do); built again
        only when the position, the layout or the view's own choices change."""
        roll = self.view.get("roll") if self.view else None
        dice_at = tuple(self._dice_area(len(roll["faces"]))) if roll and roll["faces"] else ()
        built = (self.generation, tuple(self.selected), self.tactic, self.attacker, tuple(self.seat_humans),
                 tuple(self.lay.tray), tuple(sorted(self.picked_dice)), dice_at)  # the dice move with a pan
        if built == self._tray_key:
            return
        self._tray_key = built
        self.tray = []
        v, pub = self.view, self.public
        if not v or pub is None:
            return
        fs = self.lay.fs
        area = pygame.Rect(self.lay.tray.x + 8, self.lay.tray.y + int(fs * 1.9), self.lay.tray.width - 16, 0)
        area.height = self.lay.tray.bottom - 4 - area.y
        row_h = int(fs * 2.2)
        kind = self.decision()
        seat = int(v.get("turn", 0))
        if not any(self.is_human(s) for s in v.get("to_act", [])):
            return  # a computer decides: nothing to press (its dice still show)
        items: list[tuple[str, Target | None, str, int]] = []
        if kind == "deploy":
            for f in v["figures"]:
                if f["side"] == seat and not f["deployed"]:
                    items.append(("", Target("figure", ident=str(f["id"])), f"model:{f['id']}", row_h))
        elif kind == "place_token":
            placing = v["placing"]  # how many are left to place (play-test: the button did not say)
            items.append((f"{str(placing['kind']).capitalize()} token ({int(placing['left'])} left)", Target("token"),
                          "token", 160))
        elif kind == "activate":
            if self.selected:
                ids = ",".join(map(str, self.selected))
                for t in pub.state.factions[seat].tactics:
                    items.append((f"{t.name} {t.knack}+", None, f"tactic:{t.name}", 80))
                for order in C.ORDERS:
                    items.append((ORDER_WORDS[order], Target("order", ident=f"{ids}|{order}|{self.tactic}"), "", 100))
        elif kind == "attack":
            act = v["activation"]
            for m in act["figures"]:
                if v["figures"][m]["fallen"]:
                    continue
                for w, weapon in enumerate(pub.state.figures[m].unit.weapons):
                    left = pub.attacks_left(m, w)
                    if left <= 0:
                        continue
                    mark = "> " if self.attacker == (m, w) else ""
                    kind_word = "melee" if weapon.melee else f"{pub.weapon_range(m, w):g}\""
                    label = f"{mark}{weapon.name} x{left} {kind_word}"
                    if len(act["figures"]) > 1:
                        label = f"{self._name(m)}: {label}"
                    items.append((label, None, f"weapon:{m}:{w}", 190))
        if kind in ("move", "attack"):
            act = v["activation"]
            for m in act["figures"]:
                if v["figures"][m]["fallen"]:
                    continue
                for k in pub.usable_abilities(m):
                    name = pub.state.figures[m].unit.abilities[k].name
                    aim = pub.ability_aim(m, k)
                    label = name + (" (drag to aim)" if aim == "point" else " (drag onto a model)" if aim else "")
                    if len(act["figures"]) > 1:
                        label = f"{self._name(m)}: {label}"
                    items.append((label, Target("ability", ident=f"{m}/{k}"), f"ability:{m}:{k}", 120))
        if kind == "reroll":
            roll = v["roll"]
            failed = self._failed(roll)
            points = int(v["points"][roll["side"]]) if 0 <= roll["side"] < len(v["points"]) else 0
            if failed and roll["faces"] and not self._already_lethal() and points > 0:
                picked = sorted(self.picked_dice & set(failed))
                if picked:  # the dice clicked: these alone
                    n = len(picked)
                    items.append((f"Re-roll {n} picked ({n} AP)", Target("reroll", ident=",".join(map(str, picked))),
                                  "", 200))
                else:
                    n = min(len(failed), points)  # 1 AP a die: as many as the points pay for
                    words = (f"Re-roll {n} failed ({n} AP)" if n == len(failed)
                             else f"Re-roll {n} of {len(failed)} failed ({n} AP)")
                    items.append((words, Target("reroll"), "", 200))
                for d, rect in self._dice_rects(len(roll["faces"])):  # a click on a failed die picks it
                    if d in failed:
                        self.tray.append((rect, "", None, f"die:{d}"))
                    elif d in roll["rerolled"]:  # rolled again already: a click says so
                        self.tray.append((rect, "", None, f"spent:{d}"))
            if roll["faces"]:
                items.append(("Keep the roll", Target("keep"), "", 140))
        if not items:
            return
        widths = [max(w, self.text.font(pill_size(fs), "bold").size(label)[0] + 24) if label else w
                  for label, _, _, w in items]
        orders_from = next((i for i, (_, t, _, _) in enumerate(items) if t is not None and t.zone == "order"), None)
        for r, (label, target, key, _) in zip(flow_buttons(area, widths, row_h, second_row_from=orders_from), items):
            self.tray.append((r, label, target, key))

    def _dice_area(self, n: int) -> pygame.Rect:
        """Where the roll's dice lie: in the table's frame beside the mat, or over a corner of it
        clear of the models (`layout.dice_spot`), never over the tray's buttons."""
        return dice_spot(n, self.lay.table, self._mat_rect(), [r.inflate(8, 16) for r in self._base_rects()])  # and pips

    def _mat_rect(self) -> pygame.Rect:
        """The table as drawn, on the screen."""
        w, d = (float(v) for v in self.view.get("table", (36.0, 36.0)))
        x0, y0 = self.camera.to_screen((0.0, 0.0))
        x1, y1 = self.camera.to_screen((w, d))
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    def _mat_in_view(self) -> pygame.Rect:
        """The part of the table as drawn that the view shows (the words on the table keep to it)."""
        return self._mat_rect().clip(self.lay.table)

    def _dice_rects(self, n: int) -> list[tuple[int, pygame.Rect]]:
        """Each die's rectangle as `draw_dice` lays them out (for clicks on one die)."""
        area = self._dice_area(n)
        return [(i, pygame.Rect(x, y, size, size))
                for i, (x, y, size) in enumerate(dice_layout(n, (area.x, area.y, area.width, area.height), DIE_PX))]

    def _already_lethal(self) -> bool:
        """The landed dice already take the target's last health: re-rolling the rest gains nothing."""
        rolled = self.public.rolled_damage() if self.public is not None else None
        return rolled is not None and rolled[0] >= rolled[1]

    def _pick_die(self, die: int) -> bool:
        """A click on a failed die: pick it for the re-roll, or drop it when picked; no more
        than the side's points pay for (the notice says so)."""
        if die in self.picked_dice:
            self.picked_dice.discard(die)
            return True
        roll = self.view["roll"]
        points = int(self.view["points"][roll["side"]]) if 0 <= roll["side"] < len(self.view["points"]) else 0
        if len(self.picked_dice) >= points:
            self.notice = f"Only {points} activation point{'s' if points != 1 else ''} left: 1 a die re-rolled."
            return True
        self.picked_dice.add(die)
        return True

    @staticmethod
    def _failed(roll: dict[str, Any]) -> list[int]:
        return [d for d, face in enumerate(roll["faces"])
                if not lands(face, roll["knack"], roll["forced_six"]) and d not in roll["rerolled"]]

    def _tray_prompt(self, seat_names: Sequence[str]) -> str:
        kind = self.decision()
        v = self.view
        if kind == "deploy":
            return "Drag a model into your deployment zone (or click it, then click the spot)."
        if kind == "place_token":
            return f"Drag the token onto the table: within {v['placing']['range']:g}\"."
        if kind == "activate":
            return ("Pick a tactic if you like (a knack check; click again to drop it), then the order." if self.selected else
                    "Click one of your models to activate it; shift-click (or shift-drag a box) adds models in base contact.")
        if kind in ("move", "bonus"):
            which = self._move_count() if kind == "move" else ""
            lead = f"{which}: " if which else ""
            if not self._movers():
                return f"{lead}{self._moved_words()} End move (Enter) to go on." if kind == "move" else "Moved."
            if len(self._movers()) > 1:  # a formation: it moves as one unless a model is shift-dragged
                return (f"{lead}Drag any model of the formation and the others follow; the shaded area is its reach. "
                        "Shift-drag to move one alone. End move when done.")
            return (f"{lead}Drag a model (or click it, then a point) to move it: the shaded area is its reach. "
                    "End move when done.")
        if kind == "attack":
            if self.attacker is None:  # every weapon spent (play-test: the prompt still said to choose one)
                then = "move" if (v.get("activation") or {}).get("order") == "attack_move" else "go on"
                return f"No attacks left. End attacks (Enter) to {then}."
            return "Choose a weapon, then hover an enemy to see the odds and click it to attack."
        if kind == "reroll":
            roll = v["roll"]
            if not roll["faces"]:
                return "Rolling..."
            hits = sum(lands(f, roll["knack"], roll["forced_six"]) for f in roll["faces"])
            what = "Tactic" if roll["purpose"] == "tactic" else "Blast" if roll["purpose"] == "blast" else "Attack"
            if roll["purpose"] == "attack" and self.public is not None and roll["figure"] >= 0:
                weapon = self.public.state.figures[roll["figure"]].unit.weapons[roll["weapon"]].name
                what = f"{weapon} at {self._name(roll['target'])}"
            need = "6" if roll["forced_six"] else f"{roll['knack']}+"
            if self._already_lethal():
                return (f"{what}: need {need}, {hits} of {len(roll['faces'])} hit: enough to take "
                        f"{self._name(roll['target'])} out. Keep the roll (Enter).")
            if self.picked_dice:
                return (f"{what}: need {need}, {hits} of {len(roll['faces'])} hit. Re-roll the picked dice (1 AP each; "
                        "click a die again to drop it) or keep.")
            return (f"{what}: need {need}, {hits} of {len(roll['faces'])} hit. Click failed dice to pick them, "
                    "or re-roll all (1 AP a die), or keep.")
        return ""

    # --- GameView: drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        if not self.view or self.public is None:
            return
        pointer = getattr(self.ctx, "pointer", None)
        if callable(pointer):  # the table keeps motion events while a piece is held: ask the pointer
            now = pointer()
            if now != self._pointer_seen:
                self._pointer_seen = self.mouse = now
        self._build_tray()
        self.held_at = self._held_model_at(overlay)
        fs = self.lay.fs
        names = self.seat_names or ["Side 1", "Side 2"]
        turn = int(self.view.get("turn", 0))
        accent = self.side_colour(turn) if turn in (0, 1) else palette.BRASS
        hud.draw_bar(surface, self.lay.bar, hud.bar_lines(self.view, names, _content()), self.text, fs, accent)
        clip = surface.get_clip()
        surface.set_clip(self.lay.table)
        key = (self._terrain_key, self.camera.scale, self.camera.pan, surface.get_size(), self.lay.table.topleft,
               self.lay.fs)
        if self._layer is None or self._layer[0] != key:
            sides = [self.side_colour(0), self.side_colour(1)]
            self._layer = (key, board.table_layer(self.view, self.camera, surface.get_size(), sides, self.text, fs))
        surface.blit(self._layer[1], (0, 0))
        if self.decision() == "deploy" and self.view["turn"] in (0, 1):  # where the model may go
            zone = [self.camera.to_screen((p[0], p[1])) for p in self.view["zones"][self.view["turn"]]]
            glow = 150 + int(60 * math.sin(overlay.time * 4))
            pygame.draw.polygon(surface, (glow, glow, glow), zone, width=3)
        self._draw_zone_labels(surface)
        board.draw_tokens(surface, self.view, self.camera)
        self._draw_holders(surface)
        self._draw_placing(surface, overlay)
        self._draw_reach(surface, overlay)
        self._draw_models(surface, overlay, animator)
        for img, spot in board.objective_names(self.view, self.camera, self.text, fs, self._base_rects(),
                                               self.lay.table):
            surface.blit(img, spot)
        self._draw_outsider(surface, overlay)
        self._draw_questions(surface, overlay)
        hint_marks = self._hint_marks(overlay)
        if hint_marks is not None:
            draw_hint_on_table(surface, hint_marks, self.camera, self.radius, self._at, overlay.time, self._hint_caption)
        self._draw_damage(surface, animator)
        if self.boxing is not None:
            (x0, y0), (x1, y1) = self.boxing
            box = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            pygame.draw.rect(surface, self.side_colour(int(self.view.get("turn", 0)) % 2), box, width=2)
        surface.set_clip(clip)
        self._draw_tray(surface, animator)
        if hint_marks is not None:
            draw_hint_buttons(surface, hint_marks)
        self._draw_card(surface, overlay)

    def _hint_marks(self, overlay: Overlay) -> HintMarks | None:
        """What the table's hint (`overlay.hint`) marks, or None when no hint is up."""
        if overlay.hint is None:
            return None
        figures = self.view["figures"]
        return hint_marks(overlay.hint, self.tray, ORDER_WORDS,
                          lambda m: 0 <= m < len(figures) and figures[m]["deployed"] and not figures[m]["fallen"])

    def _at(self, model: int) -> tuple[float, float]:
        at = self.view["figures"][model]["at"]
        return (float(at[0]), float(at[1]))

    def _hint_caption(self, surface: pygame.Surface, text: str, midbottom: tuple[float, float]) -> None:
        self.text.blit(surface, text, self.lay.fs, HINT_GOLD, "bold", shadow=True,
                       midbottom=(round(midbottom[0]), round(midbottom[1])))

    def _held_model_at(self, overlay: Overlay) -> Point | None:
        """Where the model held now would stand (inches) while the armies deploy (`_put_down`, as
        it is drawn); None when no model is held or the armies are not deploying."""
        held, ghost = overlay.held, self._ghost_pos(overlay)
        found = figure_of(held)
        if self.view.get("phase") not in ("deploy_rolloff", "deploy") or found is None or ghost is None:
            return None
        return self._put_down(found[0], ghost)

    def zone_labels(self) -> list[tuple[str, Point]]:
        """("Your zone" / "Computer's zone", its centre in inches) per side while the armies
        deploy (play-test: nothing said which shaded zone was a new player's), clear of the
        models deployed and of the one held (`held_at`: dragged over the label, it was drawn
        over the words under the pointer)."""
        if self.view.get("phase") not in ("deploy_rolloff", "deploy"):
            return []
        names = self.seat_names or ["Side 1", "Side 2"]
        out: list[tuple[str, Point]] = []
        placed = [(float(f["at"][0]), float(f["at"][1])) for f in self.view["figures"] if f["deployed"]]
        if self.held_at is not None:
            placed.append(self.held_at)
        scale = max(1e-6, self.camera.scale)
        reach = board.readable_px(self.lay.fs)  # the label's box kept clear of the models' markers, not their centres
        for side, zone in enumerate(self.view["zones"][:2]):
            xs, ys = [float(p[0]) for p in zone], [float(p[1]) for p in zone]
            whose = owner(names[side] if side < len(names) else f"Side {side + 1}")
            label = f"{whose[0].upper()}{whose[1:]} zone"
            w, h = self._zone_label_image(side, label).get_size()
            out.append((label, label_spot(min(xs), max(xs), min(ys), max(ys), placed, (w / 2 + reach) / scale,
                                          (h / 2 + reach) / scale)))
        return out

    def _zone_label_image(self, side: int, label: str) -> pygame.Surface:
        """One zone label as drawn: the one place its size, weight and colour are chosen, so
        the label's spot, its drawing and what "Deploy here" avoids cannot disagree."""
        return self.text.render(label, self.lay.fs + 2, self.side_colour(side), "bold", shadow=True)

    def _zone_label_spots(self) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """Each zone label's words, image and screen rectangle (drawn and avoided alike)."""
        out: list[tuple[str, pygame.Surface, pygame.Rect]] = []
        for side, (label, at) in enumerate(self.zone_labels()):
            img = self._zone_label_image(side, label)
            x, y = self.camera.to_screen(at)
            out.append((label, img, img.get_rect(center=(int(x), int(y)))))
        return out

    def _draw_zone_labels(self, surface: pygame.Surface) -> None:
        for _, img, rect in self._zone_label_spots():
            surface.blit(img, rect)

    def _zone_label_rects(self) -> list[pygame.Rect]:
        """Where the zone labels are drawn on the screen, with a little room around them."""
        return [rect.inflate(4, 4) for _, _, rect in self._zone_label_spots()]

    def _deploy_words_rect(self, size: tuple[int, int], at: Point) -> pygame.Rect:
        """Where a deploy drop's words ("Deploy here", or why not) of `size` pixels go for the
        screen point `at`: over the held model, else under it (past its health), else beside it,
        else over or under the zone label in the way: the first spot that covers no
        zone label and stays on the table (play-test: "Deploy here" lay over "Your zone" and
        neither read); when nowhere is clear, the first on the table (`first_clear`)."""
        r = board.readable_px(self.lay.fs)
        x, y = round(at[0]), round(at[1])
        box = pygame.Rect((0, 0), size)
        over, under = box.move_to(midbottom=(x, y - 16)), box.move_to(midtop=(x, y + r + r // 2 + 8))
        labels = self._zone_label_rects()
        spots = [over, under, box.move_to(midleft=(x + r + 8, y)), box.move_to(midright=(x - r - 8, y))]
        spots += [box.move_to(midbottom=(x, min(over.bottom, label.top - 2))) for label in labels
                  if over.colliderect(label)]
        spots += [box.move_to(midtop=(x, max(under.top, label.bottom + 2))) for label in labels
                  if under.colliderect(label)]
        return overlays.first_clear(spots, labels, self.lay.table)

    def _draw_holders(self, surface: pygame.Surface) -> None:
        """Each objective ringed in the colour of the side that holds it now (none: no ring)."""
        if self.public is None or self.view.get("phase") in ("deploy", "deploy_rolloff"):
            return
        for ob, side in zip(self.view["objectives"], self._holders()):
            if side in (0, 1):
                c = self.camera.to_screen((ob["at"][0], ob["at"][1]))
                r = max(6, self.camera.length(float(ob["radius"]))) + 4
                pygame.draw.circle(surface, self.side_colour(side), c, r, width=4)

    def _holders(self) -> list[int]:
        if self._held_by is None or self._held_by[0] != self.generation:
            assert self.public is not None
            self._held_by = (self.generation, self.public.holders())
        return self._held_by[1]

    def _draw_placing(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """Where a token may go (its circle of range) and the token under the pointer."""
        placing = self.view.get("placing")
        if placing is None or self.decision() != "place_token":
            return
        c = self.camera.to_screen((float(placing["origin"][0]), float(placing["origin"][1])))
        r = self.camera.length(float(placing["range"]) + float(placing["origin_radius"]))
        pygame.draw.circle(surface, (196, 150, 230), c, max(4, r), width=2)
        held = overlay.held
        token_at = self._ghost_pos(overlay)
        if held is not None and held.zone == "token" and token_at is not None:
            kind = self.public.state.token_kinds.get(str(placing["kind"])) if self.public is not None else None
            if self.public is not None:  # over a base: shown where the drop lies, against it
                token_at = self.camera.to_screen(self.public.token_landing(self.camera.to_world(token_at)))
            radius = self.camera.length((kind.diameter if kind is not None else 1.0) / 2)
            pygame.draw.circle(surface, (124, 88, 150), token_at, max(3, radius))
            pygame.draw.circle(surface, (255, 255, 255), token_at, max(3, radius), width=2)

    def _draw_reach(self, surface: pygame.Surface, overlay: Overlay) -> None:
        found = self._reach_model(overlay)
        if found is None or self.public is None:
            return
        model, alone = found
        key = (self.generation, model, alone, self.camera.scale, self.camera.pan, surface.get_size())
        if self._reach is None or self._reach[0] != key:
            view = self.view
            area = self.questions.ask(("reach", self.generation, model, alone),
                                      lambda: table_for(view).reach(model) if alone else table_for(view).group_reach(model))
            if area is None:
                return  # being computed off this thread: drawn on a later frame
            self._reach = (key, overlays.reach_layer(area, self.camera, surface.get_size()))
        surface.blit(self._reach[1], (0, 0))

    def _reach_model(self, overlay: Overlay) -> tuple[int, bool] | None:
        """The model whose reach is shaded, and whether alone: the one held, else the one
        hovered that may move now, else the activation's first mover (a formation's reach is
        where that model may take the whole formation, `PublicTable.group_reach`)."""
        if self.decision() not in ("move", "bonus"):
            return None
        movers = self._movers()
        for t in (overlay.held, overlay.hover):
            found = figure_of(t)
            if found is not None and found[0] in movers:
                return found[0], found[1] or len(movers) == 1
        return (movers[0], len(movers) == 1) if movers else None

    def _move_count(self) -> str:
        """"Move 1 of 2" / "Move 2 of 2" in a Move twice order, else '' (play-test: End move on an
        unused first move surprised a player who did not know a second one followed)."""
        act = self.view.get("activation")
        if act is None or act["order"] != "double_move":
            return ""
        return f"Move {int(act['stage']) + 1} of 2"

    def _moved_words(self) -> str:
        """What the move step's models did, once none is left to move: "Moved.", or which stood
        still for which ability (play-test: after Pinpoint the line said "Moved.")."""
        act = self.view.get("activation")
        pub = self.public
        if act is None or pub is None:
            return "Moved."
        figures = [m for m in act["figures"] if not self.view["figures"][m]["fallen"]]
        stood = []
        for m in figures:
            if m not in act["no_move"]:
                continue
            abilities = pub.state.figures[m].unit.abilities
            names = [abilities[k].name for f, k in act["abilities"]
                     if f == m and 0 <= k < len(abilities) and abilities[k].use == "instead_of_move"]
            stood.append(f"{self._name(m)} used {' and '.join(names) or 'an ability'} instead of moving.")
        movers = self._movers()
        stood += [f"{self._name(m)} cannot move." for m in figures
                  if m not in act["moved"] and m not in act["no_move"] and m not in movers]
        if not stood:
            return "Moved."
        return ("Moved; " if any(m not in act["no_move"] for m in figures) else "") + " ".join(stood)

    def _movers(self) -> list[int]:
        """The models that may still move in the step under way (the public table's `movers`:
        not one held fast by a condition); none before a view is shown."""
        return list(self.public.movers()) if self.public is not None else []

    def _moving(self, animator: Animator) -> dict[int, Point]:
        """Models part-way along a move or a snap-back now (world points)."""
        out: dict[int, Point] = {}
        for t in animator.of_kind("sk-move"):
            path: Sequence[Point] = t.payload["path"]
            out[int(t.payload["model"])] = _along(path, t.value if t.started else 0.0)
        return out

    def _ghost_pos(self, overlay: Overlay) -> Point | None:
        """Where the held piece is shown: under the pointer while dragged, or while picked (click
        then click) and the pointer is over the table."""
        if overlay.drag_pos is not None:
            return overlay.drag_pos
        if overlay.held is not None and self.lay.table.collidepoint(self.mouse):
            return self.mouse
        return None

    def _draw_outsider(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """A red ring round the model a refused formation left out, for `OUTSIDER_S` after it
        was first drawn."""
        if self.outsider is None:
            m = self._formation_apart()
            if m is None:
                return
        else:
            m, since = self.outsider
            if since is None:
                self.outsider = (m, overlay.time)
            elif overlay.time - since >= OUTSIDER_S:
                self.outsider = None
                return
        fig = self.view["figures"][m]
        if not fig["deployed"] or fig["fallen"]:
            return
        x, y = self.camera.to_screen((float(fig["at"][0]), float(fig["at"][1])))
        c = (round(x), round(y))
        r = self.marker(m).radius + 5
        pygame.draw.circle(surface, (10, 10, 14), c, r + 1, width=4)
        pygame.draw.circle(surface, OUTSIDER_RED, c, r, width=2)

    def _formation_apart(self) -> int | None:
        """The model a formation whose models have all moved leaves out of base contact, which
        End move will refuse (play-test: "The formation must end its move together" named no
        model, and they all looked touching); None otherwise. Asked once a view."""
        if self._apart[0] == self.generation:
            return self._apart[1]
        act = self.view.get("activation")
        out = None
        if act and self.public is not None and act["step"] in ("move", "bonus") and len(act["figures"]) > 1:
            standing = [m for m in act["figures"] if not self.view["figures"][m]["fallen"]]
            if len(standing) > 1 and set(standing) <= set(act["moved"]):
                out = self.public.formation_outsider(standing)
        self._apart = (self.generation, out)
        return out

    def _draw_models(self, surface: pygame.Surface, overlay: Overlay, animator: Animator) -> None:
        moving = self._moving(animator)
        ghost_at = self._ghost_pos(overlay)
        held = overlay.held
        held_as = figure_of(held)
        held_model = None if held_as is None else held_as[0]
        followers = self._followers(held_as, ghost_at)
        act = self.view.get("activation")
        active = set(act["figures"]) if act else set()
        t = overlay.time
        sides = (self.side_colour(0), self.side_colour(1))  # asked once a frame: it reads the content
        rings = (art.shade(sides[0], 0.5), art.shade(sides[1], 0.5))
        shown = []
        for fig in self.view["figures"]:
            if not fig["deployed"] or fig["fallen"]:
                continue
            m = int(fig["id"])
            at: Point = moving.get(m, (float(fig["at"][0]), float(fig["at"][1])))
            ring = (255, 255, 255) if m in active or m in self.selected else rings[fig["side"]]
            shown.append((fig, m, at, sides[fig["side"]], ring, self._icon(m), self.marker(m)))
        for fig, m, at, colour, ring, icon, marker in shown:  # every halo first: none covers a base or an icon
            if m in active or m in self.selected:
                c = self.camera.to_screen(at)
                r = marker.radius + 4 + 2 * math.sin(t * 5)
                pygame.draw.circle(surface, (255, 244, 206), c, r, width=2)
            board.draw_model(surface, fig, at, self.camera, colour, icon, ring, radius=marker.radius, part="halo")
        discs = [(self.camera.to_screen(at), float(marker.radius)) for _, _, at, _, _, _, marker in shown]
        # then the pips, clear of each other and of the bases where they can be (`health_spots`)
        spots = self._health_spots([int(fig["max_health"]) for fig, *_ in shown], discs,
                                   [float(board.base_px(self.camera, fig["base_mm"])) for fig, *_ in shown])
        for (fig, m, at, colour, ring, icon, marker), spot in zip(shown, spots):
            if not spot.on_top:
                board.draw_model(surface, fig, at, self.camera, colour, icon, ring, radius=marker.radius, part="pips",
                                 health_above=spot.above, health_at=(spot.dx, spot.dy))
        for fig, m, at, colour, ring, icon, marker in shown:
            board.draw_model(surface, fig, at, self.camera, colour, icon, ring, radius=marker.radius, part="body",
                             glyph=marker.glyph)
        for (fig, m, at, colour, ring, icon, marker), spot in zip(shown, spots):
            if spot.on_top:  # no spot clear of the bases: over them, rather than hidden
                board.draw_model(surface, fig, at, self.camera, colour, icon, ring, radius=marker.radius, part="pips",
                                 health_above=spot.above, health_at=(spot.dx, spot.dy))
            if m in followers:  # a formation moved as one: each model keeps its place beside the held one
                board.draw_model(surface, fig, followers[m], self.camera, self.side_colour(fig["side"]), self._icon(m),
                                 (255, 255, 255), lifted=True, radius=board.readable_px(self.lay.fs))
                self._true_base(surface, fig, self.camera.to_screen(followers[m]))
            if held_model == m and ghost_at is not None and held_as is not None:
                ghost = self._put_down(m, ghost_at, held_as[1])
                board.draw_model(surface, fig, ghost, self.camera, self.side_colour(fig["side"]), self._icon(m),
                                 (255, 255, 255), lifted=True, radius=board.readable_px(self.lay.fs))
                self._true_base(surface, fig, self.camera.to_screen(ghost))
        if held_model is not None and ghost_at is not None and not self.view["figures"][held_model]["deployed"]:
            fig = self.view["figures"][held_model]
            board.draw_model(surface, fig, self._put_down(held_model, ghost_at), self.camera,
                             self.side_colour(fig["side"]), self._icon(held_model), (255, 255, 255), lifted=True,
                             radius=board.readable_px(self.lay.fs))
            self._true_base(surface, fig, ghost_at)

    def _health_spots(self, mosts: list[int], discs: list[tuple[Point, float]],
                      bodies: list[float]) -> list[board.HealthSpot]:
        """`board.health_spots` for this frame, asked again only when a model or the camera moved."""
        key = (tuple(mosts), tuple(discs), tuple(bodies), tuple(self.lay.table))
        if self._spots_seen is None or self._spots_seen[0] != key:
            self._spots_seen = (key, board.health_spots(mosts, discs, bodies, self.lay.table))
        return self._spots_seen[1]

    def _put_down(self, model: int, pos: Point, alone: bool = False) -> Point:
        """Where the held model let go at the screen point `pos` would stand (world point): the
        drop settled against a friend (`drop_point`), then against a base it is on (`_landing`)."""
        source = Target("figure", ident=f"{model}/{ALONE}" if alone else str(model))
        return self._landing(model, self.drop_point(source, self.camera.to_world(pos)), alone)

    def _followers(self, held: tuple[int, bool] | None, ghost_at: Point | None) -> dict[int, Point]:
        """Where the other models of the held one's formation would stand (world points) if it
        were let go at the screen point `ghost_at`: moved as one, each keeps its place beside it."""
        if held is None or ghost_at is None or held[1] or self.public is None \
                or self.decision() not in ("move", "bonus"):
            return {}
        model = held[0]
        if not self.public.group(model):
            return {}
        spots = self.public.group_spots(model, self._put_down(model, ghost_at))
        return {m: spot for m, spot in spots.items() if m != model}

    def _landing(self, model: int, at: Point, alone: bool = False) -> Point:
        """Where the held model would stand if dropped at the world point `at`: against a base
        it is held over (`rules.landing`, as the drop's command), so the lifted model shows the
        snap before the drop. A deploy's is asked here, once per spot; a move's shows the nearest
        spot until its route, which knows which spot the move reaches, comes from the worker."""
        kind = self.decision()
        if kind not in ("move", "bonus", "deploy") or self.public is None:
            return at
        key = (self.generation, model, round(at[0], 2), round(at[1], 2), alone)
        if self._landed is None or self._landed[0] != key:  # one search of contact spots either way
            moving = () if alone or kind == "deploy" else self.public.group(model)
            snap = self.public.landing(model, at) if kind == "deploy" else self.public.contact_spot(model, at, moving)
            self._landed = (key, at if snap is None else snap)
        if self._landed[1] == at or kind == "deploy":
            return self._landed[1]
        route = self._route_now(model, at, alone)  # the spot its move can reach, once the worker has it
        return route.points[-1] if route is not None and route.points else self._landed[1]

    def _true_base(self, surface: pygame.Surface, fig: dict[str, Any], at: Point) -> None:
        """The held model's true base where it would stand (a thin white ring): the marker is
        drawn larger than a small base, and whether it fits between terrain and models is a
        question of its true size."""
        r = board.base_px(self.camera, fig["base_mm"])
        if r < board.readable_px(self.lay.fs) - 1:
            pygame.draw.circle(surface, (255, 255, 255), at, r, width=1)

    def _draw_questions(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """Route preview, attack preview, the ruler and the watchers, as asked."""
        pub, fs = self.public, self.lay.fs
        assert pub is not None
        self.tray_refusal = None
        spot = self.preview_at if self.drop_source is not None else None
        held = overlay.held
        held_as = figure_of(held)
        if spot is None and held is not None and overlay.drag_pos is None and held_as is not None \
                and self._ghost_pos(overlay) is not None:  # picked, then pointing
            spot = (held_as[0], self.drop_point(held, self.camera.to_world(self.mouse)), held_as[1])
        if spot is not None:
            model, at, alone = spot
            if self.decision() in ("move", "bonus"):
                route = self._route_later(model, at, alone)
                if route is not None:
                    r = board.readable_px(fs)  # the lifted followers, drawn at this radius, are kept clear too
                    ghosts = [pygame.Rect(0, 0, 2 * r, 2 * r).move(round(x) - r, round(y) - r) for x, y in
                              map(self.camera.to_screen, self._followers(held_as, self._ghost_pos(overlay)).values())]
                    label = None
                    if route.refusal and self._too_long_for_table(route.refusal):
                        self.tray_refusal, label = route.refusal, SEE_BELOW
                    overlays.draw_route(surface, route, self.camera, self.text, fs, r + max(4, r // 2),
                                        [*self._model_rects(), *self._height_rects(), *ghosts],  # its own base too
                                        self.lay.table, self._mat_in_view(), label)
            elif self.decision() == "deploy":
                why = pub.deploy_refusal(model, at)
                words = self.text.render(why or "Deploy here", fs, overlays.BAD if why else overlays.GOOD, "bold",
                                         shadow=True)
                surface.blit(words, self._deploy_words_rect(words.get_size(), self.camera.to_screen(at)))
        aim_at = self._ghost_pos(overlay)
        if held is not None and held.zone == "ability" and aim_at is not None:
            self._draw_aim(surface, held, aim_at)
        target = self._hovered_enemy(overlay)
        if target is not None and self.attacker is not None and (held is None or held.zone != "ability") \
                and not self._showing_watchers():  # V asks who sees the point: its readout alone (play-test)
            m, w = self.attacker
            odds = pub.attack(m, w, target)
            overlays.draw_sight(surface, odds, self.camera)
            self._mark_target(surface, target, odds)
            weapon = pub.state.figures[m].unit.weapons[w]
            lines = overlays.preview_lines(odds, weapon.name, self._name(target), weapon.melee,
                                           pub.edge_gap(m, target))
            overlays.draw_note(surface, lines, self.mouse, self.text, max(11, fs - 2), self.lay.table)
        if self.ruler is not None:
            self._draw_ruler(surface)
        if self._showing_watchers():
            at = self.camera.to_world(self.mouse)
            seen = [((float(self.view["figures"][m]["at"][0]), float(self.view["figures"][m]["at"][1])),
                     self.side_colour(int(self.view["figures"][m]["side"]))) for m in self._watchers(at)]
            overlays.draw_watchers(surface, at, seen, self.camera, self.text, fs)

    def _showing_watchers(self) -> bool:
        """Whether V is held over the table: every model that sees the point is shown, with its
        readout by the pointer (and no stat card over it)."""
        return bool(pygame.key.get_focused() and pygame.key.get_pressed()[pygame.K_v] and self._on_table(self.mouse))

    def _draw_aim(self, surface: pygame.Surface, held: Target, pos: Point) -> None:
        """Where an ability being dragged would land: its blast circle, or a mark on the model."""
        assert self.public is not None
        m, k = (int(x) for x in (held.ident or "0/0").split("/"))
        ability = self.public.state.figures[m].unit.abilities[k]
        from game.skirmish.content import AreaAttackEffect
        blasts = [e for e in ability.effects if isinstance(e, AreaAttackEffect)]
        if blasts:
            pygame.draw.circle(surface, overlays.BAD, pos, max(4, self.camera.length(blasts[0].radius)), width=2)
            home = self.camera.to_screen(self.public.state.figures[m].at)
            pygame.draw.circle(surface, overlays.COVER, home, max(4, self.camera.length(blasts[0].range)), width=1)
        else:
            pygame.draw.circle(surface, overlays.COVER, pos, 10, width=2)
        self.text.blit(surface, ability.name, self.lay.fs, (255, 255, 255), "bold", shadow=True,
                       midbottom=(pos[0], pos[1] - 14))

    def _on_table(self, pos: Point) -> bool:
        """Whether the screen point `pos` lies on the table itself, not only in its frame
        (play-test: hold V beside the table said "0 models see this point", cut by the panel)."""
        if not self.lay.table.collidepoint(pos):
            return False
        x, y = self.camera.to_world(pos)
        w, d = (float(v) for v in self.view.get("table", (36.0, 36.0)))
        return 0.0 <= x <= w and 0.0 <= y <= d

    def _watchers(self, at: Point) -> list[int]:
        """Every model that sees `at`, cached per quarter inch while the position stands; not a
        model standing on it (play-test: over a model, "1 model sees this point" counted the
        model itself and drew no line)."""
        key = (self.generation, round(at[0] * 4), round(at[1] * 4))
        if self._seen is None or self._seen[0] != key:
            assert self.public is not None
            standing = set(models_at(self.view, at))
            self._seen = (key, [m for m in self.public.watchers(at) if m not in standing])
        return self._seen[1]

    def _mark_target(self, surface: pygame.Surface, target: int, preview: AttackPreview) -> None:
        fig = self.view["figures"][target]
        c = self.camera.to_screen((float(fig["at"][0]), float(fig["at"][1])))
        r = self.radius(target) + 6
        colour = overlays.BAD if preview.refusal else overlays.VERDICT_COLOUR.get(preview.verdict, overlays.GOOD)
        pygame.draw.circle(surface, colour, c, r, width=3)
        for k in range(4):
            a = k * math.pi / 2
            pygame.draw.line(surface, colour, (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r),
                             (c[0] + math.cos(a) * (r + 8), c[1] + math.sin(a) * (r + 8)), 3)

    def _draw_ruler(self, surface: pygame.Surface) -> None:
        assert self.ruler is not None and self.public is not None
        a, b, model = self.ruler
        target = next(iter(models_at(self.view, b)), None)
        if target == model:
            target = None
        marks = ruler_marks(self.camera, *self._edges(a, b, model, target))
        words = self._ruler_words(model, target, b)
        end = self.camera.to_screen(b)
        said = self.text.render(words, self.lay.fs, (255, 255, 255), "bold", shadow=True) if words else None
        bases = [*self._model_rects(), *self._height_rects()]  # and the terrain's heights
        clear = (self.radius(target) if target is not None else 8) + 4  # off the base at the end
        said_rect = (overlays.words_rect(said.get_size(), [self.camera.to_screen(a), end], clear, bases, self.lay.table,
                                         self._mat_in_view())
                     if said else pygame.Rect(0, 0, 0, 0))  # play-test: under the end they covered a model
        size = self.text.render(marks.label, self.lay.fs, INK, "bold", shadow=True).get_size()
        spot = clear_label_spot(marks, size, [*bases, said_rect], self.lay.table, mat=self._mat_in_view())
        draw_ruler(surface, replace(marks, label_at=spot), self.text, self.lay.fs)
        if said is not None:
            surface.blit(said, said_rect)

    def _ruler_words(self, model: int | None, target: int | None, b: Point) -> str:
        """Past the ruler's end (off the models: `overlays.words_rect`), when it starts on a model:
        the gap from its base and whether it sees the end (the model there, or the point)."""
        if model is None or self.public is None:
            return ""
        pub = self.public
        if target is not None:
            gap = pub.edge_gap(model, target)
            sees = pub.sight(model, target).verdict
            return f"{gap:.1f}\" base to base; {overlays.VERDICT_WORD[sees].lower()}"
        gap = pub.gap_to_point(model, b)
        return f"{gap:.1f}\" from the base; {'in sight' if pub.sees_point(model, b) else 'out of sight'}"

    def _edges(self, a: Point, b: Point, model: int | None, target: int | None) -> tuple[Point, Point]:
        """The ruler's ends on the bases' edges (a wargamer measures base edge to base edge): from
        the start model's edge towards the end, to the target model's edge (or the point)."""
        if target is not None:
            fig = self.view["figures"][target]
            b = (float(fig["at"][0]), float(fig["at"][1]))
        d = math.dist(a, b)
        if d <= 1e-9:
            return a, b
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        ra = base_radius(float(self.view["figures"][model]["base_mm"])) if model is not None else 0.0
        rb = base_radius(float(self.view["figures"][target]["base_mm"])) if target is not None else 0.0
        if ra + rb >= d:
            return a, a
        return (a[0] + ux * ra, a[1] + uy * ra), (b[0] - ux * rb, b[1] - uy * rb)

    def _draw_damage(self, surface: pygame.Surface, animator: Animator) -> None:
        for t in animator.of_kind("sk-hurt"):
            if not t.started:
                continue
            at = self.camera.to_screen(t.payload["at"])
            y = at[1] - 14 - 26 * t.value
            self.text.blit(surface, t.payload["label"], self.lay.fs + 4, t.payload["colour"], "bold", shadow=True,
                           center=(at[0], y))

    def _draw_tray(self, surface: pygame.Surface, animator: Animator) -> None:
        fs = self.lay.fs
        r = self.lay.tray
        pygame.draw.rect(surface, (26, 30, 42), r, border_radius=8)
        pygame.draw.rect(surface, (70, 78, 100), r, width=1, border_radius=8)
        names = self.seat_names or ["Side 1", "Side 2"]
        prompt = self._tray_prompt(names) if any(self.is_human(s) for s in self.view.get("to_act", [])) else ""
        if self.measuring:
            prompt = "Measuring (M or Esc to stop): drag from a model or any point."
        # a replay takes no keys of the table's; a roll's prompt needs the room
        keys = "" if self.read_only or self.decision() == "reroll" else KEY_HINTS
        if self.tray_refusal:
            self._draw_tray_refusal(surface, self.tray_refusal)
        else:
            prompt, keys = self.tray_line(prompt, keys, r.width)
            self.text.blit(surface, keys, max(10, fs - 3), palette.TEXT_DIM,
                           midright=(r.right - 10, r.y + int(fs * 1.0)))
            self.text.blit(surface, prompt, max(10, fs - 2), palette.TEXT, midleft=(r.x + 10, r.y + int(fs * 1.0)))
        pos = self.mouse
        for rect, label, target, key in self.tray:
            if key.startswith("die:"):  # a failed die to click: drawn with the roll above
                if rect.collidepoint(pos):
                    pygame.draw.rect(surface, palette.TEXT, rect.inflate(10, 10), width=1, border_radius=8)
                continue
            if key.startswith("model:"):
                m = int(key.split(":")[1])
                fig = self.view["figures"][m]
                cr = rect.height // 2 - 2
                disc = art.base_disc(cr, self.side_colour(fig["side"]), (255, 255, 255), self._icon(m), False)
                surface.blit(disc, disc.get_rect(center=rect.center))
                continue
            size = max(9, min(pill_size(fs), int(rect.height * 0.8)))  # a second row is half as tall
            label = hud.fit(self.text, label, size, rect.width - 12, "bold")
            if key.startswith("tactic:"):
                on = key == f"tactic:{self.tactic}"
                draw_pill(surface, rect, label, self.text, size, rect.collidepoint(pos),
                          accent=(150, 112, 52) if on else (44, 58, 70))
                continue
            draw_pill(surface, rect, label, self.text, size, rect.collidepoint(pos))
        self._draw_roll(surface, animator)

    def _too_long_for_table(self, words: str) -> bool:
        """Whether a route's refusal is too wide to write at the route's end (`LONG_REFUSAL`)."""
        width = self.text.font(self.lay.fs, "bold").size(words)[0]
        return width > self.lay.table.width * LONG_REFUSAL

    def tray_refusal_lines(self, words: str) -> tuple[list[str], int, pygame.Rect]:
        """A long refusal as the tray writes it: its lines, their size and the room they fill
        (the prompt's line and down to the tray's first button, or its foot), every word whole
        where the room allows."""
        r, fs = self.lay.tray, self.lay.fs
        foot = min([rect.top for rect, *_ in self.tray if r.colliderect(rect)] + [r.bottom - 4])
        top = r.y + int(fs * 1.0) - self.text.line_height(fs, "bold") // 2
        room = pygame.Rect(r.x + 10, top, r.width - 20, max(1, foot - top))
        # as large as it was at the route's end, down to the prompt's size where the room is short
        lines, size = self.text.wrap_within(words, fs, max(10, fs - 2), room.size, "bold")
        return lines, size, room

    def _draw_tray_refusal(self, surface: pygame.Surface, words: str) -> None:
        """The refusal of the route being dragged, in the tray's message line, wrapped."""
        lines, size, room = self.tray_refusal_lines(words)
        step = self.text.line_height(size, "bold")
        for k, line in enumerate(lines):
            self.text.blit(surface, line, size, overlays.BAD, "bold", topleft=(room.x, room.y + k * step))

    def tray_line(self, prompt: str, keys: str, width: int) -> tuple[str, str]:
        """The tray's first line as drawn: the prompt, and the key hints at its right only where
        both fit (play-test at 1024x640: "...End move wh..." was cut for hints that the Help and
        the table's own tooltips give too); a prompt too long even alone ends in an ellipsis."""
        fs = self.lay.fs
        prompt_w = self.text.font(max(10, fs - 2)).size(prompt)[0]
        keys_w = self.text.font(max(10, fs - 3)).size(keys)[0] if keys else 0
        if keys and prompt_w + keys_w + 40 > width:
            keys, keys_w = "", 0
        return hud.fit(self.text, prompt, max(10, fs - 2), width - 40 - keys_w), keys

    def _draw_roll(self, surface: pygame.Surface, animator: Animator) -> None:
        """The roll's dice on a panel of their own in the table's frame (`_dice_area`): at the
        tray's left the next decision's buttons, built while the dice still tumbled, hid them
        (play-test, eighth session), and drawn over those buttons they hid the buttons
        (fifteenth session)."""
        roll = self.view.get("roll")
        dice = animator.of_kind("sk-dice")
        if roll is not None and roll["faces"] or dice:
            faces = list(roll["faces"]) if roll is not None and roll["faces"] else \
                list(dice[0].payload["faces"]) if dice else []
            knack = roll["knack"] if roll is not None else dice[0].payload["knack"]
            tumbling = dice and dice[0].started and dice[0].raw < TUMBLE_PART
            if tumbling:
                k = int(dice[0].elapsed * 18)
                faces = [1 + (k * 7 + i * 3) % 6 for i in range(len(faces))]
            area = self._dice_area(len(faces))
            shown = pygame.Rect(area.x, area.y, 0, area.height).unionall([r for _, r in self._dice_rects(len(faces))])
            pygame.draw.rect(surface, (24, 28, 38), shown.inflate(2 * DICE_PAD, 2 * DICE_PAD), border_radius=8)
            pygame.draw.rect(surface, (70, 78, 100), shown.inflate(2 * DICE_PAD, 2 * DICE_PAD), width=1, border_radius=8)
            forced = bool(roll["forced_six"]) if roll is not None else False
            hits = [] if tumbling else [i for i, f in enumerate(faces) if lands(f, knack, forced)]
            rects = draw_dice(surface, faces, (area.x, area.y, area.width, area.height), hits, largest=DIE_PX)
            if not tumbling:  # a failed die: a red frame and a bar under it, its pips left clear
                for i, rr in enumerate(rects):  # (play-test: a slash lay along the pips of 1, 2 and 3)
                    if i not in hits:  # picked for the re-roll: a brass frame, thicker; spent: grey
                        pad = max(2, rr.width // 14)
                        picked = i in self.picked_dice
                        spent = roll is not None and i in roll.get("rerolled", ())
                        edge = palette.BRASS if picked else SPENT_DIE if spent else overlays.BAD
                        pygame.draw.rect(surface, edge, rr.inflate(2 * pad, 2 * pad), width=3 if picked else 2,
                                         border_radius=max(2, rr.width // 6) + pad)
                        pygame.draw.line(surface, edge, (rr.x + 3, rr.bottom + pad + 3),
                                         (rr.right - 4, rr.bottom + pad + 3), 3)

    def _draw_card(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """The stat card of the model under the pointer (on the table or in the tray)."""
        self.card_rect = None
        m = self._model_under(self.mouse)
        if self._card_quiet_at is not None and self.mouse != self._card_quiet_at:
            self._card_quiet_at = None
        if m != self._card_hover[0]:
            self._card_hover = (m, overlay.time)
        if m is None or overlay.held is not None or self.measuring or self._card_quiet_at is not None \
                or overlay.time - self._card_hover[1] < CARD_DELAY or self._showing_watchers():
            return  # (play-test: the card covered the V readout of who sees the point)
        fig = self.view["figures"][m]
        hover_enemy = self.attacker is not None and self.decision() == "attack" and fig["side"] != self.view["turn"]
        if hover_enemy:
            return
        lines = unit_sheet(self.view, m, self.public)
        bounds = self.rect.inflate(-8, -8)
        self.card_rect = hud.draw_card(surface, lines, (round(self.mouse[0]), round(self.mouse[1])), self.text,
                                       self.lay.fs, bounds, self.side_colour(int(fig["side"])), self._base_rects())

    def _base_rects(self) -> list[pygame.Rect]:
        """The screen boxes of the models' bases on the table (as drawn), for the card and the
        words of the table to keep off."""
        out = []
        for fig in self.view["figures"]:
            if fig["deployed"] and not fig["fallen"]:
                c = self.camera.to_screen((float(fig["at"][0]), float(fig["at"][1])))
                r = self.radius(int(fig["id"]))
                out.append(pygame.Rect(round(c[0]) - r, round(c[1]) - r, 2 * r, 2 * r))
        return out

    def _height_rects(self) -> list[pygame.Rect]:
        """Where the terrain pieces' heights are written, kept while the terrain and camera stay."""
        key = (self._terrain_key, self.camera.scale, self.camera.pan, self.camera.origin, self.lay.fs)
        if self._heights is None or self._heights[0] != key:
            self._heights = (key, board.height_rects(self.view, self.camera, self.text, self.lay.fs))
        return self._heights[1]

    def _model_rects(self) -> list[pygame.Rect]:
        """`_base_rects` and each model's health pips where they were last drawn (`_health_spots`),
        for the ruler's and a route's words to keep off (play-test at 1280x720: a route's
        refusal lay over a neighbour's pips)."""
        bases = self._base_rects()
        spots = self._spots_seen[1] if self._spots_seen is not None else []
        if len(spots) != len(bases):
            spots = [board.HealthSpot(False, 0, 0, False)] * len(bases)
        shown = [f for f in self.view["figures"] if f["deployed"] and not f["fallen"]]
        pips = [board.health_box(int(fig["max_health"]), base.center, base.width // 2, spot.above).move(spot.dx, spot.dy)
                for fig, base, spot in zip(shown, bases, spots)]
        return bases + pips

    def marker(self, model: int) -> board.Marker:
        """How model `model` is drawn (`board.markers`: readable at the full-table zoom, the true
        base inside it), kept while the position and the camera stay."""
        key = (self.generation, self.camera.scale, self.camera.pan, self.camera.origin, self.lay.fs)
        if self._radii is None or self._radii[0] != key:
            self._radii = (key, board.markers(self.view, self.camera, self.lay.fs))
        found = self._radii[1].get(model)
        if found is not None:
            return found
        r = max(board.readable_px(self.lay.fs), board.base_px(self.camera, self.view["figures"][model]["base_mm"]))
        return board.Marker(r, int(r * art.ICON_SHARE))

    def radius(self, model: int) -> int:
        """The pixel radius model `model`'s marker is drawn at (`marker`)."""
        return self.marker(model).radius

    def _hit_px(self) -> float:
        """How near a model's centre (pixels) the pointer picks it: at least its lone marker."""
        return float(max(board.MIN_HIT_PX, board.readable_px(self.lay.fs)))

    def _model_under(self, pos: Point) -> int | None:
        for rect, _, _, key in self.tray:
            if key.startswith("model:") and rect.collidepoint(pos):
                return int(key.split(":")[1])
        if not self.lay.table.collidepoint(pos) or not self.view:
            return None
        hits = models_at(self.view, self.camera.to_world(pos), self._hit_px() / self.camera.scale)
        return hits[0] if hits else None

    def _hovered_enemy(self, overlay: Overlay) -> int | None:
        if self.decision() != "attack" or self.attacker is None:
            return None
        m = self._model_under(self.mouse)
        if m is None or self.view["figures"][m]["side"] == self.view["figures"][self.attacker[0]]["side"]:
            return None
        return m

    # --- GameView: targets ----------------------------------------------------------------
    def hit_test(self, pos: Point) -> Target | None:
        if not self.tray:
            self._build_tray()
        for rect, _, target, key in self.tray:
            if rect.collidepoint(pos):
                return target
        m = self._model_under(pos)
        if m is None:
            return None
        if self.decision() == "attack" and self.attacker is not None \
                and self.view["figures"][m]["side"] != self.view["figures"][self.attacker[0]]["side"]:
            a, w = self.attacker
            return Target("attack", ident=f"{a}/{w}/{m}")
        if pygame.key.get_mods() & pygame.KMOD_SHIFT and m in self._movers() and len(self._movers()) > 1:
            return Target("figure", ident=f"{m}/{ALONE}")  # shift: this model alone, its formation stays
        return Target("figure", ident=str(m))

    def sources(self, seat: Seat) -> list[Target]:
        kind = self.decision()
        if not self._mine(seat):
            return []
        if kind == "deploy":
            return [Target("figure", ident=str(f["id"])) for f in self.view["figures"]
                    if f["side"] == seat and not f["deployed"]]
        if kind in ("move", "bonus", "attack"):
            aimed = [t for _, _, t, key in self.tray if t is not None and t.zone == "ability"
                     and self.public is not None and self.public.ability_aim(*map(int, key.split(":")[1:])) != ""]
            mine = self._movers() if kind != "attack" else []
            movers = [Target("figure", ident=str(m)) for m in mine]
            if len(mine) > 1:  # a formation: each model may also be moved alone (shift-drag)
                movers += [Target("figure", ident=f"{m}/{ALONE}") for m in mine]
            return movers + aimed
        if kind == "place_token":
            return [Target("token")]
        return []

    def drop_regions(self, seat: Seat, source: Target) -> list[DropRegion]:
        """The whole table: the engine judges every spot (its refusal names the reason); the
        reach shading shows where a move is legal."""
        if source not in self.sources(seat):
            return []
        w, d = (float(v) for v in self.view["table"])
        return [DropRegion("table", Box(0.0, 0.0, w, d), ident=source.ident)]

    def to_world(self, pos: Point) -> Point:
        return self.camera.to_world(pos)

    def drop_point(self, source: Target, world: Point) -> Point:
        """A model let go just short of a friend, so near that at this zoom their markers touch,
        is set against the friend (play-test: two Lightwrights drawn touching stood 0.3" apart and
        their formation was refused; small bases are drawn larger than they are). Zoomed in until
        bases are drawn true, nothing is moved: a gap a player can see is kept."""
        kind = self.decision()
        held = figure_of(source)
        if held is None or kind not in ("move", "bonus", "deploy") or self.public is None:
            return world
        model, alone = held
        key = (self.generation, model, alone, self.camera.scale, round(world[0], 3), round(world[1], 3))
        if self._settled is None or self._settled[0] != key:
            # not out of the reach the drop itself keeps: the engine's route, around terrain (`settled`)
            self._settled = (key, self.public.settled(model, world, self._drawn_slack(model), alone))
        return self._settled[1]

    def _drawn_slack(self, model: int) -> dict[int, float]:
        """For each friend on the table (by id), inches by which it and `model` drawn at this
        zoom may look touching and stand apart: how far each one's marker reaches past its base
        (its own: a small base is drawn enlarged, a large one true; the fifteenth session's
        re-read found both taken as `model`'s), and base contact's own allowance."""
        figs = self.view["figures"]
        per_inch = max(1e-6, self.camera.length(1.0))

        def extra(m: int) -> float:
            return max(0.0, self.marker(m).radius - board.base_px(self.camera, figs[m]["base_mm"]))

        mine = extra(model)
        return {int(f["id"]): BASE_CONTACT + (mine + extra(int(f["id"]))) / per_inch for f in figs
                if f["side"] == figs[model]["side"] and f["deployed"] and not f["fallen"] and int(f["id"]) != model}

    def free_drop(self, pos: Point) -> Target | None:
        """A point of the table (a move's drop; the engine's reason if the model may not move)."""
        return Target("table", point=self.to_world(pos)) if self.lay.table.collidepoint(pos) else None

    def preview(self, source: Target, target: Target | None) -> None:
        self.drop_source = source if target is not None else None
        held = figure_of(source)
        if target is None or target.point is None or held is None:
            self.preview_at = None
            return
        self.preview_at = (held[0], target.point, held[1])

    def _route_now(self, model: int, at: Point, alone: bool = False) -> Route | None:
        """The route to `at` if the worker has answered for this very point, else None (asked);
        a formation's move as one is judged whole (`PublicTable.route`)."""
        view = self.view
        key = ("route", self.generation, model, round(at[0], 2), round(at[1], 2), alone)
        found = self.questions.ask(key, lambda: table_for(view).route(model, at, alone))
        return found if isinstance(found, Route) else None

    def _route_later(self, model: int, at: Point, alone: bool = False) -> Route | None:
        """The route to `at` from the worker, or the newest one it has for this model (the
        pointer runs ahead of a slow route by a frame or two)."""
        found = self._route_now(model, at, alone)
        if found is not None:
            self._last_route = ((self.generation, model, alone), found)
            return found
        if self._last_route is not None and self._last_route[0] == (self.generation, model, alone):
            return self._last_route[1]
        return None

    def _route(self, model: int, at: Point, alone: bool = False) -> Route:
        key = (model, round(at[0], 2), round(at[1], 2), alone)
        if key not in self.routes:
            if len(self.routes) > 200:
                self.routes.clear()
            assert self.public is not None
            self.routes[key] = self.public.route(model, at, alone)
        return self.routes[key]

    def clicks(self, seat: Seat) -> list[Target]:
        self._build_tray()  # the view's own choices (a model picked, a tactic) change the buttons
        out = [t for _, _, t, key in self.tray if t is not None and t.zone not in ("figure", "token")
               and not (t.zone == "ability" and self.public is not None
                        and self.public.ability_aim(*map(int, key.split(":")[1:])) != "")]
        if self.decision() == "attack" and self.attacker is not None:
            a, w = self.attacker
            side = self.view["figures"][a]["side"]
            out += [Target("attack", ident=f"{a}/{w}/{f['id']}") for f in self.view["figures"]
                    if f["side"] != side and f["deployed"] and not f["fallen"]]
        return out

    def anchor(self, target: Target) -> Point | None:
        if target.point is not None:
            return self.camera.to_screen(target.point)
        ident = (target.ident or "").split("/")
        if target.zone == "attack" and len(ident) == 3:
            ident = [ident[2]]
        if target.zone in ("figure", "attack") and ident and ident[0].isdigit():
            fig = self.view["figures"][int(ident[0])]
            if fig["deployed"]:
                return self.camera.to_screen((float(fig["at"][0]), float(fig["at"][1])))
        for rect, _, t, _ in self.tray:
            if t == target:
                return (float(rect.centerx), float(rect.centery))
        return None

    def command_targets(self, command: Command) -> tuple[Target, Target | None] | None:
        if isinstance(command, C.Deploy):
            return Target("figure", ident=str(command.model)), Target("table", ident=str(command.model),
                                                                      point=command.at)
        if isinstance(command, C.Move):  # a formation's model moved by itself: the shift-drag
            alone = self.public is not None and bool(self.public.group(command.model))
            return (Target("figure", ident=f"{command.model}/{ALONE}" if alone else str(command.model)),
                    Target("table", ident=str(command.model), point=command.to))
        if isinstance(command, C.MoveGroup):
            return Target("figure", ident=str(command.model)), Target("table", ident=str(command.model),
                                                                      point=command.to)
        if isinstance(command, C.Attack):
            return Target("figure", ident=f"{command.model}/{command.weapon}"), Target("figure", ident=str(command.target))
        if isinstance(command, C.Activate):
            return Target("order", ident=f"{','.join(map(str, command.models))}|{command.order}|{command.tactic}"), None
        if isinstance(command, C.UseAbility):
            source = Target("ability", ident=f"{command.model}/{command.ability}")
            aim = self.public.ability_aim(command.model, command.ability) if self.public is not None else ""
            if aim == "point":
                return source, Target("table", point=command.at)
            if aim == "model" and 0 <= command.target < len(self.view["figures"]):
                fig = self.view["figures"][command.target]
                return source, Target("table", point=(float(fig["at"][0]), float(fig["at"][1])))
            return source, None
        if isinstance(command, C.PlaceToken):
            return Target("token"), Target("table", point=command.at)
        simple = {C.EndStep: "end_step", C.EndActivation: "end_activation", C.Stop: "stop", C.KeepRoll: "keep",
                  C.Reroll: "reroll"}  # the re-roll button takes the failed dice the points pay for, as the engine offers
        for cls, zone in simple.items():
            if isinstance(command, cls):
                return Target(zone), None
        return None

    def draws_decision(self, decision: Decision) -> bool:
        return True

    def has_secrets(self, view: ViewDict) -> bool:
        return False

    def actions(self, seat: Seat) -> list[Action]:
        kind = self.decision()
        if not self._mine(seat):
            return []
        if kind == "activate":
            return [Action("Stop the round", Target("stop"), "No more activations this round: points left carry over",
                           confirm=self._stop_words(seat), icon="pause-button")]
        if kind in ("move", "bonus"):
            which = self._move_count() if kind == "move" else ""
            label = f"End move {which.split(' ', 1)[1]}" if which else "End move"
            return [Action(label, Target("end_step"), "Done moving (Enter)", pygame.K_RETURN),
                    Action("End activation", Target("end_activation"), "Finish this activation")]
        if kind == "attack":
            return [Action("End attacks", Target("end_step"), "Done attacking (Enter)", pygame.K_RETURN),
                    Action("End activation", Target("end_activation"), "Finish this activation")]
        if kind == "reroll" and self.view["roll"]["faces"]:
            return [Action("Keep roll", Target("keep"), "Keep the dice as they fell (Enter)", pygame.K_RETURN)]
        return []

    def _stop_words(self, seat: Seat) -> str:
        """Why stopping matters: what this side gives up, and that the other side goes on."""
        v = self.view
        waiting = sum(1 for f in v["figures"] if f["side"] == seat and f["deployed"] and not f["fallen"]
                      and not f["activated"])
        points = v["points"][seat]
        units = f"{waiting} model{'s' if waiting != 1 else ''} not yet activated" if waiting else "no model waiting"
        return (f"You have {units} and {points} activation point{'s' if points != 1 else ''}. The points carry over "
                "to the next round; the models do not act again this round, while the other side may go on activating.")

    def status(self, seat_names: Sequence[str]) -> tuple[str, Colour]:
        v = self.view
        if not v:
            return "", palette.TEXT
        turn = int(v.get("turn", 0))
        who = seat_names[turn] if 0 <= turn < len(seat_names) else ""
        colour = self.side_colour(turn) if turn in (0, 1) else palette.TEXT
        kind = self.decision()
        if v.get("phase") == "over":
            return "Game over", palette.TEXT
        words = {"deploy": "deploys a model", "activate": "activates a model or formation",
                 "move": "moves", "bonus": "makes an extra move", "attack": "attacks",
                 "reroll": "decides on a re-roll", "place_token": "places a token"}.get(kind, "")
        if not words:
            return hud.PHASE_WORDS.get(str(v.get("phase")), ""), palette.TEXT
        return f"{who} {verb(who, words)}", colour

    def tooltip(self, pos: Point) -> str | None:
        if self.view and self.public is not None and self.lay.table.collidepoint(pos) and not self._model_under(pos):
            at = self.camera.to_world(pos)
            for i, t in enumerate(self.view["tokens"]):
                if math.dist(at, (t["at"][0], t["at"][1])) <= float(t["diameter"]) / 2:
                    return self.public.token_words(i)
            for ob, side in zip(self.view["objectives"], self._holders()):
                if math.dist(at, (ob["at"][0], ob["at"][1])) <= float(ob["radius"]):
                    names = self.seat_names or ["Side 1", "Side 2"]
                    held = f"held by {names[side]}" if side in (0, 1) else "held by nobody"
                    return f"{ob['name']}: worth {ob['value']}, {held} (more models touching it holds it)"
        for rect, _, target, key in self.tray:
            if rect.collidepoint(pos) and target is not None and target.zone == "order":
                return ORDER_TIPS.get((target.ident or "").partition("|")[2].partition("|")[0])
            if rect.collidepoint(pos) and key.startswith("tactic:") and self.public is not None:
                return self._tactic_words(key.split(":", 1)[1])
            if rect.collidepoint(pos) and key.startswith("ability:") and self.public is not None:
                _, m, k = key.split(":")
                ability = self.public.state.figures[int(m)].unit.abilities[int(k)]
                return f"{ability.name}: {ability.text}"
        if self.lay.bar.collidepoint(pos) and self.view:
            return hud.bar_tooltip(self.view, self.seat_names or ["Side 1", "Side 2"], _content())
        return None

    def log_lines(self, entries: Sequence[Any], seat_names: Sequence[str]) -> list[tuple[str, Colour]]:
        """The engine's log words, a run of the same state given to many models said once
        (`log.merge_runs`)."""
        lines = self.game.describe_log(entries, seat_names, self.log_viewer())
        units = [str(f["name"]) for f in self.view.get("figures", [])]  # the log numbers them: "Lightwright 2"
        return [(line.text, self.tone_colour(line)) for line in merge_runs(lines, units)]

    def undone_words(self, entries: Sequence[Any], lines: Sequence[str]) -> str | None:
        """A kept roll taken back: its attack's line is written once the dice are kept, so the note
        said the attack was taken back; the dice stay and the choice comes back (play-test)."""
        if entries and isinstance(entries[0].event, C.Attacked) and lines:
            return f"keeping the roll ({lines[0]}): re-roll or keep again"
        return None

    def brief_commands(self, commands: Sequence[Command]) -> str | None:
        """End move, End attacks and End activation, which the log does not tell, as the buttons
        name them ("You ended the move"; play-test: "Undo: a move by You"). Undo has just brought
        back the step they ended, so the decision now says which step."""
        if not commands:
            return None
        first = commands[0]
        seat = first.seat
        who = self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"Side {seat + 1}"
        if isinstance(first, C.EndActivation):
            return f"{who} ended the activation"
        if isinstance(first, C.EndStep):
            step = {"move": "the move", "bonus": "the extra move", "attack": "the attacks"}.get(self.decision(), "a step")
            return f"{who} ended {step}"
        return None

    def brief_move(self, entries: Sequence[LogEntry]) -> str | None:
        """Each side's run of commands by its first ("You stopped for the round, Computer
        activated Hearth-Chief 1 …"; `game.skirmish.words.brief`), models named as the board
        names them."""
        figures = self.view.get("figures", [])
        viewer = self.log_viewer()

        def side(seat: int) -> str:
            return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else f"Side {seat + 1}"

        numbers = _undone_numbers(figures, entries)

        def model(ident: int) -> str:
            if ident in numbers:
                return skirmish_words.numbered_name(str(figures[ident]["name"]), numbers[ident])
            return self._name(ident) if 0 <= ident < len(figures) else f"model {ident}"

        return brief_by_command(entries, lambda ev: skirmish_words.brief(ev, side, model, _content()),
                                lambda ev: redact(ev, viewer), runs=True, aside=skirmish_words.brief_aside)

    def _tactic_words(self, name: str) -> str:
        """A tactic pill's tooltip: its effect, its knack check and what failing it costs under
        the Environment in force (play-test: the pills said only a name and a number)."""
        assert self.public is not None
        seat = int(self.view.get("turn", 0))
        tactic = next((t for t in self.public.state.factions[seat].tactics if t.name == name), None)
        if tactic is None:
            return name
        _, penalty = hud.environment_words(self.view, _content())
        fails = f"If it fails: {penalty}" if penalty else "If it fails: the Environment's penalty (none rolled yet)."
        return f"{tactic.name}: {tactic.text}\nKnack check: roll {tactic.knack}+ on one die.\n{fails}"

    def over_reason(self) -> str:
        """The score, and the mission's tie-break with its figures when the points were equal
        (`words.over_reason`): a 0-0 win says what won it."""
        if self.view.get("phase") != "over":
            return ""
        return skirmish_words.over_reason(self.view, self.seat_names)

    def keep_clear(self) -> list[pygame.Rect]:
        """The bar (round, whose turn, points and score, the Environment and the mission): the
        guide's note leaves it in sight."""
        return [pygame.Rect(self.lay.bar)] if hasattr(self, "lay") else []

    def role_of(self, seat: Seat) -> str:
        return ""

    # --- pointer and keys -----------------------------------------------------------------
    def view_click(self, pos: Point) -> bool:
        """Picking models for an activation, a tactic, a weapon: the view's own choices."""
        for rect, _, target, key in self.tray:
            if rect.collidepoint(pos) and target is None:
                if key.startswith("tactic:"):
                    name = key.split(":", 1)[1]
                    self.tactic = "" if self.tactic == name else name
                    return True
                if key.startswith("weapon:"):
                    _, model, weapon = key.split(":")
                    self.attacker = (int(model), int(weapon))
                    return True
                if key.startswith("die:"):
                    return self._pick_die(int(key.split(":")[1]))
                if key.startswith("spent:"):
                    self.notice = "That die was rolled again already: each die is re-rolled once at most."
                    return True
        if self.decision() == "activate" and self.public is not None:
            m = self._model_under(pos)
            turn = int(self.view["turn"])
            humans = [s for s in self.view.get("to_act", []) if self.is_human(s)]
            if m is not None and turn in humans:
                fig = self.view["figures"][m]
                if fig["side"] != turn:
                    return False
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                if shift and m in self.selected:
                    self.selected.remove(m)
                    return True
                picked = self.selected + [m] if shift else [] if self.selected == [m] else [m]
                why = self.public.activation_refusal(picked) if picked else None
                if why is not None:  # already activated, or not in base contact: say so, keep the pick
                    self._refuse_pick(why, picked)
                    return True
                self.outsider = None
                self.selected = picked
                self._pick_press = (pos, m)
                return True
        if self.decision() == "attack" and self.public is not None:
            m = self._model_under(pos)
            act = self.view["activation"]
            if m is not None and m in act["figures"]:
                weapons = [w for w in range(len(self.public.state.figures[m].unit.weapons))
                           if self.public.attacks_left(m, w) > 0]
                if weapons:
                    self.attacker = (m, weapons[0])
                    return True
        return False

    def view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            pos = self.ctx.pointer() if hasattr(self.ctx, "pointer") else pygame.mouse.get_pos()
            if self.lay.table.collidepoint(pos):
                self.camera.zoom_at(1.15 ** event.y, pos, self._min_zoom(), MAX_SCALE)
                self._centre_fitting_axes()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_m or (event.key == pygame.K_ESCAPE and self.measuring):
                self.measuring = not self.measuring  # Esc leaves measuring before it opens the pause menu
                if not self.measuring:
                    self.ruler = None
                return True
            if event.key == pygame.K_0 or event.key == pygame.K_HOME:
                self._fit()
                return True
        return False

    def _centre_fitting_axes(self) -> None:
        """Centre the table on an axis it fits at this zoom. The kit camera keeps the fitted
        zoom's origin and leaves a fitting axis unpanned, so after zooming a wide window in, the
        table ran off its right edge out of reach (play-test); this moves that axis's origin."""
        cam = self.camera
        x0, y0, x1, y1 = cam.box()
        ox, oy = cam.origin
        if x1 - x0 <= cam.view.width:
            ox += cam.view.centerx - (x0 + x1) / 2
        if y1 - y0 <= cam.view.height:
            oy += cam.view.centery - (y0 + y1) / 2
        cam.origin = (ox, oy)
        cam.clamp()
        self._layer = None

    def _min_zoom(self) -> float:
        w, d = (float(v) for v in self.view.get("table", (36.0, 36.0)))
        fit = min(self.lay.table.width / w, self.lay.table.height / d)
        return min(fit * 0.9, max(MIN_SCALE, fit * 0.9))

    def view_pointer(self, event: pygame.event.Event) -> bool:
        """Measuring with the ruler, panning by dragging empty table, and a model dragged before
        its order is chosen (said why on release)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._dragged_before_order(event):
                return True
            if self.ruler is not None and self.measuring and event.buttons[0]:
                a, _, model = self.ruler
                self.ruler = (a, self.camera.to_world(event.pos), model)
                return True
            if self.boxing is not None:
                self.boxing = (self.boxing[0], event.pos)
                return True
            if self.panning is not None:
                dx, dy = event.pos[0] - self.panning[0], event.pos[1] - self.panning[1]
                self.camera.move(dx, dy)
                self.panning = event.pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.lay.table.collidepoint(event.pos):
            if event.button == 1 and any(rect.collidepoint(event.pos) for rect, _, _, _ in self.tray):
                return False  # a die of the roll lies on the table's frame: the click picks it
            if self.measuring and event.button == 1:
                at = self.camera.to_world(event.pos)
                hits = models_at(self.view, at, self._hit_px() / self.camera.scale)
                start = at if not hits else (float(self.view["figures"][hits[0]]["at"][0]),
                                             float(self.view["figures"][hits[0]]["at"][1]))
                self.ruler = (start, at, hits[0] if hits else None)
                return True
            empty = self.hit_test(event.pos) is None
            if event.button == 1 and empty and pygame.key.get_mods() & pygame.KMOD_SHIFT and self._may_pick():
                self.boxing = (event.pos, event.pos)
                return True
            if event.button in (2, 3) or (event.button == 1 and empty and not self._drops_on_table()):
                self.panning = event.pos
                return event.button != 3 or True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self._pick_press = None
            if self._pick_dragged:  # the table then says the notice
                self._pick_dragged = False
                return True
        if event.type == pygame.MOUSEBUTTONUP and self.boxing is not None:
            self.pick_in_box(self.boxing[0], event.pos)
            self.boxing = None
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.panning is not None:
            self.panning = None
            return True
        return False

    def _dragged_before_order(self, event: pygame.event.Event) -> bool:
        """A model picked to activate and dragged on at once: it moves only once its order is
        chosen, so the drop says so and the model stays picked (play-test: the drag did nothing,
        without a word, and a second press had unpicked the model)."""
        if self._pick_press is None or not event.buttons[0] or self.decision() != "activate":
            return False
        (x, y), m = self._pick_press
        if math.dist((x, y), event.pos) < DRAG_THRESHOLD:
            return False
        self._pick_press, self._pick_dragged = None, True
        if m not in self.selected:
            self.selected = [m]
        self.notice = "Choose an order for it first (the buttons below the table); then drag it to move."
        return True

    def _may_pick(self) -> bool:
        """Whether the person at the screen is choosing what to activate now."""
        humans = [s for s in self.view.get("to_act", []) if self.is_human(s)]
        return self.decision() == "activate" and self.public is not None and int(self.view["turn"]) in humans

    def pick_in_box(self, a: Point, b: Point) -> None:
        """Select the side's models not yet activated whose centres lie in the screen box a-b (a
        formation at once, instead of shift-clicking each); the engine's reason when they cannot
        activate together (not in base contact, more than a formation holds)."""
        if not self._may_pick() or self.public is None:
            return
        box = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]) + 1, abs(b[1] - a[1]) + 1)
        turn = int(self.view["turn"])
        picked = [i for i, f in enumerate(self.view["figures"])
                  if f["side"] == turn and f["deployed"] and not f["fallen"] and not f["activated"]
                  and box.collidepoint(self.camera.to_screen((float(f["at"][0]), float(f["at"][1]))))]
        if not picked:
            return
        why = self.public.activation_refusal(picked)
        if why is not None:
            self._refuse_pick(why, picked)
            return
        self.outsider = None
        self.selected = picked

    def _refuse_pick(self, why: str, picked: list[int]) -> None:
        """Say why `picked` may not activate together, and ring the model a formation leaves
        out (the one the words name)."""
        self.notice = why
        out = self.public.formation_outsider(picked) if self.public is not None and len(picked) > 1 else None
        self.outsider = None if out is None else (out, None)

    def _drops_on_table(self) -> bool:
        """A click on empty table may drop a selected piece (deploy, move, token), so it does not
        pan then... only a press while nothing is held reaches `view_pointer`, so never."""
        return False

    def next_frame_in(self, overlay: Overlay, animator: Animator) -> float:
        if self.questions.pending:
            return 0.0
        m, since = self._card_hover
        if m is not None and self.card_rect is None and self._card_quiet_at is None \
                and overlay.time - since < CARD_DELAY:
            return max(0.0, CARD_DELAY - (overlay.time - since))  # the card opens then
        if pygame.key.get_focused() and pygame.key.get_pressed()[pygame.K_v]:
            return PULSE
        if self.outsider is not None:
            flagged = self.outsider[1]
            return 0.0 if flagged is None else max(0.0, OUTSIDER_S - (overlay.time - flagged))
        if self.selected or self.view.get("activation") is not None:
            return PULSE
        return super().next_frame_in(overlay, animator) if overlay.held or overlay.hint else STILL

    # --- animation ------------------------------------------------------------------------
    def animate(self, events: Sequence[Event], animator: Animator, before: ViewDict, origin: Point | None) -> None:
        delay = 0.0
        together: float | None = None
        """The delay of the run of moves under way: a formation moved as one moves together."""
        for ev in events:
            if isinstance(ev, C.Moved) and len(ev.path) > 1:
                path = [(float(x), float(y)) for x, y in ev.path]
                if origin is not None:
                    path = path[-1:] * 2  # dropped there by hand: it is already where it went
                dur = min(1.2, 0.2 + MOVE_S_PER_INCH * ev.length)
                start = delay if together is None else together
                animator.add(dur, "sk-move", ease_in_out_cubic, delay=start, sound="slide" if together is None else "",
                             model=ev.model, path=path)
                together = start
                delay = max(delay, start + dur * 0.6)
                continue
            if not isinstance(ev, (C.Moved, C.ConditionChanged)):  # a token touched on the way: still together
                together = None
            if isinstance(ev, C.Deployed):
                animator.add(0.15, "sk-place", delay=delay, sound="place", blocking=False)
            elif isinstance(ev, C.Rolled):
                roll = before.get("roll") or self.view.get("roll") or {}
                faces = list(ev.faces)
                if ev.purpose == "reroll" or (roll.get("faces") and len(roll.get("faces", [])) == len(faces)):
                    faces = list(self.view["roll"]["faces"]) if self.view.get("roll") else faces
                animator.add(DICE_S, "sk-dice", delay=delay, sound="draw", faces=faces,
                             knack=int(roll.get("knack", 4)))
                delay += DICE_S * TUMBLE_PART + 0.2  # what the dice did shows as they land
                self._say_miss(ev, roll, animator, delay)
            elif isinstance(ev, C.Damaged):
                fig = self.view["figures"][ev.model]
                animator.add(HURT_S, "sk-hurt", delay=delay, blocking=False, at=(float(fig["at"][0]), float(fig["at"][1])),
                             label=f"-{ev.amount}", colour=overlays.BAD)
            elif isinstance(ev, C.Healed):
                fig = self.view["figures"][ev.model]
                animator.add(HURT_S, "sk-hurt", delay=delay, blocking=False, at=(float(fig["at"][0]), float(fig["at"][1])),
                             label=f"+{ev.amount}", colour=overlays.GOOD)
            elif isinstance(ev, C.Fell):
                animator.add(HURT_S, "sk-hurt", delay=delay, blocking=False, at=(float(ev.at[0]), float(ev.at[1])),
                             label="Fallen", colour=(255, 255, 255))

    def _say_miss(self, ev: C.Rolled, roll: dict[str, Any], animator: Animator, delay: float) -> None:
        """An attack roll with no die landed says "Miss" over its target (play-test: a miss was
        only in the log; a hit says itself with the damage)."""
        target = roll.get("target")
        again = roll.get("rerolling") or []  # a re-roll: the dice kept from before count too
        kept = [f for d, f in enumerate(roll.get("faces") or []) if d not in again] if again else []
        if roll.get("purpose") != "attack" or any(ev.landed) or not isinstance(target, int) \
                or not 0 <= target < len(self.view["figures"]) \
                or any(lands(f, int(roll.get("knack", 4)), bool(roll.get("forced_six"))) for f in kept):
            return
        fig = self.view["figures"][target]
        animator.add(MISS_S, "sk-hurt", delay=delay, blocking=False, at=(float(fig["at"][0]), float(fig["at"][1])),
                     label="Miss", colour=(225, 225, 225))

    def snap_back(self, source: Target, from_pos: Point, animator: Animator) -> None:
        held = figure_of(source)
        if held is None:
            return
        m = held[0]
        fig = self.view["figures"][m]
        if not fig["deployed"]:
            return
        home = (float(fig["at"][0]), float(fig["at"][1]))
        animator.add(0.25, "sk-move", ease_in_out_cubic, model=m, path=[self.camera.to_world(from_pos), home])


def _along(path: Sequence[Point], k: float) -> Point:
    """The point a fraction `k` of the way along a polyline."""
    if len(path) == 1:
        return path[0]
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:])]
    total = sum(lengths)
    if total <= 0:
        return path[-1]
    goal = max(0.0, min(1.0, k)) * total
    for (a, b), d in zip(zip(path, path[1:]), lengths):
        if goal <= d and d > 0:
            f = goal / d
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        goal -= d
    return path[-1]


def shot_match(seed: int, seats: list[str] | None = None) -> Any:
    """A mid-game position for `shot`: both sides deployed, a model activated and moving."""
    from game.skirmish.positions import shot_match as make

    return make(seed, seats)


def bench_match(seed: int, seats: list[str] | None = None) -> Any:
    """A busy table for `bench render`: every model deployed, an activation under way."""
    from game.skirmish.positions import bench_match as make

    return make(seed, seats)


VIEW = SkirmishView
__all__ = ["SkirmishView", "VIEW", "shot_match", "bench_match"]
