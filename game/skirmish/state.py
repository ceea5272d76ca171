"""The skirmish position (`SkirmishState`): the protocol adapter over `rules`.

Holds the match's content (mission, factions, terrain), the figures, the round, each side's
activation points and score, and the decision under way as typed frames (`model.Activation`,
`model.PendingRoll`). `rules` decides who acts, what is legal and what each command does;
this class answers the protocol with it. A perfect-information game: every seat sees all.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.decisions import Decision, pending_of
from game.core.protocol import Command, Event, JsonDict, Seat, State
from game.core.rng import Rng
from game.skirmish import rules
from game.skirmish.content import Condition, Faction, Mission, TerrainLayout, TokenKind
from game.skirmish.geometry import Body, Table, Terrain, Token, base_radius
from game.skirmish.model import Activation, Figure, Mod, PendingRoll, PlacedToken, PlacingTokens


class SkirmishState(State):
    def __init__(self, rng: Rng, mission: Mission, layout: TerrainLayout, factions: tuple[Faction, Faction],
                 rosters: tuple[str, str], conditions: Mapping[str, Condition], tokens: Mapping[str, TokenKind],
                 deck: bool = False) -> None:
        self.rng = rng
        self.conditions = dict(conditions)
        """The conditions the content defines, by id (shared: never edited)."""
        self.token_kinds = dict(tokens)
        self.mission = mission
        self.layout = layout
        self.factions = factions
        self.rosters = rosters
        self.deck_mode = deck
        self.terrain = tuple(Terrain(p.points, p.height, p.name) for p in layout.pieces)
        self.tokens: list[PlacedToken] = []
        self.placing: PlacingTokens | None = None
        self.placing_next: list[PlacingTokens] = []
        """Placements waiting behind the one under way (a round-start ability after the Environment's)."""
        self.table = Table(mission.table[0], mission.table[1], self.terrain)
        self.figures: list[Figure] = []
        for side in (0, 1):
            faction = factions[side]
            for unit_id in faction.roster(rosters[side]).unit_ids():
                unit = faction.unit(unit_id)
                self.figures.append(Figure(len(self.figures), side, unit, health=unit.health))
        self.phase = "deploy_rolloff"
        """deploy_rolloff, deploy, environment_rolloff, environment, first_rolloff, activations, over."""
        self.round = 0
        self.turn = -1
        """The side whose activation (or deployment) it is."""
        self.points = [0, 0]
        self.score = [0, 0]
        self.score_parts: tuple[tuple[int, str, int], ...] = ()
        """(side, what, points) of every score: `what` is "hold:<objective id>", "reach:<zone>"
        (`content.REACH_ZONES`) or "slay" (the game-over breakdown, `SkirmishGame.score_details`); a tuple, so clones share it."""
        self.out = [False, False]
        """Sides that have stopped (or cannot act) for the round."""
        self.environment: tuple[int, int] | None = None
        """(side whose table, entry 1-6) for the round."""
        self.deck: list[tuple[int, int]] = [(s, f) for s in (0, 1) for f in range(1, 7)]
        """The Environment cards not yet drawn (the deck option)."""
        self.mods: list[Mod] = []
        self.spent: list[tuple[int, int]] = []
        """(figure, ability) of once-per-game abilities already used."""
        self.activation: Activation | None = None
        self.roll: PendingRoll | None = None
        self.rolls_next: list[PendingRoll] = []
        self.blasts: list[tuple[int, tuple[str, ...]]] = []
        """(damage, effective types) of each area attack made (its rolls point here)."""
        """Rolls waiting behind the one under way (an area attack rolls for each model it catches)."""
        self.won: list[int] = []
        """The winners once over (both: a draw)."""
        self.over_reason = ""

    # --- protocol ---------------------------------------------------------------------
    def to_act(self) -> list[Seat]:
        return rules.to_act(self)

    def candidates(self, seat: Seat) -> list[Command]:
        return rules.candidates(self, seat)

    def chance_outcomes(self) -> list[tuple[Command, float]]:
        return rules.chance_outcomes(self)

    def sample_chance(self, rng: Rng | None = None) -> Command:
        return rules.sample_chance(self, self.rng if rng is None else rng)

    def apply(self, command: Command) -> list[Event]:
        return rules.apply(self, command)

    def clone(self) -> SkirmishState:
        c = SkirmishState.__new__(SkirmishState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.copy()
        c.figures = [f.copy() for f in self.figures]
        c.points, c.score, c.out = self.points[:], self.score[:], self.out[:]
        c.deck, c.mods, c.won, c.tokens, c.spent = self.deck[:], self.mods[:], self.won[:], self.tokens[:], self.spent[:]
        c.placing_next, c.rolls_next, c.blasts = self.placing_next[:], self.rolls_next[:], self.blasts[:]
        return c

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        if self.is_over():
            return [1.0 if s in self.won and len(self.won) == 1 else 0.5 if s in self.won else 0.0
                    for s in (0, 1)]
        return [float(s) for s in self.score]

    def winners(self) -> list[Seat]:
        return self.won[:]

    def pending(self) -> tuple[Decision, ...]:
        return pending_of(self, rules.decision_kind(self), open_choice=rules.open_choice(self),
                          skippable=self.phase == "activations")

    def progress(self) -> str:
        return f"Round {max(1, self.round)} of {self.mission.rounds}"

    def notation(self) -> str:
        figs = ";".join(f"{f.id}:{f.x:.2f},{f.y:.2f}:{f.health}{'x' if f.fallen else ''}{'a' if f.activated else ''}"
                        + ("[" + ",".join(f"{k}{v}" for k, v in sorted(f.conditions.items())) + "]" if f.conditions else "")
                        for f in self.figures if f.deployed)
        return (f"{self.phase}|r{self.round}|t{self.turn}|ap{self.points}|s{self.score}|out{self.out}|"
                f"env{self.environment}|{figs}|{self.activation}|{self.roll}|{self.tokens}|{self.placing}|{self.placing_next}|{self.rolls_next}")

    def view(self, seat: Seat) -> JsonDict:
        return rules.view(self, seat)

    # --- helpers for the rules and the AI -----------------------------------------------
    def figure(self, ident: int) -> Figure:
        return self.figures[ident]

    def alive(self, side: int) -> list[Figure]:
        return [f for f in self.figures if f.side == side and not f.fallen]

    def body(self, f: Figure, x: float | None = None, y: float | None = None) -> Body:
        return Body(f.x if x is None else x, f.y if y is None else y, base_radius(f.unit.base_mm), f.unit.height, f.id)

    def bodies(self) -> list[Body]:
        return [self.body(f) for f in self.figures if f.on_table]

    def rebuild_table(self) -> None:
        """The table with the terrain and the tokens now on it (after tokens come or go); the
        table's tokens are in `tokens` order."""
        kinds = self.token_kinds
        self.table = Table(self.mission.table[0], self.mission.table[1], self.terrain,
                           tuple(Token(t.x, t.y, kinds[t.kind].diameter / 2, kinds[t.kind].height,
                                       kinds[t.kind].passable) for t in self.tokens))

    def __repr__(self) -> str:
        return f"SkirmishState({self.notation()!r})"

