"""Worlds Collide commands and events: small frozen dataclasses.

Cards are small ints: Shard `4 * character + position` (0..23), the Wild Shard
24. Actions are their initiative, 1 (Unleash) .. 6 (Shift). Seats are 0..3.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.protocol import CHANCE, Command, CommandCodec, Event, Seat
from game.worlds_collide.cards import ACTION_NAMES, CHARACTER_NAMES, card_name

# --- set-up ---------------------------------------------------------------------


@dataclass(frozen=True)
class PickCharacter(Command):
    """'Chosen characters': the seat to pick takes this Character."""

    TAG: ClassVar[str] = "pick_character"
    character: int

    def describe(self) -> str:
        return f"character {CHARACTER_NAMES[self.character]}"


@dataclass(frozen=True)
class DealCharacter(Command):
    """Chance: the next Character dealt (to the next seat, then the extra set's)."""

    TAG: ClassVar[str] = "deal_character"
    character: int

    def describe(self) -> str:
        return f"deal {CHARACTER_NAMES[self.character]}"


@dataclass(frozen=True)
class Draw(Command):
    """Chance: the Shard that comes off the top of the Nexus."""

    TAG: ClassVar[str] = "draw"
    card: int

    def describe(self) -> str:
        return f"draw {card_name(self.card)}"


@dataclass(frozen=True)
class Reveal(Command):
    """The engine's own step (AUTO): hidden facts are turned face up (the actions chosen in
    secret, or a Shard in a Hold). Undo never crosses it because its events say they reveal."""

    TAG: ClassVar[str] = "reveal"


# --- a round ----------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseAction(Command):
    """Choose, in secret, the Action to play this round."""

    TAG: ClassVar[str] = "choose"
    action: int

    def describe(self) -> str:
        return f"choose {ACTION_NAMES[self.action]}"


@dataclass(frozen=True)
class Resolve(Command):
    """Carry out the pending Action (one with no target: Fracture, Reset, Shift, Mary)."""

    TAG: ClassVar[str] = "resolve"


@dataclass(frozen=True)
class Decline(Command):
    """Choose not to resolve the pending Action (it still counts as played)."""

    TAG: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Done(Command):
    """Stop taking (Cene C's ability after the first Shard)."""

    TAG: ClassVar[str] = "done"


@dataclass(frozen=True)
class PickNexus(Command):
    """Expose or Telekinesis aimed at the Nexus."""

    TAG: ClassVar[str] = "pick_nexus"

    def describe(self) -> str:
        return "nexus"


@dataclass(frozen=True)
class PickDiscard(Command):
    """Telekinesis or Cene C's ability takes this Shard from the Discard."""

    TAG: ClassVar[str] = "pick_discard"
    card: int

    def describe(self) -> str:
        return f"discard {card_name(self.card)}"


@dataclass(frozen=True)
class PickHold(Command):
    """Expose, Telekinesis or Kintriel's ability aimed at `owner`'s Hold."""

    TAG: ClassVar[str] = "pick_hold"
    owner: Seat

    def describe(self) -> str:
        return f"hold {self.owner + 1}"


@dataclass(frozen=True)
class PickAction(Command):
    """Advaranau or Ronin: an Action from their hand (owner = themself);
    Jessup: a played Action on the table (owner = whose it is)."""

    TAG: ClassVar[str] = "pick_action"
    owner: Seat
    action: int

    def describe(self) -> str:
        return f"pick {self.owner + 1}:{ACTION_NAMES[self.action]}"


@dataclass(frozen=True)
class TakeRevealed(Command):
    """Mary's ability: take this one of the Shards it revealed."""

    TAG: ClassVar[str] = "take"
    card: int

    def describe(self) -> str:
        return f"take {card_name(self.card)}"


@dataclass(frozen=True)
class Keep(Command):
    """The Hold overflows: keep this Shard, discard the rest."""

    TAG: ClassVar[str] = "keep"
    card: int

    def describe(self) -> str:
        return f"keep {card_name(self.card)}"


CODEC = CommandCodec(PickCharacter, DealCharacter, Draw, Reveal, ChooseAction, Resolve, Decline, Done,
                     PickNexus, PickDiscard, PickHold, PickAction, TakeRevealed, Keep)

# --- events ---------------------------------------------------------------------------
# One per thing that happens. `audience` None = every seat sees it.


@dataclass(frozen=True)
class CharacterAssigned(Event):
    TAG: ClassVar[str] = "character_assigned"
    seat: Seat
    character: int


@dataclass(frozen=True)
class NexusFormed(Event):
    TAG: ClassVar[str] = "nexus_formed"
    extra_character: int
    size: int


@dataclass(frozen=True)
class ActionChosen(Event):
    """A seat has chosen (what it chose is in `action` only for its own eyes; 0 for others)."""

    TAG: ClassVar[str] = "action_chosen"
    PRIVATE: ClassVar[Mapping[str, Any]] = {"action": 0}
    seat: Seat
    action: int
    audience: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class ActionsRevealed(Event):
    TAG: ClassVar[str] = "actions_revealed"
    REVEALS: ClassVar[bool] = True
    actions: tuple[int, ...]
    """Per seat, the Action revealed."""


@dataclass(frozen=True)
class Clash(Event):
    """Seats played the same Action; `preempt`: Ronin's face-up play met the others' (Ronin first)."""

    TAG: ClassVar[str] = "clash"
    action: int
    seats: tuple[Seat, ...]
    preempt: bool = False


@dataclass(frozen=True)
class AnchorUsed(Event):
    TAG: ClassVar[str] = "anchor_used"
    seat: Seat
    action: int


@dataclass(frozen=True)
class ActionResolving(Event):
    """`how`: "" for an Action of one's own, "persuade" (Advaranau: one still in hand) or
    "deceive" (Jessup: `owner`'s played Action)."""

    TAG: ClassVar[str] = "action_resolving"
    seat: Seat
    action: int
    how: str = ""
    owner: Seat = -1


@dataclass(frozen=True)
class ActionDeclined(Event):
    TAG: ClassVar[str] = "action_declined"
    seat: Seat
    action: int


@dataclass(frozen=True)
class ActionPlayed(Event):
    """An Action goes from a hand to the table outside the reveal: Ronin's
    second Action, or an Action an opponent discards to Advaranau."""

    TAG: ClassVar[str] = "action_played"
    seat: Seat
    action: int
    how: str


@dataclass(frozen=True)
class ShardTaken(Event):
    """`seat` took a Shard from `source` (nexus, discard, hold:N, revealed); `drawn`: drawn from
    the Nexus into its Hold. `card` is -1 in the copy shown to seats that may not see it."""

    TAG: ClassVar[str] = "shard_taken"
    PRIVATE: ClassVar[Mapping[str, Any]] = {"card": -1}
    seat: Seat
    source: str
    card: int
    revealed: bool
    audience: tuple[Seat, ...] | None = None
    drawn: bool = False

    def reveals(self) -> bool:
        """A Shard taken from a Hold shows the taker its face (a shrouded one was hidden)."""
        return self.source.startswith("hold:")


@dataclass(frozen=True)
class ShardRevealed(Event):
    """`card` turned face up at `where` (nexus, hold:N) by `by` (-1: by the Action's effect)."""

    TAG: ClassVar[str] = "shard_revealed"
    REVEALS: ClassVar[bool] = True
    card: int
    where: str
    by: Seat = -1


@dataclass(frozen=True)
class ShardLocked(Event):
    """`card` locked into `seat`'s Reality, its `count`th."""

    TAG: ClassVar[str] = "shard_locked"
    seat: Seat
    card: int
    count: int


@dataclass(frozen=True)
class ShardDiscarded(Event):
    """`card` went from `where` to the Discard, by `by`'s doing (-1: by the rules);
    `just_shown`: the log's previous line showed it (Kintriel's reveal)."""

    TAG: ClassVar[str] = "shard_discarded"
    card: int
    where: str
    by: Seat = -1
    just_shown: bool = False


@dataclass(frozen=True)
class ShardKept(Event):
    """The Shard `seat` kept; a shrouded one is private to it (others see -1)."""

    TAG: ClassVar[str] = "shard_kept"
    PRIVATE: ClassVar[Mapping[str, Any]] = {"card": -1}
    seat: Seat
    card: int
    audience: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class NexusReshuffled(Event):
    TAG: ClassVar[str] = "nexus_reshuffled"
    size: int


@dataclass(frozen=True)
class AnchorTaken(Event):
    TAG: ClassVar[str] = "anchor_taken"
    seat: Seat
    source: str


@dataclass(frozen=True)
class ActionsReturned(Event):
    """`seat` took `actions` back into its hand: by Reset, or (`emptied`) at the round's end
    because its hand was empty."""

    TAG: ClassVar[str] = "actions_returned"
    seat: Seat
    actions: tuple[int, ...]
    emptied: bool = False


@dataclass(frozen=True)
class NothingHappens(Event):
    """A step with nothing to do: `why` is "none_revealed" (Mary) or "empty" (no Shard left)."""

    TAG: ClassVar[str] = "nothing_happens"
    seat: Seat
    why: str


@dataclass(frozen=True)
class RoundStarted(Event):
    TAG: ClassVar[str] = "round_started"
    round: int


@dataclass(frozen=True)
class GameWon(Event):
    """`how`: "reality" (four Shards locked), "wild" (three and the Wild Shard) or
    "round_limit" (the most Shards locked, `best`, after round `limit`)."""

    TAG: ClassVar[str] = "game_won"
    winners: tuple[Seat, ...]
    how: str
    limit: int = 0
    best: int = 0


__all__ = ["CHANCE", "CODEC"]
