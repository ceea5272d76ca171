"""Play-test (eighth session): opening a named save and leaving it at once wrote a new autosave
each time, and the Load list filled with identical rows of one game. A game opened from a named
save writes its autosave from its first change on, not before."""

from __future__ import annotations

import random
from pathlib import Path

from game.core import autosaves
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game


def test_leaving_a_named_save_unchanged_writes_no_autosave(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    m = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    rng = random.Random(3)
    for _ in range(4):
        seat = m.to_act()[0]
        if seat == CHANCE:
            m.resolve_chance()
        else:
            assert m.submit(rng.choice(m.state.candidates(seat))).ok
    named = tmp_path / "mine.json"
    m.save(named)
    for _ in range(2):  # opened twice, left at once each time
        loaded = Match.load(named)
        loaded.autosave_path = autosaves.autosave_for(named, "order-chaos")
        loaded.save_now()
        assert not loaded.autosave_path.exists()
    assert autosaves.unfinished() == []
    seat = loaded.to_act()[0]
    if seat == CHANCE:
        loaded.resolve_chance()
    else:
        assert loaded.submit(loaded.state.candidates(seat)[0]).ok
    loaded.save_now()
    assert loaded.autosave_path.exists(), "from its first change on, the game is kept"
