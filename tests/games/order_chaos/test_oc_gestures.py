"""Gestures to commands (Game.find_command), refusals through Match.submit,
and the text notation of commands (parse_command / describe)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.match import Match
from game.core.protocol import CHANCE, Refusal, Target, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import Draw, Pass, Place, Slide
from game.order_chaos.state import OrderChaosState

OC = get_game("order-chaos")
BOARD = "1....../......./...2.../.3.4..5/......./...6.../......."


def state(phase: str, drawn: str = "-") -> OrderChaosState:
    return OrderChaosState.from_notation(f"7|1|{phase}|{drawn}|{BOARD}|6666667|-,-")


def cell(r: int, c: int) -> Target:
    return Target("cell", (r, c))


DRAWN = Target("drawn")
PASS = Target("pass")


def refused(result, *words: str) -> str:
    assert isinstance(result, Refusal), result
    assert result.reason.strip()
    for w in words:
        assert w in result.reason.lower(), (w, result.reason)
    return result.reason


# --- Chaos: the drawn counter ------------------------------------------------------

def test_drawn_counter_to_an_empty_cell_is_a_place() -> None:
    s = state("place", "7")
    assert OC.find_command(s, 1, DRAWN, cell(4, 4)) == Place(1, (4, 4))


def test_drawn_counter_to_an_occupied_cell_is_refused() -> None:
    s = state("place", "7")
    refused(OC.find_command(s, 1, DRAWN, cell(3, 3)), "taken")


@pytest.mark.parametrize("target", [None, Target("bag"), Target("cell", None), cell(7, 0), cell(-1, 2)])
def test_drawn_counter_dropped_off_the_board_is_refused(target) -> None:
    refused(OC.find_command(state("place", "7"), 1, DRAWN, target))


def test_chaos_cannot_drag_board_counters() -> None:
    refused(OC.find_command(state("place", "7"), 1, cell(3, 3), cell(3, 4)))


def test_a_click_on_an_empty_cell_before_picking_the_counter_says_to_pick_it_up() -> None:
    """Play-test: a click on an empty cell as Chaos said only Order moves counters."""
    refused(OC.find_command(state("place", "7"), 1, cell(4, 4), None), "pick up the drawn counter")
    assert "Only Order" in refused(OC.find_command(state("place", "7"), 1, cell(3, 3), None))
    refused(OC.find_command(state("order"), 0, cell(4, 4), None), "empty", "drag a counter")


# --- Order: sliding and passing -------------------------------------------------------

@pytest.mark.parametrize("dst", [(3, 4), (3, 5), (4, 3), (3, 2)])
def test_cell_to_reachable_cell_is_a_slide(dst) -> None:
    assert OC.find_command(state("order"), 0, cell(3, 3), cell(*dst)) == Slide(0, (3, 3), dst)


def test_each_illegal_slide_gets_its_own_precise_reason() -> None:
    s = state("order")
    reasons = {
        "diagonal": refused(OC.find_command(s, 0, cell(3, 3), cell(4, 4)), "row", "column"),
        "blocked": refused(OC.find_command(s, 0, cell(3, 3), cell(3, 0)), "blocked"),
        "occupied": refused(OC.find_command(s, 0, cell(3, 3), cell(3, 6)), "taken"),
        "same cell": refused(OC.find_command(s, 0, cell(3, 3), cell(3, 3)), "another cell"),
        "empty source": refused(OC.find_command(s, 0, cell(4, 4), cell(4, 5)), "no counter"),
        "off board": refused(OC.find_command(s, 0, cell(3, 3), cell(3, 9)), "off the board"),
        "nowhere": refused(OC.find_command(s, 0, cell(3, 3), None)),
    }
    assert len(set(reasons.values())) == len(reasons), reasons


def test_pass_zone_gives_pass_for_order_only() -> None:
    assert OC.find_command(state("order"), 0, PASS, None) == Pass(0)
    refused(OC.find_command(state("place", "7"), 1, PASS, None))


def test_order_cannot_use_the_drawn_zone() -> None:
    refused(OC.find_command(state("order"), 0, DRAWN, cell(4, 4)))


@pytest.mark.parametrize("phase, drawn, wrong_seat, source, target", [
    ("order", "-", 1, cell(3, 3), cell(3, 4)),
    ("order", "-", 1, PASS, None),
    ("place", "7", 0, DRAWN, cell(4, 4)),
    ("draw", "-", 0, DRAWN, cell(4, 4)),
    ("draw", "-", 1, cell(3, 3), cell(3, 4)),
])
def test_wrong_seat_is_refused(phase, drawn, wrong_seat, source, target) -> None:
    refused(OC.find_command(state(phase, drawn), wrong_seat, source, target))


def test_over_match_refuses_gestures() -> None:
    s = OrderChaosState.from_notation(f"7|2|over|-|{BOARD}|6666667|50,60")
    refused(OC.find_command(s, 0, PASS, None), "over")


def test_targets_for_highlights_exactly_the_legal_destinations() -> None:
    s = state("order")
    for src in s.filled_cells():
        shown = {t.cell for t in OC.targets_for(s, 0, cell(*src))}
        legal = {c.dst for c in s.candidates(0) if isinstance(c, Slide) and c.src == src}
        assert shown == legal
        for dst in shown:
            assert isinstance(OC.find_command(s, 0, cell(*src), cell(*dst)), Slide)
    assert OC.targets_for(s, 1, cell(3, 3)) == []
    s = state("place", "7")
    assert {t.cell for t in OC.targets_for(s, 1, DRAWN)} == set(s.empty_cells())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 250))
def test_find_command_agrees_with_legal_commands(seed: int, steps: int) -> None:
    """Every gesture between any two cells gives a legal command or a refusal, never an illegal command."""
    s = OC.new({}, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            return
        s.apply(s.sample_chance() if by_itself(s.to_act()) else r.choice(s.candidates(s.to_act()[0])))
    if by_itself(s.to_act()) or s.is_over():
        return
    seat = s.to_act()[0]
    legal = set(s.candidates(seat))
    cells = [(a, b) for a in range(7) for b in range(7)]
    sources = [DRAWN, PASS] + [cell(*c) for c in r.sample(cells, 8)]
    for src in sources:
        for dst in [None] + [cell(*c) for c in cells]:
            got = OC.find_command(s, seat, src, dst)
            if isinstance(got, Refusal):
                assert got.reason.strip()
            else:
                assert got in legal, (src, dst, got)


# --- refusals through the match ---------------------------------------------------------

def _match_at(phase: str, seed: int = 6) -> Match:
    m = Match(OC, {}, seed, ["human", "human"])
    r = random.Random(seed)
    for _ in range(30):  # get some counters on the board
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(r.choice(m.state.candidates(m.to_act()[0])))
    while m.state.phase != phase:
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(m.state.candidates(m.to_act()[0])[0])
    return m


def _illegal_commands(m: Match) -> list:
    s = m.state
    filled, empty = s.filled_cells(), s.empty_cells()
    order, chaos = s.order_seat(), s.chaos_seat()
    exhausted = [c for c, n in enumerate(s.bag) if n == 0]
    cmds = [
        Place(chaos, filled[0]), Place(order, empty[0]), Place(chaos, (7, 7)),
        Slide(order, filled[0], filled[1]), Slide(chaos, filled[0], empty[0]),
        Slide(order, empty[0], empty[1]), Slide(order, (0, 0), (6, 6)),
        Pass(chaos), Pass(5), Draw(CHANCE, 9), Draw(0, 0),
    ]
    cmds += [Draw(CHANCE, c) for c in exhausted]
    if s.phase != "place":
        cmds.append(Place(chaos, empty[0]))
    if s.phase != "order":
        cmds.append(Pass(order))
    legal = set(s.candidates(s.to_act()[0]))
    return [c for c in cmds if c not in legal]


@pytest.mark.parametrize("phase", ["draw", "place", "order"])
def test_every_refused_submit_leaves_the_match_unchanged_with_a_reason(phase: str) -> None:
    m = _match_at(phase)
    before, history, rng = m.state.notation(), list(m.commands), m.state.rng.copy()
    bad = _illegal_commands(m)
    assert len(bad) >= 9
    for cmd in bad:
        res = m.submit(cmd)
        assert not res.ok and res.reason.strip(), cmd
        assert m.state.notation() == before and m.commands == history and m.state.rng == rng


def test_submit_after_the_end_is_refused() -> None:
    m = Match(OC, {"size": 5}, 4, ["human", "human"])
    r = random.Random(4)
    while not m.state.is_over():
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(r.choice(m.state.candidates(m.to_act()[0])))
    before = m.state.notation()
    for cmd in (Pass(0), Pass(1), Place(0, (0, 0)), Draw(CHANCE, 0)):
        res = m.submit(cmd)
        assert not res.ok and "over" in res.reason.lower()
    assert not m.resolve_chance().ok
    assert m.state.notation() == before


# --- command text ----------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 280), st.sampled_from([5, 7]))
def test_parse_command_round_trips_describe(seed: int, steps: int, size: int) -> None:
    s = OC.new({"size": size}, seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            return
        s.apply(s.sample_chance() if by_itself(s.to_act()) else r.choice(s.candidates(s.to_act()[0])))
    for seat in s.to_act():
        for cmd in s.candidates(seat):
            assert OC.parse_command(seat, cmd.describe(), s) == cmd


def test_command_text_is_codecup_style() -> None:
    s = state("order")
    assert OC.parse_command(0, "Dd", s) == Place(0, (3, 3))
    assert OC.parse_command(0, "DdDf", s) == Slide(0, (3, 3), (3, 5))
    assert OC.parse_command(0, "  pass ", s) == Pass(0)
    assert OC.parse_command(0, "draw 3", s) == Draw(CHANCE, 2)
    assert Slide(0, (0, 6), (6, 6)).describe() == "AgGg"


@pytest.mark.parametrize("text", ["", "Zz", "Hh", "DdD", "DdDdDd", "draw x", "hello", "dD"])
def test_bad_command_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        OC.parse_command(0, text, state("order"))
