"""The window, the main loop and the context every scene receives.

One `AppContext` holds the screen, the shared pygame-gui `UIManager`, the scene
stack, the settings and the fonts; there are no module-level globals.
"""

from __future__ import annotations

import gc
import json
import math
import os
import time
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import pygame
import pygame_gui

from scenes import heap, window_caches
from scenes.kit.tooltips import KeptInsideUIManager
from scenes.pacing import FPS, FramePacer, ui_next_frame_in
from scenes.resources import asset_path
from scenes.scene_names import scene_class
from scenes.settings_store import Settings
from scenes.sound import Sounds
from scenes.stack import Scene, SceneStack
from scenes.viewport import MIN_SIZE, Viewport, clamp_window_size

TITLE = "Entropy Tabletop"
GARBAGE_SETTLE_S = 0.3
"""Frame time without another rebuild before its garbage is collected (`AppContext.collect_garbage_soon`):
longer than the gap between two sizes of a drag-resize."""
WM_CLASS = "entropy-tabletop"
FONT_FILES = {"regular": "body-regular.ttf", "bold": "body-bold.ttf", "display": "display.ttf"}


@dataclass
class AppContext:
    screen: pygame.Surface
    ui: pygame_gui.UIManager
    stack: SceneStack
    settings: Settings
    clock: pygame.time.Clock
    running: bool = True
    started_at: float = field(default_factory=time.perf_counter)
    _fonts: dict[tuple[str, int], pygame.font.Font] = field(default_factory=dict)
    sounds: Sounds | None = None
    """Sound effects; silent when Settings.sound is off or there is no audio device."""

    _drawn_size: tuple[int, int] = (0, 0)
    """The canvas size the cached drawings and fonts were made for."""

    _collect_in: float = math.inf
    """Frame time left before the garbage of the last rebuild is collected (`collect_garbage_soon`)."""

    viewport: Viewport | None = None
    """The window and the canvas `screen` is (scenes.viewport): the window itself from the
    minimum size up, a bigger canvas scaled into it below."""

    def __post_init__(self) -> None:
        if self.sounds is None:
            self.sounds = Sounds(lambda: self.settings.sound)
        self._adopt(self.viewport or Viewport(self.screen))
        self._drawn_size = self.screen.get_size()

    def _adopt(self, viewport: Viewport) -> None:
        """Draw on `viewport`'s canvas, pointer positions scaled to it (pygame-gui's too)."""
        self.viewport = viewport
        self.screen = viewport.canvas
        self.ui.mouse_pos_scale_factor = [viewport.scale, viewport.scale]

    def play(self, name: str) -> None:
        """Play a sound effect by name (see scenes.sound)."""
        if self.sounds is not None:
            self.sounds.play(name)

    def collect_garbage_soon(self) -> None:
        """Collect garbage once widgets stop being rebuilt: `GARBAGE_SETTLE_S` of frames later.

        pygame-gui's widgets hold one another in reference cycles, so a killed widget (a menu
        rebuilt at every size of a drag-resize, a screen closed) and its surfaces - megabytes for
        a window-size panel - wait for Python's full collection, which counts objects, not bytes,
        and came seldom: 40 sizes of the main menu left 90 MB of such garbage. Waiting until the
        rebuilding stops costs one collection (20-90 ms) instead of one a frame while dragging."""
        self._collect_in = GARBAGE_SETTLE_S

    def collect_garbage_due(self, dt: float) -> bool:
        """Count `dt` of frame time; collect if it is time (True when it did)."""
        self._collect_in -= dt
        if self._collect_in > 0:
            return False
        self._collect_in = math.inf
        gc.collect()
        return True

    @property
    def garbage_due_in(self) -> float:
        """Seconds until a wanted collection (inf when none is), for the frame pacing."""
        return max(0.0, self._collect_in)

    def font(self, size: int, kind: str = "regular") -> pygame.font.Font:
        """A cached font from assets/fonts (falls back to pygame's default)."""
        key = (kind, size)
        if key not in self._fonts:
            path = asset_path("fonts", FONT_FILES.get(kind, FONT_FILES["regular"]))
            self._fonts[key] = pygame.font.Font(str(path) if path.exists() else None, size)
        return self._fonts[key]

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def window_size(self) -> tuple[int, int]:
        """The window's own size (the canvas, `size`, is bigger below the minimum)."""
        return self.viewport.window.get_size() if self.viewport is not None else self.size

    def pointer(self) -> tuple[int, int]:
        """Where the mouse pointer is, on the canvas scenes draw on."""
        return self.viewport.pointer() if self.viewport is not None else pygame.mouse.get_pos()

    def quit(self) -> None:
        self.running = False

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new screen by name (scenes.scene_names): screens open one another through this, so
        none imports another's module."""
        made: Scene = scene_class(name)(self, *args, **kwargs)
        return made

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.settings.save()
        self.use_window(make_window(self.settings))

    def window_resized(self) -> None:
        """The window has a new size (or is a new window): draw on a canvas that fits it."""
        window = pygame.display.get_surface() if pygame.display.get_init() else None
        self.use_window(window if window is not None else self.screen)

    def use_window(self, window: pygame.Surface) -> None:
        """Draw into `window` from now on: make its canvas, forget the drawings and fonts made
        for another size (scenes.window_caches), then lay every screen out again."""
        self._adopt(Viewport(window))
        size = self.screen.get_size()
        if size != self._drawn_size:
            window_caches.forget()
            window_caches.forget_ui_shapes(self.ui)
            self._fonts.clear()
            self._drawn_size = size
            self.collect_garbage_soon()
        self.ui.set_window_resolution(size)
        self.stack.on_resize(size)


def smallest_window() -> tuple[int, int]:
    """The minimum window size to ask for: MIN_SIZE, or the whole desktop where that is smaller."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return MIN_SIZE
    return min(MIN_SIZE[0], desktop[0]), min(MIN_SIZE[1], desktop[1])


def make_window(settings: Settings, exact: bool = False) -> pygame.Surface:
    """Open (or re-open) the window as the settings say, never below the smallest window size;
    the window manager is told that minimum so a person's resizing stops there too. `exact`
    (headless pictures and timings of a given size) opens the settings' size as it is: below the
    minimum, the canvas is scaled into it (scenes.viewport)."""
    smallest = smallest_window()
    if settings.fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    elif exact:
        screen = pygame.display.set_mode(settings.window_size, pygame.RESIZABLE)
        return screen
    else:
        screen = pygame.display.set_mode(clamp_window_size(settings.window_size, smallest), pygame.RESIZABLE)
    try:
        with warnings.catch_warnings():  # pygame-ce 2.5 calls from_display_module deprecated
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = smallest
    except (AttributeError, pygame.error):
        pass  # an older pygame or a driver without windows: the canvas still scales (scenes.viewport)
    return pygame.display.get_surface() or screen


def _absolute_asset_paths(node: Any) -> Any:
    """Theme paths are relative to assets/; pygame-gui would resolve them from the cwd."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key.endswith("path") and isinstance(value, str) and not os.path.isabs(value):
                out[key] = str(asset_path(*value.split("/")))
            else:
                out[key] = _absolute_asset_paths(value)
        return out
    if isinstance(node, list):
        return [_absolute_asset_paths(v) for v in node]
    return node


UI_FONT_SIZES = {"body": (13, 14, 15, 16, 17, 18, 20, 22), "display": (24, 28, 30, 34, 56)}

# --- UI scale ---------------------------------------------------------------------------
# The menus were drawn for a 1280x800 window. Bigger windows get a scale factor
# (from the height, limited by the width): panel geometry follows it smoothly, and
# pygame-gui fonts follow it in a few tiers, as theme copies named "<class>_x130"
# (a pygame-gui font size is fixed per theme class, so each tier is its own class).
FONT_TIERS = (1.0, 1.3, 1.6)
THEMED_ELEMENTS = ("button", "label", "text_entry_line", "text_box", "drop_down_menu")
"""Element types whose theme blocks get scaled copies ("@button_x130"...)."""


def ui_scale(w: int, h: int) -> float:
    """1.0 up to 1280x800; larger with the window (height first, capped by the width), at most 2."""
    return max(1.0, min(2.0, h / 800, w / 1280))


def font_tier(scale: float) -> float:
    return min(FONT_TIERS, key=lambda t: abs(t - scale))


def tier_suffix(tier: float) -> str:
    return "" if tier == 1.0 else f"_x{round(tier * 100)}"


def _load_theme() -> dict | None:
    try:
        data = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _scaled_font(font: dict, tier: float) -> dict:
    out = dict(font)
    try:
        out["size"] = str(round(int(font.get("size", 17)) * tier))
    except (TypeError, ValueError):
        pass
    return out


def scaled_theme(data: dict) -> dict:
    """The theme plus, per larger tier, a copy of every class and themed element with bigger fonts."""
    out = dict(data)
    button_font = data.get("button", {}).get("font") or data.get("defaults", {}).get("font", {})
    for tier in FONT_TIERS:
        if tier == 1.0:
            continue
        suffix = tier_suffix(tier)
        for key, block in data.items():
            if not isinstance(block, dict) or not (key.startswith("@") or key in THEMED_ELEMENTS):
                continue
            copy = dict(block)
            # a class without its own font (@primary...) dresses buttons: give it the button font
            copy["font"] = _scaled_font(block.get("font") or button_font, tier)
            out[(key if key.startswith("@") else "@" + key) + suffix] = copy
    return out


def themed_class(class_id: str | None, element: str, scale: float) -> str | None:
    """The theme class to give a widget at this UI scale (the tier copy, or the class itself)."""
    suffix = tier_suffix(font_tier(scale))
    if not suffix:
        return class_id
    if class_id is None or class_id not in _theme_classes():
        return f"@{element}{suffix}" if element in THEMED_ELEMENTS else class_id
    return class_id + suffix


@lru_cache(maxsize=1)
def _theme_classes() -> frozenset[str]:
    data = _load_theme() or {}
    return frozenset(k for k in data if k.startswith("@"))


def _theme_fonts(data: dict) -> list[dict]:
    """Every (font, size, style) the theme names, for preloading (no hitch, no warnings)."""
    seen: set[tuple[str, int, str]] = set()
    for tier in FONT_TIERS:  # sizes HTML text asks for (rules headings), at every tier
        for name, sizes in UI_FONT_SIZES.items():
            for size in sizes:
                for style in (("regular", "bold") if name == "body" else ("regular",)):
                    seen.add((name, round(size * tier), style))
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict):
            continue
        try:
            size = int(font.get("size", 17))
        except (TypeError, ValueError):
            continue
        name = str(font.get("name", "body"))
        style = "bold" if str(font.get("bold", "0")) == "1" and name == "body" else "regular"
        seen.add((name, size, style))
    return [{"name": n, "point_size": s, "style": st} for n, s, st in sorted(seen)]


def make_ui(size: tuple[int, int]) -> pygame_gui.UIManager:
    data = _load_theme()
    if data is None:
        return KeptInsideUIManager(size)
    data = scaled_theme(data)
    ui = KeptInsideUIManager(size, _absolute_asset_paths(data))
    try:
        with warnings.catch_warnings():  # "already loaded" notices for the theme's own fonts
            warnings.simplefilter("ignore")
            ui.preload_fonts(_theme_fonts(data))
    except Exception:  # a missing font file must not stop the app
        pass
    return ui


def create_context(settings: Settings | None = None, size: tuple[int, int] | None = None) -> AppContext:
    """Initialise pygame and open the window (also used headlessly by tests and `bench`); a
    `size` given here is the window's exact size, as `shot` and `bench render` ask for it."""
    # The window class desktop shells use to match the window with its menu entry
    # (StartupWMClass in build_scripts/desktop.py), whether started from a venv or a bundle.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WM_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WM_CLASS)
    heap.big_blocks_from_the_system()  # window-size surfaces go back to the system when freed
    pygame.init()
    settings = settings or Settings.load()
    if size is not None:
        settings.window_size = size
        settings.fullscreen = False
    pygame.display.set_caption(TITLE)
    icon = asset_path("icons", "app-icon.png")
    if icon.exists():
        pygame.display.set_icon(pygame.image.load(str(icon)))
    viewport = Viewport(make_window(settings, exact=size is not None))
    return AppContext(viewport.canvas, make_ui(viewport.canvas.get_size()), SceneStack(), settings,
                      pygame.time.Clock(), viewport=viewport)


def run(first_scene: Callable[[AppContext], Scene], settings: Settings | None = None,
        max_frames: int | None = None) -> int:
    """Open the window, run scenes until the player quits. Returns an exit code."""
    ctx = create_context(settings)
    ctx.stack.push(first_scene(ctx))
    pacer = FramePacer(FPS)
    frames = 0
    while ctx.running:
        events, dt = pacer.next_frame(next_frame_in(ctx))
        step(ctx, events, dt)
        frames += 1
        if frames == 1 and os.environ.get("ENTROPY_TABLETOP_REPORT_FIRST_FRAME"):
            print(f"first-frame {time.perf_counter() - ctx.started_at:.3f}", flush=True)
        if max_frames is not None and frames >= max_frames:
            break
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()
    if not ctx.settings.fullscreen:
        ctx.settings.window_size = clamp_window_size(ctx.window_size)
    ctx.settings.save()
    pygame.quit()
    return 0


def next_frame_in(ctx: AppContext) -> float:
    """Seconds until the screen changes without input: the scenes' and pygame-gui's soonest need."""
    return min(ctx.stack.next_frame_in(), ui_next_frame_in(ctx.ui), ctx.garbage_due_in)


def step(ctx: AppContext, events: list[pygame.event.Event], dt: float) -> None:
    """One frame: events, update, draw. Tests call this with synthetic events."""
    ctx.stack.elapse(dt)
    ctx.stack.apply_pending()
    for event in events:
        if event.type == pygame.QUIT:
            ctx.quit()
            continue
        if event.type == pygame.VIDEORESIZE and not ctx.settings.fullscreen:
            ctx.window_resized()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            ctx.toggle_fullscreen()
            continue
        if ctx.ui.process_events(event):  # pygame-gui maps the pointer itself (mouse_pos_scale_factor)
            continue
        ctx.stack.handle_event(ctx.viewport.event(event) if ctx.viewport is not None else event)
        ctx.stack.apply_pending()
    ctx.stack.apply_pending()
    ctx.ui.update(dt)
    ctx.stack.update(dt)
    ctx.screen.fill((18, 20, 28))
    ctx.stack.draw(ctx.screen)
    ctx.ui.draw_ui(ctx.screen)
    if ctx.viewport is not None:
        ctx.viewport.present()
    pygame.display.flip()
    ctx.collect_garbage_due(dt)
