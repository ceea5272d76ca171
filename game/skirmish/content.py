"""If Worlds Collide: the skirmish's content (factions, missions, terrain) and its loader.

The rulebook is a toolbox: it prints the procedure but no factions, units,
missions or terrain. Everything here is ours, in TOML files under `data/`
(the built-ins, listed in `BUILTIN_FILES`) and, for players, in
`<user data>/skirmish/*.toml` (`user_content_dir`). Both use one schema, read
by one parser; the reasons behind every choice are in `docs/rules/skirmish.md`.

Units of measure: distances, ranges, heights and positions in inches (floats);
base sizes in millimetres (`UnitType.base_mm`, diameter), converted with
`MM_PER_INCH`. The table's origin is a corner; x runs along its width, y along
its depth; side 0 deploys in `Mission.zones[0]`.

Defence types: a fixed set of four, `DEFENCE_TYPES`, so that "effective
against" stays a short, readable list and the rule "effective against ALL the
target's types" has teeth: Physical (armour, hide, stone; the type cover adds),
Arcane (wards, hexes), Energy (fields, light, charge), Bio (flesh, regrowth,
living chitin).

The effects vocabulary (the rules engine's specification)
==========================================================
Abilities, tactics, Environment entries and their tactic-failure penalties are
lists of effects, each one of nine kinds (`Effect`). Every effect that acts on
models names a `Target`:

- `self`: the unit using the ability; for a tactic or a penalty, every unit of
  the activation.
- `formation`: every unit activating together with the acting unit (a unit
  activating alone is its own formation).
- `friend` / `enemy`: one model the acting player chooses, within `within`
  inches (base edge to base edge) of the acting unit; `friend` is another
  friendly model, `enemy` must be in the acting unit's line of sight (not
  mostly obscured).
- `friends` / `enemies`: every friendly (other than the acting units) / every
  enemy model within `within` inches; no sight needed.
- `all`: every model on the table (or within `within`, when given), both
  sides, except the acting units.
- In an Environment entry's active effect `within` is never given: `friends`
  are the models of the player whose faction table the entry came from,
  `enemies` the other player's, `all` every model.

The kinds:

- `stat` (stat, delta, duration, target): adds `delta` to a stat of each target.
  Stats: `move`, `defence`, `knack`, `damage`, `attacks`, `range`; `knack`,
  `damage` and `attacks` apply to every weapon of the unit (and to its area
  attacks), `range` to its ranged weapons only. `knack` is the number needed, so
  -1 makes hitting easier; a modified knack stays within 2-6 (a 1 always fails,
  a 6 always hits). Floors: move, defence, attacks 0; damage and range 1.
  Durations: `activation` (to the end of the current activation), `round` (to
  the end of the round), `game` (in a passive ability: while its unit is on the
  table and the target within reach). Changes from one source (an ability or
  tactic name) never stack with themselves; different sources add up.
- `heal` (amount, target): each target regains up to `amount` health, never
  above its starting health. Fallen models cannot be healed.
- `damage` (amount, target): each target loses `amount` health at once: no
  roll, no defence, no cover. Used for penalties and self-inflicted costs.
- `condition` (mode, condition, rounds, target): `apply` gives each target the
  named `Condition` for `rounds` rounds (default: the condition's own); applying
  it again only renews the duration. `clear` removes the named condition, or
  every `bane`, every `boon`, or `any` condition.
- `token` (token, count, range, rounds): the acting player places `count`
  tokens of the named `TokenKind`, each wholly within `range` inches of the
  acting unit's base (for an Environment entry: of the table's centre, and
  outside both deployment zones), none overlapping a model, a terrain piece or
  another token. They last `rounds` rounds (default: the kind's own; 0 = the
  rest of the game).
- `push` (distance, target, toward): each target is moved straight away from
  (or, with `toward`, toward) the acting unit by up to `distance` inches; it
  stops at the first model, terrain piece or table edge it would touch (no
  climbing). A push is not a move of the pushed model's own.
- `extra_move` (distance, target): each target may at once make a move of up to
  `distance` inches by the usual movement rules. It is not the activation's
  move, which stays available if unused; targets are `self` or `formation`.
- `area_attack` (radius, range, attacks, damage, knack, effective): the acting
  player picks a point within `range` inches of the acting unit that it can see;
  every enemy model whose base touches the circle of `radius` around it
  suffers `attacks` attacks with that knack, damage and effectiveness, each
  model rolled separately. Cover does not apply (the blast goes round), the
  rule on ranged weapons in melee does not either; the acting unit's stat
  changes do.
- `lose_points` (amount): the acting player loses `amount` activation points
  (never below 0). Penalties and ability costs only.

Where each kind may appear (checked when loading, `CONTEXT_KINDS`):

| context | kinds | targets |
| --- | --- | --- |
| passive ability | stat (duration `game`) | self, friends, enemies |
| round-start ability | heal, damage, condition, token | all but formation |
| used ability (free, instead of attacking or moving) | all nine | any |
| tactic | all but lose_points; stat lasts the `activation` | any |
| Environment active effect | stat (`round`), heal, damage, condition, token | all, friends, enemies |
| tactic-failure penalty | stat (activation, round), damage, condition, lose_points | self, formation |

Ability uses (`ABILITY_USES`): `passive` (always in force), `round_start` (at
the start of each round, after the Environment step), `free` (once in each of
the unit's activations, beside moving and attacking), `instead_of_attack` (the
unit makes no attacks that activation), `instead_of_move` (the unit does not
move that activation). `once_per_game` limits an ability to one use.

A `Condition` is data too: stat changes, flags (`cannot_move`,
`cannot_attack`), damage or healing at the start of each round, a default
duration in rounds (0 = until cleared) and our text. Its round counts down at
the end of each round: applied for 1 round, it lasts to the end of the current
round. A `TokenKind` has a diameter (1" unless stated), a height (0 = it does
not block sight; otherwise it blocks sight as a terrain piece of that height
does), whether models may cross it, and a condition given to any model that
moves across it or ends a move touching it.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Literal, NoReturn, TypeVar

import shapely

# --- fixed vocabularies -----------------------------------------------------------------

DefenceType = Literal["Physical", "Arcane", "Energy", "Bio"]
DEFENCE_TYPES: tuple[DefenceType, ...] = ("Physical", "Arcane", "Energy", "Bio")
Stat = Literal["move", "defence", "knack", "damage", "attacks", "range"]
STATS: tuple[Stat, ...] = ("move", "defence", "knack", "damage", "attacks", "range")
Duration = Literal["activation", "round", "game"]
DURATIONS: tuple[Duration, ...] = ("activation", "round", "game")
TargetKind = Literal["self", "formation", "friend", "friends", "enemy", "enemies", "all"]
TARGET_KINDS: tuple[TargetKind, ...] = ("self", "formation", "friend", "friends", "enemy", "enemies", "all")
WeaponKind = Literal["melee", "ranged"]
WEAPON_KINDS: tuple[WeaponKind, ...] = ("melee", "ranged")
AbilityUse = Literal["passive", "round_start", "free", "instead_of_attack", "instead_of_move"]
ABILITY_USES: tuple[AbilityUse, ...] = ("passive", "round_start", "free", "instead_of_attack", "instead_of_move")
ConditionMode = Literal["apply", "clear"]
CONDITION_MODES: tuple[ConditionMode, ...] = ("apply", "clear")
CLEAR_GROUPS = ("bane", "boon", "any")
"""Besides a condition's id, what a `clear` may name."""
ConditionNature = Literal["boon", "bane"]
CONDITION_NATURES: tuple[ConditionNature, ...] = ("boon", "bane")
ConditionFlag = Literal["cannot_move", "cannot_attack"]
CONDITION_FLAGS: tuple[ConditionFlag, ...] = ("cannot_move", "cannot_attack")
FormationShape = Literal["line", "pair", "ring"]
FORMATION_SHAPES: tuple[FormationShape, ...] = ("line", "pair", "ring")
TerrainKind = Literal["wall", "rocks", "ruin", "block", "spire", "wreck", "crystal"]
TERRAIN_KINDS: tuple[TerrainKind, ...] = ("wall", "rocks", "ruin", "block", "spire", "wreck", "crystal")
ScoreWhen = Literal["round_end", "game_end"]
SCORE_WHENS: tuple[ScoreWhen, ...] = ("round_end", "game_end")
Tiebreak = Literal["draw", "models", "health"]
TIEBREAKS: tuple[Tiebreak, ...] = ("draw", "models", "health")
EndEarly = Literal["no_leaders"]
END_EARLY: tuple[EndEarly, ...] = ("no_leaders",)
ReachZone = Literal["enemy_deployment", "enemy_half"]
REACH_ZONES: tuple[ReachZone, ...] = ("enemy_deployment", "enemy_half")
HoldControl = Literal["more", "alone"]
"""Who controls an objective for a "hold" rule: `more` models touching it than the other side
(a tie: nobody), or a side `alone` on it (any enemy base touching it: nobody)."""
HOLD_CONTROLS: tuple[HoldControl, ...] = ("more", "alone")
"""Where a `reach` rule's models score: the enemy's deployment zone, or the enemy's half of the
table (past the line through the table's centre square to the line between the zones' centres;
`geometry.far_half`)."""

Context = Literal["passive", "round_start", "ability", "tactic", "environment", "penalty"]
CONTEXT_KINDS: Mapping[Context, tuple[str, ...]] = {
    "passive": ("stat",),
    "round_start": ("heal", "damage", "condition", "token"),
    "ability": ("stat", "heal", "damage", "condition", "token", "push", "extra_move", "area_attack",
                "lose_points"),
    "tactic": ("stat", "heal", "damage", "condition", "token", "push", "extra_move", "area_attack"),
    "environment": ("stat", "heal", "damage", "condition", "token"),
    "penalty": ("stat", "damage", "condition", "lose_points"),
}
"""Which effect kinds each context allows (the table in the module docstring)."""
CONTEXT_NAMES: Mapping[Context, str] = {
    "passive": "a passive ability", "round_start": "a round-start ability", "ability": "an ability",
    "tactic": "a tactic", "environment": "an Environment entry's active effect",
    "penalty": "a tactic-failure penalty"}
CONTEXT_TARGETS: Mapping[Context, tuple[TargetKind, ...]] = {
    "passive": ("self", "friends", "enemies"),
    "round_start": ("self", "friend", "friends", "enemy", "enemies", "all"),
    "ability": TARGET_KINDS,
    "tactic": TARGET_KINDS,
    "environment": ("all", "friends", "enemies"),
    "penalty": ("self", "formation"),
}
CONTEXT_DURATIONS: Mapping[Context, tuple[Duration, ...]] = {
    "passive": ("game",),
    "round_start": DURATIONS,
    "ability": DURATIONS,
    "tactic": ("activation",),
    "environment": ("round",),
    "penalty": ("activation", "round"),
}

BASE_SIZES_MM = (25, 32, 40, 50, 60)
MM_PER_INCH = 25.4
DEFAULT_TABLE = (36.0, 36.0)
DEFAULT_ROUNDS = 5
ROSTER_MODELS = (10, 20)
"""The rulebook's 10 to 20 models per player: every roster, built-in or not."""
TOKEN_DIAMETER = 1.0
"""The rulebook's token size, unless a token kind says otherwise."""

Point = tuple[float, float]
Polygon = tuple[Point, ...]

# --- effects --------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """Who an effect acts on (see the module docstring)."""

    who: TargetKind
    within: float | None = None

    def describe(self) -> str:
        names = {"self": "this unit", "formation": "its formation", "friend": "a friend",
                 "friends": "friends", "enemy": "an enemy", "enemies": "enemies", "all": "every model"}
        words = names[self.who]
        return f"{words} within {_inches(self.within)}" if self.within is not None else words


@dataclass(frozen=True)
class StatEffect:
    KIND: ClassVar[str] = "stat"
    stat: Stat
    delta: int
    duration: Duration
    target: Target

    def describe(self) -> str:
        until = {"activation": "this activation", "round": "this round", "game": "while in reach"}[self.duration]
        return f"{self.delta:+d} {self.stat} for {self.target.describe()} ({until})"


@dataclass(frozen=True)
class HealEffect:
    KIND: ClassVar[str] = "heal"
    amount: int
    target: Target

    def describe(self) -> str:
        return f"heal {self.amount} on {self.target.describe()}"


@dataclass(frozen=True)
class DamageEffect:
    KIND: ClassVar[str] = "damage"
    amount: int
    target: Target

    def describe(self) -> str:
        return f"{self.amount} damage to {self.target.describe()} (no roll, no defence)"


@dataclass(frozen=True)
class ConditionEffect:
    KIND: ClassVar[str] = "condition"
    mode: ConditionMode
    condition: str
    """A condition id; for `clear`, also "bane", "boon" or "any"."""
    target: Target
    rounds: int | None = None
    """For `apply`: rounds it lasts (None: the condition's default; 0: until cleared)."""

    def describe(self) -> str:
        if self.mode == "clear":
            what = {"bane": "every harmful condition", "boon": "every helpful condition",
                    "any": "every condition"}.get(self.condition, self.condition)
            return f"clear {what} from {self.target.describe()}"
        span = "" if self.rounds is None else (" until cleared" if self.rounds == 0 else f" for {_rounds(self.rounds)}")
        return f"{self.condition} on {self.target.describe()}{span}"


@dataclass(frozen=True)
class TokenEffect:
    KIND: ClassVar[str] = "token"
    token: str
    count: int
    range: float
    rounds: int | None = None
    """Rounds the tokens stay (None: the kind's default; 0: the rest of the game)."""

    def describe(self) -> str:
        return f"place {self.count} {self.token} token{'s' if self.count > 1 else ''} within {_inches(self.range)}"


@dataclass(frozen=True)
class PushEffect:
    KIND: ClassVar[str] = "push"
    distance: float
    target: Target
    toward: bool = False

    def describe(self) -> str:
        way = "toward this unit" if self.toward else "away"
        return f"push {self.target.describe()} {_inches(self.distance)} {way}"


@dataclass(frozen=True)
class ExtraMoveEffect:
    KIND: ClassVar[str] = "extra_move"
    distance: float
    target: Target

    def describe(self) -> str:
        return f"{self.target.describe()} may move {_inches(self.distance)} more"


@dataclass(frozen=True)
class AreaAttackEffect:
    KIND: ClassVar[str] = "area_attack"
    radius: float
    range: float
    attacks: int
    damage: int
    knack: int
    effective: tuple[DefenceType, ...] = ()

    def describe(self) -> str:
        eff = f", effective against {'+'.join(self.effective)}" if self.effective else ""
        return (f"blast {_inches(self.radius)} radius within {_inches(self.range)}: {self.attacks} attack"
                f"{'s' if self.attacks > 1 else ''}, knack {self.knack}+, damage {self.damage}{eff}")


@dataclass(frozen=True)
class LosePointsEffect:
    KIND: ClassVar[str] = "lose_points"
    amount: int

    def describe(self) -> str:
        return f"lose {self.amount} activation point{'s' if self.amount > 1 else ''}"


Effect = (StatEffect | HealEffect | DamageEffect | ConditionEffect | TokenEffect | PushEffect | ExtraMoveEffect
          | AreaAttackEffect | LosePointsEffect)
EFFECT_TYPES: tuple[type, ...] = (StatEffect, HealEffect, DamageEffect, ConditionEffect, TokenEffect, PushEffect,
                                  ExtraMoveEffect, AreaAttackEffect, LosePointsEffect)
EFFECT_KINDS: tuple[str, ...] = ("stat", "heal", "damage", "condition", "token", "push", "extra_move",
                                  "area_attack", "lose_points")


def _inches(value: float) -> str:
    return f'{value:g}"'


def _rounds(value: int) -> str:
    return f"{value} round{'s' if value != 1 else ''}"


# --- conditions and tokens -------------------------------------------------------------


@dataclass(frozen=True)
class Condition:
    """A lasting state on a model: stat changes, flags, per-round damage or healing."""

    id: str
    name: str
    nature: ConditionNature
    text: str
    stats: tuple[tuple[Stat, int], ...] = ()
    flags: tuple[ConditionFlag, ...] = ()
    round_damage: int = 0
    """Health lost as each round it lasts ends (no roll, no defence; `rules._condition_ticks`)."""
    round_heal: int = 0
    """Health regained as each round it lasts ends (up to the model's starting health)."""
    rounds: int = 1
    """Default duration in rounds; 0 = until cleared."""


@dataclass(frozen=True)
class TokenKind:
    """A kind of token a `token` effect places."""

    id: str
    name: str
    text: str
    diameter: float = TOKEN_DIAMETER
    height: float = 0.0
    """Blocks sight like terrain of this height; 0 = does not block sight."""
    passable: bool = True
    """Whether models may move across it (no model ever ends a move on a token)."""
    on_touch: str | None = None
    """A condition id given to a model that moves across the token or ends a move touching it."""
    rounds: int = 1
    """Default rounds it stays; 0 = the rest of the game."""

    @property
    def blocks_sight(self) -> bool:
        return self.height > 0


# --- units, factions -------------------------------------------------------------------


@dataclass(frozen=True)
class Weapon:
    name: str
    kind: WeaponKind
    range: float
    """Ranged: its range; melee: its reach (1" is ordinary base contact reach)."""
    attacks: int
    damage: int
    knack: int
    """The roll needed on a d6 to land an attack (2-6)."""
    effective: tuple[DefenceType, ...] = ()

    @property
    def melee(self) -> bool:
        return self.kind == "melee"


@dataclass(frozen=True)
class Ability:
    name: str
    use: AbilityUse
    text: str
    effects: tuple[Effect, ...]
    once_per_game: bool = False


@dataclass(frozen=True)
class FormationPattern:
    """A unit sheet's own formation: how many of this unit type activate together, and how.

    `line`: the models stand side by side, each in base contact with the next, their centres
    within half a base of one straight line. `pair`: exactly two models in base contact.
    `ring`: one model with every other model of the formation in base contact with it.
    """

    shape: FormationShape
    min: int
    max: int


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    health: int
    defence: int
    defence_types: tuple[DefenceType, ...]
    move: float
    knack: int
    weapons: tuple[Weapon, ...]
    abilities: tuple[Ability, ...]
    training: tuple[str, ...]
    base_mm: int
    height: float
    """Model height in inches (its silhouette for sight)."""
    leadership: int
    icon: str
    """A Game-icons.net name (as the app's other icons)."""
    text: str = ""
    formation: FormationPattern | None = None

    @property
    def base_inches(self) -> float:
        """Base diameter in inches."""
        return self.base_mm / MM_PER_INCH

    @property
    def is_leader(self) -> bool:
        return self.leadership > 0


@dataclass(frozen=True)
class Tactic:
    name: str
    knack: int
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class EnvironmentEffect:
    """One entry of a faction's d6 Environment table (one card of the 12-card deck option)."""

    roll: int
    name: str
    text: str
    effects: tuple[Effect, ...]
    """The active effect, for both players, from the Environment step to the end of the round."""
    penalty_text: str
    penalty: tuple[Effect, ...]
    """What a failed tactic knack check costs this round, whoever fails it."""


@dataclass(frozen=True)
class Roster:
    id: str
    name: str
    faction: str
    units: tuple[tuple[str, int], ...]
    """(unit type id, count) in list order."""
    text: str = ""

    @property
    def models(self) -> int:
        return sum(count for _, count in self.units)

    def unit_ids(self) -> tuple[str, ...]:
        """One unit type id per model, in list order."""
        return tuple(unit for unit, count in self.units for _ in range(count))


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    blurb: str
    colour: str
    units: tuple[UnitType, ...]
    tactics: tuple[Tactic, ...]
    environment: tuple[EnvironmentEffect, ...]
    """Six entries, in roll order 1-6."""
    rosters: tuple[Roster, ...]

    def unit(self, unit_id: str) -> UnitType:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(f"faction {self.id!r} has no unit {unit_id!r}")

    def roster(self, roster_id: str) -> Roster:
        for roster in self.rosters:
            if roster.id == roster_id:
                return roster
        raise KeyError(f"faction {self.id!r} has no roster {roster_id!r}")

    def environment_roll(self, roll: int) -> EnvironmentEffect:
        return self.environment[roll - 1]


# --- missions --------------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """A point or area: a model controls it when its base touches the circle of `radius` around `at`."""

    id: str
    name: str
    at: Point
    radius: float
    value: int


@dataclass(frozen=True)
class HoldRule:
    """At each `when`, the player controlling an objective scores its value times `multiplier`.

    Control (`control`): `more` models touching the objective's circle than the other player, a
    tie nobody; or `alone`: only one player's models touch it, any enemy base contests it."""

    KIND: ClassVar[str] = "hold"
    objectives: tuple[str, ...]
    """Objective ids; empty = all of the mission's objectives."""
    when: ScoreWhen
    from_round: int = 1
    multiplier: int = 1
    control: HoldControl = "more"


@dataclass(frozen=True)
class SlayRule:
    """Points for each enemy model removed, scored as it falls."""

    KIND: ClassVar[str] = "slay"
    leader: int
    """Points for a leader."""
    other: int
    """Points for any other model."""


@dataclass(frozen=True)
class ReachRule:
    """At each `when`, `points` for each of a player's models whose base centre is inside `zone`
    (`rules.reach_area` gives its polygon for each side). Rules add up: a model in the enemy's
    deployment zone is also in the enemy's half."""

    KIND: ClassVar[str] = "reach"
    zone: ReachZone
    points: int
    when: ScoreWhen
    from_round: int = 1


ScoreRule = HoldRule | SlayRule | ReachRule
SCORE_KINDS = ("hold", "slay", "reach")


@dataclass(frozen=True)
class Victory:
    """After the last round (or an early end) the player with more points wins; a player with no
    models left loses at once. `target`: reaching it at the end of a round wins at once (both: more
    points; equal: play on). `end_early`: `no_leaders` ends the game at the end of the round in which
    a player has lost every leader. `tiebreak` decides equal points: more models left (`models`), more
    health left (`health`), or a `draw`."""

    tiebreak: Tiebreak = "draw"
    target: int | None = None
    end_early: EndEarly | None = None


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    text: str
    table: tuple[float, float]
    """Width (x) and depth (y) in inches."""
    zones: tuple[Polygon, Polygon]
    """Deployment zones, side 0's first."""
    objectives: tuple[Objective, ...]
    scoring: tuple[ScoreRule, ...]
    victory: Victory
    rounds: int = DEFAULT_ROUNDS
    brief: str = ""
    """The scoring in one short line for the always-visible bar (the full `text` is on hover);
    '' shows the text."""

    @property
    def centre(self) -> Point:
        return (self.table[0] / 2, self.table[1] / 2)


# --- terrain ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainPiece:
    name: str
    kind: TerrainKind
    points: Polygon
    """Footprint corners in inches, table coordinates."""
    height: float


@dataclass(frozen=True)
class TerrainLayout:
    id: str
    name: str
    table: tuple[float, float]
    pieces: tuple[TerrainPiece, ...]
    missions: tuple[str, ...] = ()
    """Missions it is laid out for (off their deployment zones and objectives); empty = any of its size."""
    text: str = ""

    def suits(self, mission: Mission) -> bool:
        return self.table == mission.table and (not self.missions or mission.id in self.missions)


@dataclass(frozen=True)
class TerrainTemplate:
    """A shape the random generator may place: `points` around (0, 0), turned and moved."""

    name: str
    kind: TerrainKind
    points: Polygon
    heights: tuple[float, float]
    """Lowest and highest height it is given."""

    @property
    def tall(self) -> bool:
        """Tall enough to hide a model (3" or more at its lowest)."""
        return self.heights[0] >= 3.0


# --- all of it -------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Content:
    """Everything loaded: the built-ins, plus whatever user files added."""

    factions: dict[str, Faction]
    missions: dict[str, Mission]
    layouts: dict[str, TerrainLayout]
    conditions: dict[str, Condition]
    tokens: dict[str, TokenKind]
    templates: tuple[TerrainTemplate, ...]
    fingerprint: str
    """A short hash of every value of every file loaded (saves can record it)."""

    def layouts_for(self, mission: Mission) -> tuple[TerrainLayout, ...]:
        return tuple(layout for layout in self.layouts.values() if layout.suits(mission))


@dataclass(frozen=True, eq=False)
class LoadResult:
    content: Content
    """The built-ins and every user entry that loaded."""
    errors: tuple[str, ...]
    """One line per problem: file, entry, field, what is wrong."""


class ContentError(ValueError):
    """One thing wrong in a content file; the message is a whole line naming the file and entry."""


# --- reading TOML entries with errors that name the file, the entry and the field --------

_S = TypeVar("_S", bound=str)
_T = TypeVar("_T")
_MISSING = object()


class _Entry:
    """One TOML table being read; every read names the field, `done` rejects unknown ones."""

    def __init__(self, raw: object, where: tuple[str, ...]) -> None:
        self.where = where
        if not isinstance(raw, dict):
            raise ContentError(f"{_where(where)}: must be a table")
        self.raw: dict[str, Any] = raw
        self.used: set[str] = set()

    def fail(self, key: str | None, message: str) -> NoReturn:
        raise ContentError(f"{_where(self.where)}: {key + ' ' if key else ''}{message}")

    def has(self, key: str) -> bool:
        return key in self.raw

    def _get(self, key: str, default: object) -> object:
        self.used.add(key)
        if key in self.raw:
            return self.raw[key]
        if default is _MISSING:
            self.fail(key, "is missing")
        return default

    def whole(self, key: str, lo: int, hi: int | None = None, default: int | None = None) -> int:
        value = self._get(key, _MISSING if default is None else default)
        if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
            self.fail(key, f"must be a whole number {_span(lo, hi)}")
        return value

    def number(self, key: str, lo: float, hi: float | None = None, default: float | None = None,
               *, above: bool = False) -> float:
        value = self._get(key, _MISSING if default is None else default)
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
                or value < lo or (above and value == lo) or (hi is not None and value > hi):
            self.fail(key, f"must be a number {'above ' + _num(lo) if above else _span(lo, hi)}"
                      + (f" and at most {_num(hi)}" if above and hi is not None else ""))
        return float(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            self.fail(key, "must be true or false")
        return value

    def text(self, key: str, default: str | None = None) -> str:
        value = self._get(key, _MISSING if default is None else default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            self.fail(key, "must be some text")
        return value.strip()

    def ident(self, key: str = "id") -> str:
        value = self._get(key, _MISSING)
        if not isinstance(value, str) or not value or not all(c.isascii() and (c.isalnum() or c in "_-")
                                                                for c in value):
            self.fail(key, "must be a short name of letters, digits, _ or -")
        return value

    def choice(self, key: str, options: tuple[_S, ...], default: _S | None = None) -> _S:
        value = self._get(key, _MISSING if default is None else default)
        for option in options:
            if value == option:
                return option
        self.fail(key, f"must be one of {', '.join(options)} (not {_show(value)})")

    def choices(self, key: str, options: tuple[_S, ...], default: tuple[_S, ...] = ()) -> tuple[_S, ...]:
        """A list of names from `options`, without repeats, in the order of `options`."""
        value = self._get(key, list(default))
        if not isinstance(value, list) or any(v not in options for v in value) or len(set(value)) != len(value):
            self.fail(key, f"must be a list of different names from {', '.join(options)}")
        return tuple(option for option in options if option in value)

    def names(self, key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        value = self._get(key, list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value) \
                or len(set(value)) != len(value):
            self.fail(key, "must be a list of different names")
        return tuple(value)

    def point(self, key: str) -> Point:
        return _point(self._get(key, _MISSING), lambda m: self.fail(key, m))

    def polygon(self, key: str) -> Polygon:
        return _polygon(self._get(key, _MISSING), lambda m: self.fail(key, m))

    def size(self, key: str, default: tuple[float, float] | None = None) -> tuple[float, float]:
        value = self._get(key, _MISSING if default is None else list(default))
        if not isinstance(value, list) or len(value) != 2 or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and 12 <= v <= 120 for v in value):
            self.fail(key, "must be [width, depth] in inches, each from 12 to 120")
        return (float(value[0]), float(value[1]))

    def entries(self, key: str, label: Callable[[int, object], str], required: bool = True) -> list[_Entry]:
        """The tables of an array (of tables or of inline tables), each labelled for errors."""
        value = self._get(key, _MISSING if required else [])
        if not isinstance(value, list):
            self.fail(key, "must be a list of tables")
        return [_Entry(item, self.where + (label(i, item),)) for i, item in enumerate(value)]

    def done(self) -> None:
        unknown = sorted(set(self.raw) - self.used)
        if unknown:
            self.fail(None, f"has unknown field{'s' if len(unknown) > 1 else ''} "
                      + ", ".join(f'"{k}"' for k in unknown))


def _where(where: tuple[str, ...]) -> str:
    return where[0] + (": " + ", ".join(where[1:]) if len(where) > 1 else "")


def _span(lo: float, hi: float | None) -> str:
    return f"≥ {_num(lo)}" if hi is None else f"from {_num(lo)} to {_num(hi)}"


def _num(value: float) -> str:
    return f"{value:g}"


def _show(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _point(value: object, fail: Callable[[str], NoReturn]) -> Point:
    if not isinstance(value, list) or len(value) != 2 or not all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in value):
        fail("must be a point [x, y] in inches")
    return (float(value[0]), float(value[1]))


def _polygon(value: object, fail: Callable[[str], NoReturn]) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        fail("must be a list of at least 3 points [x, y]")
    points = tuple(_point(v, fail) for v in value)
    if abs(polygon_area(points)) < 0.01:
        fail("must enclose an area (its points are in a line or repeated)")
    return points


def _labelled(kind: str, key: str = "id") -> Callable[[int, object], str]:
    """A label for the i-th entry of a list: `unit "x"` by its id or name, `environment 4` by its
    number (a roll), else by its place in the list."""
    def label(i: int, item: object) -> str:
        value = item.get(key) if isinstance(item, dict) else None
        if isinstance(value, str) and value:
            return f'{kind} "{value}"'
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{kind} {value}"
        return f"{kind} {i + 1}"
    return label


def _numbered(kind: str) -> Callable[[int, object], str]:
    return lambda i, _item: f"{kind} {i + 1}"


# --- polygon questions, answered by shapely (GEOS) ---------------------------------------


def polygon_area(points: Sequence[Point]) -> float:
    """The polygon's area (a zone or a piece too thin to stand on is refused)."""
    return float(shapely.Polygon(points).area) if len(points) >= 3 else 0.0


def point_in_polygon(p: Point, points: Sequence[Point]) -> bool:
    """Whether `p` lies inside the polygon (its edge counts as inside)."""
    return bool(shapely.intersects_xy(shapely.Polygon(points), p[0], p[1]))


def distance_to_polygon(p: Point, points: Sequence[Point]) -> float:
    """0 inside the polygon, else the distance to its nearest edge."""
    return float(shapely.Polygon(points).distance(shapely.Point(p)))


def mirror_point(p: Point, table: tuple[float, float]) -> Point:
    """The point turned half a turn about the table's centre."""
    return (_q(table[0] - p[0]), _q(table[1] - p[1]))


def _q(value: float) -> float:
    """Hundredths of an inch, as commands are quantised."""
    return round(value, 2) + 0.0


def _inside_table(points: Iterable[Point], table: tuple[float, float]) -> bool:
    return all(0 <= x <= table[0] and 0 <= y <= table[1] for x, y in points)


# --- parsing ---------------------------------------------------------------------------


@dataclass
class _Known:
    """What effects may refer to while a file is read."""

    conditions: dict[str, Condition]
    tokens: dict[str, TokenKind]


def _target(e: _Entry, context: Context) -> Target:
    who = e.choice("target", CONTEXT_TARGETS[context])
    within: float | None = None
    if who in ("friend", "friends", "enemy", "enemies") and context != "environment":
        within = e.number("within", 0, 72, above=True)
    elif who == "all" and context != "environment" and e.has("within"):
        within = e.number("within", 0, 72, above=True)
    elif e.has("within"):
        e.fail("within", f'is not allowed with target "{who}"' if context != "environment"
               else "is not allowed in an Environment entry (it acts on the whole table)")
    return Target(who, within)


def _effect(e: _Entry, context: Context, known: _Known) -> Effect:
    value = e.raw.get("kind")
    if isinstance(value, str) and value in EFFECT_KINDS and value not in CONTEXT_KINDS[context]:
        e.fail("kind", f'"{value}" is not allowed in {CONTEXT_NAMES[context]} '
               f"(allowed: {', '.join(CONTEXT_KINDS[context])})")
    kind = e.choice("kind", CONTEXT_KINDS[context])
    effect: Effect
    if kind == "stat":
        stat = e.choice("stat", STATS)
        delta = e.whole("delta", -6, 6)
        if delta == 0:
            e.fail("delta", "must not be 0")
        only = CONTEXT_DURATIONS[context]
        duration = e.choice("duration", only, default=only[0] if len(only) == 1 else None)
        effect = StatEffect(stat, delta, duration, _target(e, context))
    elif kind == "heal":
        effect = HealEffect(e.whole("amount", 1, 12), _target(e, context))
    elif kind == "damage":
        effect = DamageEffect(e.whole("amount", 1, 12), _target(e, context))
    elif kind == "condition":
        mode = e.choice("mode", ("apply",) if context == "penalty" else CONDITION_MODES, default="apply")
        name = e.text("condition")
        if mode == "apply" and name not in known.conditions:
            e.fail("condition", f'"{name}" is not a known condition')
        if mode == "clear" and name not in known.conditions and name not in CLEAR_GROUPS:
            e.fail("condition", f'"{name}" is not a known condition (nor {", ".join(CLEAR_GROUPS)})')
        rounds = e.whole("rounds", 0, 10) if e.has("rounds") and mode == "apply" else None
        effect = ConditionEffect(mode, name, _target(e, context), rounds)
    elif kind == "token":
        name = e.text("token")
        if name not in known.tokens:
            e.fail("token", f'"{name}" is not a known token kind')
        rounds = e.whole("rounds", 0, 10) if e.has("rounds") else None
        effect = TokenEffect(name, e.whole("count", 1, 6), e.number("range", 0, 36), rounds)
    elif kind == "push":
        effect = PushEffect(e.number("distance", 0, 12, above=True), _target(e, context),
                            e.flag("toward", False))
    elif kind == "extra_move":
        if e.raw.get("target", "self") not in ("self", "formation"):
            e.fail("target", "must be self or formation for an extra move")
        effect = ExtraMoveEffect(e.number("distance", 0, 12, above=True), _target(e, context))
    elif kind == "area_attack":
        effect = AreaAttackEffect(e.number("radius", 0, 6, above=True), e.number("range", 0, 36, above=True),
                                  e.whole("attacks", 1, 6), e.whole("damage", 1, 12), e.whole("knack", 2, 6),
                                  e.choices("effective", DEFENCE_TYPES))
    else:
        effect = LosePointsEffect(e.whole("amount", 1, 6))
    e.done()
    return effect


def _effects(parent: _Entry, key: str, context: Context, known: _Known, required: bool = True) -> tuple[Effect, ...]:
    entries = parent.entries(key, _numbered("effect"), required)
    if required and not entries:
        parent.fail(key, "must list at least one effect")
    return tuple(_effect(e, context, known) for e in entries)


def _condition(e: _Entry) -> Condition:
    stats = e.raw.get("stats", {})
    e.used.add("stats")
    if not isinstance(stats, dict) or any(k not in STATS or isinstance(v, bool) or not isinstance(v, int) or v == 0
                                          for k, v in stats.items()):
        e.fail("stats", f"must be a table of stat = change (stats: {', '.join(STATS)}; changes whole, not 0)")
    condition = Condition(
        id=e.ident(), name=e.text("name"), nature=e.choice("nature", CONDITION_NATURES), text=e.text("text"),
        stats=tuple((s, int(stats[s])) for s in STATS if s in stats), flags=e.choices("flags", CONDITION_FLAGS),
        round_damage=e.whole("round_damage", 0, 12, default=0), round_heal=e.whole("round_heal", 0, 12, default=0),
        rounds=e.whole("rounds", 0, 10, default=1))
    if not (condition.stats or condition.flags or condition.round_damage or condition.round_heal):
        e.fail(None, "does nothing (give it stats, flags, round_damage or round_heal)")
    e.done()
    return condition


def _token(e: _Entry, known: _Known) -> TokenKind:
    on_touch = e.text("on_touch", default="") or None
    if on_touch is not None and on_touch not in known.conditions:
        e.fail("on_touch", f'"{on_touch}" is not a known condition')
    token = TokenKind(id=e.ident(), name=e.text("name"), text=e.text("text"),
                      diameter=e.number("diameter", 0.5, 6, default=TOKEN_DIAMETER),
                      height=e.number("height", 0, 12, default=0.0), passable=e.flag("passable", True),
                      on_touch=on_touch, rounds=e.whole("rounds", 0, 10, default=1))
    e.done()
    return token


def _weapon(e: _Entry, unit_knack: int) -> Weapon:
    kind = e.choice("kind", WEAPON_KINDS)
    weapon = Weapon(name=e.text("name"), kind=kind,
                    range=e.number("range", 0.5, 3) if kind == "melee" else e.number("range", 3, 48),
                    attacks=e.whole("attacks", 1, 8), damage=e.whole("damage", 1, 12),
                    knack=e.whole("knack", 2, 6, default=unit_knack), effective=e.choices("effective", DEFENCE_TYPES))
    e.done()
    return weapon


def _ability(e: _Entry, known: _Known) -> Ability:
    use = e.choice("use", ABILITY_USES)
    context: Context = "passive" if use == "passive" else "round_start" if use == "round_start" else "ability"
    ability = Ability(name=e.text("name"), use=use, text=e.text("text"), effects=_effects(e, "effects", context, known),
                      once_per_game=e.flag("once_per_game", False))
    if ability.once_per_game and use in ("passive", "round_start"):
        e.fail("once_per_game", f"makes no sense for a {use} ability")
    e.done()
    return ability


def _formation(e: _Entry) -> FormationPattern:
    shape = e.choice("shape", FORMATION_SHAPES)
    lo, hi = e.whole("min", 2, 10), e.whole("max", 2, 10)
    if hi < lo:
        e.fail("max", "must not be below min")
    if shape == "pair" and (lo, hi) != (2, 2):
        e.fail(None, "a pair has min = max = 2")
    if shape == "ring" and lo < 3:
        e.fail("min", "must be at least 3 for a ring")
    e.done()
    return FormationPattern(shape, lo, hi)


def _unit(e: _Entry, known: _Known) -> UnitType:
    knack = e.whole("knack", 2, 6)
    weapons = tuple(_weapon(w, knack) for w in e.entries("weapons", _labelled("weapon", "name"), required=False))
    abilities = tuple(_ability(a, known) for a in e.entries("abilities", _labelled("ability", "name"), required=False))
    if not weapons and not any(a.use != "passive" for a in abilities):
        e.fail(None, "has neither a weapon nor an ability it can use")
    for group, label in ((weapons, "weapon"), (abilities, "ability")):
        names = [x.name for x in group]
        if len(set(names)) != len(names):
            e.fail(None, f"has two of a {label} name")
    base = e.whole("base_mm", 1)
    if base not in BASE_SIZES_MM:
        e.fail("base_mm", f"must be one of {', '.join(map(str, BASE_SIZES_MM))}")
    formation = _formation(_Entry(e._get("formation", _MISSING), e.where + ("formation",))) \
        if e.has("formation") else None
    unit = UnitType(
        id=e.ident(), name=e.text("name"), health=e.whole("health", 1), defence=e.whole("defence", 0, 12),
        defence_types=e.choices("defence_types", DEFENCE_TYPES), move=e.number("move", 0, 24, above=True),
        knack=knack, weapons=weapons, abilities=abilities, training=e.names("training"),
        base_mm=base, height=e.number("height", 0.25, 12), leadership=e.whole("leadership", 0, 6, default=0),
        icon=e.ident("icon"), text=e.text("text", default=""), formation=formation)
    e.done()
    return unit


def _roster(e: _Entry, faction: str, unit_ids: Iterable[str]) -> Roster:
    units = e._get("units", _MISSING)
    if not isinstance(units, dict) or not units:
        e.fail("units", "must be a table of unit id = count")
    known = set(unit_ids)
    for unit, count in units.items():
        if unit not in known:
            e.fail("units", f'names "{unit}", which is not a unit of faction "{faction}"')
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            e.fail("units", f'"{unit}" must have a whole count ≥ 1')
    roster = Roster(id=e.ident(), name=e.text("name"), faction=faction,
                    units=tuple((str(u), int(c)) for u, c in units.items()), text=e.text("text", default=""))
    lo, hi = ROSTER_MODELS
    if not lo <= roster.models <= hi:
        e.fail("units", f"add up to {roster.models} models; a roster has {lo} to {hi}")
    e.done()
    return roster


def _faction(e: _Entry, known: _Known) -> Faction:
    fid = e.ident()
    units = tuple(_unit(u, known) for u in e.entries("units", _labelled("unit")))
    if not units:
        e.fail("units", "must list at least one unit")
    _unique(e, "units", [u.id for u in units], "unit id")
    tactics = tuple(_tactic(t, known) for t in e.entries("tactics", _labelled("tactic", "name")))
    if not tactics:
        e.fail("tactics", "must list at least one tactic")
    _unique(e, "tactics", [t.name for t in tactics], "tactic name")
    environment = tuple(_environment(v, known) for v in e.entries("environment", _labelled("environment", "roll")))
    if sorted(v.roll for v in environment) != [1, 2, 3, 4, 5, 6]:
        e.fail("environment", "must have six entries, rolls 1 to 6, one each")
    rosters = tuple(_roster(r, fid, (u.id for u in units))
                    for r in e.entries("rosters", _labelled("roster"), required=False))
    _unique(e, "rosters", [r.id for r in rosters], "roster id")
    colour = e.text("colour")
    if len(colour) != 7 or colour[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in colour[1:]):
        e.fail("colour", 'must be a colour written "#rrggbb"')
    faction = Faction(id=fid, name=e.text("name"), blurb=e.text("blurb"), colour=colour, units=units,
                      tactics=tactics, environment=tuple(sorted(environment, key=lambda v: v.roll)), rosters=rosters)
    e.done()
    return faction


def _unique(e: _Entry, key: str, values: list[str], what: str) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            e.fail(key, f'uses the {what} "{value}" twice')
        seen.add(value)


def _tactic(e: _Entry, known: _Known) -> Tactic:
    tactic = Tactic(name=e.text("name"), knack=e.whole("knack", 2, 6), text=e.text("text"),
                    effects=_effects(e, "effects", "tactic", known))
    e.done()
    return tactic


def _environment(e: _Entry, known: _Known) -> EnvironmentEffect:
    entry = EnvironmentEffect(roll=e.whole("roll", 1, 6), name=e.text("name"), text=e.text("text"),
                              effects=_effects(e, "effects", "environment", known),
                              penalty_text=e.text("penalty_text"), penalty=_effects(e, "penalty", "penalty", known))
    e.done()
    return entry


def _objective(e: _Entry, table: tuple[float, float]) -> Objective:
    objective = Objective(id=e.ident(), name=e.text("name"), at=e.point("at"), radius=e.number("radius", 0, 12,
                                                                                               above=True),
                          value=e.whole("value", 1, 10))
    if not _inside_table([objective.at], table):
        e.fail("at", "must lie on the table")
    e.done()
    return objective


def _score_rule(e: _Entry, objective_ids: tuple[str, ...], rounds: int) -> ScoreRule:
    kind = e.choice("kind", SCORE_KINDS)
    rule: ScoreRule
    if kind == "hold":
        named = e.names("objectives")
        for name in named:
            if name not in objective_ids:
                e.fail("objectives", f'names "{name}", which is not an objective of this mission')
        if not objective_ids:
            e.fail(None, "holds objectives, but the mission has none")
        rule = HoldRule(named, e.choice("when", SCORE_WHENS), e.whole("from_round", 1, rounds, default=1),
                        e.whole("multiplier", 1, 5, default=1),
                        e.choice("control", HOLD_CONTROLS, default="more"))
    elif kind == "slay":
        rule = SlayRule(e.whole("leader", 0, 20), e.whole("other", 0, 20))
        if rule.leader == rule.other == 0:
            e.fail(None, "scores nothing (leader and other are both 0)")
    else:
        rule = ReachRule(e.choice("zone", REACH_ZONES), e.whole("points", 1, 10), e.choice("when", SCORE_WHENS),
                         e.whole("from_round", 1, rounds, default=1))
    e.done()
    return rule


def _mission(e: _Entry) -> Mission:
    mid = e.ident()
    table = e.size("table", DEFAULT_TABLE)
    rounds = e.whole("rounds", 1, 10, default=DEFAULT_ROUNDS)
    zones_raw = e._get("zones", _MISSING)
    if not isinstance(zones_raw, list) or len(zones_raw) != 2:
        e.fail("zones", "must be two deployment zones (side 0's first), each a list of points")
    def read_zone(i: int, raw: object) -> Polygon:
        def fail(message: str) -> NoReturn:
            e.fail(f"zones[{i + 1}]", message)
        return _polygon(raw, fail)

    zones = tuple(read_zone(i, z) for i, z in enumerate(zones_raw))
    for i, zone in enumerate(zones):
        if not _inside_table(zone, table):
            e.fail(f"zones[{i + 1}]", "must lie on the table")
    objectives = tuple(_objective(o, table) for o in e.entries("objectives", _labelled("objective"), required=False))
    _unique(e, "objectives", [o.id for o in objectives], "objective id")
    ids = tuple(o.id for o in objectives)
    scoring = tuple(_score_rule(s, ids, rounds) for s in e.entries("scoring", _numbered("scoring rule")))
    if not scoring:
        e.fail("scoring", "must list at least one rule")
    v = _Entry(e._get("victory", {}), e.where + ("victory",))
    victory = Victory(tiebreak=v.choice("tiebreak", TIEBREAKS, default="draw"),
                      target=v.whole("target", 1, 100) if v.has("target") else None,
                      end_early=v.choice("end_early", END_EARLY) if v.has("end_early") else None)
    v.done()
    mission = Mission(id=mid, name=e.text("name"), text=e.text("text"), table=table, zones=(zones[0], zones[1]),
                      objectives=objectives, scoring=scoring, victory=victory, rounds=rounds,
                      brief=e.text("brief", "") if e.has("brief") else "")
    e.done()
    return mission


def _piece(e: _Entry, table: tuple[float, float]) -> TerrainPiece:
    piece = TerrainPiece(name=e.text("name"), kind=e.choice("kind", TERRAIN_KINDS), points=e.polygon("points"),
                         height=e.number("height", 0, 12, above=True))
    if not _inside_table(piece.points, table):
        e.fail("points", "must lie on the table")
    e.done()
    return piece


def _layout(e: _Entry, missions: Mapping[str, Mission]) -> TerrainLayout:
    table = e.size("table", DEFAULT_TABLE)
    suits = e.names("missions")
    for name in suits:
        if name not in missions:
            e.fail("missions", f'names "{name}", which is not a known mission')
        if missions[name].table != table:
            e.fail("missions", f'names "{name}", whose table is another size')
    layout = TerrainLayout(id=e.ident(), name=e.text("name"), table=table,
                           pieces=tuple(_piece(p, table) for p in e.entries("pieces", _numbered("piece"))),
                           missions=suits, text=e.text("text", default=""))
    if not layout.pieces:
        e.fail("pieces", "must list at least one piece")
    e.done()
    return layout


def _template(e: _Entry) -> TerrainTemplate:
    heights = e._get("heights", _MISSING)
    if not isinstance(heights, list) or len(heights) != 2 or not all(
            isinstance(h, int | float) and not isinstance(h, bool) and 0 < h <= 12 for h in heights) \
            or heights[0] > heights[1]:
        e.fail("heights", "must be [lowest, highest] in inches, above 0")
    template = TerrainTemplate(name=e.text("name"), kind=e.choice("kind", TERRAIN_KINDS), points=e.polygon("points"),
                               heights=(float(heights[0]), float(heights[1])))
    e.done()
    return template


# --- loading files -----------------------------------------------------------------------

SECTIONS = ("conditions", "tokens", "factions", "rosters", "missions", "layouts", "templates")
"""What a content file may hold (every one optional); user files: all but templates."""
USER_SECTIONS = SECTIONS[:-1]
BUILTIN_FILES = ("effects.toml", "faction_meridian.toml", "faction_cinderhorn.toml", "faction_veilmoth.toml",
                 "faction_tessellate.toml", "missions.toml", "terrain.toml")
"""The built-in content, in `game/skirmish/data/` (other files there are not content)."""


class _Loader:
    """Reads content files section by section across all files, so an entry may use what
    another file defines; `strict` raises on the first error, else collects one line each."""

    def __init__(self, base: Content | None, strict: bool) -> None:
        self.strict = strict
        self.errors: list[str] = []
        self.known = _Known(dict(base.conditions) if base else {}, dict(base.tokens) if base else {})
        self.factions: dict[str, Faction] = dict(base.factions) if base else {}
        self.missions: dict[str, Mission] = dict(base.missions) if base else {}
        self.layouts: dict[str, TerrainLayout] = dict(base.layouts) if base else {}
        self.templates: list[TerrainTemplate] = list(base.templates) if base else []
        self.builtin_ids: dict[str, set[str]] = {
            "condition": set(self.known.conditions), "token": set(self.known.tokens),
            "faction": set(self.factions), "mission": set(self.missions), "layout": set(self.layouts)}

    def error(self, message: str) -> None:
        if self.strict:
            raise ContentError(message)
        self.errors.append(message)

    def each(self, docs: Sequence[tuple[str, dict[str, Any]]], section: str, kind: str, key: str,
             read: Callable[[_Entry], _T]) -> list[_T]:
        out: list[_T] = []
        for name, doc in docs:
            items = doc.get(section, [])
            if not isinstance(items, list):
                self.error(f"{name}: {section} must be a list of tables ([[{section}]])")
                continue
            for i, raw in enumerate(items):
                try:
                    out.append(read(_Entry(raw, (name, _labelled(kind, key)(i, raw)))))
                except ContentError as exc:
                    self.error(str(exc))
        return out

    def clash(self, kind: str, ident: str, taken: Mapping[str, object], where: str) -> bool:
        if ident in taken:
            whose = "a built-in" if ident in self.builtin_ids[kind] else "another"
            self.error(f'{where}: {kind} id "{ident}" is already used by {whose} {kind}')
            return True
        return False

    def load(self, docs: Sequence[tuple[str, dict[str, Any]]], sections: tuple[str, ...]) -> Content:
        for name, doc in docs:
            for section in sorted(set(doc) - set(sections)):
                self.error(f'{name}: unknown section "{section}" (a content file may hold '
                           f"{', '.join(sections)})")
        for where, cond in self._read(docs, "conditions", "condition", _condition):
            if not self.clash("condition", cond.id, self.known.conditions, where):
                self.known.conditions[cond.id] = cond
        for where, token in self._read(docs, "tokens", "token", lambda e: _token(e, self.known)):
            if not self.clash("token", token.id, self.known.tokens, where):
                self.known.tokens[token.id] = token
        origin: dict[str, str] = {}
        for where, faction in self._read(docs, "factions", "faction", lambda e: _faction(e, self.known)):
            if not self.clash("faction", faction.id, self.factions, where):
                self.factions[faction.id] = faction
                origin[faction.id] = where
        for where, roster in self._read(docs, "rosters", "roster", self._standalone_roster):
            faction = self.factions[roster.faction]
            if any(r.id == roster.id for r in faction.rosters):
                self.error(f'{where}: roster id "{roster.id}" is already used in faction "{faction.id}"')
                continue
            self.factions[faction.id] = replace(faction, rosters=faction.rosters + (roster,))
        for fid, where in origin.items():
            if not self.factions[fid].rosters:
                self.error(f"{where}: has no roster (add [[factions.rosters]] or a [[rosters]] entry naming it)")
                del self.factions[fid]
        for where, mission in self._read(docs, "missions", "mission", _mission):
            if not self.clash("mission", mission.id, self.missions, where):
                self.missions[mission.id] = mission
        for where, layout in self._read(docs, "layouts", "layout", lambda e: _layout(e, self.missions)):
            if not self.clash("layout", layout.id, self.layouts, where):
                self.layouts[layout.id] = layout
        for _where, template in self._read(docs, "templates", "template", _template, key="name"):
            self.templates.append(template)
        return Content(factions=self.factions, missions=self.missions, layouts=self.layouts,
                       conditions=self.known.conditions, tokens=self.known.tokens, templates=tuple(self.templates),
                       fingerprint=_fingerprint(docs))

    def _read(self, docs: Sequence[tuple[str, dict[str, Any]]], section: str, kind: str,
              read: Callable[[_Entry], _T], key: str = "id") -> list[tuple[str, _T]]:
        return self.each(docs, section, kind, key, lambda e: (_where(e.where), read(e)))

    def _standalone_roster(self, e: _Entry) -> Roster:
        faction = e.text("faction")
        if faction not in self.factions:
            e.fail("faction", f'"{faction}" is not a known faction')
        return _roster(e, faction, (u.id for u in self.factions[faction].units))


def _fingerprint(docs: Sequence[tuple[str, dict[str, Any]]]) -> str:
    text = json.dumps([[name, doc] for name, doc in docs], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def parse(docs: Sequence[tuple[str, dict[str, Any]]], base: Content | None = None, *,
          strict: bool = True, sections: tuple[str, ...] = SECTIONS) -> LoadResult:
    """Content from parsed TOML documents `(file name, document)`, on top of `base`."""
    loader = _Loader(base, strict)
    content = loader.load(docs, sections)
    if base is not None:
        content = replace(content, fingerprint=_fingerprint([("base", {"fingerprint": base.fingerprint}), *docs]))
    return LoadResult(content, tuple(loader.errors))


@lru_cache(maxsize=1)
def builtin_content() -> Content:
    """The content shipped with the app; any error in it is a bug (raises ContentError)."""
    data = resources.files("game.skirmish").joinpath("data")
    docs: list[tuple[str, dict[str, Any]]] = []
    for name in BUILTIN_FILES:
        try:
            docs.append((name, tomllib.loads(data.joinpath(name).read_text(encoding="utf-8"))))
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{name}: {exc}") from exc
    return parse(docs, strict=True).content


def user_content_dir() -> Path:
    """Where players put their own factions, rosters, missions and layouts (`*.toml`)."""
    from game.core.paths import user_data_dir

    return user_data_dir() / "skirmish"


def load_user_content(folder: Path | None = None, base: Content | None = None) -> LoadResult:
    """The built-ins (or `base`) plus every entry of `folder/*.toml` that loads, and one line
    per problem. A file that is not valid TOML is skipped whole; a broken entry is skipped
    alone; the built-ins always stay."""
    folder = user_content_dir() if folder is None else folder
    base = builtin_content() if base is None else base
    docs: list[tuple[str, dict[str, Any]]] = []
    errors: list[str] = []
    paths = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    for path in paths:
        try:
            docs.append((path.name, tomllib.loads(path.read_text(encoding="utf-8"))))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as exc:
            errors.append(f"{path.name}: {exc}")
    result = parse(docs, base, strict=False, sections=USER_SECTIONS)
    if not docs:
        return LoadResult(base, tuple(errors))
    return LoadResult(result.content, tuple(errors) + result.errors)


# --- the random layout generator -----------------------------------------------------------

EDGE_MARGIN = 0.5
"""Inches every generated piece keeps from the table's edge."""
ZONE_MARGIN = 1.0
"""Inches every generated piece keeps from a deployment zone."""
PIECE_GAP = 1.5
"""Inches between generated pieces, so a model on a 32 mm base can pass between any two."""
OBJECTIVE_CLEARANCE = 1.5
"""Inches between a generated piece and an objective's point."""
PIECE_COUNT = (8, 12)


@dataclass(frozen=True)
class _Placed:
    points: Polygon
    centre: Point
    radius: float


def _shape(template: TerrainTemplate, centre: Point, angle: float) -> _Placed:
    c, s = math.cos(angle), math.sin(angle)
    points = tuple((_q(centre[0] + x * c - y * s), _q(centre[1] + x * s + y * c)) for x, y in template.points)
    radius = max(math.hypot(x - centre[0], y - centre[1]) for x, y in points)
    return _Placed(points, centre, radius)


def _mirror(placed: _Placed, table: tuple[float, float]) -> _Placed:
    return _Placed(tuple(mirror_point(p, table) for p in placed.points), mirror_point(placed.centre, table),
                   placed.radius)


def _fits(p: _Placed, mission: Mission, placed: Sequence[_Placed]) -> bool:
    w, d = mission.table
    if not all(EDGE_MARGIN <= x <= w - EDGE_MARGIN and EDGE_MARGIN <= y <= d - EDGE_MARGIN for x, y in p.points):
        return False
    if any(distance_to_polygon(p.centre, zone) <= p.radius + ZONE_MARGIN for zone in mission.zones):
        return False
    if any(math.dist(p.centre, o.at) <= p.radius + OBJECTIVE_CLEARANCE for o in mission.objectives):
        return False
    return all(math.dist(p.centre, q.centre) > p.radius + q.radius + PIECE_GAP for q in placed)


def random_layout(seed: int, mission: Mission, templates: Sequence[TerrainTemplate] | None = None) -> TerrainLayout:
    """A fair table for `mission`, the same for the same seed: pieces come in pairs turned half a
    turn about the table's centre (so each side faces the same terrain), none in or near a
    deployment zone, on an objective or touching another, 8-12 of them, at least two pairs tall
    enough to hide a model. The checks use each piece's enclosing circle, so they are safe
    whatever the shape."""
    pool = tuple(builtin_content().templates if templates is None else templates)
    tall = [t for t in pool if t.tall]
    if not tall or len(pool) < 2:
        raise ValueError("the generator needs templates, some of them tall (3\" or more)")
    rng = random.Random(f"skirmish-layout:{seed}:{mission.id}")
    lo, hi = PIECE_COUNT
    for _attempt in range(50):
        pairs = rng.randint(lo // 2, hi // 2)
        pieces: list[TerrainPiece] = []
        placed: list[_Placed] = []
        for n in range(pairs):
            for _try in range(300):
                template = rng.choice(tall if n < 2 else pool)   # per try: a smaller shape may fit
                centre = (_q(rng.uniform(0, mission.table[0])), _q(rng.uniform(0, mission.table[1])))
                one = _shape(template, centre, rng.uniform(0, math.pi))
                two = _mirror(one, mission.table)
                if _fits(one, mission, placed) and _fits(two, mission, [*placed, one]):
                    height = _q(rng.uniform(*template.heights))
                    for shape in (one, two):
                        pieces.append(TerrainPiece(template.name, template.kind, shape.points, height))
                        placed.append(shape)
                    break
            else:
                break
        if len(pieces) >= lo:
            return TerrainLayout(id=f"random-{seed}", name=f"Random table {seed}", table=mission.table,
                                 pieces=tuple(pieces), missions=(mission.id,),
                                 text="Made by the generator: every piece has a twin across the centre.")
    raise ValueError(f'no fair layout found for mission "{mission.id}" (is its table too small?)')
