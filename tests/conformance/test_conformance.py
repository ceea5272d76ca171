"""One suite for every registered game, written against the protocol only.

Nothing here knows Order & Chaos: games with hidden information, simultaneous
choices and 2-4 players plug in by registering. Chance is resolved with the
state's own RNG (`sample_chance` / `Match.resolve_chance`); every other choice
is made by a separate `random.Random`, so the game's RNG is never disturbed.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.decisions import OPEN_KINDS
from game.core.match import LogEntry, Match
from game.core.protocol import AUTO, CHANCE, Command, Game, State, by_itself
from game.core.registry import all_games, in_progress_games
from game.core.rng import Rng
from tests.random_play import pick

GAMES = all_games() + in_progress_games()  # engines still being built too (Cosmos)
MAX_STEPS = 20_000  # a guard against a game that never ends
for_every_game = pytest.mark.parametrize("game", GAMES, ids=[g.info.id for g in GAMES])
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- helpers ----------------------------------------------------------------------

def option_values(spec, game: Game | None = None, config: dict | None = None) -> list[Any]:
    """The values an option may take; given the game and the options chosen before it, those
    the game offers then (`Game.option_choices`: a skirmish side's rosters follow its faction)."""
    if not spec.choices:
        return [True, False]
    return list(game.option_choices(spec.key, config or {}) if game is not None else spec.choices)


def random_config(game: Game, pick_one) -> dict:
    """Each option in turn, `pick_one(values)` among those the game offers after the ones before."""
    config: dict = {}
    for spec in game.info.options:
        config[spec.key] = pick_one(option_values(spec, game, config))
    return config


@st.composite
def setups(draw, game: Game) -> tuple[dict, int, int]:
    """A random legal configuration, seed and player count for `game`."""
    config = random_config(game, lambda values: draw(st.sampled_from(values)))
    seed = draw(st.integers(0, 2**63 - 1))
    players = draw(st.integers(game.info.min_players, game.info.max_players))
    return config, seed, players


def advance(match: Match, r: random.Random) -> Command:
    """One step of a Match; returns the command that was played."""
    if by_itself(match.to_act()):
        res = match.resolve_chance()
    else:
        seat = r.choice(match.to_act())
        legal = match.state.candidates(seat)
        assert legal
        res = match.submit(r.choice(legal))
    assert res.ok, res.reason
    return match.commands[-1]


def random_match(game: Game, config: dict, seed: int, players: int, steps: int | None,
                 r: random.Random) -> Match:
    """A match played `steps` commands in (or to the end when None), all humans."""
    m = Match(game, config, seed, ["human"] * players)
    n = 0
    while not m.state.is_over() and (steps is None or n < steps):
        advance(m, r)
        n += 1
        assert n < MAX_STEPS
    return m


def play_out(state: State, r: random.Random) -> None:
    n = 0
    while not state.is_over():
        state.apply(pick(state, r))
        n += 1
        assert n < MAX_STEPS, "the game did not end"


def deep_mutate(value: Any) -> None:
    """Scribble over every mutable container inside a view."""
    if isinstance(value, dict):
        for k in list(value):
            if isinstance(value[k], (dict, list)):
                deep_mutate(value[k])
            else:
                value[k] = "scribbled"
        value["__extra__"] = 1
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, (dict, list)):
                deep_mutate(v)
            else:
                value[i] = "scribbled"
        value.append("scribbled")


def numbers_in(value: Any) -> set[int]:
    if isinstance(value, dict):
        return set().union(*(numbers_in(v) for v in value.values()), *(numbers_in(k) for k in value))
    if isinstance(value, (list, tuple)):
        return set().union(*(numbers_in(v) for v in value)) if value else set()
    if isinstance(value, int) and not isinstance(value, bool):
        return {value}
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return {int(value)}
    return set()


# --- random play-outs ---------------------------------------------------------------

@for_every_game
@SETTINGS
@given(data=st.data())
def test_random_playout_reaches_the_end_legally(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    state = game.new(game.validate_config(config), seed, players)
    r = random.Random(seed)
    steps = 0
    while not state.is_over():
        actors = state.to_act()
        assert actors, "not over, yet nobody acts"
        if actors == [AUTO]:  # the engine's own step: one candidate, no chance
            assert len(state.candidates(AUTO)) == 1 and state.chance_outcomes() == []
            assert state.sample_chance(Rng(steps)) == state.candidates(AUTO)[0]
        elif actors == [CHANCE]:
            outcomes = state.chance_outcomes()
            if outcomes:  # listed: the probabilities sum to 1 and are what the candidates are
                assert all(p > 0 for _, p in outcomes)
                assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
                assert {c for c, _ in outcomes} == set(state.candidates(CHANCE))
            else:  # sampled only: any sample is a legal outcome, and the candidates are too
                assert state.candidates(CHANCE)
                for k in range(3):
                    sampled = state.sample_chance(Rng(seed ^ (steps * 31 + k)))
                    assert game.check(state, sampled) is None, (sampled, game.check(state, sampled))
        else:
            idle = [s for s in range(players) if s not in actors]
            for s in idle:
                assert state.candidates(s) == [], f"seat {s} is not acting but has commands"
        cmd = pick(state, r)
        assert game.check(state, cmd) is None
        if steps % 17 == 0 and not by_itself(actors):
            # Every command the state lists is accepted by the referee.
            for seat in actors:
                for c in state.candidates(seat):
                    assert game.check(state, c) is None, (c, game.check(state, c))
        scores = state.scores()
        assert len(scores) == players and all(math.isfinite(x) for x in scores)
        state.apply(cmd)
        steps += 1
        assert steps < MAX_STEPS
    assert state.to_act() == []
    assert all(state.candidates(s) == [] for s in range(players))
    final = state.scores()
    assert len(final) == players and all(math.isfinite(x) for x in final)
    winners = state.winners()
    assert winners and set(winners) <= set(range(players))
    assert all(final[w] == max(final) for w in winners)
    # A finished game refuses everything with a reason.
    refusal = game.check(state, cmd)
    assert refusal is not None and refusal.reason.strip()


@for_every_game
@SETTINGS
@given(data=st.data())
def test_only_sampling_chance_touches_the_state_rng(game: Game, data) -> None:
    """`apply` never draws from the state's RNG, chance commands included: every outcome is
    written into its command (the cards dealt, the colour drawn), so a replay is exact and a
    search that samples chance again sees another future. Only `sample_chance()` draws."""
    config, seed, players = data.draw(setups(game))
    state = game.new(game.validate_config(config), seed, players)
    r = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 400:
        cmd = pick(state, r)  # chance: sample_chance(), which may draw
        before = state.rng.copy()
        state.apply(cmd)
        assert state.rng == before, f"applying {cmd.describe()} drew from the state's RNG"
        steps += 1


@for_every_game
def test_sampling_chance_with_another_rng_leaves_the_state_rng_alone(game: Game) -> None:
    r = random.Random(5)
    seen = 0
    for seed in range(4):
        state = game.new(game.default_config(), seed, game.info.max_players)
        for _ in range(300):
            if state.is_over():
                break
            if by_itself(state.to_act()):
                before = state.rng.copy()
                samples = {state.sample_chance(Rng(k)) for k in range(8)}
                assert state.rng == before and all(game.check(state, c) is None for c in samples)
                seen += 1
            state.apply(pick(state, r))
    assert seen


@for_every_game
@SETTINGS
@given(data=st.data())
def test_pending_names_who_decides_what_now(game: Game, data) -> None:
    """`pending()`: one decision per seat in `to_act()`, in that order; its options are legal
    candidates; a closed decision lists exactly the candidates; chance and the engine's steps
    say so."""
    config, seed, players = data.draw(setups(game))
    state = game.new(game.validate_config(config), seed, players)
    r = random.Random(seed)
    kinds: set[str] = set()
    steps = 0
    while not state.is_over() and steps < 500:
        decisions = state.pending()
        assert [d.seat for d in decisions] == state.to_act()
        for d in decisions:
            kinds.add(d.kind)
            assert d.kind and (d.open_choice is None or d.open_choice in OPEN_KINDS)
            assert d.options, f"{d.kind}: a decision with nothing to choose"
            if d.open_choice is None:
                assert list(d.options) == state.candidates(d.seat)
            if steps % 5 == 0:
                assert all(game.check(state, c) is None for c in d.options)
            assert (d.seat == CHANCE) == (d.kind == "chance") and (d.seat == AUTO) == (d.kind == "auto")
        state.apply(pick(state, r))
        steps += 1
    assert state.is_over() or steps == 500
    assert state.pending() == () or not state.is_over()
    assert len(kinds - {"chance", "auto"}) >= 2, kinds


RANDOM_MATCHES = {"skirmish": 20, "cosmos": 100}
"""Matches per game for the thousand-match test where one match is costly: a skirmish's random
match asks the table's geometry for every sampled move (about 2 s, against milliseconds); a Cosmos
random match plays to its 60-round guard (random play never completes two objectives), many small
decisions a round (about 0.1-0.3 s)."""


def test_thousand_random_matches_without_error() -> None:
    """1,000 complete random matches per game (options varied; fewer where `RANDOM_MATCHES`
    says), light checks only."""
    for game in GAMES:
        r = random.Random(2024)
        for k in range(RANDOM_MATCHES.get(game.info.id, 1000)):
            config = random_config(game, r.choice)
            players = game.info.min_players + k % (game.info.max_players - game.info.min_players + 1)
            state = game.new(game.validate_config(config), k, players)
            steps = 0
            while not state.is_over():
                state.apply(pick(state, r))
                steps += 1
                assert steps < MAX_STEPS, f"{game.info.id} match {k} never ends"
            scores = state.scores()
            assert len(scores) == players and all(math.isfinite(x) for x in scores), (k, scores)
            assert state.to_act() == [] and state.winners()


# --- clones ------------------------------------------------------------------------

@for_every_game
@SETTINGS
@given(data=st.data())
def test_clone_is_independent(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    r = random.Random(seed)
    state = game.new(game.validate_config(config), seed, players)
    for _ in range(data.draw(st.integers(0, 150))):
        if state.is_over():
            break
        state.apply(pick(state, r))
    notation, views = state.notation(), [copy.deepcopy(state.view(s)) for s in range(players)]
    rng_before = state.rng.copy()

    clone = state.clone()
    assert clone.notation() == notation
    play_out(clone, random.Random(seed + 1))
    assert state.notation() == notation
    assert [state.view(s) for s in range(players)] == views
    assert state.rng == rng_before

    # ...and the other way round: the original moves on, a fresh clone stays put.
    clone2 = state.clone()
    play_out(state, random.Random(seed + 2))
    assert clone2.notation() == notation
    assert [clone2.view(s) for s in range(players)] == views


@for_every_game
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_view_is_a_copy(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    m = random_match(game, config, seed, players, data.draw(st.integers(0, 80)), random.Random(seed))
    for s in range(players):
        before = copy.deepcopy(m.state.view(s))
        notation = m.state.notation()
        deep_mutate(m.state.view(s))
        assert m.state.view(s) == before
        assert m.state.notation() == notation


# --- save / load / replay ----------------------------------------------------------------

@for_every_game
@SETTINGS
@given(data=st.data())
def test_save_load_gives_the_same_position(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    steps = data.draw(st.one_of(st.integers(0, 120), st.none()))
    m = random_match(game, config, seed, players, steps, random.Random(seed))

    text = json.dumps(m.to_json())
    back = Match.from_json(json.loads(text))
    assert back.state.notation() == m.state.notation()
    assert back.commands == m.commands and back.seats == m.seats and back.config == m.config
    assert back.state.rng == m.state.rng  # the future is restored too

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "match.json"
        m.save(path)
        loaded = Match.load(path)
    assert loaded.state.notation() == m.state.notation()
    if not m.state.is_over():
        # Both copies continue identically: chance comes out the same.
        r1, r2 = random.Random(7), random.Random(7)
        for _ in range(10):
            if m.state.is_over():
                break
            assert advance(m, r1) == advance(loaded, r2)
            assert loaded.state.notation() == m.state.notation()


@for_every_game
@SETTINGS
@given(data=st.data())
def test_replay_is_deterministic(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    steps = data.draw(st.one_of(st.integers(0, 200), st.none()))
    m = random_match(game, config, seed, players, steps, random.Random(seed))

    again = Match(game, config, seed, ["human"] * players)
    for cmd in m.commands:
        if cmd.seat == CHANCE:
            assert again.resolve_chance().ok
            assert again.commands[-1] == cmd, "same seed, same history: chance must agree"
        else:
            assert again.submit(cmd).ok
    assert again.state.notation() == m.state.notation()

    states = list(m.states())
    assert len(states) == len(m.commands) + 1
    assert states[0].notation() == game.new(m.config, seed, players).notation()
    assert states[-1].notation() == m.state.notation()


@for_every_game
@SETTINGS
@given(data=st.data())
def test_commands_round_trip_through_the_codec(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    m = random_match(game, config, seed, players, data.draw(st.integers(1, 150)), random.Random(seed))
    seen = list(m.commands)
    for seat in range(players):
        seen += m.state.candidates(seat)[:50]
    for cmd in seen:
        back = game.codec.decode(json.loads(json.dumps(cmd.to_json())))
        assert back == cmd and type(back) is type(cmd)


# --- undo -------------------------------------------------------------------------

@for_every_game
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_undo_restores_and_refuses_across_new_information(game: Game, data) -> None:
    """All seats human: a seat may undo its own last command only; never after
    a chance outcome, something shown (an event that `reveals()`, even by the seat's own
    command) or another human's command (refused with a reason, no change)."""
    config, seed, players = data.draw(setups(game))
    m = Match(game, config, seed, ["human"] * players)
    r = random.Random(seed)
    steps = 0
    while not m.state.is_over() and steps < 400:
        before, rng_before = m.state.notation(), m.state.rng.copy()
        cmd = advance(m, r)
        steps += 1
        if r.random() > 0.2:
            continue
        after, rng_after = m.state.notation(), m.state.rng.copy()
        shown = any(e.event.reveals() for e in m.log if e.ply == len(m.commands))
        if cmd.seat == AUTO and not shown:
            continue  # an engine step that showed nothing is taken back with what came before
        for s in range(players):
            if s == cmd.seat:
                continue
            res = m.undo(s)
            assert not res.ok and res.reason.strip()
            assert m.state.notation() == after and m.state.rng == rng_after
        if cmd.seat in (CHANCE, AUTO):
            continue
        res = m.undo(cmd.seat)
        if shown:
            assert not res.ok and game.info.reveal_noun in res.reason
            assert m.state.notation() == after and m.state.rng == rng_after
            continue
        assert res.ok, res.reason
        assert m.state.notation() == before and m.state.rng == rng_before
        assert m.can_redo()
        res = m.redo(cmd.seat)
        assert res.ok, res.reason
        assert m.state.notation() == after and m.state.rng == rng_after
        assert m.commands[-1] == cmd


# --- what a seat may see -----------------------------------------------------------------

@for_every_game
@SETTINGS
@given(data=st.data())
def test_view_hides_what_a_seat_cannot_know(game: Game, data) -> None:
    """States that differ only in facts hidden from seat s look the same to s.

    `determinize(s, rng)` with different RNGs resamples everything s cannot
    see (hidden cards, the future of the bag/dice); view(s) and info_key(s)
    must not change. The view is plain JSON and never carries the RNG state.
    """
    config, _, players = data.draw(setups(game))
    seed = data.draw(st.integers(2**40, 2**62))  # big enough not to appear by accident
    m = random_match(game, config, seed, players, data.draw(st.integers(0, 150)), random.Random(seed))
    state = m.state
    rng_numbers = {state.rng.seed, state.rng.counter} | {seed}
    for s in range(players):
        view = state.view(s)
        json.dumps(view)  # plain data
        assert not (numbers_in(view) & {n for n in rng_numbers if n > 2**32}), "the view leaks the RNG"
        key = state.info_key(s)
        hash(key)
        worlds = [state.determinize(s, Rng(k)) for k in (1, 2, 2**50 + 3)]
        for w in worlds:
            assert w.view(s) == view
            assert w.info_key(s) == key
        # Swapping the RNG alone (the future of chance) never changes any view.
        other = state.clone()
        other.rng = Rng(seed ^ 0x5DEECE66D, 99)
        assert other.view(s) == view
    # Determinising never touches the original.
    assert state.notation() == m.state.notation()


@for_every_game
@settings(max_examples=6, deadline=None)
@given(data=st.data())
def test_determinized_state_plays_on_legally(game: Game, data) -> None:
    config, seed, players = data.draw(setups(game))
    m = random_match(game, config, seed, players, data.draw(st.integers(0, 100)), random.Random(seed))
    if m.state.is_over():
        return
    for s in range(players):
        w = m.state.determinize(s, Rng(seed + s))
        assert w.to_act() == m.state.to_act()
        if s in w.to_act():
            assert set(w.candidates(s)) == set(m.state.candidates(s))
        play_out(w, random.Random(s))
        assert w.is_over()


@for_every_game
def test_events_are_visible_or_redacted_per_seat(game: Game) -> None:
    config = game.default_config()
    players = game.info.min_players
    m = Match(game, config, 5, ["human"] * players)
    r = random.Random(5)
    for _ in range(60):
        if m.state.is_over():
            break
        advance(m, r)
    assert m.log, "playing commands logs events"
    for entry in m.log:
        json.dumps(entry.event.to_json())
        for s in range(players):
            shown = game.redact_event(entry.event, s)
            if entry.event.visible_to(s):
                assert shown is not None
            elif shown is not None:
                assert shown != entry.event


def played_log(game: Game, seed: int, players: int, steps: int) -> Match:
    m = Match(game, game.default_config(), seed, ["human"] * players)
    r = random.Random(seed)
    for _ in range(steps):
        if m.state.is_over():
            break
        advance(m, r)
    return m


@for_every_game
def test_events_carry_data_and_the_redacted_copy_blanks_only_private_fields(game: Game) -> None:
    """Events hold no sentences (no field is text with spaces in it; there is no `text`), and
    what a seat outside the audience gets is the event with the class's PRIVATE fields blanked
    (and no audience left), or nothing when the class has no PRIVATE fields."""
    for players in sorted({game.info.min_players, game.info.max_players}):
        m = played_log(game, 11, players, 400)
        for entry in m.log:
            event = entry.event
            assert not hasattr(event, "text"), type(event).__name__
            fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}  # type: ignore[arg-type]
            assert not [k for k, v in fields.items() if isinstance(v, str) and " " in v], (event, "a sentence")
            for seat in range(players):
                shown = game.redact_event(event, seat)
                if event.visible_to(seat):
                    assert shown == event
                elif not event.PRIVATE:
                    assert shown is None, event
                else:
                    assert shown is not None and getattr(shown, "audience", None) is None
                    blanked = {**fields, **event.PRIVATE, "audience": None}
                    assert {f.name: getattr(shown, f.name) for f in dataclasses.fields(shown)} == blanked  # type: ignore[arg-type]


@for_every_game
def test_the_log_words_read_nothing_the_viewer_may_not_see(game: Game) -> None:
    """`describe_log` for a viewer says the same over the real log as over the log that viewer
    was shown (each event redacted for it, hidden ones left out): the words cannot leak a
    secret, whichever fields a game's words read. Every event can be worded (no exception),
    and with the table's names given no line falls back to the engine's "Player N"."""
    names = ["Ann", "Bob", "Cy", "Di"]
    for players in sorted({game.info.min_players, game.info.max_players}):
        m = played_log(game, 12, players, 600)
        for viewer in [-1, *range(players)]:
            shown = [LogEntry(e.ply, e.seat, r) for e in m.log
                     if (r := game.redact_event(e.event, viewer)) is not None]
            lines = game.describe_log(m.log, names[:players], viewer)
            assert lines, "the log has words"
            assert lines == game.describe_log(shown, names[:players], viewer)
            for line in lines:
                assert line.text and "Player " not in line.text, line
