"""Seconds per answer of the `codecup` player, timed from outside as the CodeCup referee sees it.

Runs `entropy-tabletop codecup --agent LEVEL` as a child process and plays one half against
it as a trivial referee: as Chaos's opponent it always passes, as Order's opponent it drops
random colours on random empty cells (seeded). Prints the wall-clock seconds of every answer
(mean, max and which answer it was, total per half; the first answer includes the program's
start), the player's CPU seconds for the half (CodeCup allows 30 s a game) and whether any
answer took more than the 5 s a CodeCup move may take.

    .venv/bin/python tools/oc_codecup_timing.py hard --seed 1
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

SIZE = 7
ROWS, COLS = "ABCDEFG", "abcdefg"


def _cell(i: int) -> str:
    return ROWS[i // SIZE] + COLS[i % SIZE]


def _index(text: str) -> int:
    return ROWS.index(text[0]) * SIZE + COLS.index(text[1])


def _player(level: str) -> subprocess.Popen[str]:
    exe = Path(sys.executable).with_name("entropy-tabletop")
    return subprocess.Popen([str(exe), "codecup", "--agent", level], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _ask(player: subprocess.Popen[str], line: str, times: list[float]) -> str:
    assert player.stdin is not None and player.stdout is not None
    start = time.perf_counter()
    player.stdin.write(line + "\n")
    player.stdin.flush()
    answer = player.stdout.readline().strip()
    times.append(time.perf_counter() - start)
    return answer


def half_as_chaos(level: str, rng: random.Random) -> list[float]:
    """The player is Chaos; we are an Order that always passes."""
    player, times = _player(level), []
    bag = [c for c in range(1, SIZE + 1) for _ in range(SIZE)]
    rng.shuffle(bag)
    assert player.stdin is not None
    player.stdin.write("Start\n")
    first = True
    for colour in bag:
        if not first:
            player.stdin.write("AaAa\n")  # a pass: the same cell twice
        first = False
        _ask(player, str(colour), times)
    player.stdin.write("Quit\n")
    player.stdin.close()
    player.wait()
    return times


def half_as_order(level: str, rng: random.Random) -> list[float]:
    """The player is Order; we are a Chaos that drops counters on random empty cells."""
    player, times = _player(level), []
    bag = [c for c in range(1, SIZE + 1) for _ in range(SIZE)]
    rng.shuffle(bag)
    board: list[int | None] = [None] * (SIZE * SIZE)
    for n, colour in enumerate(bag):
        cell = rng.choice([i for i, v in enumerate(board) if v is None])
        board[cell] = colour
        line = f"{colour}{_cell(cell)}"
        if n == len(bag) - 1:  # the 49th counter: Order does not answer
            break
        answer = _ask(player, line, times)
        src, dst = _index(answer[:2]), _index(answer[2:])
        if src != dst:
            board[dst], board[src] = board[src], None
    assert player.stdin is not None
    player.stdin.write("Quit\n")
    player.stdin.close()
    player.wait()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", nargs="?", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst = worst_later = 0.0
    for role, play in (("Chaos", half_as_chaos), ("Order", half_as_order)):
        cpu = _children_cpu()
        times = play(args.level, rng)
        cpu = _children_cpu() - cpu
        worst = max(worst, max(times))
        later = max(times[1:])
        print(f"{args.level} as {role}: {len(times)} answers, mean {sum(times) / len(times):.2f} s, "
              f"max {max(times):.2f} s; the first (with the program's start) {times[0]:.2f} s, the slowest "
              f"of the others {later:.2f} s; total {sum(times):.1f} s; CPU {cpu:.1f} s for the half", flush=True)
        worst_later = max(worst_later, later)
    print("every answer within 5 s" if worst <= 5.0 else f"SLOWEST ANSWER {worst:.2f} s > 5 s")
    if worst > 5.0 and worst_later <= 5.0:
        print("(only a first answer, which includes the program's start: every later answer within 5 s)")


if __name__ == "__main__":
    main()
