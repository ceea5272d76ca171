"""The replay viewer (issue 15): any finished game or save, step by step, drawn by the game's own
view, read-only, from game over and from the Load list; who may be watched with whose eyes."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core import paths
from game.core.match import Match
from game.core.protocol import AUTO
from game.core.registry import all_games, get_game
from game.core.replay import CHECKPOINT, OBSERVER, Replay
from tests.random_play import random_match as play_randomly
from tests.scenes.test_menu import click, frames, key, played_match, push


def random_match(game_id: str, seats: list[str], plies: int, seed: int = 4) -> Match:
    return play_randomly(Match(get_game(game_id), {}, seed, seats), random.Random(seed), plies)


def test_every_step_is_the_position_the_match_went_through() -> None:
    match = random_match("order-chaos", ["human", "greedy"], 3 * CHECKPOINT + 5)
    replay = Replay.of(match)
    states = list(match.states())
    assert len(replay) == len(match.commands) == len(states) - 1
    for step in (0, 1, CHECKPOINT, CHECKPOINT + 3, len(replay), 5, 2 * CHECKPOINT + 1, 0):  # back and forth
        assert replay.state_at(step).notation() == states[step].notation()
    assert [e.event for e in replay.log] == [e.event for e in match.log]
    assert replay.log_until(3) == [e for e in match.log if e.ply <= 3]


def test_only_a_finished_game_or_its_one_person_may_be_watched_with_a_seats_eyes() -> None:
    unfinished = random_match("worlds-collide", ["human", "greedy", "greedy"], 30)
    assert not unfinished.state.is_over()
    assert Replay.of(unfinished).viewpoints() == [OBSERVER, 0]  # the person's own cards only
    hot_seat = random_match("worlds-collide", ["human", "human"], 30)
    assert Replay.of(hot_seat).viewpoints() == [OBSERVER]  # two people: nobody's secrets
    finished = random_match("worlds-collide", ["human", "human", "greedy"], 10_000)
    assert finished.state.is_over() and Replay.of(finished).viewpoints() == [OBSERVER, 0, 1, 2]
    assert Replay.of(played_match(finish=True)).viewpoints() == [OBSERVER]  # open information: one view


def test_the_observer_sees_no_hidden_card_of_an_unfinished_worlds_collide_game(ui_ctx) -> None:
    from scenes.replay import ReplayScene

    match = random_match("worlds-collide", ["human", "human"], 40)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match)))
    for step in range(len(scene.replay) + 1):
        scene.go(step)
        for player in scene.view.view["players"]:
            assert player["hand"] is None and player["choice"] is None
            assert all(h["card"] is None for h in player["hold"] if not h["revealed"])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_every_game_replays_in_its_own_view_at_both_sizes(ui_ctx, game_id, size) -> None:
    from scenes.replay import ReplayScene

    game = get_game(game_id)
    match = random_match(game_id, ["human"] + ["greedy"] * (max(2, game.info.min_players) - 1), 80)
    ui_ctx.use_window(pygame.Surface(size))
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    assert scene.step == 0 and not scene.btn_back.enabled and scene.btn_forward.enabled
    for viewer in scene.viewpoints:
        scene.viewer = viewer
        for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_END, pygame.K_HOME, pygame.K_END):
            key(ui_ctx, k)
    assert scene.step == len(match.commands) and not scene.btn_forward.enabled
    assert all(pygame.Rect(0, 0, *size).contains(b.rect) for b in scene.buttons)
    assert scene.btn_close.rect.x > scene.counter_x + 120  # the counter has room before Back


def test_keys_step_play_and_leave_and_no_click_reaches_the_match(ui_ctx) -> None:
    from scenes.replay import ReplayScene, step_words

    match = played_match(moves=12)  # a draw, Chaos places it, Order slides or passes: 8 moves
    before = [c.to_json() for c in match.commands]
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    key(ui_ctx, pygame.K_RIGHT)
    assert scene.step == 2 and scene.move == 1 and step_words(1, 8) == "Move 1 of 8"
    assert scene.move_line().startswith("Bag: drew") and "placed" in scene.move_line()  # the draw and its placing
    key(ui_ctx, pygame.K_END)
    assert scene.step == 12 and "Move 8 of 8" == step_words(scene.move, scene.moves)
    key(ui_ctx, pygame.K_HOME)
    key(ui_ctx, pygame.K_SPACE)
    assert scene.playing
    for _ in range(400):  # plays on by itself to the end, then stops
        frames(ui_ctx, 1)
        scene.wait += 0.2
        if not scene.playing:
            break
    assert scene.step == 12 and not scene.playing
    cell = scene.view.anchor(scene.view.hit_test(scene.view.rect.center) or scene.view.sources(0)[0])
    assert cell is not None
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click on the board is the viewer's
        ui_ctx.stack.top.handle_event(pygame.event.Event(kind, pos=(int(cell[0]), int(cell[1])), button=1))
    assert [c.to_json() for c in match.commands] == before
    key(ui_ctx, pygame.K_ESCAPE)
    frames(ui_ctx, 1)
    assert ui_ctx.stack.top is not scene


def test_game_over_offers_the_replay_and_esc_comes_back(ui_ctx) -> None:
    from scenes.game_over import GameOverScene
    from scenes.replay import ReplayScene

    match = played_match(finish=True)
    over = push(ui_ctx, GameOverScene(ui_ctx, match))
    button = next(e for e in ui_ctx.ui.get_sprite_group().sprites() if getattr(e, "text", "") == "Watch replay")
    click(ui_ctx, button)
    replay = ui_ctx.stack.top
    assert isinstance(replay, ReplayScene) and replay.step == 0 and len(replay.replay) == len(match.commands)
    assert replay.moves == sum(1 for c in match.commands if c.seat >= 0)
    assert replay.viewpoints == [OBSERVER] and replay.btn_view is None  # Order & Chaos hides nothing
    key(ui_ctx, pygame.K_ESCAPE)
    frames(ui_ctx, 1)
    assert ui_ctx.stack.top is over


def test_the_load_list_replays_a_save_without_changing_it(ui_ctx) -> None:
    from scenes.menu import MenuScene
    from scenes.replay import ReplayScene

    path = paths.saves_dir() / "half.json"
    played_match(moves=9).save(path)
    text = path.read_text()
    menu = push(ui_ctx, MenuScene(ui_ctx))
    click(ui_ctx, menu.buttons["load"])
    click(ui_ctx, menu.replay_buttons[path])
    scene = ui_ctx.stack.top
    assert isinstance(scene, ReplayScene) and len(scene.replay) == 9 and scene.step == 0
    key(ui_ctx, pygame.K_END)
    key(ui_ctx, pygame.K_ESCAPE)
    frames(ui_ctx, 1)
    assert ui_ctx.stack.top is menu and path.read_text() == text


def test_a_finished_hidden_information_game_may_be_watched_with_each_seats_eyes(ui_ctx) -> None:
    from scenes.replay import ReplayScene

    match = random_match("worlds-collide", ["human", "greedy", "greedy"], 10_000)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=5))
    assert scene.viewer == OBSERVER and scene.view.view["seat"] == OBSERVER and scene.btn_view is not None
    seen = []
    for _ in range(4):
        key(ui_ctx, pygame.K_v)
        seen.append((scene.viewer, scene.view.view["seat"], scene.view.view["players"][scene.viewer]["hand"]
                     if scene.viewer >= 0 else None))
    assert [s[0] for s in seen] == [0, 1, 2, OBSERVER] and all(s[0] == s[1] for s in seen)
    assert all(hand is not None for viewer, _, hand in seen if viewer >= 0)  # that seat's own hand, step 5


def test_the_move_line_names_players_as_the_log_does(ui_ctx) -> None:
    """Worlds Collide names a player by the Character the log dealt them: the top bar's line of a
    step, worded alone, said 'Player 1' where the log said 'Mary'."""
    from scenes.replay import ReplayScene

    match = random_match("worlds-collide", ["greedy", "greedy", "greedy"], 10_000)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match)))
    assert scene.log.lines and scene.move_line() == " · ".join(
        text for text, _ in scene.log.lines[-len(scene.move_line().split(" · ")):])
    assert "Player " not in scene.move_line()


def test_a_step_the_log_says_nothing_of_is_named_without_giving_away_a_secret(ui_ctx) -> None:
    """Cosmos's Done (a step ended) has no event: it said 'You moved (hidden from an observer)' even
    in a finished game, where nothing is hidden; there it is now the command in the game's words."""
    from scenes.replay import ReplayScene

    unfinished = random_match("cosmos", ["human", "greedy"], 120, seed=3)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(unfinished)))
    scene.go(quiet_moves(scene)[-1])
    mover = scene.replay.mover(scene._decision())
    assert mover is not None and scene.move_line() == f"{scene.names[mover]} moved (hidden from an observer)"
    finished = random_match("cosmos", ["human", "greedy"], 100_000, seed=3)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(finished)))
    quiet = quiet_moves(scene)[-1]
    scene.go(quiet)
    played = scene._decision()
    command = scene.replay.commands[played - 1]
    words = finished.game.describe_command(scene.replay.state_at(played - 1), command)
    scene.go(quiet - 1)
    scene.go(quiet)
    assert words and scene.move_line() == f"{scene.names[command.seat]}: {words}"


def quiet_moves(scene) -> list[int]:
    """The moves the log says nothing of (none of their commands made an event)."""
    return [m for m in range(1, scene.moves + 1)
            if not any(scene.stops[m - 1] < e.ply <= scene.stops[m] for e in scene.replay.log)]


@pytest.mark.parametrize("game_id", [g.info.id for g in all_games()])
def test_a_move_is_a_players_decision_with_the_chance_around_it(ui_ctx, game_id) -> None:
    """'Move 148 of 292' for an Order & Chaos game of 98 moves: the bag's draws were counted as
    moves. The viewer counts and steps by decisions; a draw goes with the decision after it,
    the engine's own steps with the decision before them."""
    from scenes.replay import ReplayScene, decision_stops

    game = get_game(game_id)
    match = random_match(game_id, ["human"] + ["greedy"] * (max(2, game.info.min_players) - 1), 80)
    commands = match.commands
    decisions = [k for k, c in enumerate(commands, start=1) if c.seat >= 0]
    stops = decision_stops(commands)
    assert len(stops) == len(decisions) + 1 and stops[-1] == len(commands) and stops == sorted(set(stops))
    for before, stop in zip(stops, stops[1:]):
        assert sum(1 for c in commands[before:stop] if c.seat >= 0) == 1, "one decision a move"
        assert stop == len(commands) or commands[stop - 1].seat in (AUTO,) or commands[stop - 1].seat >= 0
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    assert scene.moves == len(decisions) and scene.slider.total == len(decisions)
    key(ui_ctx, pygame.K_END)
    assert scene.step == len(commands) and scene.move == len(decisions)


def test_an_order_and_chaos_game_counts_its_moves_not_its_draws(ui_ctx) -> None:
    from scenes.replay import ReplayScene, step_words

    match = random_match("order-chaos", ["greedy", "greedy"], 10_000)
    draws = sum(1 for c in match.commands if c.seat < 0)
    assert match.state.is_over() and draws >= 90
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match)))
    assert step_words(scene.move, scene.moves) == f"Move {len(match.commands) - draws} of {len(match.commands) - draws}"
    line = scene.move_line()  # the last move: the last draw and Chaos placing it
    assert match.commands[-2].seat < 0 <= match.commands[-1].seat
    assert "drew" in line and "placed" in line and scene.step == len(match.commands)


def test_the_move_that_ends_half_1_shows_its_full_board_in_the_replay(ui_ctx) -> None:
    """Play-test (sixth session): move 97, '... Half 1 over: Computer 1 scored 67', showed half 2's
    empty board, so the finished half 1 was nowhere in the replay. The view shows half 1's kept
    board and score there, and the live table keeps the state's own (empty) board."""
    from scenes.replay import ReplayScene

    match = random_match("order-chaos", ["greedy", "greedy"], 10_000)
    states = list(match.states())
    ended = next(k for k, c in enumerate(match.commands, start=1) if c.seat >= 0 and states[k].view(0)["half"] == 1)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match)))
    move = next(m for m in range(1, scene.moves + 1) if scene.stops[m] == ended)
    scene.go(move)
    view = scene.view
    state_view = view.view
    assert all(x is None for row in state_view["board"] for x in row), "the state is half 2's empty board"
    shown = view._display(scene.animator)
    assert shown["board"] == state_view["first_half_board"]
    assert shown["total"] == state_view["half_scores"][0] and shown["half"] == 0
    scene.go(move + 1)
    assert view._display(scene.animator)["half"] == 1, "the next move is half 2's"
    view.read_only = False
    scene.go(move)
    assert view._display(scene.animator) is view.view
