"""Shared pieces for the menu-like screens: a widget-owning scene base and drawing helpers.

`UIScene` owns one root pygame-gui container, built in `build()` and rebuilt on
resize; buttons are registered with a callback so `handle_event` dispatches
UI_BUTTON_PRESSED without long if-chains. The drawing helpers paint what
pygame-gui cannot: the felt backdrop, cards with soft shadows, tinted icons.
"""

from __future__ import annotations

import math
import re
import sys
import traceback
from functools import lru_cache, partial
from collections.abc import Mapping
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from scenes.kit import palette
from scenes.app import themed_class, ui_scale
from scenes.pacing import STILL
from scenes.resources import asset_path
from scenes.stack import Scene
from scenes.ui_picture import widgets_picture

Action = Callable[[], object]


class UIScene(Scene):
    """A scene whose widgets live in `self.root` (a full-window panel)."""

    overlay_layer = 1
    """pygame-gui layer of the root: overlays use a high one so they sit above the table."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.root: UIPanel | None = None
        self._actions: dict[Any, Action] = {}
        self.scale = 1.0
        """UI scale of the current layout (scenes.app.ui_scale): multiply design pixels with `px`."""
        self.picture: pygame.Surface | None = None
        """While another screen covers this one: its widgets as they were shown (`scenes.ui_picture`),
        which a card over it draws under itself, dimmed."""

    # --- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def exit(self) -> None:
        self._teardown()
        self.ctx.collect_garbage_soon()  # the widgets just killed hold their surfaces in cycles

    def pause(self) -> None:
        self._cover()

    def resume(self) -> None:
        self.rebuild()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.root is not None and self.root.visible:
            self.rebuild()
        elif self.root is not None:
            self._cover()  # (built anew at this size, then pictured and hidden)

    def rebuild(self) -> None:
        self._teardown()
        w, h = self.ctx.size
        self.scale = ui_scale(w, h)
        self.root = UIPanel(pygame.Rect(0, 0, w, h), starting_height=self.overlay_layer,
                            manager=self.ctx.ui, object_id=ObjectID(class_id="@clear"))
        self.build(w, h)

    def _cover(self) -> None:
        """Another screen covers this one: keep a picture of the widgets, then hide them (they
        would be drawn over the cover and still take its clicks)."""
        if self.root is not None:
            # built anew first: the button that opened the cover was pictured lit, as under the
            # pointer that clicked it (fresh widgets are drawn neither hovered nor pressed)
            self.rebuild()
            self.picture = widgets_picture(self.ctx.ui, self.root, self.ctx.size)
            self.root.hide()

    def _teardown(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        self.picture = None
        self._actions.clear()

    def build(self, w: int, h: int) -> None:
        """Create widgets inside `self.root` for a window of w x h."""

    def next_frame_in(self) -> float:
        """Menu-like screens change only on input (pygame-gui's own needs are the app's)."""
        return STILL

    # --- scale -------------------------------------------------------------------
    def px(self, value: float) -> int:
        """A length designed for a 1280x800 window, at this window's UI scale."""
        return round(value * self.scale)

    def font(self, size: int, kind: str = "regular") -> pygame.font.Font:
        """ctx.font at this window's UI scale (for text the scene draws itself)."""
        return self.ctx.font(self.px(size), kind)

    def themed(self, class_id: str | None, element: str) -> ObjectID:
        """ObjectID for a widget built directly (text entry, text box) with the scaled theme class."""
        return ObjectID(class_id=themed_class(class_id, element, self.scale))

    # --- widgets -----------------------------------------------------------------
    def button(self, rect: pygame.Rect, text: str, action: Action | None, *, object_id: str | None = None,
               class_id: str | None = None, tooltip: str | None = None, container: Any = None,
               enabled: bool = True) -> UIButton:
        btn = UIButton(rect, text, manager=self.ctx.ui, container=container or self.root,
                       tool_tip_text=tooltip, object_id=ObjectID(object_id=object_id,
                                                                 class_id=themed_class(class_id, "button", self.scale)))
        if action is not None:
            self._actions[btn] = action
        if not enabled:
            btn.disable()
        return btn

    def icon_button(self, rect: pygame.Rect, text: str, action: Action | None, icon_name: str, *,
                    primary: bool = False, tooltip: str | None = None, container: Any = None,
                    enabled: bool = True) -> UIButton:
        """A large menu button with a Game-icons.net glyph at its left."""
        return self.button(rect, text, action, object_id=f"#i_{icon_name}_{'dark' if primary else 'light'}",
                           class_id="@menu_primary" if primary else "@menu_button", tooltip=tooltip,
                           container=container, enabled=enabled)

    def choices(self, rect: pygame.Rect, options: list[tuple[Any, str]], current: Any,
                on_change: Callable[[Any], None] | None = None, *, tooltips: dict[Any, str] | None = None,
                gap: int = 8, container: Any = None) -> "ChoiceGroup":
        """A row of toggle buttons, one selected (seat kinds, yes/no, speeds...)."""
        group = ChoiceGroup(current, on_change)
        n = max(1, len(options))
        bw = (rect.w - gap * (n - 1)) // n
        for i, (value, text) in enumerate(options):
            btn = self.button(pygame.Rect(rect.x + i * (bw + gap), rect.y, bw, rect.h), text,
                              partial(group.set, value), class_id="@choice",
                              tooltip=(tooltips or {}).get(value), container=container)
            group.buttons[value] = btn
        group.refresh()
        return group

    def stepper(self, rect: pygame.Rect, options: list[tuple[Any, str]], current: Any,
                on_change: Callable[[Any], None] | None = None, *, tooltip: str | None = None,
                container: Any = None, tooltips: Mapping[Any, str] | None = None) -> "StepperGroup":
        """One row that shows the chosen option's name between a previous and a next arrow (for
        choices too many or too long for a row of buttons); the name itself steps forward too.
        With `tooltips` (by value), the name's tooltip tells the option shown, then `tooltip`."""
        group = StepperGroup(options, current, on_change, tooltips or {}, tooltip or "Click for the next choice")
        arrow = min(rect.h, self.px(32))
        group.back = self.button(pygame.Rect(rect.x, rect.y, arrow, rect.h), "<", partial(group.step, -1),
                                 class_id="@choice", tooltip="Previous choice", container=container)
        group.name = self.button(pygame.Rect(rect.x + arrow + 4, rect.y, rect.w - 2 * arrow - 8, rect.h),
                                 group.text(), partial(group.step, 1), class_id="@choice",
                                 tooltip=group.tip(), container=container)
        group.forward = self.button(pygame.Rect(rect.right - arrow, rect.y, arrow, rect.h), ">",
                                    partial(group.step, 1), class_id="@choice", tooltip="Next choice",
                                    container=container)
        return group

    def label(self, rect: pygame.Rect, text: str, class_id: str | None = None, container: Any = None) -> UILabel:
        return UILabel(rect, text, manager=self.ctx.ui, container=container or self.root,
                       object_id=ObjectID(class_id=themed_class(class_id, "label", self.scale)))

    def panel(self, rect: pygame.Rect, class_id: str = "@card", container: Any = None) -> UIPanel:
        return UIPanel(rect, manager=self.ctx.ui, container=container or self.root,
                       object_id=ObjectID(class_id=class_id))

    def press(self, element: Any) -> bool:
        """Run a registered button's action (tests and keyboard shortcuts use this)."""
        action = self._actions.get(element)
        if action is None or not getattr(element, "is_enabled", True):
            return False
        action()
        return True

    # --- events ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._actions:
            play = getattr(self.ctx, "play", None)
            if play is not None:
                play("click")
            self._actions[event.ui_element]()
            return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return self.on_event(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        return False

    def on_event(self, event: pygame.event.Event) -> bool:
        return False


class ChoiceGroup:
    """The buttons of one `UIScene.choices` row and which value is selected."""

    def __init__(self, value: Any, on_change: Callable[[Any], None] | None) -> None:
        self.value = value
        self.on_change = on_change
        self.buttons: dict[Any, UIButton] = {}

    def set(self, value: Any) -> None:
        self.value = value
        self.refresh()
        if self.on_change is not None:
            self.on_change(value)

    def refresh(self) -> None:
        for value, btn in self.buttons.items():
            if value == self.value:
                btn.select()
            else:
                btn.unselect()


class StepperGroup:
    """The arrows and name of one `UIScene.stepper` row and which value is chosen."""

    def __init__(self, options: list[tuple[Any, str]], value: Any, on_change: Callable[[Any], None] | None,
                 tips: Mapping[Any, str] | None = None, then: str = "Click for the next choice") -> None:
        self.options = options
        self.value = value
        self.on_change = on_change
        self.tips = dict(tips or {})
        """What each option means, by value: the name's tooltip tells the one shown (play-test:
        one tooltip listed every level in a run-on line)."""
        self.then = then
        """The tooltip's last words: what a click on the name does."""
        self.back: UIButton | None = None
        self.name: UIButton | None = None
        self.forward: UIButton | None = None

    def text(self) -> str:
        return next((text for value, text in self.options if value == self.value), str(self.value))

    def tip(self) -> str:
        """The name's tooltip: the option shown and what it means, when known, then `then`."""
        meaning = self.tips.get(self.value)
        then = self.then if self.then.endswith(".") else f"{self.then}."
        return f"{self.text()} \u2013 {meaning[:1].lower()}{meaning[1:]}. {then}" if meaning else then

    def step(self, by: int) -> None:
        """Choose the option `by` places on (wrapping round)."""
        values = [value for value, _ in self.options]
        if not values:
            return
        at = values.index(self.value) if self.value in values else -1
        self.set(values[(at + by) % len(values)])

    def set(self, value: Any) -> None:
        self.value = value
        if self.name is not None:
            self.name.set_text(self.text())
            self.name.set_tooltip(self.tip())
        if self.on_change is not None:
            self.on_change(value)


# --- drawing helpers ------------------------------------------------------------

@lru_cache(maxsize=8)
def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    top, bottom = (30, 36, 52), palette.BACKGROUND
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surf, [round(a + (b - a) * t) for a, b in zip(top, bottom)], (0, y), (w, y))
    # a faint lattice of diamonds, like the cloth of a games table
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    step = 48
    for y in range(-step, h + step, step):
        for x in range(-step, w + step, step):
            off = step // 2 if (y // step) % 2 else 0
            cx, cy = x + off, y
            pygame.draw.polygon(pattern, (255, 255, 255, 7),
                                [(cx, cy - 6), (cx + 6, cy), (cx, cy + 6), (cx - 6, cy)])
    surf.blit(pattern, (0, 0))
    # vignette: darker corners, built small and scaled up smoothly
    small = pygame.Surface((32, 20), pygame.SRCALPHA)
    for y in range(20):
        for x in range(32):
            d = math.hypot((x - 15.5) / 16, (y - 9.5) / 10)
            small.set_at((x, y), (0, 0, 0, max(0, min(150, int((d - 0.55) * 260)))))
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surf


def draw_backdrop(surface: pygame.Surface) -> None:
    surface.blit(_backdrop(surface.get_size()), (0, 0))


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 18, spread: int = 14,
                alpha: int = 90) -> None:
    """A soft drop shadow under `rect` (a few translucent rounded rects)."""
    shadow = pygame.Surface((rect.w + spread * 2, rect.h + spread * 2), pygame.SRCALPHA)
    steps = 6
    for i in range(steps):
        inset = i * spread // steps
        a = alpha * (i + 1) // (steps * 3)
        pygame.draw.rect(shadow, (0, 0, 0, a), shadow.get_rect().inflate(-inset * 2, -inset * 2),
                         border_radius=radius + spread - inset)
    surface.blit(shadow, (rect.x - spread, rect.y - spread + 6))


def draw_card(surface: pygame.Surface, rect: pygame.Rect, radius: int = 18,
              fill: tuple[int, ...] = (32, 38, 54), edge: tuple[int, ...] = (81, 89, 122),
              shadow: bool = True) -> None:
    if shadow:
        draw_shadow(surface, rect, radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 9, 14, alpha))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=128)
def icon(name: str, size: int, colour: tuple[int, int, int] = palette.TEXT) -> pygame.Surface:
    """A Game-icons.net glyph from assets/icons, `size` px, tinted `colour` (blank if missing)."""
    path = asset_path("icons", f"{name}.svg")
    surf: pygame.Surface
    try:
        surf = pygame.image.load_sized_svg(str(path), (size, size))
    except (pygame.error, FileNotFoundError, AttributeError):
        try:
            surf = pygame.transform.smoothscale(pygame.image.load(str(asset_path("icons", f"{name}.png"))),
                                                (size, size))
        except (pygame.error, FileNotFoundError):
            return pygame.Surface((size, size), pygame.SRCALPHA)
    surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
    tinted = surf.copy()
    tinted.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return tinted


def blit_text(surface: pygame.Surface, font: pygame.font.Font, text: str, colour: tuple[int, int, int],
              pos: tuple[int, int], anchor: str = "topleft") -> pygame.Rect:
    img = font.render(text, True, colour)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def spaced(text: str, spaces: int = 1) -> str:
    """Letter-spaced capitals for small headings ("T A B L E T O P")."""
    return (" " * spaces).join(text.upper())


def column(x: int, y: int, w: int, h: int, gap: int, n: int) -> list[pygame.Rect]:
    """n rects stacked downwards from (x, y)."""
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(n)]


# --- starting a match -------------------------------------------------------------

TABLE_FAILED = "Could not open the game table"
"""The start of the line a screen shows when the table's code fails to load (`table_failed`)."""


def load_failure(exc: BaseException) -> str:
    """The first line of a failure to load code, for a screen (a file path it names left out,
    to keep it short); its traceback goes to stderr, where the whole story is kept."""
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
    return re.sub(r"\s*\((?:[A-Za-z]:)?[\\/][^()]*\)$", "", first)  # "... from 'x' (/path/x.py)"


def table_failed(exc: BaseException) -> str:
    """The line a screen shows when the table's code cannot be loaded ('Could not open the game
    table: cannot import name ...'). It said 'not part of this build yet' for any ImportError,
    hiding the real failure (play-test: the code had changed under the running app)."""
    return one_line(f"{TABLE_FAILED}: {load_failure(exc)}", 90)


def open_table(ctx: Any, match: Any, *, clear: bool = True) -> str | None:
    """Show `match` on the table (replacing every scene). Returns an error line, or None.

    The table scene is imported lazily, on first use (`scene_names`): if its code fails to load,
    the screen that asked says so in one line (`table_failed`) instead of crashing.
    """
    from game.core import autosaves

    if match.autosave_path is None:
        match.autosave_path = autosaves.new_autosave_path(match.game.info.id)
    try:
        scene = ctx.scene("table", match)
    except ImportError as exc:
        return table_failed(exc)
    if clear:
        ctx.stack.clear_to(scene)
    else:
        ctx.stack.replace(scene)
    return None


def one_line(text: str, limit: int = 110) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


