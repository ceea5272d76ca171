"""Formations for the AI: which of a side's models may activate together, where such a block
can move keeping its shape, and where a model deploys to join one.

A formation (the rulebook's: models in base contact, one training shared unless a leader is
among them, a unit sheet's pattern kept; `rules.formation_refusal`) activates for one
activation point, so a block of three acts three times for the price of one: the action
economy a side with 4 points a round and 10-12 models lives by.

- **Groups** (`groups`): the chains of base contact among the side's models that have not
  activated, each whole when the rules accept it, else its accepted pairs; at most `MAX_SIZE`.
- **Moves** (`shifts`, `far_shifts`, `planned_moves`): a block moves by one shared step (a
  translation), once or twice, so its contacts and its pattern hold; the steps are the first
  member's destinations (`spots`) within the slowest member's move (moving twice: half the
  way to those within two moves). The moves are ordered front first along the step (no
  member walks into a place a mate still stands on), and a step is kept only when the engine
  accepts every move and the end of the move step on a copy.
- **Deployment** (`join_spots`): points beside a deployed friend whose block this model may
  join (the rules asked on a copy), for `policy.deploy` to weigh.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.ai import spots
from game.skirmish.commands import Activate, EndStep, Move
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

Point = tuple[float, float]
MAX_SIZE = 4
"""Blocks larger than this are not formed (their moves fail more often than they pay)."""
JOIN_GAP = 0.05
"""Edge-to-edge gap a model deploys at beside a friend (inside the engine's base contact)."""
JOIN_TURNS = 8
"""Directions round a friend's base tried for a joining deployment."""


def _chains(s: SkirmishState, figs: list[Figure]) -> list[list[Figure]]:
    """The chains of base contact among `figs` (connected components)."""
    bodies = {f.id: s.body(f) for f in figs}
    left = list(figs)
    out: list[list[Figure]] = []
    while left:
        chain = [left.pop(0)]
        grew = True
        while grew:
            grew = False
            for f in list(left):
                if any(geo.in_base_contact(bodies[f.id], bodies[g.id]) for g in chain):
                    chain.append(f)
                    left.remove(f)
                    grew = True
        out.append(chain)
    return out


def groups(s: SkirmishState, side: int) -> list[tuple[int, ...]]:
    """The formations `side` may activate now (see the module docstring), as model ids."""
    ready = [f for f in s.alive(side) if f.on_table and not f.activated]
    out: list[tuple[int, ...]] = []
    for chain in _chains(s, ready):
        if len(chain) < 2:
            continue
        if len(chain) <= MAX_SIZE and rules.formation_refusal(s, chain) is None:
            out.append(tuple(f.id for f in chain))
            continue
        bodies = {f.id: s.body(f) for f in chain}
        for i, a in enumerate(chain):
            for b in chain[i + 1:]:
                if geo.in_base_contact(bodies[a.id], bodies[b.id]) and rules.formation_refusal(s, [a, b]) is None:
                    out.append((a.id, b.id))
    return out


def slowest_move(s: SkirmishState, members: tuple[int, ...]) -> float:
    """How far the block may move: its slowest member's Move (0 when one cannot move)."""
    figs = [s.figures[i] for i in members]
    if any("cannot_move" in rules.flags(s, f) for f in figs):
        return 0.0
    return min(rules.stat(s, f, "move") for f in figs)


def shifts(s: SkirmishState, members: tuple[int, ...], limit: int) -> list[Point]:
    """Candidate steps for the whole block: the first member's destinations within the
    slowest member's move, as offsets from where it stands."""
    budget = slowest_move(s, members)
    if budget <= 0:
        return []
    anchor = s.figures[members[0]]
    near, _ = spots.reachable(s, anchor, budget, limit)
    return [(p[0] - anchor.x, p[1] - anchor.y) for p in near]


def ordered(s: SkirmishState, members: tuple[int, ...], shift: Point) -> tuple[int, ...]:
    """The members front first along `shift` (ties by id: deterministic)."""
    return tuple(sorted(members, key=lambda i: (-(s.figures[i].x * shift[0] + s.figures[i].y * shift[1]), i)))


def planned_moves(s: SkirmishState, seat: int, members: tuple[int, ...], shift: Point,
                  twice: bool = False) -> tuple[tuple[int, Point], ...] | None:
    """The block's moves by `shift` (`twice`: moving twice, by `shift` each time), in an order
    the engine accepts whole (each move and the end of each move step, tried on a copy), or
    None when it refuses any."""
    work = s.clone()
    act = Activate(seat, members, "double_move" if twice else "move_attack")
    if rules.why_illegal(work, act) is not None:
        return None
    work.apply(act)
    out: list[tuple[int, Point]] = []
    for _ in range(2 if twice else 1):
        for i in ordered(work, members, shift):
            f = work.figures[i]
            to = (round(f.x + shift[0], 3), round(f.y + shift[1], 3))
            move = Move(seat, i, to)
            if rules.why_illegal(work, move) is not None:
                return None
            work.apply(move)
            out.append((i, to))
        if rules.why_illegal(work, EndStep(seat)) is not None:
            return None
        work.apply(EndStep(seat))
    return tuple(out)


def far_shifts(s: SkirmishState, members: tuple[int, ...], limit: int) -> list[Point]:
    """Candidate steps for a block moving twice: half of each way to the first member's
    destinations beyond one move and within two (`spots.reachable`)."""
    budget = slowest_move(s, members)
    if budget <= 0:
        return []
    anchor = s.figures[members[0]]
    _, far = spots.reachable(s, anchor, budget, 0, limit)
    return [((p[0] - anchor.x) / 2, (p[1] - anchor.y) / 2) for p in far]


def join_spots(s: SkirmishState, f: Figure) -> list[Point]:
    """Deployment points for `f` in base contact with a deployed friend whose block (with `f`
    added) the rules accept as a formation of at most `MAX_SIZE`; each point inside `f`'s zone
    and clear of every base (`why_illegal` still has the last word)."""
    friends = [g for g in s.figures if g.side == f.side and g.on_table and g.id != f.id]
    if not friends:
        return []
    chains = {g.id: chain for chain in _chains(s, friends) for g in chain}
    work = s.clone()
    me = work.figures[f.id]
    me.deployed = True
    r = geo.base_radius(f.unit.base_mm)
    zone = s.mission.zones[f.side]
    out: list[Point] = []
    for g in friends:
        chain = chains[g.id]
        if len(chain) >= MAX_SIZE:
            continue
        d = r + geo.base_radius(g.unit.base_mm) + JOIN_GAP
        for k in range(JOIN_TURNS):
            a = 2 * math.pi * k / JOIN_TURNS
            p = (round(g.x + math.cos(a) * d, 3), round(g.y + math.sin(a) * d, 3))
            if not geo.in_polygon(zone, p[0], p[1]):
                continue
            me.x, me.y = p
            block = [work.figures[h.id] for h in chain] + [me]
            if rules.formation_refusal(work, block) is None:
                out.append(p)
    return out
