"""The menu's game rows as pure arithmetic (`scenes.menu.plan_rows`), without a window."""

from __future__ import annotations

import pygame
import pytest

from scenes.menu import COMPACT_MIN, DENSE_MIN, FEATURE_MIN, plan_rows


def px(value: float) -> int:
    return round(value)


@pytest.mark.parametrize("n", range(1, 7))
def test_every_game_gets_a_row_inside_the_card_in_order_without_overlap(n: int) -> None:
    card = pygame.Rect(452, 57, 500, 539)  # the 1024x640 window's card, reaching the version line
    plan = plan_rows(card, n, px, title_w=190)
    assert len(plan.rows) == n
    assert all(card.contains(r) for r in plan.rows)
    assert all(a.bottom < b.top for a, b in zip(plan.rows, plan.rows[1:]))
    assert plan.heading_y >= card.y and plan.heading_y + px(44) <= plan.rows[0].top


def test_the_kind_of_row_follows_the_room() -> None:
    tall = pygame.Rect(0, 0, 700, 900)
    assert plan_rows(tall, 2, px).kind == "feature"
    wide = pygame.Rect(0, 0, 700, 84 + 20 + 5 * 100)
    assert plan_rows(wide, 5, px).kind == "beside"
    # a 1024-wide window's card is too narrow for the buttons beside a title
    narrow = pygame.Rect(0, 0, 500, 84 + 20 + 5 * 110)
    assert plan_rows(narrow, 5, px, title_w=190).kind == "stacked"
    assert plan_rows(pygame.Rect(0, 0, 500, 539), 6, px, title_w=190).kind == "dense"


def test_a_title_too_wide_for_buttons_beside_it_gets_them_under_it() -> None:
    card = pygame.Rect(0, 0, 700, 84 + 20 + 5 * 100)
    assert plan_rows(card, 5, px, title_w=150).kind == "beside"
    assert plan_rows(card, 5, px, title_w=330).kind == "dense"  # 100 px rows: too short to stack at full size


def test_rows_keep_their_minimum_and_leave_off_only_what_cannot_fit() -> None:
    card = pygame.Rect(0, 0, 500, 300)
    plan = plan_rows(card, 6, px)
    assert plan.kind == "dense" and all(r.h + px(6) >= px(DENSE_MIN) for r in plan.rows)
    assert 0 < len(plan.rows) < 6 and plan.rows[-1].bottom <= card.bottom
    assert FEATURE_MIN > COMPACT_MIN > DENSE_MIN
