"""Plans (game/core/plans.py): the default one-step plan, when the rest of a plan still fits the
position, and `follow`, which plays a plan step by step and stops at a refusal or a change."""

from __future__ import annotations

from game.ai.agents import RandomAgent, make_agent
from game.core.match import Match
from game.core.plans import PlanInPlay, follow
from game.core.protocol import AUTO, CHANCE, Command
from game.core.registry import get_game
from game.rally.commands import FinishPlanning, ProgramCard
from game.rally.state import RallyState


def settled(game_id: str, seed: int, seats: list[str]) -> Match:
    match = Match(get_game(game_id), {}, seed, seats)
    while match.to_act() in ([CHANCE], [AUTO]):
        match.resolve_chance()
    return match


def rally_planning(seed: int = 3) -> Match:
    """A two-seat Rally match at its first planning phase (computers' choices before it)."""
    match = settled("rally", seed, ["greedy", "greedy"])
    agents = [make_agent("greedy", "rally", 1), make_agent("greedy", "rally", 2)]
    while match.state.phase != "planning":  # type: ignore[attr-defined]
        actors = match.to_act()
        if actors in ([CHANCE], [AUTO]):
            match.resolve_chance()
            continue
        assert match.submit(agents[actors[0]].choose(match.state, actors[0])).ok
    return match


def test_the_default_plan_is_one_step_the_command_choose_gives() -> None:
    match = settled("order-chaos", 4, ["random", "random"])
    seat = match.to_act()[0]
    plan = RandomAgent(7).plan(match.state, seat)
    assert plan == (RandomAgent(7).choose(match.state, seat),)
    assert plan[0] in match.state.candidates(seat)


def test_a_plan_fits_while_nothing_happened_or_only_fellow_choosers_chose() -> None:
    a, b, c = (Command(0), Command(1), Command(2))
    run = PlanInPlay(0, (a, a), ply=2, actors=(0, 1))
    history: list[Command] = [Command(1), Command(0)]
    assert run.fits(history, [0, 1])
    assert run.fits(history + [b], [0])  # seat 1 chose meanwhile: hidden from it, foreseen
    assert not run.fits(history + [b], [1])  # seat 0 no longer acts
    assert not run.fits(history + [c], [0, 1])  # a seat outside the choice moved
    assert not run.fits(history + [Command(CHANCE)], [0, 1])  # chance came in between
    assert not run.fits(history + [Command(AUTO)], [0, 1])  # the engine's own step (a reveal)
    assert not run.fits(history[:1], [0, 1])  # history was cut back (undo)
    alone = PlanInPlay(0, (a,), ply=2)
    assert alone.fits(history, [0]) and not alone.fits(history + [b], [0])
    assert not PlanInPlay(0, (), ply=2).fits(history, [0])  # nothing left to play
    rest = run.played(3)
    assert rest.steps == (a,) and rest.ply == 3 and rest.actors == (0, 1)


def test_follow_plays_a_rally_program_card_by_card_and_finishes() -> None:
    match = rally_planning()
    state = match.state
    assert isinstance(state, RallyState)
    seat = match.to_act()[0]
    n = len(match.commands)
    plan = make_agent("greedy", "rally", 5).plan(state, seat)
    assert len(plan) > 1 and isinstance(plan[-1], FinishPlanning)
    played, refusal = follow(match, seat, plan)
    assert refusal is None and played == len(plan)
    assert match.commands[n:] == list(plan)
    assert isinstance(match.state, RallyState) and match.state.done[seat]


def test_follow_stops_at_a_refused_step_and_keeps_what_was_played() -> None:
    match = rally_planning()
    seat = match.to_act()[0]
    state = match.state
    assert isinstance(state, RallyState)
    plan = make_agent("greedy", "rally", 5).plan(state, seat)
    first = plan[0]
    assert isinstance(first, ProgramCard)
    spoilt = (first, first) + plan[1:]  # the same card twice: the second is no longer in hand
    n = len(match.commands)
    played, refusal = follow(match, seat, spoilt)
    assert played == 1 and refusal is not None and "not in your hand" in refusal
    assert match.commands[n:] == [first] and seat in match.to_act()  # the seat is asked again


def test_follow_stops_when_the_position_moves_on_without_the_seat() -> None:
    match = rally_planning()
    seat = match.to_act()[0]
    state = match.state
    assert isinstance(state, RallyState)
    plan = make_agent("greedy", "rally", 5).plan(state, seat)
    finish = plan[-1]
    played, refusal = follow(match, seat, (finish, finish))  # done: the second 'done' is not asked for
    assert (played, refusal) == (1, None)
    assert seat not in match.to_act()
