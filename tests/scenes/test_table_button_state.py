"""Table buttons tell the truth about now: Undo / Redo are greyed whenever the table would refuse
them (with the refusal in the tooltip), and a tooltip goes away with the button or control it
belongs to, even if the mouse does not move (Rally's playback Pause when the chaos round ends)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame

from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.table import TOOLTIP_DELAY, TableScene
from tools.rally_playtest import choose
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.rally.test_table_rally import (ctx, open_match, open_settled, played_until, rally_view,  # noqa: F401
                                          tile_turn)


def test_rally_set_up_greys_undo_once_a_tile_has_been_revealed_and_says_why(ctx: AppContext) -> None:
    scene, view = open_settled(ctx, tile_turn())
    legal = [tuple(h) for h in view.view["legal_tile_hexes"]]
    drag(ctx, at(scene, Target("tile")), at(scene, Target("hex", legal[0])))
    for _ in range(600):  # the bag draws (for the computer, then for the person) before the person acts again
        step(ctx, [], DT)
        if scene.acting_human() is not None and not scene.animator.busy and not by_itself(scene.match.to_act()):
            break
    assert scene.match.undo_point(0) is None, "the draw stands between the person and their tile"
    reason = "Can't undo: a new tile or card has been revealed since your move."
    assert scene.match.undo_refusal(0) == reason
    assert not scene.btn_undo.enabled and scene.btn_undo.tooltip == reason
    assert not scene.btn_redo.enabled and scene.btn_redo.tooltip.startswith("Nothing to redo")
    before = scene.match.state.notation()
    click(ctx, scene.btn_undo.rect.center)  # a greyed button does nothing
    assert scene.match.state.notation() == before
    key(ctx, pygame.K_z, pygame.KMOD_CTRL)  # the shortcut still says why
    assert scene.status_text == reason and scene.match.state.notation() == before


def test_order_and_chaos_undo_and_redo_are_lit_exactly_when_they_would_act(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(200):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(match.to_act()) and scene.acting_human() is not None:
            break
    assert match.commands, "the bag has drawn already"
    assert not scene.btn_undo.enabled and not scene.btn_redo.enabled
    played: list[str] = []
    ctx.play = played.append  # type: ignore[method-assign]
    key(ctx, pygame.K_y, pygame.KMOD_CTRL)  # the shortcut on a greyed Redo: the same words, the refusal sound
    assert scene.status_text == scene.btn_redo.tooltip and played == ["refuse"]
    drag(ctx, at(scene, Target("drawn")), at(scene, Target("cell", (5, 2))))
    assert scene.btn_undo.enabled and not scene.btn_redo.enabled
    click(ctx, scene.btn_undo.rect.center)
    assert scene.btn_redo.enabled and scene.btn_redo.tooltip == "Replay the move you took back (Ctrl+Y)"
    click(ctx, scene.btn_redo.rect.center)
    assert scene.btn_undo.enabled and not scene.btn_redo.enabled


def test_the_playback_pause_tooltip_goes_when_the_chaos_round_ends_under_a_still_mouse(ctx: AppContext) -> None:
    match = played_until(7, ["human", "normal"], lambda s: s.phase == "chaos" and by_itself(s.to_act())
                         and s.round == 0 and max(len(sh.program) for sh in s.ships.values()) >= 3)
    scene = open_match(ctx, match)
    view = rally_view(scene)
    assert view.lay is not None
    pause = view.play.rects(view.lay.controls)["pause"].center
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pause, rel=(1, 0), buttons=(0, 0, 0))], DT)
    for _ in range(int(TOOLTIP_DELAY / DT) + 2):
        step(ctx, [], DT)
    assert scene.tip_text is not None and scene.tip_text.startswith("Pause the table")
    rng = random.Random(3)
    for _ in range(3000):  # the rounds play back; the mouse never moves
        state = match.state
        assert isinstance(state, RallyState)
        if state.phase != "chaos" and not scene.animator.of_kind("rally"):
            break
        if state.phase == "chaos" and not scene.animator.busy and scene.acting_human() is not None:
            assert scene.play(choose(state, 0, rng))  # the person's own choice in a round
        step(ctx, [], DT)
    step(ctx, [], DT)
    assert not view._controls_shown(), "the playback is over and its Pause is gone"
    assert scene.mouse == pause
    assert not (scene.tip_text or "").startswith("Pause the table"), "its tooltip went with it"
