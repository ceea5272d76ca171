"""Cosmos's commands: one small frozen record per decision of a turn's chain.

Places in a play area are numbers: `system` is the index of a Solar System (its length: a new
one), `slot` a planet space in it. Piles of the main board are numbered by type and half:
planets `2 * type + half` (types in `content.LIFE_CONDITIONS` order), biomes 0-1 abundant and
2-3 scarce, life decks `2 * lifeform + half`. `Done` ends whatever may be ended (the Action
step, a reward taken in part, the Mission step without a mission).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from game.core.protocol import Command, CommandCodec


@dataclass(frozen=True)
class CosmosCommand(Command):
    def describe(self) -> str:
        """The notation `Game.parse_command` reads: the tag, then each field after the seat."""
        return " ".join([self.TAG, *(str(getattr(self, f.name)) for f in dataclasses.fields(self)[1:])]).strip()


@dataclass(frozen=True)
class Move(CosmosCommand):
    """Move the Scientist `steps` (1-3) sections clockwise and land on the inner action space,
    placing `token` (index in `content.TOKENS`), or with -1 on the action tile's outer space."""

    TAG: ClassVar[str] = "move"
    steps: int
    token: int


@dataclass(frozen=True)
class TakeEntropy(CosmosCommand):
    """A retrieved Creation token's reward as 1 entropy (instead of a star activation)."""

    TAG: ClassVar[str] = "entropy"


@dataclass(frozen=True)
class Activate(CosmosCommand):
    """Activate the star of `system`, paying its entropy (less the Generator's discount from the
    Activate Stars space)."""

    TAG: ClassVar[str] = "activate"
    system: int


@dataclass(frozen=True)
class Exchange(CosmosCommand):
    """The Entropy exchange: 2 entropy for 1 `resource` (energy or mass)."""

    TAG: ClassVar[str] = "exchange"
    resource: str


@dataclass(frozen=True)
class Evolve(CosmosCommand):
    """Put star type `star` in `system`: the next tier along a path, or a tier I star into a
    system without one (or a new system)."""

    TAG: ClassVar[str] = "evolve"
    system: int
    star: str


@dataclass(frozen=True)
class Aggregate(CosmosCommand):
    TAG: ClassVar[str] = "aggregate"
    pile: int
    system: int
    slot: int


@dataclass(frozen=True)
class PlayLife(CosmosCommand):
    """Play life card `card` to a planet; `discard` (-1: none) lends its `icon`."""

    TAG: ClassVar[str] = "life"
    card: int
    system: int
    slot: int
    discard: int
    icon: str


@dataclass(frozen=True)
class SetBiome(CosmosCommand):
    TAG: ClassVar[str] = "biome"
    pile: int
    system: int
    slot: int


@dataclass(frozen=True)
class Upgrade(CosmosCommand):
    """Upgrade the Focus card of token `card` (0 star, 1 planet, 2 life)."""

    TAG: ClassVar[str] = "upgrade"
    card: int


@dataclass(frozen=True)
class Take(CosmosCommand):
    """Take the top life card of deck `pile`."""

    TAG: ClassVar[str] = "take"
    pile: int


@dataclass(frozen=True)
class Catch(CosmosCommand):
    """Place an asteroid of `kind` on asteroid space `space` of a planet: space 0 paid with one
    lifeform of index `life` from that planet, space 1 with 2 mass (-1)."""

    TAG: ClassVar[str] = "catch"
    kind: str
    system: int
    slot: int
    space: int
    life: int


@dataclass(frozen=True)
class Soup(CosmosCommand):
    TAG: ClassVar[str] = "soup"


@dataclass(frozen=True)
class Advance(CosmosCommand):
    """One lifeform advancement on a planet: `step` 0 gains a bacterium, 1 turns a bacterium
    into a plant, 2 a plant into an animal."""

    TAG: ClassVar[str] = "advance"
    system: int
    slot: int
    step: int


@dataclass(frozen=True)
class Place(CosmosCommand):
    """Put one gained lifeform on a planet."""

    TAG: ClassVar[str] = "place"
    system: int
    slot: int


@dataclass(frozen=True)
class Fulfil(CosmosCommand):
    """Flip a Biome to its fulfilled side without meeting its requirement (an effect)."""

    TAG: ClassVar[str] = "fulfil"
    system: int
    slot: int


@dataclass(frozen=True)
class Accept(CosmosCommand):
    """Pay 1 entropy for a scarce Biome's reward."""

    TAG: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Mission(CosmosCommand):
    TAG: ClassVar[str] = "mission"
    mission: int


@dataclass(frozen=True)
class Done(CosmosCommand):
    TAG: ClassVar[str] = "done"


@dataclass(frozen=True)
class Reveal(CosmosCommand):
    """Chance: `card` becomes the top of pile `pile` of `kind` (planet, biome, life), drawn from
    the unseen cards of pile `source` (the pile itself, or its twin once it is empty)."""

    TAG: ClassVar[str] = "reveal"
    kind: str
    pile: int
    source: int
    card: int


CODEC = CommandCodec(Move, TakeEntropy, Activate, Exchange, Evolve, Aggregate, PlayLife, SetBiome, Upgrade, Take,
                     Catch, Soup, Advance, Place, Fulfil, Accept, Mission, Done, Reveal)
