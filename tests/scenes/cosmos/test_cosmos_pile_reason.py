"""A pile that fits nowhere gets one answer: the click on it (`gestures.find`, through the Match)
and its hover (`CosmosView.drop_check`) both ask `public.pile_reason`. They counted different
places (the click the engine's free places, the hover every planet space, taken ones too), so at
Aggregate Planet with too little mass and most spaces taken the click said the planet's cost and
the hover "That planet space is taken"."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.protocol import Refusal, Target
from game.cosmos import gestures
from game.cosmos import model as M
from game.cosmos.state import CosmosState
from scenes.app import AppContext
from tests.games.cosmos.positions import bare, planet, system, turn
from tests.scenes.cosmos.test_cosmos_view import ctx, make_view  # noqa: F401

PILE = Target("planet_pile", ident="0")


def crowded(systems_left: int) -> CosmosState:
    """Seat 0 at Aggregate Planet with no mass, three of its four planet spaces taken."""
    s = bare(2)
    for si in (system(s, 0, "IA"), system(s, 0, "IA")):
        planet(s, 0, si, 0, 1 + si)
        if si == 0:
            planet(s, 0, si, 1, 3)
    s.systems_left = systems_left
    turn(s, 0, M.Acting(0, "aggregate", 0))
    s.players[0].mass = 0
    return s


def click_and_hover(ctx: AppContext, s: CosmosState) -> tuple[str, str]:
    found = gestures.find(s, 0, PILE, None)
    assert isinstance(found, Refusal), found
    return found.reason, make_view(ctx, s, 0).drop_check(PILE)


def test_a_click_and_a_hover_on_a_pile_that_fits_nowhere_give_the_same_words(ctx: AppContext) -> None:  # noqa: F811
    click, hover = click_and_hover(ctx, crowded(systems_left=5))
    assert click.startswith("That planet costs"), click  # the free space's and the new system's reason
    assert hover == f"Not now: {click}", hover


def test_with_no_free_place_at_all_both_say_why_the_spaces_refuse_it(ctx: AppContext) -> None:  # noqa: F811
    """Every space taken and no Solar System tile left: no place to try, so both give the reason
    most of the seat's spaces give (the click once fell back to what the step waits for)."""
    s = crowded(systems_left=0)
    planet(s, 0, 1, 1, 4)
    click, hover = click_and_hover(ctx, s)
    assert click == "That planet space is taken.", click
    assert hover == f"Not now: {click}", hover
