"""The counter colours (data/colours.toml): name, face colour and symbol, in colour-index order.

Plain data the engine's words and the screen's art share, so the log and the board call a
counter the same.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import game.order_chaos as package


@dataclass(frozen=True)
class CounterColour:
    name: str
    rgb: tuple[int, int, int]
    symbol: str
    """A shape the board sprite draws, so colour-blind players can tell counters apart."""


@lru_cache(maxsize=1)
def counter_colours() -> tuple[CounterColour, ...]:
    """The colours from data/colours.toml, in colour-index order."""
    # importlib.resources, like every game-data lookup: the same from source and from a bundle
    data = tomllib.loads(resources.files(package).joinpath("data/colours.toml").read_text(encoding="utf-8"))
    return tuple(CounterColour(str(c["name"]), (int(c["rgb"][0]), int(c["rgb"][1]), int(c["rgb"][2])),
                               str(c["symbol"])) for c in data["colour"])


def colour_of(index: int) -> CounterColour:
    colours = counter_colours()
    return colours[index % len(colours)]
