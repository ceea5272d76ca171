"""Attack arithmetic: whether a die lands, what a landed attack deals, and the odds.

Pure functions of numbers, so the rules engine, the AI and the screen (which shows the hit
chance and expected damage before an attack is made) compute the same. The rulebook's
clauses, each tested by name:

- A die lands when it meets or beats the knack; an unmodified 1 always fails and a 6 always
  hits (`lands`), so a knack is worth 2 to 6 whatever modifies it.
- A unit with an enemy in base contact or melee range lands exclusively ranged attacks only
  on a 6 (`forced_six`).
- Damage is the weapon's, doubled when the weapon is effective against all the target's
  defence types, and always doubled against a target with none; less the target's defence
  value; at least 1 for an attack that lands (`damage_per_hit`).
- Cover adds 3 to the defence value and the Physical type to the defence types (so a weapon
  must then also be effective against Physical to double).
"""

from __future__ import annotations

from collections.abc import Sequence

COVER_DEFENCE = 3
COVER_TYPE = "Physical"
MIN_KNACK, MAX_KNACK = 2, 6


def lands(face: int, knack: int, forced_six: bool = False) -> bool:
    """Whether a d6 showing `face` lands against `knack`."""
    if face <= 1:
        return False
    if face >= 6:
        return True
    return not forced_six and face >= clamp_knack(knack)


def clamp_knack(knack: int) -> int:
    """A modified knack stays 2-6: a 1 always fails, a 6 always hits."""
    return max(MIN_KNACK, min(MAX_KNACK, knack))


def hit_chance(knack: int, forced_six: bool = False) -> float:
    """The chance one die lands."""
    return sum(lands(face, knack, forced_six) for face in range(1, 7)) / 6


def with_rerolls(chance: float, rerolls: int, dice: int) -> float:
    """The chance one of `dice` dice lands when up to `rerolls` of the failed ones are rolled
    again (one activation point each): the expected hits n·p + E[min(failures, rerolls)]·p,
    shared out per die."""
    if rerolls <= 0 or dice <= 0 or chance >= 1:
        return chance
    fail = 1 - chance
    rerolled = sum(min(k, rerolls) * _binomial(dice, k) * fail ** k * chance ** (dice - k) for k in range(dice + 1))
    return chance + rerolled * chance / dice


def defended(defence: int, defence_types: Sequence[str], cover: bool) -> tuple[int, tuple[str, ...]]:
    """The target's defence value and types against this attack: cover adds 3 and Physical."""
    types = tuple(defence_types)
    if cover:
        return defence + COVER_DEFENCE, types if COVER_TYPE in types else (*types, COVER_TYPE)
    return defence, types


def damage_per_hit(damage: int, effective: Sequence[str], defence: int, defence_types: Sequence[str],
                   cover: bool = False) -> int:
    """What one landed attack deals (see the module docstring)."""
    value, types = defended(defence, defence_types, cover)
    doubled = not types or all(t in effective for t in types)
    return max(1, damage * (2 if doubled else 1) - value)


def expected_damage(attacks: int, chance: float, per_hit: int) -> float:
    return attacks * chance * per_hit


def kill_chance(attacks: int, chance: float, per_hit: int, health: int) -> float:
    """The chance `attacks` dice of `chance` each deal at least `health` (binomial tail)."""
    if per_hit <= 0:
        return 0.0
    needed = -(-health // per_hit)
    if needed > attacks:
        return 0.0
    total = 0.0
    for k in range(needed, attacks + 1):
        total += _binomial(attacks, k) * chance ** k * (1 - chance) ** (attacks - k)
    return total


def _binomial(n: int, k: int) -> float:
    out = 1.0
    for i in range(k):
        out = out * (n - i) / (i + 1)
    return out
