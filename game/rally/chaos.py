"""What happens on the map: cards taking effect, ships landing, tokens flying,
battles, destruction and the entropy clock. Used by `rules` during the chaos
phase (and for landings at set-up and when a built ship is placed).

Reconstructions (argued in docs/rules/rally.md): only the hex a ship ends on
counts ("lands"); passing over tiles, ships or tokens on the way does nothing.
Arriving by any means is landing: a move, a wave's push, being placed. A
token entering a hex hits every ship on it; a ship landing on a token's hex is
hit by it. Tokens that would leave the tiles vanish.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.hexgrid import Hex, turn
from game.core.protocol import Event
from game.rally.cards import LASER_DAMAGE, MOVES, TURNS, card_info
from game.rally.commands import (
    Battle,
    CardIgnored,
    CardPlayed,
    Collected,
    EntropyChanged,
    LaserHit,
    PlayerOut,
    PortalClaimed,
    ShipDestroyed,
    ShipMoved,
    ShipTurned,
    TitaniumBanked,
    TokenFired,
    TokenMoved,
    WavePush,
)

from game.rally.model import PlacingBuiltShip, Ship, Token

if TYPE_CHECKING:
    from game.rally.state import RallyState


def hx(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


def adjust_entropy(state: RallyState, delta: int, cause: str, events: list[Event]) -> None:
    """Entropy changes, capped at 0; once it has reached 0 it never falls again. `cause`: the
    card's kind, "portals" (the energy portals' production) or "tidy" (a tidy tile placed)."""
    before = state.entropy
    if delta == 0 or (before >= 0 and delta < 0):
        return
    after = min(0, before + delta)
    if after == before:
        return
    state.entropy = after
    group = {"portals": "portals", "tidy": "tiles"}.get(cause, "cards")
    _count(state, "entropy:" + group, after - before)
    events.append(EntropyChanged(before, after, cause))


def destroy(state: RallyState, ship: Ship, reason: str, events: list[Event], where: Hex | None = None) -> None:
    """The ship leaves the game with its cargo; its unplayed cards go face down."""
    del state.ships[ship.id]
    state.buried.extend((c, ship.owner) for c in ship.program)
    ship.program = []
    at = where if where is not None else ship.hex
    events.append(ShipDestroyed(ship.id, ship.owner, hx(at), reason, ship.titanium, ship.energy))
    if not any(s.owner == ship.owner for s in state.ships.values()):
        p = ship.owner
        state.alive[p] = False
        state.done[p] = True
        state.buried.extend((c, p) for c in state.hands[p])
        state.hands[p] = []
        _count(state, f"out:era{state.era}")
        _count(state, f"out:by_{reason}")
        events.append(PlayerOut(p, state.points[p]))


def build_hexes(state: RallyState, ship: Ship) -> list[Hex]:
    """Tiles next to `ship` where a built ship may go: no other player's ship there."""
    return [h for h in ship.hex.neighbours() if h in state.tiles
            and all(s.owner == ship.owner for s in state.ships.values() if s.hex == h)]


def play_first_card(state: RallyState, sid: int, events: list[Event]) -> None:
    """The ship's first programmed card is revealed and played (or ignored)."""
    ship = state.ships[sid]
    card = ship.program.pop(0)
    info = card_info(card)
    state.played.append((sid, card))
    state.discard.append(card)
    if ship.energy < info.cost:
        _count(state, "ignored:" + info.kind)
        events.append(CardIgnored(sid, card, info.kind, "energy"))
        return
    if info.kind == "build_ship" and not build_hexes(state, ship):
        _count(state, "ignored:" + info.kind)
        events.append(CardIgnored(sid, card, info.kind, "no_room"))
        return
    ship.energy -= info.cost
    _count(state, info.kind)
    events.append(CardPlayed(sid, card, info.kind, info.cost))
    adjust_entropy(state, info.entropy(state.n), info.kind, events)
    if info.kind in MOVES:
        move(state, ship, info.amount, events)
    elif info.kind in TURNS:
        before = ship.direction
        ship.direction = turn(ship.direction, info.amount)
        events.append(ShipTurned(sid, before, ship.direction))
    elif info.kind in ("laser", "wave"):
        fire(state, ship, info.kind, events)
    elif info.kind == "titanium_portal":
        amount = ship.titanium
        ship.titanium = 0
        state.points[ship.owner] += amount
        events.append(TitaniumBanked(ship.owner, sid, amount, state.points[ship.owner]))
    elif info.kind == "build_ship":
        state.waiting = PlacingBuiltShip(ship.owner, sid)
    # tidy_up: its entropy change above is the whole effect.


def _count(state: RallyState, key: str, amount: int = 1) -> None:
    state.stats[key] = state.stats.get(key, 0) + amount


def move(state: RallyState, ship: Ship, steps: int, events: list[Event]) -> None:
    """Straight ahead, one hex at a time; a step onto no tile destroys the ship."""
    start = ship.hex
    path: list[tuple[int, int]] = []
    for _ in range(steps):
        nxt = ship.hex.neighbour(ship.direction)
        if nxt not in state.tiles:
            if path:
                events.append(ShipMoved(ship.id, hx(start), hx(ship.hex), tuple(path)))
            destroy(state, ship, "off_map", events, where=nxt)
            return
        ship.hex = nxt
        path.append(hx(nxt))
    events.append(ShipMoved(ship.id, hx(start), hx(ship.hex), tuple(path)))
    land(state, ship, events)


def land(state: RallyState, ship: Ship, events: list[Event]) -> None:
    """Everything that happens when a ship arrives on a hex, in order: tokens
    there hit it, a battle against other players' ships, then (if it survives)
    the portal is claimed and titanium/energy collected, and own ships there
    may exchange (queued as a decision)."""
    h = ship.hex
    for token in [t for t in state.tokens if t.hex == h]:
        if ship.id not in state.ships or ship.hex != h:
            return
        state.tokens.remove(token)
        _hit(state, token.kind, token.direction, [ship], events)
        if token.kind == "wave":
            return  # pushed on: it landed again where it ended (even back here, by another wave)
    if ship.id not in state.ships or ship.hex != h:
        return  # destroyed by a laser, or pushed on by a wave (already landed there)
    here = [s for s in state.ships.values() if s.hex == h]
    if any(s.owner != ship.owner for s in here):
        battle(state, h, events)
        if ship.id not in state.ships:
            return
    tile = state.tiles[h]
    if tile.kind == "portal" and tile.owner != ship.owner:
        previous = tile.owner
        tile = state.tiles[h] = tile.copy()  # tiles are shared between clones: replace, never edit
        tile.owner = ship.owner
        events.append(PortalClaimed(ship.owner, hx(h), None if previous < 0 else previous))
    elif tile.kind in ("titanium", "energy") and tile.value > 0:
        amount = tile.value
        tile = state.tiles[h] = tile.copy()
        tile.value = 0
        if tile.kind == "titanium":
            ship.titanium += amount
        else:
            ship.energy += amount
        events.append(Collected(ship.id, hx(h), tile.kind, amount))
    mates = [s for s in state.ships.values() if s.hex == h]
    if len(mates) >= 2 and all(s.owner == ship.owner for s in mates) and h not in state.exchanges:
        state.exchanges.append(h)


def battle(state: RallyState, h: Hex, events: list[Event]) -> None:
    """Each ship loses the combined energy of the other players' ships there;
    a ship left with no energy (0 or less) is removed with its cargo."""
    here = sorted((s for s in state.ships.values() if s.hex == h), key=lambda s: s.id)
    before = tuple(s.energy for s in here)
    losses = [sum(o.energy for o in here if o.owner != s.owner) for s in here]
    for s, loss in zip(here, losses):
        s.energy -= loss
    after = tuple(s.energy for s in here)
    events.append(Battle(hx(h), tuple(s.id for s in here), before, after))
    for s in here:
        if s.energy <= 0:
            destroy(state, s, "battle", events)
    survivors = [s for s in state.ships.values() if s.hex == h]
    if len(survivors) >= 2 and h not in state.exchanges:
        state.exchanges.append(h)


def fire(state: RallyState, ship: Ship, kind: str, events: list[Event]) -> None:
    """A laser or wave appears one hex ahead; if a ship is there it is hit at once."""
    target = ship.hex.neighbour(ship.direction)
    if target not in state.tiles:
        events.append(TokenFired(kind, ship.id, None, ship.direction))
        return
    events.append(TokenFired(kind, ship.id, hx(target), ship.direction))
    victims = sorted((s for s in state.ships.values() if s.hex == target), key=lambda s: s.id)
    if victims:
        _hit(state, kind, ship.direction, victims, events)
    else:
        state.tokens.append(Token(kind, target, ship.direction, ship.owner))


def advance_tokens(state: RallyState, events: list[Event]) -> None:
    """Start of a chaos round: every laser and wave moves one hex on."""
    for token in list(state.tokens):
        if token not in state.tokens:
            continue
        nxt = token.hex.neighbour(token.direction)
        if nxt not in state.tiles:
            state.tokens.remove(token)
            events.append(TokenMoved(token.kind, hx(token.hex), None))
            continue
        events.append(TokenMoved(token.kind, hx(token.hex), hx(nxt)))
        token.hex = nxt
        victims = sorted((s for s in state.ships.values() if s.hex == nxt), key=lambda s: s.id)
        if victims:
            state.tokens.remove(token)
            _hit(state, token.kind, token.direction, victims, events)


def _hit(state: RallyState, kind: str, direction: int, victims: list[Ship], events: list[Event]) -> None:
    for ship in victims:
        if ship.id not in state.ships:
            continue
        if kind == "laser":
            ship.energy -= LASER_DAMAGE
            events.append(LaserHit(ship.id,
                                   hx(ship.hex), ship.energy))
            if ship.energy < 0:
                destroy(state, ship, "laser", events)
        else:
            push(state, ship, direction, events)


def push(state: RallyState, ship: Ship, direction: int, events: list[Event]) -> None:
    """A wave moves the ship one hex its way; off the tiles the ship is lost."""
    frm = ship.hex
    to = frm.neighbour(direction)
    events.append(WavePush(ship.id, hx(frm), hx(to), direction))
    if to not in state.tiles:
        destroy(state, ship, "off_map", events, where=to)
        return
    ship.hex = to
    land(state, ship, events)
