"""'New to Order & Chaos?': the guided game offered once, on a game's first start.

Either answer is remembered (`launch.remember_offer`): "Guided game" opens the guided game,
"Just play" the game that was being started. Esc or a click beside the card goes back to the
screen it came from, starts nothing and asks again next time.
"""

from __future__ import annotations

from typing import Any

from game.core.match import Match
from scenes.confirm import ConfirmScene
from scenes.guide.launch import open_guided, remember_offer
from scenes.widgets import open_table


class OfferScene(ConfirmScene):
    """ConfirmScene's card, but its second button starts the game as it was set up (there it
    only goes back)."""

    yes_tip = "Learn the game in a few guided steps (Enter)"
    no_tip = "Start the game you chose, without the guide"
    no_icon = "play-button"

    def __init__(self, ctx: Any, match: Match) -> None:
        title = match.game.info.title
        super().__init__(ctx, f"New to {title}?",
                         "A short guided game shows you the table and the moves, step by step, "
                         "against the computer. You can skip it at any time and play on.",
                         "Guided game", self.guided, "Just play", icon="open-book")
        self.match = match

    @property
    def game_id(self) -> str:
        return self.match.game.info.id

    def guided(self) -> None:
        remember_offer(self.ctx.settings, self.game_id)
        error = open_guided(self.ctx, self.game_id)
        if error:
            self.ctx.stack.pop()
            self._say_below(open_table(self.ctx, self.match))

    def just_play(self) -> None:
        remember_offer(self.ctx.settings, self.game_id)
        self.ctx.stack.pop()
        self._say_below(open_table(self.ctx, self.match))

    def _say_below(self, error: str | None) -> None:
        """Show why the table did not open on the screen this card came from (its menu or set-up
        screen), which stays: the line was dropped, and Just play did nothing, saying nothing."""
        if not error:
            return
        below = [scene for scene in self.ctx.stack.scenes if scene is not self]
        show = getattr(below[-1], "show_error", None) if below else None
        if show is not None:
            show(error)

    def answer_no(self) -> None:
        self.just_play()
