"""ContinueHold (scenes/kit/hold.py): a moment kept until Continue, or counted down."""

from __future__ import annotations

from scenes.kit.hold import ContinueHold


def test_without_a_countdown_it_stands_until_pressed() -> None:
    hold = ContinueHold("Revealed")
    assert hold.standing(10.0) and hold.standing(1000.0)
    assert hold.label(1000.0) == "Continue"


def test_a_countdown_starts_when_first_asked_and_ends_by_itself() -> None:
    hold = ContinueHold("Revealed", seconds=4.0)
    assert hold.label(0.0) == "Continue"  # not started: not counting yet (an animation still plays)
    assert hold.standing(5.0)
    assert hold.label(5.0) == "Continue (4)" and hold.label(7.2) == "Continue (2)"
    assert hold.standing(8.9) and not hold.standing(9.0)
