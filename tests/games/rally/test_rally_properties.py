"""Properties of random Rally games: conservation of energy and titanium, the
entropy clock, and views that ignore every hidden fact."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import Event
from game.rally.commands import (
    Battle,
    CardPlayed,
    EntropyChanged,
    LaserHit,
    Production,
    ShipDestroyed,
    TilePlaced,
)
from game.rally.game import RALLY
from game.rally.state import RallyState
from tests.random_play import pick, random_walk

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(seed: int, n: int, steps: int) -> RallyState:
    """A Rally game of `n` players after up to `steps` random commands (chance drawn as in play)."""
    return random_walk(RALLY.new({}, seed, n), random.Random(seed), steps)


def energy(s: RallyState) -> int:
    return (sum(sh.energy for sh in s.ships.values()) + sum(s.pool)
            + sum(t.value for t in s.tiles.values() if t.kind == "energy"))


def titanium(s: RallyState) -> int:
    return (sum(sh.titanium for sh in s.ships.values()) + sum(s.points)
            + sum(t.value for t in s.tiles.values() if t.kind == "titanium"))


def energy_ledger(events: list[Event]) -> int:
    """The documented sources (production, energy tiles placed) and sinks
    (cards paid, laser hits, battle losses, energy lost with a ship)."""
    total = 0
    for e in events:
        if isinstance(e, Production):
            total += e.portals + e.free
        elif isinstance(e, TilePlaced) and e.kind == "energy":
            total += e.value
        elif isinstance(e, CardPlayed):
            total -= e.paid
        elif isinstance(e, LaserHit):
            total -= 2
        elif isinstance(e, Battle):
            total -= sum(b - a for b, a in zip(e.before, e.after))
        elif isinstance(e, ShipDestroyed):
            total -= e.energy
    return total


def titanium_ledger(events: list[Event]) -> int:
    total = 0
    for e in events:
        if isinstance(e, TilePlaced) and e.kind == "titanium":
            total += e.value
        elif isinstance(e, ShipDestroyed):
            total -= e.titanium
    return total


def games() -> st.SearchStrategy[tuple[int, int]]:
    return st.tuples(st.integers(0, 2**32), st.integers(2, 4))


@SETTINGS
@given(games())
def test_energy_and_titanium_are_conserved_except_by_documented_sources_and_sinks(game: tuple[int, int]) -> None:
    seed, n = game
    s = RALLY.new({}, seed, n)
    r = random.Random(seed)
    while not s.is_over():
        e0, t0 = energy(s), titanium(s)
        cmd = pick(s, r)
        events = s.apply(cmd)
        assert energy(s) - e0 == energy_ledger(events), (cmd, events)
        assert titanium(s) - t0 == titanium_ledger(events), (cmd, events)


@SETTINGS
@given(games())
def test_entropy_never_rises_above_zero_and_never_falls_once_zero(game: tuple[int, int]) -> None:
    seed, n = game
    s = RALLY.new({}, seed, n)
    r = random.Random(seed)
    reached = False
    while not s.is_over():
        before = s.entropy
        cmd = pick(s, r)
        events = s.apply(cmd)
        assert s.entropy <= 0
        if reached:
            assert s.entropy == 0
        reached = reached or s.entropy == 0
        changes = [e for e in events if isinstance(e, EntropyChanged)]
        assert before + sum(e.after - e.before for e in changes) == s.entropy


@SETTINGS
@given(games(), st.integers(0, 400), st.integers(0, 2**32))
def test_views_do_not_change_when_hidden_facts_are_scrambled(game: tuple[int, int], steps: int, salt: int) -> None:
    """Swap other seats' hand and program cards with deck cards: the seat's view is the same."""
    seed, n = game
    s = random_position(seed, n, steps)
    rs = random.Random(salt)
    for seat in range(n):
        before = s.view(seat)
        other = s.clone()
        for p in range(n):
            if p != seat:
                for i in range(len(other.hands[p])):
                    if other.deck:
                        j = rs.randrange(len(other.deck))
                        other.hands[p][i], other.deck[j] = other.deck[j], other.hands[p][i]
        for sh in other.ships.values():
            if sh.owner != seat:
                rs.shuffle(sh.program)
                for i in range(len(sh.program)):
                    if other.deck:
                        j = rs.randrange(len(other.deck))
                        sh.program[i], other.deck[j] = other.deck[j], sh.program[i]
        rs.shuffle(other.deck)
        other.buried = [(c, o) for c, o in other.buried]
        rs.shuffle(other.buried)
        assert other.view(seat) == before
        assert other.info_key(seat) == s.info_key(seat)


@SETTINGS
@given(games(), st.integers(0, 300))
def test_determinize_depends_only_on_what_the_seat_knows(game: tuple[int, int], steps: int) -> None:
    """Two states a seat cannot tell apart determinise to the same world with the same RNG."""
    from game.core.rng import Rng

    seed, n = game
    s = random_position(seed, n, steps)
    for seat in range(n):
        twin = s.determinize(seat, Rng(seed + 1))  # same knowledge, other hidden facts
        twin.rng = s.rng.copy()
        assert twin.info_key(seat) == s.info_key(seat)
        a, b = s.determinize(seat, Rng(99)), twin.determinize(seat, Rng(99))
        assert a.notation() == b.notation()


def _fuzz_commands(seat: int) -> st.SearchStrategy[object]:
    from game.rally import commands as c

    small = st.integers(-3, 80)
    hexes = st.tuples(st.integers(-6, 6), st.integers(-6, 6))
    amounts = st.lists(st.integers(-5, 120), max_size=4).map(tuple)
    return st.one_of(
        st.builds(c.PlaceTile, st.just(seat), hexes),
        st.builds(c.PlaceShip, st.just(seat), hexes, st.integers(-2, 8)),
        st.builds(c.DistributeEnergy, st.just(seat), amounts),
        st.builds(c.ProgramCard, st.just(seat), small, small, small),
        st.builds(c.UnprogramCard, st.just(seat), small, small),
        st.builds(c.MoveCard, st.just(seat), small, small, small, small),
        st.builds(c.FinishPlanning, st.just(seat)),
        st.builds(c.SetProgram, st.just(seat), st.lists(st.tuples(small, st.lists(small, max_size=4).map(tuple)),
                                                        max_size=3).map(tuple)),
        st.builds(c.OrderShips, st.just(seat), small),
        st.builds(c.PlaceBuiltShip, st.just(seat), hexes),
        st.builds(c.Exchange, st.just(seat), amounts, amounts),
        st.builds(c.NoExchange, st.just(seat)),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 400), st.data())
def test_any_command_is_either_refused_with_a_reason_or_applies_cleanly(game: tuple[int, int], steps: int,
                                                                       data: st.DataObject) -> None:
    """Garbage from a screen or a save file never crashes the referee, and a
    refused command leaves the state exactly as it was."""
    seed, n = game
    s = random_position(seed, n, steps)
    for _ in range(8):
        seat = data.draw(st.integers(0, n - 1))
        cmd = data.draw(_fuzz_commands(seat))
        before = s.notation()
        refusal = RALLY.check(s, cmd)  # type: ignore[arg-type]
        if refusal is not None:
            assert refusal.reason.strip() and s.notation() == before
        else:
            s.apply(cmd)  # type: ignore[arg-type]
            for actor in s.to_act():  # the position is still coherent
                assert all(RALLY.check(s, c) is None for c in s.candidates(actor))
        if s.is_over():
            break
