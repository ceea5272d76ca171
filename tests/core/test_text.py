"""Names in log sentences read naturally for any number of players."""

from game.core.text import all_or_both, join_names


def test_join_names_reads_like_english() -> None:
    assert join_names([]) == ""
    assert join_names(["Mary"]) == "Mary"
    assert join_names(["Mary", "Ronin"]) == "Mary and Ronin"
    assert join_names(["Mary", "Jessup", "Ronin"]) == "Mary, Jessup and Ronin"


def test_both_only_for_two() -> None:
    assert all_or_both(2) == "both"
    assert all_or_both(3) == "all" and all_or_both(4) == "all"
