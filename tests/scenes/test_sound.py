"""Sound effects: the table asks for the right sound per event, nothing when sound is off,
and a machine without audio is silent rather than broken."""

from __future__ import annotations

import wave
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from game.order_chaos.commands import HalfEnded, MatchEnded
from scenes.app import AppContext, step
from scenes.resources import asset_path
from scenes.sound import NAMES, Sounds
from scenes.table import TableScene

DT = 0.05


class RecordingSounds(Sounds):
    """The real on/off gate, with the output replaced by a list of names."""

    def __init__(self, enabled: Any) -> None:
        super().__init__(enabled)
        self.played: list[str] = []

    def _emit(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture
def ctx(tabletop_home: Any) -> Iterator[AppContext]:
    from scenes.app import create_context
    from scenes.settings_store import Settings

    context = create_context(Settings(), size=(1280, 720))
    context.sounds = RecordingSounds(lambda: context.settings.sound)
    yield context
    context.stack.apply_pending()
    while context.stack.scenes:
        context.stack._pop()


def played(ctx: AppContext) -> list[str]:
    assert isinstance(ctx.sounds, RecordingSounds)
    return ctx.sounds.played


def open_table(ctx: AppContext) -> TableScene:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {}, 3, ["human", "human"]), use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    return scene


def settle(ctx: AppContext, scene: TableScene) -> None:
    for _ in range(200):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            return


def drag(ctx: AppContext, scene: TableScene, src: Target, dst: Target) -> None:
    a, b = scene.view.anchor(src), scene.view.anchor(dst)
    assert a is not None and b is not None
    start, end = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    for i in range(1, 7):
        pos = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
        step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)


def cell(rc: tuple[int, int]) -> Target:
    return Target("cell", rc)


def test_place_draw_slide_and_refusal_sounds(ctx: AppContext) -> None:
    scene = open_table(ctx)
    settle(ctx, scene)
    assert played(ctx) == ["draw"]  # the first counter comes out of the bag
    played(ctx).clear()
    drag(ctx, scene, Target("drawn"), cell((3, 3)))
    settle(ctx, scene)
    assert played(ctx) == ["place"]
    played(ctx).clear()
    drag(ctx, scene, cell((3, 3)), cell((4, 4)))  # diagonal: refused
    assert played(ctx) == ["refuse"]
    settle(ctx, scene)  # the counter snaps back
    played(ctx).clear()
    drag(ctx, scene, cell((3, 3)), cell((3, 0)))
    settle(ctx, scene)
    assert played(ctx) == ["slide", "draw"]  # Order slides, then the bag draws for Chaos


def test_nothing_plays_with_sound_off(ctx: AppContext) -> None:
    ctx.settings.sound = False
    scene = open_table(ctx)
    settle(ctx, scene)
    drag(ctx, scene, Target("drawn"), cell((3, 3)))
    settle(ctx, scene)
    drag(ctx, scene, cell((3, 3)), cell((4, 4)))
    settle(ctx, scene)
    drag(ctx, scene, cell((3, 3)), cell((3, 0)))
    settle(ctx, scene)
    assert len(scene.match.commands) >= 4
    assert played(ctx) == []


def test_half_time_and_game_over_sounds(ctx: AppContext) -> None:
    scene = TableScene(ctx, Match(get_game("order-chaos"), {"size": 5}, 3, ["human", "human"]), use_process=False)
    ctx.stack.push(scene)
    for _ in range(30):
        step(ctx, [], DT)
    m = scene.match
    heard: list[list[str]] = []
    while not m.state.is_over():
        if by_itself(m.to_act()):
            m.resolve_chance()
            continue
        command = m.state.candidates(m.to_act()[0])[0]
        ends = [e for e in m.state.clone().apply(command) if isinstance(e, (HalfEnded, MatchEnded))]
        if not ends:
            m.submit(command)
            continue
        scene.resume()  # show the position, then play the half's last move through the table
        played(ctx).clear()
        assert scene.play(command)
        for _ in range(100):
            step(ctx, [], DT)
        heard.append(list(played(ctx)))
    assert heard[0][:2] == ["place", "halftime"]  # Chaos fills the board: clack, then the chime
    assert heard[-1][-1] == "gameover" and "halftime" not in heard[-1]


def click_at(ctx: AppContext, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    for _ in range(2):
        step(ctx, pygame.event.get(), DT)


def test_menu_buttons_click_when_sound_is_on(ctx: AppContext) -> None:
    from scenes.menu import MenuScene

    menu = MenuScene(ctx)
    ctx.stack.push(menu)
    step(ctx, [], DT)
    click_at(ctx, menu.buttons["load"].rect.center)
    assert menu.mode == "load" and played(ctx) == ["click"]
    ctx.settings.sound = False
    click_at(ctx, menu.buttons["rules"].rect.center)
    step(ctx, [], DT)
    assert played(ctx) == ["click"]


def test_no_audio_device_is_silent_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sounds = Sounds(True)
    for name in NAMES + ("no-such-sound",):
        sounds.play(name)  # no exception
    assert not sounds._mixer_ready()

    def broken_init(*args: Any, **kwargs: Any) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    sounds = Sounds(True)
    sounds.play("place")
    assert not sounds._mixer_ready()


def test_the_sound_files_are_small_16_bit_mono_wavs() -> None:
    for name in NAMES:
        with wave.open(str(asset_path("sounds", f"{name}.wav")), "rb") as wav:
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
            assert 0.02 < wav.getnframes() / wav.getframerate() < 2.0
