"""The AI's choices one decision at a time: whom to attack, where to move, where to deploy,
where a token goes, which dice to re-roll. `Policy` answers any decision of its side except
which activation to start (that is `search`'s) and plays on inside the activation until the
dice or the other side come in.

Every answer is checked with the engine's `rules.why_illegal` before it is given; a choice the
engine refuses (a rare disagreement, e.g. sight changed by a move) falls back to the next one,
and in the end to a command from the engine's own candidates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.protocol import Command
from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.ai import formations, odds, spots, tactics
from game.skirmish.ai.evaluate import WEIGHTS, Weights, margin
from game.skirmish.ai.sightings import Sightings
from game.skirmish.attacks import damage_per_hit, hit_chance
from game.skirmish.commands import (
    Activate,
    Attack,
    Deploy,
    EndActivation,
    EndStep,
    KeepRoll,
    Move,
    PlaceToken,
    Reroll,
    UseAbility,
)
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

Point = tuple[float, float]
ABILITY_MARGIN = 0.5
"""An ability is used when it gains at least this much worth over what it gives up."""
ABILITY_TRIALS = 6
"""How many uses of a model's abilities `ability_value` tries when weighing its activation."""
JOIN_BONUS = 1.2
"""What deploying in a block is worth over the same spot alone (about three crowded friends)."""


@dataclass(frozen=True)
class AttackChoice:
    value: float
    weapon: int
    target: int
    dice: int


class Policy:
    """One side's choices, with one sight cache (make one per decision)."""

    def __init__(self, side: int, sights: Sightings | None = None, weights: Weights = WEIGHTS,
                 spot_limit: int = spots.MAX_SPOTS, abilities: bool = True, formations: bool = False) -> None:
        self.side = side
        self.abilities = abilities
        self.formations = formations
        """Whether to deploy models beside friends they may form a block with (`deploy`)."""
        """Whether to weigh the models' abilities (off in a search's play-outs: too dear there)."""
        self.sights = sights or Sightings()
        self.weights = weights
        self.spot_limit = spot_limit
        self.evaluations = 0

    # --- values ---------------------------------------------------------------------------
    def value(self, s: SkirmishState, next_side: int | None = None) -> float:
        """The side's margin (`evaluate.margin`)."""
        self.evaluations += 1
        return margin(s, self.side, self.sights, next_side, self.weights)

    def attack_choices(self, s: SkirmishState, f: Figure, boost: odds.Boost | None = None,
                       spent: bool = True) -> list[AttackChoice]:
        """Every (weapon, target) `f` may attack now with its attacks left, best first, valued by
        the exact odds (`spent`: count the attacks this activation has spent)."""
        if f.fallen or "cannot_attack" in rules.flags(s, f):
            return []
        act = s.activation
        if act is not None and f.id in act.no_attack:
            return []
        stats = odds.Stats(s)
        enemies = [t for t in s.alive(1 - f.side) if t.on_table]
        me = s.body(f)
        out = []
        for k, w in enumerate(f.unit.weapons):
            left = int(stats(f, "attacks", w.attacks)) + (boost or {}).get("attacks", 0)
            if spent and act is not None:
                left -= act.spent(f.id, k)
            if left < 1:
                continue
            for t in enemies:
                cover = False
                if w.melee:
                    if not geo.within_melee(me, s.body(t), w.range):
                        continue
                    climb = abs(s.table.elevation_at(f.x, f.y) - s.table.elevation_at(t.x, t.y))
                    if climb > stats(f, "move") + 1e-9:
                        continue
                else:
                    reach = stats(f, "range", w.range) + (boost or {}).get("range", 0)
                    if geo.edge_gap(me, s.body(t)) > reach + 1e-6:
                        continue
                    verdict = self.sights.verdict(s, f, t)
                    if verdict == "hidden":
                        continue
                    cover = verdict == "cover"
                dice, chance, per_hit = odds.weapon_numbers(stats, f, k, t, cover, odds.forced_six(stats, f, k),
                                                            boost, left)
                out.append(AttackChoice(odds.damage_value(s, t, dice, chance, per_hit), k, t.id, dice))
        out.sort(key=lambda c: -c.value)
        return out

    def attack_value(self, s: SkirmishState, f: Figure, boost: odds.Boost | None = None) -> float:
        """What `f`'s attacks now are worth: each weapon at its best target, in turn (a target's
        expected damage so far discounts the next weapon's value at it)."""
        choices = self.attack_choices(s, f, boost)
        total = 0.0
        used: set[int] = set()
        hurt: dict[int, float] = {}
        for c in choices:
            if c.weapon in used:
                continue
            discount = 1.0 / (1.0 + hurt.get(c.target, 0.0))
            total += c.value * discount
            used.add(c.weapon)
            hurt[c.target] = hurt.get(c.target, 0.0) + c.value / max(1.0, odds.standing(s, s.figures[c.target]))
        return total

    # --- moves ----------------------------------------------------------------------------
    def spot_values(self, s: SkirmishState, f: Figure, budget: float | None,
                    points: list[Point] | None = None) -> list[tuple[float, float, Point | None]]:
        """Each destination (None: stay) as (the side's value once the activation is over there,
        with the other side to act next; what `f`'s attacks from there are worth; the point)."""
        work = s.clone()
        g = work.figures[f.id]
        g.activated = True
        origin = g.at
        out: list[tuple[float, float, Point | None]] = []
        places: list[Point | None] = [None]
        places += spots.destinations(s, f, budget, self.spot_limit) if points is None else points
        for p in places:
            g.x, g.y = origin if p is None else p
            out.append((self.value(work, 1 - self.side), self.attack_value(work, g), p))
        return out

    def best_spot(self, s: SkirmishState, f: Figure, budget: float | None, then_attack: bool) -> Point | None:
        scored = self.spot_values(s, f, budget)
        return max(scored, key=lambda v: v[0] + (v[1] if then_attack else 0.0))[2]

    # --- one decision -------------------------------------------------------------------
    def step(self, s: SkirmishState) -> Command:
        """The side's next command inside an activation, a roll or a token placement."""
        seat = self.side
        if s.phase == "deploy":
            return self.deploy(s)
        if s.placing is not None:
            return self.place_token(s)
        if s.roll is not None:
            dice = tactics.reroll_dice(s, seat)
            return Reroll(seat, dice) if dice else KeepRoll(seat)
        act = s.activation
        assert act is not None, "the activation to start is the search's choice"
        if act.step in ("move", "attack") and self.abilities:
            use = self.best_ability(s)
            if use is not None:
                return use
        if act.step == "attack":
            for i in act.figures:
                f = s.figures[i]
                for c in self.attack_choices(s, f):
                    cmd: Command = Attack(seat, f.id, c.weapon, c.target, c.dice)
                    if c.value > 0 and rules.why_illegal(s, cmd) is None:
                        return cmd
            return EndStep(seat)
        if act.step in ("move", "bonus"):
            bonus = act.step == "bonus"
            movers = act.bonus if bonus else tuple(i for i in act.figures if i not in act.moved and i not in act.no_move)
            then_attack = act.steps[act.stage:][:2] == ("move", "attack") or (bonus and act.stage < len(act.steps) and act.steps[act.stage] == "attack")
            if len(act.figures) == 1:
                for i in movers:
                    f = s.figures[i]
                    if f.fallen:
                        continue
                    to = self.best_spot(s, f, act.bonus_distance if bonus else None, then_attack)
                    if to is not None:
                        move: Command = Move(seat, f.id, to)
                        if rules.why_illegal(s, move) is None:
                            return move
            step = EndStep(seat)
            return step if rules.why_illegal(s, step) is None else EndActivation(seat)
        return EndActivation(seat)

    def best_ability(self, s: SkirmishState) -> Command | None:
        """The ability worth using now, if any: each `UseAbility` the engine offers is tried on a
        copy (tokens placed by this policy, the dice of an area attack by their exact odds) and
        valued by the evaluator, against what it gives up: an ability used instead of attacking
        must beat the model's attacks, one instead of moving the model's best move."""
        act = s.activation
        assert act is not None
        if not any(s.figures[i].unit.abilities for i in act.figures):
            return None  # no copy of the candidates (moves included) for a model with none
        offered = [c for c in s.candidates(self.side) if isinstance(c, UseAbility)]
        if not offered:
            return None
        base = self._after_activation(s)
        before = self.value(base, 1 - self.side)
        best, pick = ABILITY_MARGIN, None
        for use in offered:
            f = s.figures[use.model]
            ability = f.unit.abilities[use.ability]
            work = s.clone()
            work.apply(use)
            gain = self._settled_value(work) - before
            if ability.use == "instead_of_attack" and act.step in ("move", "attack"):
                gain -= self.attack_value(s, f) if act.step == "attack" else 0.5 * self.attack_value(s, f)
            if ability.use == "instead_of_move" and act.step == "move":
                gain -= max(0.0, self.move_gain(s, f))
            if gain > best:
                best, pick = gain, use
        return pick

    def ability_value(self, s: SkirmishState, f: Figure) -> float:
        """What `f`'s best ability used instead of attacking, from where it stands, adds to the
        side's value (0: none worth anything): the trial on a copy that `best_ability` makes, so
        the search weighs an activation whose worth is a hex or a veil as it weighs one whose
        worth is its shots (before, a caster with a weak weapon was never chosen to activate).
        At most `ABILITY_TRIALS` uses are tried, the targets nearest the enemy first."""
        return self.ability_choice(s, f)[0]

    def ability_choice(self, s: SkirmishState, f: Figure) -> tuple[float, UseAbility | None]:
        """`ability_value` and the use that gives it (None: no use worth anything), as
        `UseAbility` right after `f` activates to attack then move."""
        if not any(a.use == "instead_of_attack" for a in f.unit.abilities) or f.activated:
            return 0.0, None
        work = s.clone()
        start = Activate(self.side, (f.id,), "attack_move")
        if rules.why_illegal(work, start) is not None:
            return 0.0, None
        work.apply(start)
        if work.activation is None or work.roll is not None:
            return 0.0, None
        enemies = [e.at for e in work.alive(1 - self.side) if e.on_table]
        if not enemies:
            return 0.0, None

        def nearness(use: UseAbility) -> float:
            if use.target >= 0:
                return math.dist(f.at, work.figures[use.target].at)
            return min(math.dist(use.at, e) for e in enemies)

        offered = sorted((c for c in work.candidates(self.side) if isinstance(c, UseAbility) and c.model == f.id
                          and f.unit.abilities[c.ability].use == "instead_of_attack"), key=nearness)
        if not offered:
            return 0.0, None
        before = self.value(self._after_activation(work), 1 - self.side)
        best, pick = 0.0, None
        for use in offered[:ABILITY_TRIALS]:
            trial = work.clone()
            trial.apply(use)
            gain = self._settled_value(trial) - before
            if gain > best:
                best, pick = gain, use
        return best, pick

    def move_gain(self, s: SkirmishState, f: Figure) -> float:
        """How much the best move beats standing still (the position after the activation)."""
        scored = self.spot_values(s, f, None)
        return max(v for v, _, _ in scored) - scored[0][0]

    def _after_activation(self, s: SkirmishState) -> SkirmishState:
        work = s.clone()
        if work.activation is not None:
            for i in work.activation.figures:
                work.figures[i].activated = True
        return work

    def _settled_value(self, s: SkirmishState) -> float:
        """The value once the tokens waiting are placed and the rolls waiting are counted at their
        expected worth (`odds.damage_value`)."""
        guard = 0
        while s.placing is not None and s.placing.side == self.side and guard < 10:
            s.apply(self.place_token(s))
            guard += 1
        expected = 0.0
        for roll in ([s.roll] if s.roll is not None else []) + list(s.rolls_next):
            if roll.purpose == "blast" and not roll.faces:
                t = s.figures[roll.target]
                damage, effective = s.blasts[roll.weapon]
                per_hit = damage_per_hit(damage, effective, int(rules.stat(s, t, "defence")), t.unit.defence_types)
                expected += odds.damage_value(s, t, roll.dice, hit_chance(roll.knack), per_hit)
        s.roll, s.rolls_next = None, []
        return self.value(self._after_activation(s), 1 - self.side) + expected

    def deploy(self, s: SkirmishState) -> Command:
        """The engine's spots for the next model, scored: near what the mission fights over (the
        nearest objective, else the enemy's zone), out of the enemy zone's sight, not crowded;
        shooters hang back, fighters go forward. With `formations`, spots beside a friend it may
        form a block with are offered too, worth `JOIN_BONUS` more (a block acts for one point)."""
        options = [c for c in s.candidates(self.side) if isinstance(c, Deploy)]
        f = s.figures[options[0].model]
        joins: set[Point] = set()
        if self.formations:
            for p in formations.join_spots(s, f):
                join = Deploy(self.side, f.id, p)
                if rules.why_illegal(s, join) is None:
                    options.append(join)
                    joins.add(p)
        goal = _deploy_goal(s, f)
        shooter = any(not w.melee and w.range >= 8 for w in f.unit.weapons)
        zone = s.mission.zones[1 - f.side]
        watchers = [Figure(-1 - k, 1 - f.side, f.unit, x, y, True, 1) for k, (x, y) in enumerate(_zone_front(zone, s))]
        best, pick = -math.inf, options[0]
        for cmd in options:
            work_f = f.copy()
            work_f.x, work_f.y, work_f.deployed = cmd.at[0], cmd.at[1], True
            hidden = _hidden_from(s, work_f, watchers)
            crowd = sum(1 for g in s.figures if g.on_table and g.side == f.side and math.dist(g.at, cmd.at) < 2.5)
            near = math.dist(cmd.at, goal)
            v = -near * (0.05 if shooter else 0.15) + hidden * (2.0 if shooter else 1.0) - 0.4 * crowd
            if cmd.at in joins:
                v += JOIN_BONUS
            if v > best:
                best, pick = v, cmd
        return pick

    def place_token(self, s: SkirmishState) -> Command:
        """A token that hinders (it gives a condition to whoever touches it) goes as near the
        enemy as it may; one that only hides or bars the way (smoke, a veil, a mirror, a pavise)
        goes across the most sight lines from the enemy's shooters to the side's models, nearest
        the friend it shields (`screen_lines`). Set down by the enemy, a screen hid the enemy."""
        options = [c for c in s.candidates(self.side) if isinstance(c, PlaceToken)]
        enemies = [e for e in s.alive(1 - self.side) if e.on_table]
        if not enemies:
            return options[0]
        assert s.placing is not None
        kind = s.token_kinds[s.placing.kind]
        friends = [f for f in s.alive(self.side) if f.on_table]
        if kind.on_touch is None and friends:
            cut = geo.lines_screened([c.at for c in options], screen_lines(s, friends, enemies),
                                     kind.diameter / 2)
            return max(zip(options, cut), key=lambda oc: (
                int(oc[1]), -min(math.dist(oc[0].at, f.at) for f in friends)))[0]
        return min(options, key=lambda c: min(math.dist(c.at, e.at) for e in enemies))


def screen_lines(s: SkirmishState, friends: list[Figure], enemies: list[Figure]) -> list[tuple[Point, Point]]:
    """The lines a screening token should cut: from each enemy that shoots to each friend within
    its longest range plus its move (every enemy to its nearest friend when none shoots that
    far: a screen then at least stands in the way of the charge)."""
    lines: list[tuple[Point, Point]] = []
    for e in enemies:
        ranged = [rules.stat(s, e, "range", w.range) for w in e.unit.weapons if not w.melee]
        if ranged:
            reach = max(ranged) + rules.stat(s, e, "move")
            lines += [(e.at, f.at) for f in friends if math.dist(e.at, f.at) <= reach]
    if lines:
        return lines
    return [(e.at, min(friends, key=lambda f: math.dist(f.at, e.at)).at) for e in enemies]


def _deploy_goal(s: SkirmishState, f: Figure) -> Point:
    """What the mission pays for nearest the side's zone: an objective a "hold" rule scores, or
    the nearest point inside an area a "reach" rule scores; with neither (a mission of slaying),
    the enemy's zone."""
    home = s.mission.zones[f.side]
    centre = (sum(p[0] for p in home) / len(home), sum(p[1] for p in home) / len(home))
    goals = [o.at for o in spots.scoring_objectives(s)]
    goals += [spots.nearest_inside(area, centre) for area in spots.reach_areas(s, f.side)]
    if goals:
        return min(goals, key=lambda p: math.dist(p, home[0]))
    zone = s.mission.zones[1 - f.side]
    return (sum(p[0] for p in zone) / len(zone), sum(p[1] for p in zone) / len(zone))


def _zone_front(zone: tuple[Point, ...], s: SkirmishState) -> list[Point]:
    """Three points along the enemy zone, toward the table's centre."""
    cx, cy = s.mission.centre
    pts = sorted(zone, key=lambda p: math.dist(p, (cx, cy)))[:2]
    (ax, ay), (bx, by) = pts if len(pts) == 2 else (pts[0], pts[0])
    mid = ((ax + bx) / 2, (ay + by) / 2)
    return [((ax + mid[0]) / 2, (ay + mid[1]) / 2), mid, ((bx + mid[0]) / 2, (by + mid[1]) / 2)]


def _hidden_from(s: SkirmishState, f: Figure, watchers: list[Figure]) -> float:
    """The mean share of `f`'s sight lines blocked from each watcher (the engine's sight)."""
    bodies = [b for b in s.bodies()] + [s.body(f)] + [s.body(w) for w in watchers]
    n = len(bodies)
    me = n - len(watchers) - 1
    shares = geo.sight_shares(s.table, bodies, list(range(me + 1, n)), [me] * len(watchers), rules.sight_rules())
    return float(shares[:, 0].mean())
