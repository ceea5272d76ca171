"""After the match, the player can close the results to study the final board, and reopen them."""

from __future__ import annotations

import random

import pygame

from game.core.protocol import CHANCE
from scenes.app import AppContext, step
from tests.scenes.gestures import DT, click, key
from tests.scenes.test_table import ctx, open_table  # noqa: F401  (fixture)


def _finish(scene_match) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(4)
    while not scene_match.state.is_over():
        actor = scene_match.to_act()[0]
        if actor == CHANCE:
            scene_match.resolve_chance()
        else:
            assert scene_match.submit(rng.choice(scene_match.state.candidates(actor))).ok


def test_escape_closes_the_results_and_show_results_reopens_them(ctx: AppContext) -> None:  # noqa: F811
    from scenes.game_over import GameOverScene
    from scenes.table import TableScene

    table = open_table(ctx, ["human", "human"])
    _finish(table.match)
    table._sync()
    for _ in range(120):
        step(ctx, [], DT)
        if isinstance(ctx.stack.top, GameOverScene):
            break
    assert isinstance(ctx.stack.top, GameOverScene)
    before = table.match.state.notation()

    key(ctx, pygame.K_ESCAPE)
    step(ctx, [], DT)
    assert ctx.stack.top is table and isinstance(table, TableScene)
    assert [b.label for b in table.action_buttons] == ["Show results"]
    assert table.match.state.notation() == before

    click(ctx, table.action_buttons[0].rect.center)
    step(ctx, [], DT)
    assert isinstance(ctx.stack.top, GameOverScene)
