"""Match undo policy: undo your own move (agent replies go with it), never
across a draw or another human's move; redo; redo cleared by a new move."""

from __future__ import annotations

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.order_chaos.commands import Pass, Place, Slide

OC = get_game("order-chaos")


def first_slide(m: Match):
    return next(c for c in m.state.candidates(m.to_act()[0]) if isinstance(c, Slide))


def to_place_turn(m: Match) -> None:
    assert m.resolve_chance().ok
    assert m.state.phase == "place"


def test_undo_own_move_restores_the_position() -> None:
    m = Match(OC, {}, 1, ["human", "human"])
    to_place_turn(m)
    before, rng = m.state.notation(), m.state.rng.copy()
    assert m.submit(Place(1, (2, 2))).ok  # seat 1 is Chaos in the first half
    assert m.state.notation() != before
    res = m.undo(1)
    assert res.ok
    assert m.state.notation() == before and m.state.rng == rng
    assert len(m.commands) == 1 and m.to_act() == [1]


def test_agent_replies_are_undone_with_the_human_move() -> None:
    m = Match(OC, {}, 2, ["random", "human"])  # seat 0 (Order) is an agent
    to_place_turn(m)
    before = m.state.notation()
    assert m.submit(Place(1, (4, 4))).ok
    reply = first_slide(m)
    assert m.submit(reply).ok  # the agent's slide, submitted on its behalf
    after = m.state.notation()
    assert m.undo(1).ok
    assert m.state.notation() == before and m.to_act() == [1]
    assert m.redo(1).ok  # both come back
    assert m.state.notation() == after and m.commands[-1] == reply


def test_the_agent_seat_may_not_be_used_to_skip_the_human() -> None:
    m = Match(OC, {}, 2, ["random", "human"])
    to_place_turn(m)
    m.submit(Place(1, (4, 4)))
    m.submit(Pass(0))
    # Undo for the human reaches back over the agent's pass to the human's place.
    assert m.undo(1).ok and m.state.phase == "place"


def test_undo_is_refused_across_a_draw() -> None:
    m = Match(OC, {}, 3, ["human", "human"])
    to_place_turn(m)
    m.submit(Place(1, (0, 0)))
    m.submit(Pass(0))
    assert m.resolve_chance().ok  # new information: the next counter
    before = m.state.notation()
    for seat in (0, 1):
        res = m.undo(seat)
        assert not res.ok and "revealed" in res.reason.lower()
        assert m.state.notation() == before


def test_undo_is_refused_across_another_humans_move() -> None:
    m = Match(OC, {}, 4, ["human", "human"])
    to_place_turn(m)
    m.submit(Place(1, (0, 0)))
    m.submit(Pass(0))
    before = m.state.notation()
    res = m.undo(1)
    assert not res.ok and "another player" in res.reason.lower()
    assert m.state.notation() == before
    assert m.undo(0).ok  # Order may take back its own pass


def test_nothing_to_undo_at_the_start() -> None:
    m = Match(OC, {}, 5, ["human", "human"])
    for seat in (0, 1):
        res = m.undo(seat)
        assert not res.ok and res.reason.strip()


def test_redo_after_undo_and_only_by_the_same_seat() -> None:
    m = Match(OC, {}, 6, ["human", "human"])
    to_place_turn(m)
    m.submit(Place(1, (5, 1)))
    after = m.state.notation()
    m.undo(1)
    assert m.can_redo()
    assert not m.redo(0).ok  # not seat 0's move
    assert m.redo(1).ok and m.state.notation() == after
    assert not m.can_redo() and not m.redo(1).ok


def test_a_new_move_clears_redo() -> None:
    m = Match(OC, {}, 7, ["human", "human"])
    to_place_turn(m)
    m.submit(Place(1, (5, 1)))
    m.undo(1)
    assert m.submit(Place(1, (0, 6))).ok
    assert not m.can_redo()
    res = m.redo(1)
    assert not res.ok and res.reason.strip()
    assert m.state.at((0, 6)) is not None and m.state.at((5, 1)) is None


def test_undo_twice_in_a_row_is_refused_across_the_earlier_draw() -> None:
    m = Match(OC, {}, 8, ["human", "human"])
    to_place_turn(m)
    m.submit(Place(1, (5, 1)))
    assert m.undo(1).ok
    before = m.state.notation()
    assert not m.undo(1).ok  # the previous command is the draw
    assert m.state.notation() == before


def test_undo_keeps_the_log_in_step() -> None:
    m = Match(OC, {}, 9, ["human", "human"])
    to_place_turn(m)
    log_before = list(m.log)
    m.submit(Place(1, (1, 1)))
    assert len(m.log) > len(log_before)
    m.undo(1)
    assert m.log == log_before


def test_autosave_follows_undo(tmp_path) -> None:
    path = tmp_path / "a.json"
    m = Match(OC, {}, 10, ["human", "human"], autosave_path=path)
    to_place_turn(m)
    m.submit(Place(1, (1, 1)))
    m.undo(1)
    assert Match.load(path).state.notation() == m.state.notation()


@pytest.mark.parametrize("seed", [11, 12])
def test_resolve_chance_only_at_chance(seed: int) -> None:
    m = Match(OC, {}, seed, ["human", "human"])
    assert m.resolve_chance().ok
    before = m.state.notation()
    res = m.resolve_chance()
    assert not res.ok and res.reason.strip() and m.state.notation() == before
    assert m.commands[-1].seat == CHANCE


def test_undo_turn_takes_back_a_whole_program_laid_card_by_card_and_redo_lays_it_again() -> None:
    """Undo goes back one step, or to the start of the seat's turn: Rally's planning is many
    steps (a card into a slot each), and undo_turn takes all of them back at once, never
    further than the deal before them (new information)."""
    import random

    from game.rally.commands import ProgramCard
    from tests.random_play import random_match

    m = Match(get_game("rally"), {}, 4, ["human", "human"])
    r = random.Random(4)
    while not (m.state.phase == "planning" and 0 in m.to_act()):  # type: ignore[attr-defined]
        random_match(m, r, 1)
    start = len(m.commands)
    start_view = m.state.view(0)
    laid = 0
    for _ in range(3):
        card = next((c for c in m.state.candidates(0) if isinstance(c, ProgramCard)), None)
        if card is None:
            break
        assert m.submit(card).ok
        laid += 1
    assert laid >= 2, "a hand to program from"
    assert m.turn_start(0) == start and m.undo_point(0) == len(m.commands) - 1
    assert m.undo_turn(0).ok
    assert len(m.commands) == start and m.state.view(0) == start_view
    assert m.redo(0).ok and len(m.commands) == start + laid
    assert m.undo_turn(0).ok and m.turn_start(0) is None, "the deal before the turn is a barrier"


def test_undo_turn_is_one_step_where_a_turn_is_one_command() -> None:
    m = Match(OC, {}, 1, ["human", "human"])
    to_place_turn(m)
    assert m.submit(Place(1, (2, 2))).ok
    assert m.turn_start(1) == m.undo_point(1) == 1


def _play_until_human_order_moved_and_computer_replied(seats: list[str], reply: bool = True
                                                      ) -> tuple[Match, int, str, list]:
    """Seat 0 (Order in the first half, a person) slides; then Chaos draws (and places)."""
    m = Match(OC, {}, 7, seats)
    while True:  # to Order's first real move
        actor = m.to_act()[0]
        if actor == CHANCE:
            assert m.resolve_chance().ok
        elif actor == 1:
            assert m.submit(m.state.candidates(1)[0]).ok
        else:
            slide = next((c for c in m.state.candidates(0) if isinstance(c, Slide)), None)
            if slide is not None:
                break
            assert m.submit(Pass(0)).ok
    point = len(m.commands)
    before = m.state.notation()
    assert m.submit(slide).ok
    assert m.resolve_chance().ok  # the bag's next counter: new information
    drawn = [e for e in m.log if e.ply == len(m.commands)]
    if reply:
        assert m.submit(m.state.candidates(1)[0]).ok
    return m, point, before, drawn


def test_alone_against_a_computer_undo_goes_across_the_draw_and_the_same_counter_comes_again() -> None:
    """Issue 15: the bag's order is in the state, so the counter taken back comes out again."""
    m, point, before, drawn = _play_until_human_order_moved_and_computer_replied(["human", "greedy"])
    assert m.undo_point(0) == point
    assert m.undo(0).ok and m.state.notation() == before
    slide = next(c for c in m.state.candidates(0) if isinstance(c, Slide))
    assert m.submit(slide).ok and m.resolve_chance().ok
    again = [e for e in m.log if e.ply == len(m.commands)]
    assert [e.event for e in again] == [e.event for e in drawn]


def test_between_people_undo_still_stops_at_the_draw() -> None:
    m, _, _, _ = _play_until_human_order_moved_and_computer_replied(["human", "human"], reply=False)
    assert m.undo_point(0) is None
    assert "revealed" in (m.undo_refusal(0) or "")
