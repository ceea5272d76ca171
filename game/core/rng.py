"""A tiny counter-based RNG whose whole state is two integers.

It lives inside game states so that clones, saves and replays reproduce every
chance outcome exactly, and it is cheap to copy for the search.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng:
    """SplitMix64 over (seed, counter): `Rng(s, n)` always yields the same stream."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def next_u64(self) -> int:
        self.counter += 1
        return _splitmix64(self.seed ^ _splitmix64(self.counter))

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        return self.next_u64() % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def choose_weighted(self, weights: Sequence[float]) -> int:
        """Index picked with probability proportional to its weight."""
        total = sum(weights)
        x = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                return i
        return len(weights) - 1

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Rng":
        """An independent stream derived from this one (advances this one)."""
        return Rng(self.next_u64())

    def copy(self) -> "Rng":
        return Rng(self.seed, self.counter)

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> "Rng":
        return cls(int(data[0]), int(data[1]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __hash__(self) -> int:
        return hash((self.seed, self.counter))

    def __repr__(self) -> str:
        return f"Rng({self.seed}, {self.counter})"
