"""How an Entropy Rally game ends, and why (`state.over_kind`).

Four endings: entropy reaches 0 at the end of an era (`entropy`, the
rulebook's), the era limit (`era_limit`), every ship lost (`no_ships`), and
the race decided early (`decided`): exactly one player still has ships and
already has strictly more points than everyone else. Players without ships
can never score again and banked points never fall, so that player wins
whatever happens next; the game ends at once (their final score is their
points at that moment) instead of leaving everyone to watch a won race.
See docs/rules/rally.md ("The race is decided").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rally.commands import GameOver, RaceDecided

if TYPE_CHECKING:
    from game.core.protocol import Event
    from game.rally.state import RallyState

OVER_KINDS = ("entropy", "era_limit", "no_ships", "decided")
NO_SHIPS_REASON = "Every ship has been lost."
PLAYING_PHASES = frozenset({"deal", "distribute", "planning", "chaos", "expansion"})
"""Phases in which ships can be lost (set-up has no ships yet, `over` is over)."""


def lone_leader(state: RallyState) -> int | None:
    """The one player who still has ships, when their banked points are
    strictly above every other player's; None otherwise (several players
    still fly, nobody does, or the lone survivor is behind or tied)."""
    alive = [p for p in range(state.n) if state.alive[p]]
    if len(alive) != 1:
        return None
    p = alive[0]
    if all(state.points[p] > state.points[o] for o in range(state.n) if o != p):
        return p
    return None


def end_if_settled(state: RallyState, events: list[Event]) -> bool:
    """End the game if nobody has ships or the race is decided; True if it ended.

    Called after every automatic step, so the game ends right after the event
    that settles it (the last ship lost, or the lone survivor banking enough).
    """
    if state.phase not in PLAYING_PHASES:
        return False
    if not any(state.alive):
        game_over(state, "no_ships", NO_SHIPS_REASON, events)
        return True
    leader = lone_leader(state)
    if leader is None:
        return False
    reason = (f"The race is decided: only Player {leader + 1} still has ships, and nobody else "
              f"can score any more.")
    events.append(RaceDecided(leader, tuple(state.points)))
    game_over(state, "decided", reason, events)
    return True


def game_over(state: RallyState, kind: str, reason: str, events: list[Event]) -> None:
    """Stop the game: clear whatever was pending, record why, announce the winners."""
    assert kind in OVER_KINDS, kind
    record_era(state)
    state.phase = "over"
    state.over_kind = kind
    state.over_reason = reason
    state.queue, state.chaos_ships, state.tokens = [], [], []
    state.waiting = None
    winners = tuple(state.winners())
    events.append(GameOver(winners, tuple(state.points), kind))


def record_era(state: RallyState) -> None:
    """Keep the era's closing figures (points, entropy) in the public history, once per era: at
    its end, or where the game stopped within it."""
    if state.era > 0 and (not state.eras or state.eras[-1][0] != state.era):
        state.eras += ((state.era, tuple(state.points), state.entropy),)


__all__ = ["NO_SHIPS_REASON", "OVER_KINDS", "end_if_settled", "game_over", "lone_leader", "record_era"]
