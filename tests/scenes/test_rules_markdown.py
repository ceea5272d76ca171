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
