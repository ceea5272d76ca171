"""The main board: the double rondel (inner action spaces, outer action tiles, Scientists and
placed Creation tokens) and beside it the offers (planets, Biomes, asteroids, life decks), the
star stock, the objective tracks and the lifeform objective tiles. Draws once per position
into the static layer and returns the `Spot`s it drew (targets and hover texts)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game.core.protocol import Target
from game.cosmos.content import LIFE_CONDITIONS, LIFEFORMS, TOKENS, Content
from scenes.sprites.text import TextCache, wrap_text
from scenes.views.cosmos import art
from scenes.views.cosmos import text as T
from scenes.views.cosmos.art import Spot
from scenes.views.cosmos.layout import offer_rows

SECTIONS = 6
INNER_RING = 0.46
OUTER_RING = 0.79
"""The inner and outer spaces' distance from the rondel's centre, in board radii."""
RING_TURN = 15
"""How many degrees a section's inner space is turned back from its middle, and its outer space
forward: half a section's 60, so a space is as far from its neighbour in the same section as
from the next section's (at 0.43/0.78 and 9 degrees an inner and an outer space's circles and
name plates overlapped at 1024x640, "Aggregate Planet" over "Primordial Soup", and two inner
spaces' circles touched)."""
OBJECTIVES = ("Stars", "Asteroids", "Biomes")


def space_centre(rect: pygame.Rect, space: int) -> tuple[int, int]:
    """Centre of rondel space `space`: section `space // 2` clockwise from the top, inner spaces
    (even) on the inner ring, the action tiles' spaces (odd) on the outer one."""
    r = rect.width / 2
    ring = INNER_RING if space % 2 == 0 else OUTER_RING
    angle = math.radians(-90 + 60 * (space // 2) + (-RING_TURN if space % 2 == 0 else RING_TURN))
    return (int(rect.centerx + math.cos(angle) * r * ring), int(rect.centery + math.sin(angle) * r * ring))


def space_radius(rect: pygame.Rect, space: int) -> int:
    """Both rings' spaces as big as their neighbours allow: a name like "Aggregate" reads inside
    an inner space at 12 px on the 1024x640 rondel."""
    return int(rect.width * 0.1)


def name_box(centre: tuple[int, int], radius: int) -> pygame.Rect:
    """Where a space's action name is written: the circle's width, most of its height, a little
    below the centre (the top of the circle is where a Scientist stands, `PAWN_RISE`)."""
    box = pygame.Rect(0, 0, 2 * radius, int(1.6 * radius))
    box.center = (centre[0], centre[1] + int(radius * NAME_DROP))
    return box


NAME_WRAP = 0.92
"""A name of several words wraps at this share of its box's width (a single word may take all of
it): the circle's chord is narrower below its centre, and one line of "Set Biome" ran over the
rim at 1024x640 (the rim's pixels under its first and last letter); it now takes two lines."""
NAME_DROP = 0.15
"""How far below its space's centre a name's two lines are centred, in space radii."""


def action_of(view: dict[str, Any], c: Content, space: int) -> str:
    if space % 2 == 0:
        return str(c.n("inner_actions")[space // 2])
    return c.tiles[int(view["tiles"][space // 2][0])].action


def draw_rondel(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
                me: int, font: int) -> list[Spot]:
    spots: list[Spot] = []
    tiles = tuple((int(t[0]), bool(t[1])) for t in view["tiles"])
    surface.blit(_rondel_base(text, rect.width, tiles, font), rect.topleft)
    text.blit(surface, f"Round {view['round']}", font, art.BRASS, "bold", center=(rect.centerx, rect.centery - font // 2 - 1))
    last = int(view["last_round"])
    if len(view["players"]) == 1:  # solo: the game also ends after a fixed number of rounds
        last = min(x for x in (last, int(c.n("solo_rounds"))) if x > 0)
    if last > 0:
        text.blit(surface, f"of {last}", font - 1, art.BAD, center=(rect.centerx, rect.centery + font // 2 + 2))
    for space in range(2 * SECTIONS):
        centre, radius = space_centre(rect, space), space_radius(rect, space)
        action = action_of(view, c, space)
        tile = tiles[space // 2]
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.center = centre
        tip = [T.ACTION_NAMES.get(action, action) + (" (inner space)" if space % 2 == 0 else " (action tile)")]
        if space % 2 == 0:
            tip.append(f"Inner space: place your {T.TOKEN_NAMES[_token_of(action)]} token (or the Wild one)")
            tip.append(T.space_bonus(str(c.n("inner_bonus").get(action)), c.n("traffic_by_distance")))
        else:
            bonus = c.tiles[tile[0]].bonus[0 if tile[1] else 1]
            tip.append(f"Action tile ({'lightning side: merged with the inner space' if tile[1] else 'plain side'})")
            tip.append(T.space_bonus(bonus, c.n("traffic_by_distance")))
        spots.append(Spot(box, Target("space", ident=str(space)), tip))
    # Creation tokens placed in front of inner spaces: in a small arc just outside the space
    placed: dict[int, list[tuple[int, int]]] = {}
    for seat, p in enumerate(view["players"]):
        for t, where in enumerate(p["tokens"]):
            if where >= 0:
                placed.setdefault(int(where), []).append((seat, t))
    half = rect.width / 2
    covers: list[pygame.Rect] = []
    for section, tokens in placed.items():
        dot = max(4, space_radius(rect, 2 * section) // 4)
        for j, (seat, t) in enumerate(tokens):
            angle = math.radians(-90 + 60 * section - RING_TURN + (j - (len(tokens) - 1) / 2) * 8)
            cx = int(rect.centerx + math.cos(angle) * half * TOKEN_RING)
            cy = int(rect.centery + math.sin(angle) * half * TOKEN_RING)
            art.disc(surface, (cx, cy), dot, art.SEATS[seat])
            text.blit(surface, TOKENS[t][0].upper(), max(9, dot + 3), (20, 20, 26), "bold", center=(cx, cy))
            r = pygame.Rect(0, 0, 2 * dot, 2 * dot)
            r.center = (cx, cy)
            spots.append(Spot(r, None, [f"{_role(seat)}'s {T.TOKEN_NAMES[TOKENS[t]]} token"]))
            covers.append(r)
    names_over(surface, text, rect, view, c, font, covers)
    # Scientists: their hit spots here; the pawns are drawn each frame (`draw_scientists`), so one can slide
    for seat in range(len(view["players"])):
        spot, pawn = pawn_at(rect, view, seat)
        r = pygame.Rect(0, 0, 2 * pawn + 4, 2 * pawn + 4)
        r.center = spot
        who = "Your Scientist: drag it 1-3 spaces ahead" if seat == me else f"{_role(seat)}'s Scientist"
        spots.append(Spot(r, Target("scientist") if seat == me else None, [who]))
    return spots


TOKEN_RING = INNER_RING + 0.245
"""Where placed Creation tokens stand, in board radii: just outside their inner space, clear of
its name (0.02 nearer, the Wild token touched "Create" at 1024x640)."""


def sharing(view: dict[str, Any], seat: int) -> tuple[int, int]:
    """`seat`'s Scientist's place among the Scientists on its space (0 first, in seat order) and
    how many stand there: its pawn's place side by side (`pawn_at`) and its ring's (`draw_scientists`)."""
    pos = view["players"][seat]["pos"]
    there = [i for i, q in enumerate(view["players"]) if q["pos"] == pos]
    return there.index(seat), len(there)


def pawn_at(rect: pygame.Rect, view: dict[str, Any], seat: int,
            shared: tuple[int, int] | None = None) -> tuple[tuple[int, int], int]:
    """Where `seat`'s Scientist stands (centred on its space's top rim, above the name's two lines;
    side by side with the others there, `shared` if the caller has it) and its radius. (At 0.92 of
    the radius it hid the top of "Create" of Create Life at 1024x640.)"""
    pos = int(view["players"][seat]["pos"])
    centre, rad = space_centre(rect, pos), space_radius(rect, pos)
    index, count = shared or sharing(view, seat)
    offset = (index - (count - 1) / 2) * rad * 0.55
    return (int(centre[0] + offset), int(centre[1] - rad * PAWN_RISE)), max(6, rad // 3)


PAWN_RISE = 1.1
"""How far above its space's centre a Scientist stands, in space radii: on the rim, so neither
the pawn nor the outline that marks it movable reaches a two-line name (`NAME_DROP`)."""


def slide_point(rect: pygame.Rect, start: int, to: int, t: float) -> tuple[int, int]:
    """A Scientist `t` (0-1) of the way clockwise around the rondel from space `start` to `to`,
    on the rim spot it stands on (between the rings when it changes ring)."""
    def polar(space: int) -> tuple[float, float]:
        x, y = space_centre(rect, space)
        dx, dy = x - rect.centerx, y - space_radius(rect, space) * PAWN_RISE - rect.centery
        return math.degrees(math.atan2(dy, dx)), math.hypot(dx, dy)

    a0, r0 = polar(start)
    a1, r1 = polar(to)
    if a1 < a0:
        a1 += 360
    angle, radius = math.radians(a0 + (a1 - a0) * t), r0 + (r1 - r0) * t
    return int(rect.centerx + math.cos(angle) * radius), int(rect.centery + math.sin(angle) * radius)


def draw_scientists(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], me: int,
                    moving: dict[int, tuple[int, int]]) -> list[pygame.Rect]:
    """Every Scientist on its space, or where `moving` says it is on its way there; returns the
    pawns' rectangles (the names they reach are written again over them: `names_over`)."""
    covers = []
    for seat in range(len(view["players"])):
        shared = sharing(view, seat)
        spot, pawn = pawn_at(rect, view, seat, shared)
        at = moving.get(seat, spot)
        if seat not in moving:  # its space ringed in its colour: the pawn on the rim also touches
            pos = int(view["players"][seat]["pos"])  # the next space (play-test, ninth session)
            ring = space_radius(rect, pos) + 1 + 3 * shared[0]
            centre = space_centre(rect, pos)
            pygame.draw.circle(surface, art.SEATS[seat], centre, ring, width=3)
            covers.append(pygame.Rect(centre[0] - ring, centre[1] - ring, 2 * ring, 2 * ring))  # its name over it
        art.disc(surface, at, pawn, art.SEATS[seat], edge=(250, 250, 250) if seat == me else (20, 20, 26))
        covers.append(pygame.Rect(at[0] - pawn, at[1] - pawn, 2 * pawn, 2 * pawn))
    return covers


def names_over(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
               font: int, covers: list[pygame.Rect]) -> None:
    """The action names that any of `covers` (a pawn, a token, an outline) reaches, written again
    on a plate of their space's colour over it: a piece never hides what a space does."""
    small = max(art.MIN_TEXT, font - 2)
    names = tuple(T.WHEEL_NAMES.get(action_of(view, c, space), "") for space in range(2 * SECTIONS))
    for space, (box, plate) in enumerate(_name_places(text, tuple(rect), names, small)):
        if plate.collidelist(covers) >= 0:
            surface.blit(_name_plate(text, box.size, names[space], small, _fill(space)), box.topleft)


@lru_cache(maxsize=8)
def _name_places(text: TextCache, rect: tuple[int, int, int, int], names: tuple[str, ...], font: int
                 ) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each space's name box and the plate around its lines, measured once per size (asked every frame)."""
    board = pygame.Rect(rect)
    face = text.font(font)
    out = []
    for space, words in enumerate(names):
        box = name_box(space_centre(board, space), space_radius(board, space))
        out.append((box, name_rows(face, box, words).inflate(4, 2)))
    return out


def name_fit(face: pygame.font.Font, box: pygame.Rect, words: str) -> pygame.Rect:
    """The part of a `name_box` its name is wrapped in (`NAME_WRAP`), centred in it."""
    widest = max((face.size(word)[0] for word in words.split()), default=0)
    out = pygame.Rect(0, 0, min(box.width, max(int(box.width * NAME_WRAP), widest)), box.height)
    out.center = box.center
    return out


def name_rows(face: pygame.font.Font, box: pygame.Rect, words: str) -> pygame.Rect:
    """The rectangle a name's lines take inside its `name_box` (as `art.label` centres them in
    `name_fit`)."""
    rows = wrap_text(words, face, name_fit(face, box, words).width) or [""]
    out = pygame.Rect(0, 0, max(face.size(row)[0] for row in rows), len(rows) * face.get_linesize())
    out.center = box.center
    return out


def _fill(space: int) -> art.Colour:
    """A rondel space's colour: the inner ring's brown, the action tiles' blue."""
    return (58, 54, 40) if space % 2 == 0 else (40, 58, 70)


@lru_cache(maxsize=32)
def _name_plate(text: TextCache, size: tuple[int, int], words: str, font: int, fill: art.Colour) -> pygame.Surface:
    """A space's name as `_rondel_base` writes it, on a rounded plate of the space's colour just
    around its lines (drawn once per size and name)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    plate = name_rows(text.font(font), out.get_rect(), words).inflate(4, 2)
    pygame.draw.rect(out, fill, plate, border_radius=4)
    art.label(out, text, name_fit(text.font(font), out.get_rect(), words), words, font, art.INK)
    return out


MERGED_RIM = art.shade(art.RESOURCE["energy"], 0.55)
"""A lightning-side tile's spaces' rim: the energy yellow, dimmed so it is no highlight."""


@lru_cache(maxsize=8)
def _rondel_base(text: TextCache, side: int, tiles: tuple[tuple[int, bool], ...], font: int) -> pygame.Surface:
    """The rondel without its pieces (both rings, the action names, the merged spaces), drawn
    once per size: it only changes with the window."""
    from game.cosmos.game import CONTENT as c

    out = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.circle(out, art.BOARD, rect.center, side // 2)
    pygame.draw.circle(out, art.BOARD_EDGE, rect.center, side // 2, width=2)
    pygame.draw.circle(out, art.shade(art.BOARD, 1.3), rect.center, int(side * 0.11))
    for k in range(SECTIONS):  # section borders
        angle = math.radians(-90 + 60 * k - 30)
        a = (rect.centerx + math.cos(angle) * side * 0.11, rect.centery + math.sin(angle) * side * 0.11)
        b = (rect.centerx + math.cos(angle) * side * 0.5, rect.centery + math.sin(angle) * side * 0.5)
        pygame.draw.line(out, art.BOARD_EDGE, a, b, 1)
    small = max(art.MIN_TEXT, font - 2)
    view = {"tiles": [list(t) for t in tiles]}
    for space in range(1, 2 * SECTIONS, 2):  # the lightning side's link first, under both spaces
        if tiles[space // 2][1]:
            pygame.draw.line(out, art.RESOURCE["energy"], space_centre(rect, space - 1), space_centre(rect, space), 5)
    for space in range(2 * SECTIONS):
        centre, radius = space_centre(rect, space), space_radius(rect, space)
        box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        box.center = centre
        pygame.draw.ellipse(out, _fill(space), box)
        merged = tiles[space // 2][1]  # the lightning side: both spaces count as one, joined by a yellow
        # bar; rimmed in a dim yellow only (play-test: bright yellow rims on most spaces read as the
        # lit spaces the prompt asks to click, which are ringed in white, `view.CLICKABLE`)
        pygame.draw.ellipse(out, MERGED_RIM if merged else art.TILE_EDGE, box, width=2 if merged else 1)
        name = T.WHEEL_NAMES.get(action_of(view, c, space), "")
        art.label(out, text, name_fit(text.font(small), name_box(centre, radius), name), name, small, art.INK)
    return out


def _token_of(action: str) -> str:
    return {"evolve": "star", "aggregate": "planet", "create_life": "life"}[action]


def _role(seat: int) -> str:
    return art.ROLES[seat]


PLANET_WORDINGS = ("full", "short", "short", "tiny", "tiny")
"""A planet pile's effect in each of its wordings, fullest first (`planet_wordings`): all but the
last say how many planets the pile has left."""


def planet_wordings(pile: dict[str, Any], c: Content) -> list[list[tuple[str, art.Colour]]]:
    """A planet pile's tile wordings, fullest first: its top planet's id and cost, its effect,
    the pile's count (the last wording drops the count); none for an empty pile."""
    if int(pile["top"]) < 0:
        return []
    pl = c.planets[int(pile["top"])]
    ink, dim, left = art.INK, art.DIM, pile["size"]
    effect = {"full": T.effect_words(pl.effect), "short": T.short_effect(pl.effect),
              "tiny": T.short_effect(pl.effect, tiny=True)}
    cost_words, cost = f"P{pl.id}  {pl.cost} mass", f"P{pl.id} {pl.cost}{T.g('mass')}"
    heads = (cost_words, cost_words, cost, cost, cost)
    counts: tuple[str | None, ...] = (f"{left} in the pile", f"{left}{T.KEEP}left", f"{left}{T.KEEP}left",
                                      f"{left}{T.KEEP}left", None)
    return [[(head, ink), (effect[kind], dim)] + ([(count, dim)] if count else [])
            for head, kind, count in zip(heads, PLANET_WORDINGS, counts)]


BIOME_WIDTH = 1.8
"""A Biome's tile is this much wider than an asteroid's, in the row they share (1.5 cut B21's
"2en 1ma 1VP" at 1024x640; an asteroid's tile needs only "carb." and "x10")."""
ROWS = ("Planets", "Biomes", "Life", "Stars", "Goals")


def draw_offers(surface: pygame.Surface, text: TextCache, rect: pygame.Rect, view: dict[str, Any], c: Content,
                font: int) -> list[Spot]:
    """The offers, star stock, objective tracks and lifeform tiles in five rows, each named
    upright at its left. Every tile takes the fullest of its wordings that shows whole
    (`art.fit_lines`): 1280x720 spells more out than 1024x640, nothing is cut."""
    spots: list[Spot] = []
    pygame.draw.rect(surface, art.BOARD, rect, border_radius=8)
    small = max(art.MIN_TEXT, font - 2)
    label_w = text.font(small, "bold").get_linesize() + 4
    three, four = art.tile_height(text, small, 3), art.tile_height(text, small, 4)

    def cells(row: pygame.Rect, n: int, start: float = 0, of: float | None = None) -> list[pygame.Rect]:
        total = of or n
        w = row.width / total
        return [pygame.Rect(int(row.x + (start + i) * w) + 1, row.y, int(w) - 3, row.height) for i in range(n)]

    ink, dim = art.INK, art.DIM
    piles = [planet_wordings(pile, c) for pile in view["planets"]]
    # the planets row four lines tall where three leave no line for a pile's count (its last wording)
    equal = cells(offer_rows(rect, label_w, three, four, False)[0], 8)
    counted = [(cell.size, v, True) for cell, v in zip(equal, piles) if v]
    tall = art.fit_level(text, counted, small) == len(PLANET_WORDINGS) - 1 if counted else False
    rows = offer_rows(rect, label_w, three, four, tall)
    for name, band in zip(ROWS, rows):
        art.vertical_label(surface, text, pygame.Rect(rect.x + 2, band.y, label_w - 2, band.height), name, small,
                           art.BRASS)

    biome_share = 4 * BIOME_WIDTH / (4 * BIOME_WIDTH + 4)  # the Biomes' words need more room than the asteroids'

    queued: list[tuple[pygame.Rect, list[list[tuple[str, art.Colour]]], art.Colour | None]] = []

    def fitted(cell: pygame.Rect, variants: list[list[tuple[str, art.Colour]]], stripe: art.Colour | None) -> None:
        queued.append((cell, variants, stripe))

    def draw_row() -> None:
        """Draws the row's tiles at the one wording level where all of them fit."""
        level = art.fit_level(text, [(cell.size, v, stripe is not None) for cell, v, stripe in queued], small)
        for cell, variants, stripe in queued:
            art.tile(surface, text, cell, variants[min(level, len(variants) - 1)], size=small, stripe=stripe)
        queued.clear()

    # planets: two piles per type
    for i, cell in enumerate(cells(rows[0], 8)):
        pile = view["planets"][i]
        ptype = LIFE_CONDITIONS[i // 2]
        wordings = piles[i]
        if not wordings:
            art.tile(surface, text, cell, [("empty", art.DIM)], size=small)
            spots.append(Spot(cell, None, [f"{ptype} planets: pile empty"]))
            continue
        pl = c.planets[int(pile["top"])]
        fitted(cell, wordings, art.CONDITIONS[ptype])
        spots.append(Spot(cell, Target("planet_pile", ident=str(i)),
                          T.planet_text(c, pl.id) + [f"Pile: {pile['size']} left; drag onto a planet space"]))
    draw_row()
    # biomes (abundant, scarce) and asteroids
    for i, cell in enumerate(cells(pygame.Rect(rows[1].x, rows[1].y, int(rows[1].width * biome_share), rows[1].height),
                                   4)):
        pile = view["biomes"][i]
        if pile["top"] < 0:
            art.tile(surface, text, cell, [("empty", art.DIM)], size=small)
            continue
        b = c.biomes[int(pile["top"])]
        trigger = T.SHORT_ACTIONS.get(b.trigger, b.trigger)
        kind = "scarce" if b.scarce else "abundant"
        # each Biome its own fullest wording (a row-wide level left them all without id and "on"
        # for one wide reward at 1024x640: "Soup / 1 VP" read as if Soup gave it)
        reward, tiny = T.short_effect(b.reward), T.short_effect(b.reward, tiny=True)
        wordings = [[(f"B{b.id} {kind}", ink), (f"on {trigger}", dim), (T.effect_words(b.reward), dim)],
                    [(f"B{b.id} {kind}", ink), (f"on {trigger}", dim), (reward, dim)],
                    [(f"B{b.id} {kind}", ink), (trigger, dim), (reward, dim)],
                    [(f"B{b.id} {kind}", ink), (trigger, dim), (tiny, dim)],
                    [(f"B{b.id} on", ink), (trigger, dim), (tiny, dim)],
                    [(f"B{b.id}", ink), (trigger, dim), (tiny, dim)],
                    [(f"on {trigger}", ink), (tiny, dim)],
                    [(trigger, ink), (tiny, dim)]]
        art.tile(surface, text, cell, art.fit_lines(text, cell.size, wordings, small, True), size=small,
                 stripe=(190, 120, 200) if b.scarce else (110, 180, 150))
        spots.append(Spot(cell, Target("biome_pile", ident=str(i)),
                          T.biome_text(c, b.id) + [f"Pile: {pile['size']} left; drag onto one of your planets"]))
    draw_row()
    kinds = list(c.asteroid_icons)
    rest = pygame.Rect(rows[1].x + int(rows[1].width * biome_share), rows[1].y, 0, rows[1].height)
    rest.width = rows[1].right - rest.x
    for i, cell in enumerate(cells(rest, len(kinds))):
        kind = kinds[i]
        left = int(view["asteroids"].get(kind, 0))
        icon = T.g(c.asteroid_icons[kind])
        fitted(cell, [[(kind, ink), ("asteroid", dim), (f"{left}{T.KEEP}left", dim)], [(f"{icon}{kind}", ink), (f"{left}{T.KEEP}left", dim)],
                      [(kind, ink), (f"{left}{T.KEEP}left", dim)], [(icon, ink), (f"{left}{T.KEEP}left", dim)],
                      [(icon, ink), (f"{left}", dim), ("left", dim)],  # (narrow: every pile alike)
                      [(icon, ink), (f"{left}", dim)]],
               art.CONDITIONS.get(c.asteroid_icons[kind], art.DIM))
        extra = " (catching it costs 1 more mass)" if kind in c.asteroid_extra_mass else ""
        spots.append(Spot(cell, Target("asteroid", ident=kind),
                          [f"{kind} asteroid: {left} left{extra}", f"Icon: {c.asteroid_icons[kind]}",
                           "Catch an Asteroid: drag onto a planet",
                           "(space 1 costs one of its lifeforms, space 2 costs 2 mass)"]))
    draw_row()
    # life decks: two per lifeform
    for i, cell in enumerate(cells(rows[2], 6)):
        pile = view["life"][i]
        life = LIFEFORMS[i // 2]
        if pile["top"] < 0:
            art.tile(surface, text, cell, [("empty", art.DIM)], size=small)
            continue
        card = c.life[int(pile["top"])]
        fitted(cell, life_wordings(card.id, card.gain, life, card.icons, card.needs, f"{pile['size']} in the deck",
                                   f"{pile['size']} left"),
               art.LIFE[life])
        spots.append(Spot(cell, Target("life_pile", ident=str(i)),
                          T.life_text(c, card.id) + [f"Deck: {pile['size']} left; click to take it (Take Life Cards)"]))
    draw_row()
    # star stock
    stock = sorted(view["stars"].items(), key=lambda kv: (c.stars[kv[0]].tier, kv[0]))
    for (sid, left), cell in zip(stock, cells(rows[3], len(stock))):
        st = c.stars[sid]
        price = st.evolve_cost
        fitted(cell, [[(f"Star {sid}", ink), (f"{left}{T.KEEP}left", dim), (f"costs {price} energy", dim)],
                      [(sid, ink), (f"{left}{T.KEEP}left", dim), (f"{price} energy", dim)],
                      [(sid, ink), (f"{left}{T.KEEP}left", dim), (f"cost {price}{T.g('energy')}", dim)],
                      [(sid, ink), (f"{left}{T.KEEP}left", dim), (f"{price}{T.g('energy')}", dim)],
                      [(sid, ink), (f"\u00d7{left}", dim), (f"{price}{T.g('energy')}", dim)]],
               art.CONDITIONS.get(st.icons[0], art.DIM) if st.icons else None)
        spots.append(Spot(cell, Target("star", ident=sid),
                          T.star_text(c, sid) + [f"{left} left; Evolve: drag onto one of your systems"]))
    draw_row()
    # objectives and lifeform tiles
    goal_cells = cells(rows[4], 6)
    for i, cell in enumerate(goal_cells[:3]):
        o = c.objectives[i]
        scoring = o.alternative if view["alternative"] else o.scoring
        holder = int(view["track_last"][i])
        vp = c.track_vp(i)
        points = "/".join(map(str, vp[1:]))
        heads = [(f"{OBJECTIVES[i]}: done", art.GOOD), (OBJECTIVES[i], art.GOOD)] if holder >= 0 else [(OBJECTIVES[i], ink)]
        lines = art.fit_lines(text, cell.size, [[head, (f"{points} VP", dim)] for head in heads], small, False)
        art.tile(surface, text, cell, lines, size=small)
        track_pips(surface, cell, [int(p["track"][i]) for p in view["players"]], len(vp) - 1,
                   art.text_top(cell.height, False) + text.font(small).get_linesize() * len(lines))
        spots.append(Spot(cell, None, [f"Objective: {T.CONDITION_WORDS.get(o.condition, o.condition)}",
                                       f"Scores {' / '.join(map(str, vp[1:]))} VP per "
                                       f"{T.SCORING_WORDS.get(scoring, scoring)} (by track position; "
                                       f"{len(vp) - 1} advances to its end)",
                                       "Its last space completes it (one player); two completed objectives end the game",
                                       "Positions: " + ", ".join(f"{_role(s)} {p['track'][i]}"
                                                                 for s, p in enumerate(view["players"]))] +
                          ([f"Completed by {_role(holder)}"] if holder >= 0 else [])))
    big = c.n("lifeform_big")
    small_at = c.n("lifeform_small_at")
    for i, cell in enumerate(goal_cells[3:]):
        life = LIFEFORMS[i]
        left = view["small_tiles"].get(life, [])
        taken = int(view["big_taken"].get(life, -1))
        small_vp = f"{left[-1]} VP" if left else "none left"
        big_vp = "taken" if taken >= 0 else f"{big[life][1]} VP"
        fitted(cell, [[(f"{T.g(life)}{life}", ink), (f"small {small_vp} at {small_at[life]}+" if left else f"small: {small_vp}", dim),
                       (f"big {big_vp} at {big[life][0]}+" if taken < 0 else f"big: {big_vp}", dim)],
                      [(f"{T.g(life)}{life}", ink), (f"small: {small_vp}", dim), (f"big: {big_vp}", dim)],
                      [(life, ink), (f"small {small_vp}", dim), (f"big {big_vp}", dim)],
                      [(T.g(life), ink), (f"small {small_vp}", dim), (f"big {big_vp}", dim)],
                      [(T.g(life), ink), (small_vp, dim), (big_vp, dim)]], art.LIFE[life])
        tiles_left = ", ".join(f"{x} VP" for x in reversed(left)) or "none"
        spots.append(Spot(cell, None, [f"{life} objective tiles",
                                       f"Small: {small_at[life]}+ {life} in your area; left: {tiles_left}",
                                       f"Big: {big[life][0]}+ {life}, {big[life][1]} VP" +
                                       (f" (taken by {_role(taken)})" if taken >= 0 else "")]))
    draw_row()
    return spots


def life_wordings(card: int, gain: int, life: str, conditions: tuple[str, ...] | list[str],
                  needs: tuple[tuple[str, int], ...] | list[tuple[str, int]], last: str, last_short: str
                  ) -> list[list[tuple[str, art.Colour]]]:
    """A life card's wordings, fullest first: its id and gain, its life conditions, its lifeform
    needs (or `last` when it has none, `last_short` on the narrower tiles: a deck's count, a card's
    effect); words where they fit, pictograms where they do not."""
    ink, dim = art.INK, art.DIM
    need_words, need_icons = T.needs_words(needs), T.needs_short(needs)
    head_words = f"L{card} {T.life_gain(gain, life, True)}"
    head = f"L{card} {T.life_gain(gain, life, False)}"
    return [[(head_words, ink), (" ".join(conditions) or "no conditions", dim), (need_words or last, dim)],
            [(head_words, ink), (T.icons_named(conditions), dim), (need_words or last, dim)],
            [(head, ink), (T.icons_named(conditions), dim), (need_words or last, dim)],
            [(head, ink), (T.icons_short(conditions), dim), (f"needs {need_icons}" if needs else last, dim)],
            [(head, ink), (T.icons_short(conditions), dim), (f"needs {need_icons}" if needs else last_short, dim)],
            [(f"{head} {need_icons}".strip(), ink), (T.icons_short(conditions), dim)],
            [(f"{head} {need_icons}".strip(), ink)]]


def track_pips(surface: pygame.Surface, cell: pygame.Rect, positions: list[int], steps: int, top: int) -> None:
    """Each player's progress on an objective track as a row of pips in the seat's colour, filled
    up to its position (it was "O1 B0 T0 V0": initials and bare numbers)."""
    n = max(1, len(positions))
    room = cell.width - 8
    pip = max(3, min(7, (room - 6 * (n - 1)) // (n * steps) - 1))
    group = steps * (pip + 1) + 6
    x = cell.x + 4 + max(0, (room - n * group + 6) // 2)
    y = cell.y + min(top + 2, cell.height - pip - 4)
    for seat, at in enumerate(positions):
        colour = art.SEATS[seat]
        for k in range(steps):
            r = pygame.Rect(x + k * (pip + 1), y, pip, pip + 2)
            if k < at:
                pygame.draw.rect(surface, colour, r, border_radius=1)
            else:
                pygame.draw.rect(surface, art.shade(colour, 0.6), r, width=1, border_radius=1)
        x += group
