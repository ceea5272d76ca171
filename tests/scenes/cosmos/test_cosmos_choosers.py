"""Play-test (issue 14): a life card's discard (the card whose icon is counted) and an asteroid's
space and payment were the engine's first legal choice. Now a drop with several legal ways opens
a chooser over the planet with nothing picked; a button plays exactly its way (through
`find_command`), a click away plays nothing, and a drop with one way is played at once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.protocol import Command, Target
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos import public
from game.cosmos.game import COSMOS
from game.cosmos.state import CosmosState
from scenes.app import AppContext
from scenes.views.cosmos.view import CosmosView
from tests.games.cosmos.positions import bare, planet, system, turn
from tests.scenes.cosmos.test_cosmos_view import draw, make_view
from tests.scenes.table_context import table_context

A = 0


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def discard_position() -> tuple[CosmosState, int]:
    """Create Life with a card that needs a discard, and three cards in hand that lend its icon."""
    s = bare()
    si = system(s, A, "IA")
    planet(s, A, si, 0, next(p.id for p in s.content.planets.values() if p.starting))
    turn(s, A, M.Acting(A, "create_life", 0))
    cards = sorted(s.content.life)
    for card in cards:
        if s.content.life[card].needs:
            continue
        s.players[A].hand = [card]
        if public.why_play(s.view(A), A, card, si, 0) is None:
            continue
        lenders = [o for o in cards if o != card and len(public.discard_options(
            _with_hand(s, [card, o]), A, card, si, 0)) == 1]
        if len(lenders) >= 3:
            s.players[A].hand = [card] + lenders[:3]
            return s, card
    raise AssertionError("no card needs a discard")


def _with_hand(s: CosmosState, hand: list[int]) -> dict[str, Any]:
    s.players[A].hand = hand
    return s.view(A)


def catch_position() -> CosmosState:
    """Catch an Asteroid on a planet with a bacterium and a plant, and mass to spare: 3 ways."""
    s = bare()
    si = system(s, A, "IA")
    planet(s, A, si, 0, next(p.id for p in s.content.planets.values() if p.starting), life=(1, 1, 0))
    s.players[A].mass = 5
    turn(s, A, M.Acting(A, "catch_asteroid", 0))
    return s


def drop(view: CosmosView, state: CosmosState, source: Target, target: Target) -> Command:
    found = COSMOS.find_command(state, A, source, target)
    assert isinstance(found, C.PlayLife | C.Catch), found
    return found


def test_a_card_that_needs_a_discard_asks_which_one(ctx: AppContext) -> None:
    state, card = discard_position()
    view = make_view(ctx, state, A)
    first = drop(view, state, Target("card", ident=str(card)), Target("slot", ident="0:0"))
    assert view.stage(first)  # kept: nothing played yet
    assert len(view.chooser) == 3
    assert all("Discard L" in spot.tip[0] for spot in view.chooser)
    draw(view)
    picked = set()
    for spot in view.chooser:
        assert spot.target is not None and view.hit_test(spot.rect.center) == spot.target
        command = COSMOS.find_command(state, A, spot.target, None)
        assert isinstance(command, C.PlayLife) and command.card == card and command.discard >= 0
        assert COSMOS.why_illegal(state, command) is None
        picked.add(command.discard)
    assert len(picked) == 3  # three different cards to discard, none pre-selected
    last = COSMOS.find_command(state, A, view.chooser[-1].target, None)  # type: ignore[arg-type]
    assert isinstance(last, C.PlayLife) and not view.stage(last)  # the button clicked: played
    assert view.chooser == []


def test_a_click_away_closes_the_chooser_and_plays_nothing(ctx: AppContext) -> None:
    state, card = discard_position()
    view = make_view(ctx, state, A)
    assert view.stage(drop(view, state, Target("card", ident=str(card)), Target("slot", ident="0:0")))
    assert not view.view_click((view.rect.right - 2, view.rect.bottom - 2))
    assert view.chooser == []


def test_an_asteroid_asks_for_its_space_and_payment(ctx: AppContext) -> None:
    state = catch_position()
    view = make_view(ctx, state, A)
    first = drop(view, state, Target("asteroid", ident="heat"), Target("slot", ident="0:0"))
    assert view.stage(first)
    ways = set()
    for spot in view.chooser:
        command = COSMOS.find_command(state, A, spot.target, None)  # type: ignore[arg-type]
        assert isinstance(command, C.Catch) and command.kind == "heat"
        ways.add((command.space, command.life))
    assert ways == {(0, 0), (0, 1), (1, -1)}  # a bacterium or a plant on the lifeform space, or 2 mass
    words = " ".join(spot.tip[0] for spot in view.chooser)
    assert "bacterium" in words and "plant" in words and "mass" in words


def test_a_drop_with_one_way_plays_at_once(ctx: AppContext) -> None:
    state = catch_position()
    state.players[A].systems[0].planets[0].life = [0, 0, 0]  # type: ignore[union-attr]
    view = make_view(ctx, state, A)
    only = drop(view, state, Target("asteroid", ident="heat"), Target("slot", ident="0:0"))
    assert (only.space, only.life) == (1, -1) and not view.stage(only)
    assert view.chooser == []


def test_at_the_table_the_drop_then_the_button_plays_the_way_picked(ctx: AppContext) -> None:
    from game.core.match import Match
    from game.core.registry import get_game
    from scenes.app import step
    from scenes.offscreen import accept_handoffs
    from scenes.table import TableScene
    from tests.scenes.gestures import DT, click, drag

    match = Match(get_game("cosmos"), {}, 5, ["human", "greedy"])
    match.state = catch_position()  # the seat at the screen catches an asteroid, with 3 ways
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(2):
        accept_handoffs(ctx)
        step(ctx, [], DT)
    start = scene.view.anchor(Target("asteroid", ident="heat"))
    end = scene.view.anchor(Target("slot", ident="0:0"))
    assert start is not None and end is not None
    drag(ctx, (int(start[0]), int(start[1])), (int(end[0]), int(end[1])))
    assert match.commands == []  # nothing played: the chooser asks
    view = scene.view
    assert isinstance(view, CosmosView) and len(view.chooser) == 3
    plant = next(s for s in view.chooser if "plant" in s.tip[0])
    click(ctx, plant.rect.center)
    assert match.commands == [C.Catch(A, "heat", 0, 0, 0, 1)]  # the plant paid, as picked


@pytest.mark.parametrize("kind", ["discard", "catch"])
def test_a_hint_for_a_discard_or_a_catch_marks_the_drop_then_the_button(ctx: AppContext, kind: str) -> None:
    """Seen in round 3: a hint showed nothing when the suggested move was a life card played with
    a discard or an asteroid caught (the drop alone might make a sibling way). Now the hint marks
    the drag that opens the chooser, and once it is open, the button of the way suggested."""
    from scenes.animation import Animator
    from scenes.views.base import Overlay
    from scenes.views.cosmos.view import HINT_GOLD

    if kind == "discard":
        state, card = discard_position()
        source = Target("card", ident=str(card))
        ways = [c for c in state.candidates(A) if isinstance(c, C.PlayLife) and c.card == card and c.discard >= 0]
    else:
        state = catch_position()
        source = Target("asteroid", ident="heat")
        ways = [c for c in state.candidates(A) if isinstance(c, C.Catch) and c.kind == "heat"]
    suggested = ways[-1]  # not the way the drop's first choice would be
    view = make_view(ctx, state, A)
    targets = view.command_targets(suggested)
    assert targets == (source, Target("slot", ident="0:0"))
    assert view.stage(drop(view, state, *targets))  # the hinted drag opens the chooser
    button = next(spot for spot in view.chooser if spot.target == view.suggested)
    assert COSMOS.find_command(state, A, button.target, None) == suggested  # type: ignore[arg-type]

    def gold_around_button(overlay: Overlay) -> int:
        surface = pygame.Surface((1280, 720))
        view.draw(surface, overlay, Animator(lambda: 0.0))
        ring = button.rect.inflate(8, 8)
        pixels = pygame.surfarray.pixels3d(surface)[ring.left:ring.right, ring.top:ring.bottom]
        return int((pixels == HINT_GOLD).all(axis=2).sum())

    assert gold_around_button(Overlay(hint=targets)) > gold_around_button(Overlay()) + 20


def test_the_chooser_and_the_advancement_menu_draw_their_buttons_alike(ctx: AppContext,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The two drew their buttons with two copies of one loop (round 3); now one helper draws
    both: lit where the overlay can click, the tile's colour where not."""
    from scenes.sprites.text import TextCache
    from scenes.views.base import Overlay
    from scenes.views.cosmos import art, overlays
    from scenes.views.cosmos.art import Spot

    text = TextCache(ctx.font)
    spots = [Spot(pygame.Rect(10, 10 + 40 * i, 160, 32), Target("advance", ident=f"0:0:{i}"), [f"step {i}"])
             for i in range(3)]
    lit = overlays.choice_buttons
    surface = pygame.Surface((400, 200))
    lit(surface, text, spots, Overlay(clickable=[spots[1].target]), 13)  # type: ignore[list-item]
    corner = [tuple(surface.get_at((s.rect.x + 3, s.rect.bottom - 8)))[:3] for s in spots]
    assert corner == [art.TILE, art.shade(art.GOOD, 0.35), art.TILE]

    calls: list[int] = []
    monkeypatch.setattr(overlays, "choice_buttons", lambda *args: calls.append(len(args[2])))
    overlays.chooser(surface, text, spots, Overlay(), 13)
    box, names, _ = overlays.menu_layout(pygame.Rect(0, 0, 400, 200), text, [(0, 0, "P1 heat")], 13)
    overlays.advancement_menu(surface, text, box, "Advance", names, spots, Overlay(), 13)
    assert calls == [3, 3]


def test_the_log_names_the_planet_a_life_card_went_on(ctx: AppContext) -> None:
    """Seen in round 3: the log said "plays life card L12 (bacteria) on a planet of system 1";
    with two planets in a system the player could not tell which. Now it names the tile."""
    from game.core.match import Match
    from game.core.registry import get_game

    state, card = discard_position()
    match = Match(get_game("cosmos"), {}, 5, ["human", "greedy"])
    match.state = state
    command = next(c for c in state.candidates(A) if isinstance(c, C.PlayLife) and c.card == card)
    planet = state.players[A].systems[0].planets[0].planet  # type: ignore[union-attr]
    assert match.submit(command).ok
    view = make_view(ctx, match.state, A)  # type: ignore[arg-type]
    lines = [text for text, _ in view.log_lines(match.log, ["You", "Computer"])]
    played = next(line for line in lines if f"life card L{card}" in line)
    kind = state.content.planets[planet].type
    assert f"on planet P{planet} ({kind}) in system 1" in played, played


def test_a_discard_made_for_the_player_is_said_in_the_log_and_the_banner(ctx: AppContext) -> None:
    """Play-test (fifth session): a life card whose only legal way needs a discard took it without
    a word. The one way is still played at once, but the banner says which card went and why until
    the player's next decision is made, and the log line leads with the discard."""
    from game.core.match import Match
    from game.core.registry import get_game

    state, card = discard_position()
    lender = state.players[A].hand[1]
    state.players[A].hand = [card, lender]  # one card lends the icon: one way
    match = Match(get_game("cosmos"), {}, 5, ["human", "greedy"])
    match.state = state
    view = make_view(ctx, state, A)
    only = drop(view, state, Target("card", ident=str(card)), Target("slot", ident="0:0"))
    assert only.discard == lender and not view.stage(only)  # played at once, no chooser
    assert match.submit(only).ok
    view.set_view(match.state.view(A))  # type: ignore[attr-defined]
    banner, _ = view.status(["You", "Computer"])
    icon = only.icon
    assert f"L{lender}" in banner and icon in banner and "only way" in banner, banner
    lines = [text for text, _ in view.log_lines(match.log, ["You", "Computer"])]
    played = next(line for line in lines if f"L{card}" in line)
    assert played.startswith(f"You discard L{lender}"), played
    assert f"{icon} icon" in played and " plays" not in played, played  # one verb, in the second person
    nxt = next(c for c in match.state.candidates(A))  # the player's next decision
    assert match.submit(nxt).ok
    view.set_view(match.state.view(A))  # type: ignore[attr-defined]
    assert f"L{lender}" not in view.status(["You", "Computer"])[0]


def test_no_hover_text_of_the_board_covers_the_chooser(ctx: AppContext) -> None:
    """Seen at 1024x640 (fifth session): with the catch chooser open over a planet, the pointer
    resting on the planet beside the buttons brought up the planet's hover text over them."""
    state = catch_position()
    view = make_view(ctx, state, A)
    assert view.stage(drop(view, state, Target("asteroid", ident="heat"), Target("slot", ident="0:0")))
    planet = view._spot_of(Target("slot", ident="0:0"))
    assert planet is not None
    beside = next((x, y) for y in range(planet.rect.top, planet.rect.bottom) for x in range(planet.rect.left,
                  planet.rect.right) if not any(s.rect.collidepoint((x, y)) for s in view.chooser))
    assert view.tooltip(beside) is None
    button = view.chooser[0]
    assert view.tooltip(button.rect.center) == "\n".join(button.tip)
    view.view_click((view.rect.right - 2, view.rect.bottom - 2))  # clicked away: the chooser closes
    assert view.tooltip(beside) is not None and "P" in str(view.tooltip(beside))
