"""Cosmos's events: data only, worded by `words`. `source` names what caused a change, as a short
code the log words: "traffic", "retrieve", "exchange", "star:IIA", "planet:12", "life:30",
"biome:5", "focus:star", "mission:3", "generator", "soup", "action:upgrade", "create_life"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from game.core.protocol import Event


@dataclass(frozen=True)
class RoundStarted(Event):
    TAG: ClassVar[str] = "round"
    round: int


@dataclass(frozen=True)
class Moved(Event):
    TAG: ClassVar[str] = "moved"
    seat: int
    start: int
    to: int
    steps: int
    token: int
    distance: int


@dataclass(frozen=True)
class TokenBack(Event):
    """A Creation token passed: retrieved lying down, or the locked Wild token flipped."""

    TAG: ClassVar[str] = "token_back"
    seat: int
    token: int
    flipped: bool
    reward: bool


@dataclass(frozen=True)
class Gained(Event):
    TAG: ClassVar[str] = "gained"
    seat: int
    what: str
    amount: int
    source: str


@dataclass(frozen=True)
class Paid(Event):
    TAG: ClassVar[str] = "paid"
    seat: int
    what: str
    amount: int
    source: str


@dataclass(frozen=True)
class StarPlaced(Event):
    TAG: ClassVar[str] = "star"
    seat: int
    system: int
    star: str
    old: str


@dataclass(frozen=True)
class StarActivated(Event):
    TAG: ClassVar[str] = "star_activated"
    seat: int
    system: int
    star: str
    cost: int


@dataclass(frozen=True)
class PlanetTaken(Event):
    """Aggregate Planet: a planet taken from the offer for a planet space, the action's headline,
    said before its cost and effect; it lands there (`PlanetPlaced`) once its effect is resolved."""

    TAG: ClassVar[str] = "planet_taken"
    seat: int
    planet: int
    system: int
    slot: int


@dataclass(frozen=True)
class PlanetPlaced(Event):
    TAG: ClassVar[str] = "planet"
    seat: int
    planet: int
    system: int
    slot: int


@dataclass(frozen=True)
class LifePlayed(Event):
    """`planet` is the tile the card went on (so the log can name it); -1 in logs written before it."""

    TAG: ClassVar[str] = "life_played"
    seat: int
    card: int
    system: int
    slot: int
    discard: int
    icon: str
    planet: int = -1


@dataclass(frozen=True)
class Lifeforms(Event):
    """Lifeforms of index `life` on a planet changed by `delta`."""

    TAG: ClassVar[str] = "lifeforms"
    seat: int
    system: int
    slot: int
    life: int
    delta: int
    source: str


@dataclass(frozen=True)
class BiomeSet(Event):
    TAG: ClassVar[str] = "biome_set"
    seat: int
    biome: int
    system: int
    slot: int


@dataclass(frozen=True)
class BiomeFulfilled(Event):
    TAG: ClassVar[str] = "biome_fulfilled"
    seat: int
    biome: int
    system: int
    slot: int


@dataclass(frozen=True)
class Upgraded(Event):
    TAG: ClassVar[str] = "upgraded"
    seat: int
    card: int
    tier: int


@dataclass(frozen=True)
class CardTaken(Event):
    """A life card taken from the face-up offer (everyone saw it)."""

    TAG: ClassVar[str] = "card_taken"
    seat: int
    card: int
    pile: int


@dataclass(frozen=True)
class AsteroidCaught(Event):
    TAG: ClassVar[str] = "asteroid"
    seat: int
    kind: str
    system: int
    slot: int
    space: int


@dataclass(frozen=True)
class GeneratorMoved(Event):
    TAG: ClassVar[str] = "generator"
    seat: int
    position: int


@dataclass(frozen=True)
class Revealed(Event):
    """A new top of a face-up pile."""

    TAG: ClassVar[str] = "revealed"
    kind: str
    pile: int
    card: int


@dataclass(frozen=True)
class MissionDone(Event):
    """A mission played face up; the other one is discarded face down (only its owner knows it)."""

    TAG: ClassVar[str] = "mission_done"
    REVEALS: ClassVar[bool] = True
    PRIVATE: ClassVar[Mapping[str, Any]] = {"discarded": -1}
    seat: int
    mission: int
    discarded: int
    audience: tuple[int, ...] | None


@dataclass(frozen=True)
class Passed(Event):
    """A step ended by choice (`Done`) with something still on offer, so the log is not silent
    about it: `step` is the frame's KIND; `what` the action (an Action step left with only its
    Traffic Bonus, a granted action) or the lifeform (a placing); `left` what was still offered
    (tokens, activations, advancements, lifeforms, cards). At the Mission step `met` counts the
    seat's missions met: only the seat (the audience) reads it, the others read -1."""

    TAG: ClassVar[str] = "passed"
    PRIVATE: ClassVar[Mapping[str, Any]] = {"met": -1}
    seat: int
    step: str
    what: str
    left: int
    met: int
    audience: tuple[int, ...] | None


@dataclass(frozen=True)
class ObjectiveAdvanced(Event):
    TAG: ClassVar[str] = "objective"
    seat: int
    objective: int
    position: int
    completed: bool


@dataclass(frozen=True)
class LifeformTile(Event):
    TAG: ClassVar[str] = "lifeform_tile"
    seat: int
    life: str
    big: bool
    vp: int


@dataclass(frozen=True)
class EndTriggered(Event):
    TAG: ClassVar[str] = "end_triggered"
    last_round: int


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
