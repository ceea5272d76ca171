"""Entropy Rally's plain data: tiles, ships and tokens in flight, and small facts about them.

Kept apart from the rules (`rules`, `chaos`) and from the protocol adapter (`state`), which
both build on it: the rules made tiles, ships and tokens and the state ran the rules, so the
three imported one another.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.hexgrid import Hex
from game.rally.cards import TILE_TYPES, card_info


class Tile:
    """A placed tile: its type, what is left on it (or its production), its owner.

    Clones share Tile objects (cloning is the search's hot path), so a change
    replaces the tile with an edited copy (`state.tiles[h] = tile.copy()`)
    instead of editing it in place.
    """

    __slots__ = ("owner", "type", "value")

    def __init__(self, type_: int, value: int, owner: int = -1) -> None:
        self.type = type_
        self.value = value
        self.owner = owner

    @property
    def kind(self) -> str:
        return TILE_TYPES[self.type].kind

    @property
    def threshold(self) -> int | None:
        return TILE_TYPES[self.type].threshold

    def works(self, entropy: int) -> bool:
        """Whether this is an energy portal that produces at `entropy` (not above its threshold)."""
        threshold = TILE_TYPES[self.type].threshold
        return self.kind == "portal" and threshold is not None and entropy <= threshold

    def copy(self) -> Tile:
        return Tile(self.type, self.value, self.owner)


class Ship:
    """A ship: where it is, where it points, what it carries, its secret program."""

    __slots__ = ("direction", "energy", "hex", "id", "owner", "program", "titanium")

    def __init__(self, id_: int, owner: int, hex_: Hex, direction: int, energy: int = 0, titanium: int = 0) -> None:
        self.id = id_
        self.owner = owner
        self.hex = hex_
        self.direction = direction
        self.energy = energy
        self.titanium = titanium
        self.program: list[int] = []

    def copy(self) -> Ship:
        s = Ship(self.id, self.owner, self.hex, self.direction, self.energy, self.titanium)
        s.program = self.program[:]
        return s


class Token:
    """A laser or gravitational wave in flight."""

    __slots__ = ("direction", "hex", "kind", "owner")

    def __init__(self, kind: str, hex_: Hex, direction: int, owner: int) -> None:
        self.kind = kind
        self.hex = hex_
        self.direction = direction
        self.owner = owner

    def copy(self) -> Token:
        return Token(self.kind, self.hex, self.direction, self.owner)


def unpaid_slots(ship: Ship) -> list[int]:
    """Program slots the ship could not pay for if nothing else changed its
    energy (the planning screen's warning; pickups and hits may change it)."""
    energy, out = ship.energy, []
    for i, card in enumerate(ship.program):
        cost = card_info(card).cost
        if cost > energy:
            out.append(i)
        else:
            energy -= cost
    return out


def hex_list(h: Hex) -> list[int]:
    return [h.q, h.r]


@dataclass(frozen=True)
class PlacingBuiltShip:
    """A decision inside a chaos round: a Build card was played, and `owner` places the new
    ship next to its `parent`."""

    owner: int
    parent: int


@dataclass(frozen=True)
class SharingCargo:
    """A decision inside a chaos round: ships of one owner met on `hex`, and the owner may
    share their energy and titanium."""

    hex: Hex


Waiting = PlacingBuiltShip | SharingCargo
"""What a chaos round waits for a player to decide (at most one at a time)."""

