"""Scenes and the stack that runs them.

A scene is one screen (menu, table, pause...). The stack sends events to the
top scene first (a scene returns True to consume one), updates every scene, and
draws from the topmost opaque scene upwards, so overlays like the pause menu
show the table beneath. push/pop/replace are queued and take effect between
frames, so a scene can safely replace itself from inside its own handler.

A question that commits something (`scenes.confirm`) holds Enter for a moment when an Enter
opened it and when it is answered (`SceneStack.hold_enter`): a double press of Enter answers one question only,
and its second press reaches neither the card that opens next nor the table beneath.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

if TYPE_CHECKING:
    from scenes.app import AppContext


class Scene:
    """Base class. Override what you need; widgets go in `self.container`."""

    opaque = True

    def __init__(self, ctx: "AppContext") -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """Called when pushed: build widgets here (not in __init__)."""

    def exit(self) -> None:
        """Called when popped or replaced: kill widgets here."""

    def pause(self) -> None:
        """Another scene went on top of this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """`dt` in seconds since the last frame."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (pygame-gui widgets are drawn by the app after all scenes)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild layout."""

    def next_frame_in(self) -> float:
        """Seconds until this scene looks different without input: 0 while something moves
        (every frame), a short interval for slow motion (`scenes.pacing.PULSE`), the time to
        a timed change (a tooltip due), or `scenes.pacing.STILL` (inf) when only input changes
        it. The app sleeps until the soonest need (`scenes.pacing`). This default asks for
        every frame, so a scene that does not say is never frozen."""
        return 0.0


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ENTER_HOLD_S = 0.4
"""How long an Enter is ignored after a confirmation card opens or is answered: longer than the
gap between the two presses of a double press (about 0.1-0.3 s), shorter than reading a card."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._enter_held = 0.0
        """Seconds during which Enter presses are swallowed (see `hold_enter`)."""
        self._since_enter = math.inf
        """Seconds since an Enter press was last handed to a scene."""
        self._last_press_enter = False
        """The last key or button pressed was Enter (not 'd' for Decline after it, nor a click)."""

    def hold_enter(self, seconds: float = ENTER_HOLD_S) -> None:
        """Swallow Enter presses for the next `seconds` (frame time, see `elapse`): a press that
        soon belongs to the double press that opened or answered a question, not to what is now
        on top."""
        self._enter_held = max(self._enter_held, seconds)

    def release_enter(self) -> None:
        """Enter goes through again at once (a question closed without being answered yes: its
        hold protected only that question)."""
        self._enter_held = 0.0

    def enter_pressed_lately(self) -> bool:
        """The last press handed to a scene was Enter, within `ENTER_HOLD_S`: a card opening now
        was opened by it (Rally's Done planning), and the double press's second half is coming."""
        return self._last_press_enter and self._since_enter < ENTER_HOLD_S

    def elapse(self, dt: float) -> None:
        """A frame's `dt` passed (called before the frame's events are handled)."""
        self._enter_held = max(0.0, self._enter_held - dt)
        self._since_enter += dt

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        def do() -> None:
            self._pop()
            self._push(scene)
        self._pending.append(do)

    def clear_to(self, scene: Scene) -> None:
        """Pop everything, then push `scene` (e.g. back to the main menu)."""
        def do() -> None:
            while self.scenes:
                self._pop()
            self._push(scene)
        self._pending.append(do)

    def apply_pending(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def _pop(self) -> None:
        if not self.scenes:
            return
        self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._enter_held > 0 and event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
            return True  # the second press of a double Enter (see `hold_enter`)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._last_press_enter = event.type == pygame.KEYDOWN and event.key in ENTER_KEYS
            if self._last_press_enter:
                self._since_enter = 0.0
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                return True
            if scene.opaque:
                break
        return False

    def update(self, dt: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def on_resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.on_resize(size)

    def next_frame_in(self) -> float:
        """The soonest need of any scene (all of them update, covered or not); 0 while a
        push or pop waits to be applied."""
        if self._pending:
            return 0.0
        return min((scene.next_frame_in() for scene in self.scenes), default=math.inf)
