"""A game's manifest (`game/<pkg>/manifest.py`) is the one place that ties its id to its modules:
the game registry, the AI knowledge and agents, the table view and the menu picture all answer
from it, and no table elsewhere names a game by id. Before the manifests, each of those kept its
own table (`_BUILTIN`, `_MODULES`, `PAINTERS`, `register_knowledge("rally", ...)`)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pygame
import pytest

from game.ai import agents, knowledge
from game.core import registry
from game.core.manifest import GameManifest, resolve
from scenes import thumbnails, views
from scenes.views.base import GameView

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = ["order-chaos", "worlds-collide", "rally", "skirmish", "cosmos"]


def manifest(game_id: str) -> GameManifest:
    found = registry.find_manifest(game_id)
    assert found is not None, f"{game_id} has no manifest"
    return found


def test_the_menu_order_is_the_packages_order() -> None:
    assert [g.info.id for g in registry.all_games()] == GAME_IDS
    assert [registry.load_manifest(p).id for p in registry.GAME_PACKAGES] == GAME_IDS


def test_every_game_package_has_a_manifest_and_is_listed() -> None:
    packages = {f"game.{p.parent.name}" for p in (ROOT / "game").glob("*/game.py")}
    assert packages == set(registry.GAME_PACKAGES) | set(registry.PACKAGES_IN_PROGRESS)
    assert not set(registry.GAME_PACKAGES) & set(registry.PACKAGES_IN_PROGRESS)
    for package in registry.GAME_PACKAGES:
        assert (ROOT / package.replace(".", "/") / "manifest.py").is_file()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_registry_answers_from_the_manifest(game_id: str) -> None:
    m = manifest(game_id)
    assert registry.get_game(game_id) is m.engine
    assert m.knowledge is not None and m.view is not None and m.thumbnail is not None
    assert knowledge.knowledge_factory(game_id) is resolve(m.knowledge)
    assert isinstance(knowledge.get_knowledge(game_id), resolve(m.knowledge))
    assert agents.agent_factory(game_id) is (None if m.agents is None else resolve(m.agents))
    assert views.view_module(game_id) is importlib.import_module(m.view)
    assert issubclass(views.view_class(game_id), GameView)
    assert thumbnails.painter(game_id) is resolve(m.thumbnail)
    pygame.font.init()
    assert thumbnails.thumbnail(game_id, (64, 64)).get_size() == (64, 64)


def test_a_changed_manifest_changes_every_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rally's manifest pointed at Order & Chaos's modules: every registry follows it."""
    rally, oc = manifest("rally"), manifest("order-chaos")
    swapped = dataclasses.replace(rally, knowledge=oc.knowledge, agents=None, view=oc.view, thumbnail=oc.thumbnail)
    monkeypatch.setitem(registry._MANIFESTS, "rally", swapped)
    assert knowledge.knowledge_factory("rally") is knowledge.knowledge_factory("order-chaos")
    assert agents.agent_factory("rally") is None
    assert views.view_class("rally") is views.view_class("order-chaos")
    assert thumbnails.painter("rally") is thumbnails.painter("order-chaos")


def test_a_game_without_a_manifest_gets_the_generic_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(registry._MANIFESTS, "rally")
    assert knowledge.knowledge_factory("rally") is knowledge.Knowledge
    assert agents.agent_factory("rally") is None
    assert not views.has_view("rally")
    assert thumbnails.painter("rally") is None


def test_register_view_module_overrides_the_manifest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "_MODULES", {})
    views.register_view_module("rally", manifest("order-chaos").view or "")
    assert views.view_class("rally") is views.view_class("order-chaos")


def id_tables(source: str, ids: set[str]) -> list[int]:
    """Lines where code ties a game id to something itself: a dict keyed by a game id, or
    `register_...("<game id>", ...)`."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            if any(isinstance(k, ast.Constant) and k.value in ids for k in node.keys):
                lines.append(node.lineno)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            first = node.args[0]
            if name.startswith("register") and isinstance(first, ast.Constant) and first.value in ids:
                lines.append(node.lineno)
    return sorted(lines)


def test_the_scanner_sees_id_tables() -> None:
    ids = {"rally"}
    assert id_tables('PAINTERS = {"rally": _rally}', ids) == [1]
    assert id_tables('x = 1\nregister_knowledge("rally", RallyKnowledge)', ids) == [2]
    assert id_tables('registry.register_view_module("rally", "m")', ids) == [1]
    assert id_tables('get_game("rally")\nout["rally"] = 1\n{"kind": "rally"}', ids) == []


def test_no_module_keeps_its_own_table_of_games() -> None:
    ids = set(GAME_IDS)
    offenders = {str(p.relative_to(ROOT)): id_tables(p.read_text(encoding="utf-8"), ids)
                 for pkg in ("game", "scenes") for p in sorted((ROOT / pkg).rglob("*.py"))}
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"game ids tied to modules outside the manifests: {offenders}"
