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
        return ctx, open_settled(ctx, match)[1]
    yield make
    for cm in opened:
        cm.__exit__(None, None, None)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("ships,seed", [(1, 11), (2, 1)])
def test_no_two_cards_of_the_dock_overlap(open_at: Any, size: tuple[int, int], ships: int, seed: int) -> None:
    _, view = open_at(size, programmed(ships, seed))
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


def fleet_view(ships: int, held: int, phase: str = "planning", owners: int = 1) -> dict[str, Any]:
    """A view of seat 0 with `ships` ships per seat (`owners` seats) and `held` cards of the
    thirteen kinds in hand (a fleet grown by Build Ship cards: fourteen ships held 64 cards in a
    natural game, seed 2, era 20)."""
    from scenes.views.rally.cards import CARD_KINDS

    fleet = [{"id": o * 100 + s, "number": s, "owner": o, "hex": [s, o], "direction": 0, "energy": 50,
              "titanium": 0, "program_count": 3 if phase == "chaos" else 0}
             for o in range(owners) for s in range(1, ships + 1)]
    hand = list(range(1, held + 1))
    return {"seat": 0, "players": max(2, owners), "phase": phase, "hand": [] if phase == "chaos" else hand,
            "played": [], "cards": {str(c): CARD_KINDS[c % len(CARD_KINDS)] for c in hand},
            "programs": {str(s["id"]): [] for s in fleet if s["owner"] == 0}, "ships": fleet}


def laid_out(size: tuple[int, int], view: dict[str, Any], first: int = 0) -> Dock:
    """The dock the table lays out for `view` in a play area of a window `size` (the right panel
    aside), through the view's own steps (`RallyView._relayout`)."""
    from scenes.views.rally.layout import hand_card_h, slot_card_h, table_layout
    from scenes.views.rally.planning import build_dock, fit_hand, rows_in_chaos

    pygame.font.init()
    area = pygame.Rect(0, 0, {1024: 754, 1280: 973}[size[0]], size[1])
    h = size[1]
    hand = view["phase"] == "planning"
    rows = sum(1 for s in view["ships"] if s["owner"] == 0) if hand else len(rows_in_chaos(view))
    slot_h = slot_card_h(h, compact=not hand)
    font = table_layout(area, rows, hand).font
    lines, hand_h = 1, hand_card_h(h)
    if hand:
        lines, hand_h = fit_hand(lambda n: table_layout(area, rows, hand, n).dock, view, slot_h, hand_card_h(h), font,
                                 sized=lambda n, ch: table_layout(area, rows, hand, n, ch).dock)
    lay = table_layout(area, rows, hand, lines, hand_h)
    return build_dock(lay.dock, view, slot_h, hand_h, font, hand, True, lines, first=first)


def assert_fits(dock: Dock, size: tuple[int, int]) -> None:
    window = pygame.Rect((0, 0), size)
    places = list({tuple(r): r for _, r in dock.hand_cards}.values())  # a pile's cards share a place
    for r in places + [row.rect for row in dock.rows]:
        assert dock.rect.contains(r) and window.contains(r), (r, dock.rect)
    for a, b in itertools.combinations(places, 2):
        assert not a.colliderect(b), (a, b)
    for a, b in itertools.combinations([row.rect for row in dock.rows], 2):
        assert not a.colliderect(b), (a, b)
    for row in dock.rows:
        assert not row.rect.colliderect(dock.hand), (row.rect, dock.hand)
        for slot in row.slots:
            assert row.rect.contains(slot.rect)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("ships", [6, 14])
def test_a_big_fleet_and_its_hand_stay_inside_the_dock(size: tuple[int, int], ships: int) -> None:
    """Fourteen ships ran their rows 20 px tall and off the bottom of the window, and 64 cards
    fanned into slivers: the rows that fit are shown (the wheel scrolls the rest) and the hand
    lies in piles, one per kind, when its cards cannot lie side by side."""
    view = fleet_view(ships, 5 * ships)
    dock = laid_out(size, view)
    assert_fits(dock, size)
    assert dock.total == ships and 0 < len(dock.rows) < ships
    assert all(row.rect.height >= 34 for row in dock.rows), [row.rect.height for row in dock.rows]
    assert min(r.height for _, r in dock.hand_cards) >= 40
    last = laid_out(size, view, first=ships)  # scrolled as far as it goes: the last ship's row shows
    assert last.rows[-1].ship == view["ships"][-1]["id"] and last.first == ships - len(last.rows)
    assert_fits(last, size)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_sixteen_rows_of_the_chaos_phase_stay_inside_the_dock(size: tuple[int, int]) -> None:
    """Four fleets of four in the chaos phase: the rows ran past the dock and the window; they
    now take a third column (a fourth where the width allows) before any scroll."""
    dock = laid_out(size, fleet_view(4, 0, "chaos", owners=4))
    assert_fits(dock, size)
    assert len(dock.rows) >= 12 and len({row.rect.x for row in dock.rows}) >= 3


def test_the_wheel_over_the_rows_scrolls_a_fleet_that_does_not_fit(open_at: Any) -> None:
    from tests.scenes.rally.test_rally_many_ships import fleet_of
    from tests.scenes.rally.test_rally_table_fit import wheel

    ctx, view = open_at((1024, 640), fleet_of(9, split=False))
    dock = view.dock
    assert dock.total == 9 and len(dock.rows) < 9
    shown = [row.ship for row in dock.rows]
    wheel(ctx, dock.rows[0].rect.center, -1)
    assert view.dock.first == 1 and [row.ship for row in view.dock.rows][:-1] == shown[1:]
    wheel(ctx, view.dock.rows[0].rect.center, 5)
    assert view.dock.first == 0, "back up to the first ship"
