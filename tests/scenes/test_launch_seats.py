"""`play --load FILE --seats ...`: seats named with a save take over its seats (play-test, ninth
session: they were ignored without a word); a count or kind that does not fit is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import EntropyError
from game.core.match import Match
from game.core.registry import get_game
from scenes.launch import build_match


def saved(tmp_path: Path) -> Path:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    path = tmp_path / "two-people.json"
    match.save(path)
    return path


def test_seats_given_with_a_save_take_over_its_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    path = saved(tmp_path)
    assert build_match("order-chaos", None, None, path).seats == ["human", "human"]
    assert build_match("order-chaos", ["human", "normal"], None, path).seats == ["human", "normal"]


def test_seats_that_do_not_fit_the_save_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(tmp_path / "home"))
    path = saved(tmp_path)
    with pytest.raises(EntropyError, match="2 seats, not 3"):
        build_match("order-chaos", ["human", "normal", "easy"], None, path)
    with pytest.raises(EntropyError, match="unknown seat"):
        build_match("order-chaos", ["human", "wizard"], None, path)
