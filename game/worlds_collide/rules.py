"""Resolution of Worlds Collide: the task stack, every Action and every ability.

The state keeps a stack of pending tasks (tuples of small ints). The top task
is the pending decision: who acts (a seat, or CHANCE) and what they may do.
After each command `_advance` runs every automatic step (taking the next
Action in initiative order, reshuffling an empty Nexus, skipping a take that
has nothing to take, ending the round) until a decision is needed again.

Tasks:
- (PICKCHAR, seat)              chosen Characters: `seat` picks one
- (DEALCHAR,)                   chance deals the next Character (then the extra set)
- (DRAW, seat, purpose)         chance: the top Shard of the Nexus (deal / to a Hold /
                                revealed by Expose / revealed by Mary)
- (REVEAL, kind, a, b)          the engine's own step (AUTO): the round's reveal, or a Shard
                                in a Hold turned up (Expose, Kintriel) or seen (Telekinesis);
                                its events mark what it shows, so undo stops there
- (ACT, seat, action, play)     resolve or decline `action` (play = index in plays, -1
                                when resolved through an ability: Advaranau, Jessup)
- (CENE2, seat, left)           Cene C may take another Shard from the Discard, or stop
- (MARY, seat)                  Mary takes one of the Shards her ability revealed
- (KEEP, seat)                  the Hold overflows: keep one, discard the rest
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import AUTO, CHANCE, Command, Event, JsonDict, Seat
from game.core.text import all_or_both, join_names
from game.worlds_collide.cards import (
    ACTION_NAMES,
    ADVARANAU,
    ALL_ACTIONS,
    CENE_C,
    CENE_TAKES,
    CHARACTER_NAMES,
    EXPOSE,
    FRACTURE,
    FRACTURE_TAKES,
    JESSUP,
    KINTRIEL,
    MARY,
    MARY_REVEALS,
    N_CARDS,
    N_CHARACTERS,
    RESET,
    RONIN,
    SHIFT,
    TELEKINESIS,
    UNLEASH,
    WILD,
    card_long_name,
    card_name,
    owner_of,
    shards_of,
)
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
    ChooseAction,
    Clash,
    DealCharacter,
    Decline,
    Done,
    Draw,
    GameWon,
    Keep,
    NexusFormed,
    NexusReshuffled,
    NothingHappens,
    PickAction,
    PickCharacter,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    Reveal,
    RoundStarted,
    ShardDiscarded,
    ShardKept,
    ShardLocked,
    ShardRevealed,
    ShardTaken,
    TakeRevealed,
)

if TYPE_CHECKING:
    from game.worlds_collide.state import WorldsCollideState as S

PICKCHAR, DEALCHAR, DRAW, REVEAL, ACT, CENE2, MARYPICK, KEEP = range(8)
P_DEAL, P_HOLD, P_EXPOSE, P_MARY = range(4)
R_ROUND, R_EXPOSE, R_KINTRIEL, R_STEAL = range(4)

REVEALED = 32
CARD_MASK = 31
MASK_SHIFT = 6
EPOCH_SHIFT = 10
WAIT, CLASHED, ANCHORED, RESOLVING, RESOLVED, DECLINED = range(6)
_ALL_HAND = sum(1 << a for a in ALL_ACTIONS)


# --- who acts, what they may do -----------------------------------------------------------

def to_act(s: "S") -> list[Seat]:
    if s.won:
        return []
    if s.stack:
        top = s.stack[-1]
        kind = top[0]
        if kind == REVEAL:
            return [AUTO]  # the reveal plays by itself; its events mark what it shows
        if kind in (DEALCHAR, DRAW):
            return [CHANCE]
        return [top[1]]
    return [seat for seat in range(s.n) if not s.choices[seat]]


def chance_outcomes(s: "S") -> list[tuple[Command, float]]:
    if s.won or not s.stack:
        return []
    top = s.stack[-1]
    if top[0] == DEALCHAR:
        free = [c for c in range(N_CHARACTERS) if c not in s.chars and c != s.extra]
        return [(DealCharacter(CHANCE, c), 1.0 / len(free)) for c in free]
    if top[0] == DRAW:
        total = s.nexus_n
        return [(Draw(CHANCE, c), k / total) for c, k in enumerate(s.nexus) if k]
    return []


def candidates(s: "S", seat: Seat) -> list[Command]:
    if s.won:
        return []
    if not s.stack:
        if seat < 0 or seat >= s.n or s.choices[seat]:
            return []
        return [ChooseAction(seat, a) for a in ALL_ACTIONS if s.hands[seat] >> a & 1]
    top = s.stack[-1]
    kind = top[0]
    if kind == REVEAL:
        return [Reveal(AUTO)] if seat == AUTO else []
    if kind in (DEALCHAR, DRAW):
        return [c for c, _ in chance_outcomes(s)] if seat == CHANCE else []
    if top[1] != seat:
        return []
    if kind == PICKCHAR:
        taken = set(s.chars)
        return [PickCharacter(seat, c) for c in range(N_CHARACTERS) if c not in taken]
    if kind == ACT:
        return act_options(s, seat, top[2])
    if kind == CENE2:
        return [PickDiscard(seat, c) for c in range(N_CARDS) if s.discard[c]] + [Done(seat)]
    if kind == MARYPICK:
        return [TakeRevealed(seat, c) for c in s.mary]
    if kind == KEEP:
        return [Keep(seat, e & CARD_MASK) for e in s.holds[seat]]
    return []


def _can_take_from_nexus(s: "S") -> bool:
    return s.nexus_n > 0 or s.discard_n > 0


def act_options(s: "S", seat: Seat, action: int) -> list[Command]:
    """The first decision of resolving `action` for `seat`; Decline is always offered."""
    out: list[Command] = []
    if action == EXPOSE:
        if _can_take_from_nexus(s):
            out.append(PickNexus(seat))
        out.extend(PickHold(seat, o) for o in range(s.n)
                   if any(not e & REVEALED for e in s.holds[o]))
    elif action == FRACTURE or action == RESET or action == SHIFT:
        out.append(Resolve(seat))
    elif action == TELEKINESIS:
        if _can_take_from_nexus(s):
            out.append(PickNexus(seat))
        out.extend(PickDiscard(seat, c) for c in range(N_CARDS) if s.discard[c])
        out.extend(PickHold(seat, o) for o in range(s.n) if o != seat and s.holds[o])
    elif action == UNLEASH:
        ch = s.chars[seat]
        if ch == ADVARANAU or ch == RONIN:
            out.extend(PickAction(seat, seat, a) for a in ALL_ACTIONS
                       if a != UNLEASH and s.hands[seat] >> a & 1)
        elif ch == CENE_C:
            out.extend(PickDiscard(seat, c) for c in range(N_CARDS) if s.discard[c])
        elif ch == JESSUP:
            out.extend(PickAction(seat, o, a) for o in range(s.n) for a in ALL_ACTIONS
                       if a != UNLEASH and not s.hands[o] >> a & 1)
        elif ch == KINTRIEL:
            out.extend(PickHold(seat, o) for o in range(s.n) if o != seat and s.holds[o])
        elif ch == MARY:
            out.append(Resolve(seat))
    out.append(Decline(seat))
    return out


# --- applying a command --------------------------------------------------------------------

def apply(s: "S", cmd: Command) -> list[Event]:
    ev: list[Event] = []
    if isinstance(cmd, ChooseAction):
        _choose(s, cmd.seat, cmd.action, ev)
    else:
        top = s.stack.pop()
        kind = top[0]
        if kind == PICKCHAR and isinstance(cmd, PickCharacter):
            _assign_character(s, cmd.character, ev)
        elif kind == DEALCHAR and isinstance(cmd, DealCharacter):
            _assign_character(s, cmd.character, ev)
        elif kind == DRAW and isinstance(cmd, Draw):
            _drawn(s, top[1], top[2], cmd.card, ev)
        elif kind == REVEAL and isinstance(cmd, Reveal):
            _reveal(s, top[1], top[2], top[3], ev)
        elif kind == ACT:
            _act(s, top[1], top[2], top[3], cmd, ev)
        elif kind == CENE2:
            if isinstance(cmd, PickDiscard):
                if top[2] > 1:
                    s.stack.append((CENE2, top[1], top[2] - 1))
                _take_from_discard(s, top[1], cmd.card, ev)
        elif kind == MARYPICK and isinstance(cmd, TakeRevealed):
            _mary_take(s, top[1], cmd.card, ev)
        elif kind == KEEP and isinstance(cmd, Keep):
            _keep(s, top[1], cmd.card, ev)
        else:
            s.stack.append(top)
            raise TypeError(f"{cmd!r} does not answer the pending decision {top!r}")
    _advance(s, ev)
    return ev


def _choose(s: "S", seat: Seat, action: int, ev: list[Event]) -> None:
    s.choices[seat] = action
    ev.append(ActionChosen(f"{s.name(seat)} chose {ACTION_NAMES[action]} in secret.", seat, action,
                           audience=(seat,), who=s.name(seat)))
    if all(s.choices):
        s.stack.append((REVEAL, R_ROUND, 0, 0))


def _assign_character(s: "S", character: int, ev: list[Event]) -> None:
    for seat in range(s.n):
        if s.chars[seat] < 0:
            s.chars[seat] = character
            ev.append(CharacterAssigned(f"{s.name(seat)} is played by Player {seat + 1}.", seat, character))
            if s.chars.count(-1) == 0 or not s.stack:
                s.stack.append((DEALCHAR,))  # the extra set, or (random Characters) the next seat's
            return
    s.extra = character
    for c in list(s.chars) + [character]:
        for card in shards_of(c):
            s.nexus[card] += 1
    s.nexus[WILD] += 1
    s.nexus_n = sum(s.nexus)
    ev.append(NexusFormed(f"The Nexus is formed: every player's Shards, {CHARACTER_NAMES[character]}'s Shards "
                          f"and the Wild Shard, {s.nexus_n} in all, shuffled face down.", character, s.nexus_n))
    for seat in reversed(range(s.n)):
        s.stack.append((DRAW, seat, P_DEAL))


def _reveal(s: "S", kind: int, a: int, b: int, ev: list[Event]) -> None:
    if kind == R_ROUND:
        _reveal_round(s, ev)
    elif kind == R_EXPOSE:
        _expose_hold(s, a, ev)
    elif kind == R_KINTRIEL:
        hold = s.holds[a]
        card = hold.pop(0) & CARD_MASK
        ev.append(ShardRevealed(f"{s.name(b)} revealed {card_long_name(card)} in {s.name(a)}'s Hold.", card,
                                f"hold:{a}"))
        _to_discard(s, card, f"hold:{a}", ev, f"{s.name(b)} discarded it.")
    elif kind == R_STEAL:
        entry = s.holds[b].pop(0)
        _take_entry(s, a, entry | (1 << a << MASK_SHIFT), f"hold:{b}", ev)


def _reveal_round(s: "S", ev: list[Event]) -> None:
    chosen = s.choices[:]
    s.choices = [0] * s.n
    s.plays = []
    for seat, a in enumerate(chosen):
        s.hands[seat] &= ~(1 << a)
        s.plays.append([seat, a, WAIT])
    ev.append(ActionsRevealed("Revealed: " + ", ".join(f"{s.name(i)} {ACTION_NAMES[a]}" for i, a in enumerate(chosen))
                              + ".", tuple(chosen)))
    for a in ALL_ACTIONS:
        group = [i for i, x in enumerate(chosen) if x == a]
        if len(group) < 2:
            continue
        ev.append(Clash(f"Clash! {join_names([s.name(i) for i in group])} {all_or_both(len(group))} played "
                        f"{ACTION_NAMES[a]}.",
                        a, tuple(group)))
        for i in group:
            if s.anchor == i:
                s.anchor = -1
                s.plays[i][2] = ANCHORED
                ev.append(AnchorUsed(f"{s.name(i)} returns the Anchor to the centre and resolves "
                                     f"{ACTION_NAMES[a]} anyway.", i, a))
            else:
                s.plays[i][2] = CLASHED
    s.queue = sorted((p[1], p[0], i) for i, p in enumerate(s.plays) if p[2] in (WAIT, ANCHORED))


def _act(s: "S", seat: Seat, action: int, play: int, cmd: Command, ev: list[Event]) -> None:
    if isinstance(cmd, Decline):
        if play >= 0:
            s.plays[play][2] = DECLINED
        ev.append(ActionDeclined(f"{s.name(seat)} chose not to resolve {ACTION_NAMES[action]}.", seat, action))
        return
    if play >= 0:
        s.plays[play][2] = RESOLVED
    if action == EXPOSE:
        if isinstance(cmd, PickNexus):
            s.stack.append((DRAW, seat, P_EXPOSE))
        elif isinstance(cmd, PickHold):
            s.stack.append((REVEAL, R_EXPOSE, cmd.owner, seat))
    elif action == FRACTURE:
        s.stack.append((KEEP, seat))
        for _ in range(FRACTURE_TAKES):
            s.stack.append((DRAW, seat, P_HOLD))
    elif action == TELEKINESIS:
        s.stack.append((KEEP, seat))
        if isinstance(cmd, PickNexus):
            s.stack.append((DRAW, seat, P_HOLD))
        elif isinstance(cmd, PickDiscard):
            _take_from_discard(s, seat, cmd.card, ev)
        elif isinstance(cmd, PickHold):
            _steal(s, seat, cmd.owner, ev)
    elif action == RESET:
        back = tuple(a for a in ALL_ACTIONS if not s.hands[seat] >> a & 1)
        s.hands[seat] = _ALL_HAND
        ev.append(ActionsReturned(f"{s.name(seat)} took back {', '.join(ACTION_NAMES[a] for a in back)}.",
                                  seat, back))
    elif action == SHIFT:
        src = "centre" if s.anchor < 0 else ("self" if s.anchor == seat else f"hold:{s.anchor}")
        where = {"centre": "from the centre", "self": "back from themself"}.get(
            src, f"from {s.name(s.anchor)}")
        s.anchor = seat
        ev.append(AnchorTaken(f"{s.name(seat)} took the Anchor {where}.", seat, src))
    elif action == UNLEASH:
        _unleash(s, seat, cmd, ev)


def _unleash(s: "S", seat: Seat, cmd: Command, ev: list[Event]) -> None:
    ch = s.chars[seat]
    if ch == ADVARANAU and isinstance(cmd, PickAction):
        a = cmd.action
        ev.append(ActionResolving(f"{s.name(seat)} persuades: resolves {ACTION_NAMES[a]} and keeps it in hand.",
                                  seat, a))
        for o in range(s.n):
            if o != seat and s.hands[o] >> a & 1:
                s.hands[o] &= ~(1 << a)
                ev.append(ActionPlayed(f"{s.name(o)} must discard {ACTION_NAMES[a]}.", o, a, "discarded"))
        s.stack.append((ACT, seat, a, -1))
    elif ch == CENE_C and isinstance(cmd, PickDiscard):
        s.stack.append((KEEP, seat))
        if CENE_TAKES > 1:
            s.stack.append((CENE2, seat, CENE_TAKES - 1))
        _take_from_discard(s, seat, cmd.card, ev)
    elif ch == JESSUP and isinstance(cmd, PickAction):
        ev.append(ActionResolving(f"{s.name(seat)} deceives: resolves {s.name(cmd.owner)}'s played "
                                  f"{ACTION_NAMES[cmd.action]}.", seat, cmd.action))
        s.stack.append((ACT, seat, cmd.action, -1))
    elif ch == KINTRIEL and isinstance(cmd, PickHold):
        o = cmd.owner
        if s.holds[o][0] & REVEALED:
            card = s.holds[o].pop(0) & CARD_MASK
            _to_discard(s, card, f"hold:{o}", ev, f"{s.name(seat)} discarded {card_long_name(card)} "
                                                  f"from {s.name(o)}'s Hold.")
        else:
            s.stack.append((REVEAL, R_KINTRIEL, o, seat))
    elif ch == MARY and isinstance(cmd, Resolve):
        s.stack.append((MARYPICK, seat))
        for _ in range(MARY_REVEALS):
            s.stack.append((DRAW, seat, P_MARY))
    elif ch == RONIN and isinstance(cmd, PickAction):
        _ronin_play(s, seat, cmd.action, ev)


def _ronin_play(s: "S", seat: Seat, a: int, ev: list[Event]) -> None:
    s.hands[seat] &= ~(1 << a)
    s.plays.append([seat, a, WAIT])
    me = len(s.plays) - 1
    ev.append(ActionPlayed(f"{s.name(seat)} preempts: plays {ACTION_NAMES[a]} face up.", seat, a, "preempt"))
    rivals = [i for i, p in enumerate(s.plays) if p[1] == a and p[0] != seat]
    if not rivals:
        s.queue.append((a, seat, me))
        s.queue.sort()
        return
    ev.append(Clash(f"Clash! {s.name(seat)}'s {ACTION_NAMES[a]} meets "
                    f"{' and '.join(s.name(s.plays[i][0]) for i in rivals)}'s.", a,
                    tuple([seat] + [s.plays[i][0] for i in rivals])))
    for i in rivals + [me]:
        p = s.plays[i]
        if p[2] not in (WAIT, ANCHORED):
            continue  # already clashed, resolved or declined
        if p[2] == ANCHORED:
            continue  # the Anchor already settled this player's clash
        if s.anchor == p[0]:
            s.anchor = -1
            p[2] = ANCHORED
            ev.append(AnchorUsed(f"{s.name(p[0])} returns the Anchor to the centre and resolves "
                                 f"{ACTION_NAMES[a]} anyway.", p[0], a))
            if i == me:
                s.queue.append((a, seat, me))
                s.queue.sort()
        else:
            p[2] = CLASHED
            s.queue = [q for q in s.queue if q[2] != i]


# --- moving Shards ---------------------------------------------------------------------------

def _drawn(s: "S", seat: Seat, purpose: int, card: int, ev: list[Event]) -> None:
    s.nexus[card] -= 1
    s.nexus_n -= 1
    if purpose in (P_DEAL, P_HOLD):
        s.holds[seat].append(card | (1 << seat << MASK_SHIFT) | (s.reshuffles << EPOCH_SHIFT))
        ev.append(ShardTaken(f"{s.name(seat)} drew {card_long_name(card)} into their Hold (shrouded).",
                             seat, "nexus", card, False, audience=(seat,), who=s.name(seat), where="the Nexus"))
        _check_win(s, seat, ev)
    elif purpose == P_EXPOSE:
        ev.append(ShardRevealed(f"{s.name(seat)} revealed {card_long_name(card)} from the Nexus.", card, "nexus"))
        _to_discard(s, card, "nexus", ev, f"{card_name(card)} goes to the Discard.")
    elif purpose == P_MARY:
        s.mary.append(card)
        ev.append(ShardRevealed(f"{s.name(seat)} revealed {card_long_name(card)} from the Nexus.", card, "nexus"))


def _to_discard(s: "S", card: int, where: str, ev: list[Event], text: str) -> None:
    s.discard[card] += 1
    s.discard_n += 1
    ev.append(ShardDiscarded(text, card, where))


def _lock(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    s.reality[seat].append(card)
    ev.append(ShardLocked(f"{card_long_name(card)} locks into {s.name(seat)}'s Reality "
                          f"({len(s.reality[seat])} of 4).", seat, card))
    _check_win(s, seat, ev)


def _take_entry(s: "S", seat: Seat, entry: int, source: str, ev: list[Event]) -> None:
    """`seat` takes a Shard; its face does not change. Revealed and its own: locked."""
    card = entry & CARD_MASK
    revealed = bool(entry & REVEALED)
    where = {"nexus": "the Nexus", "discard": "the Discard", "revealed": "the revealed Shards"}.get(
        source, f"{s.name(int(source[5:]))}'s Hold" if source.startswith("hold:") else source)
    if revealed:
        ev.append(ShardTaken(f"{s.name(seat)} took {card_long_name(card)} from {where}.", seat, source, card, True,
                             who=s.name(seat), where=where))
        if owner_of(card) == s.chars[seat]:
            _lock(s, seat, card, ev)
            return
    else:
        knowers = tuple(o for o in range(s.n) if (entry >> MASK_SHIFT) >> o & 1)
        ev.append(ShardTaken(f"{s.name(seat)} took {card_long_name(card)} (shrouded) from {where}.",
                             seat, source, card, False, audience=knowers, who=s.name(seat), where=where))
    s.holds[seat].append(entry)
    _check_win(s, seat, ev)


def _take_from_discard(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    s.discard[card] -= 1
    s.discard_n -= 1
    _take_entry(s, seat, card | REVEALED | (((1 << s.n) - 1) << MASK_SHIFT), "discard", ev)


def _steal(s: "S", seat: Seat, owner: Seat, ev: list[Event]) -> None:
    entry = s.holds[owner][0]
    if entry & REVEALED or (entry >> MASK_SHIFT) >> seat & 1:
        s.holds[owner].pop(0)
        _take_entry(s, seat, entry, f"hold:{owner}", ev)
    else:  # the taker sees a card it has not seen: new information, a chance step
        s.stack.append((REVEAL, R_STEAL, seat, owner))


def _expose_hold(s: "S", owner: Seat, ev: list[Event]) -> None:
    hold = s.holds[owner]
    i = next(k for k, e in enumerate(hold) if not e & REVEALED)
    card = hold[i] & CARD_MASK
    ev.append(ShardRevealed(f"{card_long_name(card)} in {s.name(owner)}'s Hold is revealed.", card, f"hold:{owner}"))
    if owner_of(card) == s.chars[owner]:
        hold.pop(i)
        _lock(s, owner, card, ev)
    else:
        hold[i] = card | REVEALED | (((1 << s.n) - 1) << MASK_SHIFT)


def _mary_take(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    s.mary.remove(card)
    rest, s.mary = s.mary, []
    s.stack.append((KEEP, seat))
    _take_entry(s, seat, card | REVEALED | (((1 << s.n) - 1) << MASK_SHIFT), "revealed", ev)
    for c in rest:
        _to_discard(s, c, "revealed", ev, f"{card_long_name(c)} goes to the Discard.")


def _keep(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    hold = s.holds[seat]
    kept = next(e for e in hold if e & CARD_MASK == card)
    others = [e for e in hold if e != kept]
    s.holds[seat] = [kept]
    shown = bool(kept & REVEALED)
    ev.append(ShardKept(f"{s.name(seat)} kept {card_long_name(card) if shown else 'a shrouded Shard'} in their Hold.",
                        seat, card, audience=None if shown else (seat,)))
    for e in others:
        c = e & CARD_MASK
        _to_discard(s, c, f"hold:{seat}", ev, f"{s.name(seat)} discarded {card_long_name(c)}.")


def _check_win(s: "S", seat: Seat, ev: list[Event]) -> None:
    if s.won:
        return
    locked = len(s.reality[seat])
    if locked >= 4:
        _finish(s, [seat], f"{s.name(seat)} completed their Reality.", ev)
    elif locked == 3 and any(e & CARD_MASK == WILD for e in s.holds[seat]):
        _finish(s, [seat], f"{s.name(seat)} completed their Reality with the Wild Shard.", ev)


def _finish(s: "S", winners: list[Seat], reason: str, ev: list[Event]) -> None:
    s.won = winners
    s.over_reason = reason
    s.stack.clear()
    s.queue.clear()
    ev.append(GameWon(reason + " " + join_names([s.name(w) for w in winners])
                      + (" win" if len(winners) > 1 else " wins") + ".", tuple(winners), reason))


# --- automatic steps ---------------------------------------------------------------------------

def _advance(s: "S", ev: list[Event]) -> None:
    while not s.won:
        if s.stack:
            top = s.stack[-1]
            kind = top[0]
            if kind == KEEP:
                if len(s.holds[top[1]]) <= 1:
                    s.stack.pop()
                    continue
                return
            if kind == CENE2:
                if not s.discard_n:
                    s.stack.pop()
                    continue
                return
            if kind == MARYPICK:
                if not s.mary:
                    s.stack.pop()
                    ev.append(NothingHappens("No Shard was revealed.", top[1]))
                    continue
                return
            if kind == DRAW and not s.nexus_n:
                if s.discard_n:
                    s.nexus, s.discard = s.discard, [0] * N_CARDS
                    s.nexus_n, s.discard_n = s.discard_n, 0
                    s.reshuffles += 1
                    ev.append(NexusReshuffled(f"The Nexus is empty: the Discard ({s.nexus_n} Shards) is "
                                              f"shuffled face down into a new Nexus.", s.nexus_n))
                    return
                s.stack.pop()
                ev.append(NothingHappens("The Nexus and the Discard are both empty: nothing to take.", top[1]))
                continue
            return
        if s.chars.count(-1) or s.extra < 0:
            return  # set-up still under way (only between set-up tasks; never reached in play)
        if s.plays and not s.queue and not any(s.choices):
            _end_round(s, ev)
            continue
        if s.queue:
            a, seat, i = s.queue.pop(0)
            s.plays[i][2] = RESOLVING
            ev.append(ActionResolving(f"{s.name(seat)} resolves {ACTION_NAMES[a]}.", seat, a))
            s.stack.append((ACT, seat, a, i))
            continue
        return


def _end_round(s: "S", ev: list[Event]) -> None:
    for seat in range(s.n):
        if s.hands[seat] == 0:
            back = tuple(ALL_ACTIONS)
            s.hands[seat] = _ALL_HAND
            ev.append(ActionsReturned(f"{s.name(seat)} has no Action left in hand and takes back all six.",
                                      seat, back))
    s.plays = []
    if s.round >= s.round_limit:
        best = max(len(r) for r in s.reality)
        winners = [i for i in range(s.n) if len(s.reality[i]) == best]
        _finish(s, winners, f"The round limit ({s.round_limit}) is reached: most Shards locked ({best}).", ev)
        return
    s.round += 1
    ev.append(RoundStarted(f"Round {s.round}: everyone chooses an Action in secret.", s.round))


# --- descriptions for views --------------------------------------------------------------------

_KIND_NAMES = {PICKCHAR: "pick-character", DEALCHAR: "deal-character", DRAW: "draw", REVEAL: "reveal",
               ACT: "act", CENE2: "cene-more", MARYPICK: "mary-take", KEEP: "keep"}
_PURPOSES = ("deal", "hold", "expose", "mary")
_REVEALS = ("round", "expose", "kintriel", "telekinesis")


def phase_name(s: "S") -> str:
    if s.won:
        return "over"
    if not s.stack:
        return "choose"
    top = s.stack[-1]
    if top[0] in (PICKCHAR, DEALCHAR) or (top[0] == DRAW and top[2] == P_DEAL):
        return "setup"
    if top[0] == REVEAL and top[1] == R_ROUND:
        return "reveal"
    return "resolve"


def describe_pending(s: "S") -> JsonDict | None:
    """The pending decision as plain data: kind, who, and the Action it belongs to."""
    if s.won or not s.stack:
        return None
    top = s.stack[-1]
    kind = top[0]
    out: JsonDict = {"kind": _KIND_NAMES[kind]}
    if kind == DRAW:
        out.update(seat=top[1], purpose=_PURPOSES[top[2]])
    elif kind == REVEAL:
        out.update(what=_REVEALS[top[1]])
    elif kind == ACT:
        out.update(seat=top[1], action=top[2], nested=top[3] < 0,
                   ability=top[2] == UNLEASH)
    elif kind == CENE2:
        out.update(seat=top[1], left=top[2])
    elif kind in (PICKCHAR, MARYPICK, KEEP):
        out.update(seat=top[1])
    return out
