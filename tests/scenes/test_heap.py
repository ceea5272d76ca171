"""The app asks glibc for big blocks straight from the system (scenes.heap), so the window-size
surfaces a resize makes and drops are given back instead of leaving holes in the heap."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

import pytest

from scenes.app import AppContext


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _glibc() -> ctypes.CDLL:
    if not sys.platform.startswith("linux"):
        pytest.skip("glibc only")
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("no mallinfo2 (glibc before 2.33, or another C library)")
    libc.mallinfo2.restype = _MallInfo2
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    return libc


def test_a_big_block_comes_from_the_system_after_a_bigger_one_was_freed(ui_ctx: AppContext) -> None:
    """glibc's own rule: once a 6 MB block (a 1600x1000 surface) is freed, blocks under 6 MB come
    from the heap, whose holes it keeps; the app's context fixes the threshold, so a 3 MB block is
    still mapped from the system (and unmapped when freed)."""
    libc = _glibc()
    big = libc.malloc(6 * 1024 * 1024)
    libc.free(big)
    mapped = libc.mallinfo2().hblkhd
    block = libc.malloc(3 * 1024 * 1024)
    try:
        assert libc.mallinfo2().hblkhd - mapped >= 3 * 1024 * 1024
    finally:
        libc.free(block)
