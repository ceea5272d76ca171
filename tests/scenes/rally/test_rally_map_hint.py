"""The pan hint at the map's corner stands on a plate: the map runs under that corner, and in a
real window the words were lost over the tiles and cargo pills there."""

from __future__ import annotations

import pygame

from scenes.app import AppContext
from scenes.views.rally.view import MAP_HINT
from tests.scenes.rally.test_rally_pan import strip_turn
from tests.scenes.rally.test_table_rally import ctx, open_settled  # noqa: F401


def test_the_pan_hint_is_drawn_on_a_dark_plate(ctx: AppContext, monkeypatch) -> None:  # noqa: F811
    scene, view = open_settled(ctx, strip_turn())
    assert any(view.camera.hidden_edges())
    layer = pygame.Surface(ctx.screen.get_size())
    layer.fill((250, 250, 250))  # as bright as a tile under the corner can be
    placed: list[pygame.Rect] = []
    real = view.text.render

    def spy(text: str, *a, **k):  # type: ignore[no-untyped-def]
        img = real(text, *a, **k)
        if text == MAP_HINT:
            placed.append(img.get_rect())
        return img

    monkeypatch.setattr(view.text, "render", spy)
    view._draw_edges(layer, (0, 0))
    assert placed, "the hint was drawn"
    area = view.camera.view
    w, h = placed[0].size
    text_rect = pygame.Rect(0, 0, w, h)
    text_rect.bottomright = (area.right - 6, area.bottom - 4)
    # just around the words (not on them): the plate, dark, not the bright map under it
    for x, y in [(text_rect.left - 3, text_rect.centery), (text_rect.centerx, text_rect.top - 1),
                 (text_rect.left + 2, text_rect.top + 1)]:
        r, g, b = layer.get_at((x, y))[:3]
        assert r + g + b < 200, ((x, y), (r, g, b))
