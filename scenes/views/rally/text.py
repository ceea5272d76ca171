"""The words of the Rally table: the turn banner and tooltips (the log's words are the
engine's: `game.rally.words`).

Seats are named with the table's seat names ("You", "Computer 2"), never the
engine's "Player N"; nothing here reads a card the view was not given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.rally.cards import KIND_BY_NAME, MOVES
from game.rally.words import DIRS as DIRS
from game.rally.words import name_of, ship_name, tile_words
from scenes.views.rally.art import player_colour, player_look

Colour = tuple[int, int, int]
BRASS: Colour = (236, 204, 132)
DIM: Colour = (150, 156, 172)
NEUTRAL: Colour = (200, 204, 214)
"""Log lines about no one in particular."""
ENTROPY_COLOUR: Colour = (200, 150, 120)
"""Log lines about the entropy clock."""


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
        "laser": "Fires a laser straight ahead, one hex a round: the first ship it reaches loses 2 energy and the laser is gone.",
        "wave": "Sends a wave straight ahead, one hex a round: the first ship it reaches is pushed one hex on and the wave is gone.",
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
        return f"A laser{by}, flying {DIRS[int(tok['direction']) % 6]}.\nEach round it moves one hex; the first ship it reaches loses 2 energy, and the laser is gone."
    return f"A gravitational wave{by}, moving {DIRS[int(tok['direction']) % 6]}.\nEach round it moves one hex; the first ship it reaches is pushed on, and the wave is gone."


BAR_TIP = ("The clock of the game, from \u22121000 to 0. Every card played raises it; "
           "Tidy Up and Neatly Organized Space lower it (below \u22121000 the scale stretches, "
           "with the start marked). Portals only work while entropy is at or below "
           "their mark (the pins). The game ends with the era in which entropy reaches 0.")
