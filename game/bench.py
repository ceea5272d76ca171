"""Engine speed: random play-outs straight through the State API (no Match checks)."""

from __future__ import annotations

import time
from typing import Any

from game.core.protocol import AUTO, CHANCE
from game.core.registry import get_game
from game.core.rng import Rng


def bench_engine(game_id: str, games: int, seed: int) -> dict[str, Any]:
    """Play `games` uniformly random games; report games and commands per second."""
    game = get_game(game_id)
    rng = Rng(seed)
    commands = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new(game.default_config(), seed * 7919 + g)
        while not state.is_over():
            actors = state.to_act()
            if actors == [CHANCE]:
                state.apply(state.sample_chance())
            elif actors == [AUTO]:
                state.apply(state.candidates(AUTO)[0])
            else:
                state.apply(rng.choice(state.candidates(actors[0])))
            commands += 1
    elapsed = max(time.perf_counter() - start, 1e-9)
    return {
        "game": game_id,
        "games": games,
        "games_per_s": round(games / elapsed, 3),
        "commands_per_s": round(commands / elapsed, 1),
        **game.bench_figures(seed),
    }
