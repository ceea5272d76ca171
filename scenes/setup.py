"""New game set-up: which game, who sits where (human or AI level), variant options, seed."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from game.core import autosaves
from game.core.match import AGENT_LEVELS, HUMAN, MAX_NAME, Match
from game.core.registry import all_games, get_game
from scenes.guide.launch import open_guided, start_new_game
from scenes.guide.script import has_script
from scenes.kit import palette
from scenes.seat_names import seat_label
from scenes.thumbnails import thumbnail
from scenes.widgets import (
    ChoiceGroup,
    StepperGroup,
    UIScene,
    blit_text,
    draw_backdrop,
    draw_card,
    one_line,
)
from scenes.sprites.text import wrap_text

SEAT_KINDS: list[tuple[str, str]] = [(HUMAN, "Human")] + [(lvl, lvl.capitalize()) for lvl in AGENT_LEVELS]
SEAT_TIPS = {
    HUMAN: "A person at this screen",
    "random": "Plays any legal move: for learning the rules",
    "greedy": "Takes the best move right now, never looks ahead",
    "easy": "Thinks briefly",
    "normal": "A fair opponent",
    "hard": "Thinks longest: a real challenge",
}
MAX_BUTTONS = 4
"""An option with more choices than this is a stepper (arrows round the chosen name), not a row of buttons."""
OPTION_ROW = 42
"""Design pixels per option row when the options are compact (one row each, help under it when it fits, else in a tooltip)."""
MOVE_GAP = 14
"""Design pixels between a seat's level control and its move-up button: wider than the stepper's own
gaps, so the button reads as apart from the arrows (at 6 it looked like a third arrow)."""
WATCH_SPEEDS: list[tuple[float, str]] = [(1.5, "Slow"), (0.6, "Normal"), (0.2, "Fast"), (0.0, "Instant")]


class SetupScene(UIScene):
    def __init__(self, ctx: Any, game_id: str | None = None) -> None:
        super().__init__(ctx)
        self.games = all_games()
        ids = [g.info.id for g in self.games]
        self.game_id = game_id if game_id in ids else ids[0]
        self.message = ""
        self._reset_for_game()
        self.seed_text = ""
        self.seed_entry: UITextEntryLine | None = None
        self.player_names: list[str] = []
        """Names typed for the seats of a hot-seat game (kept across rebuilds; '' = Player N)."""
        self.name_entries: dict[int, UITextEntryLine] = {}
        self.message_label: UILabel | None = None
        self.seat_groups: list[ChoiceGroup | StepperGroup] = []
        self.seat_labels: list[UILabel] = []
        self.tip_labels: list[UILabel] = []
        self.option_groups: dict[str, ChoiceGroup | StepperGroup] = {}
        self.compact = False
        """Options one row each, label beside the control (when the usual layout would run off)."""
        self.compact_help = False
        """In the compact layout, each option's help fits as a caption line under it."""
        self.start_button: Any = None
        self.learn_button: Any = None
        self.swap_button: Any = None
        """Two seats: the button that swaps them."""
        self.move_buttons: dict[int, Any] = {}
        """More seats: per seat below the first, the button that moves it up one."""
        self._cards: list[pygame.Rect] = []

    def _reset_for_game(self) -> None:
        info = get_game(self.game_id).info
        n = max(2, info.min_players) if info.min_players <= 2 <= info.max_players else info.min_players
        self.seats: list[str] = [HUMAN] + ["normal"] * (n - 1)
        remembered = self.ctx.settings.last_seats.get(self.game_id, [])
        if info.min_players <= len(remembered) <= info.max_players:
            self.seats = list(remembered)  # the seats of the last game started here
        self.config: dict[str, Any] = get_game(self.game_id).default_config()
        self._narrow_choices()
        notices = get_game(self.game_id).notices()
        self.message = (f"{len(notices)} problem(s) in your own game files: {notices[0]}" if notices else "")

    @property
    def info(self) -> Any:
        return get_game(self.game_id).info

    # --- layout ----------------------------------------------------------------
    def build(self, w: int, h: int) -> None:
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()
        self._keep_names()
        info = self.info
        px = self.px
        margin = max(24, int(w * (0.06 if w >= 1200 else 0.035)))  # a small window keeps its width for the controls
        gap = px(28)
        left_w = int((w - 2 * margin - gap) * 0.58)
        right_w = w - 2 * margin - left_w - gap
        help_font = self.font(15)
        pad = px(24)
        helps = {spec.key: wrap_text(spec.help, help_font, right_w - 2 * pad)[:2] for spec in info.options}
        row_h = px(62 if len(self.seats) <= 4 else 48)
        cap_h = px(22)
        watching = all(s != HUMAN for s in self.seats)
        tips = ["Hover over a level to see how strong it is.",
                "Make every player a computer to watch them play." if not watching
                else "Computer players take turns at the watch speed; Esc pauses."]
        # the tips sit at the card's foot, below the last seat row (4 seats ran the rows into them);
        # room for the most seats the game takes, so − and + stay put (play-test: the cards and
        # buttons moved with each seat added, and the next click landed off)
        rows = max(len(self.seats), info.max_players) if info.max_players <= 4 else len(self.seats)
        # and for the watch speed's row, shown once every seat is a computer (play-test: the page
        # moved up with it, and the next click landed on another seat's levels)
        left_need = (px(20 + 46) + rows * row_h + px(86)
                     + cap_h * len(tips) + px(24 + 6))
        right_need = (px(20) + (px(92) if len(self.games) > 1 else 0) + px(40)
                      + sum(px(84) + cap_h * len(helps[o.key]) for o in info.options) + px(96))
        # options that would run off the window take one row each, their help under it when it fits, else in a tooltip
        room = h - px(70 + 24 + 54) - 32
        self.compact = right_need > room
        self.compact_help = False
        if self.compact:
            right_need = (px(20) + (px(OPTION_ROW + 6) if len(self.games) > 1 else 0) + px(32)
                          + len(info.options) * px(OPTION_ROW) + px(6 + OPTION_ROW + 20))
            helped = sum(cap_h * len(helps[o.key]) for o in info.options)
            self.compact_help = right_need + helped <= room  # each help's first line, when it fits
            right_need += helped if self.compact_help else 0
        card_h = max(left_need, right_need, px(300))
        block = px(70) + card_h + px(24 + 54)
        top = max(16, (h - block) // 2 - 10)
        self.label(pygame.Rect(margin, top, w - 2 * margin - px(100), px(50)), f"New game · {info.title}",
                   "@heading")
        body_top = top + px(70)
        left = pygame.Rect(margin, body_top, left_w, card_h)
        right = pygame.Rect(left.right + gap, body_top, right_w, card_h)
        bottom_bar = left.bottom + px(16)
        self._header_y = top
        self._cards = [left, right]
        # the name column fits every label it holds (seat names and the roles they start as; the
        # watch speed's, when shown): "starts as Orange" was cut beside a lone "You"
        seat_font, caption_font = self.font(20, "bold"), self.font(15)
        names = [seat_label(self.seats, i) for i in range(len(self.seats))]
        names += ["Watch speed", "computer vs computer"] if watching else []
        captions = [f"starts as {info.roles[i]}" for i in range(len(self.seats))
                    if i < len(info.roles) <= info.max_players]
        # more than two seats: a button per seat moves it up, set apart from the level control so
        # it does not read as a third stepper arrow; the name column and the level buttons' gaps
        # give up a little room for it, so the six level buttons still fit at 1280x720 with four seats
        move_w = px(32) if len(self.seats) > 2 else 0
        move_gap = px(MOVE_GAP)
        name_w = min(px(150), max([seat_font.size(name)[0] for name in names]
                                  + [caption_font.size(c)[0] for c in captions]) + px(24 if not move_w else 16))
        ctrl_x = left.x + pad + name_w + px(10)
        ctrl_h = px(42)
        ctrl_w = left.right - pad - ctrl_x - (move_w + move_gap if move_w else 0)
        level_gap = px(6 if not move_w else 4)

        # players
        y = left.y + px(20)
        self.label(pygame.Rect(left.x + pad, y, px(300), px(30)), "Players", "@subheading")
        if info.min_players != info.max_players:
            b = px(44)
            self.button(pygame.Rect(left.right - pad - 2 * b - px(8), y - 2, b, px(36)), "−", self.remove_seat,
                        class_id="@small", tooltip="One player fewer", enabled=len(self.seats) > info.min_players)
            self.button(pygame.Rect(left.right - pad - b, y - 2, b, px(36)), "+", self.add_seat, class_id="@small",
                        tooltip="One more player", enabled=len(self.seats) < info.max_players)
        self.swap_button = None
        if len(self.seats) == 2:
            swap_w = px(100)
            right_end = left.right - pad - (2 * px(44) + px(16) if info.min_players != info.max_players else 0)
            self.swap_button = self.button(
                pygame.Rect(right_end - swap_w, y - 2, swap_w, px(36)), "\u2195 Swap", partial(self.swap_seats, 0, 1),
                class_id="@small", tooltip=self._swap_tip())
        y += px(46)
        self.seat_groups = []
        self.seat_labels = []
        self.name_entries = {}
        self.move_buttons = {}
        hot_seat = sum(kind == HUMAN for kind in self.seats) > 1
        for i, kind in enumerate(self.seats):
            # a seat "starts as" a role only when roles are per seat (not a pool dealt at random)
            role = info.roles[i] if i < len(info.roles) <= info.max_players else ""
            name_rect = pygame.Rect(left.x + pad, y - 2, name_w, px(26))
            self.seat_labels.append(self.label(name_rect, seat_label(self.seats, i), "@subheading"))
            if hot_seat and kind == HUMAN:  # people sharing the screen may give their names
                self.seat_labels[-1].hide()
                entry = UITextEntryLine(name_rect.inflate(0, px(8)), manager=self.ctx.ui, container=self.root,
                                        placeholder_text=seat_label(self.seats, i),
                                        object_id=self.themed(None, "text_entry_line"))
                entry.set_text_length_limit(MAX_NAME)
                if i < len(self.player_names) and self.player_names[i]:
                    entry.set_text(self.player_names[i])
                self.name_entries[i] = entry
            if role:
                self.label(pygame.Rect(left.x + pad, y + px(24), name_w, cap_h), f"starts as {role}", "@caption")
            seat_rect = pygame.Rect(ctrl_x, y + 2, ctrl_w, ctrl_h)
            if move_w and i > 0:
                self.move_buttons[i] = self.button(
                    pygame.Rect(seat_rect.right + move_gap, y + 2, move_w, ctrl_h), "\u2191",
                    partial(self.swap_seats, i - 1, i), class_id="@small",
                    tooltip="Move up a seat: swap with the player above, who plays earlier")
            if self._buttons_fit(SEAT_KINDS, ctrl_w, limit=len(SEAT_KINDS), margin=8, gap=level_gap):
                self.seat_groups.append(self.choices(seat_rect, SEAT_KINDS, kind, partial(self.set_seat, i),
                                                     tooltips=SEAT_TIPS, gap=level_gap))
            else:  # a narrow window: six clipped names read worse than one whole name between arrows
                self.seat_groups.append(self.stepper(seat_rect, SEAT_KINDS, kind, partial(self.set_seat, i),
                                                     tooltip="Click for the next level", tooltips=SEAT_TIPS))
            y += row_h
        # watch speed, when nobody at the screen plays
        self.speed_group = None
        if watching:
            y += px(8)
            self.label(pygame.Rect(left.x + pad, y, name_w, px(24)), "Watch speed", "@subheading")
            self.label(pygame.Rect(left.x + pad, y + px(24), name_w, cap_h), "computer vs computer", "@caption")
            current = min(WATCH_SPEEDS, key=lambda s: abs(s[0] - self.ctx.settings.ai_watch_delay))[0]
            self.speed_group = self.choices(pygame.Rect(ctrl_x, y + 2, ctrl_w, ctrl_h),
                                            WATCH_SPEEDS, current, self.set_watch_speed, gap=px(6),
                                            tooltips={v: f"{v:g} s between moves" for v, _ in WATCH_SPEEDS})

        self.tip_labels = []
        for k, tip in enumerate(tips):
            tip_y = left.bottom - px(24) - cap_h * (len(tips) - k)
            self.tip_labels.append(self.label(pygame.Rect(left.x + pad, tip_y, left.w - 2 * pad, cap_h), tip,
                                              "@caption"))

        # options + seed
        inner_w = right.w - 2 * pad
        y = right.y + px(20)
        compact = self.compact
        body_font = self.font(18)
        label_w = min(inner_w * 11 // 20, max([body_font.size(o.label)[0] for o in info.options] or [0]) + px(20))
        heading_w = max(body_font.size(text)[0] for text in ("Game", "Seed")) + px(28)

        def row_rect(top: int, left_w: int = label_w) -> pygame.Rect:
            return pygame.Rect(right.x + pad + left_w + px(8), top, inner_w - left_w - px(8), px(OPTION_ROW - 4))

        if len(self.games) > 1:
            games = [(g.info.id, g.info.title) for g in self.games]
            if compact:
                self.label(pygame.Rect(right.x + pad, y + px(4), heading_w, px(28)), "Game", "@subheading")
                game_rect = row_rect(y, heading_w)
                y += px(OPTION_ROW + 6)
            else:
                self.label(pygame.Rect(right.x + pad, y, px(200), px(30)), "Game", "@subheading")
                game_rect = pygame.Rect(right.x + pad, y + px(36), inner_w, ctrl_h)
                y += px(92)
            if not self._buttons_fit(games, game_rect.w):
                self.stepper(game_rect, games, self.game_id, self.set_game, tooltip="Click for the next game")
            else:
                self.choices(game_rect, games, self.game_id, self.set_game, gap=px(6))
        self.label(pygame.Rect(right.x + pad, y, px(200), px(30)), "Options", "@subheading")
        y += px(32 if compact else 40)
        self.option_groups = {}
        game = get_game(self.game_id)
        for spec in info.options:
            choices = game.option_choices(spec.key, self.config) if spec.choices else ()
            opts = ([(c, game.choice_label(spec.key, c) or _choice_text(spec.key, c)) for c in choices]
                    if spec.choices else [(True, "Yes"), (False, "No")])
            current = self.config.get(spec.key, spec.default)
            if compact:
                self.label(pygame.Rect(right.x + pad, y + px(6), label_w, px(24)), spec.label, "@body")
                rect = row_rect(y)
                y += px(OPTION_ROW)
                for line in helps[spec.key] if self.compact_help else ():
                    self.label(pygame.Rect(right.x + pad, y - px(4), inner_w, cap_h), line, "@caption")
                    y += cap_h
            else:
                self.label(pygame.Rect(right.x + pad, y, inner_w, px(24)), spec.label, "@body")
                rect = pygame.Rect(right.x + pad, y + px(28), min(inner_w, px(110) * len(opts)), px(40))
                for k, line in enumerate(helps[spec.key]):
                    self.label(pygame.Rect(right.x + pad, y + px(72) + cap_h * k, inner_w, cap_h), line, "@caption")
                y += px(84) + cap_h * len(helps[spec.key])
            if not self._buttons_fit(opts, rect.w if compact else inner_w):
                self.option_groups[spec.key] = self.stepper(rect, opts, current, partial(self.set_option, spec.key),
                                                            tooltip=spec.help or None)
            else:
                self.option_groups[spec.key] = self.choices(
                    rect, opts, current, partial(self.set_option, spec.key),
                    tooltips={c: spec.help for c, _ in opts} if spec.help else None, gap=px(6))
        roll_w = px(90 if compact else 120)
        if compact:
            y += px(6)
            self.label(pygame.Rect(right.x + pad, y + px(4), heading_w, px(28)), "Seed", "@subheading")
            seed_rect = row_rect(y, heading_w)
            seed_rect.w -= roll_w + px(10)
        else:
            self.label(pygame.Rect(right.x + pad, y, px(200), px(30)), "Seed", "@subheading")
            self.label(pygame.Rect(right.x + pad + px(70), y + px(4), inner_w - px(70), px(24)),
                       "blank = a new random game", "@caption")
            seed_rect = pygame.Rect(right.x + pad, y + px(34), inner_w - roll_w - px(10), ctrl_h)
        self.seed_entry = UITextEntryLine(seed_rect, manager=self.ctx.ui, container=self.root,
                                          placeholder_text="random",
                                          object_id=self.themed(None, "text_entry_line"))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if self.seed_text:
            self.seed_entry.set_text(self.seed_text)
        self.button(pygame.Rect(right.right - pad - roll_w, seed_rect.y, roll_w, seed_rect.h), "Roll",
                    self.roll_seed, class_id="@small",
                    tooltip="Pick a seed you can share: the same seed deals the same game (blank: a new random game)")

        # bottom bar
        bh = px(54)
        start_w, back_w = px(220), px(180)
        learn_w = px(200) if has_script(self.game_id) else 0
        # the message has the whole width under the buttons (the hint's line, which gives way to
        # it): beside them it was cut off behind "Learn to play" (play-test, eighteenth session)
        below = bottom_bar + px(8) + bh
        self.message_label = self.label(pygame.Rect(margin, below, w - 2 * margin, max(px(24), h - below)),
                                        self.message, "@error")
        self.learn_button = None
        if learn_w:
            self.learn_button = self.icon_button(
                pygame.Rect(w - margin - start_w - back_w - learn_w - px(40), bottom_bar + px(8), learn_w, bh),
                "Learn to play", self.learn, "open-book",
                tooltip=f"A short guided game of {info.title}: the table and the moves, step by step")
        self.button(pygame.Rect(w - margin - start_w - px(20) - back_w, bottom_bar + px(8), back_w, bh), "Back",
                    self.back, tooltip="Back to the menu (Esc)")
        self.start_button = self.icon_button(pygame.Rect(w - margin - start_w, bottom_bar + px(8), start_w, bh),
                                             "Start", self.start, "play-button", primary=True,
                                             tooltip="Start the game (Enter)")

    def _swap_tip(self) -> str:
        """What the swap button does, in this game's terms: the roles the seats start as, or
        who plays first."""
        roles = self.info.roles
        if len(roles) == 2 <= self.info.max_players:
            return f"Swap the seats: who starts as {roles[0]} and who as {roles[1]}"
        return "Swap the seats: who plays first"

    def _buttons_fit(self, options: list[tuple[Any, str]], width: int, limit: int = MAX_BUTTONS,
                     margin: int = 16, gap: int | None = None) -> bool:
        """Whether a row of one button per option, `gap` apart (design 6), shows every name whole
        in `width` (else a stepper)."""
        if len(options) > limit:
            return False
        font = self.font(16, "bold")
        gap = self.px(6) if gap is None else gap
        each = (width - gap * (len(options) - 1)) // max(1, len(options))
        return all(font.size(text)[0] + self.px(margin) <= each for _, text in options)

    # --- changes -----------------------------------------------------------------
    def set_seat(self, i: int, kind: str) -> None:
        was_watch = all(s != HUMAN for s in self.seats)
        was_human = self.seats[i] == HUMAN
        self.seats[i] = kind
        if was_watch != all(s != HUMAN for s in self.seats) or was_human != (kind == HUMAN):
            self.rebuild()  # the watch speed, or a seat's name box, comes or goes
            return
        for seat, label in enumerate(self.seat_labels):  # "You" / "Computer 2" follow the choice
            label.set_text(seat_label(self.seats, seat))

    def swap_seats(self, i: int, j: int) -> None:
        """Seats `i` and `j` change places (who sits there and a name typed for them); the
        seat, and so the turn order and the role it starts as, stays."""
        self._keep_names()
        self.seats[i], self.seats[j] = self.seats[j], self.seats[i]
        self.player_names += [""] * (max(i, j) + 1 - len(self.player_names))
        self.player_names[i], self.player_names[j] = self.player_names[j], self.player_names[i]
        self.name_entries = {}  # (the rebuild must not read the names back from the old boxes)
        self.rebuild()

    def add_seat(self) -> None:
        if len(self.seats) < self.info.max_players:
            self.seats.append("normal")
            self.rebuild()

    def remove_seat(self) -> None:
        if len(self.seats) > self.info.min_players:
            self.seats.pop()
            self.rebuild()

    def set_game(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self._reset_for_game()
            self.rebuild()

    def set_option(self, key: str, value: Any) -> None:
        self.config[key] = value
        if self._narrow_choices():
            self.rebuild()  # another option's choices followed this one (a faction's rosters)

    def _narrow_choices(self) -> bool:
        """Move every option whose choice the others no longer offer to its first choice; whether
        any option's offer depends on the others (so the screen must show the new offer)."""
        game = get_game(self.game_id)
        narrowed = False
        for spec in self.info.options:
            if not spec.choices:
                continue
            offered = game.option_choices(spec.key, self.config)
            if offered != spec.choices:
                narrowed = True
            if offered and self.config.get(spec.key, spec.default) not in offered:
                self.config[spec.key] = offered[0]
        return narrowed

    def set_watch_speed(self, delay: float) -> None:
        self.ctx.settings.ai_watch_delay = float(delay)
        self.ctx.settings.save()

    def roll_seed(self) -> None:
        if self.seed_entry is not None:
            self.seed_entry.set_text(str(random.randrange(1, 10**6)))

    def seed(self) -> int:
        text = self.seed_entry.get_text().strip() if self.seed_entry is not None else self.seed_text.strip()
        return int(text) if text.isdigit() else random.randrange(1, 2**31)

    def _keep_names(self) -> None:
        """What was typed in the name boxes, before they are rebuilt (or the game starts)."""
        for i, entry in self.name_entries.items():
            self.player_names += [""] * (i + 1 - len(self.player_names))
            self.player_names[i] = " ".join(entry.get_text().split())[:MAX_NAME]

    def build_match(self) -> Match:
        self._keep_names()
        match = Match(get_game(self.game_id), dict(self.config), self.seed(), list(self.seats))
        if len(self.name_entries) > 1:
            match.names = [self.player_names[i] if i in self.name_entries and i < len(self.player_names) else ""
                           for i in range(len(self.seats))]
        match.autosave_path = autosaves.new_autosave_path(self.game_id)
        return match

    def start(self) -> None:
        try:
            match = self.build_match()
        except (ValueError, TypeError) as exc:
            self._show(f"Can't start: {exc}")
            return
        self.ctx.settings.remember_seats(self.game_id, list(self.seats))
        err = start_new_game(self.ctx, match)  # a game's first start offers its guided game
        if err:
            self._show(err)

    def learn(self) -> None:
        """The guided first game of the chosen game (its own seeded set-up, not this one)."""
        err = open_guided(self.ctx, self.game_id)
        if err:
            self._show(err)

    def _show(self, text: str) -> None:
        self.message = one_line(text)
        if self.message_label is not None:
            self.message_label.set_text(self.message)

    def show_error(self, text: str) -> None:
        """A line from a screen opened over this one that failed (the guided game's offer, when
        the table then could not be opened): it went unsaid."""
        self._show(text)

    def back(self) -> None:
        self.ctx.stack.pop()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    # --- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        for card in self._cards:
            draw_card(surface, card)
        if self._cards:
            side = self.px(64)
            right = self._cards[1]
            surface.blit(thumbnail(self.game_id, (side, side)), (right.right - side, self._header_y - self.px(6)))
        hint = self.font(14)
        if self.message:
            pass  # the message stands on the hint's line
        elif self.start_button is None or self.start_button.rect.bottom + hint.get_height() + 12 <= surface.get_height():
            blit_text(surface, hint, "Enter starts  ·  Esc goes back", palette.TEXT_DIM,
                      (surface.get_width() // 2, surface.get_height() - 10), "midbottom")


def _choice_text(key: str, value: Any) -> str:
    if key == "size" and isinstance(value, int):
        return f"{value}×{value}"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value).capitalize() if isinstance(value, str) else str(value)
