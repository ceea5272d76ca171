"""The Cosmos table in the real TableScene (headless): the Scientist dragged onto a space plays
the move, "Cancel action" takes the Action step back (greyed with the Match's words before
anything was done and once a card was turned up), and a one-option decision is played for the
player but not again right after an undo."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import Target
from game.core.registry import get_game
from game.cosmos import commands as C
from game.cosmos import public
from scenes.app import AppContext, step
from scenes.offscreen import accept_handoffs
from scenes.table import TableScene
from scenes.views.base import TAKE_BACK
from tests.scenes.gestures import DT, drag
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def open_table(ctx: AppContext, seed: int = 5, seats: list[str] | None = None) -> TableScene:
    match = Match(get_game("cosmos"), {}, seed, seats or ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(3):
        accept_handoffs(ctx)
        step(ctx, [], DT)
    return scene


def cancel_button(scene: TableScene) -> Any:
    return next(b for b in scene.action_buttons if b.label == "Cancel action")


def test_dragging_the_scientist_plays_the_move_shown(ctx: AppContext) -> None:
    scene = open_table(ctx)
    seat = scene.acting_human()
    assert seat is not None
    landing = next(x for x in public.landings(scene.view.view, seat) if x.reason is None)
    start = scene.view.anchor(Target("scientist"))
    end = scene.view.anchor(Target("space", ident=str(landing.space)))
    assert start is not None and end is not None
    drag(ctx, (int(start[0]), int(start[1])), (int(end[0]), int(end[1])))
    assert scene.match.commands[-1] == landing.command


def test_cancel_action_takes_the_action_step_back(ctx: AppContext) -> None:
    scene = open_table(ctx)
    seat = scene.acting_human()
    assert seat is not None
    move = next(c for c in scene.match.state.candidates(seat)
                if isinstance(c, C.Move) and c.token == 0)  # Evolve a Star: no card is turned up
    scene.play(move)
    step(ctx, [], DT)
    button = cancel_button(scene)
    assert not button.enabled and button.tooltip == "Nothing to take back yet."
    evolve = next((c for c in scene.match.state.candidates(seat) if isinstance(c, C.Evolve)), None)
    if evolve is None:
        pytest.skip("no star affordable in this opening")
    before = scene.match.state.notation()
    scene.play(evolve)
    step(ctx, [], DT)
    button = cancel_button(scene)
    assert button.enabled
    action = next(a for a in scene.view.actions(seat) if a.source == TAKE_BACK)
    scene.do_action(action)
    step(ctx, [], DT)
    assert scene.match.state.notation() == before
    assert isinstance(scene.match.commands[-1], C.Move)


def test_cancel_action_is_greyed_once_a_card_is_turned_up(ctx: AppContext) -> None:
    scene = open_table(ctx)
    seat = scene.acting_human()
    assert seat is not None
    move = next(c for c in scene.match.state.candidates(seat) if isinstance(c, C.Move) and c.token == -1
                and public.action_at(scene.view.view, 2 * ((scene.match.state.players[seat].pos // 2 + c.steps) % 6) + 1)
                == "take_life")
    scene.play(move)
    take = next(c for c in scene.match.state.candidates(seat) if isinstance(c, C.Take))
    scene.play(take)
    for _ in range(3):
        step(ctx, [], DT)
    button = cancel_button(scene)
    assert not button.enabled
    assert "revealed" in button.tooltip


def test_a_forced_mission_step_is_played_but_not_again_after_an_undo(ctx: AppContext) -> None:
    scene = open_table(ctx)
    seat = scene.acting_human()
    assert seat is not None
    match = scene.match
    move = next(c for c in match.state.candidates(seat) if isinstance(c, C.Move) and c.token == -1)
    scene.play(move)
    for _ in range(6):  # end every step of the turn: Done wherever it is offered
        if match.to_act() != [seat] or public.frame_kind(match.state.view(seat))[0] == "mission":
            break
        scene.play(C.Done(seat))
        step(ctx, [], DT)
    step(ctx, [], DT)
    missions = [c for c in match.state.candidates(seat) if isinstance(c, C.Mission)] \
        if seat in match.to_act() else []
    if missions:
        pytest.skip("a mission is met: the Mission step is a real choice")
    assert seat not in match.to_act() or public.frame_kind(match.state.view(seat))[0] != "mission"
    assert isinstance(match.commands[-1], C.Done)
    said = [text for text, _ in scene.view.log_lines(match.log, ["Player 1", "Player 2"])]
    # played for the player, and said (as a seat without secrets reads it: the screen is shared)
    assert f"Player {seat + 1} ends the turn without fulfilling a mission" in said
    scene.undo()
    for _ in range(3):
        step(ctx, [], DT)
    assert public.frame_kind(match.state.view(seat)) == ("mission", seat)


def soup_move(scene: TableScene, seat: int) -> C.Move | None:
    """A move of `seat` onto the Primordial Soup space, if one is legal now."""
    state = scene.match.state
    for c in state.candidates(seat):
        if isinstance(c, C.Move) and c.token == -1:
            space = 2 * ((state.players[seat].pos // 2 + c.steps) % 6) + 1
            if public.action_at(scene.view.view, space) == "soup":
                return c
    return None


def test_primordial_soup_plays_itself_on_landing_but_not_again_after_an_undo(ctx: AppContext) -> None:
    """Play-test: landing on Primordial Soup asked for a click on its button before the Action
    step could end, for gains nobody declines."""
    for seed in range(5, 40):
        scene = open_table(ctx, seed)
        seat = scene.acting_human()
        assert seat is not None
        move = soup_move(scene, seat)
        if move is not None:
            break
        ctx.stack.pop()
    else:
        pytest.skip("no opening reaches Primordial Soup")
    match = scene.match
    scene.play(move)
    step(ctx, [], DT)
    while public.frame_kind(match.state.view(seat))[0] == "advance":  # the traffic bonus's advancements first
        scene.play(C.Done(seat))
        step(ctx, [], DT)
    for _ in range(3):
        step(ctx, [], DT)
    assert match.commands[-1] == C.Soup(seat) and isinstance(match.commands[-2], (C.Move, C.Done))
    before = len(match.commands) - 1
    assert public.action_frame(match.state.view(seat)) == ("soup", True)  # resolved: the player ends the step
    labels = [b.label for b in scene.action_buttons]
    assert "End Action step" in labels and "Cancel action" in labels and "Primordial Soup" not in labels
    scene.undo()
    for _ in range(3):
        step(ctx, [], DT)
    assert len(match.commands) == before  # taken back: the person sees the step and chooses
    assert "Primordial Soup" in [b.label for b in scene.action_buttons]


def test_a_click_on_a_space_the_scientist_cannot_reach_says_why(ctx: AppContext) -> None:
    """Play-test (sixth session): clicks on a rondel space that could not be landed on did
    nothing and said nothing (only the hover told why). The click now gives the engine's reason."""
    from tests.scenes.gestures import click

    scene = open_table(ctx)
    seat = scene.acting_human()
    assert seat is not None
    reach = {x.space for x in public.landings(scene.view.view, seat)}
    far = next(sp for sp in range(12) if sp not in reach and scene.view.anchor(Target("space", ident=str(sp))))
    spot = scene.view.anchor(Target("space", ident=str(far)))
    assert spot is not None
    before = len(scene.match.commands)
    click(ctx, (int(spot[0]), int(spot[1])))
    step(ctx, [], DT)
    assert len(scene.match.commands) == before
    # play-test: "Move 1 to 3 spaces ahead." said neither which way nor why its own space was refused
    assert scene.status_error and scene.status_text == \
        "Move your Scientist 1 to 3 spaces clockwise (a lit space): it cannot stay where it is or go back."
