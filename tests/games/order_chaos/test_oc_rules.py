"""Order & Chaos rules, clause by clause (see docs/rules/order-chaos.md).

Positions are written in the game's notation:
`size|half|phase|drawn|row/row/...|bag|half scores`, colours 1-based, '.' empty.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import Match
from game.core.protocol import CHANCE, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Draw, HalfEnded, MatchEnded, Pass, Place, Slide
from game.order_chaos.state import OrderChaosState

OC = get_game("order-chaos")


def brute_force(cells) -> int:
    total = 0
    for i in range(len(cells)):
        for j in range(i + 2, len(cells) + 1):
            seg = cells[i:j]
            if None not in seg and list(seg) == list(reversed(seg)):
                total += j - i
    return total


def brute_board(board, size) -> int:
    rows = [board[r * size:(r + 1) * size] for r in range(size)]
    cols = [board[c::size] for c in range(size)]
    return sum(brute_force(x) for x in rows + cols)


def position(rows: list[str], phase: str = "order", half: int = 1, drawn: str = "-",
             halves: str = "-,-") -> OrderChaosState:
    """A position from a picture; the bag holds whatever is not on the board."""
    size = len(rows)
    counts = [size] * size
    for ch in "".join(rows) + (drawn if drawn != "-" else ""):
        if ch != ".":
            counts[int(ch) - 1] -= 1
    text = f"{size}|{half}|{phase}|{drawn}|{'/'.join(rows)}|{''.join(map(str, counts))}|{halves}"
    return OrderChaosState.from_notation(text)


SLIDE_BOARD = [
    "1......",
    ".......",
    "...2...",
    ".3.4..5",
    ".......",
    "...6...",
    ".......",
]


def order_targets(state: OrderChaosState, src) -> set:
    seat = state.to_act()[0]
    return {c.dst for c in state.candidates(seat) if isinstance(c, Slide) and c.src == src}


# --- sliding --------------------------------------------------------------------

def test_slide_goes_like_a_rook_and_stops_at_the_first_counter() -> None:
    s = position(SLIDE_BOARD)
    # From Dd (3,3): up is blocked at once by (2,3); down stops before (5,3);
    # left stops before (3,1); right stops before (3,6).
    assert order_targets(s, (3, 3)) == {(4, 3), (3, 2), (3, 4), (3, 5)}
    # The corner counter reaches the whole first row and column.
    assert order_targets(s, (0, 0)) == {(0, c) for c in range(1, 7)} | {(r, 0) for r in range(1, 7)}


@pytest.mark.parametrize("dst", [(3, 4), (3, 5), (4, 3), (3, 2)])
def test_slide_may_stop_short_anywhere_on_the_way(dst) -> None:
    s = position(SLIDE_BOARD)
    assert OC.check(s, Slide(0, (3, 3), dst)) is None


@pytest.mark.parametrize("dst, word", [
    ((3, 0), "blocked"),   # would jump (3,1)
    ((6, 3), "blocked"),   # would jump (5,3)
    ((3, 6), "taken"),     # occupied
    ((2, 3), "taken"),     # occupied neighbour
    ((4, 4), "row"),       # diagonal
    ((5, 5), "row"),       # neither row nor column
    ((3, 3), "another cell"),  # same cell
])
def test_illegal_slides_are_refused_with_the_precise_reason(dst, word) -> None:
    s = position(SLIDE_BOARD)
    refusal = OC.check(s, Slide(0, (3, 3), dst))
    assert refusal is not None and word in refusal.reason.lower()


def test_slide_from_an_empty_cell_is_refused() -> None:
    s = position(SLIDE_BOARD)
    refusal = OC.check(s, Slide(0, (4, 4), (4, 5)))
    assert refusal is not None and "no counter" in refusal.reason.lower()


def test_order_may_pass() -> None:
    s = position(SLIDE_BOARD)
    assert Pass(0) in s.candidates(0)
    before = s.board[:]
    s.apply(Pass(0))
    assert s.board == before and by_itself(s.to_act())


def test_every_legal_slide_moves_exactly_one_counter() -> None:
    s = position(SLIDE_BOARD)
    for cmd in s.candidates(0):
        if not isinstance(cmd, Slide):
            continue
        t = s.clone()
        colour = t.at(cmd.src)
        t.apply(cmd)
        assert t.at(cmd.src) is None and t.at(cmd.dst) == colour
        assert sorted(x for x in t.board if x is not None) == sorted(x for x in s.board if x is not None)


def test_the_counter_just_placed_may_slide() -> None:
    s = position(SLIDE_BOARD, phase="place", drawn="7")
    chaos = s.to_act()[0]
    assert chaos == 1
    s.apply(Place(chaos, (6, 6)))
    assert s.to_act() == [0]
    assert OC.check(s, Slide(0, (6, 6), (6, 0))) is None
    assert OC.check(s, Slide(0, (6, 6), (4, 6))) is None  # (3,6) holds a counter
    assert OC.check(s, Slide(0, (6, 6), (0, 6))) is not None


def test_only_order_slides_and_only_after_chaos_placed() -> None:
    s = position(SLIDE_BOARD, phase="place", drawn="7")
    assert OC.check(s, Slide(0, (3, 3), (3, 4))) is not None  # Chaos' turn
    assert OC.check(s, Slide(1, (3, 3), (3, 4))) is not None  # Chaos cannot slide
    s = position(SLIDE_BOARD, phase="draw")
    assert OC.check(s, Slide(0, (3, 3), (3, 4))) is not None
    assert OC.check(s, Pass(0)) is not None


def test_no_order_move_after_the_last_counter_the_half_ends_at_once() -> None:
    full = ["1234567", "2345671", "3456712", "4567123", "5671234", "6712345", "712345."]
    s = position(full, phase="place", drawn="6")
    board = s.board[:]
    board[48] = 5
    events = s.apply(Place(1, (6, 6)))
    ended = [e for e in events if isinstance(e, HalfEnded)]
    assert len(ended) == 1 and ended[0].score == brute_board(board, 7)
    assert s.half == 1 and by_itself(s.to_act())           # straight to the next draw
    assert s.half_scores[0] == brute_board(board, 7)
    assert all(v is None for v in s.board) and s.bag == [7] * 7  # board cleared, bag refilled


def test_placing_is_only_on_empty_cells() -> None:
    s = position(SLIDE_BOARD, phase="place", drawn="7")
    empties = {c.cell for c in s.candidates(1)}
    assert empties == {(r, c) for r in range(7) for c in range(7) if SLIDE_BOARD[r][c] == "."}
    refusal = OC.check(s, Place(1, (3, 3)))
    assert refusal is not None and "taken" in refusal.reason.lower()
    refusal = OC.check(s, Place(1, (7, 0)))
    assert refusal is not None and "off the board" in refusal.reason.lower()


# --- the bag -------------------------------------------------------------------

def test_bag_odds_start_even_and_follow_the_draws() -> None:
    s = OC.new({}, 1)
    assert s.bag_odds() == [pytest.approx(1 / 7)] * 7
    drawn = []
    r = random.Random(1)
    for _ in range(20):
        if by_itself(s.to_act()):
            cmd = s.sample_chance()
            drawn.append(cmd.colour)
        else:
            cmd = r.choice(s.candidates(s.to_act()[0]))
        s.apply(cmd)
        remaining = [7 - drawn.count(c) for c in range(7)]
        assert s.bag == remaining
        odds = s.bag_odds()
        assert odds == pytest.approx([n / sum(remaining) for n in remaining])
        assert math.isclose(sum(odds), 1.0)
        assert s.view(0)["odds"] == odds and s.view(1)["odds"] == odds


def test_chance_outcomes_are_the_bag_odds_and_skip_empty_colours() -> None:
    s = OrderChaosState.from_notation("7|1|draw|-|" + "/".join(["......."] * 7) + "|0723170|-,-")
    outcomes = dict((c.colour, p) for c, p in s.chance_outcomes())
    assert set(outcomes) == {1, 2, 3, 4, 5}
    total = 7 + 2 + 3 + 1 + 7
    assert outcomes == {1: pytest.approx(7 / total), 2: pytest.approx(2 / total), 3: pytest.approx(3 / total),
                        4: pytest.approx(1 / total), 5: pytest.approx(7 / total)}
    refusal = OC.check(s, Draw(CHANCE, 0))
    assert refusal is not None and "bag" in refusal.reason.lower()


def test_draws_follow_the_odds_roughly() -> None:
    # 2,000 first draws with different seeds: each colour near 1/7 (loose bounds).
    counts = [0] * 7
    for seed in range(2000):
        counts[OC.new({}, seed).sample_chance().colour] += 1
    assert all(200 < c < 380 for c in counts), counts


# --- the match ---------------------------------------------------------------------

def play_match(config: dict, seed: int) -> tuple[Match, list[list], list[list]]:
    """Random full match; returns it plus the Places and Draws of each half."""
    m = Match(OC, config, seed, ["human", "human"])
    r = random.Random(seed)
    places: list[list] = [[], []]
    draws: list[list] = [[], []]
    while not m.state.is_over():
        half = m.state.half
        if by_itself(m.to_act()):
            assert m.resolve_chance().ok
            draws[half].append(m.commands[-1].colour)
            continue
        seat = m.to_act()[0]
        expected_order = half            # seat 0 is Order first, then Chaos
        if m.state.phase == "order":
            assert seat == expected_order
        else:
            assert seat == 1 - expected_order
        cmd = r.choice(m.state.candidates(seat))
        if isinstance(cmd, Place):
            places[half].append(cmd)
            if len(places[half]) == len(m.state.board):
                pre = m.state.board[:]
                pre[cmd.cell[0] * m.state.size + cmd.cell[1]] = m.state.drawn
                m._final_boards = getattr(m, "_final_boards", []) + [pre]
        assert m.submit(cmd).ok
    return m, places, draws


@pytest.mark.parametrize("size", [7, 5])
def test_a_match_is_two_full_halves_with_roles_swapped(size: int) -> None:
    m, places, draws = play_match({"size": size}, 3)
    cells = size * size
    assert [len(p) for p in places] == [cells, cells]
    assert [len(d) for d in draws] == [cells, cells]
    for d in draws:  # each half empties a full bag: size counters of each colour
        assert sorted(d) == sorted(list(range(size)) * size)
    half_scores = [brute_board(b, size) for b in m._final_boards]
    assert m.state.half_scores == half_scores
    assert m.state.scores() == [float(x) for x in half_scores]
    ended = [e.event for e in m.log if isinstance(e.event, MatchEnded)]
    assert len(ended) == 1 and list(ended[0].scores) == half_scores


def _last_placement_of_second_half(first_half_score_offset: int) -> tuple[OrderChaosState, int]:
    full = ["1234567", "2345671", "3456712", "4567123", "5671234", "6712345", "712345."]
    board = [None if ch == "." else int(ch) - 1 for row in full for ch in row]
    board[48] = 5
    second = brute_board(board, 7)
    first = second + first_half_score_offset
    s = position(full, phase="place", drawn="6", half=2, halves=f"{first},-")
    s.apply(Place(0, (6, 6)))  # seat 0 is Chaos in the second half
    return s, second


def test_higher_order_score_wins() -> None:
    s, _ = _last_placement_of_second_half(+3)
    assert s.is_over() and s.winners() == [0]
    s, _ = _last_placement_of_second_half(-3)
    assert s.is_over() and s.winners() == [1]


def test_equal_order_scores_are_a_draw() -> None:
    s, second = _last_placement_of_second_half(0)
    assert s.is_over()
    assert s.scores() == [float(second), float(second)]
    assert s.winners() == [0, 1]


def test_no_winner_before_the_end() -> None:
    s = OC.new({}, 0)
    assert s.winners() == []


def test_scores_are_per_seat_and_live_during_a_half() -> None:
    s = position(["11.....", ".......", ".......", ".......", ".......", ".......", "......."])
    assert s.scores() == [2.0, 0.0]  # seat 0 is Order in half 1: AA is worth 2
    s = position(["11.....", ".......", ".......", ".......", ".......", ".......", "......."],
                 half=2, halves="40,-")
    assert s.scores() == [40.0, 2.0]


def test_fair_draws_repeat_the_first_half_sequence() -> None:
    for seed in (1, 2, 3):
        _, _, draws = play_match({"fair_draws": True}, seed)
        assert draws[0] == draws[1]


def test_without_fair_draws_the_halves_differ() -> None:
    for seed in (1, 2, 3):
        _, _, draws = play_match({"fair_draws": False}, seed)
        assert draws[0] != draws[1]  # equal by chance: about 1 in 10^38


def test_the_default_game_is_the_rulebooks_unseen_draws_in_both_halves() -> None:
    assert OC.default_config()["fair_draws"] is False
    assert OC.new({}, 0).fair is False


def test_five_by_five_variant() -> None:
    s = OC.new({"size": 5}, 9)
    assert s.size == 5 and len(s.board) == 25 and s.bag == [5] * 5
    outcomes = s.chance_outcomes()
    assert sorted(c.colour for c, _ in outcomes) == [0, 1, 2, 3, 4]
    assert all(p == pytest.approx(1 / 5) for _, p in outcomes)
    s.apply(s.sample_chance())
    assert len(s.candidates(1)) == 25
    assert s.notation().startswith("5|1|place|")


def test_bad_options_are_refused() -> None:
    for config in ({"size": 6}, {"size": "7"}, {"fair_draws": 1}, {"colours": 7}):
        with pytest.raises(ValueError):
            OC.new(config, 0)
    with pytest.raises(ValueError):
        OC.new({}, 0, players=3)


# --- notation ------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 300), st.sampled_from([5, 7]))
def test_notation_round_trip(seed: int, steps: int, size: int) -> None:
    s = OC.new({"size": size}, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(s.sample_chance() if by_itself(s.to_act()) else r.choice(s.candidates(s.to_act()[0])))
    back = OrderChaosState.from_notation(s.notation())
    assert back.notation() == s.notation()
    assert back.to_act() == s.to_act()
    assert back.scores() == s.scores()
    for seat in (CHANCE, 0, 1):
        assert set(back.candidates(seat)) == set(s.candidates(seat))


def test_notation_reads_a_picture() -> None:
    s = position(SLIDE_BOARD)
    assert s.at((3, 3)) == 3 and s.at((5, 3)) == 5 and s.at((4, 4)) is None
    assert s.notation().split("|")[4] == "/".join(SLIDE_BOARD)


@pytest.mark.parametrize("text", [
    "", "7|1|order", "7|3|order|-|" + "/".join(["......."] * 7) + "|7777777|-,-",
    "7|1|dance|-|" + "/".join(["......."] * 7) + "|7777777|-,-",
    "7|1|order|-|" + "/".join(["......"] * 7) + "|7777777|-,-",
    "7|1|order|-|" + "/".join(["......."] * 7) + "|777|-,-",
    "7|1|order|-|" + "/".join(["...x..."] * 7) + "|7777777|-,-",
])
def test_bad_notation_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        OrderChaosState.from_notation(text)
