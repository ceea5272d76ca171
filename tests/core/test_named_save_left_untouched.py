"""Play-tests: opening a named save and leaving it at once wrote a new autosave each time, and the
Load list filled with identical rows of one game (eighth session); the fix left no autosave at
all, and Continue then named an older game while the leave card said this one was saved
(eighteenth session). Now a named save opened and left is kept for Continue, and opening it
again goes on in that same autosave: one row per game."""

from __future__ import annotations

import random
from pathlib import Path

from game.core import autosaves
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game


def _play(m: Match, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        seat = m.to_act()[0]
        if seat == CHANCE:
            m.resolve_chance()
        else:
            assert m.submit(rng.choice(m.state.candidates(seat))).ok


def _open(named: Path) -> Match:
    loaded = Match.load(named)
    loaded.autosave_path = autosaves.autosave_for(named, "order-chaos", loaded.to_json())
    return loaded


def test_a_named_save_left_unchanged_is_what_continue_resumes_in_one_row(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    rng = random.Random(3)
    older = Match(get_game("order-chaos"), {}, 9, ["human", "human"])
    older.autosave_path = autosaves.new_autosave_path("order-chaos")
    _play(older, 3, rng)
    assert autosaves.unfinished() == [older.autosave_path]
    m = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    _play(m, 4, rng)
    named = tmp_path / "mine.json"
    m.save(named)
    slots = []
    for _ in range(3):  # opened three times, left at once each time
        loaded = _open(named)
        assert loaded.kept()
        loaded.save_now()
        slots.append(loaded.autosave_path)
        assert autosaves.unfinished()[0] == loaded.autosave_path, "Continue resumes the game just left"
    assert len(set(slots)) == 1 and len(autosaves.unfinished()) == 2, "one row for the one game"


def test_a_named_save_played_on_keeps_its_row_and_the_next_opening_gets_another(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    rng = random.Random(5)
    m = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    _play(m, 4, rng)
    named = tmp_path / "mine.json"
    m.save(named)
    first = _open(named)
    _play(first, 2, rng)
    first.save_now()
    played = first.autosave_path.read_text(encoding="utf-8")
    second = _open(named)
    assert second.autosave_path != first.autosave_path, "a game with moves in it is never written over"
    second.save_now()
    assert first.autosave_path.read_text(encoding="utf-8") == played
    assert len(autosaves.unfinished()) == 2
