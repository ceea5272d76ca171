"""The Cosmos view, headless: it draws seeded random positions for 1-4 players from every seat at
two window sizes with everything inside the play area, its hit tests give the targets the engine
accepts (every legal drop lies under its own spot, every gesture a hint shows comes back as its
command), no other seat's hidden card reaches the screen, the viewer's own hand goes face down on
a shared hot-seat screen, and Cancel action takes the Action step back on the Match."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import CHANCE, Refusal, Target
from game.core.registry import get_game
from game.cosmos import commands as C
from game.cosmos.game import COSMOS
from game.cosmos.state import CosmosState
from tests.games.cosmos.positions import random_positions, retrieve_positions
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.views.base import Overlay
from scenes.views.cosmos.view import CosmosView
from tests.scenes.table_context import table_context

PLAY_AREAS = (pygame.Rect(0, 72, 973, 648), pygame.Rect(0, 64, 754, 576))
"""The table's play area at 1280x720 and at 1024x640."""


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def positions(players: int, seed: int, steps: int = 240, every: int = 40) -> Iterator[CosmosState]:
    return random_positions(players, seed, steps, every)


class Recorder(TextCache):
    """A text cache that remembers every string drawn."""

    def __init__(self, font: Any) -> None:
        super().__init__(font)
        self.seen: set[str] = set()

    def render(self, text: str, size: int, colour: Any, kind: str = "regular", shadow: bool = False) -> pygame.Surface:
        self.seen.add(text)
        return super().render(text, size, colour, kind, shadow)


def make_view(ctx: AppContext, state: CosmosState, seat: int, rect: pygame.Rect = PLAY_AREAS[0],
              humans: list[bool] | None = None) -> CosmosView:
    view = CosmosView(ctx, COSMOS, Recorder(ctx.font))
    n = len(state.players)
    view.board_text = Recorder(ctx.font)
    view.set_seats([f"Player {i + 1}" for i in range(n)], humans or [i == seat for i in range(n)])
    view.layout(rect)
    view.set_view(state.view(seat))
    return view


def draw(view: CosmosView, overlay: Overlay | None = None) -> None:
    surface = pygame.Surface((1280, 720))
    view.draw(surface, overlay or Overlay(), Animator(lambda: 0.0))


def draw_every_seat_and_tab(ctx: AppContext, players: int, area: pygame.Rect) -> None:
    """Draw seeded `players`-player positions from every seat, each player's tab in turn, in
    `area` (the tile tests measure or read what this draws)."""
    for state in random_positions(players, 60 + players, 240, 60):
        for seat in range(players):
            view = make_view(ctx, state, seat, area)
            for tab in range(players):
                view.tab = tab
                view._refresh()
                draw(view, Overlay(time=1.0))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_draws_every_seat_inside_the_play_area_at_both_sizes(ctx: AppContext, players: int) -> None:
    drawn = 0
    for state in positions(players, 100 + players):
        for seat in range(players):
            for rect in PLAY_AREAS:
                view = make_view(ctx, state, seat, rect)
                for tab in range(players):
                    view.tab = tab
                    draw(view, Overlay(time=1.0))
                    assert view.spots
                    for spot in view.spots:
                        assert rect.contains(spot.rect), (spot.tip[:1], spot.rect, rect)
                    drawn += 1
                view.tab = seat
                draw(view)
                mine = {s.target.ident for s in view.spots if s.target is not None and s.target.zone == "card"}
                assert mine == {str(c) for c in state.players[seat].hand}
    assert drawn >= players * players * 2


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_drop_lies_under_its_spot_and_hints_come_back(ctx: AppContext, players: int) -> None:
    checked = 0
    for state in positions(players, 200 + players, steps=400, every=9):
        seat = state.to_act()[0]
        view = make_view(ctx, state, seat)
        draw(view)
        for source in view.sources(seat):
            assert view.hit_test(view.anchor(source) or (0, 0)) == source
            for target in COSMOS.targets_for(state, seat, source):
                where = view.anchor(target)
                assert where is not None, target
                assert view.hit_test(where) == target
                assert not isinstance(COSMOS.find_command(state, seat, source, target), Refusal)
                checked += 1
        for cmd in state.candidates(seat):
            gesture = view.command_targets(cmd)
            if gesture is None:
                continue
            found = COSMOS.find_command(state, seat, *gesture)
            if found != cmd:  # a discard or a catch: the drag opens the chooser, its button is the way
                assert isinstance(cmd, C.PlayLife | C.Catch) and view.suggested is not None, (cmd, gesture)
                assert not isinstance(found, Refusal) and view.stage(found), (cmd, found)
                assert COSMOS.find_command(state, seat, view.suggested, None) == cmd
                assert view.suggested in [spot.target for spot in view.chooser]
                view.chooser = []
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_other_seats_hidden_card_reaches_the_screen(ctx: AppContext, players: int) -> None:
    checked = 0
    for state in positions(players, 300 + players, steps=400):
        for seat in range(players):
            view = make_view(ctx, state, seat)
            texts: set[str] = set()
            for tab in range(players):
                view.tab = tab
                view._refresh()
                draw(view)
                texts |= {line for spot in view.spots for line in spot.tip}
                assert isinstance(view.text, Recorder) and isinstance(view.board_text, Recorder)
                texts |= view.text.seen | view.board_text.seen
            words = " ".join(texts)
            for other, p in enumerate(state.players):
                if other == seat:
                    continue
                hidden = [c for c in p.hand if c not in p.seen]
                for card in hidden:
                    public = any(card == pile.top for pile in state.life_piles)
                    if not public:
                        assert not re.search(rf"\bL{card}\b", words), (seat, other, card)
                        checked += 1
                for m in p.missions:
                    assert not re.search(rf"\bM{m}\b", words) or m in state.players[seat].missions
    assert checked > 10


def test_the_viewers_own_hand_goes_face_down_on_a_shared_hot_seat_screen(ctx: AppContext) -> None:
    state = next(s for s in positions(3, 7, every=1) if s.to_act()[0] == 1 and s.players[0].hand)
    view = make_view(ctx, state, 0, humans=[True, True, True])
    view._refresh()
    draw(view)
    assert view.private_shown()
    assert not [s for s in view.spots if s.target is not None and s.target.zone == "card"]
    assert isinstance(view.text, Recorder) and isinstance(view.board_text, Recorder)
    words = " ".join(view.text.seen | view.board_text.seen | {line for spot in view.spots for line in spot.tip})
    for card in state.players[0].hand:
        assert not re.search(rf"\bL{card}\b", words)
    alone = make_view(ctx, state, 0, humans=[True, False, False])
    assert not alone.private_shown()


def test_cancel_action_takes_the_action_step_back(ctx: AppContext) -> None:
    match = Match(get_game("cosmos"), {}, 5, ["human", "human"])
    seat = match.to_act()[0]
    view = make_view(ctx, match.state, seat, humans=[True, True])  # type: ignore[arg-type]
    move = next(c for c in match.state.candidates(seat) if isinstance(c, C.Move) and c.token == -1)
    assert match.submit(move).ok
    view.set_view(match.state.view(seat))
    assert view.cancel_point(match.commands, seat) is None  # nothing done since the move
    assert match.undo_to_refusal(seat, view.cancel_point(match.commands, seat)) is not None
    exchange = next((c for c in match.state.candidates(seat) if not isinstance(c, C.Done)), None)
    assert exchange is not None
    before = match.state.notation()
    assert match.submit(exchange).ok
    point = view.cancel_point(match.commands, seat)
    assert point == 1
    assert match.undo_to_refusal(seat, point) is None or match.state.reveals
    if match.undo_to_refusal(seat, point) is None:
        assert match.undo_to(seat, point).ok
        assert match.state.notation() == before
    labels = [a.label for a in view.actions(seat)]
    assert "Cancel action" in labels


def test_actions_never_preselect_a_skip_and_name_the_step(ctx: AppContext) -> None:
    for state in positions(2, 9, steps=300, every=5):
        seat = state.to_act()[0]
        view = make_view(ctx, state, seat)
        text, _ = view.status(["You", "Computer"])
        assert any(step in text for step in ("Movement", "Action", "Mission"))
        for action in view.actions(seat):
            found = COSMOS.find_command(state, seat, action.source, None)
            if action.source.zone != "take_back":
                assert not isinstance(found, Refusal) or action.source == Target("soup"), (action, found)


def test_an_advancement_is_chosen_on_the_planet_clicked(ctx: AppContext) -> None:
    from game.cosmos import public

    found_any = False
    for seed in range(40):
        state = next((s for s in positions(2, 400 + seed, steps=400, every=1)
                      if public.frame_kind(s.view(s.to_act()[0]))[0] == "advance"), None)
        if state is None:
            continue
        seat = state.to_act()[0]
        view = make_view(ctx, state, seat)
        slot = next(s for s in view.spots if s.target is not None and s.target.zone == "slot"
                    and int(str(s.target.ident).split(":")[0]) < len(state.players[seat].systems))
        assert view.view_click(slot.rect.center)
        assert len(view.chooser) == 3
        for spot in view.chooser:
            assert spot.target is not None and view.hit_test(spot.rect.center) == spot.target
            command = COSMOS.find_command(state, seat, spot.target, None)
            si, k, step = (int(x) for x in str(spot.target.ident).split(":"))
            legal = public.why_advance(state.view(seat), seat, si, k, step) is None
            assert (not isinstance(command, Refusal)) == legal
            if legal:
                assert command == C.Advance(seat, si, k, step)
        draw(view, Overlay(clickable=view.clicks(seat)))
        assert not view.view_click((view.rect.right - 2, view.rect.bottom - 2)) or not view.chooser
        assert not view.chooser
        found_any = True
        break
    assert found_any


def test_a_new_decision_of_yours_brings_your_own_area_back(ctx: AppContext) -> None:
    """Play-test: a player who had looked at another area dropped a planet there and was refused
    ("That is not a move now"); each new decision of the viewer's shows the viewer's own area."""
    state = next(positions(2, 5, steps=200, every=1))
    seat = state.to_act()[0]
    view = make_view(ctx, state, seat)
    view.tab = 1 - seat  # looking at the other player's area
    view.set_view(state.view(seat))  # the same decision: the look is kept
    assert view.tab == 1 - seat
    state.apply(state.candidates(seat)[0])  # a step of the turn: a new decision
    while state.to_act()[0] == CHANCE:
        state.apply(state.sample_chance())
    assert state.to_act()[0] == seat  # after moving, the same seat acts
    view.set_view(state.view(seat))
    assert view.tab == seat


def test_a_hint_is_marked_apart_from_the_playable_pieces(ctx: AppContext) -> None:
    """Play-test: the hint's blue mark looked like every other playable piece's blue outline."""
    from scenes.views.cosmos.view import HINT_GOLD

    state = next(positions(2, 5, steps=200, every=1))
    seat = state.to_act()[0]
    view = make_view(ctx, state, seat)
    command = next(c for c in state.candidates(seat) if view.command_targets(c) is not None)
    targets = view.command_targets(command)
    assert targets is not None

    def gold_pixels(overlay: Overlay) -> int:
        surface = pygame.Surface((1280, 720))
        view.draw(surface, overlay, Animator(lambda: 0.0))
        return int((pygame.surfarray.pixels3d(surface) == HINT_GOLD).all(axis=2).sum())

    assert gold_pixels(Overlay(hint=targets)) > gold_pixels(Overlay()) + 20


def test_the_queue_counts_lifeforms_in_good_english() -> None:
    """Play-test: "Place 1 bacteria"."""
    from game.cosmos import model as M
    from scenes.views.cosmos.turn import frame_words

    assert frame_words(M.Placing(0, 0, 1).code()) == "Place 1 bacterium"
    assert frame_words(M.Placing(0, 0, 3).code()) == "Place 3 bacteria"
    assert frame_words(M.Placing(0, 1, 2).code()) == "Place 2 plants"
    assert frame_words(M.Placing(0, 2, 1).code()) == "Place 1 animal"


def test_the_queue_says_what_is_left_to_do_with_a_verb() -> None:
    """Play-test (fifth session): "Now: 1 life card then: ..." read as a card held, not one to take."""
    from scenes.views.cosmos.turn import frame_words

    from game.cosmos import model as M

    assert frame_words(M.Taking(0, 1).code()) == "Take 1 life card"
    assert frame_words(M.Advancing(0, 2).code()) == "Make 2 advancements"


def test_each_seat_is_named_with_its_colour(ctx: AppContext) -> None:
    """The hand-off and the side panel name a Cosmos seat's colour (the table builds both from role_of)."""
    state = next(positions(3, 5))
    view = make_view(ctx, state, 0)
    assert [view.role_of(s) for s in range(3)] == ["Orange", "Blue", "Teal"]


def test_the_banner_says_when_a_retrieved_token_can_only_give_entropy() -> None:
    """Play-test: "activate a star (click it)" with no star affordable."""
    from scenes.views.cosmos.turn import banner

    for state, seat, can in retrieve_positions():
        words = banner(state.view(seat), ["Orange", "Blue"], True)[0]
        assert ("no star can be activated" in words) == (not can)


def test_the_banner_after_the_action_does_not_say_action_twice() -> None:
    """Play-test: "Orange (...), Action: Action resolved: ..." once the action was done."""
    from game.cosmos import public
    from scenes.views.cosmos.turn import banner

    seen = 0
    for state in positions(2, 7, steps=600, every=1):
        seat = state.to_act()[0] if state.to_act() else 0
        view = state.view(seat)
        kind, _ = public.frame_kind(view)
        found = public.action_frame(view) if kind == "action" else None
        if not (found and found[1]):
            continue
        words = banner(view, ["Orange", "Blue"], True)[0]
        assert "Action: Action" not in words and "Action: done" in words, words
        seen += 1
    assert seen, "a resolved Action step was met"
