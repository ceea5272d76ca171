"""Agents play each other headlessly: `run_arena` returns plain JSON-ready figures.

Every game is played through `game.core.match.Match` (chance is
`resolve_chance`d), so each command is checked by the rules exactly as a
human's would be. An agent answers with a plan (`Agent.plan`), played step by
step through `Match.submit` (`game.core.plans.follow`): a refused step, or a
position its plan did not foresee, drops the rest and the agent is asked again
(`plans_cut` counts those, per agent); a refused first step is an error. The
decision times are the agents' `plan` calls. Seats rotate from game to game so no agent always sits
first. For Order & Chaos one arena game is a whole match (each agent is Order
once), and an agent's score is the Order score it made in its own half.
A game that raises is recorded in `errors` and the run goes on. When the game
reports figures about a finished game (`Game.playtest_stats`), `stats` gives
their mean over the games played (a figure missing from a game counts as 0)
and `stats_per_game` each game's own. Set-up options (`config`, e.g. a skirmish's mission and
factions; `parse_options` reads them from `KEY=VALUE` words) apply to every game; seats still
rotate, so with two agents and an even number of games each plays each side's set-up equally
often (mirrored). The options are reported as `options` when any are given.
"""

from __future__ import annotations

import time
from pathlib import Path
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.agents import Agent, make_agent
from game.core.match import Match
from game.core.plans import follow
from game.core.protocol import by_itself
from game.core.registry import get_game


def parse_options(game_id: str, words: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` words as a game's set-up options, each value of its option's own type (a
    choice matched by its text, a switch by true/false); ValueError names a bad one."""
    specs = {o.key: o for o in get_game(game_id).info.options}
    out: dict[str, Any] = {}
    for word in words:
        key, sep, text = word.partition("=")
        spec = specs.get(key.strip())
        if not sep or spec is None:
            known = ", ".join(specs) or "none"
            raise ValueError(f"{word!r} is not KEY=VALUE with a known option (options: {known})")
        text = text.strip()
        if spec.choices:
            match = [c for c in spec.choices if str(c) == text]
            if not match:
                raise ValueError(f"option {spec.key!r} must be one of {', '.join(map(str, spec.choices))}")
            out[spec.key] = match[0]
        elif text.lower() in ("true", "false", "1", "0", "yes", "no", "on", "off"):
            out[spec.key] = text.lower() in ("true", "1", "yes", "on")
        else:
            raise ValueError(f"option {spec.key!r} is a switch: true or false")
    return out


def _play_one(game_id: str, names: list[str], agents: list[Agent], seed: int,
              times: list[list[float]], cut: list[int], config: Mapping[str, Any] | None = None) -> Match:
    """Play one game; `agents[s]` sits in seat s, `times[s]` collects its decision times and
    `cut[s]` counts its plans dropped before their end."""
    match = Match(get_game(game_id), dict(config or {}), seed, list(names))
    while not match.state.is_over():
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        if not actors:
            raise RuntimeError("no seat to act but the game is not over")
        seat = actors[0]
        t0 = time.perf_counter()
        plan = agents[seat].plan(match.state, seat)
        times[seat].append(time.perf_counter() - t0)
        if not plan:
            raise RuntimeError(f"{names[seat]} (seat {seat}) answered an empty plan")
        played, refusal = follow(match, seat, plan)
        if played == 0:
            raise RuntimeError(f"{names[seat]} (seat {seat}) played an illegal {plan[0].describe()}: {refusal}")
        if played < len(plan):
            cut[seat] += 1  # refused or out of date: the seat is asked again if it still must act
    return match


def run_arena(game_id: str, agents: list[str], games: int, seed: int, save_dir: Path | None = None,
              config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games between `agents` (level names) with the set-up options `config`; see
    the module docstring."""
    game = get_game(game_id)
    n = len(agents)
    if not game.info.min_players <= n <= game.info.max_players:
        raise ValueError(f"{game.info.title} needs {game.info.min_players}-{game.info.max_players} agents, got {n}")
    wins = [0] * n
    draws = 0
    score_sums = [0.0] * n
    counted = [0] * n
    decision_times: list[list[float]] = [[] for _ in range(n)]
    plans_cut = [0] * n
    errors: list[str] = []
    per_game: list[dict[str, float]] = []
    for g in range(games):
        order = [(s + g) % n for s in range(n)]  # order[seat] = agent index
        names = [agents[i] for i in order]
        game_seed = seed * 100_003 + g
        seat_agents = [make_agent(agents[i], game_id, game_seed * 31 + i) for i in order]
        seat_times: list[list[float]] = [[] for _ in range(n)]
        seat_cut = [0] * n
        try:
            match = _play_one(game_id, names, seat_agents, game_seed, seat_times, seat_cut, config)
        except Exception as exc:  # an arena reports a broken game and goes on
            errors.append(f"game {g} (seed {game_seed}, seats {names}): {type(exc).__name__}: {exc}")
            continue
        finally:
            for seat, i in enumerate(order):
                decision_times[i].extend(seat_times[seat])
                plans_cut[i] += seat_cut[seat]
        per_game.append(game.playtest_stats(match.state))
        scores = match.state.scores()
        winners = match.state.winners()
        for seat, i in enumerate(order):
            score_sums[i] += scores[seat]
            counted[i] += 1
        if len(winners) == 1:
            wins[order[winners[0]]] += 1
        else:
            draws += 1
        if save_dir is not None:
            try:
                match.save(Path(save_dir) / f"{game_id}-seed{seed}-game{g:04d}.json")
            except OSError as exc:
                errors.append(f"game {g}: could not save: {exc}")
    out: dict[str, Any] = {
        "game": game_id,
        "agents": list(agents),
        "games": games,
        "seed": seed,
        "wins": wins,
        "draws": draws,
        "mean_scores": [round(score_sums[i] / counted[i], 3) if counted[i] else 0.0 for i in range(n)],
        "mean_decision_s": [round(sum(t) / len(t), 6) if t else 0.0 for t in decision_times],
        "max_decision_s": [round(max(t), 6) if t else 0.0 for t in decision_times],
        "plans_cut": plans_cut,
        "errors": errors,
    }
    if config:
        out["options"] = dict(config)
    if any(per_game):
        keys = sorted({k for d in per_game for k in d})
        out["stats"] = {k: round(sum(d.get(k, 0.0) for d in per_game) / len(per_game), 3) for k in keys}
        out["stats_per_game"] = per_game
    return out
