"""Where a stronger enemy ship could meet a seat's only ship during this era's chaos phase.

The simulated chaos phases in `game.rally.agent` give other players cheap
programs planned from where our ship *starts* the era, so they hardly ever
show an enemy that happens to be, or moves, where our ship is about to fly:
in saved `normal`-vs-`normal` games most last ships were lost in era 1 by
flying onto or next to a ship with as much energy or more, on a line of
tiles it could cover with a Move or two. This module maps that danger for
the planner (`game.rally.planner`'s `Context.danger`, priced by
`planner.danger_cost`).

`reach` lists, for one enemy ship, the fewest cards (one per chaos round:
Moves of 1-3 over tiles, turns to any facing) it needs to land on each hex,
and the energy it has left there. Our ship is in danger on a hex it holds
from one card of its program to the next (the last hex until the phase ends)
when an enemy can land there by that round with at least as much energy as
ours (a battle both lose is as fatal); the chance falls with the cards the
enemy needs (`CHANCE`). Where it stops, it is also in danger at the map's
edge in line of an enemy ship that can push it off with a gravitational wave
(`edges`, at `evaluate`'s wave chances): a ship fleeing a stronger one along
a strip otherwise ends at the strip's end, in line of its wave. Every ship of the seat
is mapped (the stake differs: a last ship's loss ends the race, `planner.guard`).
"""

from __future__ import annotations

from game.core.hexgrid import Hex
from game.core.protocol import Seat
from game.rally import evaluate
from game.rally.cards import KIND_BY_NAME, TURNS
from game.rally.model import Ship
from game.rally.state import RallyState

CHANCE = (0.0, 0.4, 0.2, 0.1, 0.05)
"""Chance an enemy that needs this many cards (index; more than 4: the last) to land on
our ship's hex in time does so: it must hold them and want to."""
_TURN_COST = min(KIND_BY_NAME[k].cost for k in TURNS)

Ways = dict[tuple[int, int], tuple[int, int]]
"""(q, r) -> (fewest cards to land there, energy the enemy ship has left on arrival)."""
Edges = dict[tuple[int, int], int]
"""(q, r) -> cards (1: a wave as it faces, 2: a turn first) to push a ship there off the map."""
Danger = tuple[tuple[Ways, int, Edges], ...]
"""Per enemy ship: its ways, the most cards it can play this era, and its wave edges."""


def reach(tiles: frozenset[Hex], ship: Ship, cards: int) -> Ways:
    """Fewest cards (at most `cards`) for `ship` to land on each hex over tiles, and the
    energy it has left there (a turn counted at the cheapest turn's cost)."""
    best: Ways = {}
    layer: dict[tuple[Hex, int], int] = {(ship.hex, ship.direction): 0}
    seen: dict[tuple[Hex, int], int] = dict(layer)
    for used in range(1, cards + 1):
        nxt: dict[tuple[Hex, int], int] = {}
        for (h, d), spent in layer.items():
            options = [((h, turn), spent + _TURN_COST) for turn in range(6) if turn != d]
            cur = h
            for k in (1, 2, 3):
                cur = cur.neighbour(d)
                if cur not in tiles:
                    break
                cost = spent + evaluate.MOVE_COST[k]
                key = (cur.q, cur.r)
                if key not in best or best[key][0] == used and best[key][1] < ship.energy - cost:
                    best[key] = (used, ship.energy - cost)
                options.append(((cur, d), cost))
            for state, cost in options:
                if cost < seen.get(state, 1 << 30) and cost < nxt.get(state, 1 << 30):
                    nxt[state] = cost
        seen.update(nxt)
        layer = nxt
    return best


def edges(tiles: frozenset[Hex], ship: Ship) -> Edges:
    """The hex at the end of each straight line of tiles from `ship` (a wave sent along
    it pushes a ship there off the map), with the cards that takes."""
    out: Edges = {}
    for d in range(6):
        cur = ship.hex.neighbour(d)
        if cur not in tiles:
            continue
        for _ in range(8):
            nxt = cur.neighbour(d)
            if nxt not in tiles:
                key = (cur.q, cur.r)
                out[key] = min(out.get(key, 2), 1 if d == ship.direction else 2)
                break
            cur = nxt
    return out


def enemy_cards(state: RallyState, foe: Ship) -> int:
    """The most cards `foe` can play this era: its known program length once its owner
    has planned, else its owner's hand."""
    if state.done[foe.owner]:
        return len(foe.program)
    return len(state.hands[foe.owner])


def danger(state: RallyState, seat: Seat) -> Danger:
    """The enemy ships' ways for a seat planning its ships (empty outside planning). Every
    ship is mapped, not only a last one: `normal` sent a ship with 84 energy onto one with
    282 (issue 17) while it had another, as the simulated worlds rarely show the meeting."""
    if not state.ships_of(seat) or state.phase != "planning":
        return ()
    tiles = frozenset(state.tiles)
    out = []
    for foe in sorted(state.ships.values(), key=lambda s: s.id):
        if foe.owner != seat and state.alive[foe.owner]:
            cards = enemy_cards(state, foe)
            if cards > 0:
                out.append((reach(tiles, foe, cards), cards, edges(tiles, foe)))
    return tuple(out)


def chance(danger: Danger, here: tuple[int, int], energy: int, rounds: int | None) -> float:
    """The chance an enemy ship lands on `here` within `rounds` cards with at least
    `energy` left, or (`rounds` None: where the ship stops, for the rest of the phase)
    lands there or pushes it off the map; the likeliest enemy counts."""
    worst = 0.0
    for way, cards, edge in danger:
        found = way.get(here)
        if found is not None:
            need, left = found
            if need <= (cards if rounds is None else min(rounds, cards)) and left >= energy:
                worst = max(worst, CHANCE[min(need, len(CHANCE) - 1)])
        wave = edge.get(here) if rounds is None else None
        if wave is not None and wave <= cards:
            worst = max(worst, evaluate.WAVE_ONE_CARD if wave == 1 else evaluate.WAVE_TWO_CARDS)
    return worst
