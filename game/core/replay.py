"""A finished game or a save, position by position, for the replay viewer.

`Replay` replays a match's commands once from the seed (as `Match.states()` does: chance uses
the outcome stored in the command) and keeps a copy of the position every `CHECKPOINT` steps and
the whole log, so any step can be shown without keeping every position: a step is the nearest
checkpoint's copy played forward. It never plays anything but the stored commands, so nothing a
viewer does can reach a match.

Who looks (`viewpoints`): a replay is watched as a neutral observer, who reads what every seat may
read (`OBSERVER`, -1: a seat with no secrets). A finished game keeps no secrets any more, so each
seat's own view may be chosen too. A save of an unfinished game still has secrets: only the seat of
its one person may be chosen then (their own cards, nobody else's); with several people at it, or
none, only the observer. A game without hidden information has only the observer's view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.protocol import CHANCE, Command, Game, JsonDict, Seat, State
from game.core.words import LogEntry

if TYPE_CHECKING:
    from game.core.match import Match

OBSERVER: Seat = -1
"""The neutral observer's seat: no seat's secrets."""
CHECKPOINT = 32
"""A copy of the position is kept every this many steps (going back replays at most this many)."""


@dataclass
class Replay:
    """The positions of a match's history: step 0 is the start, step k follows the k-th command."""

    game: Game
    config: JsonDict
    seed: int
    seats: list[str]
    commands: list[Command]
    names: list[str] = field(default_factory=list)
    """The names people typed for their seats (`Match.names`)."""
    finished: bool = False
    log: list[LogEntry] = field(default_factory=list)
    """Every event of the history, `ply` = the step that made it."""
    _checkpoints: list[State] = field(default_factory=list)
    _at: int = 0
    _state: State | None = None

    @classmethod
    def of(cls, match: "Match") -> "Replay":
        """The replay of `match`'s history as it is now (the match is not changed, nor kept)."""
        replay = cls(match.game, dict(match.config), match.seed, list(match.seats), list(match.commands),
                     list(match.names))
        replay._build()
        return replay

    def _build(self) -> None:
        state = self.game.new(self.config, self.seed, len(self.seats))
        self._checkpoints = [state.clone()]
        self.log = []
        for ply, command in enumerate(self.commands, start=1):
            self._step(state, command, ply)
            if ply % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
        self.finished = state.is_over()
        self._state, self._at = state, len(self.commands)

    def _step(self, state: State, command: Command, ply: int | None = None) -> None:
        if command.seat == CHANCE:
            state.sample_chance()  # keep the RNG in step with the live draw (`Match._play`)
        events = state.apply(command)
        if ply is not None:
            self.log.extend(LogEntry(ply, command.seat, e) for e in events)

    def __len__(self) -> int:
        """How many steps there are after the start."""
        return len(self.commands)

    def state_at(self, step: int) -> State:
        """The position after `step` commands (clamped to 0..len); do not change it."""
        step = max(0, min(step, len(self.commands)))
        if self._state is None or step < self._at or step - self._at > CHECKPOINT:
            base = step // CHECKPOINT
            self._state = self._checkpoints[base].clone()
            self._at = base * CHECKPOINT
        assert self._state is not None
        while self._at < step:
            self._step(self._state, self.commands[self._at])
            self._at += 1
        return self._state

    def log_until(self, step: int) -> list[LogEntry]:
        """The log as it stood at `step`."""
        return [entry for entry in self.log if entry.ply <= step]

    def entries_of(self, step: int) -> list[LogEntry]:
        """The events of the `step`-th command alone (none for the start)."""
        return [entry for entry in self.log if entry.ply == step]

    def mover(self, step: int) -> Seat | None:
        """Who made the `step`-th command (a seat, CHANCE or AUTO), None for the start."""
        return self.commands[step - 1].seat if 1 <= step <= len(self.commands) else None

    def viewpoints(self) -> list[Seat]:
        """Whose eyes the replay may be watched with: see the module docstring (a game without
        hidden information looks the same to everyone: the observer only)."""
        if not self.game.info.hidden_info:
            return [OBSERVER]
        if self.finished:
            return [OBSERVER] + list(range(len(self.seats)))
        people = [seat for seat, kind in enumerate(self.seats) if kind == "human"]
        return [OBSERVER] + (people if len(people) == 1 else [])


def may_watch(replay: Replay, viewer: Seat) -> bool:
    """True when `viewer`'s view of this replay shows nothing it must not (`Replay.viewpoints`)."""
    return viewer in replay.viewpoints()
