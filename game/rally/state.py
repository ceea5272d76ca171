"""One position of Entropy Rally: the map, the ships, the cards and the clock.

The engine works with `Hex` objects; views turn them into `[q, r]` lists.
The deck is a list the deal draws from at random with the state's RNG (so no
future order is stored beyond what the RNG decides); face-down discards are
kept apart with their owner (`buried`) because other seats never saw them.
"""

from __future__ import annotations

from game.core.decisions import Decision, pending_of
from game.core.hexgrid import Hex
from game.core.protocol import Command, Event, JsonDict, Seat, State
from game.core.rng import Rng
from game.rally import rules
from game.rally.cards import CARD_KIND, START_ENTROPY, TILE_TYPES, card_info
from game.rally.model import PlacingBuiltShip, SharingCargo, Ship, Tile, Token, Waiting, hex_list, unpaid_slots
from game.rally.naming import fleet_numbers


class RallyState(State):
    """Mutable position; `apply` trusts its input (checks live in `rules.why_illegal`)."""

    def __init__(self, players: int, rng: Rng, bag: list[int], deck: list[int]) -> None:
        self.n = players
        self.rng = rng
        self.phase = "start"
        self.era = 0
        self.round = 0
        self.entropy = START_ENTROPY
        self.starter = -1
        self.turn = -1
        """Whose turn it is in a phase played in turns (set-up, distribution, expansion)."""
        self.placed = [0] * players
        self.bag = bag
        self.drawn = -1
        self.tiles: dict[Hex, Tile] = {}
        self.frontier_cache: tuple[int, list[Hex], frozenset[Hex]] | None = None
        """Empty hexes next to a tile, for the tile count it was computed at (tiles are never removed)."""
        self.ships: dict[int, Ship] = {}
        self.next_ship = 1
        self.fleet: tuple[tuple[int, int], ...] = ()
        """(ship id, owner) of every ship ever made, destroyed ones too: names them per owner
        (`naming.fleet_numbers`); a tuple, so clones share it."""
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck = deck
        self.discard: list[int] = []
        self.buried: list[tuple[int, int]] = []
        """Face-down discards: (card, owner) — only the owner knows what they are."""
        self.pool = [0] * players
        self.points = [0] * players
        self.alive = [True] * players
        self.done = [False] * players
        self.queue: list[int] = []
        """Players still to act in this turn sequence (distribution, a chaos round)."""
        self.chaos_ships: list[int] = []
        """Ships of the current chaos player that still play a card this round."""
        self.tokens: list[Token] = []
        self.played: list[tuple[int, int]] = []
        self.exchanges: list[Hex] = []
        self.waiting: Waiting | None = None
        """The decision a chaos round waits for (a built ship to place, cargo to share)."""
        self.expansion_left = 0
        self.over_reason = ""
        self.over_kind = ""
        """Why the game ended, as a code (`ending.OVER_KINDS`); "" while it goes on."""
        self.eras: tuple[tuple[int, tuple[int, ...], int], ...] = ()
        """(era, each player's points, entropy) at the end of every era played, and where the
        game stopped if it ended within one (`ending.record_era`): public history for the
        game-over chart; a tuple, so clones share it."""
        self.stats: dict[str, int] = {}
        """Cards played per kind and other counters for playtest reports (not shown to players)."""

    # --- protocol ------------------------------------------------------------------------
    def to_act(self) -> list[Seat]:
        return rules.to_act(self)

    def candidates(self, seat: Seat) -> list[Command]:
        return rules.candidates(self, seat)

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        return rules.chance_outcomes(self)

    def pending(self) -> tuple[Decision, ...]:
        """Named by the phase (and, in the chaos phase, by what waits: "order_ships",
        "exchange", "place_built_ship"). Programs, energy splits and exchanges are open choices
        (their candidates are a sample); a program may be finished empty, an exchange declined."""
        phase = rules.phase_name(self)
        if phase == "chaos":
            kind = str((rules.describe_pending(self) or {}).get("kind", "chaos"))
        else:
            kind = {"planning": "program"}.get(phase, phase)
        open_choice = {"program": "program", "distribute": "amount", "exchange": "amount"}.get(kind)
        return pending_of(self, kind, open_choice, skippable=kind in ("program", "exchange"))

    def sample_chance(self, rng: Rng | None = None) -> Command:
        if self.phase == "deal":  # a deal is sampled, not listed
            return rules.sample_deal(self, self.rng if rng is None else rng)
        return super().sample_chance(rng)

    def apply(self, command: Command) -> list[Event]:
        return rules.apply(self, command)

    def clone(self) -> RallyState:
        c = RallyState.__new__(RallyState)
        c.n, c.rng, c.phase, c.era, c.round = self.n, self.rng.copy(), self.phase, self.era, self.round
        c.entropy, c.starter, c.turn = self.entropy, self.starter, self.turn
        c.placed, c.bag, c.drawn = self.placed[:], self.bag[:], self.drawn
        c.tiles = dict(self.tiles)  # shared Tile objects: copy-on-write (see Tile)
        c.frontier_cache = self.frontier_cache
        c.ships = {i: s.copy() for i, s in self.ships.items()}
        c.next_ship, c.fleet = self.next_ship, self.fleet
        c.hands = [h[:] for h in self.hands]
        c.deck, c.discard, c.buried = self.deck[:], self.discard[:], self.buried[:]
        c.pool, c.points, c.alive, c.done = self.pool[:], self.points[:], self.alive[:], self.done[:]
        c.queue, c.chaos_ships = self.queue[:], self.chaos_ships[:]
        c.tokens = [t.copy() for t in self.tokens]
        c.played, c.exchanges = self.played[:], self.exchanges[:]
        c.waiting = self.waiting
        c.expansion_left, c.over_reason, c.over_kind = self.expansion_left, self.over_reason, self.over_kind
        c.stats = dict(self.stats)
        c.eras = self.eras
        return c

    def is_over(self) -> bool:
        return self.phase == "over"

    def progress(self) -> str:
        """'Era 3', or 'Setting up' before the first era (see State.progress)."""
        return f"Era {self.era}" if self.era > 0 else "Setting up"

    def ship_numbers(self) -> dict[int, int]:
        """Ship id -> its number within its owner's fleet (`naming.fleet_numbers`) over every
        ship ever made (`fleet`) and every ship on the map (one set up by hand too)."""
        return fleet_numbers(self.fleet + tuple((s.id, s.owner) for s in self.ships.values()))

    def scores(self) -> list[float]:
        """Banked titanium (points) per seat."""
        return [float(p) for p in self.points]

    # --- hidden information ------------------------------------------------------------------
    def determinize(self, seat: Seat, rng: Rng) -> RallyState:
        """Resample what `seat` cannot see: other hands, other programs, others'
        face-down discards and the deck, keeping every count the same."""
        copy = self.clone()
        copy.rng = rng.fork()
        pool: list[int] = list(copy.deck)
        for p in range(copy.n):
            if p != seat:
                pool.extend(copy.hands[p])
        for ship in copy.ships.values():
            if ship.owner != seat:
                pool.extend(ship.program)
        pool.extend(c for c, o in copy.buried if o != seat)
        pool.sort()  # canonical order: the result must depend on the seat's view and `rng` only
        rng.shuffle(pool)
        it = iter(pool)
        for p in range(copy.n):
            if p != seat:
                copy.hands[p] = [next(it) for _ in copy.hands[p]]
        for ship in copy.ships.values():
            if ship.owner != seat:
                ship.program = [next(it) for _ in ship.program]
        copy.buried = [(next(it), o) if o != seat else (c, o) for c, o in copy.buried]
        copy.deck = list(it)
        return copy

    def info_key(self, seat: Seat) -> tuple[object, ...]:
        """Everything `seat` knows (cheaper than freezing the view): public facts,
        its own hand, programs and face-down discards; others' only as counts."""
        ships = tuple((s.id, s.owner, s.hex.q, s.hex.r, s.direction, s.energy, s.titanium,
                       tuple(s.program) if s.owner == seat else len(s.program)) for s in self.ships.values())
        tiles = tuple((h.q, h.r, t.type, t.value, t.owner) for h, t in self.tiles.items())
        tokens = tuple((t.kind, t.hex.q, t.hex.r, t.direction, t.owner) for t in self.tokens)
        hands = tuple(tuple(h) if p == seat else len(h) for p, h in enumerate(self.hands))
        buried = (tuple(sorted(c for c, o in self.buried if o == seat)), len(self.buried))
        return (seat, self.phase, self.era, self.round, self.entropy, self.starter, self.turn, tuple(self.placed),
                tuple(self.bag), self.drawn, tiles, ships, self.next_ship, hands, len(self.deck),
                tuple(self.discard), buried, tuple(self.pool), tuple(self.points), tuple(self.alive),
                tuple(self.done), tuple(self.queue), tuple(self.chaos_ships), tokens, tuple(self.played),
                tuple(self.exchanges), self.waiting, self.expansion_left,
                self.over_reason)

    # --- helpers -------------------------------------------------------------------------------
    def building(self) -> PlacingBuiltShip | None:
        """The built ship waiting to be placed, if that is what the chaos round waits for."""
        return self.waiting if isinstance(self.waiting, PlacingBuiltShip) else None

    def meeting(self) -> SharingCargo | None:
        """The meeting of one owner's ships waiting for a cargo exchange, if any."""
        return self.waiting if isinstance(self.waiting, SharingCargo) else None

    def ships_of(self, player: int) -> list[Ship]:
        return [s for s in self.ships.values() if s.owner == player]

    def ships_at(self, h: Hex) -> list[Ship]:
        return [s for s in self.ships.values() if s.hex == h]

    def view(self, seat: Seat) -> JsonDict:
        """What `seat` may see: its own hand and programs; others' only as counts."""
        own = 0 <= seat < self.n
        tiles = [{"hex": hex_list(h), "kind": t.kind, "value": t.value, "threshold": t.threshold,
                  "owner": t.owner if t.owner >= 0 else None,
                  "active": t.works(self.entropy)}
                 for h, t in self.tiles.items()]
        drawn = None
        if self.drawn >= 0:
            tt = TILE_TYPES[self.drawn]
            drawn = {"kind": tt.kind, "value": tt.value, "threshold": tt.threshold}
        programs = {str(s.id): s.program[:] for s in self.ships.values() if s.owner == seat}
        hand = self.hands[seat][:] if own else []
        visible = set(hand) | {c for p in programs.values() for c in p} | {c for _, c in self.played}
        to_act = self.to_act()
        numbers = self.ship_numbers()
        return {
            "game": "rally",
            "seat": seat,
            "players": self.n,
            "phase": rules.phase_name(self),
            "era": self.era,
            "round": self.round,
            "entropy": self.entropy,
            "entropy_start": START_ENTROPY,
            "starting_player": self.starter,
            "to_act": to_act,
            "turn": self.turn,
            "tiles": tiles,
            "drawn_tile": drawn,
            "legal_tile_hexes": [hex_list(h) for h in rules.legal_hexes_for(self, seat)] if seat in to_act else [],
            "ships": [{"id": s.id, "number": numbers[s.id], "owner": s.owner, "hex": hex_list(s.hex),
                       "direction": s.direction,
                       "energy": s.energy, "titanium": s.titanium, "program_count": len(s.program)}
                      for s in self.ships.values()],
            "programs": programs,
            "program_costs": {sid: sum(card_info(c).cost for c in cards) for sid, cards in programs.items()},
            "program_unpaid": {str(s.id): unpaid_slots(s) for s in self.ships.values() if s.owner == seat},
            "played": [{"ship": s, "card": c} for s, c in self.played],
            "tokens": [{"kind": t.kind, "hex": hex_list(t.hex), "direction": t.direction, "owner": t.owner}
                       for t in self.tokens],
            "hand": hand,
            "hand_sizes": [len(h) for h in self.hands],
            "cards": {str(c): CARD_KIND[c] for c in sorted(visible)},
            "pool": self.pool[:],
            "points": self.points[:],
            "alive": self.alive[:],
            "planning_done": self.done[:],
            "deck_left": len(self.deck),
            "tile_bag_left": sum(self.bag),
            "pending": rules.describe_pending(self),
            "winners": self.winners() if self.is_over() else [],
            "over_reason": self.over_reason,
            "over_kind": self.over_kind,
            "era_history": [{"era": era, "points": list(points), "entropy": entropy}
                            for era, points, entropy in self.eras],
        }

    def notation(self) -> str:
        """Every fact of the position (hidden ones included), as one line of text."""
        def cards(cs: list[int]) -> str:
            return ".".join(map(str, cs)) or "-"

        tiles = " ".join(f"{h.q},{h.r}:{t.type}:{t.value}:{t.owner}" for h, t in self.tiles.items()) or "-"
        ships = " ".join(f"{s.id}@{s.hex.q},{s.hex.r}:{s.owner}:{s.direction}:{s.energy}:{s.titanium}:"
                         f"{cards(s.program)}" for s in self.ships.values()) or "-"
        tokens = " ".join(f"{t.kind}@{t.hex.q},{t.hex.r}:{t.direction}:{t.owner}" for t in self.tokens) or "-"
        buried = ".".join(f"{c}/{o}" for c, o in self.buried) or "-"
        build, meeting = self.building(), self.meeting()
        pend = "-" if build is None else f"{build.owner}/{build.parent}"
        pex = "-" if meeting is None else meeting.hex.to_key()
        return "|".join([
            f"{self.n}", self.phase, f"e{self.era}r{self.round}", str(self.entropy), f"s{self.starter}t{self.turn}",
            cards(self.placed), cards(self.bag), str(self.drawn), tiles, ships, f"n{self.next_ship}",
            ";".join(cards(h) for h in self.hands), cards(self.deck), cards(self.discard), buried,
            cards(self.pool), cards(self.points), "".join("1" if a else "0" for a in self.alive),
            "".join("1" if d else "0" for d in self.done), cards(self.queue), cards(self.chaos_ships), tokens,
            ".".join(f"{s}/{c}" for s, c in self.played) or "-",
            " ".join(h.to_key() for h in self.exchanges) or "-", pend, pex, str(self.expansion_left),
            self.over_reason or "-"])

    def __repr__(self) -> str:
        return f"RallyState({self.notation()!r})"


