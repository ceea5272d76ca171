"""The card data (data/cards.toml) loaded once, plus card-id helpers.

Cards are small ints so states stay cheap to copy: Shard `4 * character +
position` (0..23), the Wild Shard 24. Actions are their initiative 1..6.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

_DATA: dict[str, Any] = tomllib.loads(
    resources.files("game.worlds_collide").joinpath("data/cards.toml").read_text(encoding="utf-8"))

NUMBERS: dict[str, int] = {k: int(v) for k, v in _DATA["numbers"].items()}
SHARDS_PER_CHARACTER = NUMBERS["shards_per_character"]
FRACTURE_TAKES = NUMBERS["fracture_takes"]
CENE_TAKES = NUMBERS["cene_takes"]
MARY_REVEALS = NUMBERS["mary_reveals"]
ROUND_LIMIT = NUMBERS["round_limit"]

CHARACTERS: list[dict[str, Any]] = list(_DATA["characters"])
ACTIONS: list[dict[str, Any]] = sorted(_DATA["actions"], key=lambda a: int(a["initiative"]))
WILD_INFO: dict[str, Any] = dict(_DATA["wild"])
ANCHOR_INFO: dict[str, Any] = dict(_DATA["anchor"])

N_CHARACTERS = len(CHARACTERS)
CHARACTER_NAMES: tuple[str, ...] = tuple(str(c["name"]) for c in CHARACTERS)
CHARACTER_CODES: tuple[str, ...] = tuple(str(c["code"]) for c in CHARACTERS)
ACTION_NAMES: dict[int, str] = {int(a["initiative"]): str(a["name"]) for a in ACTIONS}
ALL_ACTIONS: tuple[int, ...] = tuple(sorted(ACTION_NAMES))

WILD = N_CHARACTERS * SHARDS_PER_CHARACTER
N_CARDS = WILD + 1

ADVARANAU, CENE_C, JESSUP, KINTRIEL, MARY, RONIN = (CHARACTER_NAMES.index(n) for n in (
    "Advaranau", "Cene C", "Jessup", "Kintriel", "Mary", "Ronin"))
UNLEASH, EXPOSE, FRACTURE, TELEKINESIS, RESET, SHIFT = (
    next(i for i, n in ACTION_NAMES.items() if n == name)
    for name in ("Unleash", "Expose", "Fracture", "Telekinesis", "Reset", "Shift"))


def owner_of(card: int) -> int:
    """The Character a Shard belongs to; -1 for the Wild Shard."""
    return -1 if card == WILD else card // SHARDS_PER_CHARACTER


def shards_of(character: int) -> range:
    return range(character * SHARDS_PER_CHARACTER, (character + 1) * SHARDS_PER_CHARACTER)


def card_name(card: int) -> str:
    """`M3` (Mary's third Shard), `W` (the Wild Shard), `?` (unknown)."""
    if card == WILD:
        return str(WILD_INFO["code"])
    if 0 <= card < WILD:
        return f"{CHARACTER_CODES[card // SHARDS_PER_CHARACTER]}{card % SHARDS_PER_CHARACTER + 1}"
    return "?"


def card_long_name(card: int) -> str:
    if card == WILD:
        return "the " + str(WILD_INFO["name"])
    if 0 <= card < WILD:
        return f"{CHARACTER_NAMES[card // SHARDS_PER_CHARACTER]}'s Shard {card % SHARDS_PER_CHARACTER + 1}"
    return "a shrouded Shard"


def parse_card(text: str) -> int:
    text = text.strip().upper()
    if text == str(WILD_INFO["code"]).upper():
        return WILD
    if len(text) == 2 and text[0] in CHARACTER_CODES and text[1].isdigit():
        pos = int(text[1]) - 1
        if 0 <= pos < SHARDS_PER_CHARACTER:
            return CHARACTER_CODES.index(text[0]) * SHARDS_PER_CHARACTER + pos
    raise ValueError(f"not a card: {text!r}")


def parse_action(text: str) -> int:
    t = text.strip().lower()
    if t.isdigit() and int(t) in ACTION_NAMES:
        return int(t)
    for i, n in ACTION_NAMES.items():
        if n.lower() == t:
            return i
    raise ValueError(f"not an action: {text!r}")
