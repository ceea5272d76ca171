"""The skirmish log on screen: a run of the same state given to many models is one line."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.words import QUIET, SEAT, Line
from game.skirmish.commands import ConditionChanged
from game.skirmish.game import SKIRMISH
from scenes.app import AppContext
from scenes.views.skirmish.log import merge_runs
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def test_a_run_of_one_state_is_said_once_and_other_lines_stay() -> None:
    names = ["Lightwright", "Longsight", "Ash Reaver"]
    lines = [Line("Round 3", SEAT), Line("Lightwright 1 is Inspired for 1 round", QUIET),
             Line("Lightwright 10 is Inspired for 1 round", QUIET), Line("Longsight 1 is Inspired for 1 round", QUIET),
             Line("Ash Reaver 1 is Exposed for 1 round", QUIET), Line("Ash Reaver 1 falls", SEAT),
             Line("Lightwright 1 is no longer Inspired", QUIET), Line("Longsight 1 is no longer Inspired", QUIET)]
    out = merge_runs(lines, names)
    assert [line.text for line in out] == [
        "Round 3", "3 models are Inspired for 1 round: Lightwright 1, Lightwright 10, Longsight 1",
        "Ash Reaver 1 is Exposed for 1 round", "Ash Reaver 1 falls",
        "Lightwright 1 is no longer Inspired", "Longsight 1 is no longer Inspired"]  # two in a row stay two
    assert out[1].tone == QUIET


def test_the_table_s_log_says_a_whole_side_s_new_state_in_one_line(ctx: AppContext) -> None:
    """Play-test at 1024x640: an Environment inspiring a whole side wrote a line per model (twelve),
    pushing the roll-off and the computer's moves out of the log's view."""
    from scenes.sprites.text import TextCache
    from scenes.views.skirmish.view import SkirmishView

    for seed in range(30):
        match = Match(SKIRMISH, {}, seed, ["human", "human"])
        rng = random.Random(seed)
        for _ in range(600):
            state = match.state
            if state.is_over():
                break
            events = [e.event for e in match.log]
            runs = [i for i in range(len(events) - 2) if all(isinstance(e, ConditionChanged) and e.applied
                                                            for e in events[i:i + 3])]
            if runs:
                view = SkirmishView(ctx, SKIRMISH, TextCache(ctx.font))
                view.set_seats(["You", "Computer"], [True, False])
                view.set_view(state.view(0))
                plain = SKIRMISH.describe_log(match.log, ["You", "Computer"], 0)
                shown = view.log_lines(match.log, ["You", "Computer"])
                assert len(shown) < len(plain)
                merged = [text for text, _ in shown if " models are " in text]
                assert merged
                count, _, rest = merged[0].partition(" models are ")
                listed = rest.split(": ", 1)[1].split(", ")
                assert int(count) == len(listed) >= 3
                units = {str(f["name"]) for f in view.view["figures"]}
                assert all(name.rsplit(" ", 1)[0] in units or name in units for name in listed), listed
                return
            seat = state.to_act()[0]
            result = match.resolve_chance() if seat == CHANCE else match.submit(rng.choice(state.candidates(seat)))
            assert result.ok
    raise AssertionError("no run of conditions in 30 games")
