"""A CodeCup 2023 Entropy player on stdin/stdout, driven by one of our agents.

Cells are a row letter A-G and a column letter a-g (`Dd`); colours are the
digits 1-7. One program run plays one half, as Chaos or as Order:

- Chaos reads `Start`, then for each counter its colour (`3`) and answers the
  cell it places it on (`Dd`); from the second counter on it first reads
  Order's last move (`DdDa`, or `DdDd` for a pass).
- Order reads each placed counter as colour and cell (`3Dd`) and answers a
  slide as from-cell then to-cell (`DdDa`), a pass being the same cell twice;
  after the 49th counter it does not move.
- Both stop at `Quit`.

The role is inferred from the shape of each line, blank lines are skipped and
unreadable ones are reported on stderr and ignored. Every answer is flushed.

CodeCup allows 5 s a move from the referee's message to our answer, and the first move's
clock runs while the program starts (on a crowded machine the start took 3-10 s, issue 18).
So a turn begins when the first line after our last answer reached us, and the first turn when
the program started if its first line was already waiting; every search's wall-clock limit
counts from there (`game.ai.search.decision_began`): a slow start leaves a shorter, weaker first
search instead of a late answer.
"""

from __future__ import annotations

import os
import select
import sys
import time
from typing import TextIO

from game.ai.agents import make_agent
from game.ai.search import Timer, decision_began
from game.core.protocol import CHANCE, Command
from game.core.registry import load_alone
from game.core.rng import Rng
from game.order_chaos.commands import Draw, Pass, Place, Slide, cell_name, parse_cell
from game.order_chaos.state import DRAW, ORDER, OrderChaosState

SIZE = 7
AGENT_SEED = 2023


def _answer(command: Command, state: OrderChaosState) -> str:
    """Our command in CodeCup notation (`state` is the position it is played in)."""
    if isinstance(command, Place):
        return cell_name(command.cell)
    if isinstance(command, Slide):
        return cell_name(command.src) + cell_name(command.dst)
    if isinstance(command, Pass):  # a pass is a counter 'moved' onto its own cell
        filled = state.filled_cells()
        return cell_name(filled[0] if filled else (0, 0)) * 2
    raise ValueError(f"cannot answer with {command!r}")


def process_start(clock: Timer = time.monotonic) -> float:
    """When this process started, on `clock`'s scale (`time.monotonic`'s by default): from
    `/proc/self/stat` where there is one (Linux, to the kernel's tick), else now less the CPU this
    process has used, which cannot be later than its start."""
    now = clock()
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()  # the name in brackets may hold spaces
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: ticks after boot
        return now - max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return now - time.process_time()


def input_waiting(stdin: TextIO) -> bool:
    """Whether `stdin` already holds input to read (before anything was read from it). A stream
    that cannot tell (no file descriptor) counts as waiting: the turn's clock then starts earlier,
    never later, than it did."""
    try:
        ready, _, _ = select.select([stdin.fileno()], [], [], 0)
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError
        return True
    return bool(ready)


def run_codecup(agent_level: str, stdin: TextIO, stdout: TextIO, started: float | None = None,
                clock: Timer = time.monotonic) -> None:
    """Play one CodeCup half with `agent_level` until `Quit` or the end of input. `started` is when
    the program started on `clock`, the searches' wall clock (default: this process's start); a
    turn's searches count their wall-clock limits from when the turn began (see the module doc)."""
    turn_began: float | None = started if started is not None else process_start(clock)
    if not input_waiting(stdin):
        turn_began = None  # the first turn begins when its first line comes
    game = load_alone("game.order_chaos")  # not the other games: their imports slowed the first answer
    agent = make_agent(agent_level, "order-chaos", AGENT_SEED)
    state = OrderChaosState(SIZE, True, Rng(AGENT_SEED))
    order, chaos = state.order_seat(), state.chaos_seat()
    half = state.half

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    def play(command: Command) -> bool:
        if state.half != half or game.check(state, command) is not None:
            return False
        state.apply(command)
        return True

    def complain(line: str, why: str) -> None:
        print(f"codecup: ignored {line!r}: {why}", file=sys.stderr, flush=True)

    def decide(seat: int) -> None:
        nonlocal turn_began
        with decision_began(clock() if turn_began is None else turn_began):
            command = agent.choose(state, seat)
        text = _answer(command, state)
        play(command)
        say(text)
        turn_began = None  # the next turn begins with the referee's next line

    for raw in stdin:
        if turn_began is None:
            turn_began = clock()
        line = raw.strip()
        if not line:
            continue
        if line == "Quit":
            return
        if line == "Start":
            continue
        try:
            if len(line) == 1 and line.isdigit():  # we are Chaos: place this colour
                if state.phase != DRAW or not play(Draw(CHANCE, int(line) - 1)):
                    complain(line, "no such counter can be drawn now")
                    continue
                decide(chaos)
            elif len(line) == 4:  # Order's slide or pass, told to us as Chaos
                src, dst = parse_cell(line[:2], SIZE), parse_cell(line[2:], SIZE)
                move: Command = Pass(order) if src == dst else Slide(order, src, dst)
                if state.phase != ORDER or not play(move):
                    complain(line, "not a legal move for Order now")
            elif len(line) == 3 and line[0].isdigit():  # we are Order: a counter was placed
                cell = parse_cell(line[1:], SIZE)
                if state.phase != DRAW or not play(Draw(CHANCE, int(line[0]) - 1)) or not play(Place(chaos, cell)):
                    complain(line, "not a legal placement now")
                    continue
                if state.half != half:
                    continue  # the 49th counter: the board is full and Order does not move
                decide(order)
            else:
                complain(line, "unknown message")
        except ValueError as exc:
            complain(line, str(exc))
