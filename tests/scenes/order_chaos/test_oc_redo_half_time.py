"""Order & Chaos: a Redo across half-time draws, frame by frame, what the live game drew: half 1's
whole board and score through the half-time, then half 2's first moves (play-test: it showed half
1's board with half 2's first counter on it and a wrong score, 175 instead of 181, before it
settled; the banner told half 2's Order to slide over it)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.order_chaos.commands import Place
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.order_chaos.view import OrderChaosView
from tests.scenes.oc_greedy_match import greedy_match_until
from tests.scenes.table_context import table_context

Board = tuple[tuple[int | None, ...], ...]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def _across_half_time_taken_back() -> tuple[Match, Board, int]:
    """A match whose person (Chaos in half 1) placed half 1's last counter, the computer then
    placed half 2's first on a cell half 1 had filled, and the person took it all back: Redo
    replays the three. Also half 1's full board and Order's score for it."""
    for seed in range(1, 40):
        match, agents = greedy_match_until(seed, lambda m, actors: m.state.half == 1 and actors == [0])
        full: Board = tuple(tuple(row) for row in match.state.view(1)["first_half_board"])
        score = match.state.view(1)["half_scores"][0]
        first = agents[0].choose(match.state, 0)
        assert isinstance(first, Place)
        if full[first.cell[0]][first.cell[1]] is None:
            continue
        assert match.submit(first).ok
        assert match.undo(1).ok and match.state.half == 0
        return match, full, score
    raise AssertionError("no seed whose half 2 opens on a cell of half 1's board")


def test_a_redo_across_half_time_draws_half_one_whole_then_half_two(
        ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    match, full, score = _across_half_time_taken_back()
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], 0.05)
    last_cell = next(c for c in reversed(match.commands) if isinstance(c, Place)).cell  # half 1's last, to be redone
    drawn: list[tuple[Board, int, frozenset[tuple[int, int]], bool]] = []
    render = OrderChaosView._render_static

    def spy(view: OrderChaosView, shown: dict[str, Any], hidden: set[tuple[int, int]], hide_drawn: bool,
            screen: tuple[int, int]) -> Any:
        halftime = bool(scene.animator.of_kind("halftime"))
        drawn.append((tuple(tuple(row) for row in shown["board"]), shown["total"], frozenset(hidden), halftime))
        return render(view, shown, hidden, hide_drawn, screen)

    monkeypatch.setattr(OrderChaosView, "_render_static", spy)
    monkeypatch.setattr(scene.flow, "ask", lambda *args, **kwargs: None)  # nothing new after the redo
    scene.redo()
    assert match.state.half == 1
    half_two: Board = tuple(tuple(row) for row in match.state.view(1)["board"])
    banners = []
    for _ in range(160):
        step(ctx, [], 1 / 30)
        if scene.animator.of_kind("halftime"):
            banners.append(scene.view.status(scene.names)[0])
        if not scene.animator.tweens:
            break
    assert banners and all(b.startswith("Chaos (You)") for b in banners), "half 1's banner over half 1's board"
    step(ctx, [], 1 / 30)
    during = [d for d in drawn if d[3]]
    after = [d for d in drawn if not d[3]]
    assert during and after
    for board, total, hidden, _ in during:
        assert board == full, "half-time shows half 1's whole board, none of half 2's counters"
        assert total == score
        assert hidden <= {tuple(last_cell)}, "only half 1's last counter, still flying in, is off the board"
    assert after[-1][0] == half_two and not after[-1][2]
