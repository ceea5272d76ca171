"""The pause menu's 'Esc resumes' note lies inside its card, clear of the heading and buttons
(under the card it was drawn over the table: over the hand in Rally)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import scenes.pause as pause_module
from game.core.match import Match
from game.core.registry import get_game


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_esc_note_is_inside_the_card_and_covers_nothing(ui_ctx: Any, monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int]) -> None:
    ui_ctx.screen = pygame.display.set_mode(size)
    ui_ctx.ui.set_window_resolution(size)
    scene = pause_module.PauseScene(ui_ctx, Match(get_game("rally"), {}, 1, ["human", "normal"]))
    ui_ctx.stack.push(scene)
    ui_ctx.stack.apply_pending()
    ui_ctx.stack.on_resize(size)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = pause_module.blit_text

    def spy(surface: pygame.Surface, font: Any, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, font, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(pause_module, "blit_text", spy)
    scene.draw(ui_ctx.screen)
    [note] = [r for t, r in drawn if t == "Esc resumes"]
    assert scene._card.contains(note)
    widgets = [el for el in ui_ctx.ui.get_sprite_group().sprites()
               if getattr(el, "text", None) and el.rect.w < scene._card.w]
    heading = [el for el in widgets if el.text == "Paused"]
    assert heading and len(widgets) >= 8
    inked = [pygame.Rect(el.rect.topleft, (el.font.size(el.text)[0] + 16, el.rect.h)) if el in heading else el.rect
             for el in widgets]  # the heading's words, not its wide left-aligned box
    assert not [el.text for el, r in zip(widgets, inked) if r.colliderect(note)]
