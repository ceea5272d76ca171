"""Play-test (eighteenth session): every Quick play left before the person at it had moved stayed
under To continue ('0 of 25 placed'), because the computer's or the bag's first step wrote its
autosave. A game is kept for Continue from a person's first move; one of computers only from its
first move."""

from __future__ import annotations

from pathlib import Path

from game.core import autosaves
from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game


def _steps_until_a_person_acts(m: Match) -> int:
    steps = 0
    while not m.is_human(m.to_act()[0]):
        seat = m.to_act()[0]
        if seat == CHANCE:
            assert m.resolve_chance().ok
        else:
            assert m.submit(m.state.candidates(seat)[0]).ok
        steps += 1
    return steps


def test_a_game_left_before_a_persons_move_leaves_no_autosave(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    m = Match(get_game("order-chaos"), {}, 4, ["easy", "human"])
    m.autosave_path = autosaves.new_autosave_path("order-chaos")
    assert _steps_until_a_person_acts(m) > 0, "the bag and the computer move first"
    m.save_now()
    assert not m.kept() and autosaves.unfinished() == []
    assert m.submit(m.state.candidates(m.to_act()[0])[0]).ok
    assert m.kept() and autosaves.unfinished() == [m.autosave_path]


def test_a_game_of_computers_only_is_kept_from_its_first_move(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    m = Match(get_game("order-chaos"), {}, 4, ["easy", "easy"])
    m.autosave_path = autosaves.new_autosave_path("order-chaos")
    assert m.resolve_chance().ok
    assert m.kept() and autosaves.unfinished() == [m.autosave_path]


def test_drop_unplayed_removes_only_games_no_person_moved_in(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Earlier versions' rows of games left before a person's move go when the app starts."""
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    unplayed = Match(get_game("order-chaos"), {}, 4, ["easy", "human"])
    _steps_until_a_person_acts(unplayed)
    old_row = autosaves.new_autosave_path("order-chaos")
    unplayed.save(old_row)  # as an earlier version wrote it
    played = Match(get_game("order-chaos"), {}, 5, ["easy", "human"])
    played.autosave_path = autosaves.new_autosave_path("order-chaos")
    _steps_until_a_person_acts(played)
    assert played.submit(played.state.candidates(played.to_act()[0])[0]).ok
    watched = Match(get_game("order-chaos"), {}, 6, ["easy", "easy"])
    watched.autosave_path = autosaves.new_autosave_path("order-chaos")
    assert watched.resolve_chance().ok
    assert autosaves.drop_unplayed() == [old_row]
    assert sorted(autosaves.unfinished()) == sorted([played.autosave_path, watched.autosave_path])


def test_a_new_game_whose_persons_move_was_taken_back_is_not_kept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The file follows the undo; leaving then removes it, as the leave card says."""
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    m = Match(get_game("order-chaos"), {}, 4, ["easy", "human"])
    m.autosave_path = autosaves.new_autosave_path("order-chaos")
    _steps_until_a_person_acts(m)
    seat = m.to_act()[0]
    assert m.submit(m.state.candidates(seat)[0]).ok and m.autosave_path.exists()
    assert m.undo(seat).ok and not m.kept()
    assert Match.load(m.autosave_path).state.notation() == m.state.notation()
    m.save_now()
    assert autosaves.unfinished() == []
