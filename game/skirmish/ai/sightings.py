"""The engine's sight, for the AI: shares of blocked lines for many pairs in one batch, cached
(with the threat values built on them, `Sightings.threats`).

A decision asks for sight between the same models over and over (each candidate destination
moves one model), so the shares are cached by the two models' positions and the table (its
terrain and tokens). Other models block lines too; a cached pair is not asked again when only a
third model moved. That is the one approximation, and it lives within one decision: an agent
makes a new cache for each. The verdicts ("clear", "cover", "hidden") are the engine's
(`rules.sight_rules().verdict`), so the AI sees what the rules will decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.skirmish import geometry as geo
from game.skirmish import rules
from game.skirmish.model import Figure

if TYPE_CHECKING:
    from game.skirmish.state import SkirmishState

Key = tuple[int, int, int, int, int, int, int]


def _key(s: SkirmishState, a: Figure, b: Figure) -> Key:
    return (id(s.table), a.id, round(a.x * 100), round(a.y * 100), b.id, round(b.x * 100), round(b.y * 100))


class Sightings:
    """Sight shares by (shooter, target) positions; ask many at once with `prepare`."""

    def __init__(self) -> None:
        self._shares: dict[Key, tuple[float, float, float]] = {}
        self._tables: list[object] = []
        """The tables keyed by id, held so that no id is reused while the cache lives."""
        self.queries = 0
        self.threats: dict[tuple[object, ...], float] = {}
        """`evaluate.attack_options` by the two models' places and health (the same
        approximation: what a third model changes is not asked again)."""

    def prepare(self, s: SkirmishState, pairs: list[tuple[Figure, Figure]]) -> None:
        """Compute every pair not cached yet, in one batch."""
        missing = [(a, b) for a, b in pairs if _key(s, a, b) not in self._shares]
        if not missing:
            return
        if not any(t is s.table for t in self._tables):
            self._tables.append(s.table)
        bodies = s.bodies()
        index = {b.ident: i for i, b in enumerate(bodies)}
        extra: list[geo.Body] = []
        shooters, targets = [], []
        for a, b in missing:
            for f in (a, b):
                if f.id not in index or bodies[index[f.id]].centre != f.at:
                    index[f.id] = len(bodies) + len(extra)
                    extra.append(s.body(f))
            shooters.append(index[a.id])
            targets.append(index[b.id])
        shares = geo.sight_shares(s.table, bodies + extra, shooters, targets, rules.sight_rules())
        self.queries += len(missing)
        for (a, b), row in zip(missing, shares):
            self._shares[_key(s, a, b)] = (float(row[0]), float(row[1]), float(row[2]))

    def verdict(self, s: SkirmishState, a: Figure, b: Figure) -> str:
        """The engine's verdict for `a` shooting at `b`: "clear", "cover" or "hidden"."""
        key = _key(s, a, b)
        if key not in self._shares:
            self.prepare(s, [(a, b)])
        hidden, terrain, models = self._shares[key]
        return rules.sight_rules().verdict(hidden, terrain, models)
