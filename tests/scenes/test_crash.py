"""A crash in the GUI loop never just vanishes: a crash log, a message, exit code 1."""

from __future__ import annotations

import pygame
import pytest

import scenes.app
import scenes.launch
from game import __version__
from game.cli import main
from game.core import crash, paths


@pytest.fixture
def crashing_loop(tabletop_home, monkeypatch):
    """The first frame raises; the message box is recorded instead of shown."""
    def boom(*_args, **_kwargs):
        raise RuntimeError("boom in the loop")

    shown: list[tuple[str, str, str]] = []

    def fake_box(title, message=None, message_type="info", **_kwargs):
        shown.append((title, message, message_type))
        return 0

    monkeypatch.setattr(scenes.app, "step", boom)
    monkeypatch.setattr(scenes.launch, "_headless", lambda: False)
    monkeypatch.setattr(pygame.display, "message_box", fake_box)
    return shown


def test_menu_crash_writes_log_shows_message_and_exits_1(crashing_loop, tabletop_home, capsys):
    assert main([]) == 1

    log = tabletop_home / "crash.log"
    assert log == paths.crash_log_path()
    text = log.read_text(encoding="utf-8")
    assert text.startswith("Entropy Tabletop crash report")
    for field in ("time:", f"version:  {__version__} (source)", "platform:", "python:"):
        assert field in text
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: boom in the loop" in text
    assert "in run" in text  # the frame in scenes.app.run where it happened

    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"entropy-tabletop: crashed (RuntimeError: boom in the loop); details in {log}"]

    [(title, message, kind)] = crashing_loop
    assert title == "Entropy Tabletop stopped" and kind == "error"
    assert str(log) in message
    assert "Continue" not in message  # nothing was saved yet: do not promise it


def test_table_crash_mentions_continue_when_a_game_was_saved(crashing_loop, tabletop_home):
    from game.core.match import Match
    from game.core.registry import get_game

    unfinished = Match(get_game("order-chaos"), {}, 5, ["human", "human"])
    unfinished.resolve_chance() if unfinished.to_act() == [-1] else None
    assert unfinished.submit(unfinished.state.candidates(unfinished.to_act()[0])[0]).ok
    unfinished.save(paths.autosave_path())  # an earlier version's single autosave: adopted at start
    assert main(["play", "order-chaos", "--seats", "human,human", "--seed", "3"]) == 1
    assert "RuntimeError: boom in the loop" in (tabletop_home / "crash.log").read_text(encoding="utf-8")
    [(_, message, _)] = crashing_loop
    assert "choose Continue in the main menu" in message


def test_headless_crash_shows_no_message_box(tabletop_home, monkeypatch):
    def boom(*_args, **_kwargs):
        raise ValueError("headless boom")

    def no_box(*_args, **_kwargs):
        raise AssertionError("a message box under the dummy video driver would wait for a click")

    monkeypatch.setattr(scenes.app, "step", boom)
    monkeypatch.setattr(pygame.display, "message_box", no_box)
    assert main([]) == 1
    assert "ValueError: headless boom" in (tabletop_home / "crash.log").read_text(encoding="utf-8")


def test_message_box_failure_is_not_a_second_crash(crashing_loop, monkeypatch):
    def broken_box(*_args, **_kwargs):
        raise pygame.error("no message box on this platform")

    monkeypatch.setattr(pygame.display, "message_box", broken_box)
    assert main([]) == 1


def test_expected_errors_before_the_window_are_not_crashes(tabletop_home, capsys):
    assert main(["play", "order-chaos", "--seats", "human"]) == 2
    assert not (tabletop_home / "crash.log").exists()
    assert "needs" in capsys.readouterr().err


def test_crash_log_falls_back_to_the_temp_folder(monkeypatch, tmp_path):
    def unwritable():
        raise PermissionError("read-only home")

    monkeypatch.setattr(paths, "crash_log_path", unwritable)
    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(tmp_path))
    try:
        raise KeyError("x")
    except KeyError as exc:
        where = crash.write_crash_log(exc, "9.9")
    assert where == tmp_path / "entropy-tabletop-crash.log"
    assert "KeyError: 'x'" in where.read_text(encoding="utf-8")
