"""Cosmos's content: every tile, card and number of the game, read from TOML under `data/`.

What the rulebook prints exactly (missions M1-M12, the main and alternative objectives, animal
cards L45-L66, the tier IV stars, the component counts) is copied; what it does not print
(action tiles, stars of tiers I-III and their paths, planets, biomes, asteroids, bacteria and
plant cards, focus cards, tracks) is our reconstruction, each choice argued in
`docs/rules/cosmos.md`. One schema, one parser: a bad entry is refused on load with the file,
the entry and the problem named (`ContentError`).

Effects (stars, planets, life cards, biomes, focus cards, missions) share one vocabulary,
`Effect`: resources gained (`gain`), optionally multiplied by a count of the play area
(`per`, one of `PER_COUNTS`), lifeform advancements (`advance`), life cards taken from the
offer (`cards`), Generator steps (`generator`), single star activations (`activate`) and an
action resolved (`action`, one of `EFFECT_ACTIONS`).
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

LIFE_CONDITIONS = ("heat", "carbon", "water", "radiation")
"""The four Life Condition icons; planet types are named after them."""
LIFEFORMS = ("bacteria", "plant", "animal")
RESOURCES = ("energy", "mass", "entropy", "vp")
GAINS = RESOURCES + LIFEFORMS
TOKENS = ("star", "planet", "life", "wild")
"""Creation tokens, in console order; the first three have a Focus card each."""
INNER_ACTIONS = ("evolve", "aggregate", "create_life")
OUTER_ACTIONS = ("activate_stars", "set_biome", "upgrade", "take_life", "catch_asteroid", "soup")
ACTIONS = INNER_ACTIONS + OUTER_ACTIONS
TOKEN_OF_ACTION = {"evolve": "star", "aggregate": "planet", "create_life": "life"}
EFFECT_ACTIONS = ("evolve", "aggregate", "catch_free", "fulfil_biome", "set_biome")
"""Actions an effect may grant: the action's own rules (catch_free pays nothing at all,
fulfil_biome flips a Biome without meeting its requirement)."""
PER_COUNTS = (
    "planets", "planet_type_max", "planet_types", "heat_planets", "carbon_planets", "water_planets",
    "radiation_planets", "biomes", "fulfilled_biomes", "stars", "star_tiers", "star_tier_sum",
    "played", "played_bacteria", "played_plant", "played_animal", "played_type_max",
    "played_bacteria_plant", "played_plant_animal", "played_bacteria_animal", "focus_tiers",
    "generator", "asteroids", "asteroid_type_max", "asteroid_types", "planets_with_animal",
    "planets_with_plant", "planets_with_bacteria", "planets_with_lifeform", "condition_type_max",
)
"""What an effect's `per` may count in the owner's play area (see `rules.count`)."""
REQUIREMENTS = ("planet_types", "asteroid_types", "generator", "focus_tier2", "focus_all", "star",
                "system_icons")
SCORINGS = ("planet_type_max", "biome_with_life", "different_stars", "asteroids_on_lifeform",
            "planets_all_lifeforms", "focus_tiers")
CONDITIONS = ("star_tier3", "first_asteroid", "fulfil_biome")


class ContentError(ValueError):
    """A data file that does not fit the schema: the message names file, entry and problem."""


@dataclass(frozen=True)
class Effect:
    gain: tuple[tuple[str, int], ...] = ()
    per: str = ""
    advance: int = 0
    cards: int = 0
    generator: int = 0
    activate: int = 0
    action: str = ""


@dataclass(frozen=True)
class ActionTile:
    id: int
    action: str
    bonus: tuple[str, str]
    """Traffic bonus resource on the merged (lightning) side and on the plain side."""


@dataclass(frozen=True)
class StarType:
    id: str
    tier: int
    icons: tuple[str, ...]
    cost: int
    """Entropy to activate it."""
    effect: tuple[Effect, ...]
    next: tuple[str, ...]
    evolve_cost: int
    """Energy to evolve into this type (tier I: to add it to a system)."""
    starting: bool = False
    start_space: int = 0
    start_cards: tuple[tuple[str, int], ...] = ()
    start_gain: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Planet:
    id: int
    type: str
    cost: int
    icons: tuple[str, ...]
    effect: tuple[Effect, ...]
    starting: bool = False
    start_gain: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Biome:
    id: int
    scarce: bool
    requirement: tuple[tuple[str, int], ...]
    trigger: str
    reward: tuple[Effect, ...]
    improved: tuple[Effect, ...]


@dataclass(frozen=True)
class LifeCard:
    id: int
    type: str
    icons: tuple[str, ...]
    needs: tuple[tuple[str, int], ...]
    remove: bool
    """The lifeform requirement is red: the tokens are removed."""
    gain: int
    effect: tuple[Effect, ...]


@dataclass(frozen=True)
class Mission:
    id: int
    requirement: str
    value: int
    arg: str
    reward: tuple[Effect, ...]


@dataclass(frozen=True)
class Objective:
    id: int
    condition: str
    scoring: str
    alternative: str


@dataclass(frozen=True)
class Content:
    tiles: tuple[ActionTile, ...]
    stars: dict[str, StarType]
    planets: dict[int, Planet]
    biomes: dict[int, Biome]
    life: dict[int, LifeCard]
    missions: dict[int, Mission]
    objectives: tuple[Objective, ...]
    focus: dict[str, tuple[tuple[tuple[Effect, ...], tuple[Effect, ...]], ...]]
    """Set letter -> per token (star, planet, life): (tier 1 effects, tier 2 effects)."""
    asteroid_icons: dict[str, str]
    asteroid_extra_mass: tuple[str, ...]
    numbers: dict[str, Any]
    fingerprint: str

    def n(self, key: str) -> Any:
        return self.numbers[key]

    def track_vp(self, i: int) -> list[int]:
        """Objective `i`'s track: the VP per scored item at each position, its last space
        completing it. `track_vp` in `rules.toml`, unless `track_vp_by_condition` gives that
        objective's condition a track of its own (a longer Stars track: round 6)."""
        own = self.numbers.get("track_vp_by_condition", {}).get(self.objectives[i].condition)
        return [int(v) for v in (own if own is not None else self.numbers["track_vp"])]


class _Reader:
    """One entry of one file: typed getters that raise `ContentError` naming where and what."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ContentError(f"{where}: must be a table")
        self.data, self.where = data, where

    def fail(self, message: str) -> ContentError:
        return ContentError(f"{self.where}: {message}")

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        if key not in self.data:
            if default is None:
                raise self.fail(f"missing {key!r}")
            return default
        value = self.data[key]
        if kind is int and (type(value) is not int):
            raise self.fail(f"{key!r} must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(f"{key!r} must be a {kind.__name__}, not {value!r}")
        return value

    def word(self, key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(key, str, default)
        if value not in allowed:
            raise self.fail(f"{key!r} is {value!r}, not one of {', '.join(allowed)}")
        return str(value)

    def words(self, key: str, allowed: tuple[str, ...], default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        values = self.get(key, list, list(default) if default is not None else None)
        for v in values:
            if v not in allowed:
                raise self.fail(f"{key!r} has {v!r}, not one of {', '.join(allowed)}")
        return tuple(values)

    def amounts(self, key: str, allowed: tuple[str, ...], required: bool = False) -> tuple[tuple[str, int], ...]:
        table = self.get(key, dict, None if required else {})
        out = []
        for name, n in table.items():
            if name not in allowed:
                raise self.fail(f"{key!r} names {name!r}, not one of {', '.join(allowed)}")
            if type(n) is not int or n < 0:
                raise self.fail(f"{key}.{name} must be a whole number >= 0, not {n!r}")
            out.append((name, n))
        return tuple(out)

    def effects(self, key: str, default: bool = True) -> tuple[Effect, ...]:
        items = self.get(key, list, [] if default else None)
        return tuple(_effect(_Reader(item, f"{self.where} {key}[{i}]")) for i, item in enumerate(items))


def _effect(r: _Reader) -> Effect:
    unknown = set(r.data) - {"gain", "per", "advance", "cards", "generator", "activate", "action"}
    if unknown:
        raise r.fail(f"unknown effect field(s) {', '.join(sorted(unknown))}")
    per = r.get("per", str, "")
    if per and per not in PER_COUNTS:
        raise r.fail(f"'per' is {per!r}, not a known count")
    action = r.get("action", str, "")
    if action and action not in EFFECT_ACTIONS:
        raise r.fail(f"'action' is {action!r}, not one of {', '.join(EFFECT_ACTIONS)}")
    e = Effect(r.amounts("gain", GAINS), per, r.get("advance", int, 0), r.get("cards", int, 0),
               r.get("generator", int, 0), r.get("activate", int, 0), action)
    if e == Effect(per=per):
        raise r.fail("an effect that does nothing")
    return e


DATA_FILES = ("rules.toml", "actions.toml", "stars.toml", "planets.toml", "biomes.toml", "life.toml",
              "missions.toml", "objectives.toml", "focus.toml")


def load(docs: dict[str, dict[str, Any]]) -> Content:
    """Content from parsed files (name -> TOML table), every entry checked."""
    for name in DATA_FILES:
        if name not in docs:
            raise ContentError(f"{name}: missing")
    rules = docs["rules.toml"]
    numbers = dict(rules.get("numbers", {}))
    ast = _Reader(rules.get("asteroids"), "rules.toml asteroids")
    asteroid_icons = {k: ast.word(k, LIFE_CONDITIONS) for k in ast.get("types", list)}
    extra = ast.words("extra_mass", tuple(asteroid_icons))

    tiles = []
    for i, t in enumerate(docs["actions.toml"].get("tile", [])):
        r = _Reader(t, f"actions.toml tile {i + 1}")
        tiles.append(ActionTile(i, r.word("action", OUTER_ACTIONS),
                                (r.word("bonus_merged", GAINS + ("advance",)), r.word("bonus_plain", GAINS + ("advance",)))))
    if sorted(t.action for t in tiles) != sorted(OUTER_ACTIONS):
        raise ContentError("actions.toml: needs one tile for each outer action")

    stars: dict[str, StarType] = {}
    for key in ("star", "starting"):
        for t in docs["stars.toml"].get(key, []):
            r = _Reader(t, f"stars.toml {key} {t.get('id', '?')}")
            sid = r.get("id", str)
            if sid in stars:
                raise r.fail("duplicate id")
            stars[sid] = StarType(sid, r.get("tier", int), r.words("icons", LIFE_CONDITIONS), r.get("cost", int),
                                  r.effects("effect", False), tuple(r.get("next", list, [])),
                                  r.get("evolve_cost", int), key == "starting", r.get("start_space", int, 0),
                                  r.amounts("start_cards", LIFEFORMS), r.amounts("start_gain", RESOURCES))
    for s in stars.values():
        for n in s.next:
            if n not in stars or stars[n].tier != s.tier + 1:
                raise ContentError(f"stars.toml {s.id}: path to {n!r}, which is no star of the next tier")

    planets: dict[int, Planet] = {}
    for key in ("planet", "starting"):
        for t in docs["planets.toml"].get(key, []):
            r = _Reader(t, f"planets.toml {key} {t.get('id', '?')}")
            pid = r.get("id", int)
            if pid in planets:
                raise r.fail("duplicate id")
            planets[pid] = Planet(pid, r.word("type", LIFE_CONDITIONS), r.get("cost", int, 0 if key == "starting" else None),
                                  r.words("icons", LIFE_CONDITIONS), r.effects("effect", False), key == "starting",
                                  r.amounts("start_gain", RESOURCES))

    biomes: dict[int, Biome] = {}
    for t in docs["biomes.toml"].get("biome", []):
        r = _Reader(t, f"biomes.toml biome {t.get('id', '?')}")
        bid = r.get("id", int)
        if bid in biomes:
            raise r.fail("duplicate id")
        biomes[bid] = Biome(bid, r.get("scarce", bool), r.amounts("requirement", LIFEFORMS, True),
                            r.word("trigger", ACTIONS), r.effects("reward", False), r.effects("improved", False))

    life: dict[int, LifeCard] = {}
    for t in docs["life.toml"].get("card", []):
        r = _Reader(t, f"life.toml card L{t.get('id', '?')}")
        cid = r.get("id", int)
        if cid in life:
            raise r.fail("duplicate id")
        life[cid] = LifeCard(cid, r.word("type", LIFEFORMS), r.words("icons", LIFE_CONDITIONS),
                             r.amounts("needs", LIFEFORMS), r.get("remove", bool, False), r.get("gain", int),
                             r.effects("effect"))

    missions: dict[int, Mission] = {}
    for t in docs["missions.toml"].get("mission", []):
        r = _Reader(t, f"missions.toml M{t.get('id', '?')}")
        mid = r.get("id", int)
        missions[mid] = Mission(mid, r.word("requirement", REQUIREMENTS), r.get("value", int, 0), r.get("arg", str, ""),
                                r.effects("reward", False))

    objectives = []
    for i, t in enumerate(docs["objectives.toml"].get("objective", [])):
        r = _Reader(t, f"objectives.toml objective {i + 1}")
        objectives.append(Objective(i, r.word("condition", CONDITIONS), r.word("scoring", SCORINGS),
                                    r.word("alternative", SCORINGS)))

    focus: dict[str, Any] = {}
    for letter, cards in docs["focus.toml"].items():
        if not isinstance(cards, dict):
            raise ContentError(f"focus.toml {letter}: must be a table")
        per_token = []
        for token in TOKENS[:3]:
            r = _Reader(cards.get(token), f"focus.toml {letter}.{token}")
            per_token.append((r.effects("tier1", False), r.effects("tier2", False)))
        focus[letter] = tuple(per_token)

    content = Content(tuple(tiles), stars, planets, biomes, life, missions, tuple(objectives), focus,
                      asteroid_icons, extra, numbers, "")
    _check_counts(content)
    digest = hashlib.sha256(repr(sorted((k, repr(v)) for k, v in docs.items())).encode()).hexdigest()[:12]
    return Content(**{**content.__dict__, "fingerprint": digest})


def _check_counts(c: Content) -> None:
    """The component list's counts (rulebook, Components)."""
    counts = c.numbers.get("components", {})
    regular = [s for s in c.stars.values() if not s.starting]
    checks = [
        ("action tiles", len(c.tiles), 6),
        ("star tiles", len(regular) * int(c.numbers.get("stars_per_type", 0)), counts.get("stars")),
        ("starting stars", sum(s.starting for s in c.stars.values()), counts.get("starting_stars")),
        ("planet tiles", sum(not p.starting for p in c.planets.values()), counts.get("planets")),
        ("starting planets", sum(p.starting for p in c.planets.values()), counts.get("starting_planets")),
        ("abundant biomes", sum(not b.scarce for b in c.biomes.values()), counts.get("biomes_abundant")),
        ("scarce biomes", sum(b.scarce for b in c.biomes.values()), counts.get("biomes_scarce")),
        ("life cards", len(c.life), counts.get("life_cards")),
        ("missions", len(c.missions), counts.get("missions")),
        ("focus sets", len(c.focus), 4),
        ("main objectives", len(c.objectives), 3),
    ]
    for what, have, want in checks:
        if have != want:
            raise ContentError(f"content: {have} {what}, the components list says {want}")
    for t in LIFEFORMS:
        if sum(card.type == t for card in c.life.values()) != counts.get("life_per_type"):
            raise ContentError(f"life.toml: {t} cards are not {counts.get('life_per_type')}")


def read_builtin() -> dict[str, dict[str, Any]]:
    data = resources.files("game.cosmos").joinpath("data")
    docs = {}
    for name in DATA_FILES:
        try:
            docs[name] = tomllib.loads(data.joinpath(name).read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{name}: {exc}") from exc
    return docs


@lru_cache(maxsize=1)
def builtin_content() -> Content:
    """The game's own content, loaded once."""
    return load(read_builtin())
