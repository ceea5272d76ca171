"""A long refusal while a formation is dragged is written in the tray's message line, wrapped,
not in one line at the route's end (play-test at 1024x640: "Tile Shield 3 cannot follow: That
spot overlaps another model's base." ran off the table's edge)."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any

import pygame
import pytest

from game.core.protocol import Target
from game.skirmish.state import SkirmishState
from scenes.app import step
from scenes.views.skirmish import view as view_module
from tests.scenes.gestures import DT, at
from tests.scenes.skirmish.test_skirmish_group_drag import _shield_line, _table
from tests.scenes.table_context import table_context


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_follower_s_refusal_sits_whole_in_the_tray_while_dragging(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                    size: tuple[int, int]) -> None:
    match, line, (dx, dy) = _shield_line()
    state = match.state
    assert isinstance(state, SkirmishState)
    enemy = next(f for f in state.figures if f.side != line[0].side and f.on_table)
    enemy.x, enemy.y = line[2].x + dx, line[2].y + dy  # where the line's last model would stand
    with table_context(tmp_path, monkeypatch, size, animation_speed="fast") as ctx:
        scene, view = _table(ctx, match)
        lead = line[0]
        start = at(scene, Target("figure", ident=str(lead.id)))
        end = at(scene, Target("table", point=(lead.x + dx, lead.y + dy)))
        step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
        for k in range(1, 7):
            pos = (start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6)
            step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))], DT)
        give_up = time.monotonic() + 20
        while time.monotonic() < give_up:  # the worker's route arrives (later on a busy machine)
            step(ctx, [], DT)
            if view.tray_refusal and "cannot follow" in view.tray_refusal:
                break
            time.sleep(0.02)
        words = view.tray_refusal
        assert words is not None and "cannot follow" in words
        lines, size_px, room = view.tray_refusal_lines(words)
        assert " ".join(lines) == words  # whole: no '…', nothing for a tooltip to tell
        assert view.lay.tray.contains(room)
        font = view.text.font(size_px, "bold")
        assert all(font.size(text)[0] <= room.w for text in lines)
        assert len(lines) * view.text.line_height(size_px, "bold") <= room.h
        assert size_px == view.lay.fs  # as large as the words were on the table


def test_a_long_refusal_wraps_inside_a_narrow_tray(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the tray is narrower than the words, they take more lines, still inside it."""
    with table_context(tmp_path, monkeypatch, (1024, 640)) as ctx:
        from game.skirmish.game import SKIRMISH
        from scenes.sprites.text import TextCache

        view = view_module.SkirmishView(ctx, SKIRMISH, TextCache(ctx.font))
        view.layout(pygame.Rect(0, 60, 300, 580))
        words = "Tile Shield 1 cannot follow: That spot overlaps another model's base."
        lines, size_px, room = view.tray_refusal_lines(words)
        assert len(lines) > 1 and " ".join(lines) == words
        assert view.lay.tray.contains(room)
        assert all(view.text.font(size_px, "bold").size(text)[0] <= room.w for text in lines)
