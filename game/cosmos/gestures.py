"""The table's gestures as Cosmos commands: which candidate a drag or a click means.

A gesture names a family of commands (a planet pile dropped on a planet space is an
`Aggregate` from that pile to that space); `find` keeps the seat's legal candidates of that
family, so the Match's legality is the engine's, and when none is legal it asks the engine why
a representative of the family is refused. Targets (zone, ident):

- drags: `scientist` -> `space:<n>`; `planet_pile:<i>` / `biome_pile:<i>` / `card:<id>` /
  `asteroid:<kind>` -> `slot:<system>:<slot>` (a new Solar System is `slot:<len>:0`);
  `star:<type>` -> `system:<i>` or any `slot` of it;
- clicks: `discard:<card>:<s>:<k>:<discard>:<icon>` and `catch:<kind>:<s>:<k>:<space>:<life>`
  (the view's chooser after a drop with several legal ways: which card to discard, which
  asteroid space and payment), `space:<n>` (move there), `life_pile:<i>` (take), `system:<i>` (activate its star),
  `slot:<s>:<k>` (place a gained lifeform, fulfil its Biome), `advance:<s>:<k>:<step>` (a
  lifeform advancement on that planet, from the view's chooser), `focus:<token>` (upgrade),
  `mission:<id>`, `exchange:<resource>`, `entropy`, `accept`, `soup`, `done`.
"""

from __future__ import annotations

from game.core.protocol import Command, Refusal, Target
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos import public, rules
from game.cosmos.content import LIFEFORMS
from game.cosmos.state import CosmosState
from game.cosmos.words import ACTION_NAMES

DRAGGED = ("scientist", "planet_pile", "biome_pile", "card", "asteroid", "star")
"""Zones a piece is dragged from (the others are clicked)."""


def _num(ident: object) -> int:
    """A target's number (-1 when it has none)."""
    try:
        return int(str(ident))
    except ValueError:
        return -1


def _slot(target: Target | None) -> tuple[int, int] | None:
    if target is None or target.zone != "slot" or target.ident is None:
        return None
    si, _, k = str(target.ident).partition(":")
    return int(si), int(k)


def _system(target: Target | None) -> int | None:
    if target is not None and target.zone == "system" and target.ident is not None:
        return int(target.ident)
    where = _slot(target)
    return None if where is None else where[0]


def matches(cmd: Command, source: Target, target: Target | None) -> bool:
    """Whether `cmd` is what dragging `source` onto `target` (None: clicking `source`) means."""
    z, ident = source.zone, source.ident
    where = _slot(target)
    if isinstance(cmd, C.Aggregate):
        return z == "planet_pile" and _num(ident) == cmd.pile and where == (cmd.system, cmd.slot)
    if isinstance(cmd, C.SetBiome):
        return z == "biome_pile" and _num(ident) == cmd.pile and where == (cmd.system, cmd.slot)
    if isinstance(cmd, C.PlayLife) and z == "discard":
        return target is None and ident == discard_ident(cmd)
    if isinstance(cmd, C.PlayLife):
        return z == "card" and _num(ident) == cmd.card and where == (cmd.system, cmd.slot)
    if isinstance(cmd, C.Catch) and z == "catch":
        return target is None and ident == catch_ident(cmd)
    if isinstance(cmd, C.Catch):
        return z == "asteroid" and ident == cmd.kind and where == (cmd.system, cmd.slot)
    if isinstance(cmd, C.Evolve):
        return z == "star" and ident == cmd.star and _system(target) == cmd.system
    if target is not None:
        return False
    if isinstance(cmd, C.Take):
        return z == "life_pile" and _num(ident) == cmd.pile
    if isinstance(cmd, C.Activate):
        return z == "system" and _num(ident) == cmd.system
    if isinstance(cmd, (C.Place, C.Fulfil)):
        return z == "slot" and _slot(source) == (cmd.system, cmd.slot)
    if isinstance(cmd, C.Advance):
        return z == "advance" and ident == f"{cmd.system}:{cmd.slot}:{cmd.step}"
    if isinstance(cmd, C.Upgrade):
        return z == "focus" and _num(ident) == cmd.card
    if isinstance(cmd, C.Mission):
        return z == "mission" and _num(ident) == cmd.mission
    if isinstance(cmd, C.Exchange):
        return z == "exchange" and ident == cmd.resource
    tags: dict[type, str] = {C.TakeEntropy: "entropy", C.Accept: "accept", C.Soup: "soup", C.Done: "done"}
    return tags.get(type(cmd)) == z


def discard_ident(cmd: C.PlayLife) -> str:
    """The chooser's target for one discard of a life card's play: "card:system:slot:discard:icon"."""
    return f"{cmd.card}:{cmd.system}:{cmd.slot}:{cmd.discard}:{cmd.icon}"


def catch_ident(cmd: C.Catch) -> str:
    """The chooser's target for one space and payment of a catch: "kind:system:slot:space:life"."""
    return f"{cmd.kind}:{cmd.system}:{cmd.slot}:{cmd.space}:{cmd.life}"


def _picked(seat: int, source: Target) -> Command | None:
    """The exact command a chooser's button names (a discard, an asteroid's space and payment)."""
    parts = str(source.ident or "").split(":")
    if len(parts) != 5:
        return None
    try:
        if source.zone == "discard":
            card, si, k, other = (int(x) for x in parts[:4])
            return C.PlayLife(seat, card, si, k, other, parts[4])
        if source.zone == "catch":
            si, k, space, life = (int(x) for x in parts[1:])
            return C.Catch(seat, parts[0], si, k, space, life)
    except ValueError:
        return None
    return None


def _sample(state: CosmosState, seat: int, source: Target, target: Target | None) -> Command | None:
    """One command of the gesture's family (legal or not), for the engine to say why it is refused."""
    z, ident, where = source.zone, source.ident, _slot(target)
    if where is not None:
        si, k = where
        if z == "planet_pile":
            return C.Aggregate(seat, int(ident or 0), si, k)
        if z == "biome_pile":
            return C.SetBiome(seat, int(ident or 0), si, k)
        if z == "card":
            return C.PlayLife(seat, int(ident or 0), si, k, -1, "")
        if z == "asteroid":
            return C.Catch(seat, str(ident), si, k, 1, -1)
    if z == "star" and _system(target) is not None:
        return C.Evolve(seat, _system(target) or 0, str(ident))
    if target is not None:
        return None
    if z in ("discard", "catch"):
        return _picked(seat, source)
    simple: dict[str, Command] = {"entropy": C.TakeEntropy(seat), "accept": C.Accept(seat), "soup": C.Soup(seat),
                                  "done": C.Done(seat)}
    if z in simple:
        return simple[z]
    n = _num(ident)
    if z == "life_pile":
        return C.Take(seat, n)
    if z == "system":
        return C.Activate(seat, n)
    if z == "focus":
        return C.Upgrade(seat, n)
    if z == "mission":
        return C.Mission(seat, n)
    if z == "exchange":
        return C.Exchange(seat, str(ident))
    if z == "advance" and ident is not None and ident.count(":") == 2:
        si, k, step = (int(x) for x in ident.split(":"))
        return C.Advance(seat, si, k, step)
    if z == "slot" and _slot(source) is not None:
        si, k = _slot(source) or (0, 0)
        return C.Place(seat, si, k)
    return None


def find(state: CosmosState, seat: int, source: Target, target: Target | None) -> Command | Refusal:
    """The legal command the gesture means (the first candidate of its family: a life card's
    play without a discard before those with one), or the engine's reason it is refused."""
    if source.zone == "scientist" or (source.zone == "space" and target is None):
        return _move(state, seat, target if source.zone == "scientist" else source)
    legal = [c for c in state.candidates(seat) if matches(c, source, target)]
    if legal:
        return legal[0]
    sample = _sample(state, seat, source, target)
    reason = rules.why_illegal(state, sample) if sample is not None else None
    if reason is None and sample is not None and isinstance(sample, C.PlayLife):
        reason = "That card cannot live on that planet now, even with a discard."
    if reason is None and target is None:
        reason = _pile_reason(state, seat, source)
    return Refusal(reason or waiting_for(state, seat))


def _pile_reason(state: CosmosState, seat: int, source: Target) -> str | None:
    """A pile clicked in its own action's step, when it fits nowhere: `public.pile_reason`, the
    words its hover gives too (play-test: a planet too dear said "That planet space is taken",
    the reason of the first place alone, or nothing at all). None in another step, or where some
    place would take it."""
    frame = state.frames[-1] if state.frames else None
    action = public.PIECE_ACTIONS.get(source.zone)
    if action is None or source.ident is None or not isinstance(frame, (M.Acting, M.Doing)) \
            or frame.action != action or frame.seat != seat or (isinstance(frame, M.Acting) and frame.resolved):
        return None
    return public.pile_reason(state.view(seat), seat, source.zone, source.ident)


WAITING = {"move": "First choose where your Scientist lands: 1 to 3 spaces ahead.",
           "retrieve": "First use the retrieved token: activate a star, or take 1 entropy.",
           "biome_reward": "First say whether you pay 1 entropy for the Biome's reward.",
           "activate_stars": "First activate your stars (each once), or stop.",
           "activate_star": "First activate one of your stars.",
           "advance": "First choose a lifeform advancement, or stop.",
           "take": "First take a life card from the offer, or stop.",
           "mission": "Now fulfil a mission you meet, or end your turn."}
"""What the game waits for at each decision (`CosmosState.pending`'s kind) whose words need
nothing of the position; `waiting_for` words the others. Each fits the table's one-line status
bar (at most `WAITING_CHARS`), as the engine's refusals do."""
ACTION_WAYS = {"evolve": "drag a star from the stock onto your system",
               "aggregate": "drag an offered planet onto an empty planet space",
               "create_life": "drag a life card onto one of your planets",
               "activate_stars": "activate your stars, each once",
               "set_biome": "drag an offered Biome onto your planet",
               "upgrade": "upgrade one of your Focus cards",
               "take_life": "take a life card from the offer",
               "catch_asteroid": "drag an asteroid onto your planet",
               "catch_free": "drag an asteroid onto your planet",
               "soup": "take Primordial Soup",
               "fulfil_biome": "fulfil a Biome of yours"}
"""How each action of the rondel or of an effect is made, for `waiting_for`."""
WAITING_CHARS = 75
"""The longest of `waiting_for`'s answers: one line of the status bar at 1024x640 (the engine's
longest refusal is 73)."""


def waiting_for(state: CosmosState, seat: int) -> str:
    """What the game waits for from `seat` now, in words built from its pending decision: the
    answer to a gesture that means no move at all (a pile clicked instead of dragged, a piece
    dropped on nothing), where a bare "not a move now" left the player guessing."""
    if state.is_over():
        return "The game is over."
    mine = [d for d in state.pending() if d.seat == seat]
    if not mine:
        return "Not your turn: wait for the other players."
    kind, frame = mine[0].kind, state.frames[-1]
    if isinstance(frame, M.Acting) and frame.resolved:
        return "Your action is done: exchange entropy, or end the Action step."
    if isinstance(frame, (M.Acting, M.Doing)):
        return f"First {ACTION_NAMES.get(frame.action, frame.action)}: {ACTION_WAYS.get(frame.action, 'make it')}."
    if isinstance(frame, M.Placing):
        return f"First put the gained {LIFEFORMS[frame.life]} on one of your planets, or give it up."
    return WAITING.get(kind, "That is not a move now.")


def _move(state: CosmosState, seat: int, target: Target | None) -> Command | Refusal:
    """The Scientist onto rondel space `target` (`ident` its number): the token the space needs
    (the matching one, else the Wild one), none on an action tile's space."""
    if target is None or target.zone != "space" or target.ident is None or not target.ident.isdigit() \
            or int(target.ident) >= 2 * rules.SECTIONS:
        return Refusal("Drag your Scientist to a space 1 to 3 ahead.")
    space = int(target.ident)
    steps = (space // 2 - state.players[seat].pos // 2) % rules.SECTIONS
    found = rules.landing_move(state, seat, steps, space, lambda c: rules.why_illegal(state, c))
    return found if isinstance(found, C.Move) else Refusal(found)


def targets(state: CosmosState, seat: int, source: Target) -> list[Target]:
    """Where `source` may be dropped now: the target of each legal candidate of its family."""
    out: list[Target] = []
    p = state.players[seat] if 0 <= seat < len(state.players) else None
    for cmd in state.candidates(seat):
        target: Target | None = None
        if isinstance(cmd, C.Move) and source.zone == "scientist" and p is not None:
            target = Target("space", ident=str(rules.destination(p, cmd)))
        elif isinstance(cmd, (C.Aggregate, C.SetBiome, C.PlayLife, C.Catch)):
            target = Target("slot", ident=f"{cmd.system}:{cmd.slot}")
        elif isinstance(cmd, C.Evolve) and p is not None:
            new = cmd.system >= len(p.systems)
            target = Target("slot", ident=f"{cmd.system}:0") if new else Target("system", ident=str(cmd.system))
        if target is not None and target not in out and (isinstance(cmd, C.Move) or matches(cmd, source, target)):
            out.append(target)
    return out
