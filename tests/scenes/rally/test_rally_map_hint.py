"""The pan hint stands beside the map, under the overview, in the side column: on a plate at the
map's corner it still covered tiles and cargo pills there (issue 17: nothing over the board)."""

from __future__ import annotations

import pygame

from scenes.app import AppContext
from tests.scenes.rally.test_rally_pan import strip_turn
from tests.scenes.rally.test_table_rally import ctx, open_settled  # noqa: F401


def test_the_pan_hint_is_drawn_beside_the_map_not_over_it(ctx: AppContext, monkeypatch) -> None:  # noqa: F811
    scene, view = open_settled(ctx, strip_turn())
    assert any(view.camera.hidden_edges())
    layer = pygame.Surface(ctx.screen.get_size())
    layer.fill((250, 250, 250))
    said: list[str] = []
    real = view.text.render

    def spy(text: str, *a, **k):  # type: ignore[no-untyped-def]
        said.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(view.text, "render", spy)
    view._draw_map_hint(layer, (0, 0))
    assert "wheel" in " ".join(said) and "drag" in " ".join(said), said
    spot = view._hint_rect()
    assert spot is not None and not spot.colliderect(view.camera.view)
    drawn = [(x, y) for x in range(spot.x, spot.right, 2) for y in range(spot.y, min(spot.bottom, spot.y + 60), 2)
             if layer.get_at((x, y))[:3] != (250, 250, 250)]
    assert drawn, "the words are in the side column"
    m = view.camera.view
    assert all(layer.get_at((x, y))[:3] == (250, 250, 250) for x in range(m.x, m.right, 7) for y in range(m.y, m.bottom, 7))
