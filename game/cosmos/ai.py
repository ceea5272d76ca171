"""What the AI knows about Cosmos: an evaluator of VP and engine value, a play-out policy, and
the search's horizon (the end of the turn).

**Evaluator.** Each seat gets a *potential* in VP: the score it would have if the game ended now
(VP tokens, lifeform tiles, main objectives by position and count, leftovers), plus what its
engine promises for the rounds left: resources and life cards in hand (each worth what it buys),
stars by tier and by what an activation pays, Focus tiers, the Generator, lifeforms on planets,
empty planet spaces and Solar Systems, the next step of each objective track times what it would
score, progress toward the small and big lifeform tiles, and a mission whose requirement is met.
Engine terms fade as the game goes on (`_late`), and the end's trigger never adds to the fade of a
long game; in the last round only what scores counts. A seat's value is its
potential minus the best other potential (alone: its potential), the margin the winner needs.

**Horizon.** A turn is a chain of decisions (move, rewards, the action, its effects, the Mission
step); the search stops when the next player's turn begins (`horizon_key`: round and seat to
move) and the evaluator judges the turn as a whole. The `hard` level's budget looks one turn
further (the next player's reply).

**Play-out policy.** Cheap and purposeful: it never takes less than a reward offers (`Done`
only when nothing else is legal or, in the Action step, after the action), avoids the Entropy
exchange unless the action needs it, and moves at random. Only what the acting seat knows in
the determinisation it is given is read (its own hand and missions; others' as sampled).

**Candidates.** Create Life is the one list that explodes (cards x planets x discards x icons);
`candidates` already lends a discard only where a play needs one, and `_thin` keeps one discard
per (card, planet, icon) for the search: which card is thrown makes little difference to the
evaluator, and the tree's breadth goes to what does.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.ai.agents import Agent, ISMCTSAgent
from game.ai.ismcts import ISMCTSBudget
from game.ai.knowledge import Knowledge
from game.core.protocol import Command, Seat, State
from game.core.rng import Rng
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos.area import count, lifeform_total, mission_met, score_breakdown, scoring_count, slots
from game.cosmos.content import LIFEFORMS, Content, Effect
from game.cosmos.state import CosmosState

S = CosmosState

# Engine terms, in VP.
ENERGY = 0.55
MASS = 0.55
ENTROPY = 0.35
CARD = 1.2
STAR_TIER = 2.2
"""A star's tier, for the evolutions it opens (each tier a step on the way to tier III and IV)."""
STAR_ACTIVATIONS = 2.0
"""Times a star is expected to be activated from here on (early; `_late` fades it): a star is also
worth what one activation pays net of its entropy (`activation_vp`), times this. Round 3 valued a
star by its tier alone, so a tier III (3 resources and 3 VP for 2 entropy) counted only half again
a tier II (3 resources for 2) and the search seldom evolved past tier II or chose Activate Stars
(3.5% of landings): the stars it held paid about one resource per entropy (`docs/rules/cosmos.md`,
"Balance, round 4")."""
GENERATOR = 0.8
LIFEFORM = (0.35, 0.7, 1.2)
FOCUS_TRIGGERS = 3.0
"""Times a Focus card's tier is expected to pay from here on (early; `_late` fades it): its token
is placed on about one landing in six, over a game of 18-20 rounds. A tier is worth what it pays
each time (`effect_vp`) times this (round 3; rounds 1-2 valued every tier at a flat 2.5, then 3.5 VP,
and the search upgraded twice in 15 games)."""
ADVANCE = 0.5
"""One lifeform advancement (a bacterium gained, or one moved up a type)."""
ACTIVATION = 1.5
"""One star activation (what a star pays, less its entropy)."""
ACTION = 2.0
"""A free action an effect grants."""
GAIN_VP = {"energy": ENERGY, "mass": MASS, "entropy": ENTROPY, "vp": 1.0,
           "bacteria": LIFEFORM[0], "plant": LIFEFORM[1], "animal": LIFEFORM[2]}
PLANET = 2.0
TRACK_STEP = 0.6
"""Share of the next track position's added VP (times what it scores now) counted as promise."""
TILE_PROGRESS = 0.8
"""Share of a lifeform tile's VP counted for the way to its threshold (squared fraction): the
tiles are a third of the rulebook's winning score (44 of Teal's 134), so the way there counts."""
NOT_READY = 0.5
"""Share of a track's next step counted while no single action can meet its condition (`one_action_from`):
round 7. Before, the step counted the same whether the seat held a star one evolution from tier III or
only tier I stars, so the first of two evolutions, or a planet for a system's first asteroid, added
nothing toward the track, and a leader one advance short played for its turn's VP for 20 rounds
(round 6's 42-round game; `docs/rules/cosmos.md`, "Balance, round 7")."""
MISSION_MET = 6.0
SETTLED_ROUNDS = 30
"""Rounds over which engine value fades to its floor (a round's engine is worth less late). 20 until
round 7, set when games lasted 15-20 rounds; round 6's longer tracks made them 19-42 (25 on average),
and from round 21 the AI valued nothing but its turn's VP: no setup toward a second objective, so
games stalled."""
LATE_FLOOR = 0.05
"""What an engine is still worth once the game is long (past `SETTLED_ROUNDS`): one round's share,
below what it is worth the round the end is triggered (`AFTER_TRIGGER`), so ending never costs the
seat that triggers it engine value. Round 3's floor was 0.25, above the 0.15 a triggered end
leaves: a seat with the larger engine lost margin by completing a track and played on (the 39-, 40-
and 60-round games of round 3; `docs/rules/cosmos.md`, "Games that stall")."""
AFTER_TRIGGER = 0.15
"""Engine weight per round left once the end is triggered (the last round: none)."""


def _late(s: S) -> float:
    """How much an engine is still worth: 1 early, falling with rounds to `LATE_FLOOR`; once the end
    is set, the lesser of that and `AFTER_TRIGGER` a round left (0 in the last round). From round 27
    on, triggering the end costs the trigger's turn no engine value."""
    fading = max(LATE_FLOOR, 1.0 - (s.round - 1) / SETTLED_ROUNDS)
    if s.last_round > 0:
        return min(fading, AFTER_TRIGGER * max(0, s.last_round - s.round))
    return fading


def potential(s: S, seat: Seat) -> float:
    """The seat's score now plus what its engine promises (see the module note)."""
    p = s.players[seat]
    c = s.content
    score = float(sum(score_breakdown(s, seat).values()))
    if s.over:
        return score
    score += pending_track_vp(s, seat)
    late = _late(s)
    engine = (ENERGY * p.energy + MASS * p.mass + ENTROPY * p.entropy + CARD * len(p.hand)
              + focus_value(c, p) + GENERATOR * p.generator)
    engine += STAR_TIER * sum(c.stars[sy.star].tier for sy in p.systems if sy.star and not c.stars[sy.star].starting)
    engine += STAR_ACTIVATIONS * sum(activation_vp(s, p, sy.star) for sy in p.systems if sy.star)
    places = slots(p)
    engine += PLANET * len(places)
    for _, _, sl in places:
        engine += sum(LIFEFORM[i] * n for i, n in enumerate(sl.life))
        engine += 1.0 * len(sl.cards) + (1.5 if sl.biome else 0.0) + (1.5 if sl.fulfilled else 0.0)
        engine += 0.8 * sum(1 for a in sl.asteroids if a)
    for i, o in enumerate(c.objectives):
        track_vp = c.track_vp(i)
        last = len(track_vp) - 1
        pos = p.track[i]
        if pos < last and not (pos + 1 == last and s.track_last[i] >= 0):
            scoring = o.alternative if s.alternative else o.scoring
            items = scoring_count(s, p, scoring) + 1
            near = 1.0 if one_action_from(s, p, o.condition) else NOT_READY
            engine += TRACK_STEP * (int(track_vp[pos + 1]) - int(track_vp[pos])) * items * near
    for li, life in enumerate(LIFEFORMS):
        total = lifeform_total(p, li)
        small_at = int(c.n("lifeform_small_at")[life])
        if life not in p.small and s.small_tiles[life]:
            engine += TILE_PROGRESS * s.small_tiles[life][-1] * min(1.0, total / small_at) ** 2
        big_at, big_vp = c.n("lifeform_big")[life]
        if s.big_taken[life] < 0:
            engine += TILE_PROGRESS * int(big_vp) * min(1.0, total / int(big_at)) ** 2
    if any(mission_met(s, p, m) for m in p.missions):
        engine += MISSION_MET
    engine += 0.5 * count(s, p, "planet_types")
    return score + late * engine


def one_action_from(s: S, p: M.Player, condition: str) -> bool:
    """Whether one action can meet a track's condition: a tier II or III star with a next tier in
    stock (an evolution to tier III or IV), a Solar System with a planet and no asteroid yet (its
    first asteroid); a Biome is always one Set Biome away."""
    c = s.content
    if condition == "star_tier3":
        return any(sy.star and c.stars[sy.star].tier in (2, 3) and any(s.star_stock.get(n, 0) > 0 for n in c.stars[sy.star].next)
                   for sy in p.systems)
    if condition == "first_asteroid":
        return any(any(x is not None for x in sy.planets)
                   and not any(a for x in sy.planets if x is not None for a in x.asteroids) for sy in p.systems)
    return True


def pending_track_vp(s: S, seat: Seat) -> float:
    """The objective VP the conditions met this turn will add at its end (`rules.end_turn` moves
    the tracks then): without it a position just after, say, an evolution to tier III looked no
    better than one without, so the search's ordering (`scored_commands`) put the move that
    advances a track among the last, and a leader with the points to gain played on for 20 more
    rounds (round 4's 41-round 3-player game; `docs/rules/cosmos.md`, "Games that stall")."""
    if not any(s.conditions) or not s.frames or s.frames[-1].seat != seat:
        return 0.0
    p = s.players[seat]
    gained = 0.0
    for i, n in enumerate(s.conditions):
        track_vp = s.content.track_vp(i)
        last = len(track_vp) - 1
        pos = p.track[i]
        for _ in range(n):
            if pos >= last or (pos + 1 == last and s.track_last[i] >= 0):
                break
            pos += 1
        if pos > p.track[i]:
            o = s.content.objectives[i]
            items = scoring_count(s, p, o.alternative if s.alternative else o.scoring)
            gained += (int(track_vp[pos]) - int(track_vp[p.track[i]])) * items
    return gained


def effect_vp(effects: tuple[Effect, ...]) -> float:
    """What one resolution of `effects` is worth in VP, for a trigger that repeats (a Focus card's
    tier): resources, VP, lifeforms, advancements, activations, cards and actions at the engine's
    rates; a `per` effect counts once (what it multiplies is not known ahead)."""
    value = 0.0
    for e in effects:
        value += sum(GAIN_VP.get(what, 0.0) * n for what, n in e.gain)
        value += ADVANCE * e.advance + CARD * e.cards + GENERATOR * e.generator + ACTIVATION * e.activate
        value += ACTION if e.action else 0.0
    return value


def activation_vp(s: S, p: M.Player, star: str) -> float:
    """What activating `star` once pays `p` now (a tier IV's "per" counted in `p`'s play area) less
    the entropy it costs; never below nothing (an activation is optional)."""
    st = s.content.stars[star]
    pays = sum(effect_vp((e,)) * (count(s, p, e.per) if e.per else 1) for e in st.effect)
    return max(0.0, pays - ENTROPY * st.cost)


def focus_value(c: Content, p: M.Player) -> float:
    """The seat's Focus tiers: each card's current tier, by what it pays, times its triggers to come."""
    cards = c.focus[p.focus]
    return FOCUS_TRIGGERS * sum(effect_vp(cards[i][tier - 1]) for i, tier in enumerate(p.tiers) if tier > 0)


class CosmosKnowledge(Knowledge):
    def seats(self, state: State) -> int:
        assert isinstance(state, CosmosState)
        return len(state.players)

    def values(self, state: State) -> list[float]:
        assert isinstance(state, CosmosState)
        pots = [potential(state, i) for i in range(len(state.players))]
        if len(pots) == 1:
            return pots
        out = []
        for i, v in enumerate(pots):
            best_other = max(x for j, x in enumerate(pots) if j != i)
            out.append(v - best_other)
        return out

    def evaluate(self, state: State, seat: Seat) -> float:
        return self.values(state)[seat]

    def horizon_key(self, state: State) -> Hashable:
        """The turn under way: the search judges whole turns."""
        assert isinstance(state, CosmosState)
        if state.over or not state.frames:
            return (state.round, -1)
        return (state.round, state.frames[-1].seat)

    def info_key(self, state: State, seat: Seat) -> Hashable:
        """What `seat` knows, cheaply: the frames, the board's tops and stocks, every play area
        in public terms, its own hand and missions, others' hands by type count."""
        assert isinstance(state, CosmosState)
        s = state
        players: list[Hashable] = []
        for i, p in enumerate(s.players):
            public = (p.pos, tuple(p.tokens), p.wild_locked, tuple(p.tiers), p.energy, p.mass, p.entropy, p.vp,
                      p.generator, tuple(p.track), repr(p.systems), tuple(sorted(p.small.items())), tuple(p.big),
                      tuple(p.done_missions))
            if i == seat:
                players.append((public, tuple(sorted(p.hand)), tuple(p.missions)))
            else:
                types = tuple(sum(s.content.life[c].type == t for c in p.hand) for t in LIFEFORMS)
                players.append((public, types, tuple(sorted(p.seen)), len(p.missions)))
        return (tuple(f.code() for f in s.frames), tuple(s.reveals),
                tuple(x.top for x in s.planet_piles), tuple(x.top for x in s.biome_piles),
                tuple(x.top for x in s.life_piles), tuple(s.conditions), tuple(s.track_last),
                tuple(players))

    def scored_commands(self, state: State, seat: Seat) -> list[tuple[float, Command]]:
        """Each candidate (Create Life's thinned) with the seat's own potential one ply later:
        cheap enough for the search to order every new node's commands by it (what a command
        does to the others' potential is nothing, or the same for all)."""
        assert isinstance(state, CosmosState)
        out: list[tuple[float, Command]] = []
        for cmd in thin(state, state.candidates(seat)):
            after = state.clone()
            after.apply(cmd)
            out.append((potential(after, seat), cmd))
        return out

    def rollout_command(self, state: State, rng: Rng) -> Command:
        assert isinstance(state, CosmosState)
        seat = state.to_act()[0]
        return policy(state, seat, rng)


def thin(s: S, cmds: list[Command]) -> list[Command]:
    """Keep one discard per (card, planet, icon) among Create Life's plays."""
    seen: set[tuple[int, int, int, str]] = set()
    out: list[Command] = []
    for c in cmds:
        if isinstance(c, C.PlayLife) and c.discard >= 0:
            key = (c.card, c.system, c.slot, c.icon)
            if key in seen:
                continue
            seen.add(key)
        out.append(c)
    return out


def policy(s: S, seat: Seat, rng: Rng) -> Command:
    """The play-out policy (see the module note)."""
    cmds = thin(s, s.candidates(seat))
    frame = s.frames[-1]
    real = [c for c in cmds if not isinstance(c, (C.Done, C.Exchange))]
    if isinstance(frame, M.Acting) and frame.resolved:
        return next(c for c in cmds if isinstance(c, C.Done))
    if real:
        return rng.choice(real)
    exchanges = [c for c in cmds if isinstance(c, C.Exchange)]
    if exchanges and isinstance(frame, (M.Acting, M.Doing)) and not frame_resolved(frame) and rng.random() < 0.3:
        return rng.choice(exchanges)
    return next(c for c in cmds if isinstance(c, C.Done))


def frame_resolved(frame: M.Frame) -> bool:
    return isinstance(frame, M.Acting) and frame.resolved


BUDGETS: dict[str, ISMCTSBudget] = {
    "easy": ISMCTSBudget(iterations=40, max_seconds=1.0, rollout_depth=25, exploration=1.0, widen_k=1.0),
    "normal": ISMCTSBudget(iterations=120, max_seconds=3.0, rollout_depth=40, widen_k=1.0),
    "hard": ISMCTSBudget(iterations=500, max_seconds=12.0, rollout_depth=60, widen_k=1.0, horizon_steps=2),
}
"""Cosmos's levels: iterations decide (so a seed replays), the time cap is a safety net well above
what the iterations take on this machine. An iteration costs a determinisation (a deep copy) and a
turn's play-out, several times what a Worlds Collide round costs, so the generic budgets' time caps
would cut the search short and make it depend on the machine's load. Hard looks one turn further
(the next player's reply): with the turn's horizon, 400 iterations won 4 of 10 games against
normal and a lower exploration 4 of 8; looking further won 5 of 8."""


def agents(level: str, seed: int) -> Agent | None:
    """ISMCTS with Cosmos's budgets for easy, normal and hard; the generic greedy otherwise."""
    budget = BUDGETS.get(level)
    if budget is None:
        return None
    return ISMCTSAgent(CosmosKnowledge(), budget, seed, level)
