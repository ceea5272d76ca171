"""How fast the skirmish geometry answers (game/skirmish/geometry.py), on a seeded busy table:
40 models among 12 terrain pieces on 36" x 36" (the issue's figure: a visibility matrix in
<= 20 ms). Run:

    .venv/bin/python tools/skirmish_geometry_bench.py [seed] [repeats]

Prints one JSON object: median and best milliseconds of `visibility_matrix` (wall clock and
CPU time), `sight` queries per second, median milliseconds of `path` and of `reach` (6" and
12"), and the load average (the machine is shared: read the figures against it).
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from typing import Callable

from game.skirmish.geometry import Body, Table, Terrain, base_radius, path, placement_refusal, reach, sight, visibility_matrix


def busy_table(seed: int, models: int = 40, pieces: int = 12) -> tuple[Table, list[Body]]:
    """Rotated rectangles and L-shapes 2-7" long, 0.5-4" high, and models on legal spots."""
    rng = random.Random(seed)
    terrain = []
    for i in range(pieces):
        cx, cy = rng.uniform(4, 32), rng.uniform(4, 32)
        w, d = rng.uniform(2, 7), rng.uniform(0.5, 4)
        if i % 3 == 2:  # an L: two arms
            shape = [(0, 0), (w, 0), (w, d / 2), (d / 2, d / 2), (d / 2, w * 0.8), (0, w * 0.8)]
        else:
            shape = [(0, 0), (w, 0), (w, d), (0, d)]
        a = rng.uniform(0, math.pi)
        pts = tuple((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in shape)
        terrain.append(Terrain(pts, rng.choice((0.5, 1.0, 2.0, 3.0, 4.0)), f"piece {i}"))
    table = Table(terrain=tuple(terrain))
    bodies: list[Body] = []
    while len(bodies) < models:
        r = base_radius(rng.choice((25, 25, 32, 32, 40, 50)))
        body = Body(rng.uniform(1, 35), rng.uniform(1, 35), r, r * 2.2 + rng.uniform(0, 0.5), len(bodies))
        if placement_refusal(table, bodies, body) is None:
            bodies.append(body)
    return table, bodies


def _ms(fn: Callable[[], object], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def _wall_and_cpu_ms(fn: Callable[[], object], repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each call: on a shared machine the CPU time says what
    the code costs, the wall clock what a player waits."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def main(seed: int = 1, repeats: int = 30) -> dict[str, object]:
    table, bodies = busy_table(seed)
    visibility_matrix(table, bodies)  # warm: the table's prepared structures
    matrix, matrix_cpu = _wall_and_cpu_ms(lambda: visibility_matrix(table, bodies), repeats)
    rng = random.Random(seed)
    pairs = [tuple(rng.sample(bodies, 2)) for _ in range(400)]
    start = time.perf_counter()
    for a, b in pairs:
        sight(table, bodies, a, b)
    los_per_s = len(pairs) / (time.perf_counter() - start)
    goals = []
    while len(goals) < 40:
        mover = rng.choice(bodies)
        gx, gy = rng.uniform(1, 35), rng.uniform(1, 35)
        if placement_refusal(table, bodies, mover.at(gx, gy)) is None:
            goals.append((mover, (gx, gy)))
    paths = []
    for mover, goal in goals:
        start = time.perf_counter()
        path(table, bodies, mover, goal)
        paths.append((time.perf_counter() - start) * 1000)
    reaches = {budget: _ms(lambda b=budget: reach(table, bodies, rng.choice(bodies), b), 10) for budget in (6.0, 12.0)}
    return {
        "seed": seed,
        "models": len(bodies),
        "terrain_pieces": len(table.terrain),
        "visibility_matrix_ms": {"median": round(statistics.median(matrix), 2), "best": round(min(matrix), 2)},
        "visibility_matrix_cpu_ms": {"median": round(statistics.median(matrix_cpu), 2), "best": round(min(matrix_cpu), 2)},
        "sight_queries_per_s": round(los_per_s),
        "path_ms": {"median": round(statistics.median(paths), 2), "max": round(max(paths), 2)},
        "reach_ms": {f"{b:g}in": {"median": round(statistics.median(t), 1), "max": round(max(t), 1)} for b, t in reaches.items()},
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(main(*args), indent=2))
