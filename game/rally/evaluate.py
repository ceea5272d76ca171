"""How good a Rally position is for a seat, in points (banked titanium).

A seat's *potential* is what it has banked plus what the rest of its position
is expected to turn into before entropy reaches zero:

- titanium on its ships, times the chance to bank it (high while eras are
  left, higher still with a Titanium Portal waiting in the ship's program,
  nothing once the last chaos phase is over);
- energy on its ships and the energy its working portals will still produce
  (an energy point is worth `ENERGY` points while there are eras to spend it);
- each ship's future (more ships draw more cards), for the eras left;
- the nearest titanium to each ship (turning costs a card, so titanium
  straight ahead counts as nearer) and the nearest portal it could claim.

Eras left come from the entropy clock: the entropy still to go divided by the
rate it has risen so far (blended with a prior for the first eras). The
evaluation of a seat is its potential minus the best other seat's, so a
position is good when it leads the table (the arena counts wins, not points).
"""

from __future__ import annotations

from game.core.hexgrid import Hex
from game.core.protocol import Seat
from game.rally.cards import CARD_KIND, MAX_ERAS, START_ENTROPY
from game.rally.state import RallyState, Ship

ENERGY = 0.04
"""Points per energy point while there are eras left to spend it ..."""
ENERGY_NEEDED = 40
"""... up to this much on a ship (an era's programme); beyond it each point is
worth `SPARE` of that, so a hoard does not look like points that never come."""
SPARE = 0.3
PORTAL_SHARE = 0.6
"""A portal's energy is worth this share of `ENERGY` (it arrives spread over the fleet)."""
SHIP = 0.6
"""Points a seat's first ship is expected to earn per era left (losing the last
ship ends a seat's game); the k-th ship adds 1/k of that, since the ships share
one energy income."""
BANK = 0.8
"""Chance to bank carried titanium when at least one more era follows."""
BANK_WITH_PORTAL = 0.97
"""... when the ship still has a Titanium Portal programmed this era."""
NEAR_TITANIUM = 0.35
NEAR_PORTAL = 0.02
PRIOR_RATE = 110.0
"""Entropy per era assumed before the game has shown its own rate."""
PRIOR_WEIGHT = 2.0


def rate(state: RallyState) -> float:
    """Entropy risen per era so far, blended with the prior."""
    risen = max(0, state.entropy - START_ENTROPY)
    done = max(0, state.era - 1) + (0.5 if state.phase in ("chaos", "expansion") else 0.0)
    return max(40.0, (risen + PRIOR_RATE * PRIOR_WEIGHT) / (done + PRIOR_WEIGHT))


def eras_left(state: RallyState) -> float:
    """Eras expected after the current one (0 in the last era)."""
    if state.entropy >= 0 or state.is_over():
        return 0.0
    if state.phase in ("setup_tiles", "setup_ships", "start"):
        return min(float(MAX_ERAS) - 1, -state.entropy / rate(state))
    return max(0.0, min(float(MAX_ERAS - state.era), -state.entropy / rate(state) - 0.5))


def ahead(h: Hex, direction: int, target: Hex) -> bool:
    """Whether `target` lies on the straight line from `h` in `direction`."""
    d = target - h
    v = Hex(0, 0).neighbour(direction)
    for k in (1, 2, 3, 4, 5, 6, 7, 8):
        if d.q == v.q * k and d.r == v.r * k:
            return True
    return False


def _reach(ship: Ship, target: Hex) -> float:
    """Cards needed to get there, roughly: steps of up to 3, plus a turn unless straight ahead."""
    dist = ship.hex.distance(target)
    return (dist + 2) // 3 + (0 if ahead(ship.hex, ship.direction, target) else 1)


def energy_value(energy: int) -> float:
    """Points the energy on one ship is worth while there are eras to spend it."""
    return ENERGY * (min(energy, ENERGY_NEEDED) + SPARE * max(0, energy - ENERGY_NEEDED))


def fleet_value(ships: int, left: float) -> float:
    """What `ships` ships are worth for their future: 1 + 1/2 + ... + 1/k ship-values."""
    return SHIP * left * sum(1.0 / k for k in range(1, ships + 1))


def bank_chance(state: RallyState, ship: Ship, left: float) -> float:
    has_portal = state.phase in ("planning", "chaos") and any(
        CARD_KIND[c] == "titanium_portal" for c in ship.program)
    if has_portal:
        return BANK_WITH_PORTAL
    return BANK * min(1.0, left)


def potential(state: RallyState, seat: Seat, left: float | None = None) -> float:
    """Banked points plus the expected worth of everything else the seat has."""
    if left is None:
        left = eras_left(state)
    total = float(state.points[seat])
    if state.is_over():
        return total
    spend = min(1.0, left + (0.6 if state.phase in ("distribute", "planning") else 0.0))
    ships = state.ships_of(seat)
    titanium = [(h, t.value) for h, t in state.tiles.items() if t.kind == "titanium" and t.value > 0]
    portals = [h for h, t in state.tiles.items() if t.kind == "portal" and t.owner != seat
               and t.threshold is not None and state.entropy <= t.threshold]
    total += fleet_value(len(ships), left)
    for ship in ships:
        total += ship.titanium * bank_chance(state, ship, left)
        total += energy_value(ship.energy) * spend
        if titanium and spend > 0:
            best = max(v / (1.0 + _reach(ship, h)) for h, v in titanium)
            total += NEAR_TITANIUM * best * spend
        if portals and left > 0:
            total += NEAR_PORTAL * max(1.0 / (1.0 + _reach(ship, h)) for h in portals) * min(left, 3.0) * 20
    r = rate(state)
    for t in state.tiles.values():
        if t.kind == "portal" and t.owner == seat and t.threshold is not None and state.entropy <= t.threshold:
            eras = min(left, (t.threshold - state.entropy) / r + 0.5)
            total += t.value * ENERGY * PORTAL_SHARE * max(0.0, eras)
    return total


def potentials(state: RallyState) -> list[float]:
    left = eras_left(state)
    return [potential(state, p, left) if state.alive[p] or state.is_over() else float(state.points[p])
            for p in range(state.n)]


def margins(state: RallyState) -> list[float]:
    """Each seat's potential minus the best other seat's."""
    pots = potentials(state)
    out: list[float] = []
    for p, v in enumerate(pots):
        others = [w for q, w in enumerate(pots) if q != p]
        out.append(v - max(others) if others else v)
    return out
