"""What the AI knows about Worlds Collide: a Character-aware evaluator and a play-out policy.

**Evaluator.** Each seat gets a *potential*, measured in locked Shards: the
Shards in its Reality (dominant, 1 each) plus what the rest of its position is
worth on the way to the next lock — its own Shard waiting in its Hold (more
with Expose in hand: one Action from locking), the Wild Shard in its Hold, its
own revealed Shards in the Discard (Telekinesis, or Cene C's Unleash, takes
them straight into the Reality), the Anchor, the Actions still in hand, and
what its Character's ability is worth right now (Cene C: own Shards in the
Discard; Kintriel: opponents' Holds with their own Shard in them; Mary: the
chance her three looks at the Nexus find one of hers; Jessup: useful Actions
lying played on the table; Advaranau and Ronin: an Unleash in hand is an extra
good Action). Values are a softmax of the potentials, so each seat's value is
a win-probability-like number in (0, 1) that falls as an opponent nears
completion; a finished game is 1 for a winner and 0 for the rest.

**Play-out policy.** A cheap heuristic per decision (Expose an own Shard in
the Hold, take an own revealed Shard from the Discard, dig with Fracture or
Telekinesis, keep own Shards and the Wild over others, never decline a useful
Action), epsilon-greedy so play-outs stay varied. It reads only what the
acting seat may know — its hand, its Hold, the Hold cards it has seen, every
revealed fact and public counts — never another seat's secret choice, unseen
Hold card or the Nexus's contents. In a simultaneous round it is called seat
by seat on a determinised state, so this matters: see `_Sight`.

**Horizon.** The search stops at the start of the next round (`horizon_key`
is the round, in blocks of `horizon_rounds`), where the evaluator takes over:
one round of secret choices and their resolution is searched, and what a
position promises for later rounds (an own Shard waiting with Expose in hand,
an own Shard in the Discard with Telekinesis) is the evaluator's job. The
`hard` level's budget (`horizon_steps=2`) searches one round more, so what a
choice leaves in hand for the next round counts through search, not only
through the evaluator's small per-Action term.

**Greedy and widening.** `scored_commands` is the heuristic itself, so the
greedy level plays the policy without its random share, and the search's
progressive widening (`widen_k`) tries a new node's most sensible command
first: the tree splits on every Shard drawn, so many nodes are met only once
or twice and a random first pick there would drown the root's statistics.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from game.ai.knowledge import Knowledge
from game.core.protocol import Command, Seat, State
from game.core.rng import Rng
from game.worlds_collide.cards import (
    ADVARANAU,
    ALL_ACTIONS,
    CENE_C,
    EXPOSE,
    FRACTURE,
    JESSUP,
    KINTRIEL,
    MARY,
    MARY_REVEALS,
    RESET,
    RONIN,
    SHARDS_PER_CHARACTER,
    SHIFT,
    TELEKINESIS,
    UNLEASH,
    WILD,
    owner_of,
    shards_of,
)
from game.worlds_collide.commands import (
    ChooseAction,
    Decline,
    Keep,
    PickAction,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    TakeRevealed,
)
from game.worlds_collide.frames import Acting, Keeping, MaryTaking, TakingMore
from game.worlds_collide.state import (
    CARD_MASK,
    MASK_SHIFT,
    REVEALED,
    WAIT,
    WorldsCollideState,
)

S = WorldsCollideState

TEMPERATURE = 1.6
"""Softmax sharpness over potentials (locked-Shard units)."""
EPSILON = 0.12
"""Share of play-out decisions taken uniformly at random."""
UNKNOWN = -1

# Potential terms, in locked-Shard units.
OWN_IN_HOLD = 0.5
OWN_IN_HOLD_EXPOSE = 0.2
WILD_IN_HOLD = 0.55
DISCARD_OWN = 0.2
DISCARD_OWN_TELEKINESIS = 0.2
CENE_DISCARD_OWN = 0.25
ANCHOR = 0.08
PER_ACTION_IN_HAND = 0.02
MARY_LOOK = 0.35
KINTRIEL_TARGET = 0.12
JESSUP_TABLE = 0.05
EXTRA_ACTION = 0.08


def _hand(s: S, seat: Seat, action: int) -> bool:
    return bool(s.hands[seat] >> action & 1)


class _Sight:
    """What one seat may know of a state: only these facts feed the policy."""

    __slots__ = ("char", "disc_own", "hold", "locked", "opp_holds", "s", "seat", "unseen_own")

    def __init__(self, s: S, seat: Seat) -> None:
        self.s = s
        self.seat = seat
        self.char = s.chars[seat]
        self.locked = len(s.reality[seat])
        bit = 1 << seat
        # Its own Hold (always seen by its holder) and the others' as seen from here.
        self.hold = [e & CARD_MASK for e in s.holds[seat]]
        self.opp_holds: list[list[int]] = [
            [(e & CARD_MASK) if (e & REVEALED or (e >> MASK_SHIFT) & bit) else UNKNOWN for e in h]
            for h in s.holds]
        self.disc_own = sum(s.discard[c] for c in shards_of(self.char)) if self.char >= 0 else 0
        seen = self.locked + self.disc_own + sum(
            1 for h in self.opp_holds for c in h if c >= 0 and owner_of(c) == self.char)
        if s.mary and s.stack and isinstance(s.stack[-1], MaryTaking):
            seen += sum(1 for c in s.mary if owner_of(c) == self.char)
        self.unseen_own = max(0, SHARDS_PER_CHARACTER - seen)

    def own(self, card: int) -> bool:
        return card >= 0 and owner_of(card) == self.char

    def own_in_hold(self) -> bool:
        return any(self.own(c) for c in self.hold)

    def wild_in_hold(self) -> bool:
        return WILD in self.hold

    def threat(self, o: Seat) -> float:
        """How close opponent `o` is to winning, as this seat sees it."""
        return len(self.s.reality[o]) + (0.5 if any(c == WILD for c in self.opp_holds[o]) else 0.0)


# --- scores for the play-out policy (and for greedy) -----------------------------------

def action_score(v: _Sight, a: int, depth: int = 0, ability: int = -1) -> float:
    """How useful choosing Action `a` is for the seat of `v` now (heuristic units)."""
    s = v.s
    seat = v.seat
    own_hold = v.own_in_hold()
    wild_hold = v.wild_in_hold()
    win_with_wild = v.locked == 3 and s.discard[WILD] > 0
    if a == EXPOSE:
        return 10.0 if own_hold else 1.0
    if a == TELEKINESIS:
        if win_with_wild or v.disc_own:
            return 9.0 + (0.5 if win_with_wild else 0.0)
        if s.discard[WILD] and not own_hold:
            return 4.0
        return 1.0 if own_hold or wild_hold else 3.0
    if a == FRACTURE:
        return 1.0 if own_hold or wild_hold else 4.0
    if a == RESET:
        lost = sum(1 for x in (UNLEASH, EXPOSE, FRACTURE, TELEKINESIS) if not _hand(s, seat, x))
        return 0.2 + 0.9 * lost if lost >= 2 else 0.2
    if a == SHIFT:
        return 0.3 if s.anchor == seat else 1.5
    if a != UNLEASH:
        return 0.0
    ch = ability if ability >= 0 else v.char  # (an opponent's Unleash resolved by Jessup: theirs)
    if ch == CENE_C:
        if win_with_wild:
            return 10.0
        if v.disc_own:
            return 9.5 + min(v.disc_own, 2) * 0.7
        return 0.5
    if ch == MARY:
        if own_hold:
            return 1.0
        if v.unseen_own == 0 or not (s.nexus_n or s.discard_n):
            return 0.5
        return 3.0 + 2.5 * _p_any_own(s, v.unseen_own)
    if ch == KINTRIEL:
        return max((kintriel_target_score(v, o) for o in range(s.n) if o != seat and s.holds[o]), default=0.3)
    if depth:
        return 0.0
    if ch == JESSUP:
        table = {x for o in range(s.n) for x in ALL_ACTIONS if x != UNLEASH and not _hand(s, o, x)}
        table.discard(UNLEASH)
        return max((action_score(v, x, 1) for x in table), default=0.3) - 0.3
    if ch in (ADVARANAU, RONIN):
        rest = [x for x in ALL_ACTIONS if x != UNLEASH and _hand(s, seat, x)]
        return max((action_score(v, x, 1) for x in rest), default=0.3) + 0.4
    return 0.5


def _p_any_own(s: S, unseen_own: int) -> float:
    """Chance that Mary's looks at the Nexus find one of hers (unseen Shards spread evenly)."""
    pool = max(s.nexus_n, 1)
    looks = min(MARY_REVEALS, pool)
    p_none = 1.0
    for k in range(looks):
        p_none *= max(0.0, (pool - k - unseen_own) / (pool - k))
    return 1.0 - p_none


def kintriel_target_score(v: _Sight, o: Seat) -> float:
    cards = v.opp_holds[o]
    if not cards:
        return -1.0
    c = cards[0]
    s = v.s
    theirs = c >= 0 and owner_of(c) == s.chars[o]
    if c == WILD:
        return 6.0 + len(s.reality[o])
    if theirs:
        return 8.0
    if c >= 0:
        return 0.5 if v.own(c) else 0.3  # known not theirs: little to gain
    return 1.5 + 0.8 * len(s.reality[o])


def _deny(v: _Sight, card: int) -> float:
    """Worth of keeping `card` away from the opponent it belongs to."""
    s = v.s
    for o in range(s.n):
        if o != v.seat and s.chars[o] == owner_of(card):
            return 0.5 + 0.3 * len(s.reality[o])
    return 0.0


def _keep_score(v: _Sight, card: int) -> float:
    if v.own(card):
        return 10.0
    if card == WILD:
        return 12.0 if v.locked == 3 else 8.0
    return _deny(v, card)


def decision_scores(s: S, seat: Seat) -> list[tuple[float, Command]]:
    """Every legal command of `seat` with its heuristic score (seat-visible facts only)."""
    legal = s.candidates(seat)
    if not legal:
        return []
    v = _Sight(s, seat)
    if not s.stack:
        return [(action_score(v, c.action), c) for c in legal if isinstance(c, ChooseAction)]
    top = s.stack[-1]
    out: list[tuple[float, Command]] = []
    if isinstance(top, Keeping):
        return [(_keep_score(v, c.card), c) for c in legal if isinstance(c, Keep)]
    if isinstance(top, MaryTaking):
        return [(_keep_score(v, c.card), c) for c in legal if isinstance(c, TakeRevealed)]
    if isinstance(top, TakingMore):
        for c in legal:
            if isinstance(c, PickDiscard):
                out.append((_discard_take_score(v, c.card) - 0.5, c))
            else:
                out.append((1.0, c))
        return out
    if not isinstance(top, Acting):
        return [(0.0, c) for c in legal]
    action = top.action
    for c in legal:
        out.append((_act_score(v, action, c), c))
    return out


def _discard_take_score(v: _Sight, card: int) -> float:
    if v.own(card):
        return 10.0
    if card == WILD:
        return 12.0 if v.locked == 3 else (4.0 if not v.own_in_hold() else 0.5)
    if v.own_in_hold() or v.wild_in_hold():
        return 0.0
    return 0.3 + 0.5 * _deny(v, card)


def _act_score(v: _Sight, action: int, c: Command) -> float:
    s = v.s
    seat = v.seat
    if isinstance(c, Decline):
        return 0.0
    if action == EXPOSE:
        if isinstance(c, PickHold):
            if c.owner == seat:
                return 10.0 if v.own_in_hold() else -1.0
            known = v.opp_holds[c.owner][0] if v.opp_holds[c.owner] else UNKNOWN
            if known >= 0 and owner_of(known) == s.chars[c.owner]:
                return -5.0  # it would lock for them
            return 0.2 if known >= 0 else -1.0 - 0.3 * len(s.reality[c.owner])
        return 0.8  # the Nexus: one more Shard in the open Discard
    if action == TELEKINESIS:
        if isinstance(c, PickDiscard):
            return _discard_take_score(v, c.card)
        if isinstance(c, PickHold):
            known = v.opp_holds[c.owner][0] if v.opp_holds[c.owner] else UNKNOWN
            if known >= 0:
                base = _keep_score(v, known)
                if known != WILD and not v.own(known):
                    base = min(base, 2.0)
                return base - 0.5 if v.own(known) else base
            if v.own_in_hold() or v.wild_in_hold():
                return 0.5
            return 1.5 + 0.6 * len(s.reality[c.owner])
        if isinstance(c, PickNexus):
            return 0.5 if v.own_in_hold() or v.wild_in_hold() else 3.0
        return 0.0
    if action in (FRACTURE, RESET, SHIFT):
        if action == RESET and s.hands[seat] == sum(1 << a for a in ALL_ACTIONS):
            return 0.1
        return 2.0
    if action != UNLEASH:
        return 1.0
    top = s.stack[-1] if s.stack else None
    ch = top.ability if isinstance(top, Acting) and top.ability >= 0 else v.char
    if ch == CENE_C and isinstance(c, PickDiscard):
        return _discard_take_score(v, c.card)
    if ch == KINTRIEL and isinstance(c, PickHold):
        return kintriel_target_score(v, c.owner)
    if ch == MARY and isinstance(c, Resolve):
        return 2.0
    if ch == JESSUP and isinstance(c, PickAction):
        if c.action == UNLEASH:
            return action_score(v, UNLEASH, 1, s.chars[c.owner])
        return action_score(v, c.action, 1)
    if ch == ADVARANAU and isinstance(c, PickAction):
        return action_score(v, c.action, 1) + 0.2
    if ch == RONIN and isinstance(c, PickAction):
        score = action_score(v, c.action, 1)
        rivals = [p for p in s.plays if p[1] == c.action and p[0] != seat and p[2] == WAIT]
        if rivals and s.anchor != seat:
            # A deliberate Clash cancels them: worth it against a leader's useful play.
            score = -1.0 + max(0.8 * len(s.reality[p[0]]) for p in rivals)
        return score
    return 1.0


# --- the evaluator -------------------------------------------------------------------------

def potential(s: S, seat: Seat) -> float:
    """Progress toward completion in locked-Shard units (uses the state as given:
    in the search that is a determinisation)."""
    ch = s.chars[seat]
    locked = len(s.reality[seat])
    if ch < 0:
        return 0.0
    p = float(locked)
    hold = [e & CARD_MASK for e in s.holds[seat]]
    has = s.hands[seat]
    expose = bool(has >> EXPOSE & 1)
    telek = bool(has >> TELEKINESIS & 1)
    unleash = bool(has >> UNLEASH & 1)
    if any(owner_of(c) == ch for c in hold):
        p += OWN_IN_HOLD + (OWN_IN_HOLD_EXPOSE if expose else 0.0)
    elif WILD in hold:
        p += WILD_IN_HOLD
    disc_own = sum(s.discard[c] for c in shards_of(ch))
    if disc_own:
        p += DISCARD_OWN + (DISCARD_OWN_TELEKINESIS if telek else 0.0)
        if ch == CENE_C and unleash:
            p += CENE_DISCARD_OWN * min(disc_own, 2)
    if locked == 3 and s.discard[WILD]:
        p += 0.2 + (0.3 if telek or (ch == CENE_C and unleash) else 0.0)
    if s.anchor == seat:
        p += ANCHOR
    p += PER_ACTION_IN_HAND * has.bit_count()
    if unleash:
        if ch == MARY:
            unseen = SHARDS_PER_CHARACTER - locked - disc_own - sum(
                1 for h in s.holds for e in h if owner_of(e & CARD_MASK) == ch)
            if unseen > 0 and s.nexus_n:
                p += MARY_LOOK * (sum(s.nexus[c] for c in shards_of(ch)) > 0) * _p_any_own(s, unseen)
        elif ch == KINTRIEL:
            hits = sum(1 for o in range(s.n) if o != seat and s.holds[o]
                       and owner_of(s.holds[o][0] & CARD_MASK) in (s.chars[o], -1))
            p += KINTRIEL_TARGET * hits
        elif ch == JESSUP:
            good = sum(1 for o in range(s.n) for x in (EXPOSE, FRACTURE, TELEKINESIS) if not s.hands[o] >> x & 1)
            p += JESSUP_TABLE * min(good, 4)
        elif ch in (ADVARANAU, RONIN):
            p += EXTRA_ACTION
    return min(p, 3.95)


def seat_values(s: S) -> list[float]:
    if s.won:
        return [1.0 if i in s.won else 0.0 for i in range(s.n)]
    pots = [potential(s, i) for i in range(s.n)]
    top = max(pots)
    ex = [math.exp(TEMPERATURE * (p - top)) for p in pots]
    total = sum(ex)
    return [e / total for e in ex]


class WorldsCollideKnowledge(Knowledge):
    """Evaluator, play-out policy and greedy scores for Worlds Collide."""

    horizon_rounds = 1
    """The search evaluates once the round number reaches the next block of this many rounds."""

    def seats(self, state: State) -> int:
        assert isinstance(state, S)
        return state.n

    def values(self, state: State) -> list[float]:
        assert isinstance(state, S)
        return seat_values(state)

    def evaluate(self, state: State, seat: Seat) -> float:
        return self.values(state)[seat]

    def horizon_key(self, state: State) -> Hashable:
        assert isinstance(state, S)
        return state.round // self.horizon_rounds if self.horizon_rounds > 0 else 0

    def reopen_choices(self, state: State, seat: Seat) -> State:
        """Takes back the others' secret choices of this round (changes the
        determinisation in place): they choose again in the search."""
        assert isinstance(state, S)
        if not state.stack:
            for o in range(state.n):
                if o != seat:
                    state.choices[o] = 0
        return state

    def rollout_command(self, state: State, rng: Rng) -> Command:
        assert isinstance(state, S)
        seat = state.to_act()[0]
        return policy_command(state, seat, rng)

    def scored_commands(self, state: State, seat: Seat) -> list[tuple[float, Command]]:
        """The heuristic directly (seat-visible facts only): greedy's scores, and the
        order in which the search's progressive widening tries a node's commands, so
        that a node met once (the tree splits on every Shard drawn) starts with the
        sensible command rather than a random one."""
        assert isinstance(state, S)
        return decision_scores(state, seat)


def policy_command(s: S, seat: Seat, rng: Rng) -> Command:
    """The play-out policy: the best heuristic command (random among ties), or,
    with probability EPSILON, a uniformly random legal one."""
    scored = decision_scores(s, seat)
    if len(scored) == 1:
        return scored[0][1]
    if rng.random() < EPSILON:
        return scored[rng.randrange(len(scored))][1]
    best = max(v for v, _ in scored)
    ties = [c for v, c in scored if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
