"""Hidden information: what a seat sees, what it cannot, and determinize."""

from __future__ import annotations

import json
import random

from wc_helpers import A, card, choose, do, draw, make, midgame, scramble_hidden

from game.core.protocol import AUTO, CHANCE
from game.core.rng import Rng
from game.worlds_collide.cards import ALL_ACTIONS, card_long_name
from game.worlds_collide.commands import ChooseAction, Keep, PickHold, Resolve, Reveal, ShardTaken
from game.worlds_collide.game import WORLDS_COLLIDE as WC
from game.worlds_collide.state import EPOCH_SHIFT


def test_changing_every_hidden_fact_leaves_view_and_info_key_unchanged() -> None:
    r = random.Random(1)
    checked = 0
    for seed in range(40):
        s = midgame(seed, 2 + seed % 3, r.randrange(5, 120))
        for seat in range(s.n):
            for _ in range(3):
                t = scramble_hidden(s, seat, r)
                assert t.view(seat) == s.view(seat)
                assert t.info_key(seat) == s.info_key(seat)
                checked += 1
    assert checked > 100


def test_determinize_keeps_info_key_and_view() -> None:
    for seed in range(40):
        s = midgame(seed, 2 + seed % 3, 10 + 3 * seed)
        for seat in range(s.n):
            for k in range(3):
                w = s.determinize(seat, Rng(1000 * seed + k))
                assert w.info_key(seat) == s.info_key(seat)
                assert w.view(seat) == s.view(seat)
                assert sum(w.nexus) == w.nexus_n


def test_determinize_resamples_unseen_cards_and_secret_choices() -> None:
    s = make(["Mary", "Ronin", "Jessup"], holds=[["K1"], ["R1"], ["J1"]], nexus="M1M2M3M4R2R3R4J2J3J4K2K3K4W")
    s.apply(ChooseAction(1, A["Shift"]))
    s.apply(ChooseAction(2, A["Reset"]))
    holds, choices = set(), set()
    for k in range(60):
        w = s.determinize(0, Rng(k))
        assert w.hold_cards(0) == [card("K1")]  # its own card is never resampled
        holds.add(tuple(w.hold_cards(1)))
        choices.add(w.choices[1])
    assert len(holds) > 5 and len(choices) > 3


def test_hands_are_public_so_determinize_keeps_them() -> None:
    s = midgame(5, 3, 60)
    for k in range(5):
        assert s.determinize(0, Rng(k)).hands == s.hands


def test_view_never_shows_another_seats_hand_shrouded_hold_or_choice() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], ["R1"]], nexus="M1M2")
    s.apply(ChooseAction(1, A["Shift"]))
    v = s.view(0)
    other = v["players"][1]
    assert other["hand"] is None and other["hand_count"] == 6
    assert other["hold"] == [{"card": None, "revealed": False, "seen_by": [1]}]
    assert other["choice"] is None and other["chosen"] is True
    mine = v["players"][0]
    assert mine["hand"] == list(ALL_ACTIONS) and mine["hold"][0]["card"] == card("K1")
    assert v["nexus_count"] == 2 and "nexus" not in v
    json.dumps(v)


def test_a_shard_you_saw_stays_known_after_an_opponent_takes_it() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], []], nexus="M1M2")
    choose(s, p0="Shift", p1="Telekinesis")
    do(s, PickHold(1, 0))
    s.apply(Reveal(AUTO))
    assert s.view(0)["players"][1]["hold"][0]["card"] == card("K1")  # Mary remembers it
    assert s.view(0)["players"][1]["hold"][0]["seen_by"] == [0, 1]


def test_private_draw_events_are_redacted_for_other_seats() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2")
    choose(s, p0="Fracture", p1="Shift")
    ev = do(s, *[c for c in s.candidates(0) if type(c).__name__ == "Resolve"])
    ev += s.apply(s.candidates(CHANCE)[0])
    taken = [e for e in ev if isinstance(e, ShardTaken)][0]
    assert taken.visible_to(0) and not taken.visible_to(1)
    shown = WC.redact_event(taken, 1)
    assert shown is not None and shown.card == -1
    assert WC.describe(taken, ["Mary", "Ronin"], 1) == "Mary took a shrouded Shard from the Nexus."
    assert WC.describe(taken, ["Mary", "Ronin"], 0) == f"Mary drew {card_long_name(taken.card)} into their Hold (shrouded)."


def test_secret_choice_event_is_redacted() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2")
    ev = s.apply(ChooseAction(0, A["Expose"]))
    shown = WC.redact_event(ev[0], 1)
    assert shown is not None and shown.action == 0
    assert WC.describe(ev[0], ["Mary", "Ronin"], 1) == "Mary has chosen an Action."
    assert WC.describe(ev[0], ["Mary", "Ronin"], 0) == "Mary chose Expose in secret."


def test_after_a_reshuffle_the_nexus_is_believed_to_be_exactly_the_old_discard() -> None:
    """A reshuffle turns the open Discard into the Nexus, so every seat knows its
    cards: determinize keeps them there instead of mixing them with Shards that
    were already hidden in a Hold (drawn in an earlier epoch)."""
    s = make(["Mary", "Ronin"], holds=[[], ["R1"]], nexus="K1", discard="R3R4")
    choose(s, p0="Fracture", p1="Shift")
    do(s, Resolve(0))
    draw(s, "K1")  # the Nexus is empty now: the Discard (R3, R4) becomes the Nexus
    assert s.reshuffles == 1 and s.discard_n == 0
    for k in range(30):
        w = s.determinize(0, Rng(k))
        assert w.nexus == s.nexus  # R3 and R4, nothing else
        assert w.hold_cards(1) == [card("R1")]  # the only Shard hidden before the reshuffle
    draw(s, "R4")  # Mary's second take, drawn in the new epoch
    seen_r4_in_hold = set()
    for k in range(30):
        w = s.determinize(1, Rng(k))
        cards = w.hold_cards(0)
        assert cards[0] == card("K1")  # drawn before the reshuffle: not from this Nexus
        assert {cards[1]} | {c for c in range(len(w.nexus)) if w.nexus[c]} == {card("R3"), card("R4")}
        seen_r4_in_hold.add(cards[1] == card("R4"))
        assert w.info_key(1) == s.info_key(1)
    assert seen_r4_in_hold == {True, False}  # within the epoch, Ronin still cannot tell which


def test_an_epoch_follows_its_shard_into_another_hold() -> None:
    """Telekinesis moves a shrouded Shard with its epoch: it stays among the cards
    of the Nexus it was drawn from."""
    s = make(["Mary", "Ronin", "Jessup", "Kintriel"], holds=[[], [], ["J1"], ["C1"]], nexus="A1",
             discard="R3R4")
    choose(s, p0="Fracture", p1="Telekinesis", p2="Shift", p3="Reset")
    do(s, Resolve(0))
    draw(s, "A1")
    draw(s, "R3")
    do(s, Keep(0, card("R3")))  # A1 goes to the Discard, revealed
    do(s, PickHold(1, 0))  # Ronin takes Mary's R3, unseen by him so far
    s.apply(Reveal(AUTO))
    assert s.hold_cards(1) == [card("R3")] and s.holds[1][0] >> EPOCH_SHIFT == 1
    for k in range(30):
        w = s.determinize(2, Rng(k))  # Jessup saw neither R3 nor Kintriel's C1
        assert w.hold_cards(3) == [card("C1")]  # hidden before the reshuffle: never swapped with these
        assert {w.hold_cards(1)[0]} | {c for c in range(len(w.nexus)) if w.nexus[c]} == {card("R3"), card("R4")}


def test_the_copies_others_see_are_the_generic_redaction_of_the_private_fields() -> None:
    """Events hold no sentences: the copy another seat gets blanks the class's PRIVATE fields
    (the generic `redact`), and the words are made from that copy, whoever describes it."""
    from game.core.protocol import redact
    from game.worlds_collide.commands import ActionChosen, ShardTaken
    from game.worlds_collide.game import WORLDS_COLLIDE

    chosen = ActionChosen(0, 3, audience=(0,))
    seen = WORLDS_COLLIDE.redact_event(chosen, 1)
    assert seen == redact(chosen, 1) and seen is not None and seen.action == 0 and seen.audience is None
    assert WORLDS_COLLIDE.describe(chosen, ["Kintriel", "Mary"], 1) == "Kintriel has chosen an Action."
    taken = ShardTaken(1, "hold:0", 7, False, audience=(1,))
    seen2 = WORLDS_COLLIDE.redact_event(taken, 0)
    assert seen2 is not None and seen2.card == -1
    assert WORLDS_COLLIDE.describe(taken, ["Kintriel", "Mary"], 0) == "Mary took a shrouded Shard from Kintriel's Hold."
    assert str(card_long_name(7)) in (WORLDS_COLLIDE.describe(taken, ["Kintriel", "Mary"], 1) or "")