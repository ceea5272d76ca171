"""DragController: Idle -> Pressed -> Dragging -> drop, click-then-click, right-click cancel."""

from __future__ import annotations

from game.core.protocol import Target
from scenes.input.drag import DragController, DragState

PIECE = Target("drawn")
OTHER = Target("cell", (5, 5))


def cell_at(pos: tuple[float, float]) -> Target | None:
    x, y = pos
    if x >= 100:
        return Target("cell", (int(y // 10), int((x - 100) // 10)))
    return None


class Recorder:
    def __init__(self) -> None:
        self.drops: list[tuple[Target, Target | None]] = []
        self.cancels: list[Target] = []

    def controller(self) -> DragController:
        def source_at(pos: tuple[float, float]) -> Target | None:
            if pos[0] < 20:
                return PIECE
            if cell_at(pos) == OTHER:
                return OTHER
            return None

        return DragController(source_at, cell_at, lambda s, t, p: self.drops.append((s, t)),
                              self.cancels.append)


def test_press_off_a_source_is_ignored() -> None:
    d = Recorder().controller()
    assert d.press((50, 50)) is False
    assert d.state is DragState.IDLE


def test_small_moves_stay_pressed_then_drag_and_drop() -> None:
    rec = Recorder()
    d = rec.controller()
    assert d.press((10, 10))
    assert d.state is DragState.PRESSED
    d.move((12, 12))
    assert d.state is DragState.PRESSED
    d.move((60, 40))
    assert d.state is DragState.DRAGGING and d.dragging
    assert d.offset == (50, 30)
    assert d.release((125, 35))
    assert rec.drops == [(PIECE, Target("cell", (3, 2)))]
    assert d.state is DragState.IDLE and d.dropped_by_drag


def test_drop_off_every_target_passes_none() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.move((60, 60))
    d.release((60, 60))
    assert rec.drops == [(PIECE, None)]


def test_click_then_click() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.release((10, 10))
    assert d.state is DragState.SELECTED and d.active
    assert d.press((115, 5))
    assert rec.drops == [(PIECE, Target("cell", (0, 1)))]
    assert not d.dropped_by_drag
    assert d.release((115, 5)) is False  # the second click's release does nothing more
    assert d.state is DragState.IDLE


def test_right_click_cancels_a_selection_and_a_drag() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.release((10, 10))
    assert d.press((300, 300), button=3)
    assert d.state is DragState.IDLE and rec.cancels == [PIECE]
    d.press((10, 10))
    d.move((80, 80))
    assert d.cancel()
    assert rec.drops == [] and rec.cancels == [PIECE, PIECE]
    assert d.cancel() is False


def test_clicking_the_selected_piece_again_unselects() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.release((10, 10))
    d.press((10, 10))
    d.release((10, 10))
    assert d.state is DragState.IDLE and rec.cancels == [PIECE] and rec.drops == []


def test_clicking_another_own_piece_switches_the_selection() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.release((10, 10))
    d.press((155, 55))  # OTHER is both a source and the cell under the mouse
    d.release((155, 55))
    assert d.state is DragState.SELECTED and d.source == OTHER and rec.drops == []


def test_click_outside_everything_cancels_the_selection() -> None:
    rec = Recorder()
    d = rec.controller()
    d.press((10, 10))
    d.release((10, 10))
    d.press((50, 50))
    assert d.state is DragState.IDLE and rec.cancels == [PIECE] and rec.drops == []
