"""Play-test (issue 14, fifth session): at 1024x640 "P17 ... 1en 1ma" was cut. The random games of
`test_cosmos_fit` see only the tiles their seeds turn up, so here every planet, Biome and life card
of the data is put on top of its piles in turn (with two-digit pile counts), and every star of
the stock with a two-digit count: each offer tile shows whole at both window sizes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.cosmos import model as M
from game.cosmos.content import LIFE_CONDITIONS, LIFEFORMS
from game.cosmos.state import CosmosState
from scenes.app import AppContext
from scenes.views.base import Overlay
from scenes.views.cosmos.layout import lay_out
from tests.games.cosmos.positions import bare
from tests.scenes.cosmos.test_cosmos_fit import Measured
from tests.scenes.cosmos.test_cosmos_view import PLAY_AREAS, draw, make_view
from tests.scenes.table_context import table_context


@pytest.fixture
def ctx(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[AppContext]:
    with table_context(tmp_path, monkeypatch, animation_speed="off") as context:
        yield context


def _stack(top: int) -> M.Pile:
    """A pile showing `top` with ten more beneath (the widest count a tile writes)."""
    return M.Pile(top, [top] * 10, [])


def every_offer(players: int) -> Iterator[CosmosState]:
    """Positions that between them put every planet, Biome and life card of the data on top of
    one of its type's piles, with two-digit stock counts for the stars."""
    s = bare(players)
    c = s.content
    planets = [[p.id for p in c.planets.values() if not p.starting and p.type == kind] for kind in LIFE_CONDITIONS]
    biomes = [[b.id for b in c.biomes.values() if b.scarce == bool(kind)] for kind in (0, 1)]
    life = [[card.id for card in c.life.values() if card.type == kind] for kind in LIFEFORMS]
    longest = max(len(x) for x in planets + biomes + life)
    for star in s.star_stock:
        s.star_stock[star] = 10
    for i in range(0, longest, 2):
        for piles, groups in ((s.planet_piles, planets), (s.biome_piles, biomes), (s.life_piles, life)):
            for g, ids in enumerate(groups):
                for half in (0, 1):
                    if ids:
                        piles[2 * g + half] = _stack(ids[(i + half) % len(ids)])
        yield s


@pytest.mark.parametrize("players", [1, 4])
@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_every_offer_tile_of_the_data_is_whole(ctx: AppContext, monkeypatch: pytest.MonkeyPatch, players: int,
                                               area: pygame.Rect) -> None:
    measured = Measured(monkeypatch)
    for state in every_offer(players):
        view = make_view(ctx, state, 0, area)
        draw(view, Overlay(time=1.0))
    assert measured.count > 100
    assert not measured.cut, "\n".join(sorted(set(measured.cut))[:40])


def crowded(players: int, systems: int) -> CosmosState:
    """Seat 0 with `systems` Solar Systems, each as full as its tiles get: the star with the
    longest activation, planets with two asteroids, a fulfilled Biome, three life cards and
    lifeforms of every kind."""
    s = bare(players)
    c = s.content
    star = max((st for st in c.stars.values() if not st.starting), key=lambda st: len(str(st.effect)))
    planets = sorted(c.planets.values(), key=lambda p: -len(str(p.effect)))
    biome = max(c.biomes.values(), key=lambda b: len(str(b.reward)))
    cards = sorted(c.life)[-3:]
    kinds = list(c.asteroid_icons)
    for si in range(systems):
        s.players[0].systems.append(M.System(star.id, [None, None]))
        for k in range(2):
            slot = M.Slot(planets[(2 * si + k) % len(planets)].id, [kinds[0], kinds[-1]], [5, 5, 5], list(cards),
                          biome.id, True)
            s.players[0].systems[si].planets[k] = slot
    s.systems_left = 3
    return s


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize(("systems", "area"), [(5, PLAY_AREAS[1]), (7, PLAY_AREAS[0])],
                         ids=["5-1024x640", "7-1280x720"])
def test_a_crowded_play_area_is_whole(ctx: AppContext, monkeypatch: pytest.MonkeyPatch, players: int, systems: int,
                                      area: pygame.Rect) -> None:
    """Seen in a 3-player game at 1024x640: with six systems and the new one, a column was 47 px
    and "P27 water ... B11" and a star's last line fell off its tile. Now the new system's column
    is a slim strip when the columns are crowded, and the tiles have narrower wordings: every tile
    whole with 5 full systems at 1024x640 and 7 at 1280x720 (more at 1024x640 still cuts the
    fullest planets; the hover text names everything)."""
    measured = Measured(monkeypatch)
    view = make_view(ctx, crowded(players, systems), 0, area)
    draw(view, Overlay(time=1.0))
    assert measured.count > 20
    assert not measured.cut, "\n".join(sorted(set(measured.cut))[:40])


@pytest.mark.parametrize("systems", [4, 5, 6])
def test_a_planet_type_is_never_cut_to_four_letters(ctx: AppContext, monkeypatch: pytest.MonkeyPatch,
                                                    systems: int) -> None:
    """Seen at 1280x720 with five systems: "P103 wate". A planet's type in its Solar System is
    whole, or its pictogram (with the asteroids' pictograms), or left to the hover text; never cut
    (and no longer "carb.", "rad.": the play-test could not read them)."""
    from scenes.views.cosmos import art

    heads: list[str] = []
    tile = art.tile
    area = PLAY_AREAS[0]
    systems_area = lay_out(area).systems.move(-area.x, -area.y)  # the static layer is drawn at (0, 0)

    def recording(surface: Any, text: Any, rect: pygame.Rect, lines: list[Any], *args: Any, **kw: Any) -> None:
        if systems_area.contains(rect) and lines and str(lines[0][0]).startswith("P"):
            heads.append(str(lines[0][0]))
        tile(surface, text, rect, lines, *args, **kw)

    monkeypatch.setattr(art, "tile", recording)
    view = make_view(ctx, crowded(1, systems), 0, area)
    draw(view, Overlay(time=1.0))
    from scenes.views.cosmos.text import GLYPH

    words = {"".join(ch for ch in w if ch not in GLYPH.values()) for head in heads for w in head.split()[1:]}
    assert heads and words <= set(LIFE_CONDITIONS) | {""}, words


@pytest.mark.parametrize("area", PLAY_AREAS, ids=["1280x720", "1024x640"])
def test_every_planet_pile_says_how_many_it_has_left(ctx: AppContext, monkeypatch: pytest.MonkeyPatch,
                                                     area: pygame.Rect) -> None:
    """Play-test (issue 14, ninth session): at 1024x640 the planet piles dropped their "N left"
    (an effect with its VP takes two of a tile's three lines) while the asteroid piles beside them
    kept theirs; every planet of the data, on top of a pile of 11, reads its pile's count whole."""
    from scenes.views.cosmos import art
    from scenes.views.cosmos import text as T

    drawn: list[tuple[str, list[str]]] = []
    tile = art.tile

    def recording_tile(surface: Any, text: Any, rect: pygame.Rect, lines: list[Any], *args: Any, **kw: Any) -> None:
        words = [T.plain(w).replace(T.KEEP, " ") for w, _ in lines]
        if words and words[0].startswith("P") and words[0][1:2].isdigit():
            drawn.append((words[0], words))
            assert not art.tile_overflow(text, rect.size, tuple(lines), kw.get("size", 12), True), words
        tile(surface, text, rect, lines, *args, **kw)

    monkeypatch.setattr(art, "tile", recording_tile)
    for state in every_offer(4):
        view = make_view(ctx, state, 0, area)
        draw(view, Overlay(time=1.0))
    tops = {head.split()[0] for head, _ in drawn}
    assert len(tops) >= 40, sorted(tops)
    mute = sorted({head for head, words in drawn if not any(w in ("11 left", "11 in the pile") for w in words)})
    assert not mute, mute


def test_the_planets_row_takes_a_fourth_line_only_where_it_needs_one() -> None:
    """`offer_rows`: equal rows unless the planets need four lines and the others keep three."""
    from scenes.views.cosmos.layout import offer_rows

    board = pygame.Rect(10, 20, 470, 284)  # the offers at 1024x640
    equal = offer_rows(board, 19, 52, 67, False)
    assert [r.height for r in equal] == [54] * 5 and equal[1].y - equal[0].y == 56
    tall = offer_rows(board, 19, 52, 67, True)
    assert [r.height for r in tall] == [67, 52, 52, 52, 52]
    assert all(a.bottom < b.y for a, b in zip(tall, tall[1:])) and tall[-1].bottom <= board.bottom
    assert offer_rows(pygame.Rect(0, 0, 470, 360), 19, 52, 67, True) == offer_rows(pygame.Rect(0, 0, 470, 360), 19, 52, 67, False)
    assert offer_rows(pygame.Rect(0, 0, 470, 270), 19, 52, 67, True) == offer_rows(pygame.Rect(0, 0, 470, 270), 19, 52, 67, False)
