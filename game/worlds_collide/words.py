"""Worlds Collide's log in words, from the events' fields.

Players are called by their Characters, as the table shows them (the log learns who plays
whom from the `CharacterAssigned` events); only the line that ties a Character to a seat uses
the table's seat names ("You play Mary."). A secret (a shrouded Shard, a chosen Action) is
worded from the redacted copy the viewer gets, never cut out of a sentence. Tones
(`game.core.words`): `SEAT` for a player's doings (the screen colours them by Character),
`ALERT` for clashes, `HEADLINE` for reveals, rounds, the Anchor and the end, `QUIET` otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.protocol import Event, Seat, redact
from game.core.text import all_or_both, join_names
from game.core.words import ALERT, HEADLINE, QUIET, SEAT, Line, LogEntry
from game.worlds_collide.cards import ACTION_NAMES, CHARACTER_NAMES, card_long_name, card_name
from game.worlds_collide.commands import (
    ActionChosen,
    ActionDeclined,
    ActionPlayed,
    ActionResolving,
    ActionsReturned,
    ActionsRevealed,
    AnchorTaken,
    AnchorUsed,
    CharacterAssigned,
    Clash,
    GameWon,
    NexusFormed,
    NexusReshuffled,
    NothingHappens,
    RoundStarted,
    ShardDiscarded,
    ShardKept,
    ShardLocked,
    ShardRevealed,
    ShardTaken,
)

PLACES = {"nexus": "the Nexus", "discard": "the Discard", "revealed": "the revealed Shards"}


class Names:
    """How the log calls each seat: by Character once it has one, else by `called` (a name the
    caller knows, such as the view's player name), else "Player N"."""

    def __init__(self, characters: Mapping[Seat, int] | None = None, called: Sequence[str] = ()) -> None:
        self.characters: dict[Seat, int] = dict(characters or {})
        self.called = list(called)

    def __call__(self, seat: Seat) -> str:
        character = self.characters.get(seat, -1)
        if character >= 0:
            return CHARACTER_NAMES[character]
        return self.called[seat] if 0 <= seat < len(self.called) else f"Player {seat + 1}"

    def place(self, where: str) -> str:
        """A pile or a Hold in words: "the Nexus", "Mary's Hold"."""
        if where.startswith("hold:"):
            return f"{self(int(where[5:]))}'s Hold"
        return PLACES.get(where, where)


def win_reason(won: GameWon, names: Sequence[str]) -> str:
    """Why the game ended, in one sentence (the game-over card and the log's last line)."""
    first = names[won.winners[0]] if won.winners else ""
    if won.how == "reality":
        return f"{first} completed their Reality."
    if won.how == "wild":
        return f"{first} completed their Reality with the Wild Shard."
    return f"The round limit ({won.limit}) is reached: most Shards locked ({won.best})."


def sentence(ev: Event, name: Names, table_names: Sequence[str]) -> str | None:
    """One (already redacted) event as a sentence; `table_names` only for who plays whom."""
    def act(a: int) -> str:
        return ACTION_NAMES.get(a, "an Action")

    if isinstance(ev, CharacterAssigned):
        if 0 <= ev.seat < len(table_names):
            who = table_names[ev.seat]
            return f"{who} {'play' if who == 'You' else 'plays'} {CHARACTER_NAMES[ev.character]}."
        return f"{CHARACTER_NAMES[ev.character]} is played by Player {ev.seat + 1}."
    if isinstance(ev, NexusFormed):
        return (f"The Nexus is formed: every player's Shards, {CHARACTER_NAMES[ev.extra_character]}'s Shards "
                f"and the Wild Shard, {ev.size} in all, shuffled face down.")
    if isinstance(ev, ActionChosen):
        if ev.action:
            return f"{name(ev.seat)} chose {act(ev.action)} in secret."
        return f"{name(ev.seat)} has chosen an Action."
    if isinstance(ev, ActionsRevealed):
        return "Revealed: " + ", ".join(f"{name(i)} {act(a)}" for i, a in enumerate(ev.actions)) + "."
    if isinstance(ev, Clash):
        if ev.preempt:
            first, *rivals = ev.seats
            return f"Clash! {name(first)}'s {act(ev.action)} meets {' and '.join(name(r) for r in rivals)}'s."
        return (f"Clash! {join_names([name(i) for i in ev.seats])} {all_or_both(len(ev.seats))} played "
                f"{act(ev.action)}.")
    if isinstance(ev, AnchorUsed):
        return f"{name(ev.seat)} returns the Anchor to the centre and resolves {act(ev.action)} anyway."
    if isinstance(ev, ActionResolving):
        if ev.how == "persuade":
            return f"{name(ev.seat)} persuades: resolves {act(ev.action)} and keeps it in hand."
        if ev.how == "deceive":
            return f"{name(ev.seat)} deceives: resolves {name(ev.owner)}'s played {act(ev.action)}."
        return f"{name(ev.seat)} resolves {act(ev.action)}."
    if isinstance(ev, ActionDeclined):
        return f"{name(ev.seat)} chose not to resolve {act(ev.action)}."
    if isinstance(ev, ActionPlayed):
        if ev.how == "preempt":
            return f"{name(ev.seat)} preempts: plays {act(ev.action)} face up."
        return f"{name(ev.seat)} must discard {act(ev.action)}."
    if isinstance(ev, ShardTaken):
        where = name.place(ev.source)
        if ev.card < 0:
            return f"{name(ev.seat)} took a shrouded Shard from {where}."
        if ev.drawn:
            return f"{name(ev.seat)} drew {card_long_name(ev.card)} into their Hold (shrouded)."
        shrouded = "" if ev.revealed else " (shrouded)"
        return f"{name(ev.seat)} took {card_long_name(ev.card)}{shrouded} from {where}."
    if isinstance(ev, ShardRevealed):
        if ev.where.startswith("hold:"):
            if ev.by >= 0:
                return f"{name(ev.by)} revealed {card_long_name(ev.card)} in {name.place(ev.where)}."
            return _capitalised(f"{card_long_name(ev.card)} in {name.place(ev.where)} is revealed.")
        return f"{name(ev.by)} revealed {card_long_name(ev.card)} from {name.place(ev.where)}."
    if isinstance(ev, ShardDiscarded):
        if ev.by < 0:
            shard = card_name(ev.card) if ev.where == "nexus" else card_long_name(ev.card)
            return _capitalised(f"{shard} goes to the Discard.")
        if ev.just_shown:
            return f"{name(ev.by)} discarded it."
        if ev.where == f"hold:{ev.by}":
            return f"{name(ev.by)} discarded {card_long_name(ev.card)}."
        return f"{name(ev.by)} discarded {card_long_name(ev.card)} from {name.place(ev.where)}."
    if isinstance(ev, ShardLocked):
        return f"{card_long_name(ev.card)} locks into {name(ev.seat)}'s Reality ({ev.count} of 4)."
    if isinstance(ev, ShardKept):
        shown = ev.card >= 0 and ev.audience is None
        return f"{name(ev.seat)} kept {card_long_name(ev.card) if shown else 'a shrouded Shard'} in their Hold."
    if isinstance(ev, NexusReshuffled):
        return f"The Nexus is empty: the Discard ({ev.size} Shards) is shuffled face down into a new Nexus."
    if isinstance(ev, AnchorTaken):
        source = {"centre": "from the centre", "self": "back from themself"}.get(ev.source)
        return f"{name(ev.seat)} took the Anchor {source or 'from ' + name(int(ev.source[5:]))}."
    if isinstance(ev, ActionsReturned):
        if ev.emptied:
            return f"{name(ev.seat)} has no Action left in hand and takes back all six."
        return f"{name(ev.seat)} took back {', '.join(act(a) for a in ev.actions)}."
    if isinstance(ev, NothingHappens):
        if ev.why == "none_revealed":
            return "No Shard was revealed."
        return "The Nexus and the Discard are both empty: nothing to take."
    if isinstance(ev, RoundStarted):
        return f"Round {ev.round}: everyone chooses an Action in secret."
    if isinstance(ev, GameWon):
        seats = range(max(ev.winners, default=0) + 1)
        reason = win_reason(ev, [name(i) for i in seats])
        return (f"{reason} {join_names([name(w) for w in ev.winners])}"
                f"{' win' if len(ev.winners) > 1 else ' wins'}.")
    return None


def brief(ev: Event, name: Names) -> str | None:
    """A player's move in a few words for undo's note in the log ("Ronin kept a Shard", "Mary's
    Expose"), from the (already redacted) event that opens it; None for what follows from a move
    (the Discard, a new round, a locked Shard) and the table's own steps. Play-test: the note
    said each move by its log lines, "Undo: Ronin kept a shrouded Shard in their Hold. (and 3
    more); also Mary took ...", three or four lines at 1024x640."""
    def act(a: int) -> str:
        return ACTION_NAMES.get(a, "an Action")

    def shard(card: int) -> str:
        return card_long_name(card) if card >= 0 else "a Shard"

    if isinstance(ev, CharacterAssigned):
        return f"picking {CHARACTER_NAMES[ev.character]}"
    if isinstance(ev, ActionChosen):
        return f"{name(ev.seat)}'s {act(ev.action) if ev.action else 'choice'}"
    if isinstance(ev, ActionDeclined):
        return f"{name(ev.seat)} declined {act(ev.action)}"
    if isinstance(ev, ActionResolving):
        return f"{name(ev.seat)} resolved {act(ev.action)}"
    if isinstance(ev, ActionPlayed):
        return f"{name(ev.seat)}'s {'preempt' if ev.how == 'preempt' else 'discard'} of {act(ev.action)}"
    if isinstance(ev, AnchorUsed):
        return f"{name(ev.seat)} used the Anchor"
    if isinstance(ev, AnchorTaken):
        return f"{name(ev.seat)} took the Anchor"
    if isinstance(ev, ShardTaken):
        return f"{name(ev.seat)} {'drew' if ev.drawn else 'took'} {shard(ev.card)}"
    if isinstance(ev, ShardKept):
        return f"{name(ev.seat)} kept {shard(ev.card) if ev.audience is None else 'a Shard'}"
    if isinstance(ev, ShardRevealed) and ev.by >= 0:
        return f"{name(ev.by)} revealed {shard(ev.card)}"
    if isinstance(ev, ShardDiscarded) and ev.by >= 0 and not ev.just_shown:
        return f"{name(ev.by)} discarded {shard(ev.card)}"
    if isinstance(ev, ActionsReturned):
        return f"{name(ev.seat)} took back Actions"
    return None


def brief_aside(ev: Event) -> str | None:
    """A command none of whose events `brief` words, by the table's step it caused (helper's
    note: a take-back of the Nexus's reshuffle alone gave the log's whole sentence)."""
    if isinstance(ev, NexusReshuffled):
        return "reshuffling the Nexus"
    return None


def tone(ev: Event) -> tuple[str, Seat]:
    """A line's tone, and the seat a `SEAT` line belongs to."""
    if isinstance(ev, Clash):
        return ALERT, -1
    if isinstance(ev, (ActionsRevealed, RoundStarted, GameWon, AnchorUsed)):
        return HEADLINE, -1
    seat = getattr(ev, "seat", None)
    if isinstance(seat, int) and seat >= 0:
        return SEAT, seat
    return QUIET, -1


def describe(event: Event, names: Sequence[str], viewer: Seat) -> str | None:
    """One event out of the log's context, redacted for `viewer`, each seat called by `names`
    (the players' names as the view shows them: their Characters)."""
    ev = redact(event, viewer)
    return None if ev is None else sentence(ev, Names(called=names), names)


def describe_log(entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
    """The log as `viewer` may read it (-1: knowing nothing secret): each event redacted for
    the viewer, then worded; Characters are learnt from the log as it goes."""
    name = Names()
    out: list[Line] = []
    for entry in entries:
        if isinstance(entry.event, CharacterAssigned):
            name.characters[entry.event.seat] = entry.event.character
        ev = redact(entry.event, viewer)
        text = None if ev is None else sentence(ev, name, names)
        if ev is not None and text is not None:
            line_tone, seat = tone(ev)
            out.append(Line(text, line_tone, seat))
    return out


def _capitalised(text: str) -> str:
    """A log line that opens with a Shard's name ("the Wild Shard ...") starts with a capital
    (play-test: "the Wild Shard in Mary's Hold is revealed.")."""
    return text[:1].upper() + text[1:]
