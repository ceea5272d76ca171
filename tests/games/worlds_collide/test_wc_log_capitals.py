"""Play-test (eighth session): a log line read "the Wild Shard in Mary's Hold is revealed.",
starting in lower case. A line that opens with a Shard's name starts with a capital."""

from __future__ import annotations

import pytest

from game.worlds_collide.cards import WILD
from game.worlds_collide.commands import ShardDiscarded, ShardRevealed
from game.worlds_collide.words import describe

NAMES = ["Mary", "Jessup"]


@pytest.mark.parametrize("event", [ShardRevealed(WILD, "hold:0"), ShardDiscarded(WILD, "hold:1"),
                                   ShardDiscarded(3, "nexus")])
def test_a_line_opening_with_a_shard_starts_with_a_capital(event: object) -> None:
    line = describe(event, NAMES, 0)  # type: ignore[arg-type]
    assert line and line[0].isupper(), line
