"""Undo writes a line in the log naming what it took back (the status line alone said it before),
for every game: the match keeps the note (`Match.take_backs`), the table words it in the game's
own words (`scenes.take_back_log`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.words import KEEP
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Place
from scenes.app import AppContext, step
from scenes.table import TableScene
from tests.scenes.gestures import DT, at, drag, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, ai_watch_delay=0.0) as context:
        yield context


def settled(ctx: AppContext, seats: list[str], seed: int = 3) -> TableScene:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, seed, seats), use_process=False)
    ctx.stack.push(scene)
    for _ in range(400):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            break
    return scene


def texts(scene: TableScene) -> list[str]:
    return [text for text, _ in scene.log.lines]


def test_undo_writes_what_it_took_back_in_the_log(ctx: AppContext) -> None:
    scene = settled(ctx, ["human", "human"])
    drag(ctx, at(scene, Target("drawn")), at(scene, Target("cell", (3, 3))))
    placed = texts(scene)[-1]
    assert placed.startswith("Chaos (") and placed.endswith(f" on{KEEP}Dd")
    colour = placed.split(" placed ")[1].removesuffix(f" on{KEEP}Dd")
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert texts(scene)[-1] == f"Undo: {colour} on{KEEP}Dd"
    assert texts(scene).count(placed) == 0  # the move itself has left the story
    drag(ctx, at(scene, Target("drawn")), at(scene, Target("cell", (0, 0))))
    lines = texts(scene)
    assert lines[-2:] == [f"Undo: {colour} on{KEEP}Dd", placed.replace("Dd", "Aa")]


def brief_of(line: str) -> str:
    """What the note says for a move the log said in `line`."""
    if line.endswith(" passed"):
        return "Order's pass"
    if " placed " in line:
        return line.split(" placed ")[1]
    colour, cells = line.split(" slid ")[1].split(KEEP, 1)
    return f"{colour}{KEEP}{cells.replace(f' to{KEEP}', '→')}"


def test_against_the_computer_the_line_names_the_persons_move_then_the_reply(ctx: AppContext) -> None:
    """Play-test (seventh session): undo took the computer's answer back too, and the note named
    only the person's move; it names the reply after it."""
    scene = settled(ctx, ["greedy", "human"])  # the person is Chaos in half 1
    assert scene.play(Place(1, (2, 2)))
    for _ in range(400):  # the computer (Order) replies, and the next counter is drawn
        step(ctx, [], DT)
        if scene.acting_human() == 1 and not scene.animator.busy and len(scene.match.commands) >= 4:
            break
    assert any(c.seat == 0 for c in scene.match.commands)
    before = texts(scene)
    mine = next(t for t in before if t.endswith(f" on{KEEP}Cc"))
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)  # across the draw: alone against the computer
    after = texts(scene)
    reply = next(t for t in before[before.index(mine) + 1:] if t.startswith("Order (Computer)"))
    assert after[-1] == f"Undo: {brief_of(mine)}, {brief_of(reply)}"
    assert len(after) == before.index(mine) + 1  # placed where the move was: its line replaced by the note


def test_the_status_after_an_undo_against_the_computer_says_your_turn_again(ctx: AppContext) -> None:
    """Play-test (thirteenth session): alone against the computer the status said "Move taken
    back: You to play again."."""
    scene = settled(ctx, ["greedy", "human"])
    assert scene.names[1] == "You"
    assert scene.play(Place(1, (2, 2)))
    for _ in range(400):
        step(ctx, [], DT)
        if scene.acting_human() == 1 and not scene.animator.busy and len(scene.match.commands) >= 4:
            break
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.status_text == "Move taken back: your turn again."


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)], ids=["1024x640", "1280x720"])
def test_the_note_of_a_move_and_its_reply_takes_one_row(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int]) -> None:
    """Play-test: "Move taken back: Order (You) slid Crimson Ff to Gf; also taken back: Chaos
    (Computer) placed ..." took three or four rows of the log at 1024x640; the note says the two
    moves by their counters and cells, on one row."""
    with table_context(tmp_path, monkeypatch, size=size, ai_watch_delay=0.0) as context:
        scene = settled(context, ["greedy", "human"])
        assert scene.play(Place(1, (2, 2)))
        for _ in range(400):
            step(context, [], DT)
            if scene.acting_human() == 1 and not scene.animator.busy and len(scene.match.commands) >= 4:
                break
        key(context, pygame.K_z, pygame.KMOD_LCTRL)
        note = texts(scene)[-1]
        assert note.startswith("Undo: ") and f"on{KEEP}Cc, " in note, note
        assert len(scene.log.rows_of(note)) == 1, scene.log.rows_of(note)


def test_an_undo_note_has_its_own_muted_colour_not_chaos_red(ctx: AppContext) -> None:
    """Play-test: the note was drawn in the alert red, as Chaos's moves are, and read as one."""
    from scenes.kit import palette

    scene = settled(ctx, ["human", "human"])
    drag(ctx, at(scene, Target("drawn")), at(scene, Target("cell", (3, 3))))
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    note = next(colour for text, colour in scene.log.lines if text.startswith("Undo: "))
    assert note == palette.TAKEN_BACK
    moves = {colour for text, colour in scene.log.lines if not text.startswith("Undo: ")}
    assert note not in moves | {palette.CHAOS, palette.ORDER}
    step(ctx, [], DT)
    rect = scene.log.rect
    marker = ctx.screen.get_at((rect.x + 7, rect.bottom - scene.log.line_h // 2))[:3]
    assert marker != note, "the note's marker is a hollow ring, not a dot"
