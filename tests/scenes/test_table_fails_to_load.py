"""Play-test (eighteenth session): when the table's code failed to load (the code had changed
under the running app), the set-up screen said 'The game table is not part of this build y...',
cut off behind Learn to play, and the real failure was hidden; from the guided game's offer
(a game's first start) Just play said nothing at all. Now the screen says what failed, in one
line that is shown whole, and the traceback goes to stderr."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes import scene_names
from scenes.app import AppContext
from scenes.guide.offer import OfferScene
from tests.scenes.gestures import press_ui_button as click_button
from tests.scenes.gestures import pump as frames
from tests.scenes.table_context import table_context

WHY = "Could not open the game table: cannot import name 'no_such_helper' from 'scenes.widgets'"


@pytest.fixture
def broken_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's module fails to import, as one written against code the app has not loaded."""
    folder = tmp_path / "code"
    folder.mkdir()
    (folder / "flow18_broken_table.py").write_text("from scenes.widgets import no_such_helper\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setitem(scene_names.SCENES, "table", ("flow18_broken_table", "TableScene"))


def _context(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> Iterator[AppContext]:
    with table_context(tmp_path / "home", monkeypatch, size=size) as context:
        yield context


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_start_from_the_set_up_screen_says_what_failed_in_full(
        broken_table: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        size: tuple[int, int]) -> None:
    for ctx in _context(tmp_path, monkeypatch, size):
        ctx.stack.clear_to(ctx.scene("setup", "order-chaos"))
        frames(ctx, 2)
        setup = ctx.stack.top
        click_button(ctx, setup, "Start")
        offer = ctx.stack.top
        assert isinstance(offer, OfferScene)
        click_button(ctx, offer, "Just play")
        assert ctx.stack.top is setup and setup.message == WHY, "the offer's Just play said nothing"
        assert "Traceback" in capsys.readouterr().err
        click_button(ctx, setup, "Start")  # asked once: straight to the table, which fails again
        assert ctx.stack.top is setup and setup.message == WHY
        label = setup.message_label
        assert label is not None and label.text == WHY
        window = pygame.Rect(0, 0, *size)
        assert window.contains(label.rect), "the message is inside the window"
        assert label.font.size(WHY)[0] <= label.rect.width, "the message is shown whole"
        assert setup.learn_button is not None
        assert not label.rect.colliderect(setup.learn_button.rect), "not behind Learn to play"


def test_quick_play_in_the_menu_says_what_failed(
        broken_table: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for ctx in _context(tmp_path, monkeypatch, (1280, 720)):
        ctx.settings.guides_offered = ["order-chaos"]
        ctx.stack.clear_to(ctx.scene("menu"))
        frames(ctx, 2)
        menu = ctx.stack.top
        click_button(ctx, menu, "Quick play")  # the first row: Order & Chaos
        assert ctx.stack.top is menu and menu.message == WHY
