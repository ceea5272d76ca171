"""What a model is worth and what an attack on it is worth, in one currency ("worth").

A model on the table counts `ALIVE_SHARE` of its worth for standing and the rest in proportion
to its health, so wounding pays and a kill pays its last share at once. Its worth grows with
what it can take (health, defence), what it can deal (its weapons' expected damage) and what
it leads (activation points each round); a mission that pays for kills adds their points.
Attack odds come from `attacks.py` and `rules.stat`, as the engine rolls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.skirmish import rules
from game.skirmish.attacks import clamp_knack, damage_per_hit, hit_chance
from game.skirmish.content import SlayRule, UnitType
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

ALIVE_SHARE = 0.4
"""The share of a model's worth it keeps while standing, whatever its health."""
SCORE_WORTH = 6.0
"""One mission point in worth (a kill of an ordinary model is about 6-10)."""
LEADER_WORTH = 4.0
"""Worth per point of leadership (an activation point every round)."""
SLAY_SHARE = 0.5
"""The share of a mission's kill points a model's worth carries before it falls."""

Boost = dict[str, int]
"""Stat changes to try on the attacker ("knack", "damage", "attacks", "range"): a tactic's."""


_WORTH: dict[int, tuple[UnitType, float]] = {}


def unit_worth(unit: UnitType) -> float:
    """A unit type's worth before the mission: toughness, firepower and leadership (memoised by
    identity: hashing a unit sheet costs more than this sum)."""
    known = _WORTH.get(id(unit))
    if known is not None and known[0] is unit:
        return known[1]
    value = _unit_worth(unit)
    _WORTH[id(unit)] = (unit, value)
    return value


def _unit_worth(unit: UnitType) -> float:
    toughness = unit.health * (1 + unit.defence / 3)
    firepower = sum(w.attacks * hit_chance(w.knack) * w.damage * (1.0 if w.melee else 1.2) for w in unit.weapons)
    return 0.6 * toughness + 1.0 * firepower + LEADER_WORTH * unit.leadership


def worth(s: SkirmishState, f: Figure) -> float:
    """A model's worth in this mission (kill points it would give the enemy included)."""
    slay = sum((r.leader if f.unit.is_leader else r.other) for r in s.mission.scoring if isinstance(r, SlayRule))
    return unit_worth(f.unit) + SLAY_SHARE * SCORE_WORTH * slay


def standing(s: SkirmishState, f: Figure, health: float | None = None) -> float:
    """What `f` counts on the table with `health` (its own by default); 0 once fallen."""
    h = f.health if health is None else health
    if f.fallen or h <= 0:
        return 0.0
    return worth(s, f) * (ALIVE_SHARE + (1 - ALIVE_SHARE) * min(h, f.unit.health) / f.unit.health)


def lasting_health(s: SkirmishState, f: Figure) -> float:
    """`f`'s health once its conditions have dealt the damage and healing still to come (Rotting,
    Burning, Regrowing: `rules._condition_ticks`), as many round ends as they last and the game
    has left, healing up to full: a rotting enemy is already worth less, so a hex that rots pays."""
    h = float(f.health)
    if not f.conditions:
        return h
    ends_left = s.mission.rounds - max(s.round, 1) + 1
    for cond, left in f.conditions.items():
        kind = s.conditions.get(cond)
        if kind is None or not (kind.round_damage or kind.round_heal):
            continue
        times = ends_left if left == 0 else min(left, ends_left)
        h = min(float(f.unit.health), h + (kind.round_heal - kind.round_damage) * max(0, times))
    return h


def binomial(n: int, p: float) -> list[float]:
    """P(k successes) for k = 0..n."""
    out = [0.0] * (n + 1)
    out[0] = 1.0
    for _ in range(n):
        nxt = [0.0] * (n + 1)
        for k, q in enumerate(out):
            if q:
                nxt[k] += q * (1 - p)
                if k + 1 <= n:
                    nxt[k + 1] += q * p
        out = nxt
    return out


def damage_value(s: SkirmishState, t: Figure, dice: int, chance: float, per_hit: int, health: float | None = None) -> float:
    """The expected worth `dice` attacks of `chance` and `per_hit` take from `t` (exact odds)."""
    h = t.health if health is None else health
    if dice <= 0 or chance <= 0 or h <= 0:
        return 0.0
    before = standing(s, t, h)
    return sum(q * (before - standing(s, t, h - k * per_hit)) for k, q in enumerate(binomial(dice, chance)) if k)


class Stats:
    """`rules.stat` and `rules.engaged` memoised for one position (an evaluation asks the same
    stats hundreds of times; passive abilities make each ask walk every model)."""

    def __init__(self, s: SkirmishState) -> None:
        self.s = s
        self._memo: dict[tuple[int, str, float | None], float] = {}
        self._engaged: dict[int, bool] = {}

    def __call__(self, f: Figure, name: str, base: float | None = None) -> float:
        key = (f.id, name, base)
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = rules.stat(self.s, f, name, base)
        return value

    def engaged(self, f: Figure) -> bool:
        value = self._engaged.get(f.id)
        if value is None:
            value = self._engaged[f.id] = rules.engaged(self.s, f)
        return value


def weapon_numbers(stats: Stats, f: Figure, weapon: int, t: Figure, cover: bool, forced_six: bool,
                   boost: Boost | None = None, dice: int | None = None) -> tuple[int, float, int]:
    """(dice, chance per die, damage per landed die) of `f`'s weapon at `t`, as the engine rolls
    them (`rules._attack`, `_settle_roll`), with `boost` added to the attacker's stats."""
    w = f.unit.weapons[weapon]
    b = boost or {}
    knack = clamp_knack(int(stats(f, "knack", w.knack)) + b.get("knack", 0))
    damage = max(1, int(stats(f, "damage", w.damage)) + b.get("damage", 0))
    n = (int(stats(f, "attacks", w.attacks)) + b.get("attacks", 0)) if dice is None else dice
    per_hit = damage_per_hit(damage, w.effective, int(stats(t, "defence")), t.unit.defence_types, cover)
    return max(0, n), hit_chance(knack, forced_six), per_hit


def forced_six(stats: Stats, f: Figure, weapon: int) -> bool:
    """The rulebook's clause: exclusively ranged weapons of an engaged model land only on a 6."""
    w = f.unit.weapons[weapon]
    return rules.forced_six(w, not w.melee and stats.engaged(f))


def reroll_gain(s: SkirmishState, t: Figure, landed: int, rerolls: int, chance: float, per_hit: int) -> float:
    """The worth `rerolls` more dice add to `landed` hits already rolled at `t` (exact odds)."""
    if rerolls <= 0:
        return 0.0
    base = standing(s, t, t.health - landed * per_hit)
    return sum(q * (base - standing(s, t, t.health - (landed + k) * per_hit))
               for k, q in enumerate(binomial(rerolls, chance)) if k)
