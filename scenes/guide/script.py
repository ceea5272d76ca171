"""A guided game's script, read from `assets/guides/<game id>.toml` (pygame-free).

A script is data, not code: the set-up (seed, seats, options) and a list of steps. Each step has
words in our own voice, what it points at on the table, the computers' moves played during it
(`replies`), and what ends it: the player's moves (`expect`, each a command in the game's JSON
form), any legal move (`until = "any"`) or the Next button (`until = "next"`). Example:

    seed = 4
    seats = ["human", "easy"]

    [[step]]
    text = "Drag this counter to the glowing cell."
    expect = [{type = "slide", seat = 0, src = [3, 3], dst = [3, 5]}]
    hint = "Slide the counter in the middle to the right."
    replies = [{type = "place", seat = 1, cell = [2, 2]}]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.match import HUMAN, SEAT_KINDS
from game.core.protocol import Command, Game, Target
from game.core.registry import get_game
from scenes.resources import asset_path

UNTIL = ("next", "move", "any")
"""What ends a step: the Next button, the expected moves, or any legal move of the player's."""
CORNERS = ("bottomleft", "bottomright", "topleft", "topright")
"""Where a step's note may sit in the board area."""
TABLE_PARTS = ("banner", "seats", "log", "actions", "undo", "redo", "hint", "menu", "board")
"""Parts of the table (not of the game's view) a step may point at."""


class ScriptError(ValueError):
    """A script that cannot be read or played, with the file, the step and what is wrong."""


@dataclass(frozen=True)
class Pointer:
    """What a step points at: one of `target` (a piece or place the view anchors), `view` (the
    name of one of the view's rectangles, an attribute or a method called with `args`), `table`
    (a part of the table: `TABLE_PARTS`), or `move` (the next expected move, drawn as the hint
    arrow from its source to its destination)."""

    target: Target | None = None
    view: str = ""
    args: tuple[Any, ...] = ()
    table: str = ""
    move: bool = False


@dataclass(frozen=True)
class Step:
    text: str
    until: str = "next"
    expect: tuple[Command, ...] = ()
    """The player's moves that end the step, in order (`until = "move"`)."""
    hint: str = ""
    """What a refused move is told (besides the expected move's arrow)."""
    replies: tuple[Command, ...] = ()
    """The computers' moves during this step, in order per seat (a seat's next one is its answer)."""
    pointers: tuple[Pointer, ...] = ()
    title: str = ""
    loose: tuple[str, ...] = ()
    """Fields of the expected moves the player may choose otherwise (a ship's facing): any value
    the rules accept will do, since nothing later in the script depends on it."""

    def matches(self, command: Command, expected: Command) -> bool:
        """`command` is the expected move, up to the `loose` fields."""
        if type(command) is not type(expected):
            return False
        mine, wanted = command.to_json(), expected.to_json()
        return all(mine[k] == v for k, v in wanted.items() if k not in self.loose)


@dataclass(frozen=True)
class Script:
    game_id: str
    title: str
    seed: int
    seats: tuple[str, ...]
    config: dict[str, Any] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()
    outro: str = ""
    """Said when the last step is done: the game goes on as a normal game."""
    note: str = "bottomleft"
    """The corner of the board area the step's note tries first (the next ones when a pointer
    lies under it): the corner that hides least of this game's table."""

    @property
    def human(self) -> int:
        """The player's seat (a script has exactly one)."""
        return self.seats.index(HUMAN)


def script_path(game_id: str) -> Path:
    return asset_path("guides", f"{game_id}.toml")


def has_script(game_id: str) -> bool:
    return script_path(game_id).is_file()


def load_script(game_id: str, path: Path | None = None) -> Script:
    """Read and check a game's script (ScriptError names the file, the step and the problem)."""
    path = path or script_path(game_id)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ScriptError(f"{path.name}: {exc}") from None
    return parse_script(game_id, raw, path.name)


def parse_script(game_id: str, raw: dict[str, Any], name: str = "script") -> Script:
    game = get_game(game_id)
    seats = tuple(raw.get("seats", ()))
    if sum(s == HUMAN for s in seats) != 1 or any(s not in SEAT_KINDS for s in seats):
        raise ScriptError(f"{name}: seats must name one human and computer levels, not {list(seats)}")
    if not game.info.min_players <= len(seats) <= game.info.max_players:
        raise ScriptError(f"{name}: {game.info.title} is not played by {len(seats)}")
    seed = raw.get("seed")
    if type(seed) is not int:
        raise ScriptError(f"{name}: the seed must be a whole number")
    steps = tuple(_step(game, s, f"{name}, step {i + 1}") for i, s in enumerate(raw.get("step", ())))
    note = str(raw.get("note", "bottomleft"))
    if note not in CORNERS:
        raise ScriptError(f"{name}: note must be one of {', '.join(CORNERS)}")
    if not steps:
        raise ScriptError(f"{name}: no steps")
    return Script(game_id, str(raw.get("title", game.info.title)), seed, seats, dict(raw.get("config", {})),
                  steps, str(raw.get("outro", "")), note)


def _step(game: Game, raw: dict[str, Any], where: str) -> Step:
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ScriptError(f"{where}: no text")
    expect = tuple(_command(game, c, where) for c in raw.get("expect", ()))
    until = raw.get("until", "move" if expect else "next")
    if until not in UNTIL:
        raise ScriptError(f"{where}: until must be one of {', '.join(UNTIL)}")
    if (until == "move") != bool(expect):
        raise ScriptError(f"{where}: a step ends by the expected moves exactly when it lists some")
    pointers = [raw["pointer"]] if "pointer" in raw else list(raw.get("pointers", ()))
    if expect and not pointers:
        pointers = [{"move": True}]  # an expected move shows its arrow unless told otherwise
    return Step(" ".join(text.split()), until, expect, " ".join(str(raw.get("hint", "")).split()),
                tuple(_command(game, c, where) for c in raw.get("replies", ())),
                tuple(_pointer(p, where) for p in pointers), str(raw.get("title", "")),
                tuple(str(f) for f in raw.get("loose", ())))


def _command(game: Game, data: Any, where: str) -> Command:
    try:
        return game.codec.decode(data)
    except ValueError as exc:
        raise ScriptError(f"{where}: {exc}") from None


def _pointer(raw: Any, where: str) -> Pointer:
    if not isinstance(raw, dict):
        raise ScriptError(f"{where}: a pointer is a table such as {{view = \"board_rect\"}}")
    if raw.get("move"):
        return Pointer(move=True)
    if "table" in raw:
        if raw["table"] not in TABLE_PARTS:
            raise ScriptError(f"{where}: no table part {raw['table']!r} (one of {', '.join(TABLE_PARTS)})")
        return Pointer(table=str(raw["table"]))
    if "view" in raw:
        return Pointer(view=str(raw["view"]), args=tuple(raw.get("args", ())))
    if "target" in raw and isinstance(raw["target"], dict):
        t = raw["target"]
        cell = tuple(t["cell"]) if "cell" in t else None
        point = tuple(t["point"]) if "point" in t else None
        return Pointer(target=Target(str(t["zone"]), cell,
                                     None if t.get("ident") is None else str(t["ident"]),
                                     point))
    raise ScriptError(f"{where}: a pointer names a move, a table part, a view rectangle or a target")
