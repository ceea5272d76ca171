"""The app's colours in one place: a deep-space table with warm brass accents."""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (18, 20, 28)
FELT: Colour = (28, 34, 48)
PANEL: Colour = (36, 42, 58)
PANEL_EDGE: Colour = (70, 78, 100)
BOARD: Colour = (44, 36, 30)
BOARD_EDGE: Colour = (160, 128, 82)
CELL: Colour = (60, 50, 42)
CELL_LINE: Colour = (92, 76, 60)
TEXT: Colour = (232, 228, 216)
TEXT_DIM: Colour = (150, 156, 172)
ACCENT: Colour = (214, 172, 96)
BRASS: Colour = (236, 204, 132)
"""Light brass: the table views' headings, frames and hover edges."""
INK: Colour = (226, 226, 232)
"""Cool light text on the table views' dark panels (TEXT is the menus' warmer one)."""
HIGHLIGHT: Colour = (120, 220, 160)
HINT: Colour = (110, 180, 255)
HINT_GOLD: Colour = (255, 224, 110)
"""A hinted move on a table whose playable pieces are already outlined in `HINT`'s blue (Cosmos, the skirmish)."""
DANGER: Colour = (230, 96, 86)
TAKEN_BACK: Colour = (190, 182, 164)
"""Undo's notes in the game log ("Undo: ..."): a muted warm grey, apart from every seat's and
role's colour and the quiet lines' cool grey, with a hollow ring for a marker (`LogPanel`).
Play-test: drawn in the alert red, they read as Chaos's moves in Order & Chaos; a lilac read
as Cosmos's Violet or Worlds Collide's Advaranau."""
ORDER: Colour = (96, 170, 255)
CHAOS: Colour = (240, 110, 90)
