"""Every game's guided first game: the script loads, and walked on the engine alone every
scripted move (the player's and the computers') is legal in turn (`progress.walk`); on a real
table at the smallest window each step's pointers find what they name (a renamed view rectangle
or a target the view no longer anchors fails here, not in front of a new player)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.match import HUMAN
from game.core.registry import all_games
from scenes.app import step
from scenes.guide.launch import guided_match
from scenes.guide.progress import Progress, walk
from scenes.guide.script import ScriptError, load_script, parse_script
from scenes.guide.table import GuidedTableScene
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context

GAMES = [g.info.id for g in all_games()]


def test_every_game_in_the_menu_has_a_script() -> None:
    assert GAMES == ["order-chaos", "worlds-collide", "rally", "skirmish", "cosmos"]
    for game_id in GAMES:
        script = load_script(game_id)
        assert 4 <= len(script.steps) <= 8, game_id
        assert script.seats.count(HUMAN) == 1 and script.outro


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_walks_on_the_engine(game_id: str) -> None:
    script = load_script(game_id)
    match = walk(script)
    expected = sum(len(s.expect) for s in script.steps)
    replies = sum(len(s.replies) for s in script.steps)
    mine = [c for c in match.commands if c.seat == script.human]
    theirs = [c for c in match.commands if c.seat >= 0 and c.seat != script.human]
    assert len(mine) == expected and len(theirs) == replies
    assert not match.state.is_over()


def test_a_scripted_move_the_engine_refuses_is_named_with_its_step() -> None:
    raw: dict[str, Any] = {"seed": 11, "seats": ["human", "easy"], "step": [
        {"text": "Welcome", "replies": [{"type": "place", "seat": 1, "cell": [3, 1]}]},
        {"text": "Slide", "expect": [{"type": "slide", "seat": 0, "src": [3, 1], "dst": [4, 2]}]}]}
    with pytest.raises(ScriptError, match="step 2.*refused"):
        walk(parse_script("order-chaos", raw))
    raw["step"][0]["replies"] = []
    with pytest.raises(ScriptError, match="no scripted move"):
        walk(parse_script("order-chaos", raw))


def test_a_broken_script_is_refused_on_loading() -> None:
    with pytest.raises(ScriptError, match="one human"):
        parse_script("order-chaos", {"seed": 1, "seats": ["easy", "easy"], "step": [{"text": "x"}]})
    with pytest.raises(ScriptError, match="step 1: unknown command type"):
        parse_script("order-chaos", {"seed": 1, "seats": ["human", "easy"],
                                     "step": [{"text": "x", "expect": [{"type": "fly"}]}]})
    with pytest.raises(ScriptError, match="table part"):
        parse_script("order-chaos", {"seed": 1, "seats": ["human", "easy"],
                                     "step": [{"text": "x", "pointer": {"table": "clock"}}]})


@pytest.mark.parametrize("game_id", GAMES)
def test_every_pointer_finds_its_place_on_a_small_table(game_id: str, tmp_path: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with table_context(tmp_path, monkeypatch, size=(1024, 640), animation_speed="off") as ctx:
        match, script = guided_match(game_id)
        scene = GuidedTableScene(ctx, match, script, use_process=False)
        ctx.stack.push(scene)
        step(ctx, [], DT)  # (the table enters and lays itself out)
        seen: set[int] = set()
        screen = ctx.screen.get_rect()
        for _ in range(3000):
            progress: Progress = scene.progress
            if progress.done:
                break
            current = progress.step
            assert current is not None
            ready = progress.waits_for_next or (scene.acting_human() is not None and not scene.animator.busy)
            if ready and progress.index not in seen:
                seen.add(progress.index)
                marks = scene.marks()
                assert len(marks) >= len(current.pointers), f"{game_id} step {progress.index + 1}: {marks}"
                for mark in marks:
                    assert screen.contains(mark.rect.clip(screen)) and mark.rect.clip(screen).width > 0
                card, _, _ = scene.card_layout([m.rect for m in marks])
                assert scene.play_rect.contains(card), f"{game_id} step {progress.index + 1}: the note leaves the board"
            if scene.view.held_words() is not None and not scene.animator.busy:
                scene.press_continue()  # a moment the view holds to be read (Worlds Collide's reveal)
            elif progress.waits_for_next:
                scene.next_step()
            elif ready:
                assert scene.play(progress.expected[0]), scene.status_text
            step(ctx, [], DT)
        for _ in range(400):  # the computers' last scripted moves, if Play on came first
            if not progress.replies:
                break
            step(ctx, [], DT)
        assert progress.done and not progress.lost and not progress.replies
        assert seen == set(range(len(script.steps)))
        # the table played exactly the walk's game: every computer move was the script's
        walked = [c.to_json() for c in walk(script).commands]
        played = [c.to_json() for c in match.commands]
        assert played[:len(walked)] == walked[:len(played)] and len(played) >= len(walked) - 2


def test_the_script_and_its_referee_need_no_pygame() -> None:
    """What the headless walk and the table share runs without a window (as `scenes.flow`)."""
    import subprocess
    import sys

    code = ("import sys, scenes.guide.progress, scenes.guide.worker, scenes.guide.script; "
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
