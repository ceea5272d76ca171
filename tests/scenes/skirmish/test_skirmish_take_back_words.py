"""Undo's log note names a skirmish model as the log does (play-test: "Move taken back: model 0
moves 4.4\"": alone, the taken-back entries did not know the model's name, which its deployment
gives)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.skirmish import commands as C
from game.skirmish import rules
from scenes.app import AppContext
from scenes.sprites.text import TextCache
from scenes.take_back_log import take_back_words
from scenes.views.skirmish.view import SkirmishView
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def last_note(ctx: AppContext, match: Match, seat: int) -> str:
    """Undo's last note in words, as `seat` (You, against the Computer) reads it."""
    note = match.take_backs[-1]
    view = SkirmishView(ctx, get_game("skirmish"), TextCache(ctx.font))
    view.set_seats(["You", "Computer"], [True, False])
    view.set_view(match.state.view(seat))
    return take_back_words(view, note, ["You", "Computer"], match.log[:note.at])


def at_a_move() -> Match:
    """A skirmish between two people, played at random (seed 5) up to a move step."""
    match = Match(get_game("skirmish"), {}, 5, ["human", "human"])
    rng = random.Random(5)
    for _ in range(800):
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        if rules.decision_kind(match.state) == "move":  # type: ignore[arg-type]
            return match
        assert match.submit(rng.choice(match.state.candidates(actors[0]))).ok
    raise AssertionError("no move step came")


def test_a_taken_back_skirmish_move_names_the_model_by_its_unit(ctx: AppContext) -> None:
    match = at_a_move()
    seat = match.to_act()[0]
    move = next(c for c in match.state.candidates(seat) if isinstance(c, C.Move))
    assert match.submit(move).ok
    assert match.undo(seat).ok
    words = last_note(ctx, match, seat)
    unit = match.state.figures[move.model].unit.name  # type: ignore[attr-defined]
    assert words.startswith("Undo: ") and unit in words, words
    assert f"model {move.model}" not in words


def at_a_kept_roll() -> Match:
    """A skirmish between two people, played by the greedy AI up to an attack roll whose dice
    may be re-rolled or kept (seed 7)."""
    from game.ai.agents import make_agent

    match = Match(get_game("skirmish"), {}, 7, ["human", "human"])
    agent = make_agent("greedy", "skirmish", 7)

    def keep_pending() -> bool:
        actors = match.to_act()
        roll = match.state.roll  # type: ignore[attr-defined]
        return bool(actors) and not by_itself(actors) and roll is not None and roll.purpose == "attack" \
            and bool(roll.faces) and C.KeepRoll(actors[0]) in match.state.candidates(actors[0])

    while not keep_pending():
        assert not match.state.is_over()
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        for cmd in agent.plan(match.state, actors[0]):
            if keep_pending():
                break
            assert match.submit(cmd).ok
    return match


def test_taking_back_a_kept_roll_names_the_attack_not_its_dice(ctx: AppContext) -> None:
    """Play-test (eighth session): undoing "Keep the roll" noted "Move taken back: Attack dice:
    ..." while the attack's own line left the log. The attack's line is written once its dice are
    kept, above the dice: the note names what the log lost."""
    match = at_a_kept_roll()
    seat = match.to_act()[0]
    assert match.submit(C.KeepRoll(seat)).ok
    assert match.undo(seat).ok
    words = last_note(ctx, match, seat)
    assert words.startswith("Undo: keeping the roll (") and " attacks " in words, words
    assert words.endswith("re-roll or keep again"), words  # the dice stay: the choice comes back
    assert "dice:" not in words, words


def test_the_note_of_an_undone_keep_stays_after_the_dice_it_followed(ctx: AppContext) -> None:
    """Play-test (ninth session): after undoing "Keep the roll", re-rolling and keeping, the
    attack's new line (written above its first dice) pushed the note up between the attack and
    those dice. The note stays after the lines it followed: the first dice."""
    from scenes.take_back_log import TakeBackLog

    match = at_a_kept_roll()
    seat = match.to_act()[0]
    assert match.submit(C.KeepRoll(seat)).ok and match.undo(seat).ok
    again = next((c for c in match.state.candidates(seat) if isinstance(c, C.Reroll)), None)
    if again is not None:
        assert match.submit(again).ok
        match.resolve_chance()
    if C.KeepRoll(seat) in match.state.candidates(seat):
        assert match.submit(C.KeepRoll(seat)).ok
    view = SkirmishView(ctx, get_game("skirmish"), TextCache(ctx.font))
    view.set_seats(["You", "Computer"], [True, True])
    view.set_view(match.state.view(seat))
    lines = [text for text, _ in TakeBackLog().lines(view, match, ["You", "Computer"])]
    note = next(i for i, text in enumerate(lines) if text.startswith("Undo: "))
    assert lines[note - 1].startswith("Attack dice"), lines[note - 3:note + 3]
    assert any(" attacks " in text for text in lines[:note]), "the attack's line is above the note"


def test_an_undone_deployment_names_the_model_with_the_number_it_had(ctx: AppContext) -> None:
    """Helper's note (seventeenth session): "Undo: You deployed Tile Shield" lost the model's
    number, which the board gives only to deployed models; the note names the model as the log
    did ("Tile Shield 2")."""
    match = Match(get_game("skirmish"), {}, 5, ["human", "human"])
    rng = random.Random(5)
    for _ in range(400):
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        state: Any = match.state
        deploys = [c for c in state.candidates(actors[0]) if isinstance(c, C.Deploy)]
        if not deploys:
            assert match.submit(rng.choice(state.candidates(actors[0]))).ok
            continue
        def kin_of(deploy: C.Deploy) -> list[Any]:
            fig = state.figures[deploy.model]
            return [f for f in state.figures if f.side == fig.side and f.unit.id == fig.unit.id and f.number]
        second = next((d for d in deploys if kin_of(d)), None)
        if second is not None:
            break
        assert match.submit(rng.choice(deploys)).ok
    else:
        raise AssertionError("no second model of a unit came to deploy")
    seat, kin, fig = match.to_act()[0], kin_of(second), state.figures[second.model]
    assert match.submit(second).ok
    number = match.state.figures[second.model].number  # type: ignore[attr-defined]
    assert number == len(kin) + 1
    assert match.undo(seat).ok
    words = last_note(ctx, match, seat)
    assert f"deployed {fig.unit.name} {number}" in words, words


def test_an_undone_end_of_a_step_is_named_as_its_button(ctx: AppContext) -> None:
    """Play-test (eighteenth session): "Undo: a move by You" for an End move the log tells
    nothing of; the note names it as the button does."""
    match = at_a_move()
    seat = match.to_act()[0]
    assert match.submit(C.EndStep(seat)).ok
    assert match.undo(seat).ok
    words = last_note(ctx, match, seat)
    assert words == f"Undo: {['You', 'Computer'][seat]} ended the move", words
