"""Cosmos's position data: the players' areas, the main board's piles, and the decision frames.

A turn is a chain of small decisions: `CosmosState.frames` is a stack whose top is the decision
being made now (who decides, and about what). Moving pushes the Action step and, above it, the
rewards landing gave (retrieved tokens, Biomes, the Traffic Bonus, Focus cards); an action or an
effect pushes what it still asks (lifeforms to place, cards to take, an action granted).
`Closing` is no decision: the engine ends the turn when it surfaces.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar

STANDING, LYING = -1, -2
"""A Creation token on its console space, standing (ready) or lying (retrieved this turn); a
token on the main board holds its inner space's index (0-5)."""


@dataclass
class Slot:
    """A planet in a Solar System."""

    planet: int
    asteroids: list[str] = field(default_factory=lambda: ["", ""])
    """Asteroid type on space 0 (lifeform cost) and space 1 (2 mass), "" when empty."""
    life: list[int] = field(default_factory=lambda: [0, 0, 0])
    cards: list[int] = field(default_factory=list)
    biome: int = 0
    fulfilled: bool = False

    def copy(self) -> Slot:
        return Slot(self.planet, self.asteroids[:], self.life[:], self.cards[:], self.biome, self.fulfilled)


@dataclass
class System:
    star: str = ""
    planets: list[Slot | None] = field(default_factory=lambda: [None, None])

    def copy(self) -> System:
        return System(self.star, [None if sl is None else sl.copy() for sl in self.planets])


@dataclass
class Player:
    pos: int
    focus: str
    tokens: list[int] = field(default_factory=lambda: [STANDING, STANDING, STANDING, STANDING])
    wild_locked: bool = True
    tiers: list[int] = field(default_factory=lambda: [0, 0, 0])
    energy: int = 0
    mass: int = 0
    entropy: int = 0
    vp: int = 0
    generator: int = 0
    systems: list[System] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)
    """Cards in `hand` everyone saw taken from the open offer (public; the rest of the hand is
    known by type only)."""
    missions: list[int] = field(default_factory=list)
    done_missions: list[int] = field(default_factory=list)
    track: list[int] = field(default_factory=lambda: [0, 0, 0])
    small: dict[str, int] = field(default_factory=dict)
    """Lifeform type -> VP of the small objective tile claimed."""
    big: list[str] = field(default_factory=list)

    def copy(self) -> Player:
        """A copy sharing nothing mutable (a search clones positions thousands of times: a
        deep copy was most of its time)."""
        c = dataclasses.replace(self)
        c.tokens, c.tiers, c.track, c.big = self.tokens[:], self.tiers[:], self.track[:], self.big[:]
        c.systems = [sy.copy() for sy in self.systems]
        c.hand, c.seen, c.missions, c.done_missions = self.hand[:], self.seen[:], self.missions[:], self.done_missions[:]
        c.small = dict(self.small)
        return c


@dataclass
class Pile:
    """A face-up stack of the main board: the `top` (-1: empty) everyone sees, the `pool` of cards
    below it in an order nobody knows (so a draw is chance, `Reveal`), and the `bottom`: cards
    put under it in a known order (discarded life cards), drawn only once the pool is gone."""

    top: int = -1
    pool: list[int] = field(default_factory=list)
    bottom: list[int] = field(default_factory=list)

    def copy(self) -> Pile:
        return Pile(self.top, self.pool[:], self.bottom[:])

    def size(self) -> int:
        return (self.top >= 0) + len(self.pool) + len(self.bottom)


@dataclass(frozen=True, slots=True)
class Frame:
    KIND: ClassVar[str] = ""
    seat: int

    def code(self) -> str:
        fields = ",".join(str(getattr(self, f.name)) for f in dataclasses.fields(self))
        return f"{self.KIND}({fields})"


@dataclass(frozen=True, slots=True)
class Moving(Frame):
    KIND: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class Retrieving(Frame):
    """`left` retrieved Creation tokens each offer a star activation or 1 entropy."""

    KIND: ClassVar[str] = "retrieve"
    left: int


@dataclass(frozen=True, slots=True)
class BiomeOffer(Frame):
    """A scarce Biome's reward for 1 entropy."""

    KIND: ClassVar[str] = "biome_reward"
    system: int
    slot: int


@dataclass(frozen=True, slots=True)
class Acting(Frame):
    """The Action step on the space landed on: `bonus` traffic units (Create Life's extra
    lifeforms), `resolved` once the action is resolved (exchanges and Done remain)."""

    KIND: ClassVar[str] = "action"
    action: str
    bonus: int
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class Activating(Frame):
    """Activate Stars from its space: `used` systems so far, `discounts` left."""

    KIND: ClassVar[str] = "activate_stars"
    used: tuple[int, ...]
    discounts: int


@dataclass(frozen=True, slots=True)
class Single(Frame):
    """`left` single star activations from an effect (no discount)."""

    KIND: ClassVar[str] = "activate_star"
    left: int


@dataclass(frozen=True, slots=True)
class Doing(Frame):
    """An action granted by an effect (`content.EFFECT_ACTIONS`)."""

    KIND: ClassVar[str] = "granted_action"
    action: str


@dataclass(frozen=True, slots=True)
class Advancing(Frame):
    KIND: ClassVar[str] = "advance"
    left: int


@dataclass(frozen=True, slots=True)
class Placing(Frame):
    """`left` lifeforms of index `life` to put on planets."""

    KIND: ClassVar[str] = "place"
    life: int
    left: int


@dataclass(frozen=True, slots=True)
class Taking(Frame):
    KIND: ClassVar[str] = "take"
    left: int


@dataclass(frozen=True, slots=True)
class Missioning(Frame):
    KIND: ClassVar[str] = "mission"


@dataclass(frozen=True, slots=True)
class Landing(Frame):
    """No decision: planet `planet` goes to its chosen space once its effect is resolved (the
    rulebook's order: pay, activate the effect, then flip and place it). The space is held for it
    meanwhile; a new Solar System's tile is laid when the planet is taken."""

    KIND: ClassVar[str] = "land"
    planet: int
    system: int
    slot: int


@dataclass(frozen=True, slots=True)
class Closing(Frame):
    """No decision: the turn's end (objectives, lifeform tiles, tokens ready, next player)."""

    KIND: ClassVar[str] = "close"
