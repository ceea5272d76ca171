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
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.ai.agents import make_agent
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


def run_codecup(agent_level: str, stdin: TextIO, stdout: TextIO) -> None:
    """Play one CodeCup half with `agent_level` until `Quit` or the end of input."""
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

    for raw in stdin:
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
                command = agent.choose(state, chaos)
                text = _answer(command, state)
                play(command)
                say(text)
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
                command = agent.choose(state, order)
                text = _answer(command, state)
                play(command)
                say(text)
            else:
                complain(line, "unknown message")
        except ValueError as exc:
            complain(line, str(exc))
