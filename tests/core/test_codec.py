"""CommandCodec: JSON round trips of commands, and clear errors on bad data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.protocol import CHANCE, Command, CommandCodec
from game.order_chaos.commands import CODEC, Draw, Pass, Place, Slide


@dataclass(frozen=True)
class _Hop(Command):
    TAG: ClassVar[str] = "hop"
    path: tuple[tuple[int, int], ...]
    note: str | None = None


@dataclass(frozen=True)
class _Nudge(Command):
    TAG: ClassVar[str] = "nudge"
    to: tuple[float, float]


TEST_CODEC = CommandCodec(_Hop, _Nudge)

cells = st.tuples(st.integers(-3, 12), st.integers(-3, 12))
seats = st.integers(-1, 3)
oc_commands = st.one_of(
    st.builds(Draw, st.just(CHANCE), st.integers(0, 6)),
    st.builds(Place, seats, cells),
    st.builds(Slide, seats, cells, cells),
    st.builds(Pass, seats),
)


def _through_json(cmd: Command) -> object:
    return json.loads(json.dumps(cmd.to_json()))


@given(oc_commands)
def test_order_chaos_commands_round_trip(cmd: Command) -> None:
    back = CODEC.decode(_through_json(cmd))
    assert back == cmd
    assert type(back) is type(cmd)
    assert hash(back) == hash(cmd)


@given(st.builds(_Hop, seats, st.lists(cells, max_size=5).map(tuple), st.one_of(st.none(), st.text(max_size=5))),)
def test_variable_length_tuples_and_optionals_round_trip(cmd: _Hop) -> None:
    assert TEST_CODEC.decode(_through_json(cmd)) == cmd


@given(st.builds(_Nudge, seats, st.tuples(st.floats(-50, 50), st.floats(-50, 50))))
def test_points_round_trip(cmd: _Nudge) -> None:
    assert TEST_CODEC.decode(_through_json(cmd)) == cmd


def test_json_form_is_tagged() -> None:
    data = Slide(0, (1, 2), (1, 5)).to_json()
    assert data["type"] == "slide"
    assert data["src"] == [1, 2] and data["dst"] == [1, 5] and data["seat"] == 0


@pytest.mark.parametrize("raw", [
    [],
    "place",
    None,
    {"seat": 0},
    {"type": "nope", "seat": 0},
    {"type": 5, "seat": 0},
    {"type": "slide", "seat": 0, "src": [0, 0]},
    {"type": "place", "cell": [0, 0]},
    {"type": "place", "seat": 0, "cell": 4},
])
def test_bad_data_raises_value_error(raw) -> None:
    with pytest.raises(ValueError):
        CODEC.decode(raw)


@pytest.mark.parametrize("cell", [[1, 2, 3], [1], [], "ab"])
def test_bug_wrong_length_tuple_is_refused_not_truncated(cell) -> None:
    """Bug: the codec built fixed-length tuples with zip(), so a cell [1, 2, 3]
    silently became (1, 2), [1] became (1,) and the string "ab" became
    ('a', 'b'); a corrupt save then loaded as a different game. Now a wrong
    length or a non-list is a ValueError that names the command."""
    with pytest.raises(ValueError, match="place"):
        CODEC.decode({"type": "place", "seat": 0, "cell": cell})


def test_codec_rejects_duplicate_and_missing_tags() -> None:
    with pytest.raises(TypeError):
        CommandCodec(Place, Place)

    @dataclass(frozen=True)
    class _NoTag(Command):
        pass

    with pytest.raises(TypeError):
        CommandCodec(_NoTag)
