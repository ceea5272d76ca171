"""Menu, set-up, settings, pause and game-over screens, driven headlessly with real pygame events."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.core import autosaves, paths
from game.core.match import Match
from game.core.registry import all_games, get_game
from scenes.app import step

DT = 1 / 60


# --- driving the UI with real events -------------------------------------------------

def frames(ctx, n: int = 2) -> None:
    for _ in range(n):
        step(ctx, pygame.event.get(), DT)


def click_at(ctx, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    frames(ctx, 2)  # pygame-gui posts UI_BUTTON_PRESSED; the next frames deliver it


def click(ctx, element) -> None:
    click_at(ctx, element.rect.center)


def key(ctx, k: int) -> None:
    step(ctx, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], DT)
    frames(ctx, 1)


def push(ctx, scene):
    ctx.stack.push(scene)
    frames(ctx, 2)
    return scene


def played_match(moves: int = 6, seed: int = 3, finish: bool = False) -> Match:
    m = Match(get_game("order-chaos"), {"size": 5}, seed, ["human", "greedy"])
    rng = random.Random(seed)
    n = 0
    while not m.state.is_over() and (finish or n < moves):
        actor = m.to_act()[0]
        if actor == -1:
            m.resolve_chance()
        else:
            m.submit(rng.choice(m.state.candidates(actor)))
        n += 1
    return m


# --- menu ------------------------------------------------------------------------------

def test_menu_lists_exactly_the_registered_games(ui_ctx):
    from scenes.menu import MenuScene

    menu = push(ui_ctx, MenuScene(ui_ctx))
    assert list(menu.game_buttons) == [g.info.id for g in all_games()]
    assert set(menu.quick_buttons) == set(menu.game_buttons)


def test_continue_disabled_without_autosave(ui_ctx):
    from scenes.menu import MenuScene

    menu = push(ui_ctx, MenuScene(ui_ctx))
    assert not autosaves.unfinished()
    assert not menu.buttons["continue"].is_enabled
    click(ui_ctx, menu.buttons["continue"])
    assert ui_ctx.stack.top is menu


def test_continue_enabled_with_a_valid_unfinished_autosave(ui_ctx):
    from scenes.menu import MenuScene

    played_match().save(autosaves.new_autosave_path("order-chaos"))
    menu = push(ui_ctx, MenuScene(ui_ctx))
    assert menu.buttons["continue"].is_enabled


def test_continue_disabled_for_a_finished_or_broken_autosave(ui_ctx):
    from scenes.menu import MenuScene, autosave_resumable

    path = autosaves.new_autosave_path("order-chaos")
    played_match(finish=True).save(path)
    assert not autosave_resumable(path)
    path.write_text("{not json", encoding="utf-8")
    assert not autosave_resumable(path)
    menu = push(ui_ctx, MenuScene(ui_ctx))
    assert not menu.buttons["continue"].is_enabled


def test_loading_a_broken_save_shows_one_line_and_does_not_crash(ui_ctx):
    from scenes.menu import MenuScene

    bad = paths.saves_dir() / "broken.json"
    bad.write_text(json.dumps({"format": "entropy-tabletop-save", "version": 1, "game": "nope",
                               "config": {}, "seed": 1, "seats": [], "commands": []}), encoding="utf-8")
    (paths.saves_dir() / "garbage.json").write_text("\x00\x01 not json", encoding="utf-8")
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    assert menu.mode == "load"
    assert set(menu.save_buttons) == {bad, paths.saves_dir() / "garbage.json"}
    for path in list(menu.save_buttons):
        click(ui_ctx, menu.save_buttons[path])
        assert ui_ctx.stack.top is menu
        assert menu.message.startswith(f"Can't open {path.name}")
        assert "\n" not in menu.message
        assert " ".join(lab.text for lab in menu.message_labels) == menu.message
    key(ui_ctx, pygame.K_ESCAPE)
    assert menu.mode == "games"


LONG_ERROR = ("Can't open rally-2026-11-22-0931.json: perhaps older Entropy Rally numbers: move 141 "
              "(give 0,85) is illegal: Share out exactly 135 energy between your ships, the pool holds 135")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1280, 800)])
@pytest.mark.filterwarnings("error:Label Rect is too small")  # no clipped text either
def test_a_long_load_error_is_wrapped_whole_inside_the_card_above_the_list_foot(ui_ctx, size):
    """The error of a save that no longer replays was cut at the card's edge on one line; now
    every word is on a line that fits, inside the card and below the list of saves."""
    from scenes.menu import MenuScene

    played_match().save(paths.saves_dir() / "a.json")
    ui_ctx.screen = pygame.display.set_mode(size)
    ui_ctx.ui.set_window_resolution(size)
    menu = push(ui_ctx, MenuScene(ui_ctx))
    ui_ctx.stack.on_resize(size)
    click(ui_ctx, menu.buttons["load"])
    menu._error(LONG_ERROR)
    frames(ui_ctx, 1)
    labels = menu.message_labels
    assert " ".join(lab.text for lab in labels) == LONG_ERROR
    assert len(labels) >= 2, "the error fits one line: nothing was tested"
    card = menu._card
    list_bottom = max(b.rect.bottom for b in menu.save_buttons.values())
    for lab in labels:
        assert lab.font.size(lab.text)[0] <= lab.rect.w, f"{size}: {lab.text!r} is cut"
        assert card.contains(lab.rect) and lab.rect.bottom <= ui_ctx.screen.get_height()
        assert lab.rect.top >= list_bottom


def test_load_list_puts_the_unfinished_games_first(ui_ctx):
    from scenes.menu import list_saves

    played_match().save(paths.saves_dir() / "a.json")
    auto = autosaves.new_autosave_path("order-chaos")
    played_match().save(auto)
    played_match(finish=True).save(autosaves.new_autosave_path("order-chaos"))  # over: not offered
    entries = list_saves()
    assert entries[0].path == auto
    assert [e.path.name for e in entries[1:]] == ["a.json"]


def test_a_new_game_never_replaces_an_unfinished_one_and_continue_resumes_it_exactly(ui_ctx):
    """Two testers lost games: Quick play replaced the single autosave. Every match now writes
    its own autosave; the first game is resumed from the Load list move for move."""
    from scenes.menu import MenuScene
    from scenes.table import TableScene

    def play_some(moves: int) -> TableScene:
        table = ui_ctx.stack.top
        assert isinstance(table, TableScene)
        match = table.match
        rng = random.Random(len(match.commands) + moves)
        for _ in range(moves):
            actor = match.to_act()[0]
            match.resolve_chance() if actor == -1 else match.submit(rng.choice(match.state.candidates(actor)))
        return table

    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.quick_buttons["rally"])
    first = play_some(6).match
    first_commands = [c.to_json() for c in first.commands]
    first_file = first.autosave_path
    ui_ctx.stack.clear_to(MenuScene(ui_ctx))
    frames(ui_ctx, 2)
    menu = ui_ctx.stack.top
    assert menu.continue_from == first_file
    assert [label.text for label in menu.continue_note][0] == "Last game: Entropy Rally"
    click(ui_ctx, menu.quick_buttons["order-chaos"])  # a second game, the first unfinished
    second = play_some(4).match
    assert second.autosave_path != first_file
    ui_ctx.stack.clear_to(MenuScene(ui_ctx))
    frames(ui_ctx, 2)
    menu = ui_ctx.stack.top
    assert menu.continue_from == second.autosave_path  # the newest first
    click(ui_ctx, menu.buttons["load"])
    assert first_file in menu.save_buttons and second.autosave_path in menu.save_buttons
    click(ui_ctx, menu.save_buttons[first_file])
    frames(ui_ctx, 2)  # a frame says "Opening..." first
    table = ui_ctx.stack.top
    assert isinstance(table, TableScene)
    assert [c.to_json() for c in table.match.commands] == first_commands
    assert table.match.autosave_path == first_file  # it goes on writing its own file


def test_load_rows_at_1024_show_game_progress_and_time_whole_and_everything_on_hover(ui_ctx):
    """At 1024 wide the rows ended in '…' before the save's time ('Half 1 of 2, 3 of 49 counters
    placed · s…'): the game, how far and when now fit, and the tooltip says it all. The players
    were cut too ('You vs Comp…'): they now get a line of their own when the title is too wide."""
    from pygame_gui.elements import UILabel

    from scenes.menu import MenuScene
    from scenes.save_list import list_saves

    size = (1024, 640)
    ui_ctx.screen = pygame.display.set_mode(size)
    ui_ctx.ui.set_window_resolution(size)
    unfinished = played_match()
    unfinished.names = ["Alexandra", "Maximilian"]
    unfinished.save(paths.autosaves_dir() / "order-chaos-20261126-101010.json")
    played_match(seed=5).save(paths.saves_dir() / "order-chaos-20261126-090000.json")
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    entries = list_saves()
    assert len(entries) == 2 and entries[0].title.startswith("Autosave: Order & Chaos")
    labels = [el for el in ui_ctx.ui.get_sprite_group().sprites() if isinstance(el, UILabel)]
    for entry in entries:
        row = menu.save_buttons[entry.path]
        *title, detail = sorted((el for el in labels if row.rect.contains(el.rect)), key=lambda el: el.rect.y)
        assert " · ".join(t.text for t in title) == entry.title  # the players whole, on a line of their own if need be
        assert all(t.font.size(t.text)[0] <= t.rect.w for t in title)
        shown = entry.keep if detail.text.endswith(entry.keep) else entry.keep.replace(entry.spare, "", 1)
        assert detail.text.endswith(shown) and shown.startswith(" · ")  # an autosave's 'autosaved' may go
        progress = entry.detail[: -len(entry.keep)]
        assert detail.text.startswith(progress[: max(12, len(progress) - 4)])  # how far, whole or nearly
        assert row.tool_tip_text == entry.full
        assert entry.title in entry.full and progress in entry.full and entry.path.name in entry.full


def test_a_load_row_lights_up_and_gives_its_tooltip_with_the_pointer_on_its_words(ui_ctx):
    """Play-test: with the pointer on a row's words the row neither lit up nor gave its tooltip (only
    its empty end did): the words' labels blocked the hover of the row's button under them."""
    from pygame_gui.elements import UILabel

    from scenes.menu import MenuScene

    played_match().save(paths.saves_dir() / "order-chaos-20261126-090000.json")
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    (row,) = menu.save_buttons.values()
    words = [el for el in ui_ctx.ui.get_sprite_group().sprites() if isinstance(el, UILabel)
             and row.rect.contains(el.rect) and el.text]
    pos = words[0].rect.center
    pygame.mouse.set_pos(pos)
    ui_ctx.ui.mouse_position = pos
    for _ in range(3):
        ui_ctx.ui.update(0.05)
    assert row.hovered


def test_deleting_a_save_asks_first_and_keep_it_keeps_it(ui_ctx):
    from scenes.confirm import ConfirmScene
    from scenes.menu import MenuScene

    path = paths.saves_dir() / "old.json"
    played_match().save(path)
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    click(ui_ctx, menu.delete_buttons[path])
    card = ui_ctx.stack.top
    assert isinstance(card, ConfirmScene) and card.question == "Delete this save?"
    key(ui_ctx, pygame.K_ESCAPE)  # keep it
    assert ui_ctx.stack.top is menu and path.exists()
    click(ui_ctx, menu.delete_buttons[path])
    key(ui_ctx, pygame.K_RETURN)
    frames(ui_ctx, 2)
    assert not path.exists() and path not in menu.save_buttons
    assert menu.message == "Deleted old.json."


def test_menu_rebuilds_on_resize(ui_ctx):
    from scenes.menu import MenuScene

    menu = push(ui_ctx, MenuScene(ui_ctx))
    before = menu.buttons["new_game"]
    ui_ctx.screen = pygame.display.set_mode((1920, 1080))
    ui_ctx.ui.set_window_resolution((1920, 1080))
    ui_ctx.stack.on_resize((1920, 1080))
    frames(ui_ctx, 1)
    assert menu.buttons["new_game"] is not before and menu.buttons["new_game"].alive()
    assert not before.alive()
    assert menu.layout(1920, 1080)["card"].right <= 1920


def test_new_game_opens_setup_and_escape_returns(ui_ctx):
    from scenes.menu import MenuScene
    from scenes.setup import SetupScene

    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["new_game"])
    assert isinstance(ui_ctx.stack.top, SetupScene)
    key(ui_ctx, pygame.K_ESCAPE)
    assert ui_ctx.stack.top is menu
    assert menu.root is not None and menu.root.visible


# --- set-up ------------------------------------------------------------------------------

def test_setup_builds_the_match_that_was_chosen(ui_ctx):
    from scenes.setup import SetupScene

    setup = push(ui_ctx, SetupScene(ui_ctx, "order-chaos"))
    click(ui_ctx, setup.seat_groups[0].buttons["easy"])
    click(ui_ctx, setup.seat_groups[1].buttons["hard"])
    click(ui_ctx, setup.option_groups["size"].buttons[5])
    click(ui_ctx, setup.option_groups["fair_draws"].buttons[False])
    clock = setup.option_groups["clock"]
    assert clock.name is not None and clock.name.text == "Off"  # the tournament clock: off by default
    click(ui_ctx, clock.name)
    assert clock.name.text == "5 min each"
    setup.seed_entry.set_text("4242")
    match = setup.build_match()
    assert match.seats == ["easy", "hard"]
    assert match.config == {"size": 5, "fair_draws": False, "clock": 5}
    assert match.clock is not None and match.clock.budget_s == 300.0
    assert match.seed == 4242
    assert match.autosave_path is not None and autosaves.is_autosave(match.autosave_path)
    assert match.autosave_path.name.startswith("order-chaos-")


def test_setup_all_ai_offers_watch_speed_and_saves_it(ui_ctx):
    from scenes.settings_store import Settings
    from scenes.setup import SetupScene

    setup = push(ui_ctx, SetupScene(ui_ctx, "order-chaos"))
    assert setup.speed_group is None
    click(ui_ctx, setup.seat_groups[0].buttons["greedy"])
    assert setup.speed_group is not None
    click(ui_ctx, setup.speed_group.buttons[0.2])
    assert Settings.load().ai_watch_delay == pytest.approx(0.2)


def test_setup_start_opens_the_table(ui_ctx):
    from scenes.setup import SetupScene
    from scenes.table import TableScene

    setup = push(ui_ctx, SetupScene(ui_ctx, "order-chaos"))
    click(ui_ctx, setup.start_button)
    assert isinstance(ui_ctx.stack.top, TableScene)
    assert len(ui_ctx.stack.scenes) == 1


# --- settings ------------------------------------------------------------------------------

def test_settings_round_trip_to_disk(ui_ctx):
    from scenes.settings import SettingsScene
    from scenes.settings_store import Settings

    scene = push(ui_ctx, SettingsScene(ui_ctx))
    click(ui_ctx, scene.groups["sound"].buttons[False])
    click(ui_ctx, scene.groups["animation"].buttons["fast"])
    click(ui_ctx, scene.groups["symbols"].buttons[False])
    click(ui_ctx, scene.groups["watch"].buttons[1.5])
    click(ui_ctx, scene.groups["window"].buttons[(1600, 900)])
    loaded = Settings.load()
    assert (loaded.sound, loaded.animation_speed, loaded.colour_blind_symbols) == (False, "fast", False)
    assert loaded.ai_watch_delay == pytest.approx(1.5)
    assert tuple(loaded.window_size) == (1600, 900)
    assert paths.settings_path().parent == paths.user_data_dir()


# --- pause, game over, rules, hand-off ---------------------------------------------------------

def test_pause_saves_to_the_saves_folder(ui_ctx):
    from scenes.pause import PauseScene

    match = played_match()
    pause = push(ui_ctx, PauseScene(ui_ctx, match))
    click_at(ui_ctx, pause.layout(*ui_ctx.size)["save"].center)
    saved = list(paths.saves_dir().glob("order-chaos-*.json"))
    assert len(saved) == 1
    assert pause.message == f"Saved to {saved[0].name}"
    assert Match.load(saved[0]).commands == match.commands
    key(ui_ctx, pygame.K_ESCAPE)
    assert ui_ctx.stack.top is None


def test_quit_in_the_pause_menu_asks_first_and_says_the_game_is_saved(ui_ctx):
    """Quit closed the app at once (a click meant for Main menu just above); it asks now."""
    from scenes.confirm import ConfirmScene
    from scenes.pause import PauseScene

    match = played_match()
    match.autosave_path = paths.saves_dir() / "auto.json"
    pause = push(ui_ctx, PauseScene(ui_ctx, match))
    click_at(ui_ctx, pause.layout(*ui_ctx.size)["quit"].center)
    card = ui_ctx.stack.top
    assert isinstance(card, ConfirmScene) and card.question == "Your game is saved; quit?"
    assert card.icon == "exit-door"  # play-test: Quit showed a play arrow
    assert ui_ctx.running
    key(ui_ctx, pygame.K_ESCAPE)  # stay
    assert ui_ctx.running and ui_ctx.stack.top is pause
    click_at(ui_ctx, pause.layout(*ui_ctx.size)["quit"].center)
    key(ui_ctx, pygame.K_RETURN)
    assert not ui_ctx.running
    assert Match.load(match.autosave_path).commands == match.commands


def test_game_over_names_a_shared_win_and_keeps_a_draw_for_all(ui_ctx):
    """Worlds Collide's round limit with three players: Ronin's and Advaranau's players shared the
    win and the card said 'A draw!' (seen at the end of a real 3-player game)."""
    from types import SimpleNamespace

    from scenes.game_over import result_text

    def ended(winners, seats):
        state = SimpleNamespace(is_over=lambda: True, winners=lambda: winners)
        return SimpleNamespace(state=state, seats=seats)

    assert result_text(ended([1, 2], ["human"] * 3)) == "Player 2 and Player 3 win"
    assert result_text(ended([0, 1, 2], ["human"] * 3)) == "A draw!"
    assert result_text(ended([0, 1], ["human", "greedy"])) == "A draw!"


def test_game_over_shows_both_halves_and_swaps_seats(ui_ctx):
    from scenes.game_over import GameOverScene, result_text, score_lines

    match = played_match(finish=True)
    rows = score_lines(match)
    assert [r[1] for r in rows] == ["as Order in half 1", "as Order in half 2"]
    assert [r[2] for r in rows] == [str(s) for s in match.state.half_scores]
    assert result_text(match) in ("A draw!", "You win!", "Computer (greedy) wins")
    scene = push(ui_ctx, GameOverScene(ui_ctx, match))
    captured = []
    scene._rematch = lambda seats, names=None: captured.append(seats)  # the table may not exist yet
    scene.swap_seats()
    scene.play_again()
    assert captured == [["greedy", "human"], ["human", "greedy"]]


def test_rules_render_and_fall_back(ui_ctx):
    from scenes.rules_help import RulesScene, markdown_to_html

    html = markdown_to_html("# Title\n\nSome **bold** text\n- one\n- two\n")
    assert "<b>bold</b>" in html and html.count("•") == 2
    scene = push(ui_ctx, RulesScene(ui_ctx, "order-chaos"))
    assert scene.text_box is not None
    scene2 = RulesScene(ui_ctx, "no-such-game")
    push(ui_ctx, scene2)
    assert scene2.missing


def test_handoff_waits_for_a_click(ui_ctx):
    from scenes.handoff import HandoffScene

    ready = []
    scene = push(ui_ctx, HandoffScene(ui_ctx, "Player 2", lambda: ready.append(True)))
    assert scene.opaque
    key(ui_ctx, pygame.K_a)
    assert not ready
    click_at(ui_ctx, (640, 400))
    assert ready == [True]
    assert ui_ctx.stack.top is None


def test_handoff_ignores_a_release_whose_press_began_on_the_table(ui_ctx, monkeypatch):
    """The previous player presses on the table, the hand-off card appears, the button is
    released: that must not pass the screen (nobody new is at it yet)."""
    from scenes.handoff import HandoffScene

    ready = []
    with monkeypatch.context() as held:  # the button is down as the card appears
        held.setattr(pygame.mouse, "get_pressed", lambda *a, **k: (True, False, False))
        scene = push(ui_ctx, HandoffScene(ui_ctx, "Player 2", lambda: ready.append(True)))
    step(ui_ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1)], DT)
    frames(ui_ctx, 2)
    assert not ready and ui_ctx.stack.top is scene
    click_at(ui_ctx, (100, 100))  # a whole click, anywhere, does
    assert ready == [True]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_handoff_title_stays_inside_its_card(ui_ctx, size):
    """'Pass to Advaranau's player (Player 3)' ran past both edges of the card at full size."""
    from scenes.handoff import HandoffScene

    ui_ctx.stack.on_resize(size)
    scene = push(ui_ctx, HandoffScene(ui_ctx, "Advaranau's player (Player 3)"))
    surface = pygame.Surface(size)
    scene.draw(surface)
    card = scene._card
    band = pygame.Rect(0, card.y + scene.px(135), size[0], scene.px(50))
    for x in list(range(0, card.x)) + list(range(card.right, size[0])):
        for y in range(band.top, band.bottom, 2):
            assert min(surface.get_at((x, y))[:3]) < 160, f"title text outside the card at {(x, y)}"
    short = HandoffScene(ui_ctx, "Player 1")
    short.ctx = ui_ctx
    assert short.title_font(card.width).get_height() == scene.font(40, "display").get_height()


def test_button_label_shrinks_to_stay_inside_the_button():
    """'Resolve Fracture' in half the side panel ran over the button's rounded ends."""
    from scenes.sprites.button import Button, fitted_size
    from scenes.sprites.text import TextCache

    pygame.font.init()
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    b = Button("Resolve Fracture", lambda: None)
    b.rect = pygame.Rect(0, 0, 120, 34)
    size = fitted_size(text, b.label, 30, b.rect.width - b.rect.height // 2)
    assert size < 30 and text.font(size, "bold").size(b.label)[0] <= b.rect.width - b.rect.height // 2
    assert fitted_size(text, "Decline", 16, 120) == 16  # a label that fits keeps its size
    surface = pygame.Surface((160, 40))
    b.draw(surface, text, 30)
    assert all(surface.get_at((x, y))[:3] == (0, 0, 0) for x in range(122, 160) for y in range(0, 34))


def test_thumbnails_for_known_and_unknown_ids(ui_ctx):
    from scenes.thumbnails import thumbnail

    assert thumbnail("order-chaos", (64, 64)).get_size() == (64, 64)
    assert thumbnail("some-future-game", (64, 64)).get_size() == (64, 64)


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1600, 1000), (1920, 1080)])
@pytest.mark.filterwarnings("error:Label Rect is too small")  # no clipped text either
def test_game_descriptions_never_run_under_the_buttons(ui_ctx, size):
    """A short row (small window) shows fewer description lines, never text under Quick play."""
    from pygame_gui.elements import UILabel

    from scenes.menu import MenuScene

    ui_ctx.screen = pygame.display.set_mode(size)
    ui_ctx.ui.set_window_resolution(size)
    menu = push(ui_ctx, MenuScene(ui_ctx))
    ui_ctx.stack.on_resize(size)
    frames(ui_ctx, 1)
    labels = [e for e in ui_ctx.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.alive()]
    buttons = [b for b in list(menu.quick_buttons.values()) + list(menu.game_buttons.values())]
    assert labels and buttons
    for b in buttons:
        hits = [lab.text for lab in labels if lab.rect.colliderect(b.rect)]
        assert not hits, f"{size}: {hits} under a button"


def games_with_cosmos(n: int) -> list:
    """The registered games (Cosmos among them) and made-up ones (long titles) up to `n`."""
    from dataclasses import replace
    from types import SimpleNamespace

    real = all_games()
    real += [] if any(g.info.id == "cosmos" for g in real) else [get_game("cosmos")]
    return real[:n] + [SimpleNamespace(info=replace(real[k % len(real)].info, id=f"game-{k}",
                                                    title=f"If Worlds Collide {k}"))
                       for k in range(len(real), n)]


@pytest.mark.parametrize("n", [5, 6])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1280, 800), (1920, 1080)])
@pytest.mark.filterwarnings("error:Label Rect is too small")  # no clipped text either
def test_five_or_six_games_all_fit_with_their_buttons(ui_ctx, monkeypatch, size, n):
    """With as many games as the app will have, every game keeps a row and both buttons, inside
    the card, with no text under a button (short rows put the buttons beside the title, or
    smaller ones under it). At 1024x640 the fifth game was left off and the buttons of the
    others ran over the next row's separator."""
    from pygame_gui.elements import UILabel

    import scenes.menu as menu_module

    five = games_with_cosmos(n)
    monkeypatch.setattr(menu_module, "all_games", lambda: five)
    ui_ctx.screen = pygame.display.set_mode(size)
    ui_ctx.ui.set_window_resolution(size)
    menu = push(ui_ctx, menu_module.MenuScene(ui_ctx))
    ui_ctx.stack.on_resize(size)
    frames(ui_ctx, 1)
    assert list(menu.quick_buttons) == list(menu.game_buttons) == [g.info.id for g in five]
    card = menu.layout(*size)["card"]
    rows = dict((game.info.id, row) for game, row in menu._rows(card))
    buttons = list(menu.quick_buttons.values()) + list(menu.game_buttons.values())
    labels = [e for e in ui_ctx.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.alive()]
    for gid in rows:
        for b in (menu.quick_buttons[gid], menu.game_buttons[gid]):
            assert rows[gid].contains(b.rect), f"{size}: a button leaves its game's row"
    for i, b in enumerate(buttons):
        assert card.contains(b.rect), f"{size}: a button leaves the card"
        assert not [lab.text for lab in labels if lab.rect.colliderect(b.rect)], f"{size}: text under a button"
        assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:]), f"{size}: buttons overlap"
    ordered = [rows[g.info.id] for g in five]
    assert all(a.bottom < b.top for a, b in zip(ordered, ordered[1:])), f"{size}: rows overlap"


@pytest.mark.filterwarnings("error:Label Rect is too small")
def test_a_load_row_shows_two_lines_and_a_click_on_its_words_opens_the_save(ui_ctx):
    """The row's words lie on labels over its button: they must fit, and not take the click."""
    from scenes.menu import MenuScene
    from scenes.table import TableScene

    m = Match(get_game("worlds-collide"), {}, 3, ["human", "easy", "normal", "hard"])
    m.save(paths.saves_dir() / "wc.json")
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    button = menu.save_buttons[paths.saves_dir() / "wc.json"]
    words = sorted((el for el in ui_ctx.ui.get_sprite_group().sprites() if getattr(el, "text", None)
                    and button.rect.contains(el.rect) and el is not button), key=lambda e: e.rect.y)
    assert [w.text for w in words] == [
        "Worlds Collide · You vs Computer 1 vs Computer 2 vs Computer 3",
        "Round 1 of at most 40 · " + words[-1].text.split(" · ")[1]]
    click_at(ui_ctx, (words[0].rect.x + 20, words[0].rect.centery))
    frames(ui_ctx, 2)  # a frame says "Opening..." first
    assert isinstance(ui_ctx.stack.top, TableScene)


@pytest.mark.parametrize("size", [(1024, 640), (1024, 1024), (1280, 720), (1280, 800), (1920, 1080)])
def test_the_game_buttons_sit_inside_the_card_and_clear_of_the_titles(ui_ctx, size):
    """At 1024x640 - the size the app comes back at after a small window - 'Quick play' and
    'Set up…' covered the games' titles; in a square window (800x800, a 1024x1024 canvas) they
    ran out of the card (seen in a real window). Fails on the old layout."""
    from pygame_gui.elements import UILabel

    from scenes.menu import MenuScene

    ui_ctx.use_window(pygame.Surface(size))
    menu = push(ui_ctx, MenuScene(ui_ctx))
    titles = {g.info.title for g in menu.games}
    labels = [e for e in ui_ctx.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.text in titles]
    assert len(labels) == len(titles)
    card = menu._card
    for game_id in menu.quick_buttons:
        for button in (menu.quick_buttons[game_id], menu.game_buttons[game_id]):
            assert card.contains(button.rect), (size, game_id, button.rect, card)
            for label in labels:
                text_w = label.font.size(label.text)[0]
                title = pygame.Rect(label.rect.x, label.rect.y, text_w, label.rect.h).inflate(0, -8)
                assert not button.rect.colliderect(title), (size, label.text, button.rect)


def test_setup_fits_many_options_in_one_row_each_and_rosters_follow_the_faction(ui_ctx, monkeypatch):
    from game.skirmish.game import SKIRMISH
    from scenes import setup as setup_module
    from scenes.setup import SetupScene
    from scenes.widgets import StepperGroup

    monkeypatch.setattr(setup_module, "all_games", lambda: [*all_games(), SKIRMISH])
    for size in ((1280, 720), (1024, 640)):
        ui_ctx.screen = pygame.display.set_mode(size)
        ui_ctx.ui.set_window_resolution(size)
        setup = push(ui_ctx, SetupScene(ui_ctx, "skirmish"))
        ui_ctx.stack.on_resize(size)
        assert setup.compact, "seven options with their help lines would run off the window"
        bottoms = [b.rect.bottom for g in setup.option_groups.values()
                   for b in (g.buttons.values() if hasattr(g, "buttons") else [g.back, g.name, g.forward])]
        assert max(bottoms) <= size[1] and setup.start_button.rect.bottom <= size[1]
        ui_ctx.stack.pop()
        frames(ui_ctx, 1)
    setup = push(ui_ctx, SetupScene(ui_ctx, "skirmish"))
    faction = setup.option_groups["faction_1"]
    assert isinstance(faction, StepperGroup)
    while faction.value != "tessellate":
        click(ui_ctx, faction.forward)
        faction = setup.option_groups["faction_1"]  # a faction change rebuilds the screen
    roster = setup.option_groups["roster_1"]
    tessellate = SKIRMISH.content.factions["tessellate"]
    assert [v for v, _ in roster.options] == [r.id for r in tessellate.rosters]
    assert roster.name.text == f"{tessellate.rosters[0].name} ({tessellate.rosters[0].models})"
    click(ui_ctx, roster.forward)
    match = setup.build_match()
    assert match.config["faction_1"] == "tessellate" and match.config["roster_1"] == tessellate.rosters[1].id


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.filterwarnings("error:Label Rect is too small")
def test_setup_offers_cosmos_one_to_four_seats_and_its_two_options(ui_ctx, monkeypatch, size):
    """Cosmos in the set-up screen beside four other games: solo (one seat) up to four seats,
    its two options, everything inside the window."""
    from scenes import setup as setup_module
    from scenes.setup import SetupScene

    monkeypatch.setattr(setup_module, "all_games", lambda: games_with_cosmos(5))
    ui_ctx.use_window(pygame.Surface(size))
    setup = push(ui_ctx, SetupScene(ui_ctx, "cosmos"))
    assert set(setup.option_groups) == {"alternative", "focus"}

    def plus_minus() -> dict:
        return {e.text: e for e in ui_ctx.ui.get_sprite_group().sprites() if getattr(e, "text", None) in ("+", "−")}

    assert len(setup.seats) == 2
    click(ui_ctx, plus_minus()["−"])
    assert len(setup.seats) == 1 and not plus_minus()["−"].is_enabled
    assert len(setup.build_match().seats) == 1
    for _ in range(3):
        click(ui_ctx, plus_minus()["+"])
    assert len(setup.seats) == 4 and not plus_minus()["+"].is_enabled
    bottoms = [b.rect.bottom for g in [*setup.seat_groups, *setup.option_groups.values()]
               for b in (g.buttons.values() if hasattr(g, "buttons") else [g.back, g.name, g.forward])]
    assert max(bottoms) <= size[1] and setup.start_button.rect.bottom <= size[1]
    match = setup.build_match()
    assert match.game.info.id == "cosmos" and len(match.seats) == 4


def test_hot_seat_players_name_their_seats_and_the_names_stay_with_the_game(ui_ctx, tmp_path):
    """Issue 15: player names for hot-seat seats, used everywhere the table names a seat."""
    from scenes.handoff import HandoffScene
    from scenes.seat_names import seat_labels, seat_long_labels
    from scenes.setup import SetupScene

    setup = push(ui_ctx, SetupScene(ui_ctx, "rally"))
    setup.seats = ["human", "human", "normal"]
    setup.rebuild()
    frames(ui_ctx, 1)
    assert set(setup.name_entries) == {0, 1}  # the computer's seat has no name box
    setup.name_entries[0].set_text("Anna")
    setup.name_entries[1].set_text("  Ben  ")
    setup.add_seat()  # a rebuild keeps what was typed
    assert setup.name_entries[0].get_text() == "Anna"
    match = setup.build_match()
    assert match.names[:2] == ["Anna", "Ben"]
    assert seat_labels(match) == ["Anna", "Ben", "Computer 1", "Computer 2"]
    assert seat_long_labels(match)[2] == "Computer 1 (normal)"
    assert HandoffScene.for_seat(ui_ctx, match, 1).seat_label == "Ben"
    path = tmp_path / "named.json"
    match.save(path)
    assert Match.load(path).names[:2] == ["Anna", "Ben"]
    setup.set_seat(1, "easy")  # one person left: "You", no name boxes
    assert setup.name_entries == {}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_continue_note_wraps_at_its_dots_and_cuts_nothing(ui_ctx, size) -> None:
    """Play-test (sixth session): 'You vs Computer · Half 1 of 2, 4 of 49 placed · …' lost its
    date at both sizes. The note's rest wraps at its dots onto more lines."""
    from scenes.menu import MenuScene

    menu = push(ui_ctx, MenuScene(ui_ctx))
    menu.can_continue = True
    menu.continue_words = "  ·  ".join(("Order & Chaos", "You vs Computer", "Half 1 of 2, 4 of 49 placed",
                                        "26 Nov 17:40"))
    menu.build(*size)
    texts = [label.text for label in menu.continue_note]
    assert texts[0] == "Last game: Order & Chaos"
    assert not any("…" in t for t in texts), texts
    assert "  ·  ".join(texts[1:]) == "You vs Computer  ·  Half 1 of 2, 4 of 49 placed  ·  26 Nov 17:40"
    assert len(texts) >= 3


@pytest.mark.parametrize("tab", ["saves", "finished"])
def test_the_empty_load_list_says_its_note_whole_at_1024x640(tabletop_home, tab) -> None:
    """Play-test (eighteenth session): "No saved games yet. Save from the pause menu (Esc) during
    a…" was cut at the card's edge at 1024x640; the note wraps, every row inside the card."""
    from scenes.app import create_context
    from scenes.menu import MenuScene
    from scenes.settings_store import Settings
    from pygame_gui.elements import UILabel

    ctx = create_context(Settings(guides_offered=[g.info.id for g in all_games()]), size=(1024, 640))
    try:
        menu = push(ctx, MenuScene(ctx))
        click(ctx, menu.buttons["load"])
        menu.show_load_tab(tab)
        frames(ctx, 2)
        note = ("No saved games yet. Save from the pause menu (Esc) during a game." if tab == "saves" else
                "No finished games yet. Each game you finish is kept here for its replay.")
        rows = [e for e in menu.root.get_container().elements if isinstance(e, UILabel) and e.text and e.text in note]
        assert " ".join(r.text for r in rows) == note
        for row in rows:
            assert row.font.size(row.text)[0] <= row.rect.width, row.text
    finally:
        ctx.stack.apply_pending()
        while ctx.stack.scenes:
            ctx.stack._pop()
