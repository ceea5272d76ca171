"""The words of the Rally table: the turn banner, one log line per event, and tooltips.

Seats are named with the table's seat names ("You", "Computer 2"), never the
engine's "Player N"; nothing here reads a card the view was not given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.match import LogEntry
from game.core.protocol import Event
from game.rally.cards import KIND_BY_NAME, MOVES, TILE_NAMES
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
    RaceDecided,
    Production,
    ProgramChanged,
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
from game.rally.cards import TILE_TYPES
from game.rally.naming import fleet_numbers
from scenes.views.rally_art import player_colour, player_look

Colour = tuple[int, int, int]
BRASS: Colour = (236, 204, 132)
DIM: Colour = (150, 156, 172)
RED: Colour = (255, 130, 110)
NEUTRAL: Colour = (200, 204, 214)
DIRS = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def name_of(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def ship_name(owner: int | None, number: int, names: Sequence[str], start: bool = True) -> str:
    """A ship as players call it: its owner and its number in that owner's fleet ("Your ship 1",
    "Computer 2's ship 1"); never the engine's shared id, which may call someone's only ship 2."""
    name = name_of(owner, names) if owner is not None else ""
    if name == "You":
        return f"{'Your' if start else 'your'} ship {number}"
    if name:
        return f"{name}'s ship {number}"
    return f"{'Ship' if start else 'ship'} {number}"


def short_ship_name(owner: int, number: int, viewer: int) -> str:
    """A ship's name where room is short (program rows): "Ship 1" for the viewer's own, else the
    owner's colour as the map draws it ("Orange 1")."""
    if owner == viewer:
        return f"Ship {number}"
    return f"{player_look(owner).name} {number}"


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


PAUSED_MINE = "paused: only automatic steps wait"
"""The banner's note while the table is paused and it is the viewer's own move."""
PAUSED_GO_ON = "Space or Play goes on"
"""How to end the pause, as the banner and the pop-up both say it."""
PAUSED_HOLDS = "the chaos rounds, tile draws and computers wait"
"""What the pause holds when nothing is the viewer's to do."""


def pause_note(own_move: bool) -> str:
    """The pop-up when Space / Pause pauses the table, in the banner's words: on the viewer's own
    move that only automatic steps wait (the move is still theirs), else what waits; both say
    how to go on."""
    if own_move:
        return f"{PAUSED_MINE[:1].upper()}{PAUSED_MINE[1:]}; your move is still yours. {PAUSED_GO_ON}."
    return f"Paused: {PAUSED_HOLDS}. {PAUSED_GO_ON}."


def status(view: Mapping[str, Any], names: Sequence[str], seat: int, human: bool = True) -> tuple[str, Colour]:
    """Whose turn and what to do; `human`: a person plays `seat` (else it is only watched)."""
    phase = view.get("phase")
    to_act: list[int] = view.get("to_act", [])
    turn = int(view.get("turn", -1))
    pending = view.get("pending") or {}
    who = name_of(turn, names) if turn >= 0 else ""
    mine = seat in to_act and human
    col = player_colour(turn) if turn >= 0 else BRASS
    if phase == "over":
        return "The game is over", BRASS
    if phase in ("setup_tiles", "expansion") and view.get("drawn_tile") is not None:
        if mine:
            return "Drag the drawn tile onto a glowing hex", col
        return f"{who} places a tile", col
    if phase in ("setup_tiles", "expansion"):
        return ("Set-up: drawing tiles" if phase == "setup_tiles" else "Expansion: drawing tiles"), BRASS
    if phase == "setup_ships":
        if mine:
            return "Drag your ship onto a glowing hex (R or the arrows turn it)", col
        return f"{who} places a ship", col
    if phase == "distribute":
        if pending.get("kind") == "distribute":
            if mine:
                return "Share out your energy between your ships", col
            return f"{name_of(int(pending['seat']), names)} shares out energy", player_colour(int(pending["seat"]))
        return "Dealing the cards", BRASS
    if phase == "planning":
        if mine:
            return "Program your ships, then press Done planning", player_colour(seat)
        waiting = [name_of(s, names) for s in to_act]
        return "Planning in secret: " + ", ".join(waiting), BRASS
    if phase == "chaos":
        kind = pending.get("kind")
        p = int(pending.get("seat", -1))
        if kind == "order_ships":
            return ("Click the ship of yours that plays next" if mine else f"{name_of(p, names)} picks a ship",
                    player_colour(p))
        if kind == "place_built_ship":
            return ("Drag your new ship onto a glowing hex" if mine else f"{name_of(p, names)} places a new ship",
                    player_colour(p))
        if kind == "exchange":
            return ("Your ships meet: share their cargo" if mine else f"{name_of(p, names)} shares cargo",
                    player_colour(p))
        return f"Chaos phase: round {max(1, int(view.get('round', 0)))}", (255, 150, 90)
    return "Entropy Rally", BRASS


def event_line(ev: Event, names: Sequence[str], viewer: int,
               owners: Mapping[int, int] | None = None, numbers: Mapping[int, int] | None = None,
               places: Mapping[tuple[int, int], Place] | None = None) -> tuple[str, Colour] | None:
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

    def tint(sid: int) -> Colour:
        owner = (owners or {}).get(sid)
        return NEUTRAL if owner is None else player_colour(owner)

    if isinstance(ev, StarterChosen):
        return f"{who(ev.player)} start{'' if who(ev.player) == 'You' else 's'}.", player_colour(ev.player)
    if isinstance(ev, TileDrawn):
        tt = TILE_TYPES[ev.tile]
        return f"Drawn: {tile_words(tt.kind, tt.value, tt.threshold)}", DIM
    if isinstance(ev, TilePlaced):
        return f"{who(ev.player)} placed {tile_words(ev.kind, ev.value, PORTAL_MARKS.get(ev.value))}", \
            player_colour(ev.player)
    if isinstance(ev, ShipPlaced):
        return f"{who(ev.player)} placed {own_ship(ev.player, ev.ship)} on {at(ev.hex)}, facing {DIRS[ev.direction % 6]}", \
            player_colour(ev.player)
    if isinstance(ev, CardsDealt):
        return (f"{who(ev.player)} got {ev.count} card{'s' if ev.count != 1 else ''}", DIM) \
            if ev.player == viewer else None
    if isinstance(ev, DeckReshuffled):
        return f"The deck is reshuffled ({ev.size} cards)", DIM
    if isinstance(ev, Production):
        return f"{who(ev.player)}: +{ev.total} energy ({ev.free} free, {ev.portals} from portals)", \
            player_colour(ev.player)
    if isinstance(ev, EnergyDistributed):
        parts = ", ".join(f"ship {number(s)} +{a}" for s, a in zip(ev.ships, ev.amounts))
        return f"{who(ev.player)} shared energy: {parts}", player_colour(ev.player)
    if isinstance(ev, ProgramChanged):
        return None
    if isinstance(ev, PlanningDone):
        total = sum(c for _, c in ev.counts)
        return f"{who(ev.player)} finished planning ({total} card{'s' if total != 1 else ''})", \
            player_colour(ev.player)
    if isinstance(ev, RoundStarted):
        return f"\u2014 Chaos round {ev.round} \u2014", BRASS
    if isinstance(ev, CardPlayed):
        name = KIND_BY_NAME[ev.kind].name
        return f"{ship(ev.ship)} plays {name} (\u2212{ev.paid} energy)", tint(ev.ship)
    if isinstance(ev, CardIgnored):
        name = KIND_BY_NAME[ev.kind].name
        why = "not enough energy" if ev.reason == "energy" else "no free tile to build on"
        return f"{ship(ev.ship)} skips {name}: {why}", RED
    if isinstance(ev, ShipMoved):
        steps = len(ev.path)
        return f"{ship(ev.ship)} moves {steps} hex{'es' if steps != 1 else ''} onto {at(ev.to)}", DIM
    if isinstance(ev, ShipTurned):
        return f"{ship(ev.ship)} turns to face {DIRS[ev.to % 6]}", DIM
    if isinstance(ev, TokenFired):
        what = "laser" if ev.kind == "laser" else "gravitational wave"
        if ev.hex is None:
            return f"{ship(ev.ship)}'s {what} flies off the map", DIM
        return f"{ship(ev.ship)} fires a {what}", tint(ev.ship)
    if isinstance(ev, TokenMoved):
        return None
    if isinstance(ev, LaserHit):
        return f"A laser hits {ship(ev.ship, False)}: {ev.energy} energy left", RED
    if isinstance(ev, WavePush):
        onto = f"onto {at(ev.to)}" if (places is None or tuple(ev.to) in places) else "off the map"
        return f"A wave pushes {ship(ev.ship, False)} {DIRS[ev.direction % 6]} {onto}", NEUTRAL
    if isinstance(ev, ShipDestroyed):
        how = {"off_map": "flew off the map", "laser": "was shot down", "battle": "was lost in battle"}
        cargo = f", {ev.titanium} titanium lost" if ev.titanium else ""
        lost = ship_name(ev.player, number(ev.ship), names)
        return f"{lost} {how.get(ev.reason, 'was destroyed')}{cargo}", RED
    if isinstance(ev, Battle):
        parts = ", ".join(f"{ship(s)} {b}\u2192{max(a, 0)}" for s, b, a in zip(ev.ships, ev.before, ev.after))
        return f"Battle on {at(ev.hex)}: {parts} energy", RED
    if isinstance(ev, PortalClaimed):
        return f"{who(ev.player)} claimed {at(ev.hex)}", player_colour(ev.player)
    if isinstance(ev, Collected):
        return f"{ship(ev.ship)} picked up {ev.amount} {ev.kind}", tint(ev.ship)
    if isinstance(ev, TitaniumBanked):
        # `points` is the player's total after banking, not what this portal earned
        return f"{who(ev.player)} banked {ev.amount} titanium (now {ev.points} point{'s' if ev.points != 1 else ''})", \
            player_colour(ev.player)
    if isinstance(ev, ShipBuilt):
        return f"{who(ev.player)} built {own_ship(ev.player, ev.ship)} on {at(ev.hex)}", player_colour(ev.player)
    if isinstance(ev, ExchangeDone):
        mates = " and ".join(str(number(s)) for s in ev.ships)
        return f"{who(ev.player)} shared cargo between ships {mates}", player_colour(ev.player)
    if isinstance(ev, EntropyChanged):
        return f"Entropy {ev.before} \u2192 {ev.after}", (200, 150, 120)
    if isinstance(ev, PlayerOut):
        has = "have" if who(ev.player) == "You" else "has"
        return f"{who(ev.player)} {has} no ships left ({ev.points} points)", RED
    if isinstance(ev, EraEnded):
        return f"Era {ev.era} is over", BRASS
    if isinstance(ev, RaceDecided):
        lead = who(ev.player)
        best = max((p for i, p in enumerate(ev.points) if i != ev.player), default=0)
        flies = "are" if lead == "You" else "is"
        return (f"Race decided: {lead} {flies} the only one still flying and lead{'' if lead == 'You' else 's'} "
                f"{ev.points[ev.player]} to {best}", BRASS)
    if isinstance(ev, GameOver):
        win = " and ".join(who(w) for w in ev.winners)
        top = max(ev.points) if ev.points else 0
        if len(ev.winners) > 1 and len(ev.winners) == len(ev.points):  # everyone tied: the card says "A draw!"
            return f"Game over: a draw, {win} on {top} points", BRASS
        if len(ev.winners) > 1:  # some, not all, on the top score: the card names them as winners
            return f"Game over: {win} share the win with {top} points", BRASS
        return f"Game over: {win} win{'' if win == 'You' else 's'} with {top} points", BRASS
    return None


def log_lines(entries: Sequence[LogEntry], names: Sequence[str], viewer: int) -> list[tuple[str, Colour]]:
    """The log's lines; ships are named per owner (`fleet_numbers`) and hexes by what lies
    there, followed through the log (tiles placed, picked up)."""
    out: list[tuple[str, Colour]] = []
    owners: dict[int, int] = {}
    numbers: dict[int, int] = {}
    places: dict[tuple[int, int], Place] = {}
    for entry in entries:
        ev = entry.event
        if isinstance(ev, (ShipPlaced, ShipBuilt)):
            owners[ev.ship] = ev.player
            numbers = fleet_numbers(owners.items())
        line = event_line(ev, names, viewer, owners, numbers, places)
        if line is not None:
            out.append(line)
        if isinstance(ev, TilePlaced):
            places[(ev.hex[0], ev.hex[1])] = (ev.kind, ev.value)
        elif isinstance(ev, Collected):
            kind, _ = places.get((ev.hex[0], ev.hex[1]), (ev.kind, 0))
            places[(ev.hex[0], ev.hex[1])] = (kind, 0)
    return out


def card_tip(kind: str, players: int) -> str:
    """A card's tooltip: what it does, its cost and its entropy at a table of `players`."""
    info = KIND_BY_NAME[kind]
    what = {
        "move1": "Moves the ship 1 hex straight ahead.",
        "move2": "Moves the ship 2 hexes straight ahead.",
        "move3": "Moves the ship 3 hexes straight ahead.",
        "right60": "Turns the ship one side clockwise.",
        "right120": "Turns the ship two sides clockwise.",
        "turn180": "Turns the ship right round.",
        "left120": "Turns the ship two sides anticlockwise.",
        "left60": "Turns the ship one side anticlockwise.",
        "laser": "Fires a laser straight ahead: each ship it reaches loses 2 energy.",
        "wave": "Sends a wave straight ahead: each ship it reaches is pushed one hex on.",
        "titanium_portal": "Sends all the titanium the ship carries home: it becomes points.",
        "build_ship": "Builds a new ship on a tile next to this one.",
        "tidy_up": "Lowers the entropy.",
    }[kind]
    # flying off the tiles is a move's risk only: on a turn, a shot or a portal card it misled
    risk = "Off the map means the ship is lost. " if kind in MOVES else ""
    return (f"{info.name}\n{what}\nCosts {info.cost} energy from the ship; entropy {info.entropy(players):+d}."
            f"\n{risk}A card the ship cannot pay for is skipped.")


def ship_tip(ship: Mapping[str, Any], names: Sequence[str], viewer: int) -> str:
    owner = int(ship["owner"])
    cards = int(ship.get("program_count", 0))
    secret = "" if owner == viewer else " (face down)"
    whose = ship_name(owner, int(ship.get("number", ship["id"])), names)
    return (f"{whose}, facing {DIRS[int(ship['direction']) % 6]}\n"
            f"Energy {ship['energy']} (pays for cards and fights battles), titanium {ship['titanium']} "
            f"(points once sent through a portal)\nProgrammed cards: {cards}{secret}")


def crowd_tip(ships: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    """Every ship sharing a hex with its cargo: a crowded hex shows one "×N" chip instead of a
    cargo pill per ship (`rally_art.crowded`), so the tooltip of any of them lists them all."""
    rows = [f"{ship_name(int(s['owner']), int(s.get('number', s['id'])), names)}: "
            f"{s['energy']} energy, {s['titanium']} titanium" for s in ships]
    return f"{len(ships)} ships on this hex:\n" + "\n".join(rows)


def tile_tip(tile: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = str(tile["kind"])
    value = int(tile.get("value") or 0)
    th = tile.get("threshold")
    head = tile_words(kind, value, None if th is None else int(th))
    body = {
        "space": "Nothing here. Ships may fly over and stop on it.",
        "titanium": "The first ship to stop here picks up the titanium.",
        "energy": "The first ship to stop here picks up the energy.",
        "portal": "A ship stopping here claims it for its player, who gets its energy each era "
                  "while entropy is at or below the mark.",
        "tidy": "When placed, this tile lowers the entropy.",
    }.get(kind, "")
    owner = tile.get("owner")
    extra = ""
    if kind == "portal":
        extra = f"\nOwner: {name_of(int(owner), names)}" if owner is not None else "\nNobody owns it yet."
        extra += " Working now." if tile.get("active") else " Not working at this entropy."
    return f"{head}\n{body}{extra}"


def under_ship(tile: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line for a ship's tooltip naming the tile it stands on (whose numbers the ship covers)."""
    kind = str(tile["kind"])
    th = tile.get("threshold")
    line = "Standing on: " + tile_words(kind, int(tile.get("value") or 0), None if th is None else int(th))
    if kind == "portal":
        owner = tile.get("owner")
        whose = "nobody's yet" if owner is None else name_of(int(owner), names)
        line += ", " + {"You": "yours"}.get(whose, whose if owner is None else f"{whose}'s")
        line += ", working now" if tile.get("active") else ", not working at this entropy"
    return line


def token_tip(tok: Mapping[str, Any], names: Sequence[str]) -> str:
    """Whose token it is in words and by its look (colour and the shape on its marker), what it does."""
    owner = tok.get("owner")
    name = name_of(int(owner), names) if owner is not None else ""
    mark = ""
    if owner is not None:
        look = player_look(int(owner))
        mark = f" ({look.name.lower()}, {look.symbol} mark)"
    by = f" you fired{mark}" if name == "You" else f" fired by {name}{mark}" if name else ""
    if tok["kind"] == "laser":
        return f"A laser{by}, flying {DIRS[int(tok['direction']) % 6]}.\nEach round it moves one hex; a ship it reaches loses 2 energy."
    return f"A gravitational wave{by}, moving {DIRS[int(tok['direction']) % 6]}.\nEach round it moves one hex; a ship it reaches is pushed on."


BAR_TIP = ("The clock of the game, from \u22121000 to 0. Every card played raises it; "
           "Tidy Up and Neatly Organized Space lower it (below \u22121000 the scale stretches, "
           "with the start marked). Portals only work while entropy is at or below "
           "their mark (the pins). The game ends with the era in which entropy reaches 0.")
