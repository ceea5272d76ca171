"""An Order & Chaos match played by two greedy agents for the person's seat too, up to a moment a
table test wants (the half-time tests start from such positions)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.agents import Agent, make_agent
from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game


def greedy_match_until(seed: int, stop: Callable[[Match, list[int]], bool]) -> tuple[Match, list[Agent]]:
    """The match (seat 0 the computer, seat 1 a person) played greedily from `seed` until
    `stop(match, actors)` holds, and the two agents that played it (for a test's next move)."""
    match = Match(get_game("order-chaos"), {}, seed, ["greedy", "human"])
    agents = [make_agent("greedy", "order-chaos", 1), make_agent("greedy", "order-chaos", 2)]
    while True:
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        if stop(match, actors):
            return match, agents
        assert match.submit(agents[actors[0]].choose(match.state, actors[0])).ok
