"""No import circles among our modules (every import counts, in-function ones too; only
`if TYPE_CHECKING:` imports are left out, as they never run).

There were two: Rally's rules, chaos and state imported one another (the plain data now lives
in `game/rally/model.py`), and a dozen screens imported each other to open one another (they
now open screens by name, `scenes/scene_names.py`)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def typing_only_nodes(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(sub) for stmt in node.body for sub in ast.walk(stmt))
    return out


def imported_names(path: Path, name: str) -> set[str]:
    """Every module name an import in `path` may refer to (absolute and relative imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = typing_only_nodes(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets = set()
        for imported in imported_names(path, name):
            while imported and imported not in paths:  # `from pkg import name` of a non-module
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(imported + "."):
                targets.add(imported)  # (a module importing its own package is no circle)
        graph[name] = targets
    return graph


def test_the_graph_sees_real_imports() -> None:
    graph = import_graph()
    assert "game.rally.rules" in graph["game.rally.state"]
    assert "scenes.scene_names" in graph["scenes.app"]


def test_no_import_circles() -> None:
    try:
        tuple(graphlib.TopologicalSorter(import_graph()).static_order())
    except graphlib.CycleError as exc:
        pytest.fail(f"import circle: {' -> '.join(exc.args[1])}")


RULES_MODULES = ("rules", "state", "chaos", "referee", "model", "planner", "agent", "evaluate", "ambush")


def test_screens_never_import_a_games_rules() -> None:
    """Screens draw a seat's view and pure helpers on it (`game/<game>/public.py`), never the
    engine's rules modules (the Rally shot positions, which play the engine, moved to the game)."""
    graph = import_graph()
    offenders = sorted(f"{mod} -> {dep}" for mod, deps in graph.items() if mod.startswith("scenes")
                       for dep in deps if dep.startswith("game.") and dep.split(".")[-1] in RULES_MODULES
                       and dep.count(".") == 2)
    assert not offenders, offenders
