"""Undo's note in Order & Chaos keeps to one row of the log at 1024x640, in the log's own type
size: where "Undo: Crimson on Bb, Crimson Ea→Ga" would wrap (11 px too wide), a slide is said by
its cells alone ("Undo: Crimson on Bb, Ea→Ga"); where it fits, the full words stay."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
from types import SimpleNamespace
from typing import Any

import pytest

from game.core.match import Match, TakeBack
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.words import LogEntry
from game.order_chaos.colours import counter_colours
from game.order_chaos.commands import (
    COL_LETTERS,
    ROW_LETTERS,
    CounterPlaced,
    CounterSlid,
    Draw,
    Pass,
    Place,
    Slide,
    cell_name,
)
from scenes.kit import palette
from scenes.table import TableScene
from tests.scenes.table_context import table_context


def _crimson_undone() -> Match:
    """You (Chaos, seat 1) placed Crimson on Bb, the computer (Order) slid Crimson Ea→Ga; you took
    both back."""
    match = Match(get_game("order-chaos"), {}, 7, ["normal", "human"])

    def play(command: Any) -> None:
        assert match.submit(command).ok

    match._play(Draw(CHANCE, 0))  # the bag's draws, chosen (a test may: `submit` refuses them)
    assert match.to_act() == [1]
    play(Place(1, (4, 0)))
    play(Pass(0))
    match._play(Draw(CHANCE, 0))
    play(Place(1, (1, 1)))
    play(Slide(0, (4, 0), (6, 0)))
    assert match.undo(1).ok
    return match


def _note_rows(scene: TableScene) -> list[list[str]]:
    return [scene.log.rows_of(text) for text, colour in scene.log.lines if colour == palette.TAKEN_BACK]


@pytest.mark.parametrize("size, words", [((1024, 640), "Undo: Crimson on\u00a0Bb, Ea\u2192Ga"),
                                         ((1280, 720), "Undo: Crimson on\u00a0Bb, Crimson\u00a0Ea\u2192Ga")])
def test_the_crimson_note_takes_one_row(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                        size: tuple[int, int], words: str) -> None:
    with table_context(tmp_path, monkeypatch, size) as ctx:
        scene = TableScene(ctx, _crimson_undone(), use_process=False)
        ctx.stack.push(scene)
        ctx.stack.apply_pending()
        assert [text for text, colour in scene.log.lines if colour == palette.TAKEN_BACK] == [words]
        assert _note_rows(scene) == [[words]]


def test_the_worst_colour_pair_fits_one_row_at_1024(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every pair of colours, either move first, on the widest cells: one row, the log's size."""
    with table_context(tmp_path, monkeypatch, (1024, 640)) as ctx:
        scene = TableScene(ctx, _crimson_undone(), use_process=False)
        ctx.stack.push(scene)
        ctx.stack.apply_pending()
        font = scene.text.font(scene.log.size)
        cells = [(r, c) for r in range(7) for c in range(7)]
        wide = max(cells, key=lambda cell: font.size(cell_name(cell))[0])
        assert cell_name(wide)[0] in ROW_LETTERS and cell_name(wide)[1] in COL_LETTERS
        colours = range(len(counter_colours()))
        notes = []
        for a, b in itertools.product(colours, colours):
            placed = LogEntry(1, 1, CounterPlaced(wide, a, 1))
            slid = LogEntry(2, 0, CounterSlid(wide, wide, b, 0))
            notes += [TakeBack(0, 1, (placed,), (slid,)), TakeBack(0, 0, (slid,), (placed,))]
        for note in notes:
            match = SimpleNamespace(log=[], take_backs=[note])
            lines = scene.take_back_log.lines(scene.view, match, scene.names,  # type: ignore[arg-type]
                                              fits=lambda text: len(scene.log.rows_of(text)) <= 1)
            (text,) = [t for t, colour in lines if colour == palette.TAKEN_BACK]
            scene.take_back_log.forget()
            assert len(scene.log.rows_of(text)) == 1, text
        assert scene.log.size == max(12, scene.fs - 2)  # one size for the whole log, as before
