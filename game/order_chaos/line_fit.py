"""A line's value from weights fitted to Order's final scores against the greedy Chaos (issue 18).

The evaluator's hand-made line value (`ai._line_value`) counts a share of each open run's
random-fill promise: the run's length times the chance its mirrored pairs match, scaled by a
factor per pair with one end filled (`half_pair`) and per pair with both ends empty
(`empty_pair`). This module splits the same promise into classes by how many pairs of each
kind a run still needs (`run classes`) and adds three counts the promise does not see, so
that a regression can weigh each class on its own, for rows and columns on the board's edge
apart from the inner ones, and early in a half apart from late:

- `runs h/m` (h pairs with one end filled, m with both empty, each capped at 3: a line of 7
  has at most 3 pairs around a centre): the run's length times its random-fill chance,
  summed over the open runs of that class;
- `neighbours`: two touching counters of one colour;
- `same pairs`: two counters of one colour anywhere in the line (Order can slide them together);
- `empty cells`.

A line's value is then its present score plus the weighted features, each weight
`flat + late * stage` where stage is the share of the 49 counters still to come. With a
weight of `potential * half_pair**h * empty_pair**m` on class h/m and nothing else, the
value is exactly the hand-made one (a test holds this). The weights come from
`tools/oc_fit.py`, which plays halves against the greedy Chaos, logs every position after
Order's slide with the half's final score, and fits them by ridge regression; they are data
(`data/order_lines.json`), not code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from game.order_chaos.scoring import line_score

Line = tuple[int | None, ...]
Bag = tuple[int, ...]

MAX_PAIRS = 3
"""Pairs of one kind told apart in a run class; more fall into the last class."""
RUN_CLASSES = (MAX_PAIRS + 1) ** 2
FEATURES = tuple(f"runs {h}/{m}" for h in range(MAX_PAIRS + 1) for m in range(MAX_PAIRS + 1)) + (
    "neighbours", "same pairs", "empty cells")
"""The features' names, in the order of `line_features` and of the weights."""
WEIGHTS_FILE = "data/order_lines.json"
WEIGHTS_VERSION = 1


def run_class(half_open: int, empty: int) -> int:
    """The index of the run class with `half_open` one-end-filled pairs and `empty` empty pairs."""
    return min(half_open, MAX_PAIRS) * (MAX_PAIRS + 1) + min(empty, MAX_PAIRS)


def line_features(line: Line, bag: Bag) -> tuple[float, ...]:
    """The features of `line` with `bag` still to come (see the module doc); all 0 on a full line."""
    out = [0.0] * len(FEATURES)
    total = sum(bag)
    if None not in line or total <= 0:
        return tuple(out)
    odds = [c / total for c in bag]
    both = sum(c * (c - 1) for c in bag) / (total * (total - 1)) if total > 1 else 0.0
    n = len(line)
    for centre in range(2 * n - 1):
        lo = centre // 2
        hi = lo + centre % 2
        chance, half_open, empty = 1.0, 0, 0
        is_open = line[lo] is None  # an odd run's empty centre leaves it open too
        while lo >= 0 and hi < n:
            if hi > lo:
                a, b = line[lo], line[hi]
                if a is None and b is None:
                    chance *= both
                    empty += 1
                elif a is None or b is None:
                    chance *= odds[b if a is None else a]  # type: ignore[index]
                    half_open += 1
                elif a != b:
                    break
                is_open = is_open or a is None or b is None
                if chance <= 0.0:
                    break
                if is_open:
                    out[run_class(half_open, empty)] += chance * (hi - lo + 1)
            lo -= 1
            hi += 1
    out[RUN_CLASSES] = sum(1 for i in range(n - 1) if line[i] is not None and line[i] == line[i + 1])
    counts: dict[int, int] = {}
    for colour in line:
        if colour is not None:
            counts[colour] = counts.get(colour, 0) + 1
    out[RUN_CLASSES + 1] = sum(k * (k - 1) / 2 for k in counts.values())
    out[RUN_CLASSES + 2] = line.count(None)
    return tuple(out)


@dataclass(frozen=True)
class LineWeights:
    """The fitted weights: for inner and edge lines, a flat part and a part times the stage; `size`,
    the board's side they were fitted on (other boards keep the hand-made numbers, `fits`)."""

    inner: tuple[float, ...]
    inner_late: tuple[float, ...]
    edge: tuple[float, ...]
    edge_late: tuple[float, ...]
    size: int = 7

    def __post_init__(self) -> None:
        for name in ("inner", "inner_late", "edge", "edge_late"):
            if len(getattr(self, name)) != len(FEATURES):
                raise ValueError(f"line weights: {name} has {len(getattr(self, name))} numbers, not {len(FEATURES)}")

    def fits(self, n: int) -> bool:
        """Whether these weights value the lines of an `n` x `n` board (on 5 x 5 the 7 x 7 fit lost 3.1
        points a half against the greedy Chaos: the hand-made numbers stay there)."""
        return n == self.size

    def value(self, line: Line, bag: Bag, edge: bool) -> float:
        """`line`'s present score plus its weighted features (`edge`: a row or column on the edge)."""
        now = float(line_score(line))
        if None not in line:
            return now
        stage = sum(bag) / len(line) ** 2
        flat, late = (self.edge, self.edge_late) if edge else (self.inner, self.inner_late)
        return now + sum((w + v * stage) * x for w, v, x in zip(flat, late, line_features(line, bag)))

    @classmethod
    def like_params(cls, potential: float, half_pair: float, empty_pair: float) -> LineWeights:
        """The weights that give the hand-made evaluator's value with these numbers (others at default)."""
        flat = [0.0] * len(FEATURES)
        for h in range(MAX_PAIRS + 1):
            for m in range(MAX_PAIRS + 1):
                flat[run_class(h, m)] = potential * half_pair ** h * empty_pair ** m
        zero = (0.0,) * len(FEATURES)
        return cls(tuple(flat), zero, tuple(flat), zero)

    def to_json(self, note: dict[str, object] | None = None) -> str:
        """The weights as the data file's JSON (with `note`: how they were fitted)."""
        data: dict[str, object] = {"version": WEIGHTS_VERSION, "size": self.size, "features": list(FEATURES)}
        data.update({"inner": list(self.inner), "inner_late": list(self.inner_late),
                     "edge": list(self.edge), "edge_late": list(self.edge_late)})
        if note:
            data["fitted"] = note
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> LineWeights:
        """Weights from the data file's JSON; a ValueError says what is wrong with it."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != WEIGHTS_VERSION:
            raise ValueError(f"line weights: not version {WEIGHTS_VERSION}")
        if data.get("features") != list(FEATURES):
            raise ValueError("line weights: fitted for other features")
        size = data.get("size")
        if not isinstance(size, int) or size < 1:
            raise ValueError("line weights: no board size")
        parts = [_numbers(data.get(name), name) for name in ("inner", "inner_late", "edge", "edge_late")]
        return cls(parts[0], parts[1], parts[2], parts[3], size)


def _numbers(value: object, name: str) -> tuple[float, ...]:
    if not isinstance(value, list) or not all(isinstance(x, (int, float)) for x in value):
        raise ValueError(f"line weights: {name} is not a list of numbers")
    return tuple(float(x) for x in value)


@lru_cache(maxsize=1)
def fitted_weights() -> LineWeights:
    """The weights shipped with the game (`data/order_lines.json`)."""
    text = resources.files("game.order_chaos").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return LineWeights.from_json(text)


def is_edge(index: int, n: int) -> bool:
    """Whether row or column `index` of an `n` x `n` board lies on the board's edge."""
    return index == 0 or index == n - 1
