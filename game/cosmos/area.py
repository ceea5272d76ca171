"""What a play area holds, counted: the numbers effects multiply by (`count`), the Life
Conditions a planet offers, mission requirements, and the final scoring. Reads a position,
never changes it."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.cosmos import model as M
from game.cosmos.content import LIFEFORMS

if TYPE_CHECKING:
    from game.cosmos.state import CosmosState


def slots(p: M.Player) -> list[tuple[int, int, M.Slot]]:
    return [(si, k, sl) for si, sy in enumerate(p.systems) for k, sl in enumerate(sy.planets) if sl is not None]


def planet_type(s: CosmosState, sl: M.Slot) -> str:
    return s.content.planets[sl.planet].type


def system_icons(s: CosmosState, sy: M.System) -> Counter[str]:
    icons: Counter[str] = Counter(s.content.stars[sy.star].icons if sy.star else ())
    for sl in sy.planets:
        if sl is not None:
            icons.update(s.content.planets[sl.planet].icons)
            icons.update(s.content.asteroid_icons[a] for a in sl.asteroids if a)
    return icons


def planet_icons(s: CosmosState, p: M.Player, si: int, k: int) -> Counter[str]:
    """The icons a life card on this planet may count: the planet, its asteroids, its star."""
    sy = p.systems[si]
    sl = sy.planets[k]
    assert sl is not None
    icons: Counter[str] = Counter(s.content.stars[sy.star].icons if sy.star else ())
    icons.update(s.content.planets[sl.planet].icons)
    icons.update(s.content.asteroid_icons[a] for a in sl.asteroids if a)
    return icons


def played(s: CosmosState, p: M.Player) -> Counter[str]:
    return Counter(s.content.life[c].type for _, _, sl in slots(p) for c in sl.cards)


def count(s: CosmosState, p: M.Player, per: str) -> int:
    """What an effect's `per` counts in `p`'s play area (`content.PER_COUNTS`)."""
    sl = slots(p)
    types = Counter(planet_type(s, x) for _, _, x in sl)
    stars = [sy.star for sy in p.systems if sy.star]
    asteroids = Counter(a for _, _, x in sl for a in x.asteroids if a)
    pl = played(s, p)
    if per == "planets":
        return len(sl)
    if per == "planet_type_max":
        return max(types.values(), default=0)
    if per == "planet_types":
        return len(types)
    if per.endswith("_planets"):
        return types[per[: -len("_planets")]]
    if per == "biomes":
        return sum(1 for _, _, x in sl if x.biome)
    if per == "fulfilled_biomes":
        return sum(1 for _, _, x in sl if x.fulfilled)
    if per == "stars":
        return len(stars)
    if per == "star_tiers":
        return len({s.content.stars[t].tier for t in stars})
    if per == "star_tier_sum":
        return sum(s.content.stars[t].tier for t in stars)
    if per == "played":
        return sum(pl.values())
    if per.startswith("played_") and per != "played_type_max":
        return sum(pl[t] for t in per[len("played_"):].split("_"))
    if per == "played_type_max":
        return max(pl.values(), default=0)
    if per == "focus_tiers":
        return sum(p.tiers)
    if per == "generator":
        return p.generator
    if per == "asteroids":
        return sum(asteroids.values())
    if per == "asteroid_type_max":
        return max(asteroids.values(), default=0)
    if per == "asteroid_types":
        return len(asteroids)
    if per.startswith("planets_with_"):
        what = per[len("planets_with_"):]
        if what == "lifeform":
            return sum(1 for _, _, x in sl if sum(x.life))
        i = LIFEFORMS.index(what)
        return sum(1 for _, _, x in sl if x.life[i])
    if per == "condition_type_max":
        total: Counter[str] = Counter()
        for sy in p.systems:
            total += system_icons(s, sy)
        return max(total.values(), default=0)
    raise ValueError(f"unknown count {per!r}")


def lifeform_total(p: M.Player, life: int) -> int:
    return sum(x.life[life] for _, _, x in slots(p))


def mission_met(s: CosmosState, p: M.Player, mission: int) -> bool:
    m = s.content.missions[mission]
    if m.requirement == "planet_types":
        return count(s, p, "planet_types") >= m.value
    if m.requirement == "asteroid_types":
        return count(s, p, "asteroid_types") >= m.value
    if m.requirement == "generator":
        return p.generator >= m.value
    if m.requirement == "focus_tier2":
        return max(p.tiers) >= 2
    if m.requirement == "focus_all":
        return min(p.tiers) >= 1
    if m.requirement == "star":
        return any(sy.star == m.arg for sy in p.systems)
    return any(system_icons(s, sy)[m.arg] >= m.value for sy in p.systems)


def score_breakdown(s: CosmosState, seat: int) -> dict[str, int]:
    """Final scoring (and the running estimate): VP tokens, lifeform tiles, main objectives,
    1 VP per 4 leftover life cards, entropy, mass and energy."""
    p = s.players[seat]
    c = s.content
    big_vp = sum(int(c.n("lifeform_big")[t][1]) for t in p.big)
    left = len(p.hand) + p.entropy + p.mass + p.energy
    return {"tokens": p.vp, "big": big_vp, "small": sum(p.small.values()),
            "objectives": sum(objective_points(s, seat)), "leftovers": left // 4}


def objective_points(s: CosmosState, seat: int) -> list[int]:
    """Each main objective's VP for `seat`, in the objectives' order: the VP its track position
    gives per item, times the items its scoring (or the alternative tile's) counts."""
    p = s.players[seat]
    c = s.content
    return [c.track_vp(i)[p.track[i]] * scoring_count(s, p, o.alternative if s.alternative else o.scoring)
            for i, o in enumerate(c.objectives)]


def scoring_count(s: CosmosState, p: M.Player, scoring: str) -> int:
    sl = slots(p)
    if scoring == "planet_type_max":
        return count(s, p, "planet_type_max")
    if scoring == "biome_with_life":
        return sum(1 for _, _, x in sl if x.biome and x.cards)
    if scoring == "different_stars":
        return len({sy.star for sy in p.systems if sy.star})
    if scoring == "asteroids_on_lifeform":
        return sum(1 for _, _, x in sl if x.asteroids[0])
    if scoring == "planets_all_lifeforms":
        return sum(1 for _, _, x in sl if all(x.life))
    return sum(p.tiers)


def final_scores(s: CosmosState) -> list[int]:
    return [sum(score_breakdown(s, i).values()) for i in range(len(s.players))]
