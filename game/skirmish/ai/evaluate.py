"""A side's position in one number: its margin over the other side, in worth (`odds`).

Terms, each for both sides and subtracted:
- **material**: every standing model's worth, scaled by its health (`odds.standing`) net of
  what its conditions will still deal or heal (`odds.lasting_health`);
- **score**: the mission points already scored (`odds.SCORE_WORTH` each);
- **objectives**: the points still to be scored, projected: an objective held now (the engine's
  own `rules.controller`) counts `HELD` of its remaining value, and the pressure of models near
  it (a soft distance over how far they move) `PRESSURE` more; models inside a "reach" rule's
  area (`rules.reach_area`: the one the engine scores), and how close the others are to it;
- **threat**: what each model could take from the other side in its next activation, from the
  exact odds of its weapons at each enemy it can reach (a charge: its move plus the weapon's
  reach; a shot: its range, plus its move at a discount) with the engine's sight and cover.
  The side to act next realises its best threat (`THREAT_NEXT`) and partly its second
  (`THREAT_LATER`); the other side's threats count less (`THREAT_WAITING`), since it must
  survive the reply first; models already activated this round threaten only next round;
- **guard** (`normal` and `hard` only, `Weights.guard`): where losing every leader ends the game,
  the evaluating side's own last leader's danger, at the stake of the game (`guard`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import shapely

from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.ai import odds
from game.skirmish.ai.sightings import Sightings
from game.skirmish.content import HoldRule, ReachRule, SlayRule
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState


@dataclass(frozen=True)
class Weights:
    held: float = 0.55
    pressure: float = 0.35
    zone: float = 0.5
    approach: float = 0.12
    threat_next: float = 0.7
    threat_later: float = 0.25
    threat_waiting: float = 0.3
    activated: float = 0.4
    """How much an activated model's threat counts (it acts again only next round)."""
    moved_shot: float = 0.7
    """A shot that needs a move first (it may not find a line)."""
    guard: float = 0.0
    """How much of `LAST_LEADER_STAKE` the evaluating side puts on its own last leader's safety
    (`guard`); 0 for `greedy`, whose yardstick stays the tenth session's."""


WEIGHTS = Weights()
LAST_LEADER_STAKE = 5 * odds.SCORE_WORTH
"""What a side's last leader is worth to it beyond its material where its fall ends the game
(`end_early = "no_leaders"`) and would leave it behind: the game, in about five points' worth
(eleventh session: `normal` moved its only leader into reach in round 1 and lost 0-5)."""


def events_left(s: SkirmishState, when: str, from_round: int) -> int:
    """How many more times a scoring rule pays out in this game (the current round's end included)."""
    if when == "game_end":
        return 1
    return max(0, s.mission.rounds - max(s.round, from_round, 1) + 1)


def objectives(s: SkirmishState, w: Weights = WEIGHTS) -> float:
    """Side 0's projected objective margin over side 1, in worth."""
    total = 0.0
    table: tuple[npt.NDArray[np.float64], ...] | None = None
    for rule in s.mission.scoring:
        if isinstance(rule, HoldRule):
            left = events_left(s, rule.when, rule.from_round)
            if not left:
                continue
            for obj in s.mission.objectives:
                if rule.objectives and obj.id not in rule.objectives:
                    continue
                if table is None:
                    table = _on_table(s)
                xs, ys, radii, sides, moves = table
                stake = obj.value * rule.multiplier * left * odds.SCORE_WORTH
                gaps = np.hypot(xs - obj.at[0], ys - obj.at[1]) - obj.radius - radii
                touching = gaps <= 1e-9  # `rules.controller`'s test: a base touches the circle
                counts = (int(np.count_nonzero(touching & (sides == 0))), int(np.count_nonzero(touching & (sides == 1))))
                held = {-1: 0.0, 0: 1.0, 1: -1.0}[rules.held_by(counts[0], counts[1], rule.control)]
                pull = np.exp(-np.maximum(gaps, 0.0) / moves)
                press = float(pull[sides == 0].sum() - pull[sides == 1].sum())
                total += stake * (w.held * held + w.pressure * math.tanh(press))
        elif isinstance(rule, ReachRule):
            left = events_left(s, rule.when, rule.from_round)
            if not left:
                continue
            stake = rule.points * left * odds.SCORE_WORTH
            for side in (0, 1):
                mine = [f for f in s.figures if f.on_table and f.side == side]
                if not mine:
                    continue
                zone = _zone(rules.reach_area(s.mission, rule.zone, side))
                gaps = shapely.distance(zone, shapely.points([f.at for f in mine]))
                pulls = [w.zone if gap <= 0.0 else w.approach * math.exp(-gap / max(2.0, 2 * f.unit.move))
                         for f, gap in zip(mine, gaps)]
                total += (1.0 if side == 0 else -1.0) * stake * sum(pulls)
    return total


@lru_cache(maxsize=64)
def _zone(points: tuple[tuple[float, float], ...]) -> shapely.Polygon:
    """A zone's polygon, prepared once (the evaluator asks about the same zones thousands of
    times a decision): distance 0 inside or on its edge, as `geometry.in_polygon` counts it."""
    poly = shapely.Polygon(points)
    shapely.prepare(poly)
    return poly


def gap(f: Figure, t: Figure) -> float:
    """Base edge to base edge (`geometry.edge_gap` without building bodies)."""
    return math.dist(f.at, t.at) - geo.base_radius(f.unit.base_mm) - geo.base_radius(t.unit.base_mm)


def _on_table(s: SkirmishState) -> tuple[npt.NDArray[np.float64], ...]:
    """x, y, base radius, side and pull distance (its move, at least 2") of every model on the table."""
    rows = [(f.x, f.y, geo.base_radius(f.unit.base_mm), f.side, max(2.0, f.unit.move)) for f in s.figures if f.on_table]
    a = np.array(rows, dtype=np.float64).reshape(-1, 5)
    return a[:, 0], a[:, 1], a[:, 2], a[:, 3], a[:, 4]


def attack_options(stats: odds.Stats, f: Figure, t: Figure, sights: Sightings, moving: bool,
                   w: Weights = WEIGHTS) -> float:
    """What `f` could take from `t` with all its weapons in one activation (each weapon at `t`;
    `moving`: it may move first)."""
    s = stats.s
    move = stats(f, "move") if moving and "cannot_move" not in rules.flags(s, f) else 0.0
    apart = gap(f, t)
    health = float(t.health)
    total = 0.0
    for k, weapon in enumerate(f.unit.weapons):
        share = 1.0
        if weapon.melee:
            if apart > move + weapon.range + geo.BASE_CONTACT:
                continue
            cover = False
            forced = False
        else:
            reach = stats(f, "range", weapon.range)
            if apart > reach + move:
                continue
            verdict = sights.verdict(s, f, t)
            if apart > reach or verdict == "hidden":
                if not move:
                    continue
                share = w.moved_shot
            cover = verdict == "cover"
            forced = odds.forced_six(stats, f, k)
        dice, chance, per_hit = odds.weapon_numbers(stats, f, k, t, cover, forced)
        value = share * odds.damage_value(s, t, dice, chance, per_hit, health)
        total += value
        health -= share * dice * chance * per_hit
    return total


def threats(stats: odds.Stats, side: int, sights: Sightings) -> list[float]:
    """The best that each of `side`'s models could take from the other side next activation,
    best first (activated models' at their discount)."""
    s = stats.s
    enemies = [t for t in s.alive(1 - side) if t.on_table]
    mine = [f for f in s.alive(side) if f.on_table and "cannot_attack" not in rules.flags(s, f)]
    if not enemies or not mine:
        return []
    memo = sights.threats
    table, mods = id(s.table), len(s.mods)
    far = np.empty(len(mine))
    for i, f in enumerate(mine):
        key = (table, mods, f.id, f.x, f.y, tuple(f.conditions))
        known = memo.get(key)
        if known is None:
            known = memo[key] = strike_reach(stats, f)
        far[i] = known
    gaps = _gaps(mine, enemies)
    near = gaps <= far[:, None]
    pairs = [(mine[i], enemies[j]) for i, j in zip(*np.nonzero(near))
             if any(not w.melee for w in mine[i].unit.weapons)]
    sights.prepare(s, pairs)
    out = []
    for i, f in enumerate(mine):
        best = 0.0
        for j in np.flatnonzero(near[i]):
            t = enemies[j]
            key2 = (table, mods, f.id, f.x, f.y, f.health, tuple(f.conditions), t.id, t.x, t.y, t.health,
                    tuple(t.conditions))
            value = memo.get(key2)
            if value is None:
                value = memo[key2] = attack_options(stats, f, t, sights, True)
            best = max(best, value)
        out.append(best * (WEIGHTS.activated if f.activated else 1.0))
    return sorted(out, reverse=True)


def strike_reach(stats: odds.Stats, f: Figure) -> float:
    """How far from its base's edge `f` could strike next activation: its move plus its longest
    weapon's reach (a melee weapon's reach with base contact; -1" unarmed)."""
    reaches = [stats(f, "range", w.range) if not w.melee else w.range + geo.BASE_CONTACT for w in f.unit.weapons]
    return max(reaches, default=-1.0) + stats(f, "move")


def _gaps(a: list[Figure], b: list[Figure]) -> npt.NDArray[np.float64]:
    """Base edge to base edge between every model of `a` and of `b`."""
    pa = np.array([(f.x, f.y, geo.base_radius(f.unit.base_mm)) for f in a])
    pb = np.array([(f.x, f.y, geo.base_radius(f.unit.base_mm)) for f in b])
    d = np.hypot(pa[:, None, 0] - pb[None, :, 0], pa[:, None, 1] - pb[None, :, 1])
    gaps: npt.NDArray[np.float64] = d - pa[:, None, 2] - pb[None, :, 2]
    return gaps


def margin(s: SkirmishState, side: int, sights: Sightings, next_side: int | None = None,
           w: Weights = WEIGHTS) -> float:
    """`side`'s position minus the other side's, in worth. `next_side`: who acts next (default:
    whose turn it is)."""
    if s.is_over():
        won = s.winners()
        return 0.0 if len(won) != 1 else (1000.0 if won[0] == side else -1000.0)
    material = [0.0, 0.0]
    for f in s.figures:
        if f.on_table:
            material[f.side] += odds.standing(s, f, odds.lasting_health(s, f))
    value = material[0] - material[1]
    value += (s.score[0] - s.score[1]) * odds.SCORE_WORTH
    value += objectives(s, w)
    nxt = s.turn if next_side is None else next_side
    stats = odds.Stats(s)
    for who in (0, 1):
        top = threats(stats, who, sights)
        if not top:
            continue
        if who == nxt:
            t = w.threat_next * top[0] + (w.threat_later * top[1] if len(top) > 1 else 0.0)
        else:
            t = w.threat_waiting * top[0]
        value += t if who == 0 else -t
    value = value if side == 0 else -value
    if w.guard and s.mission.victory.end_early == "no_leaders":
        value -= w.guard * guard(stats, side, sights)
    return value


def guard(stats: odds.Stats, side: int, sights: Sightings) -> float:
    """The worth `side` risks on its last leader, where its fall ends the game at the round's end
    (Sever the Voice): `LAST_LEADER_STAKE` times the share of the leader the most dangerous enemy
    could take next activation (`attack_options`, activated enemies at their discount); nothing
    while `side` has other leaders or is far enough ahead that the ending would leave it winning.
    Only the evaluating side's own leader counts: the same stake on the enemy's lured `normal`
    into chasing it (branch `leader`, seed 2007: lost 2-10)."""
    s = stats.s
    leaders = [f for f in s.figures if f.side == side and f.unit.is_leader and not f.fallen]
    if len(leaders) != 1 or not leaders[0].on_table:
        return 0.0
    leader = leaders[0]
    slay = sum(r.leader for r in s.mission.scoring if isinstance(r, SlayRule))
    if s.score[side] > s.score[1 - side] + slay:
        return 0.0
    before = odds.standing(s, leader)
    if before <= 0.0:
        return 0.0
    worst = 0.0
    for e in s.alive(1 - side):
        if not e.on_table or "cannot_attack" in rules.flags(s, e):
            continue
        if gap(e, leader) > strike_reach(stats, e):
            continue
        taken = attack_options(stats, e, leader, sights, True)
        worst = max(worst, taken * (WEIGHTS.activated if e.activated else 1.0))
    return LAST_LEADER_STAKE * min(1.0, worst / before)
