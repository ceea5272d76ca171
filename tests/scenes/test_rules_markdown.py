"""The How-to-play text (scenes/rules_help.py): the rules' Markdown, parsed by markdown-it-py, in
the HTML subset pygame-gui's text box draws. Bullets and numbered items are one kind of list
line, marked by a dot or by their own number; a wrapped item stays one item."""

from __future__ import annotations

import re

import pytest

from game.core import registry
from scenes.rules_help import ACCENT_HEX, markdown_to_html, read_rules

MARKER = re.compile(f"<font color='{ACCENT_HEX}'>(•|\\d+[.)])</font>")


def plain_lines(html: str) -> list[str]:
    """The text box's lines as a reader sees them, list markers and tags taken out."""
    text = MARKER.sub("", html)
    return [re.sub(r"<[^>]+>", "", line).strip() for line in text.split("<br>")]


def test_a_wrapped_numbered_item_stays_one_item() -> None:
    """The old converter made the continuation lines a paragraph of their own, below the number,
    and left a bold run that crossed a line break as raw asterisks."""
    html = markdown_to_html("1. **Production**: every portal you own\n   pays you its energy: **50\n   energy**.\n"
                            "2. **Planning**: lay cards\n   face down.\n")
    lines = [line for line in html.split("<br>") if line]
    assert len(lines) == 2
    assert lines[0].startswith(f"<font color='{ACCENT_HEX}'>1.</font>  <b>Production</b>")
    assert "every portal you own pays you its energy: <b>50 energy</b>." in lines[0]
    assert lines[1].endswith("<b>Planning</b>: lay cards face down.")


def test_a_nested_list_is_indented_under_its_item() -> None:
    html = markdown_to_html("4. **Chaos**, round after round:\n   - lasers move on;\n   - then, starting\n"
                            "     with the first player, cards.\n5. Expansion\n")
    lines = [line for line in html.split("<br>") if line]
    assert [plain_lines(line)[0] for line in lines] == ["Chaos, round after round:", "lasers move on;",
                                                        "then, starting with the first player, cards.", "Expansion"]
    assert lines[1].startswith("    <font") and lines[2].startswith("    <font") and not lines[3].startswith(" ")


def games_with_rules() -> list[str]:
    ids = [g.info.id for g in registry.all_games()] + [g.info.id for g in registry.in_progress_games()]
    return [game_id for game_id in ids if read_rules(game_id) is not None]


def test_every_registered_game_has_rules() -> None:
    assert {g.info.id for g in registry.all_games()} <= set(games_with_rules())


@pytest.mark.parametrize("game_id", games_with_rules())
def test_every_games_rules_convert_without_raw_markdown(game_id: str) -> None:
    md = read_rules(game_id)
    assert md is not None
    html = markdown_to_html(md)
    for line in plain_lines(html):
        assert not re.match(r"(#{1,6}|[-*+]|\d+[.)])\s", line), (game_id, line)
        assert "**" not in line and "`" not in line and "](" not in line and "__" not in line, (game_id, line)
    # every list item in the source is one marked line, its wrapped lines included
    items = source_items(md)
    assert len(MARKER.findall(html)) == len(items)
    shown = set(plain_lines(html))
    for item in items:
        assert item in shown, (game_id, item)


def source_items(md: str) -> list[str]:
    """Each list item of a Markdown source as one line of words (its wrapped lines joined, `*`
    and backticks taken out): what the text box must show on the item's line."""
    items: list[tuple[int, list[str]]] = []
    open_item = False
    for line in md.splitlines():
        start = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if start:
            items.append((len(start.group(1)), [start.group(3)]))
            open_item = True
        elif open_item and line.strip() and len(line) - len(line.lstrip()) > items[-1][0]:
            items[-1][1].append(line.strip())
        else:
            open_item = False
    return [" ".join(" ".join(words).replace("*", "").replace("`", "").split()) for _, words in items]


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
