"""One headless AppContext for the table tests, with the settings each file wants.

The table test files used to repeat the same fixture body (temporary user folder,
create_context at 1280x720, tear the scene stack down); they now differ only in
the settings they pass here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from scenes.app import AppContext


@contextmanager
def table_context(home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1280, 720),
                  **settings: Any) -> Iterator[AppContext]:
    """A context whose user files live in `home`; `settings` override Settings() fields."""
    monkeypatch.setenv("ENTROPY_TABLETOP_HOME", str(home))
    from scenes.app import create_context
    from scenes.settings_store import Settings

    chosen = Settings()
    for name, value in settings.items():
        if not hasattr(chosen, name):
            raise AttributeError(f"Settings has no field {name!r}")
        setattr(chosen, name, value)
    context = create_context(chosen, size=size)
    yield context
    context.stack.apply_pending()
    while context.stack.scenes:
        context.stack._pop()
