"""A seat's name in the table's player list fits its row: whole when it fits, else without the
computer's level, else cut with an ellipsis - never clipped mid-letter beside a badge (play-test:
'Computer 1 (nor' beside a Worlds Collide character, 'Computer (nor' beside CHAOS)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.app import step
from scenes.seat_names import seat_name_within
from scenes.table import TableScene
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context


class Fixed:
    """A font whose every character is 10 pixels wide."""

    def size(self, text: str) -> tuple[int, int]:
        return 10 * len(text), 16


@pytest.mark.parametrize("width, shown", [
    (190, "Computer 1 (normal)"), (150, "Computer 1"), (95, "Computer…"), (40, "Com…")])
def test_the_level_goes_before_the_name_is_cut(width: int, shown: str) -> None:
    assert seat_name_within("Computer 1 (normal)", "Computer 1", Fixed(), width) == shown


@pytest.mark.parametrize("game_id, seats, size", [
    ("worlds-collide", ["normal", "human", "normal", "normal"], (1024, 640)),
    ("order-chaos", ["normal", "human"], (900, 800)),
])
def test_every_seat_row_shows_a_name_that_fits(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, game_id: str,
                                               seats: list[str], size: tuple[int, int]) -> None:
    with table_context(tmp_path, monkeypatch, size=size) as ctx:
        scene = TableScene(ctx, Match(get_game(game_id), {}, 3, seats), use_process=False)
        ctx.stack.push(scene)
        for _ in range(3):
            step(ctx, [], DT)
        assert sorted(scene.seat_names_shown) == list(range(len(seats)))
        for seat, (shown, room) in scene.seat_names_shown.items():
            assert shown in (scene.long_names[seat], scene.names[seat]) or shown.endswith("…"), shown
            assert scene.text.font(scene.fs, "bold").size(shown)[0] <= room, (shown, room)
        assert any(shown != scene.long_names[seat] for seat, (shown, _) in scene.seat_names_shown.items())
