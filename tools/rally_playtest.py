"""A plain, sensible Rally policy for playtesting the numbers in rally.toml,
and a report of the figures behind docs/rules/rally.md.

Not the game's AI (that is game/rally/ai.py): a greedy one-card-at-a-time
planner that simulates each own ship alone on the map (nothing else moves)
and values titanium picked up and banked, portals claimed and staying on the
tiles. It reads only what its seat may see. The Rally tests play with it too
(`choose`, `play`). Run from the project root:

    .venv/bin/python tools/rally_playtest.py [games] [seed] [sensible|random|mixed]

Prints one dict of figures per table size (2, 3 and 4 players).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from game.core.hexgrid import Hex, turn
from game.core.protocol import Command, by_itself
from game.rally.cards import (
    CARD_KIND,
    KIND_BY_NAME,
    LASER_DAMAGE,
    MAX_ERAS,
    MOVES,
    TURNS,
)
from game.rally.commands import (
    DistributeEnergy,
    Exchange,
    NoExchange,
    PlaceShip,
    PlaceTile,
    SetProgram,
)
from game.rally.game import RALLY, best_direction
from game.rally.state import RallyState


class Sim:
    """One own ship flying alone: where it is, what it carries, what it earned."""

    __slots__ = ("alive", "bonus", "claimed", "dir", "energy", "hex", "points", "taken", "ti")

    def __init__(self, h: Hex, d: int, energy: int, ti: int) -> None:
        self.hex, self.dir, self.energy, self.ti = h, d, energy, ti
        self.points, self.alive, self.bonus = 0, True, 0.0
        self.taken: set[Hex] = set()
        self.claimed: set[Hex] = set()

    def copy(self) -> Sim:
        c = Sim(self.hex, self.dir, self.energy, self.ti)
        c.points, c.alive, c.bonus = self.points, self.alive, self.bonus
        c.taken, c.claimed = set(self.taken), set(self.claimed)
        return c


def step(s: RallyState, seat: int, sim: Sim, kind: str) -> Sim:
    info = KIND_BY_NAME[kind]
    out = sim.copy()
    if out.energy < info.cost or not out.alive:
        return out
    out.energy -= info.cost
    if kind in MOVES:
        for _ in range(info.amount):
            out.hex = out.hex.neighbour(out.dir)
            if out.hex not in s.tiles:
                out.alive = False
                return out
        tile = s.tiles[out.hex]
        if out.hex not in out.taken and tile.value > 0 and tile.kind in ("titanium", "energy"):
            out.taken.add(out.hex)
            if tile.kind == "titanium":
                out.ti += tile.value
            else:
                out.energy += tile.value
        if tile.kind == "portal" and tile.owner != seat and tile.threshold is not None \
                and s.entropy <= tile.threshold and out.hex not in out.claimed:
            out.claimed.add(out.hex)
            out.bonus += tile.value * 0.6
    elif kind in TURNS:
        out.dir = turn(out.dir, info.amount)
    elif kind == "titanium_portal":
        out.points += out.ti
        out.ti = 0
    elif kind in ("laser", "wave"):
        cur = out.hex
        for dist in range(1, 4):
            cur = cur.neighbour(out.dir)
            if any(sh.hex == cur and sh.owner != seat for sh in s.ships.values()):
                enemy = next(sh for sh in s.ships.values() if sh.hex == cur and sh.owner != seat)
                out.bonus += (6 if kind == "wave" else (8 if enemy.energy < LASER_DAMAGE + 4 else 2)) / dist
                break
    elif kind == "build_ship":
        if s.era < MAX_ERAS - 3 and out.energy >= 10:
            out.bonus += 25
    elif kind == "tidy_up":
        lead = s.points[seat] - max(p for i, p in enumerate(s.points) if i != seat)
        out.bonus += 6 if lead < 0 else -6
    return out


def value(s: RallyState, sim: Sim) -> float:
    if not sim.alive:
        return -1000.0
    ahead, cur = 0, sim.hex.neighbour(sim.dir)
    while cur in s.tiles and ahead < 3:
        ahead, cur = ahead + 1, cur.neighbour(sim.dir)
    targets = [h for h, t in s.tiles.items() if t.kind == "titanium" and t.value > 0 and h not in sim.taken]
    near = min((sim.hex.distance(h) for h in targets), default=6)
    return (sim.points * 20 + sim.ti * 9 + sim.bonus + sim.energy * 0.15 + ahead * 1.5 - near * 2.0)


def plan(s: RallyState, seat: int, r: random.Random) -> Command:
    hand = s.hands[seat][:]
    programs: list[tuple[int, tuple[int, ...]]] = []
    for ship in s.ships_of(seat):
        sim = Sim(ship.hex, ship.direction, ship.energy, ship.titanium)
        prog: list[int] = []
        while hand:
            base = value(s, sim)
            best, best_gain, best_sim = -1, 0.5, sim
            for card in hand:
                nxt = step(s, seat, sim, CARD_KIND[card])
                gain = value(s, nxt) - base + r.random() * 0.3
                if gain > best_gain:
                    best, best_gain, best_sim = card, gain, nxt
            if best < 0:
                break
            prog.append(best)
            hand.remove(best)
            sim = best_sim
        programs.append((ship.id, tuple(prog)))
    return SetProgram(seat, tuple(programs))


def choose(s: RallyState, seat: int, r: random.Random) -> Command:
    legal = s.candidates(seat)
    first = legal[0]
    if s.phase == "planning":
        return plan(s, seat, r)
    if isinstance(first, PlaceTile):
        def snug(c: Command) -> float:
            assert isinstance(c, PlaceTile)
            return sum(n in s.tiles for n in Hex(*c.hex).neighbours()) + r.random()
        return max(legal, key=snug)
    if isinstance(first, PlaceShip):
        hexes = {c.hex for c in legal if isinstance(c, PlaceShip)}
        h = max(sorted(hexes), key=lambda x: sum(n in s.tiles for n in Hex(*x).neighbours()) + r.random())
        return PlaceShip(seat, h, best_direction(s, Hex(*h)))
    if isinstance(first, DistributeEnergy):
        return legal[-1]  # the even split
    if isinstance(first, NoExchange):
        evens = [c for c in legal if isinstance(c, Exchange)]
        return evens[-1] if evens else first
    return r.choice(legal)


def play(seed: int, n: int, policies: list[str]) -> tuple[RallyState, int]:
    s = RALLY.new({}, seed, n)
    r = random.Random(seed)
    steps = 0
    while not s.is_over():
        actors = s.to_act()
        if by_itself(actors):
            cmd = s.sample_chance()
        else:
            seat = actors[0]
            cmd = choose(s, seat, r) if policies[seat] == "sensible" else r.choice(s.candidates(seat))
        assert RALLY.check(s, cmd) is None, (cmd, RALLY.check(s, cmd))
        s.apply(cmd)
        steps += 1
    return s, steps


def report(games: int, seed: int, players: int, policies: list[str]) -> dict[str, Any]:
    eras, steps, ships, pts, reasons, cards = [], [], [], [], Counter[str](), Counter[str]()
    outs, first_out = Counter[str](), []  # players out per era / cause; era of each game's first loss (0: none)
    wins = [0.0] * players
    t0 = time.time()
    for k in range(games):
        s, st = play(seed + k, players, policies)
        eras.append(s.era)
        steps.append(st)
        ships.append(s.next_ship - 1)
        pts.append(sum(s.points) / players)
        reasons[s.over_kind] += 1
        cards.update({k: v for k, v in s.stats.items() if not k.startswith("out:")})
        outs.update({k[4:]: v for k, v in s.stats.items() if k.startswith("out:")})
        first_out.append(min((int(k[7:]) for k in s.stats if k.startswith("out:era")), default=0))
        for w in s.winners():
            wins[w] += 1 / len(s.winners())
    eras.sort()
    return {"players": players, "policies": policies, "games": games,
            "eras_mean": round(sum(eras) / games, 2), "eras_median": eras[games // 2],
            "eras_min": eras[0], "eras_max": eras[-1], "commands_mean": round(sum(steps) / games, 1),
            "ships_built_mean": round(sum(ships) / games - players, 2), "points_mean": round(sum(pts) / games, 2),
            "end": dict(reasons), "wins": wins,
            "players_out": dict(sorted(outs.items())),
            "games_with_a_player_out_by_era_2": sum(1 for e in first_out if 0 < e <= 2), "cards_per_game": {k: round(v / games, 2) for k, v in sorted(cards.items())},
            "s_per_game": round((time.time() - t0) / games, 3)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Play Rally games with the playtest policies and print "
                                                 "the figures behind docs/rules/rally.md, per table size.")
    parser.add_argument("games", nargs="?", type=int, default=40, help="games per table size (40)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("mode", nargs="?", default="sensible", choices=("sensible", "random", "mixed"),
                        help="every seat sensible, every seat random, or seat 0 sensible and the rest random")
    args = parser.parse_args()
    n_games, base, mode = args.games, args.seed, args.mode
    for players in (2, 3, 4):
        seats = ["random"] * players if mode == "random" else ["sensible"] * players
        if mode == "mixed":
            seats = ["sensible"] + ["random"] * (players - 1)
        print(report(n_games, base, players, seats))
