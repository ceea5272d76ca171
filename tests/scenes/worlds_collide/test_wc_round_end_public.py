"""Play-test (eighth session): in a hot-seat game, Mary's own action ended round 1 (she took a
Shard from the Discard) and the "Round 1 is over" screen, which everyone looks at, showed her view:
her Hold face up and her hand; round 2 then went on with Mary without a hand-off. A round's end is
a moment the table watches, whoever acted last: the held screen shows no seat's secrets, and the
next person is handed the screen."""

from __future__ import annotations

import random

import pygame

from game.core.protocol import by_itself
from scenes.app import AppContext, step
from scenes.handoff import HandoffScene
from scenes.table import TableScene
from tests.scenes.gestures import DT, key
from tests.scenes.worlds_collide.test_table_wc import ctx, open_table, ready  # noqa: F401


def test_a_round_end_held_on_a_shared_screen_shows_no_seats_secrets(ctx: AppContext) -> None:  # noqa: F811
    rng = random.Random(5)
    held_rounds: set[int] = set()
    for seed in (5, 6, 7):
        scene = open_table(ctx, ["human", "human"], seed=seed)
        for _ in range(3000):
            ctx.stack.apply_pending()
            if isinstance(ctx.stack.top, HandoffScene):
                ready(ctx)
                continue
            assert isinstance(ctx.stack.top, TableScene)
            words = scene.view.held_words()
            if words is not None and "is over" in words and not scene.animator.busy:
                assert not scene.view.private_shown(), f"seed {seed}: {words}"
                held_rounds.add(seed * 100 + int(scene.view.view.get("round", 0)))
                key(ctx, pygame.K_RETURN)
                continue
            if words is not None and not scene.animator.busy:
                key(ctx, pygame.K_RETURN)
                continue
            seat = scene.acting_human()
            if seat is not None and not scene.animator.busy and not by_itself(scene.match.to_act()):
                scene.play(rng.choice(scene.match.state.candidates(seat)))
            step(ctx, [], DT)
            if scene.match.state.is_over() or int(scene.view.view.get("round", 0)) > 3:
                break
        ctx.stack.pop()
        ctx.stack.apply_pending()
    assert len(held_rounds) >= 3
