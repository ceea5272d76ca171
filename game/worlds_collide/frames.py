"""The frames of Worlds Collide's decision stack: one frozen, typed record per pending task.

The top frame is the decision being made now (who decides, and about what); resolving an
Action pushes the frames it needs (a draw, then a keep) and `rules._advance` pops the ones
that have nothing left to decide. `code()` is a frame as the notation writes it: its kind
number first, then its fields, as the stack's integer tuples were written before frames.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from game.core.seats import Seat

PICKCHAR, DEALCHAR, DRAW, REVEAL, ACT, CENE2, MARYPICK, KEEP = range(8)
P_DEAL, P_HOLD, P_EXPOSE, P_MARY = range(4)
"""Why a Shard is drawn: dealt at set-up, into a Hold, revealed by Expose, revealed by Mary."""
R_ROUND, R_EXPOSE, R_KINTRIEL, R_STEAL = range(4)
"""What a reveal shows: the round's Actions, a Hold's Shard (Expose, Kintriel), a stolen Shard."""


@dataclass(frozen=True, slots=True)
class Frame:
    KIND: ClassVar[int] = -1

    def code(self) -> tuple[int, ...]:
        return (self.KIND, *(getattr(self, f.name) for f in dataclasses.fields(self)))


@dataclass(frozen=True, slots=True)
class PickingCharacter(Frame):
    """Chosen Characters: `seat` picks one."""

    KIND: ClassVar[int] = PICKCHAR
    seat: Seat


@dataclass(frozen=True, slots=True)
class DealingCharacter(Frame):
    """Chance deals the next Character (then the extra set)."""

    KIND: ClassVar[int] = DEALCHAR


@dataclass(frozen=True, slots=True)
class Drawing(Frame):
    """Chance: the top Shard of the Nexus, drawn for `seat` for `purpose` (P_*)."""

    KIND: ClassVar[int] = DRAW
    seat: Seat
    purpose: int


@dataclass(frozen=True, slots=True)
class Revealing(Frame):
    """The engine's own step (AUTO): the round's reveal, or a Shard in a Hold turned up or
    seen (`what`: R_*; `a`, `b`: the Hold's owner and the seat that reveals or steals)."""

    KIND: ClassVar[int] = REVEAL
    what: int
    a: int = 0
    b: int = 0


@dataclass(frozen=True, slots=True)
class Acting(Frame):
    """`seat` resolves or declines `action`; `play` is its index in the round's plays, -1
    when resolved through an ability (Advaranau, Jessup). `ability` is the Character whose
    ability an Unleash acts as when it is not the seat's own (Jessup resolving an opponent's
    played Unleash), -1 otherwise."""

    KIND: ClassVar[int] = ACT
    seat: Seat
    action: int
    play: int
    ability: int = -1

    def code(self) -> tuple[int, ...]:
        """As before the borrowed ability existed, with it appended only when there is one."""
        base = (self.KIND, self.seat, self.action, self.play)
        return base if self.ability < 0 else (*base, self.ability)


@dataclass(frozen=True, slots=True)
class TakingMore(Frame):
    """Cene C may take another Shard from the Discard (`left` more at most), or stop."""

    KIND: ClassVar[int] = CENE2
    seat: Seat
    left: int


@dataclass(frozen=True, slots=True)
class MaryTaking(Frame):
    """Mary takes one of the Shards her ability revealed."""

    KIND: ClassVar[int] = MARYPICK
    seat: Seat


@dataclass(frozen=True, slots=True)
class Keeping(Frame):
    """`seat`'s Hold overflows: it keeps one Shard and discards the rest."""

    KIND: ClassVar[int] = KEEP
    seat: Seat


SEATED = (PickingCharacter, Drawing, Acting, TakingMore, MaryTaking, Keeping)
"""The frames that name a seat (`frame.seat`)."""
