"""The Rally referee: is a command legal now, and if not, why (in a player's words).

Validation is by rule, not by membership in `candidates`: any program slot,
any energy split that uses the whole pool, any exchange that neither creates
nor loses cargo is legal. `Game.check` and `find_command` both come here.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.core.hexgrid import Hex
from game.core.protocol import AUTO, CHANCE, Command
from game.rally import chaos
from game.rally.cards import N_CARDS
from game.rally.commands import (
    ChaosRound,
    DealCards,
    DistributeEnergy,
    Exchange,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    ProgramCard,
    SetProgram,
    UnprogramCard,
)
from game.rally.rules import (
    chance_outcomes,
    deal_refusal,
    exchange_ships,
    on_frontier,
    ship_hexes,
    to_act,
)

if TYPE_CHECKING:
    from game.core.protocol import Seat
    from game.rally.model import Ship
    from game.rally.state import RallyState


def why_illegal(state: RallyState, cmd: Command) -> str | None:
    """None when `cmd` is legal now, else a reason in a player's words."""
    seat = cmd.seat
    if state.phase == "over":
        return "The game is over."
    if seat not in to_act(state):
        return "It is not your turn."
    if seat == AUTO:
        return None if isinstance(cmd, ChaosRound) else "The chaos round plays by itself."
    if seat == CHANCE:
        if isinstance(cmd, DealCards) and state.phase == "deal":
            return deal_refusal(state, cmd)
        return None if cmd in [c for c, _ in chance_outcomes(state)] else "That is not a possible draw now."
    ph = state.phase
    if isinstance(cmd, PlaceTile):
        if ph not in ("setup_tiles", "expansion"):
            return "There is no tile to place now."
        h = Hex(*cmd.hex)
        if h in state.tiles:
            return "That hex already has a tile."
        if not on_frontier(state, h):
            return "The first tile goes in the centre." if not state.tiles else "That hex is not next to any tile."
        return None
    if isinstance(cmd, PlaceShip):
        if ph != "setup_ships":
            return "Ships are placed at set-up only; new ships come from Build Ship."
        if not 0 <= cmd.direction < 6:
            return "A ship faces one of the six hex directions."
        h = Hex(*cmd.hex)
        if h not in state.tiles:
            return "A ship must be placed on a tile."
        if h in ship_hexes(state):
            return None
        if any(s.hex == h for s in state.ships.values()):
            return "Another ship is already on that tile."
        return "Too close: a ship may not start next to another ship."
    if isinstance(cmd, DistributeEnergy):
        if ph != "distribute":
            return "Energy is shared out only after production."
        ships = state.ships_of(seat)
        if len(cmd.amounts) != len(ships):
            return f"Give an amount for each of your {len(ships)} ships."
        if any(a < 0 for a in cmd.amounts):
            return "Amounts of energy cannot be negative."
        if sum(cmd.amounts) != state.pool[seat]:
            return f"Share out exactly {state.pool[seat]} energy (these amounts add up to {sum(cmd.amounts)})."
        return None
    if isinstance(cmd, (ProgramCard, UnprogramCard, MoveCard, FinishPlanning, SetProgram)):
        if ph != "planning":
            return "Programs are laid down in the planning phase."
        return _planning_reason(state, seat, cmd)
    if isinstance(cmd, PlaceBuiltShip):
        build = state.building()
        if ph != "chaos" or build is None:
            return "No new ship is waiting to be placed."
        parent = state.ships[build.parent]
        h = Hex(*cmd.hex)
        if h not in state.tiles:
            return "The new ship must go on a tile."
        if h.distance(parent.hex) != 1:
            return f"The new ship must go on a tile next to {ship_words(state, parent.owner, parent.id)}."
        if h not in chaos.build_hexes(state, parent):
            return "Another player's ship is on that tile."
        return None
    if isinstance(cmd, (Exchange, NoExchange)):
        if ph != "chaos" or state.meeting() is None:
            return "No ships of yours are meeting now."
        if isinstance(cmd, NoExchange):
            return None
        ships = exchange_ships(state)
        if len(cmd.energy) != len(ships) or len(cmd.titanium) != len(ships):
            return f"Give energy and titanium for each of the {len(ships)} ships here."
        if any(x < 0 for x in cmd.energy + cmd.titanium):
            return "Amounts cannot be negative."
        if sum(cmd.energy) != sum(s.energy for s in ships) or sum(cmd.titanium) != sum(s.titanium for s in ships):
            return "An exchange moves energy and titanium between the ships; it cannot create or lose any."
        return None
    if isinstance(cmd, OrderShips):
        if ph != "chaos":
            return "Ships play their cards in the chaos phase."
        if state.waiting is not None:
            return "Finish the pending decision first."
        if cmd.ship not in state.chaos_ships:
            return "That ship has no card to play now (or has played this round)."
        return None
    return "That is not a choice now."


def ship_words(state: RallyState, seat: Seat, sid: int) -> str:
    """A ship as the refused player knows it: "your ship 1" or "Player 2's ship 1".

    The engine's ids are shared by all players; players know their ships by their number
    within their own fleet (`RallyState.ship_numbers`), as the screens show them.
    """
    ship = state.ships.get(sid)
    if ship is None:
        return f"ship {sid}"
    number = state.ship_numbers()[sid]
    owner = "your" if ship.owner == seat else f"Player {ship.owner + 1}'s"
    return f"{owner} ship {number}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _own_ship(state: RallyState, seat: Seat, sid: int) -> Ship | str:
    ship = state.ships.get(sid)
    if ship is None:
        return "There is no such ship."
    if ship.owner != seat:
        return f"That is {ship_words(state, seat, sid)}, not yours."
    return ship


def _planning_reason(state: RallyState, seat: Seat, cmd: Command) -> str | None:
    hand = state.hands[seat]
    if isinstance(cmd, FinishPlanning):
        return None
    if isinstance(cmd, ProgramCard):
        ship = _own_ship(state, seat, cmd.ship)
        if isinstance(ship, str):
            return ship
        if cmd.card not in hand:
            return "That card is not in your hand."
        if not 0 <= cmd.index <= len(ship.program):
            return f"{_capital(ship_words(state, seat, ship.id))}'s program has slots 1 to {len(ship.program) + 1}."
        return None
    if isinstance(cmd, UnprogramCard):
        ship = _own_ship(state, seat, cmd.ship)
        if isinstance(ship, str):
            return ship
        if not 0 <= cmd.index < len(ship.program):
            return f"{_capital(ship_words(state, seat, ship.id))}'s program has no card in that slot."
        return None
    if isinstance(cmd, MoveCard):
        ship = _own_ship(state, seat, cmd.ship)
        if isinstance(ship, str):
            return ship
        dest = _own_ship(state, seat, cmd.to_ship)
        if isinstance(dest, str):
            return dest
        if not 0 <= cmd.index < len(ship.program):
            return f"{_capital(ship_words(state, seat, ship.id))}'s program has no card in that slot."
        room = len(dest.program) - (1 if dest is ship else 0)
        if not 0 <= cmd.to_index <= room:
            return f"{_capital(ship_words(state, seat, dest.id))}'s program has slots 1 to {room + 1}."
        return None
    assert isinstance(cmd, SetProgram)
    own = {s.id for s in state.ships_of(seat)}
    available = Counter(hand)
    for s in state.ships_of(seat):
        available.update(s.program)
    used: Counter[int] = Counter()
    seen: set[int] = set()
    for sid, cards in cmd.programs:
        if sid not in own:
            mine = _own_ship(state, seat, sid)
            assert isinstance(mine, str)
            return mine
        if sid in seen:
            return f"{_capital(ship_words(state, seat, sid))} is listed twice."
        seen.add(sid)
        used.update(cards)
    for card, k in used.items():
        if not 0 <= card < N_CARDS or k > available[card]:
            return "A program uses a card that is not in your hand."
    return None
