"""The Worlds Collide AI (game/worlds_collide/ai.py): evaluator range, a play-out
policy that is legal and blind to what its seat cannot see, a `normal` decision
that no unseen fact changes, and every Character's ability played sensibly."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.agents import ISMCTS_BUDGETS, ISMCTSAgent, make_agent
from game.ai.knowledge import get_knowledge
from game.core.protocol import AUTO, Command, by_itself
from game.core.rng import Rng
from game.worlds_collide import ai
from game.worlds_collide.cards import (
    ALL_ACTIONS,
    CHARACTER_NAMES,
    parse_card,
)
from game.worlds_collide.commands import (
    ChooseAction,
    Keep,
    PickAction,
    PickDiscard,
    PickHold,
    PickNexus,
    Resolve,
    Reveal,
    TakeRevealed,
)
from game.worlds_collide.game import WORLDS_COLLIDE as WC
from game.worlds_collide.state import (
    EPOCH_SHIFT,
    MASK_SHIFT,
    REVEALED,
    WorldsCollideState,
)
from tests.games.worlds_collide.wc_helpers import A as ACT
from tests.games.worlds_collide.wc_helpers import C as CH
from tests.games.worlds_collide.wc_helpers import midgame, scramble_hidden

FULL = sum(1 << a for a in ALL_ACTIONS)


def _cards(text: str) -> list[int]:
    out, i = [], 0
    while i < len(text):
        step = 1 if text[i] == "W" else 2
        out.append(parse_card(text[i:i + step]))
        i += step
    return out


def make(chars: list[str], *, holds: list[str] | None = None, nexus: str = "", discard: str = "",
         reality: list[str] | None = None, played: list[str] | None = None, anchor: int = -1,
         seed: int = 7) -> WorldsCollideState:
    """A position at the start of a round. Holds: `M1` shrouded (seen by its holder),
    `M1+` revealed, `` empty; `played`: per seat, Action names off the hand, comma-separated."""
    n = len(chars)
    s = WorldsCollideState(n, Rng(seed))
    s.chars = [CH[c] for c in chars]
    s.extra = next(i for i in range(len(CHARACTER_NAMES)) if i not in s.chars)
    for seat, text in enumerate(holds or [""] * n):
        if text.endswith("+"):
            s.holds[seat].append(parse_card(text[:-1]) | REVEALED | (((1 << n) - 1) << MASK_SHIFT))
        elif text:
            s.holds[seat].append(parse_card(text) | (1 << seat << MASK_SHIFT))
    for c in _cards(nexus):
        s.nexus[c] += 1
    for c in _cards(discard):
        s.discard[c] += 1
    s.nexus_n, s.discard_n = sum(s.nexus), sum(s.discard)
    for seat, text in enumerate(reality or []):
        s.reality[seat] = _cards(text)
    for seat, text in enumerate(played or []):
        for name in filter(None, text.split(",")):
            s.hands[seat] &= ~(1 << ACT[name])
    s.anchor = anchor
    return s


def play_round(s: WorldsCollideState, **by_seat: str) -> None:
    """Everyone chooses (`p0="Unleash"`), then the reveal."""
    for key, name in by_seat.items():
        s.apply(ChooseAction(int(key[1:]), ACT[name]))
    assert by_itself(s.to_act())
    s.apply(Reveal(AUTO))


def decision_positions() -> list[tuple[WorldsCollideState, int]]:
    """Mid-game positions with a seat to decide (several phases, 2-4 players)."""
    out = []
    for seed in range(60):
        s = midgame(seed, 2 + seed % 3, 5 + 7 * seed % 90)
        if s.is_over() or by_itself(s.to_act()):
            continue
        out.append((s, s.to_act()[-1]))
    return out


# --- the evaluator ---------------------------------------------------------------------------

def test_values_lie_in_0_1_and_a_winner_is_valued_highest() -> None:
    know = get_knowledge("worlds-collide")
    assert isinstance(know, ai.WorldsCollideKnowledge)
    for s, _ in decision_positions():
        vals = know.values(s)
        assert len(vals) == s.n
        assert all(0.0 <= v <= 1.0 for v in vals)
        assert abs(sum(vals) - 1.0) < 1e-9  # softmax of potentials before the end
    s = make(["Mary", "Kintriel"], reality=["M1M2M3", "K1"], holds=["M4+", ""])
    s.won = [0]
    assert know.values(s) == [1.0, 0.0]
    ahead = make(["Mary", "Kintriel"], reality=["M1M2M3", "K1"])
    vals = know.values(ahead)
    assert vals[0] > vals[1] and vals[0] < 1.0  # not won yet: below a win


def test_more_locked_shards_dominate_the_rest_of_the_position() -> None:
    know = get_knowledge("worlds-collide")
    # Seat 1 has everything but locks: own Shard in Hold, Anchor, Expose in hand.
    s = make(["Cene C", "Ronin"], reality=["C1C2", "R1"], holds=["", "R2"], anchor=1)
    v = know.values(s)
    assert v[0] > v[1]


def test_own_shard_in_hold_wild_and_discard_are_worth_something() -> None:
    base = make(["Mary", "Kintriel"], holds=["K1", ""])
    own = make(["Mary", "Kintriel"], holds=["M1", ""])
    wild = make(["Mary", "Kintriel"], holds=["W", ""])
    disc = make(["Mary", "Kintriel"], holds=["K1", ""], discard="M2")
    p = ai.potential
    assert p(own, 0) > p(base, 0) and p(wild, 0) > p(base, 0) and p(disc, 0) > p(base, 0)
    assert p(own, 0) < 1.0  # less than a locked Shard


# --- the play-out policy ------------------------------------------------------------------------

def test_policy_returns_legal_commands_and_plays_games_to_the_end() -> None:
    know = get_knowledge("worlds-collide")
    rng = Rng(3)
    for seed in range(6):
        s = WC.new({}, seed, 2 + seed % 3)
        for _ in range(3000):
            if s.is_over():
                break
            actors = s.to_act()
            if by_itself(actors):
                s.apply(s.sample_chance())
                continue
            cmd = know.rollout_command(s, rng)
            assert cmd in s.candidates(cmd.seat)
            s.apply(cmd)
        assert s.is_over()


def test_policy_is_blind_to_what_its_seat_cannot_see() -> None:
    """Two determinisations differing only in hidden facts for the acting seat
    (unseen Hold cards, the Nexus, others' pending secret choices) give the
    same command for the same seed."""
    r = random.Random(5)
    checked = 0
    for s, seat in decision_positions():
        for k in range(3):
            a = s.determinize(seat, Rng(100 + k))
            b = scramble_hidden(a, seat, r)
            assert b.info_key(seat) == a.info_key(seat)
            for trial in range(4):
                assert ai.policy_command(a, seat, Rng(trial)) == ai.policy_command(b, seat, Rng(trial))
            checked += 1
    assert checked > 60


def test_policy_ignores_a_pending_secret_choice() -> None:
    s = make(["Mary", "Ronin", "Jessup"], holds=["K1", "R1", "J1"], nexus="M1M2M3M4R2R3R4J2J3J4K2K3K4W")
    s.apply(ChooseAction(1, ACT["Expose"]))
    outs = set()
    for choice in ALL_ACTIONS:
        t = s.clone()
        t.choices[1] = choice
        outs.add(ai.policy_command(t, 0, Rng(1)))
    assert len(outs) == 1


# --- the search decision: the same whatever the seat cannot see ------------------------------

def _after_a_reshuffle() -> tuple[WorldsCollideState, int]:
    """A decision after the Discard became the Nexus: the seat to decide cannot see a
    Shard drawn before the reshuffle nor one drawn since (two epochs hidden)."""
    s = midgame(164, 3, 200)  # (144, 150 before Jessup could resolve an opponent's Unleash; 131 before that)
    seat = s.to_act()[-1]
    hidden = [e >> EPOCH_SHIFT for h in s.holds for e in h if not e & REVEALED and not e >> MASK_SHIFT >> seat & 1]
    assert s.reshuffles == 1 and sorted(hidden) == [0, 1] and len(s.candidates(seat)) > 1
    return s, seat


def test_normal_decision_unchanged_when_every_hidden_fact_changes() -> None:
    """The issue's test: change every hidden fact the seat cannot see; with the same
    seed and an iteration budget, `normal`'s search decides the same, and in fact
    ends with the same statistics at every root edge. A short budget (normal's
    settings otherwise) keeps it cheap: the property holds for any budget, since
    each iteration reads only a determinisation drawn from the seat's view."""
    budget = dataclasses.replace(ISMCTS_BUDGETS["normal"], iterations=150, max_seconds=None)
    know = get_knowledge("worlds-collide")
    r = random.Random(9)
    positions = [p for p in decision_positions() if len(p[0].candidates(p[1])) > 1][:3]
    # A secret round where another seat has already chosen (its choice is hidden).
    s = make(["Mary", "Ronin", "Jessup"], holds=["K1", "R1", "J1"], nexus="M1M2M3M4R2R3R4J2J3J4K2K3K4W")
    s.apply(ChooseAction(1, ACT["Expose"]))
    positions.append((s, 0))
    positions.append(_after_a_reshuffle())
    for s, seat in positions:
        agent = ISMCTSAgent(know, budget, 42, "normal")
        first = agent.choose(s, seat)
        root = agent.stats.root
        assert sum(v for v, _, _ in root.values()) == 150  # every iteration passed the root
        for _ in range(2):
            t = scramble_hidden(s, seat, r)
            again = ISMCTSAgent(know, budget, 42, "normal")
            assert again.choose(t, seat) == first
            assert again.stats.root == root


def test_agents_use_this_knowledge() -> None:
    assert isinstance(get_knowledge("worlds-collide"), ai.WorldsCollideKnowledge)
    agent = make_agent("normal", "worlds-collide", 1)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.search.budget.max_seconds is not None and agent.search.budget.max_seconds <= 0.8
    hard = make_agent("hard", "worlds-collide", 1)
    assert isinstance(hard, ISMCTSAgent)
    assert hard.search.budget.max_seconds is not None and hard.search.budget.max_seconds <= 2.5


class _Rounds(ai.WorldsCollideKnowledge):
    """Records the round of every position the search evaluates."""

    def __init__(self) -> None:
        self.rounds: set[int] = set()

    def values(self, state: object) -> list[float]:
        assert isinstance(state, WorldsCollideState)
        if not state.is_over():
            self.rounds.add(state.round)
        return super().values(state)


@pytest.mark.parametrize(("level", "ahead"), [("normal", 1), ("hard", 2)])
def test_normal_evaluates_at_the_end_of_the_round_and_hard_one_round_later(level: str, ahead: int) -> None:
    s = make(["Mary", "Kintriel"], holds=["K1", "M2"], nexus="M1M3M4K2K3K4A1A2A3A4W", seed=3)
    know = _Rounds()
    budget = dataclasses.replace(ISMCTS_BUDGETS[level], iterations=200, max_seconds=None)
    ISMCTSAgent(know, budget, 5, level).choose(s, 0)
    assert know.rounds == {s.round + ahead}


# --- every Character's ability, played sensibly ---------------------------------------------------

SEARCH = dataclasses.replace(ISMCTS_BUDGETS["normal"], iterations=400, max_seconds=None)


def decide(s: WorldsCollideState, seat: int) -> Command:
    know = get_knowledge("worlds-collide")
    cmd = ISMCTSAgent(know, SEARCH, 11, "normal").choose(s, seat)
    assert cmd in s.candidates(seat)
    return cmd


def test_cene_c_chooses_unleash_and_takes_her_own_shards_from_the_discard() -> None:
    s = make(["Cene C", "Mary"], reality=["C1", "M1"], discard="C2C3K1", holds=["K2", "M4"],
             nexus="C4M2M3K3K4W")
    pick = decide(s, 0)
    assert pick in (ChooseAction(0, ACT["Unleash"]), ChooseAction(0, ACT["Telekinesis"]))
    assert ai.policy_command(s, 0, Rng(1)) == ChooseAction(0, ACT["Unleash"])  # two to take: Unleash
    play_round(s, p0="Unleash", p1="Shift")
    first = decide(s, 0)
    assert isinstance(first, PickDiscard) and first.card in (parse_card("C2"), parse_card("C3"))
    s.apply(first)
    second = decide(s, 0)
    assert isinstance(second, PickDiscard) and second.card in (parse_card("C2"), parse_card("C3"))


def test_kintriel_attacks_the_hold_of_the_player_nearest_completion() -> None:
    s = make(["Kintriel", "Mary", "Ronin"], reality=["K1", "M1M2M3", ""], holds=["K2", "R1", "M4"],
             nexus="K3K4R2R3R4J1J2W")
    play_round(s, p0="Unleash", p1="Shift", p2="Reset")
    assert decide(s, 0) == PickHold(0, 1)


def test_kintriel_discards_a_revealed_wild_shard() -> None:
    s = make(["Kintriel", "Mary", "Ronin"], reality=["K1", "M1", "R1"], holds=["K2", "R2", "W+"],
             nexus="K3K4R3R4J1J2M2M3M4")
    play_round(s, p0="Unleash", p1="Shift", p2="Reset")
    assert decide(s, 0) == PickHold(0, 2)


def test_mary_unleashes_to_look_for_her_shards_and_takes_hers() -> None:
    s = make(["Mary", "Jessup"], reality=["M1", "J1"], holds=["J2", "J3"], nexus="M2M3M4J4K1K2K3")
    assert ai.policy_command(s, 0, Rng(1)) == ChooseAction(0, ACT["Unleash"])
    play_round(s, p0="Unleash", p1="Shift")
    assert decide(s, 0) == Resolve(0)
    s.apply(Resolve(0))
    for name in ("K1", "M3", "J4"):
        s.apply(next(c for c, _ in s.chance_outcomes() if getattr(c, "card", None) == parse_card(name)))
    assert decide(s, 0) == TakeRevealed(0, parse_card("M3"))


def test_mary_takes_her_own_shard_over_the_wild() -> None:
    s = make(["Mary", "Jessup"], reality=["M1", "J1"], holds=["K4", "J3"], nexus="M2W")
    play_round(s, p0="Unleash", p1="Shift")
    s.apply(Resolve(0))
    # A Nexus of two: both come up (M2 and W), the Discard is empty: take M2, it locks.
    while by_itself(s.to_act()):
        s.apply(s.candidates(s.to_act()[0])[0])
    assert decide(s, 0) == TakeRevealed(0, parse_card("M2"))


def test_jessup_resolves_an_opponents_played_expose_on_his_own_shard() -> None:
    s = make(["Jessup", "Ronin"], reality=["J1", "R1"], holds=["J2", "R2"], played=["Expose", "Expose"],
             nexus="J3J4R3R4K1K2W")
    play_round(s, p0="Unleash", p1="Fracture")
    assert decide(s, 0) in (PickAction(0, 1, ACT["Expose"]), PickAction(0, 0, ACT["Expose"]))
    s.apply(PickAction(0, 1, ACT["Expose"]))
    assert decide(s, 0) == PickHold(0, 0)  # Expose his own Hold: J2 locks


def test_advaranau_persuades_with_expose_when_her_shard_waits_in_the_hold() -> None:
    s = make(["Advaranau", "Mary"], reality=["A1", "M1"], holds=["A2", "M2"], nexus="A3A4M3M4K1K2W")
    play_round(s, p0="Unleash", p1="Fracture")
    assert decide(s, 0) == PickAction(0, 0, ACT["Expose"])
    s.apply(PickAction(0, 0, ACT["Expose"]))
    assert not s.hands[1] >> ACT["Expose"] & 1  # Mary had to discard hers
    assert decide(s, 0) == PickHold(0, 0)


def test_ronin_preempts_with_a_useful_second_action_that_does_not_clash() -> None:
    s = make(["Ronin", "Kintriel"], reality=["R1", "K1"], holds=["R2", "K2"], discard="R3",
             nexus="R4K3K4M1M2W")
    play_round(s, p0="Unleash", p1="Expose")
    # Telekinesis takes R3 from the Discard (it locks); Expose would only Clash with Kintriel's.
    assert decide(s, 0) == PickAction(0, 0, ACT["Telekinesis"])
    s.apply(PickAction(0, 0, ACT["Telekinesis"]))
    s.apply(PickNexus(1))  # Kintriel's Expose
    while by_itself(s.to_act()):
        s.apply(s.candidates(s.to_act()[0])[0])
    assert decide(s, 0) == PickDiscard(0, parse_card("R3"))


def test_everyone_keeps_their_own_shard_over_others() -> None:
    s = make(["Kintriel", "Mary"], holds=["M1", ""], nexus="K1K2")
    play_round(s, p0="Fracture", p1="Shift")
    s.apply(Resolve(0))
    while by_itself(s.to_act()):
        s.apply(s.candidates(s.to_act()[0])[0])
    assert decide(s, 0) in (Keep(0, parse_card("K1")), Keep(0, parse_card("K2")))


@pytest.mark.parametrize("players", [2, 4])
def test_a_full_game_between_normal_and_others_finishes(players: int) -> None:
    budget = dataclasses.replace(ISMCTS_BUDGETS["normal"], iterations=60, max_seconds=None)
    know = get_knowledge("worlds-collide")
    s = WC.new({}, players, players)
    agents = [ISMCTSAgent(know, budget, 1, "normal")] + [make_agent("random", "worlds-collide", i)
                                                         for i in range(1, players)]
    for _ in range(5000):
        if s.is_over():
            break
        actors = s.to_act()
        if by_itself(actors):
            s.apply(s.sample_chance())
            continue
        cmd = agents[actors[0]].choose(s, actors[0])
        assert cmd in s.candidates(actors[0])
        s.apply(cmd)
    assert s.is_over()


@pytest.mark.parametrize("reopen", [False, True])
def test_a_submitted_secret_choice_is_redrawn_or_chosen_again_in_the_search(reopen: bool) -> None:
    """Ronin has chosen, unseen. Plain determinisation redraws his choice at random
    (no node of his at the root's step); with `reopen_choices` he chooses again
    from his own statistics inside the search. Either way what he really chose
    changes nothing."""
    s = make(["Mary", "Ronin"], holds=["M1", "K1"], nexus="M2M3M4R1R2R3R4K2K3K4W")
    know = get_knowledge("worlds-collide")
    budget = dataclasses.replace(ISMCTS_BUDGETS["normal"], iterations=200, max_seconds=None,
                                 reopen_choices=reopen)
    results = []
    for action in (ACT["Expose"], ACT["Shift"]):
        t = s.clone()
        t.apply(ChooseAction(1, action))
        agent = ISMCTSAgent(know, budget, 8, "normal")
        results.append((agent.choose(t, 0), agent.stats.root))
        ronin = [n for (depth, seat, _), n in agent.search._nodes.items() if depth == 0 and seat == 1]
        if reopen:
            assert len(ronin) == 1 and ronin[0].visits == 200
            assert sum(1 for e in ronin[0].edges.values() if e.visits) > 1
        else:
            assert ronin == []
    assert results[0] == results[1]
