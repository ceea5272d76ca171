"""Where a ship's program would take it, from the planner's own view (no pygame, no hidden facts).

The planning screen draws each own ship's predicted route while the player
arranges cards. It follows the engine's movement rules (`game/rally/chaos.py`)
on the view's plain data, assuming nothing else moves: cards are played in
order, a card the ship cannot pay for is skipped, a move goes straight ahead
hex by hex and a step onto no tile loses the ship, a landing collects the
titanium or energy lying there. Lasers and waves are ignored, and other
ships stay where they stand now — that is the "assuming nothing else moves" of
the rules screen; a move that ends on another player's ship is a battle, and
the forecast says whether the ship would come out of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.hexgrid import Hex, turn
from game.rally.cards import KIND_BY_NAME, MOVES, TURNS

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
    players = int(view["players"])  # a card's entropy depends on the table's player count
    tiles: dict[HexT, Mapping[str, Any]] = {(int(t["hex"][0]), int(t["hex"][1])): t for t in view.get("tiles", [])}
    here = Hex(int(ship["hex"][0]), int(ship["hex"][1]))
    direction = int(ship["direction"])
    energy = int(ship.get("energy", 0))
    taken: set[HexT] = set()
    foes: dict[HexT, int] = {}
    for other in view.get("ships", []):
        if other.get("owner") != ship.get("owner"):
            at = (int(other["hex"][0]), int(other["hex"][1]))
            foes[at] = foes.get(at, 0) + int(other.get("energy", 0))
    out = Prediction(int(ship["id"]), [(here.q, here.r)], direction)
    for index, card in enumerate(cards):
        kind = kinds.get(str(card))
        if kind is None:
            continue
        info = KIND_BY_NAME[kind]
        out.cost += info.cost
        if out.lost_at is not None:
            continue
        if energy < info.cost:
            out.skipped.append(index)
            continue
        energy -= info.cost
        out.paid += info.cost
        out.entropy += info.entropy(players)
        if kind in TURNS:
            direction = turn(direction, info.amount)
        elif kind in MOVES:
            for _ in range(info.amount):
                nxt = here.neighbour(direction)
                if (nxt.q, nxt.r) not in tiles:
                    out.off_map = (nxt.q, nxt.r)
                    out.lost_at = index
                    break
                here = nxt
                out.hexes.append((here.q, here.r))
            if out.lost_at is None:
                if out.battle_at is None and (here.q, here.r) in foes:
                    out.battle_at, out.battle_energy, out.battle_foes = index, energy, foes[(here.q, here.r)]
                energy += _collect(tiles, (here.q, here.r), taken, out)
    out.direction = direction
    out.energy_left = energy
    return out


def _collect(tiles: Mapping[HexT, Mapping[str, Any]], h: HexT, taken: set[HexT], out: Prediction) -> int:
    """Landing on titanium or energy picks it up once; returns the energy gained."""
    tile = tiles[h]
    kind, value = str(tile.get("kind")), int(tile.get("value") or 0)
    if kind not in ("titanium", "energy") or value <= 0 or h in taken:
        return 0
    taken.add(h)
    out.collected[kind] = out.collected.get(kind, 0) + value
    return value if kind == "energy" else 0


def predict_all(view: Mapping[str, Any]) -> dict[int, Prediction]:
    """A prediction for every own ship of the view with its current program."""
    programs: Mapping[str, list[int]] = view.get("programs", {})
    seat = view.get("seat")
    return {int(s["id"]): predict(view, s, programs.get(str(s["id"]), []))
            for s in view.get("ships", []) if s.get("owner") == seat}
