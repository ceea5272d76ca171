"""Undo's note in the log says in few words what it took back, for every game (play-test: in
Worlds Collide, Rally, the skirmish and Cosmos it said each move by its log lines, "Undo: ...
(and 3 more); also Computer ...", three or four rows at 1024x640; Order & Chaos already had
its short words, `GameView.brief_move`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.ai.agents import make_agent
from game.core.match import Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, key
from tests.scenes.table_context import table_context

GAMES = ["worlds-collide", "rally", "skirmish", "cosmos"]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1024, 640), ai_watch_delay=0.0) as context:
        yield context


def answered(game_id: str, seed: int = 2) -> Match:
    """You (seat 0, random moves) against the greedy computer, up to the first time you may
    take back a move of yours that the computer has answered."""
    match = Match(get_game(game_id), {}, seed, ["human", "greedy"])
    computer = make_agent("greedy", game_id, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        assert not match.state.is_over()
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
            continue
        seat = actors[0]
        if seat == 0 and match.commands and match.commands[-1].seat == 1 and match.undo_refusal(0) is None:
            return match
        command = rng.choice(match.state.candidates(0)) if seat == 0 else computer.plan(match.state, seat)[0]
        assert match.submit(command).ok
    raise AssertionError("never answered")


@pytest.mark.parametrize("game_id", GAMES)
def test_an_undo_note_with_the_computers_answer_is_short(ctx: AppContext, game_id: str) -> None:
    scene = TableScene(ctx, answered(game_id), use_process=False)
    ctx.stack.push(scene)
    for _ in range(3):
        step(ctx, [], DT)
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    step(ctx, [], DT)
    note = next(text for text, _ in reversed(scene.log.lines) if text.startswith("Undo: "))
    assert "; also" not in note and "more)" not in note, note
    assert not note.endswith("."), note  # words, not a log line's sentence
    assert "Computer" in note or game_id == "worlds-collide", note  # the answer is named too
    assert len(scene.log.rows_of(note)) <= 2, (note, scene.log.rows_of(note))  # 3 or 4 before


def test_a_repeated_verb_is_said_once_but_not_other_words() -> None:
    from scenes.views.base import gap_verb

    assert gap_verb("You deployed Meridian Surveyor", "Computer deployed Hearth-Chief") == "Computer Hearth-Chief"
    assert gap_verb("Amber Ff\u2192Gf, Jade on Gg", "Ivory on Aa") == "Ivory on Aa"
    assert gap_verb("You moved to Create Life", "You moved to Soup") == "You moved to Soup"


def test_an_undone_nexus_reshuffle_alone_is_said_in_few_words(ctx: AppContext) -> None:
    """Helper's note (seventeenth session): a command whose only told event is the Nexus's
    reshuffle came back as the log's whole sentence, "Undo: The Nexus is empty: the Discard (12
    Shards) is shuffled face down into a new Nexus."; its few words name the reshuffle."""
    from game.core.words import LogEntry
    from game.worlds_collide.commands import NexusReshuffled
    from scenes.sprites.text import TextCache
    from scenes.views.worlds_collide.view import WorldsCollideView

    match = Match(get_game("worlds-collide"), {}, 2, ["human", "human"])
    view = WorldsCollideView(ctx, get_game("worlds-collide"), TextCache(ctx.font))
    view.set_seats(["You", "Computer"], [True, False])
    view.set_view(match.state.view(0))
    assert view.brief_move([LogEntry(5, 0, NexusReshuffled(12))]) == "reshuffling the Nexus"
