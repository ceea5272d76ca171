"""Menus scale with the window: 1.0 at the 1280x800 design size, larger beyond, re-laid out on resize."""

from __future__ import annotations

import pygame

from scenes.app import font_tier, step, themed_class, ui_scale


def test_scale_factor_rules() -> None:
    assert ui_scale(1280, 800) == 1.0
    assert ui_scale(1280, 720) == 1.0  # never smaller than the design
    assert ui_scale(1600, 1000) == 1.25
    assert abs(ui_scale(1920, 1080) - 1.35) < 1e-9
    assert ui_scale(1280, 1400) == 1.0  # a narrow window is limited by its width
    assert ui_scale(8000, 5000) == 2.0
    assert font_tier(1.0) == 1.0 and font_tier(1.35) == 1.3 and font_tier(2.0) == 1.6


def test_theme_classes_per_tier() -> None:
    assert themed_class("@heading", "label", 1.0) == "@heading"
    assert themed_class(None, "button", 1.0) is None
    assert themed_class("@heading", "label", 1.35) == "@heading_x130"
    assert themed_class(None, "button", 1.35) == "@button_x130"
    assert themed_class("@not_in_theme", "label", 1.7) == "@label_x160"


def test_scaled_theme_has_bigger_fonts() -> None:
    from scenes.app import _load_theme, scaled_theme

    data = scaled_theme(_load_theme() or {})
    assert int(data["@heading_x130"]["font"]["size"]) == round(34 * 1.3)
    assert int(data["@primary_x160"]["font"]["size"]) == round(int(data["button"]["font"]["size"]) * 1.6)
    assert data["@primary_x130"]["colours"] == data["@primary"]["colours"]


def test_menus_grow_with_the_window_and_relayout_on_resize(ui_ctx) -> None:
    from scenes.menu import MenuScene
    from scenes.pause import PauseScene

    menu = MenuScene(ui_ctx)
    ui_ctx.stack.push(menu)
    step(ui_ctx, [], 1 / 60)
    small = menu.buttons["new_game"].rect.size
    assert small == (320, 54)
    ui_ctx.screen = pygame.display.set_mode((1920, 1080))
    ui_ctx.ui.set_window_resolution((1920, 1080))
    ui_ctx.stack.on_resize((1920, 1080))
    step(ui_ctx, [], 1 / 60)
    big = menu.buttons["new_game"].rect.size
    assert big[0] > small[0] * 1.3 and big[1] > small[1] * 1.3
    assert menu.buttons["new_game"].class_ids[-1] == "@menu_primary_x130"
    pause = PauseScene(ui_ctx, None)
    assert pause.layout(1920, 1080)["card"].h > pause.layout(1280, 800)["card"].h * 1.3
    assert pause.layout(1920, 1080)["card"].bottom <= 1080
