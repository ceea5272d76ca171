"""Rally commands (one decision each) and events (one thing that happened each).

Hexes are `(q, r)` tuples (lists in JSON), directions 0..5 clockwise from
east (`game.core.hexgrid`), ships and cards are ints. Seat 0..3; CHANCE acts
for the starting-player draw, tile draws, the deal and each chaos round.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.hexgrid import DIRECTION_NAMES
from game.core.protocol import CHANCE, Command, CommandCodec, Event, Seat
from game.rally.cards import TILE_TYPES, card_name

HexT = tuple[int, int]


def hex_text(h: HexT) -> str:
    return f"{h[0]},{h[1]}"


# --- chance -------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseStarter(Command):
    """Chance: who receives the starting player token."""

    TAG: ClassVar[str] = "choose_starter"
    player: int

    def describe(self) -> str:
        return f"starter {self.player + 1}"


@dataclass(frozen=True)
class DrawTile(Command):
    """Chance: the tile type that comes out of the bag."""

    TAG: ClassVar[str] = "draw_tile"
    tile: int

    def describe(self) -> str:
        return f"draw {TILE_TYPES[self.tile].describe()}"


@dataclass(frozen=True)
class DealCards(Command):
    """Chance, sampled (`rules.sample_deal`): the era's cards, `hands[p]` the cards player p
    draws, in the order drawn. Recorded here so a replay is exact and `apply` needs no RNG."""

    TAG: ClassVar[str] = "deal_cards"
    hands: tuple[tuple[int, ...], ...]

    def describe(self) -> str:
        return "deal " + "/".join(",".join(str(c) for c in hand) or "-" for hand in self.hands)


@dataclass(frozen=True)
class ChaosRound(Command):
    """Chance (one outcome): the next chaos round resolves (a step for the animation)."""

    TAG: ClassVar[str] = "chaos_round"

    def describe(self) -> str:
        return "round"


# --- players -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceTile(Command):
    TAG: ClassVar[str] = "place_tile"
    hex: HexT

    def describe(self) -> str:
        return f"tile {hex_text(self.hex)}"


@dataclass(frozen=True)
class PlaceShip(Command):
    """Set-up: this seat's first ship goes on `hex`, facing `direction`."""

    TAG: ClassVar[str] = "place_ship"
    hex: HexT
    direction: int

    def describe(self) -> str:
        return f"ship {hex_text(self.hex)} {DIRECTION_NAMES[self.direction % 6]}"


@dataclass(frozen=True)
class DistributeEnergy(Command):
    """The energy pool shared out: one amount per own ship, in ascending ship id."""

    TAG: ClassVar[str] = "distribute_energy"
    amounts: tuple[int, ...]

    def describe(self) -> str:
        return "give " + ",".join(str(a) for a in self.amounts)


@dataclass(frozen=True)
class ProgramCard(Command):
    """Planning: put hand card `card` into `ship`'s program at position `index`."""

    TAG: ClassVar[str] = "program_card"
    ship: int
    card: int
    index: int

    def describe(self) -> str:
        return f"prog {self.ship} {self.card} {self.index}"


@dataclass(frozen=True)
class UnprogramCard(Command):
    """Planning: take the card at `index` of `ship`'s program back to the hand."""

    TAG: ClassVar[str] = "unprogram_card"
    ship: int
    index: int

    def describe(self) -> str:
        return f"unprog {self.ship} {self.index}"


@dataclass(frozen=True)
class MoveCard(Command):
    """Planning: move a programmed card to another slot (same or other own ship)."""

    TAG: ClassVar[str] = "move_card"
    ship: int
    index: int
    to_ship: int
    to_index: int

    def describe(self) -> str:
        return f"mv {self.ship} {self.index} {self.to_ship} {self.to_index}"


@dataclass(frozen=True)
class FinishPlanning(Command):
    TAG: ClassVar[str] = "finish_planning"

    def describe(self) -> str:
        return "done"


@dataclass(frozen=True)
class SetProgram(Command):
    """Planning in one step: every own ship's whole program; finishes. Kept because saves
    written before plans hold it (computers played it then) and the AI's own simulations set
    programs with it; no agent answers it any more (they answer `ProgramCard` ... `FinishPlanning`)."""

    TAG: ClassVar[str] = "set_program"
    programs: tuple[tuple[int, tuple[int, ...]], ...]

    def describe(self) -> str:
        return "set " + ";".join(f"{s}:" + ",".join(str(c) for c in cards) for s, cards in self.programs)


@dataclass(frozen=True)
class OrderShips(Command):
    """Chaos: of this seat's ships still to play this round, `ship` goes next."""

    TAG: ClassVar[str] = "order_ships"
    ship: int

    def describe(self) -> str:
        return f"order {self.ship}"


@dataclass(frozen=True)
class PlaceBuiltShip(Command):
    TAG: ClassVar[str] = "place_built_ship"
    hex: HexT

    def describe(self) -> str:
        return f"build {hex_text(self.hex)}"


@dataclass(frozen=True)
class Exchange(Command):
    """Own ships met: the new energy and titanium of each, in ascending ship id."""

    TAG: ClassVar[str] = "exchange"
    energy: tuple[int, ...]
    titanium: tuple[int, ...]

    def describe(self) -> str:
        return "swap " + ",".join(map(str, self.energy)) + "/" + ",".join(map(str, self.titanium))


@dataclass(frozen=True)
class NoExchange(Command):
    TAG: ClassVar[str] = "no_exchange"

    def describe(self) -> str:
        return "keep"


CODEC = CommandCodec(ChooseStarter, DrawTile, DealCards, ChaosRound, PlaceTile, PlaceShip, DistributeEnergy,
                     ProgramCard, UnprogramCard, MoveCard, FinishPlanning, SetProgram, OrderShips,
                     PlaceBuiltShip, Exchange, NoExchange)

# --- events ------------------------------------------------------------------------------
# `audience` None = every seat sees it; otherwise only those seats, and the others get a copy
# with the `PRIVATE` fields blanked, or nothing (`game.core.protocol.redact`).


@dataclass(frozen=True)
class StarterChosen(Event):
    TAG: ClassVar[str] = "starter_chosen"
    player: int


@dataclass(frozen=True)
class TileDrawn(Event):
    TAG: ClassVar[str] = "tile_drawn"
    player: int
    tile: int


@dataclass(frozen=True)
class TilePlaced(Event):
    TAG: ClassVar[str] = "tile_placed"
    player: int
    hex: HexT
    kind: str
    value: int


@dataclass(frozen=True)
class ShipPlaced(Event):
    TAG: ClassVar[str] = "ship_placed"
    player: int
    ship: int
    hex: HexT
    direction: int


@dataclass(frozen=True)
class CardsDealt(Event):
    """`cards` is the player's new hand for its own eyes, empty in others' copies."""

    TAG: ClassVar[str] = "cards_dealt"
    PRIVATE: ClassVar[Mapping[str, Any]] = {"cards": ()}
    player: int
    count: int
    cards: tuple[int, ...]
    audience: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class DeckReshuffled(Event):
    TAG: ClassVar[str] = "deck_reshuffled"
    size: int


@dataclass(frozen=True)
class Production(Event):
    TAG: ClassVar[str] = "production"
    player: int
    portals: int
    free: int
    total: int


@dataclass(frozen=True)
class EnergyDistributed(Event):
    TAG: ClassVar[str] = "energy_distributed"
    player: int
    ships: tuple[int, ...]
    amounts: tuple[int, ...]


@dataclass(frozen=True)
class ProgramChanged(Event):
    TAG: ClassVar[str] = "program_changed"
    player: int
    ship: int
    cards: tuple[int, ...]
    audience: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class PlanningDone(Event):
    """`counts` = cards programmed per ship (public); discarded = hand cards left over."""

    TAG: ClassVar[str] = "planning_done"
    player: int
    counts: tuple[tuple[int, int], ...]
    discarded: int


@dataclass(frozen=True)
class RoundStarted(Event):
    TAG: ClassVar[str] = "round_started"
    round: int


@dataclass(frozen=True)
class TokenFired(Event):
    """A laser or wave appears one hex ahead of `ship` (hex None: it left the map at once)."""

    TAG: ClassVar[str] = "token_fired"
    kind: str
    ship: int
    hex: HexT | None
    direction: int


@dataclass(frozen=True)
class TokenMoved(Event):
    """A token advanced (`to` None: it left the map and vanished)."""

    TAG: ClassVar[str] = "token_moved"
    kind: str
    frm: HexT
    to: HexT | None


@dataclass(frozen=True)
class LaserHit(Event):
    TAG: ClassVar[str] = "laser_hit"
    ship: int
    hex: HexT
    energy: int


@dataclass(frozen=True)
class WavePush(Event):
    TAG: ClassVar[str] = "wave_push"
    ship: int
    frm: HexT
    to: HexT
    direction: int


@dataclass(frozen=True)
class CardPlayed(Event):
    TAG: ClassVar[str] = "card_played"
    REVEALS: ClassVar[bool] = True  # a programmed card, face down until now
    ship: int
    card: int
    kind: str
    paid: int


@dataclass(frozen=True)
class CardIgnored(Event):
    """Not played: the ship could not pay (reason `energy`) or there was no room to build (`no_room`)."""

    TAG: ClassVar[str] = "card_ignored"
    REVEALS: ClassVar[bool] = True
    ship: int
    card: int
    kind: str
    reason: str


@dataclass(frozen=True)
class ShipMoved(Event):
    TAG: ClassVar[str] = "ship_moved"
    ship: int
    frm: HexT
    to: HexT
    path: tuple[HexT, ...]


@dataclass(frozen=True)
class ShipTurned(Event):
    TAG: ClassVar[str] = "ship_turned"
    ship: int
    frm: int
    to: int


@dataclass(frozen=True)
class ShipDestroyed(Event):
    """`reason`: off_map, laser or battle. `hex` is where it was last (off_map: the void hex)."""

    TAG: ClassVar[str] = "ship_destroyed"
    ship: int
    player: int
    hex: HexT
    reason: str
    titanium: int
    energy: int


@dataclass(frozen=True)
class Battle(Event):
    """`before`/`after` energy per ship id in `ships` (after <= 0: destroyed)."""

    TAG: ClassVar[str] = "battle"
    hex: HexT
    ships: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]


@dataclass(frozen=True)
class PortalClaimed(Event):
    TAG: ClassVar[str] = "portal_claimed"
    player: int
    hex: HexT
    previous: int | None


@dataclass(frozen=True)
class Collected(Event):
    TAG: ClassVar[str] = "collected"
    ship: int
    hex: HexT
    kind: str
    amount: int


@dataclass(frozen=True)
class TitaniumBanked(Event):
    TAG: ClassVar[str] = "titanium_banked"
    player: int
    ship: int
    amount: int
    points: int


@dataclass(frozen=True)
class ShipBuilt(Event):
    TAG: ClassVar[str] = "ship_built"
    player: int
    ship: int
    parent: int
    hex: HexT
    direction: int


@dataclass(frozen=True)
class ExchangeDone(Event):
    TAG: ClassVar[str] = "exchange_done"
    player: int
    ships: tuple[int, ...]
    energy: tuple[int, ...]
    titanium: tuple[int, ...]


@dataclass(frozen=True)
class EntropyChanged(Event):
    TAG: ClassVar[str] = "entropy_changed"
    before: int
    after: int
    cause: str
    """A card's kind, "portals" (production) or "tidy" (a tidy tile placed)."""


@dataclass(frozen=True)
class PlayerOut(Event):
    TAG: ClassVar[str] = "player_out"
    player: int
    points: int


@dataclass(frozen=True)
class RaceDecided(Event):
    """Only `player` still has ships and already leads: nobody can catch up (`points` per seat)."""
    TAG: ClassVar[str] = "race_decided"
    player: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class EraEnded(Event):
    TAG: ClassVar[str] = "era_ended"
    era: int
    starting_player: int


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    points: tuple[int, ...]
    kind: str
    """Why the game ended (`ending.OVER_KINDS`: "entropy", "no_ships", "decided", ...)."""


__all__ = ["CHANCE", "CODEC", "card_name"]
