"""The Rally table when people only watch or the game ends early: why it ended (log and
game-over card), skipping to the end once every person is out, Space only where something
can be paused, seat kinds from the table (not names), and a big hand whose names all show."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import AUTO, CHANCE, Target, by_itself
from game.core.registry import get_game
from game.rally.commands import RaceDecided
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.game_over import GameOverScene, reason_text
from scenes.table import TableScene
from scenes.views.rally.layout import MAP_SHARE
from scenes.views.rally.view import RallyView
from scenes.views.rally.planning import dock_hit, visible_part
from game.rally.words import describe_event
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.rally.test_table_rally import played_until
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    # rounds play through: the pauses on key moments are tested on their own (test_rally_chaos_follow)
    with table_context(tmp_path, monkeypatch, animation_speed="fast", ai_watch_delay=0.0,
                       key_moment_stops=False) as context:
        yield context


def open_table(ctx: AppContext, match: Match) -> TableScene:
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    for _ in range(3):
        step(ctx, [], DT)
    return scene


def rally(scene: TableScene) -> RallyView:
    assert isinstance(scene.view, RallyView)
    return scene.view


def my_planning(seats: list[str], seed: int = 11) -> Match:
    return played_until(seed, seats, lambda s: s.phase == "planning" and 0 in s.to_act())


def test_the_log_says_when_the_race_is_decided() -> None:
    ev = RaceDecided(1, (3, 7, 0))
    line = describe_event(ev, ["You", "Computer 2", "Computer 3"], 0)
    assert line is not None
    text = line.text
    assert "decided" in text and "Computer 2" in text and "7 to 3" in text
    mine = describe_event(RaceDecided(0, (9, 2)), ["You", "Computer"], 0)
    assert mine is not None and mine.text.startswith("Race decided: You are")


def test_the_game_over_card_says_why_the_game_ended_in_the_tables_words(ctx: AppContext) -> None:
    match = my_planning(["human", "normal"])
    state = match.state
    assert isinstance(state, RallyState)
    state.points = [2, 9]
    state.alive = [False, True]
    state.phase, state.over_kind, state.over_reason = "over", "decided", "The race is decided: only Player 2 ..."
    scene = open_table(ctx, match)
    for _ in range(40):
        step(ctx, [], DT)
    top = ctx.stack.scenes[-1]
    assert isinstance(top, GameOverScene) and scene.game_over_opened
    assert "The race is decided" in top.reason and "Computer" in top.reason and "Player 2" not in top.reason
    assert top._reason_lines and top._card.height > 330


def test_games_without_a_reason_keep_their_game_over_card() -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "human"])
    assert reason_text(match) == ""


def out_of_the_race() -> Match:
    """Three seats; the person (seat 0) has lost every ship while two computers fly on."""
    match = next(m for m in (played_until(seed, ["human", "normal", "normal"], lambda s: not s.alive[0])
                             for seed in range(1, 40)) if not m.state.is_over())
    state = match.state
    assert isinstance(state, RallyState) and not state.alive[0] and not state.is_over()
    return match


def test_a_person_out_of_the_race_watches_and_can_skip_to_the_end(ctx: AppContext) -> None:
    match = out_of_the_race()
    scene = open_table(ctx, match)
    view = rally(scene)
    assert view.spectating() and scene.watching
    assert view.status(scene.names)[0].startswith("Watching")
    labels = [b.label for b in scene.action_buttons]
    assert labels == ["Skip to the end", "Pause"]
    key(ctx, pygame.K_SPACE)
    assert scene.watch_paused and [b.label for b in scene.action_buttons][1] == "Resume"
    def moves() -> int:
        return sum(1 for c in match.commands if c.seat != CHANCE)

    for _ in range(20):
        step(ctx, [], DT)  # a move asked for before the pause may still land
    played = moves()
    for _ in range(40):
        step(ctx, [], DT)
    assert moves() == played, "paused: the computers wait"
    click(ctx, scene.action_buttons[0].rect.center)
    assert scene.fast_forward and not scene.watch_paused
    for _ in range(3000):
        step(ctx, [], DT)
        if match.state.is_over():
            break
    assert match.state.is_over()
    assert not scene.animator.tweens, "skipped without animation"
    for _ in range(40):
        step(ctx, [], DT)
    assert isinstance(ctx.stack.scenes[-1], GameOverScene)


def test_undo_is_not_offered_to_a_person_out_of_the_race_and_says_why(ctx: AppContext) -> None:
    match = out_of_the_race()
    scene = open_table(ctx, match)
    assert scene.watching
    assert not scene.btn_undo.enabled
    assert "out of the game" in scene.btn_undo.tooltip
    commands = list(match.commands)
    key(ctx, pygame.K_z, pygame.KMOD_CTRL)
    assert match.commands[:len(commands)] == commands, "nothing was taken back"
    assert "out of the game" in scene.status_text and scene.status_error


def test_the_log_says_you_have_no_ships_left_in_good_english() -> None:
    from game.rally.commands import PlayerOut

    line = describe_event(PlayerOut(player=0, points=3), ["You", "Computer"], 0)
    assert line is not None and line.text.startswith("You have no ships left")
    line = describe_event(PlayerOut(player=1, points=3), ["You", "Computer"], 0)
    assert line is not None and line.text.startswith("Computer has no ships left")


def test_the_play_controls_stay_while_the_last_chaos_round_plays(ctx: AppContext) -> None:
    """The state moves on to the expansion as soon as the last round is resolved; its playback
    still runs, and a Pause must stay under the pointer until it ends: the playback's, or (the
    person is out and only watches) the table's, never both."""
    match = out_of_the_race()
    scene = open_table(ctx, match)
    view = rally(scene)
    checked = 0
    for _ in range(900):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and playing[2].payload["before"].get("phase") == "chaos" \
                and view.view.get("phase") != "chaos":
            checked += 1
            table_pause = any(b.label in ("Pause", "Resume") for b in scene.action_buttons)
            assert scene.can_pause() and view._controls_shown() != table_pause
        if checked > 5:
            break
    assert checked > 0


def test_space_does_nothing_on_a_persons_turn_in_order_and_chaos(ctx: AppContext) -> None:
    match = Match(get_game("order-chaos"), {}, 3, ["human", "normal"])
    scene = open_table(ctx, match)
    for _ in range(200):
        step(ctx, [], DT)
        if scene.acting_human() is not None:
            break
    assert scene.acting_human() == 0
    key(ctx, pygame.K_SPACE)
    assert not scene.watch_paused and "Paused" not in scene.status_text


def test_space_pauses_rallys_chaos_playback_but_not_planning(ctx: AppContext) -> None:
    match = my_planning(["human", "normal"])
    scene = open_table(ctx, match)
    key(ctx, pygame.K_SPACE)
    assert not scene.watch_paused, "planning: nothing to pause"
    chaos = played_until(11, ["human", "normal"], lambda s: s.phase == "chaos")
    scene2 = open_table(ctx, chaos)
    assert scene2.can_pause()
    key(ctx, pygame.K_SPACE)
    assert scene2.watch_paused and "Paused" in scene2.status_text


def test_the_pause_pop_up_says_what_waits_and_what_the_player_may_still_do(ctx: AppContext) -> None:
    """In the chaos phase with the person's own choice to make (which ship plays next, an
    exchange, a built ship) the pause only holds automatic steps: the pop-up must say so, as the
    banner does, not "press Space to resume"; otherwise it names what waits and how to go on."""
    mine = played_until(11, ["human", "normal"], lambda s: s.phase == "chaos" and s.to_act() == [0])
    scene = open_table(ctx, mine)
    assert scene.acting_human() == 0 and scene.can_pause()
    key(ctx, pygame.K_SPACE)
    banner = rally(scene).status(scene.names)[0]
    assert scene.watch_paused and "only automatic steps wait" in scene.status_text
    assert "press Space to resume" not in scene.status_text
    assert "only automatic steps wait" in banner and "Space or Play goes on" in scene.status_text
    theirs = played_until(11, ["human", "normal"], lambda s: s.phase == "chaos" and AUTO in s.to_act())
    scene2 = open_table(ctx, theirs)
    key(ctx, pygame.K_SPACE)
    assert scene2.watch_paused and scene2.acting_human() is None
    assert "computers wait" in scene2.status_text and "Space or Play goes on" in scene2.status_text
    banner2 = rally(scene2).status(scene2.names)[0]
    assert "Space or Play goes on" in banner2, "the banner says it is paused too, also while a round plays"


def test_who_is_a_person_comes_from_the_seats_not_their_names(ctx: AppContext) -> None:
    match = my_planning(["human", "normal"])
    scene = open_table(ctx, match)
    view = rally(scene)
    assert view.seat_humans == [True, False]
    view.set_seats(["Computer fan", "Computer"], [True, False])
    assert view.status(view.seat_names)[0].startswith("Program your ships")
    assert not view.shared_screen
    view.set_seats(["You", "Player 2"], [False, False])
    assert not view.status(view.seat_names)[0].startswith("Program your ships")


def two_ship_planning(n: int) -> Match:
    """The person plans two ships with `n` cards in hand (a tester saw ten at 1280x800)."""
    match = played_until(11, ["human", "normal"], lambda s: s.phase == "planning" and 0 in s.to_act()
                         and len(s.ships_of(0)) >= 2)
    state = match.state
    assert isinstance(state, RallyState)
    while len(state.hands[0]) < n:
        state.hands[0].append((state.deck or state.discard).pop())
    del state.hands[0][n:]
    return match


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [5, 7, 10, 15])
def test_every_hand_card_is_whole_on_screen_and_can_be_dragged(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                size: tuple[int, int], n: int) -> None:
    """Seen in a real window with two ships and ten cards: the second line of the hand lay half
    under the first, at the bottom edge of the screen. A big hand now lies in whole lines: no
    card covers another, every card is inside the screen and the hand's area, a press on it
    picks it up, and up to ten cards at 1280x720 (five at 1024x640) keep their name plates."""
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="fast", ai_watch_delay=0.0) as context:
        match = two_ship_planning(n)
        scene = open_table(context, match)
        dock = rally(scene).dock
        screen = context.screen.get_rect()
        assert len(dock.hand_cards) == n
        rects = [r for _, r in dock.hand_cards]
        for i, (card, rect) in enumerate(dock.hand_cards):
            target = Target("hand", ident=str(card))
            assert screen.contains(rect) and dock.hand.contains(rect), f"card {card} at {rect}"
            assert visible_part(dock, target) == rect, f"card {card}: partly covered"
            assert not any(rect.colliderect(o) for o in rects[i + 1:]), "two hand cards overlap"
            assert not any(rect.colliderect(row.rect) for row in dock.rows)
            assert dock_hit(dock, rect.center, None) == target
        if size[1] >= 720 and n <= 7 or n <= 5:
            # (ten at 1280x720 kept them while the dock took half the height: the map now keeps 60%)
            assert dock.hand_h >= 90, "big faces: the name plate shows"
        view = rally(scene)
        assert view.lay is not None and view.lay.map.height >= MAP_SHARE * view.rect.height - 1, "the map keeps room"
        # a card of the bottom line (listed first) is dragged into the first ship's row
        card, rect = dock.hand_cards[0]
        ship = match.state.ships_of(0)[0]  # type: ignore[attr-defined]
        drag(context, rect.center, at(scene, Target("program", ident=f"{ship.id}:0")))
        assert match.state.ships[ship.id].program[:1] == [card], "the card went into the row"  # type: ignore[attr-defined]


def test_a_chaos_rounds_log_lines_appear_in_step_with_its_playback(ctx: AppContext) -> None:
    match = played_until(11, ["human", "normal"], lambda s: s.phase == "chaos")
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    view = rally(scene)
    counts: list[tuple[int, int]] = []
    for _ in range(400):
        step(ctx, [], DT)
        full = len(view.log_lines(match.log, scene.names)) if view._reveal is None else -1
        counts.append((len(scene.log.lines), full))
        if match.state.phase != "chaos" and not scene.animator.busy:
            break
    shown = [c for c, _ in counts]
    played = [c for c, full in counts if full < 0]
    assert played, "a round was played back"
    assert any(b > a for a, b in zip(played, played[1:])), "lines arrive during the playback"
    whole = words_lines(scene)
    assert shown[-1] == len(whole) and scene.log.lines == whole, "everything shows once it has played"


def words_lines(scene: TableScene) -> list[Any]:
    from game.rally.words import describe_log

    view = rally(scene)
    return [(line.text, view.tone_colour(line)) for line in describe_log(scene.match.log, scene.names, view.me)]


def person_loses_next_round(s: RallyState) -> bool:
    """A chaos round is about to be played in which seat 0 (the person) loses its last ship."""
    if s.phase != "chaos" or not by_itself(s.to_act()) or not s.alive[0]:
        return False
    c = s.clone()
    c.apply(c.candidates(c.to_act()[0])[0])
    return not c.alive[0] and not c.is_over()


def test_one_set_of_watch_controls_once_the_screen_has_shown_the_person_out(ctx: AppContext) -> None:
    """Seen in a real window: while the round that took the person's last ship still played,
    the table already offered 'Skip to the end' and a Pause beside the playback's Pause / Step;
    after it, both sets stayed. The person's controls stay until the loss has been shown, then
    the table's set is the only one."""
    match = next(m for m in (played_until(seed, ["human", "normal", "normal"],
                                          lambda s: person_loses_next_round(s) or s.is_over())
                             for seed in range(1, 40)) if not m.state.is_over())
    scene = open_table(ctx, match)
    view = rally(scene)
    state = match.state
    assert isinstance(state, RallyState)
    during = 0
    for _ in range(900):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        if view._round_dock is not None and not state.alive[0] and scene.animator.busy:
            during += 1
            assert not scene.watching, "the loss is still being played back"
            assert "Skip to the end" not in [b.label for b in scene.action_buttons]
            assert view._controls_shown(), "the playback keeps its Pause / Step"
        elif during:
            break
    assert during > 5, "the losing round was played back"
    for _ in range(30):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
    if state.is_over():
        pytest.skip("the computers finished the race at once")
    assert scene.watching
    labels = [b.label for b in scene.action_buttons]
    assert "Skip to the end" in labels and labels.count("Pause") + labels.count("Resume") == 1
    assert not view._controls_shown(), "no second Pause / Step by the entropy bar"
