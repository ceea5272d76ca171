"""Big blocks straight from the operating system and back (glibc's `mallopt`), so resizes do not
leave the heap full of holes.

The window's drawings are surfaces of megabytes (the felt, a picture of a screen's widgets, a
canvas): 1600x1000 pixels are 6.4 MB. glibc hands blocks that big out with `mmap` and gives them
back to the system when they are freed, but only until the first is freed: it then raises its
threshold to that block's size (up to 32 MB), and every later block under it comes from the heap.
A drag-resize makes and drops such surfaces at every size the window passes through, and the heap
keeps the holes they leave: under the dummy driver 240 sizes over the main menu took the app from
113 MB to 360-410 MB, of which 250 MB was free heap glibc never returned. Setting the threshold
ourselves (`M_MMAP_THRESHOLD`, at glibc's own default of 128 KiB) turns that adjustment off: a big
block reuses free heap where it fits, else it comes from `mmap` and goes back when freed - the heap
no longer grows for it (140 MB after the same resizes).

Elsewhere (macOS, Windows, musl) there is no `mallopt` and nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3
"""glibc's `mallopt` parameter number for the mmap threshold (malloc.h)."""

MMAP_THRESHOLD = 128 * 1024
"""Blocks from this size up come from (and go back to) the system: glibc's starting value."""


def _glibc() -> ctypes.CDLL | None:
    """The C library when it is glibc (it has `mallopt` and `mallinfo2`), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") else None


def big_blocks_from_the_system() -> bool:
    """Fix the mmap threshold (see the module doc); True where glibc took it."""
    libc = _glibc()
    if libc is None:
        return False
    try:
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (AttributeError, OSError):
        return False
