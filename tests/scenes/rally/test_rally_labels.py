"""Floating labels keep clear of the tiles' numbers and of each other (issue 17: "+30 energy" and
"New ship" rose over the number of the tile above and over one another)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.rally.commands import Battle, Collected, PortalClaimed, ShipBuilt
from scenes.app import AppContext
from scenes.views.rally.animation import build_timeline
from scenes.views.rally.art import tile, tile_text_rects
from scenes.views.rally.labels import RISE, place_label
from tests.scenes.rally.test_table_rally import ctx, open_settled, planning  # noqa: F401


@pytest.mark.parametrize("kind,value,threshold,active", [("energy", 30, None, True), ("titanium", 7, None, True),
                                                         ("tidy", 40, None, True), ("portal", 3, -120, True),
                                                         ("portal", 2, 60, False)])
@pytest.mark.parametrize("radius", [18, 30, 44])
def test_the_number_rects_hold_every_pixel_of_a_tiles_numbers(kind: str, value: int, threshold: int | None,
                                                              active: bool, radius: int) -> None:
    pygame.font.init()
    bare = tile(kind, radius, value, threshold, None, active, labels=False)
    full = tile(kind, radius, value, threshold, None, active)
    c = bare.get_width() // 2
    rects = [r.move(c, c) for r in tile_text_rects(kind, radius, value, threshold, active)]
    assert rects
    for x in range(bare.get_width()):
        for y in range(bare.get_height()):
            if bare.get_at((x, y)) != full.get_at((x, y)):
                assert any(r.collidepoint(x, y) for r in rects), f"a number's pixel at {(x, y)} outside its rect"


def test_a_label_moves_off_a_number_in_its_way() -> None:
    size, radius = (80, 18), 40
    anchor = (300.0, 300.0)
    free = place_label(anchor, size, radius, [])
    assert free == (0, -38), "nothing in the way: the hex's top edge"
    number = pygame.Rect(0, 0, 30, 16)
    number.center = (300 - 35, 300 - 43)  # the number of the tile up and to the left
    dx, dy = place_label(anchor, size, radius, [number])
    start = pygame.Rect(0, 0, *size)
    start.center = (300 + dx, 300 + dy)
    assert not start.union(start.move(0, -round(radius * RISE))).colliderect(number)


class Tagged(pygame.Surface):
    """A label's image, still known as that label after the view copies it (to fade it)."""

    tag = ""

    def copy(self) -> Tagged:
        out = Tagged(self.get_size(), pygame.SRCALPHA)
        out.blit(self, (0, 0))
        out.tag = self.tag
        return out


class Recorder(pygame.Surface):
    """A surface that notes where the labels' images are blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.seen: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        if isinstance(source, Tagged):
            at = dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
            self.seen.append((source.tag, pygame.Rect(at, source.get_size())))
        return rect


def test_the_labels_of_a_busy_moment_cover_no_tile_number_and_no_other_label(ctx: AppContext) -> None:  # noqa: F811
    scene, view = open_settled(ctx, planning())
    hexes = [(int(t["hex"][0]), int(t["hex"][1])) for t in view.view["tiles"]]
    here = set(hexes)
    # a hex with tiles up-left, up-right and to the right: the numbers a label could cover
    h0 = next(h for h in hexes if {(h[0], h[1] - 1), (h[0] + 1, h[1] - 1), (h[0] + 1, h[1])} <= here)
    right, up = (h0[0] + 1, h0[1]), (h0[0] + 1, h0[1] - 1)
    # every tile shows a number (energy 30 here, a portal there)
    tiles = [{**t, "kind": "energy", "value": 30, "owner": None, "threshold": None, "active": True}
             for t in view.view["tiles"]]
    for t in tiles:
        if (int(t["hex"][0]), int(t["hex"][1])) == up:
            t.update(kind="portal", value=3, threshold=-120)
    view._shown_tiles = tiles
    before = {"entropy": -400, "tiles": tiles, "tokens": [],
              "ships": [{"id": 1, "owner": 0, "hex": list(right), "direction": 3, "energy": 90, "titanium": 0,
                         "number": 1}]}
    events = [ShipBuilt(player=0, ship=7, parent=1, hex=h0, direction=0),
              Collected(ship=7, hex=h0, kind="energy", amount=30),
              PortalClaimed(player=0, hex=up, previous=None),
              Battle(hex=right, ships=(1,), before=(90,), after=(60,))]
    tl = build_timeline(before, events)
    labels = [ef for ef in tl.effects if ef.kind == "label"]
    busy = max(ef.t for ef in labels) + 0.01
    assert sum(ef.t <= busy < ef.t + ef.duration for ef in labels) >= 3, "three rise at once"
    surface = Recorder(view.rect.size if view.rect.width else (1024, 640))
    texts = {ef.text for ef in labels}
    render = view.text.render

    def noting(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        img = render(text, *args, **kwargs)
        if text in texts:
            tagged = Tagged(img.get_size(), pygame.SRCALPHA)
            tagged.blit(img, (0, 0))
            tagged.tag = text
            return tagged
        return img

    view.text.render = noting  # type: ignore[method-assign]
    tw = SimpleNamespace(payload={"before": before, "origin": view.fit.centre(h0)})
    r = view.fit.radius
    numbers = [rect.move(round(view.fit.centre((int(x["hex"][0]), int(x["hex"][1])))[0]),
                         round(view.fit.centre((int(x["hex"][0]), int(x["hex"][1])))[1]))
               for x in tiles for rect in tile_text_rects(str(x["kind"]), r, int(x["value"]), x.get("threshold"))]
    # each label from where it shows now to where it will have risen: never over a number
    for moment in sorted({ef.t + 0.01 for ef in labels} | {ef.t + ef.duration - 0.01 for ef in labels} | {busy}):
        surface.seen.clear()
        view._draw_playback(surface, (tl, moment, tw))
        seen = surface.seen
        shown = [ef.text for ef in labels if ef.t <= moment < ef.t + ef.duration]
        assert sorted(name for name, _ in seen) == sorted(shown), "each label showing drawn once"
        for name, rect in seen:
            box = rect.inflate(-6, -4)  # the text's shadow and a little air are no cover
            hit = box.collidelist(numbers)
            assert hit < 0, f"{name!r} at {rect} covers a tile's number at {numbers[hit]} (r={r})"
        for i, (a, ra) in enumerate(seen):
            for b, rb in seen[i + 1:]:
                assert not ra.inflate(-6, -4).colliderect(rb.inflate(-6, -4)), f"{a!r} over {b!r}"


def test_a_label_keeps_off_a_ship_if_it_can_and_off_a_number_before_all() -> None:
    size, radius = (80, 18), 40
    anchor = (300.0, 300.0)
    ship = pygame.Rect(0, 0, 60, 30)
    ship.center = (300, 262)  # a ship with its cargo pill on the tile above
    dx, dy = place_label(anchor, size, radius, [], soft=[ship])
    start = pygame.Rect(0, 0, *size)
    start.center = (300 + dx, 300 + dy)
    assert not start.union(start.move(0, -round(radius * RISE))).colliderect(ship)
    # where a number and a ship leave one spot between them, the label takes it over the ship
    numbers = [pygame.Rect(0, y, 600, 12) for y in range(0, 600, 16)]  # every spot covers a number...
    clear = [r for r in numbers if not 250 <= r.y < 290]  # ...but a band where a ship stands
    dx, dy = place_label(anchor, size, radius, clear, soft=[pygame.Rect(0, 250, 600, 40)])
    start.center = (300 + dx, 300 + dy)
    assert start.union(start.move(0, -round(radius * RISE))).collidelist(clear) < 0
