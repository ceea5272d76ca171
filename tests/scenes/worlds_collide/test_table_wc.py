"""The Worlds Collide table, headless: choosing by drag and click, targets, keep, hot-seat hand-offs, AI seats."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import Target, by_itself
from game.core.registry import get_game
from game.worlds_collide.cards import EXPOSE, FRACTURE, SHIFT, TELEKINESIS, card_name
from game.worlds_collide.commands import ChooseAction, Keep, PickHold, PickNexus
from scenes.app import AppContext, step
from scenes.handoff import HandoffScene
from scenes.table import TableScene
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def ready(ctx: AppContext) -> None:
    """Click 'I'm ready' on the hand-off screen on top."""
    ctx.stack.apply_pending()
    top = ctx.stack.top
    assert isinstance(top, HandoffScene)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)], DT)


def read_on(ctx: AppContext) -> None:
    """A reveal, a clash or a round's end held on screen: press Continue (Enter) once it is read,
    as the people at the table would."""
    top = ctx.stack.top
    if isinstance(top, TableScene) and top.view.held_words() is not None and not top.animator.busy:
        key(ctx, pygame.K_RETURN)


def wait_for_handoff(ctx: AppContext, frames: int = 40) -> HandoffScene:
    """Step until a hand-off screen is on top (it must come within `frames` frames)."""
    for _ in range(frames):
        step(ctx, [], DT)
        read_on(ctx)
        if isinstance(ctx.stack.top, HandoffScene):
            break
    top = ctx.stack.top
    assert isinstance(top, HandoffScene), "no hand-off screen came"
    return top


def open_table(ctx: AppContext, seats: list[str], seed: int = 4, players_ready: bool = True) -> TableScene:
    match = Match(get_game("worlds-collide"), {}, seed, seats)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    for _ in range(200):  # hot-seat: the deal plays first, then the first player is handed the screen
        ctx.stack.apply_pending()
        if not scene.hot_seat or isinstance(ctx.stack.top, HandoffScene):
            break
        step(ctx, [], DT)
    if players_ready and isinstance(ctx.stack.top, HandoffScene):
        ready(ctx)
    return scene


def settle(ctx: AppContext, scene: TableScene, frames: int = 400) -> None:
    for _ in range(frames):
        step(ctx, [], DT)
        read_on(ctx)
        if isinstance(ctx.stack.top, HandoffScene):
            return
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            return


def next_turn(ctx: AppContext, scene: TableScene) -> int:
    """Settle, clicking through hand-offs, until a human has the screen and must act."""
    for _ in range(20):
        settle(ctx, scene)
        ctx.stack.apply_pending()
        if isinstance(ctx.stack.top, HandoffScene):
            ready(ctx)
            continue
        seat = scene.acting_human()
        if seat is not None and not scene.animator.busy:
            return seat
    raise AssertionError("no human turn came")


def lock_in(ctx: AppContext) -> None:
    """A picked secret choice is made only with "Lock in" (Enter)."""
    key(ctx, pygame.K_RETURN)


def hand(action: int) -> Target:
    return Target("hand", ident=str(action))


def reach_resolution(ctx: AppContext, scene: TableScene, mine: int, theirs: int) -> None:
    """Both seats choose (the human by drag, the other through the match), then settle into the human's turn."""
    settle(ctx, scene)
    me = scene.acting_human()
    assert me is not None
    drag(ctx, at(scene, hand(mine)), at(scene, Target("play-slot")))
    lock_in(ctx)
    other = 1 - me
    if other in scene.match.to_act():
        assert scene.match.submit(ChooseAction(other, theirs)).ok
        scene.resume()
    settle(ctx, scene)


def hot_seat_resolution(ctx: AppContext, mine: int, theirs: int) -> TableScene:
    """Two people at seed 4 choose `mine` and `theirs`; the screen is handed to the seat whose
    Action resolves first (the hand-off after the reveal may come on the last frame)."""
    scene = open_table(ctx, ["human", "human"], seed=4)
    reach_resolution(ctx, scene, mine, theirs)
    ctx.stack.apply_pending()
    if isinstance(ctx.stack.top, HandoffScene):
        ready(ctx)
        settle(ctx, scene)
    return scene


# --- choosing ------------------------------------------------------------------------------------
def test_dragging_an_action_to_the_play_slot_chooses_it(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random"])
    settle(ctx, scene)
    seat = scene.acting_human()
    assert seat is not None and scene.view.view["phase"] == "choose"
    drag(ctx, at(scene, hand(FRACTURE)), at(scene, Target("play-slot")))
    lock_in(ctx)
    assert ChooseAction(seat, FRACTURE) in scene.match.commands
    # the chosen card now sits face up in the viewer's slot, and left the hand
    assert scene.view.view["players"][seat]["choice"] == FRACTURE
    assert scene.view.anchor(hand(FRACTURE)) is None


def test_clicking_an_action_chooses_it(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random"])
    settle(ctx, scene)
    seat = scene.acting_human()
    click(ctx, at(scene, hand(TELEKINESIS)))
    lock_in(ctx)
    assert ChooseAction(seat, TELEKINESIS) in scene.match.commands


def test_expose_target_by_click_on_a_hold(ctx: AppContext) -> None:
    scene = hot_seat_resolution(ctx, EXPOSE, FRACTURE)
    pending = scene.view.view["pending"]
    assert pending["kind"] == "act" and pending["action"] == EXPOSE
    me = scene.acting_human()
    other = 1 - me
    target = Target("hold", ident=str(other))
    assert target in scene.overlay().clickable  # legal targets are highlighted
    click(ctx, at(scene, target))
    assert scene.match.commands[-1] == PickHold(me, other) or PickHold(me, other) in scene.match.commands


def test_telekinesis_by_dragging_the_card_onto_the_nexus(ctx: AppContext) -> None:
    scene = hot_seat_resolution(ctx, TELEKINESIS, SHIFT)
    me = scene.acting_human()
    assert scene.view.view["pending"]["action"] == TELEKINESIS
    drag(ctx, at(scene, Target("acting")), at(scene, Target("nexus")))
    assert PickNexus(me) in scene.match.commands


def test_keep_choice_shows_the_candidates_and_a_click_keeps_one(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"], seed=4)
    reach_resolution(ctx, scene, FRACTURE, TELEKINESIS)
    for _ in range(6):
        if isinstance(ctx.stack.top, HandoffScene):
            ready(ctx)
        settle(ctx, scene)
        pending = scene.view.view["pending"] or {}
        if pending.get("kind") == "keep" and scene.acting_human() == pending["seat"]:
            break
        seat = scene.acting_human()
        if pending.get("kind") == "act" and pending.get("action") == FRACTURE:
            click_button(ctx, scene, "resolve")
        elif seat is not None:
            scene.play(scene.match.state.candidates(seat)[-1])  # decline whatever else
    pending = scene.view.view["pending"]
    assert pending["kind"] == "keep"
    me = pending["seat"]
    hold = [e["card"] for e in scene.view.view["players"][me]["hold"]]
    assert len(hold) >= 2 and None not in hold
    assert scene.view.geo.modal  # the candidates are shown big
    target = Target("hold", ident=f"{me}:{card_name(hold[1])}")
    click(ctx, at(scene, target))
    assert Keep(me, hold[1]) in scene.match.commands


def click_button(ctx: AppContext, scene: TableScene, ident: str) -> None:
    for b in scene.action_buttons:
        if ident in b.label.lower():
            click(ctx, b.rect.center)
            return
    raise AssertionError(f"no {ident} button among {[b.label for b in scene.action_buttons]}")


# --- hot-seat ---------------------------------------------------------------------------------------
def test_handoff_between_two_humans_and_the_second_never_sees_the_first_choice(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"], seed=9, players_ready=False)
    assert isinstance(ctx.stack.top, HandoffScene)  # the first player is handed the screen too
    ready(ctx)
    settle(ctx, scene)
    first = scene.acting_human()
    assert first is not None
    drag(ctx, at(scene, hand(EXPOSE)), at(scene, Target("play-slot")))
    lock_in(ctx)
    assert ChooseAction(first, EXPOSE) in scene.match.commands
    handoff = wait_for_handoff(ctx)
    assert "Pass to" in f"Pass to {handoff.seat_label}" and "Player 2" in handoff.seat_label
    # nothing of the first player's secret is visible while the screen is handed over ...
    assert scene.acting_human() is None
    ready(ctx)
    settle(ctx, scene)
    second = scene.acting_human()
    assert second is not None and second != first
    view = scene.view.view
    assert view["seat"] == second
    # ... nor after: the second player's view holds only "has chosen", never the first's Action
    assert view["players"][first]["choice"] is None and view["players"][first]["chosen"]
    assert view["players"][first]["hand"] is None
    first_hold = scene.match.state.holds[first]
    assert all(e["card"] is None for e in view["players"][first]["hold"]) or first_hold == []
    for item in scene.view.geo.items:
        if item.key == ("arena", first):
            assert item.face == ("back",)
    log = " ".join(text for text, _ in scene.view.log_lines(scene.match.log, scene.names))
    assert "chose Expose" not in log


def test_single_human_needs_no_handoff(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random", "random"], players_ready=False)
    for _ in range(60):
        step(ctx, [], DT)
        assert not isinstance(ctx.stack.top, HandoffScene)
    assert scene.match.state.chars.count(-1) == 0


def test_ai_seats_choose_through_the_worker_while_frames_draw(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random", "random"])
    settle(ctx, scene)
    seat = scene.acting_human()
    click(ctx, at(scene, hand(FRACTURE)))
    lock_in(ctx)
    assert ChooseAction(seat, FRACTURE) in scene.match.commands
    frames = 0
    while frames < 200 and not scene.match.state.plays:
        step(ctx, [], DT)
        frames += 1
    assert scene.match.state.plays or scene.match.state.round > 1  # both computers chose, the round revealed
    assert frames > 1  # answers arrived over several drawn frames
    chosen_by_ai = [c for c in scene.match.commands if isinstance(c, ChooseAction) and c.seat != seat]
    assert len(chosen_by_ai) >= 2


def test_shot_writes_a_png(tmp_path: Path) -> None:
    from scenes.offscreen import render_shot

    out = render_shot("worlds-collide", tmp_path / "wc.png", seed=2, plies=12)
    assert out.exists() and out.stat().st_size > 10000


def test_the_discard_opens_a_browser_listing_every_card(ctx: AppContext) -> None:
    from game.worlds_collide.cards import parse_card

    scene = open_table(ctx, ["human", "random"])
    settle(ctx, scene)
    state = scene.match.state
    for name in ("M1", "K2", "W"):  # put a few Shards in the Discard
        card = parse_card(name)
        state.discard[card] += 1
        state.discard_n += 1
    scene.resume()
    step(ctx, [], DT)
    rect = scene.view.geo.discard_rect
    click(ctx, (rect.x + 6, rect.centery))
    assert scene.view.browser_open and len(scene.view.geo.modal) == len(scene.view.view["discard"])
    tip = scene.view.tooltip(scene.view.geo.modal[-1].rect.center)
    assert tip  # every card says what it is
    click(ctx, (scene.view.rect.x + 4, scene.view.rect.y + 4))  # outside: close
    assert not scene.view.browser_open


def test_picking_characters_then_jessup_unleash_targets_a_played_action(ctx: AppContext) -> None:
    from game.worlds_collide.cards import JESSUP, KINTRIEL, RESET, UNLEASH
    from game.worlds_collide.commands import PickAction, PickCharacter

    match = Match(get_game("worlds-collide"), {"characters": "chosen"}, 5, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    settle(ctx, scene)
    ctx.stack.apply_pending()
    assert not isinstance(ctx.stack.top, HandoffScene)  # picking a Character is public: no "I'm ready"
    first = scene.acting_human()
    assert scene.view.view["pending"]["kind"] == "pick-character" and scene.view.geo.modal
    click(ctx, at(scene, Target("character", ident=str(JESSUP))))
    assert PickCharacter(first, JESSUP) in match.commands
    settle(ctx, scene)
    ctx.stack.apply_pending()
    assert not isinstance(ctx.stack.top, HandoffScene)
    second = scene.acting_human()
    assert second is not None and second != first and not scene.view.private_shown()
    taken = [i for i in scene.view.geo.modal if i.target is None]
    assert len(taken) == 1  # Jessup is shown as taken
    click(ctx, at(scene, Target("character", ident=str(KINTRIEL))))
    assert PickCharacter(second, KINTRIEL) in match.commands
    jessup = first
    other = second
    # round 1: both play something; round 2: Jessup unleashes before the other's Reset
    for mine, theirs in ((EXPOSE, SHIFT), (UNLEASH, RESET)):
        for _ in range(30):
            seat = next_turn(ctx, scene)
            if scene.view.view["pending"] is None:
                break
            scene.play(match.state.candidates(seat)[-1])  # round 1: decline every Action
        for _ in range(2):
            seat = next_turn(ctx, scene)
            click(ctx, at(scene, hand(mine if seat == jessup else theirs)))
            lock_in(ctx)
    for _ in range(10):
        next_turn(ctx, scene)
        pending = scene.view.view["pending"] or {}
        if pending.get("kind") == "act" and pending.get("action") == UNLEASH:
            break
    assert scene.acting_human() == jessup
    target = Target("played", ident=f"{other}:{SHIFT}")
    assert target in scene.overlay().clickable
    click(ctx, at(scene, target))
    assert PickAction(jessup, other, SHIFT) in match.commands


def test_second_hot_seat_player_cannot_undo_the_first_players_secret_choice(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "human"], seed=9, players_ready=False)
    ready(ctx)
    settle(ctx, scene)
    first = scene.acting_human()
    assert first is not None
    drag(ctx, at(scene, hand(EXPOSE)), at(scene, Target("play-slot")))
    lock_in(ctx)
    wait_for_handoff(ctx)
    ready(ctx)
    settle(ctx, scene)
    second = scene.acting_human()
    assert second is not None and second != first
    before = list(scene.match.commands)
    scene.undo()
    assert scene.match.commands == before, "the second player withdrew the first player's secret choice"
    assert ChooseAction(first, EXPOSE) in scene.match.commands


# --- simultaneous choices: computers think while the human chooses -------------------------------------
def test_computers_choose_while_the_human_is_still_choosing_and_nothing_leaks(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random", "random"], seed=6)
    settle(ctx, scene)
    me = scene.acting_human()
    assert me is not None and scene.view.view["phase"] == "choose"
    for _ in range(20):  # the human does nothing; the computers choose meanwhile
        step(ctx, [], DT)
        if all(scene.match.state.choices[s] for s in (1, 2)):
            break
    chosen = {c.seat: c.action for c in scene.match.commands if isinstance(c, ChooseAction)}
    assert set(chosen) == {1, 2}, "the computers waited for the human"
    assert scene.acting_human() == me and not scene.match.state.choices[me]
    # the human sees that they chose, never what
    view = scene.view.view
    for seat in (1, 2):
        assert view["players"][seat]["chosen"] and view["players"][seat]["choice"] is None
        item = next(i for i in scene.view.geo.items if i.key == ("arena", seat))
        assert item.face == ("back",)
    log = " ".join(text for text, _ in scene.view.log_lines(scene.match.log, scene.names))
    from game.worlds_collide.cards import ACTION_NAMES

    for seat, action in chosen.items():
        assert f"chose {ACTION_NAMES[action]}" not in log
    # the hand stays open: a click chooses at once and the round reveals
    assert scene._input_open()
    click(ctx, at(scene, hand(FRACTURE)))
    lock_in(ctx)
    assert ChooseAction(me, FRACTURE) in scene.match.commands
    for _ in range(100):
        step(ctx, [], DT)
        if scene.match.state.plays or scene.match.state.round > 1:
            break
    assert scene.match.state.plays or scene.match.state.round > 1


class HeldWorker:
    """A worker whose answers (the first legal command) come only when the test releases them."""

    def __init__(self) -> None:
        self.asked: list[Any] = []
        self.release = False
        self.requests = 0

    def request(self, state: Any, seat: int, level: str, seed: int) -> int:
        self.asked.append(state.candidates(seat)[0])
        self.requests += 1
        return self.requests

    def poll(self) -> Any:
        if self.release and self.asked:
            self.release = False
            return (self.asked.pop(0),)
        return None

    def cancel(self) -> None:
        self.asked.clear()

    def close(self) -> None:
        self.asked.clear()


def held_table(ctx: AppContext, seats: list[str]) -> tuple[Match, TableScene, HeldWorker]:
    """A settled table (seed 6) whose computers answer only when the test releases them."""
    match = Match(get_game("worlds-collide"), {}, 6, seats)
    scene = TableScene(ctx, match, use_process=False)
    held = HeldWorker()
    scene.ai.worker = held
    ctx.stack.push(scene)
    settle(ctx, scene)
    return match, scene, held


def test_a_computers_answer_waits_while_the_human_holds_a_card(ctx: AppContext) -> None:
    match, scene, held = held_table(ctx, ["human", "random"])
    me = scene.acting_human()
    assert me == 0 and held.asked and not match.state.choices[1]  # asked at once, still thinking
    start = at(scene, hand(SHIFT))
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 60), rel=(1, 1),
                                  buttons=(1, 0, 0))], DT)
    assert scene.drag.dragging
    held.release = True
    for _ in range(10):
        step(ctx, [], DT)
    assert scene.flow.pending is not None and scene.flow.pending.seat == 1  # it has answered ...
    assert not match.state.choices[1], "... but its move landed under the human's drag"
    drop = at(scene, Target("play-slot"))
    step(ctx, [pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(1, 1), buttons=(1, 0, 0))], DT)
    step(ctx, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1)], DT)
    lock_in(ctx)
    assert ChooseAction(me, SHIFT) in match.commands
    for _ in range(10):
        step(ctx, [], DT)
    assert any(isinstance(c, ChooseAction) and c.seat == 1 for c in match.commands)


def test_hot_seat_with_a_computer_keeps_the_handoffs_and_the_secrets(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random", "human"], seed=9, players_ready=False)
    assert isinstance(ctx.stack.top, HandoffScene)
    played = len(scene.match.commands)
    for _ in range(10):  # the computer may think under the hand-off screen, but nothing is played under it
        step(ctx, [], DT)
    assert len(scene.match.commands) == played
    ready(ctx)
    settle(ctx, scene)
    first = scene.acting_human()
    assert first == 0
    for _ in range(10):
        step(ctx, [], DT)
    assert scene.match.state.choices[1]  # chosen while the first human looks at their hand
    click(ctx, at(scene, hand(EXPOSE)))
    lock_in(ctx)
    assert "Player 3" in wait_for_handoff(ctx).seat_label
    ready(ctx)
    settle(ctx, scene)
    assert scene.acting_human() == 2
    view = scene.view.view
    assert view["seat"] == 2
    for seat in (0, 1):
        assert view["players"][seat]["choice"] is None and view["players"][seat]["chosen"]


def test_undo_while_computers_think_in_the_background_asks_them_again(ctx: AppContext) -> None:
    match, scene, held = held_table(ctx, ["human", "random", "random"])
    assert scene.ai.asked(1) and scene.ai.asked(2)
    click(ctx, at(scene, hand(FRACTURE)))
    lock_in(ctx)
    assert ChooseAction(0, FRACTURE) in match.commands
    key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
    assert ChooseAction(0, FRACTURE) not in match.commands
    # seat 1's search was stopped (seat 2's had not started) and both are asked again, from here
    assert held.requests == 2 and len(held.asked) == 1
    assert scene.ai.asked(1) and scene.ai.asked(2)
    held.release = True
    for _ in range(6):
        step(ctx, [], DT)
        held.release = True
    assert match.state.choices[1] and match.state.choices[2] and not match.state.choices[0]


def test_the_seat_list_marks_computers_thinking_in_the_background(ctx: AppContext) -> None:
    match, scene, held = held_table(ctx, ["human", "random", "random"])
    assert scene.acting_human() == 0
    assert scene.thinking_seats() == [1, 2]  # both marked while the human chooses
    held.release = True
    for _ in range(4):
        step(ctx, [], DT)
        held.release = True
    assert match.state.choices[1] and match.state.choices[2]
    assert scene.thinking_seats() == []


def _face_up_hand(scene: TableScene, seat: int) -> list[Any]:
    """The viewer's hand cards drawn face up (`seat`'s hand items with an Action face)."""
    return [item for item in scene.view.geo.items
            if item.key[:2] == ("hand", seat) and item.face is not None and item.face[0] == "action"]


def both_humans_choose(ctx: AppContext) -> tuple[TableScene, int, int]:
    """Seed 9, two humans: the first chooses Expose by click, hands over, the second chooses by
    click; each sees their own hand face up while choosing. Returns (scene, first, second)."""
    scene = open_table(ctx, ["human", "human"], seed=9)
    settle(ctx, scene)
    first = scene.acting_human()
    assert first is not None
    assert _face_up_hand(scene, first)  # the acting human sees their hand
    click(ctx, at(scene, hand(EXPOSE)))
    lock_in(ctx)
    wait_for_handoff(ctx)
    ready(ctx)
    settle(ctx, scene)
    second = scene.acting_human()
    assert second is not None and second != first
    assert _face_up_hand(scene, second)
    mine = next(a for a in scene.view.view["players"][second]["hand"] if a != EXPOSE)
    click(ctx, at(scene, hand(mine)))
    lock_in(ctx)
    assert ChooseAction(second, mine) in scene.match.commands
    return scene, first, second


def test_hot_seat_reveal_hides_the_screen_owners_hand_until_they_act_again(ctx: AppContext) -> None:
    scene, first, second = both_humans_choose(ctx)
    for _ in range(40):  # both chose: the reveal comes, watched by the whole table
        if scene.match.state.plays and scene.animator.busy:
            break
        step(ctx, [], DT)
    assert scene.match.state.plays and scene.animator.busy
    watched = 0
    for _ in range(200):
        if not scene.animator.busy or isinstance(ctx.stack.top, HandoffScene):
            break
        view = scene.view
        assert view.view["seat"] == second
        for seat in (first, second):
            assert not _face_up_hand(scene, seat)
        assert not view.private_shown()
        for item in view.geo.items:  # nothing of a hand can be picked up, and no shrouded face shows
            hit = view.hit_test(item.rect.center)
            assert hit is None or hit.zone != "hand"
            if item.key[:2] == ("hold", second) and item.face is not None and item.face[0] == "shard":
                entry = view.view["players"][second]["hold"][item.key[2]]
                assert entry["revealed"]
        backs = [item for item in view.geo.items if item.key[:2] == ("hand", second)]
        assert len(backs) == len(view.view["players"][second]["hand"])  # the count is still shown
        watched += 1
        step(ctx, [], DT)
    assert watched > 0
    seat = next_turn(ctx, scene)  # after the hand-off (if any) the acting human sees their hand again
    assert scene.view.private_shown()
    assert _face_up_hand(scene, seat)
    card = _face_up_hand(scene, seat)[0]
    assert scene.view.hit_test(card.rect.center) == card.target


def test_hot_seat_after_a_reveal_the_seat_on_screen_is_handed_the_screen_again_before_it_acts(
        ctx: AppContext) -> None:
    """Seed 9: the last to choose (Ronin) also resolves first; without a fresh hand-off their hand
    would turn face up right after the reveal, in front of everyone who watched it."""
    scene, _first, second = both_humans_choose(ctx)
    saw_handoff = False
    for _ in range(600):  # play the reveal out until a person must act
        step(ctx, [], DT)
        read_on(ctx)
        ctx.stack.apply_pending()
        if isinstance(ctx.stack.top, HandoffScene):
            saw_handoff = True
            break
        if scene.acting_human() is not None and not scene.animator.busy:
            break
    assert scene.match.state.plays or saw_handoff
    nxt = scene._next_human()
    assert nxt == second  # this seed's point: the seat on screen acts next
    assert saw_handoff, "the seat on screen acted again after the reveal without a hand-off"
    assert ctx.stack.top.opaque  # the table (and that hand) is not drawn under the hand-off
    ready(ctx)
    settle(ctx, scene, 60)
    assert scene.view.private_shown() and _face_up_hand(scene, second)


def _own_secret_lines(scene: TableScene, seat: int) -> list[str]:
    """Lines of the table's log panel that only `seat` may read: its Hold draws (with the Shard's
    name) and its secret choice."""
    name = scene.view.view["players"][seat]["name"]
    return [text for text, _ in scene.log.lines
            if text.startswith(name) and ("(shrouded)" in text and " drew " in text or " in secret" in text)]


def frames_until_handoff(ctx: AppContext, limit: int = 600) -> Iterator[int]:
    """Step the table a frame at a time, yielding after each one, until a hand-off card covers it."""
    for frame in range(limit):
        step(ctx, [], DT)
        read_on(ctx)
        ctx.stack.apply_pending()
        if isinstance(ctx.stack.top, HandoffScene):
            return
        yield frame


def test_hot_seat_reveal_keeps_the_screen_owners_secrets_out_of_the_log(ctx: AppContext) -> None:
    """While everyone watches the reveal on the last chooser's screen, the log panel must not read
    'Ronin drew Mary's Shard 2 into their Hold (shrouded)': the Hold is drawn face down, so must the
    log be. After the hand-off back to that seat the lines are there again."""
    scene, _first, second = both_humans_choose(ctx)
    watched = 0
    for _ in frames_until_handoff(ctx):
        if not scene.view.private_shown():
            watched += 1
            assert _own_secret_lines(scene, second) == []
    assert watched > 0
    ready(ctx)
    settle(ctx, scene, 60)
    assert scene.view.private_shown()
    assert any(" drew " in line for line in _own_secret_lines(scene, second))


def test_hot_seat_before_the_second_hand_off_the_seat_on_screen_has_no_buttons(ctx: AppContext) -> None:
    """Seed 9: Ronin chose last and resolves first. While the reveal plays, Ronin's Decline / Resolve
    and the Hint wait for the hand-off like the cards do (the old table showed them over a face-down
    hand, clickable, before 'I'm ready')."""
    scene, _first, second = both_humans_choose(ctx)
    frames = 0
    for _ in frames_until_handoff(ctx):
        if scene.match.state.plays:
            frames += 1
            assert scene.acting_human() is None
            # (only Continue, once the reveal is held for everyone to read)
            assert all(b.label.startswith("Continue") for b in scene.action_buttons)
            assert not scene.btn_hint.enabled
    assert frames > 0
    ready(ctx)
    settle(ctx, scene, 60)
    assert scene.acting_human() == second and scene.action_buttons and scene.btn_hint.enabled


def test_hot_seat_a_persons_own_resolution_goes_on_to_their_keep_choice_without_a_hand_off(
        ctx: AppContext) -> None:
    """Fracture: the person handed the screen resolves it, the two Shards fly in, and the same person
    keeps one. Nobody else looks at the screen meanwhile, so no 'Back to ...' card comes between
    (play-test: Fracture and Telekinesis each put one in the middle of one person's action; the
    table used to treat the Shards' flight as a moment everyone watched)."""
    scene = open_table(ctx, ["human", "human"], seed=4)
    reach_resolution(ctx, scene, FRACTURE, TELEKINESIS)
    for _ in range(6):
        if isinstance(ctx.stack.top, HandoffScene):
            ready(ctx)
        settle(ctx, scene)
        pending = scene.view.view["pending"] or {}
        if pending.get("kind") == "act" and pending.get("action") == FRACTURE and scene.acting_human() is not None:
            break
        seat = scene.acting_human()
        if seat is not None:
            scene.play(scene.match.state.candidates(seat)[-1])  # decline whatever comes first
    me = scene.acting_human()
    assert me is not None and scene.view.view["pending"]["action"] == FRACTURE
    assert scene.view.private_shown(), "the person was handed the screen for their resolution"
    click_button(ctx, scene, "resolve")
    for _ in range(200):
        ctx.stack.apply_pending()
        assert not isinstance(ctx.stack.top, HandoffScene), "no hand-off in the middle of one person's action"
        step(ctx, [], DT)
        if not scene.animator.busy and scene.view.view["pending"].get("kind") == "keep":
            break
    settle(ctx, scene, 60)
    assert not isinstance(ctx.stack.top, HandoffScene)
    assert scene.acting_human() == me and scene.view.view["pending"]["kind"] == "keep"
    assert scene.view.private_shown() and scene.view.geo.modal


def test_hot_seat_game_opens_with_one_hand_off_after_the_deal(ctx: AppContext) -> None:
    """The deal plays first, then the first player is handed the screen once (not 'Pass to Player 1'
    before the deal and 'Back to Player 1' after it)."""
    scene = open_table(ctx, ["human", "human", "human"], seed=9, players_ready=False)
    handoff = ctx.stack.top
    assert isinstance(handoff, HandoffScene) and not handoff.again
    assert scene.match.state.chars.count(-1) == 0  # dealt under it
    ready(ctx)
    seat = next_turn(ctx, scene)
    assert seat == 0 and scene.view.private_shown()


def test_hot_seat_the_chosen_action_flies_to_its_slot_face_down(ctx: AppContext) -> None:
    """The hand is drawn face down while the choice animates (the table may be looking), so the
    chosen card must not cross the table face up either (it did, 'Unleash' in the real window)."""
    scene = open_table(ctx, ["human", "human"], seed=9)
    settle(ctx, scene)
    first = scene.acting_human()
    assert first is not None
    click(ctx, at(scene, hand(EXPOSE)))
    lock_in(ctx)
    flights = [tw for tw in scene.animator.tweens
               if tw.kind == "wc-move" and tuple(tw.payload.get("hide", ())) == ("arena", first)]
    assert flights and all(tw.payload["face"] == ("back",) for tw in flights)


# --- safe to target -------------------------------------------------------------------------------
def _expose_turn(ctx: AppContext) -> TableScene:
    scene = hot_seat_resolution(ctx, EXPOSE, FRACTURE)
    assert scene.view.view["pending"]["action"] == EXPOSE
    return scene


def test_decline_asks_once_before_giving_the_action_up(ctx: AppContext) -> None:
    from game.worlds_collide.commands import Decline
    from scenes.confirm import ConfirmScene

    scene = _expose_turn(ctx)
    me = scene.acting_human()
    key(ctx, pygame.K_d)
    ctx.stack.apply_pending()
    assert isinstance(ctx.stack.top, ConfirmScene) and "counts as played" in ctx.stack.top.detail
    assert Decline(me) not in scene.match.commands  # nothing given up yet
    key(ctx, pygame.K_RETURN)
    ctx.stack.apply_pending()
    assert scene.match.commands[-1] == Decline(me)  # one question, then it is done


def test_target_highlights_use_a_colour_no_character_uses(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.views.worlds_collide.art import LOOKS

    scene = _expose_turn(ctx)
    drawn: list[tuple[pygame.Rect, tuple[int, int, int]]] = []
    real = scene.view._glow

    def spy(surface: pygame.Surface, rect: pygame.Rect, colour: Any, pulse: float, strong: bool) -> None:
        drawn.append((pygame.Rect(rect), tuple(colour)))
        real(surface, rect, colour, pulse, strong)

    monkeypatch.setattr(scene.view, "_glow", spy)
    overlay = scene.overlay()
    scene.view.draw(pygame.Surface(ctx.screen.get_size()), overlay, scene.animator)
    targets = {it.rect.topleft for it in scene.view.geo.items if it.target in overlay.clickable}
    glows = [(r, c) for r, c in drawn if r.topleft in targets]
    assert glows  # the real targets glow...
    assert {r.topleft for r, _c in drawn} <= targets | {it.rect.topleft for it in scene.view.geo.items
                                                        if it.target is not None and it.target.zone == "acting"}
    for _rect, colour in glows:  # ...in a colour far from every Character's
        for look in LOOKS:
            assert sum((a - b) ** 2 for a, b in zip(colour, look.colour)) ** 0.5 > 150, (colour, look)


def test_telekinesis_takes_from_the_discard_through_a_picker_with_every_card_whole(ctx: AppContext) -> None:
    from game.worlds_collide.cards import parse_card
    from game.worlds_collide.commands import PickDiscard

    scene = hot_seat_resolution(ctx, TELEKINESIS, SHIFT)
    me = scene.acting_human()
    assert scene.view.view["pending"]["action"] == TELEKINESIS
    state = scene.match.state
    for name in ("M1", "K2", "R3", "W"):
        state.discard[parse_card(name)] += 1
        state.discard_n += 1
    scene.resume()
    step(ctx, [], DT)
    assert scene.view.discard_is_target()  # the Discard as a whole is a target...
    strips = [it for it in scene.view.geo.items if it.key[:1] == ("discard",) and len(it.key) == 2]
    assert len(strips) >= 4 and all(it.target is None for it in strips)  # ...never a fanned strip
    count = len(scene.match.commands)
    rect = scene.view.geo.discard_rect
    click(ctx, (rect.x + 6, rect.centery))  # on the first card's thin strip
    assert len(scene.match.commands) == count  # nothing taken by the click on a strip
    view = scene.view
    assert view.browser_open and view.geo.modal_title.startswith("Take a Shard from the Discard")
    cards = view.geo.modal
    assert len(cards) == len(view.view["discard"])
    for i, a in enumerate(cards):  # every card whole: none covers another
        assert all(not a.rect.colliderect(b.rect) for b in cards[i + 1:])
    want = next(it for it in cards if it.target == Target("discard", ident="R3"))
    click(ctx, want.rect.center)
    assert PickDiscard(me, parse_card("R3")) in scene.match.commands


def test_the_secret_choice_is_picked_then_locked_in_and_can_be_taken_back_before(ctx: AppContext) -> None:
    scene = open_table(ctx, ["human", "random"])
    settle(ctx, scene)
    seat = scene.acting_human()
    assert seat is not None
    click(ctx, at(scene, hand(TELEKINESIS)))
    assert not any(isinstance(c, ChooseAction) and c.seat == seat for c in scene.match.commands)
    assert scene.view.staged() == TELEKINESIS and scene.view.anchor(hand(TELEKINESIS)) is None  # in the slot
    assert [a.label for a in scene.view.actions(seat)] == ["Lock in Telekinesis"]
    assert any(b.label == "Lock in Telekinesis" for b in scene.action_buttons)
    click(ctx, at(scene, Target("play-slot")))  # picked up again
    assert scene.view.staged() is None and scene.view.anchor(hand(TELEKINESIS)) is not None
    assert not scene.action_buttons
    drag(ctx, at(scene, hand(SHIFT)), at(scene, Target("play-slot")))
    assert scene.view.staged() == SHIFT
    click(ctx, at(scene, hand(EXPOSE)))  # another card swaps the pick
    assert scene.view.staged() == EXPOSE and scene.view.anchor(hand(SHIFT)) is not None
    lock_in(ctx)
    assert ChooseAction(seat, EXPOSE) in scene.match.commands
    assert not any(isinstance(c, ChooseAction) and c.seat == seat and c.action != EXPOSE
                   for c in scene.match.commands)


def test_resolve_and_decline_are_written_in_the_same_type(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = hot_seat_resolution(ctx, FRACTURE, SHIFT)
    labels = [b.label for b in scene.action_buttons]
    assert labels == ["Resolve Fracture", "Decline"]
    sizes: dict[str, int] = {}
    real = scene.text.blit

    def spy(surface: pygame.Surface, text: str, size: int, *args: Any, **kw: Any) -> Any:
        if text in labels:
            sizes[text] = size
        return real(surface, text, size, *args, **kw)

    monkeypatch.setattr(scene.text, "blit", spy)
    scene.draw(pygame.Surface(ctx.screen.get_size()))
    assert set(sizes) == set(labels) and len(set(sizes.values())) == 1, sizes


# --- hot-seat ---------------------------------------------------------------------------------------
def test_esc_on_a_hand_off_opens_the_pause_menu_over_it_without_showing_the_table(ctx: AppContext) -> None:
    from scenes.pause import PauseScene

    open_table(ctx, ["human", "human"], players_ready=False)
    handoff = ctx.stack.top
    assert isinstance(handoff, HandoffScene)
    key(ctx, pygame.K_ESCAPE)
    ctx.stack.apply_pending()
    assert isinstance(ctx.stack.top, PauseScene)
    below = ctx.stack.scenes[-2]
    assert below is handoff and handoff.opaque  # the table stays covered under the menu
    key(ctx, pygame.K_ESCAPE)  # resume: back to the hand-off, not to the table
    ctx.stack.apply_pending()
    assert ctx.stack.top is handoff


def test_the_side_bar_says_a_pick_waits_for_lock_in(ctx: AppContext) -> None:
    """It said "Drag, or click once to play" though a click now only picks the card (and before
    that "Drag, or click then click", whose second click met "not your turn": play-test)."""
    scene = open_table(ctx, ["human", "random"])
    settle(ctx, scene)
    assert scene.view.view["phase"] == "choose"
    assert scene._action_hint() == "Drag or click a card to pick it, then Lock in"
    click(ctx, at(scene, hand(TELEKINESIS)))
    lock_in(ctx)
    assert scene._action_hint() != "Drag or click a card to pick it, then Lock in"


# --- a reveal held on screen until Continue ---------------------------------------------------------
def test_hot_seat_the_reveal_stays_on_screen_until_continue_and_only_then_the_hand_off_comes(
        ctx: AppContext) -> None:
    scene, _first, _second = both_humans_choose(ctx)
    for _ in range(600):  # the flips play out; nobody presses anything
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        assert not isinstance(ctx.stack.top, HandoffScene)
        if not scene.animator.busy and scene.view.held_words() is not None:
            break
    for _ in range(120):  # two seconds later it is still there, waiting
        step(ctx, [], DT)
    ctx.stack.apply_pending()
    assert not isinstance(ctx.stack.top, HandoffScene)
    words = scene.view.held_words()
    assert words is not None and words.startswith("Revealed:") or "clash" in (words or "").lower()
    assert scene.view.status(scene.names)[0] == words  # the banner says what to read
    assert [b.label for b in scene.action_buttons] == ["Continue"]
    assert scene.acting_human() is None or not scene._input_open()
    key(ctx, pygame.K_RETURN)
    assert scene.view.held_words() is None
    wait_for_handoff(ctx, 200)


def test_against_a_computer_a_reveal_counts_down_when_pausing_on_key_moments_is_off(ctx: AppContext) -> None:
    ctx.settings.key_moment_stops = False
    scene = open_table(ctx, ["human", "random"], seed=4)
    settle(ctx, scene)
    me = scene.acting_human()
    assert me is not None
    click(ctx, at(scene, hand(EXPOSE)))
    lock_in(ctx)
    labels: set[str] = set()
    held = False
    for _ in range(900):
        step(ctx, [], DT)
        if scene.view.held_words() is not None:
            held = True
            labels.update(b.label for b in scene.action_buttons)
        elif held:
            break
    assert held  # seed 4: the computer resolves first, so the reveal is held for the person to read
    assert any(label.startswith("Continue (") for label in labels)  # a visible countdown
    assert scene.view.held_words() is None  # ...that ended by itself


def test_hot_seat_the_end_of_round_table_is_seen_before_the_next_hand_off(ctx: AppContext) -> None:
    scene, _first, _second = both_humans_choose(ctx)
    start_round = scene.match.state.round
    ended_words = None
    for _ in range(3000):
        step(ctx, [], DT)
        ctx.stack.apply_pending()
        top = ctx.stack.top
        if isinstance(top, HandoffScene):
            if scene.match.state.round != start_round:
                break  # the next round's hand-off: the end of the round was held before it (below)
            ready(ctx)
            continue
        words = scene.view.held_words()
        if words is not None and not scene.animator.busy:
            if scene.match.state.round != start_round:
                ended_words = words
                assert "is over" in words or "Revealed" in words or "lash" in words
                # the round's plays stay on the table while its end is read (play-test: the slots
                # already said "Drop here" for the next round)
                from scenes.animation import Animator
                from scenes.views.base import Overlay
                plays = scene.view.held_plays()
                assert plays
                held = pygame.Surface(ctx.screen.get_size())
                scene.view.draw(held, Overlay(), Animator(1.0))
                kept, scene.view.hold = scene.view.hold, None
                bare = pygame.Surface(ctx.screen.get_size())
                scene.view.draw(bare, Overlay(), Animator(1.0))
                scene.view.hold = kept
                centre = plays[0][0].center
                assert held.get_at(centre) != bare.get_at(centre)
                # a resize while it is held moves the plays with their slots (play-test: they
                # stayed at the old pixels, over the round counter)
                old_rect, area = plays[0][0], pygame.Rect(scene.view.rect)
                scene.view.layout(pygame.Rect(area.x, area.y, area.width * 3 // 4, area.height * 3 // 4))
                moved = scene.view.held_plays()[0][0]
                assert moved != old_rect and moved == scene.view.geo.places[("arena", 0)]
                scene.view.layout(area)
            key(ctx, pygame.K_RETURN)
            continue
        seat = scene.acting_human()
        if seat is not None and not scene.animator.busy and scene.match.state.round == start_round:
            scene.play(scene.match.state.candidates(seat)[-1])  # decline (or take the last option)
    assert scene.match.state.round == start_round + 1
    assert ended_words is not None, "the round's end went straight to the next hand-off"
