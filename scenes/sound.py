"""Sound effects: a few short WAVs from assets/sounds, played through pygame.mixer.

`Sounds.play(name)` is the only call scenes make. It does nothing when the
player turned sound off, and nothing (silently) when there is no audio device:
the mixer is started on first use and any failure, a dummy SDL audio driver,
or a missing file just means no sound, never a crash.

Names: place, slide, draw, click, refuse, halftime, gameover
(assets/sounds/make_sounds.py makes them).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from scenes.resources import asset_path

NAMES = ("place", "slide", "draw", "click", "refuse", "halftime", "gameover")
VOLUME = {"click": 0.5, "slide": 0.8, "draw": 0.8}
"""Per-sound volume (default 1.0): the button click should stay in the background."""


class Sounds:
    """Lazily loaded sound effects; `enabled` is asked on every play (the Settings toggle)."""

    def __init__(self, enabled: Callable[[], bool] | Any = True) -> None:
        self._enabled = enabled
        self._ready: bool | None = None  # None: the mixer has not been tried yet
        self._cache: dict[str, Any] = {}

    @property
    def enabled(self) -> bool:
        return bool(self._enabled() if callable(self._enabled) else self._enabled)

    def play(self, name: str) -> None:
        """Play `name` unless sound is off; never raises."""
        if not self.enabled:
            return
        self._emit(name)

    # --- output (tests replace `_emit` to see what was asked for) --------------------
    def _emit(self, name: str) -> None:
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.play()
        except Exception:  # noqa: BLE001, S110 - a sound must never stop the game
            pass

    def _mixer_ready(self) -> bool:
        if self._ready is None:
            self._ready = _start_mixer()
        return self._ready

    def _load(self, name: str) -> Any:
        if name not in self._cache:
            sound = None
            if self._mixer_ready():
                try:
                    sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                    sound.set_volume(VOLUME.get(name, 1.0))
                except Exception:  # noqa: BLE001 - missing or unreadable file: no sound
                    sound = None
            self._cache[name] = sound
        return self._cache[name]


def _start_mixer() -> bool:
    """True if a real audio device is open (a dummy driver counts as none)."""
    if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk"):
        return False
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init()
        return pygame.mixer.get_init() is not None
    except Exception:  # noqa: BLE001 - pygame.error, no SDL_mixer, no device...
        return False
