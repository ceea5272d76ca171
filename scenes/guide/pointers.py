"""Where a step's pointers are on screen, asked again every frame so they follow a resize.

A pointer is resolved through the table and its view, never stored in pixels: a target through
`GameView.anchor`, a view rectangle by its name (an attribute such as `board_rect`, or a method
called with the script's arguments, giving a Rect or a list of them), a part of the table by its
name, and the expected move through `GameView.command_targets` (the hint's arrow).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.protocol import Command, Target
from scenes.guide.script import Pointer

if TYPE_CHECKING:
    from scenes.table import TableScene

Point = tuple[float, float]


@dataclass(frozen=True)
class Mark:
    """A ring round `rect` on screen, and an arrow to `arrow_to` (a move's destination) if set."""

    rect: pygame.Rect
    arrow_to: pygame.Rect | None = None


def spot(centre: Point, radius: int) -> pygame.Rect:
    return pygame.Rect(int(centre[0]) - radius, int(centre[1]) - radius, 2 * radius, 2 * radius)


def view_rect(view: Any, name: str, args: tuple[Any, ...] = ()) -> pygame.Rect | None:
    """The view's rectangle called `name` (a dotted attribute path; a method is called with
    `args`); a list of rectangles gives the one holding them all."""
    value: Any = view
    for part in name.split("."):
        value = getattr(value, part, None)
        if value is None:
            return None
    if callable(value):
        try:
            value = value(*args)
        except (TypeError, ValueError, KeyError, IndexError):
            return None
    if isinstance(value, pygame.Rect):
        return pygame.Rect(value) if value.width > 0 and value.height > 0 else None
    if isinstance(value, (list, tuple)) and value and all(isinstance(r, pygame.Rect) for r in value):
        return pygame.Rect(value[0]).unionall([pygame.Rect(r) for r in value[1:]])
    return None


def table_rect(table: TableScene, part: str) -> pygame.Rect | None:
    """A part of the table itself (`script.TABLE_PARTS`)."""
    getters: dict[str, Callable[[], pygame.Rect | None]] = {
        "banner": lambda: pygame.Rect(0, 0, table.play_rect.width, table.top_h),
        "seats": lambda: pygame.Rect(table.side_rect.x, table.seats_top, table.side_rect.width,
                                     table.action_rect.y - table.seats_top),
        "log": lambda: pygame.Rect(table.log.rect),
        "actions": lambda: _union([b.rect for b in table.action_buttons]) or pygame.Rect(table.action_rect),
        "undo": lambda: pygame.Rect(table.btn_undo.rect),
        "redo": lambda: pygame.Rect(table.btn_redo.rect),
        "hint": lambda: pygame.Rect(table.btn_hint.rect),
        "menu": lambda: pygame.Rect(table.btn_menu.rect),
        "board": lambda: pygame.Rect(table.play_rect),
    }
    getter = getters.get(part)
    rect = getter() if getter is not None else None
    return rect if rect is not None and rect.width > 0 and rect.height > 0 else None


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return pygame.Rect(rects[0]).unionall(rects[1:]) if rects else None


def target_rect(table: TableScene, target: Target) -> pygame.Rect | None:
    centre = table.view.anchor(target)
    return None if centre is None else spot(centre, max(14, int(table.fs * 1.6)))


def move_marks(table: TableScene, command: Command) -> list[Mark]:
    """The expected move as the hint shows it: its source ringed, an arrow to its destination
    (a button's move: the table's action button ringed)."""
    targets = table.view.command_targets(command)
    if targets is None:
        return []
    source, dest = targets
    if dest is None:  # a button's move (Pass, Lock in, Done...)
        rect = table_rect(table, "actions")
        return [Mark(rect)] if rect is not None else []
    a, b = target_rect(table, source), target_rect(table, dest)
    if a is None:
        return [Mark(b)] if b is not None else []
    return [Mark(a, b)]


def resolve(table: TableScene, pointer: Pointer, expected: Command | None) -> list[Mark]:
    """The marks one pointer makes now (none when what it names is not on screen)."""
    if pointer.move:
        return move_marks(table, expected) if expected is not None else []
    rect: pygame.Rect | None = None
    if pointer.table:
        rect = table_rect(table, pointer.table)
    elif pointer.view:
        rect = view_rect(table.view, pointer.view, pointer.args)
    elif pointer.target is not None:
        rect = target_rect(table, pointer.target)
    return [Mark(rect)] if rect is not None else []
