"""Candidate programs for one seat's ships: a beam search over its own hand.

Each ship is flown alone on the map (nothing else moves; tokens and other
ships stay put) by a small simulation of the card effects that matter for
planning — moves and landing (titanium and energy picked up, portals claimed,
flying off the map), turns, the Titanium Portal, Build Ship, Tidy Up — plus
bonuses for a laser or wave that would hit an enemy ship in line (a wave that
pushes it off the map is worth its cargo). A sequence's score estimates, in
points, what the seat gains by the end of this era (see `game.rally.evaluate`
for the same scale; a lone survivor's ships are scored by `lone_score`, on
`evaluate.lone_potential`'s scale). The beam keeps the best `width` partial programs at
each length; every prefix is itself a candidate (a ship may play fewer cards).

The seat's ships share one hand, so joint programs are built ship by ship:
each of the first ship's best programs, then each following ship's best
program from the cards left. `game.rally.agent` scores the joint candidates by
simulating the real chaos phase against sampled opponent programs.

Only the state handed in is read: the caller passes a determinisation from
the seat's own view, and only the seat's own hand and ships, and the public
map and ships, are used here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.hexgrid import Hex
from game.core.protocol import Seat
from game.rally import ambush, evaluate, routes
from game.rally.cards import CARD_KIND, KIND_BY_NAME, MOVES, TURNS
from game.rally.model import Ship
from game.rally.state import RallyState

Program = tuple[int, ...]
JointProgram = tuple[tuple[int, Program], ...]
"""(ship id, cards) for each own ship, in ascending ship id (SetProgram's shape)."""

_DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@dataclass
class Context:
    """What the simulation reads from the position, prepared once per decision."""

    seat: Seat
    tiles: dict[tuple[int, int], tuple[str, int, int, int | None]]
    """(kind, value, owner, threshold) per hex."""
    enemies: dict[tuple[int, int], tuple[int, int]]
    """(energy, titanium) of other players' ships per hex (summed)."""
    left: float
    entropy: int
    rate: float
    last_era: bool
    build_value: float
    titanium: tuple[tuple[Hex, int], ...] = ()
    """Tiles with titanium left on them, and how much."""
    loss_value: float = 0.0
    """What losing this ship costs the seat's fleet (all of it for the last ship)."""
    lone_short: int | None = None
    """For a lone survivor (`evaluate.lone`): titanium still to collect to get strictly
    ahead; None when other players still fly (see `score`)."""
    board: frozenset[Hex] = frozenset()
    """The map's hexes (filled for a lone survivor only, for its routes)."""
    lone_fields: dict[frozenset[tuple[int, int]], dict[routes.State, int]] = field(default_factory=dict)
    """A lone survivor's cards to the nearest titanium, by the titanium tiles taken this era."""
    danger: ambush.Danger = ()
    """Where stronger enemy ships could meet the seat's ships this era (`guard`; empty:
    not priced, as for `greedy` and `easy`)."""
    danger_stake: float = 0.0
    """What meeting one costs beyond the titanium carried: the race and the ship's future."""
    clock_value: float = 0.0
    """Points per point of entropy its cards raise (`evaluate.LEAD_CLOCK` for a careful seat
    not behind, set by `guard`; 0 otherwise)."""
    players: int = 2
    """Players at the table: a card's entropy depends on it (`CardKind.entropy`)."""


def guard(ctx: Context, state: RallyState, seat: Seat) -> Context:
    """`ctx` for the careful levels: the danger to the seat's ships mapped
    (`game.rally.ambush`), and the clock valued when the seat is not behind."""
    ctx.danger = ambush.danger(state, seat)
    if len(state.ships_of(seat)) == 1:
        ctx.danger_stake = evaluate.WIN + evaluate.fleet_value(1, ctx.left)
        if ctx.danger:  # a last ship lost ends the race: never cheaper than a risk of losing it
            ctx.loss_value = max(ctx.loss_value, ctx.danger_stake)
    else:  # one of several: what the fleet loses with it (its energy and cargo are priced apart)
        ctx.danger_stake = ctx.loss_value
    if ctx.lone_short is None and evaluate.not_behind(state, seat):
        ctx.clock_value = evaluate.LEAD_CLOCK
    return ctx


def context(state: RallyState, seat: Seat) -> Context:
    tiles = {(h.q, h.r): (t.kind, t.value, t.owner, t.threshold) for h, t in state.tiles.items()}
    enemies: dict[tuple[int, int], tuple[int, int]] = {}
    for s in state.ships.values():
        if s.owner != seat:
            e, t = enemies.get((s.hex.q, s.hex.r), (0, 0))
            enemies[(s.hex.q, s.hex.r)] = (e + s.energy, t + s.titanium)
    left = evaluate.eras_left(state)
    titanium = tuple((h, t.value) for h, t in state.tiles.items() if t.kind == "titanium" and t.value > 0)
    k = len(state.ships_of(seat))
    build = evaluate.fleet_value(k + 1, left) - evaluate.fleet_value(k, left)
    loss = evaluate.fleet_value(k, left) - evaluate.fleet_value(k - 1, left)
    if evaluate.lone(state) == seat:  # only banked points count now (see `evaluate.lone_potential`)
        return Context(seat, tiles, enemies, left, state.entropy, evaluate.rate(state), left <= 0.0, 0.0,
                       titanium, evaluate.WIN if k == 1 else 1.0, evaluate.lone_short(state, seat),
                       frozenset(state.tiles), players=state.n)
    return Context(seat, tiles, enemies, left, state.entropy, evaluate.rate(state), left <= 0.0, build, titanium,
                   loss, players=state.n)


class Sim:
    """One ship flying alone: position, facing, cargo, and what it earned."""

    __slots__ = ("q", "r", "d", "energy", "ti", "banked", "alive", "taken", "bonus", "built", "tidy", "clock",
                 "ti0", "cards", "peril")

    def __init__(self, q: int, r: int, d: int, energy: int, ti: int) -> None:
        self.q, self.r, self.d, self.energy, self.ti = q, r, d, energy, ti
        self.ti0 = ti
        self.clock = 0
        """Entropy its cards have raised (a lone survivor's clock)."""
        self.banked = 0
        self.alive = True
        self.taken: tuple[tuple[int, int], ...] = ()
        self.bonus = 0.0
        self.built = 0
        self.tidy = 0
        self.cards = 0
        self.peril = 0.0
        """The likeliest meeting with a stronger enemy so far (`Context.danger`)."""

    def copy(self) -> "Sim":
        c = Sim(self.q, self.r, self.d, self.energy, self.ti)
        c.banked, c.alive, c.taken, c.bonus = self.banked, self.alive, self.taken, self.bonus
        c.built, c.tidy, c.clock, c.ti0 = self.built, self.tidy, self.clock, self.ti0
        c.cards, c.peril = self.cards, self.peril
        return c

    def key(self) -> tuple[object, ...]:
        return (self.q, self.r, self.d, self.energy, self.ti, self.banked, self.alive, self.taken,
                round(self.bonus, 3), self.built, self.tidy, self.clock, round(self.peril, 3))


def _land(ctx: Context, s: Sim) -> None:
    here = (s.q, s.r)
    kind, value, owner, threshold = ctx.tiles[here]
    foe = ctx.enemies.get(here)
    if foe is not None:
        if foe[0] >= s.energy:
            s.alive = False
            return
        s.energy -= foe[0]
        s.bonus += foe[1] * 0.9 + ctx.build_value * 0.5
    if here in s.taken:
        return
    if kind == "titanium" and value > 0:
        s.ti += value
        s.taken = s.taken + (here,)
    elif kind == "energy" and value > 0:
        s.energy += value
        s.taken = s.taken + (here,)
    elif kind == "portal" and owner != ctx.seat and threshold is not None and ctx.entropy <= threshold:
        eras = min(ctx.left, (threshold - ctx.entropy) / ctx.rate + 0.5)
        s.bonus += value * evaluate.ENERGY * evaluate.PORTAL_SHARE * max(0.0, eras) * (1.0 if owner < 0 else 1.3)
        s.taken = s.taken + (here,)


def _in_line(ctx: Context, s: Sim, reach: int) -> tuple[int, tuple[int, int]] | None:
    """The first enemy ship straight ahead within `reach` tiles: (distance, hex)."""
    dq, dr = _DIRS[s.d]
    q, r = s.q, s.r
    for k in range(1, reach + 1):
        q, r = q + dq, r + dr
        if (q, r) not in ctx.tiles:
            return None
        if (q, r) in ctx.enemies:
            return k, (q, r)
    return None


def step(ctx: Context, s: Sim, kind: str) -> Sim | None:
    """The ship after playing one card of `kind`; None when it cannot pay (the card would be wasted)."""
    info = KIND_BY_NAME[kind]
    if s.energy < info.cost or not s.alive:
        return None
    out = _effect(ctx, s, kind)
    if out is not None:
        out.cards += 1
        if ctx.danger and out.alive:  # held until its next card is played
            out.peril = max(out.peril, ambush.chance(ctx.danger, (out.q, out.r), out.energy, out.cards + 1))
    return out


def _effect(ctx: Context, s: Sim, kind: str) -> Sim | None:
    info = KIND_BY_NAME[kind]
    out = s.copy()
    out.energy -= info.cost
    out.clock += info.entropy(ctx.players)
    if kind in MOVES:
        dq, dr = _DIRS[out.d]
        for _ in range(info.amount):
            out.q, out.r = out.q + dq, out.r + dr
            if (out.q, out.r) not in ctx.tiles:
                out.alive = False
                return out
        _land(ctx, out)
    elif kind in TURNS:
        out.d = (out.d + info.amount // 60) % 6
    elif kind == "titanium_portal":
        if out.ti == 0:
            return None
        out.banked += out.ti
        out.ti = 0
    elif kind == "laser":
        hit = _in_line(ctx, out, 4)
        if hit is None:
            return None
        energy, _ = ctx.enemies[hit[1]]
        out.bonus += 0.6 if energy < 2 + 2 else 0.1
    elif kind == "wave":
        hit = _in_line(ctx, out, 4)
        if hit is None:
            return None
        hq, hr = hit[1]
        dq, dr = _DIRS[out.d]
        if (hq + dq, hr + dr) not in ctx.tiles:
            out.bonus += ctx.enemies[hit[1]][1] * 0.9 + ctx.build_value * 0.8
        else:
            out.bonus += 0.1
    elif kind == "build_ship":
        if out.built or ctx.build_value <= 0.25:
            return None
        out.built += 1
        out.bonus += ctx.build_value
    elif kind == "tidy_up":
        if out.tidy:
            return None
        out.tidy += 1
    return out


def score(ctx: Context, s: Sim) -> float:
    """What the ship is worth at the end of its program, in points (see `evaluate`)."""
    if not s.alive:
        return float(s.banked) - ctx.loss_value
    if ctx.lone_short is not None:
        return lone_score(ctx, s)
    spend = min(1.0, ctx.left)
    bank = evaluate.BANK * min(1.0, ctx.left)
    total = s.banked + s.ti * bank + evaluate.energy_value(s.energy) * spend + s.bonus - danger_cost(ctx, s)
    total += ctx.clock_value * min(s.clock, -ctx.entropy)
    if spend > 0:
        here = Hex(s.q, s.r)
        best = 0.0
        for target, value in ctx.titanium:
            if (target.q, target.r) not in s.taken:
                reach = (here.distance(target) + 2) // 3 + (0 if evaluate.ahead(here, s.d, target) else 1)
                best = max(best, value / (1.0 + reach))
        total += evaluate.NEAR_TITANIUM * best * spend
    return total


def danger_chance(ctx: Context, s: Sim) -> float:
    """The chance a stronger enemy meets the ship of a program ending in `s`, on its way
    or where it stops (`Context.danger`)."""
    if not ctx.danger or not s.alive:
        return 0.0
    return max(s.peril, ambush.chance(ctx.danger, (s.q, s.r), s.energy, None))


def danger_cost(ctx: Context, s: Sim) -> float:
    """Points that meeting may cost: the race, the ship's future and its titanium."""
    return danger_chance(ctx, s) * (ctx.danger_stake + s.ti * evaluate.BANK)


def start(ctx: Context, ship: Ship, energy: int | None = None) -> Sim:
    """`ship` before its first card (in danger on its hex during the first round)."""
    s = Sim(ship.hex.q, ship.hex.r, ship.direction, ship.energy if energy is None else energy, ship.titanium)
    if ctx.danger:
        s.peril = ambush.chance(ctx.danger, (s.q, s.r), s.energy, 1)
    return s


def fly(ctx: Context, ship: Ship, kinds: tuple[str, ...]) -> Sim:
    """`ship` after its program (a card it cannot pay is skipped, as the engine ignores it)."""
    s = start(ctx, ship)
    for kind in kinds:
        after = step(ctx, s, kind)
        if after is not None:
            s = after
        if not s.alive:
            break
    return s


def _lone_field(ctx: Context, taken: frozenset[tuple[int, int]]) -> dict[routes.State, int]:
    """Cards to the nearest titanium not `taken` this era (`game.rally.routes`), cached in `ctx`."""
    if taken not in ctx.lone_fields:
        left = [t for t, _ in ctx.titanium if (t.q, t.r) not in taken]
        ctx.lone_fields[taken] = routes.cards_to(ctx.board, left) if left else {}
    return ctx.lone_fields[taken]


def lone_score(ctx: Context, s: Sim) -> float:
    """`score` for a lone survivor, on `evaluate.lone_potential`'s scale: banked and
    carried titanium, a little energy, the pull to the nearest titanium while it is
    still short of the lead, and the entropy its cards raise."""
    assert ctx.lone_short is not None
    bank = evaluate.BANK * min(1.0, ctx.left)
    total = s.banked + s.ti * bank + evaluate.LONE_ENERGY * min(s.energy, evaluate.ENERGY_NEEDED)
    total += evaluate.LONE_CLOCK * min(s.clock, -ctx.entropy)
    if ctx.titanium and ctx.lone_short - (s.ti + s.banked - s.ti0) > 0:
        way = _lone_field(ctx, frozenset(s.taken))
        total -= evaluate.LONE_STEP * min(evaluate.LONE_REACH, way.get((Hex(s.q, s.r), s.d), evaluate.LONE_REACH))
    return total


@dataclass
class Candidate:
    program: tuple[str, ...]
    value: float


def beam(ctx: Context, ship: Ship, hand_kinds: dict[str, int], width: int, keep: int,
         energy: int | None = None, max_len: int = 10) -> list[Candidate]:
    """The `keep` best card-kind sequences for `ship` from the kinds in hand (best first).

    The empty program is always a candidate. Sequences reaching the same ship
    state are merged (the shorter, cheaper one stays)."""
    first = start(ctx, ship, energy)
    layer: list[tuple[float, tuple[str, ...], Sim, dict[str, int]]] = [(score(ctx, first), (), first, dict(hand_kinds))]
    found: dict[tuple[str, ...], float] = {(): layer[0][0]}
    seen: set[tuple[object, ...]] = {first.key()}
    for _ in range(max_len):
        nxt: list[tuple[float, tuple[str, ...], Sim, dict[str, int]]] = []
        for _, seq, sim, left in layer:
            if not sim.alive:
                continue
            for kind, k in left.items():
                if k <= 0:
                    continue
                if kind in TURNS and len(seq) >= 2 and seq[-1] in TURNS and seq[-2] in TURNS:
                    continue  # a third turn in a row only spins the ship (and raises entropy)
                after = step(ctx, sim, kind)
                if after is None:
                    continue
                key = after.key()
                if key in seen:
                    continue
                seen.add(key)
                rest = dict(left)
                rest[kind] -= 1
                v = score(ctx, after)
                nxt.append((v, seq + (kind,), after, rest))
        if not nxt:
            break
        nxt.sort(key=lambda x: -x[0])
        layer = nxt[:width]
        for v, seq, _, _ in layer:
            found[seq] = v
    ranked = sorted(found.items(), key=lambda kv: (-kv[1], len(kv[0])))
    return [Candidate(seq, v) for seq, v in ranked[:keep]]


def kinds_of(cards: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[CARD_KIND[c]] = out.get(CARD_KIND[c], 0) + 1
    return out


def take(cards: list[int], kinds: tuple[str, ...]) -> tuple[Program, list[int]]:
    """Card ids for a sequence of kinds, and the cards left."""
    left = sorted(cards)
    prog: list[int] = []
    for kind in kinds:
        card = next(c for c in left if CARD_KIND[c] == kind)
        left.remove(card)
        prog.append(card)
    return tuple(prog), left


def joint_programs(state: RallyState, seat: Seat, hand: list[int], width: int, keep: int,
                   energies: dict[int, int] | None = None,
                   ctx: Context | None = None, leaders_max: int = 3) -> list[tuple[float, JointProgram]]:
    """Joint programs for all of `seat`'s ships from `hand`, best estimate first.

    For each ship taken first (all orders' first ships), each of its `keep`
    best programs is completed by the best program of every other ship from
    what is left."""
    ctx = ctx or context(state, seat)
    ships = sorted(state.ships_of(seat), key=lambda s: s.id)
    if not ships:
        return [(0.0, ())]
    if len(ships) > 2:  # keep the work roughly flat as the fleet grows
        width = max(1, width * 2 // len(ships))
        keep = max(1, keep * 2 // len(ships))
    out: dict[JointProgram, float] = {}
    cache: dict[tuple[int, tuple[int, ...]], Candidate] = {}
    follow = max(1, width // 2)
    leaders = ships[:leaders_max] if len(ships) <= 3 else ships[:1]
    for lead in leaders:
        energy = None if energies is None else energies[lead.id]
        for cand in beam(ctx, lead, kinds_of(hand), width, keep, energy):
            prog, rest = take(hand, cand.program)
            chosen: dict[int, Program] = {lead.id: prog}
            total = cand.value
            for other in ships:
                if other.id == lead.id:
                    continue
                e = None if energies is None else energies[other.id]
                ck = (other.id, tuple(rest))
                if ck not in cache:
                    cache[ck] = beam(ctx, other, kinds_of(rest), follow, 1, e)[0]
                best = cache[ck]
                p2, rest = take(rest, best.program)
                chosen[other.id] = p2
                total += best.value
            joint = tuple((s.id, chosen[s.id]) for s in ships)
            out[joint] = max(out.get(joint, -1e9), total)
        if len(ships) == 1:
            break
    return sorted(((v, j) for j, v in out.items()), key=lambda x: -x[0])
