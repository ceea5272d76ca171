"""The bundle smoke test builds with PyInstaller (minutes): it runs only when asked for.

`make test-bundle` (pytest -m bundle tests/build) selects it; a plain `pytest` run
skips it with the reason, and `make test` deselects it.
"""

from __future__ import annotations

import pytest


def _bundle_selected(config: pytest.Config) -> bool:
    expr = str(config.getoption("markexpr") or "")
    return "bundle" in expr and "not bundle" not in expr


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _bundle_selected(config):
        return
    skip = pytest.mark.skip(reason="builds the standalone app: run `make test-bundle` (pytest -m bundle tests/build)")
    for item in items:
        if "bundle" in item.keywords:
            item.add_marker(skip)
