"""Where a ship's program would take it, from the planner's own view (no pygame, no hidden facts).

The planning screen draws each own ship's predicted route while the player arranges cards.
The forecast plays the cards through the engine's own chaos rules (`chaos.play_first_card`)
on a small position rebuilt from the view's public data — the map, the entropy, the ship and
the other players' ships where they stand now — so it cannot drift from the rules: payment
and skipped cards, moves straight ahead, flying off the map, battles, collecting. It assumes
nothing else moves (the "assuming nothing else moves" of the rules screen): other ships stay
put, only this ship plays, and lasers and waves already in flight are left out. A move that
ends on another player's ship is a battle, and the forecast says whether the ship comes out
of it (a lost battle ends the route there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.hexgrid import Hex
from game.core.protocol import Event
from game.core.rng import Rng
from game.rally import chaos
from game.rally.cards import CARD_KIND, KIND_BY_NAME, START_ENTROPY, TILE_TYPES
from game.rally.commands import Battle, CardIgnored, CardPlayed, Collected, ShipDestroyed, ShipMoved, ShipTurned
from game.rally.model import Ship, Tile
from game.rally.state import RallyState

HexT = tuple[int, int]


@dataclass
class Prediction:
    """One ship's planned route and bill."""

    ship: int
    hexes: list[HexT] = field(default_factory=list)
    """The hexes it stands on, in order (start first; each step once)."""
    direction: int = 0
    """Where it points at the end."""
    off_map: HexT | None = None
    """The empty hex it would fly into (and be lost), if any."""
    cost: int = 0
    """Energy the whole program asks for."""
    paid: int = 0
    """Energy actually spent (cards it can pay for)."""
    entropy: int = 0
    """Entropy change of the cards it would play."""
    skipped: list[int] = field(default_factory=list)
    """Program positions of cards it could not pay for (they would be ignored)."""
    lost_at: int | None = None
    """Program position of the card that would fly it off the map."""
    energy_left: int = 0
    collected: dict[str, int] = field(default_factory=dict)
    battle_at: int | None = None
    """Program position of the first move that ends where another player's ship stands now."""
    battle_energy: int = 0
    """The ship's energy as it lands there."""
    battle_foes: int = 0
    """The energy of the other players' ships on that hex (each side loses the other's)."""

    @property
    def loses_battle(self) -> bool:
        """The battle would leave it with no energy: the ship and its cargo would be lost."""
        return self.battle_at is not None and self.battle_energy <= self.battle_foes

    @property
    def end(self) -> HexT:
        return self.hexes[-1]


def predict(view: Mapping[str, Any], ship: Mapping[str, Any], cards: Sequence[int]) -> Prediction:
    """The route of `ship` (a view ship dict) playing `cards` (card ids the view can see)."""
    kinds: Mapping[str, str] = view.get("cards", {})
    world = _world(view, ship)
    me = world.ships[int(ship["id"])]
    out = Prediction(me.id, [(me.hex.q, me.hex.r)], me.direction)
    gone = False
    for index, card in enumerate(cards):
        kind = kinds.get(str(card))
        if kind is None:
            continue
        out.cost += KIND_BY_NAME[kind].cost
        if gone:
            continue
        me.program = [CARD_KIND.index(kind)]  # a card of that kind: the view's ids may be anyone's
        events: list[Event] = []
        chaos.play_first_card(world, me.id, events)
        gone = _read(events, index, me, world.n, out)
    out.direction = me.direction
    out.energy_left = me.energy
    return out


def _world(view: Mapping[str, Any], ship: Mapping[str, Any]) -> RallyState:
    """A chaos-phase position holding the view's map and entropy, the ship, and the other
    players' ships (their energy decides battles); nothing hidden, nothing in flight."""
    world = RallyState(int(view["players"]), Rng(0), [], [])
    world.phase = "chaos"
    world.entropy = int(view.get("entropy", START_ENTROPY))
    for t in view.get("tiles", []):
        owner = t.get("owner")
        world.tiles[Hex(int(t["hex"][0]), int(t["hex"][1]))] = Tile(
            _tile_type(str(t.get("kind")), int(t.get("value") or 0), t.get("threshold")), int(t.get("value") or 0),
            -1 if owner is None else int(owner))
    for s in view.get("ships", []):
        if s is ship or s.get("owner") != ship.get("owner"):
            world.ships[int(s["id"])] = Ship(int(s["id"]), int(s["owner"]), Hex(int(s["hex"][0]), int(s["hex"][1])),
                                             int(s["direction"]), int(s.get("energy", 0)), int(s.get("titanium", 0)))
    return world


def _tile_type(kind: str, value: int, threshold: Any) -> int:
    """The bag's tile type a view tile is: the same kind and mark (and number, for portals
    and tidy tiles, whose number never changes)."""
    same = [i for i, tt in enumerate(TILE_TYPES) if tt.kind == kind]
    exact = [i for i in same if TILE_TYPES[i].threshold == threshold
             and (kind in ("titanium", "energy") or TILE_TYPES[i].value == value)]
    return (exact or same or [0])[0]


def _read(events: Sequence[Event], index: int, me: Ship, players: int, out: Prediction) -> bool:
    """Note what one card did to the route and the bill; True once the ship is gone."""
    for ev in events:
        if isinstance(ev, CardIgnored):
            out.skipped.append(index)
        elif isinstance(ev, CardPlayed):
            out.paid += ev.paid
            out.entropy += KIND_BY_NAME[ev.kind].entropy(players)
        elif isinstance(ev, ShipMoved) and ev.ship == me.id:
            out.hexes.extend((int(h[0]), int(h[1])) for h in ev.path)
        elif isinstance(ev, ShipTurned) and ev.ship == me.id:
            out.direction = ev.to
        elif isinstance(ev, Battle) and me.id in ev.ships and out.battle_at is None:
            mine = ev.ships.index(me.id)
            out.battle_at, out.battle_energy = index, ev.before[mine]
            out.battle_foes = sum(b for sid, b in zip(ev.ships, ev.before) if sid != me.id)
        elif isinstance(ev, Collected) and ev.ship == me.id:
            out.collected[ev.kind] = out.collected.get(ev.kind, 0) + ev.amount
        elif isinstance(ev, ShipDestroyed) and ev.ship == me.id:
            if ev.reason == "off_map":
                out.off_map, out.lost_at = (int(ev.hex[0]), int(ev.hex[1])), index
            return True
    return False


def predict_all(view: Mapping[str, Any]) -> dict[int, Prediction]:
    """A prediction for every own ship of the view with its current program."""
    programs: Mapping[str, list[int]] = view.get("programs", {})
    seat = view.get("seat")
    return {int(s["id"]): predict(view, s, programs.get(str(s["id"]), []))
            for s in view.get("ships", []) if s.get("owner") == seat}


def seen_by_all(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """`view` with only what every seat may see, drawn as `seat` sits at the table: no hand and
    no program (each ship's `program_count` still says how many cards it holds), and the kinds
    of played cards only. Hot-seat keeps its record of the chaos phase in this form, so any
    person at the shared screen may replay it (the record was the view of whoever had the
    screen, their programs included)."""
    played = {str(p["card"]) for p in view.get("played", [])}
    out = dict(view)
    out.update(seat=seat, hand=[], programs={}, program_costs={}, program_unpaid={},
               cards={c: k for c, k in view.get("cards", {}).items() if c in played})
    if seat != view.get("seat"):
        out["legal_tile_hexes"] = []  # (worked out for the seat the view was made for)
    return out
