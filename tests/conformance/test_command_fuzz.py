"""Garbage commands, in every registered game: `Game.check` never raises and a refused command
leaves the match exactly as it was; a command `check` accepts is one `apply` can play.

Found by fuzzing `Match.submit` with about 95,000 garbage commands (issue 12): a command decoded
with 1.0 where an int belongs (`pick_discard` in Worlds Collide, `program_card` in Rally) was
not refused, and `submit` raised TypeError after changing the state. The garbage here: each
candidate with one field spoilt (a neighbour value, a far value, a float, a bool, text, null, a
list of the wrong length), the command of another seat, commands of other games, and commands
from another position of the same game.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.core.match import Match
from game.core.protocol import CHANCE, Command, Game, by_itself
from game.core.registry import all_games, in_progress_games

GAMES = all_games() + in_progress_games()  # engines still being built too (Cosmos)
for_every_game = pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])


def spoilt_values(value: Any) -> Iterator[Any]:
    """Values a field holding `value` should not take, or may but only when legal."""
    if isinstance(value, bool):
        yield from (not value, 0, 1, None, "yes")
    elif isinstance(value, int):
        yield from (value + 1, value - 1, -1, 10**6, -(10**9), float(value), value + 0.5, True, str(value), None,
                    [value])
    elif isinstance(value, tuple):
        yield from ((), value + value[:1], value[:-1], None, 7, "x")
        for i, item in enumerate(value):
            for bad in spoilt_values(item):
                yield value[:i] + (bad,) + value[i + 1:]
    else:
        yield from (None, 0, "x")


def spoilt(command: Command, r: random.Random, limit: int) -> list[Command]:
    """`command` with one field replaced (built without the codec: the types are not checked)."""
    out: list[Command] = []
    for f in dataclasses.fields(command):
        for bad in spoilt_values(getattr(command, f.name)):
            out.append(dataclasses.replace(command, **{f.name: bad}))
    r.shuffle(out)
    return out[:limit]


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything a refused command must leave as it was."""
    state = match.state
    views = [json.dumps(state.view(s), sort_keys=True, default=str) for s in range(len(match.seats))]
    return (state.notation(), state.rng.to_json(), tuple(state.to_act()), tuple(views),
            tuple(c.to_json().__repr__() for c in match.commands), len(match.log))


def other_games_commands(game: Game, r: random.Random) -> list[Command]:
    out: list[Command] = []
    for other in GAMES:
        if other.info.id == game.info.id:
            continue
        m = Match(other, {}, r.randrange(1000), ["human"] * other.info.min_players)
        for _ in range(12):
            if m.state.is_over():
                break
            if by_itself(m.to_act()):
                m.resolve_chance()
            else:
                m.submit(r.choice(m.state.candidates(m.to_act()[0])))
        out.extend(m.commands)
    return out


def garbage_for(match: Match, r: random.Random, elsewhere: list[Command], foreign: list[Command]) -> list[Command]:
    state = match.state
    actors = [s for s in state.to_act() if s != CHANCE] or [0]
    out: list[Command] = []
    for seat in actors:
        candidates = state.candidates(seat)
        for cmd in r.sample(candidates, min(3, len(candidates))):
            out.extend(spoilt(cmd, r, 25))
            for other_seat in (CHANCE, -5, 99, *range(len(match.seats))):
                if other_seat != seat:
                    out.append(dataclasses.replace(cmd, seat=other_seat))
    out.extend(r.sample(elsewhere, min(15, len(elsewhere))))
    out.extend(r.sample(foreign, min(6, len(foreign))))
    return out


@for_every_game
@pytest.mark.parametrize("seed", [1, 2])
def test_garbage_commands_are_refused_with_the_state_unchanged(game: Game, seed: int) -> None:
    r = random.Random(seed)
    players = game.info.max_players if seed % 2 == 0 else game.info.min_players
    other = Match(game, {}, seed + 100, ["human"] * players)
    while not other.state.is_over() and len(other.commands) < 150:
        if by_itself(other.to_act()):
            other.resolve_chance()
        else:
            other.submit(r.choice(other.state.candidates(r.choice(other.to_act()))))
    elsewhere, foreign = list(other.commands), other_games_commands(game, r)
    match = Match(game, {}, seed, ["human"] * players)
    tried = accepted = 0
    for step in range(120):
        if match.state.is_over():
            break
        if by_itself(match.to_act()):
            assert match.resolve_chance().ok
            continue
        if step % 4 == 0:
            for bad in garbage_for(match, r, elsewhere, foreign):
                before = snapshot(match)
                refusal = game.check(match.state, bad)  # never raises
                result = match.submit(bad)  # an accepted one is played: apply must not raise
                tried += 1
                assert result.ok == (refusal is None)
                if result.ok:
                    accepted += 1
                    if match.state.is_over() or by_itself(match.to_act()):
                        break
                else:
                    assert result.reason.strip()
                    assert snapshot(match) == before, f"{bad} was refused but changed the match"
        if match.state.is_over() or by_itself(match.to_act()):
            continue
        seat = r.choice(match.to_act())
        assert match.submit(r.choice(match.state.candidates(seat))).ok
    assert tried > 300
    assert accepted < tried / 4  # almost all of it is garbage


@for_every_game
def test_a_float_where_an_int_belongs_is_malformed(game: Game) -> None:
    """The codec's own check, on every kind of command the game plays: 1.0 is not 1."""
    r = random.Random(3)
    match = Match(game, {}, 3, ["human"] * game.info.min_players)
    kinds: set[str] = set()
    while not match.state.is_over() and len(match.commands) < 300:
        if by_itself(match.to_act()):
            match.resolve_chance()
            continue
        seat = r.choice(match.to_act())
        for cmd in match.state.candidates(seat):
            for f in dataclasses.fields(cmd):
                value = getattr(cmd, f.name)
                if type(value) is int:
                    bad = dataclasses.replace(cmd, **{f.name: float(value)})
                    assert game.codec.why_malformed(bad) is not None
                    assert game.check(match.state, bad) is not None
                    kinds.add(cmd.TAG)
        match.submit(r.choice(match.state.candidates(seat)))
    assert kinds
