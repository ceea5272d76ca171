"""How long a game of Cosmos takes a person against computers, estimated from finished games.

Not a timed test: a counting script. `rally_minutes.py` and `skirmish_minutes.py` step the real
table frame by frame, because their animations and dice take the table's own time; Cosmos's table
has no move animations, so its time is the person's thinking and gestures and the computers'
thinking. This script replays finished games (saved by `tools/cosmos_usage.py --save-dir` or
`entropy-tabletop arena --save-dir`) and, for one seat taken as the person (the first seat of the
level `--person`, e.g. the `normal` seat), counts each decision that seat really had to make
(more than one legal command: the table plays a one-option decision by itself) by kind, priced by
HUMAN_SECONDS plus THINK_TURN a turn. The computers' part is their decisions times
`--ai-seconds` (measured: `cosmos_usage.py`'s `mean_decision_s` for `normal`) plus WATCH_TURN a
turn for the person to follow what they did. Run from the project root:

    .venv/bin/python tools/cosmos_minutes.py --person normal --ai-seconds 0.3 SAVES/*.json

prints one JSON dict per player count: games, rounds, the person's and the computers' minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root
from game.core.match import Match  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.cosmos.game import COSMOS  # noqa: E402
from game.cosmos.state import CosmosState  # noqa: E402

THINK_TURN = 40.0
"""Seconds a person thinks over a turn before the first gesture: where to move and what the
action will be (a heavy euro; the box's 90-150 minutes for 2-4 people is about 2 minutes a turn
with the physical bookkeeping the app does)."""
HUMAN_SECONDS = {
    "Move": 4.0, "TakeEntropy": 2.0, "Activate": 3.0, "Exchange": 2.0, "Evolve": 5.0, "Aggregate": 6.0,
    "PlayLife": 8.0, "SetBiome": 5.0, "Upgrade": 3.0, "Take": 4.0, "Catch": 6.0, "Soup": 2.0,
    "Advance": 3.0, "Place": 3.0, "Fulfil": 3.0, "Accept": 2.0, "Mission": 3.0, "Done": 1.5,
}
"""Seconds per decision the person makes, by command: a drag or click with the piece's conditions
read (a life card, with its conditions checked live, longest). An assumption, not measured with
people; a kind not listed counts 3 s."""
WATCH_TURN = 4.0
"""Seconds a person spends following a computer's turn (its log lines and the changed board)."""


def count_game(path: Path, person: str) -> dict[str, Any] | None:
    """One saved game, if finished and a seat plays `person` (the first such seat is the person)."""
    match = Match.load(path)
    if not match.state.is_over() or person not in match.seats:
        return None
    return count_match(match, match.seats.index(person))


def count_match(match: Match, me: int) -> dict[str, Any]:
    """The match's commands replayed with seat `me` as the person: the rounds, the person's
    decisions by kind (only those with more than one legal command: the table plays the others),
    the computers' such decisions, and the turns each side played."""
    s = COSMOS.new(match.config, match.seed, len(match.seats))
    assert isinstance(s, CosmosState)
    mine: Counter[str] = Counter()
    others = 0
    turns: Counter[str] = Counter()
    last_turn: tuple[int, int] | None = None
    for cmd in match.commands:
        seat = cmd.seat
        if seat != CHANCE and seat >= 0:
            turn = (s.round, seat)
            if turn != last_turn:
                turns["person" if seat == me else "computers"] += 1
                last_turn = turn
            if len(s.candidates(seat)) > 1:
                if seat == me:
                    mine[type(cmd).__name__] += 1
                else:
                    others += 1
        s.apply(cmd)
    return {"players": len(match.seats), "rounds": s.round, "mine": mine, "others": others, "turns": turns}


def minutes(games: list[dict[str, Any]], ai_seconds: float, think: float = THINK_TURN) -> dict[str, Any]:
    """The mean minutes of `games` (one player count): the person's (thinking `think` seconds a
    turn), the computers', the total, and `people_min`, a table of people (every seat at the
    person's pace: the person's minutes times the seats), to set beside the box's 90-150."""
    n = len(games)
    person = sum(sum(HUMAN_SECONDS.get(k, 3.0) * v for k, v in g["mine"].items()) + think * g["turns"]["person"]
                 for g in games) / n / 60
    computers = sum(ai_seconds * g["others"] + WATCH_TURN * g["turns"]["computers"] for g in games) / n / 60
    return {
        "games": n,
        "rounds": round(sum(g["rounds"] for g in games) / n, 1),
        "person_decisions": round(sum(sum(g["mine"].values()) for g in games) / n, 1),
        "person_min": round(person, 1),
        "computers_min": round(computers, 1),
        "total_min": round(person + computers, 1),
        "people_min": round(person * sum(g["players"] for g in games) / n, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("saved", nargs="+", type=Path, help="finished saved games")
    ap.add_argument("--person", default="normal", help="the level whose seat stands for the person")
    ap.add_argument("--ai-seconds", type=float, default=0.3, help="a computer's seconds a decision")
    ap.add_argument("--think", type=float, default=THINK_TURN, help="the person's thinking seconds a turn")
    args = ap.parse_args()
    by_players: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for path in args.saved:
        g = count_game(path, args.person)
        if g is not None:
            by_players[g["players"]].append(g)
    print(json.dumps({n: minutes(gs, args.ai_seconds, args.think) for n, gs in sorted(by_players.items())}), flush=True)


if __name__ == "__main__":
    main()
