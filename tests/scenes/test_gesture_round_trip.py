"""A gesture made from a command finds that command again (contract v2 conformance, on every
game with a table): the view says which drag or click shows a command (`command_targets`, what
the table uses to show a hint or a computer's move), and `Game.find_command` turns that gesture
back into a command; for every candidate of the seat on screen the two agree.

Commands a gesture only hints at are left out: a computer's whole Rally program (`set_program`,
shown by its first card) and splits shown by filling a panel (`distribute_energy`, `exchange`)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.registry import all_games
from scenes.app import AppContext, step
from scenes.offscreen import accept_handoffs
from scenes.table import TableScene
from tests.random_play import random_match
from tests.scenes.table_context import table_context

HINTED_ONLY = {"set_program", "distribute_energy", "exchange"}
GAMES = [g for g in all_games()]


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


@pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
def test_every_candidate_of_the_seat_on_screen_comes_back_from_its_gesture(ctx: AppContext, game: Any) -> None:
    checked: set[str] = set()
    for seed in range(3):
        r = random.Random(seed)
        match = Match(game, {}, seed, ["human"] * game.info.min_players)
        for plies in range(0, 160, 7):
            if match.state.is_over():
                break
            for _ in range(7):
                if not match.state.is_over():
                    random_match(match, r, 1)
            if match.state.is_over() or not [s for s in match.to_act() if s >= 0]:
                continue
            scene = TableScene(ctx, match, use_process=False)
            ctx.stack.push(scene)
            step(ctx, [], 1 / 60)
            accept_handoffs(ctx)
            seat = scene.acting_human()
            if seat is not None:
                for cmd in match.state.candidates(seat):
                    if cmd.TAG in HINTED_ONLY:
                        continue
                    targets = scene.view.command_targets(cmd)
                    if targets is None:
                        continue
                    found = game.find_command(match.state, seat, *targets)
                    assert found == cmd, (cmd, targets, found)
                    checked.add(cmd.TAG)
            ctx.stack.pop()
            ctx.stack.apply_pending()
    assert len(checked) >= 2, checked
