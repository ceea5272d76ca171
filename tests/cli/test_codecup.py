"""CodeCup protocol: whole halves as Chaos and as Order against a scripted referee.

The referee is an io.StringIO whose lines are produced on demand from what the
player has written so far, so the player's answers shape the game, as they do
against the real CodeCup referee.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import os
import re
import subprocess
import sys
import time
from typing import Callable, Iterator

import pytest

from game import codecup
from game.ai.agents import BUDGETS, Agent, MCTSAgent, make_agent
from game.ai.search import NO_WALL_LIMIT_ENV, Clocks
from game.codecup import input_waiting, process_start, run_codecup
from game.core import registry
from game.core.protocol import Command, Seat, State
from game.core.rng import Rng
from game.order_chaos.ai import OrderChaosKnowledge
from game.order_chaos.commands import Draw, Pass, Place, Slide, cell_name, parse_cell
from game.order_chaos.state import OrderChaosState

CELL = re.compile(r"^[A-G][a-g]$")
SLIDE = re.compile(r"^[A-G][a-g][A-G][a-g]$")


class Referee(io.StringIO):
    """Feeds the player line by line; each line may depend on the player's answers."""

    def __init__(self, script: Iterator[str]) -> None:
        super().__init__()
        self.script = script

    def __next__(self) -> str:
        return next(self.script) + "\n"


class Player(io.StringIO):
    """Collects the player's answers; `take()` returns the next unread line."""

    def __init__(self) -> None:
        super().__init__()
        self.read_upto = 0
        self.flushes = 0

    def flush(self) -> None:
        self.flushes += 1

    def take(self) -> str:
        lines = self.getvalue().split("\n")
        assert len(lines) - 1 > self.read_upto, "the player did not answer"
        line = lines[self.read_upto]
        self.read_upto += 1
        return line


def _random_order_move(state: OrderChaosState, rng: Rng) -> str:
    moves = state.candidates(0)
    move = rng.choice(moves)
    state.apply(move)
    if isinstance(move, Slide):
        return cell_name(move.src) + cell_name(move.dst)
    cell = state.filled_cells()[0]
    return cell_name(cell) * 2


def chaos_game(player: Player, seed: int) -> Iterator[str]:
    """We are Order (randomly) and the referee; the player is Chaos."""
    state = OrderChaosState(7, True, Rng(seed))
    rng = Rng(seed + 1)
    yield "Start"
    for turn in range(49):
        if turn:
            yield ""  # blank lines must be tolerated
        colour = state.sample_chance()
        assert isinstance(colour, Draw)
        state.apply(colour)
        yield str(colour.colour + 1)
        answer = player.take()
        assert CELL.match(answer), answer
        place = Place(1, parse_cell(answer, 7))
        assert place in state.candidates(1), answer
        state.apply(place)
        if turn < 48:
            yield _random_order_move(state, rng)
    assert state.half == 1  # the board filled up and the half ended
    yield "Quit"


def order_game(player: Player, seed: int) -> Iterator[str]:
    """We are Chaos (randomly) and the referee; the player is Order."""
    state = OrderChaosState(7, True, Rng(seed))
    rng = Rng(seed + 1)
    for turn in range(49):
        colour = state.sample_chance()
        assert isinstance(colour, Draw)
        state.apply(colour)
        cell = rng.choice(state.empty_cells())
        state.apply(Place(1, cell))
        yield f"{colour.colour + 1}{cell_name(cell)}"
        if turn == 48:
            break
        answer = player.take()
        assert SLIDE.match(answer), answer
        src, dst = parse_cell(answer[:2], 7), parse_cell(answer[2:], 7)
        move = Pass(0) if src == dst else Slide(0, src, dst)
        if src == dst:
            assert state.at(src) is not None, "a pass names a counter's own cell"
        assert move in state.candidates(0), answer
        state.apply(move)
    yield "Quit"


@pytest.mark.parametrize("level", ["greedy", "easy"])
def test_whole_chaos_game(level: str) -> None:
    out = Player()
    run_codecup(level, Referee(chaos_game(out, 3)), out)
    assert out.read_upto == 49
    assert out.getvalue().count("\n") == 49
    assert out.flushes >= 49


@pytest.mark.parametrize("level", ["greedy", "easy"])
def test_whole_order_game(level: str) -> None:
    out = Player()
    run_codecup(level, Referee(order_game(out, 8)), out)
    assert out.read_upto == 48  # no move after the 49th counter
    assert out.getvalue().count("\n") == 48
    assert out.flushes >= 48


def test_stops_at_quit_and_skips_junk() -> None:
    out = io.StringIO()
    run_codecup("random", io.StringIO("\n\nStart\nhello\n4\nQuit\n5\n"), out)
    lines = out.getvalue().split()
    assert len(lines) == 1 and CELL.match(lines[0])



OTHER_GAMES = ("game.worlds_collide", "game.rally", "game.skirmish", "game.cosmos", "shapely", "numpy")
"""What the `codecup` player's start must not import: the other games and the skirmish's libraries."""


def test_the_codecup_start_imports_no_other_game() -> None:
    """Issue 18: importing all five games made the first answer of a half take 10-22 s at a heavy
    load. The command line's `codecup`, in a fresh interpreter, loads Order & Chaos alone."""
    script = ("import io, sys\n"
              "sys.stdin = io.StringIO('Start\\n4\\nQuit\\n')\n"
              "from game.cli import main\n"
              "code = main(['codecup', '--agent', 'greedy'])\n"
              f"print(code, [m for m in {OTHER_GAMES!r} if m in sys.modules])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    answer, last = done.stdout.splitlines()
    assert CELL.match(answer), done.stdout
    assert last == "0 []", done.stdout


def test_a_game_loaded_alone_is_the_one_the_whole_registry_holds() -> None:
    engine = registry.load_alone("game.order_chaos")
    assert registry.get_game("order-chaos") is engine
    assert [game.info.id for game in registry.all_games()][0] == "order-chaos"
    assert len(registry.all_games()) == len(registry.GAME_PACKAGES)
    with pytest.raises(ValueError):
        registry.load_alone("game.nowhere")


IMPORTED = time.monotonic()
"""When this test module was imported: after this process started."""


class Wall:
    """A fake wall clock that stands still until the referee moves it on."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Counting(Agent):
    """`normal`'s generic search (Chaos's knowledge in both roles: this is about the clock, not the
    level) with a small budget on a fake wall clock (no CPU spent), noting each search's iterations."""

    ITERATIONS = 30

    def __init__(self, wall: Wall) -> None:
        agent = MCTSAgent(OrderChaosKnowledge(), BUDGETS["normal"], 5, "normal")
        agent.search.clocks = Clocks(cpu=lambda: 0.0, wall=wall)
        agent.search.budget = dataclasses.replace(agent.search.budget, iterations=self.ITERATIONS)
        assert agent.search.budget.wall_limit == 3.4
        self.agent, self.iterations = agent, list[int]()

    def choose(self, state: State, seat: Seat) -> Command:
        command = self.agent.choose(state, seat)
        self.iterations.append(self.agent.stats.iterations)
        return command


def first_turns(game: Iterator[str], turns: int) -> Iterator[str]:
    """The first `turns` lines of a referee's script, then Quit."""
    yield from itertools.islice(game, turns)
    yield "Quit"


@dataclasses.dataclass
class TimedRun:
    """A codecup run on a fake wall clock: the player counting its iterations, what it wrote."""

    wall: Wall
    player: Counting
    out: Player

    def lines(self, lines: Iterator[str], delay: Callable[[int, str], float]) -> Iterator[str]:
        """`lines`, the wall clock moved on by `delay(n, line)` before each reaches the program."""
        for n, line in enumerate(lines):
            self.wall.now += delay(n, line)
            yield line


@pytest.fixture
def timed(monkeypatch: pytest.MonkeyPatch) -> TimedRun:
    monkeypatch.delenv(NO_WALL_LIMIT_ENV, raising=False)
    wall = Wall()
    run = TimedRun(wall, Counting(wall), Player())
    monkeypatch.setattr(codecup, "make_agent", lambda *_: run.player)
    return run


def test_the_first_turn_counts_the_programs_start_against_the_wall_limit(timed: TimedRun) -> None:
    """Issue 18: on a crowded machine the start took 3-10 s, and the first search then took its
    whole 3.4 s wall-clock limit on top (first answers of 6.5-9 s). The first counter was waiting
    when the program started (at 0); the start took 8 s, so the first search stops after one
    iteration; later turns, whose lines come 1 s after each answer, get the whole limit."""
    late = timed.lines(first_turns(order_game(timed.out, 8), 3), lambda n, _: 8.0 if n == 0 else 1.0)
    run_codecup("normal", Referee(late), timed.out, started=0.0, clock=timed.wall)
    assert timed.out.getvalue().count("\n") == 3  # three answers
    assert timed.player.iterations == [1, Counting.ITERATIONS, Counting.ITERATIONS]


def test_a_chaos_turn_begins_with_orders_move_not_with_the_colour(timed: TimedRun) -> None:
    """As Chaos a turn's lines are Order's move, then the colour: the limit counts from the move.
    Here the program started when its first line came, and every colour comes 4 s after the line
    before it: the first turn ("Start", then the colour) and every later one are past the 3.4 s
    limit when the search starts."""
    slow_colours = timed.lines(first_turns(chaos_game(timed.out, 3), 8),
                               lambda _, line: 4.0 if len(line) == 1 and line.isdigit() else 1.0)
    run_codecup("normal", Referee(slow_colours), timed.out, started=1.0, clock=timed.wall)
    assert timed.out.getvalue().count("\n") == 3  # three answers
    assert timed.player.iterations == [1, 1, 1]


def test_input_waiting_tells_a_waiting_line_from_an_empty_pipe() -> None:
    read, write = os.pipe()
    with os.fdopen(read) as stdin, os.fdopen(write, "w") as referee:
        assert not input_waiting(stdin)
        referee.write("Start\n")
        referee.flush()
        assert input_waiting(stdin)
    assert input_waiting(io.StringIO(""))  # cannot tell: counted as waiting, the earlier start


def test_the_process_start_is_before_anything_this_process_did() -> None:
    assert process_start() <= IMPORTED
    assert process_start(lambda: 100.0) <= 100.0 - time.process_time() + 0.05
