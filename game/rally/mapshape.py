"""How compact a Rally map would be with one more tile: the AI's tie-break for tiles.

A plain tile (and most set-up tiles) changes no evaluation, so every free hex
ties and the first in order would win, which grows the map as one long strip
(on a strip a ship can only go back and forth along the line of every enemy,
and any turn leads off the map). Among hexes the AI rates equal, it prefers
one that touches two or more tiles, then the map whose widest extent (along
the three hex axes) stays smallest, then balanced extents, then the hex
nearest the map's centre of mass.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.hexgrid import Hex


def extents(hexes: Iterable[Hex]) -> tuple[int, int, int]:
    """Extent (max - min + 1) of the hexes along the q, r and s axes."""
    hs = list(hexes)
    qs = [h.q for h in hs]
    rs = [h.r for h in hs]
    ss = [-h.q - h.r for h in hs]
    return max(qs) - min(qs) + 1, max(rs) - min(rs) + 1, max(ss) - min(ss) + 1


def compact_key(tiles: Iterable[Hex], h: Hex) -> tuple[int, int, int, float]:
    """Sort key for placing a tile on `h` next to `tiles` (smaller is more compact)."""
    ts = list(tiles)
    touching = sum(1 for n in h.neighbours() if n in set(ts))
    e = extents(ts + [h])
    cq = sum(t.q for t in ts) / len(ts) if ts else 0.0
    cr = sum(t.r for t in ts) / len(ts) if ts else 0.0
    dq, dr = h.q - cq, h.r - cr
    spread = max(abs(dq), abs(dr), abs(dq + dr))
    return (0 if touching >= 2 else 1), max(e), max(e) - min(e), spread


BAND = 3
"""The narrowest extent `band_key` grows the map to before it lets it grow long."""


def band_key(tiles: Iterable[Hex], h: Hex) -> tuple[int, int]:
    """A milder sort key than `compact_key` (smaller first; ties keep their order): a hex
    touching two or more tiles, then one that keeps the map's narrowest extent at `BAND`
    or more. The map still grows long in the order hexes come, but as a band a few tiles
    wide instead of a strip one tile wide (a strip has no way out of an enemy's line)."""
    ts = list(tiles)
    here = set(ts)
    touching = sum(1 for n in h.neighbours() if n in here)
    return (0 if touching >= 2 else 1), max(0, BAND - min(extents(ts + [h])))
