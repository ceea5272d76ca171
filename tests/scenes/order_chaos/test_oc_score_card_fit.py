"""The score card's rows keep a seat's name and its half score apart at every window size:
'Order in half 2' is said 'Order next' when the card is narrow, and a name too long even then
ends in an ellipsis (play-test: 'Computer' ran into 'Order in half 2' at 900x800)."""

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
from scenes.views.order_chaos.view import SCORE_GAP
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context


@pytest.mark.parametrize("size", [(900, 800), (1024, 640), (1280, 720)])
@pytest.mark.parametrize("typed", [[], ["Alexandra the Great", ""]])
def test_each_score_row_fits_its_card(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                                      typed: list[str]) -> None:
    with table_context(tmp_path, monkeypatch, size=size) as ctx:
        seats = ["human", "human"] if typed else ["human", "normal"]
        match = Match(get_game("order-chaos"), {}, 3, seats)
        match.names = typed
        scene = TableScene(ctx, match, use_process=False)
        ctx.stack.push(scene)
        for _ in range(3):
            step(ctx, [], DT)
        view = scene.view
        card = view._score_card()
        fs = view.font_s
        rows = view.score_rows(view.view, card.width)
        assert [name for name, _ in rows] != []
        for name, val in rows:
            used = 30 + scene.text.font(fs, "bold").size(name)[0] + SCORE_GAP + scene.text.font(fs).size(val)[0] + 12
            assert used <= card.width, (name, val, used, card.width)
