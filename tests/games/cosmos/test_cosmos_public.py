"""`game/cosmos/public.py` and `gestures.py` answer as the engine does: on seeded random games,
what the screen works out from a seat's view alone (the spaces ahead and what landing brings,
missions met, a life card's check, the running score) equals the engine's answer on the real
position, and every gesture's command is a legal candidate, every candidate has a gesture."""

from __future__ import annotations

import pytest

from game.core.protocol import Refusal, Target
from game.cosmos import area, gestures, public, rules
from game.cosmos import commands as C
from game.cosmos import events as E
from game.cosmos.game import COSMOS
from game.cosmos.state import CosmosState
from tests.games.cosmos.positions import random_positions, retrieve_positions


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_landings_match_the_engine(players: int) -> None:
    checked = 0
    for state in random_positions(players, 11 + players, every=1):
        seat = state.to_act()[0]
        if public.frame_kind(state.view(seat)) != ("move", seat):
            continue
        for landing in public.landings(state.view(seat), seat):
            found = gestures.find(state, seat, Target("scientist"), Target("space", ident=str(landing.space)))
            if landing.reason is None:
                assert found == landing.command
                assert rules.why_illegal(state, found) is None
                after = state.clone()
                events = after.apply(found)
                assert after.players[seat].pos == landing.space
                paid = sum(e.amount for e in events if isinstance(e, E.Paid) and e.source == "traffic")
                assert paid == landing.entropy_cost
                moved = next(e for e in events if isinstance(e, E.Moved))
                assert moved.distance == landing.distance
                back = [e.token for e in events if isinstance(e, E.TokenBack) and e.reward]
                assert tuple(sorted(back)) == landing.retrieved
            else:
                assert isinstance(found, Refusal)
                assert found.reason == landing.reason
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_missions_scores_and_life_checks_match_the_engine(players: int) -> None:
    checked = 0
    for state in random_positions(players, 31 + players):
        for seat in range(players):
            view = state.view(seat)
            p = state.players[seat]
            checks = public.missions(view, seat)
            assert [c.mission for c in checks] == p.missions
            assert [c.met for c in checks] == [area.mission_met(state, p, m) for m in p.missions]
            assert [sum(x.values()) for x in public.scores(view)] == \
                [sum(area.score_breakdown(state, i).values()) for i in range(players)]
            for card in p.hand:
                for si, k, _ in area.slots(p):
                    assert public.why_play(view, seat, card, si, k) == \
                        rules.why_life(state, C.PlayLife(seat, card, si, k, -1, ""))
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 4])
def test_every_gesture_is_a_legal_candidate_and_targets_agree(players: int) -> None:
    families = set()
    for state in random_positions(players, 51 + players, steps=500, every=2):
        seat = state.to_act()[0]
        legal = state.candidates(seat)
        for source in _sources(state, seat):
            for target in COSMOS.targets_for(state, seat, source):
                found = COSMOS.find_command(state, seat, source, target)
                assert not isinstance(found, Refusal), (source, target, found)
                assert found in legal
        for cmd in legal:
            gesture = _gesture_of(cmd)
            if gesture is None:
                continue
            found = COSMOS.find_command(state, seat, *gesture)
            assert not isinstance(found, Refusal), (cmd, found)
            assert found in legal and type(found) is type(cmd)
            if isinstance(cmd, (C.Advance, C.Aggregate, C.SetBiome, C.Evolve, C.Take, C.Activate, C.Upgrade)):
                assert found == cmd  # these gestures name the command exactly
            families.add(type(cmd).__name__)
    assert {"Done", "Take", "Aggregate", "Evolve", "Activate"} <= families, families


def _sources(state: CosmosState, seat: int) -> list[Target]:
    p = state.players[seat]
    out = [Target("scientist")] + [Target("planet_pile", ident=str(i)) for i in range(8)]
    out += [Target("biome_pile", ident=str(i)) for i in range(4)]
    out += [Target("card", ident=str(c)) for c in p.hand]
    out += [Target("asteroid", ident=k) for k in state.content.asteroid_icons]
    out += [Target("star", ident=s) for s in state.star_stock]
    return out


def _gesture_of(cmd: object) -> tuple[Target, Target | None] | None:
    """The drag or click the table shows `cmd` with."""
    if isinstance(cmd, C.Aggregate):
        return Target("planet_pile", ident=str(cmd.pile)), Target("slot", ident=f"{cmd.system}:{cmd.slot}")
    if isinstance(cmd, C.SetBiome):
        return Target("biome_pile", ident=str(cmd.pile)), Target("slot", ident=f"{cmd.system}:{cmd.slot}")
    if isinstance(cmd, C.PlayLife):
        return Target("card", ident=str(cmd.card)), Target("slot", ident=f"{cmd.system}:{cmd.slot}")
    if isinstance(cmd, C.Catch):
        return Target("asteroid", ident=cmd.kind), Target("slot", ident=f"{cmd.system}:{cmd.slot}")
    if isinstance(cmd, C.Evolve):
        return Target("star", ident=cmd.star), Target("system", ident=str(cmd.system))
    if isinstance(cmd, C.Take):
        return Target("life_pile", ident=str(cmd.pile)), None
    if isinstance(cmd, C.Activate):
        return Target("system", ident=str(cmd.system)), None
    if isinstance(cmd, (C.Place, C.Fulfil)):
        return Target("slot", ident=f"{cmd.system}:{cmd.slot}"), None
    if isinstance(cmd, C.Advance):
        return Target("advance", ident=f"{cmd.system}:{cmd.slot}:{cmd.step}"), None
    if isinstance(cmd, C.Upgrade):
        return Target("focus", ident=str(cmd.card)), None
    if isinstance(cmd, C.Mission):
        return Target("mission", ident=str(cmd.mission)), None
    if isinstance(cmd, C.Exchange):
        return Target("exchange", ident=cmd.resource), None
    tags = {C.TakeEntropy: "entropy", C.Accept: "accept", C.Soup: "soup", C.Done: "done"}
    if type(cmd) in tags:
        return Target(tags[type(cmd)]), None
    if isinstance(cmd, C.Move):
        return None  # the landing test covers the Scientist
    raise AssertionError(f"no gesture for {cmd}")


@pytest.mark.parametrize("players", [2, 3])
def test_why_drop_is_the_engines_own_check(players: int) -> None:
    checked = 0
    for state in random_positions(players, 71 + players, every=11):
        seat = state.to_act()[0]
        view = state.view(seat)
        p = state.players[seat]
        places = [(si, k) for si, sy in enumerate(p.systems) for k in range(len(sy.planets))] + [(len(p.systems), 0)]
        for si, k in places:
            for i in range(8):
                assert public.why_drop(view, seat, "planet_pile", str(i), si, k) == \
                    rules.why_aggregate(state, C.Aggregate(seat, i, si, k))
            for i in range(4):
                assert public.why_drop(view, seat, "biome_pile", str(i), si, k) == \
                    rules.why_biome(state, C.SetBiome(seat, i, si, k))
            for star in state.star_stock:
                assert public.why_drop(view, seat, "star", star, si, k) == \
                    rules.why_evolve(state, C.Evolve(seat, si, star))
            for kind in state.content.asteroid_icons:
                engine = [rules.why_catch(state, C.Catch(seat, kind, si, k, sp, life), False)
                          for sp, life in ((1, -1), (0, 0), (0, 1), (0, 2))]
                assert public.why_drop(view, seat, "asteroid", kind, si, k) == (None if None in engine else engine[0])
            checked += 1
    assert checked > 10


def test_why_advance_is_the_engines_own_check() -> None:
    checked = 0
    for state in random_positions(3, 91, every=5):
        seat = state.to_act()[0]
        view = state.view(seat)
        for si, k, _ in area.slots(state.players[seat]):
            for step in (0, 1, 2):
                assert public.why_advance(view, seat, si, k, step) == \
                    rules.why_advance(state, C.Advance(seat, si, k, step))
                checked += 1
    assert checked > 20


def test_activated_stars_are_the_frames_own() -> None:
    from game.cosmos import model as M

    seen = 0
    for seed in range(5, 25):  # random play activates stars in some games only
        for state in random_positions(2, seed, steps=900, every=1):
            frame = next((f for f in reversed(state.frames) if isinstance(f, M.Activating)), None)
            assert public.activated(state.view(0)) == (frame.used if frame else ())
            seen += frame is not None and bool(frame.used)
        if seen:
            break
    assert seen > 0


def test_catch_payment_is_what_the_drop_plays() -> None:
    checked = 0
    for seed in range(12):
        for state in random_positions(2, 120 + seed, steps=500, every=1):
            seat = state.to_act()[0]
            frame = state.frames[-1]
            action = getattr(frame, "action", "")
            if action not in ("catch_asteroid", "catch_free") or getattr(frame, "resolved", False):
                continue
            view = state.view(seat)
            for kind in state.content.asteroid_icons:
                for si, k, _ in area.slots(state.players[seat]):
                    found = COSMOS.find_command(state, seat, Target("asteroid", ident=kind),
                                                Target("slot", ident=f"{si}:{k}"))
                    paid = public.catch_payment(view, seat, kind, si, k, action == "catch_free")
                    if isinstance(found, Refusal):
                        assert paid is None
                    else:
                        assert isinstance(found, C.Catch) and (found.space, found.life) == paid
                        checked += 1
    assert checked > 5


def test_any_star_to_activate_is_the_engines_retrieve_offer() -> None:
    """Whether a retrieved token may activate a star, as the engine offers it."""
    for state, seat, engine in retrieve_positions():
        assert public.any_star_to_activate(state.view(seat), seat) == engine


def test_discard_and_catch_options_are_the_engines_legal_ways() -> None:
    """The drop's chooser offers exactly the engine's legal plays of the card (each discard that
    lends the missing icon) and catches of the asteroid (each space and payment) on that planet."""
    checked = 0
    for seed in range(12):
        for state in random_positions(2, 140 + seed, steps=500, every=1):
            seat = state.to_act()[0]
            frame = state.frames[-1]
            action = getattr(frame, "action", "")
            if action not in ("create_life", "catch_asteroid", "catch_free") or getattr(frame, "resolved", False):
                continue
            view = state.view(seat)
            legal = state.candidates(seat)
            for si, k, _ in area.slots(state.players[seat]):
                if action == "create_life":
                    for card in set(state.players[seat].hand):
                        engine = {(c.discard, c.icon) for c in legal if isinstance(c, C.PlayLife)
                                  and (c.card, c.system, c.slot) == (card, si, k) and c.discard >= 0}
                        assert set(public.discard_options(view, seat, card, si, k)) == engine
                        checked += bool(engine)
                else:
                    for kind in state.content.asteroid_icons:
                        engine_ways = {(c.space, c.life) for c in legal if isinstance(c, C.Catch)
                                       and (c.kind, c.system, c.slot) == (kind, si, k)}
                        assert set(public.catch_options(view, seat, kind, si, k, action == "catch_free")) == engine_ways
                        checked += bool(engine_ways)
    assert checked > 5


@pytest.mark.parametrize("ident", ["12", "99", "x", "-1"])
def test_a_scientist_drop_on_a_space_the_rondel_lacks_is_refused_not_a_crash(ident: str) -> None:
    """A malformed target (a space number off the rondel) raised IndexError in `find_command`;
    bad input is refused with a reason and the state unchanged."""
    state = COSMOS.new({}, 5, 2)
    while state.to_act()[0] < 0:
        state.apply(state.sample_chance())
    seat = state.to_act()[0]
    before = state.notation()
    found = COSMOS.find_command(state, seat, Target("scientist"), Target("space", ident=ident))
    assert isinstance(found, Refusal) and "space 1 to 3 ahead" in found.reason
    assert state.notation() == before


def test_a_gesture_that_means_no_move_says_what_the_game_waits_for() -> None:
    """Play-test (issue 14, ninth session): a pile clicked instead of dragged, or a piece dropped
    on nothing, was answered "That is not a move now."; the answer now names the decision the
    game waits for from that seat."""
    from game.cosmos import model as M
    from tests.games.cosmos.positions import bare, turn

    click_pile = (Target("planet_pile", ident="0"), None)
    s = bare(2)
    turn(s, 0)
    moving = gestures.find(s, 0, *click_pile)
    assert isinstance(moving, Refusal) and "Scientist lands" in moving.reason
    other = gestures.find(s, 1, *click_pile)
    assert isinstance(other, Refusal) and other.reason.startswith("Not your turn")
    turn(s, 0, M.Acting(0, "aggregate", 0))
    s.players[0].mass = 99  # the planet fits somewhere: the click only lacks its drag
    acting = gestures.find(s, 0, *click_pile)
    assert isinstance(acting, Refusal)
    assert acting.reason == "First Aggregate Planet: drag an offered planet onto an empty planet space."
    turn(s, 0, M.Placing(0, 1, 1))
    placing = gestures.find(s, 0, Target("biome_pile", ident="0"), Target("system", ident="0"))
    assert isinstance(placing, Refusal) and "gained plant" in placing.reason


@pytest.mark.parametrize("players", [2, 4])
def test_no_decision_is_answered_with_a_bare_refusal(players: int) -> None:
    """Every decision of seeded random games words what it waits for (a new frame kind without
    words would fall back to the old bare refusal)."""
    from game.cosmos.words import ACTION_NAMES

    kinds: set[str] = set()
    for state in random_positions(players, 90 + players, every=1):
        for d in state.pending():
            if d.seat < 0:
                continue
            kinds.add(d.kind)
            found = gestures.find(state, d.seat, Target("planet_pile", ident="0"), None)
            assert isinstance(found, Refusal) and found.reason != "That is not a move now.", (d.kind, found)
            assert len(found.reason) <= gestures.WAITING_CHARS, found.reason
    assert {"move", "action", "mission"} <= kinds, kinds
    longest = max([*gestures.WAITING.values(), "First put the gained bacteria on one of your planets, or give it up."]
                  + [f"First {ACTION_NAMES[a]}: {how}." for a, how in gestures.ACTION_WAYS.items()], key=len)
    assert len(longest) <= gestures.WAITING_CHARS, longest


def test_a_pile_that_fits_nowhere_says_what_is_wrong_wherever_it_goes() -> None:
    """Play-test (ninth session): at Aggregate Planet with too little mass, a click on the planet
    said only what the step waits for, and its hover said "That planet space is taken" (the
    first place's reason). Both now give the reason most places give: its cost."""
    from game.cosmos import model as M
    from tests.games.cosmos.positions import bare, planet, system, turn

    s = bare(2)
    si = system(s, 0, "IA")
    planet(s, 0, si, 0, 1)  # one space of the system taken, one free
    turn(s, 0, M.Acting(0, "aggregate", 0))
    s.players[0].mass = 0
    found = gestures.find(s, 0, Target("planet_pile", ident="0"), None)
    assert isinstance(found, Refusal) and found.reason.startswith("That planet costs"), found.reason
    hover = [public.why_drop(s.view(0), 0, "planet_pile", "0", si, k) for si, k in ((0, 0), (0, 1), (1, 0))]
    assert hover[0] != hover[1] == hover[2], hover  # the taken space's reason, then the cost twice
    assert public.most_common(hover) == found.reason == public.pile_reason(s.view(0), 0, "planet_pile", "0")
    s.players[0].mass = 99
    assert gestures.find(s, 0, Target("planet_pile", ident="0"), None).reason.startswith("First Aggregate")  # type: ignore[union-attr]
