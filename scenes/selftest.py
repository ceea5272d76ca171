"""`entropy-tabletop --selftest`: is everything the app loads really there, and does the AI process start?

A hidden developer check, meant for the standalone build (tests/build runs it on
the bundle): it looks for the assets, the theme's files, pygame-gui's own data
and each game's data files the same way the screens do, runs the skirmish's geometry on
shapely (GEOS's libraries are the bundle's largest native ones), then asks a spawned
AgentWorker process for one move. Prints one JSON object; exit code 0 when all
checks pass, 1 otherwise. Opens no window.
"""

from __future__ import annotations

import json
import os
import sys
import time
from importlib import resources
from typing import Any, Callable

CHECK_TIMEOUT_S = 60.0


def _assets() -> dict[str, Any]:
    from scenes.app import FONT_FILES, _absolute_asset_paths, _load_theme
    from scenes.resources import asset_path
    from scenes.sound import NAMES

    theme = _load_theme()
    if theme is None:
        raise FileNotFoundError(f"theme not readable: {asset_path('theme.json')}")
    theme_files: list[str] = []

    def collect(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("path") and isinstance(value, str):
                    theme_files.append(value)
                else:
                    collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(_absolute_asset_paths(theme))
    wanted = ([asset_path("fonts", f) for f in FONT_FILES.values()] + [asset_path("icons", "app-icon.png")]
              + [asset_path("sounds", f"{n}.wav") for n in NAMES] + [asset_path(p) for p in theme_files])
    missing = [str(p) for p in wanted if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"missing: {', '.join(missing)}")
    return {"root": str(asset_path()), "files": len(set(wanted))}


def _pygame_gui_data() -> dict[str, Any]:
    data = resources.files("pygame_gui.data")
    names = ("default_theme.json", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf")
    missing = [n for n in names if not data.joinpath(n).is_file()]
    if missing:
        raise FileNotFoundError(f"pygame_gui.data lacks {', '.join(missing)}")
    return {"files": len(names)}


def _game_data() -> dict[str, Any]:
    from game.core.registry import all_games
    from scenes.rules_help import markdown_to_html, read_rules
    from game.order_chaos.colours import counter_colours

    out: dict[str, Any] = {}
    for game in all_games():
        rules = read_rules(game.info.id)
        if not rules:
            raise FileNotFoundError(f"no rules text for {game.info.id}")
        # through the Markdown library, as the Rules screen shows it (the bundle must ship it)
        out[game.info.id] = {"rules_chars": len(rules), "rules_html_chars": len(markdown_to_html(rules))}
    out["order-chaos"]["colours"] = len(counter_colours())
    return out


def _ui() -> dict[str, Any]:
    """The real theme in a UIManager on SDL's dummy driver (fonts, scaled classes)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # this process of its own never shows a window
    import pygame

    from scenes.app import make_ui

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((320, 200))
        ui = make_ui((1280, 800))
        font = ui.get_theme().get_font_dictionary().find_font(17, "body")
        return {"body_font": type(font).__name__}
    finally:
        pygame.quit()


def _geometry() -> dict[str, Any]:
    """The skirmish's geometry runs on shapely's GEOS and numpy: a route around a model, a hill's
    climb and a sight line half behind a low wall, with the numbers known from source."""
    from game.skirmish.geometry import Body, Table, Terrain, path, sight

    me, other = Body(5, 18, 0.6, 1.25, "me"), Body(12, 18, 0.6, 1.25, "other")
    around = path(Table(), [other], me, (20, 18))
    hill = Table(terrain=(Terrain(((10, -1), (14, -1), (14, 37), (10, 37)), 2.0, "ridge"),))
    over = path(hill, [], me, (20, 18))
    wall = Table(terrain=(Terrain(((23.5, 5), (24, 5), (24, 31), (23.5, 31)), 1.0, "wall"),))
    seen = sight(wall, [], me, Body(25, 18, 0.6, 1.25, "target"))
    if around is None or not 15 < around.cost < 15.5 or over is None or abs(over.climb - 4) > 1e-9:
        raise RuntimeError(f"unexpected paths: {around}, {over}")
    if seen.verdict != "cover":
        raise RuntimeError(f"unexpected sight behind a low wall: {seen}")
    import shapely

    return {"geos": shapely.geos_version_string, "path_in": round(around.cost, 3), "hidden": round(seen.hidden, 3)}


def _worker() -> dict[str, Any]:
    """One move from a spawned AI process, the way the table asks for it."""
    from game.ai.worker import AgentWorker
    from game.core.protocol import CHANCE
    from game.core.registry import get_game

    game = get_game("order-chaos")
    state = game.new({}, 7)
    while state.to_act() == [CHANCE]:
        state.apply(state.sample_chance())
    seat = state.to_act()[0]
    started = time.perf_counter()
    with AgentWorker(game.info.id) as worker:
        worker.request(state, seat, "easy", 7)
        pid = worker._proc.pid if worker._proc is not None else None  # noqa: SLF001 - a check, not a use
        plan = None
        while plan is None:
            if time.perf_counter() - started > CHECK_TIMEOUT_S:
                raise TimeoutError(f"no answer from the AI process in {CHECK_TIMEOUT_S:.0f} s")
            plan = worker.poll()
            time.sleep(0.01)
        if not worker.in_process or pid is None or pid == os.getpid():
            raise RuntimeError("the AI answered, but not from a separate process")
    return {"pid": pid, "command": repr(plan[0]), "seconds": round(time.perf_counter() - started, 2)}


CHECKS: dict[str, Callable[[], dict[str, Any]]] = {
    "assets": _assets,
    "pygame_gui_data": _pygame_gui_data,
    "game_data": _game_data,
    "ui": _ui,
    "geometry": _geometry,
    "worker": _worker,
}


def run_selftest() -> int:
    report: dict[str, Any] = {"frozen": bool(getattr(sys, "frozen", False)), "ok": True, "checks": {}}
    for name, check in CHECKS.items():
        try:
            report["checks"][name] = {"ok": True, **check()}
        except Exception as exc:  # noqa: BLE001 - every failure is a line of the report
            report["ok"] = False
            report["checks"][name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(report))
    return 0 if report["ok"] else 1
