"""Plans: the commands a seat will play until another seat, chance or a reveal intervenes.

A computer answers with a plan (`game.ai.agents.Agent.plan`): Rally's whole program card by
card and its "done", or, in games whose decisions are single commands, a plan of one step.
Whoever plays a plan (the arena, the table's flow) plays it one step at a time, each step
checked by `Match.submit` like a person's command, and drops the rest - asking the agent
again - as soon as a step is refused or the position is no longer the one the plan was made
for (`PlanInPlay.fits`). Example, the arena's way (`follow`):

    plan = agent.plan(match.state, seat)          # (ProgramCard, ProgramCard, ..., FinishPlanning)
    played, refusal = follow(match, seat, plan)   # stops at a refusal or an unforeseen change
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.core.match import Match
from game.core.protocol import Command, Seat

Plan = tuple[Command, ...]
"""The steps a seat will play, in order: at least one."""


@dataclass(frozen=True)
class PlanInPlay:
    """What is left of a seat's plan, and the position its next step was planned for."""

    seat: Seat
    steps: Plan
    """The steps still to play, the next first."""
    ply: int
    """The length of the match's history when the next step was planned (asked, or the last step played)."""
    actors: tuple[Seat, ...] = ()
    """The seats that were choosing together (a simultaneous choice) when it was asked, else ()."""

    def fits(self, history: Sequence[Command], to_act: Sequence[Seat]) -> bool:
        """Its next step still answers the position: the seat must act, and nothing happened
        since it was planned - or, in a simultaneous choice, only the other seats of that choice
        have chosen (their choices are hidden from it, so no plan could foresee them). Chance,
        a reveal or the engine's own step in between (AUTO) means the plan is out of date."""
        if not self.steps or self.seat not in to_act:
            return False
        n = len(history)
        if n == self.ply:
            return True
        if not self.actors or self.ply > n:
            return False
        return all(c.seat in self.actors and c.seat != self.seat for c in history[self.ply:])

    def played(self, ply: int) -> PlanInPlay:
        """The rest once the next step has been played, leaving the history `ply` long."""
        return replace(self, steps=self.steps[1:], ply=ply)


def follow(match: Match, seat: Seat, plan: Plan) -> tuple[int, str | None]:
    """Play `plan` for `seat` at once, step by step through `Match.submit`, while it fits the
    position. Returns how many steps were played and the reason the first refused one was
    refused (None if none was): the rest of a plan is dropped either way, and the caller asks
    the agent again if the seat still must act."""
    run = PlanInPlay(seat, tuple(plan), len(match.commands))
    played = 0
    while run.fits(match.commands, match.to_act()):
        result = match.submit(run.steps[0])
        if not result.ok:
            return played, result.reason
        played += 1
        run = run.played(len(match.commands))
    return played, None
