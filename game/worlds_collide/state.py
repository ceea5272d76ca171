"""One position of Worlds Collide: compact lists of small ints, cheap to clone.

- Shards are ints (see `cards`); a Hold entry packs a Shard with its face, who
  has seen it and its epoch: `card | REVEALED | known_mask << 6 | epoch << 10`.
  The epoch is how many reshuffles had happened when the Shard was drawn
  shrouded from the Nexus (public: everyone sees draws and reshuffles). Right
  after a reshuffle the Nexus is exactly the old Discard, so the Shards drawn
  since (this epoch) and the Nexus hold a known set of cards between them;
  `determinize` keeps each epoch's cards apart.
- The Nexus is an unordered multiset (counts per card): a draw is a chance
  node over the distinct cards it may hold, weighted by count. No hidden
  future order is stored, which keeps `determinize` simple.
- The Discard is open and unordered (counts per card).
- Hands are bitmasks of Action initiatives (bit a); an Action not in hand is
  played (on the table). Hands are therefore public facts.
- Resolution is a stack of pending tasks (see `rules`); the top task says which
  decision is pending and for whom, or that chance acts.
"""

from __future__ import annotations

import dataclasses

from game.core.decisions import Decision, pending_of
from game.core.protocol import CHANCE, Command, Event, JsonDict, Seat, State
from game.core.rng import Rng
from game.worlds_collide import rules
from game.worlds_collide.cards import (
    ACTION_NAMES,
    ALL_ACTIONS,
    CHARACTER_NAMES,
    N_CARDS,
    ROUND_LIMIT,
    WILD,
    card_name,
)
from game.worlds_collide.commands import Decline, Done
from game.worlds_collide.frames import Frame

REVEALED = 32
CARD_MASK = 31
MASK_SHIFT = 6
EPOCH_SHIFT = 10
SEEN_MASK = (1 << (EPOCH_SHIFT - MASK_SHIFT)) - 1
ALL_HAND = sum(1 << a for a in ALL_ACTIONS)

# Play statuses for this round's Actions on the table.
WAIT, CLASHED, ANCHORED, RESOLVING, RESOLVED, DECLINED = range(6)
STATUS_NAMES = ("waiting", "clashed", "anchor", "resolving", "resolved", "declined")


class WorldsCollideState(State):
    """Mutable position; `apply` trusts its input (checks live in Game.check)."""

    __slots__ = ("n", "rng", "round", "round_limit", "chars", "extra", "anchor", "nexus", "nexus_n",
                 "discard", "discard_n", "holds", "reality", "hands", "choices", "plays", "queue",
                 "stack", "mary", "won", "over_reason", "reshuffles")

    def __init__(self, players: int, rng: Rng, round_limit: int = ROUND_LIMIT) -> None:
        self.n = players
        self.rng = rng
        self.round = 1
        self.round_limit = round_limit
        self.chars: list[int] = [-1] * players
        self.extra = -1
        self.anchor = -1
        """The seat holding the Anchor, -1 when it lies in the centre."""
        self.nexus: list[int] = [0] * N_CARDS
        self.nexus_n = 0
        self.discard: list[int] = [0] * N_CARDS
        self.discard_n = 0
        self.holds: list[list[int]] = [[] for _ in range(players)]
        self.reality: list[list[int]] = [[] for _ in range(players)]
        self.hands: list[int] = [ALL_HAND] * players
        self.choices: list[int] = [0] * players
        """Secret choices of this round (0 = not chosen); cleared at the reveal."""
        self.plays: list[list[int]] = []
        """This round's Actions on the table: [seat, action, status]."""
        self.queue: list[tuple[int, int, int]] = []
        """Still to resolve this round: (initiative, seat, index into plays)."""
        self.stack: list[Frame] = []
        """Pending tasks, the decision now on top (`frames`)."""
        self.mary: list[int] = []
        """Shards Mary's ability has revealed and not yet placed."""
        self.won: list[Seat] = []
        self.over_reason = ""
        self.reshuffles = 0
        """How often the Discard has become the Nexus: the epoch of Shards drawn now."""

    # --- protocol -------------------------------------------------------------------
    def to_act(self) -> list[Seat]:
        return rules.to_act(self)

    def candidates(self, seat: Seat) -> list[Command]:
        return rules.candidates(self, seat)

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        return rules.chance_outcomes(self)

    def apply(self, command: Command) -> list[Event]:
        return rules.apply(self, command)

    def clone(self) -> "WorldsCollideState":
        c = WorldsCollideState.__new__(WorldsCollideState)
        c.n, c.rng, c.round, c.round_limit = self.n, self.rng.copy(), self.round, self.round_limit
        c.chars, c.extra, c.anchor = self.chars[:], self.extra, self.anchor
        c.nexus, c.nexus_n = self.nexus[:], self.nexus_n
        c.discard, c.discard_n = self.discard[:], self.discard_n
        c.holds = [h[:] for h in self.holds]
        c.reality = [r[:] for r in self.reality]
        c.hands, c.choices = self.hands[:], self.choices[:]
        c.plays = [p[:] for p in self.plays]
        c.queue, c.stack, c.mary = self.queue[:], self.stack[:], self.mary[:]
        c.won, c.over_reason = self.won[:], self.over_reason
        c.reshuffles = self.reshuffles
        return c

    def is_over(self) -> bool:
        return bool(self.won)

    def progress(self) -> str:
        """'Round 4 of at most 20' (see State.progress)."""
        return f"Round {self.round} of at most {self.round_limit}"

    def scores(self) -> list[float]:
        """1 per winner once over; while running, 0.1 per Shard locked (a progress hint)."""
        if self.won:
            return [1.0 if s in self.won else 0.0 for s in range(self.n)]
        return [0.1 * len(r) for r in self.reality]

    def winners(self) -> list[Seat]:
        return self.won[:]

    # --- hidden information ---------------------------------------------------------------
    def hold_visible(self, entry: int, seat: Seat) -> bool:
        """A Hold card `seat` may read: revealed, or seen by `seat` (an observer, seat -1, has
        seen nothing)."""
        return bool(entry & REVEALED) or (seat >= 0 and bool((entry >> MASK_SHIFT) & (1 << seat)))

    def info_key(self, seat: Seat) -> tuple[object, ...]:
        holds = tuple(tuple(e if self.hold_visible(e, seat) else (e & ~CARD_MASK) | CARD_MASK for e in h)
                      for h in self.holds)
        choices = tuple(c if s == seat else (c != 0) for s, c in enumerate(self.choices))
        return (self.round, tuple(self.chars), self.extra, self.anchor, self.nexus_n, tuple(self.discard),
                tuple(tuple(r) for r in self.reality), tuple(self.hands), choices, holds,
                tuple(tuple(p) for p in self.plays), tuple(self.queue), tuple(self.stack),
                tuple(self.mary), tuple(self.won))

    def determinize(self, seat: Seat, rng: Rng) -> "WorldsCollideState":
        """Resample what `seat` cannot see: Shards in other Holds it has not seen,
        the Nexus's contents, and other seats' secret choices not yet revealed.

        Shards are shuffled only among the slots of one epoch (see the module
        note): the current epoch's unseen Hold Shards together with the Nexus,
        and each earlier epoch's unseen Hold Shards among themselves. So right
        after a reshuffle the Nexus keeps exactly the old Discard's cards. The
        result depends only on what `seat` sees and on `rng`."""
        copy = self.clone()
        copy.rng = rng.fork()
        bit = 1 << seat
        groups: dict[int, tuple[list[tuple[int, int]], list[int]]] = {self.reshuffles: ([], [])}
        for o, hold in enumerate(copy.holds):
            for i, e in enumerate(hold):
                if not (e & REVEALED) and not ((e >> MASK_SHIFT) & bit):
                    slots, pool = groups.setdefault(e >> EPOCH_SHIFT, ([], []))
                    slots.append((o, i))
                    pool.append(e & CARD_MASK)
        for epoch in sorted(groups):
            slots, pool = groups[epoch]
            current = epoch == self.reshuffles
            if current:
                for card in range(N_CARDS):
                    pool.extend([card] * copy.nexus[card])
            if not slots:
                continue
            pool.sort()  # the true order would leak through the shuffle: start from a canonical one
            rng.shuffle(pool)
            _keep_wild_where_possible(copy, slots, pool)
            for (o, i), card in zip(slots, pool):
                copy.holds[o][i] = (copy.holds[o][i] & ~CARD_MASK) | card
            if current:
                copy.nexus = [0] * N_CARDS
                for card in pool[len(slots):]:
                    copy.nexus[card] += 1
        for o in range(copy.n):
            if o != seat and copy.choices[o]:
                options = [a for a in ALL_ACTIONS if copy.hands[o] >> a & 1]
                copy.choices[o] = options[rng.randrange(len(options))]
        return copy

    # --- helpers for views, rules and the AI -----------------------------------------
    def name(self, seat: Seat) -> str:
        c = self.chars[seat] if 0 <= seat < self.n else -1
        return CHARACTER_NAMES[c] if c >= 0 else f"Player {seat + 1}"

    def hand_actions(self, seat: Seat) -> list[int]:
        return [a for a in ALL_ACTIONS if self.hands[seat] >> a & 1]

    def played_actions(self, seat: Seat) -> list[int]:
        return [a for a in ALL_ACTIONS if not self.hands[seat] >> a & 1]

    def hold_cards(self, seat: Seat) -> list[int]:
        return [e & CARD_MASK for e in self.holds[seat]]

    def discard_cards(self) -> list[int]:
        return [c for c in range(N_CARDS) for _ in range(self.discard[c])]

    def pending(self) -> tuple[Decision, ...]:
        """The round's secret choices, or the decision on top of the stack, named as the view
        names it (`rules.describe_pending`: "pick_character", "act", "keep"...); a decision
        that offers Decline or Done may be skipped."""
        if not self.stack:
            return pending_of(self, "choose_action")
        kind = (rules.describe_pending(self) or {}).get("kind", "choose")
        out = pending_of(self, str(kind))
        return tuple(d if d.seat < 0 else dataclasses.replace(
            d, skippable=any(isinstance(c, (Decline, Done)) for c in d.options)) for d in out)

    def view(self, seat: Seat) -> JsonDict:
        """What `seat` may see; other hands as counts, unseen Shards as None. Once the game is over
        nothing is secret any more: every hand and every Shard in a Hold is shown to everyone
        (`all_revealed`), so the game-over screen can show what each player held."""
        revealed_round = not any(self.choices)
        over = self.is_over()
        players = []
        for s in range(self.n):
            own = s == seat or over
            choice = self.choices[s]
            players.append({
                "seat": s,
                "character": self.chars[s] if self.chars[s] >= 0 else None,
                "name": self.name(s),
                "hand": self.hand_actions(s) if own else None,
                "hand_count": bin(self.hands[s]).count("1"),
                "played": self.played_actions(s),
                "chosen": choice != 0,
                "choice": (choice if own and choice else None),
                "hold": [{"card": (e & CARD_MASK) if over or self.hold_visible(e, seat) else None,
                          "revealed": bool(e & REVEALED),
                          "seen_by": [o for o in range(self.n) if (e >> MASK_SHIFT) >> o & 1]}
                         for e in self.holds[s]],
                "reality": self.reality[s][:],
                "anchor": self.anchor == s,
            })
        return {
            "game": "worlds-collide",
            "seat": seat,
            "players": players,
            "round": self.round,
            "round_limit": self.round_limit,
            "phase": rules.phase_name(self),
            "to_act": self.to_act(),
            "pending": rules.describe_pending(self),
            "extra_character": self.extra if self.extra >= 0 else None,
            "anchor": self.anchor if self.anchor >= 0 else None,
            "nexus_count": self.nexus_n,
            "discard": self.discard_cards(),
            "plays": [{"seat": p[0], "action": p[1], "status": STATUS_NAMES[p[2]]} for p in self.plays]
            if revealed_round else [],
            "queue": [{"seat": s, "action": a} for a, s, _ in self.queue],
            "mary_revealed": self.mary[:],
            "winners": self.won[:],
            "over_reason": self.over_reason,
            "all_revealed": over,
        }

    def notation(self) -> str:
        """`n|round|chars/extra|anchor|nexus|discard|seat;seat..|plays|queue|stack|mary|winners`.

        Each seat is `hand-bits.choice.hold.reality`; a Hold entry is its card
        name, `+` when revealed, the hex mask of seats that have seen it and
        `@epoch` when drawn after a reshuffle. Nexus and Discard list their
        cards (unordered multisets, sorted); the Nexus ends in `@reshuffles`
        once there has been one.
        """
        def cards(counts: list[int]) -> str:
            return "".join(card_name(c) for c in range(N_CARDS) for _ in range(counts[c])) or "-"

        def entry(e: int) -> str:
            epoch = f"@{e >> EPOCH_SHIFT}" if e >> EPOCH_SHIFT else ""
            return f"{card_name(e & CARD_MASK)}{'+' if e & REVEALED else ''}{e >> MASK_SHIFT & SEEN_MASK:x}{epoch}"

        seats = ";".join(
            f"{self.hands[s]:x}.{self.choices[s]}.{','.join(entry(e) for e in self.holds[s]) or '-'}."
            f"{''.join(card_name(c) for c in self.reality[s]) or '-'}" for s in range(self.n))
        chars = "".join(str(c) if c >= 0 else "-" for c in self.chars) + "/" + (str(self.extra) if self.extra >= 0 else "-")
        plays = ",".join(f"{p[0]}{p[1]}{p[2]}" for p in self.plays) or "-"
        queue = ",".join(f"{a}{s}{i}" for a, s, i in self.queue) or "-"
        stack = ",".join(":".join(str(x) for x in frame.code()) for frame in self.stack) or "-"
        mary = "".join(card_name(c) for c in self.mary) or "-"
        winners = "".join(str(w) for w in self.won) or "-"
        nexus = cards(self.nexus) + (f"@{self.reshuffles}" if self.reshuffles else "")
        return (f"{self.n}|{self.round}|{chars}|{self.anchor}|{nexus}|{cards(self.discard)}|{seats}|"
                f"{plays}|{queue}|{stack}|{mary}|{winners}")

    def __repr__(self) -> str:
        return f"WorldsCollideState({self.notation()!r})"


def _keep_wild_where_possible(state: WorldsCollideState, slots: list[tuple[int, int]], pool: list[int]) -> None:
    """A resampled world must not hand the Wild Shard to a seat with three Shards
    locked: that seat would already have won, which the real game rules out."""
    if WILD not in pool:
        return
    i = pool.index(WILD)
    if i >= len(slots) or len(state.reality[slots[i][0]]) < 3:
        return
    for j in range(len(pool)):
        if j >= len(slots) or len(state.reality[slots[j][0]]) < 3:
            pool[i], pool[j] = pool[j], pool[i]
            return


ACTION_LABELS = ACTION_NAMES
__all__ = ["WorldsCollideState", "CHANCE"]
