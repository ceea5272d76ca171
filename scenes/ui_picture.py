"""A picture of one screen's pygame-gui widgets, kept while a card covers that screen.

A covered menu-like screen hides its widgets (they would be drawn over the card and still take
clicks), which left an empty panel behind a question: the Quit card over the pause menu, the
guide's offer over the main menu. The screen keeps a picture of its widgets as they were shown
(`UIScene.picture`), and the card draws it, dimmed, under itself (`ConfirmScene.draw`): the
question sits over the screen it came from, as a modal does.
"""

from __future__ import annotations

from typing import Any

import pygame


def members(root: Any) -> set[int]:
    """The ids of `root` and of every element inside it, however deeply nested."""
    out = {id(root)}
    seen: set[int] = set()
    todo = [root]
    while todo:
        element = todo.pop()
        get = getattr(element, "get_container", None)
        container = get() if callable(get) else None
        if container is None or id(container) in seen:
            continue
        seen.add(id(container))
        out.add(id(container))
        for child in getattr(container, "elements", ()):
            out.add(id(child))
            todo.append(child)
    return out


def widgets_picture(ui: Any, root: Any, size: tuple[int, int]) -> pygame.Surface:
    """The visible widgets inside `root` as pygame-gui draws them now, in its order, on a clear
    surface of `size`. pygame-gui draws in premultiplied alpha, so the picture is too: blit it with
    `pygame.BLEND_PREMULTIPLIED` (`draw_picture`). Tooltips and other screens' widgets are left out."""
    inside = members(root)
    picture = pygame.Surface(size, pygame.SRCALPHA)
    picture.blits([sprite.blit_data for sprite in ui.get_sprite_group().sprites()
                   if id(sprite) in inside and sprite.visible and sprite.image is not None], doreturn=False)
    return picture


def draw_picture(surface: pygame.Surface, picture: pygame.Surface | None) -> None:
    """Draw a `widgets_picture` (nothing if there is none, or it was taken at another size)."""
    if picture is not None and picture.get_size() == surface.get_size():
        surface.blit(picture, (0, 0), special_flags=pygame.BLEND_PREMULTIPLIED)
