"""The seeded RNG: determinism, fork, copy, JSON."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.rng import Rng

seeds = st.integers(-(2**70), 2**70)


def stream(r: Rng, n: int = 20) -> list[int]:
    return [r.next_u64() for _ in range(n)]


@given(seeds)
def test_same_seed_same_stream(seed: int) -> None:
    assert stream(Rng(seed)) == stream(Rng(seed))


@given(seeds, seeds)
def test_different_seeds_differ(a: int, b: int) -> None:
    if (a - b) % 2**64:
        assert stream(Rng(a)) != stream(Rng(b))


@given(seeds, st.integers(0, 50))
def test_copy_is_equal_and_independent(seed: int, skip: int) -> None:
    r = Rng(seed)
    stream(r, skip)
    c = r.copy()
    assert c == r and hash(c) == hash(r)
    ahead = stream(c, 5)
    assert c != r
    assert stream(r, 5) == ahead  # the original was not advanced by the copy


@given(seeds)
def test_fork_advances_the_parent_and_gives_a_new_stream(seed: int) -> None:
    r = Rng(seed)
    twin = r.copy()
    child = r.fork()
    assert r != twin  # parent advanced
    assert stream(child, 10) != stream(r.copy(), 10)
    # Forking is itself deterministic.
    assert stream(twin.fork(), 10) == stream(Rng(seed).fork(), 10)


@given(seeds, st.integers(0, 50))
def test_json_round_trip_continues_the_stream(seed: int, skip: int) -> None:
    r = Rng(seed)
    stream(r, skip)
    back = Rng.from_json(json.loads(json.dumps(r.to_json())))
    assert back == r
    assert stream(back) == stream(r)


@given(seeds, st.integers(1, 1000))
def test_randrange_stays_in_range(seed: int, n: int) -> None:
    r = Rng(seed)
    assert all(0 <= r.randrange(n) < n for _ in range(50))


def test_randrange_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError):
        Rng(1).randrange(0)


@given(seeds)
def test_random_is_in_unit_interval(seed: int) -> None:
    r = Rng(seed)
    assert all(0.0 <= r.random() < 1.0 for _ in range(50))


@given(seeds, st.lists(st.integers(), max_size=20))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(seeds)
def test_choose_weighted_never_picks_a_zero_weight(seed: int) -> None:
    r = Rng(seed)
    weights = [0.0, 3.0, 0.0, 1.0, 0.0]
    assert all(r.choose_weighted(weights) in (1, 3) for _ in range(50))


def test_choose_weighted_follows_the_weights() -> None:
    r = Rng(12345)
    counts = Counter(r.choose_weighted([1, 2, 7]) for _ in range(20000))
    assert counts[0] / 20000 == pytest.approx(0.1, abs=0.02)
    assert counts[1] / 20000 == pytest.approx(0.2, abs=0.02)
    assert counts[2] / 20000 == pytest.approx(0.7, abs=0.02)


def test_choice_covers_every_item() -> None:
    r = Rng(99)
    assert {r.choice("abcdefg") for _ in range(500)} == set("abcdefg")
