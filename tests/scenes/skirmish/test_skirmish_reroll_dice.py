"""Play-test (eighth session): with 0 of 2 dice landed and 1 activation point left the tray
offered only "Re-roll 2 failed (2 AP)", which was refused, and a click on one die did nothing.
The button re-rolls the dice the points pay for and says so; a click on a failed die picks it
and the button then re-rolls the picked dice alone (ninth session: a click re-rolled it at once,
so a stray click spent a point that undo cannot give back); a failed die keeps its pips
readable (no slash across them)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.protocol import Target
from game.skirmish.commands import Reroll
from game.skirmish.game import SKIRMISH
from game.skirmish.state import SkirmishState
from scenes.app import AppContext
from tests.games.skirmish.test_skirmish_rules import two_dice_rolled
from tests.scenes.skirmish.test_skirmish_view import ctx, make_view  # noqa: F401


def two_failed_with(points: int) -> SkirmishState:
    return two_dice_rolled(points + 1, 1, 2)


def test_the_reroll_button_takes_the_dice_the_points_pay_for(ctx: AppContext) -> None:  # noqa: F811
    view = make_view(ctx, two_failed_with(1), (1024, 640))
    view._build_tray()
    labels = {t.zone: label for _, label, t, key in view.tray if t is not None and not key.startswith("die:")}
    assert labels["reroll"] == "Re-roll 1 of 2 failed (1 AP)"
    view = make_view(ctx, two_failed_with(2), (1024, 640))
    view._build_tray()
    labels = {t.zone: label for _, label, t, key in view.tray if t is not None and not key.startswith("die:")}
    assert labels["reroll"] == "Re-roll 2 failed (2 AP)"


def _reroll_button(view: object) -> tuple[str, Target]:
    return next((label, t) for _, label, t, key in view.tray  # type: ignore[attr-defined]
                if t is not None and t.zone == "reroll")


def test_a_click_on_a_failed_die_picks_it_and_the_button_rolls_the_picked_alone(ctx: AppContext) -> None:  # noqa: F811
    state = two_failed_with(2)
    view = make_view(ctx, state, (1024, 640))
    view._build_tray()
    (d0, r0), (d1, _) = view._dice_rects(2)
    assert view.view_click(r0.center), "the click is the view's own: a pick, no command"
    assert view.hit_test(r0.center) != Target("reroll", ident=str(d0))
    view._build_tray()
    label, target = _reroll_button(view)
    assert label == "Re-roll 1 picked (1 AP)"
    assert SKIRMISH.find_command(state, 0, target, None) == Reroll(0, (d0,))
    assert target in view.clicks(0)
    assert view.view_click(r0.center)  # a second click drops the pick
    view._build_tray()
    assert _reroll_button(view)[0] == "Re-roll 2 failed (2 AP)"


def test_no_more_dice_are_picked_than_the_points_pay_for(ctx: AppContext) -> None:  # noqa: F811
    view = make_view(ctx, two_failed_with(1), (1024, 640))
    view._build_tray()
    (d0, r0), (d1, r1) = view._dice_rects(2)
    view.view_click(r0.center)
    view.view_click(r1.center)
    assert view.picked_dice == {d0}
    assert "1 activation point" in view.notice


def test_a_failed_die_is_marked_around_its_face_not_across_its_pips(ctx: AppContext) -> None:  # noqa: F811
    import pygame

    from scenes.animation import Animator
    from scenes.views.base import Overlay
    from scenes.views.skirmish import overlays

    view = make_view(ctx, two_failed_with(1), (1024, 640))
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(), Animator())
    bad = tuple(overlays.BAD[:3])
    for _, rect in view._dice_rects(2):
        face = rect.inflate(-4, -4)
        inside = sum(tuple(surface.get_at((x, y))[:3]) == bad for x in range(face.left, face.right)
                     for y in range(face.top, face.bottom))
        around = sum(tuple(surface.get_at((x, y))[:3]) == bad for x in range(rect.left - 6, rect.right + 6)
                     for y in (rect.top - 3, rect.top - 2, rect.bottom + 5, rect.bottom + 6))
        assert inside == 0, "the pips stay clear"
        assert around > 0, "the die is marked failed"


def test_a_die_already_rolled_again_says_so_when_clicked(ctx: AppContext) -> None:  # noqa: F811
    """Play-test (ninth session): a failed die already re-rolled kept the red frame of one that
    may still be, and a click on it did nothing, silently."""
    from game.skirmish.commands import Reroll as R
    from tests.games.skirmish.test_skirmish_rules import rolled

    state = two_failed_with(2)
    state.apply(R(0, (0,)))
    rolled(state, 1)
    view = make_view(ctx, state, (1024, 640))
    view._build_tray()
    (d0, r0), _ = view._dice_rects(2)
    assert view.view_click(r0.center)
    assert view.picked_dice == set() and "once at most" in view.notice
