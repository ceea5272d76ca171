"""Save files: every kind of broken save gives a one-line SaveFileError, and
writes are atomic (temp file + rename; a failure never leaves a half file)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import game.core.match as match_mod
from game.core.errors import SaveFileError
from game.core.match import SAVE_VERSION, Match, read_json, write_json_atomic
from game.core.protocol import CHANCE, by_itself
from game.core.registry import get_game
from tests.random_play import random_match

OC = get_game("order-chaos")


def _played_match(steps: int = 12, seed: int = 3) -> Match:
    """A match a few turns in, every command legal (chosen at random)."""
    return random_match(Match(OC, {}, seed, ["human", "human"]), random.Random(seed), steps)


def _good() -> dict:
    return json.loads(json.dumps(_played_match().to_json()))


def _assert_one_line_save_error(exc: SaveFileError) -> None:
    msg = str(exc)
    assert msg.strip(), "the message must say something"
    assert "\n" not in msg and "\r" not in msg, f"not one line: {msg!r}"


# --- broken files on disk --------------------------------------------------------

def _write(path: Path, content: bytes | str) -> Path:
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


FILE_CASES = {
    "missing file": lambda d: d / "nope.json",
    "folder": lambda d: (d / "a_folder").mkdir() or (d / "a_folder"),
    "empty": lambda d: _write(d / "empty.json", ""),
    "whitespace only": lambda d: _write(d / "blank.json", "  \n\t\n"),
    "not JSON": lambda d: _write(d / "text.json", "hello, this is a letter"),
    "truncated JSON": lambda d: _write(d / "cut.json", json.dumps(_good())[:57]),
    "binary garbage": lambda d: _write(d / "bin.json", bytes(range(256)) * 4),
    "JSON array": lambda d: _write(d / "arr.json", "[1, 2, 3]"),
    "JSON string": lambda d: _write(d / "str.json", '"a save"'),
    "deeply nested": lambda d: _write(d / "deep.json", "[" * 100000 + "]" * 100000),
}


@pytest.mark.parametrize("kind", sorted(FILE_CASES))
def test_broken_file_gives_one_line_save_file_error(kind: str, tmp_path: Path) -> None:
    path = FILE_CASES[kind](tmp_path)
    with pytest.raises(SaveFileError) as info:
        Match.load(path)
    _assert_one_line_save_error(info.value)


def test_missing_file_message_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    with pytest.raises(SaveFileError, match="gone.json"):
        read_json(path)


# --- well-formed JSON with bad contents ----------------------------------------------

def _mutate(fn):
    def build() -> object:
        data = _good()
        out = fn(data)
        return data if out is None else out
    return build


def _set(key, value):
    return _mutate(lambda d: d.__setitem__(key, value))


def _drop(key):
    return _mutate(lambda d: d.pop(key))


def _append_cmd(raw):
    return _mutate(lambda d: d["commands"].append(raw))


def _illegal_mid_list(d: dict) -> None:
    # Insert a Pass by Chaos at a point where the bag must draw: never legal.
    d["commands"].insert(3, {"type": "pass", "seat": 1})
    return None


CONTENT_CASES = {
    "wrong format": _set("format", "some-other-app"),
    "missing format": _drop("format"),
    "newer version": _set("version", SAVE_VERSION + 1),
    "version zero": _set("version", 0),
    "version is text": _set("version", "1"),
    "version is bool": _set("version", True),
    "missing game": _drop("game"),
    "missing config": _drop("config"),
    "missing seed": _drop("seed"),
    "missing seats": _drop("seats"),
    "missing commands": _drop("commands"),
    "game is a number": _set("game", 7),
    "config is a list": _set("config", [7]),
    "seed is text": _set("seed", "42"),
    "seed is bool": _set("seed", False),
    "seed is float": _set("seed", 4.5),
    "seats is a dict": _set("seats", {"0": "human"}),
    "commands is a dict": _set("commands", {}),
    "seat kind not text": _set("seats", ["human", 3]),
    "unknown game": _set("game", "tic-tac-toe"),
    "bad config value": _set("config", {"size": 6}),
    "unknown config key": _set("config", {"colours": 9}),
    "config switch not bool": _set("config", {"fair_draws": "yes"}),
    "too few seats": _set("seats", ["human"]),
    "too many seats": _set("seats", ["human"] * 3),
    "names not a list": _set("names", "Anna"),
    "a name not text": _set("names", ["Anna", 7]),
    "a name too long": _set("names", ["A" * 200, ""]),
    "more names than seats": _set("names", ["A", "B", "C"]),
    "unknown command type": _append_cmd({"type": "teleport", "seat": 0}),
    "command not an object": _append_cmd(["place", 1, [0, 0]]),
    "command missing field": _append_cmd({"type": "slide", "seat": 0, "src": [0, 0]}),
    "command cell is a number": _append_cmd({"type": "place", "seat": 1, "cell": 5}),
    "illegal command mid-list": _mutate(_illegal_mid_list),
    "command from the wrong seat": _append_cmd({"type": "pass", "seat": 5}),
    "draw of an exhausted colour": _mutate(
        lambda d: d.__setitem__("commands", [{"type": "draw", "seat": CHANCE, "colour": 0}] * 9)),
}


@pytest.mark.parametrize("kind", sorted(CONTENT_CASES))
def test_bad_contents_give_one_line_save_file_error(kind: str, tmp_path: Path) -> None:
    data = CONTENT_CASES[kind]()
    with pytest.raises(SaveFileError) as info:
        Match.from_json(data)
    _assert_one_line_save_error(info.value)
    # Same through a real file.
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveFileError):
        Match.load(path)


def test_illegal_command_message_names_the_move_number() -> None:
    data = _good()
    _illegal_mid_list(data)
    with pytest.raises(SaveFileError, match=r"move 4\b"):
        Match.from_json(data)


def test_newer_version_message_says_newer() -> None:
    data = _good()
    data["version"] = SAVE_VERSION + 5
    with pytest.raises(SaveFileError, match="newer"):
        Match.from_json(data)


@pytest.mark.parametrize("cell", [[9, 0], [0, 12], [1], [1, 2, 3], ["a", "b"], [1.5, 2], [None, 0], []])
def test_bug_malformed_place_cell_gives_save_file_error_not_crash(cell) -> None:
    """Bug: a save whose command had a cell of the wrong shape or type (e.g.
    [9, 0], [1], ["a", "b"]) crashed the loader with IndexError/TypeError from
    deep in the engine instead of the promised one-line SaveFileError."""
    data = _good()
    m = Match.from_json(data)
    while by_itself(m.to_act()) or m.state.phase != "place":  # reach a Place turn
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(m.state.candidates(m.to_act()[0])[0])
    data = m.to_json()
    data["commands"].append({"type": "place", "seat": m.to_act()[0], "cell": cell})
    with pytest.raises(SaveFileError) as info:
        Match.from_json(json.loads(json.dumps(data)))
    _assert_one_line_save_error(info.value)


@pytest.mark.parametrize("src,dst", [([1.5, 0], [2, 0]), ([0, 0], ["x", 0]), ([0], [0, 1]), ([8, 8], [9, 9])])
def test_bug_malformed_slide_cells_give_save_file_error_not_crash(src, dst) -> None:
    """Same bug as above, for Slide: malformed src/dst must not crash the loader."""
    m = Match(OC, {}, 11, ["human", "human"])
    m.resolve_chance()
    m.submit(m.state.candidates(m.to_act()[0])[0])  # Chaos places; now Order's turn
    data = m.to_json()
    data["commands"].append({"type": "slide", "seat": m.to_act()[0], "src": src, "dst": dst})
    with pytest.raises(SaveFileError) as info:
        Match.from_json(json.loads(json.dumps(data)))
    _assert_one_line_save_error(info.value)


def test_good_save_loads_to_same_position(tmp_path: Path) -> None:
    m = _played_match(steps=40, seed=8)
    path = tmp_path / "s.json"
    m.save(path)
    loaded = Match.load(path)
    assert loaded.state.notation() == m.state.notation()
    assert loaded.commands == m.commands
    assert loaded.seats == m.seats


# --- atomic writes -------------------------------------------------------------

def test_atomic_write_leaves_only_the_file(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    write_json_atomic(path, {"a": 1})
    write_json_atomic(path, {"a": 2})
    assert sorted(os.listdir(tmp_path)) == ["auto.json"]
    assert json.loads(path.read_text()) == {"a": 2}


def test_atomic_write_creates_missing_folders(tmp_path: Path) -> None:
    path = tmp_path / "x" / "y" / "save.json"
    write_json_atomic(path, [1, 2])
    assert json.loads(path.read_text()) == [1, 2]


def test_failed_write_keeps_the_old_file_and_no_temp(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "save.json"
    m = _played_match(steps=20)
    m.save(path)
    old_bytes = path.read_bytes()

    def dump_then_fail(data, fh, **kw):
        fh.write('{"format": "entropy-tabletop-save", "commands": [')  # half a file
        raise OSError("disk full")

    monkeypatch.setattr(match_mod.json, "dump", dump_then_fail)
    more = _played_match(steps=30)
    with pytest.raises(OSError, match="disk full"):
        more.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == old_bytes
    assert sorted(os.listdir(tmp_path)) == ["save.json"]
    assert Match.load(path).state.notation() == m.state.notation()


def test_autosave_failure_does_not_stop_the_game(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "auto.json"
    m = Match(OC, {}, 1, ["human", "human"], autosave_path=path)
    assert m.resolve_chance().ok
    assert m.submit(m.state.candidates(m.to_act()[0])[0]).ok  # kept from a person's first move
    saved = path.read_bytes()

    def fail(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(match_mod.json, "dump", fail)
    cmd = m.state.candidates(m.to_act()[0])[0]
    assert m.submit(cmd).ok
    monkeypatch.undo()
    assert path.read_bytes() == saved  # the previous autosave is intact
    assert sorted(os.listdir(tmp_path)) == ["auto.json"]


def test_autosave_after_every_command(tmp_path: Path) -> None:
    path = tmp_path / "auto.json"
    m = Match(OC, {}, 2, ["human", "human"], autosave_path=path)
    r = random.Random(2)
    for _ in range(9):
        if by_itself(m.to_act()):
            m.resolve_chance()
        else:
            m.submit(r.choice(m.state.candidates(m.to_act()[0])))
        if not m.person_moved():  # the bag's first draw: no person has moved, nothing kept yet
            assert not path.exists()
            continue
        assert Match.load(path).state.notation() == m.state.notation()
