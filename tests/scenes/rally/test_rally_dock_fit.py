"""The card dock at the smallest window (1024x640) and the common one: no two cards overlap and
every card lies inside the dock and the window. A play-tester saw one ship's four programmed
cards overlap at 1024x640 beside a hand of one full-size card and half a dock of empty room: the
hand now gives the program rows the width for their cards side by side (its cards shrinking to
no less than `planning.HAND_GIVES_WAY_H`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.rally.commands import ProgramCard
from game.rally.state import RallyState
from scenes.app import AppContext
from scenes.views.rally.cards import SHORT_MIN_H
from scenes.views.rally.planning import Dock
from tests.scenes.rally.test_table_rally import open_settled, played_until
from tests.scenes.table_context import table_context


def programmed(ships: int, seed: int) -> Match:
    """Seat 0 plans with `ships` ships and has put all but one of its cards into programs, the
    first ship taking most (the longest row the dock makes room for)."""
    match = played_until(seed, ["human", "random"], lambda s: s.phase == "planning" and 0 in s.to_act()
                         and not s.done[0] and len(s.ships_of(0)) == ships)
    state = match.state
    assert isinstance(state, RallyState)
    fleet = [s.id for s in state.ships_of(0)]
    hand = list(state.hands[0])[:-1]
    share = -(-len(hand) // len(fleet))  # the first ship's share, the rest shared out
    for i, card in enumerate(hand):
        sid = fleet[min(i // share, len(fleet) - 1)]
        index = len(match.state.view(0)["programs"].get(str(sid), []))
        assert match.submit(ProgramCard(0, sid, card, index)).ok
    return match


def card_rects(dock: Dock) -> list[pygame.Rect]:
    return [r for _, r in dock.hand_cards] + [slot.rect for row in dock.rows for slot in row.slots]


@pytest.fixture
def open_at(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    opened: list[Any] = []

    def make(size: tuple[int, int], match: Match) -> Any:
        cm = table_context(tmp_path, monkeypatch, size=size, animation_speed="fast", ai_watch_delay=0.0,
                           key_moment_stops=False)
        opened.append(cm)
        ctx: AppContext = cm.__enter__()
        return open_settled(ctx, match)[1]
    yield make
    for cm in opened:
        cm.__exit__(None, None, None)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("ships,seed", [(1, 11), (2, 1)])
def test_no_two_cards_of_the_dock_overlap(open_at: Any, size: tuple[int, int], ships: int, seed: int) -> None:
    view = open_at(size, programmed(ships, seed))
    dock = view.dock
    rects = card_rects(dock)
    assert any(row.slots for row in dock.rows) and dock.hand_cards
    window = pygame.Rect((0, 0), size)
    for r in rects:
        assert dock.rect.contains(r) and window.contains(r), (r, dock.rect)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    for row in dock.rows:
        for slot in row.slots:
            assert not slot.rect.colliderect(row.label) and not slot.rect.colliderect(row.info), slot.rect
    assert min(r.height for _, r in dock.hand_cards) >= SHORT_MIN_H, "the hand's faces keep their short names"
