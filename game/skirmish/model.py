"""The skirmish's plain data: the models on the table, lasting stat changes, and the typed
frames of the decision being made (an activation, a roll waiting for a re-roll choice).

Kept apart from the rules (`rules`) and the protocol adapter (`state`), which build on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.skirmish.content import UnitType


@dataclass
class Figure:
    """One model: its unit type, side, place on the table and what has happened to it. (The
    engine calls miniatures "figures" in code, to keep "model" free for data models.)"""

    id: int
    side: int
    unit: UnitType
    x: float = -1.0
    y: float = -1.0
    deployed: bool = False
    health: int = 0
    fallen: bool = False
    activated: bool = False
    conditions: dict[str, int] = field(default_factory=dict)
    """Condition id -> rounds left (0: until cleared)."""
    number: int = 0
    """Its number among its side's models of its unit, in the order they were deployed (0: not
    deployed by a command): "Ash Reaver 3", as the log names it."""

    def copy(self) -> Figure:
        return Figure(self.id, self.side, self.unit, self.x, self.y, self.deployed, self.health, self.fallen,
                      self.activated, dict(self.conditions), self.number)

    @property
    def on_table(self) -> bool:
        return self.deployed and not self.fallen

    @property
    def at(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Mod:
    """A lasting stat change from one source: `until` "activation" or "round"."""

    figure: int
    stat: str
    delta: int
    until: str
    source: str


@dataclass(frozen=True)
class Activation:
    """The activation under way: its figures, its order's steps and where it stands."""

    side: int
    figures: tuple[int, ...]
    order: str
    tactic: str
    stage: int = 0
    """Index into `steps`."""
    moved: tuple[int, ...] = ()
    """Figures that have moved in the current move step."""
    used: tuple[tuple[int, int, int], ...] = ()
    """(figure, weapon, attacks spent) in the attack step."""
    bonus: tuple[int, ...] = ()
    """Figures an `extra_move` effect lets move now (before the step under way goes on)."""
    bonus_distance: float = 0.0
    abilities: tuple[tuple[int, int], ...] = ()
    """(figure, ability) used in this activation."""
    no_attack: tuple[int, ...] = ()
    """Figures that used an ability instead of attacking."""
    no_move: tuple[int, ...] = ()
    """Figures that used an ability instead of moving."""
    walked: tuple[int, ...] = ()
    """Figures that have moved in any step of this activation, extra moves too (`moved` is the
    step's own): a model that moved has not stood still for an `instead_of_move` ability."""

    @property
    def steps(self) -> tuple[str, ...]:
        return {"move_attack": ("move", "attack"), "attack_move": ("attack", "move"),
                "double_move": ("move", "move")}[self.order]

    @property
    def step(self) -> str:
        if self.bonus:
            return "bonus"
        return self.steps[self.stage] if self.stage < len(self.steps) else "done"

    def spent(self, figure: int, weapon: int) -> int:
        return sum(n for f, w, n in self.used if f == figure and w == weapon)


@dataclass(frozen=True)
class PendingRoll:
    """Dice to roll (`faces` empty) or rolled and waiting for a re-roll choice.

    `purpose`: "tactic" (one die against the tactic's knack) or "attack" (`figure`'s `weapon`
    at `target`, one die per attack)."""

    purpose: str
    side: int
    dice: int
    knack: int
    forced_six: bool = False
    figure: int = -1
    weapon: int = -1
    target: int = -1
    cover: bool = False
    faces: tuple[int, ...] = ()
    rerolled: tuple[int, ...] = ()
    """Positions already rolled again (a die is re-rolled once at most)."""
    rerolling: tuple[int, ...] = ()
    """Positions chance is to roll again now (chosen by a re-roll, paid for)."""

    @property
    def waiting_for_dice(self) -> bool:
        return not self.faces or bool(self.rerolling)


@dataclass(frozen=True)
class PlacedToken:
    """A token on the table: its kind, centre, rounds left (0: the rest of the game), owner."""

    kind: str
    x: float
    y: float
    rounds: int
    side: int


@dataclass(frozen=True)
class PlacingTokens:
    """A `token` effect waiting for `side` to place `left` more tokens of `kind`, each wholly
    within `range` of the origin (the acting model's base; the table's centre, outside both
    deployment zones, for an Environment entry: `central`)."""

    side: int
    kind: str
    left: int
    origin: tuple[float, float]
    origin_radius: float
    range: float
    rounds: int
    central: bool = False
