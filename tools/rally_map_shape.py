"""How compact the maps in saved Rally games are (a measuring script, not a test).

Usage: `.venv/bin/python tools/rally_map_shape.py DIR [DIR ...]` where each
DIR holds saves written by `entropy-tabletop arena rally ... --save-dir DIR`.
For each game's final map it takes the extent (max - min + 1) along the three
cube axes q, r, s and prints, per directory, the mean tile count, the mean
aspect (largest extent / smallest extent: 1 for a round blob, the tile count
for a straight line) and the mean largest extent (what the table must fit).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def extents(hexes: list[tuple[int, int]]) -> tuple[int, int, int]:
    """Extent of the hexes along the q, r and s (= -q - r) cube axes."""
    qs = [q for q, _ in hexes]
    rs = [r for _, r in hexes]
    ss = [-q - r for q, r in hexes]
    return max(qs) - min(qs) + 1, max(rs) - min(rs) + 1, max(ss) - min(ss) + 1


def map_of(save: Path) -> list[tuple[int, int]]:
    """The hexes of every tile placed in a saved game."""
    data = json.loads(save.read_text())
    return [(c["hex"][0], c["hex"][1]) for c in data["commands"] if c["type"] == "place_tile"]


def main(dirs: list[str]) -> None:
    for d in dirs:
        rows = []
        for save in sorted(Path(d).glob("*.json")):
            hexes = map_of(save)
            if hexes:
                e = extents(hexes)
                rows.append((len(hexes), max(e) / min(e), max(e)))
        n = len(rows)
        if not n:
            print(f"{d}: no saves")
            continue
        print(f"{d}: {n} games, tiles {sum(r[0] for r in rows) / n:.1f}, "
              f"aspect mean {sum(r[1] for r in rows) / n:.2f} (max {max(r[1] for r in rows):.1f}), "
              f"largest extent mean {sum(r[2] for r in rows) / n:.1f} (max {max(r[2] for r in rows)})")


if __name__ == "__main__":
    main(sys.argv[1:])
