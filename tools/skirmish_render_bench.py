"""Frame times of the skirmish table at the issue's worst case: 40 models among 12 terrain pieces,
with a reach overlay and sight lines on screen (issue 13, "bench render skirmish").

`entropy-tabletop bench render skirmish` measures the built-in rosters (at most 28 models on a
36" table) under random play. This tool builds the heavier table the issue names: both sides'
first rosters repeated to 20 models each, on the mission's 12-piece layout, all deployed; then it
steps the real table scene (window chrome, log and all) at 1280x720 with synthetic pointer
events, alternating two kinds of frame: a model dragged in its move step (reach shaded, the
route and its length following the pointer) and an enemy hovered in the attack step (sight
lines, verdict, odds). Run from the project root:

    .venv/bin/python tools/skirmish_render_bench.py [frames] [seed]

Prints the frame times (median, p95, p99, max, in ms) of each kind and of all frames.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.match import Match  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.skirmish import rules  # noqa: E402
from game.skirmish.commands import Activate, Deploy, EndStep, KeepRoll  # noqa: E402
from game.skirmish.content import builtin_content  # noqa: E402
from game.skirmish.game import SKIRMISH  # noqa: E402
from game.skirmish.model import Figure  # noqa: E402
from game.skirmish.state import SkirmishState  # noqa: E402

MODELS_A_SIDE = 20


def heavy_state(seed: int) -> SkirmishState:
    """40 models deployed on the 12-piece layout of the first mission, round 1's activations."""
    content = builtin_content()
    mission = content.missions["hold_the_rift"]
    layout = max(content.layouts_for(mission), key=lambda lay: len(lay.pieces))
    factions = (content.factions["tessellate"], content.factions["cinderhorn"])
    rosters = (factions[0].rosters[0].id, factions[1].rosters[0].id)
    s = SkirmishState(Rng(seed), mission, layout, factions, rosters, content.conditions, content.tokens)
    figures: list[Figure] = []
    for side in (0, 1):
        units = factions[side].roster(rosters[side]).unit_ids()
        for k in range(MODELS_A_SIDE):
            unit = factions[side].unit(units[k % len(units)])
            figures.append(Figure(len(figures), side, unit, health=unit.health))
    s.figures = figures
    rng = random.Random(seed)
    while s.phase != "activations" or CHANCE in s.to_act():
        seat = s.to_act()[0]
        if seat == CHANCE:
            s.apply(s.sample_chance())
            continue
        options = s.candidates(seat)
        if s.phase == "deploy":
            f = next(g for g in s.figures if g.side == seat and not g.deployed)
            zone = mission.zones[seat]
            xs, ys = [p[0] for p in zone], [p[1] for p in zone]
            for _ in range(400):  # the zone's grid fills up with 20 models: try free spots
                at = (rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys)))
                if rules.why_illegal(s, Deploy(seat, f.id, at)) is None:
                    s.apply(Deploy(seat, f.id, at))
                    break
            else:
                s.apply(rng.choice(options))
            continue
        s.apply(rng.choice(options))
    return s


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median": round(statistics.median(ordered), 2),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
            "p99": round(ordered[int(0.99 * (len(ordered) - 1))], 2), "max": round(ordered[-1], 2)}


def main(frames: int = 300, seed: int = 7) -> None:
    from scenes.app import create_context, step
    from scenes.settings_store import Settings
    from scenes.table import TableScene

    settings = Settings()
    ctx = create_context(settings, (1280, 720))
    state = heavy_state(seed)
    match = Match(SKIRMISH, {}, seed, ["human", "human"])
    match.state = state  # a hand-built table: this tool never replays or undoes
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    for _ in range(3):
        step(ctx, [], 1 / 60)
    seat = state.to_act()[0]
    mover = next(f for f in state.alive(seat) if not f.activated)
    scene.play(Activate(seat, (mover.id,), "move_attack"))
    view = scene.view
    start = tuple(int(v) for v in view.camera.to_screen(mover.at))
    times: dict[str, list[float]] = {"move drag": [], "attack hover": []}
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], 1 / 60)
    for i in range(frames // 2):
        a = i * 0.21
        pos = (start[0] + int(60 * (1 + i % 7) / 7 * __import__("math").cos(a)),
               start[1] + int(60 * (1 + i % 7) / 7 * __import__("math").sin(a)))
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        t0 = time.perf_counter()
        step(ctx, [ev], 1 / 60)
        times["move drag"].append((time.perf_counter() - t0) * 1000)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)], 1 / 60)
    scene.animator.finish_all()
    scene.play(EndStep(seat))
    while scene.match.state.roll is not None:  # type: ignore[attr-defined]
        if CHANCE in scene.match.to_act():
            scene.match.resolve_chance()
        else:
            scene.play(KeepRoll(seat))
    scene._sync()
    enemies = [f for f in state.alive(1 - seat) if f.on_table]
    for i in range(frames - frames // 2):
        target = enemies[i % len(enemies)]
        pos = tuple(int(v) for v in view.camera.to_screen(target.at))
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
        t0 = time.perf_counter()
        step(ctx, [ev], 1 / 60)
        times["attack hover"].append((time.perf_counter() - t0) * 1000)
    every = times["move drag"] + times["attack hover"]
    slowest = {k: max(range(len(v)), key=v.__getitem__) for k, v in times.items()}
    print({"models": len(state.figures), "terrain": len(state.terrain), "size": "1280x720",
           **{k: summary(v) for k, v in times.items()}, "all": summary(every), "slowest_frame": slowest})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300, int(sys.argv[2]) if len(sys.argv) > 2 else 7)
