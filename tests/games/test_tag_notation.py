"""Commands without fields whose notation is their tag use `Command.describe`'s default (the
tag) rather than each repeating it: the text stays the same and reads back as the command."""

from __future__ import annotations

import pytest

from game.core.protocol import AUTO, Command, Game
from game.order_chaos.commands import Pass
from game.order_chaos.game import ORDER_CHAOS
from game.worlds_collide.commands import Decline, Done, PickNexus, Resolve, Reveal
from game.worlds_collide.game import WORLDS_COLLIDE

CASES: list[tuple[Game, Command, str]] = [
    (ORDER_CHAOS, Pass(0), "pass"),
    (WORLDS_COLLIDE, Reveal(AUTO), "reveal"),
    (WORLDS_COLLIDE, Resolve(1), "resolve"),
    (WORLDS_COLLIDE, Decline(2), "decline"),
    (WORLDS_COLLIDE, Done(0), "done"),
    (WORLDS_COLLIDE, PickNexus(1), "nexus"),  # its own text, not the tag
]


@pytest.mark.parametrize("game,command,text", CASES, ids=[c[2] for c in CASES])
def test_fieldless_commands_keep_their_text_and_read_back(game: Game, command: Command, text: str) -> None:
    assert command.describe() == text
    state = game.new({}, 1)
    assert game.parse_command(command.seat, text, state) == command
