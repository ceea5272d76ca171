"""Synthetic player gestures for headless table tests: frames stepped with real pygame events."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.protocol import Target
from scenes.app import AppContext, step
from scenes.table import TableScene

DT = 0.05
"""Seconds per test frame."""


def at(scene: TableScene, target: Target) -> tuple[int, int]:
    """Screen position of a drop target (cell, card, pile) in the table's current layout."""
    pos = scene.view.anchor(target)
    assert pos is not None, target
    return int(pos[0]), int(pos[1])


def drag(ctx: AppContext, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)


def click(ctx: AppContext, pos: tuple[int, int], button: int = 1) -> None:
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def key(ctx: AppContext, k: int, mod: int = 0) -> None:
    step(ctx, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], DT)


def ui_button(scene: Any, label: str) -> Any:
    """The pygame-gui button of a menu-like scene (`scene._actions`) that reads `label`."""
    return next(b for b in scene._actions if getattr(b, "text", None) == label)


def pump(ctx: AppContext, n: int = 2, dt: float = 1 / 60) -> None:
    """`n` frames with the queued events (pygame-gui posts its button presses to the queue)."""
    for _ in range(n):
        step(ctx, pygame.event.get(), dt)


def press_ui_button(ctx: AppContext, scene: Any, label: str, dt: float = 1 / 60) -> None:
    """Hover, press and release the button reading `label`, then let its press be handled."""
    pos = ui_button(scene, label).rect.center
    pygame.mouse.set_pos(pos)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], dt)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], dt)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], dt)
    pump(ctx, 3, dt)
