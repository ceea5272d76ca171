"""Per-player ship numbers: a player's ships are called 1, 2, 3 ... in the order they were made.

The engine numbers ships with one shared counter (ids 1, 2, 3 ... across all players), so a
player's only ship could be "ship 2". Screens and the log name a ship by its owner and its
number within that owner's fleet instead; destroyed ships keep their number, so a name never
moves to another ship. Pure: no pygame, no state.
"""

from __future__ import annotations

from collections.abc import Iterable


def fleet_numbers(ships: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Ship id -> its 1-based number within its owner's fleet, from (ship id, owner) pairs.

    Ids grow in the order ships are made, so numbering each owner's ids in increasing order
    numbers the fleet in the order it was built. A pair seen twice counts once.
    """
    owner_of: dict[int, int] = {}
    for sid, owner in ships:
        owner_of.setdefault(sid, owner)
    made: dict[int, int] = {}
    out: dict[int, int] = {}
    for sid in sorted(owner_of):
        owner = owner_of[sid]
        made[owner] = made.get(owner, 0) + 1
        out[sid] = made[owner]
    return out
