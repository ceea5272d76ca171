"""The log says a formation's move as one line (helper's note, seventeenth session: a group move
of three Tile Shields wrote three "moves" lines); a push of several models by an ability stays
one line per model, as each was pushed its own way."""

from __future__ import annotations

from game.core.words import LogEntry
from game.skirmish.commands import AbilityUsed, Deployed, Moved
from game.skirmish.words import describe_log

NAMES = ["You", "Computer"]


def _deployed(*units: str) -> list[LogEntry]:
    return [LogEntry(k, 0, Deployed(0, k, (5.0 + 2 * k, 5.0), unit, "tessellate")) for k, unit in enumerate(units)]


def _moved(model: int, length: float, climb: float = 0.0) -> Moved:
    return Moved(model, ((0.0, 0.0), (length, 0.0)), length, climb)


def test_a_formation_moved_as_one_is_one_line_naming_every_model() -> None:
    """In number order, whichever was picked up; the shortest and longest distance."""
    ply = 10
    entries = _deployed("tile_shield", "tile_shield", "tile_shield") + [
        LogEntry(ply, 0, _moved(1, 4.0)), LogEntry(ply, 0, _moved(0, 4.0)), LogEntry(ply, 0, _moved(2, 4.6))]
    lines = [line.text for line in describe_log(entries, NAMES, 0)]
    moves = [text for text in lines if "move" in text]
    assert moves == ["Tile Shield 1, 2 and 3 move together, 4.0\u20134.6\""], lines


def test_models_of_different_units_are_named_in_full_and_an_equal_distance_once() -> None:
    entries = _deployed("tile_shield", "tile_pike") + [LogEntry(7, 0, _moved(0, 3.0)), LogEntry(7, 0, _moved(1, 3.04))]
    lines = [line.text for line in describe_log(entries, NAMES, 0)]
    assert [t for t in lines if "move" in t] == ["Tile Shield 1 and Tile Pike 1 move together, 3.0\""], lines


def test_a_single_move_and_a_push_of_several_keep_a_line_each() -> None:
    entries = _deployed("tile_shield", "tile_shield") + [
        LogEntry(5, 0, _moved(0, 2.5)),
        LogEntry(6, 0, AbilityUsed(0, 0, -1)), LogEntry(6, 0, _moved(0, 1.0)), LogEntry(6, 0, _moved(1, 1.0))]
    lines = [line.text for line in describe_log(entries, NAMES, 0)]
    assert [t for t in lines if "move" in t] == ["Tile Shield 1 moves 2.5\"", "Tile Shield 1 moves 1.0\"",
                                                 "Tile Shield 2 moves 1.0\""], lines
