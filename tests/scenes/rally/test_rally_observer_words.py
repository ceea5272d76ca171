"""The replay viewer's Rally view as the observer ("Seen by: everyone"), and as a seat nobody plays
there: the dock tells nobody to drag cards and says whose hand it is (it said "Programs: drag cards
into a row" and "Your hand (0)" to the observer; issue 17)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.core.replay import OBSERVER, Replay
from game.rally.state import RallyState
from scenes.app import AppContext, step
from tests.scenes.gestures import DT
from tests.scenes.rally.test_table_rally import played_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, size=(1024, 640)) as context:
        yield context


def _said(ctx: AppContext, viewer: int) -> list[str]:
    """Every text the replay viewer's Rally view writes in a frame, seen by `viewer`."""
    from scenes.replay import ReplayScene

    match = played_until(11, ["human", "random"], lambda s: s.phase == "planning" and s.era >= 2
                         and len(s.hands[0]) > 0 and not s.done[0])
    assert isinstance(match.state, RallyState)
    scene = ReplayScene(ctx, Replay.of(match))
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    scene.viewer = viewer
    scene._show()
    said: list[str] = []
    blit, render = scene.text.blit, scene.text.render

    def spy_blit(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        said.append(text)
        return blit(surface, text, *args, **kwargs)

    def spy_render(text: str, *args: Any, **kwargs: Any) -> Any:
        said.append(text)
        return render(text, *args, **kwargs)

    scene.text.blit, scene.text.render = spy_blit, spy_render  # type: ignore[method-assign]
    scene.view._static_key = None  # type: ignore[attr-defined]
    step(ctx, [], DT)
    return said


def test_the_observer_is_not_told_to_drag_cards_nor_shown_a_hand_of_its_own(ctx: AppContext) -> None:
    said = _said(ctx, OBSERVER)
    assert said, "the view drew"
    assert not any("drag cards" in s for s in said), said
    assert not any(s.startswith("Your hand") for s in said), said


def test_a_seat_watched_in_the_viewer_has_its_hand_named(ctx: AppContext) -> None:
    said = _said(ctx, 1)  # the computer's seat
    assert not any("drag cards" in s for s in said), "nobody plays in the viewer"
    assert not any(s.startswith("Your hand") for s in said)
    assert any(s.startswith("Computer's hand") for s in said), said


def test_the_persons_own_seat_in_the_viewer_is_your_hand_not_yous(ctx: AppContext) -> None:
    said = _said(ctx, 0)  # the seat the table called "You"
    assert not any("drag cards" in s for s in said), "nobody plays in the viewer"
    assert not any("You's" in s for s in said), said
    assert any(s.startswith("Your hand") for s in said), said
