"""`Match.take_backs`: undo leaves a note for the log, where the log stood after it, naming the
seat's own entries it took back; a deeper undo later moves earlier notes to the new end."""

from __future__ import annotations

from game.core.match import Match
from game.core.registry import get_game
from game.order_chaos.commands import CounterPlaced, Pass, Place


def test_undo_notes_what_it_took_back_and_keeps_notes_in_order() -> None:
    match = Match(get_game("order-chaos"), {"size": 5}, 2, ["greedy", "human"])
    match.resolve_chance()
    assert match.submit(Place(1, (0, 0))).ok
    assert match.submit(Pass(0)).ok
    match.resolve_chance()
    assert match.submit(Place(1, (1, 1))).ok
    assert match.undo(1).ok  # takes back the placement on Bb
    [note] = match.take_backs
    assert note.seat == 1 and note.at == len(match.log)
    assert [type(e.event) for e in note.entries] == [CounterPlaced]
    assert note.entries[0].event.cell == (1, 1)  # type: ignore[attr-defined]
    first_at = note.at
    assert match.undo(1).ok  # alone against the computer: across the draw, back to the placement on Aa
    assert len(match.take_backs) == 2 and len(match.log) < first_at
    assert match.take_backs[0].at == match.take_backs[1].at == len(match.log)
    assert match.take_backs[1].entries[0].event.cell == (0, 0)  # type: ignore[attr-defined]
