"""The How-to-play markdown subset (scenes/rules_help.py): bullets and numbered items are one
kind of list line, marked by a dot or by their own number."""

from __future__ import annotations

from scenes.rules_help import ACCENT_HEX, markdown_to_html


def test_bullets_and_numbers_are_list_lines_with_their_marker() -> None:
    html = markdown_to_html("Intro text\n- first\n* second\n+ third\n1. one\n2) two\n10. ten\n\nAfter")
    marks = [f"<font color='{ACCENT_HEX}'>{m}</font>  " for m in ("•", "•", "•", "1.", "2)", "10.")]
    items = ["first", "second", "third", "one", "two", "ten"]
    at = [html.index(m + item + "<br>") for m, item in zip(marks, items)]
    assert at == sorted(at)  # in order, each with its own marker
    assert html.index("Intro text<br><br>") < at[0]  # the paragraph ends before the list
    assert html.endswith("<br>After<br><br>")  # the list ends before the next paragraph


def test_a_number_without_text_or_space_is_no_list_line() -> None:
    assert ACCENT_HEX not in markdown_to_html("3.x and 1.5 metres")


def test_every_games_rules_page_ends_with_its_controls_and_names_no_developer_files() -> None:
    """A player reads how to play it right after the rules; paths like docs/... mean nothing to them."""
    import re

    from pathlib import Path

    import game
    from game.core.registry import all_games

    root = Path(game.__file__).parent
    for g in all_games():
        text = (root / g.info.id.replace("-", "_") / "data" / "rules.md").read_text(encoding="utf-8")
        headings = [line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")]
        assert any(h in ("Controls", "Playing it on the table") for h in headings[-2:]), (g.info.id, headings)
        assert not re.search(r"docs/|\.md\b|\.py\b|game/|scenes/", text), g.info.id

def test_tabs_keep_order_fill_each_row_and_wrap_only_when_needed() -> None:
    from scenes.rules_help import tab_rows

    assert tab_rows([100, 120], 400, 6) == [[187, 207]]  # one row, each tab widened by as much
    rows = tab_rows([150, 150, 150, 150, 150, 200], 640, 6)
    assert len(rows) == 2
    assert [len(r) for r in rows] == [4, 2]
    for row in rows:
        assert sum(row) + 6 * (len(row) - 1) <= 640
    flat = [w for row in rows for w in row]
    assert all(w >= need for w, need in zip(flat, [150, 150, 150, 150, 150, 200]))


def test_the_rules_tabs_show_every_title_whole_with_five_and_six_games(ui_ctx, monkeypatch) -> None:
    """Equal tabs cut 'If Worlds Collide' and the others at 1024 px wide with five games."""
    import pygame

    import scenes.rules_help as rules_module
    from scenes.app import step
    from tests.scenes.test_menu import games_with_cosmos

    for n in (5, 6):
        games = games_with_cosmos(n)
        monkeypatch.setattr(rules_module, "all_games", lambda: games)
        for size in ((1024, 640), (1280, 720)):
            ui_ctx.use_window(pygame.Surface(size))
            scene = rules_module.RulesScene(ui_ctx, "cosmos")
            ui_ctx.stack.push(scene)
            step(ui_ctx, [], 1 / 60)
            assert scene.tabs is not None and list(scene.tabs.buttons) == [g.info.id for g in games]
            buttons = list(scene.tabs.buttons.values())
            font = ui_ctx.font(16, "bold")
            for i, (game, button) in enumerate(zip(games, buttons)):
                assert font.size(game.info.title)[0] + 16 <= button.rect.w, (size, game.info.title)
                assert scene._card.contains(button.rect)
                assert not any(button.rect.colliderect(o.rect) for o in buttons[i + 1:])
                assert button.rect.bottom < scene.text_box.rect.top
            ui_ctx.stack.pop()
            ui_ctx.stack.apply_pending()
