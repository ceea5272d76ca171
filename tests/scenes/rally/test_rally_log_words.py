"""The Rally log names ships per owner and places by their tiles, never by the engine's ship ids
or axial coordinates (which the screen never shows)."""

from __future__ import annotations

import random
import re

from game.core.match import LogEntry, Match
from game.core.registry import get_game
from game.rally.commands import Battle, PortalClaimed, ShipMoved, ShipPlaced, TilePlaced, WavePush
from game.rally.words import describe_log
from tests.random_play import random_match

NAMES = ["You", "Computer 2", "Computer 3"]
COORDS = re.compile(r"-?\d+,\s?-?\d+\b(?! (?:free|from|energy))")


def played(seed: int, steps: int) -> Match:
    """Random legal play for `steps` commands or to the end."""
    m, r = Match(get_game("rally"), {}, seed, ["human"] * 3), random.Random(seed)
    for _ in range(steps):
        if m.state.is_over():
            break
        random_match(m, r, 1)
    return m


def test_whole_logs_have_no_coordinates_and_number_each_players_fleet_from_1() -> None:
    """Random 3-player games to the end: seed 13 has a battle, seed 29 a wave push and a built ship."""
    lines: list[str] = []
    kinds: set[str] = set()
    for seed in (13, 29):
        m = played(seed, 3000)
        lines += [line.text for line in describe_log(m.log, NAMES, 0)]
        kinds |= {type(e.event).__name__ for e in m.log}
    assert {"ShipMoved", "PortalClaimed", "Battle", "TilePlaced", "WavePush", "ShipBuilt"} <= kinds, kinds
    assert not [t for t in lines if COORDS.search(t)], "a log line gives a hex as coordinates"
    placed = [t for t in lines if " placed " in t and " ship " in t]
    assert len(placed) == 6 and all(re.search(r" ship 1 on (the|an) ", t) for t in placed), placed
    # the engine's ids 2 and 3 belong to the other players' first ships: their lines say ship 1
    assert any(t.startswith(("Computer 2's ship 1 ", "Computer 3's ship 1 ")) for t in lines)
    assert not [t for t in lines if re.search(r"ship [4-9]", t)], "a fleet numbered past the ships it had"


def entry(ev: object) -> LogEntry:
    return LogEntry(0, -1, ev)  # type: ignore[arg-type]


def test_moves_battles_portals_and_pushes_name_the_tile_there() -> None:
    log = [entry(TilePlaced(0, (0, 0), "energy", 20)), entry(TilePlaced(1, (1, 0), "portal", 50)),
           entry(TilePlaced(0, (2, 0), "titanium", 3)),
           entry(ShipPlaced(1, 1, (2, 0), 3)), entry(ShipPlaced(0, 2, (0, 0), 0)),
           entry(ShipMoved(2, (0, 0), (1, 0), ((1, 0),))), entry(PortalClaimed(0, (1, 0), None)),
           entry(WavePush(1, (2, 0), (3, 0), 0)), entry(Battle((1, 0), (1, 2), (5, 9), (-4, 4)))]
    lines = [line.text for line in describe_log(log, ["You", "Computer"], 0)]
    assert lines[0] == "You placed Energy 20"
    assert lines[3] == "Computer placed their ship 1 on the Titanium 3 tile, facing west"
    assert lines[4] == "You placed your ship 1 on the Energy 20 tile, facing east"
    assert lines[5] == "Your ship 1 moves 1 hex onto the +50 portal (\u2264\u2212450)"
    assert lines[6] == "You claimed the +50 portal (\u2264\u2212450)"
    assert lines[7] == "A wave pushes Computer's ship 1 east off the map"
    assert lines[8] == "Battle on the +50 portal (\u2264\u2212450): Computer's ship 1 5\u21920, Your ship 1 9\u21924 energy"
