"""Headless rendering: the `bench render` timing and the `shot` PNG, through SDL's dummy driver.

Both draw the real TableScene, so what they measure and show is what players get.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.core.errors import EntropyError
from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.core.rng import Rng

FRAME_DT = 1 / 60


def _headless() -> None:
    """Use the dummy video/audio drivers unless a display was asked for explicitly."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def random_match(game_id: str, seed: int, plies: int, seats: list[str] | None = None) -> Match:
    """A match after `plies` random player commands (chance resolved in between and after)."""
    game = get_game(game_id)
    n = game.info.min_players
    match = Match(game, {}, seed, seats or ["human"] * n)
    rng = Rng(seed ^ 0x5EED)
    played = 0
    while not match.state.is_over():
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        if played >= plies:
            break
        seat = actors[0]
        match.submit(rng.choice(match.state.candidates(seat)))
        played += 1
    return match


def position(game_id: str, seed: int, plies: int, seats: list[str] | None = None, purpose: str = "shot") -> Match:
    """The view's own representative position (`shot_match`, or `bench_match` for `bench render`:
    where the animations worth measuring start) if it has one, else `random_match`."""
    from scenes.views import has_view, view_module

    maker = getattr(view_module(game_id), f"{purpose}_match", None) if has_view(game_id) else None
    if maker is not None:
        match: Match = maker(seed, seats)
        return match
    return random_match(game_id, seed, plies, seats)


def _context(size: tuple[int, int], animation: str = "normal") -> Any:
    _headless()
    from scenes.app import create_context
    from scenes.settings_store import Settings

    settings = Settings()
    settings.animation_speed = animation
    settings.ai_watch_delay = 0.0
    settings.key_moment_stops = False  # a playback paused on a battle would be measured standing still
    return create_context(settings, size)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def _summary(times: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(times), 3), "p95": round(_percentile(times, 0.95), 3),
            "p99": round(_percentile(times, 0.99), 3), "max": round(max(times), 3)}


def accept_handoffs(ctx: Any) -> None:
    """Hot-seat: click 'I'm ready' on any hand-off screen (the table is what we measure and show)."""
    from scenes.handoff import HandoffScene

    ctx.stack.apply_pending()
    while isinstance(ctx.stack.top, HandoffScene):
        ctx.stack.top.ready()
        ctx.stack.apply_pending()


def _run_frames(ctx: Any, scene: Any, frames: int, feed_moves: bool) -> list[float]:
    """Step the app `frames` times; with `feed_moves`, play a random move whenever humans may."""
    from scenes.app import step

    rng = Rng(99)
    times: list[float] = []
    for _ in range(frames):
        accept_handoffs(ctx)
        if feed_moves and scene.acting_human() is not None and not scene.animator.busy \
                and not scene.match.state.is_over():
            seat = scene.acting_human()
            scene.play(rng.choice(scene.match.state.candidates(seat)))
        t0 = time.perf_counter()
        step(ctx, [], FRAME_DT)
        times.append((time.perf_counter() - t0) * 1000.0)
    return times


def seat_count(game_id: str, players: int | None) -> int:
    """The seats `shot` and `bench render` use: `players`, checked against the game's range, or
    the game's fewest (the default, as before `--players`)."""
    info = get_game(game_id).info
    if players is None:
        return info.min_players
    if not info.min_players <= players <= info.max_players:
        raise EntropyError(f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}")
    return players


@contextmanager
def computer_thinking(game_id: str, match: Match) -> Iterator[list[int]]:
    """A computer searching at `hard` in its worker process all the while (each answer is met
    by a new request), as when a player watches the table while the computer thinks. Yields
    a one-item list: the number of requests made, for the caller to check the search ran."""
    from game.ai.worker import AgentError, AgentWorker

    state = match.state.clone()
    while by_itself(state.to_act()) and not state.is_over():  # a position a seat decides
        state.apply(state.sample_chance())
    seat = state.to_act()[0] if not state.is_over() else 0
    asked = [0]
    stop = threading.Event()
    worker = AgentWorker(game_id)

    def keep_busy() -> None:
        while not stop.is_set():
            if not worker.pending:
                asked[0] += 1
                worker.request(state, seat, "hard", asked[0])
            try:
                worker.poll()
            except AgentError:
                pass  # a failed search is asked again: the point is the load, not the answer
            stop.wait(0.01)

    thread = threading.Thread(target=keep_busy, name="bench-thinking", daemon=True)
    thread.start()
    try:
        yield asked
    finally:
        stop.set()
        thread.join()
        worker.close()


def bench_render(game_id: str, frames: int = 300, size: tuple[int, int] = (1280, 720),
                 players: int | None = None, plies: int = 24, thinking: bool = False) -> dict[str, Any]:
    """Frame times of the table mid-game with animations running, then while AIs think.

    Returns {"game", "frames", "size", "frame_ms": {median, p95, p99, max}} plus
    "ai_thinking_frame_ms" (same fields) measured with two computer seats thinking
    in their worker process between moves. `players` seats (the game's fewest by default)
    after `plies` random moves, unless the view has a `bench_match` of its own. `thinking`: a
    computer searches in its worker process the whole time "frame_ms" is measured (issue 15:
    the window must keep its frames while the computer thinks).
    """
    from scenes.table import TableScene

    frames = max(10, int(frames))
    game = get_game(game_id)
    n = seat_count(game_id, players)
    ctx = _context(size)
    # a hidden-information game measures one human against computers (no hot-seat hand-off screens)
    seats = ["human"] + ["random"] * (n - 1) if game.info.hidden_info else (
        None if players is None else ["human"] * n)
    match = position(game_id, 7, plies, seats, "bench")
    scene = TableScene(ctx, match)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    _run_frames(ctx, scene, 10, True)  # warm the caches, as a player's first second would
    if thinking:
        with computer_thinking(game_id, match):
            time.sleep(0.5)  # the worker process is up and searching before the first frame
            times = _run_frames(ctx, scene, frames, True)
    else:
        times = _run_frames(ctx, scene, frames, True)
    ctx.stack.pop()
    ctx.stack.apply_pending()
    ai_match = random_match(game_id, 11, 16, ["normal"] * len(match.seats))
    ai_scene = TableScene(ctx, ai_match)
    ctx.stack.push(ai_scene)
    ctx.stack.apply_pending()
    _run_frames(ctx, ai_scene, 3, False)  # opening the screen builds its backgrounds once
    ai_times = _run_frames(ctx, ai_scene, max(10, frames // 2), False)
    ctx.stack.pop()
    ctx.stack.apply_pending()
    return {"game": game_id, "frames": frames, "size": f"{size[0]}x{size[1]}", "frame_ms": _summary(times),
            "ai_thinking_frame_ms": _summary(ai_times)}


def render_shot(game_id: str, out_path: Path | str, seed: int = 1, plies: int = 20,
                size: tuple[int, int] = (1280, 720), players: int | None = None) -> Path:
    """Save a PNG of the table after `plies` random moves (animations settled), with `players`
    seats (the game's fewest by default), all played by people (hand-offs accepted)."""
    import pygame

    from scenes.app import step
    from scenes.table import TableScene

    seats = None if players is None else ["human"] * seat_count(game_id, players)
    ctx = _context(size, animation="off")
    match = position(game_id, seed, plies, seats)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    for _ in range(3):
        accept_handoffs(ctx)
        step(ctx, [], FRAME_DT)
    scene.animator.finish_all()
    step(ctx, [], FRAME_DT)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(ctx.viewport.window if ctx.viewport is not None else ctx.screen, str(out))
    ctx.stack.pop()
    ctx.stack.apply_pending()
    return out
