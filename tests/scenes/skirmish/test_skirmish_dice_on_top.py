"""Play-test (eighth session): right after an attack the tray already held the next decision's
buttons (an ability, "End attacks"), drawn over the tumbling dice, so the roll could not be
seen. The dice are drawn on a panel of their own; since the fifteenth session in the table's
frame, clear of those buttons (`test_skirmish_dice_clear`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.animation import Animator
from scenes.app import AppContext
from scenes.kit.dice import FACE, FACE_LIT
from scenes.views.base import Overlay
from scenes.views.skirmish.view import DICE_S
from tests.scenes.skirmish.test_skirmish_table import attack_state
from tests.scenes.skirmish.test_skirmish_view import ctx, make_view  # noqa: F401


def test_the_dice_show_over_the_buttons_of_the_next_decision(ctx: AppContext) -> None:  # noqa: F811
    view = make_view(ctx, attack_state(11), (1024, 640))
    view._build_tray()
    die = view._dice_rects(1)[0][1]
    assert [rect for rect, label, _, _ in view.tray if label], "the next decision's buttons are up"
    assert not any(rect.colliderect(die) for rect, label, _, _ in view.tray if label), "no button under the die"
    animator = Animator()
    tween = animator.add(DICE_S, "sk-dice", faces=[6], knack=4)
    tween.elapsed = DICE_S * 0.8  # landed: a hit
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(), animator)
    face = die.inflate(-8, -8)
    colours = {tuple(surface.get_at((x, y))[:3]) for x in range(face.left, face.right) for y in range(face.top, face.bottom)}
    assert FACE_LIT in colours or FACE in colours, "the die's face is seen"
