"""The Rally computer player: plans programs by simulating chaos phases.

Planning: the agent answers with a plan (`game.ai.agents.Agent.plan`) of the very
commands a person plays - a `ProgramCard` for each card of each ship's program
(after an `UnprogramCard` for each drafted card it does not keep) and
`FinishPlanning` - which the table and the arena play one by one (`program_steps`).
Its programs (`programs`): candidate joint programs come from the
beam search in `game.rally.planner`; each is scored by playing the real chaos
phase with the engine's own rules on copies of `samples` determinisations of
the position (drawn from the seat's own view), in which every other player's
program is replaced by a cheap plan from a hand sampled for them. Every
candidate meets the same samples, and the best mean evaluation wins. Other
decisions (tiles, the first ship, energy, which ship goes next, a built ship,
an exchange) are one-ply: each option applied to a determinisation and
evaluated (`game.rally.evaluate`); energy splits are judged by the programs
they make possible.

Levels (`SETTINGS`): `greedy` takes the planner's single best sequence per
ship with no simulation and no opponent model; `easy`, `normal`, `hard` widen
the beam and simulate more candidates against more samples; `normal` and
`hard` are *careful*: they judge positions with `evaluate`'s careful margins
(a lost race is a loss; ships in reach of a stronger enemy or of a wave at the
edge are at risk), arm half of their simulated opponents with `ATTACK_KIT`,
and place their first ship away from enemy ships. They also price, for a
seat's only ship, the chance a stronger enemy meets it this era where the
simulations rarely show it (`game.rally.ambush`, via `planner.guard`): a
plan's value is mixed with the value of the ship lost (`lost_value`) by that
chance, and a simulated world in which the plan loses the last ship is worth
no more than that. And a careful seat not behind on points values the
entropy its plan raises (`evaluate.LEAD_CLOCK`), so tied players with
nothing left to collect end the game instead of hoarding. The agent only
ever reads `state.determinize(seat, rng)`, never the state it is handed, so
no hidden fact (another hand or program, the deck, the RNG) can change its
choice. Its own simulations (`play_out`) set whole programs at once with
`SetProgram`, the fastest way; no plan it answers contains one (`SetProgram`
is kept for saves written before plans, whose computers played it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.ai.agents import Agent
from game.ai.search import REAL_CLOCKS, Clocks, Deadline, wall_limit
from game.core.hexgrid import Hex
from game.core.plans import Plan
from game.core.protocol import AUTO, Command, Seat, State
from game.core.rng import Rng
from game.rally import evaluate, mapshape, planner, rules
from game.rally.cards import CARD_KIND, CARDS_PER_SHIP, FREE_ENERGY
from game.rally.commands import (
    ChaosRound,
    DistributeEnergy,
    Exchange,
    FinishPlanning,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    ProgramCard,
    SetProgram,
    UnprogramCard,
)
from game.rally.state import RallyState


@dataclass(frozen=True)
class PlanSettings:
    """A level's budget: beam width, candidates simulated, opponent samples."""

    width: int
    candidates: int
    samples: int
    simulate: bool = True
    opponent_width: int = 2
    max_seconds: float | None = None
    """Stop simulating further candidates after this many CPU seconds (None: never; for tests),
    or after `search.wall_limit` of them on the wall clock (a crowded machine: later, weaker)."""
    careful: bool = False
    """Judge positions with `evaluate`'s careful margins (wins, being out, ships in reach)."""

    def deadline(self, clocks: Clocks = REAL_CLOCKS) -> Deadline:
        """A fresh `search.Deadline` for one era's plan, as `Budget.deadline` gives MCTS and ISMCTS."""
        return Deadline(self.max_seconds, wall_limit(self.max_seconds), clocks.cpu, clocks.wall)


SETTINGS: dict[str, PlanSettings] = {
    "greedy": PlanSettings(width=1, candidates=1, samples=1, simulate=False),
    "easy": PlanSettings(width=3, candidates=3, samples=2, max_seconds=0.8),
    "normal": PlanSettings(width=12, candidates=12, samples=10, max_seconds=1.6, careful=True),
    "hard": PlanSettings(width=16, candidates=16, samples=12, max_seconds=3.5, careful=True),
}
"""`normal` must plan a whole era within 3 s on the shared machine; its time cap
leaves room for the determinisations and the caller."""


SPREAD = 0.1
"""Points per hex (up to 6) between a careful level's first ship and the nearest enemy ship."""
COMPACT_TIES = False
"""Among tile hexes rated equal, place the tile where the map stays compact
(`game.rally.mapshape`) instead of the first in order (which grows a strip)."""
BAND_TIES = False
"""Among tile hexes rated equal, the first in order that keeps the map a band a few
tiles wide (`mapshape.band_key`; `COMPACT_TIES` goes first when both are on)."""


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


class RallyAgent(Agent):
    """A Rally player of one level (see the module docstring)."""

    def __init__(self, level: str, settings: PlanSettings, seed: int) -> None:
        self.level = level
        self.settings = settings
        self.rng = Rng(seed)
        self.last_plan_seconds = 0.0
        self.last_candidates = 0
        self.clocks: Clocks = REAL_CLOCKS
        """What the planning's time limits read (a test drives fake clocks)."""

    def plan(self, state: State, seat: Seat) -> Plan:
        """Planning: the steps that turn the seat's draft into its programs and finish
        (`program_steps`); any other decision is one command."""
        assert isinstance(state, RallyState)
        det = state.determinize(seat, self.rng)
        if det.phase == "planning":
            return program_steps(det, seat, self.programs(state, det, seat))
        return (self._decide(det, seat),)

    def choose(self, state: State, seat: Seat) -> Command:
        """The first step of `plan` (in planning, the first card; asked again after it, the
        agent plans the era afresh from the draft it then finds)."""
        return self.plan(state, seat)[0]

    def _decide(self, det: RallyState, seat: Seat) -> Command:
        """A decision outside planning (tiles, ships, energy, the chaos phase's choices)."""
        ph = det.phase
        if ph in ("setup_tiles", "expansion"):
            return self._best_one_ply(det, seat, det.candidates(seat))
        if ph == "setup_ships":
            return self._place_ship(det, seat)
        if ph == "distribute":
            return self._distribute(det, seat)
        return self._best_one_ply(det, seat, det.candidates(seat))

    # --- one-ply decisions ---------------------------------------------------------------
    def _best_one_ply(self, det: RallyState, seat: Seat, options: list[Command]) -> Command:
        if not options:
            raise ValueError(f"seat {seat} has no legal command")
        if len(options) == 1:
            return options[0]
        best, best_v = options[0], -1e18
        values: list[tuple[float, Command]] = []
        for cmd in options:
            after = det.clone()
            after.apply(cmd)
            v = evaluate.margins(after, self.settings.careful)[seat]
            if isinstance(cmd, (NoExchange, OrderShips)):
                v += 1e-6  # keep it simple when nothing is gained
            values.append((v, cmd))
            if v > best_v + 1e-9:
                best, best_v = cmd, v
        if COMPACT_TIES and isinstance(best, PlaceTile):
            ties = [c for v, c in values if isinstance(c, PlaceTile) and v >= best_v - 1e-6]
            best = min(ties, key=lambda c: mapshape.compact_key(det.tiles, Hex(*c.hex)))
        elif BAND_TIES and isinstance(best, PlaceTile):
            ties = [c for v, c in values if isinstance(c, PlaceTile) and v >= best_v - 1e-6]
            best = min(ties, key=lambda c: mapshape.band_key(det.tiles, Hex(*c.hex)))
        return best

    def _place_ship(self, det: RallyState, seat: Seat) -> Command:
        """The hex by one-ply evaluation, facing the way with the most tiles ahead
        (careful levels: also away from enemy ships, which may collect more
        energy than ours before the first battle)."""
        hexes = rules.ship_hexes(det)
        foes = [s.hex for s in det.ships.values() if s.owner != seat]
        best: Command | None = None
        best_v = -1e18
        for h in hexes:
            for d in range(6):
                run, cur = 0, h.neighbour(d)
                while cur in det.tiles and run < 6:
                    run, cur = run + 1, cur.neighbour(d)
                cmd = PlaceShip(seat, (h.q, h.r), d)
                after = det.clone()
                after.apply(cmd)
                v = evaluate.margins(after, self.settings.careful)[seat] + 0.05 * run
                if self.settings.careful and foes:
                    v += SPREAD * min(6, min(h.distance(f) for f in foes))
                if self.settings.careful:
                    v -= setup_threat(after, seat, h)
                if v > best_v:
                    best, best_v = cmd, v
        assert best is not None
        return best

    def _distribute(self, det: RallyState, seat: Seat) -> Command:
        """The split whose best programs (from the hand just dealt) promise most."""
        ships = sorted(det.ships_of(seat), key=lambda s: s.id)
        pool = det.pool[seat]
        splits = set(rules.distribution_options(det, seat))
        if len(ships) == 2:
            for f in (0.25, 0.4, 0.6, 0.75):
                a = int(pool * f)
                splits.add((a, pool - a))
        ctx = planner.context(det, seat)
        width = max(1, min(self.settings.width, 4))
        best, best_v = None, -1e18
        for split in sorted(splits):
            energies = {s.id: s.energy + a for s, a in zip(ships, split)}
            joint = planner.joint_programs(det, seat, det.hands[seat], width, 1, energies, ctx, leaders_max=1)
            v = joint[0][0]
            if v > best_v + 1e-9:
                best, best_v = split, v
        assert best is not None
        return DistributeEnergy(seat, best)

    # --- planning --------------------------------------------------------------------------
    def programs(self, state: RallyState, det: RallyState, seat: Seat) -> planner.JointProgram:
        """The program of every own ship for this era (see the module docstring)."""
        st = self.settings
        t0 = time.perf_counter()
        deadline = st.deadline(self.clocks)
        hand = sorted(det.hands[seat] + [c for s in det.ships_of(seat) for c in s.program])
        ctx = planner.context(det, seat)
        if st.careful:
            planner.guard(ctx, det, seat)
        joints = planner.joint_programs(det, seat, hand, st.width, st.candidates, ctx=ctx)
        joints = joints[:st.candidates]
        self.last_candidates = len(joints)
        if not st.simulate or len(joints) == 1:
            self.last_plan_seconds = time.perf_counter() - t0
            return joints[0][1]
        worlds = [self._world(state, seat, st.careful and i % 2 == 1) for i in range(st.samples)]
        best, best_v = joints[0][1], -1e18
        outs: dict[int, float] = {}

        def lost(k: int) -> float:
            if k not in outs:
                outs[k] = lost_value(worlds[k], seat)
            return outs[k]

        for i, (estimate, joint) in enumerate(joints):
            if i > 0 and deadline.past():
                break
            values: list[float] = []
            for k, w in enumerate(worlds):
                after = play_out(w, seat, joint)
                value = evaluate.margins(after, st.careful)[seat] + ctx.clock_value * (after.entropy - w.entropy)
                if st.careful and not after.ships_of(seat):
                    value = min(value, lost(k))
                values.append(value)
            v = _mean(values) + 1e-3 * estimate
            met = danger(ctx, det, seat, joint)
            if met > 0.0:
                v = (1.0 - met) * v + met * min(v, _mean([lost(k) for k in range(len(worlds))]))
            if v > best_v:
                best, best_v = joint, v
        self.last_plan_seconds = time.perf_counter() - t0
        return best

    def _world(self, state: RallyState, seat: Seat, armed: bool = False) -> RallyState:
        """A determinisation in which every other seat's program is a cheap plan
        (`armed`: from its sampled hand plus `ATTACK_KIT`)."""
        w = state.determinize(seat, self.rng)
        for p in range(w.n):
            if p == seat or not w.alive[p]:
                continue
            give_programs(w, p, self.settings.opponent_width, ATTACK_KIT if armed else ())
        return w


def program_steps(state: RallyState, seat: Seat, joint: planner.JointProgram) -> Plan:
    """The commands a person would play to turn `seat`'s draft into `joint` and finish:
    for each ship, an `UnprogramCard` for each drafted card past the start it keeps (from the
    last slot back), then a `ProgramCard` for each card it lacks (appended in order), then
    `FinishPlanning`. Cards taken back from one ship go to the hand before any is programmed,
    so a card may change ships. From an empty draft (the usual case) the hand that is left,
    and so the cards buried, come out in the same order as `SetProgram(seat, joint)` leaves
    them."""
    wanted = dict(joint)
    ships = sorted(state.ships_of(seat), key=lambda s: s.id)
    keep: dict[int, int] = {}
    steps: list[Command] = []
    for ship in ships:
        have, want = ship.program, wanted.get(ship.id, ())
        k = 0
        while k < min(len(have), len(want)) and have[k] == want[k]:
            k += 1
        keep[ship.id] = k
        steps.extend(UnprogramCard(seat, ship.id, i) for i in range(len(have) - 1, k - 1, -1))
    for ship in ships:
        k = keep[ship.id]
        want = wanted.get(ship.id, ())
        steps.extend(ProgramCard(seat, ship.id, card, i) for i, card in enumerate(want[k:], start=k))
    steps.append(FinishPlanning(seat))
    return tuple(steps)


ATTACK_KIT = ("move1", "move2", "move3", "left60", "right60", "turn180", "wave")
"""Cards a careful level adds (from the unseen deck) to other players' sampled hands
in half of its worlds: a hand of five rarely holds the exact moves for a ram or
the wave a real player would use, so without them the simulations hardly ever
show the attack that loses a ship."""


def danger(ctx: planner.Context, det: RallyState, seat: Seat, joint: planner.JointProgram) -> float:
    """The chance a stronger enemy meets the seat's only ship flying `joint` this era
    (`planner.danger_chance`; 0 unless `ctx` was guarded): the simulated worlds give the
    other players programs planned from where our ship starts, so they rarely show it."""
    if not ctx.danger or len(joint) != 1:  # with more ships the planner prices each one's danger
        return 0.0
    ((sid, program),) = joint
    ship = det.ships[sid]
    return planner.danger_chance(ctx, planner.fly(ctx, ship, tuple(CARD_KIND[c] for c in program)))


def lost_value(world: RallyState, seat: Seat) -> float:
    """The seat's careful evaluation of `world` with its ships gone, the game going on.

    A careful plan is scored with it twice: a simulated world in which the plan loses
    the seat's last ship is worth at most this (a lost race that ends the game at once
    drops every seat's potential to its points, which could make flying off the map or
    into a stronger ship look better than a threatened but living ship), and a plan's
    danger (`danger`) mixes it with the simulated value by the danger's chance, so a
    risk never scores worse than the certain loss it risks."""
    s = world.clone()
    for ship in s.ships_of(seat):
        del s.ships[ship.id]
    s.alive[seat] = False
    return evaluate.margins(s, careful=True)[seat]


def _start_energy(state: RallyState, h: Hex) -> int:
    """Energy a ship placed on `h` now would have in era 1 (free energy, the tile's
    energy, a working unowned portal's production)."""
    t = state.tiles[h]
    extra = t.value if t.kind == "energy" else 0
    if t.owner < 0 and t.works(state.entropy):
        extra = t.value
    return FREE_ENERGY + extra


def setup_threat(after: RallyState, seat: Seat, h: Hex) -> float:
    """Set-up, for the ship just placed on `h`: the risk that a player still to place
    puts its ship on the richest hex left (more era-1 energy than ours) within a
    straight line of tiles of ours, ready to land on it in era 1."""
    waiting = [p for p in range(after.n) if p != seat and after.alive[p] and not after.ships_of(p)]
    ours = after.ships_of(seat)
    if not waiting or after.phase != "setup_ships" or len(ours) != 1:
        return 0.0
    mine = ours[0].energy + evaluate.income(after, seat)
    options = rules.ship_hexes(after)
    if not options:
        return 0.0
    richest = max(_start_energy(after, g) for g in options)
    if richest <= mine:
        return 0.0
    risk = 0.0
    for g in options:
        if _start_energy(after, g) != richest:
            continue
        for d in range(6):
            cur = g
            for k in range(1, 7):
                cur = cur.neighbour(d)
                if cur not in after.tiles:
                    break
                if cur == h:
                    chance = evaluate.HIT_ONE_CARD if k <= 3 else evaluate.HIT_TWO_CARDS
                    risk = max(risk, chance)
                    break
    left = evaluate.eras_left(after)
    return risk * (evaluate.WIN + evaluate.fleet_value(1, left))


def give_programs(w: RallyState, p: Seat, width: int, extra: tuple[str, ...] = ()) -> None:
    """Replace `p`'s (sampled) programs by a cheap plan from its sampled cards (plus one
    card of each kind in `extra` that the deck still has), keeping each ship's known
    program length when `p` has already planned."""
    ships = w.ships_of(p)
    cards = w.hands[p] + [c for s in ships for c in s.program]
    want = CARDS_PER_SHIP * len(ships)
    while len(cards) < want and w.deck:
        cards.append(w.deck.pop())
    for kind in extra:
        card = next((c for c in w.deck if CARD_KIND[c] == kind), None)
        if card is not None:
            w.deck.remove(card)
            cards.append(card)
    counts = {s.id: len(s.program) for s in ships}
    joints = planner.joint_programs(w, p, sorted(cards), width, 1)
    plan = dict(joints[0][1])
    used: list[int] = []
    for s in ships:
        prog = list(plan.get(s.id, ()))
        if w.done[p]:
            prog = prog[:counts[s.id]]
        s.program = prog
        used.extend(prog)
    rest = list(cards)
    for c in used:
        rest.remove(c)
    if w.done[p]:
        w.hands[p] = []
        w.buried.extend((c, p) for c in rest)
    else:
        w.hands[p] = rest
        w.done[p] = True


def simulate(world: RallyState, seat: Seat, joint: planner.JointProgram, careful: bool = False) -> float:
    """`seat`'s evaluation (careful or plain margins) after its `joint` program and the
    chaos phase that follows."""
    return evaluate.margins(play_out(world, seat, joint), careful)[seat]


def play_out(world: RallyState, seat: Seat, joint: planner.JointProgram) -> RallyState:
    """A copy of `world` after `seat`'s `joint` program and the chaos phase that follows."""
    s = world.clone()
    s.apply(SetProgram(seat, joint))
    steps = 0
    while s.phase in ("planning", "chaos") and steps < 400:
        steps += 1
        actors = s.to_act()
        if not actors:
            break
        if actors == [AUTO]:
            s.apply(ChaosRound(AUTO))
            continue
        actor = actors[0]
        if s.phase == "planning":
            give_programs(s, actor, 1)
            s.done[actor] = True
            s.apply(SetProgram(actor, tuple((sh.id, tuple(sh.program)) for sh in s.ships_of(actor))))
            continue
        s.apply(quick_decision(s, actor))
    return s


def quick_decision(s: RallyState, seat: Seat) -> Command:
    """A cheap choice inside a simulated chaos phase: first ship in order, a built
    ship on the neighbouring tile farthest from the edge, titanium onto the ship
    with a Titanium Portal still to play."""
    if s.building() is not None:
        opts = rules.legal_hexes_for(s, seat)
        best = max(opts, key=lambda h: sum(1 for n in h.neighbours() if n in s.tiles))
        return PlaceBuiltShip(seat, (best.q, best.r))
    if s.meeting() is not None:
        ships = rules.exchange_ships(s)
        porters = [i for i, sh in enumerate(ships) if any(CARD_KIND[c] == "titanium_portal" for c in sh.program)]
        if porters and any(sh.titanium for j, sh in enumerate(ships) if j != porters[0]):
            t_total = sum(sh.titanium for sh in ships)
            titanium = tuple(t_total if j == porters[0] else 0 for j in range(len(ships)))
            return Exchange(seat, tuple(sh.energy for sh in ships), titanium)
        return NoExchange(seat)
    return OrderShips(seat, s.chaos_ships[0])

