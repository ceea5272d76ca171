"""Entropy Rally art, rendered offscreen: tiles, ships, tokens, cards, the entropy bar, the path overlay.

Each test checks a property a player would notice if it broke: a tile fills its
hex and keeps its numbers inside it, a ship's point faces where it is going, a
laser's bright core leads the way, different things look different, numbers show,
and a second request for the same picture costs nothing (the cached surface).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.hexgrid import DIRECTION_COUNT, direction_angle
from scenes.sprites import hex as hexart
from scenes.views.rally import art
from scenes.views.rally import badge
from scenes.views.rally import bar
from scenes.views.rally import cards

RADII = (34, 60)


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


def rgba(surf: pygame.Surface) -> tuple[int, int, bytes]:
    w, h = surf.get_size()
    return w, h, pygame.image.tobytes(surf, "RGBA")


def opaque_points(surf: pygame.Surface, min_alpha: int = 128) -> list[tuple[int, int]]:
    w, h, data = rgba(surf)
    return [(i % w, i // w) for i in range(w * h) if data[4 * i + 3] >= min_alpha]


def inside_hex(x: float, y: float, cx: float, cy: float, r: float) -> bool:
    """Point in a pointy-top hex of circumradius r."""
    dx, dy = abs(x - cx), abs(y - cy)
    return dx <= r * math.sqrt(3) / 2 and dy <= r - dx / math.sqrt(3)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and rgba(a)[2] == rgba(b)[2]


def luminance(surf: pygame.Surface) -> float:
    w, h, data = rgba(surf)
    total = weight = 0.0
    for i in range(w * h):
        a = data[4 * i + 3] / 255
        total += a * (0.3 * data[4 * i] + 0.59 * data[4 * i + 1] + 0.11 * data[4 * i + 2])
        weight += a
    return total / max(weight, 1e-9)


# --- hex pieces -------------------------------------------------------------------------------------
def test_hex_shape_is_pointy_top_like_the_hexgrid_layout() -> None:
    r = 40
    img = hexart.hex_shape(r, (255, 255, 255, 255))
    c = img.get_width() / 2
    assert img.get_at((int(c), int(c - r * 0.93))).a > 200  # a corner straight up
    assert img.get_at((int(c + r * 0.93), int(c))).a < 40  # a flat side east, the corner would reach here
    assert img.get_at((0, 0)).a == 0


def test_hex_pieces_are_cached_per_size_and_colour() -> None:
    assert hexart.hex_shape(30, (1, 2, 3, 255)) is hexart.hex_shape(30, (1, 2, 3, 255))
    assert hexart.hex_glow(30, (120, 220, 160)) is hexart.hex_glow(30, (120, 220, 160))
    assert hexart.hex_glow(30, (120, 220, 160)) is not hexart.hex_glow(31, (120, 220, 160))
    assert hexart.hex_hover(30) is hexart.hex_hover(30)


def test_legal_hex_glow_reaches_beyond_the_hex_and_leaves_its_middle_see_through() -> None:
    r = 34
    glow = hexart.hex_glow(r, (120, 220, 160))
    c = glow.get_width() / 2
    assert glow.get_width() > hexart.canvas_size(r)
    assert glow.get_at((int(c), int(c))).a < 80  # the tile under it stays visible
    assert glow.get_at((int(c), int(c - r * 0.9))).a > 150  # a bright rim at the corner
    assert glow.get_at((int(c), int(c - r - hexart.glow_pad(r) * 0.4))).a > 0  # the halo outside


# --- tiles ------------------------------------------------------------------------------------------------
TILE_SAMPLES = [
    ("space", 0, None, None, True),
    ("titanium", 3, None, None, True),
    ("energy", 20, None, None, True),
    ("portal", 40, -400, 1, True),
    ("tidy", 50, None, None, True),
]


@pytest.mark.parametrize("radius", RADII)
@pytest.mark.parametrize("spec", TILE_SAMPLES, ids=[s[0] for s in TILE_SAMPLES])
def test_every_tile_kind_fills_its_hex(spec: tuple, radius: int) -> None:  # type: ignore[type-arg]
    img = art.tile(*spec[:1], radius, *spec[1:])
    c = img.get_width() / 2
    pts = opaque_points(img)
    hex_area = 1.5 * math.sqrt(3) * radius ** 2
    assert len(pts) > 0.85 * hex_area
    assert img.get_at((int(c), int(c))).a >= 250  # opaque (blending may round off a unit or two)


@pytest.mark.parametrize("radius", RADII)
def test_numbers_stay_inside_the_hex_even_when_long(radius: int) -> None:
    for img in (art.tile("titanium", radius, 999), art.tile("energy", radius, 100),
                art.tile("portal", radius, 100, -1000, 3, True), art.tile("portal", radius, 100, -1000, None, False),
                art.tile("tidy", radius, 100)):
        c = img.get_width() / 2
        stray = [p for p in opaque_points(img, 40) if not inside_hex(p[0], p[1], c, c, radius + 1.5)]
        assert not stray


@pytest.mark.parametrize("radius", RADII)
def test_different_kinds_look_different(radius: int) -> None:
    imgs = [art.tile(s[0], radius, *s[1:]) for s in TILE_SAMPLES]
    for a, b in itertools.combinations(imgs, 2):
        assert not same(a, b)


def test_numbers_threshold_owner_and_state_change_the_tile() -> None:
    r = 34
    assert not same(art.tile("titanium", r, 2), art.tile("titanium", r, 3))
    assert not same(art.tile("energy", r, 10), art.tile("energy", r, 30))
    assert not same(art.tile("tidy", r, 30), art.tile("tidy", r, 50))
    assert not same(art.tile("portal", r, 30, -500), art.tile("portal", r, 30, -700))
    assert not same(art.tile("portal", r, 20, -500), art.tile("portal", r, 30, -500))
    assert not same(art.tile("portal", r, 30, -500, None), art.tile("portal", r, 30, -500, 0))
    assert not same(art.tile("portal", r, 30, -500, 0), art.tile("portal", r, 30, -500, 1))
    assert not same(art.tile("titanium", r, 3), art.tile("titanium", r, 3, labels=False))
    assert not same(art.tile("space", r, variant=0), art.tile("space", r, variant=1))


def test_an_offline_portal_is_visibly_dimmer() -> None:
    for r in RADII:
        on = art.tile("portal", r, 40, -400, 2, True)
        off = art.tile("portal", r, 40, -400, 2, False)
        assert luminance(off) < luminance(on) * 0.9


def test_tiles_are_cached_per_size() -> None:
    assert art.tile("energy", 34, 20) is art.tile("energy", 34, 20)
    assert art.tile("energy", 34, 20) is not art.tile("energy", 60, 20)
    assert art.tile("energy", 60, 20).get_width() == hexart.canvas_size(60)


# --- ships ---------------------------------------------------------------------------------------------------
def _strip_width(img: pygame.Surface, angle: float, t: float) -> int:
    """Opaque pixels along the line across the ship at distance t (pixels) from the centre along `angle`."""
    c = img.get_width() / 2, img.get_height() / 2
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    count = 0
    for k in range(-img.get_width() // 2, img.get_width() // 2):
        x = c[0] + ux * t - uy * k
        y = c[1] + uy * t + ux * k
        if 0 <= x < img.get_width() and 0 <= y < img.get_height() and img.get_at((int(x), int(y))).a > 40:
            count += 1
    return count


@pytest.mark.parametrize("ghost", [False, True])
@pytest.mark.parametrize("direction", range(DIRECTION_COUNT))
def test_a_ship_points_in_its_direction(direction: int, ghost: bool) -> None:
    """The narrow nose is ahead of the centre, the wide wings behind it."""
    length = art.ship_length(60)
    angle = direction_angle(direction)
    img = art.ship_sprite(direction % 4, length, angle, ghost)
    nose = _strip_width(img, angle, length * 0.38)
    wings = _strip_width(img, angle, -length * 0.3)
    assert wings > 2 * max(nose, 1)
    assert nose > 0  # the nose is there, not cut off


@given(st.floats(min_value=0, max_value=359))
@settings(max_examples=20, deadline=None)
def test_a_ship_points_at_any_animation_angle(angle: float) -> None:
    length = art.ship_length(50)
    img = art.ship_sprite(0, length, angle)
    assert _strip_width(img, round(angle), -length * 0.3) > 2 * max(_strip_width(img, round(angle), length * 0.38), 1)


def test_ship_sprites_are_cached_per_whole_degree_and_differ_by_owner() -> None:
    assert art.ship_sprite(1, 40, 60.0) is art.ship_sprite(1, 40, 60.0)
    assert art.ship_sprite(1, 40, 60.2) is art.ship_sprite(1, 40, 60.0)
    assert not same(art.ship_sprite(0, 40, 0.0), art.ship_sprite(1, 40, 0.0))
    assert not same(art.ship_sprite(0, 40, 0.0), art.ship_sprite(0, 40, 0.0, ghost=True))


def test_a_ghost_ship_is_translucent() -> None:
    solid = art.ship_sprite(2, 40, 0.0)
    ghost = art.ship_sprite(2, 40, 0.0, ghost=True)
    w, h, data = rgba(ghost)
    inner = [data[4 * i + 3] for i in range(w * h) if data[4 * i + 3] > 0]
    assert sorted(inner)[len(inner) // 2] < 200  # most of it shows the board through
    assert len(opaque_points(solid, 250)) > len(opaque_points(ghost, 250))


def test_player_looks_are_distinct_in_colour_and_shape() -> None:
    looks = art.PLAYERS
    assert len(looks) == 4
    assert len({p.symbol for p in looks}) == 4
    for a, b in itertools.combinations(looks, 2):
        assert sum(abs(x - y) for x, y in zip(a.colour, b.colour)) > 90
    assert art.player_look(None).colour == art.NEUTRAL


def test_cargo_numbers_show_on_the_ship_pill() -> None:
    assert not same(art.cargo_pill(10, 2, 12), art.cargo_pill(11, 2, 12))
    assert not same(art.cargo_pill(10, 2, 12), art.cargo_pill(10, 3, 12))
    assert art.cargo_pill(100, 20, 12).get_width() > art.cargo_pill(1, 2, 12).get_width()


@pytest.mark.parametrize("count", [1, 2, 3])
def test_ships_sharing_a_hex_stay_apart_and_on_the_hex(count: int) -> None:
    r = 34
    offsets, scale = art.stack_layout(count, r)
    assert len(offsets) == count
    length = art.ship_length(r, scale)
    for (ax, ay), (bx, by) in itertools.combinations(offsets, 2):
        assert math.hypot(ax - bx, ay - by) >= 0.85 * length
    for x, y in offsets:
        assert inside_hex(x, y, 0, 0, r * 0.85)
    surf = pygame.Surface((200, 200), pygame.SRCALPHA)
    rects = [art.draw_ship(surf, (100 + x, 100 + y), i, 60.0 * i, r, energy=10, titanium=1, scale=scale)
             for i, (x, y) in enumerate(offsets)]
    assert all(rect.w > 0 for rect in rects)


def _stack_pills(count: int, r: int, cargo: list[tuple[int, int]], gap: bool = False) -> list[pygame.Rect]:
    """Where each stacked ship's cargo pill lies, from the hex centre (as `draw_ship` puts it)."""
    offsets, scale = art.stack_layout(count, r, gap)
    return [art.cargo_spot((x, y), r, e, t, scale, count)[1] for (x, y), (e, t) in zip(offsets, cargo)]


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 4), r=st.integers(11, 30).map(lambda k: 2 * k),
       cargo=st.lists(st.tuples(st.integers(0, 199), st.integers(0, 19)), min_size=4, max_size=4),
       gap=st.booleans())
def test_cargo_pills_of_a_crowded_hex_stay_on_it_and_apart(count: int, r: int, cargo: list[tuple[int, int]],
                                                           gap: bool) -> None:
    """Two to four ships on one hex, down to the smallest map size (22 px), cargo up to three
    digits: each pill stays within the hex (its straight sides, plus a sliver of the gap to the
    next hex), no pill overlaps another, and up to three ships keep digits of at least
    `PILL_FONT_MIN` px (pills at least a pixel taller); four from 34 px up."""
    pills = _stack_pills(count, r, cargo, gap)
    half_w = r * math.sqrt(3) / 2
    for rect in pills:
        assert rect.left >= -half_w - 1 and rect.right <= half_w + r * 0.15 + 1, (rect, r)
        assert rect.top >= -r and rect.bottom <= r
        assert inside_hex(rect.centerx, rect.centery, 0, 0, r)
    for a, b in itertools.combinations(pills, 2):
        assert not a.colliderect(b), (a, b, count, r)
    if count <= 3 or r >= 34:
        assert min(rect.height for rect in pills) >= art.PILL_FONT_MIN + 1, (count, r, cargo)


def test_a_crowded_hex_keeps_both_numbers_of_every_ship() -> None:
    r = 22
    assert not same(art.stack_pill(3, 0, 3, r), art.stack_pill(4, 0, 3, r))
    assert not same(art.stack_pill(3, 0, 3, r), art.stack_pill(3, 1, 3, r))


# --- a tile's number under ships ---------------------------------------------------------------------------
PORTAL = {"hex": (0, 0), "kind": "portal", "value": 50, "threshold": -450, "owner": 1, "active": True}
OFFLINE = {"hex": (0, 0), "kind": "portal", "value": 70, "threshold": -650, "owner": None, "active": False}
TITANIUM = {"hex": (0, 0), "kind": "titanium", "value": 3, "threshold": None, "owner": None, "active": True}
ENERGY = {"hex": (0, 0), "kind": "energy", "value": 20, "threshold": None, "owner": None, "active": True}
CARGO = [(85, 10), (120, 3), (7, 0), (45, 12)]


def _badges(t: dict, count: int, r: int, cargo: list[tuple[int, int]] = CARGO,  # type: ignore[type-arg]
            heading: float | None = None) -> tuple:  # type: ignore[type-arg]
    ships = tuple(badge.Cargo(e, ti, 4 if i == 0 else 0, heading=heading) for i, (e, ti) in enumerate(cargo[:count]))
    th = t["threshold"]
    return badge.layout(t["kind"], t["value"], th, t["active"], t["owner"], r, ships)


def _stack_covers(count: int, r: int, cargo: list[tuple[int, int]] = CARGO) -> list[pygame.Rect]:
    """The cargo pills and programmed-cards badge of `count` ships on a badge tile, from the hex centre."""
    offsets, scale = art.stack_layout(count, r, gap=True)
    out = [art.crowd_chip_spot(count, r)] if art.crowded(count, r) else []  # its "x N" chip, not pills
    for i, ((x, y), (e, ti)) in enumerate(zip(offsets, cargo)):
        if not art.crowded(count, r):
            out.append(art.cargo_spot((x, y), r, e, ti, scale, count)[1])
        prog = art.program_spot((x, y), r, 4 if i == 0 else 0, scale, count)
        if prog is not None:
            out.append(prog[1])
    return out


ALL_RADII = list(range(22, 62, 2))


@pytest.mark.parametrize("t", [PORTAL, OFFLINE, TITANIUM, ENERGY], ids=["portal", "offline", "titanium", "energy"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_an_occupied_tiles_badges_stay_inside_the_hex_and_off_the_pills(t: dict, count: int) -> None:  # type: ignore[type-arg]
    """Ships on a tile hide its own numbers; its key numbers go on badges that stay wholly
    inside the hex (not only their middle) and cover no cargo pill and no programmed-cards
    badge, at every map size down to 22 px; titanium and energy get one whatever the crowd."""
    for r in ALL_RADII:
        placed = _badges(t, count, r)
        if t["kind"] != "portal":
            assert placed, (count, r)
        for b in placed:
            assert badge.inside_hex(b.rect, r), (b.rect, r, count)
            assert b.image.get_height() >= badge.BADGE_MIN_PX
            for rect in _stack_covers(count, r):
                assert not b.rect.colliderect(rect), (b.rect, rect, r, count)
        for a, b in itertools.combinations(placed, 2):
            assert not a.rect.colliderect(b.rect)


def test_badges_used_to_reach_past_the_hex_and_to_skip_crowded_hexes() -> None:
    """What the old fixed spots did wrong, checked on the same ground: at 22 px the portal's
    badge under one ship reached past the hex, and three ships had no badge at all."""
    for count in (1, 2):
        for b in _badges(PORTAL, count, 22):
            assert badge.inside_hex(b.rect, 22)
    assert _badges(TITANIUM, 3, 22) and _badges(ENERGY, 3, 34) and _badges(TITANIUM, 4, 22)


@pytest.mark.parametrize("r", ALL_RADII)
def test_a_portal_under_ships_keeps_its_threshold_production_and_owner_in_sight(r: int) -> None:
    """A portal's badge says the threshold it works at; its production shows too (on the badge
    or a chip of its own) where the hex has room: with two ships (they leave it the middle row)
    from 34 px, the design size, with one ship from 42 px (below, the ship's tooltip says it);
    and the owner's shape is on the badge or the tile's own mark (top corner) is left clear.
    The ships are drawn larger since issue 17, so a lone ship leaves that room by its heading
    (its seat mark on its rear half): checked for every heading a ship can have."""
    mark = pygame.Rect(0, 0, math.ceil(r * 0.4), math.ceil(r * 0.4))
    mark.center = (0, round(-r * 0.8))
    for count, heading in [(1, 60.0 * k) for k in range(6)] + [(2, None)]:
        placed = _badges(PORTAL, count, r, heading=heading)
        texts = [text for b in placed for text, _ in b.parts]
        assert "\u2264\u2212450" in texts, (r, count, texts)
        if count == 2 and r >= 34 or count == 1 and r >= 42:
            assert "+50" in texts, (r, count, heading, texts)
        assert any(b.owner_shape for b in placed) or not any(b.rect.colliderect(mark) for b in placed)
    if r >= 26:
        assert _badges(PORTAL, 2, r)[0].owner_shape, "two ships leave the middle row, with room for the owner"


def test_two_ships_on_a_tile_with_a_badge_leave_it_the_middle_row() -> None:
    r = 34
    (_, top), (_, bottom) = art.stack_layout(2, r, gap=True)[0]
    assert top < -r * 0.4 and bottom > r * 0.4
    placed = _badges(PORTAL, 2, r)[0]
    assert top < placed.rect.centery < bottom


def test_a_tile_badge_says_the_number_that_matters() -> None:
    assert badge.tile_key("portal", 50, -450) == ("\u2264\u2212450", (255, 255, 255))
    assert badge.tile_key("titanium", 3, None) == ("3", art.TITANIUM_INK)
    assert badge.tile_key("energy", 20, None) == ("20", art.ENERGY_INK)
    assert badge.tile_key("titanium", 0, None) is None  # taken: nothing to read
    assert badge.tile_key("space", 0, None) is None
    assert badge.badge_labels("portal", 50, -450, True)[0][0] == ("+50", art.ENERGY_INK)
    assert not badge.has_badge({"hex": (0, 0), "kind": "titanium", "value": 0}) and badge.has_badge(TITANIUM)
    one = (("\u2264\u2212450", (255, 255, 255)),)
    assert not same(badge.badge_image(one, 10, True, True), badge.badge_image(one, 10, True, False))
    assert not same(badge.badge_image(one, 10, True, True, 0), badge.badge_image(one, 10, True, True, 1))


# --- tokens --------------------------------------------------------------------------------------------------
def _centroid(img: pygame.Surface, test: object) -> tuple[float, float]:
    w, h, data = rgba(img)
    xs = ys = n = 0.0
    for i in range(w * h):
        px = data[4 * i:4 * i + 4]
        if test(px):  # type: ignore[operator]
            xs += i % w
            ys += i // w
            n += 1
    assert n > 0
    return xs / n - w / 2, ys / n - h / 2


def _centroid_where(img: pygame.Surface, test: object) -> tuple[float, float]:
    w, h, data = rgba(img)
    xs = ys = n = 0.0
    for i in range(w * h):
        if test(i % w, i // w, data[4 * i:4 * i + 4]):  # type: ignore[operator]
            xs += i % w
            ys += i // w
            n += 1
    assert n > 0
    return xs / n - w / 2, ys / n - h / 2


@pytest.mark.parametrize("direction", range(DIRECTION_COUNT))
def test_a_laser_leads_with_its_bright_core(direction: int) -> None:
    angle = direction_angle(direction)
    img = art.token_sprite("laser", 1, 40, angle)
    dx, dy = _centroid(img, lambda p: p[3] > 200 and min(p[:3]) > 235)
    assert math.hypot(dx, dy) > 2
    off = (math.degrees(math.atan2(dy, dx)) - angle + 180) % 360 - 180
    assert abs(off) < 20


@pytest.mark.parametrize("direction", range(DIRECTION_COUNT))
def test_a_wave_spreads_in_its_direction(direction: int) -> None:
    angle = direction_angle(direction)
    img = art.token_sprite("wave", 2, 40, angle)
    ring = art.seat_badge(2, max(7, round(40 * 0.3)), bright=True).get_width() / 2
    w, h = img.get_size()
    back = (w / 2 + math.cos(math.radians(angle)) * art.TOKEN_BADGE_AT["wave"] * 40,
            h / 2 + math.sin(math.radians(angle)) * art.TOKEN_BADGE_AT["wave"] * 40)
    # the arcs, leaving out the owner's marker at the wave's source
    dx, dy = _centroid_where(img, lambda x, y, p: p[3] > 150 and math.dist((x, y), back) > ring + 1)
    off = (math.degrees(math.atan2(dy, dx)) - angle + 180) % 360 - 180
    assert abs(off) < 20


def test_tokens_take_the_owners_tint_and_differ_by_kind() -> None:
    assert not same(art.token_sprite("laser", 0, 34, 0), art.token_sprite("laser", 1, 34, 0))
    assert not same(art.token_sprite("laser", 0, 34, 0), art.token_sprite("wave", 0, 34, 0))
    assert art.token_sprite("wave", 0, 34, 120) is art.token_sprite("wave", 0, 34, 120)


def _grey(surf: pygame.Surface) -> list[float]:
    """Brightness on black of every pixel: what a viewer who cannot tell the hues apart sees."""
    w, h, data = rgba(surf)
    return [data[4 * i + 3] / 255 * (0.3 * data[4 * i] + 0.59 * data[4 * i + 1] + 0.11 * data[4 * i + 2])
            for i in range(w * h)]


@pytest.mark.parametrize("kind", ["laser", "wave"])
@pytest.mark.parametrize("r", [22, 34])
def test_a_tokens_owner_shows_without_colour(kind: str, r: int) -> None:
    """Two seats' lasers (or waves) differ in the grey picture too, by the owner's shape on the
    token, not only by a hue (colour-blind players)."""
    for a, b in itertools.combinations(range(4), 2):
        ga, gb = _grey(art.token_sprite(kind, a, r, 0.0)), _grey(art.token_sprite(kind, b, r, 0.0))
        assert len(ga) == len(gb)
        assert sum(1 for x, y in zip(ga, gb) if abs(x - y) > 60) >= 6, (a, b)


def test_a_tokens_tooltip_names_its_owner_by_colour_and_shape() -> None:
    from scenes.views.rally.text import token_tip

    tip = token_tip({"kind": "laser", "owner": 1, "direction": 0, "hex": [0, 0]}, ["You", "Computer"])
    assert "fired by Computer" in tip and "orange" in tip and "triangle" in tip


# --- predicted path ------------------------------------------------------------------------------------------
def _count(surf: pygame.Surface, rgb: tuple[int, int, int], near: tuple[float, float], reach: float) -> int:
    n = 0
    for x in range(int(near[0] - reach), int(near[0] + reach)):
        for y in range(int(near[1] - reach), int(near[1] + reach)):
            px = surf.get_at((x, y))
            if sum(abs(a - b) for a, b in zip(px[:3], rgb)) <= 24:
                n += 1
    return n


def test_path_ends_in_a_ring_or_a_red_x_off_the_map() -> None:
    r = 34
    pts = [(60.0, 100.0), (119.0, 100.0), (178.0, 100.0)]
    blue = art.player_colour(0)
    ok = pygame.Surface((260, 200))
    art.draw_path(ok, pts, blue, r)
    lost = pygame.Surface((260, 200))
    art.draw_path(lost, pts, blue, r, off_map=True)
    assert _count(ok, blue, pts[-1], r) > 20 and _count(ok, art.OFF_MAP, pts[-1], r) == 0
    assert _count(lost, art.OFF_MAP, pts[-1], r * 0.5) > 20
    assert _count(ok, blue, (89.5, 100.0), 20) > 5  # dots and an arrow on the way
    assert _count(ok, blue, pts[0], r * 0.4) == 0  # the ship at the start stays in view
    turn_only = pygame.Surface((260, 200))
    art.draw_path(turn_only, pts[:1], blue, r)
    assert _count(turn_only, blue, pts[0], r) > 20


# --- cards -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(96, 134), (48, 66)])
def test_every_card_kind_has_its_own_face(size: tuple[int, int]) -> None:
    faces = [cards.card_face(k, *size, cost=3, entropy=2) for k in cards.CARD_KINDS]
    assert len(faces) == 13
    for f in faces:
        assert f.get_size() == size
        assert f.get_at((size[0] // 2, size[1] // 2)).a == 255
    for a, b in itertools.combinations(faces, 2):
        assert not same(a, b)


def test_card_numbers_and_names_change_the_face() -> None:
    for w, h in ((96, 134), (48, 66)):
        assert not same(cards.card_face("laser", w, h, 2, 4), cards.card_face("laser", w, h, 3, 4))
        assert not same(cards.card_face("laser", w, h, 2, 4), cards.card_face("laser", w, h, 2, 0))
        assert not same(cards.card_face("tidy_up", w, h, 2, -30), cards.card_face("tidy_up", w, h, 2, 30))
    assert not same(cards.card_face("laser", 96, 134, 2, 4, "Laser"), cards.card_face("laser", 96, 134, 2, 4, "Zap"))


def test_cards_are_cached_and_share_the_common_back() -> None:
    from scenes.sprites.card import card_back

    assert cards.card_face("move2", 96, 134, 6, 6) is cards.card_face("move2", 96, 134, 6, 6)
    assert cards.back(48, 66) is card_back(48, 66)
    assert {cards.family(k) for k in cards.CARD_KINDS} == {"move", "turn", "strike", "build", "tidy"}


def test_a_long_name_still_fits_on_the_card() -> None:
    face = cards.card_face("wave", 96, 134, 8, 8, "Send Gravitational Wave")
    assert face.get_size() == (96, 134)
    assert not same(face, cards.card_face("wave", 96, 134, 8, 8, "Send Gravitational"))


# --- entropy bar -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [600, 800, 1000])
def test_the_needle_sits_at_the_current_entropy(width: int) -> None:
    h = 64
    g = bar.BarGeometry(width, h)
    for value in (-1000, -640, -200, 0):
        img = bar.entropy_bar(width, h, value)
        x = round(g.x_of(value))
        assert img.get_at((x, g.track.centery))[:3] == (255, 255, 255)


@settings(max_examples=40, deadline=None)
@given(value=st.integers(-3000, 0), other=st.integers(-3000, 0))
def test_below_minus_1000_the_scale_stretches_so_the_needle_still_tells_values_apart(value: int, other: int) -> None:
    """Tidy Up can push entropy under the game's start: the needle keeps off the left end and
    two values 100 apart sit at different places on the one scale that holds both."""
    g = bar.BarGeometry(800, 64)
    start = bar.scale_start(value, other)
    assert start <= -1000 and start % 200 == 0 and start <= min(value, other)
    xs = {v: g.x_of(v, start) for v in (value, other)}
    for v, x in xs.items():
        assert g.track.x <= x <= g.track.right
        if v < -1000:
            assert v - start >= 100 and x > g.track.x + 4  # some room on its left
    if abs(value - other) >= 100:
        assert abs(xs[value] - xs[other]) >= 10


def test_the_needle_is_drawn_where_a_value_below_minus_1000_is() -> None:
    g = bar.BarGeometry(800, 64)
    for value in (-1150, -1390, -2010):
        start = bar.scale_start(value)
        img = bar.entropy_bar(800, 64, value, (), start)
        x = round(g.x_of(value, start))
        assert x > g.track.x + 4
        assert img.get_at((x, g.track.centery))[:3] == (255, 255, 255)
    assert bar.scale_start(-900) == -1000 and bar.scale_start(-1001) == -1200


def test_the_reached_part_of_the_track_is_lit_and_the_rest_dim() -> None:
    g = bar.BarGeometry(800, 64)
    img = bar.entropy_bar(800, 64, -500)
    x = round(g.x_of(-500))
    lit = img.get_at((x - 30, g.track.centery))
    dim = img.get_at((x + 30, g.track.centery))
    assert sum(lit[:3]) > 1.6 * sum(dim[:3])
    assert not same(img, bar.entropy_bar(800, 64, -400))
    assert bar.entropy_bar(800, 64, -500) is img


def test_portal_thresholds_are_pinned_on_the_bar() -> None:
    g = bar.BarGeometry(800, 64)
    plain = bar.entropy_bar(800, 64, -640)
    pinned = bar.entropy_bar(800, 64, -640, ((-300, 0, True), (-800, 2, False)))
    assert not same(plain, pinned)
    x = round(g.x_of(-300))
    assert pinned.get_at((x, g.track.top - 1)) != plain.get_at((x, g.track.top - 1))
    assert not same(pinned, bar.entropy_bar(800, 64, -640, ((-300, 1, True), (-800, 2, False))))
    assert not same(pinned, bar.entropy_bar(800, 64, -640, ((-300, 0, False), (-800, 2, False))))


def test_portal_marks_come_from_the_view_tiles() -> None:
    tiles = [{"hex": [0, 0], "kind": "portal", "value": 30, "threshold": -500, "owner": 1, "active": True},
             {"hex": [1, 0], "kind": "space", "value": 0, "threshold": None, "owner": None, "active": True},
             {"hex": [2, 0], "kind": "portal", "value": 20, "threshold": -700, "owner": None, "active": False}]
    assert bar.portal_marks(tiles) == ((-700, None, False), (-500, 1, True))


def test_heat_colour_warms_towards_the_heat_death() -> None:
    cold, hot = bar.heat_colour(0.0), bar.heat_colour(1.0)
    assert cold[2] > cold[0] and hot[0] > hot[2]


# --- menu picture -----------------------------------------------------------------------------------------------
def test_rally_has_its_own_menu_picture() -> None:
    from scenes import thumbnails

    assert thumbnails.painter("rally") is thumbnails.paint_rally
    for side in (96, 220):
        img = thumbnails.thumbnail("rally", (side, side))
        assert img.get_size() == (side, side)
        assert not same(img, thumbnails._fallback("rally", (side, side)))


# --- drawing straight from the view's plain data ------------------------------------------------------------
VIEW_TILES = [
    {"hex": [0, 0], "kind": "portal", "value": 30, "threshold": -500, "owner": 0, "active": True},
    {"hex": [1, 0], "kind": "titanium", "value": 2, "threshold": None, "owner": None, "active": True},
    {"hex": [0, 1], "kind": "space", "value": 0, "threshold": None, "owner": None, "active": True},
]
VIEW_SHIPS = [
    {"id": 3, "owner": 1, "hex": [1, 0], "direction": 2, "energy": 12, "titanium": 1, "program_count": 0},
    {"id": 1, "owner": 0, "hex": [1, 0], "direction": 0, "energy": 30, "titanium": 0, "program_count": 2},
    {"id": 2, "owner": 0, "hex": [0, 1], "direction": 5, "energy": 5, "titanium": 4, "program_count": 1},
]


def test_tiles_ships_and_tokens_are_drawn_where_the_view_puts_them() -> None:
    from game.core.hexgrid import Hex, hex_to_pixel

    r, origin = 34, (120.0, 100.0)
    surf = pygame.Surface((320, 240), pygame.SRCALPHA)
    art.draw_tiles(surf, VIEW_TILES, r, origin)
    for t in VIEW_TILES:
        x, y = hex_to_pixel(Hex(*t["hex"]), r, origin)
        assert surf.get_at((round(x), round(y))).a >= 250
    assert surf.get_at((round(origin[0] - 3 * r), round(origin[1]))).a == 0  # no tile at (-2, 0)

    places = art.ship_places(VIEW_SHIPS, r, origin)
    assert places[2] == (hex_to_pixel(Hex(0, 1), r, origin), 1.0)  # alone on its hex: centred, full size
    assert places[1][1] < 1.0 and places[3][1] < 1.0 and places[1][0] != places[3][0]  # sharing: spread out
    rects = art.draw_ships(surf, VIEW_SHIPS, r, origin)
    for sid, ((x, y), _) in places.items():
        assert rects[sid].collidepoint(round(x), round(y))

    before = pygame.image.tobytes(surf, "RGBA")
    art.draw_tokens(surf, [{"kind": "laser", "hex": [0, 0], "direction": 3, "owner": 1}], r, origin)
    assert pygame.image.tobytes(surf, "RGBA") != before
    assert art.path_points([[0, 0], [1, 0]], r, origin) == [hex_to_pixel(Hex(0, 0), r, origin),
                                                            hex_to_pixel(Hex(1, 0), r, origin)]


def test_a_drawn_tile_without_a_hex_still_renders() -> None:
    img = art.tile_image({"kind": "energy", "value": 20, "threshold": None}, 40)
    assert img is art.tile("energy", 40, 20, None, None, True, art.tile_variant(0, 0))


def test_a_ship_shows_how_many_cards_it_has_programmed() -> None:
    r = 34
    plain = pygame.Surface((120, 120), pygame.SRCALPHA)
    planned = pygame.Surface((120, 120), pygame.SRCALPHA)
    art.draw_ship(plain, (60, 60), 0, 0.0, r, 10, 1)
    rect = art.draw_ship(planned, (60, 60), 0, 0.0, r, 10, 1, program_count=3)
    assert not same(plain, planned)
    assert rect.top < 60 - art.ship_length(r) * 0.34  # the badge sits above the ship
    assert not same(art.program_badge(2, 14), art.program_badge(3, 14))


def test_an_explosion_grows_and_fades() -> None:
    r = 40
    early, late = art.burst(r, 0.05), art.burst(r, 0.9)
    assert art.burst(r, 0.05) is early
    c = early.get_width() // 2
    assert early.get_at((c, c)).a > late.get_at((c, c)).a  # the flash fades
    far = [p for p in opaque_points(late, 20) if math.hypot(p[0] - c, p[1] - c) > r * 0.7]
    near_early = [p for p in opaque_points(early, 20) if math.hypot(p[0] - c, p[1] - c) > r * 0.7]
    assert len(far) > len(near_early)  # the shock ring spreads out


def test_a_lifted_hex_casts_a_wider_softer_shadow() -> None:
    flat, lifted = hexart.hex_shadow(34), hexart.hex_shadow(34, lifted=True)
    assert lifted.get_width() > flat.get_width()
    c = flat.get_width() // 2
    assert 0 < lifted.get_at((lifted.get_width() // 2,) * 2).a < flat.get_at((c, c)).a


# --- three or four ships on a small hex -----------------------------------------------------------------
@pytest.mark.parametrize("count", [3, 4])
@pytest.mark.parametrize("t", [PORTAL, OFFLINE, TITANIUM, ENERGY], ids=["portal", "offline", "titanium", "energy"])
def test_a_crowded_small_hex_shows_one_readable_chip_and_the_tiles_badge(count: int, t: dict) -> None:  # type: ignore[type-arg]
    """At 22-38 px three or four ships had 7-8 px cargo digits each, and a portal under them no
    badge at all below about 40 px: now one "xN" chip in digits of at least 12 px (inside the
    hex, right of the column), no pill per ship (the tooltip lists their cargo), and every tile
    keeps its key number on a badge that misses the chip."""
    for r in range(22, art.CROWD_RADIUS, 2):
        assert art.crowded(count, r)
        chip = art.crowd_chip_spot(count, r)
        assert badge.inside_hex(chip, r), (chip, r)
        assert art.crowd_chip(count, art.CROWD_PX).get_height() >= 12 + 1
        surf = pygame.Surface((200, 200), pygame.SRCALPHA)
        drawn = art.draw_ship(surf, (100, 100), 0, 0.0, r, 85, 10, scale=art.stack_layout(count, r)[1], stack=count)
        alone = pygame.Surface((200, 200), pygame.SRCALPHA)
        hull = art.draw_ship(alone, (100, 100), 0, 0.0, r, scale=art.stack_layout(count, r)[1], stack=count)
        assert drawn == hull, "a crowded ship drew its own cargo pill"
        placed = _badges(t, count, r)
        key = badge.tile_key(t["kind"], t["value"], t["threshold"], t["active"])
        assert placed and any(key in b.parts for b in placed), (r, count)
        for b in placed:
            assert not b.rect.colliderect(chip), (b.rect, chip, r)
    assert not art.crowded(count, art.CROWD_RADIUS) and not art.crowded(2, 22)


def test_the_crowd_tooltip_lists_every_ship_there_with_its_cargo() -> None:
    from scenes.views.rally.text import crowd_tip

    ships = [{"id": 2, "number": 1, "owner": 1, "energy": 85, "titanium": 10},
             {"id": 3, "number": 1, "owner": 0, "energy": 120, "titanium": 3},
             {"id": 5, "number": 2, "owner": 1, "energy": 7, "titanium": 0}]
    assert crowd_tip(ships, ["You", "Computer"]).splitlines() == [
        "3 ships on this hex:", "Computer's ship 1: 85 energy, 10 titanium", "Your ship 1: 120 energy, 3 titanium",
        "Computer's ship 2: 7 energy, 0 titanium"]


def test_the_card_count_and_the_fleet_number_do_not_look_alike() -> None:
    """Play-test: both were a small dark tag with a light number. The card count is now a
    brass card (on a second one) with a dark number; the fleet number stays a dark round tag
    ringed in the owner's colour."""
    def brass(img: pygame.Surface) -> float:
        """The share of the badge's opaque pixels that are brass (warm and light)."""
        w, h = img.get_size()
        shown = [img.get_at((x, y)) for x in range(w) for y in range(h) if img.get_at((x, y)).a > 200]
        return sum(1 for c in shown if c.r > 140 and c.r > c.b + 50) / len(shown)

    for px in (12, 16, 22):
        count = art.program_badge(2, px)
        assert brass(count) >= 0.4, (px, brass(count))
        assert all(brass(count) > brass(art.fleet_tag(2, seat, px)) + 0.1 for seat in range(4))
        assert count.get_width() != count.get_height(), "a card, not a round tag"
