"""Resolution of Worlds Collide: the task stack, every Action and every ability.

The state keeps a stack of pending tasks, typed frozen frames (`frames`: PickingCharacter,
DealingCharacter, Drawing, Revealing, Acting, TakingMore, MaryTaking, Keeping). The top frame
is the pending decision: who acts (a seat, CHANCE for a draw or a deal, AUTO for a reveal,
whose events mark what it shows so undo stops there) and what they may do. After each command
`_advance` runs every automatic step (taking the next Action in initiative order, reshuffling
an empty Nexus, skipping a take that has nothing to take, ending the round) until a decision
is needed again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.protocol import AUTO, CHANCE, Command, Event, JsonDict, Seat
from game.worlds_collide.cards import (
    ADVARANAU,
    ALL_ACTIONS,
    CENE_C,
    CENE_TAKES,
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
from game.worlds_collide.frames import (
    ACT,
    CENE2,
    DEALCHAR,
    DRAW,
    KEEP,
    MARYPICK,
    P_DEAL,
    P_EXPOSE,
    P_HOLD,
    P_MARY,
    PICKCHAR,
    R_EXPOSE,
    R_KINTRIEL,
    R_ROUND,
    R_STEAL,
    REVEAL,
    SEATED,
    Acting,
    DealingCharacter,
    Drawing,
    Keeping,
    MaryTaking,
    PickingCharacter,
    Revealing,
    TakingMore,
)
from game.worlds_collide.words import win_reason

if TYPE_CHECKING:
    from game.worlds_collide.state import WorldsCollideState as S


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
        if isinstance(top, Revealing):
            return [AUTO]  # the reveal plays by itself; its events mark what it shows
        if isinstance(top, (DealingCharacter, Drawing)):
            return [CHANCE]
        assert isinstance(top, SEATED)
        return [top.seat]
    return [seat for seat in range(s.n) if not s.choices[seat]]


def chance_outcomes(s: "S") -> list[tuple[Command, float]]:
    if s.won or not s.stack:
        return []
    top = s.stack[-1]
    if isinstance(top, DealingCharacter):
        free = [c for c in range(N_CHARACTERS) if c not in s.chars and c != s.extra]
        return [(DealCharacter(CHANCE, c), 1.0 / len(free)) for c in free]
    if isinstance(top, Drawing):
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
    if isinstance(top, Revealing):
        return [Reveal(AUTO)] if seat == AUTO else []
    if isinstance(top, (DealingCharacter, Drawing)):
        return [c for c, _ in chance_outcomes(s)] if seat == CHANCE else []
    if not isinstance(top, SEATED) or top.seat != seat:
        return []
    if isinstance(top, PickingCharacter):
        taken = set(s.chars)
        return [PickCharacter(seat, c) for c in range(N_CHARACTERS) if c not in taken]
    if isinstance(top, Acting):
        return act_options(s, seat, top.action, top.ability)
    if isinstance(top, TakingMore):
        return [PickDiscard(seat, c) for c in range(N_CARDS) if s.discard[c]] + [Done(seat)]
    if isinstance(top, MaryTaking):
        return [TakeRevealed(seat, c) for c in s.mary]
    if isinstance(top, Keeping):
        return [Keep(seat, e & CARD_MASK) for e in s.holds[seat]]
    return []


def _can_take_from_nexus(s: "S") -> bool:
    return s.nexus_n > 0 or s.discard_n > 0


def ability_character(s: "S", seat: Seat, ability: int = -1) -> int:
    """The Character whose ability an Unleash resolved by `seat` acts as: `ability` when
    borrowed (Jessup resolving an opponent's Unleash), else the seat's own."""
    return ability if ability >= 0 else s.chars[seat]


def acting_ability(s: "S", seat: Seat) -> int:
    """`ability_character` for the pending Acting frame of `seat` (its own Character otherwise)."""
    top = s.stack[-1] if s.stack else None
    return ability_character(s, seat, top.ability if isinstance(top, Acting) and top.seat == seat else -1)


def jessup_can_resolve(s: "S", seat: Seat, owner: Seat, action: int) -> bool:
    """Jessup resolves any played Action on the table (not in `owner`'s hand) except his own
    Unleash, which would only be his ability again (a loop). An opponent's played Unleash is
    that opponent's Character's ability, acting for Jessup."""
    if s.hands[owner] >> action & 1:
        return False
    if action == UNLEASH:
        return owner != seat and s.chars[owner] >= 0 and s.chars[owner] != JESSUP
    return True


def act_options(s: "S", seat: Seat, action: int, ability: int = -1) -> list[Command]:
    """The first decision of resolving `action` for `seat` (an Unleash as `ability`'s
    Character when borrowed); Decline is always offered."""
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
        ch = ability_character(s, seat, ability)
        if ch == ADVARANAU or ch == RONIN:
            out.extend(PickAction(seat, seat, a) for a in ALL_ACTIONS
                       if a != UNLEASH and s.hands[seat] >> a & 1)
        elif ch == CENE_C:
            out.extend(PickDiscard(seat, c) for c in range(N_CARDS) if s.discard[c])
        elif ch == JESSUP:
            out.extend(PickAction(seat, o, a) for o in range(s.n) for a in ALL_ACTIONS
                       if jessup_can_resolve(s, seat, o, a))
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
        if isinstance(top, PickingCharacter) and isinstance(cmd, PickCharacter):
            _assign_character(s, cmd.character, ev)
        elif isinstance(top, DealingCharacter) and isinstance(cmd, DealCharacter):
            _assign_character(s, cmd.character, ev)
        elif isinstance(top, Drawing) and isinstance(cmd, Draw):
            _drawn(s, top.seat, top.purpose, cmd.card, ev)
        elif isinstance(top, Revealing) and isinstance(cmd, Reveal):
            _reveal(s, top.what, top.a, top.b, ev)
        elif isinstance(top, Acting):
            _act(s, top.seat, top.action, top.play, cmd, ev, top.ability)
        elif isinstance(top, TakingMore):
            if isinstance(cmd, PickDiscard):
                if top.left > 1:
                    s.stack.append(TakingMore(top.seat, top.left - 1))
                _take_from_discard(s, top.seat, cmd.card, ev)
        elif isinstance(top, MaryTaking) and isinstance(cmd, TakeRevealed):
            _mary_take(s, top.seat, cmd.card, ev)
        elif isinstance(top, Keeping) and isinstance(cmd, Keep):
            _keep(s, top.seat, cmd.card, ev)
        else:
            s.stack.append(top)
            raise TypeError(f"{cmd!r} does not answer the pending decision {top!r}")
    _advance(s, ev)
    return ev


def _choose(s: "S", seat: Seat, action: int, ev: list[Event]) -> None:
    s.choices[seat] = action
    ev.append(ActionChosen(seat, action, audience=(seat,)))
    if all(s.choices):
        s.stack.append(Revealing(R_ROUND))


def _assign_character(s: "S", character: int, ev: list[Event]) -> None:
    for seat in range(s.n):
        if s.chars[seat] < 0:
            s.chars[seat] = character
            ev.append(CharacterAssigned(seat, character))
            if s.chars.count(-1) == 0 or not s.stack:
                s.stack.append(DealingCharacter())  # the extra set, or (random Characters) the next seat's
            return
    s.extra = character
    for c in list(s.chars) + [character]:
        for card in shards_of(c):
            s.nexus[card] += 1
    s.nexus[WILD] += 1
    s.nexus_n = sum(s.nexus)
    ev.append(NexusFormed(character, s.nexus_n))
    for seat in reversed(range(s.n)):
        s.stack.append(Drawing(seat, P_DEAL))


def _reveal(s: "S", kind: int, a: int, b: int, ev: list[Event]) -> None:
    if kind == R_ROUND:
        _reveal_round(s, ev)
    elif kind == R_EXPOSE:
        _expose_hold(s, a, ev)
    elif kind == R_KINTRIEL:
        hold = s.holds[a]
        card = hold.pop(0) & CARD_MASK
        ev.append(ShardRevealed(card, f"hold:{a}", by=b))
        _to_discard(s, card, f"hold:{a}", ev, by=b, just_shown=True)
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
    ev.append(ActionsRevealed(tuple(chosen)))
    for a in ALL_ACTIONS:
        group = [i for i, x in enumerate(chosen) if x == a]
        if len(group) < 2:
            continue
        ev.append(Clash(a, tuple(group)))
        for i in group:
            if s.anchor == i:
                s.anchor = -1
                s.plays[i][2] = ANCHORED
                ev.append(AnchorUsed(i, a))
            else:
                s.plays[i][2] = CLASHED
    s.queue = sorted((p[1], p[0], i) for i, p in enumerate(s.plays) if p[2] in (WAIT, ANCHORED))


def _act(s: "S", seat: Seat, action: int, play: int, cmd: Command, ev: list[Event],
         ability: int = -1) -> None:
    if isinstance(cmd, Decline):
        if play >= 0:
            s.plays[play][2] = DECLINED
        ev.append(ActionDeclined(seat, action))
        return
    if play >= 0:
        s.plays[play][2] = RESOLVED
    if action == EXPOSE:
        if isinstance(cmd, PickNexus):
            s.stack.append(Drawing(seat, P_EXPOSE))
        elif isinstance(cmd, PickHold):
            s.stack.append(Revealing(R_EXPOSE, cmd.owner, seat))
    elif action == FRACTURE:
        s.stack.append(Keeping(seat))
        for _ in range(FRACTURE_TAKES):
            s.stack.append(Drawing(seat, P_HOLD))
    elif action == TELEKINESIS:
        s.stack.append(Keeping(seat))
        if isinstance(cmd, PickNexus):
            s.stack.append(Drawing(seat, P_HOLD))
        elif isinstance(cmd, PickDiscard):
            _take_from_discard(s, seat, cmd.card, ev)
        elif isinstance(cmd, PickHold):
            _steal(s, seat, cmd.owner, ev)
    elif action == RESET:
        back = tuple(a for a in ALL_ACTIONS if not s.hands[seat] >> a & 1)
        s.hands[seat] = _ALL_HAND
        ev.append(ActionsReturned(seat, back))
    elif action == SHIFT:
        src = "centre" if s.anchor < 0 else ("self" if s.anchor == seat else f"hold:{s.anchor}")
        s.anchor = seat
        ev.append(AnchorTaken(seat, src))
    elif action == UNLEASH:
        _unleash(s, seat, cmd, ev, ability)


def _unleash(s: "S", seat: Seat, cmd: Command, ev: list[Event], ability: int = -1) -> None:
    ch = ability_character(s, seat, ability)
    if ch == ADVARANAU and isinstance(cmd, PickAction):
        a = cmd.action
        ev.append(ActionResolving(seat, a, "persuade"))
        for o in range(s.n):
            if o != seat and s.hands[o] >> a & 1:
                s.hands[o] &= ~(1 << a)
                ev.append(ActionPlayed(o, a, "discarded"))
        s.stack.append(Acting(seat, a, -1))
    elif ch == CENE_C and isinstance(cmd, PickDiscard):
        s.stack.append(Keeping(seat))
        if CENE_TAKES > 1:
            s.stack.append(TakingMore(seat, CENE_TAKES - 1))
        _take_from_discard(s, seat, cmd.card, ev)
    elif ch == JESSUP and isinstance(cmd, PickAction):
        ev.append(ActionResolving(seat, cmd.action, "deceive", cmd.owner))
        borrowed = s.chars[cmd.owner] if cmd.action == UNLEASH else -1
        s.stack.append(Acting(seat, cmd.action, -1, borrowed))
    elif ch == KINTRIEL and isinstance(cmd, PickHold):
        o = cmd.owner
        if s.holds[o][0] & REVEALED:
            card = s.holds[o].pop(0) & CARD_MASK
            _to_discard(s, card, f"hold:{o}", ev, by=seat)
        else:
            s.stack.append(Revealing(R_KINTRIEL, o, seat))
    elif ch == MARY and isinstance(cmd, Resolve):
        s.stack.append(MaryTaking(seat))
        for _ in range(MARY_REVEALS):
            s.stack.append(Drawing(seat, P_MARY))
    elif ch == RONIN and isinstance(cmd, PickAction):
        _ronin_play(s, seat, cmd.action, ev)


def _ronin_play(s: "S", seat: Seat, a: int, ev: list[Event]) -> None:
    s.hands[seat] &= ~(1 << a)
    s.plays.append([seat, a, WAIT])
    me = len(s.plays) - 1
    ev.append(ActionPlayed(seat, a, "preempt"))
    rivals = [i for i, p in enumerate(s.plays) if p[1] == a and p[0] != seat]
    if not rivals:
        s.queue.append((a, seat, me))
        s.queue.sort()
        return
    ev.append(Clash(a, tuple([seat] + [s.plays[i][0] for i in rivals]), preempt=True))
    for i in rivals + [me]:
        p = s.plays[i]
        if p[2] not in (WAIT, ANCHORED):
            continue  # already clashed, resolved or declined
        if p[2] == ANCHORED:
            continue  # the Anchor already settled this player's clash
        if s.anchor == p[0]:
            s.anchor = -1
            p[2] = ANCHORED
            ev.append(AnchorUsed(p[0], a))
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
        ev.append(ShardTaken(seat, "nexus", card, False, audience=(seat,), drawn=True))
        _check_win(s, seat, ev)
    elif purpose == P_EXPOSE:
        ev.append(ShardRevealed(card, "nexus", by=seat))
        _to_discard(s, card, "nexus", ev)
    elif purpose == P_MARY:
        s.mary.append(card)
        ev.append(ShardRevealed(card, "nexus", by=seat))


def _to_discard(s: "S", card: int, where: str, ev: list[Event], by: Seat = -1, just_shown: bool = False) -> None:
    s.discard[card] += 1
    s.discard_n += 1
    ev.append(ShardDiscarded(card, where, by, just_shown))


def _lock(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    s.reality[seat].append(card)
    ev.append(ShardLocked(seat, card, len(s.reality[seat])))
    _check_win(s, seat, ev)


def _take_entry(s: "S", seat: Seat, entry: int, source: str, ev: list[Event]) -> None:
    """`seat` takes a Shard; its face does not change. Revealed and its own: locked."""
    card = entry & CARD_MASK
    revealed = bool(entry & REVEALED)
    if revealed:
        ev.append(ShardTaken(seat, source, card, True))
        if owner_of(card) == s.chars[seat]:
            _lock(s, seat, card, ev)
            return
    else:
        knowers = tuple(o for o in range(s.n) if (entry >> MASK_SHIFT) >> o & 1)
        ev.append(ShardTaken(seat, source, card, False, audience=knowers))
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
        s.stack.append(Revealing(R_STEAL, seat, owner))


def _expose_hold(s: "S", owner: Seat, ev: list[Event]) -> None:
    hold = s.holds[owner]
    i = next(k for k, e in enumerate(hold) if not e & REVEALED)
    card = hold[i] & CARD_MASK
    ev.append(ShardRevealed(card, f"hold:{owner}"))
    if owner_of(card) == s.chars[owner]:
        hold.pop(i)
        _lock(s, owner, card, ev)
    else:
        hold[i] = card | REVEALED | (((1 << s.n) - 1) << MASK_SHIFT)


def _mary_take(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    s.mary.remove(card)
    rest, s.mary = s.mary, []
    s.stack.append(Keeping(seat))
    _take_entry(s, seat, card | REVEALED | (((1 << s.n) - 1) << MASK_SHIFT), "revealed", ev)
    for c in rest:
        _to_discard(s, c, "revealed", ev)


def _keep(s: "S", seat: Seat, card: int, ev: list[Event]) -> None:
    hold = s.holds[seat]
    kept = next(e for e in hold if e & CARD_MASK == card)
    others = [e for e in hold if e != kept]
    s.holds[seat] = [kept]
    shown = bool(kept & REVEALED)
    ev.append(ShardKept(seat, card, audience=None if shown else (seat,)))
    for e in others:
        c = e & CARD_MASK
        _to_discard(s, c, f"hold:{seat}", ev, by=seat)


def _check_win(s: "S", seat: Seat, ev: list[Event]) -> None:
    if s.won:
        return
    locked = len(s.reality[seat])
    if locked >= 4:
        _finish(s, [seat], GameWon((seat,), "reality"), ev)
    elif locked == 3 and any(e & CARD_MASK == WILD for e in s.holds[seat]):
        _finish(s, [seat], GameWon((seat,), "wild"), ev)


def _finish(s: "S", winners: list[Seat], won: GameWon, ev: list[Event]) -> None:
    s.won = winners
    s.over_reason = win_reason(won, [s.name(i) for i in range(s.n)])
    s.stack.clear()
    s.queue.clear()
    ev.append(won)


# --- automatic steps ---------------------------------------------------------------------------

def _advance(s: "S", ev: list[Event]) -> None:
    while not s.won:
        if s.stack:
            top = s.stack[-1]
            if isinstance(top, Keeping):
                if len(s.holds[top.seat]) <= 1:
                    s.stack.pop()
                    continue
                return
            if isinstance(top, TakingMore):
                if not s.discard_n:
                    s.stack.pop()
                    continue
                return
            if isinstance(top, MaryTaking):
                if not s.mary:
                    s.stack.pop()
                    ev.append(NothingHappens(top.seat, "none_revealed"))
                    continue
                return
            if isinstance(top, Drawing) and not s.nexus_n:
                if s.discard_n:
                    s.nexus, s.discard = s.discard, [0] * N_CARDS
                    s.nexus_n, s.discard_n = s.discard_n, 0
                    s.reshuffles += 1
                    ev.append(NexusReshuffled(s.nexus_n))
                    return
                s.stack.pop()
                ev.append(NothingHappens(top.seat, "empty"))
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
            ev.append(ActionResolving(seat, a))
            s.stack.append(Acting(seat, a, i))
            continue
        return


def _end_round(s: "S", ev: list[Event]) -> None:
    for seat in range(s.n):
        if s.hands[seat] == 0:
            back = tuple(ALL_ACTIONS)
            s.hands[seat] = _ALL_HAND
            ev.append(ActionsReturned(seat, back, emptied=True))
    s.plays = []
    if s.round >= s.round_limit:
        best = max(len(r) for r in s.reality)
        winners = [i for i in range(s.n) if len(s.reality[i]) == best]
        _finish(s, winners, GameWon(tuple(winners), "round_limit", s.round_limit, best), ev)
        return
    s.round += 1
    ev.append(RoundStarted(s.round))


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
    if isinstance(top, (PickingCharacter, DealingCharacter)) or (isinstance(top, Drawing) and top.purpose == P_DEAL):
        return "setup"
    if isinstance(top, Revealing) and top.what == R_ROUND:
        return "reveal"
    return "resolve"


def describe_pending(s: "S") -> JsonDict | None:
    """The pending decision as plain data: kind, who, and the Action it belongs to."""
    if s.won or not s.stack:
        return None
    top = s.stack[-1]
    out: JsonDict = {"kind": _KIND_NAMES[top.KIND]}
    if isinstance(top, Drawing):
        out.update(seat=top.seat, purpose=_PURPOSES[top.purpose])
    elif isinstance(top, Revealing):
        out.update(what=_REVEALS[top.what])
    elif isinstance(top, Acting):
        out.update(seat=top.seat, action=top.action, nested=top.play < 0, ability=top.action == UNLEASH)
        if top.ability >= 0:
            out.update(acts_as=top.ability)
    elif isinstance(top, TakingMore):
        out.update(seat=top.seat, left=top.left)
    elif isinstance(top, (PickingCharacter, MaryTaking, Keeping)):
        out.update(seat=top.seat)
    return out
