"""The energy split / cargo exchange panel keeps every button inside itself: with two resources
(the exchange) the panel is wider than the map area at 1280x800 and smaller, and the titanium
'All' button stuck out past its right edge (seen in a real window, seed 2 era 8)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.sprites.text import TextCache
from scenes.views.rally.controls import SplitDraft, panel_geometry
from tests.scenes.table_context import table_context
from tests.scenes.rally.test_table_rally import open_settled, pending_for_0


@pytest.mark.parametrize("kind,ships", [("exchange", 2), ("exchange", 3), ("distribute", 4)])
@pytest.mark.parametrize("width,fs", [(750, 19), (740, 17), (600, 15), (1000, 24)])
@pytest.mark.parametrize("side", ["bottom", "right"])
def test_every_button_lies_inside_the_panel(kind: str, ships: int, width: int, fs: int, side: str) -> None:
    totals = [300, 4] if kind == "exchange" else [150]
    draft = SplitDraft(kind, list(range(1, ships + 1)), 0, totals)
    draft.amounts = [[0] * ships for _ in totals]
    area = pygame.Rect(214, 170, width, 470)
    geo = panel_geometry(draft, area, fs, side)
    assert area.contains(geo.rect)
    inside = [geo.confirm] + [r for r, _ in geo.buttons] + ([geo.keep] if geo.keep is not None else [])
    for r in inside:
        assert geo.rect.contains(r), (r, geo.rect)
    for row in geo.rows:
        assert geo.rect.contains(row)
    labels = [r for r, a in geo.buttons if not a.startswith(("even",))]
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1024, 640)])
def test_the_exchange_panel_fits_in_a_real_table(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int]) -> None:
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="fast", ai_watch_delay=0.0) as ctx:
        scene, view = open_settled(ctx, pending_for_0("exchange"))
        geo = view._panel_geo()
        for r, _ in geo.buttons:
            assert geo.rect.contains(r), (r, geo.rect, size)


def test_buttons_that_cannot_change_anything_are_greyed(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the even split nothing is left in the pool: '+' did nothing and looked like it would."""
    import scenes.views.rally.controls as controls
    from scenes.sprites.text import TextCache

    drawn: dict[tuple[int, int, int], bool] = {}
    real = controls.draw_pill

    def record(surface: Any, r: pygame.Rect, label: str, text: Any, fs: int, hot: bool, enabled: bool = True,
               accent: Any = (58, 62, 82)) -> None:
        drawn[(r.x, r.y, r.width)] = enabled
        real(surface, r, label, text, fs, hot, enabled, accent)

    monkeypatch.setattr(controls, "draw_pill", record)
    draft = SplitDraft("distribute", [2, 4], 0, [50], [[0, 0]])
    draft.even()
    geo = panel_geometry(draft, pygame.Rect(0, 0, 760, 480), 17)
    pygame.font.init()
    text = TextCache(lambda size, kind: pygame.font.Font(None, size))
    controls.draw_panel(pygame.Surface((800, 500)), draft, geo, text, 17, (-1, -1), True,
                        {2: (10, 0), 4: (0, 0)})
    state = {a: drawn[(r.x, r.y, r.width)] for r, a in geo.buttons}
    assert not state["bump:0:0:10"] and not state["bump:0:1:1"], "nothing left to share out"
    assert state["bump:0:0:-10"] and state["all:0:1"] and state["even"]
    draft.bump(0, 0, -10)
    drawn.clear()
    controls.draw_panel(pygame.Surface((800, 500)), draft, geo, text, 17, (-1, -1), True,
                        {2: (10, 0), 4: (0, 0)})
    state = {a: drawn[(r.x, r.y, r.width)] for r, a in geo.buttons}
    assert state["bump:0:1:10"], "10 back in the pool: + works again"


@pytest.mark.parametrize("fs", [14, 15, 16, 17, 19, 21])
def test_a_rivals_ship_name_stays_clear_of_its_cards(fs: int) -> None:
    """"Orange 1" is wider than "Ship 1": in the chaos dock it used to run under the first card
    of its row; it now shrinks to the room before the cards."""
    from scenes.views.rally.planning import _draw_row, build_dock

    pygame.font.init()
    view = {"seat": 0, "players": 2, "cards": {"5": "move1"}, "programs": {}, "played": [{"ship": 2, "card": 5}],
            "phase": "chaos",
            "ships": [{"id": 1, "number": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 50, "titanium": 1,
                       "program_count": 0},
                      {"id": 2, "number": 1, "owner": 1, "hex": [1, 0], "direction": 3, "energy": 96, "titanium": 0,
                       "program_count": 3}]}
    dock = build_dock(pygame.Rect(0, 0, 760, 140), view, 52, 0, fs, show_hand=False)
    row = next(r for r in dock.rows if r.owner == 1)
    said: list[tuple[str, pygame.Rect]] = []
    from scenes.app import FONT_FILES
    from scenes.resources import asset_path

    def app_font(size: int, kind: str) -> pygame.font.Font:  # the app's own fonts: their widths matter here
        return pygame.font.Font(str(asset_path("fonts", FONT_FILES.get(kind, FONT_FILES["regular"]))), size)

    text = TextCache(app_font)
    real = text.blit

    def record(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
        rect = real(surface, words, *a, **k)
        said.append((words, rect))
        return rect

    text.blit = record  # type: ignore[method-assign]
    _draw_row(pygame.Surface((800, 200)), row, view, text, fs, None, set(), False, (0, 0))
    name = next(rect for words, rect in said if words.endswith(" 1"))
    assert row.slots and name.right <= row.slots[0].rect.x, (name, row.slots[0].rect)


def test_a_ship_lost_in_battle_shows_no_energy_rather_than_a_negative_amount() -> None:
    """A battle can leave a ship below nothing (82 against 165): it is gone, and the dock's pill
    counted down to -83 while the log said 82→0."""
    from types import SimpleNamespace

    from scenes.views.rally.animation import cargo_at

    track = SimpleNamespace(at=lambda t: (None, None, -83, 1, False))
    tl = SimpleNamespace(ships={1: track})
    view = {"ships": [{"id": 1, "energy": 82, "titanium": 1}]}
    assert cargo_at(view, tl, 3.0)["ships"][0]["energy"] == 0  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_the_exchange_panel_sits_in_the_dock_not_over_the_map(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                            size: tuple[int, int]) -> None:
    """At 1024x640 the full title did not fit beside the panel's buttons in the dock, so the
    panel fell back over the bottom of the map (issue 17: dialogs do not cover the map)."""
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="fast", ai_watch_delay=0.0) as ctx:
        scene, view = open_settled(ctx, pending_for_0("exchange"))
        geo = view._panel_geo()
        assert view.lay.dock.contains(geo.rect), (geo.rect, view.lay.dock)
        assert not geo.rect.colliderect(view.lay.map)
