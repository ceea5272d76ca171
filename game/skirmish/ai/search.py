"""Which activation to start: whole activations scored one ply ahead, then sampled with the
dice as chance.

An activation (`Macro`) is a model, an order, where it moves (and, moving twice, where it ends)
and a tactic. Its **static value** is the evaluator's value of the position with the model at
its destination and the other side to act, plus its attacks' worth by the exact odds (`policy`):
for "move then attack" the attacks from the destination, for "attack then move" those from
where it stands. `greedy` plays the best static value.

The **search** takes the `width` best and plays each out on copies of the position to the end
of the activation through the engine's own rules: the dice drawn from the search's RNG (every
roll a chance node, sampled), the re-rolls and the attacks chosen by `policy` as in play, then
the position evaluated (`normal`'s play-outs weigh no abilities: weighing each costs a copy
and an evaluation per target; they make only the one an activation was weighed for,
`Macro.ability`, so a hex activation is sampled as a hex; `hard` weighs them all,
`Budget.playout_abilities`). Samples are shared out by successive halving: each round gives
every surviving activation the same number of samples (the same dice seeds for all: common
random numbers) and keeps the better half, until one is left or the `iterations` budget
(samples) is spent; `normal` ranks each by its samples' mean with its static value counted as
two samples more (`Budget.prior`, `worth`), so two lucky first rolls do not drop a better one. An activation whose play-out draws no dice is played once. Budgets are
samples, so a level plays the same however busy the machine is, until the wall-clock limit
(below) cuts in.

**Formations** (`Budget.formations`: `normal` and `hard`): each block of models in base contact
the rules accept (`formations.groups`) is an activation too, standing and attacking, moving
by one shared step (a translation, so its contacts and pattern hold; the steps the engine
accepts on a copy) and attacking, or moving twice by one step; valued like a single model's, with every member moved,
activated and attacking. One point buys the whole block's attacks: the action economy
`greedy` never uses.

**Time** (a safety net; one `game.ai.search.Deadline` for the whole decision, as every search's):
`Budget.max_seconds` of this process's CPU (`game.ai.search.cpu_seconds`: a busy machine makes an answer later but
not weaker) and `Budget.wall_limit` of the wall clock (`normal` 4 s, else twice the CPU cap: on a crowded
machine the answer still comes in time, weaker). Weighing the activations stops at 60% of
either (models and blocks are weighed nearest the enemy first, so the ones left out are the
farthest), the shared first parts (double moves' paths) at 80%, the samples at the limit; what
is weighed by then is chosen from (an activation not sampled yet by its static value, as
`greedy`). On a quiet machine the limits only cut the heaviest decisions (many models, long
double moves).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.ai.search import Deadline, wall_limit
from game.core.protocol import CHANCE, Command
from game.core.rng import Rng
from game.skirmish import rules
from game.skirmish.ai import formations, spots, tactics
from game.skirmish.ai.policy import Point, Policy
from game.skirmish.commands import ORDERS, Activate, EndStep, Move, UseAbility

if TYPE_CHECKING:
    from game.skirmish.model import Figure
    from game.skirmish.state import SkirmishState


@dataclass(frozen=True)
class Macro:
    """One activation as the AI plans it."""

    figure: int
    order: str
    dest: Point | None
    """Where it moves (None: it stays); moving twice, where the first move ends."""
    value: float
    """The static value (see the module docstring)."""
    final: Point | None = None
    """Moving twice: where the second move ends."""
    tactic: str = ""
    formation: tuple[int, ...] = ()
    """A formation's models (`figure` is the first); empty for one model."""
    moves: tuple[tuple[int, Point], ...] = ()
    """A formation's moves in the order they are made (`formations.planned_moves`); empty: it
    stays."""
    ability: UseAbility | None = None
    """"Attack then move" weighed for an ability used instead of the attacks (a hex, a veil):
    that use, which the samples make at the attack step (`_macro_step`), so they value the
    activation it was chosen for (without, a caster's samples made its weak attack instead)."""

    @property
    def models(self) -> tuple[int, ...]:
        """The models `Activate` names."""
        return self.formation or (self.figure,)


@dataclass(frozen=True)
class Budget:
    width: int
    """How many activations (by static value) the search samples; 1: greedy, no samples."""
    iterations: int
    """Samples (activations played out to their end) shared among them."""
    max_seconds: float
    spot_limit: int = spots.MAX_SPOTS
    double_spots: int = 6
    """Destinations tried for a double move (two moves' reach)."""
    per_model: int = 1
    """"Move then attack" activations kept per model (its best destinations): more lets the
    samples choose between a bold and a careful spot for the same model."""
    formations: bool = False
    """Whether blocks of models in base contact are activated together (`formations`) and
    deployed so (`policy.deploy`)."""
    max_wall_seconds: float | None = None
    """The wall-clock limit of a decision (None: `WALL_FACTOR` x `max_seconds`)."""
    prior: float = 0.0
    """How many samples an activation's static value counts as in the halving's ranking (0: the
    samples' mean alone; see `worth`)."""
    guard: float = 0.0
    """`evaluate.Weights.guard`: how much the side values its last leader's safety where losing
    every leader ends the game (0: `greedy`'s yardstick)."""
    playout_abilities: bool = False
    """Whether the play-outs use abilities as play does (`policy.Policy.best_ability`): without,
    a caster's hex or veil activation is sampled as its weak attack and a move, and the samples
    drop the activation the weighing chose it for. Dear (each use tried on a copy), so only
    `hard`, whose CPU cap has room, pays for it."""

    @property
    def wall_limit(self) -> float:
        """The decision's wall-clock limit (`game.ai.search.wall_limit`, this module's `WALL_FACTOR`;
        lifted by `NO_WALL_LIMIT_ENV` as every game's)."""
        return wall_limit(self.max_seconds, self.max_wall_seconds, WALL_FACTOR)


WALL_FACTOR = 2.0
"""A decision's wall-clock limit over its CPU cap, when its budget names none: the skirmish's own
(issue 13's), not the generic searches' `game.ai.search.WALL_FACTOR`."""
WEIGH_SHARE = 0.6
"""Share of the limits after which no more activations are weighed (`macros`)."""


def macros(s: SkirmishState, policy: Policy, budget: Budget, deadline: Deadline | None = None) -> list[Macro]:
    """Every activation worth considering for the policy's side, best static value first. The
    models and blocks are weighed nearest the enemy first (`_weighing_order`), so that past 60%
    of `deadline` (the time limits: a safety net), when the rest are not weighed, what is left
    out is what matters least now; at least one is always weighed."""
    out: list[Macro] = []
    for models in _weighing_order(s, policy.side, budget.formations):
        if out and deadline is not None and deadline.past(WEIGH_SHARE):
            break
        if len(models) == 1:
            out.extend(_model_macros(s, policy, budget, s.figures[models[0]]))
        else:
            out.extend(_block_macros(s, policy, budget, models))
    out.sort(key=lambda m: -m.value)
    return out


def _weighing_order(s: SkirmishState, side: int, blocks: bool) -> list[tuple[int, ...]]:
    """The side's models ready to activate, one by one, and (with `blocks`) its formations
    (`formations.groups`), nearest an enemy first: a block by its nearest member. Without an
    enemy on the table, in id order."""
    ready = [f for f in s.alive(side) if f.on_table and not f.activated]
    enemies = [e.at for e in s.alive(1 - side) if e.on_table]
    # each ready model's distance to its nearest enemy, once (a block's members are ready models)
    nearness = {f.id: min((math.dist(f.at, e) for e in enemies), default=0.0) for f in ready}
    jobs: list[tuple[int, ...]] = [(f.id,) for f in ready]
    if blocks:
        jobs += formations.groups(s, side)
    return sorted(jobs, key=lambda models: (min(nearness[i] for i in models), len(models), models))


def _model_macros(s: SkirmishState, policy: Policy, budget: Budget, f: Figure) -> list[Macro]:
    """One model's activations: its `per_model` best moves then attacks, an ability (or its
    attacks) from where it stands then its best move, and its best double move."""
    out: list[Macro] = []
    move = rules.stat(s, f, "move")
    near, far = spots.reachable(s, f, move, budget.spot_limit, budget.double_spots)
    scored = policy.spot_values(s, f, None, near)
    stay = scored[0]
    ranked = sorted(scored, key=lambda v: -(v[0] + v[1]))
    for v, a, p in ranked[:budget.per_model]:
        out.append(Macro(f.id, "move_attack", p, v + a))
    # an ability used instead of the attacks (a hex, a veil) is weighed like the attacks
    gain, use = policy.ability_choice(s, f) if policy.abilities else (0.0, None)
    instead = max(stay[1], gain)
    if instead > 0:
        best_move = max(scored, key=lambda v: v[0])
        out.append(Macro(f.id, "attack_move", best_move[2], instead + best_move[0],
                         ability=use if gain > stay[1] else None))
    if far:
        doubled = policy.spot_values(s, f, None, far)[1:]
        v, _, end = max(doubled, key=lambda v: v[0])
        first = _first_leg(end, near)
        if first is not None and end is not None:
            out.append(Macro(f.id, "double_move", first, v, end))
    return out


def _block_macros(s: SkirmishState, policy: Policy, budget: Budget, members: tuple[int, ...]) -> list[Macro]:
    """One formation standing and attacking, moving by its `per_model` best steps the engine
    accepts and then attacking, and moving twice by its better of two steps the engine accepts;
    valued like one model's activation with every member moved, activated and attacking."""
    side = policy.side
    out: list[Macro] = []
    work = s.clone()
    figs = [work.figures[i] for i in members]
    origins = [g.at for g in figs]
    for g in figs:
        g.activated = True

    def place(shift: Point) -> None:
        for g, (x, y) in zip(figs, origins):
            g.x, g.y = x + shift[0], y + shift[1]

    def value(shift: Point) -> float:
        place(shift)
        return policy.value(work, 1 - side) + sum(policy.attack_value(work, g) for g in figs)

    def value_at(shift: Point) -> float:
        place(shift)
        return policy.value(work, 1 - side)

    stay = value((0.0, 0.0))
    out.append(Macro(members[0], "attack_move", None, stay, formation=members))
    scored = sorted(((value(d), d) for d in formations.shifts(s, members, budget.spot_limit)),
                    key=lambda v: -v[0])
    kept = 0
    for v, d in scored:
        if kept >= budget.per_model or v <= stay:
            break
        moves = formations.planned_moves(s, side, members, d)
        if moves is not None:
            out.append(Macro(members[0], "move_attack", d, v, formation=members, moves=moves))
            kept += 1
    if budget.double_spots:
        doubled = sorted(((value_at((2 * d[0], 2 * d[1])), d)
                          for d in formations.far_shifts(s, members, budget.double_spots)), key=lambda v: -v[0])
        for v, d in doubled[:2]:
            moves = formations.planned_moves(s, side, members, d, twice=True)
            if moves is not None:
                out.append(Macro(members[0], "double_move", d, v, formation=members, moves=moves))
                break
    return out


def _first_leg(end: Point | None, singles: list[Point]) -> Point | None:
    """The single-move destination nearest the double move's end."""
    if end is None or not singles:
        return None
    return min(singles, key=lambda p: math.dist(p, end))


def with_tactic(s: SkirmishState, policy: Policy, m: Macro) -> Macro:
    """`m` with the tactic worth declaring for it (`tactics.choose_tactic`), if any."""
    if not s.factions[policy.side].tactics or m.moves:
        return m  # a block's planned moves are not put at risk of a penalty that slows it
    work = s.clone()
    g = work.figures[m.figure]
    if m.order == "move_attack" and m.dest is not None and not m.formation:
        g.x, g.y = m.dest
    figs = [work.figures[i] for i in m.models]

    def attack_value(boost: dict[str, int]) -> float:
        return 0.0 if m.order == "double_move" else sum(policy.attack_value(work, f, boost) for f in figs)

    return replace(m, tactic=tactics.choose_tactic(s, policy.side, attack_value, m.order != "attack_move"))


def steps_for(s: SkirmishState, policy: Policy, m: Macro | None) -> list[Command]:
    """The commands the side plays from `s` (an activation to start with `m`, or one under way)
    until chance or the other side comes in: the plan. Each is checked by the engine on a copy."""
    seat = policy.side
    sim = s.clone()
    out: list[Command] = []
    if m is not None:
        cmd: Command = Activate(seat, m.models, m.order, m.tactic)
        sim.apply(cmd)
        out.append(cmd)
    while not sim.is_over() and sim.to_act() == [seat] and (sim.activation is not None or sim.placing is not None
                                                            or sim.roll is not None):
        cmd = _macro_step(sim, policy, m) or policy.step(sim)
        if rules.why_illegal(sim, cmd) is not None:
            break
        sim.apply(cmd)
        out.append(cmd)
        if m is None and sim.activation is None:
            break
    return out


def _macro_step(s: SkirmishState, policy: Policy, m: Macro | None, sampling: bool = False) -> Command | None:
    """A move the macro planned, where the activation is at a planned move step; `sampling` (a
    sample's play-out), the ability it was weighed for at its attack step; else None (the policy
    chooses: the attacks, or a second move whose planned end is out of reach). Play leaves the
    ability to the policy, which weighs it again where the activation stands."""
    act = s.activation
    if m is None or act is None or s.roll is not None or s.placing is not None or act.figures != m.models:
        return None
    if act.step == "attack" and sampling and m.ability is not None:
        return m.ability if rules.why_illegal(s, m.ability) is None else None
    if act.step != "move":
        return None
    seat = policy.side
    if m.formation:
        per_step = len(m.moves) // 2 if m.order == "double_move" else len(m.moves)
        planned = m.moves[per_step * act.stage:per_step * (act.stage + 1)]
        todo = [(i, to) for i, to in planned if i not in act.moved and not s.figures[i].fallen]
        if not todo:
            return EndStep(seat)
        block_move = Move(seat, todo[0][0], todo[0][1])
        return block_move if rules.why_illegal(s, block_move) is None else EndStep(seat)
    if m.figure in act.moved:
        return None
    dest = m.dest if (m.order != "double_move" or act.stage == 0) else m.final
    if dest is None:
        return EndStep(seat)
    cmd = Move(seat, m.figure, dest)
    if rules.why_illegal(s, cmd) is None:
        return cmd
    return None if m.order == "double_move" and act.stage == 1 else EndStep(seat)  # the policy's best second move


def prefix(s: SkirmishState, policy: Policy, m: Macro) -> SkirmishState:
    """A copy of `s` with `m` played up to its first roll (the part every sample shares)."""
    seat = policy.side
    sim = s.clone()
    sim.apply(Activate(seat, m.models, m.order, m.tactic))
    while not sim.is_over() and sim.to_act() == [seat] and sim.activation is not None and sim.roll is None:
        cmd = _macro_step(sim, policy, m, sampling=True) or policy.step(sim)
        if rules.why_illegal(sim, cmd) is not None:
            break
        sim.apply(cmd)
    return sim


def play_out(start: SkirmishState, policy: Policy, m: Macro, rng: Rng) -> float:
    """Play `m` on from `start` (its `prefix`) to the end of the activation, dice drawn with
    `rng`; the value after."""
    seat = policy.side
    sim = start.clone()
    guard = 0
    while not sim.is_over() and guard < 60:
        guard += 1
        actors = sim.to_act()
        if actors == [CHANCE]:
            sim.apply(sim.sample_chance(rng))
            continue
        if actors != [seat] or (sim.activation is None and sim.placing is None and sim.roll is None):
            break
        cmd = _macro_step(sim, policy, m, sampling=True) or policy.step(sim)
        if rules.why_illegal(sim, cmd) is not None:
            break
        sim.apply(cmd)
    return policy.value(sim)


def _draws_dice(start: SkirmishState) -> bool:
    """Whether the play-out from `start` (a `prefix`) rolls: it stopped at a roll."""
    return start.roll is not None


def choose(s: SkirmishState, policy: Policy, budget: Budget, rng: Rng,
           deadline: Deadline | None = None) -> Macro | None:
    """The activation to start (see the module docstring); None when the side has none.
    `deadline`: the decision's time limits (by default the budget's, from now)."""
    clock = deadline or Deadline(budget.max_seconds, budget.wall_limit)
    options = macros(s, policy, budget, clock)
    if not options:
        return None
    if budget.width <= 1 or budget.iterations <= 0:
        return with_tactic(s, policy, options[0])
    alive: list[Macro] = []
    starts: list[SkirmishState] = []
    player = Policy(policy.side, policy.sights, policy.weights, policy.spot_limit,
                    abilities=budget.playout_abilities, formations=policy.formations)
    for m in options[:budget.width]:
        if alive and clock.past(0.8):
            break
        alive.append(with_tactic(s, policy, m))
        starts.append(prefix(s, player, alive[-1]))
    totals = [0.0] * len(alive)
    counts = [0] * len(alive)
    seeds = [rng.randrange(1 << 30) for _ in range(budget.iterations)]
    used = 0
    rounds = max(1, math.ceil(math.log2(len(alive))))
    active = list(range(len(alive)))
    for r in range(rounds):
        per = max(1, (budget.iterations - used) // (len(active) * (rounds - r)))
        for i in active:
            m = alive[i]
            want = per if _draws_dice(starts[i]) else max(0, 1 - counts[i])
            for _ in range(want):
                if used >= budget.iterations or clock.past(1.0):
                    break
                totals[i] += play_out(starts[i], player, m, Rng(seeds[counts[i] % len(seeds)]))
                counts[i] += 1
                used += 1
        shift = static_shift((m.value, totals[i], counts[i], _draws_dice(starts[i]))
                             for i, m in enumerate(alive)) if budget.prior else 0.0
        active.sort(key=lambda i: -worth(alive[i].value, totals[i], counts[i], budget.prior, shift,
                                         _draws_dice(starts[i])))
        if len(active) <= 2 or r == rounds - 1:
            active = active[:1]
            break
        active = active[:max(2, (len(active) + 1) // 2)]
    return alive[active[0]]


def worth(static: float, total: float, count: int, prior: float = 0.0, shift: float = 0.0, dice: bool = True) -> float:
    """What the halving ranks an activation by: the mean of its samples, or, with none (the
    clock stopped them first), its `static` value, as `greedy` weighs it. With a `prior`, an
    activation that rolls counts its static value (plus `shift`: how far the samples sit from
    the static values on the whole, `static_shift`) as `prior` samples more: its few first
    samples' luck moves it less (`tools/skirmish_search_check.py`: the regret left after the
    halving, 0.13 worth a decision, fell to 0.01). One that rolls no dice was played exactly:
    its sample alone."""
    if not count:
        return static
    if not prior or not dice:
        return total / count
    return (total + prior * (static + shift)) / (count + prior)


def static_shift(rows: Iterable[tuple[float, float, int, bool]]) -> float:
    """The mean gap between the sampled means and the static values of the activations that
    roll and have samples, each row (static value, samples' total, samples, rolls); 0 with none."""
    gaps = [total / count - static for static, total, count, dice in rows if count and dice]
    return sum(gaps) / len(gaps) if gaps else 0.0

