"""Order & Chaos arena saves: who scored when — Order's points before and after the 32nd counter.

Replays each saved match (`arena --save-dir`) and, for every half, takes the board score
when 32 counters were placed and the final score; "late" is the difference, the points of
counters 33-49 (issue 18: a strong Order collects late, a weak Chaos gives points away late).
Prints the mean per pairing "Order agent vs Chaos agent".

    .venv/bin/python tools/oc_late_points.py SAVES_DIR
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from pathlib import Path

from game.core.match import read_json
from game.core.registry import get_game
from game.order_chaos.scoring import board_score
from game.order_chaos.state import OrderChaosState


def halves(path: Path) -> list[tuple[str, str, int, int]]:
    """(Order agent, Chaos agent, score at 32 counters, final score) for each half of a save."""
    data = read_json(path)
    game = get_game("order-chaos")
    state = game.new(data["config"], data["seed"])
    assert isinstance(state, OrderChaosState)
    names = data["seats"]
    out: list[tuple[str, str, int, int]] = []
    at_32: dict[int, int] = {}
    for raw in data["commands"]:
        half = state.half
        state.apply(game.codec.decode(raw))
        if half == state.half and state.board.count(None) == len(state.board) - 32:
            at_32.setdefault(half, board_score(state.board, state.size))
    for half in (0, 1):
        final = state.half_scores[half]
        if final is not None:
            out.append((names[half], names[1 - half], at_32.get(half, 0), final))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("saves", type=Path)
    args = parser.parse_args()
    by_pair: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for path in sorted(args.saves.glob("*.json")):
        for order, chaos, early, final in halves(path):
            by_pair[(order, chaos)].append((early, final))
    for (order, chaos), rows in sorted(by_pair.items()):
        finals = [f for _, f in rows]
        lates = [f - e for e, f in rows]
        print(f"{order} Order vs {chaos} Chaos: {len(rows)} halves, mean {statistics.mean(finals):.1f}, "
              f"at 32 counters {statistics.mean(finals) - statistics.mean(lates):.1f}, "
              f"late (33-49) {statistics.mean(lates):.1f}")


if __name__ == "__main__":
    main()
