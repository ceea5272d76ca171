"""The kit's card-row arithmetic (`scenes/kit/hand.py`), shared by Rally's hand and Worlds
Collide's hand, played Actions and Discard."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.kit.hand import fan_left, fan_step, fan_width, fit_lines, per_line


def test_cards_lie_side_by_side_while_they_fit_then_overlap_to_the_room() -> None:
    assert fan_step(5, 60, 400, 66) == 66, "5 x 66 - 6 = 324 fits in 400"
    assert fan_step(8, 60, 400, 66) == (400 - 60) // 7, "squeezed: the last card ends at the room's edge"
    assert fan_step(40, 60, 400, 66, least=12) == 12, "never closer than `least`"
    assert fan_step(1, 60, 40, 66) == min(66, 40 - 60), "one card: the step is never used"


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 20), st.integers(20, 120), st.integers(0, 1500), st.integers(0, 12))
def test_a_squeezed_row_never_runs_past_its_room(count: int, card_w: int, room: int, gap: int) -> None:
    step = fan_step(count, card_w, room, card_w + gap)
    if count * (card_w + gap) - gap <= room:
        assert step == card_w + gap
    else:
        assert fan_width(count, card_w, step) <= room


def test_a_centred_row_starts_half_its_width_left_of_the_centre() -> None:
    assert fan_width(0, 50, 30) == 50 and fan_width(1, 50, 30) == 50 and fan_width(4, 50, 30) == 140
    assert fan_left(500, 4, 50, 30) == 430


def test_whole_lines() -> None:
    assert [per_line(7, k) for k in (1, 2, 3)] == [7, 4, 3]
    assert per_line(0, 2) == 0


def test_a_big_hand_takes_more_lines_only_when_its_cards_are_bigger_so() -> None:
    """A dock 600 wide and 300 high for the hand; cards 0.7 as wide as tall, 6 apart."""
    def room(lines: int) -> tuple[int, int]:
        return 600, 300

    assert fit_lines(4, room, 140, 0.7, 6, 6, 3) == (1, 140), "four cards of full height fit on one line"
    lines, h = fit_lines(15, room, 140, 0.7, 6, 6, 3)
    assert lines == 2 and h == min(140, int((606 / 8 - 6) / 0.7), (300 - 6) // 2)
    assert fit_lines(60, room, 140, 0.7, 6, 6, 3, least=40)[1] == 40, "never below `least`"


def test_the_room_may_depend_on_the_lines() -> None:
    """More lines leave less width (a taller dock takes room from the rows beside it)."""
    seen: list[int] = []

    def room(lines: int) -> tuple[int, int]:
        seen.append(lines)
        return 300 - 60 * (lines - 1), 200

    # one line: 64 high by the width; two: 97 by the height; three: 62 by the height
    assert fit_lines(6, room, 120, 0.7, 6, 6, 3) == (2, 97)
    assert seen == [1, 2, 3]
    seen.clear()
    assert fit_lines(6, room, 90, 0.7, 6, 6, 3) == (2, 90) and seen == [1, 2], "full height: no more lines tried"
