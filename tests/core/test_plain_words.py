"""A command's words for a decision button and the replay's caption (`protocol.plain_words`)."""

from __future__ import annotations

from game.core.protocol import plain_words
from game.skirmish.commands import EndStep, Stop
from game.skirmish.game import SKIRMISH


def test_a_bare_tag_reads_as_words_not_an_identifier() -> None:
    """The replay's caption read "Computer: End_step" (a skirmish activation's step ended)."""
    assert plain_words(EndStep(0)) == "End step"
    assert SKIRMISH.describe_command(SKIRMISH.new({}, seed=1), EndStep(0)) == "End step"


def test_a_command_with_its_own_text_keeps_it_with_a_capital() -> None:
    text = Stop(0).describe()
    assert plain_words(Stop(0)) == text[:1].upper() + text[1:]
