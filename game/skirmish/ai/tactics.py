"""Two dice decisions: whether to declare a tactic, and whether to re-roll failed dice.

- **Re-roll** when the expected gain is worth the activation points: the exact distribution of
  the re-rolled dice (`odds.reroll_gain`) against `point_worth` per die. A point is worth an
  activation while the side has more models to activate than points; a surplus point only
  carries over (worth less), and in the mission's last round it carries over into nothing.
- **Tactics**: a tactic's worth to the activation planned, from its effects: stat changes to
  the attacks are priced by the attack odds with and without them (`policy.Policy.attack_value`
  with a boost); other effects by rough constants. The Environment's failure penalty is priced
  the same way. A tactic is declared when success chance times its worth beats failure chance
  times the penalty by `TACTIC_MARGIN`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.skirmish import rules
from game.skirmish.ai import odds
from game.skirmish.attacks import damage_per_hit, hit_chance, lands
from game.skirmish.model import PendingRoll
from game.skirmish.content import (
    ConditionEffect,
    DamageEffect,
    Effect,
    ExtraMoveEffect,
    HealEffect,
    LosePointsEffect,
    StatEffect,
    Tactic,
)

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

POINT_WORTH = 3.0
"""An activation point while the side has models waiting for one."""
SURPLUS_WORTH = 1.2
"""A point beyond the models left to activate this round (it carries over)."""
LAST_ROUND_SURPLUS = 0.2
TACTIC_MARGIN = 0.3
EXTRA_MOVE_WORTH = 1.0
CONDITION_WORTH = 1.0
OTHER_WORTH = 0.3
ATTACK_STATS = ("knack", "damage", "attacks", "range")

AttackValue = Callable[[odds.Boost], float]
"""The planned activation's attacks priced with a boost to the attacker's stats."""


def point_worth(s: SkirmishState, side: int, spent: int = 1) -> float:
    """What the `spent`-th activation point spent now costs `side` (the surplus goes first; see
    the module docstring)."""
    waiting = sum(1 for f in s.alive(side) if f.on_table and not f.activated)
    if s.activation is not None and s.activation.side == side:
        waiting -= sum(1 for i in s.activation.figures if not s.figures[i].activated)
    if s.points[side] - spent + 1 > waiting:
        return LAST_ROUND_SURPLUS if s.round >= s.mission.rounds else SURPLUS_WORTH
    return POINT_WORTH


def reroll_dice(s: SkirmishState, side: int) -> tuple[int, ...]:
    """The failed dice of the waiting roll worth re-rolling (none: keep the roll)."""
    roll = s.roll
    if roll is None or roll.side != side or roll.waiting_for_dice:
        return ()
    failed = [d for d, x in enumerate(roll.faces) if not lands(x, roll.knack, roll.forced_six) and d not in roll.rerolled]
    failed = failed[:s.points[side]]
    if not failed:
        return ()
    chance = hit_chance(roll.knack, roll.forced_six)
    landed = sum(lands(x, roll.knack, roll.forced_six) for x in roll.faces)
    if roll.purpose == "tactic":
        gain = chance * tactic_stake(s, side)
        return tuple(failed[:1]) if gain > point_worth(s, side) else ()
    t = s.figures[roll.target]
    if t.fallen:
        return ()
    per_hit = _per_hit(s, roll)
    best, best_n = 0.0, 0
    cost = 0.0
    for n in range(1, len(failed) + 1):
        cost += point_worth(s, side, n)
        net = odds.reroll_gain(s, t, landed, n, chance, per_hit) - cost
        if net > best + 1e-9:
            best, best_n = net, n
    return tuple(failed[:best_n])


def _per_hit(s: SkirmishState, roll: PendingRoll) -> int:
    t = s.figures[roll.target]
    defence = int(rules.stat(s, t, "defence"))
    if roll.purpose == "blast":
        damage, effective = s.blasts[roll.weapon]
        return damage_per_hit(damage, effective, defence, t.unit.defence_types)
    f = s.figures[roll.figure]
    w = f.unit.weapons[roll.weapon]
    return damage_per_hit(int(rules.stat(s, f, "damage", w.damage)), w.effective, defence, t.unit.defence_types,
                          roll.cover)


OWN = ("self", "formation", "friend", "friends")
ENEMY = ("enemy", "enemies")


def _side_of(effect: Effect) -> int:
    """+1 when the effect acts on the acting side's models, -1 on the enemy's, 0 on both."""
    who = getattr(getattr(effect, "target", None), "who", "self")
    return 1 if who in OWN else (-1 if who in ENEMY else 0)


def effects_worth(s: SkirmishState, effects: Sequence[Effect], attack_value: AttackValue, moving: bool) -> float:
    """Rough worth of effects to the acting side (negative when they harm it): changes to the
    activation's attacks priced by `attack_value` with the boost, the rest by constants, signed
    by whose models they act on and by the condition's nature (boon or bane)."""
    boost: odds.Boost = {}
    total = 0.0
    for e in effects:
        whose = _side_of(e)
        if isinstance(e, StatEffect) and e.stat in ATTACK_STATS and whose == 1 and e.duration == "activation":
            boost[e.stat] = boost.get(e.stat, 0) + e.delta
        elif isinstance(e, StatEffect):
            good = e.delta > 0 if e.stat != "knack" else e.delta < 0
            total += CONDITION_WORTH * (1 if good else -1) * whose
        elif isinstance(e, ExtraMoveEffect):
            total += EXTRA_MOVE_WORTH if moving else OTHER_WORTH
        elif isinstance(e, ConditionEffect):
            known = s.conditions.get(e.condition)
            nature = 1 if known is None or known.nature == "boon" else -1
            total += CONDITION_WORTH * nature * whose * (1 if e.mode == "apply" else -0.5)
        elif isinstance(e, HealEffect):
            total += 0.6 * e.amount * whose
        elif isinstance(e, DamageEffect):
            total -= 0.6 * e.amount * whose
        elif isinstance(e, LosePointsEffect):
            total -= point_worth(s, s.turn) * e.amount
        else:
            total += OTHER_WORTH
    if boost:
        total += attack_value(boost) - attack_value({})
    return total


def penalty_worth(s: SkirmishState, attack_value: AttackValue, moving: bool) -> float:
    """What the Environment's tactic-failure penalty would cost the acting side (>= 0)."""
    if s.environment is None or s.environment[1] < 1:
        return 0.0
    entry = s.factions[s.environment[0]].environment_roll(s.environment[1])
    return max(0.0, -effects_worth(s, entry.penalty, attack_value, moving))


def tactic_worth(s: SkirmishState, side: int, tactic: Tactic, attack_value: AttackValue, moving: bool) -> float:
    """The expected worth of declaring `tactic`: success times its effects, failure times the
    Environment's penalty."""
    chance = hit_chance(tactic.knack)
    gain = effects_worth(s, tactic.effects, attack_value, moving)
    return chance * gain - (1 - chance) * penalty_worth(s, attack_value, moving)


def choose_tactic(s: SkirmishState, side: int, attack_value: AttackValue, moving: bool) -> str:
    """The best tactic for the activation planned, or "" when none is worth its risk."""
    best, name = TACTIC_MARGIN, ""
    for tactic in s.factions[side].tactics:
        value = tactic_worth(s, side, tactic, attack_value, moving)
        if value > best:
            best, name = value, tactic.name
    return name


def tactic_stake(s: SkirmishState, side: int) -> float:
    """What success of the tactic being rolled for is worth now (its effects, and the penalty
    it avoids), roughly: attack boosts count 2 a point here, not re-priced."""
    act = s.activation
    if act is None or not act.tactic:
        return 0.0
    tactic = next((t for t in s.factions[side].tactics if t.name == act.tactic), None)
    if tactic is None:
        return 0.0

    def flat(boost: odds.Boost) -> float:
        return 2.0 * sum(abs(v) for v in boost.values())

    moving = act.step == "move"
    return max(0.0, effects_worth(s, tactic.effects, flat, moving)) + penalty_worth(s, flat, moving)
