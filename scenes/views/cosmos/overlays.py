"""What the Cosmos view draws over its static layer while the player acts: the marks on the
spaces ahead while the Scientist is held, the held piece, the drop preview beside the pointer and
the lifeform advancement chooser."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.core.protocol import Target
from game.cosmos.content import TOKENS
from game.cosmos.public import Landing
from scenes.sprites.text import TextCache, panel
from scenes.views.base import Overlay, Point
from scenes.views.cosmos import art, icons
from scenes.views.cosmos import text as T
from scenes.views.cosmos.art import Spot


def landing_marks(surface: pygame.Surface, text: TextCache, spot_of: Callable[[Target], Spot | None],
                  landings: Sequence[Landing], font: int, rondel: pygame.Rect) -> None:
    """While the Scientist is held: on each space ahead, the token it takes, its traffic bonus,
    the tokens it retrieves and its entropy cost, or a red cross where it cannot land. The tags
    stay inside the rondel's square (at 1024x640 it touches the window's left edge)."""
    small = max(10, font - 2)
    for landing in landings:
        spot = spot_of(Target("space", ident=str(landing.space)))
        if spot is None:
            continue
        if landing.reason:
            pygame.draw.line(surface, art.BAD, spot.rect.topleft, spot.rect.bottomright, 3)
            pygame.draw.line(surface, art.BAD, spot.rect.topright, spot.rect.bottomleft, 3)
            continue
        img = icons.render_line(text, landing_tag(landing), small, (20, 20, 26), "bold")
        box = tag_box(spot.rect, img.get_size(), rondel)
        # a leader from the tag to its space's rim: where spaces crowd, a tag on the rim of one
        # also touches its neighbour (play-test: "Star" read as the Biome's, between the two)
        pygame.draw.line(surface, art.GOOD, box.center, rim_point(spot.rect, box.center), 3)
        pygame.draw.circle(surface, art.GOOD, spot.rect.center, spot.rect.width // 2 + 1, width=2)
        pygame.draw.rect(surface, art.GOOD, box, border_radius=5)
        surface.blit(img, img.get_rect(center=box.center))


def tag_box(space: pygame.Rect, tag: tuple[int, int], rondel: pygame.Rect) -> pygame.Rect:
    """Where a landing tag of size `tag` sits: on the space's rim on the side away from the
    rondel's hub, half beyond it, kept inside the rondel's square (play-test: tags hung under
    every space covered the hub's round count and the spaces below; at 1024x640 the rondel
    touches the window's left edge)."""
    cx, cy = space.center
    dx, dy = cx - rondel.centerx, cy - rondel.centery
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    reach = space.width / 2 + abs(ux) * tag[0] / 2 + abs(uy) * tag[1] / 2 - 4
    box = pygame.Rect(0, 0, tag[0] + 6, tag[1] + 2)
    box.center = (round(cx + ux * reach), round(cy + uy * reach))
    return box.clamp(rondel)


def rim_point(space: pygame.Rect, toward: Point) -> tuple[int, int]:
    """The point of a round space's rim facing `toward` (its centre when they coincide)."""
    cx, cy = space.center
    dx, dy = toward[0] - cx, toward[1] - cy
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return (cx, cy)
    r = space.width / 2
    return (round(cx + dx / length * r), round(cy + dy / length * r))


BONUS_WORDS = {"lifeform": " lifeform", "advance": T.g("advance"), "vp": " VP"}
"""A traffic bonus's kind on a landing tag where it has no pictogram of its own."""


def landing_tag(landing: Landing) -> str:
    """A landing's tag: the token it takes ("Star"), the traffic bonus by its pictogram ("+2" and
    mass; none when it brings nothing), tokens retrieved, entropy paid. (Play-test: "S +0 ene"
    and "+1 lif" read as noise; then "S +1 en +1 tok. -1 ent" as abbreviations.)"""
    parts = [T.TOKEN_NAMES[TOKENS[landing.token]]] if landing.space % 2 == 0 else []
    if landing.bonus_units:
        kind = BONUS_WORDS.get(landing.bonus, T.g(landing.bonus))
        parts.append(f"+{landing.bonus_units}{kind}")
    if landing.retrieved:
        n = len(landing.retrieved)
        parts.append(f"+{n}{T.KEEP}token{'s' * (n != 1)}")
    if landing.entropy_cost:
        parts.append(f"-{landing.entropy_cost}{T.g('entropy')}")
    return " ".join(parts) or "no bonus"


def ghost(surface: pygame.Surface, rect: pygame.Rect, at: Point) -> None:
    """The held piece under the pointer: a translucent copy of its outline."""
    r = rect.copy()
    r.center = (int(at[0]), int(at[1]))
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    shade.fill((236, 204, 132, 90))
    surface.blit(shade, r)
    pygame.draw.rect(surface, art.BRASS, r, width=2, border_radius=6)


def note(surface: pygame.Surface, text: TextCache, lines: Sequence[str], at: Point, inside: pygame.Rect,
         font: int) -> None:
    """The drop preview beside the pointer: a title, then what the drop does or why it cannot."""
    if not lines:
        return
    size = max(11, font - 1)
    line_h = text.font(size).get_linesize()
    width = max(text.font(size).size(line)[0] for line in lines) + 20
    box = pygame.Rect(int(at[0]) + 18, int(at[1]) + 12, width, len(lines) * line_h + 14)
    box.clamp_ip(inside)
    surface.blit(panel(box.size, alpha=235), (box.x - 10, box.y - 10))
    y = box.y + 6
    for i, line in enumerate(lines):
        colour = art.BRASS if i == 0 else art.BAD if line.startswith(("Cannot", "Not here")) else art.INK
        text.blit(surface, line, size, colour, topleft=(box.x + 8, y))
        y += line_h


def chooser(surface: pygame.Surface, text: TextCache, spots: Sequence[Spot], overlay: Overlay, font: int) -> None:
    """The lifeform advancements offered on a planet: lit when playable, dim otherwise."""
    if not spots:
        return
    outer = spots[0].rect.unionall([s.rect for s in spots]).inflate(8, 8)
    surface.blit(panel(outer.size, alpha=240), (outer.x - 10, outer.y - 10))
    choice_buttons(surface, text, spots, overlay, font)


def choice_buttons(surface: pygame.Surface, text: TextCache, spots: Sequence[Spot], overlay: Overlay,
                   font: int) -> None:
    """One button per spot, worded by its tip's first line: lit when the overlay can click it,
    dim otherwise, brighter under the pointer (the chooser's and the advancement menu's)."""
    for spot in spots:
        ok = spot.target in overlay.clickable
        fill = art.shade(art.GOOD, 0.35) if ok else art.TILE
        if spot.target == overlay.hover:
            fill = art.shade(fill, 1.4)
        pygame.draw.rect(surface, fill, spot.rect, border_radius=6)
        art.label(surface, text, spot.rect, spot.tip[0], font, art.INK if ok else art.DIM)


STEP_WORDS = ("+1 bacterium", "bacterium \u2192 plant", "plant \u2192 animal")
"""The three lifeform advancements, as the menu's buttons say them."""


def menu_layout(area: pygame.Rect, text: TextCache, planets: Sequence[tuple[int, int, str]], font: int
                ) -> tuple[pygame.Rect, list[tuple[pygame.Rect, str]], list[tuple[pygame.Rect, str]]]:
    """The advancement menu inside `area` (the offers, which the decision does not use): its panel,
    each planet's name cell (named as its tile is, "P34 radiation") and the buttons, three a
    planet, as (rect, ident "system:slot:step"). Pure geometry from the sizes of the words."""
    face = text.font(font)
    row_h = face.get_linesize() + 8
    name_w = max([face.size(name)[0] for *_, name in planets] + [40]) + 12
    button_w = max(face.size(w)[0] for w in STEP_WORDS) + 14
    width = min(area.width - 8, name_w + 3 * (button_w + 4) + 12)
    rows = len(planets) + 1
    box = pygame.Rect(0, 0, width, rows * row_h + 12)
    box.midtop = (area.centerx, area.y + 4)
    names: list[tuple[pygame.Rect, str]] = []
    buttons: list[tuple[pygame.Rect, str]] = []
    button_w = (width - 12 - name_w) // 3 - 4
    for i, (si, k, name) in enumerate(planets):
        y = box.y + 6 + (i + 1) * row_h
        names.append((pygame.Rect(box.x + 6, y, name_w - 4, row_h - 4), name))
        for step in range(3):
            rect = pygame.Rect(box.x + 6 + name_w + step * (button_w + 4), y, button_w, row_h - 4)
            buttons.append((rect, f"{si}:{k}:{step}"))
    return box, names, buttons


def advancement_menu(surface: pygame.Surface, text: TextCache, box: pygame.Rect, title: str,
                     names: Sequence[tuple[pygame.Rect, str]], spots: Sequence[Spot], overlay: Overlay,
                     font: int) -> None:
    """Every lifeform advancement open now, a row per planet: lit when it can be made, dim (with
    the engine's reason on hover) when not."""
    surface.blit(panel(box.size, alpha=240), (box.x - 10, box.y - 10))
    row_h = text.font(font).get_linesize() + 8
    art.label(surface, text, pygame.Rect(box.x + 8, box.y + 6, box.width - 16, row_h - 4), title, font, art.BRASS,
              "bold", align="left")
    for rect, name in names:
        art.label(surface, text, rect, name, font, art.INK, align="left")
    choice_buttons(surface, text, spots, overlay, font)
