"""Worlds Collide card art: a colour and an emblem per Character, and the card faces.

Every face is drawn procedurally (our own art) and cached per card and size:
Characters (emblem, name, trait, complexity stars), Shards (the owner's crystal,
emblem and position dots; the Wild Shard in all colours), Actions (initiative
number, name, short effect text, framed in the owner's colour), the Anchor token.
Names and texts come from game/worlds_collide/data/cards.toml.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.worlds_collide.cards import (
    ACTIONS,
    ANCHOR_INFO,
    CHARACTERS,
    SHARDS_PER_CHARACTER,
    WILD,
    WILD_INFO,
    card_name,
)
from scenes.sprites.card import SS, card_back, finish, gradient_card, mix, shade
from scenes.sprites.text import wrap_text
from scenes.window_caches import track

Colour = tuple[int, int, int]
FontGetter = Callable[[int, str], pygame.font.Font]
BRASS: Colour = (214, 172, 96)
INK: Colour = (244, 236, 216)


@dataclass(frozen=True)
class Look:
    colour: Colour
    emblem: str


LOOKS: tuple[Look, ...] = (
    Look((156, 102, 222), "crown"),     # Advaranau, Persuasive
    Look((58, 184, 164), "gear"),       # Cene C, Resourceful
    Look((122, 180, 70), "mask"),       # Jessup, Deceptive
    Look((218, 76, 66), "blade"),       # Kintriel, Militant
    Look((80, 148, 240), "wave"),       # Mary, Adaptive
    Look((238, 156, 52), "bolt"),       # Ronin, Preemptive
)
WILD_COLOUR: Colour = (236, 236, 244)
NEUTRAL: Colour = (150, 122, 74)


def colour_of(character: int | None) -> Colour:
    if character is None or not 0 <= character < len(LOOKS):
        return NEUTRAL
    return LOOKS[character].colour


def shard_owner(card: int) -> int:
    return -1 if card == WILD else card // SHARDS_PER_CHARACTER


# --- emblems ------------------------------------------------------------------------------------
def draw_emblem(surf: pygame.Surface, kind: str, centre: tuple[float, float], size: float, rgb: Colour,
                rgba_bg: tuple[int, int, int, int] | None = None) -> None:
    """One Character's emblem, `size` across, drawn with plain shapes."""
    cx, cy = centre
    r = size / 2
    lw = max(2, int(size * 0.07))
    if kind == "crown":
        pts = [(cx - r, cy + r * 0.55), (cx - r, cy - r * 0.45), (cx - r * 0.5, cy + r * 0.05),
               (cx, cy - r * 0.8), (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.45), (cx + r, cy + r * 0.55)]
        pygame.draw.polygon(surf, rgb, pts)
        for px in (cx - r, cx, cx + r):
            py = cy - r * (0.8 if px == cx else 0.45)
            pygame.draw.circle(surf, rgb, (px, py - r * 0.12), r * 0.14)
        pygame.draw.rect(surf, rgb, pygame.Rect(cx - r, cy + r * 0.62, 2 * r, r * 0.22))
    elif kind == "gear":
        teeth = 8
        for i in range(teeth):
            a = i * 2 * math.pi / teeth
            w = 0.2
            pts = [(cx + math.cos(a - w) * r * 0.7, cy + math.sin(a - w) * r * 0.7),
                   (cx + math.cos(a - w * 0.6) * r, cy + math.sin(a - w * 0.6) * r),
                   (cx + math.cos(a + w * 0.6) * r, cy + math.sin(a + w * 0.6) * r),
                   (cx + math.cos(a + w) * r * 0.7, cy + math.sin(a + w) * r * 0.7)]
            pygame.draw.polygon(surf, rgb, pts)
        pygame.draw.circle(surf, rgb, (cx, cy), r * 0.74)
        pygame.draw.circle(surf, rgba_bg or (0, 0, 0, 0), (cx, cy), r * 0.3)
    elif kind == "mask":
        body = pygame.Rect(0, 0, r * 2, r * 1.3)
        body.center = (int(cx), int(cy))
        pygame.draw.ellipse(surf, rgb, body)
        pygame.draw.polygon(surf, rgb, [(cx - r * 0.3, cy + r * 0.3), (cx + r * 0.3, cy + r * 0.3), (cx, cy + r * 0.95)])
        for side in (-1, 1):
            eye = pygame.Rect(0, 0, r * 0.62, r * 0.34)
            eye.center = (int(cx + side * r * 0.42), int(cy - r * 0.05))
            pygame.draw.ellipse(surf, rgba_bg or (0, 0, 0, 0), eye)
    elif kind == "blade":
        pygame.draw.polygon(surf, rgb, [(cx, cy - r), (cx + r * 0.2, cy - r * 0.7), (cx + r * 0.16, cy + r * 0.35),
                                        (cx - r * 0.16, cy + r * 0.35), (cx - r * 0.2, cy - r * 0.7)])
        pygame.draw.rect(surf, rgb, pygame.Rect(cx - r * 0.62, cy + r * 0.35, r * 1.24, r * 0.18),
                         border_radius=max(1, int(r * 0.08)))
        pygame.draw.rect(surf, rgb, pygame.Rect(cx - r * 0.1, cy + r * 0.5, r * 0.2, r * 0.36))
        pygame.draw.circle(surf, rgb, (cx, cy + r * 0.92), r * 0.13)
    elif kind == "wave":
        for k, dy in enumerate((-0.45, 0.0, 0.45)):
            pts = []
            for i in range(25):
                t = i / 24
                pts.append((cx - r + 2 * r * t, cy + dy * r + math.sin(t * 2 * math.pi + k * 0.8) * r * 0.2))
            pygame.draw.lines(surf, rgb, False, pts, max(lw, int(size * 0.12)))
    elif kind == "bolt":
        pygame.draw.polygon(surf, rgb, [(cx + r * 0.25, cy - r), (cx - r * 0.55, cy + r * 0.12), (cx - r * 0.02, cy + r * 0.12),
                                        (cx - r * 0.3, cy + r), (cx + r * 0.58, cy - r * 0.18), (cx + r * 0.05, cy - r * 0.18)])
    elif kind == "star":
        pts = []
        for i in range(16):
            a = -math.pi / 2 + i * math.pi / 8
            rr = r if i % 2 == 0 else r * (0.42 if i % 4 == 1 or i % 4 == 3 else 0.6)
            pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
        pygame.draw.polygon(surf, rgb, pts)
    elif kind == "anchor":
        pygame.draw.line(surf, rgb, (cx, cy - r * 0.62), (cx, cy + r * 0.8), lw + 1)
        pygame.draw.circle(surf, rgb, (cx, cy - r * 0.75), r * 0.18, width=lw)
        pygame.draw.line(surf, rgb, (cx - r * 0.42, cy - r * 0.3), (cx + r * 0.42, cy - r * 0.3), lw)
        arc = pygame.Rect(0, 0, r * 1.7, r * 1.4)
        arc.center = (int(cx), int(cy + r * 0.1))
        pygame.draw.arc(surf, rgb, arc, math.pi * 1.08, math.pi * 1.92, lw + 1)
        for side in (-1, 1):
            tip = (cx + side * r * 0.84, cy + r * 0.2)
            pygame.draw.polygon(surf, rgb, [tip, (tip[0] - side * r * 0.02, tip[1] - r * 0.3),
                                            (tip[0] + side * r * 0.2, tip[1] - r * 0.12)])


# --- faces ----------------------------------------------------------------------------------------
class CardArt:
    """Builds and caches the Worlds Collide card faces (per card and pixel size)."""

    def __init__(self, font: FontGetter) -> None:
        self._font = font
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        track(self)

    def forget_sizes(self) -> None:
        """The window changed size, and the cards with it (see scenes.window_caches)."""
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def _text(self, text: str, size: int, colour: Colour, kind: str = "bold") -> pygame.Surface:
        return self._font(max(6, size), kind).render(text, True, colour)

    def _fit(self, text: str, size: int, width: int, colour: Colour, kind: str = "bold") -> pygame.Surface:
        img = self._text(text, size, colour, kind)
        while img.get_width() > width and size > 7:
            size -= 1
            img = self._text(text, size, colour, kind)
        return img

    def _get(self, key: tuple[object, ...], build: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 3000:
                self._cache.clear()
            surf = build()
            self._cache[key] = surf
        return surf

    # kinds: ("char", c) ("shard", card) ("action", a, owner) ("back",) ("anchor",)
    def face(self, key: tuple[object, ...], w: int, h: int) -> pygame.Surface:
        kind = key[0]
        if kind == "back":
            return card_back(w, h)
        if kind == "char":
            return self._get((*key, w, h), lambda: self._character(_whole(key[1]), w, h))
        if kind == "shard":
            return self._get((*key, w, h), lambda: self._shard(_whole(key[1]), w, h))
        if kind == "action":
            return self._get((*key, w, h), lambda: self._action(_whole(key[1]), _whole(key[2]), w, h))
        raise KeyError(key)

    def anchor_token(self, d: int) -> pygame.Surface:
        return self._get(("anchor", d), lambda: self._anchor(d))

    def _character(self, c: int, w: int, h: int) -> pygame.Surface:
        info = CHARACTERS[c]
        look = LOOKS[c]
        col = look.colour
        s = gradient_card(w, h, shade(col, 0.62), shade(col, 0.2), mix(col, BRASS, 0.55))
        W, H = s.get_size()
        cx = W / 2
        # emblem medallion
        rr = min(W * 0.34, H * 0.22)
        cy = H * 0.44
        pygame.draw.circle(s, shade(col, 0.16), (cx, cy), rr * 1.12)
        pygame.draw.circle(s, mix(col, BRASS, 0.6), (cx, cy), rr * 1.12, width=max(2, SS * 2))
        for i in range(12):
            a = i * math.pi / 6
            pygame.draw.line(s, (*shade(col, 0.9), 90), (cx + math.cos(a) * rr * 1.2, cy + math.sin(a) * rr * 1.2),
                             (cx + math.cos(a) * rr * 1.45, cy + math.sin(a) * rr * 1.45), max(1, SS))
        draw_emblem(s, look.emblem, (cx, cy), rr * 1.25, mix(col, INK, 0.45), (*shade(col, 0.16), 255))
        # name plate
        name = self._fit(str(info["name"]).upper(), int(H * 0.1), int(W * 0.84), INK, "display")
        plate = pygame.Rect(0, 0, int(W * 0.9), int(name.get_height() * 1.25))
        plate.midtop = (int(cx), int(H * 0.055))
        pygame.draw.rect(s, (*shade(col, 0.18), 230), plate, border_radius=plate.height // 3)
        s.blit(name, name.get_rect(center=plate.center))
        trait = self._fit(str(info["trait"]), int(H * 0.075), int(W * 0.86), mix(col, INK, 0.75), "bold")
        s.blit(trait, trait.get_rect(midtop=(cx, H * 0.72)))
        stars = int(info.get("complexity", 1))
        sr = W * 0.045
        for i in range(3):
            px = cx + (i - 1) * sr * 3
            py = H * 0.87
            pts = [(px + math.cos(-math.pi / 2 + k * math.pi / 5) * (sr if k % 2 == 0 else sr * 0.45),
                    py + math.sin(-math.pi / 2 + k * math.pi / 5) * (sr if k % 2 == 0 else sr * 0.45)) for k in range(10)]
            pygame.draw.polygon(s, BRASS if i < stars else shade(col, 0.35), pts)
        return finish(s, w, h)

    def _shard(self, card: int, w: int, h: int) -> pygame.Surface:
        wild = card == WILD
        owner = shard_owner(card)
        col = WILD_COLOUR if wild else LOOKS[owner].colour
        s = gradient_card(w, h, (30, 34, 54), (14, 16, 28), mix(col, BRASS, 0.35) if not wild else BRASS)
        W, H = s.get_size()
        cx, cy = W / 2, H * 0.47
        # the crystal: a tall faceted diamond
        rx, ry = W * 0.36, H * 0.36
        top, bottom = (cx, cy - ry), (cx, cy + ry)
        left, right = (cx - rx, cy - ry * 0.1), (cx + rx, cy - ry * 0.1)
        if wild:
            facets = [(top, left), (left, bottom), (bottom, right), (right, top)]
            for i, (a, b) in enumerate(facets):
                fc = LOOKS[(i * 2 + 1) % len(LOOKS)].colour
                pygame.draw.polygon(s, fc, [a, b, (cx, cy)])
        else:
            pygame.draw.polygon(s, shade(col, 0.55), [top, left, bottom, right])
            pygame.draw.polygon(s, col, [top, left, (cx, cy - ry * 0.1)])
            pygame.draw.polygon(s, shade(col, 0.8), [top, right, (cx, cy - ry * 0.1)])
            pygame.draw.polygon(s, shade(col, 0.4), [bottom, right, (cx, cy - ry * 0.1)])
        pygame.draw.polygon(s, mix(col, INK, 0.6), [top, left, bottom, right], width=max(1, SS))
        emblem = "star" if wild else LOOKS[owner].emblem
        draw_emblem(s, emblem, (cx, cy + ry * 0.08), rx * 0.95, INK if not wild else (40, 40, 60),
                    (*shade(col, 0.55), 255))
        code = self._text(card_name(card), max(int(H * 0.12), min(READABLE_PX * SS, int(H * 0.2))),
                          mix(col, INK, 0.55), "bold")  # owner and number readable from 60 px up
        s.blit(code, (W * 0.08, H * 0.04))
        if not wild:
            pos = card % SHARDS_PER_CHARACTER
            dr = W * 0.045
            for i in range(SHARDS_PER_CHARACTER):
                px = cx + (i - (SHARDS_PER_CHARACTER - 1) / 2) * dr * 3
                py = H * 0.9
                if i == pos:
                    pygame.draw.circle(s, col, (px, py), dr * 1.25)
                    pygame.draw.circle(s, INK, (px, py), dr * 1.25, width=max(1, SS))
                else:
                    pygame.draw.circle(s, shade(col, 0.45), (px, py), dr * 0.8)
        else:
            label = self._fit("WILD", int(H * 0.1), int(W * 0.8), BRASS, "display")
            s.blit(label, label.get_rect(center=(cx, H * 0.9)))
        return finish(s, w, h)

    def _action(self, a: int, owner: int, w: int, h: int) -> pygame.Surface:
        info = ACTIONS[a - 1]
        col = colour_of(owner)
        s = gradient_card(w, h, (44, 48, 70), (22, 24, 38), mix(col, BRASS, 0.3))
        W, H = s.get_size()
        cx = W / 2
        # owner band at the top
        band = pygame.Rect(0, 0, W, int(H * 0.07))
        pygame.draw.rect(s, col, band.inflate(-int(W * 0.14), 0).move(0, int(H * 0.05)),
                         border_radius=band.height // 2)
        # initiative medallion (smaller and higher on a card big enough to carry its rule line
        # at a readable size: READABLE_PX and more, in the window's pixels)
        big = h >= BIG_CARD_PX
        r = min(W * 0.24, H * 0.14) if big else min(W * 0.3, H * 0.2)
        cy = H * (0.24 if big else 0.34)
        pygame.draw.circle(s, shade(col, 0.3), (cx, cy), r)
        pygame.draw.circle(s, BRASS, (cx, cy), r, width=max(2, SS * 2))
        num = self._text(str(a), int(r * 1.5), INK, "display")
        s.blit(num, num.get_rect(center=(cx, cy + r * 0.05)))
        name_px = max(READABLE_PX * SS, int(H * 0.1)) if big else int(H * 0.1)
        name = self._fit(str(info["name"]).upper(), name_px, int(W * 0.92), INK, "display")
        s.blit(name, name.get_rect(center=(cx, H * (0.44 if big else 0.6))))
        rule = self.rule_lines(a, W, H, big)
        if rule is not None:
            font, lines, y, spacing = rule
            for line in lines:
                img = font.render(line, True, (206, 206, 220))
                s.blit(img, img.get_rect(midtop=(cx, y)))
                y += img.get_height() * spacing
        return finish(s, w, h)

    def rule_lines(self, a: int, W: int, H: int, big: bool) -> tuple[pygame.font.Font, list[str], float, float] | None:
        """Action `a`'s rule line on a face `W` x `H` (supersampled pixels): its font, lines, top
        and line spacing, or None on a card too small to carry it."""
        short = SHORT.get(a, "")
        if not short or H < 90 * SS:
            return None
        fs = max(READABLE_PX * SS, int(H * 0.085)) if big else max(7, int(H * 0.055))
        y = H * (0.51 if big else 0.68)
        spacing = 0.86 if big else 0.92
        font, lines = self._rule_lines(short, fs, int(W * 0.88), H * 0.97 - y, spacing)
        return font, lines, y, spacing

    def _rule_lines(self, text: str, fs: int, width: int, room: float,
                    spacing: float) -> tuple[pygame.font.Font, list[str]]:
        """The rule line's font and lines: a size smaller until every line fits in `room` (play-test:
        Telekinesis lost its end, "... Discard, a", to a four-line cut); at the smallest size the last
        line that fits ends in an ellipsis."""
        floor = max(7, fs * 2 // 3)
        while True:
            font = self._font(fs, "regular")
            lines = wrap_text(text, font, width)
            fit = max(1, int((room - font.get_linesize()) / (font.get_linesize() * spacing)) + 1)
            if len(lines) <= fit:
                return font, lines
            if fs <= floor:
                return font, lines[:fit - 1] + [lines[fit - 1].rstrip(" ,.;:") + "\u2026"]
            fs -= 1

    def _anchor(self, d: int) -> pygame.Surface:
        D = d * SS
        s = pygame.Surface((D, D), pygame.SRCALPHA)
        c = D / 2
        pygame.draw.circle(s, (40, 30, 18), (c, c + D * 0.03), D * 0.48)
        for i in range(int(D * 0.46), 0, -1):
            t = i / (D * 0.46)
            pygame.draw.circle(s, mix((255, 226, 150), (150, 108, 50), t), (c - D * 0.04 * (1 - t), c - D * 0.04 * (1 - t)), i)
        pygame.draw.circle(s, (96, 66, 30), (c, c), D * 0.46, width=max(2, SS * 2))
        draw_emblem(s, "anchor", (c, c + D * 0.02), D * 0.62, (70, 46, 20))
        return finish(s, d, d)


READABLE_PX = 12
"""The smallest type a card's name and rule line use on a big card (window pixels)."""
BIG_CARD_PX = 105
"""From this height (window pixels) an Action card carries its name and rule line at READABLE_PX or more."""
SHORT: dict[int, str] = {
    1: "Resolve your Character's ability.",
    2: "Reveal a Shard: Nexus top or in a Hold.",
    3: "Take 2 from the Nexus, keep 1.",
    4: "Take 1 Shard: Nexus, Discard, a foe's Hold.",
    5: "Your played Actions go back to hand.",
    6: "Take the Anchor.",
}
"""Card-face summaries (the full text from cards.toml is in the tooltip)."""


# --- tooltips ------------------------------------------------------------------------------------------
def character_tip(c: int) -> str:
    info = CHARACTERS[c]
    stars = "*" * int(info.get("complexity", 1))
    return f"{info['name']} ({info['trait']}, complexity {stars})\nUnleash: {info['ability']}"


def action_tip(a: int) -> str:
    info = ACTIONS[a - 1]
    return f"{info['name']} (initiative {a})\n{info['text']}"


def shard_tip(card: int | None) -> str:
    if card is None:
        return "A shrouded Shard (face down)."
    if card == WILD:
        return f"{WILD_INFO['name']}\n{WILD_INFO['text']}"
    owner = shard_owner(card)
    return (f"{CHARACTERS[owner]['name']}'s Shard {card % SHARDS_PER_CHARACTER + 1} of {SHARDS_PER_CHARACTER}\n"
            f"Locks into {CHARACTERS[owner]['name']}'s Reality when revealed in their Hold.")


def anchor_tip() -> str:
    return f"The {ANCHOR_INFO['name']}\n{ANCHOR_INFO['text']}\nShift takes it."


def _whole(value: object) -> int:
    """A card number from a face key (keys are tuples of plain values)."""
    assert isinstance(value, int)
    return value
