"""Worlds Collide screen details: log lines use the table's seat names, a computer Mary's
reveal is shown to everyone, the Keep overlay marks Shards only the keeper has seen."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.match import HUMAN, Match
from game.core.protocol import by_itself
from game.core.registry import get_game
from game.core.rng import Rng
from game.worlds_collide.commands import CharacterAssigned
from scenes.app import AppContext
from scenes.seat_names import seat_labels
from scenes.sprites.text import TextCache
from scenes.views.worlds_collide.view import REVEAL_HOLD_S, WorldsCollideView, eye_badge_spot

GAME = get_game("worlds-collide")


@pytest.fixture(scope="module")
def module_ctx(tmp_path_factory: Any) -> Iterator[AppContext]:
    os.environ["ENTROPY_TABLETOP_HOME"] = str(tmp_path_factory.mktemp("home"))
    from scenes.app import create_context
    from scenes.settings_store import Settings

    settings_ = Settings()
    settings_.animation_speed = "fast"
    ctx = create_context(settings_, size=(1280, 720))
    yield ctx
    ctx.stack.apply_pending()
    while ctx.stack.scenes:
        ctx.stack._pop()


def make_view(ctx: AppContext, match: Match, seat: int) -> WorldsCollideView:
    view = WorldsCollideView(ctx, GAME, TextCache(ctx.font))
    view.seat_names = seat_labels(match)
    view.layout(pygame.Rect(0, 72, 960, 648))
    view.set_view(match.state.view(seat))
    return view


def random_play(match: Match, rng: Rng, plies: int) -> None:
    for _ in range(plies):
        if match.state.is_over():
            return
        actors = match.to_act()
        if by_itself(actors):
            assert match.resolve_chance().ok
            continue
        seat = actors[0]
        assert match.submit(rng.choice(match.state.candidates(seat))).ok


# --- 1. log lines name people as the table does ------------------------------------------------
kinds = st.sampled_from([HUMAN, "random", "normal"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seats=st.lists(kinds, min_size=2, max_size=4), seed=st.integers(0, 10_000),
       chosen=st.booleans(), plies=st.integers(0, 60))
def test_every_log_line_uses_the_tables_seat_names(module_ctx: AppContext, seats: list[str], seed: int,
                                                    chosen: bool, plies: int) -> None:
    config = {"characters": "chosen"} if chosen else {}
    match = Match(GAME, config, seed, seats)
    random_play(match, Rng(seed), plies)
    names = seat_labels(match)
    viewer = next((i for i, k in enumerate(seats) if k == HUMAN), 0)
    view = make_view(module_ctx, match, viewer)
    lines = [text for text, _ in view.log_lines(match.log, names)]
    # no line calls anyone "Player N" unless that is what the table calls them
    for text in lines:
        for number in re.findall(r"Player (\d+)", text):
            assert f"Player {number}" in names, (text, names)
    # each Character is tied to the person playing it, by the table's name
    assigned = [e.event for e in match.log if isinstance(e.event, CharacterAssigned)]
    for ev in assigned:
        assert any(names[ev.seat] in text and GAME_CHAR(ev.character) in text for text in lines), (ev, lines)


def GAME_CHAR(character: int) -> str:  # noqa: N802 - reads like the name it returns
    from game.worlds_collide.cards import CHARACTER_NAMES

    return str(CHARACTER_NAMES[character])


def test_one_human_against_a_computer_reads_you_and_computer(module_ctx: AppContext) -> None:
    match = Match(GAME, {}, 3, [HUMAN, "random"])
    random_play(match, Rng(1), 6)
    view = make_view(module_ctx, match, 0)
    lines = [text for text, _ in view.log_lines(match.log, seat_labels(match))]
    assert lines[0].startswith("You play ") and lines[1].startswith("Computer plays ")


# --- 2. a computer's Mary shows what she revealed ----------------------------------------------
def mary_about_to_reveal(seats: list[str]) -> Match:
    """Seat 1 plays Mary and has just been asked to resolve Unleash (seat 0 chose Fracture)."""
    from game.worlds_collide.cards import FRACTURE, KINTRIEL, MARY, UNLEASH
    from game.worlds_collide.commands import ChooseAction, PickCharacter

    match = Match(GAME, {"characters": "chosen"}, 3, seats)

    def chance() -> None:
        while by_itself(match.to_act()):
            assert match.resolve_chance().ok

    chance()
    for seat, character in ((0, KINTRIEL), (1, MARY)):
        assert match.submit(PickCharacter(seat, character)).ok
        chance()
    assert match.submit(ChooseAction(0, FRACTURE)).ok and match.submit(ChooseAction(1, UNLEASH)).ok
    chance()
    assert (match.state.view(0)["pending"] or {}).get("kind") == "act"
    return match


def test_a_computer_marys_reveal_flies_into_an_overlay_the_human_sees(module_ctx: AppContext) -> None:
    from game.worlds_collide.commands import Resolve, ShardDiscarded, ShardTaken, TakeRevealed
    from scenes.animation import Animator

    match = mary_about_to_reveal([HUMAN, "random"])
    view = make_view(module_ctx, match, 0)
    assert match.submit(Resolve(1)).ok
    flips: list[int] = []
    waits = 0
    while by_itself(match.to_act()):
        before = view.view
        result = match.resolve_chance()
        view.set_view(match.state.view(0))
        animator = Animator(1.0)
        view.animate(result.events, animator, before, None)
        g = view.geo
        # the overlay is up for the watching human, shows every Shard revealed so far, and offers no click
        assert g.modal_rect is not None and "Mary" in g.modal_title
        shown = [it.face[1] for it in g.modal if it.face is not None]
        assert shown == view.view["mary_revealed"]
        assert all(it.target is None for it in g.modal)
        flip = [tw for tw in animator.tweens if tw.kind == "wc-flip"]
        assert len(flip) == 1 and flip[0].payload["hide"][0] == "modal"  # lands in the overlay, face up
        flips.append(flip[0].payload["face"][1])
        waits += len(animator.of_kind("wc-wait"))
    assert flips == view.view["mary_revealed"] and len(flips) == 3
    assert waits == 1  # once all three are up, they stay on show before the computer takes one
    instant = Animator(0.0)  # animations off: the cards appear at once, but the pause to read them stays
    view.animate(result.events, instant, before, None)
    assert [tw.duration for tw in instant.of_kind("wc-wait")] == [REVEAL_HOLD_S] and instant.busy
    # the take: the kept Shard and the discarded ones leave from where the overlay showed them
    places = {c: (float(r.centerx), float(r.centery)) for c, r in view.geo.revealed.items()}
    taken = flips[1]
    before = view.view
    result = match.submit(TakeRevealed(1, taken))
    assert result.ok
    view.set_view(match.state.view(0))
    animator = Animator(1.0)
    view.animate(result.events, animator, before, None)
    assert view.geo.modal_rect is None
    starts = [tw.payload["start"] for tw in animator.of_kind("wc-move")]
    for ev in result.events:
        if isinstance(ev, (ShardTaken, ShardDiscarded)) and getattr(ev, "source", getattr(ev, "where", "")) == "revealed":
            assert places[ev.card] in starts


def test_the_human_mary_gets_the_same_overlay_with_clickable_shards(module_ctx: AppContext) -> None:
    from game.worlds_collide.commands import Resolve

    match = mary_about_to_reveal([HUMAN, HUMAN])
    assert match.submit(Resolve(1)).ok
    while by_itself(match.to_act()):
        assert match.resolve_chance().ok
    mine = make_view(module_ctx, match, 1)
    assert [it.target.zone for it in mine.geo.modal if it.target] == ["revealed"] * 3
    theirs = make_view(module_ctx, match, 0)
    assert len(theirs.geo.modal) == 3 and all(it.target is None for it in theirs.geo.modal)
    assert not theirs.clicks(0) or all(t.zone != "revealed" for t in theirs.clicks(0))


# --- 3. the Keep overlay marks what only the keeper has seen --------------------------------------
def test_keep_overlay_marks_shards_the_others_have_not_seen(module_ctx: AppContext) -> None:
    from game.worlds_collide.cards import MARY, owner_of
    from game.worlds_collide.commands import Resolve, TakeRevealed
    from scenes.views.base import Overlay

    match = mary_about_to_reveal([HUMAN, HUMAN])
    assert match.submit(Resolve(1)).ok
    while by_itself(match.to_act()):
        assert match.resolve_chance().ok
    other = next(c for c in match.state.mary if owner_of(c) != MARY)  # not Mary's own: it stays in the Hold
    assert match.submit(TakeRevealed(1, other)).ok
    view = make_view(module_ctx, match, 1)
    assert view.view["pending"] == {"kind": "keep", "seat": 1}
    hold = view.view["players"][1]["hold"]
    by_card = {it.face[1]: it for it in view.geo.modal}
    assert set(by_card) == {e["card"] for e in hold}
    for entry in hold:
        item = by_card[entry["card"]]
        secret = not entry["revealed"] and 0 not in entry["seen_by"]
        assert item.unseen == secret
        assert ("Only you have seen this." in item.tip) == secret
    assert sorted(it.unseen for it in view.geo.modal) == [False, True]  # taken face up vs dealt face down
    # the badge is drawn: the unseen card's corner differs from the seen one's
    surface = pygame.Surface((1280, 720))
    view._draw_modal(surface, Overlay(), 0.0)
    corners = []
    for it in sorted(view.geo.modal, key=lambda it: it.unseen):
        (x, y), d = eye_badge_spot(it.rect)
        corners.append(tuple(surface.get_at((x, y + d // 2 - 1))))  # on the badge's ring
    assert corners[0] != corners[1]


# --- Ronin's second Action --------------------------------------------------------------------------
def test_ronins_unleash_says_a_click_on_a_hand_card_plays_it_second(module_ctx: AppContext) -> None:
    from game.core.protocol import Refusal, Target
    from game.worlds_collide.cards import FRACTURE, JESSUP, MARY, RONIN, SHIFT, TELEKINESIS, UNLEASH
    from game.worlds_collide.commands import ChooseAction, PickCharacter

    match = Match(GAME, {"characters": "chosen"}, 7, [HUMAN, "random", "random"])

    def chance() -> None:
        while by_itself(match.to_act()):
            assert match.resolve_chance().ok

    chance()
    for seat, character in ((0, RONIN), (1, MARY), (2, JESSUP)):
        assert match.submit(PickCharacter(seat, character)).ok
        chance()
    view = make_view(module_ctx, match, 0)
    tips = [it.tip for it in view.geo.items if it.target is not None and it.target.zone == "hand"]
    assert tips and all("Drag it to your play slot" in tip for tip in tips)  # choosing: drag or click
    for seat, action in ((0, UNLEASH), (1, FRACTURE), (2, TELEKINESIS)):
        assert match.submit(ChooseAction(seat, action)).ok
    chance()
    view.set_view(match.state.view(0))
    assert view.view["pending"]["kind"] == "act" and view.view["pending"]["action"] == UNLEASH
    hand = [it for it in view.geo.items if it.target is not None and it.target.zone == "hand"]
    assert hand and all("second Action" in it.tip and "play slot" not in it.tip for it in hand)
    found = GAME.find_command(match.state, 0, Target("hand", ident=str(SHIFT)), None)
    assert not isinstance(found, Refusal)  # the click the tooltip promises is a legal command
    before = len(match.state.plays)
    assert match.submit(found).ok
    view.set_view(match.state.view(0))
    assert len(view.view["plays"]) == before + 1  # the extra play gets its own slot this round
    assert ("arena", before) in view.geo.places


# --- Jessup resolving an opponent's Unleash -----------------------------------------------------
def test_jessup_resolving_marys_unleash_gets_marys_resolve_button_and_guide(module_ctx: AppContext) -> None:
    from game.worlds_collide.cards import MARY, UNLEASH
    from game.worlds_collide.commands import PickAction
    from tests.games.worlds_collide.wc_helpers import A, choose, do, make

    s = make(["Jessup", "Mary"], nexus="J1M1M2K1")
    s.hands[1] &= ~(1 << UNLEASH)  # Mary's Unleash lies on the table from an earlier round
    choose(s, p0="Unleash", p1="Shift")
    do(s, PickAction(0, 1, A["Unleash"]))
    view = WorldsCollideView(module_ctx, GAME, TextCache(module_ctx.font))
    view.seat_names = ["You", "Friend"]
    view.layout(pygame.Rect(0, 72, 960, 648))
    view.set_view(s.view(0))
    assert view.view["pending"]["acts_as"] == MARY
    assert [a.label for a in view.actions(0)] == ["Resolve Unleash", "Decline"]
    text, _colour = view.status(view.seat_names)
    assert "Unleash as Mary" in text and "reveal 3 Shards" in text


# --- the clash banner says what the Anchor does, once --------------------------------------------
@pytest.mark.parametrize("anchor", [-1, 1])
def test_the_clash_banner_says_in_one_message_what_the_anchor_does(module_ctx: AppContext, anchor: int) -> None:
    from scenes.animation import Animator
    from tests.games.worlds_collide.wc_helpers import choose, make

    s = make(["Mary", "Ronin"], nexus="K1K2", anchor=anchor)
    before = s.view(0)
    events = choose(s, p0="Shift", p1="Shift")
    view = WorldsCollideView(module_ctx, GAME, TextCache(module_ctx.font))
    view.seat_names = ["You", "Friend"]
    view.layout(pygame.Rect(0, 72, 960, 648))
    view.set_view(s.view(0))
    animator = Animator(1.0)
    view.animate(events, animator, before, None)
    banners = [tw.payload for tw in animator.tweens if tw.kind == "wc-banner" and "Clash" in tw.payload["title"]]
    assert len(banners) == 1  # one message, no "The Anchor breaks the Clash" correction after it
    subtitle = banners[0]["subtitle"]
    if anchor < 0:
        assert "none of them resolves" in subtitle
    else:
        assert "Ronin returns the Anchor and resolves it" in subtitle and "Mary's does not resolve" in subtitle


# --- readable without hovering; a card under the pointer zooms up ----------------------------------
def _table_view(module_ctx: AppContext, s: Any, seat: int = 0) -> WorldsCollideView:
    view = WorldsCollideView(module_ctx, GAME, TextCache(module_ctx.font))
    view.seat_names = [f"Player {i + 1}" for i in range(s.n)]
    view.layout(pygame.Rect(0, 72, 960, 648))  # the table's play area in a 1280x720 window
    view.set_view(s.view(seat))
    return view


@pytest.mark.parametrize("players", [2, 4])
def test_each_opponents_remaining_actions_are_listed_by_name_at_a_readable_size(module_ctx: AppContext,
                                                                                players: int) -> None:
    from tests.games.worlds_collide.wc_helpers import A, make

    s = make(["Mary", "Ronin", "Jessup", "Kintriel"][:players], nexus="K1")
    for a in ("Unleash", "Expose", "Telekinesis", "Shift"):
        s.hands[1] &= ~(1 << A[a])  # on the table: Ronin can still play Fracture and Reset only
    view = _table_view(module_ctx, s)
    assert view.can_still_play(1) == [A["Fracture"], A["Reset"]]
    labels = [(text, size) for text, size, *_ in view.geo.labels]
    start = next(i for i, (text, _s) in enumerate(labels) if text.startswith("Can still play: 3 Fracture"))
    ronin = [labels[start]]
    for text, size in labels[start + 1:]:  # its list goes on until the next label that is not a list line
        if text.startswith("Can still play") or not text[:1].isdigit():
            break
        ronin.append((text, size))
    words = "  ".join(text for text, _s in ronin)
    assert "5 Reset" in words and "Unleash" not in words and "Shift" not in words
    assert all(size >= 12 for _t, size in ronin)
    # the other opponents (with all six in hand) can still Unleash
    assert sum("Unleash" in text for text, *_ in view.geo.labels) == players - 2


def test_the_card_under_the_pointer_zooms_up_large_beside_it(module_ctx: AppContext) -> None:
    from scenes.animation import Animator
    from scenes.views.base import Overlay
    from tests.games.worlds_collide.wc_helpers import make

    s = make(["Mary", "Ronin"], nexus="K1")
    view = _table_view(module_ctx, s)
    card = next(it for it in view.geo.items if it.key[:1] == ("hand",) and it.face is not None)
    assert view.zoom(Overlay(), Animator(1.0)) is None  # nothing under the pointer yet
    view.view_pointer(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    zoom = view.zoom(Overlay(), Animator(1.0))
    assert zoom is not None
    face, rect = zoom
    assert face == card.face and rect.height >= 2.5 * card.rect.height and rect.height >= 300
    assert not rect.colliderect(card.rect) and view.rect.contains(rect)
    surface = pygame.Surface((1280, 720))
    view.draw(surface, Overlay(), Animator(1.0))
    assert surface.get_at(rect.center) != surface.get_at((rect.right + 40, rect.centery))  # drawn there
    # a face-down card (the Nexus) shows nothing more when large
    nexus = next(it for it in view.geo.items if it.key == ("nexus",))
    view.view_pointer(pygame.event.Event(pygame.MOUSEMOTION, pos=nexus.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert view.zoom(Overlay(), Animator(1.0)) is None


def test_the_banner_asks_for_resolve_only_once_the_revealed_cards_are_face_up(module_ctx: AppContext) -> None:
    from scenes.animation import Animator
    from scenes.views.base import Overlay
    from tests.games.worlds_collide.wc_helpers import choose, make

    s = make(["Mary", "Ronin"], nexus="K1K2")
    view = _table_view(module_ctx, s)
    before = s.view(0)
    events = choose(s, p0="Fracture", p1="Shift")
    view.set_view(s.view(0))
    animator = Animator(1.0)
    view.animate(events, animator, before, None)
    assert animator.busy  # the reveal flips the cards
    text, _colour = view.status(view.seat_names)
    assert "press Resolve" not in text and "resolves Fracture" in text
    animator.finish_all()
    view.draw(pygame.Surface((1280, 720)), Overlay(), animator)
    text, _colour = view.status(view.seat_names)
    assert "press Resolve" in text


@pytest.mark.parametrize("area", [(0, 72, 960, 648), (0, 62, 750, 578)])  # 1280x720 and 1024x640 windows
def test_hand_cards_are_big_enough_for_their_name_and_rule_line_in_readable_type(module_ctx: AppContext,
                                                                               area: tuple[int, ...]) -> None:
    from scenes.views.worlds_collide.art import BIG_CARD_PX, READABLE_PX, SHORT
    from tests.games.worlds_collide.wc_helpers import make

    s = make(["Mary", "Ronin", "Jessup"], nexus="K1")
    view = WorldsCollideView(module_ctx, GAME, TextCache(module_ctx.font))
    view.seat_names = ["Player 1", "Player 2", "Player 3"]
    view.layout(pygame.Rect(area))
    view.set_view(s.view(0))
    hand = [it for it in view.geo.items if it.key[:2] == ("hand", 0) and it.face is not None]
    assert len(hand) == 6
    assert all(it.rect.height >= BIG_CARD_PX for it in hand)  # (the face's type is READABLE_PX from there)
    # the longest rule line wraps into the room a big card gives it at READABLE_PX
    font = module_ctx.font(READABLE_PX, "regular")
    from scenes.sprites.text import wrap_text
    width = int(hand[0].rect.width * 0.88)
    assert max(len(wrap_text(text, font, width)) for text in SHORT.values()) <= 4


def test_an_opponents_played_actions_lie_side_by_side_not_half_covered(module_ctx: AppContext) -> None:
    from tests.games.worlds_collide.wc_helpers import A, make

    s = make(["Mary", "Ronin", "Jessup"], nexus="K1")
    for a in ("Unleash", "Expose", "Telekinesis"):
        s.hands[1] &= ~(1 << A[a])
    view = _table_view(module_ctx, s)
    played = sorted((it.rect for it in view.geo.items if it.key[:2] == ("played", 1)), key=lambda r: r.x)
    assert len(played) == 3
    assert all(a.right <= b.x for a, b in zip(played, played[1:]))  # each number and name whole


def test_a_card_flying_into_a_dialog_passes_under_its_title(module_ctx: AppContext) -> None:
    from game.worlds_collide.cards import MARY, owner_of
    from game.worlds_collide.commands import Resolve, TakeRevealed
    from scenes.animation import Animator, ease_in_out_cubic
    from scenes.views.base import Overlay

    match = mary_about_to_reveal([HUMAN, HUMAN])
    assert match.submit(Resolve(1)).ok
    while by_itself(match.to_act()):
        assert match.resolve_chance().ok
    other = next(c for c in match.state.mary if owner_of(c) != MARY)
    assert match.submit(TakeRevealed(1, other)).ok
    view = make_view(module_ctx, match, 1)
    title = view.modal_title_rect()
    assert view.geo.modal_rect is not None and title.height > 0
    still = pygame.Surface((1280, 720))
    view.draw(still, Overlay(), Animator(1.0))
    animator = Animator(1.0)
    size = (title.height * 2, title.height * 3)  # a card parked right on the title for the whole tween
    animator.add(10.0, "wc-move", ease_in_out_cubic, face=("shard", other), start=title.center,
                 end=title.center, size=size, hide=("none",))
    animator.update(0.5)
    moving = pygame.Surface((1280, 720))
    view.draw(moving, Overlay(), animator)
    band = title.clip(still.get_rect())
    same = all(moving.get_at((x, y)) == still.get_at((x, y))
               for x in range(band.x, band.right, 3) for y in range(band.y, band.bottom, 3))
    assert same  # the title reads as before
    below = (title.centerx, title.bottom + size[1] // 3)
    assert moving.get_at(below) != still.get_at(below)  # the card itself is drawn (below the title)


@pytest.mark.parametrize("height", [90, 100, 108, 120, 150])
def test_every_action_cards_rule_line_is_whole_on_its_face(module_ctx: AppContext, height: int) -> None:
    """Play-test: the revealed Telekinesis read "Take 1 Shard: Nexus, Discard, a" (its fifth line
    was cut). The rule line shrinks until every line fits the card."""
    from scenes.views.worlds_collide.art import BIG_CARD_PX, SHORT, SS, CardArt

    art = CardArt(module_ctx.font)
    width = round(height * 0.68)
    for action, text in SHORT.items():
        rule = art.rule_lines(action, width * SS, height * SS, height >= BIG_CARD_PX)
        assert rule is not None
        lines = rule[1]
        assert " ".join(lines).split() == text.split(), (action, height, lines)
