"""A CodeCup 2023 Entropy referee for two programs: matches of two halves, roles swapped.

Each match draws one bag of 49 counters (seeded) and plays it twice: first A is Chaos and B is
Order, then B is Chaos and A is Order, on the same draws. A half's score is Order's palindrome
score at the end; the match goes to the player whose Order scored more. This is how issue 18
measured our levels against outside bots, and how "hard does better than normal against outside
opponents" is checked: run each level against the same outside program on the same seeds.

A player is a shell command that speaks the CodeCup protocol (see `game/codecup.py`), or
`level:NAME` for `entropy-tabletop codecup --agent NAME`. Every answer is timed from the line
sent to the answer read (a CodeCup move may take 5 s), and each program's CPU for its half is
read from the kernel when it exits (CodeCup allows 30 s a game). A wrong answer (an occupied
cell, a blocked or crooked slide, nothing within 30 s) stops the run with the reason.

    .venv/bin/python tools/oc_codecup_match.py level:hard /tmp/ext/emil/build/ENTROPY_BOT \\
        --matches 20 --seed 1 --json /tmp/hard_vs_emil.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.order_chaos.scoring import board_score

SIZE = 7
ROWS, COLS = "ABCDEFG", "abcdefg"
ANSWER_LIMIT = 30.0  # seconds before a silent program is given up on (CodeCup's is 5)
LATE_FROM = 33  # the counter from which issue 18 counted Order's late points


class RefereeError(RuntimeError):
    """A program answered something the rules do not allow, or nothing."""


def cell_text(index: int) -> str:
    return ROWS[index // SIZE] + COLS[index % SIZE]


def cell_index(text: str) -> int:
    if len(text) != 2 or text[0] not in ROWS or text[1] not in COLS:
        raise ValueError(f"not a cell: {text!r}")
    return ROWS.index(text[0]) * SIZE + COLS.index(text[1])


def slide_is_legal(board: list[int | None], src: int, dst: int) -> bool:
    """Order's move: a counter slides along its row or column over empty cells only
    (src == dst is a pass and always legal)."""
    if src == dst:
        return True
    if board[src] is None or board[dst] is not None:
        return False
    (r0, c0), (r1, c1) = divmod(src, SIZE), divmod(dst, SIZE)
    if r0 != r1 and c0 != c1:
        return False
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    r, c = r0 + dr, c0 + dc
    while (r, c) != (r1, c1):
        if board[r * SIZE + c] is not None:
            return False
        r, c = r + dr, c + dc
    return True


def command_of(player: str) -> list[str]:
    if player.startswith("level:"):
        exe = Path(sys.executable).with_name("entropy-tabletop")
        return [str(exe), "codecup", "--agent", player.removeprefix("level:")]
    return shlex.split(player)


@dataclass
class Program:
    """One running player: sends lines, reads answers, times them, and reaps its CPU."""

    name: str
    process: subprocess.Popen[str]
    answer_seconds: list[float] = field(default_factory=list)

    @classmethod
    def start(cls, player: str) -> Program:
        process = subprocess.Popen(command_of(player), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, bufsize=1)
        return cls(player, process)

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, line: str) -> str:
        assert self.process.stdout is not None
        began = time.perf_counter()
        self.tell(line)
        ready, _, _ = select.select([self.process.stdout], [], [], ANSWER_LIMIT)
        if not ready:
            raise RefereeError(f"{self.name}: no answer within {ANSWER_LIMIT:.0f} s to {line!r}")
        answer = self.process.stdout.readline().strip()
        self.answer_seconds.append(time.perf_counter() - began)
        return answer

    def finish(self) -> float:
        """Says Quit, waits for the program and returns the CPU seconds it used."""
        try:
            self.tell("Quit")
            assert self.process.stdin is not None
            self.process.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        _, _, usage = os.wait4(self.process.pid, 0)
        self.process.returncode = 0  # reaped here; keeps Popen from waiting again
        return usage.ru_utime + usage.ru_stime


@dataclass
class Half:
    chaos: str
    order: str
    score: int
    chaos_seconds: list[float]
    order_seconds: list[float]
    chaos_cpu: float
    order_cpu: float
    late: int
    """Order's points of counters LATE_FROM-49: the final score less the score when 32 counters
    were placed (issue 18: a strong Order collects late)."""
    late_places: int
    """Of those, the points Chaos's own places added (a place never takes points away): what
    Chaos gave away late (issue 18's third point)."""


def play_half(chaos_player: str, order_player: str, bag: list[int]) -> Half:
    """One half on `bag` (colours 1-7 in draw order); raises RefereeError on a wrong answer."""
    chaos, order = Program.start(chaos_player), Program.start(order_player)
    board: list[int | None] = [None] * (SIZE * SIZE)
    try:
        chaos.tell("Start")
        last_order_move = ""
        before_late = late_places = 0
        for n, colour in enumerate(bag):
            if last_order_move:
                chaos.tell(last_order_move)
            answer = chaos.ask(str(colour))
            try:
                cell = cell_index(answer)
            except ValueError as error:
                raise RefereeError(f"{chaos.name} as Chaos: {error}") from error
            if board[cell] is not None:
                raise RefereeError(f"{chaos.name} as Chaos placed on the full cell {answer}")
            placed_on = board_score(board, SIZE)
            board[cell] = colour
            if n + 1 >= LATE_FROM:
                late_places += board_score(board, SIZE) - placed_on
            if n + 1 == LATE_FROM - 1:  # as tools/oc_late_points.py: from 32 counters placed
                before_late = board_score(board, SIZE)
            if n == len(bag) - 1:
                break
            answer = order.ask(f"{colour}{answer}")
            try:
                src, dst = cell_index(answer[:2]), cell_index(answer[2:])
            except ValueError as error:
                raise RefereeError(f"{order.name} as Order: {error}") from error
            if not slide_is_legal(board, src, dst):
                raise RefereeError(f"{order.name} as Order made the illegal move {answer}")
            if src != dst:
                board[dst], board[src] = board[src], None
            last_order_move = answer
    finally:
        chaos_cpu, order_cpu = chaos.finish(), order.finish()
    score = board_score(board, SIZE)
    return Half(chaos_player, order_player, score, chaos.answer_seconds, order.answer_seconds, chaos_cpu,
                order_cpu, score - before_late, late_places)


def draw_bag(rng: random.Random) -> list[int]:
    bag = [colour for colour in range(1, SIZE + 1) for _ in range(SIZE)]
    rng.shuffle(bag)
    return bag


def _summary(name: str, halves: list[Half]) -> str:
    as_order = [h.score for h in halves if h.order == name]
    as_chaos = [h.score for h in halves if h.chaos == name]
    late_order = [h.late for h in halves if h.order == name]
    late_chaos = [h.late for h in halves if h.chaos == name]
    given = [h.late_places for h in halves if h.chaos == name]
    seconds = [s for h in halves for s in (h.order_seconds if h.order == name else h.chaos_seconds)]
    cpu = [h.order_cpu if h.order == name else h.chaos_cpu for h in halves]
    return (f"{name}: Order {sum(as_order) / len(as_order):.1f} (from counter {LATE_FROM} "
            f"{sum(late_order) / len(late_order):.1f}), conceded as Chaos {sum(as_chaos) / len(as_chaos):.1f} "
            f"(from counter {LATE_FROM} {sum(late_chaos) / len(late_chaos):.1f}, {sum(given) / len(given):.1f} of them "
            f"by its own places); {sum(seconds) / len(seconds):.2f} s mean, "
            f"{max(seconds):.2f} s max an answer; CPU a half {sum(cpu) / len(cpu):.1f} s mean, "
            f"{max(cpu):.1f} s max")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="player A: a shell command, or level:NAME")
    parser.add_argument("b", help="player B: a shell command, or level:NAME")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="append one JSON line per match here")
    args = parser.parse_args()
    wins = {args.a: 0, args.b: 0}
    halves: list[Half] = []
    for match in range(args.matches):
        bag = draw_bag(random.Random(args.seed * 1000 + match))
        first, second = play_half(args.a, args.b, bag), play_half(args.b, args.a, bag)
        halves += [first, second]
        a_score, b_score = second.score, first.score
        if a_score != b_score:
            wins[args.a if a_score > b_score else args.b] += 1
        load = os.getloadavg()[0]
        print(f"match {match + 1}: A as Order {a_score}, B as Order {b_score} (load {load:.1f})", flush=True)
        if args.json:
            with args.json.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"match": match + 1, "seed": args.seed, "a": args.a, "b": args.b,
                                      "a_order": a_score, "b_order": b_score, "a_late": second.late,
                                      "b_late": first.late, "a_late_places": second.late_places,
                                      "b_late_places": first.late_places, "load": load}) + "\n")
    draws = args.matches - wins[args.a] - wins[args.b]
    print(f"A {wins[args.a]}, B {wins[args.b]}, draws {draws} over {args.matches} matches")
    for name in (args.a, args.b):
        print(_summary(name, halves))


if __name__ == "__main__":
    main()
