"""Play-test (issue 14): the replay's log said "moves 1 to an action tile" where the live table's
says "moves 1 to Take Life Cards": the action tiles' places are in the view, not in the event,
and the replay worded its log without the view. It now asks the view (`GameView.log_words`)."""

from __future__ import annotations

import random

from game.core.match import Match
from game.core.registry import get_game
from game.core.replay import OBSERVER, Replay
from game.cosmos import events as E
from game.cosmos.words import ACTION_NAMES
from scenes.views.cosmos.board import action_of
from tests.random_play import random_match
from tests.scenes.test_menu import push


def test_the_replay_names_the_action_of_every_outer_space_a_scientist_moved_to(ui_ctx) -> None:
    from game.cosmos.game import CONTENT
    from scenes.replay import ReplayScene

    match = random_match(Match(get_game("cosmos"), {}, 5, ["human", "greedy"]), random.Random(5), 160)
    outer = [e.event for e in match.log if isinstance(e.event, E.Moved) and e.event.to % 2 == 1]
    assert outer  # the game went to an action tile's space
    scene = push(ui_ctx, ReplayScene(ui_ctx, Replay.of(match)))
    scene.go(scene.moves)
    assert scene.viewer == OBSERVER
    lines = [text for text, _ in scene.log.lines]
    moved = [line.replace(" move ", " moves ") for line in lines if " moves " in line or " move " in line]
    assert moved and not any("an action tile" in line for line in lines), moved[:5]
    for event in outer:
        name = ACTION_NAMES[action_of(scene.view.view, CONTENT, event.to)]
        steps = "step" if event.steps == 1 else "steps"
        crowded = f" (another Scientist is there: counts as {event.distance} steps)" * (event.distance != event.steps)
        assert any(line.endswith(f"moves {event.steps} {steps} to {name}{crowded}")  # an action tile: no token
                   for line in moved), (event, name, [m for m in moved if name in m])
