"""The Load list names each save by its game, seats, progress and local save time, read from
the JSON without replaying; a broken file shows its one-line error."""

from __future__ import annotations

import json
import os
import random
import time
from datetime import datetime
from pathlib import Path

import pytest

from game.core import paths
from game.core.match import Match
from game.core.registry import get_game
from scenes.save_list import list_saves, summarise


def saved(tmp: Path, game: str, seats: list[str], moves: int, name: str = "a.json") -> Path:
    m = Match(get_game(game), {}, 3, seats)
    rng = random.Random(3)
    for _ in range(moves):
        if m.state.is_over():
            break
        actors = m.to_act()
        if actors == [-1]:
            m.resolve_chance()
        else:
            assert m.submit(rng.choice(m.state.candidates(actors[0]))).ok
    path = tmp / name
    m.save(path)
    return path


@pytest.mark.parametrize("game, seats, words", [
    ("order-chaos", ["human", "greedy"], "Half 1 of 2, "),
    ("worlds-collide", ["human", "easy", "hard"], "Round "),
    ("rally", ["human", "normal"], "Era "),
])
def test_a_row_names_game_seats_progress_and_time(tmp_path: Path, game: str, seats: list[str],
                                                  words: str) -> None:
    path = saved(tmp_path, game, seats, 40)
    entry = summarise(path)
    title = get_game(game).info.title
    assert entry.title.startswith(f"{title} · You vs Computer") and not entry.error
    assert "(" in entry.title  # the computers' levels
    assert entry.detail.startswith(words), entry.detail
    stamp = json.loads(path.read_text())["saved_at"]
    local = time.strftime("%H:%M", time.localtime(datetime.fromisoformat(stamp).timestamp()))
    assert entry.detail.endswith(local)


def test_progress_is_read_without_replaying(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved(tmp_path, "order-chaos", ["human", "human"], 12)

    def no_replay(*args: object) -> None:
        raise AssertionError("the list must not replay saves")

    monkeypatch.setattr(Match, "from_json", no_replay)
    entry = summarise(path)
    assert " of 49 placed" in entry.detail and entry.title.endswith("Player 1 vs Player 2")


def test_an_older_save_without_progress_counts_moves(tmp_path: Path) -> None:
    path = saved(tmp_path, "order-chaos", ["human", "human"], 12)
    data = json.loads(path.read_text())
    del data["progress"]
    path.write_text(json.dumps(data))
    players = sum(1 for c in data["commands"] if c["seat"] != -1)
    assert summarise(path).detail.startswith(f"{players} moves made · ")


def test_four_seats_with_levels_give_way_to_short_names(tmp_path: Path) -> None:
    path = saved(tmp_path, "worlds-collide", ["human", "easy", "normal", "hard"], 5)
    assert summarise(path).title == "Worlds Collide · You vs Computer 1 vs Computer 2 vs Computer 3"


@pytest.mark.parametrize("text, words", [
    ("{not json", "is not valid JSON"),
    (json.dumps({"format": "entropy-tabletop-save", "version": 1, "game": "nope", "seats": []}), "nope"),
    (json.dumps([1, 2]), "not an Entropy Tabletop save file"),
    ("", "is empty"),
])
def test_a_broken_file_shows_its_one_line_error(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text)
    entry = summarise(path)
    assert entry.error and entry.title == "broken · cannot be opened"
    assert words in entry.detail and "\n" not in entry.detail and str(tmp_path) not in entry.detail


@pytest.mark.parametrize("room, keep, out", [
    (100, " · 10:08", "Half 1 of 2, 3 of 49 placed · 10:08"),
    (20, " · 10:08", "Half 1 of 2… · 10:08"),
    (9, " · 10:08", "Half 1 o…"),  # not even the time fits: the end goes, as any text's
    (10, "", "Half 1 of…"),
])
def test_fit_text_cuts_the_start_before_the_part_kept_whole(room: int, keep: str, out: str) -> None:
    from scenes.save_list import fit_text

    text = "Half 1 of 2, 3 of 49 placed" + keep
    assert fit_text(text, lambda t: len(t) <= room, keep) == out


def test_autosaves_come_first_and_say_so(tabletop_home: Path) -> None:
    """Play-test: a game's autosave and a save of it made by hand read alike in the list; the
    autosave's row says 'Autosave' (its tooltip 'Autosaved' and when), the other does not."""
    saved(paths.saves_dir(), "order-chaos", ["human", "greedy"], 6, "b.json")
    saved(paths.autosaves_dir(), "rally", ["human", "normal"], 6, "rally-1.json")
    rows = list_saves()
    assert rows[0].title.startswith("Autosave: Entropy Rally · ")
    assert rows[1].title.startswith("Order & Chaos")
    assert all(row.detail.endswith(row.keep) and row.keep[-5:-3].isdigit() for row in rows)  # the time
    assert "<br>Autosaved " in rows[0].full and "<br>Saved " in rows[1].full
    assert "Autosave" not in rows[1].full + rows[1].title + rows[1].detail


def test_an_autosaves_second_line_says_autosaved_and_a_narrow_row_keeps_it(tabletop_home: Path) -> None:
    """Only the first line ('Autosave: …') told an autosave from a save made by hand; the second
    read the same ('Era 1 · 22 Nov 10:13'). An autosave's now says 'autosaved' before the time;
    a row too narrow for that whole line leaves 'autosaved' out before it cuts the progress, and
    keeps the time whole."""
    hand = saved(paths.saves_dir(), "rally", ["human", "normal"], 6, "b.json")
    auto = saved(paths.autosaves_dir(), "rally", ["human", "normal"], 6, "rally-1.json")
    os.utime(hand, (time.time() - 60, time.time() - 60))
    rows = list_saves()
    assert [row.path for row in rows] == [auto, hand]
    mine, theirs = rows
    when = theirs.keep.removeprefix(" · ")
    assert mine.keep == f" · autosaved {when}" and mine.detail.endswith(mine.keep)
    assert mine.detail.removesuffix(mine.keep) == theirs.detail.removesuffix(theirs.keep)  # the same progress
    assert "autosaved" not in theirs.detail.lower()
    from scenes.save_list import fit_text

    assert fit_text(mine.detail, lambda t: len(t) <= len(mine.detail), mine.keep, mine.spare) == mine.detail
    # too narrow for it all: 'autosaved' goes (the first line says it) before the progress is cut
    narrower = fit_text(mine.detail, lambda t: len(t) < len(mine.detail), mine.keep, mine.spare)
    assert narrower == theirs.detail
    narrow = fit_text(mine.detail, lambda t: len(t) <= len(theirs.keep) + 4, mine.keep, mine.spare)
    assert narrow.endswith(f"… · {when}") and narrow != theirs.detail  # the time still whole


@pytest.mark.parametrize("result, labels, words", [
    ({"winners": [0], "scores": [84, 71]}, ["You", "Computer"], "You won 84–71"),
    ({"winners": [1], "scores": [71, 84]}, ["You", "Computer"], "You lost 71–84"),
    ({"winners": [1], "scores": [71.0, 84.5]}, ["Computer 1", "Computer 2"], "Computer 2 won 84.5–71"),
    ({"winners": [0, 1], "scores": [80, 80]}, ["You", "Computer"], "A draw, 80–80"),
    ({"winners": [2], "scores": [52, 41, 60]}, ["You", "Computer 1", "Computer 2"], "Computer 2 won 60–52–41"),
    ({"winners": [0, 2], "scores": [60, 41, 60]}, ["Ann", "Bo", "Cy"], "Ann and Cy shared the win 60–60–41"),
    ({"winners": [0], "scores": [37]}, ["You"], "37 points"),
    (None, ["You", "Computer"], "Finished"),  # an older save: no result in it
    ({"winners": [5], "scores": [1, 2]}, ["You", "Computer"], "Finished"),  # nonsense is not read
])
def test_a_finished_game_is_named_by_its_result(result: object, labels: list[str], words: str) -> None:
    from scenes.save_list import result_words

    assert result_words(result, labels) == words


def test_finished_games_are_listed_apart_with_their_result_newest_first(tabletop_home: Path) -> None:
    """Finished games used to be left off the Load list (only pruned): they are its own part now,
    each with the result and the date, read from the JSON alone."""
    from scenes.save_list import list_finished

    saved(paths.autosaves_dir(), "rally", ["human", "normal"], 6, "rally-1.json")  # unfinished
    old = saved(paths.autosaves_dir(), "order-chaos", ["greedy", "greedy"], 10_000, "oc-1.json")
    new = saved(paths.autosaves_dir(), "order-chaos", ["human", "greedy"], 10_000, "oc-2.json")
    os.utime(old, (time.time() - 60, time.time() - 60))
    data = json.loads(new.read_text())
    scores = [f"{v:g}" for v in data["result"]["scores"]]
    rows = list_finished()
    assert [r.path for r in rows] == [new, old] and all(r.finished and not r.error for r in rows)
    assert rows[0].title == "Order & Chaos · You vs Computer (greedy)"
    mine = "won" if data["result"]["winners"] == [0] else "lost"
    assert rows[0].detail.startswith(f"You {mine} {scores[0]}–{scores[1]}" if mine == "lost"
                                     else f"You won {'–'.join(sorted(scores, key=float, reverse=True))}")
    assert rows[0].detail.endswith(rows[0].keep) and "Ended " in rows[0].full
    assert " won " in rows[1].detail or rows[1].detail.startswith("A draw")
    assert all(not r.title.startswith("Finished") for r in rows)
    assert [r.path.name for r in list_saves()] == ["rally-1.json"]  # finished ones are not to continue


def test_a_finished_game_saved_by_hand_is_listed_with_the_finished_ones(tabletop_home: Path) -> None:
    """A game over saved into saves/ stayed on "To continue", with nothing to continue: it is
    a finished row now (its result, its replay), among the autosaves by date."""
    from scenes.save_list import list_finished

    over = saved(paths.saves_dir(), "order-chaos", ["human", "greedy"], 10_000, "kept.json")
    auto = saved(paths.autosaves_dir(), "order-chaos", ["greedy", "greedy"], 10_000, "oc-1.json")
    going = saved(paths.saves_dir(), "rally", ["human", "normal"], 6, "going.json")
    os.utime(over, (time.time() - 60, time.time() - 60))
    assert [r.path for r in list_saves()] == [going]
    rows = list_finished()
    assert [r.path for r in rows] == [auto, over] and all(r.finished and not r.error for r in rows)
    assert rows[1].title == "Order & Chaos · You vs Computer (greedy)" and "replay" in rows[1].full
    assert rows[1].detail.startswith(("You won", "You lost", "A draw"))
