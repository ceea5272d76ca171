"""Entropy Rally's log in words, from the events' fields.

Seats are named with the table's seat names ("You", "Computer 2"), never "Player N" unless
no name is given; a ship by its number in its owner's fleet ("Your ship 1"), never the
engine's shared id; a hex by the tile that lies there, followed through the log, never by
coordinates the screen does not show. Nothing here reads a card the viewer was not given.
Tones (`game.core.words`): `SEAT` for a player's own doings, `QUIET` for the small steps,
`ALERT` for losses, `HEADLINE` for rounds and the end, and `ENTROPY_TONE` for the clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.protocol import Event
from game.core.words import ALERT, HEADLINE, QUIET, SEAT, Line, LogEntry
from game.rally.cards import KIND_BY_NAME, TILE_NAMES, TILE_TYPES
from game.rally.commands import (
    Battle,
    CardIgnored,
    CardPlayed,
    CardsDealt,
    Collected,
    DeckReshuffled,
    EnergyDistributed,
    EntropyChanged,
    EraEnded,
    ExchangeDone,
    GameOver,
    LaserHit,
    PlanningDone,
    PlayerOut,
    PortalClaimed,
    Production,
    ProgramChanged,
    RaceDecided,
    RoundStarted,
    ShipBuilt,
    ShipDestroyed,
    ShipMoved,
    ShipPlaced,
    ShipTurned,
    StarterChosen,
    TileDrawn,
    TilePlaced,
    TitaniumBanked,
    TokenFired,
    TokenMoved,
    WavePush,
)
from game.rally.naming import fleet_numbers

ENTROPY_TONE = "entropy"
DIRS = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def name_of(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def wave_loss(lost: ShipDestroyed, names: Sequence[str], numbers: Mapping[int, int] | None = None) -> Line:
    """A ship a wave pushed off the map, in one line (the pause on that moment says it; the log
    has the push and the loss as two lines)."""
    cargo = f", {lost.titanium} titanium lost" if lost.titanium else ""
    ship = ship_name(lost.player, (numbers or {}).get(lost.ship, lost.ship), names, start=False)
    return Line(f"A wave pushed {ship} off the map: it is lost{cargo}", ALERT)


def ship_name(owner: int | None, number: int, names: Sequence[str], start: bool = True) -> str:
    """A ship as players call it: its owner and its number in that owner's fleet ("Your ship 1",
    "Computer 2's ship 1"); never the engine's shared id, which may call someone's only ship 2."""
    name = name_of(owner, names) if owner is not None else ""
    if name == "You":
        return f"{'Your' if start else 'your'} ship {number}"
    if name:
        return f"{name}'s ship {number}"
    return f"{'Ship' if start else 'ship'} {number}"



Place = tuple[str, int]
"""What lies on a hex, as the log knows it: (tile kind, its number now)."""


def place_words(place: Place | None) -> str:
    """A hex in the words its tile shows on the map ("the Energy 20 tile", "the +35 portal"),
    so the log never gives coordinates the screen does not show."""
    if place is None:
        return "a tile"
    kind, value = place
    if kind in ("titanium", "energy"):
        return f"the {TILE_NAMES[kind]} {value} tile" if value else f"an emptied {TILE_NAMES[kind].lower()} tile"
    if kind == "portal":
        th = PORTAL_MARKS.get(value)
        return f"the +{value} portal" + (f" (\u2264{_signed(th)})" if th is not None else "")
    if kind == "tidy":
        return f"the \u2212{value} tidy tile"
    return "an empty tile"


def _signed(n: int) -> str:
    return str(n).replace("-", "\u2212")


PORTAL_MARKS: dict[int, int] = {t.value: t.threshold for t in TILE_TYPES if t.kind == "portal" and t.threshold is not None}
"""A portal's energy -> its entropy mark (each portal value has one mark in the bag)."""


def tile_words(kind: str, value: int, threshold: int | None) -> str:
    if kind in ("titanium", "energy"):
        return f"{TILE_NAMES[kind]} {value}" if value else f"{TILE_NAMES[kind]} (taken)"
    if kind == "portal":
        return f"Energy Portal (+{value} while entropy \u2264 {threshold})"
    if kind == "tidy":
        return f"Neatly Organized Space (\u2212{value} entropy)"
    return "Empty space"


def describe_event(ev: Event, names: Sequence[str], viewer: int,
                   owners: Mapping[int, int] | None = None, numbers: Mapping[int, int] | None = None,
                   places: Mapping[tuple[int, int], Place] | None = None) -> Line | None:
    """One log line for an event (None: not worth a line); `owners` (ship id -> seat) and
    `numbers` (ship id -> number in its owner's fleet) name a ship as its player would,
    `places` (hex -> what lies there before this event) names a hex by its tile."""
    def who(p: int) -> str:
        return name_of(p, names)

    def number(sid: int) -> int:  # in its owner's fleet; the engine's id when unknown
        return (numbers or {}).get(sid, sid)

    def ship(sid: int, start: bool = True) -> str:
        return ship_name((owners or {}).get(sid), number(sid), names, start)

    def own_ship(player: int, sid: int) -> str:  # after the owner's name: "You placed your ship 1"
        return f"{'your' if who(player) == 'You' else 'their'} ship {number(sid)}"

    def at(h: Sequence[int]) -> str:
        return place_words((places or {}).get((int(h[0]), int(h[1]))))

    def tint(text: str, sid: int) -> Line:
        owner = (owners or {}).get(sid)
        return Line(text) if owner is None else Line(text, SEAT, owner)

    if isinstance(ev, StarterChosen):
        return Line(f"{who(ev.player)} start{'' if who(ev.player) == 'You' else 's'}.", SEAT, ev.player)
    if isinstance(ev, TileDrawn):
        tt = TILE_TYPES[ev.tile]
        return Line(f"Drawn: {tile_words(tt.kind, tt.value, tt.threshold)}", QUIET)
    if isinstance(ev, TilePlaced):
        return Line(f"{who(ev.player)} placed {tile_words(ev.kind, ev.value, PORTAL_MARKS.get(ev.value))}", SEAT, ev.player)
    if isinstance(ev, ShipPlaced):
        return Line(f"{who(ev.player)} placed {own_ship(ev.player, ev.ship)} on {at(ev.hex)}, facing {DIRS[ev.direction % 6]}", SEAT, ev.player)
    if isinstance(ev, CardsDealt):
        return Line(f"{who(ev.player)} got {ev.count} card{'s' if ev.count != 1 else ''}", QUIET) \
            if ev.player == viewer else None
    if isinstance(ev, DeckReshuffled):
        return Line(f"The deck is reshuffled ({ev.size} cards)", QUIET)
    if isinstance(ev, Production):
        return Line(f"{who(ev.player)}: +{ev.total} energy ({ev.free} free, {ev.portals} from portals)", SEAT, ev.player)
    if isinstance(ev, EnergyDistributed):
        parts = ", ".join(f"ship {number(s)} +{a}" for s, a in zip(ev.ships, ev.amounts))
        return Line(f"{who(ev.player)} shared energy: {parts}", SEAT, ev.player)
    if isinstance(ev, ProgramChanged):
        return None
    if isinstance(ev, PlanningDone):
        total = sum(c for _, c in ev.counts)
        return Line(f"{who(ev.player)} finished planning ({total} card{'s' if total != 1 else ''})", SEAT, ev.player)
    if isinstance(ev, RoundStarted):
        return Line(f"\u2014 Chaos round {ev.round} \u2014", HEADLINE)
    if isinstance(ev, CardPlayed):
        name = KIND_BY_NAME[ev.kind].name
        return tint(f"{ship(ev.ship)} plays {name} (\u2212{ev.paid} energy)", ev.ship)
    if isinstance(ev, CardIgnored):
        name = KIND_BY_NAME[ev.kind].name
        why = "not enough energy" if ev.reason == "energy" else "no free tile to build on"
        return Line(f"{ship(ev.ship)} skips {name}: {why}", ALERT)
    if isinstance(ev, ShipMoved):
        steps = len(ev.path)
        return Line(f"{ship(ev.ship)} moves {steps} hex{'es' if steps != 1 else ''} onto {at(ev.to)}", QUIET)
    if isinstance(ev, ShipTurned):
        return Line(f"{ship(ev.ship)} turns to face {DIRS[ev.to % 6]}", QUIET)
    if isinstance(ev, TokenFired):
        what = "laser" if ev.kind == "laser" else "gravitational wave"
        if ev.hex is None:
            return Line(f"{ship(ev.ship)}'s {what} flies off the map", QUIET)
        return tint(f"{ship(ev.ship)} fires a {what}", ev.ship)
    if isinstance(ev, TokenMoved):
        return None
    if isinstance(ev, LaserHit):
        return Line(f"A laser hits {ship(ev.ship, False)}: {ev.energy} energy left", ALERT)
    if isinstance(ev, WavePush):
        onto = f"onto {at(ev.to)}" if (places is None or tuple(ev.to) in places) else "off the map"
        return Line(f"A wave pushes {ship(ev.ship, False)} {DIRS[ev.direction % 6]} {onto}")
    if isinstance(ev, ShipDestroyed):
        how = {"off_map": "flew off the map", "laser": "was shot down", "battle": "was lost in battle"}
        cargo = f", {ev.titanium} titanium lost" if ev.titanium else ""
        lost = ship_name(ev.player, number(ev.ship), names)
        return Line(f"{lost} {how.get(ev.reason, 'was destroyed')}{cargo}", ALERT)
    if isinstance(ev, Battle):
        parts = ", ".join(f"{ship(s)} {b}\u2192{max(a, 0)}" for s, b, a in zip(ev.ships, ev.before, ev.after))
        return Line(f"Battle on {at(ev.hex)}: {parts} energy", ALERT)
    if isinstance(ev, PortalClaimed):
        return Line(f"{who(ev.player)} claimed {at(ev.hex)}", SEAT, ev.player)
    if isinstance(ev, Collected):
        return tint(f"{ship(ev.ship)} picked up {ev.amount} {ev.kind}", ev.ship)
    if isinstance(ev, TitaniumBanked):
        # `points` is the player's total after banking, not what this portal earned
        return Line(f"{who(ev.player)} banked {ev.amount} titanium (now {ev.points} point{'s' if ev.points != 1 else ''})", SEAT, ev.player)
    if isinstance(ev, ShipBuilt):
        return Line(f"{who(ev.player)} built {own_ship(ev.player, ev.ship)} on {at(ev.hex)}", SEAT, ev.player)
    if isinstance(ev, ExchangeDone):
        mates = " and ".join(str(number(s)) for s in ev.ships)
        return Line(f"{who(ev.player)} shared cargo between ships {mates}", SEAT, ev.player)
    if isinstance(ev, EntropyChanged):
        return Line(f"Entropy {ev.before} \u2192 {ev.after}", ENTROPY_TONE)
    if isinstance(ev, PlayerOut):
        has = "have" if who(ev.player) == "You" else "has"
        return Line(f"{who(ev.player)} {has} no ships left ({ev.points} points)", ALERT)
    if isinstance(ev, EraEnded):
        return Line(f"Era {ev.era} is over", HEADLINE)
    if isinstance(ev, RaceDecided):
        lead = who(ev.player)
        best = max((p for i, p in enumerate(ev.points) if i != ev.player), default=0)
        flies = "are" if lead == "You" else "is"
        return Line(f"Race decided: {lead} {flies} the only one still flying and lead{'' if lead == 'You' else 's'} "
                f"{ev.points[ev.player]} to {best}", HEADLINE)
    if isinstance(ev, GameOver):
        win = " and ".join(who(w) for w in ev.winners)
        top = max(ev.points) if ev.points else 0
        if len(ev.winners) > 1 and len(ev.winners) == len(ev.points):  # everyone tied: the card says "A draw!"
            return Line(f"Game over: a draw, {win} on {top} points", HEADLINE)
        if len(ev.winners) > 1:  # some, not all, on the top score: the card names them as winners
            return Line(f"Game over: {win} share the win with {top} points", HEADLINE)
        return Line(f"Game over: {win} win{'' if win == 'You' else 's'} with {top} points", HEADLINE)
    return None


def brief(ev: Event, names: Sequence[str], viewer: int) -> str | None:
    """A player's move in a few words for undo's note in the log ("You placed Energy 10",
    "Computer's 3-card plan"); None for what follows from a move (a claimed portal, entropy, an
    era's end). Play-test: the note said each move by its log lines, "...; also Computer placed
    their ship 1 on the +50 portal (≤−450), facing east (and 1 more)", three lines at 1024x640."""
    def who(p: int) -> str:
        return name_of(p, names)

    def whose(p: int) -> str:
        return "your" if who(p) == "You" else f"{who(p)}'s"

    if isinstance(ev, TilePlaced):
        tile = {"portal": f"a +{ev.value} portal", "tidy": f"a \u2212{ev.value} tidy tile"}.get(ev.kind) or \
            (tile_words(ev.kind, ev.value, None) if ev.kind in ("titanium", "energy") else "an empty space")
        return f"{who(ev.player)} placed {tile}"
    if isinstance(ev, ShipPlaced):
        return f"{who(ev.player)} placed a ship"
    if isinstance(ev, ShipBuilt):
        return f"{who(ev.player)} built a ship"
    if isinstance(ev, StarterChosen):
        return f"{whose(ev.player)} start"
    if isinstance(ev, EnergyDistributed):
        return f"{whose(ev.player)} energy shared"
    if isinstance(ev, ExchangeDone):
        return f"{whose(ev.player)} cargo shared"
    if isinstance(ev, ProgramChanged) and ev.player == viewer:
        return f"{whose(ev.player)} program change"
    if isinstance(ev, PlanningDone):
        total = sum(c for _, c in ev.counts)
        return f"{whose(ev.player)} {total}-card plan" if total else f"{whose(ev.player)} empty plan"
    return None


def describe_log(entries: Sequence[LogEntry], names: Sequence[str], viewer: int) -> list[Line]:
    """The log's lines; ships are named per owner (`fleet_numbers`) and hexes by what lies
    there, followed through the log (tiles placed, picked up)."""
    out: list[Line] = []
    owners: dict[int, int] = {}
    numbers: dict[int, int] = {}
    places: dict[tuple[int, int], Place] = {}
    for entry in entries:
        ev = entry.event
        if isinstance(ev, (ShipPlaced, ShipBuilt)):
            owners[ev.ship] = ev.player
            numbers = fleet_numbers(owners.items())
        line = describe_event(ev, names, viewer, owners, numbers, places)
        if line is not None:
            out.append(line)
        if isinstance(ev, TilePlaced):
            places[(ev.hex[0], ev.hex[1])] = (ev.kind, ev.value)
        elif isinstance(ev, Collected):
            kind, _ = places.get((ev.hex[0], ev.hex[1]), (ev.kind, 0))
            places[(ev.hex[0], ev.hex[1])] = (kind, 0)
    return out
