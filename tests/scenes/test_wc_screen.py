"""Worlds Collide screen details: log lines use the table's seat names, a computer Mary's
reveal is shown to everyone, the Keep overlay marks Shards only the keeper has seen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.match import HUMAN, Match
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.rng import Rng
from game.worlds_collide.commands import CharacterAssigned
from scenes.app import AppContext
from scenes.seat_names import seat_labels
from scenes.sprites.text import TextCache
from scenes.views.worlds_collide import WorldsCollideView

GAME = get_game("worlds-collide")


@pytest.fixture(scope="module")
def module_ctx(tmp_path_factory: Any) -> Iterator[AppContext]:
    os.environ["ENTROPY_TABLETOP_HOME"] = str(tmp_path_factory.mktemp("home"))
    from scenes.app import create_context
    from scenes.settings_store import Settings

    settings_ = Settings()
    settings_.animation_speed = "fast"
    ctx = create_context(settings_, size=(1280, 720))
    yield ctx
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()


def make_view(ctx: AppContext, match: Match, seat: int) -> WorldsCollideView:
    view = WorldsCollideView(ctx, GAME, TextCache(ctx.font))
    view.seat_names = seat_labels(match)
    view.layout(pygame.Rect(0, 72, 960, 648))
    view.set_view(match.state.view(seat))
    return view


def random_play(match: Match, rng: Rng, plies: int) -> None:
    for _ in range(plies):
        if match.state.is_over():
            return
        actors = match.to_act()
        if actors == [CHANCE]:
            assert match.resolve_chance().ok
            continue
        seat = actors[0]
        assert match.submit(rng.choice(match.state.legal_commands(seat))).ok


# --- 1. log lines name people as the table does ------------------------------------------------
kinds = st.sampled_from([HUMAN, "random", "normal"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.lists(kinds, min_size=2, max_size=4), seed=st.integers(0, 10_000),
       chosen=st.booleans(), plies=st.integers(0, 60))
def test_every_log_line_uses_the_tables_seat_names(module_ctx: AppContext, seats: list[str], seed: int,
                                                    chosen: bool, plies: int) -> None:
    config = {"characters": "chosen"} if chosen else {}
    match = Match(GAME, config, seed, seats)
    random_play(match, Rng(seed), plies)
    names = seat_labels(match)
    viewer = next((i for i, k in enumerate(seats) if k == HUMAN), 0)
    view = make_view(module_ctx, match, viewer)
    lines = [text for text, _ in view.log_lines(match.log, names)]
    # no line calls anyone "Player N" unless that is what the table calls them
    for text in lines:
        for number in re.findall(r"Player (\d+)", text):
            assert f"Player {number}" in names, (text, names)
    # each Character is tied to the person playing it, by the table's name
    assigned = [e.event for e in match.log if isinstance(e.event, CharacterAssigned)]
    for ev in assigned:
        assert any(names[ev.seat] in text and GAME_CHAR(ev.character) in text for text in lines), (ev, lines)


def GAME_CHAR(character: int) -> str:  # noqa: N802 - reads like the name it returns
    from game.worlds_collide.cards import CHARACTER_NAMES

    return str(CHARACTER_NAMES[character])


def test_one_human_against_a_computer_reads_you_and_computer(module_ctx: AppContext) -> None:
    match = Match(GAME, {}, 3, [HUMAN, "random"])
    random_play(match, Rng(1), 6)
    view = make_view(module_ctx, match, 0)
    lines = [text for text, _ in view.log_lines(match.log, seat_labels(match))]
    assert lines[0].startswith("You play ") and lines[1].startswith("Computer plays ")
