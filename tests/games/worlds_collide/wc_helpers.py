"""Building Worlds Collide positions by hand for rules tests."""

from __future__ import annotations

import random

from game.core.protocol import AUTO, CHANCE, Command, Event, by_itself
from game.core.rng import Rng
from game.worlds_collide.cards import (
    ACTION_NAMES,
    ALL_ACTIONS,
    CHARACTER_NAMES,
    N_CARDS,
    parse_card,
)
from game.worlds_collide.commands import ChooseAction, Draw, Reveal
from game.worlds_collide.game import WORLDS_COLLIDE as WC
from game.worlds_collide.frames import Acting
from game.worlds_collide.words import Names, sentence
from game.worlds_collide.state import (
    CARD_MASK,
    EPOCH_SHIFT,
    MASK_SHIFT,
    REVEALED,
    WorldsCollideState,
)
from tests.random_play import random_walk

C = {name: i for i, name in enumerate(CHARACTER_NAMES)}
A = {v: k for k, v in ACTION_NAMES.items()}


def card(text: str) -> int:
    return parse_card(text)


def make(chars: list[str], *, holds: list[list[str]] | None = None, nexus: str = "", discard: str = "",
         reality: list[str] | None = None, anchor: int = -1, seed: int = 7) -> WorldsCollideState:
    """A position at the start of a round. Hold entries: `M1` shrouded (seen by
    its holder), `M1+` revealed. Piles and Realities: card names run together."""
    n = len(chars)
    s = WorldsCollideState(n, Rng(seed))
    s.chars = [C[c] for c in chars]
    s.extra = next(i for i in range(len(CHARACTER_NAMES)) if i not in s.chars)
    for seat, hold in enumerate(holds or [[] for _ in chars]):
        for text in hold:
            if text.endswith("+"):
                s.holds[seat].append(card(text[:-1]) | REVEALED | (((1 << n) - 1) << MASK_SHIFT))
            else:
                s.holds[seat].append(card(text) | (1 << seat << MASK_SHIFT))
    for text in _split(nexus):
        s.nexus[card(text)] += 1
    for text in _split(discard):
        s.discard[card(text)] += 1
    s.nexus_n, s.discard_n = sum(s.nexus), sum(s.discard)
    for seat, text in enumerate(reality or []):
        s.reality[seat] = [card(t) for t in _split(text)]
    s.anchor = anchor
    assert len(s.nexus) == N_CARDS
    return s


def _split(text: str) -> list[str]:
    out, i = [], 0
    while i < len(text):
        if text[i] == "W":
            out.append("W")
            i += 1
        else:
            out.append(text[i:i + 2])
            i += 2
    return out


def choose(s: WorldsCollideState, **by_seat: str) -> list[Event]:
    """`choose(s, p0="Expose", p1="Shift")`, then the reveal."""
    events: list[Event] = []
    for key, action in by_seat.items():
        events += s.apply(ChooseAction(int(key[1:]), A[action]))
    assert by_itself(s.to_act())
    events += s.apply(Reveal(AUTO))
    return events


def do(s: WorldsCollideState, *cmds: Command) -> list[Event]:
    events: list[Event] = []
    for c in cmds:
        assert c in s.candidates(c.seat), (c, s.candidates(c.seat), s.stack)
        events += s.apply(c)
    return events


def draw(s: WorldsCollideState, text: str) -> list[Event]:
    c = Draw(CHANCE, card(text))
    assert c in s.candidates(CHANCE), (c, s.chance_outcomes())
    return s.apply(c)


def texts(events: list[Event], s: WorldsCollideState) -> str:
    """The events in the log's words, unredacted, each player called by `s`'s names."""
    names = Names(called=[s.name(i) for i in range(s.n)])
    return "\n".join(sentence(e, names, []) or "" for e in events)


def midgame(seed: int, players: int, steps: int) -> WorldsCollideState:
    """A position after `steps` random commands (chance by the state's own RNG)."""
    return random_walk(WC.new({}, seed, players), random.Random(seed), steps)


def scramble_hidden(s: WorldsCollideState, seat: int, r: random.Random) -> WorldsCollideState:
    """Change every fact `seat` cannot see: unseen Hold cards, the Nexus, others' secret choices, the RNG.

    Cards move only within one epoch (drawn between the same two reshuffles; the
    current epoch shares its cards with the Nexus): which Shards an epoch holds
    follows from public facts, so `seat` could tell a swap across epochs."""
    t = s.clone()
    unseen = [(o, i) for o, h in enumerate(t.holds) for i, e in enumerate(h)
              if not e & REVEALED and not (e >> MASK_SHIFT) >> seat & 1]
    for epoch in sorted({t.holds[o][i] >> EPOCH_SHIFT for o, i in unseen} | {t.reshuffles}):
        slots = [(o, i) for o, i in unseen if t.holds[o][i] >> EPOCH_SHIFT == epoch]
        pool = [t.holds[o][i] & CARD_MASK for o, i in slots]
        if epoch == t.reshuffles:
            pool += [c for c in range(N_CARDS) for _ in range(t.nexus[c])]
        r.shuffle(pool)
        for (o, i), c in zip(slots, pool):
            t.holds[o][i] = (t.holds[o][i] & ~CARD_MASK) | c
        if epoch == t.reshuffles:
            t.nexus = [0] * N_CARDS
            for c in pool[len(slots):]:
                t.nexus[c] += 1
    for o in range(t.n):
        if o != seat and t.choices[o]:
            t.choices[o] = r.choice([a for a in ALL_ACTIONS if t.hands[o] >> a & 1])
    t.rng = Rng(r.randrange(1 << 60))
    return t


def acting(s: WorldsCollideState) -> tuple[int, int] | None:
    """(seat, Action) of the Action being resolved on top of the stack, else None."""
    top = s.stack[-1] if s.stack else None
    return (top.seat, top.action) if isinstance(top, Acting) else None
