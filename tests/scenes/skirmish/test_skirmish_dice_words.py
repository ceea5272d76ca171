"""An attack's dice stay readable (play-test: "the roll resolves instantly", and a miss was said
only in the log): the result shows for about a second after the tumble, and a miss says so over
its target."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.skirmish import commands as C
from scenes.animation import Animator
from scenes.app import AppContext
from scenes.views.skirmish.view import DICE_S, TUMBLE_PART
from tests.scenes.skirmish.test_skirmish_view import make_view, until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch) as context:
        yield context


def test_the_dice_result_stays_a_second_after_the_tumble() -> None:
    assert DICE_S * (1 - TUMBLE_PART) >= 1.0


@pytest.mark.parametrize(("landed", "miss"), [((False, False), True), ((True, False), False)])
def test_an_attack_roll_with_no_die_landed_says_miss_over_its_target(ctx: AppContext, landed: tuple[bool, ...],
                                                                   miss: bool) -> None:
    state = until(3, "attack")
    view = make_view(ctx, state)
    enemy = next(f for f in view.view["figures"] if f["side"] != view.view["turn"] and f["deployed"]
                 and not f["fallen"])
    before = dict(view.view)
    before["roll"] = {"purpose": "attack", "target": enemy["id"], "knack": 4, "faces": [], "forced_six": False}
    animator = Animator()
    view.animate([C.Rolled("attack", (1, 2), landed)], animator, before, None)
    labels = [t.payload["label"] for t in animator.of_kind("sk-hurt")]
    assert labels == (["Miss"] if miss else [])
    assert animator.of_kind("sk-dice"), "the dice are shown"


@pytest.mark.parametrize(("kept", "miss"), [((5, 1), False), ((1, 1), True)])
def test_a_re_rolled_miss_says_miss_only_when_no_kept_die_landed(ctx: AppContext, kept: tuple[int, int],
                                                                 miss: bool) -> None:
    """A re-roll's event holds only the dice rolled again (ninth session): a die that landed
    before still makes the attack a hit, so no "Miss" over the target."""
    state = until(3, "attack")
    view = make_view(ctx, state)
    enemy = next(f for f in view.view["figures"] if f["side"] != view.view["turn"] and f["deployed"]
                 and not f["fallen"])
    before = dict(view.view)
    before["roll"] = {"purpose": "attack", "target": enemy["id"], "knack": 4, "faces": list(kept),
                      "forced_six": False, "rerolled": [], "rerolling": [1]}
    animator = Animator()
    view.animate([C.Rolled("attack", (2,), (False,))], animator, before, None)
    labels = [t.payload["label"] for t in animator.of_kind("sk-hurt")]
    assert labels == (["Miss"] if miss else [])
