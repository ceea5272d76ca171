"""The Order & Chaos `Game`: set-up, gesture-to-command bridge, refusal reasons."""

from __future__ import annotations

from typing import Any, Mapping

from collections.abc import Sequence

from game.core.protocol import (
    CHANCE,
    Command,
    Game,
    GameInfo,
    OptionSpec,
    Refusal,
    Seat,
    State,
    Target,
)
from game.core.rng import Rng
from game.core.words import Line, LogEntry
from game.order_chaos import words
from game.order_chaos.commands import CODEC, Cell, Draw, Pass, Place, Slide, TimeUp, parse_cell
from game.order_chaos.state import DRAW, ORDER, PLACE, OrderChaosState

INFO = GameInfo(
    id="order-chaos",
    title="Order & Chaos",
    min_players=2,
    max_players=2,
    roles=("Order", "Chaos"),
    has_chance=True,
    hidden_info=False,
    reveal_noun="a new counter from the bag",
    chance_replays=True,
    kind="abstract duel",
    blurb="Eric Solomon's Entropy: Chaos scatters coloured counters, Order slides them into palindromes.",
    options=(
        OptionSpec("size", "Board", 7, (7, 5), "7x7 with 7 colours, or the original 5x5 with 5 colours."),
        OptionSpec("fair_draws", "Tournament draws", False, (),
                   "The second half repeats the first's draws: even luck, known colours (off: the rulebook)."),
        OptionSpec("clock", "Tournament clock", 0, (0, 5, 10, 15, 20, 30),
                   "Minutes each player has to think for the whole match; running out loses it."),
    ),
)


def _cell_of(target: Target | None) -> Cell | None:
    if target is None or target.zone != "cell" or target.cell is None:
        return None
    return target.cell


class OrderChaosGame(Game):
    info = INFO
    codec = CODEC

    def new(self, config: Mapping[str, Any], seed: int, players: int | None = None) -> OrderChaosState:
        full = self.validate_config(config)
        if players not in (None, 2):
            raise ValueError("Order & Chaos is for exactly 2 players")
        return OrderChaosState(int(full["size"]), bool(full["fair_draws"]), Rng(seed))

    def choice_label(self, key: str, value: Any) -> str | None:
        if key == "clock":
            return "Off" if value == 0 else f"{value} min each"
        return None

    def clock_seconds(self, config: Mapping[str, Any]) -> float | None:
        """The tournament clock: the option's minutes per player for the match (0: no clock)."""
        minutes = int(self.validate_config(config)["clock"])
        return 60.0 * minutes if minutes else None

    def time_up(self, state: State, seat: Seat) -> Command | None:
        """A fallen flag loses the match (docs/rules/order-chaos.md, "The tournament clock")."""
        return TimeUp(seat)

    def why_illegal(self, state: State, command: Command) -> str | None:
        """The moves are a short list (`candidates`); a fallen flag is not among them (no player
        or search chooses it) but may be played by the seat to act at any time."""
        if isinstance(command, TimeUp):
            return None
        return super().why_illegal(state, command)

    def not_your_turn(self, state: State, seat: Seat) -> str:
        assert isinstance(state, OrderChaosState)
        if state.phase == DRAW:
            return "Wait: the next counter is being drawn."
        role = "Chaos" if state.phase == PLACE else "Order"
        return f"It is {role}'s turn."

    def explain_illegal(self, state: State, command: Command) -> str:
        assert isinstance(state, OrderChaosState)
        if isinstance(command, Place):
            if state.phase != PLACE:
                return "Only Chaos places counters, right after a draw."
            if not state.on_board(command.cell):
                return "That is off the board."
            return "That cell is already taken: place the counter on an empty cell."
        if isinstance(command, Slide):
            return self._slide_refusal(state, command.src, command.dst) or "That slide is not allowed."
        if isinstance(command, Pass):
            return "Only Order may pass, after Chaos has placed."
        if isinstance(command, Draw):
            return "That counter is not in the bag."
        return "That is not an Order & Chaos move."

    def _slide_refusal(self, state: OrderChaosState, src: Cell, dst: Cell) -> str | None:
        if state.phase != ORDER:
            return "Order slides only after Chaos has placed a counter."
        if not (state.on_board(src) and state.on_board(dst)):
            return "That is off the board."
        if state.at(src) is None:
            return "There is no counter there to slide."
        if src == dst:
            return "Drop the counter on another cell, or press Pass to leave it."
        if src[0] != dst[0] and src[1] != dst[1]:
            return "Counters slide like a rook: along their row or column only."
        if state.at(dst) is not None:
            return "That cell is taken: a counter must stop on an empty cell."
        if dst not in state.slide_targets(src):
            return "The way is blocked: a counter cannot jump over another."
        return None

    def find_command(self, state: State, seat: Seat, source: Target, target: Target | None) -> Command | Refusal:
        assert isinstance(state, OrderChaosState)
        if state.is_over():
            return Refusal("The match is over.")
        if seat not in state.to_act():
            return Refusal(self.not_your_turn(state, seat))
        if source.zone == "pass":
            return Pass(seat) if state.phase == ORDER else Refusal("Only Order may pass.")
        dst = _cell_of(target)
        if source.zone == "drawn":
            if state.phase != PLACE:
                return Refusal("There is no counter to place.")
            if dst is None or not state.on_board(dst):
                return Refusal("Drop the counter on an empty cell of the board.")
            if state.at(dst) is not None:
                return Refusal("That cell is already taken: place the counter on an empty cell.")
            return Place(seat, dst)
        src = _cell_of(source)
        if src is not None:
            clicked_empty = dst is None and state.on_board(src) and state.at(src) is None
            if state.phase == PLACE and clicked_empty:
                # a click on an empty cell before the drawn counter was picked up (play-test: it said
                # only Order moves counters, which was not what the player tried)
                return Refusal("Pick up the drawn counter first: drag it here, or click it and then this cell.")
            if state.phase != ORDER:
                return Refusal("Only Order moves counters on the board, after Chaos has placed.")
            if clicked_empty:
                return Refusal("That cell is empty: drag a counter along its row or column, or click it and then "
                               "where it goes.")
            if dst is None:
                return Refusal("Drop the counter on an empty cell in its row or column.")
            refusal = self._slide_refusal(state, src, dst)
            return Refusal(refusal) if refusal else Slide(seat, src, dst)
        return Refusal("Nothing to do with that.")

    def targets_for(self, state: State, seat: Seat, source: Target) -> list[Target]:
        assert isinstance(state, OrderChaosState)
        if seat not in state.to_act():
            return []
        if source.zone == "drawn" and state.phase == PLACE:
            return [Target("cell", c) for c in state.empty_cells()]
        src = _cell_of(source)
        if src is not None and state.phase == ORDER and state.at(src) is not None:
            return [Target("cell", c) for c in state.slide_targets(src)]
        return []

    def describe_log(self, entries: Sequence[LogEntry], names: Sequence[str], viewer: Seat) -> list[Line]:
        """Every event in words (all public): see `words`."""
        return [line for line in (words.describe(e.event, names) for e in entries) if line is not None]

    def parse_command(self, seat: Seat, text: str, state: State) -> Command:
        """`draw 3`, `Dd` (place), `DdDa` (slide), `pass`, `time` (the seat's flag fell); cells
        as in CodeCup."""
        assert isinstance(state, OrderChaosState)
        text = text.strip()
        if text.startswith("draw "):
            return Draw(CHANCE, int(text[5:]) - 1)
        if text == "pass":
            return Pass(seat)
        if text == "time":
            return TimeUp(seat)
        if len(text) == 2:
            return Place(seat, parse_cell(text, state.size))
        if len(text) == 4:
            return Slide(seat, parse_cell(text[:2], state.size), parse_cell(text[2:], state.size))
        raise ValueError(f"not an Order & Chaos move: {text!r}")


ORDER_CHAOS = OrderChaosGame()
