"""The flow of Entropy Rally: who acts, what is legal, and applying commands.

Phases (`state.phase`): start (chance picks the starting player),
setup_tiles, setup_ships, deal (chance deals; production follows), distribute,
planning (simultaneous, secret), chaos (chance steps one round at a time;
decisions pause it), expansion, over. After every command `_advance` runs the
automatic steps until a decision or a chance step is due.

The referee (`referee.why_illegal`, used by Game.check) validates by rule, so
any program slot, energy split or exchange is accepted while `candidates`
lists a small representative set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.hexgrid import Hex
from game.core.protocol import AUTO, CHANCE, Command, Event, JsonDict, Seat
from game.core.rng import Rng
from game.rally import chaos, ending
from game.rally.cards import (
    CARD_KIND,
    CARDS_PER_SHIP,
    EXPANSION_TILES,
    FREE_ENERGY,
    MAX_ERAS,
    SETUP_TILES,
    TILE_TYPES,
)
from game.rally.commands import (
    CardsDealt,
    ChaosRound,
    ChooseStarter,
    DealCards,
    DeckReshuffled,
    DistributeEnergy,
    DrawTile,
    EnergyDistributed,
    EraEnded,
    Exchange,
    ExchangeDone,
    FinishPlanning,
    MoveCard,
    NoExchange,
    OrderShips,
    PlaceBuiltShip,
    PlaceShip,
    PlaceTile,
    PlanningDone,
    Production,
    ProgramCard,
    ProgramChanged,
    RoundStarted,
    SetProgram,
    ShipBuilt,
    ShipPlaced,
    StarterChosen,
    TileDrawn,
    TilePlaced,
    UnprogramCard,
)

from game.rally.model import SharingCargo, Ship, Tile

if TYPE_CHECKING:
    from game.rally.state import RallyState

PHASE_NAMES = {"start": "setup_tiles", "deal": "distribute"}


def phase_name(state: RallyState) -> str:
    """The contract's phase names (the chance-only steps fold into their neighbours)."""
    return PHASE_NAMES.get(state.phase, state.phase)


def order_from(state: RallyState, first: int) -> list[int]:
    """Living players in turn order, starting with `first`."""
    return [(first + i) % state.n for i in range(state.n) if state.alive[(first + i) % state.n]]


def expansion_player(state: RallyState) -> int:
    """The starting player, or the next one still playing when they are out."""
    order = order_from(state, state.starter)
    return order[0] if order else state.starter


# --- where things may go ------------------------------------------------------------------------

def frontier(state: RallyState) -> list[Hex]:
    """Empty hexes next to a tile (the centre hex for the very first tile)."""
    if not state.tiles:
        return [Hex(0, 0)]
    cache = state.frontier_cache
    if cache is None or cache[0] != len(state.tiles):
        out = {n for h in state.tiles for n in h.neighbours() if n not in state.tiles}
        cache = state.frontier_cache = (len(state.tiles), sorted(out), frozenset(out))
    return cache[1]


def on_frontier(state: RallyState, h: Hex) -> bool:
    """Is `h` an empty hex next to a tile (or the centre before any tile)?"""
    if not state.tiles:
        return h == Hex(0, 0)
    frontier(state)
    assert state.frontier_cache is not None
    return h in state.frontier_cache[2]


def ship_hexes(state: RallyState) -> list[Hex]:
    """Set-up: tiles with no ship on them or next to them. If the map leaves
    none, any tile without a ship (our fallback; the rulebook is silent)."""
    occupied = {s.hex for s in state.ships.values()}
    near = occupied | {n for h in occupied for n in h.neighbours()}
    free = [h for h in state.tiles if h not in near]
    return sorted(free) if free else sorted(h for h in state.tiles if h not in occupied)


def legal_hexes_for(state: RallyState, seat: Seat) -> list[Hex]:
    """Where the piece `seat` must place now may go (for the view's highlights)."""
    if state.phase in ("setup_tiles", "expansion") and state.drawn >= 0 and seat == state.turn:
        return frontier(state)[:]
    if state.phase == "setup_ships" and seat == state.turn:
        return ship_hexes(state)
    build = state.building()
    if build is not None and build.owner == seat:
        parent = state.ships.get(build.parent)
        return sorted(chaos.build_hexes(state, parent)) if parent else []
    return []


# --- who acts ---------------------------------------------------------------------------------

def exchange_ships(state: RallyState) -> list[Ship]:
    meeting = state.meeting()
    if meeting is None:
        return []
    return sorted((s for s in state.ships.values() if s.hex == meeting.hex), key=lambda s: s.id)


def to_act(state: RallyState) -> list[Seat]:
    ph = state.phase
    if ph == "over":
        return []
    if ph in ("start", "deal"):
        return [CHANCE]
    if ph in ("setup_tiles", "expansion"):
        return [CHANCE] if state.drawn < 0 else [state.turn]
    if ph in ("setup_ships", "distribute"):
        return [state.turn]
    if ph == "planning":
        return [p for p in range(state.n) if state.alive[p] and not state.done[p]]
    # chaos
    build = state.building()
    if build is not None:
        return [build.owner]
    if state.meeting() is not None:
        return [exchange_ships(state)[0].owner]
    if len(state.chaos_ships) >= 2:
        return [state.turn]
    return [AUTO]  # the next chaos round, played by the engine (and shown round by round)


def chance_outcomes(state: RallyState) -> list[tuple[Command, float]]:
    if to_act(state) != [CHANCE]:
        return []
    if state.phase == "start":
        return [(ChooseStarter(CHANCE, p), 1.0 / state.n) for p in range(state.n)]
    if state.phase in ("setup_tiles", "expansion"):
        total = sum(state.bag)
        return [(DrawTile(CHANCE, t), c / total) for t, c in enumerate(state.bag) if c > 0]
    return []  # the deal: too many to list, it is sampled (sample_deal)


# --- legal commands (a representative, finite set) ------------------------------------------------

def candidates(state: RallyState, seat: Seat) -> list[Command]:
    actors = to_act(state)
    if seat not in actors:
        return []
    if seat == AUTO:
        return [ChaosRound(AUTO)]
    if seat == CHANCE:
        if state.phase == "deal":  # a deal cannot be listed: the one the state's RNG would draw
            return [sample_deal(state, state.rng.copy())]
        return [c for c, _ in chance_outcomes(state)]
    ph = state.phase
    if ph in ("setup_tiles", "expansion"):
        return [PlaceTile(seat, (h.q, h.r)) for h in frontier(state)]  # a fresh list: callers may keep it
    if ph == "setup_ships":
        return [PlaceShip(seat, (h.q, h.r), d) for h in ship_hexes(state) for d in range(6)]
    if ph == "distribute":
        return [DistributeEnergy(seat, a) for a in distribution_options(state, seat)]
    if ph == "planning":
        return planning_options(state, seat)
    if state.building() is not None:
        return [PlaceBuiltShip(seat, (h.q, h.r)) for h in legal_hexes_for(state, seat)]
    if state.meeting() is not None:
        return exchange_options(state, seat)
    return [OrderShips(seat, s) for s in state.chaos_ships]


def distribution_options(state: RallyState, seat: Seat) -> list[tuple[int, ...]]:
    """All to one ship (for each ship), or an even split."""
    k = len(state.ships_of(seat))
    pool = state.pool[seat]
    options: list[tuple[int, ...]] = []
    for i in range(k):
        options.append(tuple(pool if j == i else 0 for j in range(k)))
    even = tuple(pool // k + (1 if j < pool % k else 0) for j in range(k))
    if even not in options:
        options.append(even)
    return options


def planning_options(state: RallyState, seat: Seat) -> list[Command]:
    """Append one card of each kind in hand to each ship, take back a ship's
    last card, or finish. Any other slot is legal too (checked by rule)."""
    out: list[Command] = []
    firsts: dict[str, int] = {}
    for c in sorted(state.hands[seat]):
        firsts.setdefault(CARD_KIND[c], c)
    for ship in state.ships_of(seat):
        for card in firsts.values():
            out.append(ProgramCard(seat, ship.id, card, len(ship.program)))
        if ship.program:
            out.append(UnprogramCard(seat, ship.id, len(ship.program) - 1))
    out.append(FinishPlanning(seat))
    return out


def exchange_options(state: RallyState, seat: Seat) -> list[Command]:
    """Keep as is, everything onto one ship (for each), or an even split."""
    ships = exchange_ships(state)
    k = len(ships)
    e_total = sum(s.energy for s in ships)
    t_total = sum(s.titanium for s in ships)
    out: list[Command] = [NoExchange(seat)]
    seen = {(tuple(s.energy for s in ships), tuple(s.titanium for s in ships))}
    candidates = [(tuple(e_total if j == i else 0 for j in range(k)), tuple(t_total if j == i else 0 for j in range(k)))
                  for i in range(k)]
    candidates.append((tuple(e_total // k + (1 if j < e_total % k else 0) for j in range(k)),
                       tuple(t_total // k + (1 if j < t_total % k else 0) for j in range(k))))
    for e, t in candidates:
        if (e, t) not in seen:
            seen.add((e, t))
            out.append(Exchange(seat, e, t))
    return out


# --- applying commands ------------------------------------------------------------------------------

def apply(state: RallyState, cmd: Command) -> list[Event]:
    events: list[Event] = []
    if isinstance(cmd, ChooseStarter):
        state.starter = state.turn = cmd.player
        state.phase = "setup_tiles"
        events.append(StarterChosen(cmd.player))
    elif isinstance(cmd, DrawTile):
        state.bag[cmd.tile] -= 1
        state.drawn = cmd.tile
        if state.phase == "expansion":
            state.turn = expansion_player(state)
        events.append(TileDrawn(state.turn, cmd.tile))
    elif isinstance(cmd, PlaceTile):
        _place_tile(state, Hex(*cmd.hex), events)
    elif isinstance(cmd, PlaceShip):
        _place_ship(state, cmd, events)
    elif isinstance(cmd, DealCards):
        _deal(state, cmd.hands, events)
        _produce(state, events)
        state.phase = "distribute"
        state.queue = order_from(state, state.starter)
    elif isinstance(cmd, DistributeEnergy):
        _give(state, cmd.seat, cmd.amounts, events)
        state.queue.remove(cmd.seat)
    elif isinstance(cmd, (ProgramCard, UnprogramCard, MoveCard, SetProgram, FinishPlanning)):
        _plan(state, cmd, events)
    elif isinstance(cmd, ChaosRound):
        state.round += 1
        events.append(RoundStarted(state.round))
        chaos.advance_tokens(state, events)
        state.queue = order_from(state, state.starter)
        state.chaos_ships = []
    elif isinstance(cmd, OrderShips):
        state.chaos_ships.remove(cmd.ship)
        chaos.play_first_card(state, cmd.ship, events)
    elif isinstance(cmd, PlaceBuiltShip):
        _place_built(state, Hex(*cmd.hex), events)
    elif isinstance(cmd, Exchange):
        ships = exchange_ships(state)
        for s, e, t in zip(ships, cmd.energy, cmd.titanium):
            s.energy, s.titanium = e, t
        events.append(ExchangeDone(cmd.seat, tuple(s.id for s in ships), cmd.energy, cmd.titanium))
        state.waiting = None
    elif isinstance(cmd, NoExchange):
        state.waiting = None
    else:
        raise TypeError(f"not a Rally command: {cmd!r}")
    _advance(state, events)
    return events


def _place_tile(state: RallyState, h: Hex, events: list[Event]) -> None:
    tt = TILE_TYPES[state.drawn]
    state.tiles[h] = Tile(state.drawn, tt.value)
    state.drawn = -1
    events.append(TilePlaced(state.turn, (h.q, h.r), tt.kind, tt.value))
    if tt.kind == "tidy":
        chaos.adjust_entropy(state, -tt.value, "tidy", events)
    if state.phase == "setup_tiles":
        state.placed[state.turn] += 1
        state.turn = (state.turn + 1) % state.n
        if all(k >= SETUP_TILES for k in state.placed):
            state.phase = "setup_ships"
            state.queue = order_from(state, state.starter)
            state.turn = state.queue[0]
    else:
        state.expansion_left -= 1


def _new_ship(state: RallyState, owner: Seat, h: Hex, direction: int) -> Ship:
    """A ship made now (placed in the set-up or built): the next id, on the map, and in
    `fleet`, the record that names ships per owner."""
    ship = Ship(state.next_ship, owner, h, direction)
    state.next_ship += 1
    state.ships[ship.id] = ship
    state.fleet += ((ship.id, ship.owner),)
    return ship


def _place_ship(state: RallyState, cmd: PlaceShip, events: list[Event]) -> None:
    ship = _new_ship(state, cmd.seat, Hex(*cmd.hex), cmd.direction)
    events.append(ShipPlaced(cmd.seat, ship.id, cmd.hex,
                             cmd.direction))
    chaos.land(state, ship, events)
    state.queue.pop(0)
    if state.queue:
        state.turn = state.queue[0]
    else:
        state.exchanges = []
        state.phase = "deal"
        state.era = 1


def _place_built(state: RallyState, h: Hex, events: list[Event]) -> None:
    build = state.building()
    assert build is not None
    owner, parent_id = build.owner, build.parent
    ship = _new_ship(state, owner, h, state.ships[parent_id].direction)
    state.waiting = None
    events.append(ShipBuilt(owner, ship.id, parent_id, (h.q, h.r),
                            ship.direction))
    chaos.land(state, ship, events)


def sample_deal(state: RallyState, rng: Rng) -> DealCards:
    """The era's deal drawn with `rng`: in turn order from the starter, each living player draws
    5 cards per ship one at a time from the deck; an empty deck is rebuilt from every discard
    (face up and face down) and drawing goes on. The first draw of `rng` is the step's own, as
    for every chance step (the deal was once a one-outcome step whose cards `apply` drew), so
    a seed deals the same cards as before and older saves replay."""
    rng.random()
    deck, spare = state.deck[:], state.discard + [c for c, _ in state.buried]
    hands: list[tuple[int, ...]] = [()] * state.n
    for p in order_from(state, state.starter):
        got: list[int] = []
        for _ in range(CARDS_PER_SHIP * len(state.ships_of(p))):
            if not deck:
                deck, spare = sorted(spare), []
                if not deck:
                    break
            got.append(deck.pop(rng.randrange(len(deck))))
        hands[p] = tuple(got)
    return DealCards(CHANCE, tuple(hands))


def deal_refusal(state: RallyState, cmd: DealCards) -> str | None:
    """Why `cmd` is no deal that could be drawn now, or None (a save or a command may name any
    cards: each must be in the deck when drawn, and every player draws 5 per ship while the deck,
    rebuilt once from the discards, lasts)."""
    if len(cmd.hands) != state.n:
        return "A deal gives each player a hand."
    deck, spare = state.deck[:], state.discard + [c for c, _ in state.buried]
    for p in order_from(state, state.starter):
        want, hand = CARDS_PER_SHIP * len(state.ships_of(p)), cmd.hands[p]
        if len(hand) > want:
            return f"Player {p + 1} draws {want} cards, not {len(hand)}."
        for card in hand:
            if not deck:
                deck, spare = sorted(spare), []
            if card not in deck:
                return "That card is not in the deck."
            deck.remove(card)
        if len(hand) < want and (deck or spare):
            return f"Player {p + 1} draws {want} cards while the deck lasts."
    return None


def _deal(state: RallyState, hands: tuple[tuple[int, ...], ...], events: list[Event]) -> None:
    """Each living player draws the cards the deal names (`sample_deal`): 5 cards per ship; an
    empty deck is rebuilt from every discard (face up and face down) and drawing goes on."""
    for p in order_from(state, state.starter):
        want = CARDS_PER_SHIP * len(state.ships_of(p))
        got: list[int] = []
        for i in range(want):
            if not state.deck:
                state.deck = state.discard + [c for c, _ in state.buried]
                state.deck.sort()
                state.discard, state.buried = [], []
                events.append(DeckReshuffled(len(state.deck)))
                if not state.deck:
                    break
            got.append(hands[p][i])  # a legal deal draws while the deck lasts (deal_refusal)
            state.deck.remove(got[-1])
        state.hands[p].extend(got)
        events.append(CardsDealt(p, len(got), tuple(got), (p,)))
    state.played = []
    state.round = 0
    state.done = [not a for a in state.alive]


def _produce(state: RallyState, events: list[Event]) -> None:
    """Owned portals working at this entropy pay their owner and raise entropy
    by as much; every living player also gets the free energy."""
    gains = [0] * state.n
    for tile in state.tiles.values():
        if tile.owner >= 0 and state.alive[tile.owner] and tile.works(state.entropy):
            gains[tile.owner] += tile.value
    for p in order_from(state, state.starter):
        state.pool[p] += gains[p] + FREE_ENERGY
        events.append(Production(p, gains[p], FREE_ENERGY, state.pool[p]))
    chaos.adjust_entropy(state, sum(gains), "portals", events)


def _give(state: RallyState, p: int, amounts: tuple[int, ...], events: list[Event]) -> None:
    ships = state.ships_of(p)
    for s, a in zip(ships, amounts):
        s.energy += a
    state.pool[p] = 0
    events.append(EnergyDistributed(p, tuple(s.id for s in ships), amounts))


def _plan(state: RallyState, cmd: Command, events: list[Event]) -> None:
    seat = cmd.seat
    hand = state.hands[seat]
    changed: list[Ship] = []
    if isinstance(cmd, ProgramCard):
        ship = state.ships[cmd.ship]
        hand.remove(cmd.card)
        ship.program.insert(cmd.index, cmd.card)
        changed = [ship]
    elif isinstance(cmd, UnprogramCard):
        ship = state.ships[cmd.ship]
        hand.append(ship.program.pop(cmd.index))
        changed = [ship]
    elif isinstance(cmd, MoveCard):
        ship, dest = state.ships[cmd.ship], state.ships[cmd.to_ship]
        dest.program.insert(cmd.to_index, ship.program.pop(cmd.index))
        changed = [ship] if ship is dest else [ship, dest]
    elif isinstance(cmd, SetProgram):
        own = state.ships_of(seat)
        for s in own:
            hand.extend(s.program)
            s.program = []
        wanted = dict(cmd.programs)
        for s in own:
            for card in wanted.get(s.id, ()):
                hand.remove(card)
                s.program.append(card)
        changed = own
    for s in changed:
        events.append(ProgramChanged(seat, s.id, tuple(s.program), (seat,)))
    if isinstance(cmd, (FinishPlanning, SetProgram)):
        state.done[seat] = True
        left = len(hand)
        state.buried.extend((c, seat) for c in hand)
        state.hands[seat] = []
        counts = tuple((s.id, len(s.program)) for s in state.ships_of(seat))
        events.append(PlanningDone(seat, counts, left))


def _advance(state: RallyState, events: list[Event]) -> None:
    """Run every automatic step until a decision or a chance step is due."""
    while True:
        ph = state.phase
        if ending.end_if_settled(state, events):
            return
        if ph == "distribute":
            while state.queue:
                p = state.queue[0]
                ships = state.ships_of(p)
                if len(ships) >= 2:
                    state.turn = p
                    return
                if len(ships) == 1:
                    _give(state, p, (state.pool[p],), events)
                state.queue.pop(0)
            state.phase = "planning"
            state.turn = -1
            continue
        if ph == "planning":
            if all(state.done[p] or not state.alive[p] for p in range(state.n)):
                state.phase = "chaos"
                state.queue, state.chaos_ships = [], []
                continue
            return
        if ph == "chaos":
            if not _chaos_step(state, events):
                return
            continue
        if ph == "expansion":
            if state.drawn >= 0:
                return
            if state.expansion_left > 0 and sum(state.bag) > 0:
                return
            _end_era(state, events)
            continue
        return


def _chaos_step(state: RallyState, events: list[Event]) -> bool:
    """One automatic step of the chaos phase; False when a decision or chance is due."""
    if state.waiting is not None:
        return False
    if state.exchanges:
        h = state.exchanges.pop(0)
        here = [s for s in state.ships.values() if s.hex == h]
        if len(here) >= 2 and len({s.owner for s in here}) == 1:
            state.waiting = SharingCargo(h)
            return False
        return True
    state.chaos_ships = [s for s in state.chaos_ships if s in state.ships and state.ships[s].program]
    if len(state.chaos_ships) >= 2:
        return False
    if state.chaos_ships:
        chaos.play_first_card(state, state.chaos_ships.pop(), events)
        return True
    if state.queue:
        state.turn = state.queue.pop(0)
        if state.alive[state.turn]:
            state.chaos_ships = [s.id for s in state.ships_of(state.turn) if s.program]
        return True
    if any(s.program for s in state.ships.values()):
        return False  # the next round is a chance step
    # Chaos is over: tokens still in flight fade out; expansion follows, unless this is the
    # last era (entropy at zero, or the era limit): nothing placed then could score.
    state.tokens = []
    state.turn = expansion_player(state)
    state.phase = "expansion"
    state.expansion_left = 0 if last_era(state) else EXPANSION_TILES
    return True


def last_era(state: RallyState) -> bool:
    """Whether the game ends with this era: entropy is at zero (it never falls again) or
    this is the era limit. The era's expansion is then skipped, as no tile placed could
    change a score."""
    return state.entropy >= 0 or state.era >= MAX_ERAS


def _end_era(state: RallyState, events: list[Event]) -> None:
    events.append(EraEnded(state.era, state.starter))
    ending.record_era(state)
    if state.entropy >= 0:
        ending.game_over(state, "entropy", "Entropy has reached zero: the old universe is gone.", events)
        return
    if state.era >= MAX_ERAS:
        ending.game_over(state, "era_limit", f"Era {MAX_ERAS}, the last one, has ended.", events)
        return
    following = order_from(state, (state.starter + 1) % state.n)
    state.starter = following[0] if following else state.starter
    state.era += 1
    state.round = 0
    state.phase = "deal"


def describe_pending(state: RallyState) -> JsonDict | None:
    """The decision the chaos phase (or distribution) waits for, for the screen."""
    if state.phase == "distribute" and state.queue:
        ships = state.ships_of(state.turn)
        return {"kind": "distribute", "seat": state.turn, "ships": [s.id for s in ships],
                "pool": state.pool[state.turn]}
    if state.phase != "chaos":
        return None
    build, meeting = state.building(), state.meeting()
    if build is not None:
        return {"kind": "place_built_ship", "seat": build.owner, "ship": build.parent,
                "hexes": [[h.q, h.r] for h in legal_hexes_for(state, build.owner)]}
    if meeting is not None:
        ships = exchange_ships(state)
        h = meeting.hex
        return {"kind": "exchange", "seat": ships[0].owner, "hex": [h.q, h.r], "ships": [s.id for s in ships],
                "energy": sum(s.energy for s in ships), "titanium": sum(s.titanium for s in ships)}
    if len(state.chaos_ships) >= 2:
        return {"kind": "order_ships", "seat": state.turn, "ships": state.chaos_ships[:]}
    return None
