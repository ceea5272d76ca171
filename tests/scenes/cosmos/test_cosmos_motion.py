"""The Cosmos table's short move animations (issue 14, "no move animations"): the Scientist slides
clockwise along the rondel to its space, a planet flies from the offer to its planet space, and
none of it holds input or the game (every tween is non-blocking)."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.protocol import CHANCE, Command, Target
from game.cosmos import commands as C
from game.cosmos.state import CosmosState
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.views.base import Overlay
from scenes.views.cosmos import board, motion
from scenes.views.cosmos.view import CosmosView
from tests.games.cosmos.positions import random_positions
from tests.scenes.cosmos.test_cosmos_view import make_view
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def played(ctx: AppContext, kind: type, seed: int) -> tuple[CosmosView, Animator, Command, int]:
    """A view of the seat that just played a command of `kind`, its events animated."""
    for state in random_positions(2, seed, steps=300, every=1):
        seat = state.to_act()[0]
        command = next((c for c in state.candidates(seat) if isinstance(c, kind)), None)
        if command is None:
            continue
        view = make_view(ctx, state, seat)
        after: CosmosState = state.clone()
        animator = Animator(1.0)
        step: Command = command
        while True:  # the command, then the cards it turns up, each animated as the table does
            before = after.view(seat)
            events = after.apply(step)
            view.set_view(after.view(seat))
            view.animate(events, animator, before, None)
            if after.to_act() != [CHANCE]:
                return view, animator, command, seat
            step = after.sample_chance()
    raise AssertionError(f"no {kind.__name__} in the game")


def test_the_scientist_slides_along_the_rondel_without_holding_the_game(ctx: AppContext) -> None:
    view, animator, move, seat = played(ctx, C.Move, 7)
    assert animator.tweens and not animator.busy  # input and the game never wait for it
    slide = motion.sliding(animator)[seat]
    assert view.lay is not None
    rondel = view.lay.rondel
    start, end = int(slide.payload["start"]), int(slide.payload["to"])
    first, mid, last = (board.slide_point(rondel, start, end, t) for t in (0.0, 0.5, 1.0))
    assert last == board.pawn_at(rondel, view.view, seat)[0] or len(
        [p for p in view.view["players"] if p["pos"] == end]) > 1  # lands on its spot (side by side when shared)

    def angle(p: tuple[int, int]) -> float:
        return math.degrees(math.atan2(p[1] - rondel.centery, p[0] - rondel.centerx)) % 360

    ahead = (angle(last) - angle(first)) % 360
    assert 0 < (angle(mid) - angle(first)) % 360 < ahead  # clockwise, between the two spaces
    surface = pygame.Surface((1280, 720))
    animator.update(slide.duration / 2)
    view.draw(surface, Overlay(), animator)
    assert surface.get_at(mid)[:3] != surface.get_at((0, 0))[:3]  # the pawn is drawn on its way


def test_a_planet_flies_from_the_offer_to_its_planet_space(ctx: AppContext) -> None:
    view, animator, command, seat = played(ctx, C.Aggregate, 11)
    assert isinstance(command, C.Aggregate)
    flights = [t.payload["flight"] for t in animator.of_kind("fly")]
    assert flights and not animator.busy
    spot = view._spot_of(Target("slot", ident=f"{command.system}:{command.slot}"))
    pile = view._spot_of(Target("planet_pile", ident=str(command.pile)))
    assert spot is not None and pile is not None
    assert flights[0].start == pile.rect and flights[0].end == spot.rect
    surface = pygame.Surface((1280, 720))
    animator.update(motion.FLY_S / 2)
    view.draw(surface, Overlay(), animator)
