"""The skirmish's commands (what a seat, or chance, decides) and events (what happened).

Positions are inches on the table, floats; models are numbered across both sides in roster
order (side 0's first). Every roll is a chance command carrying its faces, so a replay is
exact and a search that samples again sees other dice.

Decisions, in the order a game meets them:
- `RollOff(CHANCE, faces)`: one d6 per side (who deploys first; whose Environment table is
  rolled on; who goes first on equal activation points). Equal faces roll again.
- `Deploy(seat, model, at)`: sides alternate placing one model each inside their zone.
- `EnvironmentRoll(CHANCE, face)` (or, with the deck option, `EnvironmentCard(CHANCE, side,
  face)`): the round's Environment entry.
- `PlaceToken(seat, at)`: where a token an effect places goes.
- `Activate(seat, models, order, tactic)`: one model or a formation, "move_attack",
  "attack_move" or "double_move", and a tactic (or "").
- `Roll(CHANCE, faces)`: the dice of a knack check (a tactic: one die; an attack: one per
  attack) — then `Reroll(seat, dice)` (one activation point per die) or `KeepRoll(seat)`.
- `Move(seat, model, to)` (one model; a formation's models may move one at a time, to change
  its shape), `MoveGroup(seat, model, to, group)` (the formation's models moved as one: each
  keeps its place beside `model`, which goes to `to`), `Attack(seat, model, weapon, target, dice)`,
  `UseAbility(seat, model, ability, at, target)`, `EndStep(seat)` (done moving, or done
  attacking), `EndActivation(seat)`, and `Stop(seat)` (no more activations this round).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.protocol import CHANCE, Command, CommandCodec, Event, Seat

Point = tuple[float, float]
ORDERS = ("move_attack", "attack_move", "double_move")


def _at(p: Point) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


@dataclass(frozen=True)
class RollOff(Command):
    TAG: ClassVar[str] = "roll_off"
    faces: tuple[int, ...]

    def describe(self) -> str:
        return "roll-off " + " ".join(map(str, self.faces))


@dataclass(frozen=True)
class Deploy(Command):
    TAG: ClassVar[str] = "deploy"
    model: int
    at: Point

    def describe(self) -> str:
        return f"deploy {self.model} {_at(self.at)}"


@dataclass(frozen=True)
class EnvironmentRoll(Command):
    TAG: ClassVar[str] = "environment_roll"
    face: int

    def describe(self) -> str:
        return f"environment {self.face}"


@dataclass(frozen=True)
class EnvironmentCard(Command):
    """The deck option: the card of `side`'s faction numbered `face` comes up."""

    TAG: ClassVar[str] = "environment_card"
    side: int
    face: int

    def describe(self) -> str:
        return f"card {self.side + 1}:{self.face}"


@dataclass(frozen=True)
class PlaceToken(Command):
    TAG: ClassVar[str] = "place_token"
    at: Point

    def describe(self) -> str:
        return f"token {_at(self.at)}"


@dataclass(frozen=True)
class Activate(Command):
    TAG: ClassVar[str] = "activate"
    models: tuple[int, ...]
    order: str
    tactic: str = ""

    def describe(self) -> str:
        tactic = f" {self.tactic}" if self.tactic else ""
        return f"activate {','.join(map(str, self.models))} {self.order}{tactic}"


@dataclass(frozen=True)
class Roll(Command):
    TAG: ClassVar[str] = "roll"
    faces: tuple[int, ...]

    def describe(self) -> str:
        return "roll " + " ".join(map(str, self.faces))


@dataclass(frozen=True)
class Reroll(Command):
    """Roll the dice at these positions again, one activation point each."""

    TAG: ClassVar[str] = "reroll"
    dice: tuple[int, ...]

    def describe(self) -> str:
        return "reroll " + " ".join(str(d + 1) for d in self.dice)


@dataclass(frozen=True)
class KeepRoll(Command):
    TAG: ClassVar[str] = "keep_roll"


@dataclass(frozen=True)
class Move(Command):
    TAG: ClassVar[str] = "move"
    model: int
    to: Point

    def describe(self) -> str:
        return f"move {self.model} {_at(self.to)}"


@dataclass(frozen=True)
class MoveGroup(Command):
    """A formation's move as one: `model` (the one picked up) goes to `to` and every other model
    of `group` (which holds `model`) moves by the same offset, so the formation keeps its shape.
    Each model pays its own route by the usual rules (around bases, climbing), the group's own
    models not in each other's way (they move together)."""

    TAG: ClassVar[str] = "move_group"
    model: int
    to: Point
    group: tuple[int, ...]

    def describe(self) -> str:
        return f"move {','.join(map(str, self.group))} with {self.model} {_at(self.to)}"


@dataclass(frozen=True)
class Attack(Command):
    """`dice` of the weapon's attacks at `target` (the rest may go at others, rolled apart)."""

    TAG: ClassVar[str] = "attack"
    model: int
    weapon: int
    target: int
    dice: int

    def describe(self) -> str:
        return f"attack {self.model} w{self.weapon + 1} {self.target} x{self.dice}"


@dataclass(frozen=True)
class UseAbility(Command):
    """`ability` of `model`; `at` a point and `target` a model where the effect asks for one
    (-1: none)."""

    TAG: ClassVar[str] = "use_ability"
    model: int
    ability: int
    at: Point = (-1.0, -1.0)
    target: int = -1

    def describe(self) -> str:
        return f"ability {self.model} a{self.ability + 1}"


@dataclass(frozen=True)
class EndStep(Command):
    """Done with the activation's current step (its move, or its attacks)."""

    TAG: ClassVar[str] = "end_step"


@dataclass(frozen=True)
class EndActivation(Command):
    TAG: ClassVar[str] = "end_activation"


@dataclass(frozen=True)
class Stop(Command):
    """No more activations this round: the points left carry over."""

    TAG: ClassVar[str] = "stop"


CODEC = CommandCodec(RollOff, Deploy, EnvironmentRoll, EnvironmentCard, PlaceToken, Activate, Roll, Reroll,
                     KeepRoll, Move, MoveGroup, Attack, UseAbility, EndStep, EndActivation, Stop)

# --- events: data only; the words are in `words` -------------------------------------------


@dataclass(frozen=True)
class RolledOff(Event):
    """A roll-off: the faces per side, the winner (-1: equal, roll again) and what it decided."""

    TAG: ClassVar[str] = "rolled_off"
    faces: tuple[int, ...]
    winner: int
    purpose: str


@dataclass(frozen=True)
class Deployed(Event):
    TAG: ClassVar[str] = "deployed"
    side: int
    model: int
    at: Point
    unit: str = ""
    """The model's unit type id (how the log names it from here on)."""
    faction: str = ""


@dataclass(frozen=True)
class RoundBegan(Event):
    TAG: ClassVar[str] = "round_began"
    round: int


@dataclass(frozen=True)
class EnvironmentChosen(Event):
    TAG: ClassVar[str] = "environment_chosen"
    side: int
    face: int


@dataclass(frozen=True)
class PointsGained(Event):
    TAG: ClassVar[str] = "points_gained"
    side: int
    gained: int
    total: int


@dataclass(frozen=True)
class ActivationBegan(Event):
    TAG: ClassVar[str] = "activation_began"
    side: int
    models: tuple[int, ...]
    order: str
    tactic: int
    """The tactic's place in the side's faction list; -1: none."""


@dataclass(frozen=True)
class Rolled(Event):
    """Dice rolled for `purpose` ("tactic", "attack", "reroll"), each die landed or not."""

    TAG: ClassVar[str] = "rolled"
    REVEALS: ClassVar[bool] = True
    purpose: str
    faces: tuple[int, ...]
    landed: tuple[bool, ...]
    unpaid: bool = False
    """A failed die could have been re-rolled but the side has no activation point left: the
    roll is kept by itself, and the log says why (play-test: a failed tactic's penalty came
    without a word about the re-roll that was not offered)."""


@dataclass(frozen=True)
class TacticResolved(Event):
    TAG: ClassVar[str] = "tactic_resolved"
    side: int
    tactic: int
    success: bool


@dataclass(frozen=True)
class Moved(Event):
    TAG: ClassVar[str] = "moved"
    model: int
    path: tuple[Point, ...]
    length: float
    climb: float


@dataclass(frozen=True)
class AbilityUsed(Event):
    TAG: ClassVar[str] = "ability_used"
    model: int
    ability: int
    """The ability's place on the model's unit sheet."""
    target: int


@dataclass(frozen=True)
class Attacked(Event):
    TAG: ClassVar[str] = "attacked"
    model: int
    weapon: int
    target: int
    dice: int
    cover: bool


@dataclass(frozen=True)
class Damaged(Event):
    TAG: ClassVar[str] = "damaged"
    model: int
    amount: int
    health: int
    cause: str
    """"attack", "blast" or "effect"."""
    by: int = -1
    """The model whose attack, blast or effect it was (-1: none, an Environment entry)."""
    weapon: int = -1


@dataclass(frozen=True)
class Fell(Event):
    TAG: ClassVar[str] = "fell"
    model: int
    at: Point


@dataclass(frozen=True)
class Healed(Event):
    TAG: ClassVar[str] = "healed"
    model: int
    amount: int
    health: int


@dataclass(frozen=True)
class ConditionChanged(Event):
    TAG: ClassVar[str] = "condition_changed"
    model: int
    condition: str
    applied: bool
    rounds: int


@dataclass(frozen=True)
class TokenPlaced(Event):
    TAG: ClassVar[str] = "token_placed"
    kind: str
    at: Point


@dataclass(frozen=True)
class PointsLost(Event):
    TAG: ClassVar[str] = "points_lost"
    side: int
    lost: int
    total: int


@dataclass(frozen=True)
class Scored(Event):
    TAG: ClassVar[str] = "scored"
    side: int
    points: int
    total: int
    reason: str


@dataclass(frozen=True)
class Stopped(Event):
    TAG: ClassVar[str] = "stopped"
    side: int
    points: int


@dataclass(frozen=True)
class GameEnded(Event):
    TAG: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    how: str


__all__ = ["CHANCE", "CODEC", "ORDERS", "Point", "Seat"]
