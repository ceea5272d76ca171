"""The skirmish `Game`: set-up from the content, the legality rule, gestures and notation.

Set-up options: the mission, each side's faction and roster, the terrain ("the mission's",
a named layout, or "random": `content.random_layout` seeded by the match), and the
Environment's "dice" or 12-card "deck".
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.core.protocol import Command, Game, GameInfo, JsonDict, OptionSpec, Refusal, Seat, State, Target
from game.core.rng import Rng
from game.core.words import Line, LogEntry
from game.skirmish import geometry as geo
from game.skirmish import rules, words
from game.skirmish.commands import (
    CODEC,
    ORDERS,
    Activate,
    Attack,
    Deploy,
    EndActivation,
    EndStep,
    KeepRoll,
    Move,
    MoveGroup,
    PlaceToken,
    Reroll,
    Stop,
    UseAbility,
)
from game.skirmish.attacks import lands
from game.skirmish.content import AreaAttackEffect, Content, LoadResult, builtin_content, load_user_content, random_layout
from game.skirmish.state import SkirmishState

FIRST_ROSTER = "first"
"""A roster option's value for "the faction's first roster" (its default: saves made before
rosters could be chosen hold no roster, and every faction has a first one)."""


def _info(content: Content) -> GameInfo:
    """The game's card, its option choices taken from `content` (the built-ins and the player's own)."""
    factions, missions = tuple(content.factions), tuple(content.missions)
    rosters = (FIRST_ROSTER,) + tuple(dict.fromkeys(r.id for f in content.factions.values() for r in f.rosters))
    return GameInfo(
        id="skirmish",
        title="If Worlds Collide",
        min_players=2,
        max_players=2,
        roles=("Side 1", "Side 2"),
        has_chance=True,
        hidden_info=False,
        reveal_noun="a roll of the dice",
        kind="miniatures",
        blurb="A miniatures skirmish on a real table: move in inches, true line of sight, dice at every attack.",
        options=(
            OptionSpec("mission", "Mission", missions[0], missions, "What the sides fight for."),
            OptionSpec("faction_1", "Side 1 faction", factions[0], factions),
            OptionSpec("roster_1", "Side 1 roster", FIRST_ROSTER, rosters, "The models Side 1 brings."),
            OptionSpec("faction_2", "Side 2 faction", factions[1], factions),
            OptionSpec("roster_2", "Side 2 roster", FIRST_ROSTER, rosters, "The models Side 2 brings."),
            OptionSpec("terrain", "Terrain", "mission", ("mission", "random"),
                       "The mission's first layout, or a fair random one."),
            OptionSpec("environment", "Environment", "dice", ("dice", "deck"),
                       "Roll on the faction tables, or draw from a 12-card deck."),
        ),
        rules=content.fingerprint,
    )


ALONE = "alone"
"""A model source's `ident` "model/alone": the model moves by itself, its formation stays."""

BUTTONS: dict[str, type[EndStep] | type[EndActivation] | type[Stop] | type[KeepRoll]] = {
    "end_step": EndStep, "end_activation": EndActivation, "stop": Stop, "keep": KeepRoll}
"""Button sources (a `Target` zone) whose command takes only the seat."""


class SkirmishGame(Game):
    """The skirmish's rules and set-up, over the built-in content plus the player's own files
    (`content.user_content_dir()`), read once when the app starts (`reload_content` reads again)."""

    codec = CODEC
    loaded: LoadResult
    """The content in use and the problems met reading the player's files."""

    def __init__(self, folder: Path | None = None) -> None:
        self.reload_content(folder)

    def reload_content(self, folder: Path | None = None) -> None:
        """Read the player's content files again (from `folder`, default the user data folder).
        A broken file or entry is left out and named in `notices`; the built-ins always load."""
        try:
            self.loaded = load_user_content(folder)
        except Exception as exc:  # noqa: BLE001 - a player's files never stop the app
            self.loaded = LoadResult(builtin_content(), (f"your skirmish files could not be read: {exc}",))
        self.info = _info(self.loaded.content)

    @property
    def content(self) -> Content:
        return self.loaded.content

    def notices(self) -> tuple[str, ...]:
        """One line per problem in the player's own content files (they were left out)."""
        return self.loaded.errors

    def option_choices(self, key: str, config: Mapping[str, Any]) -> tuple[Any, ...]:
        """A side's rosters are its faction's."""
        if key in ("roster_1", "roster_2"):
            faction = self.content.factions.get(config.get("faction_" + key[-1], ""))
            return tuple(r.id for r in faction.rosters) if faction is not None else ()
        return super().option_choices(key, config)

    def choice_label(self, key: str, value: Any) -> str | None:
        """Names, not ids: "The Glass Meridian", "Survey Party (12)", "Hold the Rift"."""
        if key.startswith("faction_") and value in self.content.factions:
            return self.content.factions[value].name.removeprefix("The ")
        if key == "mission" and value in self.content.missions:
            return self.content.missions[value].name
        if key.startswith("roster_"):
            for faction in self.content.factions.values():
                for roster in faction.rosters:
                    if roster.id == value:
                        return f"{roster.name} ({roster.models})"
        return None

    def validate_config(self, config: Mapping[str, Any]) -> JsonDict:
        """The base checks, and each roster its own faction's."""
        full = super().validate_config(config)
        for side in ("1", "2"):
            roster = full["roster_" + side]
            if roster != FIRST_ROSTER and roster not in self.option_choices("roster_" + side, full):
                faction = self.content.factions[full["faction_" + side]]
                raise ValueError(f"option 'roster_{side}': {faction.name} has no roster {roster!r}")
        return full

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> SkirmishState:
        full = self.validate_config(config)
        content = self.content
        mission = content.missions[full["mission"]]
        layout = random_layout(seed, mission) if full["terrain"] == "random" else content.layouts_for(mission)[0]
        factions = (content.factions[full["faction_1"]], content.factions[full["faction_2"]])
        rosters = tuple(faction.rosters[0].id if full[key] == FIRST_ROSTER else full[key]
                        for faction, key in zip(factions, ("roster_1", "roster_2")))
        return SkirmishState(Rng(seed), mission, layout, factions, (rosters[0], rosters[1]), content.conditions,
                             content.tokens, deck=full["environment"] == "deck")

    def why_illegal(self, state: State, command: Command) -> str | None:
        assert isinstance(state, SkirmishState)
        return rules.why_illegal(state, command)

    def not_your_turn(self, state: State, seat: Seat) -> str:
        assert isinstance(state, SkirmishState)
        if state.roll is not None and state.roll.waiting_for_dice:
            return "Wait: the dice are rolling."
        return "It is the other side's turn."

    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        """A model dragged to a point: deploy it or move it (a model of a formation whose other
        models may still move too brings them along, `MoveGroup`; `ident` "model/alone" moves it
        by itself, to change the formation's shape); onto an enemy: attack with its first
        weapon that may (every attack it has left), or with the weapon the source names
        (`ident` "model/weapon"); a click on a model: activate it. The table's buttons are
        sources of their own zones: "order" (`ident` "models|order|tactic", models comma
        separated: an activation), "attack" (`ident` "model/weapon/target": every attack left),
        "token" (dropped on a point: place it), "end_step", "end_activation", "stop", "keep"
        (keep a roll) and "reroll" (every failed die that may be rolled again, as many as the
        seat's points pay for; with an ident, the dice it lists)."""
        assert isinstance(state, SkirmishState)
        if seat not in state.to_act():
            return Refusal(self.not_your_turn(state, seat))
        button = self._button(state, seat, source, target)
        if button is not None:
            return button
        try:
            model_text, _, weapon_text = (source.ident or "").partition("/")
            model = int(model_text)
            alone = weapon_text == ALONE
            weapon = int(weapon_text) if weapon_text and not alone else None
        except ValueError:
            return Refusal("Pick up one of your models.")
        if target is not None and target.point is not None:
            group = () if alone or state.phase == "deploy" else rules.movers(state)
            cmd: Command
            if len(group) > 1 and model in group:
                cmd = MoveGroup(seat, model, rules.group_landing(state, model, target.point, group), group)
            else:
                at = rules.landing(state, model, target.point)
                cmd = Deploy(seat, model, at) if state.phase == "deploy" else Move(seat, model, at)
        elif target is not None and target.zone == "figure" and target.ident is not None:
            act = state.activation
            victim = int(target.ident)
            if act is None or not 0 <= model < len(state.figures):
                return Refusal("Activate the model first.")
            f = state.figures[model]
            weapons = range(len(f.unit.weapons)) if weapon is None else [weapon]
            if weapon is not None and not 0 <= weapon < len(f.unit.weapons):
                return Refusal("That model has no such weapon.")
            cmd = next((Attack(seat, model, w, victim, rules.attacks_of(state, f, w) - act.spent(model, w))
                        for w in weapons
                        if rules.why_illegal(state, Attack(seat, model, w, victim,
                                                           max(1, rules.attacks_of(state, f, w) - act.spent(model, w))))
                        is None), Attack(seat, model, weapons[0], victim, 1))
        else:
            cmd = Activate(seat, (model,), ORDERS[0])
        why = rules.why_illegal(state, cmd)
        return Refusal(why) if why else cmd

    @staticmethod
    def _ability(state: SkirmishState, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        """An ability button (`ident` "model/ability"): clicked (no aim), or dropped on a point
        (an area attack's aim) or on a model (a friend or enemy it picks)."""
        try:
            model, ability = (int(x) for x in (source.ident or "").split("/"))
        except ValueError:
            return Refusal("Choose an ability.")
        if not 0 <= model < len(state.figures) or not 0 <= ability < len(state.figures[model].unit.abilities):
            return Refusal("That model has no such ability.")
        effects = state.figures[model].unit.abilities[ability].effects
        aims = any(isinstance(e, AreaAttackEffect) for e in effects)
        picks = any(getattr(getattr(e, "target", None), "who", None) in ("friend", "enemy") for e in effects)
        at, pick = (-1.0, -1.0), -1
        if aims or picks:
            if target is None or target.point is None:
                return Refusal("Drag the ability onto " + ("the point to aim at." if aims else "the model it acts on."))
            at = (float(target.point[0]), float(target.point[1])) if aims else at
            if picks:
                under = [f for f in state.figures if f.on_table
                         and math.dist(f.at, target.point) <= geo.base_radius(f.unit.base_mm)]
                if not under:
                    return Refusal("Drop the ability on a model.")
                pick = under[-1].id
        cmd = UseAbility(seat, model, ability, at, pick)
        why = rules.why_illegal(state, cmd)
        return Refusal(why) if why else cmd

    @staticmethod
    def _button(state: SkirmishState, seat: Seat, source: Target, target: Target | None) -> Command | Refusal | None:
        """The command of a button source (see `find_command`), or None for a model."""
        cmd: Command
        if source.zone == "order":
            models, order, tactic = ((source.ident or "") + "||").split("|")[:3]
            try:
                cmd = Activate(seat, tuple(int(m) for m in models.split(",")), order, tactic)
            except ValueError:
                return Refusal("Choose the models to activate.")
        elif source.zone == "reroll":
            roll = state.roll
            failed = () if roll is None else tuple(
                d for d, face in enumerate(roll.faces)
                if not lands(face, roll.knack, roll.forced_six) and d not in roll.rerolled)
            if source.ident:  # the dice clicked ("2" or "0,2"): the rules judge them
                try:
                    cmd = Reroll(seat, tuple(int(d) for d in source.ident.split(",")))
                except ValueError:
                    return Refusal("Choose the dice to roll again.")
            else:  # the button: every failed die, as many as the seat's points pay for (1 each)
                cmd = Reroll(seat, failed[:max(1, state.points[seat])] if 0 <= seat < len(state.points) else failed)
        elif source.zone == "attack":
            try:
                model, weapon, victim = (int(x) for x in (source.ident or "").split("/"))
            except ValueError:
                return Refusal("Choose a weapon and a target.")
            act = state.activation
            if act is None or not 0 <= model < len(state.figures):
                return Refusal("Activate the model first.")
            if not 0 <= weapon < len(state.figures[model].unit.weapons):
                return Refusal("That model has no such weapon.")
            left = rules.attacks_of(state, state.figures[model], weapon) - act.spent(model, weapon)
            cmd = Attack(seat, model, weapon, victim, max(1, left))
        elif source.zone == "ability":
            return SkirmishGame._ability(state, seat, source, target)
        elif source.zone == "token":
            if target is None or target.point is None:
                return Refusal("Drop the token on the table.")
            cmd = PlaceToken(seat, rules.token_landing(state, target.point))
        elif source.zone in BUTTONS:
            cmd = BUTTONS[source.zone](seat)
        else:
            return None
        why = rules.why_illegal(state, cmd)
        return Refusal(why) if why else cmd

    def score_details(self, state: State) -> list[list[tuple[str, int]]]:
        """Each side's mission points by what scored them: every objective of the mission by name
        (held at the scoring times), models in the enemy zone or past the centre line, enemy models slain (`score_parts`).
        They add up to the mission score (`score`), not to `scores()`, which at the end is the
        result (1 a win, 0.5 a draw)."""
        assert isinstance(state, SkirmishState)
        labels = {f"hold:{o.id}": o.name for o in state.mission.objectives}
        labels.update({"reach:enemy_deployment": "In the enemy zone", "reach:enemy_half": "Past the centre line",
                       "slay": "Models slain"})
        keys = [f"hold:{o.id}" for o in state.mission.objectives]
        for _, key, _ in state.score_parts:
            if key not in keys:
                keys.append(key)
        return [[(labels.get(key, key), sum(p for side, k, p in state.score_parts if side == seat and k == key))
                 for key in keys] for seat in (0, 1)]

    def playtest_stats(self, state: State) -> dict[str, float]:
        """Mission points by what scored them, per seat (`points_<seat>_<kind>`: hold, reach
        (every area), slay) and the rounds played: whether a mission plays as its scoring says
        (`tools/skirmish_balance.py` sums them)."""
        assert isinstance(state, SkirmishState)
        out = {"rounds": float(state.round)}
        for seat in (0, 1):
            for kind in ("hold", "reach", "slay"):
                out[f"points_{seat}_{kind}"] = float(sum(p for side, key, p in state.score_parts
                                                         if side == seat and key.partition(":")[0] == kind))
        return out

    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """See `game.skirmish.words`: models by unit and number, every die shown."""
        return words.describe_log(entries, names, viewer, self.content)

    def bench_figures(self, seed: int) -> dict[str, float]:
        """Sight on a deployed table of the default mission: `sight` queries per second (every
        ordered pair, for half a second at least) and the best of three visibility matrices."""
        state = self.new(self.default_config(), seed)
        rng = Rng(seed)
        while state.phase in ("deploy_rolloff", "deploy"):
            seat = state.to_act()[0]
            state.apply(state.sample_chance() if seat < 0 else rng.choice(state.candidates(seat)))
        bodies = state.bodies()
        sight_rules = rules.sight_rules()
        queries, start = 0, time.perf_counter()
        while time.perf_counter() - start < 0.5:
            for a in bodies:
                for b in bodies:
                    if a is not b:
                        geo.sight(state.table, bodies, a, b, sight_rules)
                        queries += 1
        per_s = queries / (time.perf_counter() - start)
        best = math.inf
        for _ in range(3):
            t = time.perf_counter()
            geo.visibility_matrix(state.table, bodies, sight_rules)
            best = min(best, time.perf_counter() - t)
        return {"models": float(len(bodies)), "terrain_pieces": float(len(state.table.terrain)),
                "los_queries_per_s": round(per_s, 1), "visibility_matrix_ms": round(best * 1000, 2)}

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """`activate 3 move_attack [tactic]`, `move 3 12.5,7`, `move 3,4,5 with 3 12.5,7` (a formation as one), `deploy 3 4,2`, `attack 3 1 12 2`
        (model, weapon 1-based, target, dice), `reroll 1 3`, `keep`, `end`, `done`, `stop`."""
        words = text.strip().split()
        if not words:
            raise ValueError("empty command")
        verb, args = words[0].lower(), words[1:]

        def point(word: str) -> tuple[float, float]:
            x, y = word.split(",")
            return (float(x), float(y))

        if verb == "activate":
            return Activate(seat, tuple(int(m) for m in args[0].split(",")), args[1], " ".join(args[2:]))
        if verb == "move" and len(args) == 4 and args[1] == "with":  # a formation as one (`MoveGroup.describe`)
            return MoveGroup(seat, int(args[2]), point(args[3]), tuple(int(m) for m in args[0].split(",")))
        if verb == "move":
            return Move(seat, int(args[0]), point(args[1]))
        if verb == "deploy":
            return Deploy(seat, int(args[0]), point(args[1]))
        if verb == "attack":
            return Attack(seat, int(args[0]), int(args[1]) - 1, int(args[2]), int(args[3]))
        if verb == "reroll":
            return Reroll(seat, tuple(int(a) - 1 for a in args))
        simple = {"keep": KeepRoll, "end": EndActivation, "done": EndStep, "stop": Stop}
        if verb in simple:
            return simple[verb](seat)
        raise ValueError(f"unknown command {verb!r}")


SKIRMISH = SkirmishGame()
