"""Play-test (seventh session): after a slow frame a Rally chaos round jumped over half a move,
since the animations moved on by the whole frame's time. A frame moves the table's and the
replay's animations by at most `MAX_FRAME_STEP`: a hitch slows a playback, it never skips it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from scenes.animation import MAX_FRAME_STEP
from scenes.app import AppContext, step
from tests.scenes.test_table import ctx, open_table, settle  # noqa: F401


def test_a_slow_frame_moves_a_table_animation_by_one_step_at_most(ctx: AppContext) -> None:  # noqa: F811
    scene = open_table(ctx, ["human", "human"])
    settle(ctx, scene)
    tween = scene.animator.add(2.0, "probe", scale=False)
    step(ctx, [], 0.8)  # a frame that took 0.8 s
    assert 0 < tween.elapsed <= MAX_FRAME_STEP + 1e-9
    for _ in range(30):
        step(ctx, [], 0.8)
    assert tween.done, "the animation still ends, frame by frame"
