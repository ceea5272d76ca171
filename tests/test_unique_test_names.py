"""Every test file has its own name: the test folders are not packages, so pytest imports each
file by its base name, and two files called test_public.py (the skirmish's and Cosmos's) made the
whole run stop with "import file mismatch"."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parent


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("*.py") if p.name not in ("__init__.py", "conftest.py"))
    assert [name for name, n in names.items() if n > 1] == []
