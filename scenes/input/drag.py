"""The drag-and-drop state machine, free of drawing and of game rules.

Idle -> Pressed (button down on a source) -> Dragging (moved a few pixels) ->
drop on release. A press and release without moving selects the source
instead (click-then-click): the next left click drops it there. Right click
cancels a selection or a drag. The owner supplies three callbacks:
`source_at(pos)` (a Target the player may pick up here, or None),
`target_at(pos)` (whatever Target is under the mouse) and `on_drop(source,
target, pos)`; `on_cancel(source)` is optional.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from game.core.protocol import Target

Point = tuple[float, float]
DRAG_THRESHOLD = 6.0
LEFT, RIGHT = 1, 3


class DragState(Enum):
    IDLE = "idle"
    PRESSED = "pressed"
    DRAGGING = "dragging"
    SELECTED = "selected"


class DragController:
    def __init__(self, source_at: Callable[[Point], Target | None],
                 target_at: Callable[[Point], Target | None],
                 on_drop: Callable[[Target, Target | None, Point], None],
                 on_cancel: Callable[[Target], None] | None = None,
                 threshold: float = DRAG_THRESHOLD) -> None:
        self.source_at = source_at
        self.target_at = target_at
        self.on_drop = on_drop
        self.on_cancel = on_cancel
        self.threshold = threshold
        self.state = DragState.IDLE
        self.source: Target | None = None
        self.origin: Point = (0.0, 0.0)
        self.pos: Point = (0.0, 0.0)
        self._was_selected = False
        self.dropped_by_drag = False
        """Whether the latest drop came from a drag (True) or a second click (False)."""

    # --- queries ---------------------------------------------------------------
    @property
    def active(self) -> bool:
        """A source is held (pressed, dragged or selected)."""
        return self.state is not DragState.IDLE

    @property
    def dragging(self) -> bool:
        return self.state is DragState.DRAGGING

    @property
    def offset(self) -> Point:
        """How far the mouse moved since the press (to carry the piece)."""
        return (self.pos[0] - self.origin[0], self.pos[1] - self.origin[1])

    # --- input -----------------------------------------------------------------
    def press(self, pos: Point, button: int = LEFT) -> bool:
        """Mouse button down. Returns True when the press was used."""
        self.pos = pos
        if button == RIGHT:
            return self.cancel()
        if button != LEFT:
            return False
        if self.state is DragState.SELECTED:
            assert self.source is not None
            picked = self.source_at(pos)
            if picked == self.source:
                # pressing the selected piece again: drag it, or unselect on release
                self._begin(picked, pos, was_selected=True)
                return True
            target = self.target_at(pos)
            if picked is not None and target == picked:
                # another piece of ours that is not where we could go: switch to it
                self._begin(picked, pos)
                return True
            source = self.source
            self._reset()
            self.dropped_by_drag = False
            if target is None:
                if self.on_cancel:
                    self.on_cancel(source)
                return True
            self.on_drop(source, target, pos)
            return True
        picked = self.source_at(pos)
        if picked is None:
            return False
        self._begin(picked, pos)
        return True

    def move(self, pos: Point) -> bool:
        self.pos = pos
        if self.state is DragState.PRESSED:
            dx, dy = pos[0] - self.origin[0], pos[1] - self.origin[1]
            if dx * dx + dy * dy >= self.threshold ** 2:
                self.state = DragState.DRAGGING
        return self.state is DragState.DRAGGING

    def release(self, pos: Point, button: int = LEFT) -> bool:
        self.pos = pos
        if button != LEFT:
            return False
        if self.state is DragState.PRESSED:
            if self._was_selected:
                source = self.source
                self._reset()
                if source is not None and self.on_cancel:
                    self.on_cancel(source)
            else:
                self.state = DragState.SELECTED
            return True
        if self.state is DragState.DRAGGING:
            source = self.source
            target = self.target_at(pos)  # while the source is still held: a drop region depends on it
            self._reset()
            assert source is not None
            self.dropped_by_drag = True
            self.on_drop(source, target, pos)
            return True
        return False

    def cancel(self) -> bool:
        """Drop nothing (right click, a new turn, undo). True if something was held."""
        if self.state is DragState.IDLE:
            return False
        source = self.source
        self._reset()
        if source is not None and self.on_cancel:
            self.on_cancel(source)
        return True

    # --- internals -------------------------------------------------------------
    def _begin(self, source: Target, pos: Point, was_selected: bool = False) -> None:
        self.state = DragState.PRESSED
        self.source = source
        self.origin = pos
        self.pos = pos
        self._was_selected = was_selected

    def _reset(self) -> None:
        self.state = DragState.IDLE
        self.source = None
        self._was_selected = False
