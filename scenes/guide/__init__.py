"""A guided first game: a script (data, `assets/guides/<game id>.toml`) played on a real table.

`script` reads a script, `progress` follows it move by move (pygame-free, so the tests walk every
script on the engine alone), `pointers` finds on screen what a step points at, `table` is the
table scene that plays it, `offer` asks once, on a game's first start, whether to play it.
"""
