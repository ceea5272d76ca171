"""The skirmish at the table, headless, as a person plays it: deploy by dragging from the tray,
click a model and an order to activate, drag to move (a refused drop stays put and says why),
Enter to end the move, click an enemy to attack, the re-roll and keep buttons, undo."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.match import Match
from game.core.protocol import CHANCE, Refusal, Target, by_itself
from game.skirmish import rules
from game.skirmish.commands import Attack, Deploy, Move
from game.skirmish.game import SKIRMISH
from game.skirmish.state import SkirmishState
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.skirmish.view import SkirmishView
from tests.scenes.gestures import DT, at, click, drag, key
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="fast") as context:
        yield context


def settle(ctx: AppContext, scene: TableScene, frames: int = 300) -> None:
    for _ in range(frames):
        step(ctx, [], DT)
        if not scene.animator.busy and not by_itself(scene.match.to_act()) and scene.acting_human() is not None:
            return


def open_table(ctx: AppContext, seed: int = 3) -> tuple[TableScene, SkirmishView]:
    match = Match(SKIRMISH, {}, seed, ["human", "human"])
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    settle(ctx, scene)
    assert isinstance(scene.view, SkirmishView)
    return scene, scene.view


def state_of(scene: TableScene) -> SkirmishState:
    state = scene.match.state
    assert isinstance(state, SkirmishState)
    return state


def kept(view: SkirmishView, model: int, world: tuple[float, float]) -> bool:
    """Whether a drop of `model` at `world` stays there (not set against a friend it looks
    touching at this zoom, `SkirmishView.drop_point`): the tests below want models apart."""
    return view.drop_point(Target("figure", ident=str(model)), world) == world


def deploy_all(ctx: AppContext, scene: TableScene, view: SkirmishView) -> None:
    """Drag every model from the tray to a free spot of its zone (a spot the engine offers)."""
    for _ in range(60):
        state = state_of(scene)
        if state.phase != "deploy":
            return
        seat = state.to_act()[0]
        zone = state.mission.zones[seat]
        middle = (sum(p[0] for p in zone) / len(zone), sum(p[1] for p in zone) / len(zone))
        # a spot near the zone's middle that stays legal at the pixel the pointer can reach
        spots = sorted(state.candidates(seat), key=lambda c: (c.at[0] - middle[0]) ** 2 + (c.at[1] - middle[1]) ** 2)
        spot = next(c for c in spots if SKIRMISH.why_illegal(
            state, Deploy(seat, c.model, view.to_world(at(scene, Target("table", point=c.at))))) is None
            and kept(view, c.model, view.to_world(at(scene, Target("table", point=c.at)))))
        step(ctx, [], DT)
        drag(ctx, at(scene, Target("figure", ident=str(spot.model))), at(scene, Target("table", point=spot.at)))
        settle(ctx, scene)
        assert state_of(scene).figures[spot.model].deployed, scene.status_text


def test_deploy_activate_move_and_undo_by_hand(ctx: AppContext) -> None:
    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    state = state_of(scene)
    assert state.phase == "activations"
    seat = state.to_act()[0]
    model = next(f for f in state.alive(seat) if f.on_table)
    click(ctx, at(scene, Target("figure", ident=str(model.id))))
    assert view.selected == [model.id]
    step(ctx, [], DT)
    click(ctx, at(scene, Target("order", ident=f"{model.id}|move_attack|")))
    settle(ctx, scene)
    state = state_of(scene)
    assert state.activation is not None and state.activation.figures == (model.id,)
    # a drop out of reach is refused with the engine's reason and the model stays
    far = (state.table.width - model.x, state.table.depth - model.y)
    dropped = view.to_world(at(scene, Target("table", point=far)))  # the pixel's point, set against a base it is on
    why = rules.why_illegal(state, Move(seat, model.id, rules.landing(state, model.id, dropped)))
    assert why is not None
    drag(ctx, at(scene, Target("figure", ident=str(model.id))), at(scene, Target("table", point=far)))
    settle(ctx, scene)
    assert scene.status_text == why and state_of(scene).figures[model.id].at == model.at
    # a legal drop moves it there
    goal = next(c.to for c in state.candidates(seat) if isinstance(c, Move) and SKIRMISH.why_illegal(
        state, Move(seat, model.id, view.to_world(at(scene, Target("table", point=c.to))))) is None)
    drag(ctx, at(scene, Target("figure", ident=str(model.id))), at(scene, Target("table", point=goal)))
    settle(ctx, scene)
    moved = state_of(scene).figures[model.id]
    assert abs(moved.x - goal[0]) < 0.1 and abs(moved.y - goal[1]) < 0.1, scene.status_text
    key(ctx, pygame.K_RETURN)  # End move
    settle(ctx, scene)
    assert state_of(scene).activation is not None and state_of(scene).activation.step == "attack"
    scene.undo()
    settle(ctx, scene)
    assert state_of(scene).activation is not None and state_of(scene).activation.step == "move"


def test_dragging_a_model_again_after_its_move_says_why_it_stays(ctx: AppContext) -> None:
    """Play-test (tenth session): after a short move, dragging the model on did nothing, without a
    word (it is no longer a piece to drag: a move is never split). The drop now gives the
    engine's reason."""
    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    state = state_of(scene)
    seat = state.to_act()[0]
    model = next(f for f in state.alive(seat) if f.on_table)
    origin = model.at
    click(ctx, at(scene, Target("figure", ident=str(model.id))))
    step(ctx, [], DT)
    click(ctx, at(scene, Target("order", ident=f"{model.id}|move_attack|")))
    settle(ctx, scene)
    state = state_of(scene)
    goal = next(c.to for c in state.candidates(seat) if isinstance(c, Move) and SKIRMISH.why_illegal(
        state, Move(seat, model.id, view.to_world(at(scene, Target("table", point=c.to))))) is None)
    drag(ctx, at(scene, Target("figure", ident=str(model.id))), at(scene, Target("table", point=goal)))
    settle(ctx, scene)
    moved = state_of(scene).figures[model.id].at
    assert moved != origin and state_of(scene).activation is not None
    before = len(scene.match.commands)
    back = origin
    drag(ctx, at(scene, Target("figure", ident=str(model.id))), at(scene, Target("table", point=back)))
    settle(ctx, scene)
    assert len(scene.match.commands) == before and state_of(scene).figures[model.id].at == moved
    assert scene.status_error and scene.status_text == rules.why_illegal(
        state_of(scene), Move(seat, model.id, view.to_world(at(scene, Target("table", point=back)))))
    assert "never split" in scene.status_text


def attack_state(seed: int) -> SkirmishState:
    """A random game until an attack step with some enemy it may attack."""
    rng = random.Random(seed)
    state = SKIRMISH.new({}, seed)
    for _ in range(3000):
        seat = state.to_act()[0]
        if seat != CHANCE and rules.decision_kind(state) == "attack" and \
                any(isinstance(c, Attack) for c in state.candidates(seat)):
            return state
        options = state.candidates(seat) if seat != CHANCE else [state.sample_chance()]
        moves = [c for c in options if isinstance(c, Move)]
        state.apply(rng.choice(moves) if moves and rng.random() < 0.9 else rng.choice(options))
        if state.is_over():
            state = SKIRMISH.new({}, seed + 1000)
    raise AssertionError("no attack came")


def test_hovering_and_clicking_an_enemy_aims_the_chosen_weapon(ctx: AppContext) -> None:
    from tests.scenes.skirmish.test_skirmish_view import make_view

    state = attack_state(11)
    seat = state.to_act()[0]
    view = make_view(ctx, state)
    legal = [c for c in state.candidates(seat) if isinstance(c, Attack)]
    cmd = legal[0]
    view.attacker = (cmd.model, cmd.weapon)
    view._build_tray()
    for enemy in state.alive(1 - seat):
        if not enemy.on_table:
            continue
        hit = view.hit_test(view.camera.to_screen(enemy.at))
        assert hit == Target("attack", ident=f"{cmd.model}/{cmd.weapon}/{enemy.id}")
        found = SKIRMISH.find_command(state, seat, hit, None)
        left = rules.attacks_of(state, state.figures[cmd.model], cmd.weapon) - state.activation.spent(cmd.model, cmd.weapon)
        why = rules.why_illegal(state, Attack(seat, cmd.model, cmd.weapon, enemy.id, left))
        assert (isinstance(found, Refusal) and found.reason == why) or found == Attack(seat, cmd.model, cmd.weapon,
                                                                                      enemy.id, left)
    assert Target("attack", ident=f"{cmd.model}/{cmd.weapon}/{cmd.target}") in view.clicks(seat)
    preview = view.public.attack(cmd.model, cmd.weapon, cmd.target)
    assert preview.refusal is None and 0 < preview.chance <= 1 and preview.expected > 0


def keeping_kills(state: SkirmishState) -> bool:
    """The engine's answer: keeping the attack roll as it lies takes the target out."""
    roll = state.roll
    assert roll is not None
    if roll.purpose != "attack":
        return False
    after = state.clone()
    after.apply(after.candidates(roll.side)[0])  # keep
    return after.figures[roll.target].fallen or after.figures[roll.target].health <= 0


def reroll_state(lethal: bool) -> tuple[SkirmishState, int]:
    """A random game until a re-roll offer whose kept dice do (or do not) already kill."""
    rng = random.Random(2)
    state = SKIRMISH.new({}, 2)
    for k in range(20000):
        if state.is_over():
            state = SKIRMISH.new({}, 100 + k)
        seat = state.to_act()[0]
        if seat != CHANCE and rules.decision_kind(state) == "reroll" and len(state.candidates(seat)) > 1 \
                and keeping_kills(state) == lethal:
            return state, seat
        options = state.candidates(seat) if seat != CHANCE else [state.sample_chance()]
        attacks = [c for c in options if isinstance(c, (Attack, Move))]  # close in and attack: rolls come
        state.apply(rng.choice(attacks) if attacks and rng.random() < 0.9 else rng.choice(options))
    raise AssertionError("no such re-roll offer came")


def test_the_reroll_button_names_its_cost_and_plays_the_reroll(ctx: AppContext) -> None:
    from tests.scenes.skirmish.test_skirmish_view import make_view

    state, seat = reroll_state(lethal=False)
    view = make_view(ctx, state)
    view._build_tray()
    labels = {t.zone: label for _, label, t, _ in view.tray if t is not None}
    reroll = state.candidates(seat)[1]
    n = len(reroll.dice)
    assert labels["reroll"] == f"Re-roll {n} failed ({n} AP)"
    assert SKIRMISH.find_command(state, seat, Target("reroll"), None) == reroll
    assert SKIRMISH.find_command(state, seat, Target("keep"), None) == state.candidates(seat)[0]


def test_no_reroll_is_offered_when_the_landed_dice_already_kill(ctx: AppContext) -> None:
    """Re-rolling failed dice cannot add to a kill: only Keep is shown, and the prompt says why."""
    from tests.scenes.skirmish.test_skirmish_view import make_view

    state, seat = reroll_state(lethal=True)
    view = make_view(ctx, state)
    view._build_tray()
    zones = {t.zone for _, _, t, _ in view.tray if t is not None}
    assert "keep" in zones and "reroll" not in zones
    assert "enough to take" in view._tray_prompt(["A", "B"])


def test_stopping_the_round_asks_first_and_going_back_changes_nothing(ctx: AppContext) -> None:
    """Stopping cannot be taken back once the other side activates (and rolls): the button asks first."""
    from scenes.confirm import ConfirmScene

    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    before = scene.match.state.notation()
    stop = next(b for b in scene.action_buttons if b.label == "Stop the round")
    click(ctx, stop.rect.center)
    step(ctx, [], DT)
    card = ctx.stack.top
    assert isinstance(card, ConfirmScene) and card.question == "Stop the round?"
    assert "carry over" in card.detail and "not yet activated" in card.detail
    assert "activation point" in card.detail  # play-test: "3 points" read as the score's points
    # play-test: the go-on button showed a "play" arrow; stopping the round shows a pause
    assert card.icon == "pause-button"
    assert any("#i_pause-button_dark" in b.object_ids for b in card._actions)
    key(ctx, pygame.K_ESCAPE)  # go back: nothing played
    step(ctx, [], DT)
    assert ctx.stack.top is scene and scene.match.state.notation() == before
    click(ctx, stop.rect.center)
    step(ctx, [], DT)
    key(ctx, pygame.K_RETURN)  # confirm: the Stop is played
    settle(ctx, scene)
    assert ctx.stack.top is scene
    assert any(type(c).__name__ == "Stop" for c in scene.match.commands)


def test_a_hint_for_a_button_names_the_button(ctx: AppContext) -> None:
    """A suggested Stop is said as the button a person presses, not as 'the computer would pass'."""
    from game.skirmish.commands import Stop
    from scenes.flow import Hint

    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    seat = scene.acting_human()
    assert seat is not None
    scene._act(Hint(seat, Stop(seat)))
    assert scene.status_text == "Hint: Stop the round (the lit button)."
    assert scene.hinted_button() is not None and scene.hinted_button().label == "Stop the round"  # type: ignore[union-attr]


def test_a_model_picked_by_a_box_activates_with_its_order_button(ctx: AppContext) -> None:
    """Play-test: after a shift-drag box picked a model, the order buttons did nothing (the table
    still held what a click did before the pick)."""
    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    state = state_of(scene)
    seat = state.to_act()[0]
    model = next(f for f in state.alive(seat) if f.on_table)
    cx, cy = at(scene, Target("figure", ident=str(model.id)))
    from game.skirmish.geometry import base_radius

    r = int(view.camera.length(base_radius(model.unit.base_mm))) + 4  # corners clear of the base
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        start, end = (cx - r, cy - r), (cx + r, cy + r)
        others = [f for f in state.figures if f.on_table and f.id != model.id
                  and start[0] <= view.camera.to_screen(f.at)[0] <= end[0]
                  and start[1] <= view.camera.to_screen(f.at)[1] <= end[1]]
        assert not others
        assert view.hit_test(start) is None  # the box starts on empty table
        drag(ctx, start, end)
    finally:
        pygame.key.set_mods(0)
    assert view.selected == [model.id]
    step(ctx, [], DT)
    click(ctx, at(scene, Target("order", ident=f"{model.id}|move_attack|")))
    settle(ctx, scene)
    act = state_of(scene).activation
    assert act is not None and act.figures == (model.id,)


def until_the_computer_activates(seed: int) -> Match:
    """A game against `greedy`, played at random until the person has just ended an activation
    (a move Undo could take back) and the computer is to activate."""
    match = Match(SKIRMISH, {}, seed, ["human", "greedy"])
    rng = random.Random(seed)
    for _ in range(3000):
        state = state_of_match(match)
        seat = state.to_act()[0]
        if state.phase == "activations" and seat == 1 and match.commands and match.commands[-1].seat == 0 \
                and match.undo_point(0) is not None:
            return match
        result = match.resolve_chance() if seat == CHANCE else match.submit(rng.choice(state.candidates(seat)))
        assert result.ok, result.reason
    raise AssertionError("the computer never came to activate after the person")


def state_of_match(match: Match) -> SkirmishState:
    state = match.state
    assert isinstance(state, SkirmishState)
    return state


def test_undo_waits_greyed_while_the_computer_plays_its_activation(ctx: AppContext) -> None:
    """Play-test: Undo looked lit while the computer moved. While it only thinks, nothing of its
    move played yet, Undo is lit (it would withdraw the question: `computer_only_thinking`); from
    its first step to the end of its move's animation it is greyed, its tooltip (and Ctrl+Z) says
    why, and it comes back as the Match allows once the person is to act again."""
    match = until_the_computer_activates(4)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    step(ctx, [], DT)
    n = len(match.commands)
    assert scene.computer_moving() == 1 and scene.computer_only_thinking()
    assert scene.btn_undo.enabled and "stops thinking" in scene.btn_undo.tooltip
    seen_moving = refused = False
    for _ in range(2000):
        step(ctx, [], DT)
        if len(match.commands) > n and (scene.animator.busy or scene.ai_to_act() == 1):
            assert not scene.btn_undo.enabled, "greyed while the computer's move plays"
            seen_moving = seen_moving or "moving" in scene.btn_undo.tooltip
            if not refused:
                played = len(match.commands)
                key(ctx, pygame.K_z, pygame.KMOD_LCTRL)
                assert len(match.commands) >= played, "nothing taken back"
                assert "Undo comes back" in scene.status_text
                refused = True
        if scene.acting_human() == 0 and not scene.animator.busy:
            break
    assert seen_moving and refused
    assert scene.acting_human() == 0
    assert scene.computer_moving() is None
    assert scene.btn_undo.enabled == (scene.undo_refusal() is None)
    assert "Undo comes back" not in scene.btn_undo.tooltip


def test_a_double_click_on_end_activation_does_not_press_the_stop_that_takes_its_place(ctx: AppContext) -> None:
    """Play-test (eighth session): "Stop the round" appears where "End activation" was, so the
    second click of a quick double click asked to stop the round. A press on a button that took
    another's place a moment ago is ignored; a moment later it works."""
    from game.skirmish.commands import Activate
    from scenes.confirm import ConfirmScene
    from scenes.table import FRESH_BUTTON_S

    scene, view = open_table(ctx)
    deploy_all(ctx, scene, view)
    seat = state_of(scene).to_act()[0]
    model = next(f.id for f in state_of(scene).alive(seat) if f.on_table)
    scene.play(Activate(seat, (model,), "move_attack"))
    settle(ctx, scene)
    for _ in range(int(FRESH_BUTTON_S / DT) + 2):
        step(ctx, [], DT)
    end = next(b for b in scene.action_buttons if b.label == "End activation")
    click(ctx, end.rect.center)
    step(ctx, [], DT)
    assert state_of(scene).activation is None
    stop = next(b for b in scene.action_buttons if b.label == "Stop the round")
    assert stop.rect.collidepoint(end.rect.center)
    click(ctx, end.rect.center)
    step(ctx, [], DT)
    assert ctx.stack.top is scene, "the double click's second press asked nothing"
    for _ in range(int(FRESH_BUTTON_S / DT) + 2):
        step(ctx, [], DT)
    click(ctx, end.rect.center)
    step(ctx, [], DT)
    assert isinstance(ctx.stack.top, ConfirmScene)
