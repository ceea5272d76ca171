"""Play-test (twelfth session, 1024x640): the action wheel said "Upgrade" and "Asteroid" where the
log said "Upgrade Console" and "Catch an Asteroid", and "Orange ~8 VP" never said what the "~"
meant. The wheel names every space as the log does; the running score says what it is."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.cosmos import words
from game.cosmos.game import CONTENT
from scenes.app import AppContext
from scenes.views.base import Overlay
from scenes.views.cosmos import art, board
from scenes.views.cosmos.art import ROLES
from tests.games.cosmos.positions import bare, random_positions
from tests.scenes.cosmos.test_cosmos_view import PLAY_AREAS, draw, make_view
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_the_wheel_names_each_space_as_the_log_does(ctx: AppContext, monkeypatch: pytest.MonkeyPatch,
                                                   area: pygame.Rect) -> None:
    drawn: list[tuple[pygame.Rect, str]] = []
    label = art.label

    def recording(surface: Any, text: Any, rect: pygame.Rect, said: str, *args: Any, **kw: Any) -> None:
        drawn.append((pygame.Rect(rect), said))
        label(surface, text, rect, said, *args, **kw)

    monkeypatch.setattr(art, "label", recording)
    board._rondel_base.cache_clear()
    view = make_view(ctx, bare(2), 0, area)
    draw(view, Overlay(time=1.0))
    assert view.lay is not None
    actions = tuple(board.action_of(view.view, CONTENT, space) for space in range(2 * board.SECTIONS))
    base = pygame.Rect(0, 0, view.lay.rondel.width, view.lay.rondel.width)  # the wheel is drawn once, alone
    for space in range(2 * board.SECTIONS):
        box = board.name_box(board.space_centre(base, space), board.space_radius(base, space))
        said = {text for rect, text in drawn if box.contains(rect)}
        assert said == {words.space_words(space, CONTENT, actions)}, (space, said)
    assert {"Upgrade Console", "Catch an Asteroid"} <= {text for _, text in drawn}


@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_the_running_score_says_it_is_the_score_if_the_game_ended_now(ctx: AppContext, area: pygame.Rect) -> None:
    for players in (2, 4):
        state = next(iter(random_positions(players, 64, 240, 240)))
        view = make_view(ctx, state, 0, area)
        draw(view, Overlay(time=1.0))
        seen = view.text.seen | view.board_text.seen  # type: ignore[attr-defined]
        assert not [s for s in seen if "~" in s], sorted(s for s in seen if "~" in s)
        scores = [s for s in seen if re.search(r"\d+ VP if (the game|it) ended now$", s)]
        assert {re.split(r"[ :]", s)[0] for s in scores} == set(ROLES[:players]), sorted(seen)  # each tab
        if players == 2:  # two tabs keep each seat's name too (TAB_WIDTH)
            assert {s.split(":")[0] for s in scores} >= {"Orange (Player 1)", "Blue (Player 2)"}, scores
        tips = [line for spot in view.spots for line in spot.tip if "if the game ended now" in line]
        assert len(tips) >= players + 1, tips  # the tabs' and the console's hover texts say what it adds


def test_the_hover_texts_say_what_the_bonus_and_a_creation_token_are(ctx: AppContext) -> None:
    """The log's "for a short move" and "leaving your planet token there" are explained where the
    wheel's spaces and the console's tokens are hovered (a space said "Traffic bonus: entropy")."""
    view = make_view(ctx, bare(2), 0, PLAY_AREAS[1])
    draw(view, Overlay(time=1.0))
    spaces = [spot.tip for spot in view.spots if spot.target is not None and spot.target.zone == "space"]
    assert len(spaces) == 2 * board.SECTIONS
    for tip in spaces:
        assert not [line for line in tip if "Traffic" in line], tip
        assert any(re.fullmatch(r"Bonus for a short move: .+, 2 at distance 1, 1 at distance 2", line) for line in tip), tip
    tokens = [spot.tip for spot in view.spots if spot.tip and "Creation token" in spot.tip[0]]
    assert len(tokens) == 4 and all("passing it later brings it back" in tip[1] for tip in tokens), tokens


def test_a_lightning_side_space_has_no_bright_rim_that_reads_as_lit(ctx: AppContext) -> None:
    """Play-test (twelfth session): the lightning side's bright yellow rims on most spaces read as
    the "lit" spaces the prompt asks to click (those are ringed in white). A merged tile's spaces
    keep the yellow bar that joins them and a dim yellow rim."""
    from scenes.sprites.text import TextCache

    side = 400
    tiles = tuple((k, True) for k in range(board.SECTIONS))
    base = board._rondel_base(TextCache(ctx.font), side, tiles, 14)
    rect = base.get_rect()
    bright = tuple(art.RESOURCE["energy"])
    for space in range(2 * board.SECTIONS):
        cx, cy = board.space_centre(rect, space)
        r = board.space_radius(rect, space)
        rim = {tuple(base.get_at((cx + dx, cy - r + dy))[:3]) for dx in (-1, 0, 1) for dy in (0, 1)}
        assert bright not in rim, space
        assert board.MERGED_RIM in rim or any(sum(c) < sum(bright) for c in rim)
