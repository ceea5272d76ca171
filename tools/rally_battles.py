"""Count, in saved Rally games (`entropy-tabletop arena rally --save-dir DIR`), the battles a
ship started against a stronger one (and so lost), and the rounds a ship spun through three or
more turn cards in a row in one era's program: the two mistakes issue 17 saw the `normal` AI make.

    .venv/bin/python tools/rally_battles.py DIR [DIR...]

Per folder: games, battles, battles lost by the weaker attacker (per game), and turn-card spins
(per game), split by the attacker's seat agent when the seats differ.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from game.core.match import Match
from game.rally.commands import Battle, CardPlayed, CardsDealt, RoundStarted, WavePush

TURNS = {"right60", "right120", "turn180", "left120", "left60"}


def count(path: Path) -> tuple[Counter[str], list[str]]:
    """(counts by agent: battles, weak_attacks, spins; the seats' agents) of one saved game."""
    match = Match.load(path)
    seats = [str(s) for s in match.seats]
    owners: dict[int, int] = {}
    out: Counter[str] = Counter()
    attacker: int | None = None
    streak: dict[int, int] = {}
    for entry in match.log:
        ev = entry.event
        if hasattr(ev, "ship") and hasattr(ev, "player") and isinstance(getattr(ev, "ship"), int):
            owners[int(ev.ship)] = int(ev.player)
        if isinstance(ev, CardsDealt):
            streak = {}  # a new era: its programs are new
        if isinstance(ev, RoundStarted):
            attacker = None
        elif isinstance(ev, CardPlayed):
            attacker = ev.ship
            streak[ev.ship] = streak.get(ev.ship, 0) + 1 if ev.kind in TURNS else 0
            if streak[ev.ship] == 3:
                owner = owners.get(ev.ship)
                out[f"spins:{seats[owner] if owner is not None else '?'}"] += 1
        elif isinstance(ev, WavePush):
            attacker = None  # pushed into a battle: nobody chose it
        elif isinstance(ev, Battle) and attacker is not None and attacker in ev.ships:
            k = ev.ships.index(attacker)
            mine = ev.before[k]
            theirs = max(b for i, b in enumerate(ev.before) if i != k)
            owner = owners.get(attacker)
            agent = seats[owner] if owner is not None else "?"
            out[f"battles:{agent}"] += 1
            if mine < theirs:
                out[f"weak:{agent}"] += 1
    return out, seats


def main(argv: list[str]) -> None:
    for folder in argv:
        total: Counter[str] = Counter()
        games = 0
        for path in sorted(Path(folder).glob("*.json")):
            got, _ = count(path)
            total += got
            games += 1
        agents = sorted({k.split(":", 1)[1] for k in total})
        print(f"{folder}: {games} games")
        for agent in agents:
            b, w, s = total[f"battles:{agent}"], total[f"weak:{agent}"], total[f"spins:{agent}"]
            print(f"  {agent}: battles started {b} ({b / max(1, games):.2f}/game), lost by the weaker attacker "
                  f"{w} ({w / max(1, games):.2f}/game), three turn cards in a row {s} ({s / max(1, games):.2f}/game)")


if __name__ == "__main__":
    main(sys.argv[1:])
