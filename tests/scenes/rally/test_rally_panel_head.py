"""A Rally player card's top row keeps its parts apart: the name, the seat badge after it, 'pts'
and the points. Where the card is narrow 'pts' goes, then the name is cut with an ellipsis
(play-test: three seats at 900x800 put the badge on 'pts')."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pytest

from game.core.match import Match
from game.core.registry import get_game
from scenes.app import step
from scenes.table import TableScene
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context


@pytest.mark.parametrize("size", [(900, 800), (1024, 640), (1280, 720)])
@pytest.mark.parametrize("seats", [["normal", "human", "normal"], ["normal", "human", "normal", "normal"],
                                   ["human", "normal"]])
def test_the_parts_of_a_card_top_row_never_overlap(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                   size: tuple[int, int], seats: list[str]) -> None:
    with table_context(tmp_path, monkeypatch, size=size) as ctx:
        scene = TableScene(ctx, Match(get_game("rally"), {}, 3, seats), use_process=False)
        ctx.stack.push(scene)
        for _ in range(3):
            step(ctx, [], DT)
        view = scene.view
        for seat in range(len(seats)):
            head = view.panel_head(seat)
            card = view._panel_rect(seat)
            rects = [rect for _, rect in head.values()]
            for rect in rects:
                assert card.contains(rect), (seat, head, card)
            for i, a in enumerate(rects):
                for b in rects[i + 1:]:
                    assert not a.colliderect(b), (seat, head)
            assert head["name"][0] == scene.names[seat] or head["name"][0].endswith("…")
