"""Rally's numbers, tiles and cards, loaded once from data/rally.toml.

Cards are ints (one per physical card, in deck-building order); a card's kind
is `CARD_KIND[card]`. Tile types are ints indexing `TILE_TYPES` (the bag is a
multiset of types). Everything tunable lives in the data file, not here.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

_DATA: dict[str, Any] = tomllib.loads(
    resources.files("game.rally").joinpath("data/rally.toml").read_text(encoding="utf-8"))



def fingerprint(data: dict[str, Any]) -> str:
    """A short hash of every number in the parsed data file (comments do not count)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:12]


RULES_FINGERPRINT = fingerprint(_DATA)
"""Changes with any number of the data file (the per-player-count ones too): saves record it."""

NUMBERS: dict[str, int] = {k: int(v) for k, v in _DATA["numbers"].items()}
MIN_PLAYERS = NUMBERS["min_players"]
MAX_PLAYERS = NUMBERS["max_players"]
START_ENTROPY = NUMBERS["start_entropy"]
FREE_ENERGY = NUMBERS["free_energy"]
SETUP_TILES = NUMBERS["setup_tiles_per_player"]
EXPANSION_TILES = NUMBERS["expansion_tiles"]
CARDS_PER_SHIP = NUMBERS["cards_per_ship"]
LASER_DAMAGE = NUMBERS["laser_damage"]
MAX_ERAS = NUMBERS["max_eras"]

TILE_KINDS = ("space", "titanium", "energy", "portal", "tidy")
TILE_NAMES = {"space": "Space", "titanium": "Titanium", "energy": "Energy", "portal": "Energy Portal",
              "tidy": "Neatly Organized Space"}


@dataclass(frozen=True)
class TileType:
    """One kind of tile in the bag: what it is, its number, and how many."""

    kind: str
    value: int
    threshold: int | None
    count: int

    def describe(self) -> str:
        name = TILE_NAMES[self.kind]
        if self.kind in ("titanium", "energy"):
            return f"{name} {self.value}"
        if self.kind == "portal":
            return f"{name} (+{self.value} energy while entropy ≤ {self.threshold})"
        if self.kind == "tidy":
            return f"{name} (−{self.value} entropy)"
        return name


@dataclass(frozen=True)
class CardKind:
    """One kind of card: energy cost, entropy change with each player count, effect size,
    copies in the deck."""

    kind: str
    name: str
    cost: int
    entropies: tuple[int, ...]
    """Entropy change with MIN_PLAYERS, MIN_PLAYERS + 1, ... players at the table."""
    amount: int
    count: int

    def entropy(self, players: int) -> int:
        """The entropy change this card makes (and shows) at a table of `players`."""
        return self.entropies[players - MIN_PLAYERS]


def _tile(entry: dict[str, Any]) -> TileType:
    kind = str(entry["kind"])
    if kind not in TILE_KINDS:
        raise ValueError(f"rally.toml: unknown tile kind {kind!r}")
    threshold = entry.get("threshold")
    if (kind == "portal") != (threshold is not None):
        raise ValueError("rally.toml: portals, and only portals, have a threshold")
    return TileType(kind, int(entry.get("value", 0)), None if threshold is None else int(threshold),
                    int(entry["count"]))


TILE_TYPES: tuple[TileType, ...] = tuple(_tile(e) for e in _DATA["tiles"])


def _entropies(entry: dict[str, Any]) -> tuple[int, ...]:
    """`entropy = { 2 = 7, 3 = 8, 4 = 9 }`: one value for every player count."""
    table = entry["entropy"]
    if not isinstance(table, dict) or set(table) != {str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}:
        raise ValueError(f"rally.toml: {entry['kind']}'s entropy needs one value per player count "
                         f"{MIN_PLAYERS}-{MAX_PLAYERS}")
    return tuple(int(table[str(n)]) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))


CARD_KINDS: tuple[CardKind, ...] = tuple(
    CardKind(str(c["kind"]), str(c["name"]), int(c["cost"]), _entropies(c), int(c["amount"]), int(c["count"]))
    for c in _DATA["cards"])
KIND_BY_NAME: dict[str, CardKind] = {k.kind: k for k in CARD_KINDS}
CARD_KIND_IDS = ("move1", "move2", "move3", "right60", "right120", "turn180", "left120", "left60",
                 "laser", "wave", "titanium_portal", "build_ship", "tidy_up")
if set(KIND_BY_NAME) != set(CARD_KIND_IDS):
    raise ValueError("rally.toml must define exactly the contract's card kinds")

CARD_KIND: tuple[str, ...] = tuple(k.kind for k in CARD_KINDS for _ in range(k.count))
"""Kind of each physical card, by card id."""
N_CARDS = len(CARD_KIND)
MOVES = {"move1", "move2", "move3"}
TURNS = {"right60", "right120", "turn180", "left120", "left60"}


def card_info(card: int) -> CardKind:
    return KIND_BY_NAME[CARD_KIND[card]]


def card_name(card: int) -> str:
    return card_info(card).name if 0 <= card < N_CARDS else "a hidden card"


def bag_counts() -> list[int]:
    """The full tile bag: copies of each tile type."""
    return [t.count for t in TILE_TYPES]
