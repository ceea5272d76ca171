"""How long a skirmish takes at the real table, a person against the `normal` computer: what the
machine shows (dice, moves, the computer's turns) measured, what the person adds estimated from
counted gestures.

Not a timed test: a measurement script, built like `rally_minutes.py`. It opens the real
`TableScene` headless (dummy SDL, 1280x720, default settings) and steps it frame by frame on a
simulated clock, so a busy machine does not change the figures. Seat 0 is a simulated person:
when the table accepts their input, the `normal` AI chooses for them (its plan), and the commands
are played once the model's seconds for their gestures (HUMAN_SECONDS) have passed. Seat 1 is the
`normal` computer (thinking in-process; its real thinking time is timed apart and added to the
machine's part, as the app thinks in another process while the table waits).

Every simulated frame goes into one bucket: `person` (the simulated person deciding), `ai` (the
computer must act and the banner says so), `anim` (an animation runs), `idle` (chance steps and
the rest), per round (deployment is round 0). Run:

    .venv/bin/python tools/skirmish_minutes.py --games 3 --seed 1 --json out.json

The person's part is HUMAN_SECONDS, an assumption explained in docs/rules/skirmish.md ("Minutes
of play"); `--think` overrides its biggest number, the thought behind an activation.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse
import json
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the project root for tools.*
from game.ai.agents import make_agent  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.protocol import Command  # noqa: E402
from game.core.registry import get_game  # noqa: E402
from game.skirmish.commands import (  # noqa: E402
    Activate,
    Attack,
    Deploy,
    EndActivation,
    EndStep,
    KeepRoll,
    Move,
    PlaceToken,
    Reroll,
    Stop,
    UseAbility,
)
from game.skirmish.state import SkirmishState  # noqa: E402
from tools.table_clock import mean, percentile, step_frame, time_requests  # noqa: E402

HUMAN_SECONDS = {
    "deploy": 5.0,
    "think_activation": 20.0,
    "activate": 3.0,
    "move": 6.0,
    "attack": 5.0,
    "ability": 5.0,
    "token": 4.0,
    "reroll": 2.5,
    "end": 1.5,
    "stop": 3.0,
}
"""The person's side of the model (seconds per gesture), an assumption, not measured with people;
why these numbers: docs/rules/skirmish.md, "Minutes of play". deploy: a model dragged from the tray
into the zone, with a look at the terrain; think_activation: choosing which model acts and how,
per activation; activate: the clicks on a model, a tactic and an order; move: a drag with the reach
shown, the route checked; attack: a weapon chosen, an enemy hovered (odds read), a click; ability,
token: a button and an aim; reroll: reading the dice, Keep or Re-roll; end: End move / End
activation; stop: deciding to stop the round."""

GESTURE: dict[type, str] = {
    Deploy: "deploy", Activate: "activate", Move: "move", Attack: "attack", UseAbility: "ability",
    PlaceToken: "token", Reroll: "reroll", KeepRoll: "reroll", EndStep: "end", EndActivation: "end", Stop: "stop",
}


def gestures(plan: tuple[Command, ...]) -> Counter[str]:
    """The gestures a person makes to play `plan`; an activation also costs its thought."""
    out: Counter[str] = Counter()
    for cmd in plan:
        kind = GESTURE.get(type(cmd))
        if kind is not None:
            out[kind] += 1
        if isinstance(cmd, Activate):
            out["think_activation"] += 1
    return out


def person_seconds(counts: Counter[str]) -> float:
    return sum(HUMAN_SECONDS[kind] * n for kind, n in counts.items())


def skirmish_state(match: Match) -> SkirmishState:
    state = match.state
    assert isinstance(state, SkirmishState)
    return state


def play_one(seed: int, config: dict[str, Any], fps: float, draw_every: int, level: str = "normal",
             size: tuple[int, int] = (1280, 720), max_minutes: float = 600.0) -> dict[str, Any]:
    """One whole game at the table; its per-round records as plain data."""
    import pygame

    from scenes.app import create_context
    from scenes.settings_store import Settings
    from scenes.table import TableScene

    match = Match(get_game("skirmish"), config, seed, ["human", level])
    ctx = create_context(Settings(), size=size)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    person_agent = make_agent(level, "skirmish", seed * 31)

    seconds: dict[int, Counter[str]] = defaultdict(Counter)
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    ai_real: Counter[int] = Counter()
    ai_longest = [0.0]
    thinking = [0.0]
    frame_ms: list[float] = []

    def spent_thinking(spent: float) -> None:
        ai_real[skirmish_state(match).round] += spent
        ai_longest[0] = max(ai_longest[0], spent)
        thinking[0] += spent

    time_requests(scene.ai.worker, spent_thinking)
    frame = 1.0 / fps
    sim, frames, busy_until = 0.0, 0, -1.0
    act: Any = None
    started = time.perf_counter()
    while not match.state.is_over() or not scene.game_over_opened:
        if sim > max_minutes * 60:
            raise RuntimeError(f"game {seed} did not end in {max_minutes} simulated minutes")
        ctx.stack.apply_pending()
        if act is not None and sim >= busy_until - 1e-9:
            act()
            act = None
            ctx.stack.apply_pending()
        if act is None:
            person = scene.acting_human()
            if person is not None and not scene.animator.busy and not scene.covered and not match.state.is_over():
                state = skirmish_state(match)
                plan = person_agent.plan(state.clone(), person)
                made = gestures(plan)
                counts[state.round].update(made)
                busy_until = sim + person_seconds(made)

                def play(plan: tuple[Command, ...] = plan, person: int = person) -> None:
                    for cmd in plan:
                        if person not in match.to_act():
                            break
                        assert scene.play(cmd), f"the table refused the person's {cmd}: {scene.status_text}"

                act = play
        if act is not None:
            bucket = "person"
        elif scene.animator.busy:
            bucket = "anim"
        elif scene.ai_to_act() is not None:
            bucket = "ai"
        else:
            bucket = "idle"
        round_now = skirmish_state(match).round
        quiet = act is not None and not scene.animator.tweens and not scene.ai.busy
        dt = max(frame, min(0.25, busy_until - sim)) if quiet else frame
        t0 = time.perf_counter()
        thinking[0] = 0.0
        drawn = frames % draw_every == 0
        step_frame(ctx, dt, draw=drawn)
        if drawn:
            frame_ms.append(round((time.perf_counter() - t0 - thinking[0]) * 1000, 1))
        frames += 1
        sim += dt
        seconds[round_now][bucket] += dt
    final = skirmish_state(match)
    activations = Counter(final.figures[c.models[0]].side for c in match.commands if isinstance(c, Activate))
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()
    pygame.quit()
    return {
        "seed": seed, "config": config, "rounds": final.round, "score": list(final.score),
        "winners": list(final.won), "frames": frames, "real_seconds": round(time.perf_counter() - started, 1),
        "sim_minutes": round(sim / 60, 2), "activations": {str(k): v for k, v in sorted(activations.items())},
        "ai_longest_s": round(ai_longest[0], 2), "frame_ms_p99": percentile(frame_ms, 0.99),
        "rounds_detail": {str(r): {"seconds": {k: round(v, 1) for k, v in sorted(seconds[r].items())},
                                   "ai_real_s": round(ai_real[r], 2), "gestures": dict(counts[r])}
                          for r in sorted(seconds)},
    }


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Minutes per game: the simulated table time (the person's model included) plus the computer's
    real foreground thinking, and the parts it is made of."""
    def total(g: dict[str, Any], key: str) -> float:
        return sum(r["seconds"].get(key, 0.0) for r in g["rounds_detail"].values())

    thinking = [sum(r["ai_real_s"] for r in g["rounds_detail"].values()) for g in games]
    return {
        "games": len(games),
        "minutes_per_game": round(mean([g["sim_minutes"] + t / 60 for g, t in zip(games, thinking)]), 1),
        "person_minutes": round(mean([total(g, "person") / 60 for g in games]), 1),
        "animation_minutes": round(mean([total(g, "anim") / 60 for g in games]), 1),
        "computer_shown_minutes": round(mean([total(g, "ai") / 60 for g in games]), 1),
        "computer_thinking_minutes": round(mean(thinking) / 60, 1),
        "activations_per_game": {s: round(mean([g["activations"].get(s, 0) for g in games]), 1) for s in ("0", "1")},
        "person_gestures_per_game": {k: round(v / len(games), 1) for k, v in sorted(
            sum((Counter(r["gestures"]) for g in games for r in g["rounds_detail"].values()), Counter()).items())},
        "ai_longest_s": max(g["ai_longest_s"] for g in games),
        "frame_ms_p99": max(g["frame_ms_p99"] for g in games),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--draw-every", type=int, default=6, help="draw one frame in N (1 = every frame)")
    parser.add_argument("--level", default="normal", help="the computer's level (and the simulated person's choices)")
    parser.add_argument("--think", type=float, default=None, help="seconds of thought per activation")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a set-up option (default: both sides Cinderhorn with 10-model rosters)")
    parser.add_argument("--json", type=Path, default=None, help="write every game's records here")
    args = parser.parse_args(argv)
    if args.think is not None:
        HUMAN_SECONDS["think_activation"] = args.think
    config: dict[str, Any] = {"faction_1": "cinderhorn", "roster_1": "hearth_warband",
                              "faction_2": "cinderhorn", "roster_2": "stampede"}
    for item in args.option:
        key, _, value = item.partition("=")
        config[key] = value
    os.environ.setdefault("ENTROPY_TABLETOP_HOME", tempfile.mkdtemp(prefix="skirmish-minutes-"))
    games = []
    for g in range(args.games):
        record = play_one(args.seed * 100 + g, dict(config), args.fps, args.draw_every, args.level)
        games.append(record)
        print(f"seed {record['seed']}: {record['sim_minutes']} simulated minutes, score {record['score']}, "
              f"{record['frames']} frames in {record['real_seconds']} s", file=sys.stderr, flush=True)
        if args.json is not None:
            args.json.write_text(json.dumps({"games": games, "summary": summarise(games),
                                             "human_seconds": HUMAN_SECONDS}, indent=1))
    print(json.dumps(summarise(games), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
