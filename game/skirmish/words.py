"""The skirmish's log in words, from the events' fields.

Sides are called by the table's names ("You", "Computer"); models by their unit's name and
their number among that side's models of the unit ("Ash Reaver 2"), learnt from the
`Deployed` events as the log goes; tactics, abilities, weapons and Environment entries by
their names in the content. Every die is shown. Tones: `SEAT` for a side's doings, `ALERT`
for damage and falls, `HEADLINE` for rounds, the Environment, scores and the end, `QUIET`
for the small steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.protocol import Event, JsonDict, Seat
from game.core.text import join_names
from game.core.words import ALERT, HEADLINE, QUIET, SEAT, Line, LogEntry, owner, verb
from game.skirmish.commands import (
    AbilityUsed,
    ActivationBegan,
    Attacked,
    ConditionChanged,
    Damaged,
    Deployed,
    EnvironmentChosen,
    Fell,
    GameEnded,
    Healed,
    Moved,
    PointsGained,
    PointsLost,
    Rolled,
    RolledOff,
    RoundBegan,
    Scored,
    Stopped,
    TacticResolved,
    TokenPlaced,
)
from game.skirmish.content import Content, Faction, UnitType, builtin_content

ORDER_WORDS = {"move_attack": "move, then attack", "attack_move": "attack, then move",
               "double_move": "move twice"}
PURPOSE_WORDS = {"deploy": "deploys first", "environment": "rolls on their Environment table",
                 "first": "goes first"}


def numbered_name(name: str, number: int) -> str:
    """A model as the log, the board's notes and its stat card name it: its unit's name and its
    number among its side's models of that unit ("Ash Reaver 3"), the bare name while it has none
    (not yet deployed)."""
    return f"{name} {number}" if number else name


class _Roll:
    """What the log has learnt so far: each model's unit, side and number; each side's faction."""

    def __init__(self, content: Content, names: Sequence[str]) -> None:
        self.content = content
        self.names = names
        self.units: dict[int, UnitType] = {}
        self.sides: dict[int, int] = {}
        self.numbers: dict[int, int] = {}
        self.factions: dict[int, Faction] = {}

    def side(self, side: int) -> str:
        return self.names[side] if 0 <= side < len(self.names) else f"Side {side + 1}"

    def learn(self, ev: Deployed) -> None:
        faction = self.content.factions.get(ev.faction)
        if faction is None:
            return
        self.factions[ev.side] = faction
        unit = next((u for u in faction.units if u.id == ev.unit), None)
        if unit is not None:
            self.units[ev.model] = unit
            self.sides[ev.model] = ev.side
            self.numbers[ev.model] = 1 + sum(1 for m, u in self.units.items()
                                             if m != ev.model and u.id == unit.id and self.sides[m] == ev.side)

    def model(self, ident: int) -> str:
        unit = self.units.get(ident)
        return numbered_name(unit.name, self.numbers[ident]) if unit is not None else f"model {ident}"


def describe_log(entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat,
                 content: Content | None = None) -> list[Line]:
    roll = _Roll(content or builtin_content(), names)
    out: list[Line] = []
    dice_from: int | None = None
    """Where the lines of the attack dice now rolling begin: the engine records an attack
    (`Attacked`) once its dice are settled, re-rolls included, but it reads first."""
    group: tuple[int, int, list[Moved]] | None = None
    """A move command's ply, its line and its moves so far: a formation moved as one
    (`MoveGroup`) is one line (helper's note: a line per model)."""
    last_ply: int | None = None
    for entry in entries:
        ev = entry.event
        opens_ply, last_ply = entry.ply != last_ply, entry.ply
        if isinstance(ev, Moved) and group is not None and group[0] == entry.ply:
            group[2].append(ev)
            out[group[1]] = _group_line(group[2], roll)
            continue
        if isinstance(ev, Moved) and opens_ply:  # a move command (a push follows its ability's line)
            group = (entry.ply, len(out), [ev])
        if isinstance(ev, Deployed):
            roll.learn(ev)
        line = _line(ev, roll)
        if isinstance(ev, Rolled) and ev.purpose in ("attack", "blast"):
            dice_from = len(out) if dice_from is None else dice_from
        elif isinstance(ev, Attacked) and dice_from is not None and line is not None:
            out.insert(dice_from, line)
            dice_from = None
            continue
        elif not isinstance(ev, PointsLost):  # a re-roll's cost stays among its dice
            dice_from = None
        if line is not None:
            out.append(line)
    return out


def _group_line(moves: Sequence[Moved], r: _Roll) -> Line:
    """Models moved as one: "Tile Shield 1, 2 and 3 move together, 4.0-4.6\"", in the order of
    their numbers (models of several units: of their deployment), with the shortest and the
    longest distance walked (each model pays its own route)."""
    models = sorted(m.model for m in moves)
    units = {r.units[m].name if m in r.units else None for m in models}
    if len(units) == 1 and None not in units and all(r.numbers.get(m) for m in models):
        who = f"{units.pop()} {join_names([str(n) for n in sorted(r.numbers[m] for m in models)])}"
    else:
        who = join_names([r.model(m) for m in models])
    walked = sorted(m.length + m.climb for m in moves)
    shortest, longest = f"{walked[0]:.1f}", f"{walked[-1]:.1f}"
    span = shortest if shortest == longest else f"{shortest}\u2013{longest}"
    climbed = max(m.climb for m in moves)
    climb = f", up to {climbed:.1f}\" of it climbing" if climbed > 0.05 else ""
    return Line(f"{who} move together, {span}\"{climb}", QUIET)


def _line(ev: Event, r: _Roll) -> Line | None:
    if isinstance(ev, RolledOff):
        dice = "–".join(map(str, ev.faces))
        if ev.winner < 0:
            return Line(f"Roll-off {dice}: equal, roll again", QUIET)
        who = r.side(ev.winner)
        return Line(f"Roll-off {dice}: {who} {verb(who, PURPOSE_WORDS.get(ev.purpose, 'wins'))}", SEAT, ev.winner)
    if isinstance(ev, Deployed):
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'deploys')} {r.model(ev.model)}", QUIET)
    if isinstance(ev, RoundBegan):
        return Line(f"— Round {ev.round} —", HEADLINE)
    if isinstance(ev, EnvironmentChosen):
        faction = r.factions.get(ev.side)
        entry = faction.environment_roll(ev.face).name if faction else f"entry {ev.face}"
        return Line(f"Environment: {entry} ({owner(r.side(ev.side))} table, {ev.face})", HEADLINE)
    if isinstance(ev, PointsGained):
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'gains')} {ev.gained} activation points ({ev.total})", QUIET)
    if isinstance(ev, ActivationBegan):
        models = ", ".join(r.model(m) for m in ev.models)
        faction = r.factions.get(ev.side)
        tactic = f", tactic {faction.tactics[ev.tactic].name}" if faction and 0 <= ev.tactic < len(faction.tactics) else ""
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'activates')} {models} ({ORDER_WORDS.get(ev.order, ev.order)}{tactic})",
                    SEAT, ev.side)
    if isinstance(ev, Rolled):
        hits = sum(ev.landed)
        # words: the app's fonts have no tick or cross; "6 (hit)", as "5 hit, 2 miss" read as counts
        dice = ", ".join(f"{f} ({'hit' if ok else 'miss'})" for f, ok in zip(ev.faces, ev.landed))
        what = {"tactic": "Tactic roll", "attack": "Attack dice", "blast": "Blast dice"}.get(ev.purpose, "Dice")
        unpaid = "; no activation point left to re-roll" if ev.unpaid else ""
        if len(ev.faces) == 1:  # "Tactic roll: 2, a miss", not "2 miss (0 landed)"
            return Line(f"{what}: {ev.faces[0]}, {'a hit' if ev.landed[0] else 'a miss'}{unpaid}", QUIET)
        return Line(f"{what}: rolled {dice}: {hits} of {len(ev.faces)} hit{unpaid}", QUIET)
    if isinstance(ev, TacticResolved):
        faction = r.factions.get(ev.side)
        name = faction.tactics[ev.tactic].name if faction and 0 <= ev.tactic < len(faction.tactics) else "The tactic"
        if ev.success:
            return Line(f"{name} works", SEAT, ev.side)
        return Line(f"{name} fails: the Environment's penalty applies", ALERT)
    if isinstance(ev, Moved):
        climb = f", {ev.climb:.1f}\" of it climbing" if ev.climb > 0.05 else ""
        return Line(f"{r.model(ev.model)} moves {ev.length + ev.climb:.1f}\"{climb}", QUIET)
    if isinstance(ev, AbilityUsed):
        unit = r.units.get(ev.model)
        ability = unit.abilities[ev.ability].name if unit and 0 <= ev.ability < len(unit.abilities) else "an ability"
        on = f" on {r.model(ev.target)}" if ev.target >= 0 else ""
        return Line(f"{r.model(ev.model)} uses {ability}{on}", SEAT, r.sides.get(ev.model, -1))
    if isinstance(ev, Attacked):
        unit = r.units.get(ev.model)
        weapon = unit.weapons[ev.weapon].name if unit and 0 <= ev.weapon < len(unit.weapons) else "a blast"
        cover = ", in cover" if ev.cover else ""
        return Line(f"{r.model(ev.model)} attacks {r.model(ev.target)} with {weapon} ({ev.dice} "
                    f"{'die' if ev.dice == 1 else 'dice'}{cover})", SEAT, r.sides.get(ev.model, -1))
    if isinstance(ev, Damaged):
        return Line(f"{r.model(ev.model)} takes {ev.amount} damage ({ev.health} health left)", ALERT)
    if isinstance(ev, Fell):
        return Line(f"{r.model(ev.model)} falls", ALERT)
    if isinstance(ev, Healed):
        return Line(f"{r.model(ev.model)} heals {ev.amount} ({ev.health} health)", SEAT, r.sides.get(ev.model, -1))
    if isinstance(ev, ConditionChanged):
        condition = r.content.conditions.get(ev.condition)
        name = condition.name if condition else ev.condition
        if ev.applied:
            span = "until cleared" if ev.rounds == 0 else f"for {ev.rounds} round{'s' if ev.rounds != 1 else ''}"
            return Line(f"{r.model(ev.model)} is {name} {span}", QUIET)
        return Line(f"{r.model(ev.model)} is no longer {name}", QUIET)
    if isinstance(ev, TokenPlaced):
        kind = r.content.tokens.get(ev.kind)
        return Line(f"{kind.name if kind else 'A token'} placed", QUIET)
    if isinstance(ev, PointsLost):
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'spends')} {ev.lost} activation point{'s' if ev.lost != 1 else ''} "
                    f"({ev.total} left)", QUIET)
    if isinstance(ev, Scored):
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'scores')} {ev.points} ({_reason(ev.reason, r)}): {ev.total} in all",
                    HEADLINE)
    if isinstance(ev, Stopped):
        who = r.side(ev.side)
        return Line(f"{who} {verb(who, 'stops')} for the round, keeping {ev.points} "
                    f"point{'s' if ev.points != 1 else ''}", SEAT, ev.side)
    if isinstance(ev, GameEnded):
        score = "–".join(map(str, ev.scores))
        if len(ev.winners) == 1:
            who = r.side(ev.winners[0])
            return Line(f"Game over: {who} {verb(who, 'wins')}, {score}", HEADLINE)
        return Line(f"Game over: a draw, {score}", HEADLINE)
    return None


def brief(ev: Event, side: Callable[[int], str], model: Callable[[int], str], content: Content) -> str | None:
    """A side's move in a few words for undo's note in the log ("You stopped for the round",
    "Computer activated Hearth-Chief 1"), sides and models named by `side` and `model`; None
    for what follows from a move (dice, damage, conditions). Play-test: the note said each move
    by its log lines, "...; also Computer activates Hearth-Chief 1 (move, then attack) (and 8
    more)", three or four lines at 1024x640."""
    if isinstance(ev, Stopped):
        return f"{side(ev.side)} stopped for the round"
    if isinstance(ev, ActivationBegan):
        more = f" and {len(ev.models) - 1} more" if len(ev.models) > 1 else ""
        return f"{side(ev.side)} activated {model(ev.models[0])}{more}" if ev.models else None
    if isinstance(ev, Deployed):
        return f"{side(ev.side)} deployed {model(ev.model)}"
    if isinstance(ev, Moved):
        return f"{model(ev.model)} moved {ev.length + ev.climb:.1f}\""
    if isinstance(ev, Attacked):
        return f"{model(ev.model)} attacked {model(ev.target)}"
    if isinstance(ev, AbilityUsed):
        return f"{model(ev.model)}'s ability"
    if isinstance(ev, TokenPlaced):
        kind = content.tokens.get(ev.kind)
        return f"{kind.name if kind else 'a token'} placed"
    if isinstance(ev, PointsLost):
        return f"{side(ev.side)} spent {ev.lost} activation point{'s' if ev.lost != 1 else ''}"
    return None


def brief_aside(ev: Event) -> str | None:
    """A command none of whose events `brief` words, by the round or game it ended."""
    if isinstance(ev, (Scored, RoundBegan)):
        return "ending the round"
    if isinstance(ev, GameEnded):
        return "ending the game"
    return None


def _reason(reason: str, r: _Roll) -> str:
    kind, _, what = reason.partition(":")
    if kind == "hold":  # the objective's name ("East Shard"), not its id; ids are unique across missions
        names = {o.id: o.name for m in r.content.missions.values() for o in m.objectives}
        return f"holding {names.get(what, what.replace('_', ' '))}"
    if kind == "slay" and what.isdigit():
        return f"{r.model(int(what))} slain"
    if kind == "reach":
        return "models past the centre line" if what == "enemy_half" else "models in the enemy's zone"
    return kind


TIEBREAK_WORDS = {"models": ("more models left", "models left"), "health": ("more health left", "health left")}


def over_reason(view: JsonDict, names: Sequence[str]) -> str:
    """Why a finished game ended and who won, in a sentence for the game-over card, from the
    view: the score, and when the points were equal the mission's tie-break and its figures
    (a 0-0 game won on models left says so; equal on those too, a draw)."""
    def name(side: int) -> str:
        return names[side] if 0 <= side < len(names) else f"Side {side + 1}"
    winners = [int(w) for w in view.get("winners") or []]
    score = [int(p) for p in view.get("score") or [0, 0]]
    how = str(view.get("over_reason") or "")
    if how == "wiped_out":
        lost = [side for side in (0, 1) if side not in winners]
        return f"{name(lost[0])} {verb(name(lost[0]), 'has')} no models left." if len(lost) == 1 \
            else "Neither side has a model left: a draw."
    opening = {"no_leaders": "A side lost its last leader", "target": "The target score was reached"}.get(
        how, "After the last round")
    if score[0] != score[1] or not winners:
        lead = 0 if score[0] >= score[1] else 1
        return f"{opening}: {name(lead)} {verb(name(lead), 'leads')} {score[lead]} to {score[1 - lead]}."
    figures = [0.0, 0.0]
    tiebreak = str(view.get("tiebreak") or "draw")
    for fig in view.get("figures") or []:
        if fig["deployed"] and not fig["fallen"]:
            figures[int(fig["side"])] += 1 if tiebreak == "models" else float(fig["health"])
    level = f"{opening}, {score[0]} all on points"
    if tiebreak not in TIEBREAK_WORDS:
        return f"{level}: a draw."
    more, left = TIEBREAK_WORDS[tiebreak]
    if len(winners) != 1:
        return f"{level} and {figures[0]:g} {left} each: a draw."
    w = winners[0]
    return (f"{level}; the tie-break is {more}: {name(w)} {verb(name(w), 'has')} {figures[w]:g}, "
            f"{name(1 - w)} {figures[1 - w]:g}.")
