"""Cards a ship needs to reach titanium over the tiles (for a lone survivor's pull).

A ship flies only straight ahead over tiles (a Move of 1-3 steps is one card)
and turns on the spot (one card, any new facing), so the straight-line hex
distance misleads on the strip and branch maps the game grows: titanium two
hexes away across a gap can be many cards off. `cards_to` runs one
breadth-first search backwards from every titanium tile over (hex, facing)
states and returns the cards needed from each state; states with no way there
are missing. Results are cached per map and target set (the map does not
change during a chaos phase, so a plan's many evaluations share one search).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.core.hexgrid import Hex

State = tuple[Hex, int]
_CACHE: dict[tuple[frozenset[Hex], frozenset[Hex]], dict[State, int]] = {}
_CACHE_SIZE = 64


def cards_to(tiles: Iterable[Hex], targets: Iterable[Hex]) -> dict[State, int]:
    """Fewest cards from each (hex, facing) on `tiles` to land on one of `targets`."""
    board = frozenset(tiles)
    goal = frozenset(t for t in targets if t in board)
    key = (board, goal)
    found = _CACHE.get(key)
    if found is None:
        found = _search(board, goal)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def _search(board: frozenset[Hex], goal: frozenset[Hex]) -> dict[State, int]:
    dist: dict[State, int] = {}
    queue: deque[State] = deque()
    for h in goal:
        for d in range(6):
            dist[(h, d)] = 0
            queue.append((h, d))
    while queue:
        h, d = queue.popleft()
        k = dist[(h, d)] + 1
        for other in range(6):  # a turn from any other facing on this hex
            if (h, other) not in dist:
                dist[(h, other)] = k
                queue.append((h, other))
        back = (d + 3) % 6  # a Move of 1-3 steps ending here, facing d, over tiles only
        cur = h
        for _ in range(3):
            cur = cur.neighbour(back)
            if cur not in board:
                break
            if (cur, d) not in dist:
                dist[(cur, d)] = k
                queue.append((cur, d))
    return dist


__all__ = ["cards_to"]
