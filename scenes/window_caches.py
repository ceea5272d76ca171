"""Drawings cached at the window's pixel sizes, all forgotten when the window changes size.

Cards, panels, glows, hexes, fonts and the felt are drawn at sizes that follow the window,
and cached (`functools.lru_cache`, text and card caches). Each cache kept every size it was
ever asked for, up to limits of hundreds of entries: a few resizes with a Rally and a Worlds
Collide table open grew the app by tens of megabytes. The rule now: **every `lru_cache` in
the `scenes` package, and every object passed to `track`, is emptied when the window changes
size**; the next frame draws what the new size needs, once. (Caches there hold drawings; the
few that do not are cheap to rebuild.)
"""

from __future__ import annotations

import sys
import weakref
from typing import Any, Protocol


class SizedCache(Protocol):
    """An object with its own cache of drawings (a TextCache, the card art)."""

    def forget_sizes(self) -> None: ...

    def __len__(self) -> int: ...


_owners: weakref.WeakSet[Any] = weakref.WeakSet()


def track(owner: SizedCache) -> None:
    """Empty `owner` on every resize (held weakly: a closed table's caches just go)."""
    _owners.add(owner)


def lru_caches(package: str = "scenes") -> list[Any]:
    """The `functools.lru_cache` functions defined in `package`'s loaded modules."""
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info") \
                    and getattr(value, "__module__", None) == name:
                found[id(value)] = value
    return list(found.values())


def forget() -> None:
    """The window changed size: empty every drawing cache."""
    for cached in lru_caches():
        cached.cache_clear()
    for owner in list(_owners):
        owner.forget_sizes()


def forget_ui_shapes(ui: Any) -> int:
    """Drop the widget shapes pygame-gui made but has not filed yet; returns how many.

    pygame-gui keeps a copy of every new widget shape (a button at its size, in each state) in a
    short-term cache and files one a frame into its long-term cache (three 1024x1024 pages, which
    it bounds itself). A resize rebuilds every widget at the new size, dozens of shapes in one
    frame, and a still menu draws few frames: 240 sizes of a drag-resize left 682 copies (50 MB)
    waiting, and more with each resize. Shapes for an old size are never asked for again; shapes
    still in use are held by their widgets, so nothing visible changes.
    """
    cache = getattr(getattr(ui, "get_theme", lambda: None)(), "shape_cache", None)
    waiting = getattr(cache, "cache_short_term_lookup", None)
    if not isinstance(waiting, dict):
        return 0
    dropped = len(waiting)
    waiting.clear()
    return dropped


def entries() -> int:
    """How many drawings the caches hold now (tests: this stays bounded over resizes)."""
    return sum(int(c.cache_info().currsize) for c in lru_caches()) + sum(len(o) for o in list(_owners))
