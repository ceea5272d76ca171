"""The Load list's Finished games (issue 15): every game played to the end is kept (the newest
KEEP_FINISHED) and listed in a part of its own with its result, for its replay; deletable after
asking. The wheel scrolls the list."""

from __future__ import annotations

import os
import time

import pygame

from game.core import autosaves, paths
from tests.scenes.test_menu import click, frames, key, played_match, push


def finished_autosave(seed: int = 3, age: float = 0.0):
    match = played_match(seed=seed, finish=True)
    path = autosaves.new_autosave_path("order-chaos")
    match.save(path)
    if age:
        os.utime(path, (time.time() - age, time.time() - age))
    return path, match


def test_a_finished_game_is_on_the_load_lists_finished_part_and_replays_from_its_row(ui_ctx):
    from scenes.menu import MenuScene
    from scenes.replay import ReplayScene
    from scenes.table import TableScene

    path, match = finished_autosave()
    unfinished = autosaves.new_autosave_path("rally")
    played_match(seed=4).save(unfinished)
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    assert set(menu.tab_buttons) == {"saves", "finished"}
    assert menu.tab_buttons["finished"].text == "Finished (1)" and menu.tab_buttons["saves"].text == "To continue (1)"
    assert path not in menu.save_buttons  # not among the games to continue
    click(ui_ctx, menu.tab_buttons["finished"])
    assert list(menu.save_buttons) == [path] and unfinished not in menu.save_buttons
    row = menu.save_buttons[path]
    words = sorted((el for el in ui_ctx.ui.get_sprite_group().sprites() if getattr(el, "text", None)
                    and row.rect.contains(el.rect) and el is not row), key=lambda e: e.rect.y)
    winner = match.state.winners()
    assert words[-1].text.startswith("You won " if winner == [0] else "You lost " if winner == [1] else "A draw")
    assert "Ended " in row.tool_tip_text and "replay" in row.tool_tip_text
    click(ui_ctx, row)  # the row replays the game: there is nothing to continue
    frames(ui_ctx, 2)  # after a frame that says "Opening..."
    scene = ui_ctx.stack.top
    assert isinstance(scene, ReplayScene) and not isinstance(scene, TableScene)
    assert len(scene.replay) == len(match.commands) and scene.replay.finished
    key(ui_ctx, pygame.K_ESCAPE)
    frames(ui_ctx, 2)
    assert ui_ctx.stack.top is menu and menu.mode == "load" and menu.load_tab == "finished"


def test_deleting_a_finished_game_asks_first(ui_ctx):
    from scenes.confirm import ConfirmScene
    from scenes.menu import MenuScene

    path, _ = finished_autosave()
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    click(ui_ctx, menu.tab_buttons["finished"])
    click(ui_ctx, menu.delete_buttons[path])
    card = ui_ctx.stack.top
    assert isinstance(card, ConfirmScene) and card.question == "Delete this finished game?"
    key(ui_ctx, pygame.K_ESCAPE)
    assert path.exists()
    click(ui_ctx, menu.delete_buttons[path])
    key(ui_ctx, pygame.K_RETURN)
    frames(ui_ctx, 2)
    assert not path.exists() and path not in menu.save_buttons


def test_the_game_over_card_keeps_the_newest_finished_games_and_drops_the_oldest(ui_ctx):
    from scenes.game_over import GameOverScene

    keep = autosaves.KEEP_FINISHED
    assert keep >= 20
    paths_ = [finished_autosave(age=1000 - k)[0] for k in range(keep + 1)]  # the first is the oldest
    push(ui_ctx, GameOverScene(ui_ctx, played_match(finish=True)))
    assert not paths_[0].exists() and all(p.exists() for p in paths_[1:])
    assert len(autosaves.finished()) == keep


def test_the_mouse_wheel_scrolls_the_load_list(ui_ctx):
    from scenes.menu import MenuScene

    for k in range(12):
        played_match(seed=k + 1).save(paths.saves_dir() / f"s{k:02}.json")
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    scroller = menu.load_scroller
    assert scroller is not None and scroller.vert_scroll_bar is not None
    first = menu.save_buttons[paths.saves_dir() / "s11.json"]  # the newest, at the top
    top = first.rect.y
    pos = scroller.rect.center
    pygame.mouse.set_pos(pos)
    from scenes.app import step
    step(ui_ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    for _ in range(3):
        step(ui_ctx, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0)], 1 / 60)
    frames(ui_ctx, 3)
    assert first.rect.y < top  # the rows moved up
    for _ in range(10):
        step(ui_ctx, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                         precise_y=1.0)], 1 / 60)
    frames(ui_ctx, 3)
    assert first.rect.y == top  # and back to the top, no further
