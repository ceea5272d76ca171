"""`entropy-tabletop`: the GUI by default, plus headless subcommands.

Other tools read these command names and JSON fields: keep them exactly.
The GUI modules (pygame) are imported lazily, only by the commands that draw.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from game import __version__
from game.core.errors import EntropyError
from game.core.match import AGENT_LEVELS

VERSION = __version__


def _agent_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in AGENT_LEVELS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown agent {bad[0]!r} (choose from {', '.join(AGENT_LEVELS)})")
    return names


def _seat_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    bad = [n for n in names if n not in AGENT_LEVELS + ("human",)]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown seat {bad[0]!r} (human or {', '.join(AGENT_LEVELS)})")
    return names


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError("size must be between 200 and 8000 pixels each way")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="entropy-tabletop", description="Entropy tabletop games: play, or run headless tools.")
    p.add_argument("--version", action="version", version=f"Entropy Tabletop {VERSION}")
    # Hidden: checks that a build ships its files and can start the AI process (scenes.selftest).
    p.add_argument("--selftest", action="store_true", help=argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command")

    sub.add_parser("games", help="list registered game ids")

    play = sub.add_parser("play", help="open a game directly")
    play.add_argument("game")
    play.add_argument("--seats", type=_seat_list, default=None, help="e.g. human,normal")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--load", type=Path, default=None, help="a save file to continue")

    arena = sub.add_parser("arena", help="AI agents play each other")
    arena.add_argument("game")
    arena.add_argument("--agents", type=_agent_list, required=True)
    arena.add_argument("--games", type=int, default=10)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--json", action="store_true")
    arena.add_argument("--save-dir", type=Path, default=None)
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a set-up option for every game (repeatable), e.g. mission=breakthrough")

    bench = sub.add_parser("bench", help="measure engine or render speed")
    bench_sub = bench.add_subparsers(dest="what", required=True)
    be = bench_sub.add_parser("engine")
    be.add_argument("game")
    be.add_argument("--games", type=int, default=50)
    be.add_argument("--seed", type=int, default=1)
    be.add_argument("--json", action="store_true")
    br = bench_sub.add_parser("render")
    br.add_argument("game")
    br.add_argument("--frames", type=int, default=300)
    br.add_argument("--size", type=_size, default=(1280, 720))
    br.add_argument("--json", action="store_true")
    br.add_argument("--players", type=int, default=None, help="seats at the table (default: the game's fewest)")
    br.add_argument("--plies", type=int, default=24, help="random moves before measuring (a view's own position aside)")
    br.add_argument("--thinking", action="store_true",
                    help="a computer searches in its worker process while the frames are measured")

    shot = sub.add_parser("shot", help="render a position to a PNG")
    shot.add_argument("game")
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--plies", type=int, default=20)
    shot.add_argument("--size", type=_size, default=(1280, 720))
    shot.add_argument("--players", type=int, default=None, help="seats at the table (default: the game's fewest)")

    check = sub.add_parser("check-save", help="validate a save file")
    check.add_argument("file", type=Path)

    codecup = sub.add_parser("codecup", help="play the CodeCup 2023 Entropy protocol on stdin/stdout")
    codecup.add_argument("--agent", choices=AGENT_LEVELS, default="normal")
    return p


def _print(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key}: {value}")


def _game_id(game_id: str) -> str:
    from game.core.registry import get_game

    return get_game(game_id).info.id


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    cmd = args.command
    if args.selftest:
        from scenes.selftest import run_selftest

        return int(run_selftest())
    if cmd is None:
        from scenes.launch import run_menu

        return int(run_menu())
    if cmd == "games":
        from game.core.registry import all_games

        for game in all_games():
            print(game.info.id)
        return 0
    if cmd == "play":
        from scenes.launch import run_play

        return int(run_play(_game_id(args.game), args.seats, args.seed, args.load))
    if cmd == "arena":
        from game.arena import parse_options, run_arena

        if args.games < 1:
            raise EntropyError("--games must be at least 1")
        game_id = _game_id(args.game)
        try:
            config = parse_options(game_id, args.option)
        except ValueError as exc:
            raise EntropyError(str(exc)) from None
        _print(run_arena(game_id, args.agents, args.games, args.seed, args.save_dir, config), args.json)
        return 0
    if cmd == "bench" and args.what == "engine":
        from game.bench import bench_engine

        _print(bench_engine(_game_id(args.game), args.games, args.seed), args.json)
        return 0
    if cmd == "bench" and args.what == "render":
        from scenes.offscreen import bench_render

        _print(bench_render(_game_id(args.game), args.frames, args.size, args.players, args.plies, args.thinking),
               args.json)
        return 0
    if cmd == "shot":
        from scenes.offscreen import render_shot

        render_shot(_game_id(args.game), args.out, args.seed, args.plies, args.size, args.players)
        print(f"wrote {args.out}")
        return 0
    if cmd == "check-save":
        from game.core.match import Match

        match = Match.load(args.file)
        print(f"ok: {match.game.info.id}, {len(match.commands)} moves, "
              f"{'over' if match.state.is_over() else 'in progress'}")
        return 0
    if cmd == "codecup":
        from game.codecup import run_codecup

        run_codecup(args.agent, sys.stdin, sys.stdout)
        return 0
    raise EntropyError(f"unknown command {cmd}")


def main(argv: Sequence[str] | None = None) -> int:
    """Console entry point: errors we expect become one line on stderr, exit 2."""
    multiprocessing.freeze_support()
    # pygame prints a banner on import; stdout must carry only our output (JSON).
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        return run(argv)
    except EntropyError as exc:
        print(f"entropy-tabletop: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
