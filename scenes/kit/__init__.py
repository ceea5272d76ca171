"""Generic pieces the game screens share (see `docs/architecture.md`, "scenes/kit"): none
names a game, so a new game's view builds on them instead of borrowing another game's module."""
