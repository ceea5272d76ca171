"""The game-over screen's final-scoring table (`Game.score_details`): a row per part, a column per
seat, the total last; readable at 1024x640 with four players."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.game_over import TABLE_ROW_MIN, TOTAL, GameOverScene, result_text, score_table, table_layout
from tests.random_play import finish_match
from tests.scenes.test_menu import frames, push


def px(value: float) -> int:
    return round(value)


def finished_cosmos(players: int, seed: int = 5) -> Match:
    match = Match(get_game("cosmos"), {}, seed, ["human"] + ["greedy"] * (players - 1))
    return finish_match(match, random.Random(seed))


def test_the_table_lists_each_part_once_in_order_then_the_total() -> None:
    game = SimpleNamespace(score_details=lambda state: [[("a", 1), ("b", 2)], [("a", 3), ("c", 4)]])
    match = SimpleNamespace(game=game, state=None, seats=["human", "normal"])
    assert score_table(match) == [("a", [1, 3]), ("b", [2, 0]), ("c", [0, 4]), (TOTAL, [3, 7])]


def test_no_parts_or_a_failing_game_leaves_the_totals_only() -> None:
    oc = get_game("order-chaos")
    assert score_table(SimpleNamespace(game=oc, state=oc.new({}, 1), seats=["human", "normal"])) == []

    def broken(state):  # type: ignore[no-untyped-def]
        raise RuntimeError("no breakdown")

    assert score_table(SimpleNamespace(game=SimpleNamespace(score_details=broken), state=None, seats=[])) == []


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_columns_share_the_width_inside_the_area_and_shrink_rows_to_fit(seats: int) -> None:
    area = pygame.Rect(100, 50, 680, 0)
    t = table_layout(area, 236, seats, 7, px)
    assert t.labels.w == 236 and t.labels.x >= area.x
    assert all(84 <= c.w <= 150 for c in t.seats)
    assert t.seats[-1].right <= area.right and all(a.right <= b.x for a, b in zip(t.seats, t.seats[1:]))
    assert t.labels.right <= t.seats[0].x
    short = table_layout(area, 236, seats, 7, px, room_h=30 + 7 * 20)
    assert TABLE_ROW_MIN <= short.row_h <= 20 and short.labels.h <= 30 + 7 * 20
    narrow = table_layout(pygame.Rect(0, 0, 420, 0), 300, 4, 7, px)  # long labels give way to the seats
    assert narrow.labels.w == 84 and all(c.w >= 84 for c in narrow.seats) and narrow.seats[-1].right <= 420


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_finished_four_player_cosmos_game_shows_its_scoring_in_parts(ui_ctx, size) -> None:  # type: ignore[no-untyped-def]
    match = finished_cosmos(4)
    ui_ctx.use_window(pygame.Surface(size))
    scene = push(ui_ctx, GameOverScene(ui_ctx, match))
    frames(ui_ctx, 1)
    assert [label for label, _ in scene.table][-1] == TOTAL and len(scene.table) == 7
    assert scene.table[-1][1] == [int(x) for x in match.state.scores()]
    t = scene.table_layout
    assert t is not None and len(t.seats) == 4
    card = scene._card
    assert pygame.Rect(0, 0, *size).contains(card)
    assert card.contains(t.labels) and all(card.contains(c) for c in t.seats)
    buttons = [e for e in ui_ctx.ui.get_sprite_group().sprites() if getattr(e, "text", "") == "Play again"]
    assert buttons and t.labels.bottom <= buttons[0].rect.top
    label_font = scene.font(15)
    assert all(label_font.size(label)[0] <= t.labels.w for label, _ in scene.table)
    assert t.row_h >= px(TABLE_ROW_MIN)


def test_a_solo_game_ends_with_its_score_not_a_draw() -> None:
    match = finished_cosmos(1)
    assert result_text(match) == f"{match.state.scores()[0]:g} points"
