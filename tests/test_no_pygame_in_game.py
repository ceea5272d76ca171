"""The rules and the AI (`game/`) must run without pygame: the AI worker,
the CLI and the tests import them headless. Screens live in `scenes/`; of them, the
table's flow (`scenes/flow.py`, what happens next at the table) and the AI driver it
uses are pygame-free too, so the flow is tested without a window."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
PYGAME_FREE_SCENES = ("scenes.flow", "scenes.ai_driver")
"""Modules under scenes/ that must not import pygame (nor pull it in through their imports)."""


def game_modules() -> list[str]:
    names = []
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__main__":
            continue  # importing it would start the program
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def pygame_imports(source: str) -> list[int]:
    """Line numbers of `import pygame...` / `from pygame... import` in a module."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            if any(a.name == "pygame" or a.name.startswith("pygame.") or a.name.startswith("pygame_")
                   for a in node.names):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "pygame" or node.module.startswith(("pygame.", "pygame_")):
                lines.append(node.lineno)
    return lines


def test_the_scanner_sees_pygame_imports() -> None:
    assert pygame_imports("import pygame") == [1]
    assert pygame_imports("import os\nfrom pygame.locals import *") == [2]
    assert pygame_imports("def f():\n    import pygame_gui as g") == [2]
    assert pygame_imports("import pygamelike\nfrom . import pygame") == []


def test_no_module_under_game_imports_pygame_statically() -> None:
    files = sorted(GAME.rglob("*.py"))
    assert files, "game/ has no modules?"
    offenders = {str(p.relative_to(ROOT)): pygame_imports(p.read_text(encoding="utf-8")) for p in files}
    offenders = {k: v for k, v in offenders.items() if v}
    assert not offenders, f"pygame imported under game/: {offenders}"


def test_importing_every_game_module_leaves_pygame_unloaded() -> None:
    modules = game_modules()
    assert "game.core.protocol" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'pygame_gui')))\n"
        "print(' '.join(bad))\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"pygame loaded: {proc.stdout.strip()} {proc.stderr.strip()[-2000:]}"


def test_the_tables_flow_imports_no_pygame() -> None:
    for name in PYGAME_FREE_SCENES:
        path = ROOT / (name.replace(".", "/") + ".py")
        assert pygame_imports(path.read_text(encoding="utf-8")) == [], f"{name} imports pygame"
    code = (
        "import importlib, sys\n"
        f"for name in {PYGAME_FREE_SCENES!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'pygame_gui')))\n"
        "print(' '.join(bad))\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"pygame loaded: {proc.stdout.strip()} {proc.stderr.strip()[-2000:]}"
