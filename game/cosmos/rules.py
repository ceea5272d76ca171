"""Cosmos's rules: who acts, what is legal (`why_illegal`), what each command does (`apply`), the
candidates random play and the search choose from, and the final scoring.

One turn is Movement -> Action -> Mission, played as the frames of `model` (the top one is the
decision now). The golden rule "every reward is optional" is kept without a wall of prompts:
resources are taken whole (an unlimited resource never hurts to hold), every reward that needs
a choice (lifeforms to place or advance, cards, star activations, granted actions, a scarce
Biome's paid reward) is a frame with `Done` to take less or none, and the choices that are never
worse (claiming a lifeform objective, fulfilling a Biome once its lifeforms are there, the best
type where an effect says "of one type") are made for the player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.protocol import CHANCE, Command, Event, Seat
from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos import model as M
from game.cosmos.area import count, final_scores, lifeform_total, mission_met, planet_icons, slots
from game.cosmos.content import LIFEFORMS, TOKEN_OF_ACTION, TOKENS, Effect

if TYPE_CHECKING:
    from game.cosmos.state import CosmosState

SECTIONS = 6
"""The double rondel: 6 sections clockwise, each an inner action space (space `2 * section`, a
Creation token's action, the token placed in front of it) beside an action tile's outer space
(`2 * section + 1`). A Scientist moves 1-3 sections and lands on either ring."""
LIFE_PILES = {t: (2 * i, 2 * i + 1) for i, t in enumerate(LIFEFORMS)}


# --- the board -------------------------------------------------------------------------

def action_at(s: CosmosState, space: int) -> str:
    """The action of a rondel space: inner spaces are even, action tiles' spaces odd."""
    if space % 2 == 0:
        return str(s.content.n("inner_actions")[space // 2])
    return s.content.tiles[s.tiles[space // 2][0]].action


def partner(s: CosmosState, space: int) -> int:
    """The space merged with `space` for presence (its lightning-side tile), or -1."""
    k = space // 2
    if not s.tiles[k][1]:
        return -1
    return space + 1 if space % 2 == 0 else space - 1


def occupied(s: CosmosState, seat: Seat, space: int) -> bool:
    near = {space, partner(s, space)}
    return any(p.pos in near for i, p in enumerate(s.players) if i != seat)


def traffic_units(s: CosmosState, distance: int) -> int:
    table = s.content.n("traffic_by_distance")
    return int(table[min(distance, len(table)) - 1])


# --- resolving effects ------------------------------------------------------------------------

def gain(s: CosmosState, seat: Seat, what: str, n: int, source: str, out: list[Event]) -> None:
    if n <= 0:
        return
    p = s.players[seat]
    setattr(p, what, getattr(p, what) + n)
    out.append(E.Gained(seat, what, n, source))


def pay(s: CosmosState, seat: Seat, what: str, n: int, source: str, out: list[Event]) -> None:
    if n <= 0:
        return
    p = s.players[seat]
    assert getattr(p, what) >= n, (what, n)
    setattr(p, what, getattr(p, what) - n)
    out.append(E.Paid(seat, what, n, source))


def add_life(s: CosmosState, seat: Seat, si: int, k: int, life: int, n: int, source: str, out: list[Event]) -> None:
    """Add up to `n` lifeforms (a planet holds at most 5 of a type: the rest is forfeited)."""
    sl = s.players[seat].systems[si].planets[k]
    assert sl is not None
    n = min(n, int(s.content.n("lifeforms_per_type")) - sl.life[life])
    if n > 0:
        sl.life[life] += n
        out.append(E.Lifeforms(seat, si, k, life, n, source))


def remove_life(s: CosmosState, seat: Seat, si: int, k: int, life: int, n: int, source: str, out: list[Event]) -> None:
    sl = s.players[seat].systems[si].planets[k]
    assert sl is not None and sl.life[life] >= n
    if n > 0:
        sl.life[life] -= n
        out.append(E.Lifeforms(seat, si, k, life, -n, source))


def advance_generator(s: CosmosState, seat: Seat, n: int, out: list[Event]) -> None:
    p = s.players[seat]
    last = len(s.content.n("generator_stars")) - 1
    for _ in range(n):
        if p.generator >= last:
            gain(s, seat, "vp", int(s.content.n("generator_past_end_vp")), "generator", out)
            continue
        p.generator += 1
        out.append(E.GeneratorMoved(seat, p.generator))
        gain(s, seat, "vp", int(s.content.n("generator_vp")[p.generator]), "generator", out)


def resolve(s: CosmosState, seat: Seat, effects: tuple[Effect, ...], source: str, out: list[Event]) -> None:
    """Resolve effects in order: resources at once, choices as frames (first effect on top)."""
    p = s.players[seat]
    frames: list[M.Frame] = []
    for e in effects:
        m = count(s, p, e.per) if e.per else 1
        for what, n in e.gain:
            if what in LIFEFORMS:
                if n * m:
                    frames.append(M.Placing(seat, LIFEFORMS.index(what), n * m))
            else:
                gain(s, seat, what, n * m, source, out)
        if e.generator * m:
            advance_generator(s, seat, e.generator * m, out)
        if e.advance * m:
            frames.append(M.Advancing(seat, e.advance * m))
        if e.cards * m:
            frames.append(M.Taking(seat, e.cards * m))
        if e.activate * m:
            frames.append(M.Single(seat, e.activate * m))
        if e.action:
            frames.append(M.Doing(seat, e.action))
    s.frames.extend(reversed(frames))


# --- piles ---------------------------------------------------------------------------------------

def piles(s: CosmosState, kind: str) -> list[M.Pile]:
    return {"planet": s.planet_piles, "biome": s.biome_piles, "life": s.life_piles}[kind]


def take_top(s: CosmosState, kind: str, i: int, out: list[Event]) -> int:
    """Take the top of a pile and turn up the next one: known cards at once, unknown ones by chance."""
    pile = piles(s, kind)[i]
    card = pile.top
    pile.top = -1
    refill(s, kind, i, out)
    return card


def refill(s: CosmosState, kind: str, i: int, out: list[Event]) -> None:
    pile, twin = piles(s, kind)[i], piles(s, kind)[i ^ 1]
    for source in (pile, twin):
        if source.pool:
            s.reveals.append((kind, i))
            return
        if source.bottom:
            pile.top = source.bottom.pop(0)
            out.append(E.Revealed(kind, i, pile.top))
            return


def reveal_source(s: CosmosState, kind: str, i: int) -> int:
    return i if piles(s, kind)[i].pool else i ^ 1


def chance_outcomes(s: CosmosState) -> list[tuple[Command, float]]:
    if not s.reveals:
        return []
    kind, i = s.reveals[0]
    src = reveal_source(s, kind, i)
    pool = sorted(set(piles(s, kind)[src].pool))
    return [(C.Reveal(CHANCE, kind, i, src, card), 1.0 / len(pool)) for card in pool]


# --- who acts ---------------------------------------------------------------------------------

def to_act(s: CosmosState) -> list[Seat]:
    if s.over:
        return []
    if s.reveals:
        return [CHANCE]
    return [s.frames[-1].seat]


def settle(s: CosmosState, out: list[Event]) -> None:
    """Run what needs no decision: fulfilled Biomes, frames with nothing left to choose, the
    turn's end. Stops at chance (a pile to turn up) or at a decision."""
    while not s.over and not s.reveals and s.frames:
        top = s.frames[-1]
        auto_fulfil(s, top.seat, out)
        if isinstance(top, M.Closing):
            s.frames.pop()
            end_turn(s, top.seat, out)
            continue
        if isinstance(top, M.Landing):
            s.frames.pop()
            place_planet(s, top, out)
            continue
        if isinstance(top, (M.Moving, M.Acting, M.Missioning)):
            return
        if [c for c in candidates(s, top.seat) if not isinstance(c, (C.Done, C.Exchange))]:
            return
        if isinstance(top, M.Doing) and affordable_by_exchange(s, top.seat, top.action):
            return  # the Entropy exchange would pay for the granted action: ask
        s.frames.pop()  # only "take none" (and the exchange) is left: nothing to ask


def affordable_by_exchange(s: CosmosState, seat: Seat, action: str) -> bool:
    """Whether a granted Evolve or Aggregate nothing pays for now would be playable with all the
    seat's entropy exchanged into the energy or mass it costs."""
    resource = {"evolve": "energy", "aggregate": "mass"}.get(action)
    p = s.players[seat]
    extra = p.entropy // int(s.content.n("exchange_entropy"))
    if resource is None or extra == 0:
        return False
    setattr(p, resource, getattr(p, resource) + extra)
    try:
        return any(why_action(s, c, action, space=False) is None for c in action_commands(s, seat, action))
    finally:
        setattr(p, resource, getattr(p, resource) - extra)


def auto_fulfil(s: CosmosState, seat: Seat, out: list[Event]) -> None:
    """A Biome whose lifeform requirement its planet meets is flipped (never worse to do)."""
    p = s.players[seat]
    for si, k, sl in slots(p):
        if sl.biome and not sl.fulfilled:
            req = s.content.biomes[sl.biome].requirement
            if all(sl.life[LIFEFORMS.index(t)] >= n for t, n in req):
                fulfil(s, seat, si, k, out)


def fulfil(s: CosmosState, seat: Seat, si: int, k: int, out: list[Event]) -> None:
    sl = s.players[seat].systems[si].planets[k]
    assert sl is not None
    sl.fulfilled = True
    s.conditions[2] += 1
    out.append(E.BiomeFulfilled(seat, sl.biome, si, k))


# --- legality -----------------------------------------------------------------------------------

def why_illegal(s: CosmosState, cmd: Command) -> str | None:
    if cmd.seat == CHANCE:
        return None if any(c == cmd for c, _ in chance_outcomes(s)) else "That card is not in that pile."
    frame = s.frames[-1]
    p = s.players[cmd.seat]
    if isinstance(cmd, C.Done):
        return "You must move your Scientist." if isinstance(frame, M.Moving) else None
    if isinstance(cmd, C.Exchange):
        if not isinstance(frame, EXCHANGE_FRAMES):
            return "The Entropy exchange is made in the Action step."
        if cmd.resource not in ("energy", "mass"):
            return "The exchange gives energy or mass."
        return None if p.entropy >= s.content.n("exchange_entropy") else "The exchange costs 2 entropy."
    if isinstance(frame, M.Moving):
        return why_move(s, cmd) if isinstance(cmd, C.Move) else "Move your Scientist first."
    if isinstance(frame, M.Retrieving):
        if isinstance(cmd, C.TakeEntropy):
            return None
        if isinstance(cmd, C.Activate):
            return why_activate(s, cmd.seat, cmd.system, 0, ())
        return "Take a star activation or 1 entropy for the retrieved token (or nothing)."
    if isinstance(frame, M.BiomeOffer):
        if isinstance(cmd, C.Accept):
            return None if p.entropy >= 1 else "The scarce Biome's reward costs 1 entropy."
        return "Accept the Biome's reward for 1 entropy, or decline it."
    if isinstance(frame, M.Acting):
        if frame.resolved:
            return "You have resolved this action: exchange entropy or end the Action step."
        return why_action(s, cmd, frame.action, space=True)
    if isinstance(frame, M.Activating):
        if isinstance(cmd, C.Activate):
            return why_activate(s, cmd.seat, cmd.system, frame.discounts, frame.used)
        return "Activate another star, or stop."
    if isinstance(frame, M.Single):
        return why_activate(s, cmd.seat, cmd.system, 0, ()) if isinstance(cmd, C.Activate) else "Activate a star."
    if isinstance(frame, M.Doing):
        return why_action(s, cmd, frame.action, space=False)
    if isinstance(frame, M.Advancing):
        return why_advance(s, cmd) if isinstance(cmd, C.Advance) else "Advance a lifeform, or stop."
    if isinstance(frame, M.Placing):
        if not isinstance(cmd, C.Place):
            return "Put the lifeform on a planet, or forfeit it."
        sl = planet_at(p, cmd.system, cmd.slot)
        if sl is None:
            return "There is no planet there."
        return None if sl.life[frame.life] < s.content.n("lifeforms_per_type") else "That planet has 5 of them already."
    if isinstance(frame, M.Taking):
        return why_take(s, cmd) if isinstance(cmd, C.Take) else "Take a life card from the offer, or stop."
    if isinstance(frame, M.Missioning):
        if not isinstance(cmd, C.Mission):
            return "Fulfil a mission, or pass."
        if cmd.mission not in p.missions:
            return "That mission is not in your hand."
        return None if mission_met(s, p, cmd.mission) else "You do not meet that mission's requirement."
    return "That move is not allowed now."


EXCHANGE_FRAMES = (M.Acting, M.Activating, M.Doing)
"""The frames of the Action step proper, where the Entropy exchange may be made any number of
times (a granted Evolve or Aggregate may need the energy or mass it gives)."""


def planet_at(p: M.Player, si: int, k: int) -> M.Slot | None:
    if 0 <= si < len(p.systems) and 0 <= k < len(p.systems[si].planets):
        return p.systems[si].planets[k]
    return None


def why_move(s: CosmosState, cmd: C.Move) -> str | None:
    p = s.players[cmd.seat]
    if cmd.steps not in (1, 2, 3):
        return "Move your Scientist 1 to 3 spaces clockwise (a lit space): it cannot stay where it is or go back."
    if not -1 <= cmd.token < len(TOKENS):
        return "There is no such Creation token."
    dest = destination(p, cmd)
    if cmd.steps == 3 and occupied(s, cmd.seat, dest) and p.entropy < 1:
        return "Moving 3 spaces onto another Scientist costs 1 entropy."
    if dest % 2:
        return None
    action = action_at(s, dest)
    if TOKENS[cmd.token] not in (TOKEN_OF_ACTION[action], "wild"):
        return f"That space needs your {TOKEN_OF_ACTION[action]} token or the Wild token."
    state = after_passing(s, cmd.seat, cmd.steps)[0][cmd.token]
    if cmd.token == 3 and after_passing(s, cmd.seat, cmd.steps)[1]:
        return "Your Wild token is still locked."
    if state != M.STANDING:
        return "That Creation token is not standing on your Console."
    return None


def destination(p: M.Player, cmd: C.Move) -> int:
    """The space a move lands on: an inner one with a token, the action tile's without."""
    return 2 * ((p.pos // 2 + cmd.steps) % SECTIONS) + (0 if cmd.token >= 0 else 1)


def landing_move(state: CosmosState, seat: int, steps: int, space: int,
                 why: Callable[[C.Move], str | None]) -> C.Move | str:
    """The move `steps` sections on that lands on rondel `space`: on an inner space with the
    token it needs (the matching one before the Wild one), on an action tile's space with none;
    else why not, in the matching token's words (not the first token's). `why` is the check
    (the referee's full one, or only the Movement rules for a preview made outside the turn)."""
    options = [C.Move(seat, steps, -1)] if space % 2 else [C.Move(seat, steps, t) for t in (0, 1, 2, 3)]
    legal = [c for c in options if why(c) is None]
    if legal:
        return legal[0]
    if space % 2 == 0:
        options = [C.Move(seat, steps, TOKENS.index(TOKEN_OF_ACTION[action_at(state, space)]))]
    return why(options[0]) or "You cannot land there."


def after_passing(s: CosmosState, seat: Seat, steps: int) -> tuple[list[int], bool, int]:
    """The tokens after passing `steps` sections (the landing one's included), whether the Wild
    token is still locked, and how many tokens came back with a reward."""
    p = s.players[seat]
    tokens, locked, back = p.tokens[:], p.wild_locked, 0
    for i in range(1, steps + 1):
        section = (p.pos // 2 + i) % SECTIONS
        for t in range(len(TOKENS)):
            if tokens[t] == section:
                if t == 3 and locked:
                    locked = False
                else:
                    tokens[t] = M.LYING
                    back += 1
    return tokens, locked, back


def star_cost(s: CosmosState, seat: Seat, si: int, discounts: int) -> int:
    star = s.content.stars[s.players[seat].systems[si].star]
    return max(0, star.cost - (int(s.content.n("generator_discount")) if discounts > 0 else 0))


def why_activate(s: CosmosState, seat: Seat, si: int, discounts: int, used: tuple[int, ...]) -> str | None:
    p = s.players[seat]
    if not 0 <= si < len(p.systems) or not p.systems[si].star:
        return "There is no star there."
    if si in used:
        return "Each star may be activated only once in this action."
    return None if p.entropy >= star_cost(s, seat, si, discounts) else "You lack the entropy to activate that star."


def why_action(s: CosmosState, cmd: Command, action: str, space: bool) -> str | None:
    p = s.players[cmd.seat]
    if action == "evolve" and isinstance(cmd, C.Evolve):
        return why_evolve(s, cmd)
    if action == "aggregate" and isinstance(cmd, C.Aggregate):
        return why_aggregate(s, cmd)
    if action == "create_life" and isinstance(cmd, C.PlayLife):
        return why_life(s, cmd)
    if action == "activate_stars" and isinstance(cmd, C.Activate):
        return why_activate(s, cmd.seat, cmd.system, discount_count(s, cmd.seat) if space else 0, ())
    if action == "set_biome" and isinstance(cmd, C.SetBiome):
        return why_biome(s, cmd)
    if action == "upgrade" and isinstance(cmd, C.Upgrade):
        if cmd.card not in (0, 1, 2):
            return "Upgrade one of your three Focus cards."
        if p.tiers[cmd.card] >= 2:
            return "That Focus card is at its top tier."
        return None if p.energy >= s.content.n("upgrade_cost") else "Upgrading costs 3 energy."
    if action == "take_life" and isinstance(cmd, C.Take):
        return why_take(s, cmd)
    if action in ("catch_asteroid", "catch_free") and isinstance(cmd, C.Catch):
        return why_catch(s, cmd, free=action == "catch_free")
    if action == "soup" and isinstance(cmd, C.Soup):
        return None
    if action == "fulfil_biome" and isinstance(cmd, C.Fulfil):
        sl = planet_at(p, cmd.system, cmd.slot)
        return None if sl is not None and sl.biome and not sl.fulfilled else "Choose a Biome not yet fulfilled."
    return f"That is not the {action.replace('_', ' ')} action."


def discount_count(s: CosmosState, seat: Seat) -> int:
    return int(s.content.n("generator_stars")[s.players[seat].generator])


def why_evolve(s: CosmosState, cmd: C.Evolve) -> str | None:
    p = s.players[cmd.seat]
    star = s.content.stars.get(cmd.star)
    if star is None or star.starting:
        return "There is no such star."
    if s.star_stock.get(cmd.star, 0) <= 0:
        return f"No {cmd.star} star is left on the board."
    if cmd.system == len(p.systems):
        if s.systems_left <= 0:
            return "No Solar System tile is left."
        current = ""
    elif 0 <= cmd.system < len(p.systems):
        current = p.systems[cmd.system].star
    else:
        return "There is no such Solar System."
    if current:
        if cmd.star not in s.content.stars[current].next:
            return f"{current} does not evolve into {cmd.star}."
    elif star.tier != 1:
        return "An empty Solar System takes a tier I star."
    return None if p.energy >= star.evolve_cost else f"That costs {star.evolve_cost} energy."


def why_aggregate(s: CosmosState, cmd: C.Aggregate) -> str | None:
    p = s.players[cmd.seat]
    if not 0 <= cmd.pile < len(s.planet_piles) or s.planet_piles[cmd.pile].top < 0:
        return "There is no planet there."
    planet = s.content.planets[s.planet_piles[cmd.pile].top]
    why = why_space(s, cmd.seat, cmd.system, cmd.slot)
    if why:
        return why
    return None if p.mass >= planet.cost else f"That planet costs {planet.cost} mass."


def why_space(s: CosmosState, seat: Seat, si: int, k: int) -> str | None:
    """Whether a planet may go to planet space `k` of system `si` (a new one: si == len)."""
    p = s.players[seat]
    if si == len(p.systems):
        return None if s.systems_left > 0 and k == 0 else "No Solar System tile is left."
    if not 0 <= si < len(p.systems) or not 0 <= k < len(p.systems[si].planets):
        return "There is no such planet space."
    if p.systems[si].planets[k] is not None or any(
            isinstance(f, M.Landing) and f.seat == seat and (f.system, f.slot) == (si, k) for f in s.frames):
        return "That planet space is taken."  # or held for a planet whose effect is resolving
    return None


def why_life(s: CosmosState, cmd: C.PlayLife) -> str | None:
    p = s.players[cmd.seat]
    if cmd.card not in p.hand:
        return "That card is not in your hand."
    sl = planet_at(p, cmd.system, cmd.slot)
    if sl is None:
        return "There is no planet there."
    if len(sl.cards) >= s.content.n("life_per_planet"):
        return "That planet has 3 life cards already."
    card = s.content.life[cmd.card]
    for t, n in card.needs:
        if sl.life[LIFEFORMS.index(t)] < n:
            return f"The planet needs {n} {t}."
    missing = Counter(card.icons) - planet_icons(s, p, cmd.system, cmd.slot)
    if cmd.discard >= 0:
        if cmd.discard == cmd.card or cmd.discard not in p.hand:
            return "Discard another card from your hand."
        if cmd.icon not in s.content.life[cmd.discard].icons:
            return "The discarded card has no such icon."
        missing -= Counter([cmd.icon])
    elif cmd.icon:
        return "Only a discarded card lends an icon."
    if missing:
        return "The planet, its asteroids and its star lack " + ", ".join(sorted(missing.elements())) + "."
    return None


def why_biome(s: CosmosState, cmd: C.SetBiome) -> str | None:
    p = s.players[cmd.seat]
    if not 0 <= cmd.pile < len(s.biome_piles) or s.biome_piles[cmd.pile].top < 0:
        return "There is no Biome there."
    sl = planet_at(p, cmd.system, cmd.slot)
    if sl is None:
        return "There is no planet there."
    return None if not sl.biome else "That planet has a Biome already."


def why_take(s: CosmosState, cmd: C.Take) -> str | None:
    if not 0 <= cmd.pile < len(s.life_piles) or s.life_piles[cmd.pile].top < 0:
        return "There is no card there."
    return None


def why_catch(s: CosmosState, cmd: C.Catch, free: bool) -> str | None:
    p = s.players[cmd.seat]
    if s.asteroid_stock.get(cmd.kind, 0) <= 0:
        return "No asteroid of that type is left."
    sl = planet_at(p, cmd.system, cmd.slot)
    if sl is None:
        return "There is no planet there."
    if cmd.space not in (0, 1) or sl.asteroids[cmd.space]:
        return "Choose an empty asteroid space of that planet."
    extra = 0 if free else int(cmd.kind in s.content.asteroid_extra_mass)
    if free:
        return None if cmd.life == -1 else "A free asteroid costs nothing."
    if cmd.space == 0:
        if not 0 <= cmd.life < len(LIFEFORMS) or sl.life[cmd.life] < 1:
            return "Pay one lifeform from that planet."
        return None if p.mass >= extra else "That asteroid costs 1 more mass."
    if cmd.life != -1:
        return "That space costs 2 mass."
    return None if p.mass >= 2 + extra else f"That costs {2 + extra} mass."


def why_advance(s: CosmosState, cmd: C.Advance) -> str | None:
    sl = planet_at(s.players[cmd.seat], cmd.system, cmd.slot)
    if sl is None:
        return "There is no planet there."
    if cmd.step not in (0, 1, 2):
        return "Gain a bacterium, or advance a bacterium or a plant."
    if cmd.step > 0 and sl.life[cmd.step - 1] < 1:
        return f"That planet has no {LIFEFORMS[cmd.step - 1]}."
    return None if sl.life[cmd.step] < s.content.n("lifeforms_per_type") else "That planet has 5 of them already."


# --- candidates ---------------------------------------------------------------------------------

def candidates(s: CosmosState, seat: Seat) -> list[Command]:
    if s.over:
        return []
    if seat == CHANCE:
        return [c for c, _ in chance_outcomes(s)]
    if seat not in to_act(s):
        return []
    frame = s.frames[-1]
    p = s.players[seat]
    out: list[Command] = []
    if isinstance(frame, M.Moving):
        out = [C.Move(seat, n, t) for n in (1, 2, 3) for t in range(-1, len(TOKENS))]
    elif isinstance(frame, M.Retrieving):
        out = [C.TakeEntropy(seat), *stars_of(seat, p)]
    elif isinstance(frame, M.BiomeOffer):
        out = [C.Accept(seat)]
    elif isinstance(frame, M.Acting):
        out = [] if frame.resolved else action_commands(s, seat, frame.action)
    elif isinstance(frame, (M.Activating, M.Single)):
        out = stars_of(seat, p)
    elif isinstance(frame, M.Doing):
        out = action_commands(s, seat, frame.action)
    if isinstance(frame, EXCHANGE_FRAMES):
        out += [C.Exchange(seat, r) for r in ("energy", "mass")]
    elif isinstance(frame, M.Advancing):
        out = [C.Advance(seat, si, k, st) for si, k, _ in slots(p) for st in (0, 1, 2)]
    elif isinstance(frame, M.Placing):
        out = [C.Place(seat, si, k) for si, k, _ in slots(p)]
    elif isinstance(frame, M.Taking):
        out = [C.Take(seat, i) for i in range(len(s.life_piles))]
    elif isinstance(frame, M.Missioning):
        out = [C.Mission(seat, m) for m in p.missions]
    legal = [c for c in out if why_illegal(s, c) is None]
    if not isinstance(frame, M.Moving):
        legal.append(C.Done(seat))
    return legal


def passed(s: CosmosState, frame: M.Frame, out: list[Event]) -> None:
    """The log's line for a step ended by choice: what it still offered (nothing for an Action
    step already resolved, whose end is the turn's routine)."""
    seat = frame.seat
    if isinstance(frame, M.Missioning):
        p = s.players[seat]
        met = sum(1 for m in p.missions if mission_met(s, p, m))
        out.append(E.Passed(seat, frame.KIND, "", 0, met, (seat,)))
    elif isinstance(frame, M.Acting):
        if not frame.resolved:
            out.append(E.Passed(seat, frame.KIND, frame.action, 0, -1, None))
    elif isinstance(frame, M.Placing):
        out.append(E.Passed(seat, frame.KIND, LIFEFORMS[frame.life], frame.left, -1, None))
    elif isinstance(frame, M.Doing):
        out.append(E.Passed(seat, frame.KIND, frame.action, 1, -1, None))
    elif isinstance(frame, (M.Retrieving, M.Single, M.Advancing, M.Taking)):
        out.append(E.Passed(seat, frame.KIND, "", frame.left, -1, None))
    elif isinstance(frame, (M.BiomeOffer, M.Activating)):
        out.append(E.Passed(seat, frame.KIND, "", 0, -1, None))


def stars_of(seat: Seat, p: M.Player) -> list[Command]:
    return [C.Activate(seat, si) for si, sy in enumerate(p.systems) if sy.star]


def action_commands(s: CosmosState, seat: Seat, action: str) -> list[Command]:
    p = s.players[seat]
    places = [(si, k) for si, sy in enumerate(p.systems) for k, sl in enumerate(sy.planets) if sl is None]
    if s.systems_left > 0:
        places.append((len(p.systems), 0))
    if action == "evolve":
        out: list[Command] = []
        for si, sy in enumerate(p.systems):
            nxt = s.content.stars[sy.star].next if sy.star else ("IA", "IB")
            out += [C.Evolve(seat, si, t) for t in nxt]
        return out + [C.Evolve(seat, len(p.systems), t) for t in ("IA", "IB")]
    if action == "aggregate":
        return [C.Aggregate(seat, i, si, k) for i in range(len(s.planet_piles)) for si, k in places]
    if action == "create_life":
        return life_commands(s, seat)
    if action == "activate_stars":
        return stars_of(seat, p)
    if action == "set_biome":
        return [C.SetBiome(seat, i, si, k) for i in range(len(s.biome_piles)) for si, k, _ in slots(p)]
    if action == "upgrade":
        return [C.Upgrade(seat, i) for i in range(3)]
    if action == "take_life":
        return [C.Take(seat, i) for i in range(len(s.life_piles))]
    if action in ("catch_asteroid", "catch_free"):
        lives = (-1,) if action == "catch_free" else (-1, 0, 1, 2)
        return [C.Catch(seat, kind, si, k, sp, life) for kind in s.content.asteroid_icons
                for si, k, _ in slots(p) for sp in (0, 1) for life in lives]
    if action == "soup":
        return [C.Soup(seat)]
    if action == "fulfil_biome":
        return [C.Fulfil(seat, si, k) for si, k, _ in slots(p)]
    return []


def life_commands(s: CosmosState, seat: Seat) -> list[Command]:
    """Every card to every planet; a discard only where it is needed, once per icon it lends."""
    p = s.players[seat]
    out: list[Command] = []
    for card in sorted(set(p.hand)):
        for si, k, _ in slots(p):
            plain = C.PlayLife(seat, card, si, k, -1, "")
            if why_life(s, plain) is None:
                out.append(plain)
                continue
            for other in sorted(set(p.hand) - {card}):
                for icon in sorted(set(s.content.life[other].icons)):
                    out.append(C.PlayLife(seat, card, si, k, other, icon))
    return out


# --- applying ---------------------------------------------------------------------------------

def apply(s: CosmosState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    if isinstance(cmd, C.Reveal):
        s.reveals.pop(0)
        pile = piles(s, cmd.kind)[cmd.pile]
        piles(s, cmd.kind)[cmd.source].pool.remove(cmd.card)
        pile.top = cmd.card
        out.append(E.Revealed(cmd.kind, cmd.pile, cmd.card))
        settle(s, out)
        return out
    seat = cmd.seat
    p = s.players[seat]
    frame = s.frames[-1]
    if isinstance(cmd, C.Exchange):
        pay(s, seat, "entropy", int(s.content.n("exchange_entropy")), "exchange", out)
        gain(s, seat, cmd.resource, 1, "exchange", out)
    elif isinstance(cmd, C.Done):
        passed(s, frame, out)
        s.frames.pop()
        if isinstance(frame, M.Acting):
            s.frames.append(M.Missioning(seat))
        elif isinstance(frame, M.Missioning):
            s.frames.append(M.Closing(seat))
    elif isinstance(frame, M.Moving):
        assert isinstance(cmd, C.Move)
        move(s, cmd, out)
    elif isinstance(frame, M.Retrieving):
        s.frames.pop()
        if frame.left > 1:
            s.frames.append(M.Retrieving(seat, frame.left - 1))
        if isinstance(cmd, C.TakeEntropy):
            gain(s, seat, "entropy", 1, "retrieve", out)
        else:
            assert isinstance(cmd, C.Activate)
            activate(s, seat, cmd.system, 0, out)
    elif isinstance(frame, M.BiomeOffer):
        s.frames.pop()
        pay(s, seat, "entropy", 1, "biome", out)
        biome_reward(s, seat, frame.system, frame.slot, out)
    elif isinstance(frame, M.Acting):
        s.frames[-1] = M.Acting(seat, frame.action, frame.bonus, True)
        do_action(s, cmd, frame.action, frame.bonus, out)
    elif isinstance(frame, M.Activating):
        assert isinstance(cmd, C.Activate)
        s.frames[-1] = M.Activating(seat, (*frame.used, cmd.system), max(0, frame.discounts - 1))
        activate(s, seat, cmd.system, frame.discounts, out)
    elif isinstance(frame, M.Single):
        assert isinstance(cmd, C.Activate)
        s.frames.pop()
        if frame.left > 1:
            s.frames.append(M.Single(seat, frame.left - 1))
        activate(s, seat, cmd.system, 0, out)
    elif isinstance(frame, M.Doing):
        s.frames.pop()
        do_action(s, cmd, frame.action, 0, out)
    elif isinstance(frame, M.Advancing):
        assert isinstance(cmd, C.Advance)
        s.frames.pop()
        if frame.left > 1:
            s.frames.append(M.Advancing(seat, frame.left - 1))
        if cmd.step:
            remove_life(s, seat, cmd.system, cmd.slot, cmd.step - 1, 1, "advance", out)
        add_life(s, seat, cmd.system, cmd.slot, cmd.step, 1, "advance", out)
    elif isinstance(frame, M.Placing):
        assert isinstance(cmd, C.Place)
        s.frames.pop()
        if frame.left > 1:
            s.frames.append(M.Placing(seat, frame.life, frame.left - 1))
        add_life(s, seat, cmd.system, cmd.slot, frame.life, 1, "effect", out)
    elif isinstance(frame, M.Taking):
        assert isinstance(cmd, C.Take)
        s.frames.pop()
        if frame.left > 1:
            s.frames.append(M.Taking(seat, frame.left - 1))
        take_card(s, seat, cmd.pile, out)
    elif isinstance(frame, M.Missioning):
        assert isinstance(cmd, C.Mission)
        s.frames.pop()
        s.frames.append(M.Closing(seat))
        other = [m for m in p.missions if m != cmd.mission]
        p.done_missions.append(cmd.mission)
        p.missions = []
        out.append(E.MissionDone(seat, cmd.mission, other[0] if other else -1, (seat,)))
        resolve(s, seat, s.content.missions[cmd.mission].reward, f"mission:{cmd.mission}", out)
    settle(s, out)
    return out


def move(s: CosmosState, cmd: C.Move, out: list[Event]) -> None:
    seat, p = cmd.seat, s.players[cmd.seat]
    start = p.pos
    tokens: list[E.TokenBack] = []
    for i in range(1, cmd.steps + 1):
        section = (start // 2 + i) % SECTIONS
        for t in range(len(TOKENS)):
            if p.tokens[t] == section:
                if t == 3 and p.wild_locked:
                    p.wild_locked = False
                    tokens.append(E.TokenBack(seat, t, True, False))
                else:
                    p.tokens[t] = M.LYING
                    tokens.append(E.TokenBack(seat, t, False, True))
    back = sum(1 for e in tokens if e.reward)
    dest = destination(p, cmd)
    busy = occupied(s, seat, dest)
    p.pos = dest
    distance = cmd.steps + busy
    # the move first, then what it brought back and cost (the log's headline, then its details)
    out.append(E.Moved(seat, start, dest, cmd.steps, cmd.token, distance))
    out.extend(tokens)
    if cmd.steps == 3 and busy:
        pay(s, seat, "entropy", 1, "traffic", out)
    action = action_at(s, dest)
    units = traffic_units(s, distance)
    s.frames.pop()
    s.frames.append(M.Acting(seat, action, units if action == "create_life" else 0))
    # Above the Action step, resolved first to last: tokens retrieved, Biomes (end of the
    # Movement step), the Traffic Bonus, the Focus card of the token placed.
    if cmd.token >= 0:
        p.tokens[cmd.token] = dest // 2
        if cmd.token < 3 and p.tiers[cmd.token]:
            resolve(s, seat, s.content.focus[p.focus][cmd.token][p.tiers[cmd.token] - 1], f"focus:{TOKENS[cmd.token]}", out)
    bonus = s.content.n("inner_bonus").get(action) if dest % 2 == 0 else \
        s.content.tiles[s.tiles[dest // 2][0]].bonus[0 if s.tiles[dest // 2][1] else 1]
    if bonus == "advance":
        if units:
            s.frames.append(M.Advancing(seat, units))
    elif bonus != "lifeform":
        gain(s, seat, str(bonus), units, "traffic", out)
    for si, k, sl in reversed(slots(p)):
        if sl.biome and s.content.biomes[sl.biome].trigger == action:
            if s.content.biomes[sl.biome].scarce:
                s.frames.append(M.BiomeOffer(seat, si, k))
            else:
                biome_reward(s, seat, si, k, out)
    if back:
        s.frames.append(M.Retrieving(seat, back))


def biome_reward(s: CosmosState, seat: Seat, si: int, k: int, out: list[Event]) -> None:
    sl = s.players[seat].systems[si].planets[k]
    assert sl is not None
    biome = s.content.biomes[sl.biome]
    resolve(s, seat, biome.improved if sl.fulfilled else biome.reward, f"biome:{biome.id}", out)


def activate(s: CosmosState, seat: Seat, si: int, discounts: int, out: list[Event]) -> None:
    p = s.players[seat]
    star = s.content.stars[p.systems[si].star]
    cost = star_cost(s, seat, si, discounts)
    pay(s, seat, "entropy", cost, f"star:{star.id}", out)
    out.append(E.StarActivated(seat, si, star.id, cost))
    resolve(s, seat, star.effect, f"star:{star.id}", out)


def do_action(s: CosmosState, cmd: Command, action: str, bonus: int, out: list[Event]) -> None:
    """An action's events: its headline (the star placed, the planet taken, the card played...)
    first, then its cost, the offer refilled and its effect (play-test: the log read the cost and
    the planet's gains before the line saying a planet was aggregated)."""
    seat, p = cmd.seat, s.players[cmd.seat]
    if isinstance(cmd, C.Evolve):
        star = s.content.stars[cmd.star]
        if cmd.system == len(p.systems):
            new_system(s, p)
        old = p.systems[cmd.system].star
        if old and not s.content.stars[old].starting:
            s.star_stock[old] += 1
        s.star_stock[cmd.star] -= 1
        p.systems[cmd.system].star = cmd.star
        out.append(E.StarPlaced(seat, cmd.system, cmd.star, old))
        pay(s, seat, "energy", star.evolve_cost, "action:evolve", out)
        if star.tier >= 3:
            s.conditions[0] += 1
    elif isinstance(cmd, C.Aggregate):
        planet = s.content.planets[s.planet_piles[cmd.pile].top]
        out.append(E.PlanetTaken(seat, planet.id, cmd.system, cmd.slot))
        pay(s, seat, "mass", planet.cost, "action:aggregate", out)
        take_top(s, "planet", cmd.pile, out)
        if cmd.system == len(p.systems):
            new_system(s, p)
        s.frames.append(M.Landing(seat, planet.id, cmd.system, cmd.slot))  # placed after its effect
        resolve(s, seat, planet.effect, f"planet:{planet.id}", out)
    elif isinstance(cmd, C.PlayLife):
        play_life(s, cmd, bonus, out)
    elif isinstance(cmd, C.Activate):
        n = discount_count(s, seat)
        s.frames.append(M.Activating(seat, (cmd.system,), max(0, n - 1)))
        activate(s, seat, cmd.system, n, out)
    elif isinstance(cmd, C.SetBiome):
        refilled: list[Event] = []
        biome = take_top(s, "biome", cmd.pile, refilled)
        sl = p.systems[cmd.system].planets[cmd.slot]
        assert sl is not None
        sl.biome = biome
        out.append(E.BiomeSet(seat, biome, cmd.system, cmd.slot))
        out.extend(refilled)
    elif isinstance(cmd, C.Upgrade):
        p.tiers[cmd.card] += 1
        out.append(E.Upgraded(seat, cmd.card, p.tiers[cmd.card]))
        pay(s, seat, "energy", int(s.content.n("upgrade_cost")), "action:upgrade", out)
        if p.tokens[cmd.card] >= 0:
            p.tokens[cmd.card] = M.LYING
            out.append(E.TokenBack(seat, cmd.card, False, False))
    elif isinstance(cmd, C.Take):
        take_card(s, seat, cmd.pile, out)
        s.frames.append(M.Taking(seat, 1))
    elif isinstance(cmd, C.Catch):
        catch(s, cmd, action == "catch_free", out)
    elif isinstance(cmd, C.Soup):
        advance_generator(s, seat, 1, out)
        gain(s, seat, "mass", 1, "soup", out)
        gain(s, seat, "energy", 1, "soup", out)
    elif isinstance(cmd, C.Fulfil):
        fulfil(s, seat, cmd.system, cmd.slot, out)


def place_planet(s: CosmosState, f: M.Landing, out: list[Event]) -> None:
    s.players[f.seat].systems[f.system].planets[f.slot] = M.Slot(f.planet)
    out.append(E.PlanetPlaced(f.seat, f.planet, f.system, f.slot))


def new_system(s: CosmosState, p: M.Player) -> None:
    s.systems_left -= 1
    p.systems.append(M.System(planets=[None] * int(s.content.n("planet_spaces"))))


def take_card(s: CosmosState, seat: Seat, pile: int, out: list[Event]) -> None:
    refilled: list[Event] = []
    card = take_top(s, "life", pile, refilled)
    s.players[seat].hand.append(card)
    s.players[seat].seen.append(card)  # taken from the face-up offer: everyone saw it
    out.append(E.CardTaken(seat, card, pile))
    out.extend(refilled)


def play_life(s: CosmosState, cmd: C.PlayLife, bonus: int, out: list[Event]) -> None:
    seat, p = cmd.seat, s.players[cmd.seat]
    card = s.content.life[cmd.card]
    sl = p.systems[cmd.system].planets[cmd.slot]
    assert sl is not None
    p.hand.remove(cmd.card)
    forget(p, cmd.card)
    refilled: list[Event] = []
    if cmd.discard >= 0:
        p.hand.remove(cmd.discard)
        forget(p, cmd.discard)
        deck = s.life_piles[LIFE_PILES[s.content.life[cmd.discard].type][0]]
        deck.bottom.append(cmd.discard)
        if deck.top < 0:
            refill(s, "life", LIFE_PILES[s.content.life[cmd.discard].type][0], refilled)
    out.append(E.LifePlayed(seat, cmd.card, cmd.system, cmd.slot, cmd.discard, cmd.icon, sl.planet))
    out.extend(refilled)
    for t, n in card.needs:
        if card.remove:
            remove_life(s, seat, cmd.system, cmd.slot, LIFEFORMS.index(t), n, f"life:{card.id}", out)
    # the card's lifeforms and the Traffic Bonus's, each by its source (the log names both:
    # "5 bacteria (3 from life card L17, 2 ...)"); capped in turn, the same total as at once
    add_life(s, seat, cmd.system, cmd.slot, LIFEFORMS.index(card.type), card.gain, f"life:{card.id}", out)
    add_life(s, seat, cmd.system, cmd.slot, LIFEFORMS.index(card.type), bonus, "traffic", out)
    resolve(s, seat, card.effect, f"life:{card.id}", out)
    sl.cards.append(cmd.card)


def forget(p: M.Player, card: int) -> None:
    """A card leaving the hand is no longer one of its seen cards."""
    if card in p.seen:
        p.seen.remove(card)


def catch(s: CosmosState, cmd: C.Catch, free: bool, out: list[Event]) -> None:
    seat, p = cmd.seat, s.players[cmd.seat]
    sy = p.systems[cmd.system]
    sl = sy.planets[cmd.slot]
    assert sl is not None
    if not any(a for x in sy.planets if x is not None for a in x.asteroids):
        s.conditions[1] += 1
    s.asteroid_stock[cmd.kind] -= 1
    sl.asteroids[cmd.space] = cmd.kind
    out.append(E.AsteroidCaught(seat, cmd.kind, cmd.system, cmd.slot, cmd.space))  # then its cost
    if not free:
        if cmd.space == 0:
            remove_life(s, seat, cmd.system, cmd.slot, cmd.life, 1, "action:catch_asteroid", out)
        extra = int(cmd.kind in s.content.asteroid_extra_mass)
        pay(s, seat, "mass", (2 if cmd.space == 1 else 0) + extra, "action:catch_asteroid", out)
    planet = s.content.planets[sl.planet]
    resolve(s, seat, planet.effect, f"planet:{planet.id}", out)


# --- the turn's end and the game's ---------------------------------------------------------------

def end_turn(s: CosmosState, seat: Seat, out: list[Event]) -> None:
    p = s.players[seat]
    c = s.content
    for i, n in enumerate(s.conditions):
        last = len(c.track_vp(i)) - 1
        for _ in range(n):
            if p.track[i] >= last or (p.track[i] + 1 == last and s.track_last[i] >= 0):
                break
            p.track[i] += 1
            done = p.track[i] == last
            if done:
                s.track_last[i] = seat
            out.append(E.ObjectiveAdvanced(seat, i, p.track[i], done))
    s.conditions = [0, 0, 0]
    for li, life in enumerate(LIFEFORMS):
        total = lifeform_total(p, li)
        if life not in p.small and s.small_tiles[life] and total >= c.n("lifeform_small_at")[life]:
            vp = s.small_tiles[life].pop()
            p.small[life] = vp
            out.append(E.LifeformTile(seat, life, False, vp))
        at, vp = c.n("lifeform_big")[life]
        if s.big_taken[life] < 0 and total >= at:
            s.big_taken[life] = seat
            p.big.append(life)
            out.append(E.LifeformTile(seat, life, True, int(vp)))
    completed = sum(x >= 0 for x in s.track_last) + sum(x >= 0 for x in s.big_taken.values())
    if completed >= 2 and s.last_round < 0:
        s.last_round = s.round + 1
        out.append(E.EndTriggered(s.last_round))
    p.tokens = [M.STANDING if t == M.LYING else t for t in p.tokens]
    nxt = (seat + 1) % len(s.players)
    if nxt == 0:
        solo_end = len(s.players) == 1 and s.round >= c.n("solo_rounds")
        if s.round == s.last_round or solo_end or s.round >= c.n("max_rounds"):
            s.over = True
            out.append(E.GameOver(tuple(final_scores(s))))
            return
        s.round += 1
        out.append(E.RoundStarted(s.round))
    s.frames.append(M.Moving(nxt))
