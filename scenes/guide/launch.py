"""Opening a guided game, and the one-time offer on a game's first start.

Screens are opened by name (`AppContext.scene`), so the menu and the set-up screen, which call
these, import no table. Which games have been offered their guide is remembered in the settings
(`Settings.guides_offered`): the offer comes once per game, whatever the player answers, and
not at all once its guided game has been opened another way (the set-up screen, the pause menu).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core import autosaves
from game.core.match import Match
from game.core.registry import get_game
from scenes.guide.script import ScriptError, has_script, load_script
from scenes.widgets import load_failure, open_table


def guided_match(game_id: str, autosave: Path | None = None) -> tuple[Match, Any]:
    """The script and the match it is played on (its seeded set-up), autosaved to `autosave` (a
    restarted guide: the old one's slot) or a new slot; ScriptError if broken."""
    script = load_script(game_id)
    match = Match(get_game(game_id), dict(script.config), script.seed, list(script.seats))
    match.autosave_path = autosave or autosaves.new_autosave_path(game_id)
    return match, script


def open_guided(ctx: Any, game_id: str, autosave: Path | None = None) -> str | None:
    """Put the guided game of `game_id` on the table (replacing every screen); an error line or None."""
    try:
        match, script = guided_match(game_id, autosave)
        scene = ctx.scene("guided_table", match, script)
    except ScriptError as exc:
        return f"The guided game can't start: {exc}"
    except ImportError as exc:
        return f"The guided game can't start: {load_failure(exc)}"
    remember_offer(ctx.settings, game_id)  # (a player who opened the guide is not offered it again)
    ctx.stack.clear_to(scene)
    return None


def should_offer(settings: Any, match: Match) -> bool:
    """A game's first start by one person against computers (the guided game's table; a
    hot-seat set-up is not thrown away for it), and a guide to offer."""
    game_id = match.game.info.id
    return (game_id not in settings.guides_offered and sum(match.is_human(s) for s in range(len(match.seats))) == 1
            and has_script(game_id))


def remember_offer(settings: Any, game_id: str) -> None:
    if game_id not in settings.guides_offered:
        settings.guides_offered.append(game_id)
        settings.save()


def start_new_game(ctx: Any, match: Match) -> str | None:
    """Open a new game from the menu or the set-up screen; on the game's first start, ask first
    whether to play the guided game instead. An error line, or None."""
    if should_offer(ctx.settings, match):
        try:
            ctx.stack.push(ctx.scene("guide_offer", match))
            return None
        except ImportError:
            pass  # a build without the guide: just play
    return open_table(ctx, match)
