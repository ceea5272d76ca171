"""The pause menu: a dimmed overlay above the table (Esc resumes, as the card says by its title).

Whatever leaves the table from here asks first (Load game, Guided game, Main menu, Quit): a click meant for
the button beside it must not end the session at the table. The game is autosaved after every
move, and each card says so.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
from pygame_gui.elements import UILabel

from game.core import paths
from scenes.kit import palette
from scenes.app import ui_scale
from scenes.guide.launch import open_guided
from scenes.guide.script import has_script
from scenes.widgets import UIScene, blit_text, dim, draw_card, one_line


class PauseScene(UIScene):
    opaque = False
    overlay_layer = 40

    def __init__(self, ctx: Any, match: Any) -> None:
        super().__init__(ctx)
        self.match = match
        self.message = ""
        self.message_ok = True
        self.message_label: UILabel | None = None
        self._card = pygame.Rect(0, 0, 0, 0)

    def layout(self, w: int, h: int) -> dict[str, pygame.Rect]:
        self.scale = ui_scale(w, h)
        px = self.px
        names = ["resume", "save", "load", "rules", "settings", "main_menu", "quit"]
        if self.match is not None and has_script(self.match.game.info.id):  # (a layout asked for no game)
            names.insert(names.index("rules") + 1, "guided")
        bw, gap = px(320), px(10)
        # the buttons' height gives way first, so eight of them fit a 640-high window
        bh = max(px(36), min(px(50), (h - px(24) - px(166)) // len(names) - gap))
        card_h = px(110) + len(names) * (bh + gap) + px(56)
        card = pygame.Rect(0, 0, bw + px(80), card_h)
        card.center = (w // 2, h // 2)
        out = {n: pygame.Rect(card.x + px(40), card.y + px(96) + i * (bh + gap), bw, bh) for i, n in enumerate(names)}
        out["card"] = card
        return out

    def build(self, w: int, h: int) -> None:
        r = self.layout(w, h)
        self._card = r["card"]
        px = self.px
        self.label(pygame.Rect(self._card.x + px(40), self._card.y + px(26), px(320), px(44)), "Paused", "@heading")
        self.icon_button(r["resume"], "Resume", self.resume_game, "play-button", primary=True,
                         tooltip="Back to the table (Esc)")
        self.icon_button(r["save"], "Save game", self.save, "save", tooltip="Save to your saves folder")
        self.icon_button(r["load"], "Load game", self.load, "open-folder", tooltip="Open a saved game")
        self.icon_button(r["rules"], "Rules", self.rules, "open-book")
        if "guided" in r:
            self.icon_button(r["guided"], "Restart the guide" if self.guiding else "Guided game", self.guided,
                             "light-bulb", tooltip="Learn this game in a few guided steps (asks first)")
        self.icon_button(r["settings"], "Settings", self.settings, "cog")
        self.icon_button(r["main_menu"], "Main menu", self.main_menu, "vortex",
                         tooltip="Leave the table (asks first); Continue in the menu brings you back")
        self.icon_button(r["quit"], "Quit", self.quit, "exit-door", tooltip="Close the app (asks first)")
        self.message_label = self.label(pygame.Rect(self._card.x + px(20), self._card.bottom - px(44),
                                                    self._card.w - px(40), px(26)),
                                        self.message, "@ok_center" if self.message_ok else "@error_center")

    # --- actions -------------------------------------------------------------------
    def resume_game(self) -> None:
        self.ctx.stack.pop()

    def save_path(self) -> Any:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return paths.saves_dir() / f"{self.match.game.info.id}-{stamp}.json"

    def save(self) -> None:
        path = self.save_path()
        try:
            self.match.save(path)
        except OSError as exc:
            self._say(f"Could not save: {exc.strerror or exc.__class__.__name__}", ok=False)
            return
        self._say(f"Saved to {path.name}", ok=True)

    def _say(self, text: str, ok: bool) -> None:
        self.message, self.message_ok = one_line(text, 48), ok
        self.rebuild()

    @property
    def saved(self) -> bool:
        """The game is autosaved after every move and Continue in the main menu picks it up: not
        one over (nothing to continue), nor one left before a person's move (`Match.kept`)."""
        return self.match.kept() and not self.over

    @property
    def over(self) -> bool:
        """The match is over: it is kept among Load game's Finished games, for its replay."""
        return self.match.state.is_over()

    @property
    def guiding(self) -> bool:
        """The table under this menu is a guided game still following its script."""
        scenes = self.ctx.stack.scenes
        index = next((i for i, scene in enumerate(scenes) if scene is self), 0)
        return index > 0 and bool(getattr(scenes[index - 1], "guiding", False))

    def _leave_detail(self, for_another: bool = False) -> str:
        """What leaving does to this game, true in each case (play-test: a finished match was
        promised a Continue, and so was a loaded game Continue did not name). Left `for_another`
        game (Load game, the guided game), Continue will name that one: the card says where this
        one is kept instead. A game whose person's moves were all taken back is "no move of yours
        on the board", which a game not moved in yet is too (play-test: "You have not made a
        move yet" after an undone move)."""
        if self.over:
            return "This game is over: Load game keeps it under Finished games, to replay."
        if self.saved and for_another:
            return "This game is saved: Load game keeps it under To continue."
        if self.saved:
            return "This game is saved: Continue in the main menu picks it up where you left it."
        if self.match.autosave_path is not None:
            return "No move of yours is on the board, so this game is not kept."
        return "This game is not saved. Save game first to keep it."

    def load(self) -> None:
        """The Load list, after a question: it leaves the table."""
        self.ctx.stack.push(self.ctx.scene("confirm", "Leave this game to load another?", self._leave_detail(True),
                                           "Load game", self._load_now, no="Stay", icon="open-folder"))

    def _load_now(self) -> None:
        self.match.save_now()
        menu = self.ctx.scene("menu")
        menu.mode = "load"  # type: ignore[attr-defined]
        self.ctx.stack.clear_to(menu)

    def guided(self) -> None:
        """This game's guided game, after a question: it leaves the table (or starts the guide over)."""
        title = self.match.game.info.title
        if self.guiding:
            question, detail = "Restart the guide?", "The guided game starts again from its first step."
        else:
            question = f"Leave this game for the guided {title}?"
            detail = self._leave_detail(True)
        yes = "Restart" if self.guiding else "Guided game"
        self.ctx.stack.push(self.ctx.scene("confirm", question, detail, yes, self._guided_now, no="Stay",
                                           icon="light-bulb"))

    def _guided_now(self) -> None:
        """A restarted guide keeps the old one's autosave slot (the Load list does not gather
        half-played guides); a game left for the guide keeps its own."""
        self.match.save_now()
        slot = self.match.autosave_path if self.guiding else None
        error = open_guided(self.ctx, self.match.game.info.id, autosave=slot)
        if error:
            self._say(error, ok=False)

    def rules(self) -> None:
        self.ctx.stack.push(self.ctx.scene("rules", self.match.game.info.id))

    def settings(self) -> None:
        self.ctx.stack.push(self.ctx.scene("settings"))

    def main_menu(self) -> None:
        """The main menu, after a question like Load game's and Quit's: it leaves the table (it
        used to leave at once)."""
        self.ctx.stack.push(self.ctx.scene("confirm", "Leave this game for the main menu?", self._leave_detail(),
                                           "Main menu", self._main_menu_now, no="Stay", icon="vortex"))

    def _main_menu_now(self) -> None:
        self.match.save_now()
        self.ctx.stack.clear_to(self.ctx.scene("menu"))

    def quit(self) -> None:
        """Close the app, after a question: a click meant for Main menu or Save just above must
        not end the session. The game is autosaved after every move, and the card says so."""
        saved = self.saved
        question = "Your game is saved; quit?" if saved else "Quit?" if self.over else "Quit? This game is not saved."
        detail = ("Continue in the main menu picks it up where you left it." if saved else
                  self._leave_detail() if self.over else "Save game first to keep it.")
        self.ctx.stack.push(self.ctx.scene("confirm", question, detail, "Quit", self._quit_now, no="Stay",
                                           icon="exit-door"))

    def _quit_now(self) -> None:
        self.match.save_now()
        self.ctx.quit()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.resume_game()
            return True
        return True  # the table beneath must not react to keys while paused

    def on_event(self, event: pygame.event.Event) -> bool:
        # swallow pointer input meant for the table underneath
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 175)
        draw_card(surface, self._card, radius=22)
        # inside the card, on the heading's line: below the card it lay over the table (Rally's hand)
        blit_text(surface, self.font(14), "Esc resumes", palette.TEXT_DIM,
                  (self._card.right - self.px(40), self._card.y + self.px(48)), "midright")
