"""Cosmos's short move animations: events to tweens and where the moving pieces are now.

The Scientist slides clockwise along the rondel to its new space; a tile or card flies from where
it was taken (an offer, the star stock, a hand) to where it went (a planet, a system, a hand), or
to its owner's tab when another seat's area is shown. Every tween is non-blocking: the position
has already changed, the log has said it, and input and the computers' moves never wait for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.protocol import Event, Target
from game.cosmos import events as E
from scenes.animation import Animator, Tween, ease_in_out_cubic, lerp
from scenes.views.cosmos import art

SLIDE_S = 0.16
"""Seconds a Scientist takes per section it passes (at the normal animation speed)."""
FLY_S = 0.45
STAGGER_S = 0.1
"""The next flight of the same move leaves this much later (a planet, then its lifeforms' card)."""


@dataclass(frozen=True)
class Flight:
    """A piece on its way: from `start` to `end` (screen rectangles), named `label`."""

    start: pygame.Rect
    end: pygame.Rect
    label: str
    colour: art.Colour


Where = Callable[[Target], pygame.Rect | None]
"""The screen rectangle a target is drawn in now (None: not on screen)."""


def flight(event: Event, before: dict[str, Any], where: Where, area: Callable[[int, str], pygame.Rect | None],
           refilled: dict[str, int] | None = None) -> Flight | None:
    """The flight an event makes, or None (nothing moves, or neither end is on screen).
    `area(seat, part)` is that seat's "hand" or a planet's place ("slot:<s>:<k>", "system:<s>")
    when its area is shown, else its tab. `refilled`: the pile each kind was just refilled on in
    the same batch (a planet lands once the pile it left is turned up again)."""
    seat = getattr(event, "seat", -1)
    refilled = refilled or {}

    def pile_of(kind: str, top: int) -> int:
        found = next((i for i, pile in enumerate(before.get(kind, [])) if int(pile["top"]) == top), -1)
        return found if found >= 0 else refilled.get(kind, -1)

    start: pygame.Rect | None = None
    end: pygame.Rect | None = None
    label, colour = "", art.BRASS
    if isinstance(event, E.PlanetPlaced):
        start = where(Target("planet_pile", ident=str(pile_of("planets", event.planet))))
        end, label = area(seat, f"slot:{event.system}:{event.slot}"), f"P{event.planet}"
    elif isinstance(event, E.BiomeSet):
        start = where(Target("biome_pile", ident=str(pile_of("biomes", event.biome))))
        end, label = area(seat, f"slot:{event.system}:{event.slot}"), f"B{event.biome}"
    elif isinstance(event, E.AsteroidCaught):
        start = where(Target("asteroid", ident=event.kind))
        end, label = area(seat, f"slot:{event.system}:{event.slot}"), f"{event.kind} asteroid"
    elif isinstance(event, E.StarPlaced):
        start = where(Target("star", ident=event.star))
        end, label = area(seat, f"system:{event.system}"), event.star
    elif isinstance(event, E.CardTaken):
        start = where(Target("life_pile", ident=str(event.pile)))
        end, label, colour = area(seat, "hand"), f"L{event.card}", art.LIFE[["bacteria", "plant", "animal"][event.pile // 2]]
    elif isinstance(event, E.LifePlayed):
        start, end = area(seat, "hand"), area(seat, f"slot:{event.system}:{event.slot}")
        label = f"L{event.card}"
    if start is None or end is None or start == end:
        return None
    return Flight(pygame.Rect(start), pygame.Rect(end), label, colour)


def add(events: Sequence[Event], before: dict[str, Any], animator: Animator, where: Where,
        area: Callable[[int, str], pygame.Rect | None]) -> None:
    """The tweens of one move's events: a slide per Scientist moved, a flight per piece moved."""
    delay = 0.0
    refilled: dict[str, int] = {}
    for event in events:
        if isinstance(event, E.Revealed):
            refilled[{"planet": "planets", "biome": "biomes", "life": "life"}.get(event.kind, event.kind)] = event.pile
            continue
        if isinstance(event, E.Moved):
            animator.add(SLIDE_S * max(1, event.steps), "slide", ease_in_out_cubic, blocking=False,
                         seat=event.seat, start=event.start, to=event.to)
            delay += SLIDE_S * max(1, event.steps)
            continue
        found = flight(event, before, where, area, refilled)
        if found is not None:
            animator.add(FLY_S, "fly", ease_in_out_cubic, delay=delay, blocking=False, flight=found)
            delay += STAGGER_S


def sliding(animator: Animator) -> dict[int, Tween]:
    """The Scientists on their way now, by seat (the latest slide of each)."""
    return {int(t.payload["seat"]): t for t in animator.of_kind("slide")}


def draw_flights(surface: pygame.Surface, text: Any, animator: Animator, font: int) -> None:
    """Each piece in flight: a small tile with its name, between where it left and where it goes."""
    for tween in animator.of_kind("fly"):
        if not tween.started:
            continue
        f: Flight = tween.payload["flight"]
        t = tween.value
        w = int(lerp(min(f.start.width, 90), min(f.end.width, 90), t))
        h = text.font(font).get_linesize() + 8
        box = pygame.Rect(0, 0, max(w, text.font(font).size(f.label)[0] + 12), h)
        box.center = (int(lerp(f.start.centerx, f.end.centerx, t)), int(lerp(f.start.centery, f.end.centery, t)))
        pygame.draw.rect(surface, art.TILE, box, border_radius=6)
        pygame.draw.rect(surface, f.colour, box, width=2, border_radius=6)
        art.label(surface, text, box, f.label, font, art.INK)
