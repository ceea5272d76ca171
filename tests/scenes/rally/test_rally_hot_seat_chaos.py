"""Hot-seat Rally's chaos phase is public (issue 17, the play-test with human, human, normal):
a person's decision in it (placing a built ship, sharing cargo, which ship plays next) is made
at the shared screen with no "Pass to ..." card, and what the screen shows then gives away no
seat's unplayed program or hand."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.rally.cards import CARD_KIND
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.handoff import HandoffScene
from scenes.table import TableScene
from scenes.views.rally.view import CHAOS_DECISIONS, RallyView
from tests.scenes.gestures import DT, click
from tests.scenes.rally.test_table_rally import played_until, ready
from tests.scenes.table_context import table_context
from tools.rally_playtest import choose

SEATS = ["human", "human", "normal"]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast", ai_watch_delay=0.0,
                       key_moment_stops=False) as context:
        yield context


def chaos_of_era_1() -> Match:
    """Seed 11's first chaos phase: both people build a ship in it (found by playing it out)."""
    return played_until(11, SEATS, lambda s: s.phase == "chaos" and s.era == 1)


def rally_view(scene: TableScene) -> RallyView:
    assert isinstance(scene.view, RallyView)
    return scene.view


def chaos_decision_on_screen(scene: TableScene) -> bool:
    view = rally_view(scene)
    state = scene.match.state
    return (not scene.animator.busy and state.view(0)["phase"] == "chaos" and scene.acting_human() is not None
            and (view.view.get("pending") or {}).get("kind") in CHAOS_DECISIONS)


def test_a_persons_chaos_decision_needs_no_hand_off_and_the_playback_goes_on_in_sight(ctx: AppContext) -> None:
    match = chaos_of_era_1()
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    state = match.state
    assert isinstance(state, RallyState)
    rng = random.Random(4)
    deciders: list[tuple[int, int]] = []  # (seat deciding, seat on screen just before)
    on_screen = None
    for _ in range(3000):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        if state.phase != "chaos":
            break
        assert not isinstance(ctx.stack.top, HandoffScene), "no 'Pass to ...' in the chaos phase"
        if chaos_decision_on_screen(scene):
            actor = scene.acting_human()
            assert actor is not None and rally_view(scene).view["seat"] == actor, "the screen shows who decides"
            deciders.append((actor, on_screen if on_screen is not None else actor))
            assert scene.play(choose(state, actor, rng))
        on_screen = rally_view(scene).view["seat"]
    assert state.phase != "chaos", "the chaos phase played to its end"
    assert {seat for seat, _ in deciders} == {0, 1}, deciders
    assert any(seat != before for seat, before in deciders), "a decision by a seat not on screen came"


def scrambled(state: RallyState) -> None:
    """Every unplayed program card and hand card becomes a card of another kind."""
    ids = range(len(CARD_KIND))
    for ship in state.ships.values():
        ship.program = [next(c for c in ids if CARD_KIND[c] != CARD_KIND[card]) for card in ship.program]
    for hand in state.hands:
        hand[:] = [next(c for c in ids if CARD_KIND[c] != CARD_KIND[card]) for card in hand]


def test_the_public_screen_during_a_chaos_decision_shows_no_unplayed_card(ctx: AppContext) -> None:
    """The screen at a person's chaos decision is the same picture, with the same tooltips,
    whatever the unplayed cards are: nothing on it depends on them (a face-down program slot's
    tooltip named the ship's next card)."""
    match = chaos_of_era_1()
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    state = match.state
    assert isinstance(state, RallyState)
    for _ in range(3000):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        if chaos_decision_on_screen(scene):
            break
    assert chaos_decision_on_screen(scene)
    step(ctx, [], DT)  # (the table's buttons are refreshed in the frame after the round's last)
    view = rally_view(scene)
    assert any(s.program for s in state.ships.values() if s.owner == view.me), "the seat still has cards to play"
    assert not view.dock.hand_cards
    waiting = [slot for row in view.dock.rows for slot in row.slots if not slot.played]
    assert waiting and all(slot.card is None for slot in waiting)

    def picture() -> tuple[bytes, list[str | None]]:
        surface = pygame.Surface(ctx.screen.get_size())
        scene.draw(surface)
        dock = view.dock.rect
        tips = [view.tooltip((x, y)) for x in range(dock.left + 4, dock.right, 12)
                for y in range(dock.top + 4, dock.bottom, 8)]
        return pygame.image.tobytes(surface, "RGB"), tips

    before, tips_before = picture()
    assert any(tips_before), "the dock's rows answer tooltips"
    scrambled(state)
    scene._sync()
    after, tips_after = picture()
    assert tips_after == tips_before, "a tooltip depends on an unplayed card"
    assert after == before, "the picture depends on an unplayed card"


def test_opened_at_a_chaos_decision_the_hot_seat_table_shows_it_without_a_hand_off(ctx: AppContext) -> None:
    """A saved game loaded at a person's chaos decision opens on it (the table's first
    hand-off asks the view whether the step is private)."""
    from game.rally.rules import describe_pending

    def at_decision(s: RallyState) -> bool:
        p = describe_pending(s)
        return s.phase == "chaos" and p is not None and p["kind"] in CHAOS_DECISIONS and p["seat"] in (0, 1)

    match = played_until(11, SEATS, at_decision)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    ctx.stack.apply_pending()
    assert not isinstance(ctx.stack.top, HandoffScene)
    assert not by_itself(match.to_act()) and scene.acting_human() == rally_view(scene).view["seat"]
    ready(ctx)


def test_after_a_hot_seat_chaos_phase_every_person_may_replay_it_from_a_public_record(ctx: AppContext) -> None:
    """The record was kept per seat, and "Replay chaos" shown only to the seat that had watched
    it: in hot-seat nobody got it. The record is now public (no program, no hand), offered to
    each person who next has the screen, and plays every round again."""
    match = chaos_of_era_1()
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    state = match.state
    assert isinstance(state, RallyState)
    view = rally_view(scene)
    rng = random.Random(4)
    offered: set[int] = set()
    for _ in range(6000):
        step(ctx, [], DT)
        ready(ctx)
        if state.era > 1 and state.phase == "chaos" or offered == {0, 1}:
            break
        actor = scene.acting_human()
        if actor is None or scene.animator.busy or by_itself(match.to_act()):
            continue
        if state.phase != "chaos":
            assert view.view["seat"] == actor
            if view.can_replay():
                offered.add(actor)
        assert scene.play(choose(state, actor, rng))
    assert offered == {0, 1}, f"offered to {offered}"
    rounds = view._chaos_record
    assert rounds and all(not v.get("hand") and not v.get("programs") for b, _, a in rounds for v in (b, a))
    click(ctx, view._replay_rect().center)
    step(ctx, [], DT)
    seen: set[int] = set()
    for _ in range(3000):
        tweens = [tw for tw in scene.animator.of_kind("rally") if tw.payload.get("replay") is not None]
        if not tweens and not view._replay_queue and seen:
            break
        if tweens:
            seen.add(id(tweens[0]))
            assert tweens[0].payload["before"]["seat"] == view.me, "drawn as the seat on screen sits"
        step(ctx, [], DT)
    assert len(seen) == len(rounds), "every round of the phase again"


def test_solo_the_replay_keeps_the_persons_own_cards_as_they_saw_them(ctx: AppContext) -> None:
    """One person against a computer: the record stays the person's own view (their programs
    face up in the replay, as in the phase itself)."""
    match = played_until(11, ["human", "random"], lambda s: s.phase == "chaos")
    assert not match.state.is_over()
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    state = match.state
    assert isinstance(state, RallyState)
    view = rally_view(scene)
    rng = random.Random(4)
    for _ in range(3000):
        step(ctx, [], DT)
        actor = scene.acting_human()
        if state.phase != "chaos" and actor is not None and not scene.animator.busy:
            break
        if actor is not None and not scene.animator.busy and not by_itself(match.to_act()):
            assert scene.play(choose(state, actor, rng))
    assert view.can_replay() and not view.shared_screen
    assert any(b.get("programs") for b, _, _ in view._chaos_record), "the person's own programs are kept"
