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
        "board": lambda: table.board_area,
    }
    getter = getters.get(part)
    rect = getter() if getter is not None else None
    return rect if rect is not None and rect.width > 0 and rect.height > 0 else None


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return pygame.Rect(rects[0]).unionall(rects[1:]) if rects else None


def target_rect(table: TableScene, target: Target) -> pygame.Rect | None:
    """The target's extent on screen: from its anchor outwards as far as the view's own hit test
    still finds it (so a card is ringed whole and a cell as a cell), else a spot round the anchor."""
    centre = table.view.anchor(target)
    if centre is None:
        return None
    if table.view.hit_test(centre) != target:
        return spot(centre, max(14, int(table.fs * 1.6)))
    reach = [_reach(table, target, centre, d) for d in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    return pygame.Rect(int(centre[0] - reach[0]), int(centre[1] - reach[2]), int(reach[0] + reach[1]),
                       int(reach[2] + reach[3]))


def _reach(table: TableScene, target: Target, centre: Point, direction: tuple[int, int], far: int = 1024) -> int:
    """How far from `centre` along `direction` the hit test still finds `target` (within 2 px)."""
    def inside(d: int) -> bool:
        return table.view.hit_test((centre[0] + direction[0] * d, centre[1] + direction[1] * d)) == target

    out = 2
    while out < far and inside(out * 2):
        out *= 2
    lo, hi = out, out * 2
    while hi - lo > 2:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if inside(mid) else (lo, mid)
    return lo


def move_marks(table: TableScene, command: Command) -> list[Mark]:
    """The expected move as the hint shows it: a button of the view's that plays it (Pass, Lock
    in, Resolve) ringed; else its source ringed with an arrow to its destination, or the source
    alone for a click."""
    seat = table.acting_human()
    if seat is not None:
        actions = table.view.actions(seat)
        if len(actions) == len(table.action_buttons):
            for action, button in zip(actions, table.action_buttons):
                if table.game.find_command(table.match.state, seat, action.source, None) == command:
                    return [Mark(pygame.Rect(button.rect))]
    targets = table.view.command_targets(command)
    if targets is None:
        return []
    source, dest = targets
    a = target_rect(table, source)
    b = target_rect(table, dest) if dest is not None else None
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
