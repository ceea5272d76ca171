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
rate it has risen so far (blended with a prior for the first eras, derived
from the deck's card entropies), counted at most `HORIZON` eras ahead. The
evaluation of a seat is its potential minus the best other seat's, so a
position is good when it leads the table (the arena counts wins, not points).

The *careful* evaluation (`margins(state, careful=True)`, what `normal` and
`hard` search with) adds what the plain one misses about losing ships:

- a finished race is a win or a loss, not just a point margin: a loser's
  potential drops by `WIN`, and so does a seat that is out of ships while the
  game goes on (it can no longer score), so the AI never "ends" a race it is
  behind in by losing its last ship;
- between chaos phases, each ship that an enemy ship can land on next era
  with more energy than the ship will have (both get their owner's income
  first; the attacker pays for the cards that bring it there) is at risk:
  its stake (its titanium, the fleet's loss, and `WIN` for a seat's last
  ship) times a rough chance the attack is dealt and played; so is a ship at
  the map's edge that an enemy ship could push off with a gravitational wave
  along a line of tiles.

In the careful evaluation a *lone survivor* (every other player out of ships,
the game still on, so it trails or is tied: see `game.rally.ending`) is
judged by `lone_potential` instead: nothing it has is worth anything except
the points it can still bank, because it wins only by getting strictly ahead
before entropy runs out.
So its potential is its points, carried titanium times the chance to bank it,
a pull towards the nearest titanium that grows by `LONE_STEP` per card of
the way there over the tiles (`game.rally.routes`) however far it is (the plain nearness term hardly changes beyond one
era's flight, which left a lone ship hoarding energy), and the clock (the
nearer entropy is to 0, the better: with nothing to gain it should end the
game, not stall it). Its careful margin (`lone_margin`) does not count the
players who are out as losers (they lead) and adds `WIN` times twice its rough
chance to catch up, minus one. The margins of the players who are out stay as
before (being out is a loss), so a careful player guards its last ship as
much as ever.
"""

from __future__ import annotations

from game.core.hexgrid import Hex
from game.core.protocol import Seat
from game.rally import routes
from game.rally.cards import (
    CARD_KIND,
    EXPANSION_TILES,
    FREE_ENERGY,
    KIND_BY_NAME,
    MAX_ERAS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_ENTROPY,
    TILE_TYPES,
)
from game.rally.model import Ship
from game.rally.state import RallyState

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
MEAN_CARD_ENTROPY = {n: sum(k.count * k.entropy(n) for k in KIND_BY_NAME.values()) / sum(
    k.count for k in KIND_BY_NAME.values()) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
"""Entropy change of an average card in the deck, by player count (from the data file)."""
PRIOR_CARDS = 7.0
"""Entropy per era assumed before the game has shown its own rate: seven average cards
of the table's player count (the table's cards and portals in the first eras of 2-player
playtests; 110 with the first numbers), so it follows the data file when card entropies change."""
PRIOR_WEIGHT = 2.0
MIN_CARDS = 2.5
"""The rate is never taken as slower than this many average cards an era."""
HORIZON = 9.0
"""At most this many eras ahead are valued (a ship's future, a portal's energy, a
built ship): about what the clock left at the start of a game before it was slowed
(1000 entropy at 110 an era). Further ahead the map and the fleets change too much to
count on, and a longer game must not make the future outweigh a race won or lost now."""
WIN = 20.0
"""Points a won race is worth beyond its margin (careful evaluation only)."""
HIT_ONE_CARD = 0.5
"""Chance an enemy that can land on a ship with one Move card next era does so
(it must be dealt that card, and the ship may fly off first) ..."""
HIT_TWO_CARDS = 0.25
"""... and with two cards (a turn then a move, or two moves in line)."""
WAVE_ONE_CARD = 0.25
"""Chance an enemy ship whose line (as it faces) runs over tiles to a ship at the
map's edge sends the wave that pushes it off (a wave is 4 cards in 69) ..."""
WAVE_TWO_CARDS = 0.1
"""... and when it must turn first."""
LONE_STEP = 0.1
"""Points a lone survivor short of the lead loses per card between a ship and the nearest titanium ..."""
LONE_REACH = 8
"""... counted up to this many cards (so collecting one titanium always beats the pull to the next)."""
LONE_ENERGY = 0.0002
"""Points per energy point (up to `ENERGY_NEEDED` a ship) for a lone survivor: enough to keep it
from wasting cards, never enough to outweigh a titanium banked."""
LONE_CLOCK = 0.001
"""Points per point of entropy (negative until the end) for a lone survivor: cards that run the
clock are a little better than cards kept, so a lost cause ends instead of stalling."""
LEAD_CLOCK = 0.01
"""Points per point of entropy a careful seat's plan raises this era when its banked
points are at least every other seat's (`not_behind`, judged when it plans): the game
ending now would not lose it, so it plays cards that run the clock rather than hoard
energy (two tied AIs with nothing left to collect stopped playing cards and only the
era limit ended the game). About what the energy a Move costs is worth on a ship with
more than `ENERGY_NEEDED`. Counted by `game.rally.agent` and the planner, not in
`margins`: a term on the entropy itself would differ between a seat tied and one just
behind, and make falling behind look like a gain."""
LONE_CHANCE_CAP = 1.0
"""A lone survivor's chance to catch up is at most this (a Titanium Portal may not be dealt in time)."""
MOVE_COST = {k: KIND_BY_NAME[f"move{k}"].cost for k in (1, 2, 3)}
"""Energy a ship pays for Move k (k = 1, 2, 3); the threat check and `ambush` both plan with it."""
_TURN_COST = {1: KIND_BY_NAME["right60"].cost, 2: KIND_BY_NAME["right120"].cost, 3: KIND_BY_NAME["turn180"].cost}
_BETWEEN_ERAS = ("expansion", "deal", "distribute", "setup_ships", "setup_tiles")


def rate(state: RallyState) -> float:
    """Entropy risen per era so far, blended with the prior."""
    risen = max(0, state.entropy - START_ENTROPY)
    done = max(0, state.era - 1) + (0.5 if state.phase in ("chaos", "expansion") else 0.0)
    card = MEAN_CARD_ENTROPY[state.n]
    return max(MIN_CARDS * card, (risen + PRIOR_CARDS * card * PRIOR_WEIGHT) / (done + PRIOR_WEIGHT))


def eras_left(state: RallyState) -> float:
    """Eras expected after the current one (0 in the last era), at most `HORIZON`."""
    if state.entropy >= 0 or state.is_over():
        return 0.0
    if state.phase in ("setup_tiles", "setup_ships", "start"):
        return min(HORIZON, float(MAX_ERAS) - 1, -state.entropy / rate(state))
    return max(0.0, min(HORIZON, float(MAX_ERAS - state.era), -state.entropy / rate(state) - 0.5))


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


def lone(state: RallyState) -> Seat | None:
    """The only player still flying while the game goes on (so not ahead); None otherwise."""
    if state.n < 2 or state.is_over():
        return None
    alive = [p for p in range(state.n) if state.alive[p]]
    return alive[0] if len(alive) == 1 else None


def lone_short(state: RallyState, seat: Seat) -> int:
    """Titanium `seat` must still collect (beyond what its ships carry) to get strictly ahead."""
    best = max(state.points[o] for o in range(state.n) if o != seat)
    carried = sum(s.titanium for s in state.ships_of(seat))
    return best + 1 - state.points[seat] - carried


def lone_reach(state: RallyState, ship: Ship, titanium: list[tuple[Hex, int]]) -> float:
    """`LONE_STEP` per card from `ship` to the nearest titanium over the tiles
    (`game.rally.routes`; up to `LONE_REACH` cards, also when there is no way)."""
    field = routes.cards_to(state.tiles, (h for h, _ in titanium))
    return LONE_STEP * min(LONE_REACH, field.get((ship.hex, ship.direction), LONE_REACH))


def lone_potential(state: RallyState, seat: Seat, left: float) -> float:
    """A lone survivor's potential (see the module docstring)."""
    total = float(state.points[seat]) + LONE_CLOCK * min(0, state.entropy)
    titanium = [(h, t.value) for h, t in state.tiles.items() if t.kind == "titanium" and t.value > 0]
    short = lone_short(state, seat) > 0
    for ship in state.ships_of(seat):
        total += ship.titanium * bank_chance(state, ship, left)
        total += LONE_ENERGY * min(ship.energy, ENERGY_NEEDED)
        if short and titanium:
            total -= lone_reach(state, ship, titanium)
    return total


def lone_chance(state: RallyState, seat: Seat) -> float:
    """A rough chance for a lone survivor to get strictly ahead: the titanium there is
    (carried, on tiles, and expected from the bag) against what it needs, at most
    `LONE_CHANCE_CAP`, less in the last two eras."""
    need = max(state.points[o] for o in range(state.n) if o != seat) + 1 - state.points[seat]
    there: float = sum(s.titanium for s in state.ships_of(seat)) + sum(
        t.value for t in state.tiles.values() if t.kind == "titanium" and t.value > 0)
    left = eras_left(state)
    tiles = sum(state.bag)
    if tiles and left > 0:  # what the expansions of the eras left are expected to lay
        bagged = sum(n * TILE_TYPES[i].value for i, n in enumerate(state.bag) if TILE_TYPES[i].kind == "titanium")
        there += bagged * min(1.0, EXPANSION_TILES * left / tiles)
    return LONE_CHANCE_CAP * min(1.0, there / max(1, need)) * min(1.0, (left + 1) / 2)


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
    portals = [h for h, t in state.tiles.items() if t.owner != seat and t.works(state.entropy)]
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


def income(state: RallyState, seat: Seat) -> int:
    """Energy the seat will get at the start of the next era (free energy and working portals)."""
    if state.phase == "distribute":
        return state.pool[seat]
    gain = FREE_ENERGY
    for t in state.tiles.values():
        if t.owner == seat and t.works(state.entropy):
            gain += t.value
    return gain


def _straight(state: RallyState, frm: Hex, direction: int, steps: int) -> Hex | None:
    """Where `steps` steps ahead end, or None when the way leaves the tiles."""
    cur = frm
    for _ in range(steps):
        cur = cur.neighbour(direction)
        if cur not in state.tiles:
            return None
    return cur


def attack_cost(state: RallyState, attacker: Ship, target: Hex) -> tuple[int, int] | None:
    """(cards, energy) of the cheapest way for `attacker` to land on `target` with
    at most two cards (one move; a turn and a move; two moves in line), or None."""
    best: tuple[int, int] | None = None
    for k in (1, 2, 3):
        if _straight(state, attacker.hex, attacker.direction, k) == target:
            return 1, MOVE_COST[k]
    for d in range(6):
        turn = min((d - attacker.direction) % 6, (attacker.direction - d) % 6)
        for k in (1, 2, 3):
            if turn == 0:
                for j in (1, 2, 3):
                    mid = _straight(state, attacker.hex, d, k)
                    if mid is not None and _straight(state, mid, d, j) == target:
                        cost = (2, MOVE_COST[k] + MOVE_COST[j])
                        best = cost if best is None or cost < best else best
            elif _straight(state, attacker.hex, d, k) == target:
                cost = (2, _TURN_COST[turn] + MOVE_COST[k])
                best = cost if best is None or cost < best else best
    return best


def wave_cards(state: RallyState, attacker: Ship, target: Ship) -> int | None:
    """Cards (1: a wave as it faces, 2: a turn first) for `attacker` to push `target`
    off the map with a gravitational wave: the target lies on a line of tiles
    from it and the hex beyond the target in that direction has no tile."""
    for d in range(6):
        cur = attacker.hex.neighbour(d)
        for _ in range(8):
            if cur not in state.tiles:
                break
            if cur == target.hex:
                if cur.neighbour(d) not in state.tiles:
                    return 1 if d == attacker.direction else 2
                break
            cur = cur.neighbour(d)
    return None


def threat(state: RallyState, seat: Seat, left: float) -> float:
    """Points the seat expects to lose next era to enemy ships landing on its ships
    with more energy (see the module docstring); 0 outside the gap between eras."""
    if state.phase not in _BETWEEN_ERAS or left <= 0 or state.is_over():
        return 0.0
    own = state.ships_of(seat)
    enemies = [s for s in state.ships.values() if s.owner != seat and state.alive[s.owner]]
    if not own or not enemies:
        return 0.0
    share = income(state, seat) // len(own)
    loss = fleet_value(len(own), left) - fleet_value(len(own) - 1, left) + (WIN if len(own) == 1 else 0.0)
    total = 0.0
    for ship in own:
        mine = ship.energy + share
        safe = 1.0
        for foe in enemies:
            if ship.hex.distance(foe.hex) > 6:
                continue
            way = attack_cost(state, foe, ship.hex)
            if way is not None and foe.energy + income(state, foe.owner) - way[1] > mine:
                safe *= 1.0 - (HIT_ONE_CARD if way[0] == 1 else HIT_TWO_CARDS)
            wave = wave_cards(state, foe, ship)
            if wave is not None:
                safe *= 1.0 - (WAVE_ONE_CARD if wave == 1 else WAVE_TWO_CARDS)
        if safe < 1.0:
            total += (1.0 - safe) * (loss + ship.titanium * BANK)
    return total


def margins(state: RallyState, careful: bool = False) -> list[float]:
    """Each seat's potential minus the best other seat's (careful: see the module docstring)."""
    pots = potentials(state)
    if careful:
        pots = _careful(state, pots)
    out: list[float] = []
    for p, v in enumerate(pots):
        others = [w for q, w in enumerate(pots) if q != p]
        out.append(v - max(others) if others else v)
    survivor = lone(state) if careful else None
    if survivor is not None:
        out[survivor] = lone_margin(state, survivor)
    return out


def not_behind(state: RallyState, seat: Seat) -> bool:
    """Whether `seat` still flies and has banked at least as much as every other seat
    (the game ending now would not lose it)."""
    return state.alive[seat] and all(state.points[seat] >= state.points[o] for o in range(state.n) if o != seat)


def lone_margin(state: RallyState, seat: Seat) -> float:
    """A lone survivor's careful margin: its `lone_potential` against the best points of
    the players who are out (they lead, so they are not counted as losers), plus `WIN`
    times twice its chance to catch up, minus one."""
    best = max(state.points[o] for o in range(state.n) if o != seat)
    pot = lone_potential(state, seat, eras_left(state))
    return pot - best + WIN * (2 * lone_chance(state, seat) - 1)


def _careful(state: RallyState, pots: list[float]) -> list[float]:
    """Potentials with wins and losses, being out, and threatened ships counted."""
    if state.is_over():
        winners = state.winners()
        return [v if p in winners else v - WIN for p, v in enumerate(pots)]
    left = eras_left(state)
    return [v - threat(state, p, left) if state.alive[p] else v - WIN for p, v in enumerate(pots)]
