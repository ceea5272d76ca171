"""Gestures to commands, highlights, refusal reasons, text notation, JSON round trips."""

from __future__ import annotations

import json

from wc_helpers import card, choose, do, draw, make

from game.core.protocol import CHANCE, Refusal, Target
from game.core.rng import Rng
from game.worlds_collide.commands import (
    CODEC,
    ChooseAction,
    Decline,
    Keep,
    PickAction,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
)
from game.worlds_collide.game import WORLDS_COLLIDE as WC
from game.worlds_collide.state import WorldsCollideState
from tests.random_play import pick


def test_drag_hand_card_to_play_slot_chooses_it() -> None:
    s = make(["Mary", "Ronin"], nexus="M1")
    assert WC.find_command(s, 0, Target("hand", ident="6"), Target("play-slot")) == ChooseAction(0, 6)
    assert WC.targets_for(s, 0, Target("hand", ident="6")) == [Target("play-slot")]
    s.hands[0] &= ~(1 << 6)
    got = WC.find_command(s, 0, Target("hand", ident="6"), Target("play-slot"))
    assert isinstance(got, Refusal) and "not in your hand" in got.reason


def test_telekinesis_targets_are_highlighted_and_clicked() -> None:
    s = make(["Mary", "Ronin"], holds=[[], ["K1"]], nexus="M1", discard="R2")
    choose(s, p0="Telekinesis", p1="Shift")
    targets = WC.targets_for(s, 0, Target("play", ident="0"))
    assert Target("nexus") in targets and Target("discard", ident="R2") in targets
    assert Target("hold", ident="1") in targets and Target("button", ident="decline") in targets
    assert WC.find_command(s, 0, Target("nexus"), None) == PickNexus(0)
    assert WC.find_command(s, 0, Target("play"), Target("discard", ident="R2")) == PickDiscard(0, card("R2"))
    assert WC.find_command(s, 0, Target("hold", ident="1"), None) == PickHold(0, 1)
    refused = WC.find_command(s, 0, Target("hold", ident="0"), None)
    assert isinstance(refused, Refusal) and "not your own" in refused.reason
    not_yours = WC.find_command(s, 1, Target("nexus"), None)
    assert isinstance(not_yours, Refusal) and "Mary's decision" in not_yours.reason


def test_keep_buttons_and_shift_anchor() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], []], nexus="K2K3", anchor=1)
    choose(s, p0="Fracture", p1="Shift")
    do(s, Resolve(0))
    draw(s, "K2")
    draw(s, "K3")
    assert WC.find_command(s, 0, Target("button", ident="keep:K3"), None) == Keep(0, card("K3"))
    assert WC.find_command(s, 0, Target("hold", ident="0:K2"), None) == Keep(0, card("K2"))
    do(s, Keep(0, card("K3")))
    assert WC.find_command(s, 1, Target("anchor"), None) == Resolve(1)
    assert WC.find_command(s, 1, Target("button", ident="decline"), None) == Decline(1)


def test_jessup_clicks_a_played_action() -> None:
    s = make(["Jessup", "Ronin"], nexus="K2")
    choose(s, p0="Unleash", p1="Shift")
    assert Target("played", ident="1:6") in WC.targets_for(s, 0, Target("play"))
    assert WC.find_command(s, 0, Target("played", ident="1:6"), None) == PickAction(0, 1, 6)


def test_parse_command_notation() -> None:
    s = make(["Mary", "Ronin"], nexus="M1")
    assert WC.parse_command(0, "choose shift", s) == ChooseAction(0, 6)
    assert WC.parse_command(0, "choose 2", s) == ChooseAction(0, 2)
    assert WC.parse_command(0, "discard M2", s) == PickDiscard(0, card("M2"))
    assert WC.parse_command(0, "hold 2", s) == PickHold(0, 1)
    assert WC.parse_command(0, "pick 2:shift", s) == PickAction(0, 1, 6)
    assert WC.parse_command(0, "keep W", s) == Keep(0, 24)
    assert WC.parse_command(CHANCE, "draw K3", s).card == card("K3")
    for text in ("choose", "hold x", "fly"):
        try:
            WC.parse_command(0, text, s)
        except ValueError:
            continue
        raise AssertionError(text)


def test_notation_names_every_fact() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], ["R2+"]], nexus="M1M2", discard="W", reality=["M3", ""], anchor=1)
    text = s.notation()
    assert text.startswith("2|1|45/") and "M1M2" in text and "|W|" in text and "R2+3" in text and "M3" in text


def test_every_command_round_trips_through_json() -> None:
    s = WC.new({}, 9, 3)
    seen = []
    import random
    r = random.Random(2)
    while not s.is_over() and len(seen) < 400:
        c = pick(s, r)
        seen.append(c)
        s.apply(c)
    for c in seen:
        assert CODEC.decode(json.loads(json.dumps(c.to_json()))) == c


def test_new_accepts_two_to_four_players() -> None:
    for n in (2, 3, 4):
        assert isinstance(WC.new({}, 1, n), WorldsCollideState)
    for n in (1, 5):
        try:
            WC.new({}, 1, n)
        except ValueError:
            continue
        raise AssertionError(n)
    assert WC.new({}, 1).n == 2
    assert WC.new({}, 5).rng == Rng(5)
