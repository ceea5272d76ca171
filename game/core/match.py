"""A match: a game's state plus seats, history, undo/redo and save/load.

This is the one object the screens and the CLI talk to. It never trusts a
command: `submit` checks it and refuses with a reason, leaving the state as it
was; a computer's plan (`game.core.plans`) goes through it one step at a time. Saves are JSON (`{format, version, game, config, seed, seats, commands}`)
replayed through the engine on load, and written atomically. A game on a tournament clock
(`game.core.clock`) keeps each seat's thinking time here too, saved with the game.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from game.core.clock import MatchClock
from game.core.errors import SaveFileError, UnknownGameError
from game.core.words import LogEntry as LogEntry
from game.core.protocol import AUTO, CHANCE, Command, Event, Game, GameInfo, JsonDict, Seat, State

SAVE_FORMAT = "entropy-tabletop-save"
SAVE_VERSION = 3
"""2: chance outcomes are all written into their commands (Rally's deal names its cards).
Version 1 saves still load: `Game.upgrade_command` fills in what they lack.
3: a match on a tournament clock saves each seat's used time (`clock`); version 2 had no clock, so
its saves load as they are (an older app refuses a version 3 save rather than drop the time)."""
CLOCK_SAVE_EVERY_S = 15.0
"""A running clock writes the autosave each time a seat's used time passes a multiple of this,
so a crash or a closed window loses at most this much of it."""
HUMAN = "human"
AGENT_LEVELS = ("random", "greedy", "easy", "normal", "hard")
SEAT_KINDS = (HUMAN,) + AGENT_LEVELS


@dataclass(frozen=True)
class Result:
    """What `submit`, `undo` and `redo` return: ok, or refused with a reason."""

    ok: bool
    reason: str = ""
    events: tuple[Event, ...] = ()

    @staticmethod
    def refused(reason: str) -> "Result":
        return Result(False, reason)


@dataclass(frozen=True)
class TakeBack:
    """A note for the log: undo took `seat`'s move back. `at` is where the log stood after it (a
    count of `Match.log` entries: the note reads after them); `entries` are the log entries of the
    seat's own commands taken back, for the log to name the move in the game's own words;
    `replies` those of the other seats' (the computers' answers) taken back with them."""

    at: int
    seat: Seat
    entries: tuple[LogEntry, ...]
    replies: tuple[LogEntry, ...] = ()
    commands: tuple[Command, ...] = ()
    """The seat's own commands taken back, for a move the log tells nothing of (the skirmish's
    End move) to be named all the same."""


@dataclass
class Match:
    """Seats are `"human"` or an agent level name (`random`, `greedy`, `easy`, ...)."""

    game: Game
    config: JsonDict
    seed: int
    seats: list[str]
    state: State = field(init=False)
    commands: list[Command] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    autosave_path: Path | None = None
    names: list[str] = field(default_factory=list)
    """Names people typed for their seats in a hot-seat game ('' or missing: the usual label);
    saved with the game, shown wherever the table names a seat (`scenes.seat_names`)."""
    clock: MatchClock | None = field(init=False, default=None)
    """Each seat's thinking time when the game's options set a tournament clock (`run_clock`)."""
    take_backs: list[TakeBack] = field(default_factory=list)
    """What undo took back, in order, for the log (this session's: a loaded game's log starts
    without them). Each stays where it was written; a later undo that cuts the log shorter moves
    it to the new end, so the log still tells it in order."""
    _redo: list[list[Command]] = field(default_factory=list)
    _revealed: list[bool] = field(default_factory=list)
    """Per command: whether its events showed something hidden (an undo barrier)."""
    loaded_moves: int = -1
    """How many commands the save it was loaded from held (-1: a new game)."""

    def __post_init__(self) -> None:
        bad = [s for s in self.seats if s not in SEAT_KINDS]
        if bad:
            raise ValueError(f"unknown seat kind {bad[0]!r} (use {', '.join(SEAT_KINDS)})")
        self.config = self.game.validate_config(self.config)
        self.state = self.game.new(self.config, self.seed, len(self.seats))
        budget = self.game.clock_seconds(self.config)
        if budget is not None:
            self.clock = MatchClock.for_seats(budget, len(self.seats))

    # --- playing ---------------------------------------------------------------
    def is_human(self, seat: Seat) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def to_act(self) -> list[Seat]:
        return self.state.to_act()

    def submit(self, command: Command) -> Result:
        """Play `command` if legal; otherwise refuse with the reason, state unchanged.

        Chance outcomes cannot be submitted: only `resolve_chance` draws, so no
        caller can pick the colour that comes out of the bag.
        """
        refusal = self.game.check(self.state, command)
        if refusal is not None:
            return Result.refused(refusal.reason)
        if command.seat == CHANCE:
            return Result.refused("No one chooses what chance brings: the draw is random.")
        events = self._play(command)
        self._redo.clear()
        self._autosave()
        return Result(True, events=tuple(events))

    def resolve_chance(self) -> Result:
        """Let the bag, deck or dice decide, with the state's own seeded RNG - or play the
        engine's own next step (AUTO): whatever comes next without a seat's decision."""
        actors = self.state.to_act()
        if actors == [AUTO]:
            events = self._play(self.state.sample_chance())
            self._redo.clear()
            self._autosave()
            return Result(True, events=tuple(events))
        if actors != [CHANCE]:
            return Result.refused("Nothing is left to chance right now.")
        events = self._play(self.state.sample_chance(), rng_used=True)
        self._redo.clear()
        self._autosave()
        return Result(True, events=tuple(events))

    def _play(self, command: Command, rng_used: bool = False) -> list[Event]:
        if command.seat == CHANCE and not rng_used:
            self.state.sample_chance()  # keep the RNG in step with a live draw
        events = self.state.apply(command)
        self.commands.append(command)
        self._revealed.append(any(e.reveals() for e in events))
        ply = len(self.commands)
        self.log.extend(LogEntry(ply, command.seat, e) for e in events)
        return events

    # --- the tournament clock ----------------------------------------------------------
    def run_clock(self, seat: Seat, seconds: float) -> Result | None:
        """Count `seconds` of `seat`'s thinking on its own decision (the table calls this while
        the seat's person has the decision on screen). When its flag falls, the game's
        `time_up` command is played; its Result is returned, else None. A match without a clock,
        a seat not to act or a finished match counts nothing."""
        clock = self.clock
        if clock is None or self.state.is_over() or seat not in self.state.to_act() or not self.is_human(seat):
            return None
        before = clock.used_s[seat]
        fell = clock.run(seat, seconds)
        if fell:
            command = self.game.time_up(self.state, seat)
            if command is not None and self.game.check(self.state, command) is None:
                events = self._play(command)
                self._redo.clear()
                self._autosave()
                return Result(True, events=tuple(events))
        if fell or before // CLOCK_SAVE_EVERY_S != clock.used_s[seat] // CLOCK_SAVE_EVERY_S:
            self._autosave()
        return None

    # --- undo / redo -------------------------------------------------------------
    def undo_point(self, seat: Seat) -> int | None:
        """Index to cut history back to for `seat`'s last decision, or None.

        Undo never crosses new information: a chance outcome (a draw, a shuffle,
        dice), a command whose events showed something hidden (`Event.REVEALS`), or
        another human's command. Agents' replies and the engine's own steps are taken back too.
        One exception: a person alone against computers in a game whose draws replay the same
        (`GameInfo.chance_replays`) may undo across a draw: it will come out the same again.
        """
        if self.flag_fell():
            return None
        across_draws = self._draws_replay_for(seat)
        for i in range(len(self.commands) - 1, -1, -1):
            cmd = self.commands[i]
            if (cmd.seat == CHANCE or self._revealed[i]) and not across_draws:
                return None
            if cmd.seat == seat:
                return i
            if self.is_human(cmd.seat):
                return None
        return None

    def _draws_replay_for(self, seat: Seat) -> bool:
        """`seat` is the only person at the table and the game's draws replay the same."""
        return self.game.info.chance_replays and self.is_human(seat) and \
            not any(self.is_human(other) for other in range(len(self.seats)) if other != seat)

    def flag_fell(self) -> bool:
        """The match ended on the tournament clock: a fallen flag is final (no undo across it)."""
        return self.clock is not None and self.state.is_over() and \
            any(self.clock.fallen(s) for s in range(len(self.seats)))

    def undo_refusal(self, seat: Seat) -> str | None:
        if self.undo_point(seat) is not None:
            return None
        if self.flag_fell():
            return "Can't undo: the time ran out, and a fallen flag is final."
        if not any(cmd.seat == seat for cmd in self.commands):
            return "Nothing to undo: you haven't made a move yet."
        for i in range(len(self.commands) - 1, -1, -1):
            cmd = self.commands[i]
            if cmd.seat == CHANCE or self._revealed[i]:  # one wording for both (a play-tester saw two)
                return f"Can't undo: {self.game.info.reveal_noun} has been revealed since your move."
            if cmd.seat != seat and self.is_human(cmd.seat):
                return "Can't undo: another player has moved since."
            if cmd.seat == seat:
                break
        return "Nothing to undo."

    def undo(self, seat: Seat) -> Result:
        return self._take_back(seat, self.undo_point(seat))

    def _take_back(self, seat: Seat, point: int | None) -> Result:
        """Cut history back to `point` (None: refused with `undo_refusal`'s reason); the cut
        commands become one redo group."""
        if point is None:
            return Result.refused(self.undo_refusal(seat) or "Nothing to undo.")
        undone = self.commands[point:]
        own = tuple(e for e in self.log if e.ply > point and e.seat == seat)
        replies = tuple(e for e in self.log if e.ply > point and e.seat not in (seat, CHANCE))
        self._rebuild(self.commands[:point])
        end = len(self.log)
        self.take_backs = [replace(n, at=min(n.at, end)) for n in self.take_backs]
        self.take_backs.append(TakeBack(end, seat, own, replies, tuple(c for c in undone if c.seat == seat)))
        self._redo.append(undone)
        self._autosave()
        return Result(True)

    def turn_start(self, seat: Seat) -> int | None:
        """Index to cut history back to for the start of `seat`'s turn: its own commands in a
        row (a Rally program laid card by card, a chain of steps), walking back no further than
        `undo_point` may go (new information, another human's command) and stopping at any
        other seat's command or the engine's own step; None when there is nothing to undo."""
        start = self.undo_point(seat)
        if start is None:
            return None
        while start > 0:
            i = start - 1
            if self.commands[i].seat != seat or self._revealed[i]:
                break
            start = i
        return start

    def undo_to_refusal(self, seat: Seat, point: int | None) -> str | None:
        """Why `undo_to(seat, point)` would be refused, or None: there must be something after
        `point`, and `turn_start` must reach back to it (no new information, no other person's
        move since)."""
        if point is None or point >= len(self.commands):
            return "Nothing to take back yet."
        start = self.turn_start(seat)
        if start is None or point < start:
            return self.undo_refusal(seat) or \
                f"Can't take it back: {self.game.info.reveal_noun} has been revealed since."
        return None

    def undo_to(self, seat: Seat, point: int | None) -> Result:
        """Take `seat`'s commands back to `point` at once (a step's start a view names, within
        `turn_start`); redo replays them together."""
        refusal = self.undo_to_refusal(seat, point)
        if refusal is not None:
            return Result.refused(refusal)
        return self._take_back(seat, point)

    def undo_turn(self, seat: Seat) -> Result:
        """Take back every command of `seat`'s turn at once (see `turn_start`); redo replays
        them together."""
        return self._take_back(seat, self.turn_start(seat))

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo_refusal(self, seat: Seat) -> str | None:
        """Why `redo(seat)` would be refused before replaying anything, or None: only the move
        `seat` took back last can be replayed (a screen greys its Redo button with this)."""
        if not self._redo or self._redo[-1][0].seat != seat:
            return "Nothing to redo."
        return None

    def redo(self, seat: Seat) -> Result:
        nothing = self.redo_refusal(seat)
        if nothing is not None:
            return Result.refused(nothing)
        group = self._redo.pop()
        events: list[Event] = []
        for cmd in group:
            refusal = self.game.check(self.state, cmd)
            if refusal is not None:
                self._redo.clear()
                return Result.refused(f"Can't redo: {refusal.reason}")
            events.extend(self._play(cmd))
        self._autosave()
        return Result(True, events=tuple(events))

    def _rebuild(self, commands: Sequence[Command]) -> None:
        """Replay `commands` from a fresh state (exact: chance uses the stored outcome)."""
        self.state = self.game.new(self.config, self.seed, len(self.seats))
        self.commands = []
        self._revealed = []
        self.log = []
        for cmd in commands:
            self._play(cmd)

    def recent_steps(self, seat: Seat, depth: int) -> list[tuple[JsonDict, list[Event], JsonDict]]:
        """The last `depth` moves as `seat` saw them: (its view before, the move's events, its
        view after), replayed from the start (for a table opened from a save whose view keeps a
        record of what it played back)."""
        first = max(0, len(self.commands) - depth)
        events: dict[int, list[Event]] = {}
        for entry in self.log:
            events.setdefault(entry.ply, []).append(entry.event)
        out: list[tuple[JsonDict, list[Event], JsonDict]] = []
        before: JsonDict = {}
        for ply, state in enumerate(self._replayed()):  # the position after `ply` commands
            if ply < first:
                continue
            after = state.view(seat)
            if ply > first:
                out.append((before, events.get(ply, []), after))
            before = after
        return out

    def _replayed(self) -> Iterator[State]:
        """Every position of the history, from the start, as one state played on (exact:
        chance uses the stored outcome); `states` copies each one."""
        state = self.game.new(self.config, self.seed, len(self.seats))
        yield state
        for cmd in self.commands:
            if cmd.seat == CHANCE:
                state.sample_chance()
            state.apply(cmd)
            yield state

    def states(self) -> Iterator[State]:
        """Every position of the history, from the start (for replay viewers)."""
        for state in self._replayed():
            yield state.clone()

    # --- saving ------------------------------------------------------------------
    def to_json(self) -> JsonDict:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.info.id,
            "config": self.config,
            "seed": self.seed,
            "seats": list(self.seats),
            "commands": [c.to_json() for c in self.commands],
            "rules": self.game.info.rules,
            "progress": "Finished" if self.state.is_over() else self.state.progress(),
            **({"names": list(self.names)} if any(self.names) else {}),
            **({"clock": self.clock.to_json()} if self.clock is not None else {}),
            **({"result": self._result()} if self.state.is_over() else {}),
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }

    def _result(self) -> JsonDict:
        """A finished game's outcome, so the Load list can say 'You won 84–71' without replaying
        (loading never reads it: the commands are the truth)."""
        try:
            return {"winners": list(self.state.winners()), "scores": [float(s) for s in self.state.scores()]}
        except Exception:  # noqa: BLE001 - an outcome the game cannot give must not stop the save
            return {}

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_json())

    def save_now(self) -> None:
        """Write the autosave now, between moves (a tournament clock's time since the last move,
        before the app leaves the table). A game opened from a named save and left as it was is
        written too, so Continue resumes it (play-test: Continue named an older game); opening
        that save again goes on in the same file (`autosaves.autosave_for`), not another row.
        A new game whose person's moves were all taken back is not kept: its file goes."""
        if self.kept() or self.loaded_moves >= 0 or self.autosave_path is None:
            self._autosave()
            return
        try:
            self.autosave_path.unlink(missing_ok=True)
        except OSError:
            pass  # left for `autosaves.drop_unplayed` when the app starts next

    def person_moved(self) -> bool:
        """A person has made a move in this game (its history holds a command of a human seat)."""
        return any(self.is_human(cmd.seat) for cmd in self.commands)

    def kept(self) -> bool:
        """Leaving now keeps this game for Continue: it has an autosave and, if a person sits at
        it, a person's move (a game left before anyone at the table moved is not worth a row
        under To continue: play-test, every Quick play left at once stayed there, '0 of 25
        placed'). A game of computers only is kept from its first move, to be watched on."""
        return self.autosave_path is not None and (self.person_moved() or HUMAN not in self.seats)

    def _autosave(self) -> None:
        """Write the autosave once the game is kept (`kept`), and whenever its file exists (an
        undo back before the person's first move is written too, so the file follows the game)."""
        if self.autosave_path is not None and (self.kept() or self.autosave_path.exists()):
            try:
                self.save(self.autosave_path)
            except OSError:
                pass  # a full disk must not stop the game; the next command retries

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild a match by replaying its commands; SaveFileError says what is wrong."""
        from game.core.registry import get_game

        if not isinstance(data, dict):
            raise SaveFileError("not a save file: the top level is not a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFileError("not an Entropy Tabletop save file (wrong or missing 'format')")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveFileError("save file has no version number")
        if version > SAVE_VERSION:
            raise SaveFileError(f"save file version {version} is newer than this app understands ({SAVE_VERSION})")
        if version < 1:
            raise SaveFileError(f"save file version {version} is not supported")
        for key, kind in (("game", str), ("config", dict), ("seed", int), ("seats", list), ("commands", list)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise SaveFileError(f"save file field '{key}' is missing or of the wrong type")
        try:
            game = get_game(data["game"])
        except UnknownGameError as exc:
            raise SaveFileError(str(exc)) from None
        seats = data["seats"]
        if not all(isinstance(s, str) and s in SEAT_KINDS for s in seats):
            raise SaveFileError(f"save file field 'seats' must list seat kinds ({', '.join(SEAT_KINDS)})")
        if not game.info.min_players <= len(seats) <= game.info.max_players:
            raise SaveFileError(f"{game.info.title} needs {game.info.min_players}-{game.info.max_players} seats")
        try:
            match = cls(game, data["config"], data["seed"], list(seats))
        except ValueError as exc:
            raise SaveFileError(f"bad game options: {exc}") from None
        names = data.get("names", [])
        if not isinstance(names, list) or len(names) > len(seats) or not all(
                isinstance(n, str) and len(n) <= MAX_NAME for n in names):
            raise SaveFileError(f"save file field 'names' must list up to {len(seats)} names of at most "
                                f"{MAX_NAME} characters")
        match.names = [n.strip() for n in names]
        why = _rules_note(game.info, data.get("rules"))
        for ply, raw in enumerate(data["commands"], start=1):
            try:
                was_chance = False
                if version < SAVE_VERSION:
                    was_chance = isinstance(raw, dict) and raw.get("seat") == CHANCE
                    raw = game.upgrade_command(raw, match.state, version)
                cmd = game.codec.decode(raw)
                if version < 2 and was_chance and cmd.seat == AUTO:
                    match.state.rng.next_u64()  # version 1 drew once for it, as for every chance step
            except ValueError as exc:
                raise SaveFileError(f"{why}move {ply} cannot be read: {exc}") from None
            try:
                refusal = game.check(match.state, cmd)
                what = cmd.describe() if refusal is not None else ""
            except (TypeError, ValueError, IndexError, KeyError, AttributeError):
                # A field of the right name but the wrong shape (a cell [9, 0],
                # [1] or ["a", "b"]) must not crash the loader deep in the engine.
                raise SaveFileError(f"{why}move {ply} cannot be read: malformed {cmd.TAG} command") from None
            if refusal is not None:
                raise SaveFileError(f"{why}move {ply} ({what}) is illegal: {refusal.reason}")
            try:
                match._play(cmd)
            except (TypeError, ValueError, IndexError, KeyError, AttributeError):
                # a legal-looking command the rules still cannot play: refused, never a crash
                raise SaveFileError(f"{why}move {ply} cannot be played: malformed {cmd.TAG} command") from None
        if match.clock is not None and "clock" in data:
            try:
                match.clock.restore(data["clock"])
            except ValueError as exc:
                raise SaveFileError(f"save file field {exc}") from None
        match.loaded_moves = len(match.commands)
        return match

    @classmethod
    def load(cls, path: Path) -> "Match":
        return cls.from_json(read_json(path))


MAX_NAME = 16
"""The longest name a seat may be given (it must fit the table's panels)."""

MAX_SAVE_BYTES = 50 * 1024 * 1024
"""The largest file read as a save (a long Rally game saves under 1 MB): a bigger one is refused
before it is read, so a huge or endless file (a 200 MB number, /dev/zero) cannot exhaust memory."""


def read_json(path: Path) -> Any:
    """Read a JSON file; every failure becomes a one-line SaveFileError.

    Only a regular file of at most MAX_SAVE_BYTES is read: a FIFO would block for ever and a
    device never ends. Numbers too long for Python's int parser and files too big to decode are
    refused like any other broken file."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveFileError(f"no such file: {path}") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read {path}: {exc.__class__.__name__}") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveFileError(f"{path} is a folder, not a save file")
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileError(f"{path} is not a regular file (a device or a pipe), not a save file")
    if info.st_size > MAX_SAVE_BYTES:
        raise SaveFileError(f"{path} is too big to be a save file ({info.st_size // (1024 * 1024)} MB)")
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
        if len(raw) > MAX_SAVE_BYTES:  # it grew after the size was looked at
            raise SaveFileError(f"{path} is too big to be a save file")
        text = raw.decode("utf-8")
    except IsADirectoryError:
        raise SaveFileError(f"{path} is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"cannot read {path}: {exc.__class__.__name__}") from None
    if not text.strip():
        raise SaveFileError(f"{path} is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveFileError(f"{path} is nested too deeply to be a save file") from None
    except ValueError:  # Python refuses to parse a number of more than 4,300 digits
        raise SaveFileError(f"{path} holds a number too long to be a save file's") from None
    except MemoryError:
        raise SaveFileError(f"{path} is too big to be a save file") from None


TEMP_SUFFIX = ".tmp"
STRAY_TEMP = re.compile(r"\.(?P<name>.+\.json)\.[A-Za-z0-9_]+\.tmp")
"""The name `write_json_atomic` gives its temp file: "." + the file's name + "." + a random
part + ".tmp". Only files named so are ever swept; a real save never is."""
STRAY_AGE_S = 120.0
"""A temp file this old is left over from a write that was cut short (a hard kill, a power cut):
a write in progress renames its temp file within moments."""


def write_json_atomic(path: Path, data: Mapping[str, Any] | list[Any]) -> None:
    """Write to a temp file in the same folder, fsync, then rename over `path`.

    A hard kill between the two leaves the temp file behind; `sweep_stray_temp_files`
    removes such files when the app next starts."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sweep_stray_temp_files(folder: Path, older_than_s: float = STRAY_AGE_S) -> list[Path]:
    """Remove the temp files that cut-short atomic writes left in `folder`; returns them.

    Only regular files named as `write_json_atomic` names its temp files (STRAY_TEMP) and not
    touched for `older_than_s` seconds are removed, so a write in progress (another window of
    the app) and every real save are left alone. Errors are ignored: sweeping is tidying."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not STRAY_TEMP.fullmatch(entry.name):
            continue
        try:
            info = entry.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than_s:
                entry.unlink()
                removed.append(entry)
        except OSError:
            continue
    return removed


def _rules_note(info: GameInfo, saved: object) -> str:
    """What to say first when a save's moves do not replay: the game's numbers changed since it
    was made (a balance change makes every older save diverge: a Rally save from before the
    entropy clock was halved failed at move 141 with 'Share out exactly 135 energy')."""
    if not info.rules or saved == info.rules:
        return ""
    # short: the Load list shows one line, and what matters must come before it is cut
    if saved is None:
        return f"perhaps older {info.title} numbers: "
    return f"saved with other {info.title} numbers: "
