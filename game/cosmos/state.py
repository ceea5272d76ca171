"""The Cosmos position (`CosmosState`): the protocol adapter over `rules`, set-up included.

Hidden information: each player's missions and life cards in hand (others see how many, and of
which life type, as the cards' backs show), the missions returned to the box, and the order of
every face-up pile below its top (kept as an unordered `Pile.pool`, so turning up the next card
is a chance command carrying the card). `determinize` redraws all of that for a seat.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from game.core.decisions import Decision, pending_of
from game.core.protocol import Command, Event, JsonDict, Seat, State
from game.core.rng import Rng
from game.cosmos import model as M
from game.cosmos import area, rules
from game.cosmos.content import LIFE_CONDITIONS, LIFEFORMS, Content

FOCUS_SETS = ("A", "B", "C", "D")


class CosmosState(State):
    def __init__(self, content: Content, seed: int, players: int, alternative: bool = False,
                 focus: str = "random") -> None:
        self.rng = Rng(seed)
        self.content = content
        self.alternative = alternative
        c = content
        deal = Rng(seed ^ 0x5EEDC05305, 7)  # set-up's own stream: the state's RNG is chance's
        order = list(range(len(c.tiles)))
        deal.shuffle(order)
        merged = [players <= 2 or (players == 3 and k % 2 == 0) for k in range(6)]
        self.tiles: list[tuple[int, bool]] = [(order[k], merged[k]) for k in range(6)]
        self.star_stock = {sid: int(c.n("stars_per_type")) for sid, st in c.stars.items() if not st.starting}
        self.asteroid_stock = {k: int(c.n("asteroids_per_type")) for k in c.asteroid_icons}
        self.systems_left = int(c.n("system_tiles"))
        self.planet_piles = [M.Pile() for _ in range(8)]
        for ti, t in enumerate(LIFE_CONDITIONS):
            ids = [p.id for p in c.planets.values() if p.type == t and not p.starting]
            self._split(deal, ids, self.planet_piles[2 * ti], self.planet_piles[2 * ti + 1])
        self.biome_piles = [M.Pile() for _ in range(4)]
        for kind in (0, 1):
            ids = [b.id for b in c.biomes.values() if b.scarce == bool(kind)]
            self._split(deal, ids, self.biome_piles[2 * kind], self.biome_piles[2 * kind + 1])
        decks = {t: [card.id for card in c.life.values() if card.type == t] for t in LIFEFORMS}
        for d in decks.values():
            deal.shuffle(d)
        missions = sorted(c.missions)
        deal.shuffle(missions)
        letters = list(FOCUS_SETS)
        if focus == "random":
            deal.shuffle(letters)
        starts = [sid for sid, st in c.stars.items() if st.starting]
        deal.shuffle(starts)
        start_planets = [p.id for p in c.planets.values() if p.starting]
        deal.shuffle(start_planets)
        self.players: list[M.Player] = []
        for seat in range(players):
            star = c.stars[starts[seat]]
            p = M.Player(pos=star.start_space, focus=letters[seat % 4])
            p.tokens[3] = star.start_space // 2  # the Wild token, locked, by the starting space
            for what, n in star.start_gain:
                setattr(p, what, getattr(p, what) + n)
            for t, n in star.start_cards:  # drawn in turn order, before the decks are split
                p.hand += [decks[t].pop() for _ in range(n)]
            p.systems.append(M.System(star.id, [None] * int(c.n("planet_spaces"))))
            planet = c.planets[start_planets[seat]]
            for what, n in planet.start_gain:
                setattr(p, what, getattr(p, what) + n)
            p.systems[0].planets[0] = M.Slot(planet.id)
            p.missions = sorted(missions.pop() for _ in range(int(c.n("missions_dealt"))))
            self.players.append(p)
            self.systems_left -= 1
        self.mission_box = sorted(missions)
        self.life_piles = [M.Pile() for _ in range(6)]
        for li, t in enumerate(LIFEFORMS):
            self._split(deal, decks[t], self.life_piles[2 * li], self.life_piles[2 * li + 1])
        vp, marks = c.n("lifeform_small_vp"), c.n("lifeform_small_players")
        self.small_tiles = {t: [int(v) for v, m in reversed(list(zip(vp, marks))) if m <= max(2, players)]
                            for t in LIFEFORMS}
        """Per type, the small tiles left, the top (highest VP) last."""
        self.big_taken = {t: -1 for t in LIFEFORMS}
        self.track_last = [-1, -1, -1]
        """Who holds each main objective's final space (-1: nobody yet)."""
        self.conditions = [0, 0, 0]
        """Main objective conditions met in the turn under way."""
        self.reveals: list[tuple[str, int]] = []
        """Piles waiting for chance to turn up their next card, first first."""
        self.frames: list[M.Frame] = [M.Moving(0)]
        self.round = 1
        self.last_round = -1
        self.over = False

    @staticmethod
    def _split(deal: Rng, ids: list[int], a: M.Pile, b: M.Pile) -> None:
        """Shuffle, cut in half, both halves face up: the tops are seen, the rest is unknown."""
        ids = ids[:]
        deal.shuffle(ids)
        half = (len(ids) + 1) // 2
        for pile, part in ((a, ids[:half]), (b, ids[half:])):
            if part:
                pile.top = part[0]
                pile.pool = sorted(part[1:])

    # --- protocol ----------------------------------------------------------------------------
    def to_act(self) -> list[Seat]:
        return rules.to_act(self)

    def candidates(self, seat: Seat) -> list[Command]:
        return rules.candidates(self, seat)

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        return rules.chance_outcomes(self)

    def apply(self, command: Command) -> list[Event]:
        return rules.apply(self, command)

    def clone(self) -> CosmosState:
        """An independent copy, field by field (frames and tiles are immutable and shared; the
        content is shared). A field this does not know is deep-copied, so none is ever shared."""
        c = CosmosState.__new__(CosmosState)
        d = dict(self.__dict__)
        d["rng"] = self.rng.copy()
        d["tiles"], d["frames"], d["reveals"] = self.tiles[:], self.frames[:], self.reveals[:]
        d["star_stock"], d["asteroid_stock"] = dict(self.star_stock), dict(self.asteroid_stock)
        d["planet_piles"] = [x.copy() for x in self.planet_piles]
        d["biome_piles"] = [x.copy() for x in self.biome_piles]
        d["life_piles"] = [x.copy() for x in self.life_piles]
        d["players"] = [p.copy() for p in self.players]
        d["mission_box"] = self.mission_box[:]
        d["small_tiles"] = {k: v[:] for k, v in self.small_tiles.items()}
        d["big_taken"], d["track_last"] = dict(self.big_taken), self.track_last[:]
        d["conditions"] = self.conditions[:]
        for key in d.keys() - _CLONED:
            d[key] = copy.deepcopy(d[key])
        c.__dict__ = d
        return c

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(x) for x in area.final_scores(self)]

    def pending(self) -> tuple[Decision, ...]:
        kind = self.frames[-1].KIND if self.frames and not self.over else "choose"
        return pending_of(self, kind, skippable=kind != "move")

    def progress(self) -> str:
        last = self.last_round if self.last_round > 0 else -1
        if len(self.players) == 1:
            last = min(x for x in (last, int(self.content.n("solo_rounds"))) if x > 0)
        return f"Round {self.round}" + (f" of {last}" if last > 0 else "")

    def notation(self) -> str:
        return json.dumps(self._full(), sort_keys=True, separators=(",", ":"))

    def _full(self) -> JsonDict:
        d = {k: v for k, v in self.__dict__.items() if k not in ("rng", "content", "frames")}
        data: JsonDict = json.loads(json.dumps(d, default=_plain))
        data["frames"] = [f.code() for f in self.frames]
        return data

    def view(self, seat: Seat) -> JsonDict:
        """What `seat` sees: the board's tops and sizes, every play area, its own hand and missions
        (others': counts only, the hands by life type)."""
        players = []
        for i, p in enumerate(self.players):
            d = json.loads(json.dumps(p, default=_plain))
            if i != seat:
                d["hand"] = {t: sum(self.content.life[c].type == t for c in p.hand) for t in LIFEFORMS}
                d["seen"] = list(p.seen)  # taken from the open offer in everyone's sight
                d["missions"] = len(p.missions)
            players.append(d)
        return {
            "round": self.round, "last_round": self.last_round, "over": self.over,
            "tiles": [list(t) for t in self.tiles], "stars": dict(self.star_stock),
            "asteroids": dict(self.asteroid_stock), "systems_left": self.systems_left,
            "planets": [_pile(p) for p in self.planet_piles], "biomes": [_pile(p) for p in self.biome_piles],
            "life": [_pile(p) for p in self.life_piles], "missions_in_box": len(self.mission_box),
            "small_tiles": {k: list(v) for k, v in self.small_tiles.items()}, "big_taken": dict(self.big_taken),
            "track_last": list(self.track_last), "conditions": list(self.conditions),
            "reveals": [list(r) for r in self.reveals], "frames": [f.code() for f in self.frames],
            "players": players, "alternative": self.alternative,
        }

    def determinize(self, seat: Seat, rng: Rng) -> CosmosState:
        """Redraw what `seat` cannot know: the others' life cards not seen taken from the offer
        (type by type, with the unseen cards of that type's two decks), which half of a planet
        or Biome stack holds each unseen tile, the others' missions with the box. Every pool is
        sorted before it is shuffled, so the draw depends on what is unknown, never on where the
        unknown cards really lie."""
        w = self.clone()
        w.rng = rng.fork()
        others = [p for i, p in enumerate(w.players) if i != seat]
        for li, t in enumerate(LIFEFORMS):
            decks = w.life_piles[2 * li: 2 * li + 2]
            holders: list[tuple[list[int], int]] = [(d.pool, len(d.pool)) for d in decks]
            unknown = [c for d in decks for c in d.pool]
            for p in others:
                mine = [c for c in p.hand if w.content.life[c].type == t and c not in p.seen]
                unknown += mine
                p.hand = [c for c in p.hand if c not in mine]
                holders.append((p.hand, len(mine)))
            unknown.sort()
            rng.shuffle(unknown)
            for d in decks:
                d.pool.clear()
            for target, n in holders:
                target.extend(unknown[:n])
                del unknown[:n]
            for d in decks:
                d.pool.sort()
        for twins in [w.planet_piles[i: i + 2] for i in (0, 2, 4, 6)] + [w.biome_piles[0:2], w.biome_piles[2:4]]:
            pool = sorted(twins[0].pool + twins[1].pool)  # which half holds an unseen tile nobody knows
            rng.shuffle(pool)
            twins[0].pool, twins[1].pool = sorted(pool[:len(twins[0].pool)]), sorted(pool[len(twins[0].pool):])
        unseen = sorted(list(w.mission_box) + [m for p in others for m in p.missions])
        rng.shuffle(unseen)
        for p in others:
            n = len(p.missions)
            p.missions = sorted(unseen[:n])
            del unseen[:n]
        w.mission_box = sorted(unseen)
        return w


_CLONED = frozenset({
    "rng", "content", "alternative", "tiles", "frames", "reveals", "star_stock", "asteroid_stock", "systems_left",
    "planet_piles", "biome_piles", "life_piles", "players", "mission_box", "small_tiles", "big_taken",
    "track_last", "conditions", "round", "last_round", "over"})
"""The fields `clone` copies by hand (immutable ones are shared)."""


def _plain(o: object) -> Any:
    """JSON for the position's dataclasses (players, systems, planets, piles)."""
    return o.__dict__ if hasattr(o, "__dict__") else str(o)


def _pile(p: M.Pile) -> JsonDict:
    """A pile as everyone sees it: its top, its size, the known cards put under it."""
    return {"top": p.top, "size": p.size(), "bottom": list(p.bottom)}
