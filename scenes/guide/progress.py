"""Following a script move by move (pygame-free): the table's guide and the tests' walk share it.

`Progress` knows the step under way, the computers' scripted moves still to come (`reply_for`) and
the player's moves the step waits for (`expected`). The table asks it before playing a person's
move (`refusal`) and tells it every move played (`played`); it moves on to the next step by
itself when the expected moves are made, or on `next()` for a step that waits for the Next button.
When the game leaves the script (a move the engine refuses, a computer without a scripted move)
the guide stops (`lost`) and the game simply goes on.
"""

from __future__ import annotations

from game.core.match import Match
from game.core.protocol import AUTO, CHANCE, Command, Seat
from scenes.guide.script import Script, ScriptError, Step


class Progress:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.index = 0
        self.done = False
        """The script is over (finished, skipped or lost): the game is a normal game now."""
        self.lost = False
        """The game left the script (see the module docstring)."""
        self.replies: list[Command] = []
        """Scripted computer moves not yet played (this step's and any earlier step's left)."""
        self.expected: list[Command] = []
        self._enter(0)

    # --- where we are ------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return None if self.done else self.script.steps[self.index]

    @property
    def count(self) -> int:
        return len(self.script.steps)

    @property
    def waits_for_next(self) -> bool:
        step = self.step
        return step is not None and step.until == "next"

    def _enter(self, index: int) -> None:
        if index >= len(self.script.steps):
            self.done = True
            self.expected = []
            return
        self.index = index
        step = self.script.steps[index]
        self.replies += step.replies
        self.expected = list(step.expect)

    # --- moving on ------------------------------------------------------------------------------
    def next(self) -> bool:
        """The Next button: leave a step that waits for it. True if the step changed."""
        if not self.waits_for_next:
            return False
        self._enter(self.index + 1)
        return True

    def stop(self, lost: bool = False) -> None:
        """Skip the rest (or the game left the script): from now on a normal game."""
        self.done = True
        self.lost = lost
        self.expected = []
        self.replies = []

    def reply_for(self, seat: Seat) -> tuple[Command, ...]:
        """The computer `seat`'s scripted moves from its next one, as long as they follow one
        another in the script (a plan); empty when the script has none for it. A finished
        guide still answers the moves its last steps scripted (the player pressed Play on
        before the computer had made them); a skipped or lost one has none left."""
        start = next((i for i, c in enumerate(self.replies) if c.seat == seat), None)
        if start is None:
            return ()
        plan = []
        for command in self.replies[start:]:
            if command.seat != seat:
                break
            plan.append(command)
        return tuple(plan)

    def refusal(self, command: Command) -> str | None:
        """Why the guide refuses the player's `command` now (None: it may be played). Only a
        step with expected moves refuses; Next steps leave the player free to look around but
        not to move."""
        step = self.step
        if step is None or command.seat != self.script.human:
            return None
        if step.until == "any":
            return None
        if step.until == "next":
            return "Read the note first, then press Next."
        if self.expected and step.matches(command, self.expected[0]):
            return None
        return step.hint or "Not that one: follow the arrow on the table."

    def played(self, command: Command) -> bool:
        """`command` was played at the table; True when the step changed."""
        if self.done:
            if command in self.replies:
                self.replies.remove(command)  # a last scripted move, after Play on
            return False
        if command.seat == self.script.human:
            step = self.step
            assert step is not None
            if step.until == "any":
                self._enter(self.index + 1)
                return True
            if self.expected and step.matches(command, self.expected[0]):
                self.expected.pop(0)
                if not self.expected:
                    self._enter(self.index + 1)
                    return True
            return False
        if command in self.replies:
            self.replies.remove(command)
        return False

    def check_course(self, match: Match) -> bool:
        """Stop the guide when the game has left the script: the player must make a move the
        engine now refuses (not checked in a step with loose moves, which stand for any move
        of their kind). True when it stopped."""
        step = self.step
        if step is None or step.loose or not self.expected or self.script.human not in match.to_act():
            return False  # (a loose move stands for any of its kind: the next may differ too)
        if match.game.check(match.state, self.expected[0]) is not None:
            self.stop(lost=True)
            return True
        return False


def walk(script: Script, match: Match | None = None, limit: int = 2000) -> Match:
    """Play the whole script on the engine alone, as the table would: chance and the engine's own
    steps resolved, computers answered only by their scripted moves, the player's expected moves
    submitted, Next pressed. Raises ScriptError at the first move refused or missing."""
    from game.core.registry import get_game

    match = match or Match(get_game(script.game_id), dict(script.config), script.seed, list(script.seats))
    progress = Progress(script)
    for _ in range(limit):
        if progress.done:
            if progress.replies:
                raise ScriptError(f"{script.game_id}: scripted computer moves never played: {progress.replies}")
            return match
        where = f"{script.game_id}, step {progress.index + 1}"
        actors = match.to_act()
        if match.state.is_over():
            raise ScriptError(f"{where}: the game ended inside the script")
        if actors in ([CHANCE], [AUTO]):
            match.resolve_chance()
            continue
        computer = next((s for s in actors if s >= 0 and s != script.human), None)
        human_acts = script.human in actors
        step = progress.step
        assert step is not None
        if human_acts and progress.expected:
            command = progress.expected[0]
            result = match.submit(command)
            if not result.ok:
                raise ScriptError(f"{where}: the player's move {command} is refused: {result.reason}")
            progress.played(command)
            continue
        if computer is not None and progress.reply_for(computer):
            command = progress.reply_for(computer)[0]
            result = match.submit(command)
            if not result.ok:
                raise ScriptError(f"{where}: the computer's move {command} is refused: {result.reason}")
            progress.played(command)
            continue
        if step.until == "next" and (human_acts or not progress.replies):
            progress.next()
            continue
        if step.until == "any":
            raise ScriptError(f"{where}: a step ended by any move cannot be walked; list the move instead")
        if computer is not None:
            raise ScriptError(f"{where}: the computer (seat {computer}) must move and has no scripted move")
        raise ScriptError(f"{where}: the player must move and the step expects {progress.expected or 'nothing'}")
    raise ScriptError(f"{script.game_id}: the walk did not end")
