"""Settings: window size, full screen, animation speed, sound, colour-blind symbols, AI watch delay."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from scenes.kit import palette
from scenes.app import make_window
from scenes.dialog import DialogScene
from scenes.widgets import blit_text, icon

WINDOW_SIZES: list[tuple[tuple[int, int], str]] = [
    ((1280, 720), "1280×720"), ((1280, 800), "1280×800"), ((1600, 900), "1600×900"), ((1920, 1080), "1920×1080"),
]
ANIMATION: list[tuple[str, str]] = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off")]
WATCH: list[tuple[float, str]] = [(1.5, "Slow"), (0.6, "Normal"), (0.2, "Fast"), (0.0, "Instant")]
ON_OFF: list[tuple[bool, str]] = [(True, "On"), (False, "Off")]
WINDOW_GLYPH, FULL_GLYPH = "=window", "=fullscreen"
"""Glyphs drawn here (the icon set has no window): a window with a resize arrow; a screen's corners."""


@lru_cache(maxsize=32)
def glyph_image(name: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A setting's glyph: one of ours (WINDOW_GLYPH, FULL_GLYPH), else a Game-icons.net icon.
    Cached like `icon`: `draw` asks for every row's glyph on every frame."""
    if name not in (WINDOW_GLYPH, FULL_GLYPH):
        return icon(name, size, colour)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    w = max(2, size // 12)
    if name == WINDOW_GLYPH:
        frame = pygame.Rect(1, size // 10, size - 2, size * 4 // 5)
        pygame.draw.rect(surf, colour, frame, w, border_radius=w)
        pygame.draw.rect(surf, colour, pygame.Rect(frame.x, frame.y, frame.w, size // 6), border_radius=w)
        head = max(3, size // 5)
        a, b = (frame.x + size // 6, frame.bottom - size // 7), (frame.right - size // 6, frame.y + size // 3)
        pygame.draw.line(surf, colour, a, b, w)
        for (x, y), sx, sy in ((a, 1, -1), (b, -1, 1)):  # a two-headed arrow: bigger or smaller
            pygame.draw.line(surf, colour, (x, y), (x + sx * head, y), w)
            pygame.draw.line(surf, colour, (x, y), (x, y + sy * head), w)
    else:
        arm, m = size // 3, 2
        for cx, cy, sx, sy in ((m, m, 1, 1), (size - m - 1, m, -1, 1), (m, size - m - 1, 1, -1),
                               (size - m - 1, size - m - 1, -1, -1)):
            pygame.draw.line(surf, colour, (cx, cy), (cx + sx * arm, cy), w)
            pygame.draw.line(surf, colour, (cx, cy), (cx, cy + sy * arm), w)
        pygame.draw.rect(surf, colour, pygame.Rect(size // 4 + 1, size // 4 + 1, size // 2, size // 2),
                         border_radius=w)
    return surf


class SettingsScene(DialogScene):
    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self._rows: list[tuple[str, str, str, int]] = []
        self.groups: dict[str, Any] = {}

    def build(self, w: int, h: int) -> None:
        s = self.ctx.settings
        rows = [
            ("window", "Window size", WINDOW_GLYPH, "Preset sizes; drag the window edge for any other"),
            ("fullscreen", "Full screen", FULL_GLYPH, "Fill the screen; F11 switches at any time"),
            ("animation", "Animations", "hourglass", "How fast moves play out, in every game"),
            ("sound", "Sound", "speaker" if s.sound else "speaker-off", "Sound effects, in every game"),
            ("symbols", "Colour-blind symbols", "sight-disabled", "Order & Chaos: a shape on each counter"),
            ("stops", "Pause on key moments", "pause-button", "Wait for Continue at Rally battles, card reveals"),
            ("watch", "Computer move delay", "robot-golem", "Pause between moves when only computers play"),
        ]
        px = self.px
        row_h = px(78) if h >= 760 else 64
        card_w = min(px(860), w - 60)
        card_h = px(100) + row_h * len(rows) + px(90)
        self._card = pygame.Rect(0, 0, card_w, card_h)
        self._card.center = (w // 2, h // 2)
        c = self._card
        pad = px(36)
        self.label(pygame.Rect(c.x + pad, c.y + px(24), px(400), px(48)), "Settings", "@heading")
        ctrl_x = c.x + pad + px(360)
        ctrl_w = c.right - pad - ctrl_x
        self._rows = []
        current_size = s.window_size if tuple(s.window_size) in {v for v, _ in WINDOW_SIZES} else None
        for i, (key, title, glyph, caption) in enumerate(rows):
            y = c.y + px(96) + i * row_h
            self._rows.append((title, caption, glyph, y))
            r = pygame.Rect(ctrl_x, y + px(6), ctrl_w, px(42))
            if key == "window":
                self.groups[key] = self.choices(r, list(WINDOW_SIZES), current_size, self.set_window_size, gap=self.px(6))
            elif key == "fullscreen":
                self.groups[key] = self.choices(pygame.Rect(r.x, r.y, ctrl_w // 2, r.h), ON_OFF, s.fullscreen,
                                                self.set_fullscreen, gap=self.px(6))
            elif key == "animation":
                self.groups[key] = self.choices(r, ANIMATION, s.animation_speed, self.set_animation, gap=self.px(6))
            elif key == "sound":
                self.groups[key] = self.choices(pygame.Rect(r.x, r.y, ctrl_w // 2, r.h), ON_OFF, s.sound,
                                                self.set_sound, gap=self.px(6))
            elif key == "symbols":
                self.groups[key] = self.choices(pygame.Rect(r.x, r.y, ctrl_w // 2, r.h), ON_OFF,
                                                s.colour_blind_symbols, self.set_symbols, gap=self.px(6))
            elif key == "stops":
                self.groups[key] = self.choices(pygame.Rect(r.x, r.y, ctrl_w // 2, r.h), ON_OFF,
                                                s.key_moment_stops, self.set_stops, gap=self.px(6))
            elif key == "watch":
                near = min(WATCH, key=lambda o: abs(o[0] - s.ai_watch_delay))[0]
                self.groups[key] = self.choices(r, WATCH, near, self.set_watch, gap=self.px(6),
                                                tooltips={v: f"{v:g} s between moves" for v, _ in WATCH})
        self.button(pygame.Rect(c.right - pad - px(200), c.bottom - px(74), px(200), px(50)), "Done", self.close,
                    class_id="@primary", tooltip="Settings are saved as you change them (Esc)")

    # --- changes (each saved at once) -------------------------------------------------
    def _save(self) -> None:
        self.ctx.settings.save()

    def set_window_size(self, size: tuple[int, int]) -> None:
        s = self.ctx.settings
        s.window_size = tuple(size)  # type: ignore[assignment]
        if s.fullscreen:
            s.fullscreen = False
        self._save()
        self._apply_window()

    def set_fullscreen(self, on: bool) -> None:
        if bool(on) != self.ctx.settings.fullscreen:
            self.ctx.toggle_fullscreen()  # saves, resizes and rebuilds every scene

    def _apply_window(self) -> None:
        self.ctx.use_window(make_window(self.ctx.settings))

    def set_animation(self, speed: str) -> None:
        self.ctx.settings.animation_speed = speed
        self._save()

    def set_stops(self, on: bool) -> None:
        self.ctx.settings.key_moment_stops = bool(on)
        self._save()

    def set_sound(self, on: bool) -> None:
        self.ctx.settings.sound = bool(on)
        self._save()
        self.rebuild()  # the speaker icon follows

    def set_symbols(self, on: bool) -> None:
        self.ctx.settings.colour_blind_symbols = bool(on)
        self._save()

    def set_watch(self, delay: float) -> None:
        self.ctx.settings.ai_watch_delay = float(delay)
        self._save()

    def close(self) -> None:
        self._save()
        super().close()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        c = self._card
        px = self.px
        title_f, cap_f = self.font(19, "bold"), self.font(14)
        for title, caption, glyph, y in self._rows:
            img = glyph_image(glyph, px(30), palette.ACCENT)
            surface.blit(img, (c.x + px(36), y + px(12)))
            blit_text(surface, title_f, title, palette.TEXT, (c.x + px(82), y + px(6)))
            blit_text(surface, cap_f, caption, palette.TEXT_DIM, (c.x + px(82), y + px(32)))
            pygame.draw.line(surface, (52, 58, 78), (c.x + px(36), y + px(62)), (c.right - px(36), y + px(62)))
