"""One autosave per match: new games never overwrite unfinished ones; finished ones are pruned."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core import autosaves, paths
from game.core.match import Match
from game.core.registry import get_game


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path))
    return tmp_path


def match(finished: bool, seed: int = 3) -> Match:
    m = Match(get_game("order-chaos"), {"size": 5}, seed, ["human", "human"])
    while not m.state.is_over():
        actor = m.to_act()[0]
        if actor == -1:
            m.resolve_chance()
        else:
            m.submit(m.state.candidates(actor)[0])
        if not finished and len(m.commands) >= 4:
            break
    return m


def aged(path: Path, seconds_ago: float) -> Path:
    """Set the file's time so 'newest first' is decided, not left to the clock's resolution."""
    t = 1_700_000_000 - seconds_ago
    os.utime(path, (t, t))
    return path


def test_every_new_match_gets_its_own_file_in_the_folder() -> None:
    a = autosaves.new_autosave_path("rally")
    match(False).save(a)
    b = autosaves.new_autosave_path("rally")
    assert a != b and a.parent == b.parent == paths.autosaves_dir()
    assert a.name.startswith("rally-") and autosaves.is_autosave(a)


def test_a_resumed_autosave_goes_on_in_its_file_a_named_save_is_never_written_by_play() -> None:
    auto = autosaves.new_autosave_path("order-chaos")
    named = paths.saves_dir() / "mine.json"
    assert autosaves.autosave_for(auto, "order-chaos") == auto
    fresh = autosaves.autosave_for(named, "order-chaos")
    assert fresh != named and autosaves.is_autosave(fresh)
    assert autosaves.is_autosave(autosaves.autosave_for(None, "order-chaos"))


def test_unfinished_lists_only_games_not_over_newest_first() -> None:
    old = aged(save(match(False), "order-chaos"), 300)
    new = aged(save(match(False, seed=4), "order-chaos"), 100)
    aged(save(match(True), "order-chaos"), 50)
    (paths.autosaves_dir() / "broken.json").write_text("{not json", encoding="utf-8")
    assert autosaves.unfinished() == [new, old]


def test_prune_keeps_every_unfinished_game_and_the_newest_finished_ones() -> None:
    keep = [aged(save(match(False, seed=s), "order-chaos"), 1000 + s) for s in range(3)]
    finished = [aged(save(match(True, seed=s), "order-chaos"), s) for s in range(autosaves.KEEP_FINISHED + 3)]
    broken = paths.autosaves_dir() / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    gone = autosaves.prune()
    assert sorted(gone) == sorted(finished[autosaves.KEEP_FINISHED:])  # the oldest finished
    assert all(p.exists() for p in keep + finished[:autosaves.KEEP_FINISHED] + [broken])


def test_an_earlier_versions_single_autosave_is_adopted_with_its_games_name() -> None:
    m = match(False)
    m.save(paths.autosave_path())
    moved = autosaves.adopt_legacy()
    assert moved is not None and moved.name.startswith("order-chaos-") and not paths.autosave_path().exists()
    assert autosaves.unfinished() == [moved]
    assert Match.load(moved).commands == m.commands
    assert autosaves.adopt_legacy() is None


def save(m: Match, game_id: str) -> Path:
    path = autosaves.new_autosave_path(game_id)
    m.save(path)
    return path
