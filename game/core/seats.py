"""Who acts: the seats, and the two pseudo-seats that act where no seat decides.

Apart from `protocol` so that modules the protocol builds on (`decisions`) can name them.
"""

from __future__ import annotations

Seat = int
CHANCE: Seat = -1
"""The pseudo-seat that acts when the bag, a deck or the dice decide."""
AUTO: Seat = -2
"""The pseudo-seat of steps the engine plays by itself, one at a time so a screen can show each
(Rally's chaos rounds, Worlds Collide's reveal): no choice and no chance, one candidate, and
`apply` draws nothing. What such a step shows is marked on its events (`Event.REVEALS`)."""


def by_itself(actors: list[Seat]) -> bool:
    """True when no seat decides now: chance draws, or the engine plays its own step."""
    return actors == [CHANCE] or actors == [AUTO]
