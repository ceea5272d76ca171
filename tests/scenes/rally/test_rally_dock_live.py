"""The card dock's words and numbers: the planning dock keeps its 'drag cards into a row' hint
while nothing is programmed yet, and during a chaos playback the rows' cargo pills count down
with the ships on the map (they kept the round's start numbers)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.protocol import by_itself
from game.rally.commands import CardPlayed, Collected, ShipMoved
from game.rally.state import RallyState
from scenes.app import AppContext, step
from scenes.table import TableScene
from scenes.views.rally.animation import build_timeline, cargo_at
from tests.scenes.gestures import DT
from tests.scenes.table_context import table_context
from tests.scenes.rally.test_table_rally import ctx, open_settled, played_until, rally_view  # noqa: F401


def record_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the table draws from now on, in order (TextCache.blit watched)."""
    from scenes.sprites.text import TextCache

    said: list[str] = []
    real = TextCache.blit

    def record(self: Any, surface: pygame.Surface, text: str, *a: Any, **k: Any) -> Any:
        said.append(text)
        return real(self, surface, text, *a, **k)

    monkeypatch.setattr(TextCache, "blit", record)
    return said


def test_cargo_at_follows_the_timeline() -> None:
    before = {"entropy": -700, "ships": [{"id": 1, "owner": 0, "hex": [0, 0], "direction": 0, "energy": 30,
                                          "titanium": 1}], "tokens": [], "tiles": []}
    events = [CardPlayed(ship=1, card=5, kind="move1", paid=4),
              ShipMoved(ship=1, frm=(0, 0), to=(1, 0), path=((1, 0),)),
              Collected(ship=1, hex=(1, 0), kind="titanium", amount=3)]
    tl = build_timeline(before, events)
    start = cargo_at(before, tl, 0.0)["ships"][0]
    end = cargo_at(before, tl, tl.duration)["ships"][0]
    assert (start["energy"], start["titanium"]) == (30, 1)
    assert (end["energy"], end["titanium"]) == (26, 4)
    assert before["ships"][0]["titanium"] == 1, "the view itself is left as it was"


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1024, 640)])
def test_the_dock_hint_shows_while_no_card_is_programmed(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                         size: tuple[int, int]) -> None:
    """Seen at 1280x800 with five cards in hand: the title fell back to 'Programs · entropy +0 in
    all' (no room for both), so the hint was missing exactly before the first card."""
    with table_context(tmp_path, monkeypatch, size=size, animation_speed="fast", ai_watch_delay=0.0) as context:
        hint_shown(context, monkeypatch)


def hint_shown(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:
    match = played_until(11, ["human", "random"], lambda s: s.phase == "planning" and s.era >= 2 and not s.done[0]
                         and len(s.hands[0]) >= 5 and not any(sh.program for sh in s.ships.values() if sh.owner == 0))
    scene, view = open_settled(ctx, match)
    words = record_text(monkeypatch)
    view._static_key = None
    step(ctx, [], DT)
    assert "Programs: drag cards into a row" in words, words


def collects_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()):
        return False
    c = s.clone()
    return any(isinstance(e, Collected) and e.kind == "titanium" for e in c.apply(c.candidates(c.to_act()[0])[0]))


def test_the_dock_rows_count_with_the_playback(ctx: AppContext, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Seen in a real window (seed 2, era 2): the map's pill said 78 energy / 3 titanium while the
    ship's row in the dock still said 85 / 2."""
    match = next(m for m in (played_until(seed, ["human", "random"], lambda s: collects_next_round(s) or s.is_over())
                             for seed in range(1, 30)) if not m.state.is_over())
    c = match.state.clone()
    taken = next(e for e in c.apply(c.candidates(c.to_act()[0])[0]) if isinstance(e, Collected) and e.kind == "titanium")
    import scenes.views.rally.view as rally_module

    shown: list[dict[int, int]] = []
    real = rally_module.draw_dock

    def record(layer: Any, dock: Any, view: Any, *a: Any, **k: Any) -> Any:
        shown.append({int(s["id"]): int(s["titanium"]) for s in view.get("ships", [])})
        return real(layer, dock, view, *a, **k)

    monkeypatch.setattr(rally_module, "draw_dock", record)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    start = next(int(s["titanium"]) for s in view.view["ships"] if int(s["id"]) == taken.ship)
    for _ in range(600):
        step(ctx, [], DT)
        playing = view._timeline(scene.animator)
        if playing is not None and playing[1] > playing[0].tile_changes.get(tuple(taken.hex), 1e9) + 0.05:
            break
    assert playing is not None, "caught the playback after the pickup"
    view._static_key = None
    shown.clear()
    step(ctx, [], DT)
    assert shown and shown[-1][taken.ship] == start + taken.amount, (shown, start, taken)


def test_picking_the_next_ship_brings_the_persons_ships_into_view(ctx: AppContext,  # noqa: F811
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window on a 30-hex strip (seed 2 era 9): asked which of their ships plays
    next, the camera still showed the computer's ships where the last card played, and the
    click rings of the person's ships (off the shown map) were drawn over the game log."""
    from tests.scenes.rally.test_table_rally import pending_for_0

    match = pending_for_0("order_ships")
    scene, view = open_settled(ctx, match)
    pending = view.view["pending"]
    mine = {tuple(s["hex"]) for s in view.view["ships"] if int(s["id"]) in pending["ships"]}
    focus = set(view._focus_hexes())
    assert focus and focus <= mine, (focus, mine)
    # a ship's ring is drawn only where the map is shown
    import scenes.views.rally.view as rally_module

    rings: list[tuple[float, float]] = []
    real = rally_module.pygame.draw.circle

    def record(surface: Any, colour: Any, centre: Any, *a: Any, **k: Any) -> Any:
        rings.append((float(centre[0]), float(centre[1])))
        return real(surface, colour, centre, *a, **k)

    sid = int(pending["ships"][0])
    away = pygame.Rect(view.camera.view.right + 40, view.camera.view.y + 10, 20, 20)
    view._ship_rects[sid] = away
    monkeypatch.setattr(rally_module.pygame.draw, "circle", record)
    view._static_key = ("keep",)  # the static layer (which rebuilds the ship rects) stays as it is
    monkeypatch.setattr(view, "_render_static", lambda *a, **k: view._static)
    step(ctx, [], DT)
    assert away.center not in [(int(x), int(y)) for x, y in rings], "no ring off the shown map"


def test_a_draw_is_called_a_draw_in_the_log_and_the_player_panels(ctx: AppContext,  # noqa: F811
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at the end of seed 2 (11-11): the card said "A draw!" while both panels said
    "Winner!" and the log "Game over: You and Computer win with 11 points"."""
    from game.core.match import LogEntry
    from game.rally.commands import GameOver
    from game.rally.words import describe_log

    lines = [line.text for line in describe_log([LogEntry(0, -1, GameOver((0, 1), (11, 11), "entropy"))], ["You", "Computer"], 0)]
    assert lines == ["Game over: a draw, You and Computer on 11 points"]
    lines = [line.text for line in describe_log([LogEntry(0, -1, GameOver((1,), (8, 11), "entropy"))], ["You", "Computer"], 0)]
    assert lines == ["Game over: Computer wins with 11 points"]
    # three players, two on the top score: the game-over card names them as winners, so do the log and panels
    three = ["You", "Computer 1", "Computer 2"]
    lines = [line.text for line in describe_log([LogEntry(0, -1, GameOver((0, 2), (9, 4, 9), "entropy"))], three, 0)]
    assert lines == ["Game over: You and Computer 2 share the win with 9 points"]
    match = played_until(3, ["human", "random"], lambda s: s.phase == "planning" and s.era >= 2)
    scene, view = open_settled(ctx, match)
    said = record_text(monkeypatch)
    for players, winners, word in ((2, [0, 1], "Draw"), (2, [1], "Winner!"), (3, [0, 2], "Winner!")):
        view.view = {**view.view, "phase": "over", "winners": winners, "players": players}
        said.clear()
        for seat in (0, 1):
            view._draw_panel(pygame.Surface(ctx.screen.get_size()), seat, (0, 0))
        assert said.count(word) == len([w for w in winners if w in (0, 1)]), (word, said)
        assert ("Draw" in said) == (len(winners) == players), said


def ends_next_round(s: RallyState) -> bool:
    if s.phase != "chaos" or not by_itself(s.to_act()):
        return False
    c = s.clone()
    c.apply(c.candidates(c.to_act()[0])[0])
    return c.is_over()


def test_the_end_is_told_only_once_the_deciding_round_has_played(ctx: AppContext,  # noqa: F811
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in real windows (seed 1 era 4, seed 2 era 11): while the round that ended the game was
    still playing back (the Titanium Portal card just turning up), the banner already said "The
    match is over" and the player panels "Winner!"."""
    match = next(m for m in (played_until(seed, ["human", "random"], lambda s: ends_next_round(s) or s.is_over())
                             for seed in range(1, 30)) if not m.state.is_over())
    said = record_text(monkeypatch)
    scene = TableScene(ctx, match, use_process=False)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    view = rally_view(scene)
    seen_playing = False
    for _ in range(2000):
        said.clear()
        step(ctx, [], DT)
        if match.state.is_over() and view._timeline(scene.animator) is not None:
            seen_playing = True
            assert "The match is over" not in said and "Winner!" not in said and "Draw" not in said, said
        if match.state.is_over() and not scene.animator.busy:
            break
    assert seen_playing, "the deciding round was played back"
    said.clear()
    view._static_key = None
    step(ctx, [], DT)
    assert "The match is over" in said and ("Winner!" in said or "Draw" in said)
