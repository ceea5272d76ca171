"""The usage counters behind docs/rules/cosmos.md's playtest figures (`tools/cosmos_usage.py`)
count what they say: on a hand-built turn (Orange's Create Life example) and on a whole seeded
game of the playtest policy, checked against the finished play areas."""

from __future__ import annotations

import pytest

from game.cosmos import area
from game.cosmos import commands as C
from game.cosmos import model as M
from game.cosmos.content import LIFEFORMS
from game.cosmos.state import CosmosState
from tests.games.cosmos.positions import bare, planet, play, system, turn
from tools.cosmos_playtest import play as playtest_game
from tools.cosmos_usage import SOURCES, Usage, leans_on, life_type, set_numbers

ORANGE = 0


def test_a_create_life_turn_counts_its_landing_card_star_path_and_vp_source() -> None:
    s = bare(2)
    o = s.players[ORANGE]
    system(s, ORANGE, "IIC")
    planet(s, ORANGE, 0, 0, 23, life=(2, 0, 0), asteroids=("heat", ""))
    o.hand, o.energy, o.pos = [30, 1], 1, 1
    usage = Usage()
    usage.start(s)
    turn(s, ORANGE)
    usage.observe(s, play(s, C.Move(ORANGE, 2, 2)))
    assert usage.actions == {"create_life": 1}
    vp_before = o.vp
    usage.observe(s, play(s, C.PlayLife(ORANGE, 30, 0, 0, 1, "heat")))
    assert usage.life == {"L30": 1}
    assert sum(usage.vp_tokens_by_source.values()) == o.vp - vp_before
    assert set(usage.vp_tokens_by_source) <= {"life"}
    usage.observe(s, play(s, C.Evolve(ORANGE, 1, "IA")))
    assert usage.star_paths == {"new>IA": 1}
    assert not usage.focus_triggers  # the Focus cards are at tier 0


def test_a_focus_card_counts_as_triggered_when_its_token_is_placed() -> None:
    s = bare(2)
    p = s.players[ORANGE]
    p.tiers, p.pos = [1, 0, 0], 2 * 5 + 1
    usage = Usage()
    usage.start(s)
    turn(s, ORANGE)
    usage.observe(s, play(s, C.Move(ORANGE, 1, 0)))  # the star token on Evolve a Star
    assert usage.focus_triggers == {f"{p.focus}.star.1": 1}


def test_a_whole_seeded_game_is_counted_as_its_finished_play_areas_show() -> None:
    usage = Usage()
    result = playtest_game(2, 3, usage)
    final = result["state"]
    assert isinstance(final, CosmosState) and final.is_over()
    assert usage.games == 1 and usage.rounds == [final.round]
    assert usage.scores == [int(x) for x in final.scores()]
    assert sum(usage.score_parts[k] for k in SOURCES) == sum(usage.scores)
    assert sum(usage.winner_parts.values()) == max(usage.scores) * len(usage.winner_scores)
    players = final.players
    on_planets = [sl for p in players for _, _, sl in area.slots(p)]
    assert sum(usage.life.values()) == sum(len(sl.cards) for sl in on_planets) > 0
    assert sum(usage.summary()["life_by_type"].values()) == sum(usage.life.values())
    assert all(life_type(f"L{c}") == final.content.life[c].type for sl in on_planets for c in sl.cards)
    assert sum(usage.planet_types.values()) == sum(not final.content.planets[sl.planet].starting for sl in on_planets)
    assert sum(usage.asteroids.values()) == sum(1 for sl in on_planets for a in sl.asteroids if a)
    assert sum(usage.biomes.values()) == sum(1 for sl in on_planets if sl.biome)
    assert sum(usage.vp_tokens_by_source.values()) == sum(p.vp for p in players)
    assert sum(usage.focus_upgrades.values()) == sum(sum(p.tiers) for p in players)
    assert sum(usage.missions.values()) == sum(len(p.done_missions) for p in players)
    assert sum(usage.actions.values()) == final.round * len(players)  # one landing a turn
    assert sum(usage.lifeform_tiles.values()) == sum(len(p.small) + len(p.big) for p in players)
    assert sum(usage.tracks_completed.values()) == sum(1 for last in final.track_last if last >= 0)
    for li, life in enumerate(LIFEFORMS):  # gained less lost is what the planets hold at the end
        net = sum(n if k.split(":")[1][0] == "+" else -n for k, n in usage.lifeforms.items() if k.startswith(life + ":"))
        assert net == sum(sl.life[li] for sl in on_planets)
    winner = max(range(len(players)), key=lambda i: usage.scores[i])
    assert usage.winner_leans_on == {leans_on(area.score_breakdown(final, winner), usage.seat_vp[winner]): 1}


def test_only_the_counted_seats_are_counted() -> None:
    s = bare(2)
    s.players[ORANGE].pos = 2 * 5 + 1
    usage = Usage()
    usage.start(s, counted={1})
    turn(s, ORANGE)
    usage.observe(s, play(s, C.Move(ORANGE, 1, 0)))
    assert not usage.actions
    usage.start(s, counted={ORANGE})
    turn(s, ORANGE)
    s.players[ORANGE].pos, s.players[ORANGE].tokens = 2 * 5 + 1, [M.STANDING] * 4
    usage.observe(s, play(s, C.Move(ORANGE, 1, 0)))
    assert usage.actions == {"evolve": 1}


def test_a_number_set_for_a_run_replaces_the_loaded_one_and_an_unknown_key_stops() -> None:
    from game.cosmos.game import CONTENT

    before = CONTENT.numbers["track_vp"]
    try:
        set_numbers(["track_vp=[0,3,5,7]"])
        assert CONTENT.numbers["track_vp"] == [0, 3, 5, 7]
    finally:
        CONTENT.numbers["track_vp"] = before
    with pytest.raises(SystemExit, match="no_such_number"):
        set_numbers(["no_such_number=1"])


def test_each_decision_gets_its_wall_and_cpu_seconds() -> None:
    """Round 8: the tool reports each decision's CPU seconds beside its wall seconds, the figure a
    quiet machine takes whatever the load (the issue's 2 s for `normal` is a quiet machine's)."""
    from tools.cosmos_usage import play_agents

    times: list[list[float]] = [[], []]
    cpu: list[list[float]] = [[], []]
    play_agents(["random", "random"], 5, Usage(), times, cpu=cpu)
    assert all(len(t) == len(c) > 0 for t, c in zip(times, cpu))
    assert all(x >= 0 for c in cpu for x in c)
