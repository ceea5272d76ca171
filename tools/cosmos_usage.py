"""How Cosmos's content is used in a game: the usage figures behind docs/rules/cosmos.md.

`Usage` reads the events of a game (each `state.apply`'s list, as it comes) and counts what
issue 14 asks to be shown: each action landed on, each star evolved (by path: `IB>IIB`, `new>IA`
for a tier I star added) and activated, each life card played (L1-L66), each planet (by type and
id), each biome set and fulfilled, each asteroid type, each Focus card upgraded and triggered (by
set, token and tier: `B.planet.2`), each mission played, and where VP tokens came from (the
event's `source`: a star, a planet, a life card, a biome, a focus card, the Generator, a
mission). `finish` adds the final scores' make-up (VP tokens, lifeform tiles, objectives,
leftovers), the rounds and the one source the winner's score leaned on most (its "strategy").

It is a reader only: the policy or agents that play are elsewhere (`tools/cosmos_playtest.py`
for the playtest policy; `main` below for the game's own AI levels, played as the arena plays
them). Run from the project root:

    .venv/bin/python tools/cosmos_usage.py --agents normal,greedy [--games 4] [--seed 1]
    .venv/bin/python tools/cosmos_usage.py --saved SAVE_DIR/*.json [--only normal]

prints one JSON dict for the table size (wins by agent, decision seconds on the wall clock and in
CPU, and `summary`), or
the summary of games saved by `entropy-tabletop arena --save-dir`.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.agents import make_agent
from game.core.match import Match
from game.core.plans import follow
from game.core.protocol import Event, by_itself
from game.cosmos import events as E
from game.cosmos import rules
from game.cosmos.area import score_breakdown
from game.cosmos.content import LIFEFORMS, TOKENS
from game.cosmos.game import COSMOS, CONTENT
from game.cosmos.state import CosmosState

SOURCES = ("tokens", "big", "small", "objectives", "leftovers")
"""The final scoring's parts (`area.score_breakdown`), in its order."""


def vp_source(source: str) -> str:
    """A VP token's source as a kind: `star:IIIA` -> `star`, `life:50` -> `life`."""
    return source.split(":")[0] or "other"


@dataclass
class Usage:
    """Counters over one game or many (`merge`); see the module note for what each counts."""

    actions: Counter[str] = field(default_factory=Counter)
    star_paths: Counter[str] = field(default_factory=Counter)
    star_activations: Counter[str] = field(default_factory=Counter)
    life: Counter[str] = field(default_factory=Counter)
    planets: Counter[str] = field(default_factory=Counter)
    planet_types: Counter[str] = field(default_factory=Counter)
    biomes: Counter[str] = field(default_factory=Counter)
    biomes_fulfilled: Counter[str] = field(default_factory=Counter)
    asteroids: Counter[str] = field(default_factory=Counter)
    focus_upgrades: Counter[str] = field(default_factory=Counter)
    focus_triggers: Counter[str] = field(default_factory=Counter)
    missions: Counter[str] = field(default_factory=Counter)
    vp_tokens_by_source: Counter[str] = field(default_factory=Counter)
    score_parts: Counter[str] = field(default_factory=Counter)
    winner_parts: Counter[str] = field(default_factory=Counter)
    winner_leans_on: Counter[str] = field(default_factory=Counter)
    winning_focus: Counter[str] = field(default_factory=Counter)
    lifeform_tiles: Counter[str] = field(default_factory=Counter)
    """Lifeform objective tiles claimed by the counted seats, by size and type: `small:plant`."""
    lifeforms: Counter[str] = field(default_factory=Counter)
    """Lifeforms gained and lost on the counted seats' planets, by type, sign and source kind:
    `plant:+life` (a life card), `bacteria:+advance`, `bacteria:-action` (an asteroid's lifeform
    space), `bacteria:-life` (a card's red requirement); what the cap of 5 forfeits is not counted."""
    tracks_completed: Counter[str] = field(default_factory=Counter)
    """Main objective tracks completed (their last space taken), by the condition that advances them."""
    games: int = 0
    counted: set[int] | None = None
    """The seats whose events and scores are counted (None: all); set per game by `start`."""
    rounds: list[int] = field(default_factory=list)
    winner_scores: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    seat_focus: list[str] = field(default_factory=list)
    """The current game's Focus set per seat."""
    seat_vp: list[Counter[str]] = field(default_factory=list)
    """The current game's VP tokens per seat, by source kind."""

    def start(self, s: CosmosState, counted: set[int] | None = None) -> None:
        """A new game begins at `s` (its players' Focus sets are read here); only the seats in
        `counted` are counted (None: all)."""
        self.counted = counted
        self.seat_focus = [p.focus for p in s.players]
        self.seat_vp = [Counter() for _ in s.players]

    def observe(self, s: CosmosState, events: Iterable[Event]) -> None:
        """Count `events`, just returned by `s.apply` (`s` is the position after them)."""
        for ev in events:
            seat = getattr(ev, "seat", None)
            if self.counted is not None and seat is not None and seat not in self.counted:
                continue
            if isinstance(ev, E.Moved):
                self.actions[rules.action_at(s, ev.to)] += 1
                tier = s.players[ev.seat].tiers[ev.token] if 0 <= ev.token < len(TOKENS) - 1 else 0
                if tier:
                    self.focus_triggers[f"{self.seat_focus[ev.seat]}.{TOKENS[ev.token]}.{tier}"] += 1
            elif isinstance(ev, E.StarPlaced):
                self.star_paths[f"{ev.old or 'new'}>{ev.star}"] += 1
            elif isinstance(ev, E.StarActivated):
                self.star_activations[ev.star] += 1
            elif isinstance(ev, E.LifePlayed):
                self.life[f"L{ev.card}"] += 1
            elif isinstance(ev, E.PlanetPlaced):
                planet = s.content.planets[ev.planet]
                self.planets[f"{'start' if planet.starting else 'P'}{ev.planet}"] += 1
                if not planet.starting:
                    self.planet_types[planet.type] += 1
            elif isinstance(ev, E.Lifeforms):
                sign = "+" if ev.delta > 0 else "-"
                self.lifeforms[f"{LIFEFORMS[ev.life]}:{sign}{vp_source(ev.source)}"] += abs(ev.delta)
            elif isinstance(ev, E.BiomeSet):
                self.biomes[f"B{ev.biome}"] += 1
            elif isinstance(ev, E.BiomeFulfilled):
                self.biomes_fulfilled[f"B{ev.biome}"] += 1
            elif isinstance(ev, E.AsteroidCaught):
                self.asteroids[ev.kind] += 1
            elif isinstance(ev, E.Upgraded):
                self.focus_upgrades[f"{self.seat_focus[ev.seat]}.{TOKENS[ev.card]}.{ev.tier}"] += 1
            elif isinstance(ev, E.MissionDone):
                self.missions[f"M{ev.mission}"] += 1
            elif isinstance(ev, E.Gained):
                if ev.what == "vp":
                    self.vp_tokens_by_source[vp_source(ev.source)] += ev.amount
                    self.seat_vp[ev.seat][vp_source(ev.source)] += ev.amount

    def finish(self, s: CosmosState) -> None:
        """The game is over at `s`: its rounds, scores and their make-up, and who won on what."""
        self.games += 1
        self.rounds.append(s.round)
        parts = [score_breakdown(s, i) for i in range(len(s.players))]
        totals = [sum(x.values()) for x in parts]
        mine = [i for i in range(len(totals)) if self.counted is None or i in self.counted]
        self.scores.extend(totals[i] for i in mine)
        for i in mine:
            self.score_parts.update(parts[i])
            self.lifeform_tiles.update(f"small:{t}" for t in s.players[i].small)
            self.lifeform_tiles.update(f"big:{t}" for t in s.players[i].big)
        self.tracks_completed.update(o.condition for o, last in zip(s.content.objectives, s.track_last) if last >= 0)
        best = max(totals)
        for seat in mine:
            if totals[seat] != best:
                continue
            self.winner_scores.append(totals[seat])
            self.winner_parts.update(parts[seat])
            self.winning_focus[self.seat_focus[seat]] += 1
            self.winner_leans_on[leans_on(parts[seat], self.seat_vp[seat])] += 1

    def summary(self) -> dict[str, Any]:
        """The figures as one JSON-ready dict (shares rounded to 3 places)."""
        def share(c: Counter[str]) -> dict[str, float]:
            total = sum(c.values()) or 1
            return {k: round(v / total, 3) for k, v in c.most_common()}

        n = max(1, self.games)
        return {
            "games": self.games,
            "rounds": (min(self.rounds, default=0), round(sum(self.rounds) / n, 1), max(self.rounds, default=0)),
            "winner_vp": (min(self.winner_scores, default=0),
                          round(sum(self.winner_scores) / max(1, len(self.winner_scores)), 1),
                          max(self.winner_scores, default=0)),
            "vp_mean": round(sum(self.scores) / max(1, len(self.scores)), 1),
            "winner_parts_mean": {k: round(self.winner_parts[k] / max(1, len(self.winner_scores)), 1) for k in SOURCES},
            "parts_share_all": {k: round(self.score_parts[k] / (sum(self.score_parts.values()) or 1), 3) for k in SOURCES},
            "winner_leans_on": dict(self.winner_leans_on.most_common()),
            "winning_focus": dict(self.winning_focus.most_common()),
            "lifeform_tiles": dict(self.lifeform_tiles.most_common()),
            "tracks_completed": dict(self.tracks_completed.most_common()),
            "lifeforms": dict(sorted(self.lifeforms.items())),
            "vp_tokens_by_source": dict(self.vp_tokens_by_source.most_common()),
            "actions_share": share(self.actions),
            "star_paths": dict(self.star_paths.most_common()),
            "star_activations": dict(self.star_activations.most_common()),
            "planet_types": dict(self.planet_types.most_common()),
            "planets": dict(self.planets.most_common()),
            "biomes": dict(self.biomes.most_common()),
            "biomes_fulfilled": dict(self.biomes_fulfilled.most_common()),
            "asteroids": dict(self.asteroids.most_common()),
            "life": dict(self.life.most_common()),
            "life_by_type": dict(Counter(life_type(k) for k in self.life.elements()).most_common()),
            "focus_upgrades": dict(self.focus_upgrades.most_common()),
            "focus_triggers": dict(self.focus_triggers.most_common()),
            "missions": dict(self.missions.most_common()),
        }


def life_type(card: str) -> str:
    """`L30` -> `plant` (the numbering of the rulebook: 22 of each type in order)."""
    return LIFEFORMS[(int(card[1:]) - 1) // 22]


def leans_on(parts: dict[str, int], vp_by_source: Counter[str]) -> str:
    """The one source that gave a score most: a final-scoring part, with VP tokens split by what
    gave them (`tokens:life`, `tokens:star`, ...) and the lifeform tiles taken together."""
    pieces: Counter[str] = Counter({f"tokens:{k}": v for k, v in vp_by_source.items()})
    pieces["lifeform_tiles"] = parts["big"] + parts["small"]
    pieces["objectives"] = parts["objectives"]
    pieces["leftovers"] = parts["leftovers"]
    return pieces.most_common(1)[0][0]


def play_agents(agents: Sequence[str], seed: int, usage: Usage, times: list[list[float]],
                save: Path | None = None, cpu: list[list[float]] | None = None) -> list[int]:
    """One game between AI levels `agents` (seat order), played as the arena plays (a plan a
    step at a time through `Match.submit`), counted into `usage`; `times[seat]` gets each
    decision's wall seconds and `cpu[seat]`, if given, its CPU seconds (this process's: what a
    quiet machine takes, whatever the load); the match is saved to `save` if given. Returns the
    winning seats."""
    match = Match(COSMOS, {}, seed, list(agents))
    players = [make_agent(a, "cosmos", seed * 31 + i) for i, a in enumerate(agents)]
    state = match.state
    assert isinstance(state, CosmosState)
    usage.start(state)
    seen = 0
    while not match.state.is_over():
        actors = match.to_act()
        if by_itself(actors):
            match.resolve_chance()
        else:
            seat = actors[0]
            t0, c0 = time.perf_counter(), time.process_time()
            plan = players[seat].plan(match.state, seat)
            times[seat].append(time.perf_counter() - t0)
            if cpu is not None:
                cpu[seat].append(time.process_time() - c0)
            played, refusal = follow(match, seat, plan)
            if played == 0:
                raise RuntimeError(f"{agents[seat]} played an illegal {plan[0].describe()}: {refusal}")
        seen = _observe_log(match, usage, seen)
    state = match.state
    assert isinstance(state, CosmosState)
    usage.finish(state)
    if save is not None:
        match.save(save)
    return list(state.winners())


def _observe_log(match: Match, usage: Usage, seen: int) -> int:
    """Feed `usage` the match's events logged since `seen`; returns the new count."""
    state = match.state
    assert isinstance(state, CosmosState)
    usage.observe(state, [entry.event for entry in match.log[seen:]])
    return len(match.log)


def tally_saved(paths: Iterable[Path], usage: Usage, only: str = "") -> None:
    """Count finished saved games (`entropy-tabletop arena --save-dir`, or this tool's) into
    `usage`: every seat, or only the seats named in `only` (AI levels, by commas)."""
    for path in paths:
        match = Match.load(path)
        state = match.state
        assert isinstance(state, CosmosState)
        if not state.is_over():
            continue
        counted = {i for i, name in enumerate(match.seats) if name in only.split(",")} if only else None
        usage.start(COSMOS.new(match.config, match.seed, len(match.seats)), counted)
        _observe_log(match, usage, 0)
        usage.finish(state)


def report(agents: Sequence[str], games: int, seed: int, save_dir: Path | None = None,
           first: int = 0) -> dict[str, Any]:
    """`games` games between `agents`, seats rotated game by game, numbered from `first` (so a
    long table can be played in pieces: games 0-3 then 4-7 are games 0-7): wins by agent, decision
    seconds by agent, and the usage summary."""
    n = len(agents)
    usage = Usage()
    wins = Counter[str]()
    times: dict[str, list[float]] = {a: [] for a in agents}
    cpu: dict[str, list[float]] = {a: [] for a in agents}
    for g in range(first, first + games):
        order = [agents[(s + g) % n] for s in range(n)]
        seat_times: list[list[float]] = [[] for _ in range(n)]
        seat_cpu: list[list[float]] = [[] for _ in range(n)]
        save = save_dir / f"cosmos-seed{seed}-game{g:04d}.json" if save_dir else None
        winners = play_agents(order, seed * 100_003 + g, usage, seat_times, save, seat_cpu)
        for seat, level in enumerate(order):
            times[level].extend(seat_times[seat])
            cpu[level].extend(seat_cpu[seat])
        for w in winners:
            wins[f"{order[w]}@{w}" if len(set(agents)) == 1 else order[w]] += 1
        print("game", g, order, usage.scores[-n:], usage.rounds[-1], "rounds", flush=True)
    return {
        "players": n, "agents": list(agents), "games": games, "first": first, "seed": seed, "wins": dict(wins),
        "decisions": {a: len(t) for a, t in times.items()},
        "mean_decision_s": {a: round(sum(t) / max(1, len(t)), 3) for a, t in times.items()},
        "max_decision_s": {a: round(max(t, default=0.0), 3) for a, t in times.items()},
        "mean_decision_cpu_s": {a: round(sum(t) / max(1, len(t)), 3) for a, t in cpu.items()},
        "max_decision_cpu_s": {a: round(max(t, default=0.0), 3) for a, t in cpu.items()},
        "summary": usage.summary(),
    }


def set_numbers(items: Iterable[str]) -> None:
    """Try other numbers of `data/rules.toml` for this run only: each item `KEY=JSON` replaces
    that number in the loaded content (`track_vp=[0,3,5,7]`); an unknown key stops the run."""
    for item in items:
        key, _, value = item.partition("=")
        if key not in CONTENT.numbers:
            raise SystemExit(f"no number {key!r} in rules.toml")
        CONTENT.numbers[key] = json.loads(value)
        print("set", key, "=", CONTENT.numbers[key], flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agents", help="AI levels, one a seat: normal,greedy")
    ap.add_argument("--save-dir", type=Path, help="save each game played here")
    ap.add_argument("--saved", nargs="*", type=Path, default=[], help="count these saved games instead")
    ap.add_argument("--only", default="", help="with --saved: count only the seats of these levels (normal,hard)")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (a table in pieces)")
    ap.add_argument("--set", nargs="*", default=[], metavar="KEY=JSON",
                    help="try a number of rules.toml without editing it: track_vp=[0,3,5,7]")
    args = ap.parse_args()
    set_numbers(args.set)
    if args.saved:
        usage = Usage()
        tally_saved(args.saved, usage, args.only)
        print(json.dumps(usage.summary()), flush=True)
        return
    if not args.agents:
        raise SystemExit("--agents or --saved, please")
    print(json.dumps(report(args.agents.split(","), args.games, args.seed, args.save_dir, args.first)), flush=True)


if __name__ == "__main__":
    main()
