"""Building Entropy Rally positions by hand for rules tests."""

from __future__ import annotations

from game.core.hexgrid import Hex
from game.core.protocol import AUTO, Command, Event, by_itself
from game.core.rng import Rng
from game.rally import rules
from game.rally.cards import CARD_KIND, N_CARDS, TILE_TYPES, bag_counts
from game.rally.commands import ChaosRound
from game.rally.game import RALLY
from game.rally.model import Ship, Tile
from game.rally.state import RallyState


def tile_type(kind: str, threshold: int | None = None) -> int:
    """The first tile type of this kind (and portal threshold, when given)."""
    for i, t in enumerate(TILE_TYPES):
        if t.kind == kind and (threshold is None or t.threshold == threshold):
            return i
    raise KeyError(kind)


def make(n: int = 2, *, tiles: dict[tuple[int, int], tuple[str, int]] | None = None, line: int = 0,
         entropy: int = -1000, starter: int = 0, seed: int = 7) -> RallyState:
    """A position between phases (planning, nothing in hand). `tiles` maps
    (q, r) to (kind, value); `line` adds space tiles (0,0)..(line-1,0)."""
    s = RallyState(n, Rng(seed), bag_counts(), list(range(N_CARDS)))
    s.starter = s.turn = starter
    s.era = 1
    s.entropy = entropy
    s.phase = "planning"
    s.placed = [5] * n
    for q in range(line):
        s.tiles[Hex(q, 0)] = Tile(tile_type("space"), 0)
    for (q, r), (kind, value) in (tiles or {}).items():
        s.tiles[Hex(q, r)] = Tile(tile_type(kind), value)
    return s


PORTAL_THRESHOLDS = sorted({t.threshold for t in TILE_TYPES if t.threshold is not None}, reverse=True)
P_HIGH, P_MID, P_LOW = PORTAL_THRESHOLDS[0], PORTAL_THRESHOLDS[1], PORTAL_THRESHOLDS[-1]
"""Portal thresholds in the data file: the highest works longest, the lowest only early."""


def portal(s: RallyState, q: int, r: int, threshold: int, production: int, owner: int = -1) -> None:
    s.tiles[Hex(q, r)] = Tile(tile_type("portal", threshold), production, owner)


def take_cards(s: RallyState, *kinds: str) -> list[int]:
    """Card ids of these kinds, taken out of the deck."""
    out = []
    for kind in kinds:
        card = next(c for c in s.deck if CARD_KIND[c] == kind)
        s.deck.remove(card)
        out.append(card)
    return out


def ship(s: RallyState, owner: int, q: int, r: int, direction: int = 0, energy: int = 20, titanium: int = 0,
         program: tuple[str, ...] = ()) -> Ship:
    sh = Ship(s.next_ship, owner, Hex(q, r), direction, energy, titanium)
    s.next_ship += 1
    sh.program = take_cards(s, *program)
    s.ships[sh.id] = sh
    return sh


def start_chaos(s: RallyState) -> list[Event]:
    """Everyone has planned: the chaos phase begins (stops at its first chance step or decision)."""
    s.phase = "planning"
    s.done = [True] * s.n
    events: list[Event] = []
    rules._advance(s, events)
    return events


def do(s: RallyState, cmd: Command) -> list[Event]:
    """Apply a command after the referee accepted it."""
    refusal = RALLY.check(s, cmd)
    assert refusal is None, refusal.reason
    return s.apply(cmd)


def round_(s: RallyState) -> list[Event]:
    """One chaos round (must be due)."""
    assert by_itself(s.to_act()), s.to_act()
    return do(s, ChaosRound(AUTO))


def play_chaos(s: RallyState) -> list[Event]:
    """Every chaos round, until a decision is needed or the chaos phase is over."""
    events: list[Event] = []
    while s.phase == "chaos" and by_itself(s.to_act()):
        events += round_(s)
    return events


def of(events: list[Event], tag: str) -> list[Event]:
    return [e for e in events if e.TAG == tag]


def refused(s: RallyState, cmd: Command) -> str:
    before = s.notation()
    refusal = RALLY.check(s, cmd)
    assert refusal is not None, f"{cmd} was accepted"
    assert s.notation() == before
    return refusal.reason


__all__ = ["RALLY", "rules"]
