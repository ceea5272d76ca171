"""What a seat's screen may ask the rules, answered from that seat's `view()` alone.

The table draws only `CosmosState.view(seat)`; where it needs an answer only the rules know
(which rondel spaces are reachable and what landing there brings, whether a mission is met
now), `rebuild` makes a position from the view (other seats' hands and missions empty, the
piles' unseen cards unknown) and these helpers ask the engine's own functions of it. Nothing
here reads hidden state, and nothing imports pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.protocol import Command
from game.cosmos import area, rules
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos.content import TOKENS, Content, builtin_content
from game.cosmos.state import CosmosState

View = dict[str, Any]
STANDING, LYING = M.STANDING, M.LYING
"""A Creation token on its console space, ready or retrieved this turn (in a view's `tokens`;
a token on the board holds its inner space's section instead)."""


def _slot(d: dict[str, Any] | None) -> M.Slot | None:
    if d is None:
        return None
    return M.Slot(int(d["planet"]), list(d["asteroids"]), list(d["life"]), list(d["cards"]), int(d["biome"]),
                  bool(d["fulfilled"]))


def _player(d: dict[str, Any], own: bool) -> M.Player:
    """A play area from its view; another seat's hand and missions are unknown, so empty."""
    p = M.Player(pos=int(d["pos"]), focus=str(d["focus"]))
    p.tokens, p.wild_locked, p.tiers = list(d["tokens"]), bool(d["wild_locked"]), list(d["tiers"])
    p.energy, p.mass, p.entropy, p.vp, p.generator = (int(d[k]) for k in ("energy", "mass", "entropy", "vp", "generator"))
    p.systems = [M.System(str(sy["star"]), [_slot(sl) for sl in sy["planets"]]) for sy in d["systems"]]
    p.hand = list(d["hand"]) if own else []
    p.seen = list(d["seen"])
    p.missions = list(d["missions"]) if own else []
    p.done_missions = list(d["done_missions"])
    p.track, p.small, p.big = list(d["track"]), dict(d["small"]), list(d["big"])
    return p


def rebuild(view: View, seat: int, content: Content | None = None) -> CosmosState:
    """A position holding everything `view` shows (the board's tops, every play area, `seat`'s
    own hand and missions); what the view does not show is empty. For questions about the
    public board and `seat`'s own area only. (The game's own content by default.)"""
    s = CosmosState.__new__(CosmosState)
    s.content = content or builtin_content()
    s.alternative = bool(view["alternative"])
    s.tiles = [(int(t[0]), bool(t[1])) for t in view["tiles"]]
    s.star_stock = dict(view["stars"])
    s.asteroid_stock = dict(view["asteroids"])
    s.systems_left = int(view["systems_left"])
    s.planet_piles = [M.Pile(int(p["top"]), [], list(p["bottom"])) for p in view["planets"]]
    s.biome_piles = [M.Pile(int(p["top"]), [], list(p["bottom"])) for p in view["biomes"]]
    s.life_piles = [M.Pile(int(p["top"]), [], list(p["bottom"])) for p in view["life"]]
    s.players = [_player(d, i == seat and isinstance(d["hand"], list)) for i, d in enumerate(view["players"])]
    s.mission_box = []
    s.small_tiles = {k: list(v) for k, v in view["small_tiles"].items()}
    s.big_taken = dict(view["big_taken"])
    s.track_last = list(view["track_last"])
    s.conditions = list(view["conditions"])
    s.reveals = [(str(r[0]), int(r[1])) for r in view["reveals"]]
    s.frames = [_landing(str(code)) for code in view.get("frames") or [] if str(code).startswith("land(")]
    s.round, s.last_round, s.over = int(view["round"]), int(view["last_round"]), bool(view["over"])
    return s


def _landing(code: str) -> M.Landing:
    """A planet on its way to a space (`land(seat,planet,system,slot)`): the space is held for it."""
    seat, planet, system, slot = (int(x) for x in code[code.index("(") + 1:code.rindex(")")].split(","))
    return M.Landing(seat, planet, system, slot)


def frame_kind(view: View) -> tuple[str, int]:
    """The decision under way (the top frame's KIND, e.g. "move", "action") and who makes it;
    ("", -1) when none (the game is over)."""
    frames = view.get("frames") or []
    if not frames or view.get("over"):
        return "", -1
    code = str(frames[-1])
    kind, _, rest = code.partition("(")
    return kind, int(rest.split(",")[0].rstrip(")"))


def action_frame(view: View) -> tuple[str, bool] | None:
    """The Action step's action and whether it is resolved, if an Action step is on the stack."""
    for code in reversed(view.get("frames") or []):
        kind, _, rest = str(code).partition("(")
        if kind == "action":
            parts = rest.rstrip(")").split(",")
            return parts[1], parts[3].strip() == "True"
    return None


def activated(view: View) -> tuple[int, ...]:
    """The systems whose stars the Activate Stars action under way has activated (once each)."""
    for code in reversed(view.get("frames") or []):
        kind, _, rest = str(code).partition("(")
        if kind == "activate_stars":
            inner = rest[rest.index("(") + 1: rest.index(")")]
            return tuple(int(x) for x in inner.split(",") if x.strip())
    return ()


def any_star_to_activate(view: View, seat: int) -> bool:
    """Whether a retrieved token's star activation (full price) is open to `seat` now: one of its
    stars it has the entropy for (the engine's `why_activate`)."""
    s = rebuild(view, seat)
    return any(rules.why_activate(s, seat, si, 0, ()) is None for si in range(len(s.players[seat].systems)))


def action_at(view: View, space: int) -> str:
    """The action of rondel space `space` (even: inner, odd: the action tile's outer space)."""
    return rules.action_at(rebuild(view, 0), space)


@dataclass(frozen=True)
class Landing:
    """What moving the Scientist to one rondel space would do, before the drop."""

    space: int
    steps: int
    action: str
    command: C.Move | None
    """The move a drop there makes (the matching token before the Wild one), None if refused."""
    reason: str | None
    """Why the space cannot be reached now (None when it can)."""
    token: int
    """The Creation token placed (index in `TOKENS`), -1 on an action tile's space."""
    retrieved: tuple[int, ...]
    """Creation tokens passed and retrieved lying down: each gives a star activation or 1 entropy."""
    unlocks_wild: bool
    occupied: bool
    entropy_cost: int
    distance: int
    bonus: str
    """The traffic bonus's kind (a resource, "lifeform" for Create Life, "advance")."""
    bonus_units: int


def landings(view: View, seat: int) -> list[Landing]:
    """Every space 1-3 sections ahead of `seat`'s Scientist (inner and outer), in order."""
    s = rebuild(view, seat)
    p = s.players[seat]
    out = []
    for steps in (1, 2, 3):
        section = (p.pos // 2 + steps) % rules.SECTIONS
        for space in (2 * section, 2 * section + 1):
            found = rules.landing_move(s, seat, steps, space, lambda c: rules.why_move(s, c))
            move, reason = (found, None) if isinstance(found, C.Move) else (None, found)
            tokens, locked, _ = rules.after_passing(s, seat, steps)
            retrieved = tuple(t for t in range(len(TOKENS)) if tokens[t] == M.LYING and p.tokens[t] != M.LYING)
            busy = rules.occupied(s, seat, space)
            distance = steps + busy
            action = rules.action_at(s, space)
            if space % 2 == 0:
                bonus = str(s.content.n("inner_bonus").get(action))
            else:
                tile = s.tiles[space // 2]
                bonus = s.content.tiles[tile[0]].bonus[0 if tile[1] else 1]
            out.append(Landing(space, steps, action, move, reason, move.token if move else (-1 if space % 2 else 0),
                               retrieved, p.wild_locked and not locked, busy, int(steps == 3 and busy), distance,
                               bonus, rules.traffic_units(s, distance)))
    return out


@dataclass(frozen=True)
class MissionCheck:
    mission: int
    met: bool
    have: int
    need: int
    """How far along the requirement is (have / need), for "what is missing"."""


def missions(view: View, seat: int) -> list[MissionCheck]:
    """`seat`'s own missions in hand, each checked against its play area now."""
    s = rebuild(view, seat)
    p = s.players[seat]
    out = []
    for m in p.missions:
        card = s.content.missions[m]
        met = area.mission_met(s, p, m)
        if card.requirement in ("planet_types", "asteroid_types"):
            have, need = area.count(s, p, card.requirement), card.value
        elif card.requirement == "generator":
            have, need = p.generator, card.value
        elif card.requirement == "focus_tier2":
            have, need = max(p.tiers), 2
        elif card.requirement == "focus_all":
            have, need = sum(1 for t in p.tiers if t >= 1), 3
        elif card.requirement == "star":
            have, need = int(met), 1
        else:
            have = max((area.system_icons(s, sy)[card.arg] for sy in p.systems), default=0)
            need = card.value
        out.append(MissionCheck(m, met, min(have, need), need))
    return out


def scores(view: View) -> list[dict[str, int]]:
    """Each seat's running score by part (VP tokens, lifeform tiles, objectives, leftovers; the
    leftover life cards of another seat counted from the view's hand sizes)."""
    out = []
    s = rebuild(view, -1)
    for i, d in enumerate(view["players"]):
        part = area.score_breakdown(s, i)
        hand = d["hand"]
        cards = len(hand) if isinstance(hand, list) else sum(hand.values())
        p = s.players[i]
        part["leftovers"] = (cards + p.entropy + p.mass + p.energy) // 4
        out.append(part)
    return out


def why_play(view: View, seat: int, card: int, system: int, slot: int) -> str | None:
    """Why life card `card` cannot be played on that planet now without a discard (None: it can),
    the engine's own check (`rules.why_life`) on the seat's view: the screen says it live while
    the card is dragged."""
    return rules.why_life(rebuild(view, seat), C.PlayLife(seat, card, system, slot, -1, ""))


def why_drop(view: View, seat: int, zone: str, ident: str, system: int, slot: int) -> str | None:
    """Why a piece of the board dropped on a planet space (or a system) of `seat` would be refused
    on its own terms (cost, room, life conditions), the engine's own check on the seat's view;
    None when that check passes (whether the step under way takes it is the Match's answer)."""
    return _why_drop(rebuild(view, seat), seat, zone, ident, system, slot)


def _why_drop(s: CosmosState, seat: int, zone: str, ident: str, system: int, slot: int) -> str | None:
    if zone == "planet_pile":
        return rules.why_aggregate(s, C.Aggregate(seat, int(ident), system, slot))
    if zone == "biome_pile":
        return rules.why_biome(s, C.SetBiome(seat, int(ident), system, slot))
    if zone == "card":
        return rules.why_life(s, C.PlayLife(seat, int(ident), system, slot, -1, ""))
    if zone == "star":
        return rules.why_evolve(s, C.Evolve(seat, system, ident))
    if zone == "asteroid":
        reasons = [rules.why_catch(s, C.Catch(seat, ident, system, slot, space, life), False)
                   for space, life in ((1, -1), (0, 0), (0, 1), (0, 2))]
        return None if None in reasons else reasons[0]
    return None


PIECE_ACTIONS = {"planet_pile": "aggregate", "biome_pile": "set_biome", "star": "evolve",
                 "asteroid": "catch_asteroid"}
"""The action that takes each piece of the board (a pile's top, a star of the stock, an
asteroid) into a seat's area, and whose step a click on it is answered in."""


def pile_reason(view: View, seat: int, zone: str, ident: str) -> str | None:
    """Why a piece of the board (`PIECE_ACTIONS`) fits none of `seat`'s places now, on its own
    terms: the reason most of the places its action would try give (the free planet spaces and a
    new system: its cost, not "That planet space is taken"); with no such place at all, the
    reason most of the seat's spaces give. None when some place takes it. A click on the pile
    (`gestures.find`) and its hover both say this: counting different places, they once gave
    different words for one position."""
    s = rebuild(view, seat)
    places = _free_places(s, seat, zone, ident) or _every_place(s, seat, zone)
    reasons = [_why_drop(s, seat, zone, ident, si, k) for si, k in places]
    return None if not reasons or None in reasons else most_common(reasons)


def _free_places(s: CosmosState, seat: int, zone: str, ident: str) -> list[tuple[int, int]]:
    """The places (system, planet space) the engine's candidates of the piece's action try it on."""
    out: list[tuple[int, int]] = []
    for cmd in rules.action_commands(s, seat, PIECE_ACTIONS[zone]):
        place = _place_of(cmd, ident)
        if place is not None and place not in out:
            out.append(place)
    return out


def _place_of(cmd: Command, ident: str) -> tuple[int, int] | None:
    """Where `cmd` puts the piece `ident` names (a pile, a star type, an asteroid kind); None
    when it takes another piece."""
    if isinstance(cmd, (C.Aggregate, C.SetBiome)) and str(cmd.pile) == ident:
        return cmd.system, cmd.slot
    if isinstance(cmd, C.Evolve) and cmd.star == ident:
        return cmd.system, 0
    if isinstance(cmd, C.Catch) and cmd.kind == ident:
        return cmd.system, cmd.slot
    return None


def _every_place(s: CosmosState, seat: int, zone: str) -> list[tuple[int, int]]:
    """Every planet space of `seat`'s systems and a new system's (for a star: every system and a
    new one), taken ones included."""
    systems = s.players[seat].systems
    if zone == "star":
        return [(si, 0) for si in range(len(systems) + 1)]
    return [(si, k) for si, sy in enumerate(systems) for k in range(len(sy.planets))] + [(len(systems), 0)]


def most_common(reasons: Sequence[str | None]) -> str | None:
    """The reason given most often (the first of equals): what is wrong wherever the piece goes,
    not what is wrong with one place (a space taken)."""
    found = [r for r in reasons if r is not None]
    return Counter(found).most_common(1)[0][0] if found else None


def why_advance(view: View, seat: int, system: int, slot: int, step: int) -> str | None:
    """Why lifeform advancement `step` (0 gain a bacterium, 1 bacterium to plant, 2 plant to
    animal) cannot be made on that planet now (None: it can): the engine's `rules.why_advance`."""
    return rules.why_advance(rebuild(view, seat), C.Advance(seat, system, slot, step))


def catch_payment(view: View, seat: int, kind: str, system: int, slot: int, free: bool = False) -> tuple[int, int] | None:
    """The asteroid space and payment a drop of `kind` on that planet makes (`gestures.find`
    plays the first legal one in the engine's order: the lifeform space paid with the first
    lifeform there, then the mass space): (space, lifeform index or -1), None when none is legal."""
    s = rebuild(view, seat)
    lives = (-1,) if free else (-1, 0, 1, 2)
    for space in (0, 1):
        for life in lives:
            if rules.why_catch(s, C.Catch(seat, kind, system, slot, space, life), free) is None:
                return space, life
    return None


def discard_options(view: View, seat: int, card: int, system: int, slot: int) -> list[tuple[int, str]]:
    """The discards that let life card `card` live on that planet, as (card discarded, icon it
    lends), from `seat`'s own hand: empty when the card needs none (or no discard helps). The
    screen offers them as a choice on the drop; the engine's `rules.why_life` checks each."""
    s = rebuild(view, seat)
    if rules.why_life(s, C.PlayLife(seat, card, system, slot, -1, "")) is None:
        return []
    hand = s.players[seat].hand
    return [(other, icon) for other in sorted(set(hand) - {card})
            for icon in sorted(set(s.content.life[other].icons))
            if rules.why_life(s, C.PlayLife(seat, card, system, slot, other, icon)) is None]


def catch_options(view: View, seat: int, kind: str, system: int, slot: int, free: bool = False
                  ) -> list[tuple[int, int]]:
    """Every asteroid space and payment a catch of `kind` on that planet may take now, as (space,
    lifeform index paid or -1): the lifeform space paid with one of the planet's lifeforms, the
    mass space paid in mass (either space, free, for a granted free catch). `rules.why_catch`
    checks each, on the seat's view."""
    s = rebuild(view, seat)
    lives = (-1,) if free else (-1, 0, 1, 2)
    return [(space, life) for space in (0, 1) for life in lives
            if rules.why_catch(s, C.Catch(seat, kind, system, slot, space, life), free) is None]
