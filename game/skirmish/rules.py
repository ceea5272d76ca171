"""The skirmish's rules: who acts, what is legal (with the reason when not), what each command does.

A game (the rulebook's procedure, `docs/rules/skirmish.md` in our words):
1. A roll-off; the winner's side deploys first, then the sides alternate, one model at a time,
   each inside its mission zone.
2. Each round: the Environment step (a roll-off; the winner's faction table is rolled on, or
   with the deck option a card is drawn) puts one entry in force for both sides; each side
   gains 2 activation points plus the leadership of its living leaders (unspent points carry
   over); the side with fewer points goes first (a roll-off on equal points).
3. Sides alternate activations while they have points and unactivated models and have not
   stopped. An activation costs a point: one model, or a formation (models in base contact,
   chained, of one training, or with a leader among them); it moves then attacks, attacks then
   moves, or moves twice (a formation's models one at a time, or as one: `MoveGroup`, each
   paying its own route); a tactic may be declared first (a knack check: its effects on a
   success, the Environment's penalty on a failure).
4. An attack: `dice` attacks of one weapon at one target, rolled together; failed dice may be
   rolled again at a point each (once per die). Landed dice deal `attacks.damage_per_hit`
   each; a model at 0 health falls. Exclusively ranged weapons of a model with an enemy in
   base contact or melee reach land only on a 6.
5. The round ends when both sides are out; conditions deal their damage and healing (Rotting,
   Burning, Regrowing) and count down, round-long changes end, the
   mission scores. After the mission's last round (or when a side has no models) the game ends.

Effects of the content's vocabulary interpreted so far: `stat`, `heal`, `damage`,
`condition`, `lose_points`, `extra_move` (an extra move is made at once, before the step under
way goes on; EndStep skips it), `token` (the acting side places each at once; tokens block
movement and sight as their kind says, give their condition to a model that moves across or
ends touching them, and leave when their rounds run out). Abilities: `passive` stat changes
are in force while their model is on the table and the target in reach (one source counts
once); `free`, `instead_of_attack` and `instead_of_move` abilities are used in an activation
(`UseAbility`, a picked model for a `friend` or `enemy` target; once per game where marked).
`push` moves each target straight away from (or toward) the acting model until it would
touch a base or a token, leave the table or climb (`geometry.slide`); `area_attack` rolls
for every enemy whose base the blast's circle touches, one after another, without cover;
`round_start` abilities act after the Environment step, each from its own model.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import game.skirmish as package
from game.core.protocol import CHANCE, Command, Event, JsonDict, Seat
from game.core.rng import Rng
from game.skirmish import geometry as geo
from game.skirmish.attacks import clamp_knack, damage_per_hit, lands
from game.skirmish.commands import (
    ORDERS,
    AbilityUsed,
    Activate,
    ActivationBegan,
    Attack,
    Attacked,
    ConditionChanged,
    Damaged,
    Deploy,
    Deployed,
    EndActivation,
    EndStep,
    EnvironmentCard,
    EnvironmentChosen,
    EnvironmentRoll,
    PlaceToken,
    Fell,
    GameEnded,
    Healed,
    KeepRoll,
    Move,
    MoveGroup,
    Moved,
    PointsGained,
    PointsLost,
    Reroll,
    Roll,
    Rolled,
    RolledOff,
    RollOff,
    RoundBegan,
    Scored,
    Stop,
    Stopped,
    UseAbility,
    TacticResolved,
    TokenPlaced,
)
from game.skirmish.content import (
    AreaAttackEffect,
    ConditionEffect,
    DamageEffect,
    Effect,
    ExtraMoveEffect,
    HealEffect,
    HoldControl,
    HoldRule,
    LosePointsEffect,
    Mission,
    Polygon,
    PushEffect,
    ReachRule,
    ReachZone,
    SlayRule,
    StatEffect,
    Target,
    TokenEffect,
    UnitType,
    Weapon,
)
from game.skirmish.model import Activation, Figure, Mod, PendingRoll, PlacedToken, PlacingTokens
from game.skirmish.words import numbered_name

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState as S

FALLEN = "fallen"
"""The token kind a model that falls leaves behind (data/effects.toml)."""
ROLL_OFFS = {"deploy_rolloff": "deploy", "environment_rolloff": "environment", "first_rolloff": "first"}
"""The phases that are a roll-off, and what each decides (its event's purpose)."""
LISTED_DICE = 1
"""Rolls of this many dice list their outcomes; more dice are only sampled."""


@lru_cache(maxsize=1)
def numbers() -> dict[str, Any]:
    """data/rules.toml: the sight thresholds and the activation points."""
    return tomllib.loads(resources.files(package).joinpath("data/rules.toml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def sight_rules() -> geo.SightRules:
    s = numbers()["sight"]
    return geo.SightRules(hidden_at=float(s["hidden_at"]), terrain_cover_at=float(s["terrain_cover_at"]),
                          model_cover_at=float(s["model_cover_at"]), eye_height=float(s["eye_height"]),
                          columns=int(s["columns"]), spread=float(s["spread"]),
                          rows=tuple(float(r) for r in s["rows"]))


def base_points() -> int:
    return int(numbers()["activation"]["base_points"])


# --- who acts -----------------------------------------------------------------------------

def to_act(s: S) -> list[Seat]:
    if s.phase == "over":
        return []
    if s.phase in ROLL_OFFS or s.phase == "environment":
        return [CHANCE]
    if s.placing is not None:
        return [s.placing.side]
    if s.roll is not None:
        return [CHANCE] if s.roll.waiting_for_dice else [s.roll.side]
    return [s.turn]


def decision_kind(s: S) -> str:
    if s.phase == "deploy":
        return "deploy"
    if s.placing is not None:
        return "place_token"
    if s.roll is not None:
        return "reroll"
    if s.activation is None:
        return "activate"
    return s.activation.step


def open_choice(s: S) -> str | None:
    """Moves and deployments are points on the table: the listed options are a sample."""
    return "point" if decision_kind(s) in ("deploy", "move", "bonus", "place_token") else None


# --- chance -------------------------------------------------------------------------------

def _dice_for(s: S) -> int:
    if s.phase in ROLL_OFFS:
        return 2
    if s.phase == "environment":
        return 1
    assert s.roll is not None
    return len(s.roll.rerolling) or s.roll.dice


def chance_outcomes(s: S) -> list[tuple[Command, float]]:
    if CHANCE not in to_act(s):
        return []
    if s.phase == "environment" and s.deck_mode:
        deck = s.deck or _full_deck()
        return [(EnvironmentCard(CHANCE, side, face), 1 / len(deck)) for side, face in deck]
    if s.phase == "environment":
        return [(EnvironmentRoll(CHANCE, f), 1 / 6) for f in range(1, 7)]
    if s.roll is not None and _dice_for(s) <= LISTED_DICE:
        return [(Roll(CHANCE, (f,)), 1 / 6) for f in range(1, 7)]
    return []  # two dice and more: sampled (a roll-off's 36 outcomes are cheaper drawn)


def sample_chance(s: S, rng: Rng) -> Command:
    rng.random()  # a chance step's own first draw, as every game's
    if s.phase == "environment" and s.deck_mode:
        deck = s.deck or _full_deck()
        side, face = deck[rng.randrange(len(deck))]
        return EnvironmentCard(CHANCE, side, face)
    faces = tuple(1 + rng.randrange(6) for _ in range(_dice_for(s)))
    if s.phase in ROLL_OFFS:
        return RollOff(CHANCE, faces)
    if s.phase == "environment":
        return EnvironmentRoll(CHANCE, faces[0])
    return Roll(CHANCE, faces)


def _full_deck() -> list[tuple[int, int]]:
    return [(side, face) for side in (0, 1) for face in range(1, 7)]


def landing(s: S, model: int, at: tuple[float, float]) -> tuple[float, float]:
    """Where a model set down at `at` by a drag stands: `at`, or, dropped on another model's
    base, the nearest spot against that base (`geometry.contact_spots`) that its move can reach
    (or, deploying, that its zone allows); the nearest one when none can, so the refusal names
    the real obstacle. The gesture's command and the screen's preview both ask this, so the
    route the screen draws ends where the drop lands."""
    if not 0 <= model < len(s.figures) or not _finite(at):
        return at
    f = s.figures[model]
    spots = geo.contact_spots(s.table, s.bodies(), s.body(f), at)
    if not len(spots):
        return at
    act = s.activation
    if act is not None and act.step in ("move", "bonus") and f.on_table:
        budget = act.bonus_distance if act.step == "bonus" else stat(s, f, "move")
        within = np.flatnonzero(np.isfinite(geo.costs(s.table, s.bodies(), s.body(f), spots, budget)))
        if within.size:
            return _point(spots[within[0]])
    elif s.phase == "deploy":
        allowed = next((p for p in spots[:_DEPLOY_TRIES] if why_illegal(s, Deploy(f.side, model, _point(p))) is None), None)
        if allowed is not None:
            return _point(allowed)
    return _point(spots[0])


def movers(s: S) -> tuple[int, ...]:
    """The activation's models that may still move in the step under way (not fallen, not
    moved yet, not stood still for an ability, not held fast by a condition): the formation a
    drag moves as one. A model that cannot move is left out, so the others move without it
    (helper's note: a Rooted model made every drag of its formation refused)."""
    act = s.activation
    if act is None or act.step not in ("move", "bonus"):
        return ()
    if act.step == "bonus":
        may = [m for m in act.bonus if not s.figures[m].fallen]
    else:
        may = [m for m in act.figures if m not in act.moved and m not in act.no_move and not s.figures[m].fallen]
    return tuple(m for m in may if "cannot_move" not in flags(s, s.figures[m]))


def group_landing(s: S, model: int, at: tuple[float, float], group: Sequence[int]) -> tuple[float, float]:
    """`landing` for a formation moved as one by `model`: dropped on a base not the group's own,
    the nearest spot against it to which the whole group may move (`_group_refusal`), else the
    nearest spot, so the refusal names the real obstacle; the group's own bases move away, so a
    drop on one of them stands."""
    if not 0 <= model < len(s.figures) or not _finite(at):
        return at
    f = s.figures[model]
    spots = geo.contact_spots(s.table, bodies_but(s, group, f.id), s.body(f), at)
    if not len(spots):
        return at
    for p in spots[:_GROUP_TRIES]:
        if _group_refusal(s, MoveGroup(f.side, model, _point(p), tuple(group))) is None:
            return _point(p)
    return _point(spots[0])


_GROUP_TRIES = 12
"""Contact spots a formation's drop on a base tries, nearest first (each asks every model's route)."""


_DEPLOY_TRIES = 24
"""Contact spots a deploying drop tries, nearest first, for one inside the side's zone."""


def _point(p: npt.NDArray[np.float64]) -> tuple[float, float]:
    """A numpy row as a table point."""
    return (float(p[0]), float(p[1]))


# --- legality -----------------------------------------------------------------------------

def why_illegal(s: S, cmd: Command) -> str | None:
    """The one authority on legality: None, or why not in a player's words."""
    if isinstance(cmd, RollOff):
        return None if s.phase in ROLL_OFFS and len(cmd.faces) == 2 and _faces_ok(cmd.faces) \
            else "That is no roll-off now."
    if isinstance(cmd, EnvironmentRoll):
        return None if s.phase == "environment" and not s.deck_mode and 1 <= cmd.face <= 6 \
            else "That is no Environment roll now."
    if isinstance(cmd, EnvironmentCard):
        return None if s.phase == "environment" and s.deck_mode and (cmd.side, cmd.face) in (s.deck or _full_deck()) \
            else "That card is not in the Environment deck."
    if isinstance(cmd, Roll):
        return None if s.roll is not None and s.roll.waiting_for_dice and len(cmd.faces) == _dice_for(s) \
            and _faces_ok(cmd.faces) else "No dice are waiting to be rolled."
    if isinstance(cmd, Deploy):
        return _deploy_refusal(s, cmd)
    if isinstance(cmd, PlaceToken):
        return _token_refusal(s, cmd)
    if s.placing is not None:
        return "Place the token first."
    if s.phase != "activations":
        return "Wait: the game is setting up."
    if isinstance(cmd, (Reroll, KeepRoll)):
        return _reroll_refusal(s, cmd)
    if s.roll is not None:
        return "Roll the dice first, then choose which to roll again."
    if isinstance(cmd, Stop):
        return None if s.activation is None else "Finish this activation first."
    if isinstance(cmd, Activate):
        return _activate_refusal(s, cmd)
    if s.activation is None:
        return "Choose a model to activate first."
    if isinstance(cmd, EndActivation):
        return _end_step_refusal(s) if s.activation.step in ("move", "bonus") else None
    if isinstance(cmd, EndStep):
        return _end_step_refusal(s)
    if isinstance(cmd, Move):
        return _move_refusal(s, cmd)
    if isinstance(cmd, MoveGroup):
        return _group_refusal(s, cmd)
    if isinstance(cmd, Attack):
        return _attack_refusal(s, cmd)
    if isinstance(cmd, UseAbility):
        return _ability_refusal(s, cmd)
    return "That cannot be done now."


def _ability_refusal(s: S, cmd: UseAbility) -> str | None:
    act = s.activation
    assert act is not None
    if act.step in ("bonus", "done"):
        return "Finish the extra move first."
    if cmd.model not in act.figures or s.figures[cmd.model].fallen:
        return "That model is not part of this activation."
    f = s.figures[cmd.model]
    if not 0 <= cmd.ability < len(f.unit.abilities):
        return "That model has no such ability."
    ability = f.unit.abilities[cmd.ability]
    if ability.use not in ("free", "instead_of_attack", "instead_of_move"):
        return f"{ability.name} works by itself; it is not used."
    for blast in (e for e in ability.effects if isinstance(e, AreaAttackEffect)):
        if not _finite(cmd.at) or math.dist(cmd.at, f.at) > blast.range + 1e-9:
            return f"Aim {ability.name} at a point within {blast.range:g}\"."
        if not point_in_sight(s, f, cmd.at):
            return "Out of sight: choose a point your model can see."
    if (f.id, cmd.ability) in act.abilities:
        return f"{ability.name} has been used in this activation."
    if ability.once_per_game and (f.id, cmd.ability) in s.spent:
        return f"{ability.name} can be used once per game, and has been."
    if ability.use == "instead_of_attack" and (any(u[0] == f.id for u in act.used) or f.id in act.no_attack):
        return f"{ability.name} is used instead of attacking, and this model has attacked."
    if ability.use == "instead_of_move" and (f.id in act.walked or f.id in act.no_move):
        return f"{ability.name} is used instead of moving, and this model has moved."
    for effect in ability.effects:
        who = getattr(getattr(effect, "target", None), "who", None)
        if who in ("friend", "enemy"):
            refusal = _chosen_refusal(s, f, effect.target, cmd.target)  # type: ignore[union-attr]
            if refusal:
                return refusal
    return None


def _chosen_refusal(s: S, f: Figure, target: Target, chosen: int) -> str | None:
    """A `friend` or `enemy` target the player picks: another friendly model, or an enemy in
    sight, within the effect's reach (base edge to base edge)."""
    if not 0 <= chosen < len(s.figures) or not s.figures[chosen].on_table:
        return "Choose a model on the table for this ability."
    t = s.figures[chosen]
    if target.who == "friend" and (t.side != f.side or t.id == f.id):
        return "Choose another of your models."
    if target.who == "enemy" and t.side == f.side:
        return "Choose an enemy model."
    if target.within is not None and geo.edge_gap(s.body(f), s.body(t)) > target.within + 1e-9:
        return f"Out of reach: within {target.within:g}\" only."
    if target.who == "enemy" and sight_of(s, f, t).verdict == "hidden":
        return "Out of sight: the target is mostly hidden."
    return None


def _faces_ok(faces: Iterable[int]) -> bool:
    return all(1 <= f <= 6 for f in faces)


def _finite(p: Sequence[float]) -> bool:
    return all(math.isfinite(v) for v in p)


def _deploy_refusal(s: S, cmd: Deploy, bodies: Sequence[geo.Body] | None = None) -> str | None:
    """`bodies`: the models on the table, when the caller checks many spots at once."""
    if s.phase != "deploy" or cmd.seat != s.turn:
        return "It is not your deployment now."
    if not 0 <= cmd.model < len(s.figures) or s.figures[cmd.model].side != cmd.seat:
        return "That is not one of your models."
    f = s.figures[cmd.model]
    if f.deployed:
        return "That model is already on the table."
    if not _finite(cmd.at):
        return "That is not a point on the table."
    zone = s.mission.zones[f.side]
    if not geo.in_polygon(zone, cmd.at[0], cmd.at[1]):
        return "Deploy inside your deployment zone."
    return geo.placement_refusal(s.table, s.bodies() if bodies is None else bodies, s.body(f, *cmd.at))


def _token_refusal(s: S, cmd: PlaceToken) -> str | None:
    p = s.placing
    if p is None:
        return "No token is waiting to be placed."
    if cmd.seat != p.side:
        return "The other side places this token."
    if not _finite(cmd.at):
        return "That is not a point on the table."
    kind = s.token_kinds[p.kind]
    r = kind.diameter / 2
    if math.dist(cmd.at, p.origin) + r > p.range + p.origin_radius + 1e-9:
        return f"Place it wholly within {p.range:g}\"" + (" of the table's centre." if p.central else " of your model.")
    if p.central and any(geo.in_polygon(z, *cmd.at) for z in s.mission.zones):
        return "Not inside a deployment zone."
    if geo.overlaps_terrain(s.table, cmd.at[0], cmd.at[1], r):
        return "A token may not overlap terrain."
    refusal = geo.placement_refusal(s.table, s.bodies(), _token_body(s, cmd.at))
    if refusal != geo.ON_A_BASE:
        return refusal
    where = "the table's centre" if p.central else "your model"
    return f"A token may not lie on a model's base: set it on open ground within {p.range:g}\" of {where}."


def _token_body(s: S, at: tuple[float, float]) -> geo.Body:
    """The token waiting to be placed (`s.placing`), as a round body lying at `at`."""
    assert s.placing is not None
    kind = s.token_kinds[s.placing.kind]
    return geo.Body(at[0], at[1], kind.diameter / 2, max(kind.height, 0.1), "token")


def token_landing(s: S, at: tuple[float, float]) -> tuple[float, float]:
    """Where the token waiting to be placed, dropped at `at`, lies: `at`, or, dropped on a
    model's base (which the rules forbid), the nearest spot against that base where it may lie
    (`geometry.contact_spots`, then `_token_refusal`: in range, off terrain and zones), as a
    model dropped on a base lands against it (`landing`); `at` when no such spot may, so the
    refusal says why (play-test: a mirror dropped on the warden raising it was refused)."""
    if s.placing is None or not _finite(at):
        return at
    spots = geo.contact_spots(s.table, s.bodies(), _token_body(s, at), at)
    side = s.placing.side
    return next((_point(p) for p in spots if _token_refusal(s, PlaceToken(side, _point(p))) is None), at)


def _activate_refusal(s: S, cmd: Activate) -> str | None:
    if s.activation is not None:
        return "Finish this activation first."
    if cmd.seat != s.turn:
        return "It is not your activation."
    if s.points[cmd.seat] < 1:
        return "You have no activation points left this round."
    if cmd.order not in ORDERS:
        return "Choose move then attack, attack then move, or move twice."
    if not cmd.models or len(set(cmd.models)) != len(cmd.models):
        return "Choose the models to activate."
    figs = []
    for m in cmd.models:
        if not 0 <= m < len(s.figures):
            return "That is not a model."
        f = s.figures[m]
        if f.side != cmd.seat or not f.on_table:
            return "Activate your own models on the table."
        if f.activated:
            return f"{numbered_name(f.unit.name, f.number)} has already activated this round."
        figs.append(f)
    if len(figs) > 1:
        refusal = formation_refusal(s, figs)
        if refusal:
            return refusal
    if cmd.tactic and cmd.tactic not in {t.name for t in s.factions[cmd.seat].tactics}:
        return "Your faction has no such tactic."
    return None


def formation_refusal(s: S, figs: Sequence[Figure]) -> str | None:
    """A formation: every model in base contact with the group (chained), one training shared
    by all, unless a leader is among them, and each unit sheet's own pattern kept."""
    apart = unchained(s, figs)
    if apart is not None:
        return f"A formation's models must be in base contact with each other: {_gap_words(*apart)}."
    if not any(f.unit.is_leader for f in figs):
        shared = set(figs[0].unit.training)
        for f in figs[1:]:
            shared &= set(f.unit.training)
        if not shared:
            return "A formation shares one training, unless a leader leads it."
    return pattern_refusal(s, figs)


def _gap_words(f: Figure, gap: float) -> str:
    """The model a formation leaves out and how far (`unchained`), as both formation refusals say it."""
    return (f"{numbered_name(f.unit.name, f.number)} is {gap:.1f}\" from the nearest of the others "
            f"(touching: {geo.BASE_CONTACT:g}\" or less)")


def unchained(s: S, figs: Sequence[Figure]) -> tuple[Figure, float] | None:
    """None when the models' bases form one chain of base contact; else the model left out
    nearest the chain grown from the first, with its edge gap to it (play-test: models that
    looked touching at fit zoom were refused with no word of how far apart they stood)."""
    bodies = [s.body(f) for f in figs]
    linked = {0}
    grew = True
    while grew:
        grew = False
        for i, b in enumerate(bodies):
            if i not in linked and any(geo.in_base_contact(b, bodies[j]) for j in linked):
                linked.add(i)
                grew = True
    if len(linked) == len(figs):
        return None
    gap, i = min((min(geo.edge_gap(bodies[i], bodies[j]) for j in linked), i)
                 for i in range(len(figs)) if i not in linked)
    return figs[i], gap


def pattern_refusal(s: S, figs: Sequence[Figure]) -> str | None:
    """A unit sheet's own pattern: when two or more models of a unit type whose sheet gives one
    activate together, they number within its bounds and stand in its shape (a line, a pair, a
    ring; `geo.in_line`, `geo.in_ring`). A single such model joining another block keeps none."""
    by_unit: dict[str, list[Figure]] = {}
    for f in figs:
        if f.unit.formation is not None:
            by_unit.setdefault(f.unit.id, []).append(f)
    for group in by_unit.values():
        if len(group) < 2:
            continue
        unit, pattern = group[0].unit, group[0].unit.formation
        assert pattern is not None
        if not pattern.min <= len(group) <= pattern.max:
            size = f"{pattern.min}" if pattern.min == pattern.max else f"{pattern.min} to {pattern.max}"
            return f"{unit.name} models move as a {pattern.shape} of {size}, not {len(group)}."
        bodies = [s.body(f) for f in group]
        shaped = geo.in_ring(bodies) if pattern.shape == "ring" else geo.in_line(bodies)
        if not shaped:
            how = {"line": "side by side in a straight line", "pair": "as a touching pair",
                   "ring": "around one of them, all touching it"}[pattern.shape]
            return f"{unit.name} models activate together only {how}."
    return None


def _end_step_refusal(s: S) -> str | None:
    act = s.activation
    assert act is not None
    if act.step in ("move", "bonus") and len(act.figures) > 1:
        standing = [s.figures[i] for i in act.figures if not s.figures[i].fallen]
        apart = unchained(s, standing) if standing else None
        if apart is not None:
            return (f"The formation must end its move in base contact: {_gap_words(*apart)}. "
                    "Undo its move to place it again.")
        broken = pattern_refusal(s, standing)
        return None if broken is None else "The formation must end its move in its pattern: " + broken
    return None


def _move_refusal(s: S, cmd: Move) -> str | None:
    return _step_refusal(s, cmd.model) or _reach_refusal(s, s.figures[cmd.model], cmd.to)


def _step_refusal(s: S, model: int) -> str | None:
    """Why `model` may not move in the activation's step now (whatever the spot), or None."""
    act = s.activation
    assert act is not None
    bonus = act.step == "bonus"
    if act.step not in ("move", "bonus"):
        return "This activation is attacking now, not moving."
    if not 0 <= model < len(s.figures) or model not in act.figures or s.figures[model].fallen:
        return "That model is not part of this activation."
    if bonus and model not in act.bonus:
        return "That model has made its extra move."
    if not bonus and model in act.moved:
        return "That model has made this move already (a move is never split)."
    if not bonus and model in act.no_move:
        return "That model used an ability instead of moving."
    f = s.figures[model]
    if "cannot_move" in flags(s, f):
        return f"{f.unit.name} cannot move."
    return None


def _reach_refusal(s: S, f: Figure, to: Sequence[float], beside: tuple[int, ...] = ()) -> str | None:
    """Why `f` may not end its move at `to` (off the table, on a base, out of its Move by the
    cheapest route), or None; the models in `beside` move with it, so they are in nobody's way."""
    if not _finite(to):
        return "That is not a point on the table."
    act = s.activation
    assert act is not None
    budget = act.bonus_distance if act.step == "bonus" else stat(s, f, "move")
    straight = math.dist((f.x, f.y), to)
    if straight > budget + 1e-6:  # no route is shorter than the straight line: skip the search
        return f"Out of reach: that takes at least {straight:.1f}\" of a {budget:g}\" move."
    route = _path(s, f, to, beside)
    if route is None:
        refusal = geo.placement_refusal(s.table, bodies_but(s, beside, f.id), s.body(f, *to))
        return refusal or "No way leads there."
    if route.cost > budget + 1e-6:
        return f"Out of reach: that takes {route.cost:.1f}\" of a {budget:g}\" move."
    return None


def bodies_but(s: S, beside: Iterable[int], keep: int) -> list[geo.Body]:
    """The bases on the table but those of `beside`, the models moving with `keep` (its own
    stays: paths skip the mover); the table's previews ask the same (`public.PublicTable`)."""
    apart = set(beside) - {keep}
    return [b for b in s.bodies() if b.ident not in apart]


def group_spots(s: S, cmd: MoveGroup) -> dict[int, tuple[float, float]]:
    """Where each model of a group move ends: `cmd.to` for the one picked up, the others moved
    by the same offset (they keep their places beside it)."""
    lead = s.figures[cmd.model]
    dx, dy = float(cmd.to[0]) - lead.x, float(cmd.to[1]) - lead.y
    return {m: (s.figures[m].x + dx, s.figures[m].y + dy) for m in cmd.group}


def _group_refusal(s: S, cmd: MoveGroup) -> str | None:
    """A formation moved as one: two or more models of the step's movers, the one picked up
    among them; each may make its own move to its spot (the same words as a single model's for
    the one picked up; a follower that cannot is named, with its reason)."""
    group = cmd.group
    if len(group) < 2 or len(set(group)) != len(group) or cmd.model not in group:
        return "Choose the formation's models to move together."
    if not _finite(cmd.to):
        return "That is not a point on the table."
    lead_first = (cmd.model, *(g for g in group if g != cmd.model))
    for m in lead_first:
        why = _step_refusal(s, m)
        if why is not None:
            return _said_of(s, cmd, m, why)
    spots = group_spots(s, cmd)
    for m in lead_first:
        why = _reach_refusal(s, s.figures[m], spots[m], group)
        if why is not None:
            return _said_of(s, cmd, m, why)
    apart = _left_apart(s, spots)
    if apart is not None:
        return f"The formation must end its move in base contact, and after this move {_gap_words(*apart)}."
    return None


def _left_apart(s: S, spots: Mapping[int, tuple[float, float]]) -> tuple[Figure, float] | None:
    """The activation's model out of base contact once the models of `spots` stand there
    (`unchained`), when some stay where they are (moved alone already, stood still, held fast).
    The group holds every model that may still move, so nothing could close such a gap before
    End move (play-test: the drag was accepted and only End move refused)."""
    act = s.activation
    assert act is not None
    standing = [s.figures[m] for m in act.figures if not s.figures[m].fallen]
    if all(f.id in spots for f in standing):
        return None  # the whole formation moves by one offset: it keeps its contacts
    placed = []
    for f in standing:
        g = f.copy()
        if f.id in spots:
            g.x, g.y = spots[f.id]
        placed.append(g)
    return unchained(s, placed)


def _said_of(s: S, cmd: MoveGroup, model: int, why: str) -> str:
    """A group move's refusal for `model`: as a single move's for the one picked up, naming a follower."""
    return why if model == cmd.model else f"{_named(s, model)} cannot follow: {why}"


def _named(s: S, model: int) -> str:
    f = s.figures[model]
    return numbered_name(f.unit.name, f.number)


def _attack_refusal(s: S, cmd: Attack) -> str | None:
    act = s.activation
    assert act is not None
    if act.step != "attack":
        return "This activation is moving now, not attacking."
    if cmd.model not in act.figures or s.figures[cmd.model].fallen:
        return "That model is not part of this activation."
    f = s.figures[cmd.model]
    if f.id in act.no_attack:
        return "That model used an ability instead of attacking."
    if "cannot_attack" in flags(s, f):
        return f"{f.unit.name} cannot attack."
    if not 0 <= cmd.weapon < len(f.unit.weapons):
        return "That model has no such weapon."
    weapon = f.unit.weapons[cmd.weapon]
    left = attacks_of(s, f, cmd.weapon) - act.spent(f.id, cmd.weapon)
    if cmd.dice < 1 or cmd.dice > left:
        return f"{weapon.name} has {left} attack{'s' if left != 1 else ''} left."
    if not 0 <= cmd.target < len(s.figures):
        return "That is not a model."
    t = s.figures[cmd.target]
    if t.side == f.side or not t.on_table:
        return "Attack an enemy model on the table."
    return target_refusal(s, f, cmd.weapon, t)


def target_refusal(s: S, f: Figure, weapon: int, t: Figure) -> str | None:
    w = f.unit.weapons[weapon]
    a, b = s.body(f), s.body(t)
    if w.melee:
        if not geo.within_melee(a, b, w.range):
            return f"{w.name} reaches only models in base contact."
        climb = abs(s.table.elevation_at(a.x, a.y) - s.table.elevation_at(b.x, b.y))
        if climb > stat(s, f, "move") + 1e-9:  # the rulebook's allowance: it could climb that far
            return f"The target is {climb:g}\" above or below: more than this model's move."
        return None
    if geo.edge_gap(a, b) > stat(s, f, "range", w.range) + 1e-6:
        return f"Out of range: {w.name} reaches {stat(s, f, 'range', w.range):g}\"."
    if sight_of(s, f, t).verdict == "hidden":
        return "Out of sight: the target is mostly hidden."
    return None


def _reroll_refusal(s: S, cmd: Command) -> str | None:
    roll = s.roll
    if roll is None or roll.waiting_for_dice:
        return "No roll is waiting for that."
    if cmd.seat != roll.side:
        return "It is not your roll."
    if isinstance(cmd, Reroll):
        if not cmd.dice or len(set(cmd.dice)) != len(cmd.dice):
            return "Choose the dice to roll again."
        if any(not 0 <= d < len(roll.faces) for d in cmd.dice):
            return "There is no such die."
        if any(d in roll.rerolled for d in cmd.dice):
            return "A die is rolled again once at most."
        if any(lands(roll.faces[d], roll.knack, roll.forced_six) for d in cmd.dice):
            return "Only failed dice may be rolled again."
        if len(cmd.dice) > s.points[cmd.seat]:
            return "Each die rolled again costs an activation point, and you have too few."
    return None


# --- stats --------------------------------------------------------------------------------

def stat(s: S, f: Figure, name: str, base: float | None = None) -> float:
    """A figure's stat with its conditions and lasting changes (floors as the vocabulary says)."""
    value = float(base if base is not None else {"move": f.unit.move, "defence": f.unit.defence,
                                                  "knack": f.unit.knack}.get(name, 0))
    for cond in f.conditions:
        known = s.conditions.get(cond)
        value += sum(delta for key, delta in known.stats if key == name) if known is not None else 0
    value += sum(m.delta for m in s.mods if m.figure == f.id and m.stat == name)
    value += _passive(s, f, name)
    floor = {"move": 0.0, "defence": 0.0, "attacks": 0.0, "damage": 1.0, "range": 1.0}.get(name, -math.inf)
    return max(floor, value)


def _passive(s: S, f: Figure, name: str) -> int:
    """Passive abilities in force on `f`: its own, and those of models whose reach it is in
    (one source, one unit type's ability, counts once however many models carry it)."""
    seen: dict[str, int] = {}
    me: geo.Body | None = None
    for g in s.figures:
        effects = _passive_effects(g.unit).get(name)
        if not effects or not g.on_table:
            continue
        for ability, effect in effects:
            who, within = effect.target.who, effect.target.within
            if who == "self":
                hit = g.id == f.id
            else:
                hit = g.id != f.id and (g.side == f.side) == (who == "friends")
                if hit and within is not None:
                    me = me or s.body(f)
                    hit = geo.edge_gap(s.body(g), me) <= within + 1e-9
            if hit:
                seen[f"{g.unit.id}:{ability}"] = effect.delta
    return sum(seen.values())


_PASSIVES: dict[int, tuple[UnitType, dict[str, list[tuple[str, StatEffect]]]]] = {}
"""Each unit type's passive stat effects by stat, keyed by the type's id() (the entry holds the
type, so the id is not reused while it is there)."""


def _passive_effects(unit: UnitType) -> dict[str, list[tuple[str, StatEffect]]]:
    """A unit type's passive stat effects by stat, with their ability's name, in sheet order:
    `stat` asks this for every model each time, so the sheet is read once."""
    entry = _PASSIVES.get(id(unit))
    if entry is None or entry[0] is not unit:
        by_stat: dict[str, list[tuple[str, StatEffect]]] = {}
        for ability in unit.abilities:
            if ability.use == "passive":
                for effect in ability.effects:
                    if isinstance(effect, StatEffect):
                        by_stat.setdefault(effect.stat, []).append((ability.name, effect))
        entry = _PASSIVES[id(unit)] = (unit, by_stat)
    return entry[1]


def _path(s: S, f: Figure, to: Sequence[float], beside: tuple[int, ...] = ()) -> geo.Path | None:
    """`geo.path` for a move of `f` (the models of `beside` moving with it, out of its way):
    remembered, since a move is checked (`_move_refusal`) and then made (`_move`) and its route
    is the same both times."""
    return _remembered_path(s.table, tuple(bodies_but(s, beside, f.id)), s.body(f), (float(to[0]), float(to[1])))


@lru_cache(maxsize=16)
def _remembered_path(table: geo.Table, bodies: tuple[geo.Body, ...], mover: geo.Body,
                     goal: tuple[float, float]) -> geo.Path | None:
    """`geo.path` by value (tables, bodies and paths are immutable): a few recent moves."""
    return geo.path(table, bodies, mover, goal)


def flags(s: S, f: Figure) -> set[str]:
    return {flag for cond in f.conditions if cond in s.conditions for flag in s.conditions[cond].flags}


def attacks_of(s: S, f: Figure, weapon: int) -> int:
    w = f.unit.weapons[weapon]
    return int(stat(s, f, "attacks", w.attacks))


def point_in_sight(s: S, f: Figure, at: tuple[float, float]) -> bool:
    """Whether `f` sees a point of the table (a marker an inch high standing there is not
    mostly hidden)."""
    if not 0 <= at[0] <= s.table.width or not 0 <= at[1] <= s.table.depth:
        return False
    marker = geo.Body(float(at[0]), float(at[1]), 0.25, 1.0, "point")
    return geo.sight(s.table, s.bodies(), s.body(f), marker, sight_rules()).verdict != "hidden"


def sight_of(s: S, f: Figure, t: Figure) -> geo.Sight:
    return geo.sight(s.table, s.bodies(), s.body(f), s.body(t), sight_rules())


def engaged(s: S, f: Figure) -> bool:
    """The rulebook's "an enemy within base contact, or melee weapons range": an enemy in base
    contact, within one of the model's melee reaches, or holding the model within one of its own
    (the words fit either side's weapons; a model an enemy can strike is in melee either way)."""
    me = s.body(f)
    own = _melee_reach(f)
    return any(geo.within_melee(me, s.body(e), max(own, _melee_reach(e)))
               for e in s.alive(1 - f.side) if e.on_table)


def _melee_reach(f: Figure) -> float:
    return max((w.range for w in f.unit.weapons if w.melee), default=0.0)


def forced_six(w: Weapon, engaged_now: bool) -> bool:
    """Exclusively ranged weapons of an engaged model land only on an unmodified 6; the rule
    is per weapon: a model's javelins are held to 6s though it also carries a knife."""
    return not w.melee and engaged_now


# --- applying a command -------------------------------------------------------------------

def apply(s: S, cmd: Command) -> list[Event]:
    ev: list[Event] = []
    if isinstance(cmd, RollOff):
        _roll_off(s, cmd.faces, ev)
    elif isinstance(cmd, Deploy):
        _deploy(s, cmd, ev)
    elif isinstance(cmd, PlaceToken):
        _place_token(s, cmd, ev)
    elif isinstance(cmd, (EnvironmentRoll, EnvironmentCard)):
        _environment(s, cmd, ev)
    elif isinstance(cmd, Roll):
        _rolled(s, cmd.faces, ev)
    elif isinstance(cmd, Reroll):
        assert s.roll is not None
        s.points[cmd.seat] -= len(cmd.dice)
        ev.append(PointsLost(cmd.seat, len(cmd.dice), s.points[cmd.seat]))
        s.roll = replace(s.roll, rerolling=tuple(sorted(cmd.dice)))
    elif isinstance(cmd, KeepRoll):
        _settle_roll(s, ev)
    elif isinstance(cmd, Stop):
        s.out[cmd.seat] = True
        ev.append(Stopped(cmd.seat, s.points[cmd.seat]))
        _next_turn(s, ev)
    elif isinstance(cmd, Activate):
        _activate(s, cmd, ev)
    elif isinstance(cmd, Move):
        _move(s, cmd, ev)
    elif isinstance(cmd, MoveGroup):
        _move_group(s, cmd, ev)
    elif isinstance(cmd, Attack):
        _attack(s, cmd)
    elif isinstance(cmd, UseAbility):
        _use_ability(s, cmd, ev)
    elif isinstance(cmd, EndStep):
        _end_step(s, ev)
    elif isinstance(cmd, EndActivation):
        _end_activation(s, ev)
    else:
        raise TypeError(f"not a skirmish command: {cmd!r}")
    return ev


def _roll_off(s: S, faces: tuple[int, ...], ev: list[Event]) -> None:
    winner = -1 if faces[0] == faces[1] else (0 if faces[0] > faces[1] else 1)
    purpose = ROLL_OFFS[s.phase]
    ev.append(RolledOff(faces, winner, purpose))
    if winner < 0:
        return  # equal: roll again
    if s.phase == "deploy_rolloff":
        s.phase, s.turn = "deploy", winner
    elif s.phase == "environment_rolloff":
        s.environment = (winner, 0)
        s.phase = "environment"
    else:
        s.phase, s.turn = "activations", winner
        _check_can_act(s, ev)


def _deploy(s: S, cmd: Deploy, ev: list[Event]) -> None:
    f = s.figures[cmd.model]
    f.x, f.y, f.deployed = float(cmd.at[0]), float(cmd.at[1]), True
    f.number = 1 + sum(1 for g in s.figures if g.side == f.side and g.unit.id == f.unit.id and g.number)  # as the log
    ev.append(Deployed(f.side, f.id, (f.x, f.y), f.unit.id, s.factions[f.side].id))
    left = [any(not g.deployed for g in s.figures if g.side == side) for side in (0, 1)]
    if not any(left):
        _begin_round(s, ev)
    elif left[1 - s.turn]:
        s.turn = 1 - s.turn


def _begin_round(s: S, ev: list[Event]) -> None:
    s.round += 1
    s.out = [False, False]
    for f in s.figures:
        f.activated = False
    ev.append(RoundBegan(s.round))
    # with the deck option the card turned says whose entry it is: nothing to roll off for
    s.phase = "environment" if s.deck_mode else "environment_rolloff"


def _environment(s: S, cmd: EnvironmentRoll | EnvironmentCard, ev: list[Event]) -> None:
    if isinstance(cmd, EnvironmentCard):
        s.deck = [c for c in (s.deck or _full_deck()) if c != (cmd.side, cmd.face)]
        side, face = cmd.side, cmd.face
    else:
        assert s.environment is not None
        side, face = s.environment[0], cmd.face
    s.environment = (side, face)
    ev.append(EnvironmentChosen(side, face))
    entry = s.factions[side].environment_roll(face)
    for effect in entry.effects:
        _effect(s, effect, side, None, f"environment:{entry.name}", ev)
    _round_start_abilities(s, ev)
    if s.placing is not None:
        s.phase = "environment_tokens"  # the entry's side places its tokens first
        return
    _points_and_first(s, ev)


def _round_start_abilities(s: S, ev: list[Event]) -> None:
    """Every model's round-start abilities, side 0's first, each acting from its own model."""
    for f in s.figures:
        if not f.on_table:
            continue
        for ability in f.unit.abilities:
            if ability.use == "round_start":
                own = Activation(f.side, (f.id,), "move_attack", "")
                for effect in ability.effects:
                    _effect(s, effect, f.side, own, f"ability:{f.unit.id}:{ability.name}", ev)


def _points_and_first(s: S, ev: list[Event]) -> None:
    """The round's activation points, and who goes first."""
    for p in (0, 1):
        leaders = sum(f.unit.leadership for f in s.alive(p) if f.unit.is_leader)
        gained = base_points() + leaders
        s.points[p] += gained
        ev.append(PointsGained(p, gained, s.points[p]))
    if s.points[0] == s.points[1]:
        s.phase = "first_rolloff"
    else:
        s.phase, s.turn = "activations", 0 if s.points[0] < s.points[1] else 1
        _check_can_act(s, ev)


def _place_token(s: S, cmd: PlaceToken, ev: list[Event]) -> None:
    p = s.placing
    assert p is not None
    s.tokens.append(PlacedToken(p.kind, float(cmd.at[0]), float(cmd.at[1]), p.rounds, p.side))
    s.rebuild_table()
    ev.append(TokenPlaced(p.kind, (float(cmd.at[0]), float(cmd.at[1]))))
    s.placing = replace(p, left=p.left - 1) if p.left > 1 else (s.placing_next.pop(0) if s.placing_next else None)
    _settle_placing(s, ev)


def _settle_placing(s: S, ev: list[Event]) -> None:
    """Drop a placement with nowhere left to put a token; then, if the Environment step was
    waiting for it, the round goes on."""
    while s.placing is not None and not _token_candidates(s, s.placing.side):
        s.placing = s.placing_next.pop(0) if s.placing_next else None
    if s.placing is None and s.phase == "environment_tokens":
        _points_and_first(s, ev)


def _can_act(s: S, side: int) -> bool:
    return not s.out[side] and s.points[side] >= 1 and any(not f.activated and f.on_table for f in s.alive(side))


def _check_can_act(s: S, ev: list[Event]) -> None:
    """The turn goes to a side that can act; with none, the round ends."""
    if _can_act(s, s.turn):
        return
    if _can_act(s, 1 - s.turn):
        s.turn = 1 - s.turn
        return
    _end_round(s, ev)


def _next_turn(s: S, ev: list[Event]) -> None:
    s.turn = 1 - s.turn
    _check_can_act(s, ev)


def _activate(s: S, cmd: Activate, ev: list[Event]) -> None:
    s.points[cmd.seat] -= 1
    s.activation = Activation(cmd.seat, cmd.models, cmd.order, cmd.tactic)
    ev.append(ActivationBegan(cmd.seat, cmd.models, cmd.order, tactic_index(s, cmd.seat, cmd.tactic)))
    if cmd.tactic:
        tactic = next(t for t in s.factions[cmd.seat].tactics if t.name == cmd.tactic)
        s.roll = PendingRoll("tactic", cmd.seat, 1, tactic.knack)


def _move(s: S, cmd: Move, ev: list[Event]) -> None:
    f = s.figures[cmd.model]
    route = _path(s, f, cmd.to)
    assert route is not None
    _walk(s, f, cmd.to, route, ev)


def _move_group(s: S, cmd: MoveGroup, ev: list[Event]) -> None:
    """Every model of the group to its spot (`group_spots`), each along its own route; the
    routes are all found before any model moves, as they were checked."""
    spots = group_spots(s, cmd)
    routes = {m: _path(s, s.figures[m], spots[m], cmd.group) for m in cmd.group}
    for m in cmd.group:
        route = routes[m]
        assert route is not None
        _walk(s, s.figures[m], spots[m], route, ev)


def _walk(s: S, f: Figure, to: Sequence[float], route: geo.Path, ev: list[Event]) -> None:
    """`f` moves along `route` to `to`: the tokens it touches give their conditions, and the
    activation counts its move made."""
    act = s.activation
    assert act is not None
    touched = geo.tokens_touched(s.table, s.body(f), route)
    f.x, f.y = float(to[0]), float(to[1])
    ev.append(Moved(f.id, tuple((float(x), float(y)) for x, y in route.points), route.length, route.climb))
    for i in touched:
        condition = s.token_kinds[s.tokens[i].kind].on_touch
        if condition is not None and condition in s.conditions:
            rounds = s.conditions[condition].rounds
            f.conditions[condition] = rounds
            ev.append(ConditionChanged(f.id, condition, True, rounds))
    walked = act.walked if f.id in act.walked else act.walked + (f.id,)
    if act.step == "bonus":
        s.activation = replace(act, bonus=tuple(i for i in act.bonus if i != f.id), walked=walked)
    else:
        s.activation = replace(act, moved=act.moved + (f.id,), walked=walked)


def _attack(s: S, cmd: Attack) -> None:
    act = s.activation
    assert act is not None
    f, t = s.figures[cmd.model], s.figures[cmd.target]
    w = f.unit.weapons[cmd.weapon]
    cover = not w.melee and sight_of(s, f, t).verdict == "cover"
    forced = forced_six(w, not w.melee and engaged(s, f))
    knack = clamp_knack(int(stat(s, f, "knack", w.knack)))
    s.activation = replace(act, used=act.used + ((f.id, cmd.weapon, cmd.dice),))
    s.roll = PendingRoll("attack", act.side, cmd.dice, knack, forced, f.id, cmd.weapon, t.id, cover)


def _use_ability(s: S, cmd: UseAbility, ev: list[Event]) -> None:
    act = s.activation
    assert act is not None
    f = s.figures[cmd.model]
    ability = f.unit.abilities[cmd.ability]
    s.activation = act = replace(
        act, abilities=act.abilities + ((f.id, cmd.ability),),
        no_attack=act.no_attack + ((f.id,) if ability.use == "instead_of_attack" else ()),
        no_move=act.no_move + ((f.id,) if ability.use == "instead_of_move" else ()))
    if ability.once_per_game:
        s.spent.append((f.id, cmd.ability))
    ev.append(AbilityUsed(f.id, cmd.ability, cmd.target))
    own = replace(act, figures=(f.id,))  # the ability's "self" and reach are its model's
    for effect in ability.effects:
        _effect(s, effect, f.side, own, f"ability:{f.unit.id}:{ability.name}", ev, cmd.target,
                (float(cmd.at[0]), float(cmd.at[1])))


def _rolled(s: S, faces: tuple[int, ...], ev: list[Event]) -> None:
    roll = s.roll
    assert roll is not None
    if roll.rerolling:
        new = list(roll.faces)
        for d, face in zip(roll.rerolling, faces):
            new[d] = face
        s.roll = roll = replace(roll, faces=tuple(new), rerolled=roll.rerolled + roll.rerolling, rerolling=())
    else:
        s.roll = roll = replace(roll, faces=faces)
    landed = tuple(lands(x, roll.knack, roll.forced_six) for x in roll.faces)
    # the event's dice are those just rolled (on a re-roll, not the whole roll), each with its own
    # verdict (play-test: a re-rolled miss was logged "a hit", paired with the first die's)
    open_failures = any(not ok and d not in roll.rerolled for d, ok in enumerate(landed))
    can_reroll = open_failures and s.points[roll.side] >= 1
    ev.append(Rolled(roll.purpose, faces, tuple(lands(x, roll.knack, roll.forced_six) for x in faces),
                     unpaid=open_failures and not can_reroll))
    if not can_reroll:
        _settle_roll(s, ev)


def _settle_roll(s: S, ev: list[Event]) -> None:
    roll = s.roll
    assert roll is not None
    s.roll = s.rolls_next.pop(0) if s.rolls_next else None
    landed = [lands(x, roll.knack, roll.forced_six) for x in roll.faces]
    act = s.activation
    assert act is not None
    if roll.purpose == "blast":
        blast = s.blasts[roll.weapon]
        t = s.figures[roll.target]
        ev.append(Attacked(roll.figure, -1, t.id, roll.dice, False))
        hits = sum(landed)
        if hits:
            per_hit = damage_per_hit(blast[0], blast[1], int(stat(s, t, "defence")), t.unit.defence_types)
            _hurt(s, t, hits * per_hit, "blast", ev, roll.figure)
        return
    if roll.purpose == "tactic":
        ok = landed[0]
        ev.append(TacticResolved(roll.side, tactic_index(s, roll.side, act.tactic), ok))
        if ok:
            tactic = next(t for t in s.factions[roll.side].tactics if t.name == act.tactic)
            for effect in tactic.effects:
                _effect(s, effect, roll.side, act, f"tactic:{tactic.name}", ev)
        elif s.environment is not None:
            entry = s.factions[s.environment[0]].environment_roll(s.environment[1])
            for effect in entry.penalty:
                _effect(s, effect, roll.side, act, f"penalty:{entry.name}", ev)
        return
    f, t = s.figures[roll.figure], s.figures[roll.target]
    w = f.unit.weapons[roll.weapon]
    ev.append(Attacked(f.id, roll.weapon, t.id, roll.dice, roll.cover))
    per_hit = damage_per_hit(int(stat(s, f, "damage", w.damage)), w.effective, int(stat(s, t, "defence")),
                             t.unit.defence_types, roll.cover)
    hits = sum(landed)
    if hits:
        _hurt(s, t, hits * per_hit, "attack", ev, f.id, roll.weapon)


def tactic_index(s: S, side: int, name: str) -> int:
    """A tactic's place in its faction's list (-1: none), as events record it."""
    return next((i for i, t in enumerate(s.factions[side].tactics) if t.name == name), -1)


def _heal(f: Figure, amount: int, ev: list[Event]) -> None:
    """Up to `amount` health back, never past the unit's own (a heal effect, a Regrowing round)."""
    gained = min(amount, f.unit.health - f.health)
    if gained > 0:
        f.health += gained
        ev.append(Healed(f.id, gained, f.health))


def _hurt(s: S, t: Figure, amount: int, cause: str, ev: list[Event], by: int = -1, weapon: int = -1) -> None:
    """`t` loses `amount` health (an "attack", a "blast" or an "effect"; `by` the model whose)."""
    if t.fallen:
        return
    t.health = max(0, t.health - amount)
    ev.append(Damaged(t.id, amount, t.health, cause, by, weapon))
    if t.health == 0:
        t.fallen = True
        ev.append(Fell(t.id, (t.x, t.y)))
        if FALLEN in s.token_kinds:  # the rulebook's marker where it fell
            s.tokens.append(PlacedToken(FALLEN, t.x, t.y, 0, t.side))
            s.rebuild_table()
        _score_slay(s, t, ev)


def _end_step(s: S, ev: list[Event]) -> None:
    act = s.activation
    assert act is not None
    if act.step == "bonus":  # the extra move is over; the step it interrupted goes on
        s.activation = replace(act, bonus=())
        return
    # the next step: only the step's own moves start afresh; what the activation has done (its
    # abilities, its attacks, who moved or stood still for an ability) holds to its end
    # (play-test: Steady Aim was taken after a move, Pinpoint twice, and a move after Pinpoint)
    nxt = replace(act, stage=act.stage + 1, moved=())
    s.activation = nxt
    if nxt.step == "done":
        _end_activation(s, ev)


def _end_activation(s: S, ev: list[Event]) -> None:
    act = s.activation
    assert act is not None
    for i in act.figures:
        s.figures[i].activated = True
    s.mods = [m for m in s.mods if m.until != "activation"]
    s.activation = None
    if _over_early(s, ev):
        return
    _next_turn(s, ev)


def _over_early(s: S, ev: list[Event]) -> bool:
    empty = [not s.alive(side) for side in (0, 1)]
    if any(empty):
        _finish(s, [side for side in (0, 1) if not empty[side]], "wiped_out", ev)
        return True
    return False


def _condition_ticks(s: S, ev: list[Event]) -> None:
    """Each condition's damage and healing for the round ending (Rotting, Burning, Regrowing),
    before durations count down: a condition of N rounds acts N times, and Burning's one round
    is the 2 damage "at the start of the next round" its text promises."""
    for f in s.figures:
        if not f.on_table:
            continue
        for cond in list(f.conditions):
            kind = s.conditions.get(cond)
            if kind is None:
                continue
            if kind.round_damage:
                _hurt(s, f, kind.round_damage, "effect", ev)
            if kind.round_heal and not f.fallen:
                _heal(f, kind.round_heal, ev)


def _end_round(s: S, ev: list[Event]) -> None:
    _condition_ticks(s, ev)
    if _over_early(s, ev):
        return
    for f in s.figures:
        for cond, left in list(f.conditions.items()):
            if left == 1:
                del f.conditions[cond]
                ev.append(ConditionChanged(f.id, cond, False, 0))
            elif left > 1:
                f.conditions[cond] = left - 1
    s.mods = [m for m in s.mods if m.until not in ("activation", "round")]
    s.environment = None
    lost_leaders = [bool([f for f in s.figures if f.side == side and f.unit.is_leader])
                    and not [f for f in s.alive(side) if f.unit.is_leader] for side in (0, 1)]
    if s.tokens:
        s.tokens = [replace(t, rounds=t.rounds - 1) if t.rounds > 1 else t for t in s.tokens if t.rounds != 1]
        s.rebuild_table()
    _score(s, "round_end", ev)
    victory = s.mission.victory
    if victory.target is not None and max(s.score) >= victory.target and s.score[0] != s.score[1]:
        _finish(s, [0 if s.score[0] > s.score[1] else 1], "target", ev)
        return
    if victory.end_early == "no_leaders" and any(lost_leaders):
        _score(s, "game_end", ev)
        _finish(s, _leaders(s), "no_leaders", ev)
        return
    if s.round >= s.mission.rounds:
        _score(s, "game_end", ev)
        _finish(s, _leaders(s), "rounds", ev)
        return
    _begin_round(s, ev)


def _leaders(s: S) -> list[int]:
    if s.score[0] != s.score[1]:
        return [0 if s.score[0] > s.score[1] else 1]
    tie = s.mission.victory.tiebreak
    if tie == "models":
        a, b = len(s.alive(0)), len(s.alive(1))
    elif tie == "health":
        a, b = sum(f.health for f in s.alive(0)), sum(f.health for f in s.alive(1))
    else:
        a = b = 0
    return [0, 1] if a == b else [0 if a > b else 1]


def _finish(s: S, winners: list[int], how: str, ev: list[Event]) -> None:
    s.phase = "over"
    s.won = winners
    s.over_reason = how
    s.activation, s.roll = None, None
    ev.append(GameEnded(tuple(winners), tuple(s.score), how))


# --- scoring ------------------------------------------------------------------------------

def _score(s: S, when: str, ev: list[Event]) -> None:
    for rule in s.mission.scoring:
        if isinstance(rule, HoldRule) and rule.when == when and s.round >= rule.from_round:
            for obj in s.mission.objectives:
                if rule.objectives and obj.id not in rule.objectives:
                    continue
                holder = controller(s, obj.at, obj.radius, rule.control)
                if holder >= 0:
                    _add_score(s, holder, obj.value * rule.multiplier, f"hold:{obj.id}", ev)
        elif isinstance(rule, ReachRule) and rule.when == when and s.round >= rule.from_round:
            for side in (0, 1):
                zone = reach_area(s.mission, rule.zone, side)
                inside = sum(1 for f in s.alive(side) if f.on_table and geo.in_polygon(zone, f.x, f.y))
                if inside:
                    _add_score(s, side, inside * rule.points, f"reach:{rule.zone}", ev)


def reach_area(mission: Mission, zone: ReachZone, side: int) -> Polygon:
    """The polygon in which `side`'s models score for a `reach` rule of `zone`: the other side's
    deployment zone, or the other side's half of the table. The engine scores by it, and the AI
    and the screen read it from here, so all three mean the same place."""
    return _reach_area(mission.table, mission.zones, zone, side)


def score_lines(mission: Mission) -> list[list[list[float]]]:
    """The lines a model must cross to score by the mission's `reach` rules, other than a
    deployment zone's edge (drawn already): Breakthrough's centre line. Each as [[x, y], [x, y]]."""
    out: list[list[list[float]]] = []
    for rule in mission.scoring:
        if isinstance(rule, ReachRule) and rule.zone == "enemy_half":
            a, b = (set(reach_area(mission, rule.zone, side)) for side in (0, 1))
            line = sorted(a & b)
            if len(line) == 2 and [list(p) for p in line] not in out:
                out.append([list(p) for p in line])
    return out


@lru_cache(maxsize=64)
def _reach_area(table: tuple[float, float], zones: tuple[Polygon, Polygon], zone: ReachZone, side: int) -> Polygon:
    if zone == "enemy_deployment":
        return zones[1 - side]
    return geo.far_half(table, zones[side], zones[1 - side])


def controller(s: S, at: tuple[float, float], radius: float, control: HoldControl = "more") -> int:
    """Who holds an objective (-1: nobody): with `more`, the side with more models touching its
    circle (a tie, nobody); with `alone`, the only side touching it (both, or neither: nobody)."""
    counts = [0, 0]
    for f in s.figures:
        if f.on_table and math.dist(f.at, at) <= radius + geo.base_radius(f.unit.base_mm):
            counts[f.side] += 1
    return held_by(counts[0], counts[1], control)


def held_by(mine: int, theirs: int, control: HoldControl) -> int:
    """The side (0, 1) that controls an objective with `mine` of side 0's and `theirs` of side 1's
    models touching it, or -1 (the rule of `controller`, shared with the AI's evaluator)."""
    if control == "alone" and mine and theirs:
        return -1
    return -1 if mine == theirs else (0 if mine > theirs else 1)


def objective_control(mission: Mission, objective_id: str) -> HoldControl:
    """How the mission's first "hold" rule that scores the objective decides its control (`more`
    when none does): what the screen shows as its holder."""
    for rule in mission.scoring:
        if isinstance(rule, HoldRule) and (not rule.objectives or objective_id in rule.objectives):
            return rule.control
    return "more"


def _score_slay(s: S, fallen: Figure, ev: list[Event]) -> None:
    for rule in s.mission.scoring:
        if isinstance(rule, SlayRule):
            points = rule.leader if fallen.unit.is_leader else rule.other
            if points:
                _add_score(s, 1 - fallen.side, points, f"slay:{fallen.id}", ev)


def _add_score(s: S, side: int, points: int, reason: str, ev: list[Event]) -> None:
    s.score[side] += points
    s.score_parts += ((side, "slay" if reason.startswith("slay:") else reason, points),)
    ev.append(Scored(side, points, s.score[side], reason))


# --- effects (the content's vocabulary) ---------------------------------------------------

def _targets(s: S, target: Target, side: int, act: Activation | None, chosen: int = -1) -> list[Figure]:
    """The figures an effect acts on. Without an activation (an Environment entry) `friends` are
    `side`'s models, `enemies` the other side's and `all` every model; a `friend` or `enemy` is
    the `chosen` model (an ability's pick), else the first in reach."""
    if target.who in ("friend", "enemy") and 0 <= chosen < len(s.figures):
        return [s.figures[chosen]] if s.figures[chosen].on_table else []
    own = [s.figures[i] for i in act.figures] if act is not None else []
    near = own[0] if own else None
    def close(f: Figure) -> bool:
        return target.within is None or near is None or geo.edge_gap(s.body(near), s.body(f)) <= target.within
    on = [f for f in s.figures if f.on_table]
    if target.who in ("self", "formation"):
        return own
    if target.who in ("friends", "friend"):
        found = [f for f in on if f.side == side and f not in own and close(f)]
        return found[:1] if target.who == "friend" else found
    if target.who in ("enemies", "enemy"):
        found = [f for f in on if f.side != side and close(f)]
        return found[:1] if target.who == "enemy" else found
    return [f for f in on if f not in own and close(f)]


def _effect(s: S, effect: Effect, side: int, act: Activation | None, source: str, ev: list[Event],
            chosen: int = -1, at: tuple[float, float] | None = None) -> None:
    if isinstance(effect, StatEffect):
        until = "round" if effect.duration in ("round", "game") else "activation"
        for f in _targets(s, effect.target, side, act, chosen):
            s.mods = [m for m in s.mods if not (m.figure == f.id and m.source == source and m.stat == effect.stat)]
            s.mods.append(Mod(f.id, effect.stat, effect.delta, until, source))
    elif isinstance(effect, HealEffect):
        for f in _targets(s, effect.target, side, act, chosen):
            _heal(f, effect.amount, ev)
    elif isinstance(effect, DamageEffect):
        for f in _targets(s, effect.target, side, act, chosen):
            _hurt(s, f, effect.amount, "effect", ev, act.figures[0] if act is not None else -1)
    elif isinstance(effect, ConditionEffect):
        for f in _targets(s, effect.target, side, act, chosen):
            if effect.mode == "apply" and effect.condition in s.conditions:
                rounds = s.conditions[effect.condition].rounds if effect.rounds is None else effect.rounds
                f.conditions[effect.condition] = rounds
                ev.append(ConditionChanged(f.id, effect.condition, True, rounds))
            elif effect.mode == "clear":
                for cond in [c for c in f.conditions if _cleared_by(s, c, effect.condition)]:
                    del f.conditions[cond]
                    ev.append(ConditionChanged(f.id, cond, False, 0))
    elif isinstance(effect, ExtraMoveEffect):
        if act is not None and s.activation is not None:
            movers = tuple(f.id for f in _targets(s, effect.target, side, act, chosen) if "cannot_move" not in flags(s, f))
            if movers:
                s.activation = replace(s.activation, bonus=movers, bonus_distance=effect.distance)
    elif isinstance(effect, TokenEffect):
        kind = s.token_kinds.get(effect.token)
        if kind is None:
            return
        rounds = kind.rounds if effect.rounds is None else effect.rounds
        if act is not None:
            f = s.figures[act.figures[0]]
            origin, radius, central = f.at, geo.base_radius(f.unit.base_mm), False
        else:
            origin, radius, central = s.mission.centre, 0.0, True
        placing = PlacingTokens(side, effect.token, effect.count, origin, radius, effect.range, rounds, central)
        if s.placing is None:
            s.placing = placing
            _settle_placing(s, ev)
        else:
            s.placing_next.append(placing)
    elif isinstance(effect, PushEffect) and act is not None:
        actor = s.figures[act.figures[0]]
        for f in _targets(s, effect.target, side, act, chosen):
            way = (actor.x - f.x, actor.y - f.y) if effect.toward else (f.x - actor.x, f.y - actor.y)
            to = geo.slide(s.table, s.bodies(), s.body(f), way, effect.distance)
            if to != f.at:
                ev.append(Moved(f.id, (f.at, to), math.dist(f.at, to), 0.0))
                f.x, f.y = to
    elif isinstance(effect, AreaAttackEffect) and act is not None and at is not None:
        actor = s.figures[act.figures[0]]
        knack = clamp_knack(int(stat(s, actor, "knack", effect.knack)))
        damage = int(stat(s, actor, "damage", effect.damage))
        attacks = max(1, int(stat(s, actor, "attacks", effect.attacks)))
        s.blasts.append((damage, effect.effective))
        caught = [f for f in s.alive(1 - side) if f.on_table
                  and math.dist(f.at, at) <= effect.radius + geo.base_radius(f.unit.base_mm)]
        rolls = [PendingRoll("blast", side, attacks, knack, False, actor.id, len(s.blasts) - 1, f.id) for f in caught]
        if rolls:
            if s.roll is None:
                s.roll = rolls[0]
                s.rolls_next.extend(rolls[1:])
            else:
                s.rolls_next.extend(rolls)
    elif isinstance(effect, LosePointsEffect):
        lost = min(effect.amount, s.points[side])
        s.points[side] -= lost
        ev.append(PointsLost(side, lost, s.points[side]))


def _cleared_by(s: S, condition: str, what: str) -> bool:
    if what == "any" or what == condition:
        return True
    known = s.conditions.get(condition)
    return known is not None and known.nature == what


# --- candidates: what the AI and random play choose from (all legal, moves a sample) ------

MOVE_FRACTIONS = (1.0, 0.5)
DIRECTIONS = 8


def candidates(s: S, seat: Seat) -> list[Command]:
    if seat not in to_act(s):
        return []
    if seat == CHANCE:
        listed = chance_outcomes(s)
        return [c for c, _ in listed] if listed else [sample_chance(s, Rng(len(s.figures)))]
    if s.phase == "deploy":
        return _deploy_candidates(s, seat)
    if s.placing is not None:
        return _token_candidates(s, seat)
    if s.roll is not None:
        failed = tuple(d for d, x in enumerate(s.roll.faces)
                       if not lands(x, s.roll.knack, s.roll.forced_six) and d not in s.roll.rerolled)
        out: list[Command] = [KeepRoll(seat)]
        if failed and s.points[seat] > 0:  # 1 point a die: the points short of every failed die
            out.append(Reroll(seat, failed[:s.points[seat]]))  # still pay for some of them
        return out
    if s.activation is None:
        out = [Activate(seat, (f.id,), order) for f in s.alive(seat) if f.on_table and not f.activated
               for order in ORDERS]
        return out + [Stop(seat)]
    act = s.activation
    out = []
    if act.step == "bonus":
        for i in act.bonus:
            if not s.figures[i].fallen:
                out.extend(_move_candidates(s, seat, s.figures[i], act.bonus_distance))
    elif act.step == "move":
        for i in act.figures:
            if i not in act.moved and not s.figures[i].fallen:
                out.extend(_move_candidates(s, seat, s.figures[i]))
    elif act.step == "attack":
        for i in act.figures:
            f = s.figures[i]
            if f.fallen:
                continue
            for w in range(len(f.unit.weapons)):
                left = attacks_of(s, f, w) - act.spent(f.id, w)
                if left < 1:
                    continue
                for t in s.alive(1 - seat):
                    cmd = Attack(seat, f.id, w, t.id, left)
                    if why_illegal(s, cmd) is None:
                        out.append(cmd)
    if act.step in ("move", "attack"):
        for i in act.figures:
            f = s.figures[i]
            for k, ability in enumerate(f.unit.abilities):
                picks = [-1]
                if any(getattr(getattr(e, "target", None), "who", None) in ("friend", "enemy") for e in ability.effects):
                    picks = [g.id for g in s.figures if g.on_table]
                aims = [(-1.0, -1.0)]
                if any(isinstance(e, AreaAttackEffect) for e in ability.effects):
                    aims = [g.at for g in s.alive(1 - seat) if g.on_table]
                for pick in picks:
                    for aim in aims:
                        use = UseAbility(seat, f.id, k, aim, pick)
                        if _ability_refusal(s, use) is None:
                            out.append(use)
    step = EndStep(seat)
    if why_illegal(s, step) is None:
        out.append(step)
    out.append(EndActivation(seat))
    return out


def _token_candidates(s: S, seat: int) -> list[Command]:
    p = s.placing
    if p is None or seat != p.side:
        return []
    r = s.token_kinds[p.kind].diameter / 2
    room = p.range + p.origin_radius - r
    out: list[Command] = []
    for frac in (0.35, 0.7, 1.0):
        for k in range(8):
            angle = 2 * math.pi * (k + frac) / 8
            at = (p.origin[0] + math.cos(angle) * room * frac, p.origin[1] + math.sin(angle) * room * frac)
            cmd = PlaceToken(seat, at)
            if room >= 0 and _token_refusal(s, cmd) is None:
                out.append(cmd)
    return out


DEPLOY_SAMPLES = 24
"""At most this many deployment spots are offered (a continuous zone cannot list its points)."""


def _deploy_candidates(s: S, seat: int) -> list[Command]:
    """Legal spots for the next model, on a grid a base across over the zone, spread out; when
    no grid point is free, a spot in each piece of room the zone has left (`geo.free_spots`)."""
    f = next(g for g in s.figures if g.side == seat and not g.deployed)
    zone = s.mission.zones[seat]
    xs, ys = [p[0] for p in zone], [p[1] for p in zone]
    step = max(0.5, 2 * geo.base_radius(f.unit.base_mm))
    out: list[Command] = []
    bodies = s.bodies()
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + step / 2
        while x < max(xs):
            cmd = Deploy(seat, f.id, (round(x, 3), round(y, 3)))
            if _deploy_refusal(s, cmd, bodies) is None:
                out.append(cmd)
            x += step
        y += step
    if len(out) > DEPLOY_SAMPLES:
        stride = len(out) / DEPLOY_SAMPLES
        out = [out[int(i * stride)] for i in range(DEPLOY_SAMPLES)]
    if not out:  # models placed off the grid can leave room only between its points
        spots = geo.free_spots(s.table, bodies, geo.base_radius(f.unit.base_mm), zone, DEPLOY_SAMPLES)
        out = [cmd for cmd in (Deploy(seat, f.id, p) for p in spots) if _deploy_refusal(s, cmd, bodies) is None]
    return out


def _move_candidates(s: S, seat: int, f: Figure, budget: float | None = None) -> list[Command]:
    budget = stat(s, f, "move") if budget is None else budget
    goals: list[tuple[float, float]] = []
    for frac in MOVE_FRACTIONS:
        for k in range(DIRECTIONS):
            angle = 2 * math.pi * k / DIRECTIONS
            goals.append((f.x + math.cos(angle) * budget * frac, f.y + math.sin(angle) * budget * frac))
    if _move_refusal(s, Move(seat, f.id, f.at)) is not None:
        return []  # the model may not move now at all (checked once, standing still)
    # one Dijkstra prices every goal on the graph `path` searches, so these are the moves
    # `_move_refusal` accepts (the conformance suite checks every candidate)
    points = geo.costs(s.table, s.bodies(), s.body(f), goals, budget)
    return [Move(seat, f.id, (float(g[0]), float(g[1]))) for g, c in zip(goals, points) if c <= budget + 1e-9]


# --- the view -----------------------------------------------------------------------------

def view(s: S, seat: Seat) -> JsonDict:
    """Everything is public in a skirmish; the view is plain data for the screen."""
    return {
        "game": "skirmish", "seat": seat, "phase": s.phase, "round": s.round, "rounds": s.mission.rounds,
        "turn": s.turn, "to_act": to_act(s), "points": s.points[:], "score": s.score[:],
        "mission": s.mission.id, "table": list(s.mission.table),
        "zones": [[list(p) for p in z] for z in s.mission.zones],
        "score_lines": score_lines(s.mission),
        "objectives": [{"id": o.id, "name": o.name, "at": list(o.at), "radius": o.radius, "value": o.value}
                       for o in s.mission.objectives],
        "terrain": [{"name": p.name, "kind": p.kind, "points": [list(q) for q in p.points], "height": p.height}
                    for p in s.layout.pieces],
        "factions": [f.id for f in s.factions],
        "environment": None if s.environment is None or s.phase in ("environment", "environment_rolloff")
        else {"side": s.environment[0], "roll": s.environment[1]},
        "figures": [{"id": f.id, "side": f.side, "unit": f.unit.id, "name": f.unit.name, "number": f.number, "at": [f.x, f.y],
                     "deployed": f.deployed, "health": f.health, "max_health": f.unit.health, "fallen": f.fallen,
                     "activated": f.activated, "base_mm": f.unit.base_mm, "height": f.unit.height,
                     "conditions": dict(f.conditions)} for f in s.figures],
        "activation": None if s.activation is None else {
            "side": s.activation.side, "figures": list(s.activation.figures), "order": s.activation.order,
            "tactic": s.activation.tactic, "step": s.activation.step, "moved": list(s.activation.moved),
            "stage": s.activation.stage, "used": [list(u) for u in s.activation.used],
            "bonus": list(s.activation.bonus), "bonus_distance": s.activation.bonus_distance,
            "abilities": [list(a) for a in s.activation.abilities], "no_attack": list(s.activation.no_attack),
            "no_move": list(s.activation.no_move), "walked": list(s.activation.walked)},
        "roll": None if s.roll is None else _roll_view(s.roll),
        "rolls_next": [_roll_view(r) for r in s.rolls_next],
        "blasts": [[d, list(types)] for d, types in s.blasts],
        "mods": [{"figure": m.figure, "stat": m.stat, "delta": m.delta, "until": m.until, "source": m.source}
                 for m in s.mods],
        "spent": [list(x) for x in s.spent],
        "out": s.out[:], "rosters": list(s.rosters), "deck_mode": s.deck_mode,
        "deck": [list(c) for c in s.deck], "environment_entry": None if s.environment is None else list(s.environment),
        "tokens": [{"kind": t.kind, "at": [t.x, t.y], "rounds": t.rounds, "side": t.side,
                    "diameter": s.token_kinds[t.kind].diameter, "height": s.token_kinds[t.kind].height}
                   for t in s.tokens],
        "placing": None if s.placing is None else _placing_view(s.placing),
        "placing_next": [_placing_view(p) for p in s.placing_next],
        "winners": s.won[:], "over_reason": s.over_reason, "tiebreak": s.mission.victory.tiebreak,
    }



def _roll_view(r: PendingRoll) -> JsonDict:
    return {"purpose": r.purpose, "dice": r.dice, "knack": r.knack, "faces": list(r.faces), "side": r.side,
            "forced_six": r.forced_six, "figure": r.figure, "weapon": r.weapon, "target": r.target,
            "cover": r.cover, "rerolled": list(r.rerolled), "rerolling": list(r.rerolling)}


def _placing_view(p: PlacingTokens) -> JsonDict:
    return {"side": p.side, "kind": p.kind, "left": p.left, "range": p.range, "origin": list(p.origin),
            "origin_radius": p.origin_radius, "rounds": p.rounds, "central": p.central}
