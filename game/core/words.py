"""The log's data: entries (who acted, what happened) and the lines a game words them into.

A game turns events into words in one place (`Game.describe_log`, a `words` module in its
package); a line carries a `tone` instead of a colour, so the engine stays free of drawing
and each screen picks its own colours: `PLAIN`, `QUIET` (background noise: a draw, a deal),
`HEADLINE` (a round, the end), `ALERT` (a clash, a loss), `SEAT` (in `seat`'s colour) and any
game-specific tone its screen knows (Order & Chaos's "order" and "chaos").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.protocol import Event
    from game.core.seats import Seat

PLAIN = "plain"
QUIET = "quiet"
HEADLINE = "headline"
ALERT = "alert"
SEAT = "seat"

KEEP = "\u00a0"
"""A space a line never breaks at (a no-break space): a log line keeps a coordinate with the
word before it ("to\u00a0Gf", "Crimson\u00a0Ff"); the screens' wrapping honours it
(`scenes.sprites.text.words_of`)."""


@dataclass(frozen=True)
class LogEntry:
    """One entry of the game log: the seat whose command caused it, and one event."""

    ply: int
    seat: Seat
    event: Event


@dataclass(frozen=True)
class Line:
    """One line of the log in words, with its tone (see the module docstring); `seat` is the
    seat a `SEAT` line is coloured by."""

    text: str
    tone: str = PLAIN
    seat: int = -1


YOU = "You"
"""The table's name for the person at the screen: "You deploy", "your table"."""


def verb(who: str, words: str) -> str:
    """`words` (third person: "deploys first") after `who`, in the second person for You
    ("You deploy first", "You catch", "You have")."""
    if who != YOU:
        return words
    first, _, rest = words.partition(" ")
    irregular = {"goes": "go", "has": "have", "is": "are", "does": "do"}
    if first in irregular:
        plain = irregular[first]
    elif first.endswith(("ches", "shes", "sses", "xes", "zes")):
        plain = first[:-2]
    else:
        plain = first[:-1] if first.endswith("s") else first
    return " ".join(w for w in (plain, rest.replace("their", "your")) if w)


def owner(who: str) -> str:
    return "your" if who == YOU else f"{who}'s"
