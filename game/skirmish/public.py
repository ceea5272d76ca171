"""What the skirmish's screen asks of a position, answered from a seat's view with the engine's
own rules (no pygame, no hidden facts: a skirmish has none).

`rebuild(view)` makes a `SkirmishState` again from `rules.view()` (the content by its ids, the
figures, the activation and roll frames, tokens, stat changes); `PublicTable` then answers the
screen's questions through `rules` and `geometry` on that state, so the screen shows exactly
the numbers the engine will use: a model's reach and the route and cost to a point (or why
not), an attack's verdict (legal or why not; clear, in cover or hidden, with the engine's sight
shares), its hit chance and expected damage (`attacks`), the ruler's base-edge distance, sight
from a model to a point, and every model that sees a point. Tests play seeded games and check
each answer against the engine's on the real state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import shapely
from shapely import affinity
from shapely.geometry import MultiPolygon, Polygon

from game.core.rng import Rng
from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.attacks import clamp_knack, damage_per_hit, expected_damage, hit_chance, kill_chance, lands
from game.skirmish.commands import ORDERS, Activate, Attack, Deploy, Move, MoveGroup
from game.skirmish.content import AreaAttackEffect, Content, TerrainLayout, TerrainPiece
from game.skirmish.model import Activation, Figure, Mod, PendingRoll, PlacedToken, PlacingTokens
from game.skirmish.state import SkirmishState
from game.skirmish.words import numbered_name

Point = tuple[float, float]
View = Mapping[str, Any]


def _content() -> Content:
    """The content the game plays with: the built-ins and the player's own files."""
    from game.skirmish.game import SKIRMISH

    return SKIRMISH.content


def _roll(d: Mapping[str, Any]) -> PendingRoll:
    return PendingRoll(d["purpose"], d["side"], d["dice"], d["knack"], d["forced_six"], d["figure"], d["weapon"],
                       d["target"], d["cover"], tuple(d["faces"]), tuple(d["rerolled"]), tuple(d["rerolling"]))


def _placing(d: Mapping[str, Any]) -> PlacingTokens:
    return PlacingTokens(d["side"], d["kind"], d["left"], (float(d["origin"][0]), float(d["origin"][1])),
                         d["origin_radius"], d["range"], d["rounds"], d["central"])


def rebuild(view: View, content: Content | None = None) -> SkirmishState:
    """The position a view shows, as an engine state (its dice stream aside: no chance is
    sampled from it)."""
    content = content or _content()
    mission = content.missions[view["mission"]]
    pieces = tuple(TerrainPiece(t["name"], t["kind"], tuple((float(p[0]), float(p[1])) for p in t["points"]),
                                float(t["height"])) for t in view["terrain"])
    layout = TerrainLayout("view", "view", (float(view["table"][0]), float(view["table"][1])), pieces)
    factions = (content.factions[view["factions"][0]], content.factions[view["factions"][1]])
    s = SkirmishState(Rng(0), mission, layout, factions, (view["rosters"][0], view["rosters"][1]),
                      content.conditions, content.tokens, deck=bool(view["deck_mode"]))
    s.figures = [Figure(d["id"], d["side"], factions[d["side"]].unit(d["unit"]), float(d["at"][0]), float(d["at"][1]),
                        d["deployed"], d["health"], d["fallen"], d["activated"], dict(d["conditions"]),
                        int(d.get("number", 0)))
                 for d in view["figures"]]
    s.phase, s.round, s.turn = view["phase"], view["round"], view["turn"]
    s.points, s.score, s.out = list(view["points"]), list(view["score"]), list(view["out"])
    s.environment = None if view["environment_entry"] is None else (view["environment_entry"][0],
                                                                    view["environment_entry"][1])
    s.deck = [(c[0], c[1]) for c in view["deck"]]
    s.mods = [Mod(m["figure"], m["stat"], m["delta"], m["until"], m["source"]) for m in view["mods"]]
    s.spent = [(a, b) for a, b in view["spent"]]
    a = view["activation"]
    s.activation = None if a is None else Activation(
        a["side"], tuple(a["figures"]), a["order"], a["tactic"], a["stage"], tuple(a["moved"]),
        tuple((u[0], u[1], u[2]) for u in a["used"]), tuple(a["bonus"]), float(a["bonus_distance"]),
        tuple((x[0], x[1]) for x in a["abilities"]), tuple(a["no_attack"]), tuple(a["no_move"]), tuple(a["walked"]))
    s.roll = None if view["roll"] is None else _roll(view["roll"])
    s.rolls_next = [_roll(r) for r in view["rolls_next"]]
    s.blasts = [(d, tuple(types)) for d, types in view["blasts"]]
    s.tokens = [PlacedToken(t["kind"], float(t["at"][0]), float(t["at"][1]), t["rounds"], t["side"])
                for t in view["tokens"]]
    s.placing = None if view["placing"] is None else _placing(view["placing"])
    s.placing_next = [_placing(p) for p in view["placing_next"]]
    s.won, s.over_reason = list(view["winners"]), str(view["over_reason"])
    s.rebuild_table()
    return s


def _polygonal(shape: Any) -> Polygon | MultiPolygon:
    """The areas of an overlap of areas: where they only touch along an edge or at a corner,
    shapely gives a collection with lines and points too; the reach is its polygons."""
    if isinstance(shape, (Polygon, MultiPolygon)):
        return shape
    polygons = [p for p in shapely.get_parts(shape) if isinstance(p, Polygon) and not p.is_empty]
    return MultiPolygon(polygons) if polygons else Polygon()


@dataclass(frozen=True)
class Route:
    """A move to a point: the path (centre's corners, inches), its cost in inches of Move and
    the Move it may use; `refusal` is the engine's reason when the move is not legal."""

    points: tuple[Point, ...]
    cost: float
    budget: float
    refusal: str | None


@dataclass(frozen=True)
class AttackPreview:
    """An attack of one weapon at one target as the engine would roll it."""

    refusal: str | None
    verdict: str
    """"clear", "cover" or "hidden" (ranged: the engine's sight; melee: "clear")."""
    hidden: float
    """The share of sight lines blocked."""
    lines: tuple[tuple[tuple[float, float, float], tuple[float, float, float], bool], ...]
    """Each sight line (start, end, blocked), in inches (x, y, z)."""
    dice: int
    knack: int
    forced_six: bool
    chance: float
    """One die's chance to land."""
    per_hit: int
    expected: float
    kill: float
    """The chance the dice take the target's last health."""
    blockers: tuple[str, ...] = ()
    """What the blocked sight lines pass behind: terrain pieces by name (those they cross that
    stand taller than the line's low end), then "other models" when models block some."""


class PublicTable:
    """The screen's questions about one view, answered by the engine's rules (see the module)."""

    def __init__(self, view: View, content: Content | None = None) -> None:
        self.view = view
        self.state = rebuild(view, content)
        self._reach: dict[tuple[int, float], Polygon | MultiPolygon] = {}

    # --- moving -------------------------------------------------------------------------
    def budget(self, model: int) -> float:
        """The inches `model` may move in the step under way (its Move, or an extra move's)."""
        s = self.state
        act = s.activation
        if act is not None and act.step == "bonus":
            return act.bonus_distance
        return rules.stat(s, s.figures[model], "move")

    def reach(self, model: int) -> Polygon | MultiPolygon:
        """Where the model's centre may end its move now (`geometry.reach`, the engine's grid of
        `costs`)."""
        s = self.state
        key = (model, self.budget(model))
        if key not in self._reach:
            self._reach[key] = geo.reach(s.table, s.bodies(), s.body(s.figures[model]), key[1])
        return self._reach[key]

    def cost_to(self, model: int, at: Point) -> float:
        """The Move `model` spends to reach `at` (inf: not within its budget), as `geo.costs`."""
        s = self.state
        return float(geo.costs(s.table, s.bodies(), s.body(s.figures[model]), [at], self.budget(model))[0])

    def movers(self) -> tuple[int, ...]:
        """The activation's models that may still move in the step under way (`rules.movers`:
        not one held fast by a condition)."""
        return rules.movers(self.state)

    def group(self, model: int) -> tuple[int, ...]:
        """The formation a drag of `model` moves as one (`movers`, when it is one of two or
        more that may still move), else ()."""
        found = self.movers()
        return found if len(found) > 1 and model in found else ()

    def group_reach(self, model: int) -> Polygon | MultiPolygon:
        """Where `model`'s centre may end a move of its formation as one: each model's reach
        (the group's own bases out of its way) moved to where it puts `model`, all of them
        overlapped; its own reach when it moves alone."""
        group = self.group(model)
        if not group:
            return self.reach(model)
        s = self.state
        lead = s.figures[model]
        key = (-1 - model, self.budget(model))
        if key not in self._reach:
            area: Any = None
            for m in group:
                f = s.figures[m]
                others = rules.bodies_but(s, group, m)
                own = affinity.translate(geo.reach(s.table, others, s.body(f), self.budget(m)),
                                                 lead.x - f.x, lead.y - f.y)
                area = own if area is None else area.intersection(own)
            self._reach[key] = _polygonal(area)
        return self._reach[key]

    def group_spots(self, model: int, to: Point) -> dict[int, Point]:
        """Where each model of `model`'s formation would stand were it moved as one with `model`
        set down at `to` (`rules.group_spots`); empty when it moves alone."""
        group = self.group(model)
        if not group:
            return {}
        return rules.group_spots(self.state, MoveGroup(self.state.figures[model].side, model, to, group))

    def move_command(self, model: int, at: Point, alone: bool = False) -> Move | MoveGroup:
        """The command a drag of `model` let go at `at` makes (`SkirmishGame.find_command`): its
        formation moved as one (`group`) unless `alone`, landing against a base it is dropped on."""
        s = self.state
        f = s.figures[model]
        group = () if alone else self.group(model)
        if group:
            return MoveGroup(f.side, model, rules.group_landing(s, model, at, group), group)
        return Move(f.side, model, rules.landing(s, model, at))

    def route(self, model: int, at: Point, alone: bool = False) -> Route:
        """The engine's route to where a drop at `at` lands (`rules.landing`: against a base it
        was dropped on) and whether the move is legal now (its reason if not); a formation's
        move as one (`move_command`) is judged whole, its picked model's route drawn."""
        s = self.state
        f = s.figures[model]
        cmd = self.move_command(model, at, alone)
        at = cmd.to
        refusal = rules.why_illegal(s, cmd)
        others = rules.bodies_but(s, cmd.group if isinstance(cmd, MoveGroup) else (), model)
        path = geo.path(s.table, others, s.body(f), at)
        points = tuple((float(x), float(y)) for x, y in path.points) if path is not None else (f.at, at)
        return Route(points, path.cost if path is not None else float("inf"), self.budget(model), refusal)

    def settled(self, model: int, at: Point, within: float | Mapping[int, float], alone: bool = False) -> Point:
        """Where a drop at `at` is set down before `landing`: against a friend whose base stands
        within `within` (`spot_beside`; not one of the models moving with it), unless the drop
        itself is a legal move and the spot against the friend is not (its cheapest route, around
        bases and over terrain, is beyond the Move: the rules measure a move along its route, so
        a spot within a straight line's reach may still be out of it)."""
        group = () if alone else self.group(model)
        spot = self.spot_beside(model, at, within, group)
        if spot is None:
            return at
        s = self.state
        f = s.figures[model]
        if s.phase != "deploy" and f.on_table:
            def legal(p: Point) -> bool:
                return rules.why_illegal(s, self.move_command(model, p, alone)) is None
            if not legal(spot) and legal(at):
                return at
        return spot

    def activation_refusal(self, models: Sequence[int]) -> str | None:
        """Why these models may not activate together now (already activated, not a formation),
        or None: the engine's words, said when the model is clicked rather than when an order
        button is pressed (play-test: a refused pick once left every order silently dead)."""
        s = self.state
        side = s.figures[models[0]].side if models else 0
        return rules.why_illegal(s, Activate(side, tuple(models), ORDERS[0]))

    def formation_outsider(self, models: Sequence[int]) -> int | None:
        """The model a refused formation leaves out of base contact (the one its refusal names),
        so the table can mark it; None when the models touch in one chain."""
        apart = rules.unchained(self.state, [self.state.figures[m] for m in models])
        return None if apart is None else apart[0].id

    def contact_spot(self, model: int, at: Point, moving: Sequence[int] = ()) -> Point | None:
        """The free spot nearest `at` against a base `model` would overlap there, or None when
        it overlaps none (quick: no route is searched; `landing` picks the reachable one); the
        bases of the models `moving` with it (its formation moved as one) are not in the way."""
        s = self.state
        spots = geo.contact_spots(s.table, rules.bodies_but(s, moving, model), s.body(s.figures[model]), at)
        return (float(spots[0][0]), float(spots[0][1])) if len(spots) else None

    def spot_beside(self, model: int, at: Point, within: float | Mapping[int, float],
                    moving: Sequence[int] = ()) -> Point | None:
        """The spot against the nearest friend's base within `within` of `model`'s base set down
        at `at` (edge to edge, not touching; one allowance, or one a friend by its id, none for a
        friend not named): `geometry.spot_beside` among its side's models, but those `moving`
        with it (a formation moved as one: their bases leave)."""
        s = self.state
        f = s.figures[model]
        mates = [g for g in s.figures if g.on_table and g.side == f.side and g.id != f.id and g.id not in moving]
        allow = within if isinstance(within, (int, float)) else [within.get(g.id, 0.0) for g in mates]
        return geo.spot_beside(s.table, rules.bodies_but(s, moving, model), s.body(f), at, [s.body(g) for g in mates],
                               allow)

    def landing(self, model: int, at: Point) -> Point:
        """Where `model` dropped at `at` would stand (`rules.landing`), as the drop's command has it."""
        return rules.landing(self.state, model, at)

    def token_landing(self, at: Point) -> Point:
        """Where the token waiting to be placed, dropped at `at`, would lie (`rules.token_landing`)."""
        return rules.token_landing(self.state, at)

    def deploy_refusal(self, model: int, at: Point) -> str | None:
        """Why `model` may not be deployed where a drop at `at` lands, or None."""
        s = self.state
        return rules.why_illegal(s, Deploy(s.figures[model].side, model, rules.landing(s, model, at)))

    # --- attacking ----------------------------------------------------------------------
    def rolled_damage(self) -> tuple[int, int] | None:
        """An attack roll under way: the damage its landed dice deal as they lie and the
        target's health (the engine's own sum), so the screen can say a re-roll gains nothing."""
        roll = self.state.roll
        if roll is None or roll.purpose != "attack" or roll.figure < 0 or not roll.faces:
            return None
        s = self.state
        f, t = s.figures[roll.figure], s.figures[roll.target]
        w = f.unit.weapons[roll.weapon]
        per_hit = damage_per_hit(int(rules.stat(s, f, "damage", w.damage)), w.effective,
                                 int(rules.stat(s, t, "defence")), t.unit.defence_types, roll.cover)
        hits = sum(lands(face, roll.knack, roll.forced_six) for face in roll.faces)
        return hits * per_hit, t.health

    def attacks_left(self, model: int, weapon: int) -> int:
        s = self.state
        act = s.activation
        f = s.figures[model]
        return rules.attacks_of(s, f, weapon) - (act.spent(model, weapon) if act is not None else 0)

    def attack(self, model: int, weapon: int, target: int) -> AttackPreview:
        """`model`'s attacks left with `weapon` at `target`: legal or why not, sight, odds."""
        s = self.state
        f, t = s.figures[model], s.figures[target]
        w = f.unit.weapons[weapon]
        dice = self.attacks_left(model, weapon)
        refusal = rules.why_illegal(s, Attack(f.side, model, weapon, target, max(1, dice)))
        lines: tuple[tuple[tuple[float, float, float], tuple[float, float, float], bool], ...] = ()
        blockers: tuple[str, ...] = ()
        if w.melee:
            verdict, hidden = "clear", 0.0
        else:
            sight = rules.sight_of(s, f, t)
            verdict, hidden = sight.verdict, sight.hidden
            lines = tuple((ln.start, ln.end, ln.blocked) for ln in sight.lines)
            blockers = self._blockers(sight, (f.id, t.id))
        cover = verdict == "cover"
        forced = rules.forced_six(w, not w.melee and rules.engaged(s, f))
        knack = clamp_knack(int(rules.stat(s, f, "knack", w.knack)))
        chance = hit_chance(knack, forced)
        per_hit = damage_per_hit(int(rules.stat(s, f, "damage", w.damage)), w.effective,
                                 int(rules.stat(s, t, "defence")), t.unit.defence_types, cover)
        n = max(0, dice)
        return AttackPreview(refusal, verdict, hidden, lines, n, knack, forced, chance, per_hit,
                             expected_damage(n, chance, per_hit), kill_chance(n, chance, per_hit, t.health),
                             blockers)

    def _blockers(self, sight: geo.Sight, pair: tuple[int, int]) -> tuple[str, ...]:
        """Names for what hides the target (see `AttackPreview.blockers`), each once: terrain
        pieces, then tall tokens (a smoke plume), then "other models"."""
        s = self.state
        names: list[str] = []

        def crossed(lines: list[geo.SightLine], shapes: list[Any], tops: list[float], labels: list[str]) -> None:
            if not lines or not shapes:
                return
            segments = shapely.linestrings([[ln.start[:2], ln.end[:2]] for ln in lines])
            low = min(min(ln.start[2], ln.end[2]) for ln in lines)
            for shape, top, label in zip(shapes, tops, labels):
                # within a hair: a circle's polygon lies just inside the circle the engine uses
                if top > low and label not in names and bool(shapely.dwithin(shape, segments, 0.05).any()):
                    names.append(label)

        by_terrain = [ln for ln in sight.lines if ln.by_terrain]
        crossed(by_terrain, [Polygon(p.points) for p in s.terrain], [p.height for p in s.terrain],
                [p.name for p in s.terrain])
        by_models = [ln for ln in sight.lines if ln.by_models]
        tall = [t for t in s.tokens if s.token_kinds[t.kind].height > 0]
        crossed(by_models, [shapely.Point(t.x, t.y).buffer(s.token_kinds[t.kind].diameter / 2) for t in tall],
                [s.token_kinds[t.kind].height for t in tall], [s.token_kinds[t.kind].name for t in tall])
        others = [b for b in s.bodies() if b.ident not in pair]
        crossed(by_models, [shapely.Point(b.x, b.y).buffer(b.radius) for b in others],
                [s.table.elevation_of(b) + b.height for b in others], ["other models"] * len(others))
        return tuple(names)

    def weapon_range(self, model: int, weapon: int) -> float:
        """The weapon's range now (ranged: with the model's range changes, as the engine checks
        it; melee: its reach)."""
        s = self.state
        f = s.figures[model]
        w = f.unit.weapons[weapon]
        return w.range if w.melee else rules.stat(s, f, "range", w.range)

    def ability_aim(self, model: int, ability: int) -> str:
        """What using the ability asks for: "point" (an area attack's aim), "model" (a friend or
        an enemy it acts on) or "" (nothing: it is used at once)."""
        effects = self.state.figures[model].unit.abilities[ability].effects
        if any(isinstance(e, AreaAttackEffect) for e in effects):
            return "point"
        if any(getattr(getattr(e, "target", None), "who", None) in ("friend", "enemy") for e in effects):
            return "model"
        return ""

    def usable_abilities(self, model: int) -> list[int]:
        """The model's abilities that are used (not passive or automatic) and not yet spent this
        activation or game, as the engine refuses them."""
        s = self.state
        act = s.activation
        out = []
        for k, ability in enumerate(s.figures[model].unit.abilities):
            if ability.use not in ("free", "instead_of_attack", "instead_of_move") or act is None:
                continue
            if (model, k) in act.abilities or (ability.once_per_game and (model, k) in s.spent):
                continue
            out.append(k)
        return out

    def best_weapon(self, model: int, target: int) -> int | None:
        """The first weapon with attacks left that may attack `target` now (as a drag onto it
        picks), or None."""
        f = self.state.figures[model]
        for w in range(len(f.unit.weapons)):
            if self.attacks_left(model, w) >= 1 and self.attack(model, w, target).refusal is None:
                return w
        return None

    # --- the mission --------------------------------------------------------------------
    def holders(self) -> list[int]:
        """Who holds each objective now (the side, or -1: nobody), as the mission scores it."""
        s = self.state
        return [rules.controller(s, o.at, o.radius, rules.objective_control(s.mission, o.id))
                for o in s.mission.objectives]

    def token_words(self, index: int) -> str:
        """A token on the table in words: its kind, what it does and how long it stays."""
        t = self.state.tokens[index]
        kind = self.state.token_kinds[t.kind]
        stays = "for the rest of the game" if t.rounds == 0 else f"{t.rounds} more round{'s' if t.rounds != 1 else ''}"
        return f"{kind.name}: {kind.text} ({stays})"

    # --- measuring and sight ------------------------------------------------------------
    def body(self, model: int) -> geo.Body:
        return self.state.body(self.state.figures[model])

    def edge_gap(self, a: int, b: int) -> float:
        """Base edge to base edge, inches (the wargamer's measure)."""
        return geo.edge_gap(self.body(a), self.body(b))

    def gap_to_point(self, model: int, at: Point) -> float:
        """From the model's base edge to a point, inches (0 inside the base)."""
        b = self.body(model)
        return max(0.0, math.hypot(b.x - at[0], b.y - at[1]) - b.radius)

    def sees_point(self, model: int, at: Point) -> bool:
        """The engine's `point_in_sight`: a marker an inch high at `at` is not mostly hidden."""
        s = self.state
        return rules.point_in_sight(s, s.figures[model], at)

    def watchers(self, at: Point, side: int | None = None) -> list[int]:
        """Every model on the table (of `side`, or both) that sees the point."""
        return [f.id for f in self.state.figures
                if f.on_table and (side is None or f.side == side) and self.sees_point(f.id, at)]

    def sight(self, model: int, target: int) -> geo.Sight:
        s = self.state
        return rules.sight_of(s, s.figures[model], s.figures[target])


def models_at(view: View, at: Point, least: float = 0.0) -> list[int]:
    """Figures on the table whose base holds `at`, topmost (last drawn) first. With `least` (a
    radius, inches), a smaller base also holds the points that near its centre, as the screen
    draws and hits it at a far zoom; those come after the bases that truly hold `at`, nearest
    first."""
    held: list[int] = []
    near: list[tuple[float, int]] = []
    for d in reversed(view["figures"]):
        if d["deployed"] and not d["fallen"]:
            r = geo.base_radius(d["base_mm"])
            d2 = (d["at"][0] - at[0]) ** 2 + (d["at"][1] - at[1]) ** 2
            if d2 <= r * r:
                held.append(int(d["id"]))
            elif d2 <= least * least:
                near.append((d2, int(d["id"])))
    return held + [m for _, m in sorted(near)]


def _activation_words(view: View, model: int) -> str:
    """Whether a model on the table has had its activation this round (play-test: the card did
    not say, and telling which models are still to go meant remembering); '' while deploying,
    once the game is over, or for a fallen model."""
    d = view["figures"][model]
    if not d["deployed"] or d["fallen"] or view.get("phase") in ("deploy", "over"):
        return ""
    act = view.get("activation")
    if act is not None and model in act["figures"]:
        return "Activating now"
    return "Activated this round" if d["activated"] else "Not activated yet this round"


def unit_sheet(view: View, model: int, table: PublicTable | None = None) -> Sequence[str]:
    """A model's stat card in lines: name, whether it has activated this round, health, defence,
    move, knack, weapons, abilities; with `table`, the stats as they stand now (conditions,
    tactics, passives), the sheet's in brackets where they differ ("Knack 4+ (sheet 3+)": a bare
    "4 (3)+" read as a puzzle)."""
    content = _content()
    d = view["figures"][model]
    unit = content.factions[view["factions"][d["side"]]].unit(d["unit"])
    types = "/".join(unit.defence_types) or "none"

    def now(name: str, base: float, unit_word: str = "") -> str:
        """The stat as it stands, then the sheet's where they differ: "4+ (sheet 3+)"."""
        if table is None or not d["deployed"]:
            return f"{base:g}{unit_word}"
        value = rules.stat(table.state, table.state.figures[model], name, base)
        return f"{value:g}{unit_word}" + (f" (sheet {base:g}{unit_word})" if value != base else "")

    lines = [numbered_name(unit.name, int(d.get("number", 0))) + (f" (leader {unit.leadership})" if unit.is_leader else "")]
    turn = _activation_words(view, model)
    if turn:
        lines.append(turn)
    lines += [f"Health {d['health']}/{unit.health}  Defence {now('defence', unit.defence)} {types}",
             f"Move {now('move', unit.move, chr(34))}  Knack {now('knack', unit.knack, '+')}  Base {unit.base_mm} mm"
             f"  Height {unit.height:g}\""]
    for w in unit.weapons:  # a tactic's or a condition's change shows here too (play-test: Long Light's 30" did not)
        kind = "melee" if w.melee else f"range {now('range', w.range, chr(34))}"
        eff = f", effective vs {'/'.join(w.effective)}" if w.effective else ""
        lines.append(f"{w.name}: {now('attacks', w.attacks)} x {now('damage', w.damage)} dmg, {w.knack}+, {kind}{eff}")
    lines += [f"{a.name}: {a.text}" if getattr(a, "text", "") else a.name for a in unit.abilities]
    for cond in sorted(d["conditions"]):  # each by its name and what it does (play-test: "Conditions: dazzled")
        known = content.conditions.get(cond)
        lines.append(f"{known.name}: {known.text}" if known is not None else cond)
    if unit.training:
        lines.append("Training: " + ", ".join(unit.training))
    return lines
