"""The Settings card is shared by every game: each row's glyph and words say what it does
there (no folder icon on 'Window size', no Order & Chaos 'counters' in a general row), and
every caption fits beside its controls."""

from __future__ import annotations

import pygame

from scenes.settings import FULL_GLYPH, WINDOW_GLYPH, SettingsScene, glyph_image


def open_settings(ctx) -> SettingsScene:
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    return scene


def test_each_row_says_what_it_does_for_every_game(ui_ctx) -> None:
    scene = open_settings(ui_ctx)
    rows = {title: (caption, glyph) for title, caption, glyph, _ in scene._rows}
    assert rows["Window size"][1] == WINDOW_GLYPH and rows["Full screen"][1] == FULL_GLYPH
    for title, (caption, _) in rows.items():
        if "counter" in caption.lower():
            assert caption.startswith("Order & Chaos:"), f"{title}: {caption!r} speaks of one game's pieces"
    assert "every game" in rows["Animations"][0]


def test_captions_fit_beside_the_controls(ui_ctx) -> None:
    scene = open_settings(ui_ctx)
    px = scene.px
    room = min(b.rect.x for g in scene.groups.values() for b in g.buttons.values()) - (scene._card.x + px(82))
    font = scene.font(14)
    for title, caption, _, _ in scene._rows:
        assert font.size(caption)[0] <= room - px(8), f"{title}: {caption!r} runs under the buttons"


def test_our_glyphs_are_drawn() -> None:
    for name in (WINDOW_GLYPH, FULL_GLYPH):
        img = glyph_image(name, 30, (255, 255, 255))
        opaque = sum(1 for x in range(30) for y in range(30) if img.get_at((x, y)).a > 0)
        assert 60 < opaque < 700, name
    assert isinstance(glyph_image("cog", 30, (255, 255, 255)), pygame.Surface)
