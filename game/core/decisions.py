"""What is being decided now: `State.pending()`'s answer, one `Decision` per seat that acts.

A screen that does not draw a decision itself can draw it from this alone (its kind, its
options or the open choice it asks for, whether it may be skipped); the AI and the tests can
ask the same without knowing the game. The default (`pending_of`) is built from `to_act` and
`candidates`; games name their decisions (`kind`) and say which are open or skippable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.seats import AUTO, CHANCE, Seat

if TYPE_CHECKING:
    from game.core.protocol import Command, State

OPEN_KINDS = ("point", "amount", "program", "sample")
"""What an open choice asks for when its options cannot be listed: a point on a table, an
amount or split, a sequence of cards, or a chance outcome that is only sampled."""


@dataclass(frozen=True)
class Decision:
    """One seat's decision now."""

    seat: Seat
    """Who decides: a seat, CHANCE or AUTO."""
    kind: str
    """What is decided, a tag of the game's ("place", "choose_action", "distribute"); "chance"
    and "auto" for the pseudo-seats."""
    options: tuple[Command, ...] = ()
    """The choices, when they can be listed (all legal). With `open_choice` set, only a sample."""
    open_choice: str | None = None
    """None when `options` are all the choices; else what the open choice asks for (OPEN_KINDS)."""
    skippable: bool = False
    """Whether one of the choices declines, passes or finishes without doing anything."""


def pending_of(state: State, kind: str = "choose", open_choice: str | None = None,
               skippable: bool = False) -> tuple[Decision, ...]:
    """The default answer: a decision per actor, its options the seat's candidates; `kind`,
    `open_choice` and `skippable` describe the seats' decisions (not chance's or AUTO's)."""
    out: list[Decision] = []
    for seat in state.to_act():
        if seat == CHANCE:
            listed = bool(state.chance_outcomes())
            out.append(Decision(CHANCE, "chance", tuple(state.candidates(CHANCE)),
                                None if listed else "sample"))
        elif seat == AUTO:
            out.append(Decision(AUTO, "auto", tuple(state.candidates(AUTO))))
        else:
            out.append(Decision(seat, kind, tuple(state.candidates(seat)), open_choice, skippable))
    return tuple(out)
