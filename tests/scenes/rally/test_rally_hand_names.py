"""A hand of ten keeps its cards' names readable at 1024x640 (issue 17: the small faces lost their
names, and the two 60° turns then differed only by a small arrow)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally.cards import CARD_KINDS, SHORT_MIN_PX, short_name
from tests.scenes.rally.test_table_rally import open_match, played_until, rally_view, settle
from tests.scenes.table_context import table_context


@pytest.fixture
def small(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1024, 640), animation_speed="fast", ai_watch_delay=0.0) as c:
        yield c


def ten_cards(s: RallyState) -> bool:
    return (s.phase == "planning" and len(s.hands[0]) >= 10 and not s.done[0]
            and not any(sh.program for sh in s.ships.values() if sh.owner == 0))


def test_a_hand_of_ten_at_1024x640_names_every_card(small: AppContext) -> None:
    scene = open_match(small, played_until(2, ["human", "normal", "normal"], ten_cards, limit=3000))
    settle(small, scene)
    view = rally_view(scene)
    cards = view.view["cards"]
    hand = view.dock.hand_cards
    assert len(hand) >= 10
    for card, rect in hand:
        text, px = short_name(str(cards[str(card)]), rect.width, rect.height)
        assert rect.height >= 90 or (text and px >= SHORT_MIN_PX), f"a {rect.size} face of {cards[str(card)]} is nameless"


@pytest.mark.parametrize("size", [(37, 52), (31, 44), (50, 70)])
def test_small_faces_tell_every_kind_apart_by_name(size: tuple[int, int]) -> None:
    import pygame

    pygame.font.init()
    names = [short_name(kind, *size)[0] for kind in CARD_KINDS]
    assert all(names), "every small face says what it is"
    assert len(set(names)) == len(names), "no two kinds share a name (left and right turns above all)"
