"""The Cosmos `Game`: set-up options, the legality rule, gestures and a text notation."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.protocol import CHANCE, Command, Event, Game, GameInfo, OptionSpec, Refusal, Seat, State, Target
from game.core.words import Line, LogEntry
from game.cosmos import commands as C
from game.cosmos import area, gestures, rules, words
from game.cosmos.content import builtin_content
from game.cosmos.state import CosmosState

CONTENT = builtin_content()

INFO = GameInfo(
    id="cosmos",
    title="Cosmos",
    min_players=1,
    max_players=4,
    roles=("Orange", "Blue", "Teal", "Violet"),
    has_chance=True,
    hidden_info=True,
    reveal_noun="a card turned up",
    kind="euro game",
    blurb="Entropy: build solar systems of stars, planets and asteroids, then seed them with life, "
          "on a double rondel of actions.",
    options=(
        OptionSpec("alternative", "Alternative objectives", False, (),
                   "Cover the main objectives' scoring with the alternative tiles."),
        OptionSpec("focus", "Focus card sets", "random", ("random", "in order"),
                   "Deal the Focus sets A-D at random, or in seat order."),
    ),
    rules=CONTENT.fingerprint,
)


class CosmosGame(Game):
    info = INFO
    codec = C.CODEC

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> CosmosState:
        full = self.validate_config(config)
        n = players if players is not None else 2
        if not self.info.min_players <= n <= self.info.max_players:
            raise ValueError(f"Cosmos is for 1-4 players, not {n}")
        return CosmosState(CONTENT, seed, n, bool(full["alternative"]), str(full["focus"]))

    def why_illegal(self, state: State, command: Command) -> str | None:
        assert isinstance(state, CosmosState)
        return rules.why_illegal(state, command)

    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        """A table gesture as the legal command it means (`gestures`: the Scientist onto a rondel
        space, a planet or Biome pile, a life card or an asteroid onto a planet space, a star onto
        a system; clicks on piles, stars, planets, Focus cards, missions), or the engine's reason."""
        assert isinstance(state, CosmosState)
        if seat not in state.to_act():
            return Refusal("It is not your turn.")
        return gestures.find(state, seat, source, target)

    def targets_for(self, state: State, seat: Seat, source: Target) -> list[Target]:
        """Where a dragged piece may go now (the legal drops of `gestures.find`)."""
        assert isinstance(state, CosmosState)
        if seat not in state.to_act():
            return []
        return gestures.targets(state, seat, source)

    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """`words.log_lines` over the events `viewer` may see (a gain of several sources in one line)."""
        return words.log_lines(self.visible_events(entries, viewer), names, viewer, CONTENT)

    def visible_events(self, entries: Sequence[LogEntry], viewer: Seat) -> list[tuple[int, Event]]:
        """Each entry's event as `viewer` may see it, with its ply; those it may not see left out."""
        out = []
        for entry in entries:
            event = self.redact_event(entry.event, viewer)
            if event is not None:
                out.append((entry.ply, event))
        return out

    def describe_command(self, state: State, command: Command) -> str:
        return words.command_words(CONTENT, command)

    def score_details(self, state: State) -> list[list[tuple[str, int]]]:
        """The final scoring per seat (`area.score_breakdown`): VP won in play, the lifeform
        tiles (big and small), each main objective (its track position times what it counts),
        and 1 VP per 4 cards and resources left."""
        assert isinstance(state, CosmosState)
        out = []
        for seat in range(len(state.players)):
            parts = area.score_breakdown(state, seat)
            objectives = area.objective_points(state, seat)
            out.append([(words.SCORE_PARTS["tokens"], parts["tokens"]),
                        (words.SCORE_PARTS["tiles"], parts["big"] + parts["small"]),
                        *((name[4:].capitalize(), vp) for name, vp in zip(words.OBJECTIVE_NAMES, objectives)),
                        (words.SCORE_PARTS["leftovers"], parts["leftovers"])])
        return out

    def playtest_stats(self, state: State) -> dict[str, float]:
        assert isinstance(state, CosmosState)
        return {"rounds": float(state.round), "ended_by_trigger": float(state.last_round > 0)}

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """`<tag> <field> ...` in the command's field order: `move 2 0`, `evolve 0 IIB`,
        `life 30 0 0 12 heat`, `done`; chance: `reveal planet 3 3 17`."""
        words_ = text.strip().split()
        if not words_:
            raise ValueError("empty command")
        cls = next((c for c in COMMANDS if c.TAG == words_[0].lower()), None)
        if cls is None:
            raise ValueError(f"unknown command {words_[0]!r}")
        fields = [f for f in dataclasses.fields(cls) if f.name != "seat"]
        if fields and fields[-1].name == "icon" and len(words_) == len(fields):
            words_.append("")  # a play without a discard lends no icon
        if len(words_) - 1 != len(fields):
            raise ValueError(f"{cls.TAG} takes {len(fields)} values")
        hints = typing.get_type_hints(cls)
        values = [int(w) if hints[f.name] is int else w for f, w in zip(fields, words_[1:])]
        return cls(CHANCE if cls is C.Reveal else seat, *values)


COMMANDS: tuple[type[Command], ...] = (C.Move, C.TakeEntropy, C.Activate, C.Exchange, C.Evolve, C.Aggregate,
                                       C.PlayLife, C.SetBiome, C.Upgrade, C.Take, C.Catch, C.Soup, C.Advance,
                                       C.Place, C.Fulfil, C.Accept, C.Mission, C.Done, C.Reveal)
COSMOS = CosmosGame()
