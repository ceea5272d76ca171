"""Every rules clause of the issue, one test (at least) named after it."""

from __future__ import annotations

import random

from wc_helpers import A, C, acting, card, choose, do, draw, make, texts

from game.core.protocol import AUTO, CHANCE, by_itself
from game.worlds_collide.frames import Acting
from game.worlds_collide import rules
from game.worlds_collide.cards import (
    ACTION_NAMES,
    CHARACTERS,
    N_CARDS,
    SHARDS_PER_CHARACTER,
    WILD,
    owner_of,
)
from game.worlds_collide.commands import (
    ChooseAction,
    DealCharacter,
    Decline,
    Done,
    Keep,
    PickAction,
    PickCharacter,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    Reveal,
    TakeRevealed,
)
from game.worlds_collide.game import WORLDS_COLLIDE as WC
from game.worlds_collide.state import ALL_HAND, REVEALED, WorldsCollideState
from tests.random_play import pick

# --- what the rulebook fixes: the cards ------------------------------------------------


def test_68_cards_6_characters_1_anchor_24_shards_1_wild_36_actions() -> None:
    characters = len(CHARACTERS)
    shards = characters * SHARDS_PER_CHARACTER
    actions = characters * len(ACTION_NAMES)
    assert (characters, shards, actions) == (6, 24, 36)
    assert characters + 1 + shards + 1 + actions == 68
    assert N_CARDS == 25 and owner_of(WILD) == -1


def test_every_character_owns_the_same_six_actions_numbered_by_initiative_in_rulebook_order() -> None:
    assert ACTION_NAMES == {1: "Unleash", 2: "Expose", 3: "Fracture", 4: "Telekinesis", 5: "Reset", 6: "Shift"}
    s = WC.new({}, 1, 3)
    assert s.hands == [ALL_HAND] * 3


def test_character_traits_and_complexity_as_printed() -> None:
    got = {c["name"]: (c["trait"], c["complexity"]) for c in CHARACTERS}
    assert got == {"Advaranau": ("Persuasive", 3), "Cene C": ("Resourceful", 1), "Jessup": ("Deceptive", 2),
                   "Kintriel": ("Militant", 2), "Mary": ("Adaptive", 1), "Ronin": ("Preemptive", 3)}


# --- set-up --------------------------------------------------------------------------------


def _setup(config: dict, seed: int, players: int) -> WorldsCollideState:
    s = WC.new(config, seed, players)
    while by_itself(s.to_act()) or rules.phase_name(s) == "setup":
        if by_itself(s.to_act()):
            s.apply(s.sample_chance())
        else:
            seat = s.to_act()[0]
            s.apply(s.candidates(seat)[-1])
    return s


def test_setup_characters_assigned_randomly_by_chance() -> None:
    s = WC.new({}, 3, 3)
    assert by_itself(s.to_act())
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 and all(isinstance(c, DealCharacter) for c, _ in outcomes)
    seen = {tuple(_setup({}, seed, 2).chars) for seed in range(30)}
    assert len(seen) > 5


def test_setup_characters_chosen_in_seat_order() -> None:
    s = WC.new({"characters": "chosen"}, 3, 3)
    assert s.to_act() == [0]
    do(s, PickCharacter(0, C["Mary"]))
    assert s.to_act() == [1]
    assert PickCharacter(1, C["Mary"]) not in s.candidates(1)
    assert "already taken" in WC.explain_illegal(s, PickCharacter(1, C["Mary"]))
    do(s, PickCharacter(1, C["Ronin"]), PickCharacter(2, C["Jessup"]))
    assert s.chars == [C["Mary"], C["Ronin"], C["Jessup"]]
    assert by_itself(s.to_act())  # the extra set's Character is drawn


def test_setup_nexus_is_players_shards_plus_one_unused_character_plus_wild() -> None:
    for players in (2, 3, 4):
        s = WC.new({}, 11, players)
        for _ in range(players + 1):
            s.apply(s.sample_chance())
        assert s.extra >= 0 and s.extra not in s.chars
        in_game = set(s.chars) | {s.extra}
        expected = [1 if c == WILD or owner_of(c) in in_game else 0 for c in range(N_CARDS)]
        assert s.nexus == expected and s.nexus_n == 4 * (players + 1) + 1


def test_setup_anchor_in_centre_and_one_shrouded_shard_dealt_to_each_hold() -> None:
    s = _setup({}, 5, 4)
    assert s.anchor == -1
    assert all(len(h) == 1 and not h[0] & REVEALED for h in s.holds)
    assert s.nexus_n == 4 * 5 + 1 - 4
    assert rules.phase_name(s) == "choose"


# --- a round -------------------------------------------------------------------------------


def test_round_everyone_chooses_in_secret_all_seats_act_at_once() -> None:
    s = make(["Mary", "Ronin", "Jessup"], nexus="M1M2")
    assert s.to_act() == [0, 1, 2]
    s.apply(ChooseAction(1, A["Shift"]))
    assert s.to_act() == [0, 2]
    assert s.candidates(1) == []
    assert "wait for the others" in WC.check(s, ChooseAction(1, A["Expose"])).reason
    # the choice is hidden from the others until everyone has chosen
    assert s.view(0)["players"][1]["choice"] is None and s.view(0)["players"][1]["chosen"]
    assert s.view(1)["players"][1]["choice"] == A["Shift"]


def test_round_order_of_submission_does_not_matter() -> None:
    a = make(["Mary", "Ronin", "Jessup"], nexus="M1M2R1")
    b = a.clone()
    for seat, act in ((0, "Reset"), (1, "Shift"), (2, "Fracture")):
        a.apply(ChooseAction(seat, A[act]))
    for seat, act in ((2, "Fracture"), (0, "Reset"), (1, "Shift")):
        b.apply(ChooseAction(seat, A[act]))
    assert a.notation() == b.notation()
    assert a.info_key(0) == b.info_key(0)


def test_round_all_reveal_at_once_as_one_event_after_the_last_choice() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2")
    s.apply(ChooseAction(0, A["Shift"]))
    s.apply(ChooseAction(1, A["Reset"]))
    assert s.to_act() == [AUTO] and s.candidates(AUTO) == [Reveal(AUTO)] and s.chance_outcomes() == []
    ev = s.apply(Reveal(AUTO))
    assert type(ev[0]).__name__ == "ActionsRevealed" and ev[0].actions == (A["Shift"], A["Reset"])
    assert ev[0].visible_to(0) and ev[0].visible_to(1)


def test_round_identical_actions_clash_and_do_not_resolve() -> None:
    s = make(["Mary", "Ronin", "Jessup"], nexus="M1M2")
    ev = choose(s, p0="Shift", p1="Shift", p2="Reset")
    assert any(type(e).__name__ == "Clash" and e.seats == (0, 1) for e in ev)
    assert [p[2] for p in s.plays] == [rules.CLASHED, rules.CLASHED, rules.RESOLVING]
    assert s.to_act() == [2]  # only Jessup's Reset is left to resolve
    # clashed Actions are still played
    assert not s.hands[0] >> A["Shift"] & 1 and not s.hands[1] >> A["Shift"] & 1


def test_round_clash_with_anchor_returns_anchor_to_centre_and_that_player_resolves() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2", anchor=1)
    ev = choose(s, p0="Reset", p1="Reset")
    assert s.anchor == -1
    assert any(type(e).__name__ == "AnchorUsed" and e.seat == 1 for e in ev)
    assert s.to_act() == [1] and acting(s) == (1, A["Reset"])


def test_round_rest_resolve_in_ascending_initiative() -> None:
    s = make(["Mary", "Ronin", "Jessup"], nexus="M1M2K1K2")
    choose(s, p0="Shift", p1="Fracture", p2="Reset")
    order = []
    while s.plays:
        seat = s.to_act()[0]
        if seat == CHANCE:
            s.apply(s.sample_chance())
            continue
        top = s.stack[-1]
        if isinstance(top, Acting) and top.play >= 0:
            order.append(top.action)
        s.apply(s.candidates(seat)[-1] if isinstance(top, Acting) else s.candidates(seat)[0])
    assert order == [A["Fracture"], A["Reset"], A["Shift"]]


def test_round_a_player_may_decline_but_the_action_is_still_played() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2", anchor=0)
    choose(s, p0="Reset", p1="Shift")
    do(s, Decline(0))
    assert not s.hands[0] >> A["Reset"] & 1
    do(s, Decline(1))
    assert s.anchor == 0 and not s.hands[1] >> A["Shift"] & 1
    assert rules.phase_name(s) == "choose" and s.round == 2


def test_played_actions_stay_on_the_table_until_reset() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2R1R2")
    choose(s, p0="Shift", p1="Shift")
    choose(s, p0="Expose", p1="Reset")
    do(s, Decline(0))  # Expose declined
    do(s, Resolve(1))  # Reset: everything back, Reset included
    assert s.hands[1] == ALL_HAND
    assert s.played_actions(0) == [A["Expose"], A["Shift"]]
    assert ChooseAction(0, A["Shift"]) not in s.candidates(0)
    assert "not in your hand" in WC.explain_illegal(s, ChooseAction(0, A["Shift"]))


def test_played_actions_return_when_the_hand_is_empty_at_the_end_of_the_round() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2R1R2")
    s.hands[0] = 1 << A["Shift"]  # Mary's last Action in hand
    ev = choose(s, p0="Shift", p1="Reset")
    assert s.hands[0] == 0  # empty during the round...
    ev += do(s, Decline(1), Decline(0))
    assert s.hands[0] == ALL_HAND  # ...and all six back at its end
    assert "takes back all six" in texts(ev, s)


def test_faq_reset_that_clashed_does_not_return_actions() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2R1R2")
    s.hands[0] = (1 << A["Reset"]) | (1 << A["Shift"])
    choose(s, p0="Reset", p1="Reset")
    assert s.played_actions(0) == [1, 2, 3, 4, 5] and rules.phase_name(s) == "choose"
    # she must play the rest of her hand first
    choose(s, p0="Shift", p1="Shift")
    assert s.hands[0] == ALL_HAND


# --- Shards: shrouded, revealed, taking ----------------------------------------------------------


def test_taking_never_changes_a_shards_state_shrouded_stays_shrouded() -> None:
    s = make(["Mary", "Ronin"], holds=[[], ["M1"]], nexus="K1")
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickHold(0, 1))
    s.apply(Reveal(AUTO))  # Mary sees what she took: new information, a chance step
    assert s.hold_cards(0) == [card("M1")] and not s.holds[0][0] & REVEALED
    assert s.reality[0] == []


def test_faq_shrouded_own_shard_taken_from_opponent_goes_to_hold_not_reality() -> None:
    test_taking_never_changes_a_shards_state_shrouded_stays_shrouded()


def test_shard_placed_in_the_discard_is_always_revealed() -> None:
    s = make(["Mary", "Ronin"], holds=[["R1"], []], nexus="K1K2")
    choose(s, p0="Fracture", p1="Shift")
    do(s, Resolve(0))
    draw(s, "K1")
    draw(s, "K2")
    do(s, Keep(0, card("K2")))
    assert sorted(s.discard_cards()) == sorted([card("R1"), card("K1")])
    assert sorted(s.view(1)["discard"]) == sorted([card("R1"), card("K1")])  # face up, for everyone


def test_taking_a_revealed_shard_of_your_character_places_it_in_your_reality() -> None:
    s = make(["Mary", "Ronin"], discard="M3")
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickDiscard(0, card("M3")))
    assert s.reality[0] == [card("M3")] and s.holds[0] == []


def test_taking_anything_else_goes_to_the_hold_which_keeps_one_rest_to_discard() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], []], discard="R2")
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickDiscard(0, card("R2")))
    assert s.to_act() == [0] and set(s.candidates(0)) == {Keep(0, card("K1")), Keep(0, card("R2"))}
    do(s, Keep(0, card("K1")))
    assert s.hold_cards(0) == [card("K1")] and s.discard_cards() == [card("R2")]


def test_own_shard_revealed_in_your_hold_locks_at_once() -> None:
    s = make(["Mary", "Ronin"], holds=[["M2"], []], nexus="K1")
    choose(s, p0="Expose", p1="Shift")
    do(s, PickHold(0, 0))
    s.apply(Reveal(AUTO))
    assert s.reality[0] == [card("M2")] and s.holds[0] == []


def test_faq_own_shard_locks_even_when_an_opponent_reveals_it() -> None:
    s = make(["Mary", "Ronin"], holds=[["M2"], []], nexus="K1")
    choose(s, p0="Shift", p1="Expose")
    do(s, PickHold(1, 0))
    ev = s.apply(Reveal(AUTO))
    assert s.reality[0] == [card("M2")]
    assert "locks into Mary's Reality" in texts(ev, s)


def test_faq_nexus_empty_reshuffles_discard_even_in_the_middle_of_an_action() -> None:
    s = make(["Mary", "Ronin"], nexus="K1", discard="R3R4")
    choose(s, p0="Fracture", p1="Shift")
    do(s, Resolve(0))
    draw(s, "K1")
    assert s.nexus_n == 2 and s.discard_n == 0  # reshuffled before the second take
    assert {c.card for c, _ in s.chance_outcomes()} == {card("R3"), card("R4")}
    draw(s, "R4")
    assert len(s.holds[0]) == 2 and not any(e & REVEALED for e in s.holds[0])


def test_nexus_and_discard_both_empty_the_take_is_skipped() -> None:
    s = make(["Mary", "Ronin"], nexus="K1")
    choose(s, p0="Fracture", p1="Shift")
    ev = do(s, Resolve(0))
    ev += draw(s, "K1")
    assert "both empty" in texts(ev, s) and s.hold_cards(0) == [card("K1")]


def test_discard_is_open_and_unordered() -> None:
    a = make(["Mary", "Ronin"], discard="K1R2")
    b = make(["Mary", "Ronin"], discard="R2K1")
    assert a.notation() == b.notation() and a.info_key(0) == b.info_key(0)
    for seat in (0, 1):  # every seat sees every card of the Discard
        assert sorted(a.view(seat)["discard"]) == sorted([card("K1"), card("R2")])


def test_wild_shard_belongs_to_no_character_and_is_only_kept_in_a_hold() -> None:
    s = make(["Mary", "Ronin"], discard="W")
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickDiscard(0, WILD))
    assert s.hold_cards(0) == [WILD] and s.reality[0] == []


def test_wild_shard_completes_a_reality_of_three_and_wins_at_once() -> None:
    s = make(["Mary", "Ronin"], discard="W", reality=["M1M2M3", ""])
    choose(s, p0="Telekinesis", p1="Shift")
    ev = do(s, PickDiscard(0, WILD))
    assert s.is_over() and s.winners() == [0] and s.scores() == [1.0, 0.0]
    assert "Wild Shard" in texts(ev, s)


def test_wild_shard_shrouded_in_the_hold_completes_too() -> None:
    s = make(["Mary", "Ronin"], nexus="W", reality=["M1M2M3", ""])
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickNexus(0))
    draw(s, "W")
    assert s.winners() == [0]


def test_game_ends_the_moment_a_reality_holds_all_four_even_mid_round() -> None:
    s = make(["Mary", "Ronin"], discard="M4", reality=["M1M2M3", ""], anchor=1)
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickDiscard(0, card("M4")))
    assert s.is_over() and s.winners() == [0] and s.to_act() == [] and s.anchor == 1  # Shift never resolved
    assert WC.check(s, Resolve(1)).reason == "The game is over."


# --- Action clarifications --------------------------------------------------------------------


def test_expose_can_reveal_from_nexus_own_hold_or_opponents_hold() -> None:
    s = make(["Mary", "Ronin", "Jessup"], holds=[["K1"], ["K2"], []], nexus="R1")
    choose(s, p0="Expose", p1="Shift", p2="Reset")
    legal = set(s.candidates(0))
    assert {PickNexus(0), PickHold(0, 0), PickHold(0, 1), Decline(0)} == legal  # Jessup's Hold is empty


def test_expose_from_the_nexus_puts_the_shard_in_the_discard() -> None:
    s = make(["Mary", "Ronin"], nexus="M1R1")
    choose(s, p0="Expose", p1="Shift")
    do(s, PickNexus(0))
    draw(s, "M1")
    assert s.discard_cards() == [card("M1")] and s.reality[0] == []


def test_expose_reveals_an_opponents_shard_that_stays_in_their_hold() -> None:
    s = make(["Mary", "Ronin"], holds=[[], ["K2"]], nexus="R1")
    choose(s, p0="Expose", p1="Shift")
    do(s, PickHold(0, 1))
    s.apply(Reveal(AUTO))
    assert s.holds[1][0] & REVEALED and s.view(0)["players"][1]["hold"][0]["card"] == card("K2")


def test_fracture_takes_two_from_the_nexus_and_keeps_one_of_three() -> None:
    s = make(["Mary", "Ronin"], holds=[["K1"], []], nexus="K2K3R1")
    choose(s, p0="Fracture", p1="Shift")
    do(s, Resolve(0))
    draw(s, "K2")
    draw(s, "R1")
    assert set(s.candidates(0)) == {Keep(0, card(x)) for x in ("K1", "K2", "R1")}
    do(s, Keep(0, card("R1")))
    assert s.hold_cards(0) == [card("R1")] and sorted(s.discard_cards()) == [card("K1"), card("K2")]


def test_telekinesis_from_nexus_discard_or_opponent_never_from_a_reality() -> None:
    s = make(["Mary", "Ronin"], holds=[[], ["K1"]], nexus="K2", discard="R3", reality=["", "R1"])
    choose(s, p0="Telekinesis", p1="Shift")
    assert set(s.candidates(0)) == {PickNexus(0), PickDiscard(0, card("R3")), PickHold(0, 1), Decline(0)}
    assert "opponent's Hold, not your own" in WC.explain_illegal(s, PickHold(0, 0))


def test_telekinesis_takes_a_revealed_shard_from_an_opponent_and_locks_it_if_yours() -> None:
    s = make(["Mary", "Ronin"], holds=[[], ["M2+"]], nexus="K2")
    choose(s, p0="Telekinesis", p1="Shift")
    do(s, PickHold(0, 1))  # already revealed: no new information, no chance step
    assert s.reality[0] == [card("M2")] and s.holds[1] == []


def test_reset_returns_all_played_actions_itself_included() -> None:
    s = make(["Mary", "Ronin"], nexus="K2")
    s.hands[0] = ALL_HAND & ~(1 << A["Expose"]) & ~(1 << A["Unleash"])
    ev = choose(s, p0="Reset", p1="Shift")
    ev += do(s, Resolve(0))
    assert s.hands[0] == ALL_HAND and "Unleash, Expose, Reset" in texts(ev, s)


def test_shift_takes_the_anchor_from_the_centre_from_another_or_from_yourself() -> None:
    for holder in (-1, 1, 0):
        s = make(["Mary", "Ronin"], nexus="K2", anchor=holder)
        choose(s, p0="Shift", p1="Reset")
        do(s, Decline(1), Resolve(0))
        assert s.anchor == 0


def test_shift_played_defensively_keeps_the_anchor_through_a_shift_clash() -> None:
    s = make(["Mary", "Ronin"], nexus="K2", anchor=0)
    choose(s, p0="Shift", p1="Shift")
    assert s.anchor == -1 and s.to_act() == [0]
    do(s, Resolve(0))
    assert s.anchor == 0


# --- Character clarifications (Unleash) -------------------------------------------------------------


def test_advaranau_chosen_action_stays_in_hand_and_opponents_discard_it() -> None:
    s = make(["Advaranau", "Ronin", "Mary"], nexus="K2")
    s.hands[2] &= ~(1 << A["Shift"])  # Mary has no Shift to discard: "if able"
    choose(s, p0="Unleash", p1="Reset", p2="Expose")
    assert PickAction(0, 0, A["Unleash"]) not in s.candidates(0)
    ev = do(s, PickAction(0, 0, A["Shift"]))
    assert not s.hands[1] >> A["Shift"] & 1 and "Ronin must discard Shift" in texts(ev, s)
    do(s, Resolve(0))  # the persuaded Shift resolves at once
    assert s.anchor == 0 and s.hands[0] >> A["Shift"] & 1  # ...and stays in Advaranau's hand


def test_cene_c_shards_taken_from_the_discard_are_revealed_so_hers_lock_at_once() -> None:
    s = make(["Cene C", "Ronin"], holds=[["K1"], []], discard="C1C2R1")
    choose(s, p0="Unleash", p1="Shift")
    do(s, PickDiscard(0, card("C1")))
    assert s.reality[0] == [card("C1")] and s.to_act() == [0]
    assert Done(0) in s.candidates(0)
    do(s, PickDiscard(0, card("R1")))
    do(s, Keep(0, card("R1")))
    assert s.hold_cards(0) == [card("R1")] and s.discard_cards() == [card("C2"), card("K1")]


def test_cene_c_takes_at_most_two_and_may_stop_after_one() -> None:
    s = make(["Cene C", "Ronin"], discard="C1C2C3")
    choose(s, p0="Unleash", p1="Shift")
    do(s, PickDiscard(0, card("C1")), PickDiscard(0, card("C2")))
    assert s.reality[0] == [card("C1"), card("C2")] and s.to_act() == [1]
    t = make(["Cene C", "Ronin"], discard="C1C2C3")
    choose(t, p0="Unleash", p1="Shift")
    do(t, PickDiscard(0, card("C1")), Done(0))
    assert t.reality[0] == [card("C1")]


def test_jessup_resolves_any_played_action_even_clashed_or_discarded() -> None:
    s = make(["Jessup", "Ronin", "Mary"], nexus="K2")
    s.hands[2] &= ~(1 << A["Telekinesis"])  # discarded earlier (to Advaranau, say)
    choose(s, p0="Unleash", p1="Shift", p2="Shift")  # Ronin and Mary clash
    legal = set(s.candidates(0))
    assert PickAction(0, 1, A["Shift"]) in legal and PickAction(0, 2, A["Telekinesis"]) in legal
    assert PickAction(0, 0, A["Unleash"]) not in legal
    do(s, PickAction(0, 1, A["Shift"]), Resolve(0))
    assert s.anchor == 0


def test_jessup_resolves_an_opponents_played_unleash_as_that_opponents_ability() -> None:
    s = make(["Jessup", "Mary"], nexus="J1M1M2K1")
    s.hands[1] &= ~(1 << A["Unleash"])  # Mary's Unleash was played in an earlier round
    choose(s, p0="Unleash", p1="Shift")
    assert PickAction(0, 1, A["Unleash"]) in set(s.candidates(0))
    assert PickAction(0, 0, A["Unleash"]) not in set(s.candidates(0))  # his own: a loop
    do(s, PickAction(0, 1, A["Unleash"]))
    assert s.stack[-1] == Acting(0, A["Unleash"], -1, C["Mary"])
    assert set(s.candidates(0)) == {Resolve(0), Decline(0)}  # Mary's ability, acting for Jessup
    assert rules.describe_pending(s)["acts_as"] == C["Mary"]
    do(s, Resolve(0))
    draw(s, "J1")
    draw(s, "M1")
    draw(s, "M2")
    do(s, TakeRevealed(0, card("J1")))
    assert s.reality[0] == [card("J1")] and sorted(s.discard_cards()) == [card("M1"), card("M2")]


def test_jessup_with_cene_cs_unleash_takes_from_the_discard_for_himself() -> None:
    s = make(["Jessup", "Cene C"], discard="J2C1", nexus="K1")
    s.hands[1] &= ~(1 << A["Unleash"])
    choose(s, p0="Unleash", p1="Shift")
    do(s, PickAction(0, 1, A["Unleash"]))
    assert set(s.candidates(0)) == {PickDiscard(0, card("J2")), PickDiscard(0, card("C1")), Decline(0)}
    do(s, PickDiscard(0, card("J2")))
    assert s.reality[0] == [card("J2")] and s.reality[1] == []


def test_refusing_jessups_own_unleash_says_why() -> None:
    s = make(["Jessup", "Mary"], nexus="K1")
    choose(s, p0="Unleash", p1="Shift")
    why = WC.explain_illegal(s, PickAction(0, 0, A["Unleash"]))
    assert "own Unleash" in why


def test_kintriel_revealed_opponent_shard_is_discarded_even_if_it_is_theirs() -> None:
    s = make(["Kintriel", "Ronin"], holds=[[], ["R2"]], nexus="K2")
    choose(s, p0="Unleash", p1="Shift")
    do(s, PickHold(0, 1))
    s.apply(Reveal(AUTO))
    assert s.reality[1] == [] and s.discard_cards() == [card("R2")] and s.holds[1] == []


def test_mary_reveals_three_takes_only_one_even_if_several_are_hers_rest_discarded() -> None:
    s = make(["Mary", "Ronin"], nexus="M1M2K1K2")
    choose(s, p0="Unleash", p1="Shift")
    do(s, Resolve(0))
    draw(s, "M1")
    draw(s, "M2")
    draw(s, "K1")
    assert set(s.candidates(0)) == {TakeRevealed(0, card(x)) for x in ("M1", "M2", "K1")}
    do(s, TakeRevealed(0, card("M2")))
    assert s.reality[0] == [card("M2")] and sorted(s.discard_cards()) == [card("K1"), card("M1")]


def test_ronin_chosen_action_resolves_in_initiative_order_like_any_other() -> None:
    s = make(["Ronin", "Mary"], nexus="K2K3")
    choose(s, p0="Unleash", p1="Reset")
    do(s, PickAction(0, 0, A["Shift"]))
    assert acting(s) == (1, A["Reset"])  # Mary's Reset (5) comes first...
    assert [(a, seat) for a, seat, _ in s.queue] == [(A["Shift"], 0)]  # ...then Ronin's Shift (6)
    do(s, Decline(1), Resolve(0))
    assert s.anchor == 0 and not s.hands[0] >> A["Shift"] & 1


def test_ronin_chosen_action_can_still_clash_with_other_players() -> None:
    s = make(["Ronin", "Mary"], nexus="K2K3")
    choose(s, p0="Unleash", p1="Telekinesis")
    ev = do(s, PickAction(0, 0, A["Telekinesis"]))
    assert any(type(e).__name__ == "Clash" for e in ev)
    assert s.queue == [] and rules.phase_name(s) == "choose"  # nobody resolves Telekinesis


def test_ronin_clash_against_the_anchor_holder() -> None:
    s = make(["Ronin", "Mary"], nexus="K2K3", anchor=1)
    choose(s, p0="Unleash", p1="Telekinesis")
    do(s, PickAction(0, 0, A["Telekinesis"]))
    assert s.anchor == -1 and s.to_act() == [1]  # Mary returns the Anchor and resolves


# --- every game ends -----------------------------------------------------------------------------


def test_round_limit_ends_the_game_most_shards_locked_wins_ties_shared() -> None:
    s = make(["Mary", "Ronin", "Jessup"], nexus="K2", reality=["M1", "R1", ""])
    s.round = s.round_limit
    ev = choose(s, p0="Shift", p1="Shift", p2="Shift")
    assert s.is_over() and s.winners() == [0, 1] and s.scores() == [1.0, 1.0, 0.0]
    assert "round limit" in texts(ev, s)


def test_random_games_always_end() -> None:
    r = random.Random(3)
    for seed in range(60):
        s = WC.new({"characters": r.choice(["random", "chosen"])}, seed, 2 + seed % 3)
        steps = 0
        while not s.is_over():
            s.apply(pick(s, r))
            steps += 1
        assert s.winners() and s.round <= s.round_limit and steps < 5000
