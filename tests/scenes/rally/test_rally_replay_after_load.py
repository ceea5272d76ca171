"""Play-test (seventh session): "Replay chaos" was never offered in a game opened from its save,
though its last chaos phase had been played. A loaded game offers it for the same rounds, with
the same events, as the table that played them did."""

from __future__ import annotations

from pathlib import Path

from game.core.match import Match
from scenes.app import AppContext
from tests.scenes.rally.test_rally_replay import after_a_chaos_phase
from tests.scenes.rally.test_table_rally import ctx, open_match, rally_view, settle  # noqa: F401


def test_a_loaded_game_offers_its_last_chaos_phase_again(ctx: AppContext, tmp_path: Path) -> None:  # noqa: F811
    match, scene, view = after_a_chaos_phase(ctx)
    assert view.can_replay()
    played = [(before, events) for before, events, _ in view._chaos_record]
    path = tmp_path / "rally.json"
    match.save(path)
    ctx.stack.pop()
    ctx.stack.apply_pending()
    loaded = open_match(ctx, Match.load(path))
    settle(ctx, loaded)
    again = rally_view(loaded)
    assert [(before, events) for before, events, _ in again._chaos_record] == played
    assert again.can_replay(), "offered as in the game played on"
