"""The replay viewer's slider, its truthful 'Seen by' label, 'Change view' wherever it leaks
nothing, and read-only views that draw no prompt for input (issue 15's Left)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.match import Match
from game.core.registry import get_game
from game.core.replay import OBSERVER, Replay
from tests.random_play import random_match as play_randomly
from tests.scenes.test_menu import frames, key, push


def random_match(game_id: str, seats: list[str], plies: int, seed: int = 4) -> Match:
    return play_randomly(Match(get_game(game_id), {}, seed, seats), random.Random(seed), plies)


def mouse(ctx, kind: int, pos: tuple[int, int]) -> None:
    extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
    ctx.stack.top.handle_event(pygame.event.Event(kind, pos=pos, **extra))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_slider_jumps_to_any_move_of_a_long_game_by_click_and_drag(ui_ctx, size) -> None:
    """A 292-step Order & Chaos game could only be walked one step at a time or sent to an end
    (its moves are the players' decisions: `decision_stops`)."""
    from scenes.replay import ReplayScene
    from scenes.sprites.slider import knob_x, step_at

    match = random_match("order-chaos", ["greedy", "greedy"], 10_000)
    assert match.state.is_over() and len(match.commands) > 200
    ui_ctx.use_window(pygame.Surface(size))
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    track = scene.slider.track
    total = scene.moves
    assert track.w >= 200 and pygame.Rect(0, 0, *size).contains(track)
    assert track.right < (scene.btn_view or scene.btn_close).rect.x and track.x > scene.counter_x + 100
    for step in (0, 1, total // 3, total - 1, total):  # every step has a place of its own
        assert step_at(track, knob_x(track, step, total), total) == step
    middle = (track.centerx, track.centery)
    mouse(ui_ctx, pygame.MOUSEBUTTONDOWN, middle)
    assert scene.move == step_at(track, track.centerx, total) and abs(scene.move - total // 2) <= 2
    state = scene.replay.state_at(scene.step).notation()
    assert scene.view.view == scene.replay.state_at(scene.step).view(scene.viewer) and state
    mouse(ui_ctx, pygame.MOUSEMOTION, (track.x + track.w // 4, track.centery + 40))  # dragging off the track
    mouse(ui_ctx, pygame.MOUSEBUTTONUP, (track.x + track.w // 4, track.centery + 40))
    assert abs(scene.move - total // 4) <= 2 and not scene.slider.dragging
    mouse(ui_ctx, pygame.MOUSEMOTION, (track.right - 2, track.centery))  # no button held: only a hover
    assert abs(scene.move - total // 4) <= 2
    mouse(ui_ctx, pygame.MOUSEBUTTONDOWN, (track.right + 5, track.centery))
    mouse(ui_ctx, pygame.MOUSEBUTTONUP, (track.right + 5, track.centery))
    assert scene.move == total and not scene.btn_forward.enabled
    key(ui_ctx, pygame.K_PAGEUP)
    assert scene.move == total - total // 10
    key(ui_ctx, pygame.K_RIGHT)
    assert scene.slider.step == scene.move == total - total // 10 + 1  # the knob follows the keys
    frames(ui_ctx, 2)  # and it draws


def test_the_label_says_whose_view_it_is_truthfully() -> None:
    """A Worlds Collide replay said 'Seen by: everyone (no secrets)' while its Holds lay face down."""
    from scenes.replay import viewpoint_words

    names = ["You", "Computer 1", "Computer 2"]
    assert viewpoint_words(OBSERVER, names) == "Seen by: an onlooker (no player's secrets)"
    assert viewpoint_words(0, names) == "Seen by: You (only your own secrets)"
    assert viewpoint_words(2, names) == "Seen by: Computer 2 (only their own secrets)"
    assert viewpoint_words(OBSERVER, names, hidden_info=False) == "Seen by: everyone (nothing is hidden in this game)"
    assert "no secrets" not in viewpoint_words(OBSERVER, names)


def test_a_finished_computer_only_game_may_be_watched_with_each_seats_eyes(ui_ctx) -> None:
    from scenes.replay import ReplayScene

    match = random_match("worlds-collide", ["greedy", "greedy"], 10_000)
    assert match.state.is_over()
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=3))
    assert scene.btn_view is not None and scene.viewpoints == [OBSERVER, 0, 1]
    key(ui_ctx, pygame.K_v)
    assert scene.viewer == 0 and scene.view.view["players"][0]["hand"] is not None
    key(ui_ctx, pygame.K_v)
    assert scene.viewer == 1 and scene.view.view["players"][1]["hand"] is not None
    assert scene.view.view["players"][0]["hand"] is None  # the other seat's hand stays hidden at step 3


class Recorder:
    """Every string a TextCache renders, to check what a view wrote."""

    def __init__(self, text, monkeypatch) -> None:
        self.seen: list[str] = []
        original = text.render

        def render(s, *args, **kwargs):
            self.seen.append(s)
            return original(s, *args, **kwargs)

        monkeypatch.setattr(text, "render", render)


def drawn_words(ctx, scene, monkeypatch) -> str:
    recorder = Recorder(scene.text, monkeypatch)
    scene.view.layout(scene.play_rect)  # a fresh layout: views cache their static layers
    scene.draw(ctx.screen)
    return " | ".join(recorder.seen)


@pytest.mark.parametrize("game_id, seats, phase, prompts", [
    ("skirmish", ["human", "greedy"], None, ["M: measure"]),
    ("rally", ["human", "greedy"], "planning", ["drag cards"]),
])
def test_a_replayed_view_shows_no_prompt_for_input(ui_ctx, monkeypatch, game_id, seats, phase, prompts) -> None:
    """The replay takes no input on the board: Rally said 'Programs: drag cards into a row' and the
    skirmish 'M: measure' there. The same view at the table (not read-only) still says them."""
    from scenes.replay import ReplayScene

    match = random_match(game_id, seats, 40)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    assert scene.view.read_only
    planning = [k for k in range(len(scene.replay) + 1)
                if phase is None or scene.replay.state_at(k).view(0).get("phase") == phase]
    viewer = 0 if 0 in scene.viewpoints else OBSERVER
    scene.viewer = viewer
    scene.go(planning[-1])
    scene._show()
    words = drawn_words(ui_ctx, scene, monkeypatch)
    assert not any(p in words for p in prompts), words
    scene.view.read_only = False  # the table's view with a person at it: the prompts are there,
    monkeypatch.setattr(scene.view, "is_human", lambda seat: True)  # so the test can fail
    words = drawn_words(ui_ctx, scene, monkeypatch)
    assert all(p in words for p in prompts), words
    assert "You's" not in words


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_seen_by_label_stays_inside_the_window(ui_ctx, size) -> None:
    """'Seen by: everyone (nothing is hidden in this game)' ran out of the window at 1280 wide."""
    from scenes.replay import ReplayScene

    for game_id, seats in (("order-chaos", ["greedy", "greedy"]), ("worlds-collide", ["human", "greedy", "greedy"])):
        ui_ctx.use_window(pygame.Surface(size))
        scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(random_match(game_id, seats, 30)), start=0))
        font = scene.text.font(scene.fs - 1)
        for viewer in scene.viewpoints:
            scene.viewer = viewer
            lines = scene.viewpoint_lines(scene.fs - 1)
            assert 1 <= len(lines) <= 2 and " ".join(lines).startswith("Seen by: ")
            assert all(font.size(line)[0] <= scene.side_rect.w for line in lines), lines
            assert scene.side_rect.right <= size[0]


def test_an_onlooker_of_rally_is_shown_no_hand_of_their_own(ui_ctx, monkeypatch) -> None:
    """Rally's replay showed the onlooker 'Your hand (0)' and 'No cards left in your hand' while
    planning; a seat's eyes still see that seat's hand."""
    from scenes.replay import ReplayScene

    match = random_match("rally", ["human", "greedy"], 40)
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match), start=0))
    planning = [k for k in range(len(scene.replay) + 1) if scene.replay.state_at(k).view(0).get("phase") == "planning"]
    scene.go(planning[-1])
    assert scene.viewer == OBSERVER
    assert "Your hand" not in drawn_words(ui_ctx, scene, monkeypatch)
    key(ui_ctx, pygame.K_v)
    assert scene.viewer == 0 and "Your hand (" in drawn_words(ui_ctx, scene, monkeypatch)
