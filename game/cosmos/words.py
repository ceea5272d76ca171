"""Cosmos's log in words: one line per event worth one, each naming the card or effect behind it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.core.protocol import Command, Event, Seat, plain_words
from game.core.words import HEADLINE, QUIET, SEAT, YOU, Line, verb
from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos.content import LIFEFORMS, TOKENS, Content

SOURCES = {"traffic": "the Traffic Bonus", "retrieve": "a retrieved token", "exchange": "the Entropy exchange",
           "generator": "the Generator", "soup": "Primordial Soup", "advance": "an advancement",
           "effect": "an effect", "biome": "a scarce Biome"}
OBJECTIVE_NAMES = ("the Stars objective", "the Asteroids objective", "the Biomes objective")
ACTION_NAMES = {"evolve": "Evolve a Star", "aggregate": "Aggregate Planet", "create_life": "Create Life",
                "activate_stars": "Activate Stars", "set_biome": "Set Biome", "upgrade": "Upgrade Console",
                "take_life": "Take Life Cards", "catch_asteroid": "Catch an Asteroid", "soup": "Primordial Soup",
                "catch_free": "Catch an Asteroid (free)", "fulfil_biome": "Fulfil a Biome"}
"""The actions by their names on the board (the log, the hover texts, the banner)."""
SCORE_PARTS = {"tokens": "Points won in play", "tiles": "Lifeform tiles",
               "leftovers": "Cards and resources left, 1 per 4"}
"""The final scoring's parts as the game-over screen names them (the objectives by OBJECTIVE_NAMES)."""


THINGS = {"vp": "VP"}
"""A resource's word where its data name is not one ("4 VP", not "4 vp")."""


def thing(what: str) -> str:
    """A resource or gain in words: "energy", "VP"."""
    return THINGS.get(what, what)


SHORT_MOVE = "for a short move"
"""The Traffic Bonus in the log, by why it came (play-test, twelfth session: "from the Traffic
Bonus" explained nothing to a new player): landing 1 or 2 spaces ahead pays, 3 does not."""


def source_words(source: str, content: Content) -> str:
    kind, _, ident = source.partition(":")
    if kind in SOURCES:
        return SOURCES[kind]
    if kind == "star":
        return f"star {ident}"
    if kind == "planet":
        return f"planet P{ident}"
    if kind == "life":
        return f"life card L{ident}"
    if kind == "biome":
        return f"Biome B{ident}"
    if kind == "focus":
        return f"the {ident} Focus card"
    if kind == "mission":
        return f"mission M{ident}"
    if kind == "action":
        return f"the {ACTION_NAMES.get(ident, ident.replace('_', ' '))} action"
    return source


def gained_from(source: str, content: Content) -> str:
    """Why a gain came: "from planet P12", "for a short move"."""
    return SHORT_MOVE if source == "traffic" else f"from {source_words(source, content)}"


def describe(event: Event, names: Sequence[str], viewer: Seat, content: Content,
             actions: Sequence[str] = ()) -> Line | None:
    """The event's line; a line about the person at the screen reads in the second person
    ("You gain 2 energy", not "You gains"). `actions`: the action of each rondel space (the table
    knows the action tiles' places; without them an action tile's space is "an action tile")."""
    return _second_person(_describe(event, names, viewer, content, actions))


def log_lines(events: Sequence[tuple[int, Event]], names: Sequence[str], viewer: Seat, content: Content,
              actions: Sequence[str] = ()) -> list[Line]:
    """The log's lines for `events` (each with the ply of the command that made it, already
    redacted for `viewer`): a line an event worth one, except that lifeforms one command added to
    one planet from several sources make one line naming each ("You gain 5 bacteria (3 from life
    card L17, 2 for a short move)": play-test, twelfth session, the line named only the card)."""
    out: list[Line] = []
    i = 0
    while i < len(events):
        ply, event = events[i]
        if isinstance(event, E.Lifeforms):
            group = [event]
            for later_ply, later in events[i + 1:]:
                if later_ply != ply or not isinstance(later, E.Lifeforms) or not _same_gain(later, event):
                    break
                group.append(later)
            i += len(group)
            line = _second_person(lifeforms_line(group, names, content))
        else:
            i += 1
            line = describe(event, names, viewer, content, actions)
        if line is not None:
            out.append(line)
    return out


def _same_gain(event: E.Lifeforms, first: E.Lifeforms) -> bool:
    """`event` adds to (or takes from) the same lifeforms of the same planet as `first`."""
    return (event.seat, event.system, event.slot, event.life) == (first.seat, first.system, first.slot, first.life) \
        and (event.delta > 0) == (first.delta > 0)


def _second_person(line: Line | None) -> Line | None:
    if line is None or not line.text.startswith(f"{YOU} "):
        return line
    return dataclasses.replace(line, text=f"{YOU} {verb(YOU, line.text[len(YOU) + 1:])}")


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat by its player's name ("Seat 3" where the names do not reach it)."""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def lifeforms_line(group: Sequence[E.Lifeforms], names: Sequence[str], content: Content) -> Line:
    """Lifeforms of one type on one planet gained (or removed) from one source or several, each
    source named with its share when there are several."""
    first = group[0]
    seat = first.seat
    who = seat_name(names, seat)
    verb_words = "gains" if first.delta > 0 else "removes"
    n, life = sum(abs(e.delta) for e in group), LIFEFORMS[first.life]

    if len(group) == 1:
        sources = SHORT_MOVE if first.source == "traffic" else source_words(first.source, content)
    else:
        sources = ", ".join(f"{abs(e.delta)} {gained_from(e.source, content)}" for e in group)
    return Line(f"{who} {verb_words} {n} {LIFE_ONE[life] if n == 1 else LIFE_MANY[life]} ({sources})", QUIET, seat)


def space_words(space: int, content: Content, actions: Sequence[str] = ()) -> str:
    """A rondel space by what it does ("Create Life"): the wheel shows no numbers."""
    if space < len(actions):
        return ACTION_NAMES.get(actions[space], actions[space])
    if space % 2 == 0:
        action = str(content.n("inner_actions")[space // 2])
        return ACTION_NAMES.get(action, action)
    return "an action tile"


def _describe(event: Event, names: Sequence[str], viewer: Seat, content: Content,
              actions: Sequence[str] = ()) -> Line | None:
    def who(seat: int) -> str:
        return seat_name(names, seat)

    seat = getattr(event, "seat", -1)
    if isinstance(event, E.RoundStarted):
        return Line(f"Round {event.round}", HEADLINE)
    if isinstance(event, E.Moved):
        return Line(moved_words(event, who(seat), content, actions), SEAT, seat)
    if isinstance(event, E.TokenBack):
        what = "flips the Wild token unlocked" if event.flipped else f"retrieves the {TOKENS[event.token]} token"
        return Line(f"{who(seat)} {what}", QUIET, seat)
    if isinstance(event, E.Gained):
        return Line(f"{who(seat)} gains {event.amount} {thing(event.what)} {gained_from(event.source, content)}",
                    QUIET, seat)
    if isinstance(event, E.Paid):
        if event.source.startswith("star:"):  # said by the activation's own line ("activates star IIA, paying 2 entropy")
            return None
        why = ("moving 3 steps onto another Scientist" if event.source == "traffic"
               else source_words(event.source, content))
        return Line(f"{who(seat)} pays {event.amount} {thing(event.what)} for {why}", QUIET, seat)
    if isinstance(event, E.StarPlaced):
        how = f"evolves {event.old} into {event.star}" if event.old else f"adds star {event.star}"
        return Line(f"{who(seat)} {how} in system {event.system + 1}", SEAT, seat)
    if isinstance(event, E.StarActivated):
        return Line(f"{who(seat)} activates star {event.star}, paying {event.cost} entropy", SEAT, seat)
    if isinstance(event, E.PlanetTaken):
        return Line(f"{who(seat)} aggregates planet P{event.planet} ({content.planets[event.planet].type}) "
                    f"into system {event.system + 1}", SEAT, seat)
    if isinstance(event, E.PlanetPlaced):  # its action's line (`PlanetTaken`) came first, before its cost
        return None
    if isinstance(event, E.LifePlayed):
        where = (f"planet P{event.planet} ({content.planets[event.planet].type}) in system {event.system + 1}"
                 if event.planet >= 0 else f"a planet of system {event.system + 1}")
        card = f"life card L{event.card} ({content.life[event.card].type})"
        if event.discard >= 0:  # said first: a card leaves the hand (play-test: it went unnoticed at the end)
            return Line(f"{who(seat)} discards L{event.discard} to count its {event.icon} icon for {card}, "
                        f"played on {where}", SEAT, seat)
        return Line(f"{who(seat)} plays {card} on {where}", SEAT, seat)
    if isinstance(event, E.Lifeforms):
        return lifeforms_line([event], names, content)
    if isinstance(event, E.BiomeSet):
        return Line(f"{who(seat)} sets Biome B{event.biome} by a planet of system {event.system + 1}", SEAT, seat)
    if isinstance(event, E.BiomeFulfilled):
        return Line(f"{who(seat)} fulfils Biome B{event.biome}", SEAT, seat)
    if isinstance(event, E.Upgraded):
        return Line(f"{who(seat)} upgrades the {TOKENS[event.card]} Focus card to tier {event.tier}", SEAT, seat)
    if isinstance(event, E.CardTaken):
        return Line(f"{who(seat)} takes life card L{event.card}", QUIET, seat)
    if isinstance(event, E.AsteroidCaught):
        return Line(f"{who(seat)} catches a {event.kind} asteroid", SEAT, seat)
    if isinstance(event, E.GeneratorMoved):
        return Line(f"{who(seat)} advances the Generator to {event.position}", QUIET, seat)
    if isinstance(event, E.Revealed):
        return Line(f"{revealed_words(event, content)} is turned up in the offer", QUIET)
    if isinstance(event, E.MissionDone):
        return Line(f"{who(seat)} fulfils mission M{event.mission}", SEAT, seat)
    if isinstance(event, E.Passed):
        return passed_line(event, who(seat), content)
    if isinstance(event, E.ObjectiveAdvanced):
        done = ", completing it" if event.completed else ""
        return Line(f"{who(seat)} advances on {OBJECTIVE_NAMES[event.objective]}{done}", SEAT, seat)
    if isinstance(event, E.LifeformTile):
        size = "big" if event.big else "small"
        return Line(f"{who(seat)} claims the {size} {event.life} objective ({event.vp} VP)", SEAT, seat)
    if isinstance(event, E.EndTriggered):
        return Line(f"Two objectives are complete: round {event.last_round} is the last", HEADLINE)
    if isinstance(event, E.GameOver):
        return Line("Final scores: " + ", ".join(f"{who(i)} {v}" for i, v in enumerate(event.scores)), HEADLINE)
    return None


def moved_words(event: E.Moved, name: str, content: Content, actions: Sequence[str] = ()) -> str:
    """A Scientist's move: how far, to which action, the Creation token left there (needed to
    land on an inner space; it comes back when the Scientist passes it), and when another
    Scientist made it count farther (the bonus for a short move goes by that count)."""
    steps = "step" if event.steps == 1 else "steps"
    token = f", leaving their {TOKENS[event.token]} token there" if event.token >= 0 else ""
    # play-test: "moves 2 to Create Life (distance 3)" read as two distances; (twelfth session)
    # "placing the planet token" and "(traffic distance 1)" said nothing to a new player
    crowded = f" (another Scientist is there: counts as {event.distance} steps)" if event.distance != event.steps else ""
    return f"{name} moves {event.steps} {steps} to {space_words(event.to, content, actions)}{token}{crowded}"


def revealed_words(event: E.Revealed, content: Content) -> str:
    """The tile or card a refill turned up, by name ("Life card L12 (bacteria)"; it said "A new
    life is turned up")."""
    if event.kind == "planet" and event.card in content.planets:
        return f"Planet P{event.card} ({content.planets[event.card].type})"
    if event.kind == "life" and event.card in content.life:
        return f"Life card L{event.card} ({content.life[event.card].type})"
    if event.kind == "biome" and event.card in content.biomes:
        return f"Biome B{event.card} ({'scarce' if content.biomes[event.card].scarce else 'abundant'})"
    return f"A new {event.kind}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def passed_line(event: E.Passed, name: str, content: Content) -> Line:
    """A step ended by choice, in words: what was left ("leaves 1 lifeform advancement unused"),
    and at the Mission step, for the seat alone, whether any mission was met."""
    seat, left = event.seat, event.left
    if event.step == "mission":
        if event.met < 0:
            return Line(f"{name} ends the turn without fulfilling a mission", QUIET, seat)
        if event.met == 0:
            return Line(f"{name} ends the turn: no mission met", QUIET, seat)
        return Line(f"{name} ends the turn without fulfilling a mission ({event.met} met)", QUIET, seat)
    action = event.what.replace("_", " ")
    words = {
        # Create Life's bonus is lifeforms on the card played: skipping it brings nothing
        "action": ("skips Create Life (its bonus for a short move comes only with a life card played)"
                   if event.what == "create_life" else f"skips the {ACTION_NAMES.get(event.what, action)} action"),
        "granted_action": f"skips the granted {ACTION_NAMES.get(event.what, action)} action",
        "retrieve": f"takes nothing for {_count(left, 'retrieved token', 'retrieved tokens')}",
        "biome_reward": "declines the scarce Biome's reward",
        "activate_stars": "stops activating stars",
        "activate_star": f"leaves {_count(left, 'star activation', 'star activations')} unused",
        "advance": f"leaves {_count(left, 'lifeform advancement', 'lifeform advancements')} unused",
        "place": f"leaves {left} {(LIFE_ONE if left == 1 else LIFE_MANY).get(event.what, event.what)} unplaced",
        "take": f"stops taking life cards ({left} left to take)",
    }
    return Line(f"{name} {words.get(event.step, 'passes')}", QUIET, seat)


LIFE_ONE = {"bacteria": "bacterium", "plant": "plant", "animal": "animal"}
LIFE_MANY = {"bacteria": "bacteria", "plant": "plants", "animal": "animals"}


def command_words(content: Content, cmd: Command) -> str:
    """A decision's option in a player's words, for the generic decision panel."""
    where = f"system {getattr(cmd, 'system', 0) + 1}, planet {getattr(cmd, 'slot', 0) + 1}"
    if isinstance(cmd, C.Move):
        land = f"the inner space with the {TOKENS[cmd.token]} token" if cmd.token >= 0 else "the action tile"
        return f"Move {cmd.steps} to {land}"
    if isinstance(cmd, C.TakeEntropy):
        return "Take 1 entropy"
    if isinstance(cmd, C.Activate):
        return f"Activate the star of system {cmd.system + 1}"
    if isinstance(cmd, C.Exchange):
        return f"Exchange 2 entropy for 1 {cmd.resource}"
    if isinstance(cmd, C.Evolve):
        return f"Put star {cmd.star} in system {cmd.system + 1}"
    if isinstance(cmd, C.Aggregate):
        return f"Aggregate planet pile {cmd.pile + 1} into {where}"
    if isinstance(cmd, C.PlayLife):
        extra = f", discarding L{cmd.discard} for its {cmd.icon}" if cmd.discard >= 0 else ""
        return f"Play L{cmd.card} on {where}{extra}"
    if isinstance(cmd, C.SetBiome):
        return f"Set the Biome of pile {cmd.pile + 1} by {where}"
    if isinstance(cmd, C.Upgrade):
        return f"Upgrade the {TOKENS[cmd.card]} Focus card"
    if isinstance(cmd, C.Take):
        return f"Take the top {LIFEFORMS[cmd.pile // 2]} card of deck {cmd.pile % 2 + 1}"
    if isinstance(cmd, C.Catch):
        cost = "for 2 mass" if cmd.space else f"for one {LIFEFORMS[cmd.life]}" if cmd.life >= 0 else "free"
        return f"Catch a {cmd.kind} asteroid on {where} {cost}"
    if isinstance(cmd, C.Soup):
        return "Primordial Soup"
    if isinstance(cmd, C.Advance):
        step = ("gain a bacterium", "a bacterium becomes a plant", "a plant becomes an animal")[cmd.step]
        return f"On {where}: {step}"
    if isinstance(cmd, C.Place):
        return f"Place it on {where}"
    if isinstance(cmd, C.Fulfil):
        return f"Fulfil the Biome of {where}"
    if isinstance(cmd, C.Accept):
        return "Pay 1 entropy for the Biome's reward"
    if isinstance(cmd, C.Mission):
        return f"Fulfil mission M{cmd.mission}"
    if isinstance(cmd, C.Reveal):
        return f"Turn up {cmd.kind} {cmd.card} on pile {cmd.pile + 1}"
    if isinstance(cmd, C.Done):
        return "Done"
    return plain_words(cmd)


def brief(event: Event, name: str, content: Content, actions: Sequence[str] = ()) -> str | None:
    """A seat's move in a few words for undo's note in the log ("You played L10", "Computer
    moved to Upgrade Console"), `name` the seat's; None for what follows from a move (gains,
    costs, lifeforms, a new round). Play-test: the note said each move by its log lines, "...;
    also Computer moves 1 step to Aggregate Planet, leaving their planet token there (and 4
    more)", three or four lines at 1024x640."""
    if isinstance(event, E.Moved):
        return f"{name} moved to {space_words(event.to, content, actions)}"
    if isinstance(event, E.Passed):
        return f"{name} ended the turn" if event.step == "mission" else f"{name} passed"
    if isinstance(event, E.LifePlayed):
        return f"{name} played L{event.card}"
    if isinstance(event, E.PlanetTaken):
        return f"{name} aggregated P{event.planet}"
    if isinstance(event, E.StarPlaced):
        return f"{name} {'evolved' if event.old else 'added'} {event.star}"
    if isinstance(event, E.StarActivated):
        return f"{name} activated {event.star}"
    if isinstance(event, E.Upgraded):
        return f"{name} upgraded the {TOKENS[event.card]} Focus"
    if isinstance(event, E.CardTaken):
        return f"{name} took L{event.card}"
    if isinstance(event, E.AsteroidCaught):
        return f"{name} caught an asteroid"
    if isinstance(event, E.BiomeSet):
        return f"{name} set B{event.biome}"
    if isinstance(event, E.BiomeFulfilled):
        return f"{name} fulfilled B{event.biome}"
    if isinstance(event, E.MissionDone):
        return f"{name} fulfilled M{event.mission}"
    return None


def brief_aside(event: Event, name: str) -> str | None:
    """A command none of whose events `brief` words, by what it paid or gained ("You paid 2
    entropy": the Entropy exchange, a retrieved token's gain)."""
    if isinstance(event, (E.Paid, E.Gained)):
        return f"{name} {'paid' if isinstance(event, E.Paid) else 'gained'} {event.amount} {thing(event.what)}"
    if isinstance(event, E.TokenBack):
        return f"{name} took back a token"
    return None
