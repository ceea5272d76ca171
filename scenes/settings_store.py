"""Player settings, persisted as JSON in the user's data directory."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.core.match import AGENT_LEVELS, SEAT_KINDS, write_json_atomic
from game.core.paths import settings_path
from scenes.viewport import clamp_window_size

ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "off": 0.0}
DEFAULT_LEVEL = "normal"
"""The computer's level where nothing else was chosen (Quick play before any set-up)."""


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    animation_speed: str = "normal"
    sound: bool = True
    colour_blind_symbols: bool = True
    ai_watch_delay: float = 0.6
    """Seconds between moves when only AIs play (watch speed)."""
    key_moment_stops: bool = True
    """A playback pauses by itself on a key moment (Rally: a battle, a ship lost, titanium banked;
    Worlds Collide: a reveal, a clash or a round's end waits for Continue, else a short countdown)."""
    guides_offered: list[str] = field(default_factory=list)
    """Games whose guided first game has been offered (`scenes.guide.launch`): offered once each."""
    last_seats: dict[str, list[str]] = field(default_factory=dict)
    """Per game id, the seats ("human" or a level) of the last game started from the set-up
    screen: the set-up screen opens with them and Quick play keeps their computer's level
    (play-test: a game set up against the hard computer came back against the normal one)."""

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def computer_level(self, game_id: str) -> str:
        """The level of the first computer seat last chosen for `game_id` (`last_seats`), else
        `DEFAULT_LEVEL`: the level Quick play puts against the person."""
        levels = [kind for kind in self.last_seats.get(game_id, []) if kind in AGENT_LEVELS]
        return levels[0] if levels else DEFAULT_LEVEL

    def remember_seats(self, game_id: str, seats: list[str]) -> None:
        """Keep `seats` as the last chosen for `game_id`, and write the settings."""
        if self.last_seats.get(game_id) != seats:
            self.last_seats[game_id] = list(seats)
            self.save()

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """Read settings; a missing or broken file gives the defaults, never a crash."""
        path = path or settings_path()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        out = cls()
        if not isinstance(raw, dict):
            return out
        for f in fields(cls):
            if f.name not in raw:
                continue
            value = raw[f.name]
            default = getattr(out, f.name)
            if isinstance(default, tuple) and isinstance(value, list) and len(value) == 2 \
                    and all(type(v) is int and 1 <= v <= 10000 for v in value):
                # a size stored below the minimum (an older version stored any size) opens at the minimum
                setattr(out, f.name, clamp_window_size((value[0], value[1])))
            elif isinstance(default, bool) and isinstance(value, bool):
                setattr(out, f.name, value)
            elif isinstance(default, str) and value in ANIMATION_SPEEDS:
                setattr(out, f.name, value)
            elif isinstance(default, list) and isinstance(value, list) and all(isinstance(v, str) for v in value):
                setattr(out, f.name, list(value))
            elif isinstance(default, float) and isinstance(value, (int, float)) and 0 <= value <= 10:
                setattr(out, f.name, float(value))
            elif isinstance(default, dict) and isinstance(value, dict):
                setattr(out, f.name, {key: list(kinds) for key, kinds in value.items() if _seat_list(key, kinds)})
        return out

    def save(self, path: Path | None = None) -> None:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        try:
            write_json_atomic(path or settings_path(), data)
        except OSError:
            pass  # settings are a convenience: never crash over them


def _seat_list(key: object, kinds: object) -> bool:
    """A stored `last_seats` entry is a game id and a list of seat kinds (one bad entry is left
    out, the others kept)."""
    return (isinstance(key, str) and isinstance(kinds, list) and 0 < len(kinds) <= 8
            and all(isinstance(kind, str) and kind in SEAT_KINDS for kind in kinds))
