"""Every game keeps its own autosave, so starting a new game never overwrites an unfinished one.

A match started (or a named save opened) gets a fresh file in `paths.autosaves_dir()`, named
by its game and the moment it began; a match resumed from its autosave goes on writing that
same file. Continue resumes the newest unfinished game and the Load list shows every one.
Finished games' autosaves are kept for the Load list, pruned to the newest KEEP_FINISHED; unfinished ones are only ever deleted
by the player (the Load list asks first).

Pure (no pygame): the menus, `play --load` and the tests share it. Reading a file here never
replays it (a long list opens at once); `Match.load` checks a file fully when it is opened.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.match import SAVE_FORMAT, read_json

KEEP_FINISHED = 20
"""Finished games' autosaves kept (newest first) for the Load list's Finished games and their
replays; older ones go when the app starts and when a game ends (`prune`)."""

FINISHED = "Finished"
"""`Match.to_json`'s progress words for a game that is over."""


def new_autosave_path(game_id: str) -> Path:
    """A file no other match writes: the game's id and this moment (a counter if taken)."""
    folder = paths.autosaves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{n}.json"
        n += 1
    return path


def autosave_for(loaded_from: Path | None, game_id: str, record: dict[str, Any] | None = None) -> Path:
    """Where a match writes as it goes: on in its own autosave when resumed from one; for a named
    save opened again (`record`: the loaded match's `to_json`), on in the autosave that holds
    that same game unchanged, left before a move the last time it was opened; else a new file (a
    named save is never overwritten by play, and no other game's autosave is)."""
    if loaded_from is not None and is_autosave(loaded_from):
        return loaded_from
    if record is not None:
        same = unchanged_copy(record)
        if same is not None:
            return same
    return new_autosave_path(game_id)


def _game_key(data: dict[str, Any]) -> str:
    """What makes two saves the same game at the same point: game, options, seed, seats, moves."""
    keys = ("game", "config", "seed", "seats", "commands")
    return json.dumps({k: data.get(k) for k in keys}, sort_keys=True, default=list)


def unchanged_copy(record: dict[str, Any]) -> Path | None:
    """An unfinished game's autosave holding exactly the game in `record` (nothing played since),
    or None: play-test, each opening of one named save added another row of the same game to
    the Load list."""
    key = _game_key(json.loads(json.dumps(record, default=list)))
    return next((path for path, data in _unfinished_saves() if _game_key(data) == key), None)


def is_autosave(path: Path) -> bool:
    try:
        return path.resolve().parent == paths.autosaves_dir().resolve()
    except OSError:
        return False


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = read_json(path)
    except Exception:  # noqa: BLE001 - a broken file is listed by the Load list, not here
        return None
    return data if isinstance(data, dict) and data.get("format") == SAVE_FORMAT else None


def _newest_first(folder: Path) -> list[Path]:
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


def _unfinished_saves() -> list[tuple[Path, dict[str, Any]]]:
    """Every autosave of a game not over and what it holds, newest first (files that cannot be
    read are left out): read once for those that look into them (`unchanged_copy`, `drop_unplayed`)."""
    out = []
    for path in _newest_first(paths.autosaves_dir()):
        data = _read(path)
        if data is not None and data.get("progress") != FINISHED:
            out.append((path, data))
    return out


def unfinished() -> list[Path]:
    """Every autosave of a game not over, newest first (files that cannot be read are left out)."""
    return [path for path, _ in _unfinished_saves()]


def finished() -> list[Path]:
    """Every autosave of a game that is over, newest first (the Load list's Finished games)."""
    return [p for p in _newest_first(paths.autosaves_dir())
            if (data := _read(p)) is not None and data.get("progress") == FINISHED]


def prune() -> list[Path]:
    """Delete finished games' autosaves beyond the newest KEEP_FINISHED; returns what went.
    An unfinished game's file, or one that cannot be read, is never touched here."""
    return _delete(finished()[KEEP_FINISHED:])


def _delete(files: list[Path]) -> list[Path]:
    """Delete `files`; returns those that went (one that cannot be deleted is left)."""
    gone = []
    for path in files:
        try:
            path.unlink()
            gone.append(path)
        except OSError:
            pass
    return gone


def _no_persons_move(data: dict[str, Any]) -> bool:
    """A save of a game with a person at it in which no person has moved yet."""
    seats, commands = data.get("seats"), data.get("commands")
    if not isinstance(seats, list) or not isinstance(commands, list) or "human" not in seats:
        return False
    people = {i for i, kind in enumerate(seats) if kind == "human"}
    return not any(isinstance(c, dict) and c.get("seat") in people for c in commands)


def drop_unplayed() -> list[Path]:
    """Delete unfinished games' autosaves in which no person has moved (earlier versions wrote
    one at a computer's or the bag's first step: every Quick play left at once stayed under To
    continue); returns what went. A game with a person's move in it is never touched."""
    return _delete([path for path, data in _unfinished_saves() if _no_persons_move(data)])


def adopt_legacy() -> Path | None:
    """Move the single autosave of earlier versions (`paths.autosave_path()`) into the folder
    so its game is still offered; returns its new place (None if there was none)."""
    old = paths.autosave_path()
    if not old.is_file():
        return None
    data = _read(old)
    game_id = str(data.get("game")) if data is not None else "unknown"
    safe = "".join(ch for ch in game_id if ch.isalnum() or ch == "-") or "unknown"
    target = new_autosave_path(safe)
    try:
        old.replace(target)
    except OSError:
        return None
    return target
