"""The app asks glibc for big blocks straight from the system (scenes.heap), so the window-size
surfaces a resize makes and drops are given back instead of leaving holes in the heap."""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PROBE = textwrap.dedent("""
    import ctypes, ctypes.util, os
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    from scenes.app import create_context

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                   "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    libc.mallinfo2.restype = MallInfo2
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    create_context(size=(1280, 720))
    libc.free(libc.malloc(6 << 20))  # a 1600x1000 surface, dropped
    mapped = libc.mallinfo2().hblkhd
    block = libc.malloc(3 << 20)
    print(libc.mallinfo2().hblkhd - mapped >= 3 << 20)
""")


def test_a_big_block_comes_from_the_system_after_a_bigger_one_was_freed(tmp_path: Path) -> None:
    """glibc's own rule: once a 6 MB block (a 1600x1000 surface) is freed, later blocks under 6 MB
    come from the heap, whose holes it keeps; the app's context fixes the threshold, so a 3 MB
    block is still mapped from the system (and unmapped when freed). A fresh process: one that has
    run other tests has free heap a 3 MB block may reuse."""
    if not sys.platform.startswith("linux") or not hasattr(ctypes.CDLL(ctypes.util.find_library("c")), "mallinfo2"):
        pytest.skip("glibc 2.33 or later only")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
               ENTROPY_TABLETOP_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=root,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "True", "the 3 MB block came from the heap"
