"""The Cosmos AI (game/cosmos/ai.py): the evaluator, the candidates it thins, the search's horizon,
its levels, and that it never reads another seat's hidden cards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.agents import GreedyAgent, ISMCTSAgent, make_agent
from game.ai.knowledge import get_knowledge
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.cosmos import ai
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos.content import LIFEFORMS
from game.cosmos.game import COSMOS
from game.cosmos.state import CosmosState


def midgame(seed: int, players: int, commands: int) -> CosmosState:
    """A position after `commands` random commands (chance included)."""
    s = COSMOS.new({}, seed, players)
    r = Rng(seed + 1)
    for _ in range(commands):
        if s.is_over():
            break
        actor = s.to_act()[0]
        s.apply(s.sample_chance(r) if actor == CHANCE else r.choice(s.candidates(actor)))
    return s


def decision(seed: int, players: int, commands: int) -> tuple[CosmosState, int]:
    """The first position from `commands` on where a seat has at least three choices."""
    s = midgame(seed, players, commands)
    r = Rng(seed)
    while True:
        actor = s.to_act()[0]
        if actor != CHANCE and len(s.candidates(actor)) >= 3:
            return s, actor
        s.apply(s.sample_chance(r) if actor == CHANCE else r.choice(s.candidates(actor)))


def scramble_hidden(s: CosmosState, seat: int, r: random.Random) -> CosmosState:
    """The same position as `seat` sees it, every fact it cannot see changed: the others' unseen
    life cards swapped with cards of the decks' unknown parts, their missions with the box's,
    unseen tiles moved between the two halves of their stack."""
    t = s.clone()
    for i, p in enumerate(t.players):
        if i == seat:
            continue
        for k, card in enumerate(p.hand):
            if card in p.seen:
                continue
            li = LIFEFORMS.index(t.content.life[card].type)
            decks = [d for d in t.life_piles[2 * li: 2 * li + 2] if d.pool]
            if decks:
                deck = r.choice(decks)
                j = r.randrange(len(deck.pool))
                p.hand[k], deck.pool[j] = deck.pool[j], card
                deck.pool.sort()
        if t.mission_box and p.missions:
            j = r.randrange(len(t.mission_box))
            p.missions[0], t.mission_box[j] = t.mission_box[j], p.missions[0]
            p.missions.sort()
            t.mission_box.sort()
    for a, b in [t.planet_piles[i: i + 2] for i in (0, 2, 4, 6)] + [t.biome_piles[0:2], t.biome_piles[2:4]]:
        if a.pool and b.pool:
            i, j = r.randrange(len(a.pool)), r.randrange(len(b.pool))
            a.pool[i], b.pool[j] = b.pool[j], a.pool[i]
            a.pool.sort()
            b.pool.sort()
    return t


def test_changing_every_hidden_fact_leaves_the_view_and_the_info_key_unchanged() -> None:
    know = ai.CosmosKnowledge()
    r = random.Random(3)
    for seed in (1, 2, 3):
        s, seat = decision(seed, 3, 60)
        t = scramble_hidden(s, seat, r)
        assert t.notation() != s.notation()  # something hidden did change
        assert t.view(seat) == s.view(seat)
        assert know.info_key(t, seat) == know.info_key(s, seat)


def test_normal_decision_unchanged_when_every_hidden_fact_changes() -> None:
    """The issue's test: change every hidden fact the seat cannot see; with the same seed and an
    iteration budget the search decides the same, with the same statistics at every root edge."""
    budget = dataclasses.replace(ai.BUDGETS["normal"], iterations=40, max_seconds=None)
    know = ai.CosmosKnowledge()
    r = random.Random(9)
    for seed, players, commands in ((4, 2, 40), (5, 3, 70), (6, 4, 90)):
        s, seat = decision(seed, players, commands)
        agent = ISMCTSAgent(know, budget, 42, "normal")
        first = agent.choose(s, seat)
        root = agent.stats.root
        assert sum(v for v, _, _ in root.values()) == 40
        for _ in range(2):
            again = ISMCTSAgent(know, budget, 42, "normal")
            assert again.choose(scramble_hidden(s, seat, r), seat) == first
            assert again.stats.root == root


def test_a_card_taken_from_the_open_offer_stays_known_in_every_determinisation() -> None:
    s = COSMOS.new({}, 8, 2)
    b = s.players[1]
    seen_card = 7  # any bacteria card: put it in B's hand as one everyone saw taken
    for d in s.life_piles:
        if seen_card in d.pool:
            d.pool.remove(seen_card)
        if d.top == seen_card:
            d.top = -1
    b.hand.append(seen_card)
    b.seen.append(seen_card)
    worlds = [s.determinize(0, Rng(k)) for k in range(8)]
    assert all(seen_card in w.players[1].hand for w in worlds)
    unseen = [c for c in b.hand if c not in b.seen]
    assert any(sorted(w.players[1].hand) != sorted(b.hand) for w in worlds) or not unseen


def test_taking_a_card_makes_it_seen_and_playing_it_forgets_it() -> None:
    s = midgame(10, 2, 0)
    seat = 0
    p = s.players[seat]
    s.frames[-1] = M.Taking(seat, 1)
    top = s.life_piles[0].top
    s.apply(C.Take(seat, 0))
    assert top in p.hand and top in p.seen
    assert s.view(1)["players"][seat]["seen"] == p.seen


def test_clone_shares_nothing_mutable() -> None:
    s = midgame(11, 3, 120)
    before = s.notation()
    c = s.clone()
    r = Rng(5)
    for _ in range(80):
        if c.is_over():
            break
        actor = c.to_act()[0]
        c.apply(c.sample_chance(r) if actor == CHANCE else r.choice(c.candidates(actor)))
    assert s.notation() == before
    assert s.clone().notation() == before


def test_thinning_keeps_one_discard_per_card_planet_and_icon_and_only_legal_plays() -> None:
    s = COSMOS.new({}, 12, 2)
    p = s.players[0]
    p.hand = [1, 2, 3, 4, 5, 6, 23, 24]
    s.frames[-1] = M.Acting(0, "create_life", 0)
    cmds = s.candidates(0)
    kept = ai.thin(s, cmds)
    plays = [c for c in kept if isinstance(c, C.PlayLife) and c.discard >= 0]
    keys = [(c.card, c.system, c.slot, c.icon) for c in plays]
    assert len(keys) == len(set(keys))
    assert {(c.card, c.system, c.slot, c.icon) for c in cmds if isinstance(c, C.PlayLife) and c.discard >= 0} == set(keys)
    assert all(COSMOS.why_illegal(s, c) is None for c in kept)


def test_potential_counts_vp_and_engine_and_values_are_margins() -> None:
    s = COSMOS.new({}, 13, 2)
    know = ai.CosmosKnowledge()
    base = ai.potential(s, 0)
    s.players[0].vp += 10
    assert ai.potential(s, 0) == base + 10
    s.players[0].energy += 3
    assert ai.potential(s, 0) > base + 10
    v = know.values(s)
    assert abs(v[0] + v[1]) < 1e-9 and v[0] > 0
    s.over = True
    assert know.values(s) == [s.scores()[0] - s.scores()[1], s.scores()[1] - s.scores()[0]]


def test_a_focus_tier_is_worth_what_it_pays_each_time_its_token_is_placed() -> None:
    """Round 3: a tier is valued by its effect (the tier it has, not the tiers below it) times the
    triggers still to come, so a tier paying 4 VP counts more than one paying 2 entropy."""
    s = COSMOS.new({}, 13, 2)
    p = s.players[0]
    p.missions = []  # M-cards asking for a tier 2 would count too
    late = ai._late(s)
    base = ai.potential(s, 0)
    p.focus = "B"
    p.tiers = [1, 0, 0]
    assert ai.potential(s, 0) - base == pytest.approx(late * ai.FOCUS_TRIGGERS * 2)  # B.star tier 1: 2 VP
    p.tiers = [2, 0, 0]
    assert ai.potential(s, 0) - base == pytest.approx(late * ai.FOCUS_TRIGGERS * 3)  # tier 2 replaces it: 3 VP
    p.focus, p.tiers = "A", [0, 0, 1]
    a_life = ai.potential(s, 0) - base
    assert a_life == pytest.approx(late * ai.FOCUS_TRIGGERS * 2 * ai.ENTROPY)  # A.life tier 1: 2 entropy
    assert 0 < a_life < late * ai.FOCUS_TRIGGERS * 2
    for letter, cards in s.content.focus.items():
        for card in cards:
            assert 0 < ai.effect_vp(card[0]) < ai.effect_vp(card[1]), letter  # tier 2 pays more


def test_the_search_stops_at_the_end_of_the_turn() -> None:
    know = ai.CosmosKnowledge()
    s = COSMOS.new({}, 14, 2)
    start = know.horizon_key(s)
    r = Rng(1)
    while s.frames[-1].seat == 0 or s.reveals:
        actor = s.to_act()[0]
        assert know.horizon_key(s) == start
        s.apply(s.sample_chance(r) if actor == CHANCE else r.choice(s.candidates(actor)))
    assert know.horizon_key(s) != start


def test_the_play_out_policy_plays_whole_games_and_takes_rewards() -> None:
    s = COSMOS.new({}, 15, 2)
    r = Rng(2)
    know = ai.CosmosKnowledge()
    while not s.is_over():
        actor = s.to_act()[0]
        if actor == CHANCE:
            s.apply(s.sample_chance(r))
            continue
        cmd = know.rollout_command(s, r)
        real = [c for c in s.candidates(actor) if not isinstance(c, (C.Done, C.Exchange))]
        frame = s.frames[-1]
        if real and not (isinstance(frame, M.Acting) and frame.resolved):
            assert not isinstance(cmd, (C.Done, C.Exchange))
        s.apply(cmd)
    assert s.is_over()


def test_levels_come_from_the_manifest() -> None:
    assert isinstance(get_knowledge("cosmos"), ai.CosmosKnowledge)
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, "cosmos", 1)
        assert isinstance(agent, ISMCTSAgent) and agent.search.budget == ai.BUDGETS[level]
    assert ai.BUDGETS["easy"].iterations < ai.BUDGETS["normal"].iterations < ai.BUDGETS["hard"].iterations
    assert isinstance(make_agent("greedy", "cosmos", 1), GreedyAgent)


def test_agents_play_legal_commands() -> None:
    budget = dataclasses.replace(ai.BUDGETS["easy"], iterations=8, max_seconds=None)
    agent = ISMCTSAgent(ai.CosmosKnowledge(), budget, 3, "easy")
    s = COSMOS.new({}, 16, 2)
    r = Rng(3)
    for _ in range(40):
        actor = s.to_act()[0]
        cmd = s.sample_chance(r) if actor == CHANCE else agent.choose(s, actor)
        assert COSMOS.check(s, cmd) is None
        s.apply(cmd)


@pytest.mark.parametrize("round_", [27, 30, 40, 59])
def test_late_in_a_long_game_triggering_the_end_costs_no_engine_value(round_: int) -> None:
    """Round 3's stall (39-, 40- and 60-round games): engine value stopped falling at 0.25 from
    round 16, and the end's trigger cut it to 0.15, so the seat with the larger engine lost margin
    by completing a track and played on. Now the weight the turn that triggers the end is judged
    by is no lower than the weight of the same turn without the trigger: from round 27 on, since
    engine value fades over `SETTLED_ROUNDS` (30 since round 7; it was 20, and the guard held from
    round 18)."""
    s = COSMOS.new({}, 16, 2)
    s.round = round_
    going_on = ai._late(s)
    s.last_round = round_ + 1
    assert ai._late(s) >= going_on - 1e-12
    s.round = round_ + 1  # the last round: only what scores counts
    assert ai._late(s) == 0.0


def test_engine_value_keeps_falling_until_the_floor() -> None:
    s = COSMOS.new({}, 16, 2)
    weights = []
    for r in range(1, 61):
        s.round = r
        weights.append(ai._late(s))
    assert weights[0] == 1.0
    assert all(a >= b for a, b in zip(weights, weights[1:]))
    assert weights[-1] == ai.LATE_FLOOR < ai.AFTER_TRIGGER


def test_a_track_advance_met_this_turn_counts_before_the_turn_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 4's 41-round 3-player game (seed 11, game 4): from round 14 the leader needed one more
    evolution to tier III or IV to complete the Stars track and end the game, and had the energy,
    but the search ordered its moves by the potential one ply later, where the track (moved only
    at the turn's end) had not advanced and the tier IV star counted for less than its tier III:
    the evolution came last and was not tried. Now the potential counts the conditions met this
    turn on their tracks, so that evolution comes first. Built with the tracks of its time (round 4:
    every track 2 advances); the pending VP is then checked on round 6's longer Stars track."""
    from game.cosmos.game import CONTENT
    from tests.games.cosmos.positions import bare, planet, system, turn

    own_tracks = CONTENT.numbers["track_vp_by_condition"]
    monkeypatch.setitem(CONTENT.numbers, "track_vp_by_condition", {})

    s = bare(3)
    s.round = 30
    p = s.players[2]
    system(s, 2, "IIIA")
    system(s, 2, "IA")
    planet(s, 2, 0, 0, next(x.id for x in s.content.planets.values() if x.starting))
    stars = s.content.track_vp(0)
    p.energy, p.track = 20, [len(stars) - 2, 1, 1]   # one advance short of completing the Stars track
    turn(s, 2, M.Acting(2, "evolve", 0))
    scored = sorted(ai.CosmosKnowledge().scored_commands(s, 2), key=lambda x: -x[0])
    assert scored[0][1] == C.Evolve(2, 0, "IVA")
    after = s.clone()
    after.apply(C.Evolve(2, 0, "IVA"))
    stars_vp = (stars[-1] - stars[-2]) * len({sy.star for sy in p.systems})  # it scores different stars
    assert ai.pending_track_vp(after, 2) == stars_vp
    assert ai.pending_track_vp(after, 1) == 0.0  # only the seat whose turn it is
    monkeypatch.setitem(CONTENT.numbers, "track_vp_by_condition", own_tracks)
    stars = CONTENT.track_vp(0)
    after.players[2].track = [len(stars) - 2, 1, 1]
    assert ai.pending_track_vp(after, 2) == (stars[-1] - stars[-2]) * len({sy.star for sy in p.systems})


def test_the_leader_of_a_game_that_stalled_now_lands_where_it_ends_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seeded game itself (3 players, seed 11, game 4 of this round's first run: `greedy`,
    `greedy`, `normal`; `data/stalled-3p-round30.json` is its first 450 commands): at round 30 the
    `normal` leader, at 1/1/1 on the tracks with 56 energy and a IIIA star, went on to Catch an
    Asteroid and the game ran to round 41. Its search now lands on Evolve, where turning IIIA into
    IVA completes the Stars track, the game's second objective. Played with the tracks of its
    time (round 4: every track 2 advances; round 6 gave the Stars track 3)."""
    from pathlib import Path

    from game.core.match import Match
    from game.cosmos import rules
    from game.cosmos.game import CONTENT

    monkeypatch.setitem(CONTENT.numbers, "track_vp_by_condition", {})

    match = Match.load(Path(__file__).parent / "data" / "stalled-3p-round30.json")
    s = match.state
    assert isinstance(s, CosmosState) and s.round == 30 and s.frames[-1] == M.Moving(2)
    assert sum(x >= 0 for x in s.track_last) == 1 and s.players[2].track == [1, 1, 1]
    plan = make_agent("normal", "cosmos", 100).plan(s, 2)
    move = plan[0]
    assert isinstance(move, C.Move) and move.token >= 0
    assert rules.action_at(s, rules.destination(s.players[2], move)) == "evolve"


def stalled_leader(star: str, energy: int) -> CosmosState:
    """Round 6's 42-round game (seed 11, game 12) at round 25: the `normal` leader has completed the
    Biomes track and is one advance short on the Stars track, with a tier IV star (it cannot evolve
    further) and a tier I star alone in a second Solar System; `star` is that second star."""
    from tests.games.cosmos.positions import bare, planet, system

    s = bare(2)
    s.round = 25
    system(s, 0, "IVA")
    starting = [x.id for x in s.content.planets.values() if x.starting]
    planet(s, 0, 0, 0, starting[0], life=(5, 0, 0))
    planet(s, 0, 0, 1, starting[1], life=(5, 0, 0))
    system(s, 0, star)
    s.star_stock[star] -= 1
    p = s.players[0]
    p.energy, p.track = energy, [len(s.content.track_vp(0)) - 2, 1, len(s.content.track_vp(2)) - 1]
    s.track_last[2] = 0
    return s


def test_a_leader_one_evolution_short_of_the_stars_track_values_the_first_of_two_evolutions() -> None:
    """Round 6's 42-round game: from round 21 the leader needed one more evolution to tier III or IV
    to end the game, and held a tier IV star (no further tier) and tier I stars: two evolutions
    away. Engine value had reached its floor at round 21 (`SETTLED_ROUNDS` was 20, set when games
    lasted 15-20 rounds; round 6 made them 19-42), and the Stars track's next step counted the same
    whether a star could reach tier III next or not, so evolving the tier I star (2 energy) lost
    value, and the leader took VP landings for 20 rounds. Now engine value fades over 30 rounds and
    a track's next step counts in full only when one action can meet its condition (half
    otherwise). Round 6's evaluator valued that evolution at 0.13 VP; now it is worth most of a VP
    token, and the leader of that game, played on from round 21, ends it at round 25, not 42."""
    before = stalled_leader("IA", 7)
    after = stalled_leader("IIA", 5)        # IA -> IIA costs 2 energy
    assert not ai.one_action_from(before, before.players[0], "star_tier3")
    assert ai.one_action_from(after, after.players[0], "star_tier3")
    assert ai.potential(after, 0) - ai.potential(before, 0) > 0.5


def test_a_system_with_a_planet_and_no_asteroid_is_one_action_from_the_asteroids_track() -> None:
    """The Asteroids track's condition is a Solar System's first asteroid: a system whose planets
    already hold one, or a system without a planet, is more than one action away."""
    from tests.games.cosmos.positions import planet

    s = stalled_leader("IA", 7)
    p = s.players[0]
    p.systems[0].planets[0].asteroids[0] = "heat"
    assert not ai.one_action_from(s, p, "first_asteroid")
    planet(s, 0, 1, 0, next(x.id for x in s.content.planets.values() if not x.starting))
    assert ai.one_action_from(s, p, "first_asteroid")
