"""Game-over screens that explain the result (issue 15): Order & Chaos's two final boards with their
palindromes and line points, Worlds Collide's every card revealed (only once the game is over)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.match import Match
from game.core.registry import get_game
from game.core.replay import OBSERVER
from game.order_chaos.public import line_points, outermost, palindromes
from game.order_chaos.scoring import line_score
from scenes.game_over import GameOverScene
from scenes.views.order_chaos.result import boards_of
from tests.random_play import finish_match
from tests.scenes.test_menu import frames, played_match, push


def finished(game_id: str, seats: list[str], seed: int = 2) -> Match:
    return finish_match(Match(get_game(game_id), {}, seed, seats), random.Random(seed))


def buttons_named(ctx, text):  # type: ignore[no-untyped-def]
    return [e for e in ctx.ui.get_sprite_group().sprites() if getattr(e, "text", "") == text]


def test_palindromes_are_the_runs_whose_lengths_make_the_line_score() -> None:
    rng = random.Random(7)
    for _ in range(500):
        line = [rng.choice([None, 0, 1, 2]) for _ in range(rng.randint(1, 9))]
        assert sum(b - a + 1 for a, b in palindromes(line)) == line_score(line)
    assert palindromes([0, 0, 0]) == [(0, 1), (1, 2), (0, 2)]
    assert outermost(palindromes([0, 0, 0, 1, 2, 1, None, 3, 3])) == [(7, 8), (0, 2), (3, 5)]


def test_half_ones_board_is_kept_for_the_end_and_its_lines_add_up_to_its_score() -> None:
    match = played_match(finish=True)
    assert match.state.view(0)["first_half_board"] is not None
    history = list(match.states())
    at_half = next(s for s in history if s.half == 1)  # half 2 has begun: half 1's board is kept
    first = at_half.view(OBSERVER)["first_half_board"]
    before = history[history.index(at_half) - 1]
    assert before.view(0)["first_half_board"] is None
    assert all(cell is not None for row in first for cell in row)  # the full board of half 1's end
    last_move = [(a, b) for ra, rb in zip(first, before.view(0)["board"]) for a, b in zip(ra, rb) if a != b]
    assert len(last_move) == 1 and last_move[0][1] is None  # the board of the move before, plus the last counter
    view = match.state.view(OBSERVER)
    halves = boards_of(view)
    assert [half for half, _ in halves] == [0, 1]
    for half, board in halves:
        rows, cols = line_points(board)
        assert sum(rows) + sum(cols) == view["half_scores"][half]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_order_and_chaos_game_over_shows_both_boards_beside_the_scores(ui_ctx, size) -> None:  # type: ignore[no-untyped-def]
    ui_ctx.use_window(pygame.Surface(size))
    scene = push(ui_ctx, GameOverScene(ui_ctx, played_match(finish=True, seed=5)))
    frames(ui_ctx, 1)
    result, card = scene.result_rect, scene._card
    assert scene.result_view is not None and result is not None
    assert pygame.Rect(0, 0, *size).contains(card) and card.contains(result)
    assert result.x >= scene._main.right and result.w >= 400
    for label in ("Play again", "Swap seats", "Main menu", "Watch replay", "See the board"):
        (button,) = buttons_named(ui_ctx, label)
        assert card.contains(button.rect) and not button.rect.colliderect(result), label


def test_worlds_collide_hides_every_secret_until_the_game_is_over_then_shows_them_all() -> None:
    match = finished("worlds-collide", ["human", "greedy", "greedy"])
    states = list(match.states())
    for state in states[:-1][::7]:
        for viewer in (OBSERVER, 0, 1):
            view = state.view(viewer)
            assert not view["all_revealed"]
            for p in view["players"]:
                if p["seat"] != viewer:
                    assert p["hand"] is None
                assert all(h["card"] is None for h in p["hold"] if not h["revealed"]) or viewer >= 0
    end = match.state.view(OBSERVER)
    assert end["all_revealed"]
    for p in end["players"]:
        assert p["hand"] is not None and len(p["hand"]) == p["hand_count"]
        assert all(h["card"] is not None for h in p["hold"])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_worlds_collide_game_over_shows_each_reality_and_the_revealed_cards(ui_ctx, size) -> None:  # type: ignore[no-untyped-def]
    ui_ctx.use_window(pygame.Surface(size))
    match = finished("worlds-collide", ["human", "greedy", "greedy", "greedy"], seed=3)
    scene = push(ui_ctx, GameOverScene(ui_ctx, match))
    frames(ui_ctx, 1)
    assert scene.result_view is not None and scene.result_rect is not None
    assert scene._card.contains(scene.result_rect) and scene.result_rect.h >= 300
    assert scene.result_view.view["all_revealed"]


def test_rally_keeps_each_eras_points_and_entropy_as_public_history() -> None:
    from game.rally.cards import START_ENTROPY
    from scenes.views.rally.result import chart_series

    match = finished("rally", ["human", "greedy", "greedy"], seed=3)
    state = match.state
    history = state.view(OBSERVER)["era_history"]
    assert [e["era"] for e in history] == list(range(1, state.era + 1))
    assert history[-1]["points"] == list(state.points) and history[-1]["entropy"] == state.entropy
    assert all(a["entropy"] <= b["entropy"] for a, b in zip(history, history[1:]))  # the clock only rises
    assert state.view(0)["era_history"] == history == state.view(2)["era_history"]  # the same for everyone
    mid = next(s for s in match.states() if s.era == 2)
    assert [e["era"] for e in mid.view(1)["era_history"]] == [1]  # an era is recorded once it has ended
    series, entropy = chart_series(state.view(OBSERVER), ["A", "B", "C"], lambda p: (p, p, p), (1, 1, 1))
    assert entropy.values[0] == START_ENTROPY and len(entropy.values) == state.era + 1
    assert [s.values[-1] for s in series] == [float(p) for p in state.points]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_rally_game_over_draws_the_chart_beside_the_points(ui_ctx, size) -> None:  # type: ignore[no-untyped-def]
    ui_ctx.use_window(pygame.Surface(size))
    scene = push(ui_ctx, GameOverScene(ui_ctx, finished("rally", ["human", "greedy"], seed=4)))
    frames(ui_ctx, 1)
    assert scene.result_view is not None and scene.result_rect is not None
    assert scene._card.contains(scene.result_rect) and scene.result_rect.w >= 400


def test_the_skirmish_breaks_its_mission_score_down_by_objective(ui_ctx) -> None:  # type: ignore[no-untyped-def]
    from game.skirmish import rules
    from scenes.game_over import TOTAL, score_table

    match = Match(get_game("skirmish"), {}, 3, ["human", "greedy"])
    state = match.state
    first, *others = state.mission.objectives
    rules._add_score(state, 0, 3, f"hold:{first.id}", [])
    rules._add_score(state, 1, 2, "slay:4", [])
    rules._add_score(state, 1, 1, "slay:7", [])
    rules._add_score(state, 0, 1, f"hold:{first.id}", [])
    details = match.game.score_details(state)
    assert details[0][0] == (first.name, 4) and dict(details[1])["Models slain"] == 3
    assert [label for label, _ in details[0]] == [label for label, _ in details[1]]
    assert [sum(points for _, points in parts) for parts in details] == state.score == [4, 3]
    assert state.clone().score_parts == state.score_parts
    table = score_table(match)
    assert table[-1] == (TOTAL, [4, 3]) and len(table) == len(others) + 3
    ui_ctx.use_window(pygame.Surface((1024, 640)))
    scene = push(ui_ctx, GameOverScene(ui_ctx, match))
    frames(ui_ctx, 1)
    assert scene.table_layout is not None and scene._card.contains(scene.table_layout.labels)


def test_the_rally_charts_points_scale_has_whole_round_steps() -> None:
    from scenes.views.rally.result import nice_top

    assert [nice_top(v) for v in (0, 7, 8, 9, 21, 25, 81, 150)] == [8, 8, 8, 20, 40, 40, 100, 200]
    assert all(nice_top(v) % 4 == 0 and nice_top(v) >= v for v in range(0, 5000, 37))
