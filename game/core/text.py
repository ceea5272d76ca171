"""Small wording helpers shared by engines' log lines and the screens."""

from __future__ import annotations

from collections.abc import Sequence


def join_names(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C' — how a list of players reads in a sentence."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def all_or_both(count: int) -> str:
    """'both' for two, 'all' for more: 'Mary and Ronin both played…', 'A, B and C all played…'."""
    return "both" if count == 2 else "all"
