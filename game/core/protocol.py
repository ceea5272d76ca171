"""The contract every game implements, and that the AI and the screens rely on.

- A game is a `Game` (static facts, the legality rule, gestures) plus a `State` (one
  position). Commands and events are small frozen dataclasses that round-trip through
  JSON, each field checked against its type on the way in, so saves, replays, logs and
  the AI worker all speak the same plain data.
- Legality is a rule, enumeration apart: `Game.why_illegal` is a game's one authority,
  `Game.check` the gate every command passes (malformed, game over, not your turn, then
  `why_illegal`; never raises); `State.candidates` is what the AI and random play choose
  from (finite, all legal, possibly a sample).
- Who acts: seats (0, 1, ...), `CHANCE` when the bag, a deck or the dice decide, `AUTO`
  when the engine plays its own paced step. A chance step lists its outcomes with
  probabilities or only samples them (`State.sample_chance(rng)`); the outcome is written
  into the chance command, so `apply` never draws from the state's RNG and a replay is
  exact, while a search that samples again with its own RNG sees another future.
- Undo never crosses new information: a chance outcome, or an event that `reveals()`.
- Events are data, never sentences: a class's `PRIVATE` fields are blanked by the one
  generic `redact` for seats outside its `audience`, and a game words events in one place,
  `Game.describe_log` (lines with a tone, not a colour: `game.core.words`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.core.decisions import Decision, pending_of
from game.core.rng import Rng
from game.core.words import Line, LogEntry

from game.core.seats import AUTO as AUTO
from game.core.seats import CHANCE as CHANCE
from game.core.seats import Seat as Seat
from game.core.seats import by_itself as by_itself

JsonDict = dict[str, Any]


def _to_plain(value: Any) -> Any:
    """Tuples become lists, nested dataclasses become dicts: JSON-ready data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_plain(v) for k, v in value.items()}
    return value


def _from_plain(value: Any, hint: Any) -> Any:
    """Undo `_to_plain` for a field whose declared type is `hint`, checking the type on the way:
    an int field takes only an int (not 1.0, True or "1"), so a tampered save or a garbled
    command is refused at decoding instead of failing deep inside the rules."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            if type(None) not in args:
                raise ValueError("expected a value, not null")
            return None
        inner = [a for a in args if a is not type(None)]
        return _from_plain(value, inner[0]) if len(inner) == 1 else value
    if value is None:
        raise ValueError("expected a value, not null")
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise ValueError(f"expected a list, not {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_plain(v, args[0]) for v in value)
        if len(value) != len(args):  # zip() would silently cut [1, 2, 3] to (1, 2)
            raise ValueError(f"expected {len(args)} items, not {len(value)}")
        return tuple(_from_plain(v, a) for v, a in zip(value, args))
    return _scalar(value, hint)


def _scalar(value: Any, hint: Any) -> Any:
    """`value` if it is of the plain type `hint` names (bool, int, float, str), else ValueError;
    other hints (Any, nested data) pass the value through."""
    if hint is bool or hint is int:
        if type(value) is not hint:  # bool is an int in Python, and 1.0 == 1: neither is allowed
            raise ValueError(f"expected {'true or false' if hint is bool else 'a whole number'}, not {_shown(value)}")
        return value
    if hint is float:
        if type(value) not in (int, float):
            raise ValueError(f"expected a number, not {_shown(value)}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"expected text, not {_shown(value)}")
        return value
    return value


def _shown(value: Any) -> str:
    """A short JSON-like picture of a bad value for an error message."""
    text = "true" if value is True else "false" if value is False else repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


class _Tagged:
    """Shared JSON tagging for commands and events: `{"type": TAG, ...fields}`."""

    TAG: ClassVar[str] = ""

    def to_json(self) -> JsonDict:
        data = _to_plain(self)
        assert isinstance(data, dict)
        return {"type": self.TAG, **data}

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> Any:
        hints = typing.get_type_hints(cls)
        kwargs = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name not in data:
                raise ValueError(f"{cls.TAG}: missing field {f.name!r}")
            try:
                kwargs[f.name] = _from_plain(data[f.name], hints[f.name])
            except ValueError as exc:
                raise ValueError(f"field {f.name!r}: {exc}") from None
        return cls(**kwargs)


@dataclass(frozen=True)
class Command(_Tagged):
    """One decision by one seat (or by chance). Subclasses add their fields."""

    seat: Seat

    def describe(self) -> str:
        """A short human-readable text for the log and the game's notation; the tag by
        default, which serves commands whose text is just their tag ("pass", "done")."""
        return self.TAG


def plain_words(command: Command) -> str:
    """A command's short text (`Command.describe`) with a capital; a bare tag ("end_step") with
    spaces for its underscores ("End step"): the replay's caption once read "Computer: End_step"."""
    text = command.describe()
    if text == command.TAG:
        text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Event(_Tagged):
    """Something that happened, as data: for the log, the animations and the AI.

    An event holds no sentence; its words come from its game's `Game.describe_log`, so the
    log, the hot-seat screens and the AI read the same fields. `audience` (a field of the
    events that have one) is None when every seat may see the event, else the seats that may;
    the class's `PRIVATE` names the fields only the audience may read, with the value everyone
    else gets instead, and `redact` makes that copy for any event (a class with an audience but
    no private fields is hidden from the others entirely).
    """

    REVEALS: ClassVar[bool] = False
    """True for events that show something hidden until then (secret choices turned face up, a
    programmed card played): undo never goes back across them (see `reveals`)."""
    PRIVATE: ClassVar[Mapping[str, Any]] = {}
    """Field -> the value seats outside `audience` see instead (a card they may not see: -1)."""

    def reveals(self) -> bool:
        """Whether this event shows some seat something hidden until then; by default the
        class's REVEALS, an event whose fields decide (a Shard taken from a Hold) overrides it."""
        return self.REVEALS

    def visible_to(self, seat: Seat) -> bool:
        audience = getattr(self, "audience", None)
        return audience is None or seat in audience


def redact(event: Event, seat: Seat) -> Event | None:
    """What `seat` may see of `event`: the event itself when it may see all of it, a copy with
    the class's `PRIVATE` fields blanked (and no audience left), or None when the class declares
    nothing that could be shown (the whole event is private)."""
    if event.visible_to(seat):
        return event
    if not event.PRIVATE:
        return None
    return dataclasses.replace(event, audience=None, **event.PRIVATE)  # type: ignore[call-arg]


class CommandCodec:
    """Maps tags to command classes for one game, for JSON round trips."""

    def __init__(self, *classes: type[Command]) -> None:
        self._by_tag: dict[str, type[Command]] = {}
        for cls in classes:
            if not cls.TAG:
                raise TypeError(f"{cls.__name__} has no TAG")
            if cls.TAG in self._by_tag:
                raise TypeError(f"duplicate command tag {cls.TAG!r}")
            self._by_tag[cls.TAG] = cls

    def why_malformed(self, command: object) -> str | None:
        """Why `command` is no well-formed command of this game (another game's command, a field
        of the wrong type such as 1.0 where a whole number belongs), or None. Decoding checks
        every field; a command object built in code gets the same check through its JSON form."""
        if not isinstance(command, Command) or self._by_tag.get(command.TAG) is not type(command):
            return "That is not a move of this game."
        try:
            self.decode(command.to_json())
        except ValueError as exc:
            return f"That move is malformed ({exc})."
        return None

    def decode(self, data: Any) -> Command:
        """Build a command from its JSON dict; raises ValueError on bad data."""
        if not isinstance(data, dict):
            raise ValueError(f"a command must be an object, not {type(data).__name__}")
        tag = data.get("type")
        cls = self._by_tag.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ValueError(f"unknown command type {tag!r}")
        try:
            cmd = cls._build(data)
        except (TypeError, KeyError, ValueError) as exc:
            raise ValueError(f"bad {tag} command: {exc}") from exc
        if not isinstance(cmd, Command):
            raise ValueError(f"{tag} is not a command")
        return cmd


@dataclass(frozen=True)
class Target:
    """What a gesture points at: a zone plus, optionally, a cell, an id or a point.

    Sprites carry Targets, never engine objects. `cell` is (row, col) on a grid,
    a hex in axial coordinates, or None; `point` is a position on a continuous
    table (inches) for games without cells.
    """

    zone: str
    cell: tuple[int, int] | None = None
    ident: str | None = None
    point: tuple[float, float] | None = None


@dataclass(frozen=True)
class Refusal:
    """Why a command or a gesture was refused, in words a player understands."""

    reason: str


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, shown in menus and used by the match."""

    id: str
    title: str
    min_players: int
    max_players: int
    roles: tuple[str, ...]
    has_chance: bool
    hidden_info: bool
    blurb: str = ""
    kind: str = ""
    """What sort of game it is, in two or three words ("card game"), shown first among its facts
    in the menu (play-test: "Worlds Collide" and "If Worlds Collide" could not be told apart)."""
    options: tuple["OptionSpec", ...] = ()
    reveal_noun: str = "a chance outcome"
    """What chance reveals in this game, for messages ("a counter from the bag")."""
    rules: str = ""
    """A short fingerprint of the game's numbers (its data file), recorded in saves: a save
    whose replay fails can then say that the numbers changed since it was made."""
    chance_replays: bool = False
    """Chance draws from an order fixed in the state (a bag shuffled at the start), so a draw
    taken back comes out the same again: a person alone against computers may then undo
    across it (`Match.undo_point`); between people undo still stops at every draw."""


@dataclass(frozen=True)
class OptionSpec:
    """One set-up option (a variant). `choices` empty means a yes/no switch."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""


class State(ABC):
    """One position of a game. Mutable; `apply` changes it in place."""

    rng: Rng

    @abstractmethod
    def to_act(self) -> list[Seat]:
        """Seats that must act now: [] when over, [CHANCE] when chance decides, [AUTO] when
        the engine plays its own next step."""

    @abstractmethod
    def candidates(self, seat: Seat) -> list[Command]:
        """What the AI and random play choose from for `seat` now (chance outcomes for CHANCE):
        finite, every entry legal, possibly only a sample of the legal moves (Rally lists a few
        energy splits, a continuous table cannot list its points). Legality itself is
        `Game.why_illegal`'s; only where the legal moves are a short list are the two the same."""

    @abstractmethod
    def apply(self, command: Command) -> list[Event]:
        """Play a command known to be legal (no checks: the search's fast path)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Command, float]]:
        """At a chance node, each outcome with its probability (summing to 1); [] for a step
        that can only be sampled (`sample_chance`): a deal of many cards, a handful of dice."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent deep copy."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat so far (final when over)."""

    @abstractmethod
    def view(self, seat: Seat) -> JsonDict:
        """Plain data a seat may see: the only thing a screen draws."""

    @abstractmethod
    def notation(self) -> str:
        """A compact text for the whole position (tests, logs, golden files)."""

    def info_key(self, seat: Seat) -> Any:
        """Equal for states `seat` cannot tell apart. Default: its view."""
        return _freeze(self.view(seat))

    def determinize(self, seat: Seat, rng: Rng) -> "State":
        """A full state consistent with `seat`'s view (hidden facts resampled).

        Perfect-information games only need to forget the future: a clone whose
        RNG is reseeded, so chance is not predictable from the state.
        """
        copy = self.clone()
        copy.rng = rng.fork()
        return copy

    def sample_chance(self, rng: Rng | None = None) -> Command:
        """What comes next where no seat decides: at a chance node one outcome, drawn with `rng`
        - the state's own RNG when None (the match's live draw, so a replay is exact), a
        search's own RNG otherwise (so it never sees the real future, and samples another one
        each time); at an AUTO node the engine's step, drawing nothing. The outcome is written
        into the command (the colour drawn, the cards dealt), so `apply` never needs an RNG.
        Default: a weighted pick among `chance_outcomes()`; a game with steps that can only be
        sampled overrides it."""
        if self.to_act() == [AUTO]:
            return self.candidates(AUTO)[0]
        outcomes = self.chance_outcomes()
        r = self.rng if rng is None else rng
        return outcomes[r.choose_weighted([p for _, p in outcomes])][0]

    def pending(self) -> tuple[Decision, ...]:
        """What is being decided now: one `Decision` per seat in `to_act()` (by whom, its kind,
        its options or the open choice it asks for, whether it may be skipped). Default: the
        candidates of each actor as a plain "choose"; games name their decisions."""
        return pending_of(self)

    def progress(self) -> str:
        """How far the game has come, in a few words for the Load list ("Era 3", "Round 4 of
        at most 20"); written into saves so the list needs no replay. Default: nothing."""
        return ""

    def winners(self) -> list[Seat]:
        """Seats with the best score once over (several = a shared win / draw)."""
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


class Game(ABC):
    """A game's factory and static knowledge."""

    info: GameInfo
    codec: CommandCodec

    @abstractmethod
    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> State:
        """A fresh state for these options; `seed` drives every chance outcome."""

    def default_config(self) -> JsonDict:
        return {o.key: o.default for o in self.info.options}

    def option_choices(self, key: str, config: Mapping[str, Any]) -> tuple[Any, ...]:
        """The choices the option `key` offers once the rest of `config` is chosen (default: all
        its spec's). A game narrows one option by another here (the skirmish's rosters by the
        faction); the set-up screen shows these and moves a choice that left to the first."""
        spec = next((o for o in self.info.options if o.key == key), None)
        return spec.choices if spec is not None else ()

    def choice_label(self, key: str, value: Any) -> str | None:
        """How the set-up screen names a choice (None: its own wording of the value)."""
        return None

    def notices(self) -> tuple[str, ...]:
        """Lines the set-up screen shows under the game's options: what a player should know
        before starting (the skirmish names its player's content files it had to leave out)."""
        return ()

    def validate_config(self, config: Mapping[str, Any]) -> JsonDict:
        """Defaults filled in; raises ValueError on unknown keys or bad values."""
        known = {o.key: o for o in self.info.options}
        full = self.default_config()
        for key, value in config.items():
            spec = known.get(key)
            if spec is None:
                raise ValueError(f"unknown option {key!r} for {self.info.id}")
            # the choice itself, of its own type: 7.0 == 7 and True == 1, but a save holding
            # them would carry a float or a bool into the rules
            if spec.choices and not any(type(value) is type(c) and value == c for c in spec.choices):
                raise ValueError(f"option {key!r} must be one of {list(spec.choices)}")
            if not spec.choices and not isinstance(value, bool):
                raise ValueError(f"option {key!r} must be true or false")
            full[key] = value
        return full

    def check(self, state: State, command: Command) -> Refusal | None:
        """None if `command` may be played now, else why not: a malformed command (another game's,
        a field of the wrong type), the game over, not the seat's turn, or `why_illegal`'s reason.
        Never raises, whatever the command: the rules are only asked about well-formed commands,
        and a rules error on one is a refusal, not a crash."""
        malformed = self.codec.why_malformed(command)
        if malformed is not None:
            return Refusal(malformed)
        if state.is_over():
            return Refusal("The game is over.")
        if command.seat not in state.to_act():
            return Refusal(self.not_your_turn(state, command.seat))
        try:
            reason = self.why_illegal(state, command)
        except (TypeError, ValueError, IndexError, KeyError, AttributeError):
            return Refusal("That move does not fit this position.")
        return None if reason is None else Refusal(reason)

    def why_illegal(self, state: State, command: Command) -> str | None:
        """The game's one authority on legality: None when `command` (well-formed, by a seat that
        acts now) may be played, else why, in a player's words. Default, for games whose legal
        moves are a short list: membership in `candidates`, with `explain_illegal`'s words.
        A game whose legal moves are too many to list (Rally's programs and splits) decides
        by rule instead."""
        if command in state.candidates(command.seat):
            return None
        return self.explain_illegal(state, command)

    def not_your_turn(self, state: State, seat: Seat) -> str:
        return "It is not your turn."

    def explain_illegal(self, state: State, command: Command) -> str:
        """Why a command that is not among the candidates is illegal (for the default
        `why_illegal`); games override this to say it precisely."""
        return "That move is not allowed now."

    @abstractmethod
    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        """Turn a gesture (drag source -> drop target) into a legal command, or say why not."""

    def targets_for(self, state: State, seat: Seat, source: Target) -> list[Target]:
        """Drop targets that would make a legal command from `source` (for highlights)."""
        return []

    def redact_event(self, event: Event, seat: Seat) -> Event | None:
        """What `seat` may see of an event; None hides it entirely. The generic `redact`, from
        the event class's `PRIVATE` fields; no game needs more."""
        return redact(event, seat)

    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """The log as `viewer` may read it (-1: a seat that knows nothing secret), one `Line`
        per event worth a line, seats called by `names` (the table's names: "You", "Computer").
        Each event is redacted for the viewer first. A game whose words depend on earlier events
        (a ship named by its number in its owner's fleet) folds the whole log; by default each
        event is worded on its own by `describe`."""
        lines: list[Line] = []
        for entry in entries:
            event = self.redact_event(entry.event, viewer)
            text = None if event is None else self.describe(event, names, viewer)
            if text is not None:
                lines.append(Line(text))
        return lines

    def describe(self, event: Event, names: Sequence[str], viewer: Seat) -> str | None:
        """One event in words for `viewer` (None: not worth a line), out of the log's context;
        by default its first line in `describe_log`, else its tag and fields."""
        lines = self.describe_log([LogEntry(0, -1, event)], names, viewer) \
            if type(self).describe_log is not Game.describe_log else []
        if lines:
            return lines[0].text
        fields = ", ".join(f"{k}={v}" for k, v in event.to_json().items() if k != "type")
        return f"{event.TAG}({fields})"

    def describe_command(self, state: State, command: Command) -> str:
        """A command in a player's words, for a button that answers a decision (the generic
        decision panel) and the replay's caption; `plain_words` by default."""
        return plain_words(command)

    def upgrade_command(self, raw: Any, state: State, version: int) -> Any:
        """A command as an older save format (`version`) wrote it, in today's form, at the
        position `state` it is played in (replay order); the JSON as it was by default. Only
        reshapes the data: the result is decoded and checked like any command."""
        return raw

    def clock_seconds(self, config: Mapping[str, Any]) -> float | None:
        """Each seat's thinking time for the whole match when `config` plays on a tournament
        clock (`game.core.clock`, kept by the match), else None: no clock (the default)."""
        return None

    def time_up(self, state: State, seat: Seat) -> Command | None:
        """The command that plays out `seat`'s fallen flag by the game's rule (the match plays it
        when the seat's time runs out on its own decision), or None: no rule, the flag is shown."""
        return None

    def bench_figures(self, seed: int) -> dict[str, float]:
        """Speed figures of the game's own for `bench engine` beside its play-outs (the skirmish:
        line-of-sight queries per second); none by default."""
        return {}

    def score_details(self, state: State) -> list[list[tuple[str, int]]]:
        """Each seat's score in parts, for the game-over screen: per seat, (what, points) in the
        order shown, the same labels for every seat, adding up to that seat's `scores()`. Empty
        (the default): the game shows its totals only."""
        return []

    def playtest_stats(self, state: State) -> dict[str, float]:
        """Figures about a finished game for `arena`'s report (e.g. its length in
        rounds, how often each card was played); empty by default."""
        return {}

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """Read a command from the game's text notation (raises ValueError)."""
        raise ValueError("this game has no command notation")
