"""A tournament clock: each seat's thinking time for the whole match, kept by the match.

The clock only counts; who is thinking is the table's to say (`Match.run_clock` is called for the
seat whose person has the decision on screen, never while a computer thinks, the pause menu is
up or the screen is being handed over). The time is saved with the game (`to_json`), so a loaded
game goes on with the time each player had left. What a fallen flag means is the game's rule
(`Game.time_up`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import JsonDict, Seat


@dataclass
class MatchClock:
    """`budget_s` seconds per seat for the match; `used_s[seat]` spent so far."""

    budget_s: float
    used_s: list[float] = field(default_factory=list)

    @classmethod
    def for_seats(cls, budget_s: float, seats: int) -> "MatchClock":
        return cls(budget_s, [0.0] * seats)

    def left(self, seat: Seat) -> float:
        """Seconds `seat` has left (0 once its flag has fallen)."""
        return max(0.0, self.budget_s - self.used_s[seat])

    def fallen(self, seat: Seat) -> bool:
        return self.used_s[seat] >= self.budget_s

    def run(self, seat: Seat, seconds: float) -> bool:
        """Count `seconds` of `seat`'s thinking; True when its flag falls with them."""
        if seconds <= 0 or self.fallen(seat):
            return False
        self.used_s[seat] = min(self.budget_s, self.used_s[seat] + seconds)
        return self.fallen(seat)

    def to_json(self) -> JsonDict:
        return {"used": [round(u, 2) for u in self.used_s]}

    def restore(self, data: Any) -> None:
        """Take the used times of a save's `clock` field; ValueError when it is malformed."""
        used = data.get("used") if isinstance(data, dict) else None
        if not isinstance(used, list) or len(used) != len(self.used_s) or not all(
                isinstance(u, (int, float)) and not isinstance(u, bool) and math.isfinite(u) and u >= 0
                for u in used):
            raise ValueError(f"'clock' must give each of the {len(self.used_s)} seats its used seconds")
        self.used_s = [min(self.budget_s, float(u)) for u in used]


def clock_text(seconds: float) -> str:
    """'9:05' (minutes:seconds, rounded up so 0:00 shows only once the flag has fallen)."""
    whole = math.ceil(max(0.0, seconds) - 1e-9)
    return f"{whole // 60}:{whole % 60:02d}"
