"""Order's promise on the edge lines: runs of one colour that a slide can still lengthen.

The random-fill estimate (`game.order_chaos.ai`) gives an empty cell beside a run of one colour
the bag's odds of getting that colour, about one in seven. On an edge row or column Order can do
better: a counter of the run's colour that faces the empty cell from inside the board (the first
counter along the column or row, nothing between) can slide in at any time, so the run can be
lengthened late, when Chaos can no longer answer it. The strongest outside Order of issue 18
scored that way against a weak Chaos. `edge_run_promise` sums, over the empty cells of the four
edge lines next to a run of at least `MIN_RUN` counters of one colour, what that line would gain
if the facing counter of the run's colour slid in.
"""

from __future__ import annotations

from game.order_chaos.scoring import line_score

MIN_RUN = 2
"""The shortest run of one colour beside an empty edge cell whose lengthening counts."""


def _edges(n: int) -> list[tuple[list[int], int]]:
    """The four edge lines as (cell indices in order, step inwards)."""
    top = list(range(n))
    bottom = [(n - 1) * n + c for c in range(n)]
    left = [r * n for r in range(n)]
    right = [r * n + n - 1 for r in range(n)]
    return [(top, n), (bottom, -n), (left, 1), (right, -1)]


_EDGES: dict[int, list[tuple[list[int], int]]] = {}


def _facing(board: list[int | None], cell: int, step: int, n: int) -> int | None:
    """The colour of the first counter inwards from the edge cell `cell` (None: none)."""
    i = cell + step
    for _ in range(n - 1):
        if board[i] is not None:
            return board[i]
        i += step
    return None


def _run_beside(line: list[int | None], j: int, colour: int) -> int:
    """The length of the longest run of `colour` that ends next to position `j` of `line`."""
    best = 0
    for d in (-1, 1):
        k, i = 0, j + d
        while 0 <= i < len(line) and line[i] == colour:
            k += 1
            i += d
        best = max(best, k)
    return best


def edge_run_promise(board: list[int | None], n: int) -> float:
    """What sliding the facing counters into the edge lines' empty cells would add where it
    lengthens a run of at least `MIN_RUN` of their colour (see the module doc)."""
    edges = _EDGES.get(n)
    if edges is None:
        edges = _EDGES[n] = _edges(n)
    total = 0.0
    for cells, step in edges:
        line = [board[i] for i in cells]
        if None not in line:
            continue
        now = -1
        for j, cell in enumerate(cells):
            if line[j] is not None:
                continue
            colour = _facing(board, cell, step, n)
            if colour is None or _run_beside(line, j, colour) < MIN_RUN:
                continue
            if now < 0:
                now = line_score(tuple(line))
            line[j] = colour
            total += line_score(tuple(line)) - now
            line[j] = None
    return total
